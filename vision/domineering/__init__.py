"""Read a Domineering sheet from a photo (issue #5).

A sheet is a hand-drawn 5x5 grid, columns A-E and rows 1-5 written beside it,
each move the same turn number in both cells of a pair with a joining stroke
across their shared edge (``rules/domineering.txt``).  The reader finds the grid,
straightens it, turns it so the labels are top and left, reads which edges carry
a joining stroke and which cells are written in, picks the most likely set of
pairs, and hands the position to the rules engine (:mod:`referee.domineering`),
which validates it: an impossible position is reported with what was seen, never
repaired.

Stages (one pure function each): :func:`~vision.domineering.grid.ink_map`,
:func:`~vision.domineering.grid.find_grid`, :func:`~vision.domineering.grid.rectify`,
:func:`~vision.domineering.marks.label_sides` and :func:`~vision.domineering.read.orientation`,
:func:`~vision.domineering.marks.cell_features`,
:func:`~vision.domineering.marks.edge_features`,
:func:`~vision.domineering.marks.writing_similarity`,
:func:`~vision.domineering.pairs.best_matching`,
:func:`~vision.domineering.pairs.counted_matching` (the pair counts weighed; a doubtful
sheet's grid read again with :func:`~vision.domineering.grid.grid_alternatives`),
:func:`~vision.domineering.overlay.render_overlay`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from referee import domineering as engine
from referee.errors import ImpossiblePositionError
from vision.decode import read_image
from vision.domineering.overlay import render_overlay
from vision.domineering.read import GridNotFoundError, SheetReading, read_sheet

__all__ = [
    "GridNotFoundError",
    "ImpossibleSheetError",
    "PhotoAnalysis",
    "SheetReading",
    "analyze_photo",
    "read_sheet",
    "render_overlay",
]


class ImpossibleSheetError(ImpossiblePositionError):
    """The sheet in the photo shows a position the rules cannot reach.

    ``str(error)`` names what was seen (the cells read) and why it is impossible;
    ``reading`` holds the full reading and ``overlay`` the picture when one was asked for.
    """

    def __init__(self, message: str, reading: SheetReading, overlay: np.ndarray | None) -> None:
        super().__init__(message)
        self.reading = reading
        self.overlay = overlay


@dataclass(frozen=True)
class PhotoAnalysis:
    """The analysis of a photographed sheet.

    Attributes
    ----------
    analysis : referee.domineering.Analysis
        The engine's analysis of the position read.
    reading : SheetReading
        What was seen (cells, pairs, confidences, grid).
    overlay : (rows, cols, 3) ndarray of uint8 or None
        BGR picture of the grid, the pairs read and the legal moves of the side
        to move as ghost dominoes, when asked for.
    """

    analysis: engine.Analysis
    reading: SheetReading
    overlay: np.ndarray | None = None

    def to_json(self) -> dict[str, Any]:
        """The engine's analyze JSON plus ``confidence`` (5 rows of 5 cells, 0..1) and more.

        Extra keys: ``confidence``, ``orientation_confidence``, ``corners`` (grid
        corners tl, tr, br, bl as [x, y] photo pixels) and ``warnings``.
        """
        payload = self.analysis.to_json()
        payload["confidence"] = [
            [round(float(v), 3) for v in row] for row in self.reading.confidence
        ]
        payload["orientation_confidence"] = round(self.reading.orientation_confidence, 3)
        payload["corners"] = [[round(float(v), 1) for v in p] for p in self.reading.corners]
        payload["warnings"] = list(self.reading.warnings)
        return payload


def _caption(analysis: engine.Analysis) -> str:
    side = analysis.to_move
    if analysis.blocked:
        return f"{side} to move has no legal pair: {analysis.winner} wins"
    count = len(analysis.legal_moves[side])
    return f"{side} to move: {count} legal pair{'s' if count != 1 else ''} (pale green)"


def analyze_photo(
    path_or_image: str | Path | np.ndarray,
    *,
    first: str | None = "H",
    overlay: bool = False,
    reading: SheetReading | None = None,
) -> PhotoAnalysis:
    """Read the sheet in a photo and analyse the position with the rules engine.

    Parameters
    ----------
    path_or_image : str, Path or (rows, cols, 3) ndarray of uint8
        A photo file (EXIF orientation applied) or a BGR image (untouched).
    first : {"H", "V"} or None, keyword-only
        Who started this game (``RULINGS.md``: H in game 1, V in game 2);
        ``None`` means H.
    overlay : bool, keyword-only
        Also draw the overlay picture (``PhotoAnalysis.overlay``).
    reading : SheetReading or None, keyword-only
        This photo's reading, already made (an :class:`ImpossibleSheetError`'s
        ``reading``): the position is analysed for ``first`` without reading the photo
        again (the web page asks for the other starter so: one read per photo).

    Returns
    -------
    PhotoAnalysis
        ``.to_json()`` is the analyze JSON plus per-cell ``confidence``.

    Raises
    ------
    vision.decode.ImageError
        If the file is not a usable image.
    GridNotFoundError
        If the photo shows no sheet (no 5x5 grid drawn on paper): the message says
        how to photograph the sheet.
    ImpossibleSheetError
        If the cells read make an impossible position (odd run, wrong counts):
        the message gives the cells seen and the engine's reason.
    """
    image = path_or_image if isinstance(path_or_image, np.ndarray) else read_image(path_or_image)
    reading = read_sheet(image) if reading is None else reading
    position = engine.Position(
        tuple(tuple(row) for row in reading.cells),
        first or "H",  # type: ignore[arg-type]  # checked by Position: H or V
    )
    side_first = position.first
    faults = engine.problems(position)
    if faults:
        picture = None
        if overlay:
            picture = render_overlay(
                image,
                reading.lattice,
                reading.pairs,
                reading.confidence,
                caption="impossible position: check the cells read",
            )
        seen = engine.format_position(position, with_side=False)
        raise ImpossibleSheetError(
            f"the photo shows an impossible position {seen} (with {side_first} starting): "
            + "; ".join(faults),
            reading,
            picture,
        )
    analysis = engine.analyze(position)
    picture = None
    if overlay:
        ghosts = [m.cells for m in analysis.legal_moves[analysis.to_move]]
        picture = render_overlay(
            image,
            reading.lattice,
            reading.pairs,
            reading.confidence,
            ghosts=ghosts,
            side_to_move=analysis.to_move,
            caption=_caption(analysis),
        )
    return PhotoAnalysis(analysis=analysis, reading=reading, overlay=picture)
