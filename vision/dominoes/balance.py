"""Undo a colour cast (warm indoor light, a cool shade, a green tint) before reading tiles.

The search and the reading judge a tile face by its colour: a face is pale and of the
colour of the photo's palest pixels, ink is dark or coloured against it.  Under a strong
cast (tungsten light: red up, blue down) the white faces turn yellow-orange, their own
colour reads as "coloured ink" and the bars and pips are lost among it (the project's
felt samples read 1 tile of 5-7 with red x1.12 and blue x0.78).  The photo's own white
is estimated from its palest pixels (the tile faces, whatever the table) and the channels
are scaled so that white is grey again; a photo whose palest pixels are already near grey
(every photo of ``../shared/data`` but a few) is left exactly as it is.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.dominoes.find import _percentile_u8, shrink

__all__ = ["CAST_LIMIT", "MOST_CAST", "cast_gains", "white_balanced"]

#: Least cast (|a| + |b| of the palest pixels' median colour, Lab codes off 128) that is
#: undone.  Ivory tiles under neutral light: 5-8 (the samples 5); a warm cast of red x1.12
#: and blue x0.78 on the samples: 37; blue x0.9 alone: 14.
CAST_LIMIT = 12

#: Largest cast undone: palest pixels more coloured than this are no white under a
#: coloured light but a coloured thing (the yellow fields of a kingdom: 76-79).  The
#: samples under red x1.2 and blue x0.7: 48-49.
MOST_CAST = 60

#: Largest gain given to a channel (a photo of a coloured table with nothing pale in it
#: is not turned into another colour altogether).
MOST_GAIN = 1.6


def cast_gains(
    image: np.ndarray,
    *,
    work_side: int = 400,
    palest: float = 98.0,
    cast_limit: int = CAST_LIMIT,
    most_cast: int = MOST_CAST,
    most_gain: float = MOST_GAIN,
) -> np.ndarray | None:
    """The per-channel gains (B, G, R) that make the photo's palest pixels grey.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        The photo (not changed).
    work_side : int, keyword-only
        The white is estimated on a copy this long (pixels, longer side).
    palest : float, keyword-only
        Percentile of lightness (L) from which a pixel counts as the photo's white.
    cast_limit : int, keyword-only
        Least cast (Lab |a| + |b| codes of the white's median) that is undone.
    most_cast : int, keyword-only
        Largest cast undone (a more coloured "white" is a coloured thing).
    most_gain : float, keyword-only
        Largest gain of a channel.

    Returns
    -------
    (3,) ndarray of float64 or None
        Gains >= 1 (the white's strongest channel kept), or None when the white is within
        ``cast_limit`` of grey (nothing to undo) or further than ``most_cast`` from it.
    """
    small = shrink(image, work_side)
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB)
    light = lab[:, :, 0]
    brightest = light >= _percentile_u8(light, palest)
    a = float(np.median(lab[:, :, 1][brightest])) - 128
    b = float(np.median(lab[:, :, 2][brightest])) - 128
    if not cast_limit <= abs(a) + abs(b) <= most_cast:
        return None
    white = np.median(small[brightest].astype(np.float64), axis=0)
    gains = np.clip(white.max() / np.maximum(white, 1.0), 1.0, most_gain)
    return np.asarray(gains, dtype=np.float64)


def white_balanced(image: np.ndarray) -> np.ndarray:
    """The photo with its colour cast undone (see :func:`cast_gains`).

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        The photo (not changed).

    Returns
    -------
    (rows, cols, 3) ndarray of uint8, BGR
        ``image`` itself when there is no cast to undo, else a new array: each channel
        times its gain, rounded and clipped to 0..255.
    """
    gains = cast_gains(image)
    if gains is None:
        return image
    # One pass over the pixels, rounded and saturated to uint8 by OpenCV.
    balanced: np.ndarray = cv2.transform(image, np.diag(gains))
    return balanced
