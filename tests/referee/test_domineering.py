"""Domineering engine (referee/domineering): rules/domineering.txt and RULINGS.md "Domineering"."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import domineering as dom
from referee.domineering import (
    Match,
    Move,
    Position,
    analyze,
    apply_move,
    check_move,
    format_move,
    format_position,
    legal_moves,
    pairs,
    parse_move,
    parse_position,
    problems,
    solve,
    to_move,
    validate,
    winning_moves,
)
from referee.errors import IllegalMoveError, ImpossiblePositionError, NotationError
from referee.game import Outcome

Side = dom.Side

# --- legal-move counts ("perft") ------------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 9))
def test_empty_square_board_has_n_times_n_minus_1_placements_per_side(n: int) -> None:
    board = Position.empty(n, n)
    assert len(legal_moves(board, "H")) == n * (n - 1)
    assert len(legal_moves(board, "V")) == n * (n - 1)


@pytest.mark.parametrize("rows", range(1, 9))
@pytest.mark.parametrize("cols", range(1, 9))
def test_empty_rectangle_placements(rows: int, cols: int) -> None:
    board = Position.empty(rows, cols)
    assert len(legal_moves(board, "H")) == rows * (cols - 1)
    assert len(legal_moves(board, "V")) == (rows - 1) * cols


def test_legal_moves_are_sorted_by_first_cell_row_major() -> None:
    moves = [format_move(m) for m in legal_moves(Position.empty(2, 3), "V")]
    assert moves == ["A1-A2", "B1-B2", "C1-C2"]
    moves = [format_move(m) for m in legal_moves(Position.empty(2, 3), "H")]
    assert moves == ["A1-B1", "B1-C1", "A2-B2", "B2-C2"]


def test_holes_are_not_part_of_the_board() -> None:
    board = parse_position(".#./...")
    assert [str(m) for m in legal_moves(board, "H")] == ["A2-B2", "B2-C2"]
    assert [str(m) for m in legal_moves(board, "V")] == ["A1-A2", "C1-C2"]


# --- the rules' worked opening -------------------------------------------------------------------


def test_worked_opening_from_the_rules() -> None:
    # rules/domineering.txt: "H claims B3 and C3. V may then claim C1 and C2 ...;
    # V may not claim C2 and C3 because C3 is occupied."
    after = apply_move(Position.empty(), parse_move("B3-C3"), "H")
    assert after.cells[2] == (".", "H", "H", ".", ".")
    assert to_move(after) == "V"
    assert check_move(after, parse_move("C1-C2"), "V") == dom.Verdict(True, "V may claim C1-C2")
    verdict = check_move(after, parse_move("C2-C3"), "V")
    assert verdict == dom.Verdict(False, "C3 is occupied (claimed by H)")
    assert parse_move("C1-C2") in legal_moves(after, "V")
    assert parse_move("C2-C3") not in legal_moves(after, "V")


# --- check reasons -------------------------------------------------------------------------------

OPENED = parse_position("...../...../.HH../...../..... V")
WITH_HOLE = parse_position("..#/.../...")


@pytest.mark.parametrize(
    ("pos", "move", "player", "reason"),
    [
        (OPENED, "E3-F3", "H", "F3 is off the board (columns A-E, rows 1-5)"),
        (OPENED, "A6-A7", "V", "A6 and A7 are off the board (columns A-E, rows 1-5)"),
        (WITH_HOLE, "B1-C1", "H", "C1 is not part of the board"),
        (OPENED, "B3-D3", "H", "B3 and D3 are not adjacent cells"),
        (OPENED, "A1-B2", "V", "A1 and B2 are not adjacent cells"),
        (OPENED, "A1-A1", "V", "A1-A1 names the same cell twice; a pair is two adjacent cells"),
        (OPENED, "A1-A2", "H", "A1-A2 is a vertical pair; H claims horizontal pairs"),
        (OPENED, "A1-B1", "V", "A1-B1 is a horizontal pair; V claims vertical pairs"),
        (OPENED, "C3-C4", "V", "C3 is occupied (claimed by H)"),
        (OPENED, "A3-B3", "H", "B3 is occupied (claimed by H)"),
        (OPENED, "B3-C3", "H", "B3 and C3 are occupied (claimed by H)"),
    ],
)
def test_every_check_reason(pos: Position, move: str, player: Side, reason: str) -> None:
    assert check_move(pos, parse_move(move), player) == dom.Verdict(False, reason)


def test_check_answers_for_the_named_player_whoever_is_to_move() -> None:
    assert to_move(OPENED) == "V"
    assert check_move(OPENED, parse_move("A1-B1"), "H").legal


def test_occupied_by_both_sides_names_both() -> None:
    # A1 is H's (A1-B1), A2 is V's (A2-A3): each cell's side said with it, in cell order
    # (session 14: "claimed by H and V" was in letter order whatever the cells held).
    pos = parse_position("HH./V../V..")
    assert check_move(pos, parse_move("A1-A2"), "V").reason == (
        "A1 and A2 are occupied (A1 by H, A2 by V)"
    )
    # ..V../..V../.HH..: C2 is V's, C3 is H's; the newcomer pass's case.
    pos = parse_position("..V../..V../.HH../...../..... V")
    assert check_move(pos, parse_move("C2-C3"), "V").reason == (
        "C2 and C3 are occupied (C2 by V, C3 by H)"
    )


def test_apply_move_raises_the_reason_and_checks_the_turn() -> None:
    with pytest.raises(IllegalMoveError, match=r"^C3 is occupied \(claimed by H\)$"):
        apply_move(OPENED, parse_move("C2-C3"))
    with pytest.raises(IllegalMoveError, match="it is V's turn to move, not H's"):
        apply_move(OPENED, parse_move("A1-B1"), "H")
    after = apply_move(OPENED, parse_move("C1-C2"))
    assert format_position(after) == "..V../..V../.HH../...../..... H"


# --- validation ----------------------------------------------------------------------------------


def test_odd_run_of_h_cells_names_the_row_and_cells() -> None:
    with pytest.raises(ImpossiblePositionError) as caught:
        parse_position("...../HHH../.....")
    assert str(caught.value) == (
        "row 2: A2 B2 C2 is a run of 3 H cells, which cannot split into horizontal pairs"
    )


def test_odd_run_of_v_cells_names_the_column_and_cells() -> None:
    with pytest.raises(ImpossiblePositionError, match=r"column C: C1 is a run of 1 V cell,"):
        parse_position("..V/.../...")


def test_wrong_counts_say_what_was_found() -> None:
    # H started: H has as many pairs as V or one more.  Here 2 H pairs and 0 V pairs.
    with pytest.raises(ImpossiblePositionError) as caught:
        parse_position("HHHH/..../....")
    assert "2 H pairs and 0 V pairs" in str(caught.value)
    assert "with H starting" in str(caught.value)
    # One V pair and no H pair: impossible if H started; if V started, H is to move.
    with pytest.raises(ImpossiblePositionError, match="0 H pairs and 1 V pair; with H starting"):
        parse_position("V./V.", first="H")
    assert to_move(parse_position("V./V.", first="V")) == "H"


def test_side_suffix_contradicting_the_counts() -> None:
    with pytest.raises(ImpossiblePositionError) as caught:
        parse_position("HH./.../... H")
    assert str(caught.value) == (
        "the position says H to move, but with 1 H pair and 0 V pairs and H starting "
        "it is V to move"
    )
    with pytest.raises(ImpossiblePositionError, match="says V to move"):
        parse_position("... V", first="H")


def test_side_to_move_follows_the_counts_per_rulings() -> None:
    assert to_move(Position.empty()) == "H"
    assert to_move(Position.empty(first="V")) == "V"
    assert to_move(parse_position("HH./.../...")) == "V"
    assert to_move(parse_position("HHV/..V/...")) == "H"
    # The suffix alone shows that V started on an empty board.
    assert parse_position("../.. V").first == "V"
    assert parse_position("../.. H").first == "H"
    assert parse_position("V./V. H").first == "V"


def test_lower_case_cells_and_side_read_as_upper_case() -> None:
    # A player typing on a phone: 'hh' is H's pair A1-B1, 'v' the side to move.
    # One pair each and V to move: V started (RULINGS.md).
    pos = parse_position("hh../.v../.v.. v")
    assert format_position(pos) == "HH../.V../.V.. V"
    assert pos.first == "V"
    assert parse_position("hh../.... v") == parse_position("HH../.... V")
    # Only h and v: other letters are still refused at their column.
    with pytest.raises(NotationError, match=r"unknown cell symbol 'x'.* at column 2"):
        parse_position("hx/..")


def test_without_a_suffix_h_started_so_v_ahead_is_impossible() -> None:
    # RULINGS.md: the starting side is a parameter, default H.  With H starting, 0 H pairs
    # and 1 V pair is "any other difference": impossible, reported with the counts found.
    # Only a suffix (or first="V") says that V started.
    with pytest.raises(ImpossiblePositionError, match="0 H pairs and 1 V pair; with H starting"):
        parse_position("V./V.")
    with pytest.raises(ImpossiblePositionError, match="1 H pair and 2 V pairs; with H starting"):
        parse_position("V.V/V.V/HH.")
    assert parse_position("V./V.", first="V").first == "V"


def test_a_run_of_four_splits_into_two_pairs_one_way() -> None:
    pos = parse_position("HHHH/V.../V.../....", first="H")
    assert [str(m) for m in pairs(pos)] == ["A1-B1", "C1-D1", "A2-A3"]
    assert to_move(pos) == "V"


def test_problems_lists_every_fault_and_validate_joins_them() -> None:
    pos = Position((tuple("HHH"), tuple("V.."), tuple("...")))
    assert problems(pos) == [
        "row 1: A1 B1 C1 is a run of 3 H cells, which cannot split into horizontal pairs",
        "column A: A2 is a run of 1 V cell, which cannot split into vertical pairs",
    ]
    with pytest.raises(ImpossiblePositionError, match="horizontal pairs; column A"):
        validate(pos)
    # An impossible position can still be shown without a side to move.
    assert format_position(pos, with_side=False) == "HHH/V../..."
    assert problems(Position.empty()) == []


@pytest.mark.parametrize(
    ("cells", "message"),
    [
        (("." * 9,), "1 to 8 columns, row 1 has 9"),
        (tuple("." for _ in range(9)), "1 to 8 rows, this one has 9"),
        (("...", ".."), "row 2 has 2 cells but row 1 has 3"),
        (("..", ".x"), "cell B2 holds 'x'"),
    ],
)
def test_grid_shape_is_checked_on_construction(cells: tuple[str, ...], message: str) -> None:
    with pytest.raises(ImpossiblePositionError, match=message):
        Position(tuple(tuple(row) for row in cells))


def test_position_from_pairs() -> None:
    pos = Position.from_pairs([parse_move("B3-C3"), parse_move("C1-C2")])
    assert format_position(pos) == "..V../..V../.HH../...../..... H"
    with pytest.raises(ImpossiblePositionError, match="C3 is already claimed"):
        Position.from_pairs([parse_move("B3-C3"), parse_move("C3-C4")])
    with pytest.raises(ImpossiblePositionError, match="not adjacent"):
        Position.from_pairs([parse_move("A1-C1")])
    with pytest.raises(ImpossiblePositionError, match="F1 is off the board"):
        Position.from_pairs([parse_move("E1-F1")])


def test_checked_validates() -> None:
    assert Position.checked(["HH", ".."]).cells == (("H", "H"), (".", "."))
    with pytest.raises(ImpossiblePositionError):
        Position.checked(["H.", ".."])


# --- notation ------------------------------------------------------------------------------------


def test_spaces_around_the_slashes_are_read() -> None:
    # Session 11: "..... / ....." was refused "at column 1"; the web page took it.
    assert parse_position("..... / .....") == parse_position("...../.....")
    assert format_position(parse_position(" HH. /... / ... V")) == "HH./.../... V"


def test_rows_may_be_written_one_per_line() -> None:
    # A file holding a position: row 1 on the first line; H claimed A1-B1, so V is to move.
    assert parse_position("HH.\n...\n...\n") == parse_position("HH./.../...")
    assert format_position(parse_position("  ..\n.. V\n")) == "../.. V"


@pytest.mark.parametrize(
    ("text", "index", "message"),
    [
        ("..x/...", 2, "unknown cell symbol 'x'"),
        ("../.k", 4, "unknown cell symbol 'k'"),
        ("../...", 3, "row 2 has 3 cells but row 1 has 2"),
        ("..//..", 3, "row 2 is empty"),
        (".../... X", 8, "the side to move is H or V, not 'X'"),
        ("/".join(["."] * 9), None, "at most 8 rows"),
        ("........./", 0, "at most 8 columns, row 1 has 9"),
        ("", 0, "a position is rows"),
        # A third word is pointed at (session 11: column 1, which was not wrong).
        (".. .. H", 6, "then optionally H or V: a third word; rows are joined by '/'"),
        (" \t", 0, "a position is rows"),
        ("  ../.. H V", 10, "then optionally H or V: a third word at column 11"),
        # Spaces around '/' are read (session 11); a fault is placed in the text typed.
        ("..... / ..x..", 10, "at column 11 of '..... / ..x..'"),
        (".. / ... / ..", 5, "row 2 has 3 cells but row 1 has 2 at column 6"),
        (".. ..", 3, "not '..'; rows are joined by '/' or written one per line, not by spaces"),
        (" HH/.. \t w ", 9, "the side to move is H or V, not 'w' at column 10"),
        ("." * 100_000, 0, "at most 8 columns, row 1 has 100000"),
        ("./" + "." * 100_000 + "x", 2, "at most 8 columns, row 2 has 100001"),
    ],
)
def test_notation_errors_name_the_column(text: str, index: int | None, message: str) -> None:
    with pytest.raises(NotationError, match=message) as caught:
        parse_position(text)
    assert caught.value.index == index


@pytest.mark.parametrize(
    ("text", "index"),
    # The row 0 is pointed at, not its cell (session 8: "B0-B1" named column 1, the B).
    [
        ("B3C3", None),
        ("B0-B1", 1),
        ("B1-C0", 4),
        ("B1-33", 3),
        ("B1-C1-D1", None),
        ("B1 C0", 4),
        ("B1 C1 D1", None),
    ],
)
def test_move_notation_errors(text: str, index: int | None) -> None:
    with pytest.raises(NotationError) as caught:
        parse_move(text)
    assert caught.value.index == index


def test_move_order_does_not_matter_and_formats_sorted() -> None:
    assert parse_move("C3-B3") == parse_move("B3-C3") == Move((2, 1), (2, 2))
    assert format_move(parse_move("C2-C1")) == "C1-C2"
    assert format_move(parse_move(" b3 - c3 ")) == "B3-C3"
    # Session 11: a space alone between the cells, as "c1 - c2" was read.
    assert parse_move("C1 C2") == parse_move(" c2  c1 ") == Move((0, 2), (1, 2))
    assert parse_move("B3-C3").orientation == "H"
    assert parse_move("C1-C2").orientation == "V"
    assert parse_move("A1-C1").orientation is None
    with pytest.raises(ValueError, match="counted from"):
        Move((-1, 0), (0, 0))


cells = st.tuples(st.integers(0, 7), st.integers(0, 7))


@given(cells, cells)
def test_move_round_trip(a: tuple[int, int], b: tuple[int, int]) -> None:
    move = Move(a, b)
    assert parse_move(format_move(move)) == move
    assert Move(b, a) == move


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """A reachable position: a board with holes, then some random legal play."""
    rows, cols = draw(st.integers(1, 8)), draw(st.integers(1, 8))
    holes = draw(st.sets(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1))))
    grid = [["#" if (r, c) in holes else "." for c in range(cols)] for r in range(rows)]
    pos = Position(tuple(tuple(line) for line in grid), draw(st.sampled_from(["H", "V"])))
    for _ in range(draw(st.integers(0, 20))):
        moves = legal_moves(pos, to_move(pos))
        if not moves:
            break
        pos = apply_move(pos, draw(st.sampled_from(moves)))
    return pos


@settings(max_examples=60, deadline=None)
@given(positions())
def test_position_round_trip(pos: Position) -> None:
    text = format_position(pos)
    assert parse_position(text) == pos
    assert parse_position(text, first=pos.first) == pos
    assert parse_position(format_position(pos, with_side=False), first=pos.first) == pos


@settings(max_examples=40, deadline=None)
@given(positions())
def test_legal_moves_are_exactly_the_claims_check_allows(pos: Position) -> None:
    # Independent of legal_moves' scan: try every pair of cells on the board (and one
    # step off it) and keep those check_move allows; then, by the rules text, a legal
    # claim is two empty cells side by side (H) or one above the other (V).
    cells = [(r, c) for r in range(pos.rows + 1) for c in range(pos.cols + 1)]
    for side in ("H", "V"):
        allowed = sorted(
            {
                Move(a, b)
                for a in cells
                for b in cells
                if a != b and check_move(pos, Move(a, b), side).legal
            }
        )
        assert allowed == legal_moves(pos, side)
        for move in allowed:
            (r1, c1), (r2, c2) = move.cells
            assert pos.cells[r1][c1] == pos.cells[r2][c2] == "."
            assert (r2 - r1, c2 - c1) == ((0, 1) if side == "H" else (1, 0))


# --- random play ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(20))
def test_random_play_ends_with_the_side_to_move_blocked(seed: int) -> None:
    rng = random.Random(seed)
    rows, cols = rng.randint(1, 8), rng.randint(1, 8)
    first: Side = rng.choice(["H", "V"])
    state = dom.new_game(rules=dom.DomineeringRules(rows, cols, first))
    plies = 0
    while state.outcome() is None:
        side = to_move(state.position)
        assert state.to_move == ("H", "V").index(side)
        assert side == (first if plies % 2 == 0 else ("V" if first == "H" else "H"))
        state = state.play(rng.choice(state.legal_moves()))
        plies += 1
        # every position reached is possible and reads back from its notation
        assert problems(state.position) == []
        assert parse_position(format_position(state.position)) == state.position
        assert plies <= rows * cols // 2
    blocked = to_move(state.position)
    assert legal_moves(state.position, blocked) == []
    assert state.to_move is None
    winner = "V" if blocked == "H" else "H"
    expected_points = (1, 0) if winner == "H" else (0, 1)
    assert state.outcome() == Outcome(("H", "V").index(winner), "blocked", expected_points)
    report = analyze(state.position).to_json()
    assert report["blocked"] is True and report["winner"] == winner
    assert len(pairs(state.position)) == plies


# --- analysis ------------------------------------------------------------------------------------


def test_analyze_json_of_a_blocked_position() -> None:
    # 2x2, H claimed the top row: V has no vertical pair left and loses; H wins.
    pos = parse_position("HH/..")
    assert analyze(pos).to_json() == {
        "position": "HH/.. V",
        "to_move": "V",
        "legal_moves": {"H": ["A2-B2"], "V": []},
        "blocked": True,
        "winner": "H",
    }


def test_analyze_json_mid_game_and_perfect_play_only_when_asked() -> None:
    pos = parse_position("HH./.../...")
    report = analyze(pos).to_json()
    assert report == {
        "position": "HH./.../... V",
        "to_move": "V",
        "legal_moves": {
            "H": ["A2-B2", "B2-C2", "A3-B3", "B3-C3"],
            "V": ["C1-C2", "A2-A3", "B2-B3", "C2-C3"],
        },
        "blocked": False,
        "winner": None,
    }
    assert "perfect_play" not in report
    # The empty 5x5 board is a second-player win (see test_solve_empty_5x5...).
    assert analyze(Position.empty(), perfect_play=True).to_json()["perfect_play"] == "V"
    too_big = analyze(Position.empty(6, 6), perfect_play=True, node_limit=10).to_json()
    assert too_big["perfect_play"] is None


# --- perfect play --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "winner"),
    [
        (". H", "V"),  # 1x1: the first player has no move and loses
        (". V", "H"),
        (".. H", "H"),  # 1x2, H to move: H takes the pair, V is blocked
        (".. V", "H"),  # 1x2, V to move: V is blocked at once
        ("./. H", "V"),  # 2x1, H to move: H is blocked
        ("../.. H", "H"),  # 2x2: the first player wins
        ("../.. V", "V"),
        ("... H", "H"),
        ("./././. H", "V"),
        (".../... H", "H"),  # 2x3: H A1-B1 leaves V only C1-C2, then H A2-B2
    ],
)
def test_solve_small_boards_by_hand(text: str, winner: Side) -> None:
    assert solve(parse_position(text)) == winner


def test_solve_empty_5x5_is_a_second_player_win() -> None:
    # Published result (Breuker, Uiterwijk, van den Herik 2000; Lachmann et al. 2002):
    # 5x5 Domineering is won by the second player.
    assert solve(Position.empty()) == "V"
    assert solve(Position.empty(first="V")) == "H"


def test_search_limit() -> None:
    with pytest.raises(dom.SearchLimitError, match="no answer within 5 positions"):
        solve(Position.empty(6, 6), node_limit=5)


Free = frozenset[tuple[int, int]]


def _brute(free: Free, side: Side, memo: dict[tuple[Free, Side], bool]) -> bool:
    """Plain minimax over sets of free cells, independent of the engine's search."""
    if (free, side) not in memo:
        dr, dc = (0, 1) if side == "H" else (1, 0)
        other: Side = "V" if side == "H" else "H"
        memo[free, side] = any(
            (r + dr, c + dc) in free and not _brute(free - {(r, c), (r + dr, c + dc)}, other, memo)
            for r, c in free
        )
    return memo[free, side]


def _assert_agrees_with_brute_force(pos: Position) -> None:
    """``solve`` and ``winning_moves`` against the plain minimax ``_brute``."""
    rows, cols = len(pos.cells), len(pos.cells[0])
    side = to_move(pos)
    free = frozenset((r, c) for r in range(rows) for c in range(cols) if pos.cells[r][c] == ".")
    other: Side = "V" if side == "H" else "H"
    memo: dict[tuple[Free, Side], bool] = {}
    assert solve(pos) == (side if _brute(free, side, memo) else other)
    expected = [m for m in legal_moves(pos, side) if not _brute(free - set(m.cells), other, memo)]
    assert winning_moves(pos) == expected


@pytest.mark.parametrize("seed", range(40))
def test_solve_agrees_with_brute_force_minimax(seed: int) -> None:
    rng = random.Random(seed)
    rows, cols = rng.randint(1, 4), rng.randint(1, 4)
    grid = [["#" if rng.random() < 0.15 else "." for _ in range(cols)] for _ in range(rows)]
    pos = Position(tuple(tuple(line) for line in grid), rng.choice(["H", "V"]))
    for _ in range(rng.randint(0, 2)):
        moves = legal_moves(pos, to_move(pos))
        if moves:
            pos = apply_move(pos, rng.choice(moves))
    _assert_agrees_with_brute_force(pos)


@pytest.mark.parametrize("seed", range(30))
def test_solve_agrees_with_brute_force_on_eight_wide_and_long_boards(seed: int) -> None:
    # Session 9: the search keeps each row in a byte (bit row * 8 + col) and V's pairs in
    # a transposed board; an 8-cell row or column has no spare bit, so a pair must not
    # wrap from column H to the next row's column A (or from row 8 to the next column).
    rng = random.Random(1000 + seed)
    rows, cols = rng.choice([(1, 8), (8, 1), (2, 8), (8, 2), (3, 8), (8, 3), (8, 8)])
    grid = [
        ["." if rng.random() < 14 / (rows * cols) else "#" for _ in range(cols)]
        for _ in range(rows)
    ]
    pos = Position(tuple(tuple(line) for line in grid), rng.choice(["H", "V"]))
    _assert_agrees_with_brute_force(pos)


def test_solve_a_position_the_safe_moves_decide() -> None:
    # A1 B1 C1 have no free cell above or below: V can never take them, so H has a safe
    # move there (A1-B1 or B1-C1, one of them). V has D1-D2 and D2-D3, one move at most.
    #   A B C D
    # 1 . . . .
    # 2 # # # .
    # 3 # # # .
    # V to move: whichever pair V takes, H answers with a safe move and V has none left.
    assert solve(parse_position("..../###./###. V")) == "H"
    assert winning_moves(parse_position("..../###./###. V")) == []
    # H to move: only C1-D1 wins. After A1-B1 or B1-C1, V takes D1-D2 and H is left
    # with one cell in row 1; after C1-D1, V's D2-D3 is answered by A1-B1.
    pos = parse_position("..../###./###. H")
    assert solve(pos) == "H"
    assert [str(move) for move in winning_moves(pos)] == ["C1-D1"]


# --- match and game interface --------------------------------------------------------------------


def test_match_swaps_orientation_and_starter() -> None:
    match = Match()
    assert (match.orientation(1, 1), match.orientation(2, 1)) == ("H", "V")
    assert (match.orientation(1, 2), match.orientation(2, 2)) == ("V", "H")
    assert (match.starter(1), match.starter(2)) == (1, 2)
    assert match.outcome() is None


@pytest.mark.parametrize(
    ("winners", "wins", "outcome"),
    [
        (("H", "V"), (2, 0), Outcome(0, "2-0", (2, 0))),  # person 1 won as H, then as V
        (("V", "H"), (0, 2), Outcome(1, "2-0", (0, 2))),
        (("H", "H"), (1, 1), Outcome(None, "drawn 1-1", (1, 1))),  # each won as H
        (("V", "V"), (1, 1), Outcome(None, "drawn 1-1", (1, 1))),
    ],
)
def test_match_results(winners: tuple[Side, Side], wins: tuple[int, int], outcome: Outcome) -> None:
    match = Match().record(winners[0])
    assert match.outcome() is None
    match = match.record(winners[1])
    assert match.wins == wins
    assert match.outcome() == outcome
    with pytest.raises(ValueError, match="already recorded"):
        match.record("H")


@pytest.mark.parametrize(
    ("rows", "cols", "first", "message"),
    [
        (0, 5, "H", "1 to 8 rows, got 0"),
        (5, 9, "H", "1 to 8 cols, got 9"),
        (5, 5, "h", "the side that moves first is 'H' or 'V', not 'h'"),
    ],
)
def test_rules_are_checked_when_made(rows: int, cols: int, first: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        dom.DomineeringRules(rows, cols, first)  # type: ignore[arg-type]


def test_game_spec_and_new_game() -> None:
    assert dom.GAME.name == "domineering" and dom.GAME.players == ("H", "V")
    state = dom.GAME.new_game(seed=3)
    assert isinstance(state, dom.DomineeringState)
    assert state.position == Position.empty(5, 5)
    assert state.to_move == 0 and len(state.legal_moves()) == 20
    with pytest.raises(IllegalMoveError, match="vertical pair; H claims horizontal"):
        state.play(parse_move("A1-A2"))


@pytest.mark.parametrize(
    ("position", "move", "player", "reason"),
    [
        ("....", "D1-E1", "H", "E1 is off the board (columns A-D, row 1)"),
        ("./././.", "A4-A5", "V", "A5 is off the board (column A, rows 1-4)"),
        ("../..", "B2-C2", "H", "C2 is off the board (columns A-B, rows 1-2)"),
    ],
)
def test_off_the_board_names_the_board_in_good_english(
    position: str, move: str, player: str, reason: str
) -> None:
    verdict = check_move(parse_position(position), parse_move(move), player)
    assert not verdict.legal and verdict.reason == reason


def test_a_move_typed_with_an_en_dash_or_minus_reads() -> None:
    # Session 12 (newcomer): 'B3–C3' was refused with "write two cells joined by '-'".
    assert dom.parse_move("B3\u2013C3") == dom.parse_move("B3-C3")
    assert dom.parse_move("c3 \u2212 b3") == dom.parse_move("B3-C3")
