"""The runner: photo in, the position seen on the sheet out (with confidences).

Stages: downscale -> ink map -> find grid -> straighten -> line contrast ->
labels fix the orientation -> cell and edge evidence -> best matching of pairs
-> cells ``H``/``V``.  Each stage is a pure function in this subpackage; this
module strings them together and keeps the debug images.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from vision.decode import downscale
from vision.domineering.grid import (
    SIZE,
    Grid,
    darkest_channel,
    find_grid,
    frame_ink,
    grid_alternatives,
    ink_map,
    rectify,
)
from vision.domineering.marks import (
    cell_features,
    edge_features,
    label_ink,
    label_sides,
    paper_spread,
    stroke_contrast,
    with_neighbours,
    with_sheet,
    with_writing,
    writing_similarity,
)
from vision.domineering.model import SheetModel, load_model
from vision.domineering.pairs import (
    MAX_COUNT_REPAIR,
    CountedMatching,
    counted_matching,
    pair_lead,
    pairs_total,
)

__all__ = [
    "Evidence",
    "GridNotFoundError",
    "SheetReading",
    "orientation",
    "read_sheet",
    "sheet_evidence",
]

Pair = tuple[tuple[int, int], tuple[int, int]]


class GridNotFoundError(ValueError):
    """No 5x5 grid could be found in the photo (it shows no Domineering sheet)."""


#: Least :attr:`~vision.domineering.grid.Grid.evidence` of a sheet's grid.  Every
#: rendered tuning sheet read today gives 0.92 or more (seeds 0-99 normal,
#: 3000-3099 hard), photos with no sheet 0.42 or less (plain white, noise, the
#: domino hands and kingdoms of ``sample_photos/``).
MIN_GRID_EVIDENCE = 0.6

#: Most :func:`~vision.domineering.marks.paper_spread` of a sheet (CIELAB chroma
#: units).  Rendered tuning sheets measured give 3.8 or less (cells hatched or
#: shaded solid in one coloured pen), the real kingdoms of ``/work/shared/data``
#: whose squares' gaps pass for a drawn grid 6.1 or more (``docs/domineering-vision.md``).
MAX_PAPER_SPREAD = 4.8

#: Fewest pixels on a photo's shorter side for a sheet to be read.  The five sheets of
#: ``sample_photos/`` (each filling most of its photo), shrunk to a shorter side of 60 to
#: 400 pixels (33 sizes), are all read right from 160 up (20 sizes) and some wrongly below
#: (sheet-1 at 155 and 90, sheet-2 at 130 and 100, sheet-5 at 60): an 80x60 photo of
#: sheet-1 was read as an empty sheet, "H to move" (``docs/domineering-vision.md``,
#: "Session 11").  The grid score does not part them: 0.22 on a sheet read right, 0.63 on
#: one read wrong.
MIN_SHEET_SIDE = 160

#: What the player is told when no grid is found.
NO_GRID = (
    "no Domineering grid found in the photo: photograph the sheet from above, "
    "the whole 5x5 grid with its A-E and 1-5 labels in the frame, in even light"
)


@dataclass(frozen=True)
class SheetReading:
    """What was seen on a sheet, in the sheet's own orientation (row 1 at the top).

    Attributes
    ----------
    cells : tuple of str
        Five rows of ``.``, ``H``, ``V`` (not validated against the rules).
    pairs : tuple of ((row, col), (row, col))
        The pairs read (0-based cells).
    confidence : (5, 5) ndarray of float64
        0..1 per cell.
    turns : int
        Quarter turns (counterclockwise) applied to the straightened frame to
        put the labels top and left.
    orientation_confidence : float
        0..1.
    lattice : (6, 6, 2) ndarray of float64
        Grid line crossings in the photo as [x, y] pixels, ``[i, j]`` = row line
        ``i`` (0 = above row 1) and column line ``j`` (0 = left of column A).
    grid_score : float
        0..1, how well the grid lines were followed.
    warnings : list of str
        Low-confidence findings, for the player to check.
    debug : dict of str to ndarray
        Named images when asked for (``ink``, ``frame``).
    """

    cells: tuple[str, ...]
    pairs: tuple[Pair, ...]
    confidence: np.ndarray
    turns: int
    orientation_confidence: float
    lattice: np.ndarray
    grid_score: float
    warnings: list[str] = field(default_factory=list)
    debug: dict[str, np.ndarray] = field(default_factory=dict)

    @property
    def corners(self) -> np.ndarray:
        """(4, 2) grid corners tl, tr, br, bl of the sheet, [x, y] photo pixels."""
        return np.array(
            [
                self.lattice[0, 0],
                self.lattice[0, SIZE],
                self.lattice[SIZE, SIZE],
                self.lattice[SIZE, 0],
            ]
        )


def orientation(sides: np.ndarray, *, enough: float = 0.04) -> tuple[int, float]:
    """Quarter turns that put the labelled sides top and left, and a confidence.

    Parameters
    ----------
    sides : (4, 5) ndarray
        From :func:`vision.domineering.marks.label_sides`: top, right, bottom, left.
    enough : float, keyword-only
        Share of a label window that counts as a label written there.

    Returns
    -------
    turns : int
        0..3 counterclockwise quarter turns (``np.rot90``) of the frame.
    confidence : float
        0..1, from the margin (in labels) over the next best turn.
    """
    per_side = np.minimum(sides / enough, 1.0).sum(axis=1)  # 0..5 labels per side
    # labelled pair (left, top) -> 0 turns; (top, right) -> 1; (right, bottom) -> 2; ...
    scores = np.array([per_side[(k + 3) % 4] + per_side[k] for k in range(4)])
    order = np.argsort(-scores)
    margin = float(scores[order[0]] - scores[order[1]])
    return int(order[0]), float(1.0 / (1.0 + np.exp(-2.0 * (margin - 1.0))))


@dataclass(frozen=True)
class Evidence:
    """Everything measured on the straightened sheet, turned to the sheet's orientation.

    Attributes
    ----------
    cells : (5, 5, 14) ndarray of float64
        ``CELL_FEATURES`` on the narrow-background ink (robust to shadow edges),
        then on the wide-background ink (sees a cell shaded solid), then
        ``SHEET_FEATURES`` (each cell's mean ink against the sheet's other cells).
    edges : (9, 9, 14) ndarray of float64
        ``EDGE_FEATURES`` on the narrow-background ink (a stroke drawn over a
        shaded cell stays a stroke; the writing alike in both cells of a pair), on
        the cell/edge lattice.
    turns, turn_confidence : int, float
        From :func:`orientation`.
    frame : (side, side) ndarray of float32
        The straightened narrow-background ink, not turned (for debugging).
    """

    cells: np.ndarray
    edges: np.ndarray
    turns: int
    turn_confidence: float
    frame: np.ndarray


def sheet_evidence(
    work: np.ndarray,
    ink: np.ndarray,
    grid: Grid,
    *,
    sure_turn: float = 0.8,
    faint_labels: float = 0.6,
) -> Evidence:
    """Measure labels, cells and edges of the grid found in ``work``.

    Parameters
    ----------
    work : (rows, cols, 3) ndarray of uint8
        The (downscaled) photo the grid was found in.
    ink : (rows, cols) ndarray of float32
        Its :func:`~vision.domineering.grid.ink_map`.
    grid : Grid
        From :func:`~vision.domineering.grid.find_grid`.
    sure_turn : float, keyword-only
        Orientation confidence (0..1) under which the labels are looked for again
        as fainter writing.
    faint_labels : float, keyword-only
        That second look counts label ink from this share of the usual level (a
        share of the grid lines' darkness): labels in pale pencil beside a grid
        drawn in heavy pen.  Kept when it is surer.

    Returns
    -------
    Evidence
    """
    gray = rectify(darkest_channel(work), grid)
    narrow = rectify(ink, grid)
    wide = frame_ink(gray)
    contrast = stroke_contrast(narrow, grid.crossings)
    # labels: thin strokes on the paper only (not a strip of table or a shadow edge)
    labels = label_ink(gray, grid.crossings)
    turns, turn_conf = orientation(label_sides(labels, grid.crossings, contrast))
    if turn_conf < sure_turn:
        faint = orientation(label_sides(labels, grid.crossings, faint_labels * contrast))
        if faint[1] > turn_conf:
            turns, turn_conf = faint
    cells_narrow = cell_features(narrow, grid.crossings, contrast)
    cells = with_sheet(
        np.concatenate([cells_narrow, cell_features(wide, grid.crossings, contrast)], axis=-1)
    )
    edges = with_writing(
        with_neighbours(cells_narrow, edge_features(narrow, grid.crossings, contrast)),
        writing_similarity(narrow, grid.crossings),
    )
    return Evidence(
        cells=np.rot90(cells, turns, axes=(0, 1)),
        edges=np.rot90(edges, turns, axes=(0, 1)),
        turns=turns,
        turn_confidence=turn_conf,
        frame=narrow,
    )


def _cells(pairs: list[Pair]) -> list[list[str]]:
    """Five rows of ``.``, ``H``, ``V`` from the pairs."""
    rows = [["."] * SIZE for _ in range(SIZE)]
    for a, b in pairs:
        side = "H" if a[0] == b[0] else "V"
        rows[a[0]][a[1]] = rows[b[0]][b[1]] = side
    return rows


def _measure(
    work: np.ndarray,
    ink: np.ndarray,
    grid: Grid,
    model: SheetModel,
    max_count_repair: float,
) -> tuple[Evidence, CountedMatching, float]:
    """The evidence under one grid, the pairs read from it and their total log-odds."""
    evidence = sheet_evidence(work, ink, grid)
    cell_logit = model.cell.logit(evidence.cells)
    edge_logit = model.edge.logit(evidence.edges)
    matching = counted_matching(cell_logit, edge_logit, max_repair=max_count_repair)
    return evidence, matching, pairs_total(matching.pairs, cell_logit, edge_logit)


def _same_grid(a: Grid, b: Grid, *, tolerance: float = 0.5) -> bool:
    """Two readings of the grid whose corners and crossings agree to ``tolerance`` pixels."""
    return bool(
        np.abs(a.corners - b.corners).max() < tolerance
        and np.abs(a.crossings - b.crossings).max() < tolerance
    )


def too_small(rows: int, cols: int, *, min_side: int = MIN_SHEET_SIDE) -> str:
    """What is said of a photo of ``rows`` x ``cols`` pixels, too small to read a sheet from
    (under ``min_side`` pixels on its shorter side): one text for the reader and the CLI.

    >>> too_small(60, 80)[:47]
    'the photo is 80x60 pixels: too small to read a '
    >>> too_small(60, 80)[-28:]
    '(at least 160 pixels a side)'
    """
    return (
        f"the photo is {cols}x{rows} pixels: too small to read a Domineering sheet from "
        f"(at least {min_side} pixels a side)"
    )


def read_sheet(
    image: np.ndarray,
    *,
    model: SheetModel | None = None,
    max_side: int = 1000,
    min_evidence: float = MIN_GRID_EVIDENCE,
    max_spread: float = MAX_PAPER_SPREAD,
    max_count_repair: float = MAX_COUNT_REPAIR,
    min_side: int = MIN_SHEET_SIDE,
    debug: bool = False,
) -> SheetReading:
    """Read the pairs written on a Domineering sheet in a photo.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8
        BGR photo (untouched).
    model : SheetModel or None, keyword-only
        Cell and edge models; default the committed ``vision/models/domineering.json``.
    max_side : int, keyword-only
        Work at most at this size, in pixels (longer side).
    min_evidence : float, keyword-only
        Least grid evidence (:attr:`~vision.domineering.grid.Grid.evidence`) of a
        sheet; a photo whose best grid has less shows no sheet.
    max_spread : float, keyword-only
        Most :func:`~vision.domineering.marks.paper_spread` of a sheet (CIELAB
        chroma units): a grid whose cells are of many colours is a kingdom, not
        a sheet of paper.
    max_count_repair : float, keyword-only
        The sides move in turn, so H pairs minus V pairs is -1, 0 or 1 on any sheet
        (``referee.domineering.problems``).  When the likeliest set of pairs breaks
        that and the likeliest set that keeps it is at most this many log-odds less
        likely, the latter is read (:func:`~vision.domineering.pairs.counted_matching`),
        its changed cells get confidence 0.5 at most and a warning names them and
        the reading they replace; a sheet seen surely (a larger margin) is left as
        seen, so an impossible sheet is still reported as such by the engine.
    min_side : int, keyword-only
        Fewest pixels on the photo's shorter side (:data:`MIN_SHEET_SIDE`): a smaller
        photo is refused, not read.
    debug : bool, keyword-only
        Keep the ink map and the straightened frame in ``debug``.

    Returns
    -------
    SheetReading

    Raises
    ------
    GridNotFoundError
        If no grid of 5x5 cells drawn on paper is found (plain paper, noise, a
        kingdom, domino tiles), or the grid's cells are of many colours (a
        kingdom): the message says how to photograph the sheet; or if the photo is
        smaller than ``min_side`` pixels a side (the message names both sizes).
    """
    rows, cols = image.shape[:2]
    if min(rows, cols) < min_side:
        # As the kingdom reader says it (vision.kingdomino.pipeline), with this reader's
        # least size (session 11: an 80x60 photo was read as an empty sheet).
        raise GridNotFoundError(too_small(rows, cols, min_side=min_side))
    model = model or load_model()
    work = downscale(image, max_side)
    scale = image.shape[1] / work.shape[1]
    ink = ink_map(work)
    grid = find_grid(ink, min_evidence=min_evidence)
    if grid is None or paper_spread(rectify(work, grid), grid.crossings) > max_spread:
        raise GridNotFoundError(NO_GRID)
    evidence, matching, total = _measure(work, ink, grid, model, max_count_repair)
    regridded = False
    if abs(pair_lead(matching.likeliest)) > 1:
        # doubtful: the counts as seen are impossible (a 2x2 block read the wrong way, or
        # a grid found a line off); the other readings of the grid lines are read too,
        # and one whose pairs are possible as seen and better explained (a higher total
        # than this grid's, repaired or not) is taken
        for other in grid_alternatives(ink):
            if other.evidence < min_evidence or _same_grid(other, grid):
                continue
            if paper_spread(rectify(work, other), other.crossings) > max_spread:
                continue
            seen = _measure(work, ink, other, model, max_count_repair)
            if abs(pair_lead(seen[1].likeliest)) <= 1 and seen[2] > total:
                grid, (evidence, matching, total) = other, seen
                regridded = True
    turns, turn_conf, frame = evidence.turns, evidence.turn_confidence, evidence.frame
    pairs, confidence = matching.pairs, matching.confidence
    rows = _cells(pairs)
    warnings: list[str] = []
    if matching.changed:
        likeliest = matching.likeliest
        lead = pair_lead(likeliest)
        names = " ".join(f"{'ABCDE'[c]}{r + 1}" for r, c in matching.changed)
        warnings.append(
            f"the likeliest reading, {'/'.join(''.join(row) for row in _cells(likeliest))}, "
            f"has {(len(likeliest) + lead) // 2} H and {(len(likeliest) - lead) // 2} V pairs, "
            f"which no game reaches: read as the likeliest possible one "
            f"({matching.gap:.1f} log-odds less likely): check {names}"
        )
    # crossings -> photo [x, y], then turned with the sheet
    inverse = np.linalg.inv(grid.homography)
    pts = grid.crossings.reshape(-1, 2)[:, ::-1]
    homog = np.hstack([pts, np.ones((len(pts), 1))]) @ inverse.T
    photo = (homog[:, :2] / homog[:, 2:3] * scale).reshape(SIZE + 1, SIZE + 1, 2)
    lattice = np.rot90(photo, turns, axes=(0, 1)).copy()
    if regridded:
        warnings.append(
            "the grid first found gave pair counts no game reaches: another reading of the "
            "grid lines, whose pairs are possible and fit the ink better, was taken: "
            "check the grid found"
        )
    if grid.score < 0.35:
        warnings.append(f"grid lines hard to follow (score {grid.score:.2f}): check the grid found")
    if turn_conf < 0.8:
        warnings.append(
            f"orientation unsure (confidence {turn_conf:.2f}): labels A-E and 1-5 not clearly seen"
        )
    letters = "ABCDE"
    for r in range(SIZE):
        for c in range(SIZE):
            if confidence[r, c] < 0.8:
                warnings.append(
                    f"cell {letters[c]}{r + 1} read as {rows[r][c]!r} with low confidence "
                    f"({confidence[r, c]:.2f})"
                )
    debug_images: dict[str, np.ndarray] = {}
    if debug:
        debug_images = {"ink": ink, "frame": frame}
    return SheetReading(
        cells=tuple("".join(row) for row in rows),
        pairs=tuple(pairs),
        confidence=confidence,
        turns=turns,
        orientation_confidence=turn_conf,
        lattice=lattice,
        grid_score=grid.score,
        warnings=warnings,
        debug=debug_images,
    )
