"""Draw kingdoms lying on a table, for ``sample_photos/`` (the project's own pictures).

Every square is drawn from scratch (flat colours, shapes, noise: no photo involved):
wheat fields, forests of round trees, lakes with ripples, grassland with sheep,
swamps, mines with rocks, the castle of stones, and crown icons (yellow with a white
rim, along the square's edge, as on the real tiles).  The kingdom is then laid on a
wooden table, tilted and turned, lit unevenly, blurred a little and saved as JPEG.

Regenerate the samples with::

    .venv/bin/python -m vision.kingdomino.render sample_photos
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np

from referee.kingdomino import Kingdom, Terrain, format_kingdom, parse_kingdom, score
from vision.kingdomino.dominoes import domino_kind, domino_kinds
from vision.kingdomino.grid import find_grid

__all__ = [
    "LOOSE_SHIFT",
    "LOOSE_TURN",
    "SAMPLES",
    "deal_kingdom",
    "domino_split",
    "draw_kingdom",
    "draw_square",
    "duel_crop",
    "loose_photo",
    "photograph",
    "scene",
    "square_offsets",
    "write_samples",
]

#: The sample kingdoms: name -> (notation, seed, tilt in degrees).  Each notation is
#: ``deal_kingdom(seed)``: official dominoes laid by the rules, so it splits into
#: distinct dominoes of the real set (the tests check both).
SAMPLES: dict[str, tuple[str, int, float]] = {
    "kingdom-1": ("W G G F L1/S1 G2 W F1 F/S W C L F/F1 F1 W L F1/W W L1 L G", 1, 14.0),
    "kingdom-2": ("L F1 L G2 M1/L L S1 G W/L L C F1 W/L1 W G2 M2 W/F W F F L1", 2, -18.0),
    "kingdom-3": ("F F1 . W1 F/F W W F1 F/S1 S C M L1/W S W W1 L/W F1 M1 . G2", 3, 8.0),
}

_SIDE = 120  # pixels per drawn square


def deal_kingdom(seed: int, *, size: int = 5) -> Kingdom:
    """A kingdom built as in a game: official dominoes in a shuffled order, each put
    at a legal place (chosen at random) around the castle in the centre, or
    discarded when none is left (``rules/kingdomino-2p.txt``).

    Parameters
    ----------
    seed : int
        Seeds the shuffle and the choices.
    size : int, keyword-only
        5, or 7 for Mighty Duel.

    Returns
    -------
    Kingdom
        ``size x size``, the castle at the centre; empty squares where no domino fitted.
    """
    from referee.kingdomino import Square, legal_placements, tile
    from referee.kingdomino.placement import second_square

    rng = np.random.default_rng(seed)
    middle = size // 2
    grid = Kingdom.empty(size, size).replace({(middle, middle): Square(Terrain.CASTLE)})
    for number in rng.permutation(np.arange(1, 49)):
        domino = tile(int(number))
        places = legal_placements(grid, domino, size=size)
        if not places:
            continue

        # Players keep their kingdom tight: prefer places touching the most squares.
        filled = {at for at, square in grid.cells() if square.terrain is not Terrain.EMPTY}
        touching = [
            sum(
                (r + dr, c + dc) in filled
                for r, c in (at, second_square(at, toward))
                for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            )
            for at, toward in places
        ]
        tight = [p for p, t in zip(places, touching, strict=True) if t == max(touching)]
        at, toward = tight[int(rng.integers(len(tight)))]
        grid = grid.replace({at: domino[0], second_square(at, toward): domino[1]})
        if all(square.terrain is not Terrain.EMPTY for _, square in grid.cells()):
            break
    return grid


def _noise(rng: np.random.Generator, side: int, amount: float) -> np.ndarray:
    field = rng.normal(0, amount, (side // 8 + 2, side // 8 + 2, 1)).astype(np.float32)
    smooth = cv2.resize(field, (side, side), interpolation=cv2.INTER_CUBIC)
    return smooth.reshape(side, side, 1) + rng.normal(0, amount / 3, (side, side, 1))


def _crown(tile: np.ndarray, centre: tuple[int, int], size: int) -> None:
    """Draw one crown icon (white rim, yellow body, three points) centred at (row, col)."""
    row, col = centre
    half = size // 2
    body = np.array(
        [
            [col - half, row + half // 2],
            [col - half, row - half // 2],
            [col - half // 2, row],
            [col, row - half // 1.6],
            [col + half // 2, row],
            [col + half, row - half // 2],
            [col + half, row + half // 2],
        ],
        dtype=np.int32,
    )
    cv2.fillPoly(tile, [body], (245, 245, 245))
    cv2.polylines(tile, [body], True, (250, 250, 250), max(2, size // 6), cv2.LINE_AA)
    inner = ((body - [col, row]) * 0.72 + [col, row]).astype(np.int32)
    cv2.fillPoly(tile, [inner], (40, 200, 240))
    cv2.circle(tile, (col, row + half // 8), max(1, size // 10), (60, 60, 200), -1)


def _building(tile: np.ndarray, terrain: Terrain, rng: np.random.Generator) -> None:
    """The little picture that crowned squares carry on the real tiles: a windmill on
    wheat, a house elsewhere, a mine's timbered entrance in a mine."""
    side = tile.shape[0]
    centre = np.array([side // 2, side // 2 + side // 10]) + rng.integers(-4, 5, 2)
    col, row = int(centre[0]), int(centre[1])
    unit = side // 8
    if terrain is Terrain.WHEAT:
        cv2.rectangle(
            tile, (col - unit // 2, row - unit), (col + unit // 2, row + unit), (30, 60, 100), -1
        )
        for angle in (45, 135):
            dx = int(2.2 * unit * np.cos(np.deg2rad(angle)))
            dy = int(2.2 * unit * np.sin(np.deg2rad(angle)))
            cv2.line(
                tile, (col - dx, row - unit - dy), (col + dx, row - unit + dy), (200, 210, 230), 5
            )
            cv2.line(
                tile, (col - dx, row - unit - dy), (col + dx, row - unit + dy), (60, 60, 170), 1
            )
        return
    wall = (30, 60, 120) if terrain is not Terrain.MINE else (40, 90, 160)
    roof = (40, 90, 200) if terrain is not Terrain.LAKE else (60, 170, 220)
    cv2.rectangle(tile, (col - unit, row - unit // 2), (col + unit, row + unit), wall, -1)
    cv2.rectangle(
        tile, (col - unit // 3, row + unit // 4), (col + unit // 3, row + unit), (20, 30, 50), -1
    )
    top = np.array(
        [
            [col - int(1.4 * unit), row - unit // 2],
            [col, row - int(1.6 * unit)],
            [col + int(1.4 * unit), row - unit // 2],
        ],
        dtype=np.int32,
    )
    cv2.fillPoly(tile, [top], roof)


def draw_square(terrain: Terrain, crowns: int, *, seed: int, side: int = _SIDE) -> np.ndarray:
    """Draw one square of a terrain with its crowns.

    Parameters
    ----------
    terrain : Terrain
    crowns : int
        0-3 crown icons, drawn side by side along the top edge.
    seed : int, keyword-only
        Seeds the square's own random details.
    side : int, keyword-only
        Side in pixels.

    Returns
    -------
    (side, side, 3) ndarray of uint8, BGR
    """
    rng = np.random.default_rng(seed)
    base = {
        Terrain.WHEAT: (12, 172, 196),
        Terrain.FOREST: (30, 70, 45),
        Terrain.LAKE: (175, 90, 8),
        Terrain.GRASSLAND: (30, 152, 100),
        Terrain.SWAMP: (62, 95, 110),
        Terrain.MINE: (25, 30, 35),
        Terrain.CASTLE: (75, 95, 100),
        Terrain.EMPTY: (50, 118, 153),
    }[terrain]
    tile = np.empty((side, side, 3), np.float32)
    tile[:] = base
    tile += _noise(rng, side, 8.0)
    canvas = np.clip(tile, 0, 255).astype(np.uint8)
    if terrain is Terrain.FOREST:
        for _ in range(26):
            r, c = rng.integers(8, side - 8, 2)
            radius = int(rng.integers(side // 12, side // 7))
            shade = int(rng.integers(0, 30))
            cv2.circle(canvas, (int(c), int(r)), radius, (15 + shade // 2, 35 + shade, 20), -1)
            cv2.circle(canvas, (int(c) - 2, int(r) - 2), radius // 2, (35, 80, 45), -1)
    elif terrain is Terrain.LAKE:
        for _ in range(6):
            r, c = rng.integers(10, side - 10, 2)
            cv2.ellipse(canvas, (int(c), int(r)), (12, 3), 0, 0, 360, (235, 170, 80), 1)
    elif terrain is Terrain.GRASSLAND:
        for _ in range(10):
            r, c = rng.integers(10, side - 10, 2)
            cv2.circle(canvas, (int(c), int(r)), 4, (235, 240, 240), -1)
    elif terrain is Terrain.SWAMP:
        for _ in range(8):
            r, c = rng.integers(10, side - 10, 2)
            length = int(rng.integers(10, 30))
            cv2.line(canvas, (int(c), int(r)), (int(c) + length, int(r) + 3), (30, 45, 60), 3)
    elif terrain is Terrain.MINE:
        for _ in range(7):
            r, c = rng.integers(12, side - 12, 2)
            cv2.circle(canvas, (int(c), int(r)), int(rng.integers(4, 9)), (110, 170, 200), -1)
    elif terrain is Terrain.WHEAT:
        for _ in range(3):
            r, c = rng.integers(10, side - 10, 2)
            cv2.circle(canvas, (int(c), int(r)), 1, (30, 40, 60), -1)
    elif terrain is Terrain.CASTLE:
        step = side // 6
        for r in range(0, side, step):
            for c in range((r // step % 2) * step // 2, side, step):
                cv2.rectangle(
                    canvas, (c + 1, r + 1), (c + step - 2, r + step - 2), (120, 130, 130), -1
                )
        cv2.rectangle(canvas, (3, 3), (side - 4, side - 4), (30, 170, 210), 4)
    if crowns and terrain.is_landscape:
        _building(canvas, terrain, rng)
    size = side // 5
    for index in range(crowns):
        _crown(canvas, (size // 2 + 6, side - (index + 1) * (size + 4)), size)
    if terrain is not Terrain.EMPTY:
        cv2.rectangle(canvas, (0, 0), (side - 1, side - 1), (40, 70, 110), 2)
    return canvas


def square_offsets(size: int, *, seed: int, jitter: int) -> np.ndarray:
    """How far each square of a drawn kingdom sits out of line (real tiles are never
    laid perfectly straight).

    Parameters
    ----------
    size : int
        Squares per side.
    seed : int, keyword-only
    jitter : int, keyword-only
        Largest shift, in drawn pixels; 0 gives no shift.

    Returns
    -------
    (size, size, 2) ndarray of int64
        ``[row, col]`` shift of each square, in drawn pixels.  The two squares of a
        domino are not known here, so every square moves on its own (harder than
        real dominoes, which move in pairs).
    """
    if jitter <= 0:
        return np.zeros((size, size, 2), np.int64)
    rng = np.random.default_rng(seed + 7919)
    return rng.integers(-jitter, jitter + 1, (size, size, 2)).astype(np.int64)


def draw_kingdom(kingdom: Kingdom, *, seed: int, side: int = _SIDE, jitter: int = 0) -> np.ndarray:
    """Draw a whole kingdom from above, square by square.

    Parameters
    ----------
    kingdom : Kingdom
    seed : int, keyword-only
    side : int, keyword-only
        Pixels per square.
    jitter : int, keyword-only
        Squares out of line by up to this many pixels (:func:`square_offsets`): each
        is drawn this much smaller on every side and moved within its place, so
        tiles never overlap; the gaps show the table.

    Returns
    -------
    (rows * side, cols * side, 3) ndarray of uint8, BGR
        Empty squares are left black (the table shows through once laid down).
    """
    out = np.zeros((kingdom.rows * side, kingdom.cols * side, 3), np.uint8)
    offsets = square_offsets(kingdom.rows, seed=seed, jitter=jitter)
    # Out of line, a tile is drawn ``jitter`` pixels smaller on each side and moved
    # within its own place: cardboard tiles never overlap, a gap shows the table.
    drawn_side = side - 2 * max(0, jitter)
    for (r, c), square in kingdom.cells():
        if square.terrain is Terrain.EMPTY:
            continue
        drawn = draw_square(
            square.terrain, square.crowns, seed=seed * 1000 + r * 50 + c, side=drawn_side
        )
        top = r * side + max(0, jitter) + int(offsets[r, c, 0])
        left = c * side + max(0, jitter) + int(offsets[r, c, 1])
        out[top : top + drawn_side, left : left + drawn_side] = drawn
    return out


def _lay(
    photo: np.ndarray, top_down: np.ndarray, corners: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Warp ``top_down`` onto ``photo`` (float32) at ``corners``; black stays table."""
    rows, cols = photo.shape[:2]
    src = np.array(
        [
            [0, 0],
            [top_down.shape[1], 0],
            [top_down.shape[1], top_down.shape[0]],
            [0, top_down.shape[0]],
        ],
        dtype=np.float32,
    )
    matrix = cv2.getPerspectiveTransform(src, corners.astype(np.float32))
    warped = cv2.warpPerspective(top_down, matrix, (cols, rows), flags=cv2.INTER_AREA)
    inside = cv2.warpPerspective(
        np.full(top_down.shape[:2], 255, np.uint8), matrix, (cols, rows), flags=cv2.INTER_NEAREST
    )
    covered = (inside > 0) & (warped.sum(axis=2) > 0)
    return np.where(covered[..., None], warped.astype(np.float32), photo), inside > 0


def _quad(centre: np.ndarray, side: float, tilt: float, *, perspective: bool = True) -> np.ndarray:
    angle = np.deg2rad(tilt)
    turn = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    square = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], dtype=np.float64) * side / 2
    corners: np.ndarray = square @ turn.T + centre
    if perspective:
        corners[:2, 0] += np.array([1, -1]) * side * 0.05  # far side looks shorter
        corners[:2, 1] += side * 0.04
    return corners


def photograph(
    top_down: np.ndarray,
    *,
    seed: int,
    tilt: float,
    size: tuple[int, int] = (900, 1200),
    table: tuple[int, int, int] | None = None,
    mat: bool = False,
    shadow: float = 0.0,
    neighbour: np.ndarray | None = None,
    gap: float | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Lay a drawn kingdom on a table and take its photo at an angle.

    Parameters
    ----------
    top_down : (rows, cols, 3) ndarray of uint8, BGR
        The kingdom from above (black = table shows through).
    seed : int, keyword-only
    tilt : float, keyword-only
        Turn of the kingdom in the picture, in degrees.
    size : (rows, cols), keyword-only
        Photo size in pixels.
    table : (B, G, R) or None, keyword-only
        The table's colour (default: wood, ``(60, 105, 150)``); e.g. a strongly
        coloured cutting mat ``(120, 60, 20)``.
    mat : bool, keyword-only
        Pale grid lines printed on the table every 40 pixels (a cutting mat).
    shadow : float, keyword-only
        0..1: how dark a soft shadow cast by the kingdom onto the table, toward its
        lower right, is (0: none).
    neighbour : (rows, cols, 3) ndarray of uint8 or None, keyword-only
        A second kingdom from above, laid above this one, partly out of the frame
        (the opponent's kingdom); this one then sits lower and a little smaller.
    gap : float or None, keyword-only
        With ``neighbour``: the gap between the two kingdoms, as a share of a side
        (0: touching, 0.1: about half a square), the neighbour turned as this one
        (within 6 degrees, less when closer); None: about 0.12, turned freely.

    Returns
    -------
    photo : (rows, cols, 3) ndarray of uint8, BGR
    corners : (4, 2) ndarray of float64
        Where the kingdom's tl, tr, br, bl corners landed, [x, y] pixels.
    """
    rng = np.random.default_rng(seed)
    rows, cols = size
    photo = np.empty((rows, cols, 3), np.float32)
    photo[:] = (60, 105, 150) if table is None else table
    grain = cv2.resize(rng.normal(0, 18, (rows // 40, 3)).astype(np.float32), (cols, rows))
    photo += grain[..., None] + rng.normal(0, 4, (rows, cols, 1))
    side = min(rows, cols) * 0.62
    centre = np.array([cols / 2, rows / 2]) + rng.uniform(-40, 40, 2)
    extra = np.random.default_rng(seed + 104729)  # options never change the default draws
    if mat:
        for at in range(int(extra.integers(0, 40)), max(rows, cols), 40):
            cv2.line(photo, (at, 0), (at, rows), (200, 200, 190), 1, cv2.LINE_AA)
            cv2.line(photo, (0, at), (cols, at), (200, 200, 190), 1, cv2.LINE_AA)
    if neighbour is not None:
        side = min(rows, cols) * 0.56
        centre = np.array([cols / 2 + extra.uniform(-60, 60), rows * 0.62])
    corners = _quad(centre, side, tilt)
    if shadow > 0:
        cast = np.zeros((rows, cols), np.float32)
        reach = side * extra.uniform(0.05, 0.09)
        cv2.fillPoly(cast, [np.rint(corners + reach).astype(np.int32)], 1.0, cv2.LINE_AA)
        blur = int(side * 0.06) | 1
        cast = np.asarray(cv2.GaussianBlur(cast, (blur, blur), 0), dtype=np.float32)
        photo *= (1 - shadow * cast)[..., None]
    if neighbour is not None:
        lateral, turn = extra.uniform(-0.3, 0.3), extra.uniform(-6, 6)
        if gap is None:
            near = centre - np.array([lateral * side, side * 1.08])
        else:
            # Beside this kingdom's far side, ``gap`` sides away, turned alike (a little
            # less alike the farther it is).
            angle = np.deg2rad(tilt)
            along = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
            near = centre + along @ np.array([lateral * side, -(0.96 + gap) * side])
            turn *= min(1.0, max(gap, 0.0) / 0.12)
        other = _quad(near, side, tilt + turn, perspective=False)
        photo, _ = _lay(photo, neighbour, other)
    photo, _ = _lay(photo, top_down, corners)
    light = np.linspace(1.08, 0.88, cols, dtype=np.float32)[None, :, None]
    photo = cv2.GaussianBlur(photo * light, (3, 3), 0.8)
    return np.clip(np.rint(photo), 0, 255).astype(np.uint8), corners


def scene(
    seed: int,
    *,
    size: int = 5,
    jitter: int = 0,
    shadow: float = 0.0,
    neighbour: bool = False,
    table: tuple[int, int, int] | None = None,
    mat: bool = False,
    tilt: float | None = None,
    gap: float | None = None,
) -> tuple[np.ndarray, np.ndarray, Kingdom]:
    """A dealt kingdom (:func:`deal_kingdom`) drawn and photographed with the given troubles.

    Parameters
    ----------
    seed : int
        Seeds the deal, the drawing and the photo.
    size : int, keyword-only
        5, or 7 for Mighty Duel.
    jitter, shadow, neighbour, table, mat, gap : keyword-only
        As in :func:`draw_kingdom` (``jitter``, drawn pixels of a 120-pixel square)
        and :func:`photograph` (``neighbour``: another dealt kingdom above this one,
        ``gap`` away).
    tilt : float or None, keyword-only
        Degrees; default drawn from the seed (-20..20).

    Returns
    -------
    photo : (rows, cols, 3) ndarray of uint8, BGR
    corners : (4, 2) ndarray of float64
        The kingdom's tl, tr, br, bl corners, [x, y] pixels (squares out of line
        may stick out of them by up to ``jitter`` drawn pixels).
    kingdom : Kingdom
        What the photo shows, row 0 along tl-tr.
    """
    kingdom = deal_kingdom(seed, size=size)
    if tilt is None:
        tilt = float(np.random.default_rng(seed + 15485863).uniform(-20, 20))
    other = None
    if neighbour:
        other = draw_kingdom(deal_kingdom(seed + 1000, size=size), seed=seed + 1000)
    photo, corners = photograph(
        draw_kingdom(kingdom, seed=seed, jitter=jitter),
        seed=seed,
        tilt=tilt,
        table=table,
        mat=mat,
        shadow=shadow,
        neighbour=other,
        gap=gap,
    )
    return photo, corners, kingdom


#: :func:`loose_photo`'s defaults: each domino moved by up to this share of a square along
#: each axis and turned by up to this many degrees (real dominoes are never laid flush).
LOOSE_SHIFT = 0.08
LOOSE_TURN = 3.0

#: Table colours (BGR) of the loose copies: wood, grey-green cloth (phone/'s tables are
#: grey-green).  A pale grey one, (165, 165, 160), was dropped after the first measure:
#: flush copies of the same scenes (``shift=0, turn=0``) lost outlines on it as well, so it
#: measured the table, not the dominoes' looseness (docs/kingdomino-vision.md, session 12).
_TABLES = ((60, 105, 150), (120, 135, 125))


def domino_split(
    labels: Sequence[Sequence[tuple[str, int]]],
) -> list[list[tuple[int, int]]] | None:
    """The squares of a labelled kingdom as laid: its dominoes and its castle tile.

    Parameters
    ----------
    labels : rows of (terrain, crowns)
        Each square's terrain name (``"wheat"``, ``"castle"``, ``"empty"``...) and crowns.

    Returns
    -------
    list of list of (row, col) or None
        Each official domino's two squares (one split into distinct dominoes of the
        set, :data:`referee.kingdomino.tiles.TILES`; the first found), each castle
        square alone; empty squares in none.  None when the landscape squares do not
        split so.
    """
    size = len(labels)
    cells = {}
    pieces: list[list[tuple[int, int]]] = []
    for r in range(size):
        for c in range(size):
            terrain, crowns = labels[r][c]
            if terrain == "castle":
                pieces.append([(r, c)])
            elif terrain != "empty":
                cells[r, c] = (terrain, int(crowns))
    stock = domino_kinds()
    order = sorted(cells)
    taken: set[tuple[int, int]] = set()
    pairs: list[list[tuple[int, int]]] = []

    def search(index: int) -> bool:
        while index < len(order) and order[index] in taken:
            index += 1
        if index == len(order):
            return True
        r, c = order[index]
        for other in ((r, c + 1), (r + 1, c)):
            if other not in cells or other in taken:
                continue
            pair = domino_kind(cells[r, c], cells[other])
            if stock[pair] <= 0:  # type: ignore[index]
                continue
            stock[pair] -= 1  # type: ignore[index]
            taken.update(((r, c), other))
            pairs.append([(r, c), other])
            if search(index + 1):
                return True
            pairs.pop()
            taken.difference_update(((r, c), other))
            stock[pair] += 1  # type: ignore[index]
        return False

    if not search(0):
        return None
    return pieces + pairs


def loose_photo(
    crop: np.ndarray,
    labels: Sequence[Sequence[tuple[str, int]]],
    *,
    seed: int,
    size: tuple[int, int] = (1200, 1600),
    shift: float = LOOSE_SHIFT,
    turn: float = LOOSE_TURN,
    pieces: Sequence[Sequence[tuple[int, int]]] | None = None,
    lines: tuple[Sequence[float], Sequence[float]] | None = None,
) -> tuple[bytes, np.ndarray]:
    """A photo of a top-down kingdom crop laid again with its dominoes out of line.

    The crop's grid (:func:`vision.kingdomino.grid.find_grid`) and the labels' split into
    dominoes (:func:`domino_split`; every square on its own when there is none) give the
    pieces; each piece is moved by up to ``shift`` of a square along each axis and turned
    by up to ``turn`` degrees about its centre (uniform draws; later pieces cover earlier
    ones where they meet), on a table (wood or grey-green cloth, with grain), with
    table where the crop showed an empty square.  Then photographed as phone/ is: the
    kingdom about 55 % of the photo's shorter side, turned by up to 35 degrees, its far side
    shortened by up to 15 % (perspective), light falling off from a point near the centre
    by 15-35 % and a ramp of up to +-10 %, a blur of 0.6-1.2 pixels (at 1600 pixels, in
    proportion at other sizes), sensor noise of 2 grey levels, JPEG quality 85-92.

    Parameters
    ----------
    crop : (rows, cols, 3) ndarray of uint8, BGR
        A flush top-down crop of the kingdom (photos/); not modified.
    labels : rows of (terrain, crowns)
        Each square of the crop, row 0 at its top (as :func:`domino_split` takes them).
    seed : int, keyword-only
        Every random draw comes from ``numpy.random.default_rng(seed)``: the same seed
        gives the same photo.
    size : (rows, cols), keyword-only
        The photo's size in pixels.
    shift, turn : float, keyword-only
        Largest move (share of a square, each axis) and turn (degrees) of a piece.
    pieces : list of list of (row, col) or None, keyword-only
        The pieces as laid (each domino's two squares, the castle alone), when known
        (:func:`duel_crop` gives them); None: :func:`domino_split` of the labels.
    lines : (row lines, col lines) or None, keyword-only
        The crop's grid lines in pixels (``len(labels) + 1`` each), when known; None:
        :func:`vision.kingdomino.grid.find_grid` on the crop.  Neither changes a draw.

    Returns
    -------
    photo : bytes
        The photo as a JPEG file holds it (``size`` pixels, BGR when decoded).
    corners : (4, 2) ndarray of float64
        Where the flush lattice's tl, tr, br, bl corners (the crop's first and last
        grid lines) landed, [x, y] pixels: the pieces lie around them.
    """
    rng = np.random.default_rng(seed)
    count = len(labels)
    if lines is None:
        grid = find_grid(crop, sizes=(count,))
        lines = (grid.row_lines, grid.col_lines)
    rows_at, cols_at = np.array(lines[0], float), np.array(lines[1], float)
    square = float((rows_at[-1] - rows_at[0] + cols_at[-1] - cols_at[0]) / (2 * count))
    if pieces is None:
        pieces = domino_split(labels)
    if pieces is None:
        pieces = [
            [(r, c)] for r in range(count) for c in range(count) if labels[r][c][0] != "empty"
        ]
    margin = round(0.6 * square)
    side_r = int(rows_at[-1] - rows_at[0]) + 2 * margin
    side_c = int(cols_at[-1] - cols_at[0]) + 2 * margin
    top_down = np.zeros((side_r, side_c, 3), np.float32)
    covered = np.zeros((side_r, side_c), np.float32)
    source = crop.astype(np.float32)
    for index in rng.permutation(len(pieces)):
        cells = pieces[index]
        top = rows_at[min(r for r, _ in cells)]
        bottom = rows_at[max(r for r, _ in cells) + 1]
        left = cols_at[min(c for _, c in cells)]
        right = cols_at[max(c for _, c in cells) + 1]
        mask = np.zeros(crop.shape[:2], np.float32)
        mask[round(float(top)) : round(float(bottom)), round(float(left)) : round(float(right))] = (
            1.0
        )
        centre = ((left + right) / 2, (top + bottom) / 2)
        move = rng.uniform(-shift, shift, 2) * square
        matrix = cv2.getRotationMatrix2D(centre, float(rng.uniform(-turn, turn)), 1.0)
        matrix[:, 2] += move + np.array([margin - cols_at[0], margin - rows_at[0]])
        placed = cv2.warpAffine(source, matrix, (side_c, side_r), flags=cv2.INTER_LINEAR)
        weight = cv2.warpAffine(mask, matrix, (side_c, side_r), flags=cv2.INTER_LINEAR)
        top_down = top_down * (1 - weight[..., None]) + placed * weight[..., None]
        covered = np.maximum(covered, weight)
    rows, cols = size
    scale = cols / 1600.0
    photo = np.empty((rows, cols, 3), np.float32)
    photo[:] = _TABLES[int(rng.integers(len(_TABLES)))]
    grain = cv2.resize(rng.normal(0, 14, (max(2, rows // 30), 3)).astype(np.float32), (cols, rows))
    fine = cv2.resize(rng.normal(0, 6, (rows // 4, cols // 4)).astype(np.float32), (cols, rows))
    photo += (grain + fine)[..., None]
    # The lattice's corners in the photo: a square turned, its far side shortened.
    kingdom_side = min(rows, cols) * rng.uniform(0.5, 0.6)
    angle = np.deg2rad(rng.uniform(-35, 35))
    far = rng.uniform(0.85, 1.0)
    unit = np.array([[-far, -1], [far, -1], [1, 1], [-1, 1]], dtype=np.float64) / 2
    unit[:2, 1] *= 0.5 + 0.5 * far
    spin = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    quarter = int(rng.integers(4))  # which side is far
    unit = np.roll(unit, quarter, axis=0)
    middle = np.array([cols / 2, rows / 2]) + rng.uniform(-0.05, 0.05, 2) * min(rows, cols)
    corners = (unit * kingdom_side) @ spin.T + middle
    lattice = np.array(
        [
            [margin, margin],
            [side_c - margin, margin],
            [side_c - margin, side_r - margin],
            [margin, side_r - margin],
        ],
        dtype=np.float32,
    )
    homography = cv2.getPerspectiveTransform(lattice, corners.astype(np.float32))
    warped = cv2.warpPerspective(top_down, homography, (cols, rows), flags=cv2.INTER_LINEAR)
    weight = cv2.warpPerspective(covered, homography, (cols, rows), flags=cv2.INTER_LINEAR)
    photo = photo * (1 - weight[..., None]) + warped * weight[..., None]
    along_r, along_c = np.mgrid[0:rows, 0:cols].astype(np.float32)
    spot = middle + rng.uniform(-0.3, 0.3, 2) * min(rows, cols)
    reach = ((along_c - spot[0]) ** 2 + (along_r - spot[1]) ** 2) / float(max(rows, cols) ** 2)
    light = 1.0 - rng.uniform(0.15, 0.35) * reach / max(float(reach.max()), 1e-6)
    direction = rng.uniform(0, 2 * np.pi)
    ramp = rng.uniform(-0.1, 0.1) * (
        np.cos(direction) * (along_c / cols - 0.5) + np.sin(direction) * (along_r / rows - 0.5)
    )
    photo = photo * (light + ramp)[..., None]
    photo = cv2.GaussianBlur(photo, (0, 0), float(rng.uniform(0.6, 1.2)) * scale)
    photo += rng.normal(0, 2.0, photo.shape).astype(np.float32)
    out = np.clip(np.rint(photo), 0, 255).astype(np.uint8)
    quality = int(rng.integers(85, 93))
    encoded = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, quality])[1]
    return encoded.tobytes(), corners.astype(np.float64)


def _duel_tiling(
    size: int, rng: np.random.Generator
) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """A random tiling of the ``size x size`` grid less its centre by dominoes: each slot's
    two squares, the second right of or below the first (depth-first, the two ways of
    each first free square tried in a random order)."""
    free = {(r, c) for r in range(size) for c in range(size)} - {(size // 2, size // 2)}
    slots: list[tuple[tuple[int, int], tuple[int, int]]] = []

    def fill() -> bool:
        if not free:
            return True
        r, c = min(free)
        ways = [(r, c + 1), (r + 1, c)]
        for index in rng.permutation(2):
            other = ways[int(index)]
            if other not in free:
                continue
            free.difference_update(((r, c), other))
            slots.append(((r, c), other))
            if fill():
                return True
            slots.pop()
            free.update(((r, c), other))
        return False

    if not fill():  # pragma: no cover - a board less one square of the larger colour tiles
        raise ValueError(f"no domino tiling of {size}x{size} less its centre")
    return slots


def _cut(
    crop: np.ndarray,
    rows_at: Sequence[float],
    cols_at: Sequence[float],
    side: int,
    at: tuple[int, int],
    shape: tuple[int, ...],
) -> np.ndarray:
    """The crop's squares from ``at`` (row, col), ``shape`` (rows, cols) squares, between
    its grid lines, resized to ``side`` pixels a square."""
    (top, left), (down, across) = at, shape
    part = crop[
        round(float(rows_at[top])) : round(float(rows_at[top + down])),
        round(float(cols_at[left])) : round(float(cols_at[left + across])),
    ]
    return np.asarray(cv2.resize(part, (across * side, down * side), interpolation=cv2.INTER_AREA))


def duel_crop(
    crops: Sequence[np.ndarray],
    labels: Sequence[Sequence[Sequence[tuple[str, int]]]],
    *,
    seed: int,
    side: int = 100,
    lines: Sequence[tuple[Sequence[float], Sequence[float]]] | None = None,
) -> tuple[np.ndarray, tuple[tuple[tuple[str, int], ...], ...], list[list[tuple[int, int]]]]:
    """A flush top-down Mighty Duel (7x7) kingdom made of the real squares of two 5x5 crops.

    Each crop is cut into its dominoes (:func:`domino_split` of its labels, the pixels
    between its grid lines); the 24 dominoes are laid in a random tiling of the 7x7 grid
    less its centre, each in a random slot, turned by a quarter turn where the slot lies
    the other way (else by none or a half turn, drawn), its pixels turned with it; the
    castle square of the first crop that has one is the centre.  Every square is resized
    to ``side`` pixels.  The layout is not a game's (neighbouring terrains need not match);
    its labels follow the pieces, so its score is the labels' score.

    Parameters
    ----------
    crops : two (rows, cols, 3) ndarrays of uint8, BGR
        Flush top-down 5x5 crops (photos/); not modified.
    labels : two rows of (terrain, crowns)
        Each crop's squares, row 0 at its top.  Each must split into 12 dominoes (no
        empty square) and the 24 together must not use a kind of domino more often than
        the set holds it (:func:`vision.kingdomino.dominoes.domino_kinds`).
    seed : int, keyword-only
        The tiling, the slots and the turns come from ``numpy.random.default_rng(seed)``.
    side : int, keyword-only
        Pixels per square of the result.
    lines : two (row lines, col lines) or None, keyword-only
        Each crop's grid lines in pixels, when known; None:
        :func:`vision.kingdomino.grid.find_grid` on each crop.

    Returns
    -------
    crop : (7 * side, 7 * side, 3) ndarray of uint8, BGR
    labels : 7 rows of 7 (terrain, crowns)
    pieces : list of list of (row, col)
        The castle square alone, then each domino's two squares (its slot), as
        :func:`loose_photo` takes them (with lines at multiples of ``side``).

    Raises
    ------
    ValueError
        If a crop does not split into 12 dominoes, the two together exceed the set, or
        neither crop shows a castle square.
    """
    rng = np.random.default_rng(seed)
    size = 7
    stock = domino_kinds()
    blocks: list[tuple[np.ndarray, np.ndarray]] = []  # pixels, labels (1x2 or 2x1 objects)
    castle: np.ndarray | None = None
    for index, (crop, rows) in enumerate(zip(crops, labels, strict=True)):
        split = domino_split(rows)
        dominoes = [piece for piece in (split or []) if len(piece) == 2]
        if len(dominoes) != 12:
            raise ValueError(f"crop {index} splits into {len(dominoes)} dominoes, not 12")
        if lines is None:
            grid = find_grid(crop, sizes=(len(rows),))
            rows_at, cols_at = grid.row_lines, grid.col_lines
        else:
            rows_at, cols_at = lines[index]

        box = (crop, rows_at, cols_at, side)
        for piece in split or []:
            if len(piece) == 1:
                r, c = piece[0]
                if castle is None:
                    castle = _cut(*box, (r, c), (1, 1))
                continue
            (r0, c0), (r1, c1) = piece
            first, second = (
                (rows[r0][c0][0], int(rows[r0][c0][1])),
                (rows[r1][c1][0], int(rows[r1][c1][1])),
            )
            kind: object = domino_kind(first, second)
            stock[kind] -= 1  # type: ignore[index]
            if stock[kind] < 0:  # type: ignore[index]
                raise ValueError(f"the two crops hold more {sorted(kind)} dominoes than the set")
            names = np.empty((1 + r1 - r0, 1 + c1 - c0), dtype=object)
            names.ravel()[:] = [first, second]
            blocks.append((_cut(*box, (r0, c0), names.shape), names))
    if castle is None:
        raise ValueError("no castle square in either crop")
    slots = _duel_tiling(size, rng)
    out = np.zeros((size * side, size * side, 3), np.uint8)
    middle = size // 2
    out[middle * side : (middle + 1) * side, middle * side : (middle + 1) * side] = castle
    grid_labels: list[list[tuple[str, int]]] = [[("empty", 0)] * size for _ in range(size)]
    grid_labels[middle][middle] = ("castle", 0)
    pieces: list[list[tuple[int, int]]] = [[(middle, middle)]]
    for slot_index, block_index in enumerate(rng.permutation(len(blocks))):
        (r0, c0), (r1, c1) = slots[slot_index]
        pixels, names = blocks[int(block_index)]
        upright = (r1 > r0) == (names.shape[0] == 2)
        turn = int(rng.integers(2)) * 2 + (0 if upright else 1)
        pixels, names = np.rot90(pixels, turn), np.rot90(names, turn)
        out[r0 * side : (r1 + 1) * side, c0 * side : (c1 + 1) * side] = pixels
        for dr in range(names.shape[0]):
            for dc in range(names.shape[1]):
                grid_labels[r0 + dr][c0 + dc] = names[dr, dc]
        pieces.append([(r0, c0), (r1, c1)])
    return out, tuple(tuple(line) for line in grid_labels), pieces


def write_samples(folder: Path) -> list[Path]:
    """Write every sample: ``<name>.jpg`` and ``<name>.txt`` (notation, then the base score).

    Returns
    -------
    list of Path
        The JPEG files written.
    """
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (notation, seed, tilt) in SAMPLES.items():
        kingdom = parse_kingdom(notation)
        photo, _ = photograph(draw_kingdom(kingdom, seed=seed), seed=seed, tilt=tilt)
        path = folder / f"{name}.jpg"
        ok, encoded = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, 88])
        if not ok:
            raise ValueError(f"cannot encode {path}")
        path.write_bytes(encoded.tobytes())
        text = f"{format_kingdom(kingdom)}\nscore {score(kingdom).score}\n"
        (folder / f"{name}.txt").write_text(text, encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    """``python -m vision.kingdomino.render FOLDER``: write the sample photos there."""
    parser = argparse.ArgumentParser(prog="python -m vision.kingdomino.render")
    parser.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    for path in write_samples(args.folder):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
