"""Find the square grid of a straightened kingdom: its size (5 or 7) and its lines.

The crop is never assumed to be cut at exact fifths: a regular lattice (period and
offset) is fitted to the tiles' own edges (gradient profiles across the image),
then each inner line is moved to the strongest edge near it, since dominoes on a
table are rarely laid perfectly straight (issue #3, "refine the grid from the
tiles' own edges").
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from scipy.ndimage import uniform_filter1d

__all__ = ["Grid", "edge_profiles", "find_grid", "square_boxes"]


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
    """

    size: int
    row_lines: tuple[int, ...]
    col_lines: tuple[int, ...]
    confidence: float
    strength: float = 0.0


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
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    d_row = np.abs(cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3))
    d_col = np.abs(cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3))
    # Edges are flattened at the image border (Sobel's reflection): zero them.
    d_row[[0, -1], :] = 0
    d_col[:, [0, -1]] = 0
    # A median across the image keeps a line that runs all the way across and
    # ignores a strong edge inside one square (a house, a crown).
    row_profile = np.median(d_row, axis=1).astype(np.float32)
    col_profile = np.median(d_col, axis=0).astype(np.float32)
    row_profile += 0.5 * d_row.mean(axis=1)
    col_profile += 0.5 * d_col.mean(axis=0)
    return row_profile, col_profile


def _fit_lattice(
    profile: np.ndarray, size: int, *, period_slack: float, offset_slack: float
) -> tuple[float, float, float]:
    """Best (score, period, offset) of ``size - 1`` inner lines at offset + k * period."""
    length = profile.shape[0]
    smooth = uniform_filter1d(profile, 3)
    nominal = length / size
    periods = np.arange(nominal * (1 - period_slack), nominal * (1 + period_slack) + 0.1, 0.5)
    shifts = np.arange(-offset_slack * nominal, offset_slack * nominal + 0.1, 1.0)
    period, shift = np.meshgrid(periods, shifts, indexing="ij")
    offset = (length - size * period) / 2 + shift
    places = np.rint(offset[..., None] + period[..., None] * np.arange(1, size)).astype(int)
    inside = (places[..., 0] >= 1) & (places[..., -1] < length - 1)
    scores = smooth[np.clip(places, 0, length - 1)].mean(axis=-1)
    scores = np.where(inside, scores, -1.0)
    best = np.unravel_index(int(np.argmax(scores)), scores.shape)
    return float(scores[best]), float(period[best]), float(offset[best])


def _refine(profile: np.ndarray, lattice: np.ndarray, reach: int) -> np.ndarray:
    """Move each inner line to the strongest edge within ``reach`` pixels."""
    smooth = uniform_filter1d(profile, 3)
    out = lattice.copy()
    for index in range(1, len(lattice) - 1):
        centre = round(lattice[index])
        low, high = max(1, centre - reach), min(len(profile) - 1, centre + reach + 1)
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

    Returns
    -------
    Grid
        Lines clipped to the image; the image itself is not modified.
    """
    row_profile, col_profile = edge_profiles(image)
    baseline = float(np.median(np.concatenate([row_profile, col_profile]))) + 1e-6
    candidates = []
    for size in sizes:
        fits = [
            _fit_lattice(p, size, period_slack=period_slack, offset_slack=offset_slack)
            for p in (row_profile, col_profile)
        ]
        # Strength of the lines, minus that of the half-period positions: a 7x7
        # lattice on a 5x5 kingdom hits few real lines.
        strength = sum(f[0] for f in fits) / 2 / baseline
        candidates.append((strength, size, fits))
    strength, size, fits = max(candidates, key=lambda c: c[0])
    lines = []
    for profile, (_, period, offset) in zip((row_profile, col_profile), fits, strict=True):
        lattice = offset + period * np.arange(size + 1)
        refined = _refine(profile, lattice, max(1, round(reach * period)))
        clipped = np.clip(np.rint(refined), 0, len(profile)).astype(int)
        lines.append(tuple(int(v) for v in clipped))
    confidence = float(np.clip((strength - 1.0) / 1.5, 0.0, 1.0))
    return Grid(
        size=size,
        row_lines=lines[0],
        col_lines=lines[1],
        confidence=confidence,
        strength=float(strength),
    )


def square_boxes(grid: Grid) -> list[list[tuple[int, int, int, int]]]:
    """Pixel box of each square: ``boxes[row][col] = (top, bottom, left, right)`` (end excluded)."""
    return [
        [
            (grid.row_lines[r], grid.row_lines[r + 1], grid.col_lines[c], grid.col_lines[c + 1])
            for c in range(grid.size)
        ]
        for r in range(grid.size)
    ]
