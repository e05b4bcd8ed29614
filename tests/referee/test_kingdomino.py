"""Kingdomino engine: notation, domains, scores, bonuses, tile set, tie-break, placements, game.

Expected values are hand-worked from ``rules/kingdomino-2p.txt`` and ``RULINGS.md``,
or read from the labelled data in ``../shared/data/kingdomino``.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.errors import IllegalMoveError, ImpossiblePositionError, NotationError
from referee.kingdomino import (
    GAME,
    TILES,
    Discard,
    Kingdom,
    KingdominoRules,
    Pick,
    Place,
    Square,
    Terrain,
    check_placement,
    compare,
    domains,
    format_domino,
    format_kingdom,
    infer_frame_size,
    kingdom_square_name,
    legal_placements,
    max_crowns,
    name_kingdom_squares,
    parse_direction,
    parse_domino,
    parse_kingdom,
    parse_kingdom_square,
    parse_move,
    parse_square,
    score,
    terrain_counts,
    tile,
    tile_set_warnings,
)
from referee.kingdomino.placement import grown_grid
from vision.datasets import read_csv

LANDSCAPES = [t for t in Terrain if t.is_landscape]

# --------------------------------------------------------------------------- notation


def test_parse_the_issue_example_row() -> None:
    kingdom = parse_kingdom("G L F F F1")
    assert (kingdom.rows, kingdom.cols) == (1, 5)
    assert [s.terrain for s in kingdom.squares[0]] == [
        Terrain.GRASSLAND,
        Terrain.LAKE,
        Terrain.FOREST,
        Terrain.FOREST,
        Terrain.FOREST,
    ]
    assert [s.crowns for s in kingdom.squares[0]] == [0, 0, 0, 0, 1]


def test_every_letter_names_its_terrain() -> None:
    kingdom = parse_kingdom("W F L G S M C .")
    assert [s.terrain.value for s in kingdom.squares[0]] == [
        "wheat",
        "forest",
        "lake",
        "grassland",
        "swamp",
        "mine",
        "castle",
        "empty",
    ]


def test_newlines_blank_lines_spaces_and_lower_case_are_accepted() -> None:
    text = "\n  w1  c \n\n f .\n"
    assert format_kingdom(parse_kingdom(text)) == "W1 C/F ."
    assert parse_kingdom("W1 C/\nF .") == parse_kingdom(text)


def test_format_joins_rows_with_slashes_or_newlines() -> None:
    kingdom = Kingdom.from_rows([[("mine", 3), ("castle", 0)], [("swamp", 0), ("empty", 0)]])
    assert format_kingdom(kingdom) == "M3 C/S ."
    assert format_kingdom(kingdom, row_separator="\n") == "M3 C\nS ."


_UNKNOWN_X = "unknown terrain letter 'X' (expected one of W F L G S M C .)"
_BAD_SQUARE = "a square is a terrain letter and at most one crown digit"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("G X", f"{_UNKNOWN_X} in row 1 at column 3 of 'G X'"),
        ("G L/F X1", f"{_UNKNOWN_X} in row 2 at column 3 of 'F X1'"),
        ("G F12", f"bad square 'F12': {_BAD_SQUARE} in row 1 at column 5 of 'G F12'"),
        ("G FF", f"bad square 'FF': {_BAD_SQUARE} in row 1 at column 4 of 'G FF'"),
        (
            "G L/F",
            "row 2 has 1 square but row 1 has 2 (1 missing): the row ends at column 1 of 'F'",
        ),
        ("G L/F W S", "row 2 has 3 squares but row 1 has 2 at column 5 of 'F W S'"),
        ("G//L", "row 2 is empty at column 3 of 'G//L'"),
        ("G L/", "row 2 is empty at column 4 of 'G L/'"),
        ("/".join(["W"] * 10), "at most 9 rows, got 10: row 10 is one too many at column 1 of 'W'"),
        (
            " ".join(["W"] * 10),
            "at most 9 columns, row 1 has 10 at column 19 of '" + "W " * 9 + "W'",
        ),
    ],
)
def test_notation_errors_give_the_row_and_column(text: str, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_kingdom(text)
    assert str(caught.value).endswith(message)


# Session 12: on a kingdom of several rows the column counted in the whole text and the
# whole text was quoted, its line breaks as "\n" ("in row 1 at column 2 of 'C....\n....."):
# the column now counts within the row named, and that row is quoted (one line either way).
_FIVE_LINES = ". . . . .\n. . . . .\n. . X . .\n. . . . .\nC . . . ."


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (_FIVE_LINES, f"{_UNKNOWN_X} in row 3 at column 5 of '. . X . .'"),
        (_FIVE_LINES.replace("\n", "/"), f"{_UNKNOWN_X} in row 3 at column 5 of '. . X . .'"),
        (_FIVE_LINES.replace("\n", " / "), f"{_UNKNOWN_X} in row 3 at column 5 of '. . X . .'"),
        (_FIVE_LINES.replace("\n", "\r\n"), f"{_UNKNOWN_X} in row 3 at column 5 of '. . X . .'"),
        (_FIVE_LINES.replace(" ", ""), f"{_UNKNOWN_X} in row 3 at column 3 of '..X..'"),
        ("\n\n  C W\n\n   F  X1\n", f"{_UNKNOWN_X} in row 2 at column 4 of 'F  X1'"),
        ("C W F\nF W F1 L\n", "row 2 has 4 squares but row 1 has 3 at column 8 of 'F W F1 L'"),
        (
            "C W F\nF W\n",
            "row 2 has 2 squares but row 1 has 3 (1 missing): the row ends at column 3 of 'F W'",
        ),
        (
            "C W F\nF W F\nW1W\n",
            "row 3 has 2 squares but row 1 has 3 (1 missing): the row ends at column 3 of 'W1W'",
        ),
        ("C W\nF W2x\n", f"bad square 'W2x': {_BAD_SQUARE} in row 2 at column 5 of 'F W2x'"),
        ("C W\n/F W", "row 2 is empty at column 1 of '/F W'"),
        ("W\n" * 10, "at most 9 rows, got 10: row 10 is one too many at column 1 of 'W'"),
    ],
)
def test_errors_on_many_rows_name_the_column_in_the_row_and_quote_it(
    text: str, message: str
) -> None:
    with pytest.raises(NotationError) as caught:
        parse_kingdom(text)
    assert str(caught.value).endswith(message)
    assert "\n" not in str(caught.value)


def test_a_row_typed_without_spaces_is_read_square_by_square() -> None:
    # A terrain letter and an optional crown digit after another: unambiguous.
    assert parse_kingdom("W1WF.C") == parse_kingdom("W1 W F . C")
    assert parse_kingdom("C....\n.....\n..F1..") == parse_kingdom("C . . . ./. . . . ./. . F1 . .")
    assert parse_kingdom("l1lm3/G W S") == parse_kingdom("L1 L M3/G W S")
    assert parse_kingdom("W1") == Kingdom.from_rows([[("wheat", 1)]])
    assert format_kingdom(parse_kingdom("C.M3/...")) == "C . M3/. . ."


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("F12", f"bad square 'F12': {_BAD_SQUARE} in row 1 at column 3 of 'F12'"),
        ("WF123.", f"bad square 'F123': {_BAD_SQUARE} in row 1 at column 4 of 'WF123.'"),
        (
            "1WF",
            "unknown terrain letter '1' (expected one of W F L G S M C .) in row 1"
            " at column 1 of '1WF'",
        ),
        ("W1WX.C", f"{_UNKNOWN_X} in row 1 at column 4 of 'W1WX.C'"),
        ("W" * 10, "at most 9 columns, row 1 has 10 at column 10 of 'WWWWWWWWWW'"),
        (
            "C..../W2W2W2",
            "row 2 has 3 squares but row 1 has 5 (2 missing): the row ends at column 6 of 'W2W2W2'",
        ),
        ("C.../W2W2W2W2W", "row 2 has 5 squares but row 1 has 4 at column 9 of 'W2W2W2W2W'"),
    ],
)
def test_compact_rows_keep_the_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_kingdom(text)
    assert str(caught.value).endswith(message)


@pytest.mark.parametrize(
    ("text", "index", "message"),
    [
        (" ".join(["W"] * 100_000), 18, "at most 9 columns, row 1 has 100000"),
        ("W W/" + " ".join(["W"] * 50_000), 4, "row 2 has 50000 squares but row 1 has 2"),
        ("W\n" * 100_000, 0, "at most 9 rows, got 100000"),
        ("W/" * 9 + "\n\n" + "W/" * 5 + "W", 0, "at most 9 rows, got 15"),
        ("W" * 100_000, 9, "at most 9 columns, row 1 has 100000"),
    ],
)
def test_oversized_notations_are_refused_with_their_true_size(
    text: str, index: int, message: str
) -> None:
    # Refused where the grid first grows too big (the reader stops there, so that a
    # megabyte of notation is refused at once), the message still counting it all;
    # the index is in the row named.
    with pytest.raises(NotationError, match=message) as caught:
        parse_kingdom(text)
    assert caught.value.index == index
    assert len(str(caught.value)) < 200


def test_empty_notation_is_an_error() -> None:
    with pytest.raises(NotationError, match="no squares"):
        parse_kingdom("  \n ")


squares = st.builds(Square, st.sampled_from(list(Terrain)), st.integers(0, 9))


@st.composite
def kingdoms(draw: st.DrawFn, max_side: int = 9) -> Kingdom:
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, max_side))
    return Kingdom(tuple(tuple(draw(squares) for _ in range(cols)) for _ in range(rows)))


@settings(max_examples=60)
@given(kingdoms())
def test_notation_round_trip(kingdom: Kingdom) -> None:
    assert parse_kingdom(format_kingdom(kingdom)) == kingdom
    assert parse_kingdom(format_kingdom(kingdom, row_separator="\n")) == kingdom
    assert parse_kingdom(str(kingdom)) == kingdom


# --------------------------------------------------------------------------- kingdom


def test_kingdom_indexing_and_transpose() -> None:
    kingdom = parse_kingdom("W F1 L/G S M2")
    assert kingdom[1, 2] == Square(Terrain.MINE, 2)
    assert kingdom.transpose() == parse_kingdom("W G/F1 S/L M2")
    assert kingdom.transpose().transpose() == kingdom
    with pytest.raises(IndexError, match=r"\(2, 0\) is outside"):
        kingdom[2, 0]
    with pytest.raises(IndexError):
        kingdom[-1, 0]


def test_kingdom_and_square_limits() -> None:
    with pytest.raises(ValueError, match="at most 9x9"):
        Kingdom((tuple(Square(Terrain.EMPTY) for _ in range(10)),))
    with pytest.raises(ValueError, match="row 1 has 1 squares"):
        Kingdom.from_rows([[("wheat", 0), ("wheat", 0)], [("wheat", 0)]])
    with pytest.raises(ValueError, match="0 to 9 crowns"):
        Square(Terrain.WHEAT, -1)
    with pytest.raises(ValueError, match="crowns must be an int"):
        Square(Terrain.WHEAT, True)
    assert Square("lake", 1) == Square(Terrain.LAKE, 1)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- domains, score

TWO_WHEAT = "W1 W W . W2/. . . . W/. . C . ."


def test_two_separate_wheat_domains_score_seven_with_a_tile_set_warning() -> None:
    result = score(parse_kingdom(TWO_WHEAT))
    assert [(d.terrain, d.squares, d.crowns, d.points) for d in result.domains] == [
        (Terrain.WHEAT, ((0, 0), (0, 1), (0, 2)), 1, 3),
        (Terrain.WHEAT, ((0, 4), (1, 4)), 2, 4),
    ]
    assert result.score == 7
    assert result.total == 7
    assert result.bonuses == {"middle_kingdom": 0, "harmony": 0}
    assert any("(0, 4) is wheat with 2 crowns" in w for w in result.warnings)


def test_empty_squares_and_the_castle_are_never_domains() -> None:
    assert domains(parse_kingdom("C . ./. . .")) == []
    result = score(parse_kingdom("C C1/. ."))
    assert result.domains == ()
    assert result.score == 0


def test_diagonal_squares_are_separate_domains() -> None:
    found = domains(parse_kingdom("F1 ./. F1"))
    assert [d.squares for d in found] == [((0, 0),), ((1, 1),)]
    assert sum(d.points for d in found) == 2


def test_a_domain_without_crowns_scores_nothing() -> None:
    (swamp,) = domains(parse_kingdom("S S"))
    assert (len(swamp.squares), swamp.crowns, swamp.points) == (2, 0, 0)


def test_domains_are_ordered_by_their_first_square() -> None:
    found = domains(parse_kingdom("L W W/W W F/C F F"))
    assert [(d.terrain.value, d.squares[0]) for d in found] == [
        ("lake", (0, 0)),
        ("wheat", (0, 1)),
        ("forest", (1, 2)),
    ]


# The rulebook's example scores 23: crowns x squares = 1 x 3, 2 x 4, 0 x 2, 0 x 1, 2 x 1, 2 x 5
# (RULINGS.md: the first number is the crowns).  A kingdom built to have exactly these domains:
RULEBOOK = "L1 L L F1 F1/W W C F F/G M2 S2 S S/. . S S ./. . . . ."


def test_rulebook_example_scores_23() -> None:
    result = score(parse_kingdom(RULEBOOK))
    found = sorted((d.crowns, len(d.squares), d.points) for d in result.domains)
    assert found == sorted([(1, 3, 3), (2, 4, 8), (0, 2, 0), (0, 1, 0), (2, 1, 2), (2, 5, 10)])
    assert result.score == 23
    assert result.warnings == ()
    assert [d.describe() for d in result.domains][:2] == [
        "lake: 3 squares x 1 crown = 3",
        "forest: 4 squares x 2 crowns = 8",
    ]


def test_score_to_json_has_exactly_the_issue_keys() -> None:
    payload = score(parse_kingdom("C F1/. F")).to_json()
    assert list(payload) == ["squares", "domains", "score", "bonuses", "total", "warnings"]
    assert payload["squares"] == [
        [{"terrain": "castle", "crowns": 0}, {"terrain": "forest", "crowns": 1}],
        [{"terrain": "empty", "crowns": 0}, {"terrain": "forest", "crowns": 0}],
    ]
    assert payload["domains"] == [{"terrain": "forest", "squares": 2, "crowns": 1, "points": 2}]
    assert (payload["score"], payload["total"]) == (2, 2)
    assert payload["bonuses"] == {"middle_kingdom": 0, "harmony": 0}
    assert payload["warnings"] == []


# --------------------------------------------------------------------------- bonuses


def full(size: int, castle: tuple[int, int]) -> Kingdom:
    """A size x size kingdom with no empty square: wheat and forest stripes, no crown."""
    rows = [
        [Square(Terrain.WHEAT if r % 2 == 0 else Terrain.FOREST) for _ in range(size)]
        for r in range(size)
    ]
    rows[castle[0]][castle[1]] = Square(Terrain.CASTLE)
    return Kingdom.from_rows(rows)


def test_middle_kingdom_is_the_castle_at_2_2_on_5x5() -> None:
    assert score(full(5, (2, 2)), middle_kingdom=True).bonuses["middle_kingdom"] == 10
    assert score(full(5, (2, 3)), middle_kingdom=True).bonuses["middle_kingdom"] == 0
    assert score(full(5, (3, 2)), middle_kingdom=True).bonuses["middle_kingdom"] == 0


def test_middle_kingdom_is_the_castle_at_3_3_on_7x7() -> None:
    assert score(full(7, (3, 3)), middle_kingdom=True).bonuses["middle_kingdom"] == 10
    assert score(full(7, (3, 3)), middle_kingdom=True).total == 10
    assert score(full(7, (2, 2)), middle_kingdom=True).bonuses["middle_kingdom"] == 0


def test_bonuses_are_off_unless_asked_for() -> None:
    result = score(full(5, (2, 2)))
    assert result.bonuses == {"middle_kingdom": 0, "harmony": 0}
    both = score(full(5, (2, 2)), middle_kingdom=True, harmony=True)
    assert both.bonuses == {"middle_kingdom": 10, "harmony": 5}
    assert both.total == both.score + 15


def test_a_5x5_grid_is_the_frame_even_with_empty_squares() -> None:
    # Column 0 is table: the castle at (2, 3) is not the centre of this 5x5 frame.
    grid = full(5, (2, 3)).replace({(r, 0): Square(Terrain.EMPTY) for r in range(5)})
    assert score(grid, middle_kingdom=True).bonuses["middle_kingdom"] == 0


def test_a_smaller_grid_gets_middle_kingdom_when_a_frame_centred_on_the_castle_holds_it() -> None:
    assert score(parse_kingdom("W F L/G C S/M W F"), middle_kingdom=True).total == 10
    # castle at the edge, kingdom reaching 3 columns to its right: no 5x5 frame centres it
    assert score(parse_kingdom("C W W W"), middle_kingdom=True).total == 0


def test_harmony_never_with_an_empty_square() -> None:
    assert score(full(5, (0, 0)), harmony=True).bonuses["harmony"] == 5
    for at in [(0, 0), (4, 4), (2, 3)]:
        holed = full(5, (2, 2)).replace({at: Square(Terrain.EMPTY)})
        assert score(holed, harmony=True).bonuses["harmony"] == 0
    assert score(full(7, (1, 1)), harmony=True).bonuses["harmony"] == 5
    assert score(full(5, (2, 2)), harmony=True, size=7).bonuses["harmony"] == 0


def test_harmony_needs_exactly_one_castle() -> None:
    # 25 filled squares but no castle, or two castles: not a kingdom the rules can build
    # (RULINGS.md: flagged for the player, never silently scored), so no bonus, a warning.
    no_castle = full(5, (2, 2)).replace({(2, 2): Square(Terrain.WHEAT)})
    result = score(no_castle, middle_kingdom=True, harmony=True)
    assert result.bonuses == {"middle_kingdom": 0, "harmony": 0}
    assert "no castle: a kingdom has one castle" in result.warnings
    two_castles = full(5, (2, 2)).replace({(0, 0): Square(Terrain.CASTLE)})
    result = score(two_castles, middle_kingdom=True, harmony=True)
    assert result.bonuses == {"middle_kingdom": 0, "harmony": 0}
    assert "2 castles at (0, 0), (2, 2): a kingdom has one castle" in result.warnings


def test_frame_size_is_inferred_from_the_kingdom() -> None:
    assert infer_frame_size(full(5, (2, 2))) == 5
    assert infer_frame_size(parse_kingdom("C W")) == 5
    assert infer_frame_size(Kingdom.empty(7, 7)) == 7
    assert infer_frame_size(parse_kingdom("C W W W W W")) == 7
    assert score(full(7, (3, 3))).size == 7


def test_a_kingdom_wider_than_its_frame_is_warned_and_gets_no_bonus() -> None:
    result = score(parse_kingdom("C W W W W W"), middle_kingdom=True, harmony=True, size=5)
    assert result.bonuses == {"middle_kingdom": 0, "harmony": 0}
    assert "the kingdom spans 1 row and 6 columns, more than the 5x5 frame: no bonus" in (
        result.warnings
    )


def test_bad_frame_size_is_bad_input() -> None:
    with pytest.raises(ValueError, match="got size 6"):
        score(full(5, (2, 2)), size=6)


@settings(max_examples=60)
@given(kingdoms())
def test_a_transposed_kingdom_keeps_its_score(kingdom: Kingdom) -> None:
    before = score(kingdom, middle_kingdom=True, harmony=True)
    after = score(kingdom.transpose(), middle_kingdom=True, harmony=True)
    assert (after.score, after.bonuses, after.total) == (before.score, before.bonuses, before.total)
    assert sorted(d.points for d in after.domains) == sorted(d.points for d in before.domains)


@settings(max_examples=60)
@given(kingdoms())
def test_domains_partition_the_landscape_squares(kingdom: Kingdom) -> None:
    found = domains(kingdom)
    cells = [at for d in found for at in d.squares]
    landscape = [at for at, s in kingdom.cells() if s.terrain.is_landscape]
    assert sorted(cells) == landscape
    assert sum(d.crowns for d in found) == sum(
        s.crowns for _, s in kingdom.cells() if s.terrain.is_landscape
    )


# --------------------------------------------------------------------------- tile set


def test_tile_set_facts_match_the_rulings() -> None:
    assert len(TILES) == 48
    assert {t.value: terrain_counts()[t] for t in LANDSCAPES} == {
        "wheat": 26,
        "forest": 22,
        "lake": 18,
        "grassland": 14,
        "swamp": 10,
        "mine": 6,
    }
    assert {t.value: max_crowns(t) for t in Terrain} == {
        "wheat": 1,
        "forest": 1,
        "lake": 1,
        "grassland": 2,
        "swamp": 2,
        "mine": 3,
        "castle": 0,
        "empty": 0,
    }
    assert tile(1) == (Square(Terrain.WHEAT), Square(Terrain.WHEAT))
    with pytest.raises(ValueError, match="1 to 48"):
        tile(49)


def test_embedded_tiles_match_tiles_csv(shared_data: Path) -> None:
    rows = read_csv(shared_data / "kingdomino" / "tiles.csv")
    from_csv = [
        (
            int(r["number"]),
            r["left_terrain"],
            int(r["left_crowns"]),
            r["right_terrain"],
            int(r["right_crowns"]),
        )
        for r in rows
    ]
    assert list(TILES) == from_csv


def test_tile_set_warnings_name_each_kind_of_fault() -> None:
    assert tile_set_warnings(parse_kingdom(RULEBOOK)) == []
    assert tile_set_warnings(parse_kingdom("C W2")) == [
        "(0, 1) is wheat with 2 crowns: no wheat square in the tile set has more than 1"
    ]
    # the set has 6 mine squares, 1 of them without crowns (domino 23)
    assert tile_set_warnings(parse_kingdom("C M M M/M M M M")) == [
        "7 mine squares: the tile set has only 6",
        "7 mine squares with 0 crowns: the tile set has only 1",
    ]
    assert tile_set_warnings(parse_kingdom("C M3 M3")) == [
        "2 mine squares with 3 crowns: the tile set has only 1"
    ]
    assert tile_set_warnings(parse_kingdom("C W C")) == [
        "2 castles at (0, 0), (0, 2): a kingdom has one castle"
    ]
    assert tile_set_warnings(parse_kingdom("W F")) == ["no castle: a kingdom has one castle"]
    assert tile_set_warnings(parse_kingdom("C1 .2")) == [
        "(0, 0) is the castle with 1 crown: it shows no crowns",
        "(0, 1) is an empty square with 2 crowns: it shows no crowns",
    ]


# --------------------------------------------------------------------------- compare


@pytest.mark.parametrize(
    ("a", "b", "winner", "decided_by", "scores"),
    [
        ("C F1 F", "C L1 W", 1, "score", (2, 1)),
        ("C L1 W", "C F1 F", 2, "score", (1, 2)),
        # equal scores 2; largest domain 2 squares (wheat or forest) against 1
        ("C F1 F W", "C M2 W L", 1, "largest_domain", (2, 2)),
        # uncrowned wheat counts as largest domain: 3 wheat squares beat 2 forest squares
        ("C F1 F W W W", "C F1 F L L G", 1, "largest_domain", (2, 2)),
        # equal scores 2 and largest domains 2; crowns 1 against 2
        ("C F1 F W W", "C G2 W W L", 2, "crowns", (2, 2)),
        ("C F1 F", "C L1 L", None, "shared", (2, 2)),
    ],
)
def test_tie_break(
    a: str, b: str, winner: int | None, decided_by: str, scores: tuple[int, int]
) -> None:
    result = compare(parse_kingdom(a), parse_kingdom(b))
    assert (result.winner, result.decided_by, result.scores) == (winner, decided_by, scores)
    assert result.to_json() == {"winner": winner, "decided_by": decided_by, "scores": list(scores)}


def test_compare_counts_the_bonuses_asked_for() -> None:
    centred = full(5, (2, 2))
    aside = full(5, (0, 0))
    assert compare(centred, aside).decided_by != "score"  # same score without bonuses
    with_middle = compare(centred, aside, middle_kingdom=True)
    assert (with_middle.winner, with_middle.decided_by) == (1, "score")
    assert with_middle.scores == (score(centred).score + 10, score(aside).score)


def test_compare_puts_both_kingdoms_in_one_frame() -> None:
    # A Mighty Duel (7x7): kingdom 1 fills its 7x7 frame; kingdom 2 is a filled 5x5, which
    # in a 7x7 game is incomplete (24 of 49 squares missing): Harmony for kingdom 1 only.
    duel = full(7, (3, 3))
    small = full(5, (2, 2))
    result = compare(duel, small, harmony=True)
    assert [d.size for d in result.details] == [7, 7]
    assert [d.bonuses["harmony"] for d in result.details] == [5, 0]
    assert (result.winner, result.decided_by) == (1, "score")
    assert result.scores == (score(duel).score + 5, score(small).score)
    # Both standard 5x5: both complete.
    assert compare(small, small, harmony=True).scores == (score(small).score + 5,) * 2
    # The frame can be given; a bad one is bad input.
    forced = compare(small, small, harmony=True, size=7)
    assert [d.bonuses["harmony"] for d in forced.details] == [0, 0]
    with pytest.raises(ValueError, match="got size 6"):
        compare(small, small, size=6)


# --------------------------------------------------------------------------- placement

LONE = ". . . . ./. . . . ./. . C . ./. . . . ./. . . . ."


def test_parse_domino_and_its_errors() -> None:
    assert parse_domino("F1 L") == (Square(Terrain.FOREST, 1), Square(Terrain.LAKE))
    for text, index, word in [
        ("F1", None, "got 1"),
        ("F1 L W", 5, "got 3"),
        ("F1 X", 3, "unknown terrain letter"),
        ("C L", 0, "not castle"),
        ("F .", 2, "not empty"),
    ]:
        with pytest.raises(NotationError, match=word) as caught:
            parse_domino(text)
        assert caught.value.index == index


landscape_squares = st.builds(Square, st.sampled_from(LANDSCAPES), st.integers(0, 9))


@settings(max_examples=40)
@given(landscape_squares, landscape_squares)
def test_domino_notation_round_trip(first: Square, second: Square) -> None:
    assert parse_domino(format_domino((first, second))) == (first, second)


def test_parse_square_errors_give_the_column() -> None:
    assert parse_square(" G2") == Square(Terrain.GRASSLAND, 2)
    with pytest.raises(NotationError, match="unknown terrain letter 'Q'") as caught:
        parse_square("  Q1")
    assert caught.value.index == 2
    with pytest.raises(NotationError, match="at most one crown digit") as caught:
        parse_square("M33")
    assert caught.value.index == 2


def test_placement_outside_the_grid() -> None:
    grid = parse_kingdom(LONE)
    verdict = check_placement(grid, parse_domino("F L"), (0, 4), "right")
    assert not verdict.legal
    assert verdict.reason == "square (0, 5) is outside the grid (5 rows x 5 columns)"
    assert check_placement(grid, parse_domino("F L"), (0, 0), "up").reason.startswith(
        "square (-1, 0) is outside the grid"
    )


def test_placement_on_a_taken_square() -> None:
    grid = parse_kingdom(". . . . ./. . . . ./. . C F ./. . . . ./. . . . .")
    verdict = check_placement(grid, parse_domino("W L"), (1, 3), "down")
    assert verdict == dataclasses.replace(verdict, legal=False)
    assert verdict.reason == "(2, 3) is already taken by forest"
    assert check_placement(grid, parse_domino("W L"), (2, 2), "up").reason == (
        "(2, 2) is already taken by the castle"
    )


def test_placement_beyond_the_frame() -> None:
    # 9x9 grid, castle in the middle, forest at (4, 3), wheat at (4, 5) and (4, 6)
    rows = [["."] * 9 for _ in range(9)]
    rows[4][3], rows[4][4], rows[4][5], rows[4][6] = "F", "C", "W", "W"
    grid = parse_kingdom("/".join(" ".join(row) for row in rows))
    forest, wheat = parse_domino("F F"), parse_domino("W W")
    assert check_placement(grid, forest, (3, 3), "left").legal  # columns 2..6: 5
    verdict = check_placement(grid, forest, (4, 2), "left")  # columns 1..6: 6
    assert verdict.reason == "the kingdom would span 6 columns, more than the 5x5 frame"
    assert check_placement(grid, forest, (4, 2), "left", size=7).legal
    assert check_placement(grid, wheat, (3, 4), "up").legal  # rows 2..4
    tall = check_placement(grid.replace({(1, 4): Square(Terrain.WHEAT)}), wheat, (5, 4), "down")
    assert tall.reason == "the kingdom would span 6 rows, more than the 5x5 frame"


def test_placement_must_touch_the_castle_or_a_matching_terrain() -> None:
    grid = parse_kingdom("C F . .")
    assert check_placement(grid, parse_domino("F L"), (0, 2), "right").reason == (
        "legal: (0, 2) touches forest at (0, 1)"
    )
    # the domino's own other half does not count
    assert check_placement(grid, parse_domino("L F"), (0, 2), "right").reason == (
        "no side touches the castle or a matching terrain"
    )
    assert not check_placement(parse_kingdom("C . . ."), parse_domino("F F"), (0, 2), "right").legal
    # the castle is a joker: any terrain
    assert check_placement(parse_kingdom("C ./. ."), parse_domino("M3 S"), (1, 0), "right").legal


def test_placement_bad_input() -> None:
    grid = parse_kingdom(LONE)
    with pytest.raises(NotationError, match="unknown direction"):
        check_placement(grid, parse_domino("F L"), (1, 2), "sideways")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="got size 6"):
        check_placement(grid, parse_domino("F L"), (1, 2), "up", size=6)
    with pytest.raises(ValueError, match="landscape"):
        check_placement(grid, (Square(Terrain.CASTLE), Square(Terrain.WHEAT)), (1, 2), "up")
    assert parse_direction(" Down ") == "down"


def test_legal_placements_around_a_lone_castle() -> None:
    # 4 squares touch the castle; each has 3 other neighbours: 12 domino positions, each
    # with two ways round for different squares, one for a double.
    grid = parse_kingdom(LONE)
    assert len(legal_placements(grid, parse_domino("F1 L"))) == 24
    assert len(legal_placements(grid, parse_domino("W W"))) == 12
    big = Kingdom.empty(9, 9).replace({(4, 4): Square(Terrain.CASTLE)})
    assert len(legal_placements(big, parse_domino("F1 L"))) == 24


def test_legal_placements_on_a_3x3_list_each_physical_placement_once() -> None:
    grid = parse_kingdom(". . ./. C ./. . .")
    assert legal_placements(grid, parse_domino("W W")) == [
        ((0, 0), "right"),
        ((0, 0), "down"),
        ((0, 1), "right"),
        ((0, 2), "down"),
        ((1, 0), "down"),
        ((1, 2), "down"),
        ((2, 0), "right"),
        ((2, 1), "right"),
    ]
    both_ways = legal_placements(grid, parse_domino("W L"))
    assert len(both_ways) == 16
    assert ((0, 1), "left") in both_ways and ((0, 0), "right") in both_ways
    assert both_ways == sorted(
        both_ways, key=lambda p: (p[0], ["right", "down", "left", "up"].index(p[1]))
    )


def test_legal_placements_agree_with_check_placement() -> None:
    grid = parse_kingdom(RULEBOOK)
    domino = parse_domino("S1 L")
    found = legal_placements(grid, domino)
    assert found
    for at, toward in found:
        assert check_placement(grid, domino, at, toward).legal


# Session 12: the grid typed is only part of the table; the rules bound a kingdom by its
# frame alone, so with grow=True a domino may lie beyond the grid's edges.


def test_grown_placements_beside_a_lone_castle_on_a_3x3() -> None:
    # By hand: the castle (1, 1) has 4 free neighbours, each with 3 other neighbours, none
    # shared: 12 doubles (W W matches nothing but the castle). 4 of them leave the 3x3 (the
    # ones reaching row -1, row 3, column -1, column 3): the grid alone allows 8.
    grid = parse_kingdom(". . ./. C ./. . .")
    assert legal_placements(grid, parse_domino("W W"), grow=True) == [
        ((-1, 1), "down"),
        ((0, 0), "right"),
        ((0, 0), "down"),
        ((0, 1), "right"),
        ((0, 2), "down"),
        ((1, -1), "right"),
        ((1, 0), "down"),
        ((1, 2), "right"),
        ((1, 2), "down"),
        ((2, 0), "right"),
        ((2, 1), "right"),
        ((2, 1), "down"),
    ]
    assert len(legal_placements(grid, parse_domino("W W"))) == 8
    assert len(legal_placements(parse_kingdom("C"), parse_domino("W W"), grow=True)) == 12


def test_grown_placements_beside_a_full_row() -> None:
    # C F1 F F: the grid as typed has no free square, so "W W fits nowhere" was said.
    # W W touches only the castle's free neighbours (-1, 0), (1, 0), (0, -1); each has 3
    # other neighbours but (0, -2) would make 6 columns (-2..3): 3 + 3 + 2 = 8.
    grid = parse_kingdom("C F1 F F")
    assert legal_placements(grid, parse_domino("W W")) == []
    assert legal_placements(grid, parse_domino("W W"), grow=True) == [
        ((-2, 0), "down"),
        ((-1, -1), "right"),
        ((-1, -1), "down"),
        ((-1, 0), "right"),
        ((0, -1), "down"),
        ((1, -1), "right"),
        ((1, 0), "right"),
        ((1, 0), "down"),
    ]
    # F L: F on a square touching the castle or a forest: (-1, 0..3), (1, 0..3) with 3 free
    # neighbours each (24), (0, -1) and (0, 4) with 2 each (a 3rd makes 6 columns): 28;
    # else L touching the castle ((-1, 0), (1, 0), (0, -1)) with F on a square touching
    # neither: (-2, 0), (-1, -1); (2, 0), (1, -1); (-1, -1), (1, -1): 6. 34 in all.
    found = legal_placements(grid, parse_domino("F L"), grow=True)
    assert len(found) == 34
    assert ((0, 4), "up") in found and ((0, 4), "right") not in found
    assert ((-1, -1), "right") in found  # L at (-1, 0), beside the castle


def test_grown_check_placement_keeps_the_frame() -> None:
    grid = parse_kingdom("C F1 F F")
    wheat = parse_domino("W W")
    assert check_placement(grid, wheat, (-1, 0), "up", grow=True).reason == (
        "legal: (-1, 0) touches the castle"
    )
    assert check_placement(grid, wheat, (0, -2), "right", grow=True).reason == (
        "the kingdom would span 6 columns, more than the 5x5 frame"
    )
    assert check_placement(grid, wheat, (0, -2), "right", size=7, grow=True).legal
    assert check_placement(grid, wheat, (-1, 0), "up").reason == (
        "square (-1, 0) is outside the grid (1 row x 4 columns)"
    )
    # A full 5x5 fills the frame: nothing fits beyond it, and in 7x7 only F L beside a
    # forest at an end of rows 1 and 3: (1, -1), (3, -1), (1, 5), (3, 5), 3 ways each.
    full = parse_kingdom("W W W W W/F F F F F1/W W C W W/F F F F F/W W W W W")
    assert legal_placements(full, parse_domino("F L"), grow=True) == []
    assert len(legal_placements(full, parse_domino("F L"), size=7, grow=True)) == 12
    # No castle and nothing placed: refused, not "discarded" (session 15: every kingdom
    # starts from its castle, rules/kingdomino-2p.txt "Setup").
    with pytest.raises(ImpossiblePositionError, match="has no castle"):
        legal_placements(parse_kingdom(". ."), parse_domino("F L"), grow=True)


def test_grown_grid_holds_every_placement() -> None:
    grid = parse_kingdom(". . ./. C ./. . .")
    found = legal_placements(grid, parse_domino("W W"), grow=True)
    assert grown_grid(grid, found) == (
        ". . . . ./. . . . ./. . C . ./. . . . ./. . . . .",
        (1, 1),
    )
    assert grown_grid(grid, found[1:3]) == (". . ./. C ./. . .", (0, 0))
    row = parse_kingdom("C F1 F F")
    assert grown_grid(row, legal_placements(row, parse_domino("W W"), grow=True)) == (
        ". . . . ./. . . . ./. C F1 F F/. . . . ./. . . . .",
        (2, 1),
    )


# --------------------------------------------------------------------------- game


def play_out(rules: KingdominoRules, seed: int) -> list[object]:
    rng = random.Random(seed)
    state = rules.new_game(seed=seed)
    states: list[object] = [state]
    while moves := state.legal_moves():
        assert state.outcome() is None
        state = state.play(rng.choice(moves))
        states.append(state)
    return states


def test_game_is_registered() -> None:
    assert GAME.name == "kingdomino" and GAME.rules == "rules/kingdomino-2p.txt"
    assert GAME.players == ("1", "2")


def test_a_new_game_starts_with_four_kings_picking_from_the_first_row() -> None:
    state = KingdominoRules().new_game(seed=3)
    assert len(state.deck) == 20 and len(state.next_row) == 4
    assert sorted([*state.deck, *(n for n, _ in state.next_row)]) == sorted(
        set([*state.deck, *(n for n, _ in state.next_row)])
    )
    assert sorted(state.pickers) == [0, 0, 1, 1]
    assert state.legal_moves() == [Pick(n) for n, _ in state.next_row]
    for _ in range(4):
        state = state.play(state.legal_moves()[0])
    # the claimed row is now the current row; its lowest domino's king moves first
    assert [n for n, _ in state.current] == sorted(n for n, _ in state.current)
    assert state.to_move == state.current[0][1]
    assert all(isinstance(m, Place) for m in state.legal_moves())
    with pytest.raises(IllegalMoveError, match="must place domino"):
        state.play(Pick(state.next_row[0][0]))


@pytest.mark.parametrize(("size", "dominoes"), [(5, 24), (7, 48)])
def test_random_games_use_every_domino_once_and_fit_the_frame(size: int, dominoes: int) -> None:
    from referee.kingdomino import KingdominoState

    for seed in range(2):
        states = play_out(KingdominoRules(size=size), seed)
        end = states[-1]
        assert isinstance(end, KingdominoState)
        placed = [len(land) - 1 for land in end.lands]  # minus the castle
        assert sum(placed) + 2 * sum(end.discards) == 2 * dominoes
        assert [p + 2 * d for p, d in zip(placed, end.discards, strict=True)] == [dominoes] * 2
        for player in (0, 1):
            kingdom = end.kingdom(player)
            assert kingdom.rows <= size and kingdom.cols <= size
        outcome = end.outcome()
        assert outcome is not None
        first, second = end.scores()
        assert outcome.points == (first.total, second.total)
        if first.total != second.total:
            assert outcome.winner == (0 if first.total > second.total else 1)
            assert outcome.reason == "score"


@pytest.mark.parametrize(("size", "seed"), [(5, 10), (5, 11), (5, 12), (7, 10)])
def test_random_play_invariants(size: int, seed: int) -> None:
    # rules/kingdomino-2p.txt: the king on the lowest-numbered domino of the row moves
    # first; each domino is placed (touching the castle or its own terrain, inside the
    # frame) or discarded only when it fits nowhere; every domino of the game is used once.
    from referee.kingdomino import KingdominoState

    rng = random.Random(seed)
    state = KingdominoRules(size=size).new_game(seed=seed)
    in_game = sorted([*state.deck, *(n for n, _ in state.next_row)])
    assert len(in_game) == len(set(in_game)) == (24 if size == 5 else 48)
    used: list[int] = []
    kept: list[list[int]] = [[], []]
    while moves := state.legal_moves():
        move = rng.choice(moves)
        if not isinstance(move, Pick):
            number, owner = state.current[0]
            assert [n for n, _ in state.current] == sorted(n for n, _ in state.current)
            assert state.to_move == owner and not state.pickers
            grid = state.kingdom(owner)
            if isinstance(move, Discard):
                assert moves == [Discard(number)]
                assert legal_placements(grid, tile(number), size=size) == []
            else:
                assert all(isinstance(m, Place) for m in moves)
                kept[owner].append(number)
            used.append(number)
        after = state.play(move)
        assert isinstance(after, KingdominoState)
        if isinstance(move, Place):
            # the new squares touch the castle or their own terrain in the kingdom before
            land = dict(state.lands[owner])
            halves = ((move.at, tile(number)[0]), (placed_second(move), tile(number)[1]))
            assert any(
                (land.get((r + dr, c + dc)) or Square(Terrain.EMPTY)).terrain
                in (Terrain.CASTLE, half.terrain)
                for (r, c), half in halves
                for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            )
            kingdom = after.kingdom(owner)
            assert kingdom.rows <= size and kingdom.cols <= size
        state = after
    assert sorted(used) == in_game
    for player in (0, 1):
        squares = sorted(
            (s.terrain.value, s.crowns)
            for _, s in state.kingdom(player).cells()
            if s.terrain.is_landscape
        )
        assert squares == sorted(
            (half.terrain.value, half.crowns) for n in kept[player] for half in tile(n)
        )


def placed_second(move: Place) -> tuple[int, int]:
    (row, col), step = move.at, {"right": (0, 1), "down": (1, 0), "left": (0, -1), "up": (-1, 0)}
    return row + step[move.toward][0], col + step[move.toward][1]


def test_a_domino_that_fits_nowhere_is_discarded() -> None:
    state = KingdominoRules().new_game(seed=0)
    # player 0's kingdom is a full 5x5 frame: nothing fits
    full_land = tuple(
        sorted(
            ((r, c), Square(Terrain.CASTLE) if (r, c) == (4, 4) else Square(Terrain.WHEAT))
            for r in range(2, 7)
            for c in range(2, 7)
        )
    )
    stuck = dataclasses.replace(
        state,
        current=((1, 0),),
        next_row=(),
        pickers=(),
        deck=(),
        lands=(full_land, state.lands[1]),
    )
    assert stuck.legal_moves() == [Discard(1)]
    with pytest.raises(IllegalMoveError, match=r"outside the grid|already taken|would span"):
        stuck.play(Place((1, 4), "up"))
    end = stuck.play(Discard(1))
    assert end.discards == (1, 0) and end.to_move is None
    assert end.outcome() is not None
    fits = dataclasses.replace(stuck, lands=state.lands)
    with pytest.raises(IllegalMoveError, match="may not be discarded"):
        fits.play(Discard(1))


def test_harmony_in_a_game_needs_no_discard() -> None:
    state = KingdominoRules(harmony=True).new_game(seed=0)
    full_land = tuple(
        sorted(
            ((r, c), Square(Terrain.CASTLE) if (r, c) == (4, 4) else Square(Terrain.WHEAT))
            for r in range(2, 7)
            for c in range(2, 7)
        )
    )
    done = dataclasses.replace(
        state, current=(), next_row=(), pickers=(), deck=(), lands=(full_land, full_land)
    )
    assert [s.bonuses["harmony"] for s in done.scores()] == [5, 5]
    discarded = dataclasses.replace(done, discards=(1, 0))
    assert [s.bonuses["harmony"] for s in discarded.scores()] == [0, 5]
    outcome = discarded.outcome()
    assert outcome is not None and outcome.winner == 1 and outcome.reason == "score"


def test_move_notation_round_trip() -> None:
    for move in [Place((4, 5), "right"), Place((0, 12), "up"), Discard(7), Pick(48)]:
        assert parse_move(str(move)) == move
    with pytest.raises(NotationError, match="a move is"):
        parse_move("jump 3")


# --------------------------------------------------------------------------- real data


def _labelled(rows: list[dict[str, str]]) -> dict[str, Kingdom]:
    cells: dict[str, dict[tuple[int, int], Square]] = {}
    for row in rows:
        square = Square(Terrain(row["terrain"]), int(row["crowns"]))
        cells.setdefault(row["image"], {})[int(row["row"]), int(row["col"])] = square
    kingdoms: dict[str, Kingdom] = {}
    for image, grid in cells.items():
        height = max(r for r, _ in grid) + 1
        width = max(c for _, c in grid) + 1
        kingdoms[image] = Kingdom(
            tuple(tuple(grid[r, c] for c in range(width)) for r in range(height))
        )
    return kingdoms


def test_labelled_photos_reproduce_scores_csv(shared_data: Path) -> None:
    folder = shared_data / "kingdomino"
    kingdoms = _labelled(read_csv(folder / "labels.csv"))
    expected = read_csv(folder / "scores.csv")
    assert len(expected) == len(kingdoms) == 52
    for row in expected:
        kingdom = kingdoms[row["image"]]
        base = score(kingdom)
        both = score(kingdom, middle_kingdom=True, harmony=True)
        assert base.score == int(row["base_score"]), row["image"]
        assert both.bonuses == {
            "middle_kingdom": int(row["middle_kingdom_bonus"]),
            "harmony": int(row["harmony_bonus"]),
        }, row["image"]
        assert both.total == int(row["total_with_bonuses"]), row["image"]
        assert base.warnings == (), row["image"]


def test_real_phone_labels_reproduce_their_scores(shared_data: Path) -> None:
    folder = shared_data / "kingdomino" / "real-phone"
    kingdoms = _labelled(read_csv(folder / "labels.csv"))
    expected = read_csv(folder / "scores.csv")
    assert {row["size"] for row in expected} == {"5", "7"}
    for row in expected:
        kingdom = kingdoms[row["image"]]
        size = int(row["size"])
        assert infer_frame_size(kingdom) == size
        assert score(kingdom, size=size).score == int(row["base_score"]), row["image"]
        both = score(kingdom, middle_kingdom=True, harmony=True)
        assert both.total == int(row["total_with_bonuses"]), row["image"]
        assert both.warnings == (), row["image"]


@pytest.mark.parametrize(
    ("grid", "at", "toward", "reason"),
    [
        # One row: "1 row", never "1 rows".
        (". C", (0, 0), "down", "square (1, 0) is outside the grid (1 row x 2 columns)"),
        ("C/.", (1, 0), "right", "square (1, 1) is outside the grid (2 rows x 1 column)"),
        ("C . .", (0, 2), "right", "square (0, 3) is outside the grid (1 row x 3 columns)"),
    ],
)
def test_outside_the_grid_names_its_shape_in_good_english(
    grid: str, at: tuple[int, int], toward: str, reason: str
) -> None:
    verdict = check_placement(parse_kingdom(grid), parse_domino("F L"), at, toward)
    assert not verdict.legal and verdict.reason == reason


# --- squares named as on the board (session 11: the inverse of name_kingdom_squares) -----


@given(st.integers(0, 8), st.integers(0, 8))
def test_square_names_round_trip(row: int, col: int) -> None:
    name = kingdom_square_name((row, col))
    assert parse_kingdom_square(name) == (row, col)
    assert parse_kingdom_square(name.lower()) == (row, col)
    # The same name the CLI's text and the pages give a warning's square.
    assert name_kingdom_squares(f"({row}, {col}) is unsure") == f"{name} is unsure"


def test_square_names_worked_by_hand() -> None:
    # Column letters left to right, rows from 1 top down: A3 is row 2 (from 0), column 0.
    assert parse_kingdom_square("A3") == (2, 0)
    assert parse_kingdom_square("E1") == (0, 4)
    assert parse_kingdom_square("I9") == (8, 8)
    # Off a 5x5 but on a 9x9: parsed, the grid's bounds are the rules' to say.
    assert parse_kingdom_square("F1") == (0, 5)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("J1", "'J1' is not a square: a kingdom's columns are A to I"),
        ("A0", "'A0' is not a square: a kingdom's rows are 1 to 9"),
        ("B10", "'B10' is not a square: a kingdom's rows are 1 to 9"),
        ("3A", "'3A' is not a square: a column letter then a row number from 1, like A3"),
        ("", "'' is not a square: a column letter then a row number from 1, like A3"),
        ("2,0", "'2,0' is not a square: a column letter then a row number from 1, like A3"),
    ],
)
def test_square_names_refused(text: str, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_kingdom_square(text)
    assert str(caught.value) == message


def test_squares_off_every_kingdom_keep_row_and_col() -> None:
    # A placement's reason may name a square off the grid: it has no board name.
    assert name_kingdom_squares("square (-1, 4) is outside") == "square (-1, 4) is outside"
    assert name_kingdom_squares("square (0, 9) is outside") == "square (0, 9) is outside"
    with pytest.raises(ValueError, match="off every kingdom"):
        kingdom_square_name((0, 9))
