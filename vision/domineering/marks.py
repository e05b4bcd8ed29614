"""What is written on the straightened sheet: labels, cell contents, joining strokes.

All functions take the straightened ink frame (``grid.rectify`` of ``grid.ink_map``)
and the 6x6 line crossings found in it, and return plain feature arrays:

* :func:`stroke_contrast` - how dark a pen line is on this sheet (the grid's own
  lines), so every other measure is a ratio and pencil, pen, blur and light matter less;
* :func:`label_sides` - how much writing sits beside each side of the grid, cell by
  cell (the A-E and 1-5 labels sit on two adjacent sides: that fixes the orientation);
* :func:`cell_features` - ink in each cell's inside (numbers, shading; smudges are
  faint and blurred);
* :func:`edge_features` - a stroke crossing each inner edge (the joining stroke of a
  pair crosses the shared edge; ``rules/domineering.txt``);
* :func:`writing_similarity` - how alike the writing in two neighbouring cells is
  (both cells of a pair carry the same turn number).

Edges live with the cells on one 9x9 lattice: cell ``(r, c)`` at ``[2r, 2c]``, the
edge between ``(r, c)`` and ``(r, c+1)`` at ``[2r, 2c+1]``, the edge between ``(r, c)``
and ``(r+1, c)`` at ``[2r+1, 2c]``; ``np.rot90`` of the lattice turns the sheet.
"""

from __future__ import annotations

from collections.abc import Iterator

import cv2
import numpy as np

from vision.domineering.grid import CELL_PX, SIZE

__all__ = [
    "CELL_FEATURES",
    "EDGE_FEATURES",
    "SHEET_FEATURES",
    "cell_features",
    "edge_features",
    "label_ink",
    "label_sides",
    "paper_spread",
    "stroke_contrast",
    "with_neighbours",
    "with_sheet",
    "with_writing",
    "writing_similarity",
]

#: Names of the columns of :func:`cell_features`.
CELL_FEATURES = ("mean", "cover", "peak", "sharp", "blob", "centre")
#: Names of the columns :func:`with_sheet` adds to the cell features (narrow, then wide ink).
SHEET_FEATURES = ("mean_in_sheet", "wide_mean_in_sheet")
#: Names of the columns of :func:`edge_features` (then four from :func:`with_neighbours`,
#: two from :func:`with_writing`).
EDGE_FEATURES = (
    "cross",
    "across",
    "near",
    "far",
    "along",
    "cross_in",
    "cross_out",
    "cross_typical",
    "cross_vs_cells",
    "weaker_cell",
    "cross_vs_rivals",
    "rival_cross",
    "same_writing",
    "same_vs_rivals",
)


def _bilinear(crossings: np.ndarray, r: int, c: int, u: float, v: float) -> np.ndarray:
    """(row, col) at fraction ``u`` down and ``v`` across cell ``(r, c)``."""
    tl, tr = crossings[r, c], crossings[r, c + 1]
    bl, br = crossings[r + 1, c], crossings[r + 1, c + 1]
    top = tl + (tr - tl) * v
    bottom = bl + (br - bl) * v
    return top + (bottom - top) * u


def _inner_box(crossings: np.ndarray, r: int, c: int, inset: float) -> tuple[int, int, int, int]:
    """Row and column bounds ``(top, bottom, left, right)`` of cell ``(r, c)`` inset by
    ``inset`` of a cell on every side, in pixels, at least 2 pixels each way."""
    tl = _bilinear(crossings, r, c, inset, inset)
    br = _bilinear(crossings, r, c, 1 - inset, 1 - inset)
    top, left = round(tl[0]), round(tl[1])
    return max(0, top), max(top + 2, round(br[0])), max(0, left), max(left + 2, round(br[1]))


def stroke_contrast(frame: np.ndarray, crossings: np.ndarray) -> float:
    """Typical ink level of a drawn line on this sheet: the grid lines' median peak.

    Parameters
    ----------
    frame : (side, side) ndarray of float32
        Straightened ink map.
    crossings : (6, 6, 2) ndarray of float64
        Line crossings, (row, col) pixels.

    Returns
    -------
    float
        0..1 ink level (at least 0.05).
    """
    side = frame.shape[0]
    peaks: list[float] = []
    half = max(2, CELL_PX // 10)
    for i in range(SIZE + 1):
        for j in range(SIZE):
            for t in (0.25, 0.5, 0.75):
                p = crossings[i, j] + (crossings[i, j + 1] - crossings[i, j]) * t  # on a row line
                r, c = round(p[0]), round(p[1])
                if half <= r < side - half and 0 <= c < side:
                    peaks.append(float(frame[r - half : r + half + 1, c].max()))
                q = crossings[j, i] + (crossings[j + 1, i] - crossings[j, i]) * t  # column line
                r, c = round(q[0]), round(q[1])
                if 0 <= r < side and half <= c < side - half:
                    peaks.append(float(frame[r, c - half : c + half + 1].max()))
    if not peaks:
        return 0.05
    return max(0.05, float(np.median(peaks)))


def label_ink(
    gray: np.ndarray, crossings: np.ndarray, *, stroke_cells: float = 0.35, paper: float = 0.5
) -> np.ndarray:
    """Thin strokes on the paper around the grid: where to look for the labels.

    Only strokes narrower than ``stroke_cells`` count (a strip of table or a shadow
    edge is wider), only where the paper is about as bright as inside the grid
    (a dark table's grain is not writing), and not long straight lines along the
    grid (ruled paper, the grid's own lines running on).

    Parameters
    ----------
    gray : (side, side) ndarray of uint8
        Straightened darkest channel of the photo.
    crossings : (6, 6, 2) ndarray of float64
    stroke_cells : float, keyword-only
        Widest stroke kept, in cells.
    paper : float, keyword-only
        Share of the grid's paper brightness below which a place is not paper.

    Returns
    -------
    (side, side) ndarray of float32
        0..1 ink, 0 off the paper.
    """
    size = max(3, round(stroke_cells * CELL_PX)) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (size, size))
    background = cv2.morphologyEx(gray, cv2.MORPH_CLOSE, kernel).astype(np.float32)
    lo, hi = crossings[0, 0], crossings[SIZE, SIZE]
    inside = background[round(lo[0]) : round(hi[0]), round(lo[1]) : round(hi[1])]
    level = float(np.median(inside)) if inside.size else float(np.median(background))
    ink = (background - gray.astype(np.float32)) / np.maximum(background, 1.0)
    ink[background < paper * level] = 0.0
    np.clip(ink, 0.0, 1.0, out=ink)
    # long straight lines (notebook ruling, the grid's own lines) are not labels
    long = round(0.9 * CELL_PX)
    lines = np.maximum(
        cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((1, long), np.uint8)),
        cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((long, 1), np.uint8)),
    )
    return np.asarray(cv2.subtract(ink, lines), np.float32)


def paper_spread(
    frame: np.ndarray, crossings: np.ndarray, *, stroke_cells: float = 0.375, inset: float = 0.2
) -> float:
    """How far apart the cells' paper colours lie, in two directions: one paper, or many terrains.

    A closing a third of a cell wide wipes the writing, the joins and any hatching
    out of each cell, leaving its paper (or a solid fill); each cell's colour is the
    median chroma (CIELAB a, b) of its inside.  On a sheet those colours lie on one
    line, from the paper to the one pen that shaded some cells (however much); a
    kingdom's squares are wheat, forest, lake, grassland, swamp and mine, spread
    every way.  The measure is the geometric mean of the overall spread (standard
    deviation over the 25 cells) and the spread across the main direction.

    Parameters
    ----------
    frame : (side, side, 3) ndarray of uint8
        Straightened BGR photo (``rectify(image, grid)``).
    crossings : (6, 6, 2) ndarray of float64
        Line crossings, (row, col) pixels.
    stroke_cells : float, keyword-only
        Width of the closing, in cells.
    inset : float, keyword-only
        Share of a cell left out along each of its sides (the grid lines).

    Returns
    -------
    float
        CIELAB chroma units, 0 when the cells' colours lie on one line.
    """
    if frame.ndim != 3 or frame.shape[2] != 3 or frame.dtype != np.uint8:
        raise ValueError(f"expected a (side, side, 3) uint8 frame, got {frame.shape} {frame.dtype}")
    size = max(3, round(stroke_cells * CELL_PX))
    paper = cv2.morphologyEx(frame, cv2.MORPH_CLOSE, np.ones((size, size), np.uint8))
    lab = cv2.cvtColor(paper, cv2.COLOR_BGR2LAB)
    chroma: list[np.ndarray] = []
    for r in range(SIZE):
        for c in range(SIZE):
            a, b, d, e = _inner_box(crossings, r, c, inset)
            patch = lab[a:b, d:e, 1:].reshape(-1, 2)
            if len(patch):
                chroma.append(np.median(patch, axis=0))
    if len(chroma) < 3:
        return 0.0
    spread = np.linalg.eigvalsh(np.cov(np.asarray(chroma, np.float64).T, bias=True))
    across, total = max(float(spread[0]), 0.0), max(float(spread.sum()), 0.0)
    return float((across * total) ** 0.25)


def label_sides(frame: np.ndarray, crossings: np.ndarray, contrast: float) -> np.ndarray:
    """Writing beside each side of the grid, per cell: the labels' evidence.

    Parameters
    ----------
    frame : (side, side) ndarray of float32
        Straightened ink map with a margin around the grid.
    crossings : (6, 6, 2) ndarray of float64
    contrast : float
        From :func:`stroke_contrast`.

    Returns
    -------
    (4, 5) ndarray of float64
        Sides top, right, bottom, left (clockwise in the frame), and along each
        side the share of a window beside each cell that holds ink (0..1).
    """
    side = frame.shape[0]
    strong = frame > 0.45 * contrast
    out = np.zeros((4, SIZE))
    c = CELL_PX
    for k in range(SIZE):
        # top: above row line 0 between col lines k, k+1
        windows = []
        mid_top = (crossings[0, k] + crossings[0, k + 1]) / 2
        windows.append(
            (
                mid_top[0] - 1.15 * c,
                mid_top[0] - 0.15 * c,
                mid_top[1] - 0.3 * c,
                mid_top[1] + 0.3 * c,
            )
        )
        mid_right = (crossings[k, SIZE] + crossings[k + 1, SIZE]) / 2
        windows.append(
            (
                mid_right[0] - 0.3 * c,
                mid_right[0] + 0.3 * c,
                mid_right[1] + 0.15 * c,
                mid_right[1] + 1.15 * c,
            )
        )
        mid_bottom = (crossings[SIZE, k] + crossings[SIZE, k + 1]) / 2
        windows.append(
            (
                mid_bottom[0] + 0.15 * c,
                mid_bottom[0] + 1.15 * c,
                mid_bottom[1] - 0.3 * c,
                mid_bottom[1] + 0.3 * c,
            )
        )
        mid_left = (crossings[k, 0] + crossings[k + 1, 0]) / 2
        windows.append(
            (
                mid_left[0] - 0.3 * c,
                mid_left[0] + 0.3 * c,
                mid_left[1] - 1.15 * c,
                mid_left[1] - 0.15 * c,
            )
        )
        for s, (r0, r1, c0, c1) in enumerate(windows):
            a, b = max(0, round(r0)), min(side, round(r1))
            d, e = max(0, round(c0)), min(side, round(c1))
            if b > a and e > d:
                out[s, k] = float(strong[a:b, d:e].mean())
    return out


def cell_features(
    frame: np.ndarray, crossings: np.ndarray, contrast: float, *, centre_inset: float = 0.3
) -> np.ndarray:
    """Ink inside each cell, as ratios to the sheet's line contrast.

    Parameters
    ----------
    frame : (side, side) ndarray of float32
    crossings : (6, 6, 2) ndarray of float64
    contrast : float
        From :func:`stroke_contrast`.
    centre_inset : float, keyword-only
        Inset of the middle box, in cells from each side.

    Returns
    -------
    (5, 5, 6) ndarray of float64
        Per cell (row, col): ``CELL_FEATURES`` = mean ink, share of pixels over
        half the line contrast, 98th percentile, sharp (ink minus its blur: pen
        strokes, not smudges), largest connected blob of strong ink (share of the
        cell), and the mean ink of the cell's middle (inset ``centre_inset`` of a
        cell on every side, session 6): a turn number or shading covers the middle,
        while a grid line wobbling into the cell, a line found a little off or a
        smudge near a side puts ink on the rim only.
    """
    blurred = cv2.GaussianBlur(frame, (0, 0), 0.12 * CELL_PX)
    sharp = np.clip(frame - blurred, 0, None)
    out = np.zeros((SIZE, SIZE, len(CELL_FEATURES)))
    inset = 0.16
    for r in range(SIZE):
        for c in range(SIZE):
            a, b, d, e = _inner_box(crossings, r, c, inset)
            patch = frame[a:b, d:e]
            if patch.size == 0:
                continue
            strong = (patch > 0.5 * contrast).astype(np.uint8)
            blob = 0.0
            if strong.any():
                _, _, stats, _ = cv2.connectedComponentsWithStats(strong, connectivity=8)
                blob = float(stats[1:, cv2.CC_STAT_AREA].max()) / patch.size
            g, h, i, j = _inner_box(crossings, r, c, centre_inset)
            middle = frame[g:h, i:j]
            out[r, c] = (
                float(patch.mean()) / contrast,
                float(strong.mean()),
                float(np.percentile(patch, 98)) / contrast,
                float(sharp[a:b, d:e].mean()) / contrast,
                blob,
                float(middle.mean()) / contrast if middle.size else 0.0,
            )
    return out


def with_sheet(cells: np.ndarray, *, floor: float = 0.05) -> np.ndarray:
    """Cell features plus where each cell's mean ink sits among the sheet's cells.

    Pale shading (a light pencil fill, a pale pen) is far weaker than the grid
    lines, so against the line contrast a shaded cell looks almost empty; but on
    its own sheet it stands out from the empty cells as much as a bold one does.
    For the mean ink (narrow and wide background), the cell's place between the
    sheet's emptiest cells (the second lowest, so one odd cell does not set it) and
    its most written ones (the third highest).

    Parameters
    ----------
    cells : (5, 5, 12) ndarray of float64
        :func:`cell_features` on the narrow-background ink, then on the wide one.
    floor : float, keyword-only
        Added to the spread (in line contrasts), so a sheet whose cells are all
        alike (all empty) does not blow the ratio up.

    Returns
    -------
    (5, 5, 14) ndarray of float64
        ``cells`` followed by ``SHEET_FEATURES``: (mean - low) / (high - low + floor),
        about 0 for an empty cell and 1 for a written one.
    """
    width = len(CELL_FEATURES)
    if cells.shape != (SIZE, SIZE, 2 * width):
        raise ValueError(f"expected ({SIZE}, {SIZE}, {2 * width}) cell features, got {cells.shape}")
    extra = []
    for column in (0, width):  # "mean" on the narrow, then the wide background
        values = cells[:, :, column]
        ordered = np.sort(values, axis=None)
        low, high = float(ordered[1]), float(ordered[-3])
        extra.append((values - low) / (high - low + floor))
    return np.concatenate([cells, np.stack(extra, axis=-1)], axis=-1)


def edge_features(frame: np.ndarray, crossings: np.ndarray, contrast: float) -> np.ndarray:
    """Evidence of a stroke crossing each inner edge (a joining stroke).

    For the edge between two cells, the ink is opened with a short line along the
    cells' axis (strokes across the edge stay, the grid line along it goes); then
    along the edge, the best place where ink lies on both sides and on the line.

    Parameters
    ----------
    frame : (side, side) ndarray of float32
    crossings : (6, 6, 2) ndarray of float64
    contrast : float

    Returns
    -------
    (9, 9, 8) ndarray of float64
        On the cell/edge lattice (module docstring), the first eight
        ``EDGE_FEATURES`` at edge places (zeros elsewhere): ``cross`` = min of
        near-left, on-line, near-right ink; ``across`` = min of both sides
        only; ``near`` / ``far`` = the stronger and weaker side alone;
        ``along`` = the same measure along the edge (a stroke drawn parallel to
        it, not across); ``cross_in`` / ``cross_out`` = ``cross`` with the sides
        taken near the edge (0.05-0.16 cell) or farther (0.16-0.35 cell);
        ``cross_typical`` = the median of that crossing measure along the edge
        (one joining stroke crosses in one place, hatching drawn along the grid
        lines crosses all along it); all over the line contrast.
    """
    k = max(3, round(0.16 * CELL_PX))
    h_open = cv2.morphologyEx(frame, cv2.MORPH_OPEN, np.ones((1, k), np.uint8))
    v_open = cv2.morphologyEx(frame, cv2.MORPH_OPEN, np.ones((k, 1), np.uint8))
    out = np.zeros((2 * SIZE - 1, 2 * SIZE - 1, 8))
    for r in range(SIZE):
        for c in range(SIZE - 1):  # vertical line between (r, c) and (r, c+1): H join
            a, b = crossings[r, c + 1], crossings[r + 1, c + 1]
            out[2 * r, 2 * c + 1] = _edge(h_open, v_open, a, b, contrast)
    t_open, t_along = np.ascontiguousarray(v_open.T), np.ascontiguousarray(h_open.T)
    for r in range(SIZE - 1):
        for c in range(SIZE):  # horizontal line between (r, c) and (r+1, c): V join
            a, b = crossings[r + 1, c][::-1], crossings[r + 1, c + 1][::-1]
            out[2 * r + 1, 2 * c] = _edge(t_open, t_along, a, b, contrast)
    return out


def _edges() -> Iterator[tuple[int, int, tuple[int, int], tuple[int, int]]]:
    """Every shared edge of the grid as ``(r, c, a, b)``: its place in the (9, 9) edge
    array (``r % 2 != c % 2``) and the (row, col) of the two cells it joins, ``a`` above
    or left of ``b``."""
    for r in range(2 * SIZE - 1):
        for c in range(2 * SIZE - 1):
            if r % 2 != c % 2:
                a = (r // 2, c // 2)
                yield r, c, a, (a[0] + r % 2, a[1] + c % 2)


def with_neighbours(cells: np.ndarray, edges: np.ndarray) -> np.ndarray:
    """Edge features plus how the stroke compares with its cells and with the rival edges.

    A pair is written with one pen, so a joining stroke is about as dark as the
    numbers beside it, however faint that pen is against the grid.  And each cell
    is joined to at most one neighbour, so a joining stroke is the strongest
    crossing among the edges of its two cells: in a 2x2 block of written cells the
    two readings (two H pairs or two V pairs) are told apart by comparing each
    edge with the other edges of its cells, not by each edge alone.

    Parameters
    ----------
    cells : (5, 5, 6) ndarray of float64
        From :func:`cell_features`.
    edges : (9, 9, 8) ndarray of float64
        From :func:`edge_features`.

    Returns
    -------
    (9, 9, 12) ndarray of float64
        ``EDGE_FEATURES``: the eight edge features, then ``cross`` over the weaker
        cell's peak ink, that weaker peak, ``cross`` over the strongest ``cross``
        among the other edges of the two cells (up to six: the rivals), and that
        strongest rival ``cross``.
    """
    peak = cells[:, :, CELL_FEATURES.index("peak")]
    base = edges.shape[2]
    out = np.zeros((*edges.shape[:2], base + 4))
    out[:, :, :base] = edges
    cross = edges[:, :, 0]
    last = 2 * SIZE - 2
    for r, c, a, b in _edges():
        weaker = float(min(peak[a], peak[b]))
        out[r, c, base] = edges[r, c, 0] / (weaker + 0.1)
        out[r, c, base + 1] = weaker
        rival = 0.0
        for cell in (a, b):
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                er, ec = 2 * cell[0] + dr, 2 * cell[1] + dc
                if 0 <= er <= last and 0 <= ec <= last and (er, ec) != (r, c):
                    rival = max(rival, float(cross[er, ec]))
        out[r, c, base + 2] = cross[r, c] / (rival + 0.1)
        out[r, c, base + 3] = rival
    return out


def _edge(
    across_img: np.ndarray, along_img: np.ndarray, a: np.ndarray, b: np.ndarray, contrast: float
) -> np.ndarray:
    """Features of one vertical edge from ``a`` to ``b`` ((row, col), top to bottom)."""
    side = across_img.shape[0]
    c = CELL_PX
    us = np.linspace(0.12, 0.88, 20)
    rows = np.clip(np.round(a[0] + (b[0] - a[0]) * us).astype(int), 0, side - 1)
    line = a[1] + (b[1] - a[1]) * us
    near_off = np.arange(round(0.06 * c), round(0.3 * c) + 1)
    on_off = np.arange(-round(0.05 * c), round(0.05 * c) + 1)
    inner = np.arange(round(0.05 * c), round(0.16 * c) + 1)
    outer = np.arange(round(0.16 * c), round(0.35 * c) + 1)
    # sample every offset once (20 places along the edge x offsets across it)
    reach = int(max(near_off.max(), outer.max(), -on_off.min()))
    offsets = np.arange(-reach, reach + 1)
    cols = np.clip(np.round(line[:, None] + offsets[None, :]).astype(int), 0, side - 1)
    across_vals = across_img[rows[:, None], cols]

    def band(values: np.ndarray, wanted: np.ndarray) -> np.ndarray:
        mean = values[:, wanted + reach].mean(axis=1)
        # tolerate a slanted stroke: best of neighbouring samples
        best = mean.copy()
        best[1:] = np.maximum(best[1:], mean[:-1])
        best[:-1] = np.maximum(best[:-1], mean[1:])
        return best

    left = band(across_vals, -near_off)
    right = band(across_vals, near_off)
    on = band(across_vals, on_off)
    profile = np.minimum(np.minimum(left, right), on)
    cross = float(np.max(profile))
    typical = float(np.median(profile))
    across = float(np.max(np.minimum(left, right)))
    near = float(max(left.max(), right.max()))
    far = float(min(left.max(), right.max()))
    along = float(np.max(band(along_img[rows[:, None], cols], on_off)))
    both_in = np.minimum(band(across_vals, -inner), band(across_vals, inner))
    both_out = np.minimum(band(across_vals, -outer), band(across_vals, outer))
    cross_in = float(np.max(np.minimum(both_in, on)))
    cross_out = float(np.max(np.minimum(both_out, on)))
    return np.array([cross, across, near, far, along, cross_in, cross_out, typical]) / contrast


def _writing_window(
    patch: np.ndarray, *, band: float, spread: float, samples: int, min_mass: float = 1.0
) -> np.ndarray | None:
    """One cell's writing, centred on its ink and scaled by its height, as a unit vector.

    ``patch`` is the whole cell (line to line); ink within ``band`` of a cell of its
    sides fades out (the grid lines, the ends of joining strokes).  ``None`` when
    the cell holds less ink than ``min_mass`` (in ink x pixels: one pixel of black
    is 1) or the window is flat.
    """
    rows, cols = patch.shape
    if rows < 8 or cols < 8:
        return None
    v = np.linspace(0.0, 1.0, rows)[:, None]
    u = np.linspace(0.0, 1.0, cols)[None, :]

    def ramp(t: np.ndarray) -> np.ndarray:
        return np.clip((t - band) / 0.1, 0.0, 1.0)

    ink = patch * (ramp(v) * ramp(1.0 - v) * ramp(u) * ramp(1.0 - u))
    mass = float(ink.sum())
    if mass < min_mass:
        return None
    yy, xx = np.mgrid[0:rows, 0:cols]
    mid_r, mid_c = float((ink * yy).sum()) / mass, float((ink * xx).sum()) / mass
    height = float(np.sqrt((ink * (yy - mid_r) ** 2).sum() / mass))
    step = max(height, 2.0) * spread / (samples / 2)
    warp = np.array(
        [[step, 0.0, mid_c - step * samples / 2], [0.0, step, mid_r - step * samples / 2]],
        np.float32,
    )
    window = cv2.warpAffine(
        ink.astype(np.float32),
        warp,
        (samples, samples),
        flags=cv2.WARP_INVERSE_MAP | cv2.INTER_LINEAR,
    ).ravel()
    window = window - window.mean()
    norm = float(np.linalg.norm(window))
    return window / norm if norm > 1e-9 else None


def writing_similarity(
    frame: np.ndarray,
    crossings: np.ndarray,
    *,
    blur: float = 0.03,
    band: float = 0.15,
    spread: float = 2.4,
    samples: int = 20,
) -> np.ndarray:
    """How alike the writing in each two neighbouring cells is (the same turn number?).

    Both cells of a pair carry the same turn number (``rules/domineering.txt``), so
    in a 2x2 block of written cells, whose joining strokes are the only other
    evidence of two H pairs against two V pairs, the pairs are the cells whose
    numbers look alike.  Each cell's ink (the band along its sides faded out: grid
    lines and the ends of joining strokes) is seen through a window centred on the
    ink and scaled by its height (a number written a little off-centre or larger
    in one cell matches); the similarity is the correlation of the two windows.

    Parameters
    ----------
    frame : (side, side) ndarray of float32
        Straightened ink map (narrow background).
    crossings : (6, 6, 2) ndarray of float64
        Line crossings, (row, col) pixels.
    blur : float, keyword-only
        Gaussian blur of the ink first, in cells (pen jitter).
    band : float, keyword-only
        Share of a cell faded out along each side.
    spread : float, keyword-only
        Half the window, in standard deviations of the ink's rows.
    samples : int, keyword-only
        Window side, in samples.

    Returns
    -------
    (9, 9) ndarray of float64
        On the cell/edge lattice (module docstring): -1..1 at edge places, 0 where
        a cell holds no ink, and 0 at cell places.
    """
    smooth = cv2.GaussianBlur(frame.astype(np.float32), (0, 0), blur * CELL_PX)
    windows: dict[tuple[int, int], np.ndarray | None] = {}
    for r in range(SIZE):
        for c in range(SIZE):
            a, b, d, e = _inner_box(crossings, r, c, 0.0)
            windows[r, c] = _writing_window(
                smooth[a:b, d:e], band=band, spread=spread, samples=samples
            )
    out = np.zeros((2 * SIZE - 1, 2 * SIZE - 1))
    for r, c, first, second in _edges():
        one = windows[first]
        two = windows[second]
        if one is not None and two is not None:
            out[r, c] = float(one @ two)
    return out


def with_writing(edges: np.ndarray, same: np.ndarray) -> np.ndarray:
    """Edge features plus how alike the two cells' writing is, and that against the rivals.

    Parameters
    ----------
    edges : (9, 9, 12) ndarray of float64
        From :func:`with_neighbours`.
    same : (9, 9) ndarray of float64
        From :func:`writing_similarity`.

    Returns
    -------
    (9, 9, 14) ndarray of float64
        ``edges`` followed by ``same_writing`` and ``same_vs_rivals``: the
        similarity minus the highest similarity over the other edges of the two
        cells (the rivals of :func:`with_neighbours`), 0 when there is none.
    """
    out = np.zeros((*edges.shape[:2], edges.shape[2] + 2))
    out[:, :, : edges.shape[2]] = edges
    last = 2 * SIZE - 2
    for r, c, a, b in _edges():
        rivals = [
            float(same[2 * cell[0] + dr, 2 * cell[1] + dc])
            for cell in (a, b)
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= 2 * cell[0] + dr <= last
            and 0 <= 2 * cell[1] + dc <= last
            and (2 * cell[0] + dr, 2 * cell[1] + dc) != (r, c)
        ]
        out[r, c, -2] = same[r, c]
        out[r, c, -1] = same[r, c] - max(rivals) if rivals else 0.0
    return out
