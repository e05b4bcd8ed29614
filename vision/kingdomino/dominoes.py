"""Does a reading split into official dominoes?  Used to choose between close readings.

Every finished kingdom is made of dominoes of the real set, each used once
(``rules/kingdomino-2p.txt``; ``../shared/data/kingdomino/tiles.csv``).  A reading
that cannot be split so has a misread square; among readings that differ only on
unsure squares, the likeliest one that splits is preferred (and said so).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from referee.kingdomino import Square, Terrain
from referee.kingdomino.tiles import TILES

__all__ = ["domino_kind", "domino_kinds", "splits_into_dominoes"]

Kind = tuple[str, int]


def domino_kinds() -> Counter[frozenset[Kind] | tuple[Kind, Kind]]:
    """How many dominoes of each unordered pair of (terrain, crowns) the set holds."""
    counts: Counter[frozenset[Kind] | tuple[Kind, Kind]] = Counter()
    for _, left, left_crowns, right, right_crowns in TILES:
        counts[domino_kind((left, left_crowns), (right, right_crowns))] += 1
    return counts


def domino_kind(a: Kind, b: Kind) -> frozenset[Kind] | tuple[Kind, Kind]:
    """The kind of a domino of halves ``a`` and ``b`` ((terrain, crowns) each), as
    :func:`domino_kinds` counts it: unordered (a frozenset), a pair of like halves a tuple."""
    return (a, b) if a == b else frozenset((a, b))


def splits_into_dominoes(
    squares: Sequence[Sequence[Square]],
    *,
    budget: int = 20_000,
    kinds: Counter[frozenset[Kind] | tuple[Kind, Kind]] | None = None,
) -> bool | None:
    """True if the landscape squares pair up into distinct official dominoes.

    Castle and empty squares are left out; a discarded domino leaves empty squares,
    not half dominoes, so every landscape square must be paired with a neighbour
    (4-connectivity) into a domino of the set, no domino more often than the set has it.

    Parameters
    ----------
    squares : rows of Square
    budget : int, keyword-only
        Most search steps; ``None`` is returned if it runs out.
    kinds : Counter or None, keyword-only
        The set's dominoes as :func:`domino_kinds` gives them (computed when not
        given; pass it when testing many readings).  Not modified.

    Returns
    -------
    bool or None
        ``None`` when the search was cut short.
    """
    rows = len(squares)
    cols = len(squares[0]) if rows else 0
    cells = {
        (r, c): (squares[r][c].terrain.value, squares[r][c].crowns)
        for r in range(rows)
        for c in range(cols)
        if squares[r][c].terrain not in (Terrain.CASTLE, Terrain.EMPTY)
    }
    if len(cells) % 2:
        return False
    stock = Counter(domino_kinds() if kinds is None else kinds)
    order = sorted(cells)
    taken: set[tuple[int, int]] = set()
    steps = 0

    def search(index: int) -> bool | None:
        nonlocal steps
        steps += 1
        if steps > budget:
            return None
        while index < len(order) and order[index] in taken:
            index += 1
        if index == len(order):
            return True
        r, c = order[index]
        unsure = False
        for other in ((r, c + 1), (r + 1, c)):
            if other not in cells or other in taken:
                continue
            kind = domino_kind(cells[r, c], cells[other])
            if stock[kind] <= 0:
                continue
            stock[kind] -= 1
            taken.update(((r, c), other))
            found = search(index + 1)
            taken.difference_update(((r, c), other))
            stock[kind] += 1
            if found:
                return True
            if found is None:
                unsure = True
        return None if unsure else False

    return search(0)
