"""Terrains, squares, kingdoms and the kingdom notation (``rules/kingdomino-2p.txt``).

Notation
--------
Rows top to bottom separated by ``/`` or newlines, squares by spaces.  A square
is a terrain letter plus an optional crown digit: ``W`` wheat, ``F`` forest,
``L`` lake, ``G`` grassland, ``S`` swamp, ``M`` mine, ``C`` castle, ``.`` empty.
Any rectangle up to 9x9.  A row with no space in it is read square by square
(``W1WF.C``).

>>> kingdom = parse_kingdom("G L F F F1/W C . . .")
>>> kingdom.rows, kingdom.cols
(2, 5)
>>> kingdom[0, 4]
Square(terrain=<Terrain.FOREST: 'forest'>, crowns=1)
>>> format_kingdom(kingdom)
'G L F F F1/W C . . .'
>>> format_kingdom(kingdom.transpose())
'G W/L C/F ./F ./F1 .'
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from referee.errors import NotationError

__all__ = [
    "MAX_CROWNS",
    "MAX_SIDE",
    "Kingdom",
    "Square",
    "Terrain",
    "format_kingdom",
    "format_square",
    "kingdom_square_name",
    "parse_kingdom",
    "parse_kingdom_square",
    "parse_square",
]

#: Largest kingdom grid, in squares per side (the notation's limit).
MAX_SIDE = 9
#: Largest crown count a square may carry in the notation (one digit).
MAX_CROWNS = 9


class Terrain(StrEnum):
    """What a square shows; ``letter`` is its notation letter.

    >>> Terrain.from_letter("m"), Terrain.SWAMP.letter
    (<Terrain.MINE: 'mine'>, 'S')
    """

    WHEAT = "wheat"
    FOREST = "forest"
    LAKE = "lake"
    GRASSLAND = "grassland"
    SWAMP = "swamp"
    MINE = "mine"
    CASTLE = "castle"
    EMPTY = "empty"

    @property
    def letter(self) -> str:
        """The notation letter: ``W F L G S M C`` or ``.``."""
        return _LETTERS[self]

    @property
    def is_landscape(self) -> bool:
        """True for the six terrains that form domains (not castle, not empty)."""
        return self not in (Terrain.CASTLE, Terrain.EMPTY)

    @classmethod
    def from_letter(cls, letter: str) -> Terrain:
        """The terrain written ``letter`` (case-insensitive).

        Raises
        ------
        NotationError
            If ``letter`` is not one of ``W F L G S M C .``.
        """
        try:
            return _BY_LETTER[letter.upper()]
        except KeyError:
            raise NotationError(
                f"unknown terrain letter {letter!r} (expected one of W F L G S M C .)"
            ) from None


_LETTERS: Mapping[Terrain, str] = MappingProxyType(
    {
        Terrain.WHEAT: "W",
        Terrain.FOREST: "F",
        Terrain.LAKE: "L",
        Terrain.GRASSLAND: "G",
        Terrain.SWAMP: "S",
        Terrain.MINE: "M",
        Terrain.CASTLE: "C",
        Terrain.EMPTY: ".",
    }
)
_BY_LETTER: Mapping[str, Terrain] = MappingProxyType(
    {letter: terrain for terrain, letter in _LETTERS.items()}
)


@dataclass(frozen=True)
class Square:
    """One square of a kingdom: a terrain and the crowns printed on it.

    Raises
    ------
    ValueError
        If ``terrain`` is not a terrain, or ``crowns`` is not an int from 0 to 9.
    """

    terrain: Terrain
    crowns: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.terrain, Terrain):
            try:
                object.__setattr__(self, "terrain", Terrain(self.terrain))
            except ValueError:
                raise ValueError(f"unknown terrain {self.terrain!r}") from None
        if not isinstance(self.crowns, int) or isinstance(self.crowns, bool):
            raise ValueError(f"crowns must be an int, got {self.crowns!r}")
        if not 0 <= self.crowns <= MAX_CROWNS:
            raise ValueError(f"a square has 0 to {MAX_CROWNS} crowns, got {self.crowns}")

    def __str__(self) -> str:
        return format_square(self)


EMPTY_SQUARE = Square(Terrain.EMPTY)
CASTLE_SQUARE = Square(Terrain.CASTLE)

_SquareLike = Square | tuple[Terrain | str, int]


@dataclass(frozen=True)
class Kingdom:
    """A rectangle of squares, ``rows x cols`` (row 0 at the top), at most 9x9.

    Attributes
    ----------
    squares : tuple of tuple of Square
        ``squares[row][col]``.

    Raises
    ------
    ValueError
        If the grid is empty, not rectangular, larger than 9x9, or holds
        something that is not a :class:`Square`.
    """

    squares: tuple[tuple[Square, ...], ...]

    def __post_init__(self) -> None:
        if not self.squares or not self.squares[0]:
            raise ValueError("a kingdom has at least one row and one column")
        cols = len(self.squares[0])
        for row, line in enumerate(self.squares):
            if len(line) != cols:
                raise ValueError(f"row {row} has {len(line)} squares, row 0 has {cols}")
            for col, square in enumerate(line):
                if not isinstance(square, Square):
                    raise ValueError(f"({row}, {col}) is not a Square: {square!r}")
        if len(self.squares) > MAX_SIDE or cols > MAX_SIDE:
            raise ValueError(
                f"a kingdom is at most {MAX_SIDE}x{MAX_SIDE} squares, "
                f"got {len(self.squares)} rows x {cols} columns"
            )

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[_SquareLike]]) -> Kingdom:
        """Build a kingdom from rows of :class:`Square` or ``(terrain, crowns)`` pairs.

        >>> Kingdom.from_rows([[("wheat", 1), ("castle", 0)]])
        Kingdom.from_rows([[('wheat', 1), ('castle', 0)]])
        """
        return cls(
            tuple(
                tuple(s if isinstance(s, Square) else Square(Terrain(s[0]), s[1]) for s in row)
                for row in rows
            )
        )

    @classmethod
    def empty(cls, rows: int, cols: int) -> Kingdom:
        """A grid of ``rows x cols`` empty squares."""
        if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
            raise ValueError(f"a kingdom is 1x1 to {MAX_SIDE}x{MAX_SIDE}, got {rows}x{cols}")
        return cls(tuple(tuple(EMPTY_SQUARE for _ in range(cols)) for _ in range(rows)))

    @property
    def rows(self) -> int:
        """Number of rows."""
        return len(self.squares)

    @property
    def cols(self) -> int:
        """Number of columns."""
        return len(self.squares[0])

    def __getitem__(self, at: tuple[int, int]) -> Square:
        row, col = at
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise IndexError(f"({row}, {col}) is outside the {self.rows}x{self.cols} kingdom")
        return self.squares[row][col]

    def __contains__(self, at: object) -> bool:
        """True if ``at`` is a ``(row, col)`` inside the grid."""
        if not (isinstance(at, tuple) and len(at) == 2):
            return False
        row, col = at
        return isinstance(row, int) and isinstance(col, int) and self._inside(row, col)

    def _inside(self, row: int, col: int) -> bool:
        return 0 <= row < self.rows and 0 <= col < self.cols

    def cells(self) -> Iterator[tuple[tuple[int, int], Square]]:
        """Every ``((row, col), square)``, row-major."""
        for row, line in enumerate(self.squares):
            for col, square in enumerate(line):
                yield (row, col), square

    def transpose(self) -> Kingdom:
        """The kingdom mirrored on its main diagonal: square (r, c) moves to (c, r)."""
        return Kingdom(tuple(zip(*self.squares, strict=True)))

    def replace(self, changes: Mapping[tuple[int, int], Square]) -> Kingdom:
        """A copy with the squares at the given ``(row, col)`` replaced.

        Raises
        ------
        IndexError
            If a position is outside the grid.
        """
        for row, col in changes:
            if not self._inside(row, col):
                raise IndexError(f"({row}, {col}) is outside the {self.rows}x{self.cols} kingdom")
        return Kingdom(
            tuple(
                tuple(changes.get((row, col), square) for col, square in enumerate(line))
                for row, line in enumerate(self.squares)
            )
        )

    def __str__(self) -> str:
        return format_kingdom(self)

    def __repr__(self) -> str:
        rows = [[(s.terrain.value, s.crowns) for s in line] for line in self.squares]
        return f"Kingdom.from_rows({rows!r})"


def format_square(square: Square) -> str:
    """``F1`` for a forest with one crown, ``F`` with none, ``.`` for empty."""
    return square.terrain.letter + (str(square.crowns) if square.crowns else "")


def parse_square(text: str) -> Square:
    """Parse one square: a terrain letter and at most one crown digit.

    >>> parse_square("M3")
    Square(terrain=<Terrain.MINE: 'mine'>, crowns=3)

    Raises
    ------
    NotationError
        With the column of the fault in ``text``.
    """
    square, fault = _parse_token(text.strip())
    if square is None:
        message, offset = fault
        raise NotationError(message, text=text, index=text.index(text.strip()) + offset)
    return square


def _parse_token(token: str) -> tuple[Square | None, tuple[str, int]]:
    """(square, ("", 0)) or (None, (message, offset of the fault in token))."""
    if not token:
        return None, ("empty square", 0)
    letter = token[0]
    if letter.upper() not in _BY_LETTER:
        return None, (f"unknown terrain letter {letter!r} (expected one of W F L G S M C .)", 0)
    rest = token[1:]
    if len(rest) > 1 or (rest and not rest.isdigit()) or (rest and not rest.isascii()):
        bad = 1 if rest and not (rest[0].isascii() and rest[0].isdigit()) else 2
        return None, (
            f"bad square {token!r}: a square is a terrain letter and at most one crown digit",
            bad,
        )
    return Square(_BY_LETTER[letter.upper()], int(rest) if rest else 0), ("", 0)


_ROW_BREAK = re.compile(r"[/\n]")
_SPACED = re.compile(r"\S+")


def _rows(text: str) -> Iterator[tuple[int, int, str]]:
    """Each part of ``text`` between row breaks: ``(start, end, break after it)``, the
    break ``"/"``, ``"\\n"`` or ``""`` at the end of the text."""
    start = 0
    for found in _ROW_BREAK.finditer(text):
        yield start, found.start(), found.group()
        start = found.end()
    yield start, len(text), ""


def _line_of(text: str, index: int) -> tuple[str, int]:
    """The line of ``text`` holding ``index``, and ``index`` within it."""
    start = text.rfind("\n", 0, index) + 1
    end = text.find("\n", index)
    line = text[start : end if end >= 0 else None]
    return line.removesuffix("\r"), index - start


def _compact_squares(row: str) -> Iterator[tuple[int, str]]:
    """A row written without spaces (``W1WF.C``) cut into its squares: ``(offset, token)``,
    each a character and the crown digit after it, if any."""
    index = 0
    while index < len(row):
        end = index + 2 if row[index + 1 : index + 2].isdigit() else index + 1
        yield index, row[index:end]
        index = end


def _count_compact(row: str) -> int:
    """How many squares :func:`_compact_squares` cuts ``row`` into."""
    return sum(1 for _ in _compact_squares(row))


def _parse_row(row: str, number: int, width: int | None) -> tuple[Square, ...]:
    """The squares of one row, ``row`` stripped of the spaces around it.

    ``width`` is row 1's number of squares (``None`` while reading row 1).  A row with
    no space in it is read compact, a terrain letter and an optional crown digit after
    another (``W1WF.C``); one square alone reads the same either way.

    Raises
    ------
    NotationError
        With ``row`` as its text and the column of the fault in it: a bad square,
        more squares than row 1 (or than 9) at the first square too many, or fewer
        than row 1 at the row's last character ("... (1 missing): the row ends at
        column 3 of 'W W'").
    """
    compact = not any(char.isspace() for char in row)
    tokens = (
        _compact_squares(row)
        if compact
        else ((m.start(), m.group()) for m in _SPACED.finditer(row))
    )
    limit = MAX_SIDE if width is None else width
    squares: list[Square] = []
    for offset, token in tokens:
        if len(squares) == limit:  # one square too many: count them all, stop here
            count = _count_compact(row) if compact else len(row.split())
            message = (
                f"a kingdom has at most {MAX_SIDE} columns, row 1 has {count}"
                if width is None
                else f"row {number} has {count} squares but row 1 has {width}"
            )
            raise NotationError(message, text=row, index=offset)
        if compact and squares and token[0].isdigit() and row[offset - 1].isdigit():
            # F12: a second crown digit (not a square of its own)
            after = offset
            while after < len(row) and row[after].isdigit():
                after += 1
            raise NotationError(
                f"bad square {row[offset - 2 : after]!r}: a square is a terrain letter and"
                f" at most one crown digit in row {number}",
                text=row,
                index=offset,
            )
        square, (message, fault) = _parse_token(token)
        if square is None:
            raise NotationError(f"{message} in row {number}", text=row, index=offset + fault)
        squares.append(square)
    if width is not None and len(squares) < width:
        # Placed at the row's last character, and said so: the column just past it
        # pointed at nothing (session 13).
        count = len(squares)
        raise NotationError(
            f"row {number} has {count} square{'' if count == 1 else 's'} but row 1 has {width}"
            f" ({width - count} missing): the row ends",
            text=row,
            index=len(row) - 1,
        )
    return tuple(squares)


def parse_kingdom(text: str) -> Kingdom:
    """Parse a kingdom: rows separated by ``/`` or newlines, squares by spaces.

    Blank lines and extra spaces are ignored.  A row typed with no spaces is read
    square by square, a terrain letter and an optional crown digit each (``W1WF.C``).

    >>> parse_kingdom(" C  W1 \\n\\n F . ").squares[1][0]
    Square(terrain=<Terrain.FOREST: 'forest'>, crowns=0)
    >>> format_kingdom(parse_kingdom("W1WF.C/L L L L L"))
    'W1 W F . C/L L L L L'

    Raises
    ------
    NotationError
        Naming the fault and its row (from 1), with the column of the fault in that
        row and that row as its text (rows typed on one line with ``/`` or on many,
        the column counts within the row named): unknown letter, bad crown digit,
        rows of different lengths, more than 9 rows or columns, no squares at all.
        An empty row (two ``/`` with nothing between) is placed in the line of text
        holding its ``/``.
    """
    rows: list[tuple[Square, ...]] = []
    last = len(text.rstrip()) - 1  # where a "/" ending the text would be
    for start, end, after in _rows(text):
        part = text[start:end]
        row = part.strip()
        if not row:
            if after == "/":
                line, index = _line_of(text, end)
                raise NotationError(f"row {len(rows) + 1} is empty", text=line, index=index)
            continue
        number = len(rows) + 1
        if number > MAX_SIDE:  # a 10th row: stop reading here, count them all
            more = sum(1 for piece in _ROW_BREAK.split(text[start:]) if piece.strip())
            raise NotationError(
                f"a kingdom has at most {MAX_SIDE} rows, got {MAX_SIDE + more}: row {number}"
                " is one too many",
                text=row,
                index=0,
            )
        rows.append(_parse_row(row, number, len(rows[0]) if rows else None))
        if after == "/" and end == last:  # "G L/": the row after the "/" is empty
            line, index = _line_of(text, end)
            raise NotationError(f"row {number + 1} is empty", text=line, index=index)
    if not rows:
        raise NotationError("empty kingdom: no squares", text=text)
    return Kingdom(tuple(rows))


def format_kingdom(kingdom: Kingdom, *, row_separator: str = "/") -> str:
    """The notation of ``kingdom``: rows joined by ``row_separator``, squares by spaces."""
    return row_separator.join(" ".join(format_square(s) for s in line) for line in kingdom.squares)


#: A Kingdomino square as the engine and the photo reader name it in warnings: ``(row, col)``
#: from 0 (a kingdom is at most 9x9: one digit each, 0 to 8; a square off any kingdom,
#: such as ``(0, 9)`` or ``(-1, 2)`` in a placement's reason, has no name and is left so).
_KINGDOM_SQUARE = re.compile(r"\(([0-8]), ([0-8])\)")
_KINGDOM_COLUMNS = "ABCDEFGHI"
#: A square as a player names it: column letter, row from 1 (``A3``); any case, spaces
#: around ignored.
_SQUARE_NAME = re.compile(r"\s*([A-Za-z])\s*(\d+)\s*")


def kingdom_square_name(at: tuple[int, int]) -> str:
    """The name a player reads on the board of the square ``at`` = ``(row, col)`` from 0:
    column letter, then row from 1.

    >>> kingdom_square_name((2, 0)), kingdom_square_name((0, 4)), kingdom_square_name((8, 8))
    ('A3', 'E1', 'I9')

    Raises
    ------
    ValueError
        For a square off every kingdom (row or column outside 0 to 8).
    """
    row, col = at
    if not (0 <= row < MAX_SIDE and 0 <= col < MAX_SIDE):
        raise ValueError(f"{at} is off every kingdom (at most {MAX_SIDE}x{MAX_SIDE})")
    return f"{_KINGDOM_COLUMNS[col]}{row + 1}"


def parse_kingdom_square(text: str) -> tuple[int, int]:
    """The ``(row, col)`` from 0 of a square named as on the board: the inverse of
    :func:`kingdom_square_name` (``A3`` is column A, row 3: ``(2, 0)``).

    >>> parse_kingdom_square("A3"), parse_kingdom_square("e1"), parse_kingdom_square(" I9 ")
    ((2, 0), (0, 4), (8, 8))
    >>> all(parse_kingdom_square(kingdom_square_name((r, c))) == (r, c)
    ...     for r in range(9) for c in range(9))
    True
    >>> parse_kingdom_square("J1")
    Traceback (most recent call last):
    ...
    referee.errors.NotationError: 'J1' is not a square: a kingdom's columns are A to I

    A square off a smaller kingdom (``F1`` of a 5x5) parses: whether it is on the grid is
    for the rules to say (``square (0, 5) is outside the grid``).

    Raises
    ------
    NotationError
        For anything but a letter A-I and a row 1-9, saying which part is wrong.
    """
    match = _SQUARE_NAME.fullmatch(text)
    if match is None:
        raise NotationError(
            f"{text!r} is not a square: a column letter then a row number from 1, like A3"
        )
    letter, row = match[1].upper(), int(match[2])
    if letter not in _KINGDOM_COLUMNS:
        raise NotationError(
            f"{text!r} is not a square: a kingdom's columns are A to {_KINGDOM_COLUMNS[-1]}"
        )
    if not 1 <= row <= MAX_SIDE:
        raise NotationError(f"{text!r} is not a square: a kingdom's rows are 1 to {MAX_SIDE}")
    return row - 1, _KINGDOM_COLUMNS.index(letter)


def name_kingdom_squares(text: str) -> str:
    """``text`` with each Kingdomino square ``(row, col)`` named as a player reads the
    board: column letter, then row from 1, so ``(2, 0)`` is ``A3``.

    What the kingdom pages show (``web/static/kingdomino.js``); the CLI's text output and
    the saved-results page use this one function (session 10: the CLI said ``(2, 0)``
    where the pages said ``A3``).  JSON keeps the engine's ``(row, col)``.

    >>> name_kingdom_squares("(2, 0): unsure (0.46) of swamp with 0 crowns, please check")
    'A3: unsure (0.46) of swamp with 0 crowns, please check'
    >>> name_kingdom_squares("2 castles at (0, 0), (4, 8): a kingdom has one castle")
    '2 castles at A1, I5: a kingdom has one castle'
    """
    return _KINGDOM_SQUARE.sub(lambda at: kingdom_square_name((int(at[1]), int(at[2]))), text)
