"""The Cross layout: the lead spinner, its four arms, later spinners' branches.

See :mod:`referee.cross` for the LAYOUT notation and the names of the ends.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from referee.cross.rules import MAX_PIPS
from referee.dominoes import DASHES, Tile, parse_halves
from referee.errors import IllegalMoveError, NotationError

__all__ = ["ARMS", "END_RE", "LEAD", "Arm", "Layout", "Placed", "format_layout", "parse_layout"]

#: The lead spinner's four sides, clockwise.
ARMS = ("N", "E", "S", "W")
#: The end name of the first play, the lead double.
LEAD = "lead"
#: An end name: an arm letter, then (spinner number, L or R) per branch.
END_RE = re.compile(r"([NESW])((?:[1-9][0-9]*[LR])*)")
_STEP_RE = re.compile(r"([1-9][0-9]*)([LR])")


@dataclass(frozen=True, slots=True)
class Placed:
    """A tile in an arm.

    Attributes
    ----------
    tile : Tile
        The tile.
    inner : int
        Pips of the half touching the tile before it (toward the lead).
    left, right : tuple of Placed
        A later spinner's branches (only a double has any).
    """

    tile: Tile
    inner: int
    left: tuple[Placed, ...] = ()
    right: tuple[Placed, ...] = ()

    @property
    def outer(self) -> int:
        """Pips of the half facing away from the lead (the open end if last)."""
        return self.tile.other(self.inner)


Arm = tuple[Placed, ...]


def _arm_tiles(arm: Arm) -> Iterator[Tile]:
    for placed in arm:
        yield placed.tile
        yield from _arm_tiles(placed.left)
        yield from _arm_tiles(placed.right)


def _arm_ends(path: str, arm: Arm, pips: int, spinners: bool) -> list[tuple[str, int]]:
    ends = [(path, arm[-1].outer if arm else pips)]
    for number, placed in enumerate(arm, 1):
        if spinners and placed.tile.is_double:
            ends += _arm_ends(f"{path}{number}L", placed.left, placed.outer, spinners)
            ends += _arm_ends(f"{path}{number}R", placed.right, placed.outer, spinners)
    return ends


def _append(arm: Arm, steps: Sequence[tuple[int, str]], new: Placed) -> Arm:
    if not steps:
        return (*arm, new)
    (number, side), rest = steps[0], steps[1:]
    host = arm[number - 1]
    if side == "L":
        host = replace(host, left=_append(host.left, rest, new))
    else:
        host = replace(host, right=_append(host.right, rest, new))
    return (*arm[: number - 1], host, *arm[number:])


@dataclass(frozen=True, slots=True)
class Layout:
    """The tiles on the table: the lead spinner and its four arms.

    Attributes
    ----------
    lead : Tile or None
        The lead double, ``None`` before it is set.
    arms : tuple of 4 arms
        The ``N``, ``E``, ``S`` and ``W`` arms, each a tuple of :class:`Placed`
        from the lead outward.

    Build one with :func:`parse_layout` or :meth:`place`; ``str()`` gives its
    notation.
    """

    lead: Tile | None = None
    arms: tuple[Arm, Arm, Arm, Arm] = ((), (), (), ())

    def __str__(self) -> str:
        return format_layout(self)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Every tile on the table, the lead first."""
        if self.lead is None:
            return ()
        return (self.lead, *(tile for arm in self.arms for tile in _arm_tiles(arm)))

    @property
    def cross_complete(self) -> bool:
        """True once all four sides of the lead have a tile."""
        return self.lead is not None and all(self.arms)

    def open_ends(
        self, *, later_spinners: bool = True, lead_sides_closed: bool = False
    ) -> tuple[tuple[str, int], ...]:
        """The ends a tile may be played on now, with the pips each shows.

        Parameters
        ----------
        later_spinners : bool
            Later doubles open branches (``CrossRules.later_spinners``).
        lead_sides_closed : bool
            The lead's still-empty sides are closed (the variant, once every
            player has had a turn).

        Returns
        -------
        tuple of (str, int)
            ``(end, pips)`` in layout order: ``N`` then its branches (nearer
            spinners first, ``L`` before ``R``), then ``E``, ``S``, ``W``.
            While the cross is incomplete only the lead's open sides
            (``rules/cross.txt``).  Empty before the lead is set.
        """
        if self.lead is None:
            return ()
        pips = self.lead.high
        if not lead_sides_closed and not self.cross_complete:
            return tuple((side, pips) for side, arm in zip(ARMS, self.arms, strict=True) if not arm)
        ends: list[tuple[str, int]] = []
        for side, arm in zip(ARMS, self.arms, strict=True):
            if arm:
                ends += _arm_ends(side, arm, pips, later_spinners)
        return tuple(ends)

    def place(
        self, tile: Tile, end: str, *, later_spinners: bool = True, lead_sides_closed: bool = False
    ) -> Layout:
        """Return the layout with ``tile`` played on ``end``.

        Raises
        ------
        referee.errors.IllegalMoveError
            If the tile is already on the table, ``end`` is not open now (the
            message names the open ends), or the tile does not match it.
        """
        if self.lead is None:
            if end != LEAD:
                raise IllegalMoveError(f"the layout is empty: the lead double goes on {LEAD!r}")
            if not tile.is_double:
                raise IllegalMoveError(f"{tile} is not a double: the lead is a double")
            return Layout(tile)
        if tile in self.tiles:
            raise IllegalMoveError(f"{tile} is already on the table")
        ends = dict(
            self.open_ends(later_spinners=later_spinners, lead_sides_closed=lead_sides_closed)
        )
        if end not in ends:
            shown = ", ".join(ends) or "none"
            if END_RE.fullmatch(end) is None:
                why = f"{end!r} is not an end name (N, E, S, W, or a branch such as N2L)"
            elif not lead_sides_closed and not self.cross_complete:
                why = f"the cross is not complete: play on the open sides of the lead {self.lead}"
            else:
                why = f"{end} is not an open end"
            raise IllegalMoveError(f"{why}; open ends: {shown}")
        pips = ends[end]
        if not tile.has(pips):
            raise IllegalMoveError(f"{tile} does not match end {end}, which shows {pips}")
        side = ARMS.index(end[0])
        steps = [(int(number), letter) for number, letter in _STEP_RE.findall(end[1:])]
        arms = list(self.arms)
        arms[side] = _append(arms[side], steps, Placed(tile, pips))
        return Layout(self.lead, (arms[0], arms[1], arms[2], arms[3]))


def format_layout(layout: Layout) -> str:
    """The LAYOUT notation of ``layout`` (``""`` before the lead); see the module doc."""
    if layout.lead is None:
        return ""
    parts = [str(layout.lead)]
    parts += [
        f"{side}: {_format_arm(arm)}".rstrip() for side, arm in zip(ARMS, layout.arms, strict=True)
    ]
    return " | ".join(parts)


def _format_arm(arm: Arm) -> str:
    words = []
    for placed in arm:
        word = f"{placed.inner}-{placed.outer}"
        if placed.left or placed.right:
            left = f"L: {_format_arm(placed.left)}".rstrip()
            right = f"R: {_format_arm(placed.right)}".rstrip()
            word += f"[{left} | {right}]"
        words.append(word)
    return " ".join(words)


class _LayoutParser:
    """Recursive descent over the LAYOUT notation, keeping the column of faults."""

    _TILE = re.compile(r"[0-9]+\s*-\s*[0-9]+")

    def __init__(self, text: str, max_pips: int) -> None:
        self.text = text
        self.max_pips = max_pips
        self.pos = 0
        self.seen: dict[Tile, int] = {}

    def fail(self, message: str, index: int | None = None) -> NotationError:
        return NotationError(message, text=self.text, index=self.pos if index is None else index)

    def peek(self) -> str:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def expect(self, char: str, what: str) -> None:
        found = self.peek()
        if found != char:
            shown = repr(found) if found else "the end"
            raise self.fail(f"expected {what}, found {shown}")
        self.pos += 1

    def tile(self) -> tuple[Tile, int, int]:
        start = self.pos
        match = self._TILE.match(self.text, start)
        if match is None:
            raise self.fail("a tile is written a-b with a and b whole numbers of pips")
        try:
            a, b = parse_halves(match.group(), max_pips=self.max_pips)
        except NotationError as error:
            raise error.within(self.text, start) from None
        tile = Tile(a, b)
        if tile in self.seen:
            first = self.seen[tile] + 1
            raise self.fail(f"tile {tile} appears twice in the layout (first at column {first})")
        self.seen[tile] = start
        self.pos = match.end()
        return tile, a, b

    def layout(self) -> Layout:
        if self.peek() == "":
            return Layout()
        start = self.pos
        lead, _, _ = self.tile()
        if not lead.is_double:
            raise self.fail(f"the layout starts with the lead double, not {lead}", start)
        arms: dict[str, Arm] = {}
        while self.peek() != "":
            self.expect("|", "'|' before the next arm")
            letter = self.peek()
            if letter.upper() not in ARMS:
                raise self.fail("expected an arm N:, E:, S: or W:")
            if letter.upper() in arms:
                raise self.fail(f"arm {letter.upper()} is given twice")
            self.pos += 1
            self.expect(":", f"':' after {letter.upper()}")
            arms[letter.upper()] = self.arm(lead.high)
        parsed = tuple(arms.get(side, ()) for side in ARMS)
        return Layout(lead, (parsed[0], parsed[1], parsed[2], parsed[3]))

    def arm(self, pips: int) -> Arm:
        placed: list[Placed] = []
        while (char := self.peek()) not in ("", "|", "]"):
            if not char.isdigit():
                raise self.fail("expected a tile a-b, '|' or the end")
            start = self.pos
            tile, a, b = self.tile()
            if not tile.has(pips):
                raise self.fail(f"{a}-{b} does not match the {pips} it is played on", start)
            new = Placed(tile, pips)
            if self.peek() == "[":
                if not tile.is_double:
                    raise self.fail(f"only a double has branches, not {tile}")
                left, right = self.branches(pips)
                new = Placed(tile, pips, left, right)
            placed.append(new)
            pips = new.outer
        return tuple(placed)

    def branches(self, pips: int) -> tuple[Arm, Arm]:
        opened = self.pos
        self.pos += 1
        found: dict[str, Arm] = {}
        while True:
            letter = self.peek()
            if letter == "":
                raise self.fail("'[' is never closed", opened)
            if letter.upper() not in ("L", "R"):
                raise self.fail("expected a branch L: or R:")
            if letter.upper() in found:
                raise self.fail(f"branch {letter.upper()} is given twice")
            self.pos += 1
            self.expect(":", f"':' after {letter.upper()}")
            found[letter.upper()] = self.arm(pips)
            if self.peek() == "]":
                self.pos += 1
                return found.get("L", ()), found.get("R", ())
            if self.peek() == "":
                raise self.fail("'[' is never closed", opened)
            self.expect("|", "'|' or ']'")


def parse_layout(text: str, *, max_pips: int = MAX_PIPS) -> Layout:
    """Parse the LAYOUT notation (see the module docstring).

    Parameters
    ----------
    text : str
        E.g. ``"6-6 | N: 6-3 3-3[L: 3-1] | E: 6-2 | S: | W:"``; ``""`` is empty.
    max_pips : int
        Largest half in the set (6).

    Raises
    ------
    referee.errors.NotationError
        With the column of the fault: a malformed tile or arm, a lead that is
        not a double, a tile that does not match the end it is on, branches on
        a tile that is not a double, a tile written twice.

    >>> parse_layout("6-6 | E: 6-4 | N: 5-6").arms[0][0]
    Placed(tile=Tile(5, 6), inner=6, left=(), right=())
    >>> parse_layout("6-6 | N: 6-4 3-5")
    Traceback (most recent call last):
    ...
    referee.errors.NotationError: 3-5 does not match the 4 it is played on at column 14 of \
'6-6 | N: 6-4 3-5'
    """
    text = text.translate(DASHES)
    return _LayoutParser(text, max_pips).layout()
