"""Session 13, a newcomer's findings, on the pages at a phone's width (docs/web.md,
"Session 13: a newcomer's findings"). The fixtures live_server, browser and page are
conftest.py's; the values are worked by hand from the rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

SAMPLES = Path(__file__).resolve().parents[2] / "sample_photos"
WIDTH = "document.documentElement.scrollWidth"
# The pages whose buttons, selects and toggles are measured (44 px tall at least).
TAP_PAGES = (
    "/",
    "/kingdomino/",
    "/kingdomino/compare",
    "/kingdomino/place",
    "/domineering/",
    "/cross/",
    "/cross/plays",
    "/two-step/",
    "/two-step/round",
)


def _use(page: Any, index: int, text: str) -> None:
    """Type ``text`` as kingdom ``index`` (from 0) of the compare page and press Use."""
    section = page.locator("section.kingdom").nth(index)
    details = section.locator("details.notation")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    section.locator(".notation-text").fill(text)
    section.locator(".use-notation").click()


def test_a_refused_kingdom_makes_the_verdict_stale_and_unsaveable(
    page: Any, live_server: str
) -> None:
    # Swamp 3 squares x 1 crown = 3 against mine 1 x 3 = 3: tied; kingdom 1's swamp
    # (3 squares) is the largest domain against 1.
    page.goto(live_server + "/kingdomino/compare")
    _use(page, 0, "C S1 S S")
    page.wait_for_function("document.querySelector('section.kingdom .kingdom-total').textContent")
    _use(page, 1, "C M3")
    page.wait_for_function("document.getElementById('verdict').textContent === 'Kingdom 1 wins'")
    save = page.locator("#answer .save-button")
    assert save.is_visible()
    _use(page, 1, "C M3 M3 X")
    page.wait_for_selector("#answer.stale")
    note = page.locator("#compare-note")
    assert note.inner_text() == (
        "Kingdom 2's notation is refused: this verdict is of the kingdoms before it and "
        "cannot be saved. Under Kingdom 2, fix it and press Use."
    )
    assert save.is_hidden()
    # The note is in the answer card, above the verdict, whatever the width.
    note_box, verdict_box = note.bounding_box(), page.locator("#verdict").bounding_box()
    assert note_box["y"] < verdict_box["y"]
    assert page.evaluate(WIDTH) <= 360
    # Kingdom 1 read again (swamp 4 x 1 = 4 against 3): kingdom 2's text refused stays in
    # its box, to be fixed, and the verdict stays marked until kingdom 2 reads again.
    _use(page, 0, "C S1 S S S")
    page.wait_for_function(
        "document.getElementById('verdict-detail').textContent === '4 to 3, on points'"
    )
    kingdom2 = page.locator("section.kingdom").nth(1)
    assert kingdom2.locator(".notation-text").input_value() == "C M3 M3 X"
    assert "stale" in (page.get_attribute("#answer", "class") or "").split()
    assert note.inner_text().startswith("Kingdom 2's notation is refused")
    assert save.is_hidden()
    # Read again: mine 2 squares x 3 crowns = 6 against 4, kingdom 2 on points; fresh.
    _use(page, 1, "C M3 M")
    page.wait_for_function(
        "document.getElementById('verdict-detail').textContent === '6 to 4, on points'"
    )
    assert page.inner_text("#verdict") == "Kingdom 2 wins"
    assert kingdom2.locator(".notation-text").input_value() == "C M3 M"
    assert page.get_attribute("#answer", "class") == "answer compare-answer"
    assert note.is_hidden()
    assert save.is_visible()


def test_the_compare_page_gives_the_tie_breaks_numbers(page: Any, live_server: str) -> None:
    # 5 to 5 (wheat 3 x 1 + grassland 1 x 2; lake 3 x 1 + mine 2 x 1), largest domains
    # 3 squares each; crowns 3 to 2: kingdom 1.
    page.goto(live_server + "/kingdomino/compare")
    _use(page, 0, "C W1 W W/G2 . . .")
    page.wait_for_function("document.querySelector('section.kingdom .kingdom-total').textContent")
    _use(page, 1, "C L1 L L/. M1 M .")
    page.wait_for_function(
        "document.getElementById('verdict-detail').textContent === "
        "'5 to 5, tied on points and largest domain: more crowns decide (3 to 2)'"
    )
    assert page.inner_text("#verdict") == "Kingdom 1 wins"
    # Swamp 3 squares against mine 1, 3 points each: the largest domain's squares.
    _use(page, 0, "C S1 S S")
    page.wait_for_function("document.querySelector('section.kingdom .kingdom-total').textContent")
    _use(page, 1, "C M3")
    page.wait_for_function(
        "document.getElementById('verdict-detail').textContent === "
        "'3 to 3, tied on points: the largest domain decides (3 squares to 1)'"
    )


def test_a_kingdom_wider_than_its_frame_is_said_on_the_place_page(
    page: Any, live_server: str
) -> None:
    page.goto(live_server + "/kingdomino/place")
    page.fill("#place-kingdom", "C F1 F F F F")
    page.select_option("#place-terrain-0", "F")
    page.select_option("#place-terrain-1", "L")
    page.click("#place-go")
    page.wait_for_selector("#place-status.error")
    assert page.inner_text("#place-status") == (
        "the kingdom as typed spans 6 columns, more than the 5x5 frame allows: "
        "choose 7x7 (Mighty Duel)"
    )
    assert page.locator("#answer").is_hidden()  # no "Fits nowhere: discarded"
    # 7x7 chosen: places again.
    page.check("input[name=size][value='7']")
    page.wait_for_function("!document.getElementById('answer').hidden")
    assert page.inner_text("#place-verdict").endswith("places")


def test_a_pair_of_the_side_not_to_move_is_said_in_a_players_words(
    page: Any, live_server: str
) -> None:
    # A fresh 5x5 sheet, H started: H to move with 20 pairs (5 rows x 4). B2-B3 is V's.
    page.goto(live_server + "/domineering/")
    page.wait_for_function(
        "document.getElementById('to-move-detail').textContent === 'H has 20 legal pairs'"
    )
    page.click("[data-cell=B2]")
    page.click("[data-cell=B3]")
    page.wait_for_selector("#status.error")
    assert page.inner_text("#status") == (
        "It is H's turn: H claims two squares side by side. If V started, set Started to V."
    )
    assert page.get_attribute("#answer", "class") == "answer stale"
    assert page.locator("#answer .save-button").is_hidden()
    # One H pair down (V to move): another H pair cannot be undone by "Started".
    page.goto(live_server + "/domineering/?position=HH.../...../...../...../.....")
    page.wait_for_function("document.getElementById('to-move').textContent === 'V to move'")
    page.click("[data-cell=C2]")
    page.click("[data-cell=D2]")
    page.wait_for_selector("#status.error")
    assert page.inner_text("#status") == (
        "It is V's turn: V claims two squares one above the other. "
        "Tap the H pair again to take it back."
    )


def test_a_long_dispute_entry_keeps_the_page_phone_wide(page: Any, live_server: str) -> None:
    page.goto(live_server + "/domineering/?position=.V.HH/VVHH./V...V/....V/..HH.")
    page.wait_for_selector("#answer:not([hidden])")
    page.fill("#dispute-move", "x" * 300)
    page.get_by_role("button", name="Check").click()
    page.wait_for_selector("#verdict:not([hidden])")
    assert page.evaluate(WIDTH) <= 360


def test_a_photo_refused_on_a_fresh_sheet_says_nothing_was_read(
    page: Any, live_server: str
) -> None:
    page.goto(live_server + "/domineering/")
    page.wait_for_selector("#answer:not([hidden])")
    page.set_input_files("#photo", str(SAMPLES / "kingdom-2.jpg"))
    page.wait_for_selector("#status.error", timeout=60_000)
    said = page.inner_text("#status")
    assert said.endswith("Nothing was read from this photo: the board below is unchanged.")
    assert "from before" not in said


def _height(page: Any, selector: str) -> float:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return float(box["height"])


def test_tap_targets_are_44_px_tall_at_360(page: Any, live_server: str) -> None:
    page.goto(live_server + "/cross")
    page.locator(".choose").first.click()
    page.locator("[aria-label='tile 1-2']").first.click()
    page.wait_for_selector(".hand-tiles .tile-button")
    for selector in (".hand-tiles .tile-button", ".picker .tile-button", "footer a"):
        assert _height(page, selector) >= 44, selector
    assert page.evaluate(WIDTH) <= 360
    page.goto(live_server + "/kingdomino/")
    assert _height(page, "details.notation summary") >= 44
    page.click("details.notation summary")
    # Wheat with 3 crowns: no wheat square of the tile set has more than 1 (a warning
    # naming A2, with its "Show A2" button).
    page.fill("#notation", "C F/W3 .")
    page.click("#use-notation")
    page.wait_for_selector(".show-square")
    assert page.inner_text(".show-square") == "Show A2"
    assert _height(page, ".show-square") >= 44
    assert page.evaluate(WIDTH) <= 360
    # Every button, select and toggle in sight on the game pages, at load (32 to 42 px
    # before: .button.small, .button, the segmented 2/3/4, H/V and Hand/Card top/Discard
    # top, selects, a checkbox's or radio's label), and the footer link (every page has
    # it, "/" nothing else). The board's squares are the board.
    toggles = "label:has(> input[type=checkbox]), label:has(> input[type=radio])"
    measure = (
        "() => [...document.querySelectorAll("
        f"'main button:not(.square), main select, main .button, {toggles}, footer a')]"
        ".filter(e => e.offsetParent !== null)"
        ".map(e => [e.tagName + ' ' + e.textContent.trim().slice(0, 20),"
        " e.getBoundingClientRect().height])"
    )
    for path in TAP_PAGES:
        page.goto(live_server + path)
        page.wait_for_load_state("networkidle")
        measured = page.evaluate(measure)
        assert measured, path
        short = [(what, round(height, 1)) for what, height in measured if height < 44]
        assert not short, (path, short)
        assert page.evaluate(WIDTH) <= 360, path
