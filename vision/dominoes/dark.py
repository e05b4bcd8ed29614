"""Black tiles with white pips: a cheap sign of them, and the photo's negative.

The tile search (:mod:`vision.dominoes.find`) looks for pale faces with dark pips and a
dark divider bar.  A black tile with white pips is its negative: :func:`negative` turns
such a photo into one of pale tiles with dark pips, which the usual search reads.  Reading
a photo twice costs twice the time, so :func:`light_pips_on_dark` first looks for what
only such tiles show: small round light marks, each lying well inside a dark patch.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

__all__ = ["LEAST_LIGHT_PIPS", "LightPips", "evenly_lit", "light_pips_on_dark", "negative"]

#: Light pips inside dark patches (:func:`light_pips_on_dark`) that make a photo worth
#: reading as its negative.  Measured (session 11): rendered black tiles 8-35 on all
#: but one hand; the kingdom photos (three samples, 40 shared) 0-4; hands of white tiles
#: and the Domineering sheets 0.
LEAST_LIGHT_PIPS = 6


@dataclass(frozen=True)
class LightPips:
    """Light round marks inside dark patches (:func:`light_pips_on_dark`).

    Attributes
    ----------
    count : int
        Marks found.
    size : float
        Their median diameter, pixels of the photo (0 when none).
    face : float
        The median lightness (OpenCV's L, 0-255) of the dark rings round them: the
        black faces' (0 when none).
    """

    count: int
    size: float
    face: float


def negative(
    image: np.ndarray, *, face: float | None = None, pip_size: float = 0.0, groove: float = 160.0
) -> np.ndarray:
    """The photo's negative, a new (rows, cols, 3) uint8 BGR array.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        The photo; not changed.
    face : float, optional, keyword-only
        The black faces' lightness (OpenCV's L, 0-255).  With ``pip_size``, thin marks
        darker than the face (a divider bar cut as a groove, the crack between touching
        tiles) are made dark in the negative too: by ``groove`` codes for each share of
        the face's lightness they lie below it (a groove at half the face's lightness,
        80 codes).  Below is the black-hat of the lightness (smoothed over a pixel,
        capped at ``face + 3`` so that white pips and the paler table play no part) over
        a disc of ``pip_size`` pixels.
    pip_size : float, keyword-only
        The pips' diameter in pixels (0: no groove darkened).

    Returns
    -------
    ndarray
        ``255 - image``: black faces white, white pips black, hues opposite (colour
        plays no part in counting pips); grooves darkened when asked.
    """
    flipped = 255.0 - image.astype(np.float32)
    if face is not None and pip_size >= 3:
        light = cv2.cvtColor(image, cv2.COLOR_BGR2LAB)[:, :, 0].astype(np.float32)
        capped = np.minimum(cv2.GaussianBlur(light, (0, 0), 1.0), face + 3.0)
        side = round(pip_size) | 1
        disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))
        below = cv2.morphologyEx(capped, cv2.MORPH_BLACKHAT, disc)
        flipped -= (groove / max(face, 8.0)) * below[:, :, None]
    return np.asarray(np.clip(np.rint(flipped), 0, 255), dtype=np.uint8)


def evenly_lit(
    image: np.ndarray,
    *,
    pip_size: float,
    face: float,
    above_face: float = 15.0,
    reach_pips: float = 3.0,
    least_table: float = 0.2,
    least_shadow: float = 1.4,
    work: int = 8,
    most_gain: float = 4.0,
) -> np.ndarray:
    """The photo with a shadow across the table lifted: a new (rows, cols, 3) uint8 BGR
    array.

    A shadow (a phone held over the table) multiplies the light of all under it (in the
    photo's codes too: a power of a product is a product).  The light is read off the
    table only: the grey level of the pixels (at ``1 / work`` of the size, white pips
    opened away by a disc of 1.5 pips) more than ``above_face`` codes of lightness
    (OpenCV's L) above the black faces', averaged round each pixel with weights (a
    Gaussian of ``reach_pips`` pips; the black tiles, alone or in a touching block, have
    no weight).  Each pixel is multiplied by the 95th percentile of that light over its
    own (1 to ``most_gain``): where the table is lit, nothing changes.  A table as dark
    as the tiles (under ``least_table`` of the photo above the faces) is left as it is, and
    so is a photo whose light only falls off across the table (gains under
    ``least_shadow`` on 99 % of it: the renders' uneven light, 1.15-1.27; a shadow band
    1.24-1.99): lifting that cost tiles (session 11, second round).

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        The photo; not changed.
    pip_size : float, keyword-only
        The pips' diameter in pixels (:class:`LightPips`'s ``size``).
    face : float, keyword-only
        The black faces' lightness (:class:`LightPips`'s ``face``).
    above_face : float, keyword-only
        Codes of lightness (OpenCV's L, 0-255) above ``face`` that make a pixel table.
    reach_pips : float, keyword-only
        The light is averaged over a Gaussian of this many pip diameters.
    least_table : float, keyword-only
        Least share (0-1) of the photo that must be table for any lift.
    least_shadow : float, keyword-only
        Least gain (99th percentile) that counts as a shadow rather than a fall-off.
    work : int, keyword-only
        The light is measured at ``1 / work`` of the photo's size.
    most_gain : float, keyword-only
        A pixel is lifted at most this many times.

    Returns
    -------
    (rows, cols, 3) ndarray of uint8, BGR
        A new array: the photo lifted, or an unchanged copy when there is no shadow to lift.
    """
    rows, cols = image.shape[:2]
    size = (max(1, cols // work), max(1, rows // work))
    small = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    disc = cv2.getStructuringElement(
        cv2.MORPH_ELLIPSE, (max(3, round(1.5 * pip_size / work) | 1),) * 2
    )
    light = cv2.morphologyEx(cv2.cvtColor(small, cv2.COLOR_BGR2LAB)[:, :, 0], cv2.MORPH_OPEN, disc)
    grey = cv2.morphologyEx(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), cv2.MORPH_OPEN, disc)
    # The table: above the faces, less a pixel round the tiles (pixels half tile, half
    # table at the working size).
    table = cv2.erode((light > face + above_face).astype(np.uint8), np.ones((3, 3), np.uint8))
    if float(table.mean()) < least_table:
        return image.copy()
    sigma = max(1.0, reach_pips * pip_size / work)
    weight = cv2.GaussianBlur(table.astype(np.float32), (0, 0), sigma)
    level = cv2.GaussianBlur(grey.astype(np.float32) * table, (0, 0), sigma)
    level /= np.maximum(weight, 1e-3)
    known = weight > 0.05
    reference = float(np.percentile(level[known], 95))
    gain = np.where(known, reference / np.maximum(level, 1.0), 1.0).astype(np.float32)
    gain = np.clip(gain, 1.0, most_gain)
    if float(np.percentile(gain, 99)) < least_shadow:
        return image.copy()  # light falling off across the table, no shadow
    gain = cv2.resize(gain, (cols, rows), interpolation=cv2.INTER_LINEAR)
    lifted = image.astype(np.float32) * gain[:, :, None]
    return np.asarray(np.clip(np.rint(lifted), 0, 255), dtype=np.uint8)


def light_pips_on_dark(
    image: np.ndarray,
    *,
    work_side: int = 1024,
    dark_level: float = 80.0,
    least_contrast: float = 130.0,
    ring_dark: float = 0.9,
) -> LightPips:
    """How many light round marks (white pips) lie inside dark patches (black faces).

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        The photo; not changed.
    work_side : int, keyword-only
        Longest side (pixels) of the copy looked at.
    dark_level : float, keyword-only
        Lightness (OpenCV's L, 0-255) under which a pixel is dark (a black face, even
        a glossy one in light).
    least_contrast : float, keyword-only
        A mark's median L over its ring's, at least (white paint on black).
    ring_dark : float, keyword-only
        Share of the ring round the mark (1.5 to 2.2 times its radius) that must be dark:
        a pip lies inside a face; a cell of a grid drawn on paper, a gap between dark
        things, does not.

    Returns
    -------
    LightPips
        How many marks were found (round (filling 55 % of a box at most 2:1, circular), 3 to
        120 pixels across at the working size, and holes of the dark patches (nothing
        dark inside, dark all round).
    """
    rows, cols = image.shape[:2]
    scale = min(1.0, work_side / max(rows, cols))
    small = image
    if scale < 1.0:
        size = (max(1, round(cols * scale)), max(1, round(rows * scale)))
        small = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    light = cv2.cvtColor(small, cv2.COLOR_BGR2LAB)[:, :, 0]
    dark = (light < dark_level).astype(np.uint8)
    # Holes of the dark patches: light regions that touch nothing but dark.
    contours, hierarchy = cv2.findContours(dark, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return LightPips(0, 0.0, 0.0)
    sizes: list[float] = []
    faces: list[float] = []
    for index, contour in enumerate(contours):
        if hierarchy[0][index][3] < 0:
            continue  # an outer boundary of a dark patch, not a hole in one
        x, y, width, height = cv2.boundingRect(contour)
        if not 3 <= max(width, height) <= 120 or max(width, height) > 2 * min(width, height):
            continue
        area = cv2.contourArea(contour)
        perimeter = cv2.arcLength(contour, True)
        if area < 0.55 * width * height or perimeter <= 0:
            continue
        if 4 * np.pi * area / perimeter**2 < 0.6:
            continue  # a square cell of a grid, a crack
        # The mark and its ring, in a window round it (not the whole photo).
        reach = round(1.1 * max(width, height)) + 2
        top, left = max(0, y - reach), max(0, x - reach)
        bottom, right = (
            min(dark.shape[0], y + height + reach),
            min(dark.shape[1], x + width + reach),
        )
        window = dark[top:bottom, left:right]
        lit = light[top:bottom, left:right]
        centre = (round(x + width / 2 - left), round(y + height / 2 - top))
        radius = max(width, height) / 2
        ring = np.zeros_like(window)
        cv2.circle(ring, centre, round(2.2 * radius) + 1, 1, -1)
        cv2.circle(ring, centre, round(1.5 * radius), 0, -1)
        inside = np.zeros_like(window)
        cv2.drawContours(inside, [contour], 0, 1, -1, offset=(-left, -top))
        ring_pixels = ring > 0
        if not ring_pixels.any() or float(window[ring_pixels].mean()) < ring_dark:
            continue
        mark = (inside > 0) & (window == 0)
        if not mark.any():
            continue
        ring_level = float(np.median(lit[ring_pixels]))
        if float(np.median(lit[mark])) - ring_level < least_contrast:
            continue
        sizes.append(max(width, height) / scale)
        faces.append(ring_level)
    if not sizes:
        return LightPips(0, 0.0, 0.0)
    return LightPips(len(sizes), float(np.median(sizes)), float(np.median(faces)))
