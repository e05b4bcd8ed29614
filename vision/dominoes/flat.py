"""Is a reading a tile's raised face, or a patch of something flat?

A reading with a blank half shows no pip to prove a tile there: two cells of a grid
drawn on paper read as a 0-0, the paper round a written letter as a 0-1 or 0-2, two
squares of a kingdom as a 0-0.  These checks look at the photo round and inside the
outline (:func:`vision.dominoes.pipeline.read_dominoes` applies them).
"""

from __future__ import annotations

import cv2
import numpy as np

__all__: list[str] = []


#: Share of the ring round a tile (past its edge, ink left out) that may have the tile
#: face's own colour: more, and the "tile" is a patch of a flat sheet (paper), not a tile.
FLAT_SHARE = 0.8


def _raised(image: np.ndarray, corners: np.ndarray) -> bool:
    """Does the tile outlined by ``corners`` (tl, tr, br, bl; x, y pixels of ``image``)
    stand out from what lies round it, as a tile's raised face does?

    A blank half shows no pips to prove a tile: two cells of a grid drawn on paper, or
    the paper round a written letter, read as a tile with a blank half.  Round a real
    tile lies the table (another colour), its shadow or its side; round a patch of paper
    lies more of the same paper.  The ring from 1.15 to 1.45 times the outline (about
    its centre) is compared with the face inside (0.7 times the outline), ink left out
    of both: more than :data:`FLAT_SHARE` of the ring within 14 L codes and 10 in
    |a| + |b| of the face's colour (the median of the inside's palest quarter) is a flat
    sheet, no tile.  Tiles touching on
    their sides leave the ring's ends and the other sides to the table.
    """
    lab, ink, local = _lab_window(image, corners)
    light = lab[:, :, 0]
    middle = local.mean(axis=0)

    def polygon(grow: float) -> np.ndarray:
        mask = np.zeros(light.shape, dtype=np.uint8)
        points = np.rint(middle + grow * (local - middle)).astype(np.int32)
        cv2.fillConvexPoly(mask, points, 1)
        return mask > 0

    inside = polygon(0.7) & ~ink
    ring = polygon(1.45) & ~polygon(1.15) & ~ink
    if inside.sum() < 10 or ring.sum() < 10:
        return True  # too little to tell (a tile at the photo's edge): not refused
    # The face's colour: the paler part of the inside (pips and print are darker).
    values = lab[inside]
    face = np.median(values[values[:, 0] >= np.percentile(values[:, 0], 75)], axis=0)
    off = np.abs(lab[ring] - face)
    alike = (off[:, 0] <= 14) & (off[:, 1] + off[:, 2] <= 10)
    return float(alike.mean()) <= FLAT_SHARE


#: Least share of a blank half of a 0-0 (inside 0.7 times the half, ink left out) that
#: has the half's face colour.  Real double-blanks of the data photos and samples (also
#: greyscale): 0.999 or more; squares of the greyscale kingdom samples: two mottled
#: field squares 0.90-0.94, an outline over squares, table and a dark square 0.52-0.63.
PLAIN_SHARE = 0.97


def _halves(local: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The two halves of the tile outlined by ``local`` (tl, tr, br, bl; x, y pixels), split
    across its long sides' middles: left and right of a lying tile, top and bottom of a
    standing one; each (4, 2) float, tl, tr, br, bl."""
    tl, tr, br, bl = local
    if np.linalg.norm(tr - tl) >= np.linalg.norm(br - tr):  # lying: a left and a right half
        top, bottom = (tl + tr) / 2, (bl + br) / 2
        return np.array([tl, top, bottom, bl]), np.array([top, tr, br, bottom])
    left, right = (tl + bl) / 2, (tr + br) / 2  # standing: a top and a bottom half
    return np.array([tl, tr, right, left]), np.array([left, right, br, bl])


def _lab_window(
    image: np.ndarray, corners: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The window 1.5 times the outline ``corners`` (tl, tr, br, bl; x, y pixels of
    ``image``) about its centre, shrunk so the tile is about 40 pixels wide (cheap).

    Returns its (rows, cols, 3) int16 Lab values, its (rows, cols) bool ink (a black-hat
    of L over 25: pips, bars, print) and the (4, 2) float64 corners in its pixels (x, y).
    """
    centre = corners.mean(axis=0)
    first = float(np.linalg.norm(corners[1] - corners[0]))
    second = float(np.linalg.norm(corners[2] - corners[1]))
    width = max(1.0, min(first, second))
    outer = centre + 1.5 * (corners - centre)
    rows, cols = image.shape[:2]
    x0, y0 = np.clip(np.floor(outer.min(axis=0)).astype(int), 0, [cols - 1, rows - 1])
    x1, y1 = np.clip(np.ceil(outer.max(axis=0)).astype(int) + 1, 1, [cols, rows])
    factor = min(1.0, 40.0 / width)
    window = image[y0:y1, x0:x1]
    size = (max(1, round((x1 - x0) * factor)), max(1, round((y1 - y0) * factor)))
    small = cv2.resize(window, size, interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB).astype(np.int16)
    light = lab[:, :, 0].astype(np.uint8)
    shape = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (9, 9))
    ink = cv2.morphologyEx(light, cv2.MORPH_BLACKHAT, shape) > 25
    local = (corners - np.array([x0, y0])) * factor
    return lab, ink, local


def _plain_halves(image: np.ndarray, corners: np.ndarray) -> bool:
    """Is each half of the tile outlined by ``corners`` (tl, tr, br, bl; x, y pixels of
    ``image``) one plain face, as a 0-0's two blank halves are?

    A 0-0 shows no pip to prove a tile, and a photo without colour (greyscale) leaves
    :func:`_raised` only lightness to tell a face from what lies round it: two squares
    of a kingdom, with the table and a darker square inside the outline, read as a 0-0
    whose "ring" is unlike it.  Each half (split across the long sides' middles) is
    looked at inside 0.7 times itself, ink left out (the divider bar, print): at least
    :data:`PLAIN_SHARE` of it must lie within 14 L codes and 10 in |a| + |b| of the
    half's face colour (the median of its palest quarter).
    """
    lab, ink, local = _lab_window(image, corners)
    halves = _halves(local)
    for half in halves:
        middle = half.mean(axis=0)
        mask = np.zeros(ink.shape, dtype=np.uint8)
        cv2.fillConvexPoly(mask, np.rint(middle + 0.7 * (half - middle)).astype(np.int32), 1)
        inside = (mask > 0) & ~ink
        if inside.sum() < 10:
            continue  # too little to tell (a tile at the photo's edge): not refused
        values = lab[inside]
        face = np.median(values[values[:, 0] >= np.percentile(values[:, 0], 75)], axis=0)
        off = np.abs(values - face)
        alike = (off[:, 0] <= 14) & (off[:, 1] + off[:, 2] <= 10)
        if float(alike.mean()) < PLAIN_SHARE:
            return False
    return True


#: Least share of a blank half (inside 0.7 times the half, ink left out) that has the
#: face colour of the tile's other half, for a tile found from the pips of one half
#: (:mod:`vision.dominoes.pipfirst`): a half of a tile and a patch of the table beside
#: it read as an "X-0" whose blank half is the table.
BLANK_SHARE = 0.8


def _blank_half_is_face(image: np.ndarray, corners: np.ndarray, *, blank_first: bool) -> bool:
    """Is the blank half of the tile outlined by ``corners`` (tl, tr, br, bl; x, y pixels
    of ``image``) of the same face as its other half?

    The other half's face colour is the median of the palest quarter of its inside (0.7
    times the half, ink left out); at least :data:`BLANK_SHARE` of the blank half's
    inside must lie within 10 in |a| + |b| of it and from 50 L codes darker (a shaded end or
    the tile's near side seen at a slant) to 14 lighter.  ``blank_first``: the
    blank half is the first (top of a standing tile, left of a lying one).
    """
    lab, ink, local = _lab_window(image, corners)
    halves = _halves(local)
    insides = []
    for half in halves:
        middle = half.mean(axis=0)
        mask = np.zeros(ink.shape, dtype=np.uint8)
        cv2.fillConvexPoly(mask, np.rint(middle + 0.7 * (half - middle)).astype(np.int32), 1)
        insides.append((mask > 0) & ~ink)
    blank, pips = (insides[0], insides[1]) if blank_first else (insides[1], insides[0])
    if blank.sum() < 10 or pips.sum() < 10:
        return True  # too little to tell (a tile at the photo's edge): not refused
    values = lab[pips]
    face = np.median(values[values[:, 0] >= np.percentile(values[:, 0], 75)], axis=0)
    off = lab[blank] - face
    alike = (off[:, 0] >= -50) & (off[:, 0] <= 14) & (np.abs(off[:, 1:]).sum(axis=1) <= 10)
    return float(alike.mean()) >= BLANK_SHARE
