"""Photo in, kingdom out: decode, locate, straighten, grid, read squares, score.

Each stage is a pure function of its own module (:mod:`~vision.kingdomino.locate`,
:mod:`~vision.kingdomino.grid`, :mod:`~vision.kingdomino.classify`); this module
chains them and keeps the intermediate images when ``debug=True``: the same
images make the overlay (:mod:`~vision.kingdomino.overlay`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from referee.kingdomino import Kingdom, Score, Square, score
from vision.decode import downscale, read_image
from vision.kingdomino.classify import (
    SquareModel,
    load_model,
    read_squares,
    small_squares_warning,
    square_probabilities,
)
from vision.kingdomino.evidence import (
    KingdomEvidence,
    NoKingdomError,
    check_kingdom,
    colour_spread,
    coloured_squares,
    grey_contrast,
)
from vision.kingdomino.features import normalise_light
from vision.kingdomino.grid import Grid, find_grid, square_boxes
from vision.kingdomino.locate import (
    Location,
    locate_kingdom,
    outlines_apart,
    pasted_picture,
    refine_corners,
    warp_kingdom,
)

__all__ = [
    "WORK_SIDE",
    "KingdomReading",
    "PhotoScore",
    "cut_squares",
    "find_squares",
    "load_photo",
    "read_kingdom",
    "score_photo",
    "straighten",
]

#: Longest side, in pixels, a photo is brought to when decoding it cannot bound it cheaply
#: (bounded resolution, issue #3); see :func:`load_photo`.
WORK_SIDE = 1600

#: A JPEG is decoded at the most reduced of its fast scales (1/2, 1/4, 1/8: libjpeg's
#: draft mode) whose longer side is still at least this many pixels (0.7 x WORK_SIDE),
#: and not resized further: decoding a 12-megapixel photo small is cheaper than decoding
#: it large and shrinking it, and the squares keep about 100 photo pixels each.
DRAFT_SIDE = 1120

#: A photo still longer than this once decoded (other formats, a JPEG too large for
#: 1/8) is shrunk to WORK_SIDE (area interpolation), so every frame read is at most this.
MOST_SIDE = WORK_SIDE

#: Side, in pixels, of the straightened kingdom view while its grid size is not known.
VIEW_SIDE = 500

#: Side of one square, in pixels, in the view the squares are read from.
SQUARE_PIXELS = 100

#: Side of one square, in pixels, in the views the corners are refined in.
REFINE_PIXELS = 60

#: Squares a side a kingdom may have: 5, or 7 in the Mighty Duel variant (issue #3).
SIZES = (5, 7)

#: Shortest photo side, in pixels, a kingdom is looked for in (5 pixels a square of a
#: 7x7 Mighty Duel kingdom, rounded up): a smaller picture is refused, never "read".
MIN_PHOTO_SIDE = 40

#: An outline less sure than this (:attr:`Location.confidence`) is searched for a second
#: time with a stricter bar for "unlike the table" (:data:`STRICT_THRESHOLD`); see
#: :func:`_second_outline`.  0.88: session 12's bar (docs/kingdomino-vision.md).
UNSURE_OUTLINE = 0.88

#: The ``threshold`` of that second search (table spreads; the first search's is 1.8):
#: a table's banded grain joined to the kingdom's region stays out of it.  Session 12.
STRICT_THRESHOLD = 3.5

#: The second outline is kept only when it lies more than this (a fraction of a side,
#: :func:`~vision.kingdomino.locate.outlines_apart`) from the first one's refined
#: corners, as found and once refined on its own grid: two fifths of a square of a 5x5
#: kingdom and more, where the first outline took in the table (loose copies: 10-67 %
#: of a side off); two outlines nearer than that are put on the same lattice by the
#: refinement, and the first is kept as it was.  Session 13.
LEAST_APART = 0.08

#: ... and only when it is not itself unsure (the bar of the "outline is unsure"
#: warning of :func:`read_kingdom`).
SURE_OUTLINE = 0.5


@dataclass(frozen=True)
class KingdomReading:
    """What was read in a photo.

    Attributes
    ----------
    kingdom : Kingdom
        ``size x size`` squares, row 0 along the tl-tr side.
    confidence : tuple of tuple of float
        0..1 per square, same shape as the kingdom.
    unsure : tuple of tuple of bool
        Per square, same shape: the squares the warnings call unsure
        (:attr:`~vision.kingdomino.classify.SquareReading.unsure`), which the overlay
        and the web page mark for the player to check.
    corners : (4, 2) ndarray of float64
        tl, tr, br, bl as [x, y] pixels of the photo given.
    grid : Grid
        The grid found in the straightened view (``view_side`` pixels a side).
    location : Location
    warnings : tuple of str
        Low-confidence squares, tile-set limits applied, doubtful outline.
    view_side : int
        Side of the straightened view, pixels (``SQUARE_PIXELS`` per square).
    debug : dict of str to ndarray
        Named images (BGR uint8) when asked for: ``"view"`` (straightened kingdom).
    evidence : KingdomEvidence or None
        What showed the photo to be a kingdom (grid confidence, coloured squares).
    """

    kingdom: Kingdom
    confidence: tuple[tuple[float, ...], ...]
    unsure: tuple[tuple[bool, ...], ...]
    corners: np.ndarray
    grid: Grid
    location: Location
    warnings: tuple[str, ...]
    view_side: int = VIEW_SIDE
    debug: dict[str, np.ndarray] = field(default_factory=dict, compare=False)
    evidence: KingdomEvidence | None = field(default=None, compare=False)


def straighten(image: np.ndarray, *, side: int = VIEW_SIDE) -> tuple[np.ndarray, Location]:
    """Locate the kingdom and warp it to a ``side`` x ``side`` top-down view.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
    side : int, keyword-only
        Side of the view, in pixels.

    Returns
    -------
    view : (side, side, 3) ndarray of uint8, BGR
        A new array.
    location : Location
        Corners in pixels of ``image``.

    A picture pasted on a plain canvas (:func:`~vision.kingdomino.locate.pasted_picture`)
    is straightened as the photo it is, its corners given in pixels of ``image``.
    """
    view, location = _placed(image, side=side, view=True)
    if view is None:  # never: the view was asked for
        view = warp_kingdom(image, location.corners, side=side)
    return view, location


def _placed(
    image: np.ndarray, *, side: int, view: bool = False
) -> tuple[np.ndarray | None, Location]:
    """The kingdom's location, and its ``side`` x ``side`` view where finding the
    location made one (a square photo checked as a crop, or ``view``); else None."""
    box = pasted_picture(image)
    if box is not None:
        top, bottom, left, right = box
        found, location = _straighten(image[top:bottom, left:right], side=side, view=view)
        offset = np.array([left, top], dtype=np.float64)
        second = location.second
        if second is not None:
            second = replace(second, corners=second.corners + offset)
        return found, replace(location, corners=location.corners + offset, second=second)
    return _straighten(image, side=side, view=view)


def _straighten(
    image: np.ndarray, *, side: int, view: bool = True
) -> tuple[np.ndarray | None, Location]:
    """:func:`_placed` of a photo that is not a picture on a canvas."""
    rows, cols = image.shape[:2]
    if 0.8 <= rows / cols <= 1.25:
        # A square photo may be a top-down crop of the kingdom: keep whichever view
        # shows the stronger square grid, the crop or the largest region unlike the
        # border.  (The search among other regions is not let loose on a crop: a
        # part of a kingdom cut square may show a strong grid too.)
        location = locate_kingdom(image, table_share=1.0)
        located = warp_kingdom(image, location.corners, side=side)
        whole = np.array([[0, 0], [cols, 0], [cols, rows], [0, rows]], dtype=np.float64)
        crop_view = warp_kingdom(image, whole, side=side)
        area = cv2.contourArea(location.corners.astype(np.float32)) / float(rows * cols)
        if (
            area < 0.05
            or location.confidence < 0.3
            or find_grid(crop_view).strength >= find_grid(located).strength
        ):
            return crop_view, Location(corners=whole, confidence=0.9, cropped=True)
    location = locate_kingdom(
        image, strict_threshold=STRICT_THRESHOLD, unsure_outline=UNSURE_OUTLINE
    )
    return (warp_kingdom(image, location.corners, side=side) if view else None), location


def cut_squares(view: np.ndarray, grid: Grid) -> list[np.ndarray]:
    """The pixels of each square, row-major, each a copy.

    Parameters
    ----------
    view : (rows, cols, 3) ndarray of uint8, BGR
        The straightened kingdom.
    grid : Grid

    Returns
    -------
    list of (h, w, 3) ndarray of uint8
        ``grid.size ** 2`` squares, row 0 first.
    """
    out = []
    for row in square_boxes(grid):
        for top, bottom, left, right in row:
            piece = view[top : max(bottom, top + 2), left : max(right, left + 2)]
            out.append(piece.copy())
    return out


def find_squares(image: np.ndarray) -> tuple[np.ndarray, Location, Grid, KingdomEvidence]:
    """Straighten the kingdom, find its grid, and measure whether it looks like a kingdom.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        A top-down crop of the kingdom, or a photo of it lying on a table; not modified.

    Returns
    -------
    view : (side, side, 3) ndarray of uint8, BGR
        The straightened kingdom, ``SQUARE_PIXELS`` pixels per square.
    location : Location
    grid : Grid
        Found in ``view``.
    evidence : KingdomEvidence
        Grid confidence, squares coloured like terrain, the photo's colour and
        contrast: what
        :func:`~vision.kingdomino.evidence.check_kingdom` decides on.
    """
    found, location = _placed(image, side=VIEW_SIDE)
    view, location, grid = _settled(image, found, location)
    if not location.cropped and location.second is not None:
        view, location, grid = _second_outline(image, (view, location, grid), location.second)
    evidence = KingdomEvidence(
        grid_confidence=grid.confidence,
        coloured=int(coloured_squares(cut_squares(view, grid)).sum()),
        squares=grid.size**2,
        colour_spread=colour_spread(image),
        contrast=grey_contrast(image),
    )
    return view, location, grid, evidence


def _settled(
    image: np.ndarray, found: np.ndarray | None, location: Location
) -> tuple[np.ndarray, Location, Grid]:
    """:func:`find_squares` from an outline: the view the squares are read in, the
    location with its corners refined on the grid (unless a crop), and the grid."""
    if found is None:
        # Not checked as a crop: the size is read in the view a 7x7 kingdom's corners
        # are then refined in (the first round's view and grid when it is 7x7).
        view = warp_kingdom(image, location.corners, side=max(SIZES) * REFINE_PIXELS)
    else:
        view = found
    grid = find_grid(view, sizes=SIZES)
    if not location.cropped:
        # The outline from colours may take in a shadow or lose a corner square: the
        # grid's own lines put the corners right (refine_corners).
        first = (view, grid) if view.shape[0] == grid.size * REFINE_PIXELS else None
        corners, fit = refine_corners(
            image, location.corners, grid.size, square=REFINE_PIXELS, first=first
        )
        if not np.isnan(fit):  # a fit was kept
            location = replace(location, corners=corners)
            view = warp_kingdom(image, corners, side=grid.size * SQUARE_PIXELS)
            grid = find_grid(view, sizes=(grid.size,))
    if grid.size * SQUARE_PIXELS != view.shape[0]:
        # Squares are read at about the size the model was trained on (100 pixels).
        view = warp_kingdom(image, location.corners, side=grid.size * SQUARE_PIXELS)
        grid = find_grid(view, sizes=(grid.size,))
    return view, location, grid


def _second_outline(
    image: np.ndarray, first: tuple[np.ndarray, Location, Grid], other: Location
) -> tuple[np.ndarray, Location, Grid]:
    """The kingdom's outline searched for again with the stricter bar
    (:data:`STRICT_THRESHOLD`: ``other``, :attr:`Location.second` of the first) kept
    instead of ``first`` (its view, location, grid: :func:`_settled`) only when the
    evidence clearly prefers it: the more confident
    outline and not an unsure one (:data:`SURE_OUTLINE`); more than :data:`LEAST_APART`
    of a side from the first's refined corners, as found and once refined on its own
    grid; and a grid found in it at least as confident.  Session 13: on loose copies the
    first search's region took in a table's banded grain (an outline 10-67 % of a side
    out); where the two outlines settle together nothing changes."""
    _, location, grid = first
    if (
        other.confidence <= location.confidence
        or other.confidence < SURE_OUTLINE
        or outlines_apart(location.corners, other.corners) <= LEAST_APART
    ):
        # Less sure, or where the first one's refinement already put it: not refined.
        return first
    second = _settled(image, None, replace(other, second=None))
    if (
        outlines_apart(location.corners, second[1].corners) > LEAST_APART
        and second[2].confidence >= grid.confidence
    ):
        return second
    return first


def read_kingdom(
    image: np.ndarray, *, model: SquareModel | None = None, debug: bool = False
) -> KingdomReading:
    """Read the kingdom in a photo: every square's terrain and crowns, with confidences.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        A top-down crop of the kingdom, or a photo of it lying on a table.
    model : SquareModel or None, keyword-only
        The square classifiers (default: the committed model).
    debug : bool, keyword-only
        Keep the intermediate images in ``debug``.

    Returns
    -------
    KingdomReading
        The image is not modified.

    Raises
    ------
    vision.kingdomino.evidence.NoKingdomError
        If the photo shows no kingdom: no square grid stands out, or too few squares
        are coloured like terrain (:func:`~vision.kingdomino.evidence.check_kingdom`),
        or a side is shorter than :data:`MIN_PHOTO_SIDE` pixels.
    vision.kingdomino.evidence.ColourlessPhotoError
        If the photo has no colour (greyscale): terrains are told apart by colour.
    """
    rows, cols = image.shape[:2]
    if min(rows, cols) < MIN_PHOTO_SIDE:
        raise NoKingdomError(
            f"the photo is {cols}x{rows} pixels: too small to read a kingdom from "
            f"(at least {MIN_PHOTO_SIDE} pixels a side)"
        )
    model = model or load_model()
    view, location, grid, evidence = find_squares(image)
    check_kingdom(evidence)
    squares = cut_squares(view, grid)
    lit = cut_squares(normalise_light(view), grid)
    terrain, crowns = square_probabilities(squares, model, lit=lit, by_terrain=True)
    readings, warnings = read_squares(terrain, crowns, grid.size)
    warnings[:0] = small_squares_warning(location.corners, grid.size)
    if location.confidence < 0.5:
        warnings.insert(0, f"the kingdom's outline is unsure ({location.confidence:.2f})")
    if grid.confidence < 0.5:
        warnings.insert(0, f"the square grid is unsure ({grid.confidence:.2f})")
    kingdom = Kingdom.from_rows([[Square(r.terrain, r.crowns) for r in line] for line in readings])
    confidence = tuple(tuple(r.confidence for r in line) for line in readings)
    unsure = tuple(tuple(r.unsure for r in line) for line in readings)
    images = {"view": view} if debug else {}
    return KingdomReading(
        kingdom=kingdom,
        confidence=confidence,
        unsure=unsure,
        corners=location.corners.copy(),
        grid=grid,
        location=location,
        warnings=tuple(warnings),
        view_side=view.shape[0],
        debug=images,
        evidence=evidence,
    )


@dataclass(frozen=True)
class PhotoScore:
    """A photographed kingdom's score: the engine's :class:`Score` plus what vision adds."""

    result: Score
    reading: KingdomReading
    overlay: np.ndarray | None = field(default=None, compare=False)
    #: Photo pixels per pixel of the frame read (a 4000 px photo read at 1600: 2.5):
    #: :meth:`to_json` gives ``corners`` in the photo's own pixels, as the other readers do.
    photo_scale: float = 1.0

    @property
    def domains(self) -> Any:
        """The scored domains (as :attr:`Score.domains`)."""
        return self.result.domains

    @property
    def score(self) -> int:
        """Points from the domains."""
        return self.result.score

    @property
    def bonuses(self) -> dict[str, int]:
        """``{"middle_kingdom": ..., "harmony": ...}``."""
        return self.result.bonuses

    @property
    def total(self) -> int:
        """Score plus bonuses."""
        return self.result.total

    @property
    def warnings(self) -> tuple[str, ...]:
        """Recognition warnings first, then the engine's."""
        return self.reading.warnings + self.result.warnings

    def to_json(self) -> dict[str, Any]:
        """The score JSON with ``confidence`` and ``unsure`` (the squares the warnings
        call unsure) on each square and ``corners`` (tl, tr, br, bl as [x, y] pixels of
        the photo itself, EXIF orientation applied)."""
        payload = self.result.to_json()
        seen = zip(self.reading.confidence, self.reading.unsure, strict=True)
        for line, (confidences, unsure) in zip(payload["squares"], seen, strict=True):
            for square, value, doubt in zip(line, confidences, unsure, strict=True):
                square["confidence"] = value
                square["unsure"] = doubt
        payload["warnings"] = list(self.warnings)
        payload["corners"] = [
            [round(float(x), 1), round(float(y), 1)]
            for x, y in self.reading.corners * self.photo_scale
        ]
        return payload


def load_photo(path: str | Path) -> np.ndarray:
    """Decode the photo at ``path`` at the resolution the kingdom is read at.

    A JPEG (what phones save) is decoded at its fast reduced scale nearest above
    :data:`DRAFT_SIDE` and used as decoded: a 4000 x 2250 photo at 2000 x 1125, a 4608 x
    3456 one at 1152 x 864, a 1600 x 1200 one as it is.  Anything still longer than
    :data:`MOST_SIDE` is shrunk to :data:`WORK_SIDE` (area interpolation).

    Parameters
    ----------
    path : str or Path
        A JPEG/PNG/... photo.

    Returns
    -------
    (rows, cols, 3) ndarray of uint8
        BGR, EXIF orientation applied, longer side at most :data:`MOST_SIDE` pixels.

    Raises
    ------
    vision.decode.ImageError
        If the file is not a usable image (see :func:`vision.decode.read_image`).
    """
    return working_frame(read_image(path, draft_side=DRAFT_SIDE))


def working_frame(image: np.ndarray) -> np.ndarray:
    """``image`` as the kingdom is read from it: shrunk to :data:`WORK_SIDE` (area
    interpolation) if its longer side is over :data:`MOST_SIDE`, else itself.

    Decode with ``draft_side=DRAFT_SIDE`` first (as :func:`load_photo` does) so the web
    app and the CLI read the same pixels of the same photo.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8
        BGR photo.

    Returns
    -------
    (rows, cols, 3) ndarray of uint8
        BGR, longer side at most :data:`MOST_SIDE` pixels (``image`` itself if already).
    """
    if max(image.shape[:2]) > MOST_SIDE:
        return downscale(image, WORK_SIDE)
    return image


def _own_size(path: str | Path) -> tuple[int, int]:
    """The photo's own (cols, rows) from its header, EXIF orientation applied (an
    unreadable photo was refused by :func:`load_photo` before this is asked)."""
    from PIL import Image

    with Image.open(path) as opened:
        cols, rows = opened.size
        if int(opened.getexif().get(0x0112, 1)) in (5, 6, 7, 8):
            cols, rows = rows, cols
    return cols, rows


def score_photo(
    path: str | Path,
    *,
    middle_kingdom: bool = False,
    harmony: bool = False,
    size: int | None = None,
    overlay: object = None,
    model: SquareModel | None = None,
) -> PhotoScore:
    """Score the kingdom in the photo at ``path`` (the CLI's photo branch).

    Parameters
    ----------
    path : str or Path
        A JPEG/PNG/... photo: a top-down crop or a kingdom on a table.
    middle_kingdom, harmony : bool, keyword-only
        Optional bonuses (``RULINGS.md``), off by default.
    size : int or None, keyword-only
        Score in this frame (5 or 7 squares a side, ``referee.kingdomino.score``'s
        ``size``) instead of the grid read; the overlay's caption shows that score.
    overlay : object, keyword-only
        If truthy (e.g. the path the caller will write to), the annotated photo is
        drawn into :attr:`PhotoScore.overlay` (BGR uint8); nothing is written here.
    model : SquareModel or None, keyword-only
        Square classifiers (default: the committed model).

    Returns
    -------
    PhotoScore

    Raises
    ------
    vision.decode.ImageError
        If the file is not a usable image.
    vision.kingdomino.evidence.NoKingdomError
        If the photo shows no kingdom, or has no colour (see :func:`read_kingdom`), or
        is a strip more than ``WORK_SIDE // MIN_PHOTO_SIDE`` times as long as wide, or
        has a side under ``MIN_PHOTO_SIDE`` pixels (the message names the file).
    """
    from vision.kingdomino.overlay import render_overlay

    image = load_photo(path)
    if min(image.shape[:2]) < MIN_PHOTO_SIDE:
        cols, rows = _own_size(path)
        if max(rows, cols) < WORK_SIDE and min(rows, cols) < MIN_PHOTO_SIDE:
            # The photo's own size, named with the file, as the other readers do.
            raise NoKingdomError(
                f"{path}: the photo is {cols}x{rows} pixels: too small to read a kingdom "
                f"from (at least {MIN_PHOTO_SIDE} pixels a side)"
            )
        if max(rows, cols) > (WORK_SIDE // MIN_PHOTO_SIDE) * min(rows, cols):
            # Brought to WORK_SIDE, a long strip is too narrow: say so, not "NxM pixels
            # as read".
            raise NoKingdomError(
                f"{path}: the photo is too narrow to read a kingdom from: more than "
                f"{WORK_SIDE // MIN_PHOTO_SIDE} times as long as wide"
            )
        image = read_image(path)  # a narrow JPEG drafted too small: read at its own size
    reading = read_kingdom(image, model=model, debug=bool(overlay))
    result = score(reading.kingdom, middle_kingdom=middle_kingdom, harmony=harmony, size=size)
    drawn = render_overlay(image, reading, result) if overlay else None
    cols, rows = _own_size(path)
    scale = max(rows, cols) / max(image.shape[:2])
    return PhotoScore(result=result, reading=reading, overlay=drawn, photo_scale=scale)
