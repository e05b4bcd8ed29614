"""Find the square grid of a straightened kingdom: its size (5 or 7) and its lines.

The crop is never assumed to be cut at exact fifths: a regular lattice (period and
offset) is fitted to the tiles' own edges (gradient profiles across the image),
then each inner line is moved to the strongest edge near it, since dominoes on a
table are rarely laid perfectly straight (issue #3, "refine the grid from the
tiles' own edges").
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import cv2
import numpy as np
from scipy.ndimage import uniform_filter1d

__all__ = ["Grid", "edge_profiles", "find_grid", "local_lines", "square_boxes"]


@dataclass(frozen=True)
class Grid:
    """The grid lines of a straightened kingdom.

    Attributes
    ----------
    size : int
        Squares per side (5, or 7 for Mighty Duel).
    row_lines : tuple of int
        ``size + 1`` pixel rows of the horizontal lines, top to bottom (clipped to
        the image).
    col_lines : tuple of int
        ``size + 1`` pixel columns of the vertical lines, left to right.
    confidence : float
        0..1: how much stronger the chosen lattice's edges are than the image's
        typical gradient.
    strength : float
        That ratio itself (about 1 where there is no grid, 2-4 on a kingdom).
    boxes : tuple or None
        ``boxes[row][col] = (top, bottom, left, right)`` pixels of each square, its
        four sides each found on the tiles' own edges next to it (tiles on a table
        sit out of line by a few pixels); None: the lines above are used.
    rows_local, cols_local : (size + 1, size) ndarray of float64 or None
        ``rows_local[i, j]``: pixel row of horizontal line ``i`` over square column
        ``j``; ``cols_local[j, i]``: pixel column of vertical line ``j`` over square
        row ``i``.
    strong_rows, strong_cols : (size + 1, size) ndarray of bool or None
        Where that piece of line was found on a clear edge (else it is the whole
        line's position).
    """

    size: int
    row_lines: tuple[int, ...]
    col_lines: tuple[int, ...]
    confidence: float
    strength: float = 0.0
    boxes: tuple[tuple[tuple[int, int, int, int], ...], ...] | None = None
    rows_local: np.ndarray | None = field(default=None, compare=False, repr=False)
    cols_local: np.ndarray | None = field(default=None, compare=False, repr=False)
    strong_rows: np.ndarray | None = field(default=None, compare=False, repr=False)
    strong_cols: np.ndarray | None = field(default=None, compare=False, repr=False)


def edge_profiles(image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Mean absolute gradient across each pixel row and each pixel column.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR

    Returns
    -------
    row_profile : (rows,) ndarray of float32
        Mean |d/drow| of the grey image along each pixel row (high on horizontal lines).
    col_profile : (cols,) ndarray of float32
        Mean |d/dcol| along each pixel column (high on vertical lines).
    """
    if image.dtype == np.uint8 and max(image.shape[:2]) * _MOST_SOBEL < 2**24:
        d_row, d_col_t = _whole_gradients(image)
        # A median across the image keeps a line that runs all the way across and
        # ignores a strong edge inside one square (a house, a crown).
        row_profile, col_profile = _median_along_rows(d_row), _median_along_rows(d_col_t)
        row_profile += np.float32(0.5) * _mean_along_rows(d_row)
        col_profile += np.float32(0.5) * _mean_along_rows(d_col_t)
        return row_profile, col_profile
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    d_row = np.abs(cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3))
    d_col = np.abs(cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3))
    # Edges are flattened at the image border (Sobel's reflection): zero them.
    d_row[[0, -1], :] = 0
    d_col[:, [0, -1]] = 0
    row_profile = np.median(d_row, axis=1).astype(np.float32)
    col_profile = np.median(d_col, axis=0).astype(np.float32)
    row_profile += 0.5 * d_row.mean(axis=1)
    col_profile += 0.5 * d_col.mean(axis=0)
    return row_profile, col_profile


#: Largest size of a 3x3 Sobel gradient of whole grey levels (4 x 255).
_MOST_SOBEL = 1020


def _whole_gradients(image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """|d/drow| and the transposed |d/dcol| of a uint8 image's grey levels, int16.

    A 3x3 Sobel of whole grey levels is whole (at most :data:`_MOST_SOBEL` in size), so
    it is the same in int16 as in float32; the column gradient is taken as the row
    gradient of the transposed grey image (the same kernel, the same reflection at the
    border), so its columns lie along memory rows.  The image border's rows (columns)
    are zeroed: Sobel's reflection flattens edges there.
    """
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    d_row = np.abs(cv2.Sobel(grey, cv2.CV_16S, 0, 1, ksize=3))
    d_col_t = np.abs(cv2.Sobel(cv2.transpose(grey), cv2.CV_16S, 0, 1, ksize=3))
    d_row[[0, -1], :] = 0
    d_col_t[[0, -1], :] = 0
    return d_row, d_col_t


def _median_along_rows(whole: np.ndarray, *, bins: int = 256, least: int = 40_000) -> np.ndarray:
    """``np.median(whole, axis=1)`` as float32, for whole values 0.. (int16).

    Counted, not sorted: each row's histogram of its values (those of ``bins - 1`` and
    over counted together), its running total, and the first values the total passes
    the two middle ranks at; their mean is taken in float32 as ``np.median`` takes it
    of a float32 gradient: the same numbers exactly.  A row whose middle value is not
    below ``bins - 1`` is selected by ``np.partition``, and so is a small image (fewer
    than ``least`` values: counting costs more there).
    """
    count, length = whole.shape
    low, high = (length - 1) // 2, length // 2
    if whole.size < least:
        return _middle_of_rows(whole, np.arange(count), low, high)
    bins = min(bins, int(whole.max()) + 1)
    index = np.minimum(whole, bins - 1).astype(np.int32)
    index += (np.arange(count, dtype=np.int32) * bins)[:, None]
    totals = np.cumsum(np.bincount(index.ravel(), minlength=count * bins).reshape(count, bins), 1)
    below = np.count_nonzero(totals <= low, axis=1)
    above = np.count_nonzero(totals <= high, axis=1)
    out: np.ndarray = (below.astype(np.float32) + above.astype(np.float32)) / np.float32(2)
    beyond = np.nonzero(above >= bins - 1)[0]
    if len(beyond):
        out[beyond] = _middle_of_rows(whole, beyond, low, high)
    return out


def _middle_of_rows(whole: np.ndarray, rows: np.ndarray, low: int, high: int) -> np.ndarray:
    """The mean (float32) of the ``low``-th and ``high``-th smallest values of each of
    ``whole``'s ``rows``, selected by ``np.partition``."""
    middle = np.partition(whole[rows], [low, high], axis=1)
    out: np.ndarray = (middle[:, low].astype(np.float32) + middle[:, high].astype(np.float32)) / (
        np.float32(2)
    )
    return out


def _mean_along_rows(whole: np.ndarray) -> np.ndarray:
    """``whole.astype(np.float32).mean(axis=1)`` for whole values (int16) whose row
    sums stay under 2**24: float32 adds such whole numbers exactly in any order, so
    the exact sum divided as numpy divides it (in float64, then float32) is the same."""
    sums = whole.sum(axis=1, dtype=np.int64)
    out: np.ndarray = (sums / np.float64(whole.shape[1])).astype(np.float32)
    return out


def _fit_lattice(
    smooth: np.ndarray, size: int, *, period_slack: float, offset_slack: float
) -> tuple[float, float, float]:
    """Best (score, period, offset) of ``size - 1`` inner lines at offset + k * period,
    on a profile smoothed over 3 pixels (``smooth``)."""
    length = smooth.shape[0]
    nominal = length / size
    periods = np.arange(nominal * (1 - period_slack), nominal * (1 + period_slack) + 0.1, 0.5)
    shifts = np.arange(-offset_slack * nominal, offset_slack * nominal + 0.1, 1.0)
    period = periods[:, None]  # periods down, shifts across (broadcast)
    offset = (length - size * period) / 2 + shifts[None, :]
    places = np.rint(offset[..., None] + period[..., None] * np.arange(1, size)).astype(int)
    inside = (places[..., 0] >= 1) & (places[..., -1] < length - 1)
    scores = smooth[np.clip(places, 0, length - 1)].mean(axis=-1)
    scores = np.where(inside, scores, -1.0)
    best = np.unravel_index(int(np.argmax(scores)), scores.shape)
    return float(scores[best]), float(periods[best[0]]), float(offset[best])


def _refine(smooth: np.ndarray, lattice: np.ndarray, reach: int) -> np.ndarray:
    """Move each inner line to the strongest edge within ``reach`` pixels, on a profile
    smoothed over 3 pixels (``smooth``)."""
    out = lattice.copy()
    for index in range(1, len(lattice) - 1):
        centre = round(lattice[index])
        low, high = max(1, centre - reach), min(len(smooth) - 1, centre + reach + 1)
        if low >= high:
            continue
        out[index] = low + int(np.argmax(smooth[low:high]))
    return out


def find_grid(
    image: np.ndarray,
    *,
    sizes: tuple[int, ...] = (5, 7),
    period_slack: float = 0.15,
    offset_slack: float = 0.3,
    reach: float = 0.08,
    local: bool = False,
) -> Grid:
    """Fit the square grid of a straightened, roughly square kingdom crop.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        The kingdom seen from above, its sides roughly along the image axes.
    sizes : tuple of int, keyword-only
        Grid sizes to try (squares per side); the one whose lines stand out most
        is kept.
    period_slack : float, keyword-only
        How far the square's side may be from ``side / size`` (fraction).
    offset_slack : float, keyword-only
        How far the lattice may be shifted from centred (fraction of a square).
    reach : float, keyword-only
        How far each inner line may then move to its own edge (fraction of a square).
    local : bool, keyword-only
        Also fit each line piece by piece to the squares along it
        (:func:`local_lines`: each square's box follows its own tile).

    Returns
    -------
    Grid
        Lines clipped to the image; the image itself is not modified.
    """
    row_profile, col_profile = edge_profiles(image)
    baseline = float(np.median(np.concatenate([row_profile, col_profile]))) + 1e-6
    smooth = [uniform_filter1d(p, 3) for p in (row_profile, col_profile)]
    candidates = []
    for size in sizes:
        fits = [
            _fit_lattice(p, size, period_slack=period_slack, offset_slack=offset_slack)
            for p in smooth
        ]
        # Strength of the lines, minus that of the half-period positions: a 7x7
        # lattice on a 5x5 kingdom hits few real lines.
        strength = sum(f[0] for f in fits) / 2 / baseline
        candidates.append((strength, size, fits))
    strength, size, fits = max(candidates, key=lambda c: c[0])
    lines = []
    for profile, (_, period, offset) in zip(smooth, fits, strict=True):
        lattice = offset + period * np.arange(size + 1)
        refined = _refine(profile, lattice, max(1, round(reach * period)))
        clipped = np.clip(np.rint(refined), 0, len(profile)).astype(int)
        lines.append(tuple(int(v) for v in clipped))
    confidence = float(np.clip((strength - 1.0) / 1.5, 0.0, 1.0))
    grid = Grid(
        size=size,
        row_lines=lines[0],
        col_lines=lines[1],
        confidence=confidence,
        strength=float(strength),
    )
    return local_lines(image, grid) if local else grid


def local_lines(
    image: np.ndarray,
    grid: Grid,
    *,
    reach: float = 0.08,
    trim: float = 0.2,
    clear: float = 3.0,
    percentile: float = 20.0,
    lean: float = 0.5,
    least: int = 3,
    agree: int = 3,
) -> Grid:
    """Fit each grid line piece by piece, along each square it borders, to the tiles' own edges.

    Real tiles lie out of line by a few pixels, so one straight line across the
    kingdom cuts some squares off-centre.  Each line is cut into ``size`` pieces (one
    per square along it); each piece moves to the strongest edge within ``reach`` of
    a square from the whole line, measured across the middle of that square only.
    A piece with no clear edge there (the two halves of one domino show no border)
    keeps the whole line's position.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        The straightened kingdom the grid was found in; not modified.
    grid : Grid
        From :func:`find_grid` on ``image``.
    reach : float, keyword-only
        How far a piece may move from its line (fraction of a square).
    trim : float, keyword-only
        Part of the square left out at each end of a piece (corners, neighbours).
    clear : float, keyword-only
        A piece's edge counts when its gradient is at least this many times the
        median gradient near it.
    percentile : float, keyword-only
        Gradient across a piece taken at this percentile of its columns (a border
        runs all along it; a crown's edge along part of it).
    lean : float, keyword-only
        Each pixel of shift from the whole line costs this share of the edge's
        strength at ``reach`` (an equally strong edge nearer the line wins).
    least : int, keyword-only
        A square moves only when its tile is at least this many pixels off the
        lines (smaller shifts are within the lines' own error).
    agree : int, keyword-only
        A tile moves as a whole (tiles do not stretch): a square's box moves only
        when the pieces on both its opposite sides are clear edges moved alike,
        within this many pixels; the box keeps its size.

    Returns
    -------
    Grid
        The same grid with ``boxes``, ``rows_local``, ``cols_local``, ``strong_rows``
        and ``strong_cols`` filled in.
    """
    if image.dtype == np.uint8:
        # The same values as in float32 (whole), the column gradient transposed so that
        # each piece's percentile is selected along memory rows.
        d_row, d_col_t = (d.astype(np.float32) for d in _whole_gradients(image))
    else:
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32)
        d_row = np.abs(cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3))
        d_col = np.abs(cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3))
        d_row[[0, -1], :] = 0
        d_col[:, [0, -1]] = 0
        d_col_t = d_col.T
    rows_local, strong_rows = _pieces(
        d_row, grid.row_lines, grid.col_lines, reach, trim, clear, percentile, lean
    )
    cols_local, strong_cols = _pieces(
        d_col_t, grid.col_lines, grid.row_lines, reach, trim, clear, percentile, lean
    )
    down = _tile_shifts(rows_local, strong_rows, grid.row_lines, agree, least)
    right = _tile_shifts(cols_local, strong_cols, grid.col_lines, agree, least)
    size = grid.size
    boxes = tuple(
        tuple(
            (
                grid.row_lines[r] + int(down[r, c]),
                grid.row_lines[r + 1] + int(down[r, c]),
                grid.col_lines[c] + int(right[c, r]),
                grid.col_lines[c + 1] + int(right[c, r]),
            )
            for c in range(size)
        )
        for r in range(size)
    )
    return replace(
        grid,
        boxes=boxes,
        rows_local=rows_local,
        cols_local=cols_local,
        strong_rows=strong_rows,
        strong_cols=strong_cols,
    )


def _tile_shifts(
    local: np.ndarray, strong: np.ndarray, lines: tuple[int, ...], agree: int, least: int
) -> np.ndarray:
    """How far each tile is moved across one family of lines, in whole pixels.

    ``result[k, j]``: shift of the square between lines ``k`` and ``k + 1`` at place
    ``j`` along them.  A tile moves as a whole: both its sides must be clear edges
    moved alike (within ``agree`` pixels), and by at least ``least`` pixels.
    """
    moved = local - np.asarray(lines, dtype=np.float64)[:, None]
    both = strong[:-1] & strong[1:] & (np.abs(moved[:-1] - moved[1:]) <= agree)
    shift = np.where(both, (moved[:-1] + moved[1:]) / 2, 0.0)
    shift = np.where(np.abs(shift) >= least, shift, 0.0)
    return np.rint(shift).astype(int)


def _pieces(
    gradient: np.ndarray,
    lines: tuple[int, ...],
    across: tuple[int, ...],
    reach: float,
    trim: float,
    clear: float,
    percentile: float,
    lean: float,
) -> tuple[np.ndarray, np.ndarray]:
    """Position of each piece of each line (rows of ``gradient``), and whether it was clear."""
    length = gradient.shape[0]
    count = len(lines) - 1
    out = np.empty((count + 1, count), dtype=np.float64)
    strong = np.zeros((count + 1, count), dtype=bool)
    for j in range(count):
        start, stop = across[j], across[j + 1]
        cut = int(trim * (stop - start))
        band = gradient[:, start + cut : max(stop - cut, start + cut + 1)]
        # A tile's border runs along the whole piece; a crown or a house near the
        # edge covers part of it only: a low percentile across the piece keeps the first.
        kth = min(band.shape[1] - 1, int(percentile / 100 * (band.shape[1] - 1)))
        profile = uniform_filter1d(np.partition(band, kth, axis=1)[:, kth], 3)
        for i, line in enumerate(lines):
            period = (lines[min(i + 1, count)] - lines[max(i - 1, 0)]) / (2 if 0 < i < count else 1)
            window = max(2, round(reach * period))
            low, high = max(1, line - window), min(length - 1, line + window + 1)
            out[i, j] = line
            if high - low < 3:
                continue
            part = profile[low:high]
            shift = np.abs(np.arange(low, high) - line) / window
            best = int(np.argmax(part * (1 - lean * shift)))
            near = profile[max(0, line - 3 * window) : min(length, line + 3 * window + 1)]
            if part[best] >= clear * (_median_of(near) + 1e-6):
                strong[i, j] = True
                out[i, j] = low + best
    return out, strong


def _median_of(values: np.ndarray) -> float:
    """``float(np.median(values))`` of a 1-D array without NaN, without its overhead.

    The same middle values (order statistics), and for an even count their mean as
    ``np.median`` takes it (their sum in the array's dtype, halved: exact).
    """
    count = values.shape[0]
    half = count // 2
    if count % 2:
        return float(np.partition(values, half)[half])
    part = np.partition(values, (half - 1, half))
    return float(part[half - 1 : half + 1].sum() / 2)


def square_boxes(grid: Grid) -> list[list[tuple[int, int, int, int]]]:
    """Pixel box of each square: ``boxes[row][col] = (top, bottom, left, right)`` (end excluded).

    The square's own sides (:func:`local_lines`) where found, else the grid's lines.
    """
    if grid.boxes is not None:
        return [list(line) for line in grid.boxes]
    return [
        [
            (grid.row_lines[r], grid.row_lines[r + 1], grid.col_lines[c], grid.col_lines[c + 1])
            for c in range(grid.size)
        ]
        for r in range(grid.size)
    ]
