"""Helpers shared by the web tests (imported as ``tests.web.pages``; pyproject's pytest
``pythonpath`` puts the project root on the path, the tests run with importlib import mode)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

SAMPLES = Path(__file__).resolve().parents[2] / "sample_photos"


def answer_lines(text: str) -> list[str]:
    """The lines of a saved result page's answer (``<ul class="saved-answer">``), as a
    player reads them: tags dropped (tiles sit in spans kept on one line, session 12),
    entities unescaped."""
    listed = text.split('<ul class="saved-answer">', 1)[1].split("</ul>", 1)[0]
    items = [item.split("</li>")[0] for item in listed.split("<li>")[1:]]
    return [html.unescape(re.sub(r"<[^>]+>", "", item)) for item in items]


def labelled_reading(name: str) -> dict[str, Any]:
    """The /api/dominoes/count answer for a sample hand as labelled (its .json): the page's
    handling of a reading is tested, whatever the recognition reads."""
    label = json.loads((SAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    return {
        "tiles": [
            {"pips": pips, "corners": [[0, 0]] * 4, "confidence": 0.99} for pips in label["tiles"]
        ],
        "total": label["total"],
        "warnings": [],
        "overlay": None,
    }


def saved_page_link(client: Any, game: str, answer: dict[str, Any], words: str) -> str:
    """Save ``answer`` as a ``game`` result (``POST /api/results``, 201) and give the
    address of its page link whose words are ``words`` ("Cross page →"), unescaped; the
    saved page holds exactly one such link (session 14: saved results reopen their page)."""
    saved = client.post("/api/results", json={"game": game, "notation": "x", "answer": answer})
    assert saved.status_code == 201
    page = client.get(saved.get_json()["url"]).get_data(as_text=True)
    links = re.findall(rf'<a href="([^"]*)">{re.escape(words)}</a>', page)
    assert len(links) == 1
    return html.unescape(links[0])


def wait_text(page: Any, element_id: str, text: str) -> None:
    """Wait until the page's element ``element_id`` says exactly ``text`` (its textContent)."""
    page.wait_for_function(
        "([id, text]) => document.getElementById(id).textContent === text",
        arg=[element_id, text],
    )


#: A saved kingdom's page link in the 7x7 frame with Middle Kingdom (C F1 F F: forest
#: 3 x 1 = 3, +10 for the castle in the middle of the 7x7 frame: 13).
SAVED_7X7 = "/kingdomino/?kingdom=C+F1+F+F&bonus=middle&size=7"
