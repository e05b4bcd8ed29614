"""Cells, moves and positions of Domineering: notation, validation, legal moves.

Rules: ``rules/domineering.txt``; ``RULINGS.md`` "Domineering".  The package
docstring (:mod:`referee.domineering`) describes the notation.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from referee.dominoes import DASHES
from referee.errors import IllegalMoveError, ImpossiblePositionError, NotationError
from referee.game import Verdict

__all__ = [
    "MAX_SIZE",
    "SIDES",
    "Cell",
    "Move",
    "Position",
    "Side",
    "Verdict",
    "apply_move",
    "cell_name",
    "check_move",
    "format_move",
    "format_position",
    "legal_moves",
    "other_side",
    "pairs",
    "parse_cell",
    "parse_move",
    "parse_position",
    "problems",
    "side_named",
    "to_move",
    "validate",
]

Side = Literal["H", "V"]
#: A cell as ``(row, col)``, 0-based from the top-left cell A1.
Cell = tuple[int, int]

#: Largest board side (boards are 1x1 to 8x8).
MAX_SIZE = 8

SIDES: tuple[Side, Side] = ("H", "V")
_SYMBOLS = ".HV#"
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ORIENTATION = {"H": "horizontal", "V": "vertical"}


def other_side(side: Side) -> Side:
    """The opponent of ``side``."""
    return "V" if side == "H" else "H"


def side_named(value: str, what: str = "side") -> Side:
    """``value`` as a :data:`Side`; ValueError naming ``what`` if it is neither H nor V."""
    if value == "H":
        return "H"
    if value == "V":
        return "V"
    raise ValueError(f"{what} is 'H' or 'V', not {value!r}")


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


# --- cells and moves ----------------------------------------------------------------------------


def cell_name(cell: Cell) -> str:
    """``(row, col)`` -> ``"B3"`` (column letter, then 1-based row number).

    >>> cell_name((2, 1))
    'B3'
    """
    row, col = cell
    if not (0 <= col < len(_LETTERS) and row >= 0):
        raise ValueError(f"no cell name for (row, col) {cell}")
    return f"{_LETTERS[col]}{row + 1}"


_CELL_RE = re.compile(r"([A-Za-z])([0-9]{1,2})")


def parse_cell(text: str) -> Cell:
    """``"B3"`` -> ``(2, 1)``.  Any letter A-Z and row 1-99 parse (off-board is a rule matter).

    Raises
    ------
    referee.errors.NotationError
        If ``text`` is not a letter followed by a row number from 1.
    """
    match = _CELL_RE.fullmatch(text.strip())
    if match is None:
        raise NotationError("a cell is a column letter and a row number, like B3", text=text)
    row = int(match.group(2))
    if row == 0:
        raise NotationError("rows are numbered from 1", text=text, index=text.index(match[2]))
    return (row - 1, _LETTERS.index(match.group(1).upper()))


@dataclass(frozen=True, order=True, slots=True)
class Move:
    """A claim of two cells; the order they are given in does not matter.

    ``a`` is the cell first in row-major order, ``b`` the other, so
    ``Move((2, 2), (2, 1)) == Move((2, 1), (2, 2))`` and moves sort in notation order.
    A move may name cells off any board (that is for :func:`check_move` to say).

    Raises
    ------
    ValueError
        If a row or column is negative.
    """

    a: Cell
    b: Cell

    def __init__(self, a: Cell, b: Cell) -> None:
        if min(*a, *b) < 0:
            raise ValueError(f"cells are (row, col) counted from (0, 0), got {a} and {b}")
        first, second = sorted((tuple(a), tuple(b)))
        object.__setattr__(self, "a", (int(first[0]), int(first[1])))
        object.__setattr__(self, "b", (int(second[0]), int(second[1])))

    @property
    def cells(self) -> tuple[Cell, Cell]:
        """Both cells, ``(row, col)``, in row-major order."""
        return (self.a, self.b)

    @property
    def orientation(self) -> Side | None:
        """``"H"`` for two side-by-side cells, ``"V"`` for one above the other, else ``None``."""
        (r1, c1), (r2, c2) = self.a, self.b
        if r1 == r2 and c2 - c1 == 1:
            return "H"
        if c1 == c2 and r2 - r1 == 1:
            return "V"
        return None

    def __str__(self) -> str:
        return format_move(self)

    def __repr__(self) -> str:
        return f"parse_move({format_move(self)!r})"


def parse_move(text: str) -> Move:
    """Parse ``"B3-C3"`` (cells in either order, spaces around ``-`` allowed), or the two
    cells with only spaces between them, ``"B3 C3"`` (session 11: it was refused while
    ``b3 - c3`` was read).

    Raises
    ------
    referee.errors.NotationError
        If ``text`` is not two cells joined by ``-`` or a space; the message names the
        column.

    >>> parse_move("c3-b3")
    parse_move('B3-C3')
    >>> parse_move("B3 C3")
    parse_move('B3-C3')
    """
    text = text.translate(DASHES)  # session 12: 'B3–C3' was refused
    if "-" in text:
        split = text.index("-")
        parts = text.split("-")
        starts = [0, split + 1]
    else:
        words = [word.start() for word in re.finditer(r"\S+", text)]
        parts = [text[: words[1]], text[words[1] :]] if len(words) == 2 else [text]
        starts = [0, words[1]] if len(words) == 2 else [0]
    if len(parts) != 2:
        raise NotationError(
            f"{text!r} is not a move: write two cells joined by '-' (or a space), like B3-C3"
        )
    cells: list[Cell] = []
    for part, offset in zip(parts, starts, strict=True):
        try:
            cells.append(parse_cell(part))
        except NotationError as error:
            raise error.within(text, offset) from None
    return Move(cells[0], cells[1])


def format_move(move: Move) -> str:
    """``Move((2, 2), (2, 1))`` -> ``"B3-C3"``, cells in row-major order."""
    return f"{cell_name(move.a)}-{cell_name(move.b)}"


# --- positions ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Position:
    """A Domineering sheet: each cell ``.``, ``H``, ``V`` or ``#``, and who started.

    Building one checks only its shape (a rectangle of 1x1 to 8x8, known symbols),
    so a photo reader can hold what it saw; :func:`validate` (or :meth:`checked`)
    applies the rules.

    Attributes
    ----------
    cells : tuple of tuple of str
        ``cells[row][col]``, rows top (row 1) to bottom.
    first : {"H", "V"}
        The side that moved first in this game (``RULINGS.md``: H by default).

    Raises
    ------
    referee.errors.ImpossiblePositionError
        If the grid is not a rectangle of 1 to 8 rows and columns, or holds
        another symbol than ``.``, ``H``, ``V``, ``#`` (the message names the cell).
    """

    cells: tuple[tuple[str, ...], ...]
    first: Side = "H"

    def __post_init__(self) -> None:
        cells = tuple(tuple(row) for row in self.cells)
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "first", side_named(self.first, "the side that moved first"))
        if not 1 <= len(cells) <= MAX_SIZE:
            raise ImpossiblePositionError(
                f"a board has 1 to {MAX_SIZE} rows, this one has {len(cells)}"
            )
        width = len(cells[0])
        if not 1 <= width <= MAX_SIZE:
            raise ImpossiblePositionError(f"a board has 1 to {MAX_SIZE} columns, row 1 has {width}")
        for row, line in enumerate(cells):
            if len(line) != width:
                raise ImpossiblePositionError(
                    f"row {row + 1} has {len(line)} cell{'' if len(line) == 1 else 's'} "
                    f"but row 1 has {width}"
                )
            for col, symbol in enumerate(line):
                if symbol not in _SYMBOLS:
                    raise ImpossiblePositionError(
                        f"cell {cell_name((row, col))} holds {symbol!r}; "
                        "a cell is '.', 'H', 'V' or '#'"
                    )

    @property
    def rows(self) -> int:
        """Number of rows."""
        return len(self.cells)

    @property
    def cols(self) -> int:
        """Number of columns."""
        return len(self.cells[0])

    @classmethod
    def empty(cls, rows: int = 5, cols: int = 5, *, first: Side = "H") -> Position:
        """An empty ``rows`` x ``cols`` board (5x5 by default, ``RULINGS.md``)."""
        return cls(tuple(tuple("." * cols) for _ in range(rows)), first)

    @classmethod
    def checked(cls, cells: Iterable[Iterable[str]], first: Side = "H") -> Position:
        """A position from its cells, validated by the rules (see :func:`validate`)."""
        position = cls(tuple(tuple(row) for row in cells), first)
        validate(position)
        return position

    @classmethod
    def from_pairs(
        cls, claimed: Iterable[Move], *, rows: int = 5, cols: int = 5, first: Side = "H"
    ) -> Position:
        """A position from the claimed pairs (not validated: see :func:`validate`).

        Each pair is marked ``H`` if horizontal, ``V`` if vertical.

        Raises
        ------
        referee.errors.ImpossiblePositionError
            If a pair is off the board, not two adjacent cells, or overlaps another.
        """
        grid = [["."] * cols for _ in range(rows)]
        for move in claimed:
            side = move.orientation
            if side is None:
                raise ImpossiblePositionError(f"{move}: the cells are not adjacent")
            for row, col in move.cells:
                if not (0 <= row < rows and 0 <= col < cols):
                    raise ImpossiblePositionError(
                        f"{move}: {cell_name((row, col))} is off the board"
                    )
                if grid[row][col] != ".":
                    raise ImpossiblePositionError(
                        f"{move}: {cell_name((row, col))} is already claimed"
                    )
                grid[row][col] = side
        return cls(tuple(tuple(line) for line in grid), first)

    def __str__(self) -> str:
        return "/".join("".join(line) for line in self.cells)


def _runs(line: Sequence[str], symbol: str) -> Iterator[tuple[int, int]]:
    """``(start, length)`` of each maximal run of ``symbol`` in ``line``."""
    start = None
    for index, value in enumerate([*line, ""]):
        if value == symbol and start is None:
            start = index
        elif value != symbol and start is not None:
            yield start, index - start
            start = None


def _split_pairs(pos: Position) -> tuple[list[Move], list[str]]:
    """The claimed pairs, and a fault for each odd run: H runs along the rows, V runs
    down the columns."""
    found: list[Move] = []
    faults: list[str] = []
    rows = [[(row, col) for col in range(pos.cols)] for row in range(pos.rows)]
    columns = [[(row, col) for row in range(pos.rows)] for col in range(pos.cols)]
    for side, lines in (("H", rows), ("V", columns)):
        for line in lines:
            for start, length in _runs([pos.cells[row][col] for row, col in line], side):
                cells = line[start : start + length]
                if length % 2:
                    row, col = cells[0]
                    where = f"row {row + 1}" if side == "H" else f"column {_LETTERS[col]}"
                    shown = " ".join(cell_name(cell) for cell in cells)
                    faults.append(
                        f"{where}: {shown} is a run of {_plural(length, side + ' cell')}, "
                        f"which cannot split into {_ORIENTATION[side]} pairs"
                    )
                found += [Move(cells[i], cells[i + 1]) for i in range(0, length - 1, 2)]
    return sorted(found), faults


def _counts(claimed: Iterable[Move]) -> dict[Side, int]:
    counts: dict[Side, int] = {"H": 0, "V": 0}
    for move in claimed:
        side = move.orientation
        if side is not None:
            counts[side] += 1
    return counts


def _count_text(counts: Mapping[Side, int]) -> str:
    return f"{_plural(counts['H'], 'H pair')} and {_plural(counts['V'], 'V pair')}"


def _side_from_counts(counts: Mapping[Side, int], first: Side) -> Side | None:
    difference = counts[first] - counts[other_side(first)]
    if difference == 0:
        return first
    if difference == 1:
        return other_side(first)
    return None


def problems(pos: Position) -> list[str]:
    """Every reason ``pos`` cannot arise under the rules; empty when it can.

    Checks odd runs (``RULINGS.md``: a run of H cells in a row, or V cells in a
    column, splits into pairs in exactly one way) and the pair counts (the side
    that started has as many pairs as the other, or one more).

    >>> problems(Position(("HHH.", "....")))
    ['row 1: A1 B1 C1 is a run of 3 H cells, which cannot split into horizontal pairs']
    """
    claimed, faults = _split_pairs(pos)
    if faults:
        return faults
    counts = _counts(claimed)
    if _side_from_counts(counts, pos.first) is None:
        other = other_side(pos.first)
        faults.append(
            f"impossible counts: {_count_text(counts)}; with {pos.first} starting, "
            f"{pos.first} has as many pairs as {other} ({pos.first} to move) "
            f"or one more ({other} to move)"
        )
    return faults


def validate(pos: Position) -> None:
    """Check ``pos`` against the rules.

    Raises
    ------
    referee.errors.ImpossiblePositionError
        With every fault found (odd runs naming the row or column and cells, or
        the pair counts found), joined by ``"; "``.
    """
    faults = problems(pos)
    if faults:
        raise ImpossiblePositionError("; ".join(faults))


def pairs(pos: Position) -> list[Move]:
    """How the claimed cells split into pairs, sorted in move notation order.

    Raises
    ------
    referee.errors.ImpossiblePositionError
        If a run of H (or V) cells is odd.

    >>> [str(move) for move in pairs(parse_position("HHHH/V.../V...", first="H"))]
    ['A1-B1', 'C1-D1', 'A2-A3']
    """
    claimed, faults = _split_pairs(pos)
    if faults:
        raise ImpossiblePositionError("; ".join(faults))
    return claimed


def to_move(pos: Position) -> Side:
    """The side to move, from the pair counts and who started (``RULINGS.md``).

    Raises
    ------
    referee.errors.ImpossiblePositionError
        If ``pos`` is impossible (see :func:`validate`).
    """
    validate(pos)
    side = _side_from_counts(_counts(pairs(pos)), pos.first)
    assert side is not None
    return side


def claimant(pos: Position, player: Side | None = None) -> Side:
    """Who claims a pair in a dispute check: ``player`` if named, else the side to move.

    One rule for ``referee domineering check`` (``--player`` optional since session 10)
    and ``POST /api/domineering/check`` (``player`` optional).

    >>> claimant(parse_position("../.."))
    'H'
    >>> claimant(parse_position("HH/.."))
    'V'
    >>> claimant(parse_position("HH/.."), "H")
    'H'

    Raises
    ------
    referee.errors.ImpossiblePositionError
        If ``player`` is not given and ``pos`` is impossible (see :func:`to_move`).
    """
    if player is not None:
        return side_named(player, "player")
    return to_move(pos)


_UPPER_SIDES = str.maketrans("hv", "HV")


def parse_position(text: str, *, first: Side | None = None) -> Position:
    """Parse a position: rows from row 1 joined by ``/``, then optionally `` H`` or `` V``.

    Rows may also be written one per line (a file holding a position); the side
    to move then follows the last row on its line.

    Parameters
    ----------
    text : str
        E.g. ``".HH../...../..... V"``.
    first : {"H", "V"} or None
        The side that started this game.  ``None``: H (``RULINGS.md``), unless
        the side-to-move suffix and the counts show that V started (so that every
        formatted position parses back to itself).  Without a suffix, counts that
        only fit V starting are an impossible position, as with ``first="H"``.

    Raises
    ------
    referee.errors.NotationError
        For an unknown cell symbol, rows of different lengths, an empty row, a
        board over 8x8 or a suffix other than H or V (naming the column).
    referee.errors.ImpossiblePositionError
        For an odd run, impossible counts, or a suffix the counts contradict.

    >>> parse_position("../.. V").first
    'V'
    >>> format_position(parse_position("hh/.. v"))
    'HH/.. V'
    """
    if "\n" in text.strip():
        # One row a line (as in a file): the same as rows joined by '/'. A fault is placed
        # in its line, at its column there (session 13: the column counted over the whole
        # text joined).
        joined, origin = _join_lines(text)
        try:
            return _parse_one_line(joined, first)
        except NotationError as error:
            if error.text != joined or error.index is None:
                raise
            number, column = origin[error.index]
            line = text.splitlines()[number - 1]
            raise NotationError(error.reason, text=line, index=column, line=number) from None
    return _parse_one_line(text, first)


def _join_lines(text: str) -> tuple[str, list[tuple[int, int]]]:
    """A position written one row a line, its lines stripped and joined by ``/``, and
    where each character of that (one more entry: the end) was: ``(line from 1, offset
    in that line)``; a ``/`` put between two lines is placed at the first one's last
    character (session 13 review: just past it, a column beyond the line quoted).

    >>> _join_lines("HH\\n\\n .. V")
    ('HH/.. V', [(1, 0), (1, 1), (1, 1), (3, 1), (3, 2), (3, 3), (3, 4), (3, 5)])
    """
    parts: list[str] = []
    origin: list[tuple[int, int]] = []
    end = (1, 0)
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped:
            continue
        if parts:
            origin.append((end[0], end[1] - 1))
        lead = len(line) - len(line.lstrip())
        origin.extend((number, lead + offset) for offset in range(len(stripped)))
        end = (number, lead + len(stripped))
        parts.append(stripped)
    return "/".join(parts), [*origin, end]


def _parse_one_line(text: str, first: Side | None) -> Position:
    """:func:`parse_position` of a position written on one line."""
    # Spaces around '/' (". . / .." is typed so; the web page took it, the CLI did not:
    # session 11) are dropped; a fault is still placed at its column in the text given.
    compact, origin = _close_slashes(text)
    if compact == text:
        return _parse_board_and_side(text, first)
    try:
        return _parse_board_and_side(compact, first)
    except NotationError as error:
        if error.text != compact:
            raise
        index = None if error.index is None else origin[error.index]
        raise NotationError(error.reason, text=text, index=index) from None


def _close_slashes(text: str) -> tuple[str, list[int]]:
    """``text`` without the spaces next to a ``/``, and each kept character's index in
    ``text`` (one more entry: the end), so a fault found in the first is placed in the
    second.

    >>> _close_slashes("HH / ..")
    ('HH/..', [0, 1, 3, 5, 6, 7])
    """
    kept: list[int] = []
    for index, symbol in enumerate(text):
        if symbol.isspace():
            before = text[:index].rstrip()
            after = text[index:].lstrip()
            if before.endswith("/") or after.startswith("/"):
                continue
        kept.append(index)
    return "".join(text[index] for index in kept), [*kept, len(text)]


def _parse_board_and_side(text: str, first: Side | None) -> Position:
    """:func:`parse_position` of a text with no space next to a ``/``."""
    # Board, side to move?  'h' and 'v' are read as 'H' and 'V' (as the CLI's --first
    # and the web page take them); the text keeps its length, so columns stay right.
    raw = [word.rstrip() for word in text.split(maxsplit=2)]
    words = [word.translate(_UPPER_SIDES) for word in raw]
    if not 1 <= len(words) <= 2:
        # Placed at the word after the side to move (session 11: "at column 1" of
        # "..... ..... ....." pointed at nothing wrong).
        spans = [word.start() for word in re.finditer(r"\S+", text)]
        hint = ""
        tokens = [token.translate(_UPPER_SIDES) for token in text.split()]
        spaced = all(
            set(token) <= set(_SYMBOLS + "/") and all(len(cell) <= 1 for cell in token.split("/"))
            for token in tokens
        )
        if len(spans) > 2 and spaced:
            # Every cell a word of its own (session 14: "h h . . . / v . . . ." was told
            # only "a third word").
            hint = "; a row's cells are written together, without spaces: 'HH...' not 'H H . . .'"
        elif len(spans) > 2 and words[1] not in SIDES and all(s in _SYMBOLS for s in words[1]):
            hint = "; rows are joined by '/' or written one per line, not by spaces"
        raise NotationError(
            "a position is rows of '.', 'H', 'V', '#' joined by '/', then optionally H or V"
            + (f": a third word{hint}" if len(spans) > 2 else ""),
            text=text,
            index=spans[2] if len(spans) > 2 else 0,
        )
    board = words[0]
    offset = start = len(text) - len(text.lstrip())
    rows = board.split("/")
    if len(rows) > MAX_SIZE:
        raise NotationError(
            f"a board has at most {MAX_SIZE} rows, this one has {len(rows)}", text=text
        )
    for number, row in enumerate(rows):
        if not row:
            # Placed at the '/' that ends the empty row, or for a last row the '/' before
            # it (session 13 review: ".../.../" said column 9 of its 8 characters).
            at = offset if offset < start + len(board) else offset - 1
            raise NotationError(f"row {number + 1} is empty", text=text, index=at)
        for index, symbol in enumerate(row[: MAX_SIZE + 1]):  # a longer row is refused below
            if symbol not in _SYMBOLS:
                raise NotationError(
                    f"unknown cell symbol {symbol!r} (a cell is '.', 'H', 'V' or '#')",
                    text=text,
                    index=offset + index,
                )
        if len(row) > MAX_SIZE:
            raise NotationError(
                f"a board has at most {MAX_SIZE} columns, row {number + 1} has {len(row)}",
                text=text,
                index=offset,
            )
        if len(row) != len(rows[0]):
            hint = ""
            if number == len(rows) - 1 and number and row in SIDES:
                # The side to move written as a row of its own: after a '/' (".../... /V"),
                # or on a line of its own in a file (session 13: said only as a short row).
                hint = (
                    "; the side to move goes after the last row, on its line: "
                    f"'{'/'.join(rows[:-1])} {row}'"
                )
            raise NotationError(
                f"row {number + 1} has {len(row)} cell{'' if len(row) == 1 else 's'} "
                f"but row 1 has {len(rows[0])}{hint}",
                text=text,
                index=offset,
            )
        offset += len(row) + 1
    said: Side | None = None
    if len(words) == 2:
        if words[1] not in SIDES:
            row_like = all(symbol in _SYMBOLS for symbol in words[1])
            hint = ""
            if row_like:
                hint = "; rows are joined by '/' or written one per line, not by spaces"
            raise NotationError(
                f"the side to move is H or V, not {raw[1]!r}{hint}",
                text=text,
                index=text.index(raw[1], start + len(board)),
            )
        said = side_named(words[1])
    grid = tuple(tuple(row) for row in rows)
    if first is None and said is None:
        first = "H"
    elif first is None:
        # H started unless only V starting fits the counts and the named side to move.
        valid = [side for side in SIDES if not problems(Position(grid, side))]
        fitting = [side for side in valid if said is None or to_move(Position(grid, side)) == said]
        first = (fitting or valid or ["H"])[0]
    position = Position.checked(grid, first)
    found = to_move(position)
    if said is not None and said != found:
        counts = _counts(pairs(position))
        raise ImpossiblePositionError(
            f"the position says {said} to move, but with {_count_text(counts)} "
            f"and {position.first} starting it is {found} to move"
        )
    return position


def format_position(pos: Position, *, with_side: bool = True) -> str:
    """Rows joined by ``/``, then the side to move (unless ``with_side=False``).

    Raises
    ------
    referee.errors.ImpossiblePositionError
        If ``with_side`` and ``pos`` is impossible (format it with ``with_side=False``).
    """
    text = str(pos)
    return f"{text} {to_move(pos)}" if with_side else text


# --- moves on a position ------------------------------------------------------------------------


def legal_moves(pos: Position, player: Side) -> list[Move]:
    """Every pair ``player`` may claim, sorted by first cell in row-major order.

    H claims two horizontally adjacent empty cells, V two vertically adjacent
    ones (``rules/domineering.txt``).  On an empty n x n board each side has
    n(n-1) moves.

    >>> len(legal_moves(Position.empty(), "H")), len(legal_moves(Position.empty(3, 2), "V"))
    (20, 4)
    """
    side = side_named(player, "player")
    d_row, d_col = (0, 1) if side == "H" else (1, 0)
    found = []
    for row in range(pos.rows - d_row):
        for col in range(pos.cols - d_col):
            if pos.cells[row][col] == "." and pos.cells[row + d_row][col + d_col] == ".":
                found.append(Move((row, col), (row + d_row, col + d_col)))
    return found


def check_move(pos: Position, move: Move, player: Side) -> Verdict:
    """May ``player`` claim ``move`` on ``pos``?  Answers for the named player.

    The reasons, checked in this order (``RULINGS.md``, dispute check): a cell off
    the board, a cell not part of the board (``#``), cells not adjacent, the
    wrong orientation for that player, occupied cells (named, with who holds them).
    Whose turn it is is not checked here (see :func:`apply_move`).
    """
    side = side_named(player, "player")
    off = [cell for cell in move.cells if not (0 <= cell[0] < pos.rows and 0 <= cell[1] < pos.cols)]
    if off:
        columns = "column A" if pos.cols == 1 else f"columns A-{_LETTERS[pos.cols - 1]}"
        where = f"{columns}, {'row 1' if pos.rows == 1 else f'rows 1-{pos.rows}'}"
        names = " and ".join(cell_name(cell) for cell in off)
        verb = "is" if len(off) == 1 else "are"
        return Verdict(False, f"{names} {verb} off the board ({where})")
    holes = [cell for cell in move.cells if pos.cells[cell[0]][cell[1]] == "#"]
    if holes:
        names = " and ".join(cell_name(cell) for cell in holes)
        verb = "is" if len(holes) == 1 else "are"
        return Verdict(False, f"{names} {verb} not part of the board")
    if move.a == move.b:
        return Verdict(False, f"{move} names the same cell twice; a pair is two adjacent cells")
    if move.orientation is None:
        return Verdict(False, f"{cell_name(move.a)} and {cell_name(move.b)} are not adjacent cells")
    if move.orientation != side:
        return Verdict(
            False,
            f"{move} is a {_ORIENTATION[move.orientation]} pair; "
            f"{side} claims {_ORIENTATION[side]} pairs",
        )
    taken = [cell for cell in move.cells if pos.cells[cell[0]][cell[1]] != "."]
    if taken:
        names = " and ".join(f"{cell_name(cell)}" for cell in taken)
        holders = [pos.cells[row][col] for row, col in taken]
        verb = "is" if len(taken) == 1 else "are"
        # Each cell's side named with it when they differ (session 14: "claimed by H and
        # V" was in letter order, C2 held by V and C3 by H read the wrong way round).
        by = (
            f"claimed by {holders[0]}"
            if len(set(holders)) == 1
            else ", ".join(
                f"{cell_name(cell)} by {side}" for cell, side in zip(taken, holders, strict=True)
            )
        )
        return Verdict(False, f"{names} {verb} occupied ({by})")
    return Verdict(True, f"{side} may claim {move}")


def apply_move(pos: Position, move: Move, player: Side | None = None) -> Position:
    """The position after ``player`` (default: the side to move) claims ``move``.

    Raises
    ------
    referee.errors.IllegalMoveError
        With the reason from :func:`check_move`, or if it is not ``player``'s turn.
    referee.errors.ImpossiblePositionError
        If ``pos`` itself is impossible.
    """
    turn = to_move(pos)
    side = turn if player is None else side_named(player, "player")
    if side != turn:
        raise IllegalMoveError(f"it is {turn}'s turn to move, not {side}'s")
    verdict = check_move(pos, move, side)
    if not verdict.legal:
        raise IllegalMoveError(verdict.reason)
    grid = [list(line) for line in pos.cells]
    for row, col in move.cells:
        grid[row][col] = side
    return Position(tuple(tuple(line) for line in grid), pos.first)
