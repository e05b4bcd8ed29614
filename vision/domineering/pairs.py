"""From per-cell and per-edge evidence to the most likely set of claimed pairs.

Every claimed pair is two adjacent cells joined by a stroke (``RULINGS.md``), so
the sheet is read as a matching on the 5x5 grid graph: pair ``(a, b)`` scores
``edge(a, b) + cell(a) + cell(b)`` (log-odds that the stroke is there and that each
cell is written in), a cell left alone scores 0, and the matching with the
highest total wins.  A dynamic programme over the cells in row-major order with a
5-bit profile of covered cells finds it exactly; the same programme run
backwards gives, for each cell, the best total with that cell read otherwise, so
each cell's confidence is the logistic of the margin between the two.
"""

from __future__ import annotations

import numpy as np

__all__ = ["best_matching"]

_NEG = -1e18


def best_matching(
    cell_logit: np.ndarray, edge_logit: np.ndarray
) -> tuple[list[tuple[tuple[int, int], tuple[int, int]]], np.ndarray]:
    """The best set of pairs and each cell's confidence.

    Parameters
    ----------
    cell_logit : (rows, cols) ndarray of float64
        Log-odds that each cell is written in.
    edge_logit : (2 rows - 1, 2 cols - 1) ndarray of float64
        Log-odds of a joining stroke, on the cell/edge lattice
        (``vision.domineering.marks``): the edge right of cell ``(r, c)`` at
        ``[2r, 2c+1]``, the edge below it at ``[2r+1, 2c]``.

    Returns
    -------
    pairs : list of ((row, col), (row, col))
        The claimed pairs, first cell above or left of the second.
    confidence : (rows, cols) ndarray of float64
        0.5..1 per cell: logistic of (best total) - (best total with this cell
        read differently: empty instead of paired, or paired with another neighbour).
    """
    rows, cols = cell_logit.shape
    n = rows * cols
    width = cols  # profile: bit k = cell i + k already covered
    states = 1 << width
    weight_h = np.full(n, _NEG)
    weight_v = np.full(n, _NEG)
    for r in range(rows):
        for c in range(cols):
            i = r * cols + c
            if c + 1 < cols:
                weight_h[i] = edge_logit[2 * r, 2 * c + 1] + cell_logit[r, c] + cell_logit[r, c + 1]
            if r + 1 < rows:
                weight_v[i] = edge_logit[2 * r + 1, 2 * c] + cell_logit[r, c] + cell_logit[r + 1, c]
    masks = np.arange(states)
    covered = (masks & 1).astype(bool)
    nxt_skip = masks >> 1
    nxt_h = (masks >> 1) | 1
    nxt_v = (masks >> 1) | (1 << (width - 1))
    can_h_base = ((masks & 2) == 0) & ~covered

    def can_h(i: int) -> np.ndarray:
        return can_h_base & ((i % cols) + 1 < cols)

    def can_v(i: int) -> np.ndarray:
        return ~covered & (i + cols < n)

    forward = np.full((n + 1, states), _NEG)
    forward[0, 0] = 0.0
    for i in range(n):
        f = forward[i]
        nxt = forward[i + 1]
        np.maximum.at(nxt, nxt_skip, f)  # covered or left empty
        if np.isfinite(weight_h[i]) and weight_h[i] > _NEG / 2:
            ok = can_h(i)
            np.maximum.at(nxt, nxt_h[ok], f[ok] + weight_h[i])
        if weight_v[i] > _NEG / 2:
            ok = can_v(i)
            np.maximum.at(nxt, nxt_v[ok], f[ok] + weight_v[i])
    backward = np.full((n + 1, states), _NEG)
    backward[n, 0] = 0.0
    for i in range(n - 1, -1, -1):
        b = backward[i + 1][nxt_skip].copy()
        if weight_h[i] > _NEG / 2:
            ok = can_h(i)
            b[ok] = np.maximum(b[ok], backward[i + 1][nxt_h[ok]] + weight_h[i])
        if weight_v[i] > _NEG / 2:
            ok = can_v(i)
            b[ok] = np.maximum(b[ok], backward[i + 1][nxt_v[ok]] + weight_v[i])
        backward[i] = b
    # max-marginals of each decision taken at cell i (from an uncovered state)
    empty_mm = np.full(n, _NEG)
    h_mm = np.full(n, _NEG)
    v_mm = np.full(n, _NEG)
    for i in range(n):
        f = np.where(covered, _NEG, forward[i])
        empty_mm[i] = float(np.max(f + backward[i + 1][nxt_skip]))
        if weight_h[i] > _NEG / 2:
            ok = can_h(i)
            if ok.any():
                h_mm[i] = float(np.max(f[ok] + weight_h[i] + backward[i + 1][nxt_h[ok]]))
        if weight_v[i] > _NEG / 2:
            ok = can_v(i)
            if ok.any():
                v_mm[i] = float(np.max(f[ok] + weight_v[i] + backward[i + 1][nxt_v[ok]]))
    # the best matching itself: follow the backward values from the start (ties included)
    pairs: list[tuple[tuple[int, int], tuple[int, int]]] = []
    mask = 0
    for i in range(n):
        here = backward[i][mask]
        r, c = divmod(i, cols)
        if mask & 1:
            mask = int(nxt_skip[mask])
        elif (
            weight_h[i] > _NEG / 2
            and can_h(i)[mask]
            and np.isclose(backward[i + 1][nxt_h[mask]] + weight_h[i], here)
        ):
            pairs.append(((r, c), (r, c + 1)))
            mask = int(nxt_h[mask])
        elif (
            weight_v[i] > _NEG / 2
            and can_v(i)[mask]
            and np.isclose(backward[i + 1][nxt_v[mask]] + weight_v[i], here)
        ):
            pairs.append(((r, c), (r + 1, c)))
            mask = int(nxt_v[mask])
        else:
            mask = int(nxt_skip[mask])
    # each cell's options: empty, or paired right / left / down / up
    confidence = np.zeros((rows, cols))
    for r in range(rows):
        for c in range(cols):
            i = r * cols + c
            options = [empty_mm[i], h_mm[i], v_mm[i]]
            if c > 0:
                options.append(h_mm[i - 1])
            if r > 0:
                options.append(v_mm[i - cols])
            values = np.array(options)
            top = int(np.argmax(values))
            rest = np.delete(values, top)
            margin = float(values[top] - rest.max())
            confidence[r, c] = 1.0 / (1.0 + np.exp(-min(margin, 50.0)))
    return pairs, confidence
