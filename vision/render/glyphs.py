"""Handwriting-like glyphs (digits 0-9, letters A-E) drawn as jittered pen strokes.

Each glyph is a few stroke skeletons in a unit box (x from 0 to about 0.6, y from
0 at the top to 1 at the bottom), in several styles (a 1 with or without a flag
and foot, an open or closed 4, a 7 with or without a bar, ...).  Drawing jitters
the control points, slants and stretches the glyph, and strokes it with
``cv2.polylines``; Hershey fonts (``cv2.putText``) give a printed look instead.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

__all__ = ["GLYPHS", "draw_text", "glyph_strokes"]

Stroke = list[tuple[float, float]]


def _arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, n: int = 14) -> Stroke:
    """Points of an elliptic arc, angles in degrees (0 = right, 90 = down: image axes)."""
    return [
        (cx + rx * math.cos(math.radians(a)), cy + ry * math.sin(math.radians(a)))
        for a in np.linspace(a0, a1, n)
    ]


def _glyph_table() -> dict[str, list[list[Stroke]]]:
    """Every glyph's styles: glyph -> list of styles, each a list of strokes."""
    return {
        "0": [
            [_arc(0.3, 0.5, 0.28, 0.5, -90, 270, 24)],
            [_arc(0.3, 0.5, 0.24, 0.5, -100, 265, 24)],
        ],
        "1": [
            [[(0.3, 0.0), (0.3, 1.0)]],
            [[(0.08, 0.25), (0.3, 0.0), (0.3, 1.0)]],
            [[(0.08, 0.25), (0.3, 0.0), (0.3, 1.0)], [(0.08, 1.0), (0.52, 1.0)]],
        ],
        "2": [
            [[*_arc(0.3, 0.28, 0.27, 0.27, 200, 380, 12), (0.02, 1.0), (0.6, 1.0)]],
            [
                [
                    *_arc(0.3, 0.3, 0.27, 0.29, 190, 400, 12),
                    (0.12, 0.85),
                    (0.02, 1.0),
                    (0.3, 0.97),
                    (0.6, 1.0),
                ]
            ],
        ],
        "3": [
            [_arc(0.3, 0.25, 0.25, 0.24, 200, 450, 12) + _arc(0.3, 0.74, 0.28, 0.26, 270, 520, 12)],
            [[(0.05, 0.0), (0.55, 0.0), (0.25, 0.42), *_arc(0.3, 0.7, 0.28, 0.29, 260, 510, 12)]],
        ],
        "4": [
            [[(0.45, 1.0), (0.45, 0.0), (0.0, 0.68), (0.6, 0.68)]],
            [[(0.1, 0.0), (0.05, 0.6), (0.6, 0.6)], [(0.45, 0.2), (0.45, 1.0)]],
        ],
        "5": [
            [[(0.55, 0.0), (0.1, 0.0), (0.07, 0.42), *_arc(0.3, 0.68, 0.28, 0.3, 225, 510, 12)]],
            [
                [(0.1, 0.0), (0.07, 0.42), *_arc(0.3, 0.68, 0.28, 0.3, 225, 510, 12)],
                [(0.1, 0.0), (0.55, 0.02)],
            ],
        ],
        "6": [
            [[(0.5, 0.0), (0.25, 0.22), (0.08, 0.5), *_arc(0.3, 0.72, 0.25, 0.27, 180, 540, 16)]],
        ],
        "7": [
            [[(0.02, 0.0), (0.6, 0.0), (0.2, 1.0)]],
            [[(0.02, 0.05), (0.6, 0.0), (0.25, 1.0)], [(0.15, 0.5), (0.52, 0.5)]],
        ],
        "8": [
            [_arc(0.3, 0.25, 0.22, 0.24, 90, 450, 16), _arc(0.3, 0.74, 0.28, 0.26, -90, 270, 16)],
        ],
        "9": [
            [_arc(0.3, 0.28, 0.26, 0.27, 0, 360, 16), [(0.56, 0.28), (0.5, 1.0)]],
            [[*_arc(0.3, 0.28, 0.26, 0.27, 10, 370, 16), (0.5, 0.75), (0.3, 1.0)]],
        ],
        "A": [
            [[(0.0, 1.0), (0.3, 0.0), (0.6, 1.0)], [(0.12, 0.62), (0.48, 0.62)]],
        ],
        "B": [
            [
                [(0.05, 0.0), (0.05, 1.0)],
                [(0.05, 0.0), (0.3, 0.0), *_arc(0.3, 0.24, 0.22, 0.24, 270, 450, 10), (0.05, 0.48)],
                [
                    (0.05, 0.48),
                    (0.35, 0.48),
                    *_arc(0.35, 0.74, 0.24, 0.26, 270, 450, 10),
                    (0.05, 1.0),
                ],
            ],
        ],
        "C": [[_arc(0.35, 0.5, 0.32, 0.5, -40, -320, 18)]],
        "D": [
            [[(0.05, 0.0), (0.05, 1.0)], _arc(0.05, 0.5, 0.52, 0.5, -90, 90, 16)],
        ],
        "E": [
            [[(0.55, 0.0), (0.05, 0.0), (0.05, 1.0), (0.55, 1.0)], [(0.05, 0.5), (0.42, 0.5)]],
        ],
    }


#: Glyph -> styles -> strokes, in the unit box (x about 0..0.6, y 0..1 top to bottom).
GLYPHS: dict[str, list[list[Stroke]]] = _glyph_table()

_HERSHEY = (
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_PLAIN,
    cv2.FONT_HERSHEY_DUPLEX,
    cv2.FONT_HERSHEY_COMPLEX,
    cv2.FONT_HERSHEY_TRIPLEX,
    cv2.FONT_HERSHEY_SCRIPT_SIMPLEX,
    cv2.FONT_HERSHEY_SCRIPT_COMPLEX,
)


def glyph_strokes(
    text: str, rng: np.random.Generator, *, jitter: float = 0.03, slant: float = 0.0
) -> tuple[list[np.ndarray], float]:
    """Jittered strokes of ``text`` laid out left to right in a box of height 1.

    Parameters
    ----------
    text : str
        Characters among ``GLYPHS`` (digits, A-E).
    rng : numpy.random.Generator
        Source of the style choice and the jitter.
    jitter : float, keyword-only
        Standard deviation of the control-point noise, in glyph heights.
    slant : float, keyword-only
        Shear: x moves by ``-slant * y`` (positive leans right).

    Returns
    -------
    strokes : list of (n, 2) ndarray of float64
        Points as (x, y) in glyph heights, y down.
    width : float
        Total advance width, in glyph heights.
    """
    strokes: list[np.ndarray] = []
    x0 = 0.0
    for char in text:
        styles = GLYPHS[char]
        style = styles[int(rng.integers(len(styles)))]
        stretch = float(rng.uniform(0.8, 1.25))
        shift = rng.normal(0.0, jitter, 2)
        for stroke in style:
            points = np.array(stroke, dtype=np.float64)
            points[:, 0] *= stretch
            points = points + rng.normal(0.0, jitter, points.shape) + shift
            points[:, 0] += x0 + slant * (1.0 - points[:, 1])
            strokes.append(points)
        x0 += 0.6 * stretch + float(rng.uniform(0.12, 0.3))
    return strokes, max(x0 - 0.15, 0.1)


def draw_text(
    mask: np.ndarray,
    text: str,
    center: tuple[float, float],
    height: float,
    rng: np.random.Generator,
    *,
    thickness: int = 2,
    angle: float = 0.0,
    hershey: bool = False,
) -> None:
    """Draw ``text`` into ``mask`` (in place: this is a drawing helper, not a vision stage).

    Parameters
    ----------
    mask : (rows, cols) ndarray of uint8
        Ink coverage layer, 255 = full ink; drawn with antialiasing.
    text : str
        Digits and/or A-E.
    center : (row, col) of float
        Where the middle of the text goes, in pixels.
    height : float
        Glyph height, in pixels.
    rng : numpy.random.Generator
        Style, jitter and slant.
    thickness : int, keyword-only
        Stroke width, in pixels.
    angle : float, keyword-only
        Rotation of the writing, in degrees (counterclockwise as seen).
    hershey : bool, keyword-only
        Printed-looking Hershey font (``cv2.putText``) instead of hand strokes.
    """
    row, col = center
    if hershey:
        font = _HERSHEY[int(rng.integers(len(_HERSHEY)))]
        if rng.random() < 0.3:
            font |= cv2.FONT_ITALIC
        base = cv2.getTextSize(text, font, 1.0, thickness)[0]
        scale = height / max(base[1], 1)
        (w, h), _ = cv2.getTextSize(text, font, scale, thickness)
        pad = int(thickness + 4 + 0.5 * h)
        tile = np.zeros((h + 2 * pad, w + 2 * pad), np.uint8)
        cv2.putText(tile, text, (pad, pad + h), font, scale, 255, thickness, cv2.LINE_AA)
        _paste_rotated(mask, tile, (row, col), angle)
        return
    slant = float(rng.uniform(-0.3, 0.35))
    strokes, width = glyph_strokes(text, rng, jitter=float(rng.uniform(0.01, 0.045)), slant=slant)
    rad = math.radians(angle)
    cos, sin = math.cos(rad), math.sin(rad)
    for points in strokes:
        dx = (points[:, 0] - width / 2) * height
        dy = (points[:, 1] - 0.5) * height
        xs = col + dx * cos + dy * sin
        ys = row - dx * sin + dy * cos
        pts = np.round(np.stack([xs, ys], axis=1) * 16).astype(np.int32)
        cv2.polylines(mask, [pts], False, 255, max(1, thickness), cv2.LINE_AA, shift=4)


def _paste_rotated(
    mask: np.ndarray, tile: np.ndarray, center: tuple[float, float], angle: float
) -> None:
    """Rotate ``tile`` by ``angle`` degrees and max-blend it into ``mask`` around ``center``."""
    rows, cols = tile.shape
    side = math.ceil(math.hypot(rows, cols)) + 2
    rot = cv2.getRotationMatrix2D((cols / 2, rows / 2), angle, 1.0)
    rot[0, 2] += (side - cols) / 2
    rot[1, 2] += (side - rows) / 2
    turned = cv2.warpAffine(tile, rot, (side, side), flags=cv2.INTER_LINEAR)
    top = round(center[0] - side / 2)
    left = round(center[1] - side / 2)
    r0, c0 = max(top, 0), max(left, 0)
    r1, c1 = min(top + side, mask.shape[0]), min(left + side, mask.shape[1])
    if r0 >= r1 or c0 >= c1:
        return
    part = turned[r0 - top : r1 - top, c0 - left : c1 - left]
    np.maximum(mask[r0:r1, c0:c1], part, out=mask[r0:r1, c0:c1])
