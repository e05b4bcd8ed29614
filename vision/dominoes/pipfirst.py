"""A pip-first source of tiles: pips grouped into halves, halves paired along a bar.

The face searches (:mod:`vision.dominoes.find`, :mod:`vision.dominoes.pale`) start from
a tile's face or from its divider bar.  Pips are the surest thing on a tile: round
blobs of one size per photo, on a paler face, in the legal layouts.  This source starts
from them:

1. **pips**: round marks of the ink map (dark or coloured: black-hat of lightness,
   top-hat of chroma) at several ink levels, so pips that touch at a low level come
   apart at a higher one and pale pips show at a low one;
2. **halves**: pips of one size and colour, close to one another (within
   :data:`PITCH_REACH` pip diameters), with no ink between them (a bar or a crack
   between two pips parts two halves or two tiles), are grouped;
3. **tiles**: each group is paired with a dark straight stroke beside it, all its pips
   on one side and within a tile's size of it (the divider bar); the pips on the other
   side, if any, make the other half, else the other half is taken as long as this one
   (a blank half).  Each bar gives one proposed outline and a few variants.

The proposals are only outlines: :func:`vision.dominoes.pipeline.read_tile` verifies
and reads them, and the pipeline keeps one only when it is read surely, on legal
layouts, where no other tile was read (:func:`vision.dominoes.pipeline.read_dominoes`).
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
from scipy.spatial import cKDTree

from vision.dominoes.find import _ink, shrink
from vision.dominoes.pale import _dark_strokes
from vision.dominoes.pipbars import _round_marks
from vision.dominoes.strokes import TileCandidate, _corners, _Stroke

__all__ = ["pip_first_tiles", "pip_marks"]

#: Ink levels (0..255) at which pips are looked for: a pale pip shows at the lowest,
#: pips touching at their soft rims come apart at the highest.
PIP_LEVELS = (30, 50, 80)

#: Pips of one half lie within this many pip diameters of a neighbour (a 3 x 3 or
#: 3 x 4 layout: about 1.5-2; a sparse layout's pips are farther and group alone).
PITCH_REACH = 3.0

#: Pips left alone are paired with one within this many diameters (a sparse layout).
SPARSE_REACH = 6.5

#: Most colour difference (|a| + |b|, Lab codes) between two pips of one half.
SAME_COLOUR = 12

#: The tile's width over the pip diameter, about (double-twelve and double-six sets:
#: 6-8); bars of 0.25-1.3 times the width so estimated are tried.
WIDTH_PER_PIP = 7.0

#: The bar's length over the tile's width (as :data:`vision.dominoes.pipbars.BAR_SHARE`).
BAR_SHARE = 0.75

#: Largest pip looked for at the 1280-pixel working size (pixels; odd): the near
#: tiles of the marble scenes tuned on show pips 35 x 24 pixels there.
PIP_KERNEL = 45

#: Pips of dense halves smaller than this (working pixels) are searched again on a
#: larger copy, where they are :data:`TUNED_PIP` across (the marble scenes tuned on:
#: 19-20 pixels at 1280), the copy at most :data:`MOST_PIP_SIDE` pixels long.
SMALL_PIP = 12.0
TUNED_PIP = 18.0
MOST_PIP_SIDE = 4096

#: Pips are marks whose box is at most this many times as long as wide; seen low, a
#: tile's pips are ellipses (foreshortened), and where nothing was read surely marks
#: up to :data:`FORESHORTENED_PIP` times as long are taken (:func:`pip_first_tiles`).
PIP_ELONGATION = 2.2
FORESHORTENED_PIP = 3.0

#: The ink kernel over the pips' diameter on the copy searched where nothing was read
#: surely: large enough for a pip, small enough that a face in shade (seen low and
#: turned, its lit side wall paler than it) is not all ink.
KERNEL_PER_PIP = 2.2

#: Most pip-like marks looked at: a busy table (a woven cloth, gravel) shows thousands,
#: and then no pips stand out to start from (a double-twelve set has 1,092 pips in all).
MOST_MARKS = 2000

#: A sheared face's long sides (:func:`_sheared`) turn at least this many degrees from
#: its bar; pairs of pips within this many degrees of one another run one way.
LEAST_SHEAR_TURN = 35.0
SHEAR_TOLERANCE = 6.0

#: A half's nearest pip lies within this share of the tile's width of its bar (a layout's
#: nearest row: 0.2-0.5 of the width; the other half's pips only farther off are a
#: neighbour's, past a blank half's end).
NEAREST_PIP = 0.6

#: Rows of a half's pips farther from the last than this many times their median
#: pitch are a neighbour's (:func:`_in_rows`; a legal layout's rows stand at one pitch).
ROW_GAP = 1.6

#: Score (0..1) of a pip-first tile: its reading's confidence is capped at it.
PIP_FIRST_SCORE = 0.7


def pip_marks(
    image: np.ndarray, *, levels: tuple[int, ...] = PIP_LEVELS, kernel: int = 31
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Round ink marks the size of pips, of any colour.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        Not changed.
    levels : tuple of int, keyword-only
        Ink levels (0..255) to look at; a mark found at a lower level is kept.
    kernel : int, keyword-only
        Diameter in pixels of the largest ink mark looked for (odd).

    Returns
    -------
    centres : (k, 2) ndarray of float64
        (x, y) pixels.
    diameters : (k,) ndarray of float64
        Pixels (the diameter of a disc of the mark's area).
    colours : (k, 2) ndarray of float64
        Mean Lab a and b codes of each mark.
    """
    lab = cv2.cvtColor(image, cv2.COLOR_BGR2LAB)
    return _marks(lab, _ink(lab, kernel=kernel), levels=levels, largest=kernel)


def _marks(
    lab: np.ndarray,
    ink: np.ndarray,
    *,
    levels: tuple[int, ...],
    largest: int,
    elongation: float = PIP_ELONGATION,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    centres = np.zeros((0, 2))
    diameters = np.zeros(0)
    colours = np.zeros((0, 2))
    for level in levels:
        marks = (ink > level).astype(np.uint8)
        count, labels, stats, found = cv2.connectedComponentsWithStats(marks, connectivity=8)
        if count <= 1:
            continue
        area = stats[1:, cv2.CC_STAT_AREA].astype(np.float64)
        round_ = _round_marks(
            stats, least_area=8, most_elongation=elongation, least_fill=0.5, largest=largest
        )
        new_centres = found[1:][round_].astype(np.float64)
        new_diameters = 2.0 * np.sqrt(area[round_] / np.pi)
        if len(centres) and len(new_centres):
            # A mark seen at a lower level is kept as seen there.
            near, _ = cKDTree(centres).query(new_centres)
            fresh = near >= 0.6 * new_diameters
            new_centres, new_diameters = new_centres[fresh], new_diameters[fresh]
            chosen = np.flatnonzero(round_)[fresh]
        else:
            chosen = np.flatnonzero(round_)
        if not len(chosen):
            continue
        # Each mark's mean a and b (Lab codes), summed over its pixels within its box
        # (sums of whole codes: exact in any order).
        sums = np.empty((len(chosen), 2))
        for row, label in enumerate((chosen + 1).tolist()):
            left, top, wide, high = stats[label, :4].tolist()
            own = labels[top : top + high, left : left + wide] == label
            patch = lab[top : top + high, left : left + wide]
            sums[row] = patch[own][:, 1:].sum(axis=0, dtype=np.float64)
        mean = sums / area[chosen][:, None]
        centres = np.vstack([centres, new_centres])
        diameters = np.concatenate([diameters, new_diameters])
        colours = np.vstack([colours, mean])
        if len(centres) > MOST_MARKS:
            break  # a busy table (cloth, gravel): no pips standing out to start from
    return centres, diameters, colours


def _linked(
    centres: np.ndarray, ink: np.ndarray, i: int, j: int, diameters: np.ndarray, bar: int
) -> bool:
    """Whether no ink (a bar, a crack, another pip) lies between pips ``i`` and ``j``."""
    rows, cols = ink.shape
    start, end = centres[i], centres[j]
    gap = float(np.linalg.norm(end - start))
    reach = 0.6 * max(diameters[i], diameters[j]) / max(gap, 1e-6)
    if reach >= 0.5:
        return True
    steps = np.linspace(reach, 1.0 - reach, max(3, round(gap)))
    points = start + steps[:, None] * (end - start)
    xs = np.clip(np.rint(points[:, 0]).astype(int), 0, cols - 1)
    ys = np.clip(np.rint(points[:, 1]).astype(int), 0, rows - 1)
    return int(ink[ys, xs].max()) < bar


def _alike_pair(diameters: np.ndarray, colours: np.ndarray, i: int, j: int) -> bool:
    """Whether pips ``i`` and ``j`` are of about one size and colour."""
    sized = max(diameters[i], diameters[j]) <= 1.6 * min(diameters[i], diameters[j])
    return bool(sized and np.abs(colours[i] - colours[j]).sum() <= SAME_COLOUR)


def _groups(
    centres: np.ndarray, diameters: np.ndarray, colours: np.ndarray, ink: np.ndarray, bar: int
) -> list[np.ndarray]:
    """Pips grouped into halves: index arrays, each of 2 to 12 pips.

    Pips of one size and colour within :data:`PITCH_REACH` diameters of each other with
    no ink between are joined (a dense layout); the pips left alone are then paired with
    one such pip within :data:`SPARSE_REACH` diameters (a 2, 3 or 4 whose pips lie at
    the corners of the half)."""
    count = len(centres)
    parent = list(range(count))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    if count < 2:
        return []
    reach = PITCH_REACH * float(diameters.max())
    for i, j in sorted(cKDTree(centres).query_pairs(reach)):
        gap = float(np.linalg.norm(centres[j] - centres[i]))
        if gap > PITCH_REACH * max(diameters[i], diameters[j]) or not _alike_pair(
            diameters, colours, i, j
        ):
            continue
        if root(j) != root(i) and _linked(centres, ink, i, j, diameters, bar):
            parent[root(j)] = root(i)
    members: dict[int, list[int]] = {}
    for i in range(count):
        members.setdefault(root(i), []).append(i)
    alone = [group[0] for group in members.values() if len(group) == 1]
    paired: set[int] = set()
    neighbours: dict[int, list[tuple[float, int]]] = {i: [] for i in alone}
    if len(alone) >= 2:
        spots = centres[alone]
        for a, b in cKDTree(spots).query_pairs(SPARSE_REACH * float(diameters[alone].max())):
            i, j = alone[a], alone[b]
            gap = float(np.linalg.norm(centres[j] - centres[i]))
            if gap <= SPARSE_REACH * max(diameters[i], diameters[j]) and _alike_pair(
                diameters, colours, i, j
            ):
                neighbours[i].append((gap, j))
                neighbours[j].append((gap, i))
    for i in alone:
        if i in paired:
            continue
        for _, j in sorted(neighbours[i]):
            if j in paired:
                continue
            if _linked(centres, ink, i, j, diameters, bar):
                paired.update((i, j))
                parent[root(j)] = root(i)
                break
    found: dict[int, list[int]] = {}
    for i in range(count):
        found.setdefault(root(i), []).append(i)
    return [np.array(group) for group in found.values() if 2 <= len(group) <= 12]


def _across(bar: _Stroke, points: np.ndarray) -> np.ndarray | None:
    """The direction across ``bar`` the tile's long sides run in (unit x, y): the axis of
    the pips' layout (its least box) farther from the bar's, when the bar runs within
    20 degrees of the other axis (seen at a slant, a tile's long sides are not square to
    its bar); square to the bar for two pips or pips in a line; when the bar runs
    along neither axis of the layout, the long sides of a sheared face
    (:func:`_sheared`), or None."""
    square = np.array([-bar.along[1], bar.along[0]])
    if len(points) < 3:
        return square
    (_, _), (a, b), angle = cv2.minAreaRect(points.astype(np.float32))
    if min(a, b) < 0.2 * max(a, b):
        return square  # a line of pips: its box's axes say little
    theta = np.deg2rad(angle)
    axes = (np.array([np.cos(theta), np.sin(theta)]), np.array([-np.sin(theta), np.cos(theta)]))
    turns = [abs(float(np.dot(axis, bar.along))) for axis in axes]
    along = int(np.argmax(turns))
    if turns[along] < np.cos(np.deg2rad(20)):
        return _sheared(bar, points)
    other = axes[1 - along]
    return other if float(np.dot(other, square)) > 0 else -other


def _sheared(bar: _Stroke, points: np.ndarray) -> np.ndarray | None:
    """The direction (unit x, y) of the long sides of a tile turned and seen low, whose
    face is a parallelogram (its least box runs along neither its bar nor its sides):
    the direction, at least :data:`LEAST_SHEAR_TURN` degrees from the bar, shared by the
    most pairs of pips (within :data:`SHEAR_TOLERANCE` degrees; a layout's pips stand
    in lines along the tile's sides), of two or more pairs in two or more lines (not a
    diagonal); turned as :func:`_across`'s (within 90 degrees of square to the bar).
    None when no such direction is found."""
    count = len(points)
    first, second = np.triu_indices(count, k=1)
    steps = points[second] - points[first]
    steps = steps / np.maximum(np.linalg.norm(steps, axis=1, keepdims=True), 1e-9)
    along = np.asarray(bar.along, dtype=np.float64)
    off_bar = np.abs(steps @ along) <= np.cos(np.deg2rad(LEAST_SHEAR_TURN))
    if int(off_bar.sum()) < 2:
        return None
    candidates = steps[off_bar]
    # |sin| of the angle between each two candidate directions: parallel when small.
    crossed = np.abs(
        candidates[:, None, 0] * candidates[None, :, 1]
        - candidates[:, None, 1] * candidates[None, :, 0]
    )
    parallel = crossed <= np.sin(np.deg2rad(SHEAR_TOLERANCE))
    support = parallel.sum(axis=1)
    # A side's direction holds pips in two or more lines (a 5's or a 3's diagonal, one).
    ends = (first[off_bar], second[off_bar])
    gaps = np.linalg.norm(points[ends[1]] - points[ends[0]], axis=1)
    for index, direction in enumerate(candidates):
        pairs = np.flatnonzero(parallel[index])
        normal = np.array([-direction[1], direction[0]])
        across = points[np.concatenate([ends[0][pairs], ends[1][pairs]])] @ normal
        if float(np.ptp(across)) < 0.3 * float(np.min(gaps[pairs])):
            support[index] = 0
    best = int(support.max())
    if best < 2:
        return None
    # Among the best supported, the one farthest from the bar's direction.
    tied = np.flatnonzero(support == best)
    chosen = candidates[tied[np.argmin(np.abs(candidates[tied] @ along))]]
    square = np.array([-along[1], along[0]])
    return chosen if float(np.dot(chosen, square)) > 0 else -chosen


def _offsets(bar: _Stroke, across: np.ndarray, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Offsets of ``points`` from the bar's centre along the bar (u) and ``across`` (v),
    pixels, in the (perhaps skewed) frame of the two."""
    basis = np.stack([bar.along, across], axis=1)
    solved = np.linalg.solve(basis, (points - bar.centre).T)
    return solved[0], solved[1]


def _side(
    bar: _Stroke, across: np.ndarray, points: np.ndarray, width: float
) -> tuple[np.ndarray, np.ndarray] | None:
    """Along (u) and across (v) offsets of ``points`` from ``bar``, if they all lie on
    one side of it within a tile of ``width``; else None."""
    u, v = _offsets(bar, across, points)
    if not (np.all(v > 0) or np.all(v < 0)):
        return None
    if float(np.abs(u).max()) > 0.6 * width:
        return None
    return u, v


def _tile_outlines(
    bar: _Stroke, across: np.ndarray, width: float, reach: tuple[float, float], radius: float
) -> list[np.ndarray]:
    """Outlines (tl, tr, br, bl; x, y) of the tile on ``bar`` whose halves' pips reach
    ``reach`` (ahead, back: pixels across the bar; 0 for a blank half, which is then
    taken as long as the other)."""
    lengths = [(r + radius) * 1.15 if r > 0 else 0.0 for r in reach]
    known = max(lengths)
    ahead, back = (length if length > 0 else known for length in lengths)
    outlines = []
    shapes = ((1.0, 1.0), (1.0, 0.0), (0.85, 1.0), (1.15, 1.0), (1.0, 1.12), (1.0, 0.9))
    for w_scale, l_scale in shapes:
        w = w_scale * width
        if l_scale == 0.0:  # both halves as long as the longer
            a = b = max(0.55 * w, ahead, back)
        else:
            a, b = (max(0.55 * w, l_scale * half) for half in (ahead, back))
        centre = bar.centre + across * (a - b) / 2
        outlines.append(_corners(centre, across, bar.along, (a + b) / 2, w / 2))
    return outlines


def pip_first_tiles(
    image: np.ndarray,
    *,
    work_side: int = 1280,
    ink_threshold: int = 40,
    min_bar: float = 12.0,
    small_pips: bool = False,
) -> list[TileCandidate]:
    """Tiles proposed from their pips: pips grouped into halves, paired along a bar.

    The pips are looked for on a working copy ``work_side`` pixels long; where the pips
    of halves of three or more are smaller than :data:`SMALL_PIP` there (small tiles: a
    portrait photo, a table seen from afar), the search is made again on a larger copy
    where they are :data:`TUNED_PIP` pixels across (up to the photo's own size, at most
    :data:`MOST_PIP_SIDE`).

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        The photo (not changed).
    work_side : int, keyword-only
        Longer side (pixels) of the first working copy.
    ink_threshold : int, keyword-only
        Ink level of the search (a bar is 1.5 times as dark, as on a pale table).
    min_bar : float, keyword-only
        Shortest bar, working pixels.
    small_pips : bool, keyword-only
        Take the pips to be small (session 14: asked where nothing was read surely):
        only a copy :data:`TUNED_PIP` / :data:`SMALL_PIP` times ``work_side`` long (at
        most the photo's own size and :data:`MOST_PIP_SIDE`) is searched, where pips of
        :data:`SMALL_PIP` would be :data:`TUNED_PIP` across, with an ink kernel
        :data:`KERNEL_PER_PIP` times that (a kernel much larger than the pips takes a
        narrow face in shade whole for ink) and marks up to :data:`FORESHORTENED_PIP`
        times as long as wide (pips seen low are ellipses); each half keeps to its
        layout's rows (:func:`_in_rows`: tiles touching end to end).

    Returns
    -------
    list of TileCandidate
        Corners in ``image``'s pixels, marked ``proposed``, score 1 (the pipeline caps
        a reading's confidence at :data:`PIP_FIRST_SCORE`); each with variants of its
        outline as ``others``.
    """
    if small_pips:
        longest = max(image.shape[:2])
        side = min(longest, MOST_PIP_SIDE, round(work_side * TUNED_PIP / SMALL_PIP))
        kernel = 2 * round((KERNEL_PER_PIP * TUNED_PIP - 1) / 2) + 1
        found, _ = _proposals(
            image,
            side,
            ink_threshold=ink_threshold,
            min_bar=min_bar,
            kernel=kernel,
            elongation=FORESHORTENED_PIP,
            in_rows=True,
        )
        return found
    found, size = _proposals(
        image, work_side, ink_threshold=ink_threshold, min_bar=min_bar, first=True
    )
    side = _larger_side(image, work_side, size)
    if side is not None:
        found, _ = _proposals(image, side, ink_threshold=ink_threshold, min_bar=min_bar)
    return found


def _larger_side(image: np.ndarray, work_side: int, size: float | None) -> int | None:
    """The longer side (pixels) of the copy to search again where the pips of the search
    at ``work_side`` are ``size`` across (working pixels; None: no halves of three or
    more) and small; None where that search stands."""
    longest = max(image.shape[:2])
    if size is None or size >= SMALL_PIP or longest <= work_side:
        return None
    side = min(longest, MOST_PIP_SIDE, round(work_side * TUNED_PIP / size))
    return side if side > 1.2 * work_side else None


def _proposals(
    image: np.ndarray,
    work_side: int,
    *,
    ink_threshold: int,
    min_bar: float,
    first: bool = False,
    kernel: int = PIP_KERNEL,
    elongation: float = PIP_ELONGATION,
    in_rows: bool = False,
) -> tuple[list[TileCandidate], float | None]:
    """:func:`pip_first_tiles` at one working size; also the median diameter (working
    pixels) of the pips in halves of three or more (None if there are none).  The
    ``first`` search stops at the pips' size when it is to be made again on a larger
    copy (:func:`_larger_side`): its proposals would be dropped.  ``kernel``: the ink
    kernel (pixels, odd); ``elongation``: the longest pip mark over its width;
    ``in_rows``: each half keeps to its layout's rows (:func:`_half_pips`)."""
    work = shrink(image, work_side)
    scale = image.shape[1] / work.shape[1]
    lab = cv2.cvtColor(work, cv2.COLOR_BGR2LAB)
    ink = _ink(lab, kernel=kernel)
    centres, diameters, colours = _marks(
        lab, ink, levels=PIP_LEVELS, largest=kernel, elongation=elongation
    )
    if not 2 <= len(centres) <= MOST_MARKS:
        return [], None
    bar_level = round(1.5 * ink_threshold)
    groups = _groups(centres, diameters, colours, ink, bar_level)
    if not groups:
        return [], None
    # A bar touching pips is torn from them by openings with lines longer than a pip
    # (twice the median diameter of the pips in groups of three or more, specks of a
    # marble seldom make those), besides the search's shortest bar.
    large = [group for group in groups if len(group) >= 3]
    size = float(np.median(diameters[np.concatenate(large)])) if large else None
    if first and _larger_side(image, work_side, size) is not None:
        return [], size
    long_bar = max(min_bar, 2.0 * (size or 0.0))
    strokes = [
        stroke
        for length in dict.fromkeys((min_bar, long_bar))
        for stroke in _dark_strokes(ink, ink_threshold=ink_threshold, min_bar=length)
        if stroke.thickness <= 0.3 * stroke.length
    ]
    found: list[TileCandidate] = []
    used: list[_Stroke] = []
    # How far the long sides of tiles proposed from a layout of pips turn from square
    # to their bars (seen at a slant): a half of two pips, or pips in a line, shows
    # no such axis, and its tile is also tried turned as the nearest such tiles are.
    skews: list[tuple[np.ndarray, float]] = []
    table = _stroke_table(strokes)
    for group in sorted(groups, key=len, reverse=True):
        for index, width in _bars_beside(group, centres, diameters, strokes, table):
            stroke = strokes[index]
            if any(_same_bar(stroke, other) for other in used):
                continue
            used.append(stroke)
            across = _across(stroke, centres[group])
            if across is None:
                continue
            square = np.array([-stroke.along[1], stroke.along[0]])
            cross = float(square[0] * across[1] - square[1] * across[0])
            turn = float(np.arctan2(cross, np.dot(square, across)))
            if _has_layout(centres[group]):
                skews.append((stroke.centre, turn))
                turns = [turn]
            else:
                near = sorted(
                    skews, key=lambda skew: float(np.linalg.norm(skew[0] - stroke.centre))
                )
                turns = list(dict.fromkeys([0.0, *(round(t, 3) for _, t in near[:2])]))
            reach_radius = float(np.median(diameters[group])) / 2
            outlines: list[np.ndarray] = []
            for turned in turns:
                along = np.array([np.cos(turned), np.sin(turned)])
                direction = square * along[0] + np.array([-square[1], square[0]]) * along[1]
                reach, counts = _half_pips(
                    stroke,
                    direction,
                    width,
                    group,
                    (centres, diameters, colours),
                    ink,
                    bar_level,
                    in_rows=in_rows,
                )
                outlines += [
                    (o * scale, counts)
                    for o in _tile_outlines(stroke, direction, width, reach, reach_radius)
                ]
            # An outline given twice (both halves reached as far) reads the same twice.
            unique: dict[bytes, tuple[np.ndarray, tuple[int, int]]] = {}
            for o, counts in outlines:
                unique.setdefault(o.tobytes(), (o, counts))
            shapes = [
                TileCandidate(o, *_size(o), 1.0, proposed=True, seen=counts)
                for o, counts in unique.values()
            ]
            found.append(replace(shapes[0], others=tuple(shapes[1:])))
    return found, size


def _same_bar(first: _Stroke, second: _Stroke) -> bool:
    """Whether two strokes are one bar (found at two lengths of opening)."""
    near = float(np.linalg.norm(first.centre - second.centre)) < 0.25 * max(
        first.length, second.length
    )
    return near and abs(float(np.dot(first.along, second.along))) > 0.9


def _has_layout(points: np.ndarray) -> bool:
    """Whether pips show a layout's two axes: three or more, not in a line."""
    if len(points) < 3:
        return False
    (_, _), (a, b), _ = cv2.minAreaRect(points.astype(np.float32))
    return min(a, b) >= 0.2 * max(a, b)


def _stroke_table(strokes: list[_Stroke]) -> tuple[np.ndarray, np.ndarray]:
    """Centres ((n, 2), x, y pixels) and lengths ((n,), pixels) of ``strokes``, as
    arrays (for :func:`_bars_beside`)."""
    centres = np.array([stroke.centre for stroke in strokes], dtype=np.float64).reshape(-1, 2)
    lengths = np.array([stroke.length for stroke in strokes], dtype=np.float64)
    return centres, lengths


def _bars_beside(
    group: np.ndarray,
    centres: np.ndarray,
    diameters: np.ndarray,
    strokes: list[_Stroke],
    table: tuple[np.ndarray, np.ndarray] | None = None,
) -> list[tuple[int, float]]:
    """The (at most two) strokes that may be the divider bar beside a group of pips:
    (index, the tile's width in pixels), the likeliest first.

    A bar runs along an axis of the pips' layout, its length fits the pips' size, the
    pips all lie on one side of it, the nearest close to it, and their spread along it
    is about centred on it and within the tile's width.  ``table``: the strokes' centres
    and lengths (:func:`_stroke_table`), made once for many groups."""
    points = centres[group]
    size = float(np.median(diameters[group]))
    middle = points.mean(axis=0)
    stroke_centres, lengths = _stroke_table(strokes) if table is None else table
    # Every stroke at once: its length fits the pips' size and its centre lies within
    # 1.5 widths of the pips' middle (squared, with a margin of a millionth: a loose
    # first pass, the exact tests below decide).
    fits = (0.25 * WIDTH_PER_PIP * size <= lengths) & (lengths <= 1.3 * WIDTH_PER_PIP * size)
    offset = stroke_centres - middle
    reach = 1.5 * lengths / BAR_SHARE
    near_enough = (offset**2).sum(axis=1) <= reach**2 * (1.0 + 1e-6)
    best: list[tuple[float, int, float]] = []
    for index in np.flatnonzero(fits & near_enough).tolist():
        stroke = strokes[index]
        if not 0.25 * WIDTH_PER_PIP * size <= stroke.length <= 1.3 * WIDTH_PER_PIP * size:
            continue
        width = stroke.length / BAR_SHARE
        if float(np.linalg.norm(stroke.centre - middle)) > 1.5 * width:
            continue
        across = _across(stroke, points)
        if across is None:
            continue
        side = _side(stroke, across, points, width)
        if side is None:
            continue
        u, v = side
        near = float(np.abs(v).min())
        if not stroke.thickness / 2 + 0.3 * size <= near <= NEAREST_PIP * width:
            continue
        if float(np.abs(v).max()) > 2.5 * width or abs(float(u.mean())) > 0.3 * width:
            continue
        best.append((near / width + abs(float(u.mean())) / width, index, width))
    return [(index, width) for _, index, width in sorted(best)[:2]]


def _half_pips(
    stroke: _Stroke,
    across: np.ndarray,
    width: float,
    group: np.ndarray,
    pips: tuple[np.ndarray, np.ndarray, np.ndarray],
    ink: np.ndarray,
    bar: int,
    in_rows: bool = False,
) -> tuple[tuple[float, float], tuple[int, int]]:
    """How far (pixels across ``stroke``, ahead and back) the pips of each half reach,
    and how many pips each half holds (ahead, back).

    ``pips`` are every pip's centres, diameters and colours.  A half's pips are those
    of the group's size within the tile's width along the bar, reached from the pip
    nearest the bar (on the group's side, the group itself) by steps of at most
    :data:`SPARSE_REACH` diameters with no ink between (a crack or a gap's shadow ends
    a tile); the group's side also keeps to its colour.  The other half reaches at
    most 1.15 times as far as the group's.  0 where there are no pips (a blank half).
    With ``in_rows`` (the search for small pips, :func:`pip_first_tiles`), each half
    keeps to its layout's rows (:func:`_in_rows`): a touching tile's pips reached
    across the crack at its end are left out.
    """
    centres, diameters, colours = pips
    u, v = _offsets(stroke, across, centres)
    size = float(np.median(diameters[group]))
    sign = 1.0 if float(v[group].mean()) > 0 else -1.0
    inside = (
        (np.abs(u) <= 0.6 * width)
        & (np.abs(v) >= stroke.thickness / 2 + 0.3 * size)
        & (np.abs(v) <= 2.5 * width)
        & (diameters >= 0.6 * size)
        & (diameters <= 1.6 * size)
    )
    colour = colours[group].mean(axis=0)
    own = inside & (v * sign > 0) & (np.abs(colours - colour).sum(axis=1) <= SAME_COLOUR)
    own_half = _chain(list(group), np.flatnonzero(own), centres, diameters, ink, bar)
    if in_rows:
        own_half = own_half[_in_rows(np.abs(v[own_half]), size)]
    own_reach = float(np.abs(v[own_half]).max())
    other = np.flatnonzero(inside & (v * sign < 0))
    other_reach = 0.0
    other_count = 0
    # A half's nearest pip lies within NEAREST_PIP widths of its bar (as the group's,
    # :func:`_bars_beside`): pips only farther off lie past a blank half's end (the
    # body or the end of a tile touching it), not on it.
    if other.size and float(np.abs(v[other]).min()) <= NEAREST_PIP * width:
        seed = int(other[np.argmin(np.abs(v[other]))])
        alike = other[np.abs(colours[other] - colours[seed]).sum(axis=1) <= SAME_COLOUR]
        other_half = _chain([seed], alike, centres, diameters, ink, bar)
        if in_rows:
            other_half = other_half[_in_rows(np.abs(v[other_half]), size)]
        other_reach = min(float(np.abs(v[other_half]).max()), 1.15 * own_reach)
        other_count = len(other_half)
    if sign > 0:
        return (own_reach, other_reach), (len(own_half), other_count)
    return (other_reach, own_reach), (other_count, len(own_half))


def _in_rows(offsets: np.ndarray, size: float) -> np.ndarray:
    """Which pips of a half (``offsets``: their distances from the bar, pixels, the
    first the nearest's or the group's) stand in its layout's rows: the rows (offsets
    within half a pip ``size`` of one another) of a legal layout stand at about one
    pitch, so where three or more rows are found, the rows past the first gap wider
    than :data:`ROW_GAP` times their median pitch are a neighbour's (a tile touching
    this one's end, its pips reached across the crack between them).

    Returns
    -------
    (k,) ndarray of bool
    """
    ahead = np.sort(offsets)
    steps = np.diff(ahead)
    breaks = np.flatnonzero(steps > 0.5 * size)
    if len(breaks) < 2:
        return np.ones(len(offsets), dtype=bool)  # fewer than three rows
    pitches = steps[breaks]
    pitch = float(np.median(pitches))
    wide = np.flatnonzero(pitches > ROW_GAP * pitch)
    if not len(wide):
        return np.ones(len(offsets), dtype=bool)
    cut = float(ahead[breaks[wide[0]]])
    return offsets <= cut


def _chain(
    seeds: list[int],
    allowed: np.ndarray,
    centres: np.ndarray,
    diameters: np.ndarray,
    ink: np.ndarray,
    bar: int,
) -> np.ndarray:
    """``seeds`` and the ``allowed`` pips reached from them by steps of at most
    :data:`SPARSE_REACH` diameters with no ink between."""
    kept = list(dict.fromkeys(int(seed) for seed in seeds))
    left = [int(i) for i in allowed if int(i) not in kept]
    index = 0
    while index < len(kept):
        i = kept[index]
        index += 1
        for j in list(left):
            gap = float(np.linalg.norm(centres[j] - centres[i]))
            if gap <= SPARSE_REACH * max(diameters[i], diameters[j]) and _linked(
                centres, ink, i, j, diameters, bar
            ):
                kept.append(j)
                left.remove(j)
    return np.array(kept)


def _size(corners: np.ndarray) -> tuple[float, float]:
    first = float(np.linalg.norm(corners[1] - corners[0]))
    second = float(np.linalg.norm(corners[2] - corners[1]))
    return min(first, second), max(first, second)
