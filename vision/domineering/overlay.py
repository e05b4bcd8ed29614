"""The picture the player sees: grid found, each pair read, legal moves as ghost dominoes."""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from vision.decode import downscale
from vision.domineering.grid import SIZE

__all__ = ["render_overlay"]

#: BGR: H blue, V red, as the page draws them (web/static/referee.css ``--h`` #2563a8,
#: ``--v`` #b23a48; session 12: V was orange here and red on the page).
_COLOURS = {"H": (168, 99, 37), "V": (72, 58, 178)}
_GRID = (200, 200, 0)
_GHOST = (60, 200, 60)
_UNSURE = (0, 220, 255)

Pair = tuple[tuple[int, int], tuple[int, int]]


def _cell_polygon(lattice: np.ndarray, r: int, c: int, inset: float) -> np.ndarray:
    """(4, 2) [x, y] corners of cell (r, c), pulled toward its centre by ``inset`` (0..0.5)."""
    quad = np.array([lattice[r, c], lattice[r, c + 1], lattice[r + 1, c + 1], lattice[r + 1, c]])
    centre = quad.mean(axis=0)
    return centre + (quad - centre) * (1 - 2 * inset)


def render_overlay(
    image: np.ndarray,
    lattice: np.ndarray,
    pairs: Sequence[Pair],
    confidence: np.ndarray,
    *,
    ghosts: Sequence[Pair] = (),
    side_to_move: str | None = None,
    caption: str = "",
    max_side: int = 1600,
) -> np.ndarray:
    """Draw what was read over the photo.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8
        The photo, BGR (untouched).
    lattice : (6, 6, 2) ndarray of float64
        Grid line crossings as [x, y] photo pixels, in the sheet's orientation.
    pairs : sequence of ((row, col), (row, col))
        Pairs read (0-based cells): drawn as a bar joining the two cells, H blue,
        V red.
    confidence : (5, 5) ndarray of float64
        Cells under 0.8 get a yellow ring.
    ghosts : sequence of ((row, col), (row, col)), keyword-only
        Legal moves of the side to move, drawn as translucent pale green dominoes.
    side_to_move : {"H", "V"} or None, keyword-only
        Colour of the ghosts' outline.
    caption : str, keyword-only
        One line written at the top (ASCII).
    max_side : int, keyword-only
        The overlay is at most this size, in pixels.

    Returns
    -------
    (rows', cols', 3) ndarray of uint8
        A new BGR image.
    """
    out = downscale(image, max_side)
    f = out.shape[1] / image.shape[1]
    lat = lattice * f
    cell_px = float(np.linalg.norm(lat[0, SIZE] - lat[0, 0])) / SIZE
    thick = max(1, round(cell_px / 25))
    # ghost dominoes: translucent
    if ghosts:
        layer = out.copy()
        for a, b in ghosts:
            poly = np.vstack([_cell_polygon(lat, *a, 0.2), _cell_polygon(lat, *b, 0.2)])
            hull = cv2.convexHull(poly.astype(np.float32))
            cv2.fillConvexPoly(layer, np.round(hull).astype(np.int32), _GHOST, cv2.LINE_AA)
        out = cv2.addWeighted(layer, 0.35, out, 0.65, 0.0)
        edge = _COLOURS.get(side_to_move or "", _GHOST)
        for a, b in ghosts:
            poly = np.vstack([_cell_polygon(lat, *a, 0.2), _cell_polygon(lat, *b, 0.2)])
            hull = cv2.convexHull(poly.astype(np.float32))
            cv2.polylines(out, [np.round(hull).astype(np.int32)], True, edge, 1, cv2.LINE_AA)
    # grid found
    for i in range(SIZE + 1):
        cv2.polylines(out, [np.round(lat[i, :]).astype(np.int32)], False, _GRID, thick, cv2.LINE_AA)
        cv2.polylines(out, [np.round(lat[:, i]).astype(np.int32)], False, _GRID, thick, cv2.LINE_AA)
    # pairs read
    for a, b in pairs:
        side = "H" if a[0] == b[0] else "V"
        pa = _cell_polygon(lat, *a, 0.5)[0]
        pb = _cell_polygon(lat, *b, 0.5)[0]
        colour = _COLOURS[side]
        cv2.line(
            out,
            np.round(pa).astype(int).tolist(),
            np.round(pb).astype(int).tolist(),
            colour,
            max(2, round(cell_px / 8)),
            cv2.LINE_AA,
        )
        for p in (pa, pb):
            cv2.circle(
                out,
                np.round(p).astype(int).tolist(),
                max(3, round(cell_px / 7)),
                colour,
                -1,
                cv2.LINE_AA,
            )
    for r in range(SIZE):
        for c in range(SIZE):
            if confidence[r, c] < 0.8:
                p = _cell_polygon(lat, r, c, 0.5)[0]
                cv2.circle(
                    out,
                    np.round(p).astype(int).tolist(),
                    max(5, round(cell_px / 3)),
                    _UNSURE,
                    thick + 1,
                    cv2.LINE_AA,
                )
    if caption:
        scale = max(0.5, out.shape[1] / 1400)
        (w, h), base = cv2.getTextSize(caption, cv2.FONT_HERSHEY_SIMPLEX, scale, 2)
        cv2.rectangle(out, (0, 0), (w + 16, h + base + 16), (255, 255, 255), -1)
        cv2.putText(
            out, caption, (8, h + 8), cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0), 2, cv2.LINE_AA
        )
    return out
