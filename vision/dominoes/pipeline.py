"""Run the whole domino reader on one photo: tiles, pips, total and warnings."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from referee.dominoes import DEFAULT_MAX_PIPS, Tile
from vision.dominoes.balance import white_balanced
from vision.dominoes.dark import LEAST_LIGHT_PIPS, evenly_lit, light_pips_on_dark, negative
from vision.dominoes.find import (
    TUNED_TILE_WIDTH,
    TileCandidate,
    _percentile_u8,
    _search,
    find_play_area,
    shrink,
)
from vision.dominoes.flat import _blank_half_is_face, _plain_halves, _raised
from vision.dominoes.pipfirst import PIP_FIRST_SCORE, pip_first_tiles
from vision.dominoes.read import (
    HalfCount,
    _count_in_ink,
    _cut_column,
    _split_in_ink,
    _tile_ink,
    evened_light,
    rectify_tile,
)
from vision.dominoes.refit import outline_from_pips
from vision.dominoes.reframed import _evened_search, _stretched_search
from vision.dominoes.unsure import unsure_warnings

__all__ = [
    "DECODE_SIDE",
    "DominoReading",
    "TileReading",
    "decode_side",
    "read_dominoes",
    "read_tile",
]

#: A half's box in a rectified crop: first row, first col, rows, cols (pixels).
Box = tuple[int, int, int, int]

#: Below this confidence a tile's reading is flagged for the player to check.
LOW_CONFIDENCE = 0.6

#: Most confidence of a reading whose outline ends across a column of pips: under
#: :data:`LOW_CONFIDENCE`, so a longer outline of the tile wins and a tile read only so
#: is flagged.
CUT_CONFIDENCE = 0.5

#: A tile whose halves' whites (90th percentile of grey) differ by more than this
#: factor lies across a shadow's edge: its crop's light is evened out before reading.
UNEVEN_LIGHT = 1.25

#: Least ink level (0..255) at which a half read blank is counted again at its own level:
#: pale pips in shade stand about 50 above the face, sensor noise under 20.
PALE_PIPS = 30

#: Longest side, pixels, the reader needs of a photo of a double-six (or smaller) set:
#: callers decode a JPEG at the least fast reduced scale still this long
#: (``vision.decode.read_image(path, draft_side=decode_side(max_pips))``; a 12-megapixel
#: photo at half size) and give the corners back in the photo's pixels with
#: :meth:`DominoReading.scaled`.
DECODE_SIDE = 2000


#: On a table as pale as the tiles, the search runs again at these working sizes
#: (pixels, longer side; the first search's is 1280): the pale-table search holds only
#: over a narrow band of tile sizes (measured on crops of the two marble scenes tuned
#: on: a tile filling a crop, or the photo read at 960 pixels, was lost), so tiles
#: larger than that band relative to the photo are found at a smaller size.
PALE_SIDES = (800, 512, 320)

#: On a table as pale as the tiles the search also runs on the photo stretched up and
#: down by these factors: a camera held low sees the table foreshortened from near to
#: far, and a tile lying across the view looks many times as long as it is wide, past
#: the search's 1.6 widths a half (the two marble scenes tuned on, squashed to 0.65 of
#: their height: 3 of 14 tiles read before).
PALE_STRETCHES = (1.5, 2.0)

#: Least confidence of a tile found only by the searches at :data:`PALE_SIDES` (and
#: its reading legal): the smaller sizes see more of the marble's veins as bars.
PALE_SURE = 0.8


def decode_side(max_pips: int) -> int | None:
    """The ``draft_side`` to decode a photo of a double-``max_pips`` set at (pixels).

    :data:`DECODE_SIDE` up to double-six; None (full size) for larger sets, whose halves
    hold up to 12 smaller pips: at half size a 12-pip half seen at a low angle is read
    short (found on the two marble scenes tuned on).
    """
    return DECODE_SIDE if max_pips <= DEFAULT_MAX_PIPS else None


@dataclass(frozen=True)
class TileReading:
    """One tile read from the photo.

    Attributes
    ----------
    pips : tuple of (int, int)
        Pips of the top (standing tile) or left (lying tile) half, then the other.
    corners : (4, 2) ndarray of float64
        tl, tr, br, bl as (x, y) pixels of the photo.
    confidence : float
        0..1, the least of the tile's finding and its two halves' counts.
    legal : bool
        Both halves show a legal pip layout for a set of this size.
    cut : bool
        The outline ends across a column of pips (read short; confidence at most
        :data:`CUT_CONFIDENCE`).
    """

    pips: tuple[int, int]
    corners: np.ndarray
    confidence: float
    legal: bool
    cut: bool = False

    @property
    def tile(self) -> Tile:
        """The tile as :class:`referee.dominoes.Tile`."""
        return Tile(*self.pips)


@dataclass(frozen=True)
class DominoReading:
    """Everything read from one photo.

    Attributes
    ----------
    tiles : tuple of TileReading
        In reading order (top to bottom, then left to right).
    warnings : tuple of str
        Low-confidence or impossible findings, for the player to check.
    debug : dict of str to ndarray
        Named debug images (BGR uint8) when asked for; else empty.
    """

    tiles: tuple[TileReading, ...]
    warnings: tuple[str, ...]
    debug: dict[str, np.ndarray] = field(default_factory=dict)

    @property
    def total(self) -> int:
        """Pips on every tile read (points)."""
        return sum(a + b for a, b in (tile.pips for tile in self.tiles))

    def scaled(self, factor: float) -> DominoReading:
        """The same reading with every corner times ``factor``.

        For a photo decoded at reduced size: ``factor`` is the photo's longer side over
        the decoded image's (pixels per pixel), so the corners are the photo's pixels.
        """
        tiles = tuple(replace(tile, corners=tile.corners * factor) for tile in self.tiles)
        return replace(self, tiles=tiles)

    def to_json(self) -> dict[str, object]:
        """The CLI's JSON object: tiles (pips, corners, confidence), total, warnings."""
        return {
            "tiles": [
                {
                    "pips": [tile.pips[0], tile.pips[1]],
                    "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in tile.corners],
                    "confidence": round(tile.confidence, 3),
                }
                for tile in self.tiles
            ],
            "total": self.total,
            "warnings": list(self.warnings),
        }


def read_tile(
    image: np.ndarray,
    candidate: TileCandidate,
    *,
    max_pips: int = DEFAULT_MAX_PIPS,
    short_side: int = 80,
) -> tuple[TileReading | None, np.ndarray]:
    """Read the pips of one found tile.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        The photo the candidate was found in (not changed).
    candidate : TileCandidate
        From :func:`vision.dominoes.find.find_tiles`.
    max_pips : int, keyword-only
        The set is double-``max_pips`` (6, 9 or 12).
    short_side : int, keyword-only
        Rows of the rectified crop, pixels.

    Returns
    -------
    reading : TileReading or None
        None if the candidate is not a face-up tile (its halves hold marks that
        are not pips, or no divider bar is seen).
    crop : (short_side, 2 * short_side, 3) ndarray of uint8, BGR
        The rectified tile, for debug images.
    """
    crop = rectify_tile(image, candidate.corners, short_side=short_side)
    reading = _read_crop(crop, candidate, max_pips)
    # A tile across a shadow's edge: one half's pips stand out less than the other's,
    # and the tile's one ink level can miss them.  Read also with its light evened out;
    # that reading is kept when it ranks higher, or as high with more pips (a shadow
    # hides pips, it adds none).
    rows, cols = crop.shape[:2]
    grey = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
    whites = [_percentile_u8(grey[:, : cols // 2], 90), _percentile_u8(grey[:, cols // 2 :], 90)]
    if max(whites) > UNEVEN_LIGHT * max(1, min(whites)):
        evened = evened_light(crop, reach=rows // 2)
        again = _read_crop(evened, candidate, max_pips)
        if again is not None and (
            reading is None
            or _rank(again)[:2] > _rank(reading)[:2]
            or (_rank(again)[:2] == _rank(reading)[:2] and sum(again.pips) > sum(reading.pips))
        ):
            return again, evened
    return reading, crop


def _read_crop(crop: np.ndarray, candidate: TileCandidate, max_pips: int) -> TileReading | None:
    """Read one rectified tile (:func:`read_tile` after its crop): None if it is not a
    face-up tile."""
    read = _read_crop_halves(crop, candidate, max_pips)
    return None if read is None else read[0]


def _read_crop_halves(
    crop: np.ndarray, candidate: TileCandidate, max_pips: int
) -> tuple[TileReading, list[HalfCount], tuple[Box, Box], float] | None:
    """:func:`_read_crop`, with what it saw: the two halves' counts, each half's box in
    the crop (first row, first col, rows, cols; pixels) and the bar's middle col."""
    rows, cols = crop.shape[:2]
    # The crop's ink, measured once: for the bar and for the tile's ink level.
    ink = _tile_ink(crop)
    first, last, strength = _split_in_ink(ink)
    if strength < 0.5:
        return None
    rim = max(2, round(rows * 0.07))
    gap = max(1, round(rows * 0.03))
    left = crop[rim : rows - rim, rim : max(rim + 1, first - gap)]
    right = crop[rim : rows - rim, min(cols - rim - 1, last + gap + 1) : cols - rim]
    # The ink level that parts pips from the face on this tile (pips' soft rims merge
    # neighbours at a fixed low level on some sets).
    level, _ = cv2.threshold(ink, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    threshold = int(np.clip(0.5 * level, 50, 120))
    # Each half's own ink, measured once for every level it is counted at.
    inks = (_tile_ink(left), _tile_ink(right))
    halves: list[HalfCount] = [_count_in_ink(ink, ink_threshold=threshold) for ink in inks]
    # Pips that touch at their soft rims (a small or soft photo) come apart at a
    # firmer ink level, where their dark cores stay (on a tile split near its middle).
    if 0.42 * cols <= first and last <= 0.58 * cols:
        firmer = min(200, round(1.5 * threshold))
        halves = [
            again
            if half.pips < 0 and (again := _count_in_ink(part, ink_threshold=firmer)).pips >= 0
            else half
            for half, part in zip(halves, inks, strict=True)
        ]
    # A half of pale pips (the light grey 12 of a double-twelve set) beside a half of
    # dark ones: the tile's level, set by the dark pips, sees it blank, or some of its
    # pips.  A half read blank (in a set with coloured pips, above double-six: any half)
    # is counted again at four lower levels, down to PALE_PIPS (or until its marks run
    # together); the most pips found alike and on a legal layout are taken (a
    # pip in deeper shade shows at a lower level than the rest).
    coloured = max_pips > DEFAULT_MAX_PIPS
    for index, part in enumerate(inks):
        again_too = coloured or halves[index].pips == 0
        for lower in _lower_levels(threshold) if again_too else ():
            again = _count_in_ink(part, ink_threshold=lower)
            if again.pips < 0:
                break  # the half's marks run together: lower levels only join more
            if again.pips > halves[index].pips and again.legal and again.confidence >= 0.8:
                halves[index] = again
    if any(half.pips < 0 for half in halves):
        return None
    pips = (halves[0].pips, halves[1].pips)
    legal = all(half.legal and half.pips <= max_pips for half in halves)
    confidence = min(candidate.score, strength, *(half.confidence for half in halves))
    if not legal:
        confidence = min(confidence, 0.3)
    # An outline that ends across a column of pips reads a smaller legal count: unsure,
    # so a longer outline of the same tile is read and preferred (``_cut_column``).
    ends = (
        (halves[0], (rim, rim, rows - 2 * rim, left.shape[1]), 0),
        (halves[1], (rim, cols - rim - right.shape[1], rows - 2 * rim, right.shape[1]), cols - 1),
    )
    cut = any(
        _cut_column(ink, threshold, half.centres, box=box, outer=outer) for half, box, outer in ends
    )
    if cut:
        confidence = min(confidence, CUT_CONFIDENCE)
    # Above double-six, a bar far off the crop's middle: the outline runs past the tile's
    # end (onto a touching tile's pips) or stops short of it; unsure either way.
    if coloured and abs((first + last) / 2 - cols / 2) > OFF_MIDDLE * cols:
        confidence = min(confidence, OFF_MIDDLE_CONFIDENCE)
    reading = TileReading(pips, candidate.corners, float(confidence), legal, cut)
    return reading, halves, (ends[0][1], ends[1][1]), (first + last) / 2


#: A bar further than this share of the crop's length from its middle makes a reading
#: above double-six unsure (confidence at most OFF_MIDDLE_CONFIDENCE, under PALE_SURE).
OFF_MIDDLE = 0.08
OFF_MIDDLE_CONFIDENCE = 0.75


def _read_candidates(
    image: np.ndarray,
    candidates: list[TileCandidate],
    own_size: int,
    max_pips: int,
    *,
    debug: bool = False,
) -> tuple[list[TileReading], list[np.ndarray]]:
    """Read each candidate (its other outlines in turn); the first ``own_size`` were
    found at the usual working size, the rest at another (kept only when sure).

    A candidate of another size none of whose outlines scored :data:`PALE_SURE` is not
    read (unless ``debug``, for its crop): a reading's confidence is at most its
    outline's score, so it could not be kept.
    """
    readings: list[TileReading] = []
    crops: list[np.ndarray] = []
    for index, candidate in enumerate(candidates):
        if (
            index >= own_size
            and not debug
            and max(outline.score for outline in (candidate, *candidate.others)) < PALE_SURE
        ):
            continue
        reading, crop = read_tile(image, candidate, max_pips=max_pips)
        crops.append(crop)
        source = candidate
        # Found at another size, a tile is kept only when read surely: its other
        # outlines are read on until one is (a low angle's loose first outline).
        other_size = index >= own_size
        for other in candidate.others:
            if (
                reading is not None
                and reading.legal
                and not reading.cut
                and (not other_size or _sure_at_other_size(reading))
            ):
                break
            again, crop = read_tile(image, other, max_pips=max_pips)
            crops.append(crop)
            if again is not None and (reading is None or _rank(again) > _rank(reading)):
                reading, source = again, other
        if reading is not None and not reading.legal and max_pips > DEFAULT_MAX_PIPS:
            # Above double-six, pips on no legal layout: a loose outline (a low angle)
            # puts them off their halves' middles.  Read the tile again on an outline
            # placed on the pips themselves (vision/dominoes/refit.py).
            again = _refitted(image, source, max_pips)
            if again is not None and again.legal and _rank(again) > _rank(reading):
                reading = again
        if reading is not None and candidate.proposed and not _sure_of_print(reading):
            reading = None  # proposed from print alone: only a clean reading shows a tile
        if reading is not None and not candidate.blank_ok and reading.pips == (0, 0):
            reading = None  # a patch of a pale table with a vein across it
        if reading is not None and other_size and not _sure_at_other_size(reading):
            reading = None  # found at a smaller working size only: a sure reading or none
        if reading is not None and 0 in reading.pips and not _raised(image, reading.corners):
            reading = None  # paper (a drawn grid's cells, a letter): no tile's raised face
        if (
            reading is not None
            and reading.pips == (0, 0)
            and not _plain_halves(image, reading.corners)
        ):
            reading = None  # squares of a kingdom or grid, not one tile's two plain halves
        if reading is not None:
            readings.append(reading)
    return readings, crops


def _refitted(image: np.ndarray, candidate: TileCandidate, max_pips: int) -> TileReading | None:
    """The tile read again on outlines placed on its pips' middles
    (:func:`vision.dominoes.refit.outline_from_pips`): the best-ranked reading, None if
    none can be placed or read."""
    crop = rectify_tile(image, candidate.corners)
    seen = _read_crop_halves(crop, candidate, max_pips)
    if seen is None:
        return None
    _, halves, boxes, bar = seen
    pips = tuple(
        np.array([(top + row * rows, left + col * cols) for row, col in half.centres]).reshape(
            -1, 2
        )
        for half, (top, left, rows, cols) in zip(halves, boxes, strict=True)
    )
    best: TileReading | None = None
    for corners in outline_from_pips(candidate.corners, (pips[0], pips[1]), bar=bar):
        outline = TileCandidate(
            corners,
            _short_side(corners),
            _long_side(corners),
            candidate.score,
            proposed=candidate.proposed,
            blank_ok=candidate.blank_ok,
        )
        reading, _ = read_tile(image, outline, max_pips=max_pips)
        if reading is not None and (best is None or _rank(reading) > _rank(best)):
            best = reading
    return best


def _pip_first_tiles_read(
    image: np.ndarray, readings: list[TileReading], max_pips: int
) -> tuple[list[TileReading], list[TileReading]]:
    """Tiles found from their pips (:mod:`vision.dominoes.pipfirst`) where no tile of
    ``readings`` read on legal layouts lies (more than a fifth of either's area shared),
    and the tiles of ``readings`` they read better (to be dropped).

    A reading on no legal layout, or less sure than a pip-first tile can be
    (:data:`PIP_FIRST_SCORE`), leaves its place open: tiles touching end on (a T, a
    tile's body between two ends) join into one face block whose outline reads pips of
    both, while the pips and bar of each show it alone; the sure legal reading found
    here then outranks it (:func:`_without_overlaps`), unless it reads the same pips
    (the less sure reading and its outline then stay) or lies over two tiles read (it
    is then their ends, two halves across the crack between them).  A legal reading that leaves out
    pips the pip-first source saw there also gives way: the pip-first tile read on it
    with one half alike and the other with more pips, no more than the source saw
    (a half read blank or short from a loose outline), replaces it.

    Every outline of a proposal is read and the surest sure reading kept (legal, not
    cut short, confidence >= :data:`PALE_SURE`; no 0-0; a blank half must show a
    raised face of the other half's colour), or, at :data:`LOW_CONFIDENCE` or more, a
    longer outline's reading that explains pips the surest leaves out
    (:func:`_explains_more`); its confidence is capped at
    :data:`PIP_FIRST_SCORE` (found by print, not by face).  Where tiles were read, one
    less than half or more than twice as wide as their median is no tile (two printed
    dots of a face-down tile's logo, a speck and a scratch of a leather table).  Where
    the light is uneven or dim, tiles are then proposed and read on a levelled copy
    (:func:`_levelled`) too, where none was read yet.
    """
    found: list[TileReading] = []
    outdone: list[TileReading] = []
    # A place is taken by a tile read on legal layouts at least as surely as a
    # pip-first tile can be (PIP_FIRST_SCORE); a less sure one (cut short, or an
    # outline joining two touching tiles' faces) is outranked by it anyway.
    legal = [tile for tile in readings if tile.legal and tile.confidence >= PIP_FIRST_SCORE]
    unsure = [tile for tile in readings if tile.legal and tile.confidence < PIP_FIRST_SCORE]
    widths = [_short_side(tile.corners) for tile in readings]
    usual = float(np.median(widths)) if widths else None
    levelled = _levelled(image)
    proposals = [(image, c) for c in pip_first_tiles(image)]
    if levelled is not None:
        proposals += [(levelled, c) for c in pip_first_tiles(levelled)]
    if not any(_sure_at_other_size(tile) for tile in readings):
        # Nothing read surely (session 14): the pips may be small and foreshortened on
        # faces in shade (tiles seen low and turned), which the search above takes
        # whole for ink, its pips' size then misjudged.  They are looked for again as
        # small pips, on a larger copy with a kernel fitted to them.
        proposals += [(image, c) for c in pip_first_tiles(image, small_pips=True)]
    for copy, candidate in proposals:
        standing = [tile for tile in legal if not any(tile is gone for gone in outdone)]
        taken = [*standing, *found]
        if copy is not image and any(_overlap(candidate.corners, tile.corners) for tile in taken):
            continue  # the levelled copy only fills gaps
        # Tiles read with fewer pips than the proposal saw may give way to it.
        seen = sum(candidate.seen) if candidate.seen is not None else 0
        open_to = [tile for tile in standing if sum(tile.pips) < seen]
        held = [tile for tile in taken if not any(tile is other for other in open_to)]
        if all(
            any(_overlap(outline.corners, tile.corners) for tile in held)
            or (usual is not None and not 0.5 * usual <= _short_side(outline.corners) <= 2 * usual)
            for outline in (candidate, *candidate.others)
        ):
            # Whichever outline read best (a reading keeps its outline's corners), it
            # lies on a tile read already or is of another size: dropped below.
            continue
        read: list[tuple[TileReading, TileCandidate]] = []
        for outline in (candidate, *candidate.others):
            reading, _ = read_tile(copy, outline, max_pips=max_pips)
            if reading is not None and _sure_of_pips(copy, reading, least=LOW_CONFIDENCE):
                read.append((reading, outline))
        best = _chosen(read)
        if best is None or (
            usual is not None and not 0.5 * usual <= _short_side(best.corners) <= 2 * usual
        ):
            continue  # no sure reading, or a tile of another size than those read
        if any(_overlap(best.corners, tile.corners) for tile in held):
            continue
        under = [tile for tile in unsure if _overlap(best.corners, tile.corners)]
        if any(sorted(tile.pips) == sorted(best.pips) for tile in under):
            continue  # the same tile read alike, less surely: the face's outline stays
        beaten = [tile for tile in open_to if _overlap(best.corners, tile.corners)]
        if _over_two(under + beaten):
            continue  # over two tiles read: their ends (a crack taken for a bar), no tile
        if any(not _one_half_more(best, tile) or sum(best.pips) > seen for tile in beaten):
            continue
        outdone += beaten
        found.append(replace(best, confidence=min(best.confidence, PIP_FIRST_SCORE)))
    return found, outdone


def _levelled(image: np.ndarray) -> np.ndarray | None:
    """``image`` with its light levelled, for the pip-first source (a dark exposure, a
    shadow over part of the table: the pips' and bars' ink falls under its levels).

    Each pixel is scaled by :data:`LEVEL_WHITE` over its local white (the palest grey
    within :data:`LEVEL_REACH` of the longer side, smoothed over as much; measured on a
    640-pixel copy), the gain kept within 1-3 (brightened only).

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        Not changed.

    Returns
    -------
    (rows, cols, 3) ndarray of uint8, BGR, or None
        A new array; None when the light is bright all over already (every local white
        at least 0.9 times :data:`LEVEL_WHITE`).
    """
    small = shrink(image, 640)
    grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    side = max(3, round(LEVEL_REACH * max(grey.shape))) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (side, side))
    white = cv2.blur(cv2.dilate(grey, kernel).astype(np.float32), (side, side))
    if float(white.min()) >= 0.9 * LEVEL_WHITE:
        return None
    small_gain = np.clip(LEVEL_WHITE / np.maximum(white, 16.0), 1.0, 3.0)
    rows, cols = image.shape[:2]
    gain = cv2.resize(small_gain, (cols, rows), interpolation=cv2.INTER_LINEAR)
    # The float32 product rounded half to even and saturated to uint8, as
    # ``np.clip(np.rint(image * gain), 0, 255)`` would, in OpenCV's calls (a tenth of the
    # time on a 12-megapixel photo; the product is never negative, so the absolute
    # value changes nothing).
    # Worked in strips of rows: no photo-sized float copy to allocate.
    levelled = np.empty_like(image)
    for top in range(0, rows, LEVEL_STRIP):
        strip = gain[top : top + LEVEL_STRIP]
        product = cv2.multiply(
            image[top : top + LEVEL_STRIP], cv2.merge([strip, strip, strip]), dtype=cv2.CV_32F
        )
        levelled[top : top + LEVEL_STRIP] = cv2.convertScaleAbs(product)
    return levelled


#: The levelled copy's white (grey code) and its light's reach (share of the longer side).
LEVEL_WHITE = 230.0
LEVEL_REACH = 0.12

#: Rows of the photo levelled at a time (:func:`_levelled`).
LEVEL_STRIP = 128


def _short_side(corners: np.ndarray) -> float:
    """The shorter of an outline's two side lengths (tl-tr, tl-bl), pixels."""
    return min(
        float(np.linalg.norm(corners[1] - corners[0])),
        float(np.linalg.norm(corners[3] - corners[0])),
    )


def _over_two(readings: list[TileReading]) -> bool:
    """Whether ``readings`` (each under one outline) hold two that do not overlap (two
    tiles, not two outlines of one)."""
    return any(
        not _overlap(first.corners, second.corners)
        for index, first in enumerate(readings)
        for second in readings[index + 1 :]
    )


def _chosen(read: list[tuple[TileReading, TileCandidate]]) -> TileReading | None:
    """The reading to keep of a pip-first proposal's outlines' readings (each legal, not
    cut short, at :data:`LOW_CONFIDENCE` or more; with the outline read): the surest at
    :data:`PALE_SURE` or more, unless a longer outline's reading explains pips it leaves
    out (:func:`_explains_more`; the one with most pips, then the surest).  None if no
    reading is that sure.

    A shorter outline ending across a half's far pips reads a smaller legal count, as
    surely, when the cut is not seen (a 4-9's 4 read as a 2, its far row past the
    outline's end); the longer outline's reading of the same half counts them.
    """
    sure = [reading for reading, _ in read if reading.confidence >= PALE_SURE]
    best = max(sure, key=lambda tile: tile.confidence, default=None)
    if best is None:
        return None
    explaining = [
        reading
        for reading, outline in read
        if reading.confidence < PALE_SURE and _explains_more(reading, best, outline)
    ]
    return max(explaining, key=lambda tile: (sum(tile.pips), tile.confidence), default=best)


def _explains_more(tile: TileReading, other: TileReading, outline: TileCandidate) -> bool:
    """Whether ``tile``, read on ``outline`` (a pip-first proposal's), reads the same
    tile as ``other`` from a longer outline, one half alike and the other with more
    pips, and no more pips in all than the proposal saw on its halves
    (:attr:`TileCandidate.seen`): the pips ``other`` leaves out are the tile's."""
    if outline.seen is None or sum(tile.pips) > sum(outline.seen):
        return False
    return _long_side(tile.corners) > _long_side(other.corners) and _one_half_more(tile, other)


def _sure_of_pips(image: np.ndarray, reading: TileReading, *, least: float = PALE_SURE) -> bool:
    """Whether a reading of a tile proposed from its pips shows a tile surely (legal,
    not cut short, confidence ``least`` or more, ...)."""
    if not reading.legal or reading.cut or reading.confidence < least:
        return False
    if reading.pips == (0, 0):
        return False
    if 0 in reading.pips:
        blank_first = reading.pips[0] == 0
        return _raised(image, reading.corners) and _blank_half_is_face(
            image, reading.corners, blank_first=blank_first
        )
    return True


def _overlap(first: np.ndarray, second: np.ndarray, *, most: float = 0.2) -> bool:
    """Whether two outlines (tl, tr, br, bl; x, y) share more than ``most`` of either's
    area."""
    a, b = first.astype(np.float32), second.astype(np.float32)
    shared, _ = cv2.intersectConvexConvex(a, b)
    return bool(shared > most * min(cv2.contourArea(a), cv2.contourArea(b)))


def _rank(reading: TileReading) -> tuple[bool, bool, float]:
    """Which of a tile's outlines' readings to keep: legal and not cut short first,
    then legal, then the surest."""
    return (reading.legal and not reading.cut, reading.legal, reading.confidence)


def _lower_levels(level: int) -> list[int]:
    """Ink levels below ``level`` to count a half's pips again at: 85, 70, 55 and 40 %
    of it, none under :data:`PALE_PIPS` (each once, highest first)."""
    found: list[int] = []
    for share in (0.85, 0.7, 0.55, 0.4):
        lower = max(PALE_PIPS, round(share * level))
        if lower < level and lower not in found:
            found.append(lower)
    return found


def read_dominoes(
    image: np.ndarray, *, max_pips: int = DEFAULT_MAX_PIPS, debug: bool = False
) -> DominoReading:
    """Find every face-up tile in a photo and read its pips.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        The photo, EXIF orientation applied (see :func:`vision.decode.read_image`); not
        changed.
    max_pips : int, keyword-only
        The set is double-``max_pips``: 6 (default), 9 or 12.
    debug : bool, keyword-only
        Also return named debug images: ``"search"`` (the working copy with the tile
        faces, ink, bars in green, cracks in red and the tiles found outlined) and
        ``"tiles"`` (every rectified tile, stacked).

    Returns
    -------
    DominoReading
        Tiles, total and warnings.  Warnings name each tile read with low confidence,
        each count no legal pip layout gives, a half above the set's largest, and (in a
        double-six or smaller set) the same tile seen twice.

    Raises
    ------
    ValueError
        If ``image`` is not a (rows, cols, 3) uint8 array or ``max_pips`` is not 0-18.

    Black tiles with white pips (session 11): when no tile is read surely (legal,
    confidence >= 0.8) and the photo shows light pips inside dark patches
    (:func:`~vision.dominoes.dark.light_pips_on_dark`), its negative is read too, as it
    is and with grooves darkened (:func:`~vision.dominoes.dark.negative`), a shadow
    across the table lifted first (:func:`~vision.dominoes.dark.evenly_lit`); the one
    reading more tiles surely (then more at least :data:`LOW_CONFIDENCE`, flagged) is
    kept (corners are the same pixels; debug images are then the negative's).
    """
    if image.ndim != 3 or image.shape[2] != 3 or image.dtype != np.uint8:
        raise ValueError(
            f"image must be (rows, cols, 3) uint8 BGR, got {image.shape} {image.dtype}"
        )
    if not 0 <= max_pips <= 18:
        raise ValueError(f"a set is double-0 to double-18, got double-{max_pips}")
    reading = _read_photo(image, max_pips=max_pips, debug=debug)
    sure = sum(_sure_at_other_size(tile) for tile in reading.tiles)
    if sure > 0:
        return reading
    pips = light_pips_on_dark(image)
    if pips.count < LEAST_LIGHT_PIPS:
        return reading
    # Black tiles: their negative as it is (a bar painted like the pips), then with
    # the grooves darkened (a bar cut as a groove); the one with more tiles read surely,
    # then more read legally at LOW_CONFIDENCE or more (touching tiles often read so),
    # then fewer others, is kept, the plain negative on a tie.  The photo's own reading
    # counts its sure tiles only (as before the second round).  A shadow across the
    # table is lifted first (the pips in it are grey, its faces darker).
    best, best_key = reading, (sure, 0, 0)
    lit = evenly_lit(image, pip_size=pips.size, face=pips.face)
    pips = again if (again := light_pips_on_dark(lit)).count else pips
    for flipped in (negative(lit), negative(lit, face=pips.face, pip_size=pips.size)):
        dark = _read_photo(flipped, max_pips=max_pips, debug=debug)
        key = _dark_key(dark)
        if key > best_key:
            best, best_key = dark, key
    return best


def _dark_key(reading: DominoReading) -> tuple[int, int, int]:
    """How well a negative reads: tiles read surely, then tiles read legally with
    confidence :data:`LOW_CONFIDENCE` or more (unsure, flagged in the warnings), then
    fewer others."""
    sure = sum(_sure_at_other_size(tile) for tile in reading.tiles)
    fair = sum(tile.legal and tile.confidence >= LOW_CONFIDENCE for tile in reading.tiles)
    return sure, fair - sure, -(len(reading.tiles) - fair)


def _read_photo(
    image: np.ndarray, *, max_pips: int, debug: bool, look_for_board: bool = True
) -> DominoReading:
    """:func:`read_dominoes` on the photo as it is (pale tiles, dark pips); with
    ``look_for_board`` False no play area is looked for (the photo is read as a table's)."""
    photo = image
    # A colour cast (warm indoor light) is undone first: faces and ink are judged by
    # colour against the photo's white (vision/dominoes/balance.py).
    image = white_balanced(image)
    area = find_play_area(image) if look_for_board else None
    images: dict[str, np.ndarray] = {}
    # The readings, when already made (a board, or a photo whose table is not pale).
    done: tuple[list[TileReading], list[np.ndarray]] | None = None
    if area is not None:
        candidates, images, board = _board_candidates(image, area, debug=debug)
        own_size = len(candidates)
        done = _read_candidates(image, candidates, own_size, max_pips)
        if not any(_sure_at_other_size(reading) for reading in done[0]) and not _has_grid(
            board, cell=TUNED_TILE_WIDTH
        ):
            # A square patch of one colour with no printed grid and no tile read surely
            # on it is no board: a photo of a hand on felt or wood pasted on a larger
            # plain canvas, a tray or a mat.  Read the photo as it is.
            area, done, images = None, None, {}
    if area is None:
        candidates, images, pale = _search(image, debug=debug)
        if not pale:
            done = _read_candidates(image, candidates, len(candidates), max_pips)
            if not any(_sure_at_other_size(reading) for reading in done[0]):
                # Nothing read surely: the table may be as pale as the tiles after all,
                # its palest colour covering under a third of a photo with much else in
                # it (a dark room behind a table seen at a low angle), and a stray
                # stroke found.
                done = None
                candidates, images, pale = _search(image, debug=debug, pale=True)
        own_size = len(candidates)  # those found at the usual working size
        if pale:
            for side in PALE_SIDES:
                more, _, _ = _search(image, work_side=side, pale=True)
                candidates += more
            for stretch in PALE_STRETCHES:
                candidates += _stretched_search(image, stretch)
            candidates += _evened_search(image)
    readings, crops = (
        done
        if done is not None
        else _read_candidates(image, candidates, own_size, max_pips, debug=debug)
    )
    if area is None and pale:
        # The tiles' own size: search again where they are as wide as tuned for.
        own_side = _tile_side(image, readings, max_pips=max_pips)
        if own_side is not None:
            more, _, _ = _search(image, work_side=own_side, enlarge=True, pale=True)
            again, more_crops = _read_candidates(image, more, 0, max_pips, debug=debug)
            readings += again
            crops += more_crops
    if area is None and max_pips > DEFAULT_MAX_PIPS:
        # Tiles the searches above left unread, found from their pips (coloured sets).
        found, outdone = _pip_first_tiles_read(image, readings, max_pips)
        readings = [tile for tile in readings if not any(tile is gone for gone in outdone)]
        readings += found
    if area is not None and not any(_sure_at_other_size(tile) for tile in readings):
        # Session 13: a board kept by its printed grid alone (nothing read surely on it:
        # an empty board, or a gridded mat or another game's board beside the tiles)
        # does not empty the photo: the photo is read as a table's too, and the tiles
        # read surely well beyond the board's printed border are kept.
        readings += _tiles_off_board(photo, area, max_pips)
    readings = _without_overlaps(readings, longer_wins=max_pips > DEFAULT_MAX_PIPS)
    readings = _in_reading_order(readings)
    # A tile cut by the frame is outlined past the photo's edge: its corners are clamped
    # to the photo (the JSON's pixels are the photo's) and the tile flagged.
    rows, cols = image.shape[:2]
    cut = [_off_photo(tile.corners, rows=rows, cols=cols) for tile in readings]
    limit = np.array([cols - 1, rows - 1], dtype=np.float64)
    readings = [replace(tile, corners=np.clip(tile.corners, 0.0, limit)) for tile in readings]
    warnings = _warnings(readings, max_pips, cut)
    warnings += unsure_warnings(
        image,
        [tile.corners for tile in readings],
        [tile.confidence for tile in readings],
        low_confidence=LOW_CONFIDENCE,
    )
    if debug and crops:
        images["tiles"] = np.vstack(crops)
    return DominoReading(tuple(readings), tuple(warnings), images)


#: Tile width (short side, working pixels) the pale-table search was tuned at: the two
#: marble scenes tuned on, at 1280 pixels, show tiles 80-110 pixels wide.
TUNED_PALE_WIDTH = 95.0

#: Longest working side (pixels) the search at the tiles' own size may use.
MOST_SIDE = 2560


def _tile_side(
    image: np.ndarray, readings: list[TileReading], *, max_pips: int = DEFAULT_MAX_PIPS
) -> int | None:
    """The working size (longer side, pixels) at which the tiles read surely are
    :data:`TUNED_PALE_WIDTH` wide, when it is larger than every size searched already by
    more than a fifth (small tiles: up to :data:`MOST_SIDE`, enlarging a small photo up
    to twice); also when nothing was read at all (the largest such size, the photo not
    enlarged), and, above double-six, when nothing was read surely (session 12: a table
    seen so low that every tile is small and foreshortened gave a few unsure readings of
    its veins, and those kept the search at the tiles' size from running: 0 of 7 tiles
    read).  None if no further search is needed."""
    longest = max(image.shape[:2])
    most = min(MOST_SIDE, 2 * longest)
    sure = [tile for tile in readings if _sure_at_other_size(tile)]
    if sure:
        widths = [
            min(
                float(np.linalg.norm(tile.corners[1] - tile.corners[0])),
                float(np.linalg.norm(tile.corners[3] - tile.corners[0])),
            )
            for tile in sure
        ]
        side = min(most, round(longest * TUNED_PALE_WIDTH / float(np.median(widths))))
    elif readings and max_pips <= DEFAULT_MAX_PIPS:
        return None
    else:
        side = min(MOST_SIDE, longest)  # not enlarged: no tile seen to be small
    return side if side > 1.2 * 1280 else None


#: Width of a board's printed border (the pictures of dominoes round its play area), in
#: the play area's cells: ``board-d6`` game 1's board shows 3.3-3.4; a tile off the
#: board counts when every corner lies further than this from the play area.
BOARD_BORDER = 4.5


def _tiles_off_board(
    photo: np.ndarray, area: np.ndarray, max_pips: int, *, cells: int = 15
) -> list[TileReading]:
    """The tiles read surely (:func:`_sure_at_other_size`) in ``photo`` read as a
    table's (no play area), every corner further than :data:`BOARD_BORDER` cells of the
    play area ``area`` ((4, 2) corners, (x, y) pixels) from it: the tiles on the table
    beside a board.  Empty, without reading, when no tile fits there.

    Session 13: a play area made the whole photo a board and dropped every tile off it;
    a game board or a gridded mat lying beside the tiles then emptied the photo.
    """
    sides = np.linalg.norm(area - np.roll(area, -1, axis=0), axis=1)
    reach = BOARD_BORDER * float(sides.mean()) / cells
    rows, cols = photo.shape[:2]
    outline = area.astype(np.float32).reshape(-1, 1, 2)
    room = np.ones((rows, cols), dtype=np.uint8)
    hull = cv2.convexHull(outline).astype(np.int32)
    cv2.fillConvexPoly(room, hull, 0)
    cv2.polylines(room, [hull], True, 0, thickness=max(1, round(2 * reach)))
    # Room for a tile beyond the border: a free square a cell wide (a tile on the board
    # is a cell wide; one off it, nearer the camera, seldom narrower).
    width = max(1, round(float(sides.mean()) / cells))
    if not cv2.erode(room, np.ones((width, width), np.uint8)).any():
        return []
    table = _read_photo(photo, max_pips=max_pips, debug=False, look_for_board=False)
    kept = []
    for tile in table.tiles:
        if not _sure_at_other_size(tile):
            continue
        outside = [
            -cv2.pointPolygonTest(outline, (float(x), float(y)), True) > reach
            for x, y in tile.corners
        ]
        if all(outside):
            kept.append(tile)
    return kept


def _sure_at_other_size(reading: TileReading) -> bool:
    """A tile found only by a search at one of :data:`PALE_SIDES` is kept only when read
    on legal layouts with confidence :data:`PALE_SURE` or more."""
    return reading.legal and reading.confidence >= PALE_SURE


def _sure_of_print(reading: TileReading) -> bool:
    """A tile proposed from its print alone is kept only with pips on both halves, on
    legal layouts (veins and specks of a marble seldom make both)."""
    return reading.legal and min(reading.pips) >= 1


def _board_candidates(
    image: np.ndarray, area: np.ndarray, *, debug: bool = False
) -> tuple[list[TileCandidate], dict[str, np.ndarray], np.ndarray]:
    """The tiles found on a printed board's play area (corners in ``image``'s pixels),
    the search's debug images, and the play area warped to a square (BGR uint8, 17 x 17
    cells of :data:`TUNED_TILE_WIDTH` pixels: the 15 x 15 cells and one cell's margin).

    Tiles lie square to the board's grid, a cell per half: the play area is turned to a
    square, where a tile is 1 x 2 cells, warped straight to the search's working size
    whatever the photo's resolution; the margin keeps the tiles that overhang the play
    area's edge whole.  Only tiles whose centre lies on the play area count.
    """
    cells, cell = 15, TUNED_TILE_WIDTH
    low, high = cell, cell * (cells + 1)
    square = np.array([[low, low], [high, low], [high, high], [low, high]], dtype=np.float32)
    size = round(cell * (cells + 2))
    source, to_source = _board_source(image, area, cell=cell, cells=cells)
    matrix = cv2.getPerspectiveTransform(
        cv2.perspectiveTransform(area.reshape(1, 4, 2), to_source).reshape(4, 2).astype(np.float32),
        square,
    )
    board = cv2.warpPerspective(source, matrix, (size, size))
    matrix = matrix @ to_source  # photo pixels to the square's
    found, images, _ = _search(
        board, work_side=size, tile_width=cell, debug=debug, ink_threshold=80
    )
    back = np.linalg.inv(matrix)
    candidates = [
        TileCandidate(
            cv2.perspectiveTransform(tile.corners.reshape(1, 4, 2), back).reshape(4, 2),
            tile.width,
            tile.length,
            tile.score,
        )
        for tile in found
    ]
    candidates = [tile for tile in candidates if _inside(area, tile.corners.mean(axis=0))]
    return candidates, images, board


#: A board's printed grid: the dark lines' mean strength (black-hat of lightness) where
#: the grid's lines should be, over that half a cell away, on both axes.  Measured on the
#: six boards of ``board-d6``: 3.2-4.9; a hand's felt or wood table: 0.96-1.24.
GRID_CONTRAST = 2.0


def _has_grid(board: np.ndarray, *, cell: float, cells: int = 15) -> bool:
    """Whether a play area warped to a square (:func:`_board_candidates`) shows the
    printed grid of ``cells`` x ``cells`` cells of ``cell`` pixels (one cell's margin
    all round).

    The dark thin lines (black-hat of lightness, 7 x 7) are averaged down and across
    the play area; the strongest average within an eighth of a cell of each grid line
    is compared with the same half a cell away, medians over the lines: more than
    :data:`GRID_CONTRAST` times on both axes is a grid.  A plain patch of felt, wood or
    cloth has no lines at the cells' pitch.
    """
    lightness = cv2.cvtColor(board, cv2.COLOR_BGR2LAB)[:, :, 0]
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7))
    dark = cv2.morphologyEx(lightness, cv2.MORPH_BLACKHAT, kernel).astype(np.float32)
    low, high = round(cell), round(cell * (cells + 1))
    inside = dark[low:high, low:high]
    reach = max(1, round(0.12 * cell))

    def strongest(profile: np.ndarray, at: float) -> float:
        centre = round(at)
        return float(profile[max(0, centre - reach) : centre + reach + 1].max())

    for profile in (inside.mean(axis=0), inside.mean(axis=1)):
        lines = np.median([strongest(profile, i * cell) for i in range(cells + 1)])
        between = np.median([strongest(profile, (i + 0.5) * cell) for i in range(cells)])
        if lines <= GRID_CONTRAST * max(float(between), 0.5):
            return False
    return True


def _board_source(
    image: np.ndarray, area: np.ndarray, *, cell: float, cells: int
) -> tuple[np.ndarray, np.ndarray]:
    """The part of ``image`` the board is warped from, and the (3, 3) map to its pixels.

    When the photo's cells are larger than ``cell`` pixels (a full-size 12-megapixel
    photo), the play area and a margin around it are first shrunk by area so that a cell
    is ``cell`` pixels: the warp then samples about one pixel per pixel, not a thinned
    out and aliased selection of them, and the board looks as at any other resolution.
    """
    sides = np.linalg.norm(area - np.roll(area, -1, axis=0), axis=1)
    measured = float(sides.mean()) / cells
    if measured <= 1.05 * cell:
        return image, np.eye(3)
    rows, cols = image.shape[:2]
    margin = 1.5 * measured
    x0, y0 = np.clip(np.floor(area.min(axis=0) - margin), 0, None).astype(int)
    x1 = min(cols, int(np.ceil(area[:, 0].max() + margin)))
    y1 = min(rows, int(np.ceil(area[:, 1].max() + margin)))
    factor = cell / measured
    size = (max(1, round((x1 - x0) * factor)), max(1, round((y1 - y0) * factor)))  # (x, y)
    source = cv2.resize(image[y0:y1, x0:x1], size, interpolation=cv2.INTER_AREA)
    fx, fy = size[0] / (x1 - x0), size[1] / (y1 - y0)
    to_source = np.array([[fx, 0.0, -x0 * fx], [0.0, fy, -y0 * fy], [0.0, 0.0, 1.0]])
    return source, to_source


def _in_reading_order(readings: list[TileReading]) -> list[TileReading]:
    """Top to bottom in rows about a tile's width high, then left to right."""
    if not readings:
        return []
    widths = [
        min(
            float(np.linalg.norm(t.corners[1] - t.corners[0])),
            float(np.linalg.norm(t.corners[3] - t.corners[0])),
        )
        for t in readings
    ]
    row = max(1.0, float(np.median(widths)))
    return sorted(
        readings,
        key=lambda t: (int(t.corners[:, 1].mean() // row), float(t.corners[:, 0].mean())),
    )


def _without_overlaps(
    readings: list[TileReading], *, most: float = 0.2, longer_wins: bool = False
) -> list[TileReading]:
    """Keep the surest of tiles that overlap (real tiles lie side by side, never on top).

    ``longer_wins`` (sets above double-six): a reading nearly as sure
    (:data:`AS_SURE`) from a longer outline of the same tile, one half alike and the other
    showing more pips, replaces the surer one (an outline that stops short of the tile's
    end reads a smaller legal count of a double-twelve half, and is not always seen to
    end across a row of pips)."""

    kept: list[TileReading] = []
    for tile in sorted(readings, key=lambda tile: (tile.legal, tile.confidence), reverse=True):
        polygon = tile.corners.astype(np.float32)
        area = float(cv2.contourArea(polygon))
        clash = None
        for index, other in enumerate(kept):
            shared, _ = cv2.intersectConvexConvex(polygon, other.corners.astype(np.float32))
            if shared > most * area:
                clash = index
                break
        if clash is None:
            kept.append(tile)
        elif longer_wins and _longer_and_more(tile, kept[clash]):
            kept[clash] = tile
    return kept


#: How much less sure a longer outline's reading may be and still replace a shorter one's.
AS_SURE = 0.05


def _longer_and_more(tile: TileReading, other: TileReading) -> bool:
    """Whether ``tile`` reads the same tile as ``other`` from a longer outline, nearly as
    surely, one half alike and the other with more pips."""
    if not tile.legal or tile.cut or tile.confidence < other.confidence - AS_SURE:
        return False
    if _long_side(tile.corners) <= _long_side(other.corners):
        return False
    return _one_half_more(tile, other)


def _one_half_more(tile: TileReading, other: TileReading) -> bool:
    """Whether ``tile`` and ``other`` read one half alike and ``tile`` the other half
    with more pips."""
    shared = set(tile.pips) & set(other.pips)
    if not shared:
        return False
    value = shared.pop()
    rest = list(tile.pips)
    rest.remove(value)
    others = list(other.pips)
    others.remove(value)
    return rest[0] > others[0]


def _long_side(corners: np.ndarray) -> float:
    """The longer of an outline's two side lengths (tl-tr, tl-bl), pixels."""
    return max(
        float(np.linalg.norm(corners[1] - corners[0])),
        float(np.linalg.norm(corners[3] - corners[0])),
    )


def _inside(area: np.ndarray, point: np.ndarray) -> bool:
    return (
        cv2.pointPolygonTest(area.astype(np.float32), (float(point[0]), float(point[1])), False)
        >= 0
    )


#: Share of a tile's width its outline may reach past the photo's edge unflagged: the
#: pips lie further in than that (a tile's rim and the outline's margin).
OFF_PHOTO = 0.1


def _off_photo(corners: np.ndarray, *, rows: int, cols: int) -> bool:
    """Whether a tile's outline (tl, tr, br, bl; x, y pixels) reaches more than
    :data:`OFF_PHOTO` of its width past the edge of a photo of ``rows`` x ``cols``
    pixels: the tile is cut by the frame and its pips may be too."""
    width = min(
        float(np.linalg.norm(corners[1] - corners[0])),
        float(np.linalg.norm(corners[3] - corners[0])),
    )
    reach = OFF_PHOTO * width
    return bool(
        (corners < -reach).any()
        or (corners[:, 0] > cols - 1 + reach).any()
        or (corners[:, 1] > rows - 1 + reach).any()
    )


def _warnings(readings: list[TileReading], max_pips: int, cut: list[bool]) -> list[str]:
    found: list[str] = []
    for number, (tile, off) in enumerate(zip(readings, cut, strict=True), start=1):
        a, b = tile.pips
        name = f"tile {number} ({a}-{b})"
        if off:
            found.append(
                f"{name}: cut by the photo's edge (outline clamped to the photo); check this tile"
            )
        if max(a, b) > max_pips:
            found.append(
                f"{name}: a half shows more than {max_pips} pips, not in a double-{max_pips} set"
            )
        elif not tile.legal:
            found.append(f"{name}: the pips fit no legal pip layout; check this tile")
        elif tile.confidence < LOW_CONFIDENCE:
            found.append(
                f"{name}: read with low confidence ({tile.confidence:.2f}); check this tile"
            )
    if max_pips <= DEFAULT_MAX_PIPS:
        seen = Counter(reading.tile for reading in readings if max(reading.pips) <= max_pips)
        for same, times in sorted(seen.items()):
            if times > 1:
                found.append(
                    f"tile {same} seen {times} times: a double-{max_pips} set has only one"
                )
    return found
