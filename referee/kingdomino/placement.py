"""Where a domino may go (``rules/kingdomino-2p.txt``, Connection Rules; ``RULINGS.md``).

A placement puts the domino's first square at ``at`` = ``(row, col)`` and its
second square next to it ``toward`` ``"right"``, ``"down"``, ``"left"`` or
``"up"``.  It is legal when both squares are inside the grid, inside a
``size x size`` frame that also holds every non-empty square already placed
(castle included), on free squares, and at least one side of either square
touches the castle or a square of the same terrain.

The rules put no edge on the table but the frame: with ``grow=True`` the grid is
only the part of the kingdom typed, and a domino may also lie beyond its edges
(above, below, left or right of it), wherever the frame still allows.  Such a
placement's squares are counted from the grid as typed: row ``-1`` is the row
above it, column ``grid.cols`` the column right of it (session 12).

>>> from referee.kingdomino.kingdom import parse_kingdom
>>> grid = parse_kingdom(". . ./. C ./. . .")
>>> check_placement(grid, parse_domino("F1 L"), (0, 1), "right")
Verdict(legal=True, reason='legal: (0, 1) touches the castle')
>>> check_placement(grid, parse_domino("F1 L"), (1, 0), "right").reason
'(1, 1) is already taken by the castle'
>>> check_placement(parse_kingdom("C . . ."), parse_domino("F1 L"), (0, 2), "right").reason
'no side touches the castle or a matching terrain'
>>> len(legal_placements(grid, parse_domino("F1 L")))
16
>>> len(legal_placements(grid, parse_domino("F1 L"), grow=True))
24
>>> check_placement(grid, parse_domino("W W"), (-1, 1), "down", grow=True).reason
'legal: (0, 1) touches the castle'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Literal, get_args

from referee.errors import ImpossiblePositionError, NotationError
from referee.game import Verdict
from referee.kingdomino.kingdom import (
    Kingdom,
    Square,
    Terrain,
    _parse_token,
    format_square,
    kingdom_square_name,
    parse_kingdom_square,
)
from referee.kingdomino.scoring import FRAME_SIZES, _count, _filled, _span, check_frame_size
from referee.kingdomino.tiles import Domino

__all__ = [
    "DIRECTIONS",
    "Direction",
    "Placement",
    "Verdict",
    "beyond_grid",
    "check_kingdom_fits",
    "check_one_castle",
    "check_placement",
    "format_domino",
    "grown_grid",
    "legal_placements",
    "parse_direction",
    "parse_domino",
    "parse_first_square",
]

Direction = Literal["right", "down", "left", "up"]
#: The four directions, in the order placements are sorted.
DIRECTIONS: tuple[Direction, ...] = get_args(Direction)
_STEP: Mapping[str, tuple[int, int]] = MappingProxyType(
    {
        "right": (0, 1),
        "down": (1, 0),
        "left": (0, -1),
        "up": (-1, 0),
    }
)
#: A placement: the first square's ``(row, col)`` and the direction of the second.
Placement = tuple[tuple[int, int], Direction]


def parse_domino(text: str) -> Domino:
    """Parse a domino: two landscape squares separated by spaces, e.g. ``"F1 L"``.

    >>> [str(s) for s in parse_domino(" M2  s ")]
    ['M2', 'S']

    Raises
    ------
    NotationError
        With the column of the fault: not two squares, a bad square, or a castle
        or empty square (a domino shows two landscapes).
    """
    tokens = [(m.start(), m.group()) for m in re.finditer(r"\S+", text)]
    if len(tokens) != 2:
        index = tokens[2][0] if len(tokens) > 2 else None
        raise NotationError(
            f"a domino is two squares separated by a space, got {len(tokens)}",
            text=text,
            index=index,
        )
    halves: list[Square] = []
    for start, token in tokens:
        square, (message, offset) = _parse_token(token)
        if square is None:
            raise NotationError(message, text=text, index=start + offset)
        if not square.terrain.is_landscape:
            raise NotationError(
                f"a domino square is a landscape, not {square.terrain.value}",
                text=text,
                index=start,
            )
        halves.append(square)
    return halves[0], halves[1]


def format_domino(domino: Domino) -> str:
    """``"F1 L"``."""
    return f"{format_square(domino[0])} {format_square(domino[1])}"


def parse_direction(text: str) -> Direction:
    """``"right"``, ``"down"``, ``"left"`` or ``"up"`` (case-insensitive).

    Raises
    ------
    NotationError
        For any other word.
    """
    word = text.strip().lower()
    for direction in DIRECTIONS:
        if word == direction:
            return direction
    raise NotationError(f"unknown direction {text!r} (expected right, down, left or up)")


def second_square(at: tuple[int, int], toward: Direction) -> tuple[int, int]:
    """Where the domino's second square goes."""
    step = _STEP[toward]
    return at[0] + step[0], at[1] + step[1]


#: The two ways a placement's first square is named, said whenever one is refused.
FIRST_SQUARE_FORMS = (
    "a square as the board names it, such as A3 (column letter, row from 1), or ROW,COL "
    "from 0, such as 2,0 (the same square)"
)
_ROW_COL = re.compile(r"\s*(-?\d+)\s*,\s*(-?\d+)\s*")


def parse_first_square(text: str) -> tuple[tuple[int, int], bool]:
    """A placement's first square: ``A3`` as the board names it
    (:func:`~referee.kingdomino.kingdom.parse_kingdom_square`) or ``ROW,COL`` from 0,
    either part negative beyond the grid as typed; and whether it was named as on the
    board.  Shared by the CLI's ``--at`` and the API's ``at`` (session 12).

    >>> parse_first_square("A3"), parse_first_square(" -1, 0 ")
    (((2, 0), True), ((-1, 0), False))

    Raises
    ------
    NotationError
        Naming both forms (:data:`FIRST_SQUARE_FORMS`), and what is off in a value
        shaped like a board name (``J1``).
    """
    match = _ROW_COL.fullmatch(text)
    if match is not None:
        return (int(match[1]), int(match[2])), False
    try:
        return parse_kingdom_square(text), True
    except NotationError as error:
        if re.fullmatch(r"\s*[A-Za-z]\s*\d+\s*", text):  # a square's shape: say what is off
            raise NotationError(f"{error.reason}; expected {FIRST_SQUARE_FORMS}") from None
        raise NotationError(f"expected {FIRST_SQUARE_FORMS}; got {text!r}") from None


def beyond_grid(grid: Kingdom, placement: Placement) -> bool:
    """Whether either square of ``placement`` lies outside ``grid`` as typed."""
    at, toward = placement
    return any(
        not (0 <= row < grid.rows and 0 <= col < grid.cols)
        for row, col in (at, second_square(at, toward))
    )


def _check_domino(domino: Domino) -> None:
    for half in domino:
        if not (isinstance(half, Square) and half.terrain.is_landscape):
            raise ValueError(f"a domino square is a landscape square, got {half!r}")


def placement_fault(
    placed: Mapping[tuple[int, int], Square],
    domino: Domino,
    at: tuple[int, int],
    toward: Direction,
    *,
    size: int,
    bounds: tuple[int, int] | None,
) -> tuple[str | None, str]:
    """``(fault, why legal)``: the first broken rule, or ``None`` and what makes it legal.

    ``placed`` holds the non-empty squares already down, by ``(row, col)``;
    ``bounds`` is ``(rows, cols)`` of the grid, or ``None`` for no edge but the
    frame.  Shared by :func:`check_placement` and the game state.
    """
    cells = (at, second_square(at, toward))
    if bounds is not None:
        rows, cols = bounds
        for row, col in cells:
            if not (0 <= row < rows and 0 <= col < cols):
                shape = f"{rows} row{'s' * (rows != 1)} x {cols} column{'s' * (cols != 1)}"
                return f"square {(row, col)} is outside the grid ({shape})", ""
    for cell in cells:
        taken = placed.get(cell)
        if taken is not None:
            name = "the castle" if taken.terrain is Terrain.CASTLE else taken.terrain.value
            return f"{cell} is already taken by {name}", ""
    everything = [*placed, *cells]
    for axis, word in ((0, "rows"), (1, "columns")):
        span = max(c[axis] for c in everything) - min(c[axis] for c in everything) + 1
        if span > size:
            return (
                f"the kingdom would span {span} {word}, more than the {size}x{size} frame",
                "",
            )
    for cell, half, other in ((cells[0], domino[0], cells[1]), (cells[1], domino[1], cells[0])):
        for step in _STEP.values():
            near = (cell[0] + step[0], cell[1] + step[1])
            neighbour = placed.get(near)
            if near == other or neighbour is None:
                continue
            if neighbour.terrain is Terrain.CASTLE:
                return None, f"legal: {cell} touches the castle"
            if neighbour.terrain is half.terrain:
                return None, f"legal: {cell} touches {half.terrain.value} at {near}"
    return "no side touches the castle or a matching terrain", ""


def check_kingdom_fits(grid: Kingdom, size: int) -> None:
    """Raise unless the kingdom as typed (its non-empty squares) fits the ``size`` frame.

    No domino can be placed on a kingdom that already breaks its frame, so its
    placements are not asked (session 13: a 6-wide kingdom in the 5x5 frame was told
    every domino "fits nowhere: discarded", and a placement "the kingdom would span 6
    columns", as though the domino broke the frame).

    >>> from referee.kingdomino.kingdom import parse_kingdom
    >>> check_kingdom_fits(parse_kingdom("C F1 F F F F"), 7)
    >>> try:
    ...     check_kingdom_fits(parse_kingdom("C F1 F F F F"), 5)
    ... except ImpossiblePositionError as error:
    ...     print(error)  # doctest: +NORMALIZE_WHITESPACE
    the kingdom as typed spans 6 columns, more than the 5x5 frame allows:
    choose 7x7 (Mighty Duel)

    Raises
    ------
    ImpossiblePositionError
        Naming the rows and/or columns spanned, the frame, and the larger frame if any.
    """
    rows, cols = _span(_filled(grid))
    over = [_count(n, noun) for n, noun in ((rows, "row"), (cols, "column")) if n > size]
    if not over:
        return
    largest = max(FRAME_SIZES)
    if max(rows, cols) <= largest:
        choice = f": choose {largest}x{largest} (Mighty Duel)"
    elif size < largest:
        choice = f", or even the {largest}x{largest} frame of Mighty Duel"
    else:
        choice = " (the largest, Mighty Duel's)"
    raise ImpossiblePositionError(
        f"the kingdom as typed spans {' and '.join(over)}, more than the {size}x{size} frame "
        f"allows{choice}"
    )


def check_one_castle(grid: Kingdom) -> None:
    """Raise unless the kingdom as typed has exactly one castle.

    Every kingdom starts from its castle, the starting tile each player places first
    (``rules/kingdomino-2p.txt``, "Setup"), and a domino is placed touching it or its
    own terrain; so a kingdom with no castle, or two, is refused rather than answered
    (session 15: ``F1 F F`` was told that ``W W`` "fits nowhere: it is discarded",
    where the castle had only been forgotten).

    >>> from referee.kingdomino.kingdom import parse_kingdom
    >>> check_one_castle(parse_kingdom("C F1 F F"))
    >>> for typed in ("F1 F F", "C C F"):
    ...     try:
    ...         check_one_castle(parse_kingdom(typed))
    ...     except ImpossiblePositionError as error:
    ...         print(error)  # doctest: +NORMALIZE_WHITESPACE
    the kingdom as typed has no castle: every kingdom starts from its castle
    (type C where it stands)
    the kingdom as typed has 2 castles, on A1 and B1: a kingdom has one

    Raises
    ------
    ImpossiblePositionError
        Saying there is no castle, or naming the castles' squares (``A1``: column letter,
        row from 1).
    """
    castles = [at for at, square in grid.cells() if square.terrain is Terrain.CASTLE]
    if not castles:
        raise ImpossiblePositionError(
            "the kingdom as typed has no castle: every kingdom starts from its castle "
            "(type C where it stands)"
        )
    if len(castles) > 1:
        names = [kingdom_square_name(at) for at in castles]
        raise ImpossiblePositionError(
            f"the kingdom as typed has {len(castles)} castles, on {', '.join(names[:-1])} "
            f"and {names[-1]}: a kingdom has one"
        )


def _placed(grid: Kingdom) -> dict[tuple[int, int], Square]:
    return {at: s for at, s in grid.cells() if s.terrain is not Terrain.EMPTY}


def check_placement(
    grid: Kingdom,
    domino: Domino,
    at: tuple[int, int],
    toward: Direction,
    *,
    size: int = 5,
    grow: bool = False,
) -> Verdict:
    """Whether ``domino`` may go with its first square at ``at`` and its second
    ``toward`` the given side.

    Parameters
    ----------
    grid : Kingdom
        The kingdom so far, ``.`` for free squares; up to 9x9.
    domino : (Square, Square)
        First and second square, both landscapes.
    at : (int, int)
        ``(row, col)`` of the first square, 0-based.
    toward : {"right", "down", "left", "up"}
        Where the second square goes.
    size : int
        The frame side: 5, or 7 for Mighty Duel.
    grow : bool
        ``True``: the grid is only the part typed; ``at`` may lie beyond its
        edges (row ``-1`` is above it), only the frame limits the kingdom.
        ``False``: the grid is the whole table.

    Returns
    -------
    Verdict
        ``legal`` and a reason naming the square and the rule, e.g.
        ``"square (0, 5) is outside the grid (5 rows x 5 columns)"``,
        ``"the kingdom would span 6 columns, more than the 5x5 frame"``,
        ``"(2, 3) is already taken by forest"``,
        ``"no side touches the castle or a matching terrain"``.

    Raises
    ------
    ValueError
        If ``toward`` is not a direction, ``size`` is not 5 or 7, or a domino
        square is not a landscape; :class:`~referee.errors.ImpossiblePositionError`
        if the kingdom as typed already spans more than the frame
        (:func:`check_kingdom_fits`) or has no castle or several (:func:`check_one_castle`).
    """
    check_frame_size(size)
    _check_domino(domino)
    if toward not in _STEP:
        raise NotationError(f"unknown direction {toward!r} (expected right, down, left or up)")
    check_kingdom_fits(grid, size)
    check_one_castle(grid)
    bounds = None if grow else (grid.rows, grid.cols)
    fault, why = placement_fault(_placed(grid), domino, at, toward, size=size, bounds=bounds)
    return Verdict(False, fault) if fault is not None else Verdict(True, why)


def all_placements(
    placed: Mapping[tuple[int, int], Square],
    domino: Domino,
    *,
    size: int,
    bounds: tuple[int, int] | None,
) -> list[Placement]:
    """Every legal placement on a ``bounds`` grid, sorted, each physical placement once.

    With ``bounds`` ``None`` the squares searched are those within two of a placed
    square (a legal domino touches one), so beyond any grid.
    """
    found: list[Placement] = []
    seen: set[frozenset[tuple[tuple[int, int], Square]]] = set()
    if bounds is not None:
        row_span, col_span = range(bounds[0]), range(bounds[1])
    elif placed:
        row_span = range(min(r for r, _ in placed) - 2, max(r for r, _ in placed) + 3)
        col_span = range(min(c for _, c in placed) - 2, max(c for _, c in placed) + 3)
    else:
        return found
    for row in row_span:
        for col in col_span:
            for toward in DIRECTIONS:
                fault, _ = placement_fault(
                    placed, domino, (row, col), toward, size=size, bounds=bounds
                )
                if fault is not None:
                    continue
                physical = frozenset(
                    {((row, col), domino[0]), (second_square((row, col), toward), domino[1])}
                )
                if physical not in seen:
                    seen.add(physical)
                    found.append(((row, col), toward))
    return found


def legal_placements(
    grid: Kingdom, domino: Domino, *, size: int = 5, grow: bool = False
) -> list[Placement]:
    """Every legal ``(at, toward)`` for ``domino`` on ``grid``.

    With ``grow=True`` also those beyond the grid's edges, as in
    :func:`check_placement` (squares counted from the grid as typed, so ``at``
    may be ``(-1, 0)``).  Sorted by ``at`` (row-major), then by direction
    (right, down, left, up).
    Each physical placement is listed once: a domino with two equal squares put
    from (r, c) toward right lies exactly as from (r, c + 1) toward left, so only
    the first is kept; with different squares both are kept, as the squares lie
    differently.  Rules as in :func:`check_placement`.

    Raises
    ------
    ValueError
        If ``size`` is not 5 or 7, or a domino square is not a landscape;
        :class:`~referee.errors.ImpossiblePositionError` if the kingdom as typed
        already spans more than the frame (:func:`check_kingdom_fits`) or has no
        castle or several (:func:`check_one_castle`).
    """
    check_frame_size(size)
    _check_domino(domino)
    check_kingdom_fits(grid, size)
    check_one_castle(grid)
    bounds = None if grow else (grid.rows, grid.cols)
    return all_placements(_placed(grid), domino, size=size, bounds=bounds)


def grown_grid(grid: Kingdom, placements: Sequence[Placement]) -> tuple[str, tuple[int, int]]:
    """The grid's notation grown with empty squares to hold every placement, and the
    ``(row, col)`` in it of the typed grid's top-left square.

    Rows are joined by ``/``; it may be wider than 9 squares (the notation's limit),
    as it is only shown.

    >>> from referee.kingdomino.kingdom import parse_kingdom
    >>> grown_grid(parse_kingdom("C F"), [((0, -1), "up")])
    ('. . ./. C F', (1, 1))
    >>> grown_grid(parse_kingdom("C F"), [((0, 0), "down")])
    ('C F/. .', (0, 0))
    """
    cells = [cell for at, toward in placements for cell in (at, second_square(at, toward))]
    top = min([0, *(r for r, _ in cells)])
    left = min([0, *(c for _, c in cells)])
    bottom = max([grid.rows - 1, *(r for r, _ in cells)])
    right = max([grid.cols - 1, *(c for _, c in cells)])
    rows = []
    for row in range(top, bottom + 1):
        squares = []
        for col in range(left, right + 1):
            inside = 0 <= row < grid.rows and 0 <= col < grid.cols
            squares.append(format_square(grid.squares[row][col]) if inside else ".")
        rows.append(" ".join(squares))
    return "/".join(rows), (-top, -left)
