"""Tiles, hands, sets and the line of play (referee/dominoes.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.dominoes import (
    Line,
    Tile,
    check_tiles,
    double_set,
    format_hand,
    parse_halves,
    parse_hand,
    parse_tile,
    pip_total,
)
from referee.errors import (
    IllegalMoveError,
    ImpossiblePositionError,
    NotationError,
    RefereeError,
)

tiles = st.builds(Tile, st.integers(0, 12), st.integers(0, 12))


@pytest.mark.parametrize("text", ["3-5", "5-3", "3|5", "[3|5]", " [ 5 | 3 ] "])
def test_every_tile_spelling_is_the_same_tile(text: str) -> None:
    assert parse_tile(text) == Tile(3, 5)


def test_tile_is_unordered_and_knows_its_halves() -> None:
    tile = Tile(6, 2)
    assert (tile.low, tile.high, tile.pips, tile.is_double) == (2, 6, 8, False)
    assert tile.other(6) == 2 and tile.other(2) == 6
    assert Tile(4, 4).is_double
    with pytest.raises(ValueError, match="no half with 3"):
        tile.other(3)


@pytest.mark.parametrize(
    ("text", "column"),
    [("3-x", 3), ("3_5", 2), ("[3|5", None), ("7-1", 1)],
)
def test_malformed_tiles_name_the_column(text: str, column: int | None) -> None:
    with pytest.raises(NotationError) as caught:
        parse_tile(text, max_pips=6)
    assert caught.value.index == (None if column is None else column - 1)
    if column is not None:
        assert f"column {column}" in str(caught.value)


def test_hand_errors_point_into_the_whole_hand() -> None:
    with pytest.raises(NotationError) as caught:
        parse_hand("1-2, 3-9", max_pips=6)
    assert caught.value.index == 7
    assert "9 pips" in str(caught.value)


@settings(max_examples=60, deadline=None)
@given(st.lists(tiles, max_size=10))
def test_hand_round_trip(hand: list[Tile]) -> None:
    assert parse_hand(format_hand(hand)) == tuple(hand)


def test_double_six_set_has_28_tiles_and_168_pips() -> None:
    full = double_set(6)
    assert len(full) == len(set(full)) == 28
    assert pip_total(full) == 168
    assert sum(tile.is_double for tile in full) == 7


def test_check_tiles_reports_duplicates_and_foreign_tiles() -> None:
    check_tiles([parse_hand("6-6 1-2"), parse_hand("3-4")])
    with pytest.raises(ValueError, match=r"tile 1-2 appears more than once: hand 1, hand 2"):
        check_tiles([parse_hand("6-6 1-2"), parse_hand("2-1")])
    with pytest.raises(ValueError, match=r"tile 3-7 in hand 2 is not in a double-6 set"):
        check_tiles([(), parse_hand("3-7")])


def test_line_of_play_keeps_matching_halves_together() -> None:
    line = Line().play(Tile(5, 5), "right")
    assert line.ends == (5, 5)
    assert line.ends_for(Tile(5, 2)) == ("left", "right")
    line = line.play(Tile(2, 5), "left").play(Tile(5, 0), "right")
    assert str(line) == "2-5 5-5 5-0"
    assert line.ends == (2, 0)
    assert line.ends_for(Tile(3, 4)) == ()
    with pytest.raises(IllegalMoveError, match=r"3-4 does not match the left end \(2\)"):
        line.play(Tile(3, 4), "left")


@settings(max_examples=60, deadline=None)
@given(st.lists(tiles, max_size=12))
def test_line_neighbours_always_match(candidates: list[Tile]) -> None:
    line = Line()
    for tile in candidates:
        ends = line.ends_for(tile)
        if ends:
            line = line.play(tile, ends[-1])
    for (_, right), (left, _) in zip(line.tiles, line.tiles[1:], strict=False):
        assert right == left


@pytest.mark.parametrize(
    ("text", "column"),
    [
        ("\u0663-\u0664", 1),  # Arabic-Indic 3-4: digits, but not the notation's
        ("\uff16-\uff16", 1),  # full-width 6-6
        ("1-\u00b2", 3),  # superscript two
    ],
)
def test_only_ascii_digits_are_pips(text: str, column: int) -> None:
    with pytest.raises(NotationError) as caught:
        parse_tile(text, max_pips=6)
    assert caught.value.index == column - 1


@pytest.mark.parametrize(
    ("text", "column"),
    [("1-" + "9" * 5000, 3), ("9" * 5000 + "-1", 1), ("[0|" + "1" * 30 + "]", 4)],
)
def test_huge_numbers_are_a_notation_error_naming_the_column(text: str, column: int) -> None:
    # int() of more than 4,300 digits raises a bare ValueError; the notation must
    # name the half instead, at its column.
    with pytest.raises(NotationError) as caught:
        parse_tile(text, max_pips=6)
    assert caught.value.index == column - 1
    assert "more than a half of this set can show (6)" in str(caught.value)
    assert len(str(caught.value)) < 200


def test_leading_zeros_are_the_same_pips() -> None:
    assert parse_tile("0" * 5000 + "3-05") == Tile(3, 5)


def test_halves_keep_the_order_written() -> None:
    assert parse_halves("6-3") == (6, 3)
    assert parse_halves(" [ 2 | 5 ] ") == (2, 5)
    with pytest.raises(NotationError, match="7 pips is more than"):
        parse_halves("7-1", max_pips=6)


def test_check_tiles_raises_the_typed_error() -> None:
    # Two hands holding one tile is an impossible position, a RefereeError (so the CLI
    # and the web app can tell bad input from a bug), still a ValueError.
    with pytest.raises(ImpossiblePositionError, match="appears more than once"):
        check_tiles([parse_hand("1-2"), parse_hand("1-2")])
    with pytest.raises(ImpossiblePositionError, match="not in a double-6 set"):
        check_tiles([parse_hand("1-7")])


def test_tile_out_of_range_is_a_referee_error() -> None:
    with pytest.raises(RefereeError, match="0 to 18 pips, got 19"):
        Tile(19, 0)


def test_every_tile_seen_twice_is_named_at_once() -> None:
    # Two hands photographed with the same two tiles: both named, so one correction fixes
    # the round (was: only 0-4, then 4-6 after the first was fixed).
    with pytest.raises(ImpossiblePositionError) as caught:
        check_tiles([parse_hand("0-4 4-6"), parse_hand("1-1"), parse_hand("4-6 0-4")])
    assert str(caught.value) == (
        "tile 0-4 appears more than once: hand 1, hand 3; "
        "tile 4-6 appears more than once: hand 1, hand 3"
    )


@pytest.mark.parametrize(
    "dash",
    ["\u2010", "\u2011", "\u2012", "\u2013", "\u2014", "\u2015", "\u2212", "\ufe63", "\uff0d"],
)
def test_a_typed_dash_reads_as_the_hyphen(dash: str) -> None:
    # Session 12 (newcomer): phone keyboards and word processors put an en dash (or a
    # minus) for '-'; "6–3" was refused with "a tile is written a-b", which it looks like.
    assert parse_tile(f"6{dash}3") == Tile(3, 6)
    assert parse_hand(f"6{dash}3 1{dash}1") == (Tile(3, 6), Tile(1, 1))
    # One character for one: the column named in an error is still the typed one.
    with pytest.raises(NotationError, match=r"at column 5 of '6-3 x-1'"):
        parse_hand(f"6{dash}3 x{dash}1")
