"""Domino tiles, hands, double-N sets and a line of play with two open ends.

Shared by Cross (``rules/cross.txt``), Two-Step (``rules/two-step.txt``) and the
pip reader in :mod:`vision`.  Pips are ints, never floats.

Notation
--------
A tile is ``a-b``; ``a|b`` and ``[a|b]`` are accepted too.  A tile is the same
tile whichever way round it is written (``5-3`` is ``3-5``) and is formatted
smaller number first.  A hand is tiles separated by spaces and/or commas; the
empty string is an empty hand.

>>> parse_hand("6-6, [3|5] 0-2")
(Tile(6, 6), Tile(3, 5), Tile(0, 2))
>>> format_hand(parse_hand("5-3 2|0"))
'3-5 0-2'
>>> pip_total(parse_hand("6-6 3-5"))
20
>>> len(double_set(6)), sum(t.pips for t in double_set(6))
(28, 168)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from referee.errors import IllegalMoveError, ImpossiblePositionError, NotationError, RefereeError

__all__ = [
    "DASHES",
    "DEFAULT_MAX_PIPS",
    "End",
    "Line",
    "Tile",
    "check_tiles",
    "double_set",
    "format_hand",
    "format_tile",
    "parse_halves",
    "parse_hand",
    "parse_tile",
    "pip_total",
]

#: A double-six set unless a game says otherwise.
DEFAULT_MAX_PIPS = 6
#: Largest pip count a half may show in any set we read (double-eighteen).
_MAX_HALF = 18

End = Literal["left", "right"]


@dataclass(frozen=True, order=True, slots=True)
class Tile:
    """One domino tile: two halves of ``low`` and ``high`` pips, ``low <= high``.

    ``Tile(5, 3)`` and ``Tile(3, 5)`` are the same tile.

    Raises
    ------
    referee.errors.RefereeError
        If a half is negative or above 18 pips (a ``ValueError``).
    TypeError
        If a half is not an ``int``.
    """

    low: int
    high: int

    def __init__(self, a: int, b: int) -> None:
        for half in (a, b):
            if not isinstance(half, int) or isinstance(half, bool):
                raise TypeError(f"pips must be int, got {half!r}")
            if not 0 <= half <= _MAX_HALF:
                raise RefereeError(f"a half has 0 to {_MAX_HALF} pips, got {half}")
        object.__setattr__(self, "low", min(a, b))
        object.__setattr__(self, "high", max(a, b))

    def __repr__(self) -> str:
        return f"Tile({self.low}, {self.high})"

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"

    @property
    def pips(self) -> int:
        """Pips on the whole tile (points)."""
        return self.low + self.high

    @property
    def is_double(self) -> bool:
        """True for a double (both halves alike), such as ``6-6``."""
        return self.low == self.high

    def has(self, pips: int) -> bool:
        """True if either half shows ``pips``."""
        return pips in (self.low, self.high)

    def other(self, pips: int) -> int:
        """The half left open when the half showing ``pips`` is matched.

        Raises
        ------
        ValueError
            If neither half shows ``pips``.
        """
        if pips == self.low:
            return self.high
        if pips == self.high:
            return self.low
        raise ValueError(f"tile {self} has no half with {pips} pips")


#: Dashes typed for '-' by phone keyboards and word processors (hyphen, non-breaking
#: hyphen, figure dash, en dash, em dash, bar, minus sign, small and full-width
#: hyphen-minus): read as '-' by every game's notation, one character for one, so the
#: columns named in errors stay right (session 12).
DASHES = str.maketrans(dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63\uff0d", "-"))

# ASCII digits only: a bare \d would also take Arabic-Indic or full-width digits.
_TILE_RE = re.compile(r"\s*(\[)?\s*([0-9]+)\s*([-|])\s*([0-9]+)\s*(\])?\s*")


def parse_halves(text: str, *, max_pips: int = _MAX_HALF) -> tuple[int, int]:
    """The pips of a tile's two halves in the order written: ``"6-3"`` -> ``(6, 3)``.

    Written as for :func:`parse_tile`.  Games whose notation puts the touching
    half first (a Cross arm, the Two-Step dance floor) read their tiles with it.

    Raises
    ------
    referee.errors.NotationError
        As :func:`parse_tile`.

    >>> parse_halves("[6|3]")
    (6, 3)
    >>> parse_halves("6-3 3-1")
    Traceback (most recent call last):
    referee.errors.NotationError: one tile is written here, not 2 at column 5 of '6-3 3-1'
    """
    text = text.translate(DASHES)
    match = _TILE_RE.fullmatch(text)
    if match is None or bool(match.group(1)) != bool(match.group(5)):
        words = list(re.finditer(r"[^\s,]+", text))
        if len(words) > 1 and all(_TILE_RE.fullmatch(word.group()) for word in words):
            raise NotationError(
                f"one tile is written here, not {len(words)}", text=text, index=words[1].start()
            )
        index = _first_bad_index(text)
        raise NotationError(
            "a tile is written a-b, a|b or [a|b] with a and b whole numbers of pips",
            text=text,
            index=index,
        )
    halves: list[int] = []
    for group in (2, 4):
        digits = match.group(group)
        significant = digits.lstrip("0") or "0"
        # Length first: int() of thousands of digits is slow, then refused.
        if len(significant) > 2 or int(significant) > max_pips:
            shown = digits if len(digits) <= 8 else digits[:8] + "..."
            raise NotationError(
                f"{shown} pips is more than a half of this set can show ({max_pips})",
                text=text,
                index=match.start(group),
            )
        halves.append(int(significant))
    return halves[0], halves[1]


def parse_tile(text: str, *, max_pips: int = _MAX_HALF) -> Tile:
    """Parse one tile written ``a-b``, ``a|b`` or ``[a|b]``.

    Parameters
    ----------
    text : str
        The tile's notation; pips are ASCII digits (leading zeros allowed).
    max_pips : int, optional
        Largest pip count allowed on a half (6 for a double-six set).

    Raises
    ------
    referee.errors.NotationError
        If ``text`` is not a tile, or a half is above ``max_pips``; the message
        names the column.

    >>> parse_tile("[6|4]")
    Tile(4, 6)
    """
    return Tile(*parse_halves(text, max_pips=max_pips))


def _first_bad_index(text: str) -> int | None:
    for index, char in enumerate(text):
        if char not in "0123456789-|[] ":
            return index
    return None


def parse_hand(text: str, *, max_pips: int = _MAX_HALF) -> tuple[Tile, ...]:
    """Parse a hand: tiles separated by spaces and/or commas; ``""`` is empty.

    The same tile may appear twice here (a photo can show that); whether that is
    allowed is the game's decision (see :func:`check_tiles`).

    Raises
    ------
    referee.errors.NotationError
        For a malformed tile, naming its column in the whole hand.

    >>> parse_hand("")
    ()
    >>> parse_hand("1-2,,3-4")
    (Tile(1, 2), Tile(3, 4))
    """
    text = text.translate(DASHES)
    tiles: list[Tile] = []
    for match in re.finditer(r"[^\s,]+", text):
        try:
            tiles.append(parse_tile(match.group(), max_pips=max_pips))
        except NotationError as error:
            raise error.within(text, match.start()) from None
    return tuple(tiles)


def format_tile(tile: Tile) -> str:
    """``Tile(3, 5)`` -> ``"3-5"``."""
    return str(tile)


def format_hand(tiles: Iterable[Tile]) -> str:
    """Tiles joined by single spaces; ``""`` for an empty hand."""
    return " ".join(str(tile) for tile in tiles)


def pip_total(tiles: Iterable[Tile]) -> int:
    """Sum of the pips on ``tiles`` (points)."""
    return sum(tile.pips for tile in tiles)


def double_set(max_pips: int = DEFAULT_MAX_PIPS) -> tuple[Tile, ...]:
    """Every tile of a double-``max_pips`` set, sorted.

    A double-N set has (N+1)(N+2)/2 tiles: 28 for double-six, 55 for double-nine,
    91 for double-twelve.

    >>> len(double_set(9)), len(double_set(12))
    (55, 91)
    """
    if not 0 <= max_pips <= _MAX_HALF:
        raise RefereeError(f"a set is double-0 to double-{_MAX_HALF}, got double-{max_pips}")
    return tuple(Tile(a, b) for a in range(max_pips + 1) for b in range(a, max_pips + 1))


def check_tiles(
    groups: Sequence[Sequence[Tile]], *, max_pips: int = DEFAULT_MAX_PIPS, names: Sequence[str] = ()
) -> None:
    """Check that tiles held in several places come from one double-N set.

    Parameters
    ----------
    groups : sequence of sequences of Tile
        E.g. one hand per player.
    max_pips : int
        The set is double-``max_pips``.
    names : sequence of str, optional
        What to call each group in messages (default ``"hand 1"``, ``"hand 2"``...).

    Raises
    ------
    referee.errors.ImpossiblePositionError
        If a tile is not in the set, or the same tile is in two places (or twice
        in one); the message names the tile and where it was found (every such tile,
        joined by ``"; "``).

    >>> from referee.dominoes import parse_hand
    >>> try:
    ...     check_tiles([parse_hand("0-4 4-6"), parse_hand("1-1"), parse_hand("0-4 4-6")])
    ... except ValueError as error:
    ...     for fault in str(error).split("; "):
    ...         print(fault)
    tile 0-4 appears more than once: hand 1, hand 3
    tile 4-6 appears more than once: hand 1, hand 3
    """
    where: dict[Tile, list[str]] = {}
    for number, group in enumerate(groups):
        name = names[number] if number < len(names) else f"hand {number + 1}"
        for tile in group:
            if tile.high > max_pips:
                raise ImpossiblePositionError(
                    f"tile {tile} in {name} is not in a double-{max_pips} set"
                )
            where.setdefault(tile, []).append(name)
    faults = []
    for tile, places in where.items():
        if len(places) > 1:
            counted = Counter(places)
            shown = ", ".join(
                f"{place} (x{count})" if count > 1 else place for place, count in counted.items()
            )
            faults.append(f"tile {tile} appears more than once: {shown}")
    if faults:  # every tile seen twice, so one correction fixes them all
        raise ImpossiblePositionError("; ".join(faults))


@dataclass(frozen=True, slots=True)
class Line:
    """A line of play with two open ends (Two-Step's dance floor).

    Attributes
    ----------
    tiles : tuple of (int, int)
        The tiles from the left end to the right end, each as the pips of its
        left half and its right half, so neighbouring halves match.  Doubles
        lie inline.

    >>> line = Line().play(Tile(6, 6), "right").play(Tile(3, 6), "left")
    >>> line.ends, str(line)
    ((3, 6), '3-6 6-6')
    >>> line.ends_for(Tile(3, 1))
    ('left',)
    """

    tiles: tuple[tuple[int, int], ...] = ()

    @property
    def ends(self) -> tuple[int, int] | None:
        """Pips of the open (left, right) ends, or ``None`` before the first tile."""
        if not self.tiles:
            return None
        return (self.tiles[0][0], self.tiles[-1][1])

    def ends_for(self, tile: Tile) -> tuple[End, ...]:
        """The ends ``tile`` may be played on (both for an empty line's first tile).

        When both ends show the same pips the tile may go on either, and both are
        listed: they are different places on the table.
        """
        if self.ends is None:
            return ("right",)
        left, right = self.ends
        found: list[End] = []
        if tile.has(left):
            found.append("left")
        if tile.has(right):
            found.append("right")
        return tuple(found)

    def play(self, tile: Tile, end: End) -> Line:
        """Return the line with ``tile`` added at ``end``.

        Raises
        ------
        referee.errors.IllegalMoveError
            If the tile does not match that end.
        """
        if self.ends is None:
            return Line(((tile.low, tile.high),))
        left, right = self.ends
        if end == "left":
            if not tile.has(left):
                raise IllegalMoveError(f"{tile} does not match the left end ({left})")
            return Line(((tile.other(left), left), *self.tiles))
        if end == "right":
            if not tile.has(right):
                raise IllegalMoveError(f"{tile} does not match the right end ({right})")
            return Line((*self.tiles, (right, tile.other(right))))
        raise IllegalMoveError(f"an end is 'left' or 'right', not {end!r}")

    def __str__(self) -> str:
        return " ".join(f"{a}-{b}" for a, b in self.tiles)
