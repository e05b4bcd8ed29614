"""The real Kingdomino tile set and the limits it puts on a kingdom.

The 48 dominoes below were copied once from ``../shared/data/kingdomino/tiles.csv``
(the official set; the tests check this constant against the CSV when the data
is present).  ``RULINGS.md``: a kingdom that breaks these limits is flagged for
the player to check, never silently scored.

>>> len(TILES), sum(count for count in terrain_counts().values())
(48, 96)
>>> terrain_counts()[Terrain.MINE], max_crowns(Terrain.MINE), max_crowns(Terrain.CASTLE)
(6, 3, 0)
>>> [str(square) for square in tile(48)]
['W', 'M3']
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType

from referee.kingdomino.kingdom import Kingdom, Square, Terrain

__all__ = [
    "TILES",
    "Domino",
    "domino_warnings",
    "max_crowns",
    "square_counts",
    "terrain_counts",
    "tile",
    "tile_set_warnings",
]

#: A domino: its two squares, first (left, as printed) then second.
Domino = tuple[Square, Square]

#: The 48 official dominoes: ``(number, left terrain, left crowns, right terrain, right crowns)``,
#: as in ``../shared/data/kingdomino/tiles.csv``.
TILES: tuple[tuple[int, str, int, str, int], ...] = (
    (1, "wheat", 0, "wheat", 0),
    (2, "wheat", 0, "wheat", 0),
    (3, "forest", 0, "forest", 0),
    (4, "forest", 0, "forest", 0),
    (5, "forest", 0, "forest", 0),
    (6, "forest", 0, "forest", 0),
    (7, "lake", 0, "lake", 0),
    (8, "lake", 0, "lake", 0),
    (9, "lake", 0, "lake", 0),
    (10, "grassland", 0, "grassland", 0),
    (11, "grassland", 0, "grassland", 0),
    (12, "swamp", 0, "swamp", 0),
    (13, "wheat", 0, "forest", 0),
    (14, "wheat", 0, "lake", 0),
    (15, "wheat", 0, "grassland", 0),
    (16, "wheat", 0, "swamp", 0),
    (17, "forest", 0, "lake", 0),
    (18, "forest", 0, "grassland", 0),
    (19, "wheat", 1, "forest", 0),
    (20, "wheat", 1, "lake", 0),
    (21, "wheat", 1, "grassland", 0),
    (22, "wheat", 1, "swamp", 0),
    (23, "wheat", 1, "mine", 0),
    (24, "forest", 1, "wheat", 0),
    (25, "forest", 1, "wheat", 0),
    (26, "forest", 1, "wheat", 0),
    (27, "forest", 1, "wheat", 0),
    (28, "forest", 1, "lake", 0),
    (29, "forest", 1, "grassland", 0),
    (30, "lake", 1, "wheat", 0),
    (31, "lake", 1, "wheat", 0),
    (32, "lake", 1, "forest", 0),
    (33, "lake", 1, "forest", 0),
    (34, "lake", 1, "forest", 0),
    (35, "lake", 1, "forest", 0),
    (36, "wheat", 0, "grassland", 1),
    (37, "lake", 0, "grassland", 1),
    (38, "wheat", 0, "swamp", 1),
    (39, "grassland", 0, "swamp", 1),
    (40, "mine", 1, "wheat", 0),
    (41, "wheat", 0, "grassland", 2),
    (42, "lake", 0, "grassland", 2),
    (43, "wheat", 0, "swamp", 2),
    (44, "grassland", 0, "swamp", 2),
    (45, "mine", 2, "wheat", 0),
    (46, "swamp", 0, "mine", 2),
    (47, "swamp", 0, "mine", 2),
    (48, "wheat", 0, "mine", 3),
)


def tile(number: int) -> Domino:
    """The two squares of domino ``number`` (1 to 48), left then right.

    Raises
    ------
    ValueError
        If ``number`` is not 1 to 48.
    """
    if not 1 <= number <= len(TILES):
        raise ValueError(f"dominoes are numbered 1 to {len(TILES)}, got {number}")
    _, left, left_crowns, right, right_crowns = TILES[number - 1]
    return Square(Terrain(left), left_crowns), Square(Terrain(right), right_crowns)


@functools.cache
def square_counts() -> Mapping[tuple[Terrain, int], int]:
    """How many squares of each ``(terrain, crowns)`` the set holds (96 in all)."""
    counts: Counter[tuple[Terrain, int]] = Counter()
    for number in range(1, len(TILES) + 1):
        for square in tile(number):
            counts[square.terrain, square.crowns] += 1
    return MappingProxyType(dict(counts))


@functools.cache
def terrain_counts() -> Mapping[Terrain, int]:
    """Squares of each terrain in the set: 26 wheat, 22 forest, 18 lake, 14 grassland,
    10 swamp, 6 mine (``RULINGS.md``)."""
    counts: Counter[Terrain] = Counter()
    for (terrain, _), count in square_counts().items():
        counts[terrain] += count
    return MappingProxyType(dict(counts))


def max_crowns(terrain: Terrain) -> int:
    """Most crowns one square of ``terrain`` shows in the set: 1 on wheat, forest and
    lake, 2 on grassland and swamp, 3 on mine, 0 on the castle and empty squares."""
    return max((crowns for t, crowns in square_counts() if t is terrain), default=0)


def tile_set_warnings(kingdom: Kingdom) -> list[str]:
    """What in ``kingdom`` the real tile set cannot produce, one sentence each.

    Checks, in this order: crowns above the terrain's maximum (per square, by
    ``(row, col)``); more squares of a terrain than the set has; more squares of
    a ``(terrain, crowns)`` than the set has; not exactly one castle.  An empty
    list means nothing is amiss.

    >>> from referee.kingdomino.kingdom import parse_kingdom
    >>> tile_set_warnings(parse_kingdom("C W2 W"))
    ['(0, 1) is wheat with 2 crowns: no wheat square in the tile set has more than 1']

    Parameters
    ----------
    kingdom : Kingdom
        Any grid; empty squares are ignored.

    Returns
    -------
    list of str
        Warnings for the player, source: ``../shared/data/kingdomino/tiles.csv``.
    """
    warnings: list[str] = []
    terrains: Counter[Terrain] = Counter()
    kinds: Counter[tuple[Terrain, int]] = Counter()
    castles: list[tuple[int, int]] = []
    for at, square in kingdom.cells():
        terrain, crowns = square.terrain, square.crowns
        limit = max_crowns(terrain)
        if crowns > limit:
            plural = "crown" if crowns == 1 else "crowns"
            name = "the castle" if terrain is Terrain.CASTLE else "an empty square"
            if terrain.is_landscape:
                warnings.append(
                    f"{at} is {terrain.value} with {crowns} {plural}: no {terrain.value} "
                    f"square in the tile set has more than {limit}"
                )
            else:
                warnings.append(f"{at} is {name} with {crowns} {plural}: it shows no crowns")
        if terrain is Terrain.CASTLE:
            castles.append(at)
        elif terrain.is_landscape:
            terrains[terrain] += 1
            if crowns <= limit:
                kinds[terrain, crowns] += 1
    for terrain in Terrain:
        if terrains[terrain] > terrain_counts().get(terrain, 0):
            warnings.append(
                f"{terrains[terrain]} {terrain.value} squares: the tile set has only "
                f"{terrain_counts()[terrain]}"
            )
    for (terrain, crowns), count in sorted(kinds.items(), key=lambda item: _kind_order(item[0])):
        have = square_counts().get((terrain, crowns), 0)
        if count > have:
            warnings.append(
                f"{count} {terrain.value} squares with {crowns} "
                f"{'crown' if crowns == 1 else 'crowns'}: the tile set has only {have}"
            )
    if len(castles) > 1:
        places = ", ".join(str(at) for at in castles)
        warnings.append(f"{len(castles)} castles at {places}: a kingdom has one castle")
    elif not castles:
        warnings.append("no castle: a kingdom has one castle")
    return warnings


def domino_warnings(domino: Domino) -> list[str]:
    """What in ``domino`` the real tile set cannot produce: a square with more crowns than
    any square of its terrain shows (:func:`max_crowns`), one sentence each, first square
    first (session 15: ``placements --domino 'W4 W'`` answered 16 places without a word,
    where ``score`` warns of ``W4`` in a kingdom).

    >>> from referee.kingdomino.placement import parse_domino
    >>> for warning in domino_warnings(parse_domino("W4 W")):
    ...     print(warning)  # doctest: +NORMALIZE_WHITESPACE
    the domino's first square W4 is wheat with 4 crowns: no wheat square in the tile set
    has more than 1
    >>> domino_warnings(parse_domino("M3 L"))
    []

    Parameters
    ----------
    domino : (Square, Square)
        First and second square, both landscapes.

    Returns
    -------
    list of str
        Warnings for the player, source: ``../shared/data/kingdomino/tiles.csv``.
    """
    warnings: list[str] = []
    for which, square in zip(("first", "second"), domino, strict=True):
        limit = max_crowns(square.terrain)
        if square.crowns > limit:
            plural = "crown" if square.crowns == 1 else "crowns"
            warnings.append(
                f"the domino's {which} square {square} is {square.terrain.value} with "
                f"{square.crowns} {plural}: no {square.terrain.value} square in the tile set "
                f"has more than {limit}"
            )
    return warnings


def _kind_order(kind: tuple[Terrain, int]) -> tuple[int, int]:
    terrain, crowns = kind
    return list(Terrain).index(terrain), crowns
