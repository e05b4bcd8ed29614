"""Session 13: a kingdom typed wider or taller than its frame is refused as it stands,
before any domino is placed (docs/kingdomino.md, "Session 13: a newcomer's findings").

Rule (rules/kingdomino-2p.txt, RULINGS.md): a kingdom is built within a 5x5 frame, 7x7 in
Mighty Duel. ``C F1 F F F F`` already spans 6 columns: it breaks the 5x5 frame whatever
domino comes next, and fits the 7x7 one.
"""

from __future__ import annotations

import pytest

from referee.errors import ImpossiblePositionError
from referee.kingdomino import check_placement, legal_placements, parse_kingdom
from referee.kingdomino.placement import parse_domino

SIX_WIDE = "C F1 F F F F"
SIX_WIDE_WORDS = (
    "the kingdom as typed spans 6 columns, more than the 5x5 frame allows: choose 7x7 (Mighty Duel)"
)


@pytest.mark.parametrize("grow", [True, False])
def test_placements_on_a_kingdom_wider_than_the_frame_are_refused(grow: bool) -> None:
    with pytest.raises(ImpossiblePositionError) as caught:
        legal_placements(parse_kingdom(SIX_WIDE), parse_domino("F L"), size=5, grow=grow)
    assert str(caught.value) == SIX_WIDE_WORDS


def test_one_placement_on_it_blames_the_kingdom_not_the_domino() -> None:
    # A2 toward right: (1, 0) and (1, 1), below the castle and F1; the 6 columns were
    # there before the domino.
    with pytest.raises(ImpossiblePositionError) as caught:
        check_placement(parse_kingdom(SIX_WIDE), parse_domino("F L"), (1, 0), "right", grow=True)
    assert str(caught.value) == SIX_WIDE_WORDS


def test_rows_and_columns_both_said() -> None:
    # Castle at (0, 0), wheat at (5, 5): 6 rows and 6 columns.
    grid = parse_kingdom("/".join(["C . . . . ."] + [". . . . . ."] * 4 + [". . . . . W"]))
    with pytest.raises(ImpossiblePositionError) as caught:
        legal_placements(grid, parse_domino("W L"), size=5, grow=True)
    assert str(caught.value) == (
        "the kingdom as typed spans 6 rows and 6 columns, more than the 5x5 frame allows: "
        "choose 7x7 (Mighty Duel)"
    )


def test_beyond_the_largest_frame() -> None:
    eight = "C F F F F F F F"  # 8 columns: more than 7x7 too
    with pytest.raises(ImpossiblePositionError) as caught:
        legal_placements(parse_kingdom(eight), parse_domino("F L"), size=7, grow=True)
    assert str(caught.value) == (
        "the kingdom as typed spans 8 columns, more than the 7x7 frame allows "
        "(the largest, Mighty Duel's)"
    )
    with pytest.raises(ImpossiblePositionError) as caught:
        legal_placements(parse_kingdom(eight), parse_domino("F L"), size=5, grow=True)
    assert str(caught.value) == (
        "the kingdom as typed spans 8 columns, more than the 5x5 frame allows, "
        "or even the 7x7 frame of Mighty Duel"
    )


def test_the_same_kingdom_in_the_mighty_duel_frame_still_has_places() -> None:
    # 7x7: columns -1 .. 5 (or 0 .. 6) hold 7; F L right of the last F at (0, 6) is out
    # (8 columns), but F under a forest square is legal, e.g. (1, 1) down.
    found = legal_placements(parse_kingdom(SIX_WIDE), parse_domino("F L"), size=7, grow=True)
    assert ((1, 1), "down") in found
    assert ((0, 6), "right") not in found
    verdict = check_placement(
        parse_kingdom(SIX_WIDE), parse_domino("F L"), (0, 6), "right", size=7, grow=True
    )
    assert verdict.reason == "the kingdom would span 8 columns, more than the 7x7 frame"


def test_a_kingdom_that_fits_with_empty_squares_around_it_is_not_refused() -> None:
    # A 6x6 grid typed, but its squares span only 2 columns: the frame is not broken.
    grid = parse_kingdom("/".join([". . . . . ."] * 2 + [". . C F . ."] + [". . . . . ."] * 3))
    assert legal_placements(grid, parse_domino("F L"), size=5)
