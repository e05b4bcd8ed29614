"""Session 14: the small product defects session 13 left, at 360 px (docs/web.md,
"Session 14: the small product defects"). The fixtures live_server, browser and page are
conftest.py's; values are worked by hand from the rules (``rules/*.txt``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

#: Screenshots for a person to look at, when REFEREE_SHOTS names a folder (not kept).
_SHOTS = os.environ.get("REFEREE_SHOTS")


def _shot(page: Any, name: str) -> None:
    if _SHOTS:
        Path(_SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(_SHOTS) / f"{name}-360.png"), full_page=True)


def _not_wider(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


# 2. Every page is one tap from the home page.


def test_the_home_page_lists_each_game_s_other_pages(page: Any, live_server: str) -> None:
    page.goto(live_server + "/")
    links = page.locator(".game-more a")
    assert links.all_inner_texts() == [
        "Compare two kingdoms →",
        "May I place this domino here? →",
        "May I play this here? →",
        "Referee the round →",
    ]
    heights = links.evaluate_all("links => links.map(a => a.getBoundingClientRect().height)")
    assert min(heights) >= 44  # a tap target, as session 13 made every button
    _not_wider(page)
    _shot(page, "s14-home")
    page.click("text=May I play this here? →")
    page.wait_for_url("**/cross/plays")
    page.go_back()
    page.click("text=Referee the round →")
    page.wait_for_url("**/two-step/round")
