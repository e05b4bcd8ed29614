"""Session 12: a Domineering sheet saved with the perfect-play answer and the dispute asked
of it, titled so the list tells it from others (360 px, conftest.py's fixtures).

Before, the page saved neither (only the legal pairs) and titled every sheet "Domineering:
H to move" or "V to move". Fails on the old page.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def test_a_domineering_sheet_is_saved_with_its_dispute_and_perfect_play(
    page: Any, live_server: str
) -> None:
    page.goto(live_server + "/domineering/")
    page.click("details.notation summary")
    # 3 rows x 4 columns: H holds A1-B1, V A2-A3; H started and is to move. H's legal
    # pairs by hand: C1-D1, B2-C2, C2-D2, B3-C3, C3-D3 (5).
    page.fill("#notation", "hh../v.../v...")
    page.click("#use-notation")
    # Not 'H to move' alone: the empty sheet's first answer says so too.
    page.wait_for_function(
        "document.getElementById('to-move-detail').textContent === 'H has 5 legal pairs'"
    )
    page.click("#solve")
    page.wait_for_function(
        "document.getElementById('perfect').textContent.startsWith('With perfect play ')"
    )
    winner = re.match(r"With perfect play ([HV]) wins", page.inner_text("#perfect"))
    assert winner
    page.select_option("#dispute-player", "H")
    page.fill("#dispute-move", "c2-c3")  # vertical: not H's
    page.click("#dispute button[type=submit]")
    page.wait_for_function(
        "document.getElementById('verdict').textContent.startsWith('Not legal for H: ')"
    )
    page.click("#answer .save-button")
    page.wait_for_selector("#answer .save-status a")
    page.click("#answer .save-status a")
    page.wait_for_url(re.compile(r".*/results/\d+$"))
    assert page.inner_text("h1") == (
        "Domineering 3x4, H 1 pair, V 1 pair: H to move (5 legal pairs); "
        f"{winner[1]} wins with perfect play; H claims C2-C3: not legal"
    )
    lines = page.locator("ul.saved-answer li").all_inner_texts()
    assert lines[0] == "H to move"
    assert lines[2].startswith(f"With perfect play {winner[1]} wins: H to move")
    assert lines[3] == (
        "Dispute: H claims C2-C3: not legal: C2-C3 is a vertical pair; H claims horizontal pairs"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # A sheet changed after: its own answer saved, without the dispute or perfect play.
    page.go_back()
    page.wait_for_function("document.getElementById('to-move').textContent === 'H to move'")
    page.click("rect.cell[data-cell='C1']")
    page.click("rect.cell[data-cell='D1']")
    page.wait_for_function("document.getElementById('to-move').textContent === 'V to move'")
    page.click("#answer .save-button")
    page.wait_for_selector("#answer .save-status a")
    page.goto(live_server + "/results/")
    titles = page.locator("ul.results li a").all_inner_texts()
    # C1-D1 claimed: H 2 pairs; V's vertical pairs by hand: B2-B3, C2-C3, D2-D3 (3).
    assert titles[0] == "Domineering 3x4, H 2 pairs, V 1 pair: V to move (3 legal pairs)"
    assert titles[1].startswith("Domineering 3x4, H 1 pair, V 1 pair: H to move")
