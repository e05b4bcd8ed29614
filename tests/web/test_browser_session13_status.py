"""Session 13, second round: a hand photo's "Read N tiles (P pips)" follows the hand on
/two-step/ and /cross/plays as it does on /cross/ (docs/web.md, "Session 13: a hand's
reading follows it everywhere; a saved round's short title"). The fixtures live_server,
browser and page (360 px) are conftest.py's; the readings are stubbed (the page's
handling of a reading is tested, whatever the recognition reads) and every count and pip
total below is added up by hand."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

SAMPLES = Path(__file__).resolve().parents[2] / "sample_photos"


def _reading(tiles: list[list[int]], total: int, warnings: list[str]) -> dict[str, Any]:
    """An /api/dominoes/count answer reading ``tiles`` (``total`` their pips, by hand)."""
    return {
        "tiles": [{"pips": pips, "corners": [[0, 0]] * 4, "confidence": 0.9} for pips in tiles],
        "total": total,
        "warnings": warnings,
        "overlay": None,
    }


def _says(page: Any, selector: str, text: str) -> None:
    page.wait_for_function(
        "([selector, text]) => document.querySelector(selector).innerText === text",
        arg=[selector, text],
    )


def test_two_step_reading_follows_the_hand(page: Any, live_server: str) -> None:
    # 1-3, 0-2 and 4-5: 3 tiles, 4 + 2 + 9 = 15 pips.
    reading = _reading([[1, 3], [0, 2], [4, 5]], 15, [])
    page.route("**/api/dominoes/count", lambda route: route.fulfill(json=reading))
    page.goto(live_server + "/two-step/")
    page.set_input_files("#photo", str(SAMPLES / "hand-2.jpg"))
    read = "Read 3 tiles (15 pips). Tap a tile to take it out."
    _says(page, "#status", read)
    # 4-5 taken out: 2 tiles, 15 - 9 = 6 pips. The old page kept "Read 3 tiles (15 pips)".
    page.click("#slot-hand .tile-button[data-tile='4-5']")
    changed = (
        "Read 3 tiles (15 pips) from the photo; changed since: the hand now holds 2 tiles (6 pips)."
    )
    _says(page, "#status", changed)
    assert page.get_attribute("#status", "class") == "status ok"
    # The ends changed: the hand is not, nor is what is said of it. Ends 3 and 0: 1-3 on
    # the left, 0-2 on the right.
    page.select_option("#end-left", "3")
    page.wait_for_function("document.getElementById('plays-title').textContent === '2 legal plays'")
    assert page.inner_text("#status") == changed
    # 4-5 put back from the picker: the hand is as read, and the reading's words come back.
    page.click("#picker .tile-button[data-tile='4-5']")
    _says(page, "#status", read)
    # All taken out: 0 tiles, 0 pips.
    for tile in ("1-3", "0-2", "4-5"):
        page.click(f"#slot-hand .tile-button[data-tile='{tile}']")
    _says(
        page,
        "#status",
        "Read 3 tiles (15 pips) from the photo; changed since: the hand now holds 0 tiles "
        "(0 pips).",
    )


def test_two_step_unsure_reading_is_said_until_the_hand_changes(
    page: Any, live_server: str
) -> None:
    # One unsure 1-3 (4 pips): said with its warning while the hand is as read; once 2-2
    # is added (2 tiles, 4 + 4 = 8 pips) the warning, about the tile read, is not repeated.
    reading = _reading([[1, 3]], 4, ["tile 1: unsure (0.40) of 1-3, please check"])
    page.route("**/api/dominoes/count", lambda route: route.fulfill(json=reading))
    page.goto(live_server + "/two-step/")
    page.set_input_files("#photo", str(SAMPLES / "hand-2.jpg"))
    read = (
        "Read 1 tile (4 pips). Tap a tile to take it out. Check this:\n"
        "tile 1: unsure (0.40) of 1-3, please check"
    )
    _says(page, "#status", read)
    assert page.get_attribute("#status", "class") == "status error"
    page.click("#picker .tile-button[data-tile='2-2']")
    _says(
        page,
        "#status",
        "Read 1 tile (4 pips) from the photo; changed since: the hand now holds 2 tiles (8 pips).",
    )
    assert page.get_attribute("#status", "class") == "status ok"
    page.click("#slot-hand .tile-button[data-tile='2-2']")
    _says(page, "#status", read)
    assert page.get_attribute("#status", "class") == "status error"


def test_cross_plays_reading_follows_the_hand(page: Any, live_server: str) -> None:
    # sample_photos/hand-1.json: 3-3 4-6 1-6 0-0 0-4, 5 tiles, 6 + 10 + 7 + 0 + 4 = 27 pips.
    label = json.loads((SAMPLES / "hand-1.json").read_text(encoding="utf-8"))
    reading = _reading(label["tiles"], label["total"], [])
    assert label["total"] == 27
    page.route("**/api/dominoes/count", lambda route: route.fulfill(json=reading))
    page.goto(live_server + "/cross/plays")
    page.fill("#plays-layout", "6-6")
    page.set_input_files("#plays-photo", str(SAMPLES / "hand-1.jpg"))
    read = "Read 5 tiles (27 pips). Tap a tile to take it out."
    _says(page, "#plays-photo-status", read)
    # 4-6 tapped out: 4 tiles, 27 - 10 = 17 pips. The old page never changed its status.
    page.click("#plays-hand .tile-button[data-tile='4-6']")
    _says(
        page,
        "#plays-photo-status",
        "Read 5 tiles (27 pips) from the photo; changed since: the hand now holds 4 tiles "
        "(17 pips).",
    )
    # Typed: 2-5 added to the rest, 5 tiles, 17 + 7 = 24 pips.
    page.fill("#plays-hand-text", "3-3 1-6 0-0 0-4 2-5")
    _says(
        page,
        "#plays-photo-status",
        "Read 5 tiles (27 pips) from the photo; changed since: the hand now holds 5 tiles "
        "(24 pips).",
    )
    # Typed back as read, in another order: a hand is a set of tiles.
    page.fill("#plays-hand-text", "0-4 0-0 1-6 4-6 3-3")
    _says(page, "#plays-photo-status", read)
    # The referee asked about it writes the hand back in its order: still as read.
    page.click("#plays-ask")
    page.wait_for_function("document.getElementById('plays-title').textContent === '8 legal plays'")
    assert page.inner_text("#plays-photo-status") == read
