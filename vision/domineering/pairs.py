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

from dataclasses import dataclass

import numpy as np

__all__ = [
    "MAX_COUNT_REPAIR",
    "CountedMatching",
    "best_matching",
    "counted_matching",
    "legal_matching",
    "pair_lead",
    "pairs_total",
]

_NEG = -1e18

Pair = tuple[tuple[int, int], tuple[int, int]]

#: Most log-odds by which the likeliest reading may beat the likeliest reading with
#: possible counts for the latter to be read instead (:func:`counted_matching`;
#: ``docs/domineering-vision.md``, session 6).
MAX_COUNT_REPAIR = 10.0


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
    weight_h, weight_v = _pair_weights(cell_logit, edge_logit)
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


def _pair_weights(cell_logit: np.ndarray, edge_logit: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Score of the H pair starting at each cell and of the V pair (``_NEG`` off the grid)."""
    rows, cols = cell_logit.shape
    weight_h = np.full(rows * cols, _NEG)
    weight_v = np.full(rows * cols, _NEG)
    for r in range(rows):
        for c in range(cols):
            i = r * cols + c
            if c + 1 < cols:
                weight_h[i] = edge_logit[2 * r, 2 * c + 1] + cell_logit[r, c] + cell_logit[r, c + 1]
            if r + 1 < rows:
                weight_v[i] = edge_logit[2 * r + 1, 2 * c] + cell_logit[r, c] + cell_logit[r + 1, c]
    return weight_h, weight_v


def pairs_total(
    pairs: list[tuple[tuple[int, int], tuple[int, int]]],
    cell_logit: np.ndarray,
    edge_logit: np.ndarray,
) -> float:
    """The total log-odds of a set of pairs: edge + both cells for each pair, lone cells 0.

    Parameters
    ----------
    pairs : list of ((row, col), (row, col))
        Adjacent cells, as :func:`best_matching` gives them.
    cell_logit, edge_logit : ndarray of float64
        As for :func:`best_matching`.

    Returns
    -------
    float
        The sum the matching maximises.
    """
    return float(
        sum(edge_logit[a[0] + b[0], a[1] + b[1]] + cell_logit[a] + cell_logit[b] for a, b in pairs)
    )


def pair_lead(pairs: list[tuple[tuple[int, int], tuple[int, int]]]) -> int:
    """H pairs minus V pairs (``rules/domineering.txt``: H's dominoes lie along a row)."""
    return sum(1 if a[0] == b[0] else -1 for a, b in pairs)


def legal_matching(
    cell_logit: np.ndarray, edge_logit: np.ndarray, *, max_lead: int = 1
) -> tuple[list[tuple[tuple[int, int], tuple[int, int]]], float]:
    """The best set of pairs whose counts a game can reach, and its total.

    The sides move in turn, so the side that started has as many pairs as the
    other or one more (``referee.domineering.problems``, ``RULINGS.md``); without
    knowing who started, H pairs minus V pairs is -1, 0 or 1.  The same dynamic
    programme as :func:`best_matching`, its state also counting that lead.

    Parameters
    ----------
    cell_logit, edge_logit : ndarray of float64
        As for :func:`best_matching`.
    max_lead : int, keyword-only
        Most H pairs over V pairs (and V over H) allowed.

    Returns
    -------
    pairs : list of ((row, col), (row, col))
        The best such pairs, first cell above or left of the second.
    total : float
        Their total log-odds (:func:`pairs_total`).
    """
    rows, cols = cell_logit.shape
    n = rows * cols
    span = n // 2
    forward, came = _by_lead(cell_logit, edge_logit)
    low = max(0, span - max_lead)
    lead = int(np.argmax(forward[n, 0, low : span + max_lead + 1])) + low
    total = float(forward[n, 0, lead])
    pairs: list[tuple[tuple[int, int], tuple[int, int]]] = []
    mask = 0
    for i in range(n, 0, -1):
        previous, action = (int(v) for v in came[i, mask, lead])
        r, c = divmod(i - 1, cols)
        if action == 1:
            pairs.append(((r, c), (r, c + 1)))
            lead -= 1
        elif action == 2:
            pairs.append(((r, c), (r + 1, c)))
            lead += 1
        mask = previous
    return sorted(pairs), total


def _by_lead(cell_logit: np.ndarray, edge_logit: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The matching programme with the lead (H pairs - V pairs + n // 2) in its state.

    Returns the best totals ``forward`` (n + 1, 2**cols, n + 1 | 1) and how each state
    was reached ``came`` (..., 2): previous profile, then 0 skip / 1 H / 2 V.
    """
    rows, cols = cell_logit.shape
    n = rows * cols
    width = cols
    states = 1 << width
    span = n // 2
    leads = 2 * span + 1  # lead + span indexes the last axis
    weight_h, weight_v = _pair_weights(cell_logit, edge_logit)
    forward = np.full((n + 1, states, leads), _NEG)
    forward[0, 0, span] = 0.0
    # how each state was reached: previous mask, then 0 skip / 1 H / 2 V
    came = np.zeros((n + 1, states, leads, 2), np.int64)
    for i in range(n):
        c = i % cols
        for mask in range(states):
            f = forward[i, mask]
            if f.max() <= _NEG / 2:
                continue
            moves = [(mask >> 1, 0, f)]
            if not mask & 1:
                if c + 1 < cols and not mask & 2:
                    shifted = np.full(leads, _NEG)
                    shifted[1:] = f[:-1] + weight_h[i]  # one more H pair
                    moves.append(((mask >> 1) | 1, 1, shifted))
                if i + cols < n:
                    shifted = np.full(leads, _NEG)
                    shifted[:-1] = f[1:] + weight_v[i]  # one more V pair
                    moves.append(((mask >> 1) | (1 << (width - 1)), 2, shifted))
            for nxt, action, value in moves:
                better = value > forward[i + 1, nxt]
                forward[i + 1, nxt][better] = value[better]
                came[i + 1, nxt][better] = (mask, action)
    return forward, came


@dataclass(frozen=True)
class CountedMatching:
    """The pairs read once the pair counts are weighed (:func:`counted_matching`).

    Attributes
    ----------
    pairs : list of ((row, col), (row, col))
        The pairs read.
    confidence : (rows, cols) ndarray of float64
        0..1 per cell; 0.5 at most for a cell changed by the counts.
    likeliest : list of ((row, col), (row, col))
        The likeliest pairs regardless of counts (the same as ``pairs`` unless changed).
    changed : list of (row, col)
        Cells read otherwise than in ``likeliest``.
    gap : float
        Log-odds by which ``likeliest`` beats ``pairs`` (0.0 when unchanged).
    """

    pairs: list[Pair]
    confidence: np.ndarray
    likeliest: list[Pair]
    changed: list[tuple[int, int]]
    gap: float


def _sides(pairs: list[Pair], shape: tuple[int, int]) -> np.ndarray:
    sides = np.zeros(shape, np.int8)  # 0 empty, 1 H, 2 V
    for a, b in pairs:
        sides[a] = sides[b] = 1 if a[0] == b[0] else 2
    return sides


def counted_matching(
    cell_logit: np.ndarray,
    edge_logit: np.ndarray,
    *,
    max_lead: int = 1,
    max_repair: float = MAX_COUNT_REPAIR,
) -> CountedMatching:
    """The best matching, unless its counts are impossible and a possible one is nearly as good.

    The sides move in turn, so on any sheet H pairs minus V pairs is -1, 0 or 1
    (``referee.domineering.problems``; ``RULINGS.md``: either side may start).  When
    :func:`best_matching` breaks that and :func:`legal_matching` is at most
    ``max_repair`` log-odds less likely, the latter is read (a 2x2 block of written
    cells read the wrong way moves the lead by 2 either way, so it is always caught);
    a sheet seen surely is left as seen, so that an impossible sheet is still
    reported by the engine.

    Parameters
    ----------
    cell_logit, edge_logit : ndarray of float64
        As for :func:`best_matching`.
    max_lead : int, keyword-only
        Most H pairs over V pairs, or V over H, on a sheet.
    max_repair : float, keyword-only
        Most log-odds the possible reading may lose to the likeliest one.

    Returns
    -------
    CountedMatching
    """
    pairs, confidence = best_matching(cell_logit, edge_logit)
    if abs(pair_lead(pairs)) <= max_lead:
        return CountedMatching(pairs, confidence, pairs, [], 0.0)
    legal, total = legal_matching(cell_logit, edge_logit, max_lead=max_lead)
    gap = pairs_total(pairs, cell_logit, edge_logit) - total
    if gap > max_repair:
        return CountedMatching(pairs, confidence, pairs, [], 0.0)
    before = _sides(pairs, cell_logit.shape)
    after = _sides(legal, cell_logit.shape)
    changed = [(int(r), int(c)) for r, c in zip(*np.nonzero(before != after), strict=True)]
    confidence = confidence.copy()
    for cell in changed:
        confidence[cell] = min(float(confidence[cell]), 0.5)
    return CountedMatching(legal, confidence, pairs, changed, gap)
