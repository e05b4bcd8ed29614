"""Render photos of double-six domino hands laid face up on a table, with their answers.

Random distinct tiles of a double-six set (:func:`referee.dominoes.double_set`), each
turned to a random angle, laid without overlapping on one of two table textures
(dark wood or green felt), with a soft shadow, uneven light, a little perspective,
sensor noise and JPEG.  White tiles, black pips on the usual die-face layouts, a
divider bar across the middle.

Regenerate the committed samples (and ``hand-dark-7``, ``hand-dark-8``: black tiles) with::

    .venv/bin/python -m vision.dominoes.render sample_photos

>>> hand = render_hand(1)
>>> hand.image.dtype, hand.image.ndim, len(hand.tiles) == len(hand.corners)
(dtype('uint8'), 3, True)
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from referee.dominoes import Tile, double_set

__all__ = ["TEXTURES", "RenderedHand", "render_hand", "write_samples"]

TEXTURES = ("wood", "felt", "marble", "fabric")

#: Seeds of the committed samples of black tiles (``hand-dark-<seed>.jpg``).
DARK_SAMPLES = (7, 8)

#: Chosen from when no texture is asked for (marble only on request).
_USUAL = ("wood", "felt")

#: Pip centres on a half, (row, col) as fractions of the half, for 0-6 pips.
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((0.5, 0.5),),
    2: ((0.25, 0.25), (0.75, 0.75)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.25, 0.25), (0.25, 0.75), (0.75, 0.25), (0.75, 0.75)),
    5: ((0.25, 0.25), (0.25, 0.75), (0.5, 0.5), (0.75, 0.25), (0.75, 0.75)),
    6: ((0.25, 0.25), (0.5, 0.25), (0.75, 0.25), (0.25, 0.75), (0.5, 0.75), (0.75, 0.75)),
}

#: Pip centres for 7-12 pips, as the usual double-twelve sets lay them: 7-9 on the
#: 3 x 3 grid of a die face (a six with a middle pip, a ring of eight, all nine), 10-12
#: in three rows of four along the half (two outer rows of four and the middle row's
#: 2 at its ends, 3 or 4 pips), as the ``halves-d12`` crops show them.
_BIG_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    7: (*_PIPS[6], (0.5, 0.5)),
    8: tuple((r, c) for r in (0.25, 0.5, 0.75) for c in (0.25, 0.5, 0.75) if (r, c) != (0.5, 0.5)),
    9: tuple((r, c) for r in (0.25, 0.5, 0.75) for c in (0.25, 0.5, 0.75)),
    10: (
        *((0.2, c) for c in (0.16, 0.39, 0.61, 0.84)),
        *((0.5, c) for c in (0.16, 0.84)),
        *((0.8, c) for c in (0.16, 0.39, 0.61, 0.84)),
    ),
    11: (
        *((0.2, c) for c in (0.16, 0.39, 0.61, 0.84)),
        *((0.5, c) for c in (0.2, 0.5, 0.8)),
        *((0.8, c) for c in (0.16, 0.39, 0.61, 0.84)),
    ),
    12: tuple((r, c) for r in (0.2, 0.5, 0.8) for c in (0.16, 0.39, 0.61, 0.84)),
}

#: Pip colours (BGR) of a set with coloured pips, one per value 1-12, as on the
#: double-twelve set of ``halves-d12`` (light blue, green, red, brown, blue, orange,
#: magenta, teal, purple, orange-red, maroon and a pale grey 12).
_PIP_COLOURS: dict[int, tuple[int, int, int]] = {
    1: (200, 160, 60),
    2: (40, 160, 40),
    3: (40, 40, 210),
    4: (30, 60, 120),
    5: (170, 70, 20),
    6: (20, 140, 240),
    7: (150, 40, 190),
    8: (150, 160, 20),
    9: (130, 40, 90),
    10: (20, 90, 240),
    11: (50, 30, 140),
    12: (170, 170, 165),
}


@dataclass(frozen=True)
class _DarkLook:
    """The colours (BGR, 0-255, before the light) of a set of black tiles.

    ``face``: the tile's face, 20-45 grey with a slight tint; ``rim``: its bevelled rim,
    a little paler (a glossy edge catches the light); ``pip``: white or cream paint;
    ``bar``: the divider bar, painted like the pips or a groove darker than the face.
    """

    face: np.ndarray
    rim: np.ndarray
    pip: np.ndarray
    bar: np.ndarray


def _dark_look(rng: np.random.Generator) -> _DarkLook:
    """A random look of black tiles with white or cream pips (see :class:`_DarkLook`)."""
    grey = float(rng.uniform(20, 45))
    tint = rng.uniform(-0.08, 0.08, 3)
    face = np.asarray(grey * (1.0 + tint), dtype=np.float32)
    cream = rng.random() < 0.5
    pip = np.array([195, 225, 238] if cream else [236, 238, 240], dtype=np.float32)
    pip = pip * float(rng.uniform(0.9, 1.0))
    bar = pip.copy() if rng.random() < 0.5 else face * 0.45
    return _DarkLook(face, face + 18.0, pip.astype(np.float32), bar.astype(np.float32))


@dataclass(frozen=True)
class RenderedHand:
    """A rendered photo and what it shows.

    Attributes
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
    tiles : tuple of (int, int)
        Each tile's pips, the half nearer its ``tl``-``tr`` start first.
    corners : tuple of (4, 2) ndarray of float64
        Each tile's corners as (x, y) pixels of ``image``, tl, tr, br, bl.
    texture : str
        ``"wood"``, ``"felt"``, ``"marble"`` or ``"fabric"``.
    """

    image: np.ndarray
    tiles: tuple[tuple[int, int], ...]
    corners: tuple[np.ndarray, ...]
    texture: str

    @property
    def total(self) -> int:
        """Pips on every tile (points)."""
        return sum(a + b for a, b in self.tiles)

    def answer(self) -> dict[str, object]:
        """The expected reading, as written beside a sample photo."""
        return {
            "tiles": [[a, b] for a, b in self.tiles],
            "total": self.total,
            "corners": [np.round(c, 1).tolist() for c in self.corners],
            "texture": self.texture,
        }


def _table(rng: np.random.Generator, rows: int, cols: int, texture: str) -> np.ndarray:
    """A table top, (rows, cols, 3) float32 BGR in 0..255."""
    if texture == "wood":
        base = np.array([40, 62, 96], dtype=np.float32)  # dark brown, BGR
        y = np.arange(rows, dtype=np.float32)[:, None]
        x = np.arange(cols, dtype=np.float32)[None, :]
        wobble = 6 * np.sin(x / rng.uniform(60, 120) + rng.uniform(0, 6))
        grain = np.sin((y + wobble) / rng.uniform(3, 6)) * 0.5 + np.sin(
            (y + 2 * wobble) / rng.uniform(15, 30)
        )
        shade = 1.0 + 0.12 * grain
        table = base[None, None, :] * shade[:, :, None]
    elif texture == "marble":
        # Pale, cool marble with soft grey veins: paler than the tiles on it.
        base = np.array([246, 244, 238], dtype=np.float32)
        veins = rng.normal(0, 1, (rows // 8 + 1, cols // 8 + 1)).astype(np.float32)
        veins = cv2.resize(cv2.GaussianBlur(veins, (0, 0), 2.0), (cols, rows))
        shade = 1.0 - 0.15 * np.exp(-((veins * 12.0) ** 2))
        table = base[None, None, :] * shade[:, :, None]
    elif texture == "fabric":
        # A woven cloth of mid lightness in a random colour: a fine weave and broad
        # checks of a second tone (a tablecloth, a throw).
        hue = rng.uniform(0, 180)
        values = [int(hue), int(rng.uniform(90, 170)), int(rng.uniform(110, 170))]
        hsv = np.array([[values]], dtype=np.uint8)
        base = np.asarray(cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR), dtype=np.float32)[0, 0]
        y = np.arange(rows, dtype=np.float32)[:, None]
        x = np.arange(cols, dtype=np.float32)[None, :]
        period = rng.uniform(3, 5)
        weave = 0.06 * np.sin(2 * np.pi * x / period) * np.sin(2 * np.pi * y / period)
        check = rng.uniform(40, 90)
        checks = (np.floor(x / check) + np.floor(y / check)) % 2
        shade = 1.0 + weave - rng.uniform(0.15, 0.3) * checks
        table = base[None, None, :] * shade[:, :, None]
    else:
        base = np.array([50, 105, 35], dtype=np.float32)  # green felt, BGR
        noise = rng.normal(0, 1, (rows, cols)).astype(np.float32)
        noise = cv2.GaussianBlur(noise, (0, 0), 1.2)
        table = base[None, None, :] * (1.0 + 0.10 * noise)[:, :, None]
    return table.astype(np.float32)


def _rounded_rect(
    centre: np.ndarray,
    along: np.ndarray,
    across: np.ndarray,
    half_long: float,
    half_short: float,
    radius: float,
) -> np.ndarray:
    """Outline of a rounded rectangle as (x, y) points, float64."""
    points = []
    for sx, sy, start in ((1, 1, 0), (-1, 1, 90), (-1, -1, 180), (1, -1, 270)):
        corner = centre + along * sx * (half_long - radius) + across * sy * (half_short - radius)
        for degrees in range(start, start + 91, 10):
            t = math.radians(degrees)
            points.append(corner + radius * (math.cos(t) * along + math.sin(t) * across))
    return np.array(points)


def _draw_tile(
    canvas: np.ndarray,
    shadow: np.ndarray,
    pips: tuple[int, int],
    centre: np.ndarray,
    angle: float,
    short: float,
    ink: np.ndarray,
    brightness: np.ndarray,
    *,
    side: float = 0.0,
    tinted_rim: bool = False,
    coloured: bool = False,
    dark: _DarkLook | None = None,
) -> np.ndarray:
    """Draw one tile (in place, on the private canvas); return its tl, tr, br, bl corners.

    ``side`` (pixels): how far the tile's near side shows below its face (seen from a
    low angle), drawn darker than the face; 0 draws the face only.  ``tinted_rim``: the
    bevelled rim as much darker than an ivory face as it is than a white one (else the
    white tiles' rim colour).  ``coloured``: each value's pips in its own colour
    (:data:`_PIP_COLOURS`, lit as the face is), else all in ``ink``.  ``dark``: a black
    tile (:class:`_DarkLook`): its face, rim, bar and pips in those colours, lit by
    ``brightness`` as a white face is (``ink`` and ``coloured`` then play no part).
    """
    along = np.array([math.cos(angle), math.sin(angle)])
    across = np.array([-along[1], along[0]])
    half_long, half_short = short, short / 2
    outline = _rounded_rect(centre, along, across, half_long, half_short, 0.12 * short)
    shift = 16  # fixed-point bits for anti-aliased drawing
    scale = 1 << shift
    offset = np.array([0.06 * short, 0.09 * short])
    cv2.fillPoly(
        shadow, [np.rint((outline + offset) * scale).astype(np.int32)], 1.0, cv2.LINE_AA, shift
    )
    face = np.array([232, 240, 244], dtype=np.float32) * brightness
    if dark is not None:
        face = dark.face * brightness
    if side > 0:
        # The tile's body: its outline swept down by ``side`` (the near side in shade).
        body = np.vstack([outline, outline + np.array([0.0, side])])
        hull = cv2.convexHull(np.rint(body * scale).astype(np.int32))
        cv2.fillPoly(canvas, [hull], (face * 0.62).tolist(), cv2.LINE_AA, shift)
    cv2.fillPoly(
        canvas, [np.rint(outline * scale).astype(np.int32)], face.tolist(), cv2.LINE_AA, shift
    )
    rim = _rounded_rect(centre, along, across, half_long, half_short, 0.12 * short)
    rim_colour = np.array([150, 160, 165], dtype=np.float32)
    if tinted_rim:
        rim_colour = rim_colour * brightness
    if dark is not None:
        rim_colour = dark.rim * brightness
    cv2.polylines(
        canvas,
        [np.rint(rim * scale).astype(np.int32)],
        True,
        rim_colour.tolist(),
        max(1, round(short / 40)),
        cv2.LINE_AA,
        shift,
    )
    bar_half = 0.36 * short
    ends = [centre + across * bar_half, centre - across * bar_half]
    cv2.line(
        canvas,
        tuple(np.rint(ends[0] * scale).astype(int)),
        tuple(np.rint(ends[1] * scale).astype(int)),
        (ink if dark is None else dark.bar * brightness).tolist(),
        max(2, round(short / 22)),
        cv2.LINE_AA,
        shift,
    )
    for half, count in enumerate(pips):
        if count == 0:
            continue
        # Half 0 lies towards -along, half 1 towards +along; each is a square of side short.
        half_centre = centre + along * (half - 0.5) * short
        radius = 0.085 * short if count <= 9 else 0.07 * short
        # A coloured pip's paint is under the same light as the face (ivory in shade).
        colour = np.array(_PIP_COLOURS[count], np.float32) * brightness if coloured else ink
        if dark is not None:
            colour = dark.pip * brightness
        for row, col in _PIPS[count] if count <= 6 else _BIG_PIPS[count]:
            point = (
                half_centre
                + across * (row - 0.5) * short * 0.82
                + along * (col - 0.5) * short * 0.82
            )
            cv2.circle(
                canvas,
                tuple(np.rint(point * scale).astype(int)),
                int(radius * scale),
                list(map(float, colour)),
                -1,
                cv2.LINE_AA,
                shift,
            )
    corners = np.array(
        [
            centre - along * half_long - across * half_short,
            centre + along * half_long - across * half_short,
            centre + along * half_long + across * half_short,
            centre - along * half_long + across * half_short,
        ]
    )
    return corners


def render_hand(
    seed: int,
    *,
    count: int | None = None,
    texture: str | None = None,
    rows: int = 900,
    cols: int = 1200,
    low_angle: float = 0.0,
    shade: bool = False,
    touching: bool = False,
    max_pips: int = 6,
    close_up: bool = False,
    harsh: bool = False,
    dark: bool = False,
) -> RenderedHand:
    """Render one photo of a hand of distinct tiles of a double-six (or larger) set.

    Parameters
    ----------
    seed : int
        Everything random follows from it: the same seed gives the same photo.
    count : int, optional
        Tiles in the hand (default: 3 to 7 at random).
    texture : {"wood", "felt", "marble", "fabric"}, optional
        The table (default: wood or felt, chosen by the seed).  On marble the tiles are
        ivory and darker than the table; elsewhere white.
    rows, cols : int, keyword-only
        Size of the photo in pixels.
    low_angle : float, keyword-only
        0 (default) to 1: how low the camera is.  Above 0 the photo is taken at a slant:
        the far (top) edge of the table is narrowed by ``0.45 * low_angle`` of the width
        and the picture squashed from top to bottom (strong perspective: far tiles
        smaller and foreshortened), and each tile's near side shows below its face
        (``0.22 * low_angle`` of its width, in shade).
    shade : bool, keyword-only
        A soft shadow (of the photographer, say) falls across the tiles: a broad band
        at a random slant, 35-50 % darker, its edges blurred over about a tile's width.
    touching : bool, keyword-only
        The tiles lie touching in a block, side by side and end to end (rows of two
        or three tiles end to end, the rows side by side; a pixel or two apart), the
        block turned to a random angle.  The tiles' shadows then merge.
    max_pips : int, keyword-only
        The set is double-``max_pips`` (6, 9 or 12).  Above 6 the pips are coloured,
        each value its own colour, and 7-12 pips are laid as the usual double-twelve
        sets lay them (7-9 on the 3 x 3 grid, 10-12 in three rows of four).
    close_up : bool, keyword-only
        One tile fills most of the photo (its long side 80-95 % of the photo's longer
        side, turned a little from it), as in a close-up of a single tile.
    dark : bool, keyword-only
        Black tiles with white pips (a pub set): the face 20-45 grey with a slight tint
        and gloss (a soft highlight on most tiles), the rim a little paler, the pips
        white or cream, the divider bar painted like the pips or a groove darker than
        the face (each chosen by the seed).  Any table; in any set the pips are painted
        alike (not coloured).  The tiles, their places and the table are those the seed
        draws without it.

    Returns
    -------
    RenderedHand
        The photo (BGR uint8) and each tile's pips and corners in it.

    Raises
    ------
    ValueError
        If ``texture`` is unknown, ``count`` is not 1-10, ``low_angle`` not in 0-1 or
        ``max_pips`` not 6, 9 or 12.

    The defaults draw exactly the same photo for a seed as before these options existed;
    the options draw their own randomness from a second generator of the same seed.
    """
    if not 0.0 <= low_angle <= 1.0:
        raise ValueError(f"low_angle is 0 to 1, not {low_angle}")
    if max_pips not in (6, 9, 12):
        raise ValueError(f"a rendered set is double-6, double-9 or double-12, not {max_pips}")
    rng = np.random.default_rng(seed)
    extra = np.random.default_rng([seed, 1])
    hard = np.random.default_rng([seed, 2])
    look = _dark_look(np.random.default_rng([seed, 3])) if dark else None
    texture = texture or _USUAL[int(rng.integers(len(_USUAL)))]
    if texture not in TEXTURES:
        raise ValueError(f"texture is one of {', '.join(TEXTURES)}, not {texture!r}")
    count = int(rng.integers(3, 8)) if count is None else count
    if close_up:
        count = 1
    if not 1 <= count <= 10:
        raise ValueError(f"a rendered hand has 1 to 10 tiles, not {count}")
    tiles = double_set(max_pips)
    chosen = [tiles[int(i)] for i in rng.choice(len(tiles), size=count, replace=False)]
    canvas = _table(rng, rows, cols, texture)
    if harsh:
        canvas *= _dark_veins(hard, rows, cols)[:, :, None]
    shadow = np.zeros((rows, cols), dtype=np.float32)
    short = float(rng.uniform(0.085, 0.11) * min(rows, cols) * 1.1)
    ink = np.array([28, 26, 24], dtype=np.float32)
    # Ivory tiles in the shade of the room on a pale marble; white ones elsewhere.
    brightness = np.array(
        [0.62, 0.74, 0.82] if texture == "marble" and not dark else [1.0, 1.0, 1.0],
        dtype=np.float32,
    )
    boxes: list[np.ndarray] = []
    layout: list[tuple[tuple[int, int], np.ndarray, float]] = []
    if touching:
        layout = _touching_layout(extra, chosen, short, rows, cols)
    if close_up:
        tile = chosen[0]
        pips = (tile.low, tile.high) if extra.random() < 0.5 else (tile.high, tile.low)
        fill = float(extra.uniform(0.8, 0.95))
        short = min(fill * max(rows, cols) / 2, 0.9 * min(rows, cols))
        angle = (0.0 if cols >= rows else math.pi / 2) + float(extra.uniform(-0.12, 0.12))
        place = np.array([cols / 2, rows / 2]) + extra.uniform(-0.03, 0.03, 2) * [cols, rows]
        layout = [(pips, place, angle)]
    for tile in chosen if not (touching or close_up) else ():
        pips = (tile.low, tile.high) if rng.random() < 0.5 else (tile.high, tile.low)
        for _ in range(400):
            angle = float(rng.uniform(0, math.pi))
            margin = 1.2 * short
            centre = np.array(
                [rng.uniform(margin, cols - margin), rng.uniform(margin, rows - margin)]
            )
            along = np.array([math.cos(angle), math.sin(angle)])
            across = np.array([-along[1], along[0]])
            box = np.array(
                [
                    centre + along * sa * 1.12 * short + across * sb * 0.62 * short
                    for sa, sb in ((-1, -1), (1, -1), (1, 1), (-1, 1))
                ],
                dtype=np.float32,
            )
            if all(cv2.intersectConvexConvex(box, other)[0] <= 0 for other in boxes):
                boxes.append(box)
                layout.append((pips, centre, angle))
                break
    # Shadows first (they fall on the table), then the tiles over them.
    scratch = np.zeros_like(canvas)
    for pips, centre, angle in layout:
        _draw_tile(scratch, shadow, pips, centre, angle, short, ink, brightness)
    shadow = cv2.GaussianBlur(shadow, (0, 0), 0.05 * short)
    canvas *= (1.0 - 0.55 * shadow)[:, :, None]
    corners: list[np.ndarray] = []
    side = (0.34 if harsh else 0.22) * low_angle * short
    if low_angle > 0:
        # Nearer tiles (lower in the photo) drawn last: their sides hide the far ones' faces.
        layout.sort(key=lambda item: float(item[1][1]))
    for pips, centre, angle in layout:
        corners.append(
            _draw_tile(
                canvas,
                np.zeros_like(shadow),
                pips,
                centre,
                angle,
                short,
                ink,
                brightness,
                side=side,
                tinted_rim=low_angle > 0 or shade or touching,
                coloured=max_pips > 6,
                dark=look,
            )
        )
    if look is not None:
        glossy = np.random.default_rng([seed, 4])
        for _pips, centre, _angle in layout:
            if glossy.random() < 0.6:
                _add_gloss(glossy, canvas, centre, short, strength=(8.0, 20.0))
    if harsh:
        for _pips, centre, _angle in layout:
            if hard.random() < 0.6:
                _add_gloss(hard, canvas, centre, short)
    if shade:
        canvas *= _shade_band(extra, rows, cols, short)[:, :, None]
    # Uneven light: brighter towards a random point.
    y, x = np.mgrid[0:rows, 0:cols].astype(np.float32)
    light_x, light_y = rng.uniform(0, cols), rng.uniform(0, rows)
    distance = np.hypot(x - light_x, y - light_y) / math.hypot(rows, cols)
    canvas *= (1.08 - 0.3 * distance)[:, :, None]
    # A little perspective: each photo corner moved by up to 4% of the side.
    source = np.array([[0, 0], [cols, 0], [cols, rows], [0, rows]], dtype=np.float32)
    jitter = rng.uniform(-0.04, 0.04, (4, 2)) * np.array([cols, rows])
    target = (source + jitter).astype(np.float32)
    matrix = cv2.getPerspectiveTransform(source, target)
    if low_angle > 0:
        # Seen from low down: the far edge narrowed, the picture squashed towards the top.
        narrow = 0.225 * low_angle * cols
        slant = np.array(
            [
                [narrow, 0.3 * low_angle * rows],
                [cols - narrow, 0.3 * low_angle * rows],
                [cols, rows],
                [0, rows],
            ],
            dtype=np.float32,
        )
        # Zoom back so the squashed table fills the frame again (some of it leaves).
        centre = np.array([cols / 2, rows], dtype=np.float32)
        slant = centre + (slant - centre) * np.float32(1.0 + 0.3 * low_angle)
        low = cv2.getPerspectiveTransform(source, slant.astype(np.float32))
        matrix = matrix @ low
    canvas = cv2.warpPerspective(canvas, matrix, (cols, rows), borderMode=cv2.BORDER_REFLECT)
    canvas = cv2.GaussianBlur(canvas, (0, 0), 0.7)
    canvas += rng.normal(0, 3.0, canvas.shape).astype(np.float32)
    if harsh:
        cast = 1.0 + hard.uniform(-0.12, 0.12) * np.array([1.0, 0.2, -1.0], dtype=np.float32)
        canvas = (canvas * cast[None, None, :]).astype(np.float32)
    image = np.clip(np.rint(canvas), 0, 255).astype(np.uint8)
    if harsh:
        quality = int(hard.integers(55, 76))
        _ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
        image = np.asarray(cv2.imdecode(data, cv2.IMREAD_COLOR), dtype=np.uint8)
    warped = tuple(
        cv2.perspectiveTransform(c.reshape(1, 4, 2).astype(np.float32), matrix)
        .reshape(4, 2)
        .astype(np.float64)
        for c in corners
    )
    return RenderedHand(image, tuple(p for p, _, _ in layout), warped, texture)


def _touching_layout(
    rng: np.random.Generator,
    chosen: list[Tile],
    short: float,
    rows: int,
    cols: int,
) -> list[tuple[tuple[int, int], np.ndarray, float]]:
    """Tiles in a block, touching side by side and end to end, turned at random.

    Rows of up to three tiles end to end (along), the rows side by side (across);
    returns ``(pips, centre, angle)`` per tile, centres in (x, y) pixels.
    """
    per_row = int(rng.integers(2, 4))
    angle = float(rng.uniform(-0.5, 0.5) + (math.pi / 2 if rng.random() < 0.3 else 0.0))
    along = np.array([math.cos(angle), math.sin(angle)])
    across = np.array([-along[1], along[0]])
    gap = float(rng.uniform(0.0, 2.0))  # pixels between touching tiles
    places = []
    for index, tile in enumerate(chosen):
        row, col = divmod(index, per_row)
        pips = (tile.low, tile.high) if rng.random() < 0.5 else (tile.high, tile.low)
        offset = along * col * (2 * short + gap) + across * row * (short + gap)
        places.append((pips, offset))
    offsets = np.array([offset for _, offset in places])
    middle = (offsets.min(axis=0) + offsets.max(axis=0)) / 2
    centre = np.array([cols / 2, rows / 2]) + rng.uniform(-0.08, 0.08, 2) * [cols, rows]
    return [(pips, centre + offset - middle, angle) for pips, offset in places]


def _dark_veins(rng: np.random.Generator, rows: int, cols: int) -> np.ndarray:
    """Light left by a few dark marble veins: (rows, cols) float32, 0.55-1.

    Wandering lines 1-4 pixels wide, 20-45 % darker, each across the whole table.
    """
    veins = np.zeros((rows, cols), dtype=np.float32)
    for _ in range(int(rng.integers(4, 9))):
        angle = rng.uniform(0, math.pi)
        along = np.array([math.cos(angle), math.sin(angle)])
        across = np.array([-along[1], along[0]])
        start = np.array([rng.uniform(0, cols), rng.uniform(0, rows)])
        steps = np.linspace(-1.5, 1.5, 80) * max(rows, cols)
        wave = rng.uniform(20, 60) * np.sin(steps / rng.uniform(80, 200) + rng.uniform(0, 6))
        points = start + np.outer(steps, along) + np.outer(wave, across)
        cv2.polylines(
            veins,
            [np.rint(points).astype(np.int32)],
            False,
            float(rng.uniform(0.2, 0.45)),
            int(rng.integers(1, 5)),
            cv2.LINE_AA,
        )
    blurred = cv2.GaussianBlur(veins, (0, 0), 0.8)
    return (1.0 - blurred).astype(np.float32)


def _add_gloss(
    rng: np.random.Generator,
    canvas: np.ndarray,
    centre: np.ndarray,
    short: float,
    *,
    strength: tuple[float, float] = (40.0, 90.0),
) -> None:
    """Add (in place) a soft glossy highlight near a tile's ``centre`` (x, y pixels),
    ``strength`` (least, most) codes at its brightest."""
    rows, cols = canvas.shape[:2]
    spot = np.zeros((rows, cols), dtype=np.float32)
    place = centre + rng.uniform(-0.7, 0.7, 2) * short
    axes = (
        max(2, round(rng.uniform(0.25, 0.6) * short)),
        max(1, round(rng.uniform(0.08, 0.2) * short)),
    )
    cv2.ellipse(
        spot,
        (round(place[0]), round(place[1])),
        axes,
        float(rng.uniform(0, 180)),
        0,
        360,
        1.0,
        -1,
    )
    soft = cv2.GaussianBlur(spot, (0, 0), 0.06 * short)
    canvas += (float(rng.uniform(*strength)) * soft)[:, :, None]


def _shade_band(rng: np.random.Generator, rows: int, cols: int, short: float) -> np.ndarray:
    """Light left by a soft shadow falling across the photo: (rows, cols) float32, 0.5-1."""
    angle = rng.uniform(0, math.pi)
    normal = np.array([math.cos(angle), math.sin(angle)])
    y, x = np.mgrid[0:rows, 0:cols].astype(np.float32)
    distance = (x - cols / 2) * normal[0] + (y - rows / 2) * normal[1]
    middle = rng.uniform(-0.15, 0.15) * min(rows, cols)
    width = rng.uniform(0.25, 0.4) * min(rows, cols)
    inside = np.abs(distance - middle) < width / 2
    band = cv2.GaussianBlur(inside.astype(np.float32), (0, 0), 0.5 * short)
    depth = rng.uniform(0.35, 0.5)
    return (1.0 - depth * band).astype(np.float32)


def write_samples(
    folder: Path, *, seeds: tuple[int, ...] = (1, 2, 3, 4, 5, 6), dark: bool = False
) -> list[Path]:
    """Write ``hand-<seed>.jpg`` and ``hand-<seed>.json`` (the answer) for each seed.

    Half the seeds get wood and half felt (by parity), so both textures are covered.
    ``dark``: black tiles with white pips (:func:`render_hand`'s ``dark``), written as
    ``hand-dark-<seed>.jpg`` and ``.json``.

    Returns
    -------
    list of Path
        The photos written.
    """
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for seed in seeds:
        hand = render_hand(seed, texture=TEXTURES[seed % 2], dark=dark)
        name = f"hand-dark-{seed}" if dark else f"hand-{seed}"
        photo = folder / f"{name}.jpg"
        ok, encoded = cv2.imencode(".jpg", hand.image, [cv2.IMWRITE_JPEG_QUALITY, 85])
        if not ok:
            raise OSError(f"cannot encode {photo}")
        photo.write_bytes(encoded.tobytes())
        answer = json.dumps(hand.answer(), indent=1)
        (folder / f"{name}.json").write_text(answer + "\n", encoding="utf-8")
        written.append(photo)
    return written


def main(argv: list[str] | None = None) -> int:
    """``python -m vision.dominoes.render FOLDER``: write the sample photos."""
    parser = argparse.ArgumentParser(description="Render sample photos of domino hands.")
    parser.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    for photo in write_samples(args.folder) + write_samples(
        args.folder, seeds=DARK_SAMPLES, dark=True
    ):
        print(photo)
    return 0


if __name__ == "__main__":
    sys.exit(main())
