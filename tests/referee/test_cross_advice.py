"""Cross: "may I play this here?" (``referee.cross.advise``), the one answer behind
``referee cross plays`` and ``POST /api/cross/plays``.

Every expected value is worked by hand from ``rules/cross.txt`` and RULINGS.md "Cross".
"""

from __future__ import annotations

import pytest

from referee.cross import (
    MAX_BONEYARD,
    BoneyardError,
    CrossRules,
    CrossState,
    UnreachableLayoutError,
    advise,
    check_boneyard,
    parse_layout,
    shown_count,
)
from referee.dominoes import parse_hand
from referee.errors import ImpossiblePositionError, RefereeError

#: The cross complete: the lead 6-6, its four sides 6-3, 6-2, 6-1, 6-0 (open 3, 2, 1, 0).
COMPLETE = "6-6 | N: 6-3 | E: 6-2 | S: 6-1 | W: 6-0"
#: As COMPLETE, with the 3-3 spinner out on the north arm (its tile 2).
SPINNER = "6-6 | N: 6-3 3-3 | E: 6-2 | S: 6-1 | W: 6-0"


def _plays(
    layout: str, hand: str, *, rules: CrossRules | None = None, lead_sides_closed: bool = False
) -> list[str]:
    advice = advise(
        parse_layout(layout), parse_hand(hand), rules=rules, lead_sides_closed=lead_sides_closed
    )
    return [f"{play.tile} {play.end}" for play in advice.plays]


def test_plays_listed_by_hand_on_a_later_spinner() -> None:
    # Open ends: N (the 3-3's far side, 3), N2L and N2R (its two branches, 3 each), E (2),
    # S (1), W (0). 0-0 fits only W; 1-1 only S; 2-4 only E; 3-5 the three 3s; 4-5 nothing.
    # Sorted by tile, then ends in layout order.
    assert _plays(SPINNER, "4-5 3-5 2-4 1-1 0-0") == [
        "0-0 W",
        "1-1 S",
        "2-4 E",
        "3-5 N",
        "3-5 N2L",
        "3-5 N2R",
    ]
    advice = advise(parse_layout(SPINNER), parse_hand("4-5 3-5"))
    assert advice.must == "play"
    assert [end for end, _ in advice.open_ends] == ["N", "N2L", "N2R", "E", "S", "W"]


def test_only_the_first_double_a_spinner_closes_the_branches() -> None:
    # The variant: the 3-3 is laid inline and opens no branch; only N shows its 3.
    rules = CrossRules(later_spinners=False)
    assert _plays(SPINNER, "3-5 2-4", rules=rules) == ["2-4 E", "3-5 N"]


def test_the_cross_is_completed_first() -> None:
    # 5-5 led, 5-1 on E: the 1 of E may not be played on until N, S and W hold a tile, so
    # 1-2 has no play; 0-5 goes on any open 5 side.
    assert _plays("5-5 | E: 5-1", "1-2 0-5") == ["0-5 N", "0-5 S", "0-5 W"]
    # The closing variant in effect: the empty sides are closed, E's 1 is open.
    assert _plays("5-5 | E: 5-1", "1-2 0-5", lead_sides_closed=True) == ["1-2 E"]


@pytest.mark.parametrize(
    ("boneyard", "last_two", "must", "reason"),
    [
        (None, False, "draw", "pass only when nothing may be drawn"),
        (1, False, "draw", "draw one tile (1 may be drawn)"),
        (0, False, "pass", "no play and nothing may be drawn: pass"),
        (3, True, "draw", "draw one tile (1 may be drawn)"),
        (2, True, "pass", "(the last two are never drawn): pass"),
    ],
)
def test_no_play_is_draw_or_pass_by_the_boneyard(
    boneyard: int | None, last_two: bool, must: str, reason: str
) -> None:
    # Ends 3, 2, 1, 0: neither 4-4 nor 5-5 fits. rules/cross.txt: draw one tile at a time
    # until able to play or the boneyard is exhausted (variant: the last two stay).
    rules = CrossRules(last_two_never_drawn=last_two)
    advice = advise(parse_layout(COMPLETE), parse_hand("4-4 5-5"), boneyard=boneyard, rules=rules)
    assert advice.plays == () and advice.must == must
    assert reason in advice.reason


def test_a_blocked_round_every_player_passes() -> None:
    # Ends 3, 2, 1, 0; player 1 holds 4-4 5-5 (18 pips), player 2 holds 4-5 (9 pips), the
    # boneyard is empty: neither can play or draw, so each must pass and the round is
    # blocked; the lowest total (player 2) scores 18 - 9 = 9 (rules/cross.txt).
    layout = parse_layout(COMPLETE)
    hands = [parse_hand("4-4 5-5"), parse_hand("4-5")]
    for hand in hands:
        assert advise(layout, hand, boneyard=0).must == "pass"
    state = CrossState(CrossRules(), tuple(hands), (), layout)
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "blocked"
    assert outcome.winner == 1 and outcome.points == (0, 9)


def test_the_lead_and_going_out() -> None:
    # The empty table: the hand's heaviest double is led; no double, no lead.
    empty = parse_layout("")
    assert [str(p) for p in advise(empty, parse_hand("4-4 5-5 1-2")).plays] == ["5-5 lead"]
    assert advise(empty, parse_hand("1-2")).must == "no lead"
    # An empty hand on a table has gone out; before the lead it cannot be.
    assert advise(parse_layout(COMPLETE), ()).must == "out"
    with pytest.raises(RefereeError, match="empty hand before the lead"):
        advise(empty, ())


def test_impossible_positions() -> None:
    with pytest.raises(ImpossiblePositionError, match="tile 3-6 appears more than once"):
        advise(parse_layout("6-6 | N: 6-3"), parse_hand("3-6"))
    with pytest.raises(ImpossiblePositionError, match="before the cross is complete"):
        advise(parse_layout("6-6 | N: 6-3 3-4"), parse_hand("1-1"))


def test_the_largest_boneyard_is_sixteen() -> None:
    # rules/cross.txt: 2 players draw 7 (28 - 14 = 14 left), 3 draw 6 (28 - 18 = 10),
    # 4 draw 5 (28 - 20 = 8); the variant, 6 regardless: 16, 10 and 4. Tiles only leave
    # the boneyard, so 16 is the most it ever holds.
    assert MAX_BONEYARD == 16
    hand = parse_hand("4-4 5-5 1-2 0-3 2-3 1-4")
    check_boneyard(16, parse_layout(""), hand)  # 2 players dealt 6 each, before the lead
    with pytest.raises(BoneyardError, match=r"17 tiles cannot be left: .* more than 16"):
        check_boneyard(17, parse_layout(""), hand)
    # And never more than the tiles seen leave: 5 on the table, 1 in the hand, 1 at
    # least in another hand: 21; the 16 bound is the tighter one here.
    with pytest.raises(BoneyardError, match=r"22 tiles cannot be left: .* at most 21"):
        check_boneyard(22, parse_layout(COMPLETE), parse_hand("4-4"))
    with pytest.raises(BoneyardError, match="more than 16"):
        advise(parse_layout(COMPLETE), parse_hand("4-4"), boneyard=17)
    # Tiles seen bound it more tightly late in a round: 14 on the table, 6 in the hand,
    # 1 at least in another hand: 28 - 21 = 7.
    late = "6-6 | N: 6-5 5-5[L: 5-4 | R: 5-3] 5-2 | E: 6-4 4-4 4-3 | S: 6-3 3-3 3-2 2-2 | W: 6-2"
    assert len(parse_layout(late).tiles) == 14
    with pytest.raises(BoneyardError, match="at most 7"):
        check_boneyard(8, parse_layout(late), parse_hand("0-0 0-1 1-1 0-2 1-2 0-3"))
    check_boneyard(7, parse_layout(late), parse_hand("0-0 0-1 1-1 0-2 1-2 0-3"))


def test_to_json_is_the_cli_answer() -> None:
    advice = advise(parse_layout("6-6 | N: 6-3"), parse_hand("3-4 6-2 3-3"))
    assert advice.to_json() == {
        "layout": "6-6 | N: 6-3 | E: | S: | W:",
        "table_tiles": ["3-6", "6-6"],
        "hand": "3-4 2-6 3-3",
        "open_ends": [{"end": "E", "pips": 6}, {"end": "S", "pips": 6}, {"end": "W", "pips": 6}],
        "plays": [
            {"tile": "2-6", "end": "E"},
            {"end": "S", "tile": "2-6"},
            {"tile": "2-6", "end": "W"},
        ],
        "must": "play",
        "reason": "a player holding a playable tile must play one (rules/cross.txt)",
    }


def test_a_layout_the_rules_cannot_reach_is_its_own_error() -> None:
    # rules/cross.txt: the four sides of the lead are taken before an arm goes on; the
    # callers name the table (LAYOUT:, field 'layout') for this error alone.
    with pytest.raises(UnreachableLayoutError, match="arm N extends before the cross"):
        advise(parse_layout("6-6 | N: 6-3 3-4"), parse_hand("1-1"))
    with pytest.raises(UnreachableLayoutError, match="only the first double is a spinner"):
        advise(
            parse_layout("6-6 | N: 6-3 3-3[L: 3-1] | E: 6-2 | S: 6-1 | W: 6-0"),
            parse_hand("1-1"),
            rules=CrossRules(later_spinners=False),
        )
    # A tile twice is the table and the hand together: not this error.
    with pytest.raises(ImpossiblePositionError) as raised:
        advise(parse_layout("6-6 | N: 6-3"), parse_hand("3-6"))
    assert not isinstance(raised.value, UnreachableLayoutError)


def test_a_huge_boneyard_is_said_too_large() -> None:
    with pytest.raises(BoneyardError) as raised:
        check_boneyard(int(1e308), parse_layout(""), parse_hand("1-1"))
    assert str(raised.value).startswith("too large (a million tiles or more): ")
    assert len(str(raised.value)) < 120
    with pytest.raises(BoneyardError, match="0 tiles or more, not a negative number too large"):
        check_boneyard(-(10**400), parse_layout(""), parse_hand("1-1"))
    assert [shown_count(n) for n in (0, 16, 999_999, 10**6, -3)] == [
        "0",
        "16",
        "999999",
        "a number too large to show",
        "-3",
    ]


#: Worked by hand: the open ends show 3 (N, N3L, N3R, E) and 6 (S, W), and all seven
#: tiles with a 3 (3-3, 2-3, 0-3, 3-5, 1-3, 3-4, 3-6) and all seven with a 6 (6-6, 2-6,
#: 0-6, 5-6, 1-6, 4-6, 3-6) are on the table: no tile anywhere can ever fit.
DEAD = "6-6 | N: 6-2 2-3 3-3 | E: 6-0 0-3 | S: 6-5 5-3 3-1 1-6 | W: 6-4 4-3 3-6"


def test_a_draw_on_a_table_no_tile_can_fit_says_the_round_will_block() -> None:
    # rules/cross.txt: a player who cannot play draws until able or the boneyard is
    # empty; nobody can play on this table, so the round blocks once nothing may be drawn.
    table = parse_layout(DEAD)
    advice = advise(table, parse_hand("0-0 1-2 4-5"), boneyard=4)
    assert advice.must == "draw"
    assert advice.reason == (
        "no play: draw one tile (4 may be drawn); no tile can ever fit an open end (every "
        "tile with a 3 or a 6 is on the table), so the round will be blocked once nothing "
        "may be drawn"
    )
    unknown = advise(table, parse_hand("0-0"))
    assert unknown.must == "draw" and unknown.reason.endswith("once nothing may be drawn")
    assert "no tile can ever fit" in unknown.reason
    # Nothing left to draw: pass, said as before.
    assert advise(table, parse_hand("0-0"), boneyard=0).reason == (
        "no play and nothing may be drawn: pass"
    )


def test_a_draw_where_a_tile_may_still_fit_says_nothing_more() -> None:
    # Without N's 3-3 the 3-3 is still out there and fits the 3s: only the draw is said.
    table = parse_layout("6-6 | N: 6-2 2-3 | E: 6-0 0-3 | S: 6-5 5-3 3-1 1-6 | W: 6-4 4-3 3-6")
    advice = advise(table, parse_hand("0-0"), boneyard=4)
    assert advice.reason == "no play: draw one tile (4 may be drawn)"
    # The complete cross (ends 3, 2, 1, 0) with 4-4 5-5 in hand: as before.
    assert advise(parse_layout(COMPLETE), parse_hand("4-4 5-5"), boneyard=3).reason == (
        "no play: draw one tile (3 may be drawn)"
    )
