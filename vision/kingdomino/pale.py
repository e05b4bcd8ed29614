"""How pale a kingdom's light is: the crown body test relative to its own yellows.

Under a pale light (a bright lamp, haze, a washed-out phone photo) every yellow of the
kingdom is less saturated, the crown bodies' too, and the absolute body test
(:data:`~vision.kingdomino.features.BODY_SAT`) no longer finds them.  A kingdom paler
than every training view gets a body test scaled by its own yellows
(:func:`~vision.kingdomino.features.crown_features`' ``pale``), and its crowns are read
by the crown forest that learned paler copies of the training crops
(``SquareModel.pale_crowns``; docs/kingdomino-vision.md, session 6, second round).
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.kingdomino.features import BODY_SAT

__all__ = ["YELLOW_SATURATION", "kingdom_yellows", "pale_body_sat"]

#: Least median saturation of the bright yellows (:func:`kingdom_yellows`) over the 104
#: training views of photos/ and phone/ (192-254); a kingdom paler than this is lit
#: by a paler light than any learned.
YELLOW_SATURATION = 192


def kingdom_yellows(squares: list[np.ndarray], *, least: int = 500) -> float | None:
    """Median HSV saturation of a kingdom's bright yellow pixels (crowns, wheat, sand).

    Under a pale light (a bright lamp, haze, a washed-out phone photo) every yellow
    of the kingdom is paler, crown bodies included; this measures how pale.

    Parameters
    ----------
    squares : list of (rows, cols, 3) ndarray of uint8, BGR
        The kingdom's squares as the crown features see them (brightened).
    least : int, keyword-only
        Fewest yellow pixels (hue 15-36, value over 150, saturation at least 40, every
        second pixel each way) for a measure; fewer give ``None``.

    Returns
    -------
    float or None
        0-255, or ``None`` when too few yellow pixels were seen.
    """
    values = []
    for square in squares:
        hsv = cv2.cvtColor(np.ascontiguousarray(square[::2, ::2]), cv2.COLOR_BGR2HSV)
        pixels = hsv.reshape(-1, 3)
        keep = (
            (pixels[:, 0] >= 15)
            & (pixels[:, 0] <= 36)
            & (pixels[:, 2] > 150)
            & (pixels[:, 1] >= 40)
        )
        values.append(pixels[keep, 1])
    seen = np.concatenate(values) if values else np.zeros(0, np.uint8)
    if len(seen) < least:
        return None
    return float(np.median(seen))


def pale_body_sat(
    yellows: float | None, *, reference: int = YELLOW_SATURATION, body_sat: int = BODY_SAT
) -> int:
    """The crown body test's least saturation relative to the kingdom's own yellows.

    Parameters
    ----------
    yellows : float or None
        :func:`kingdom_yellows` (``None``: not measured).
    reference, body_sat : int, keyword-only
        A kingdom whose yellows are at least ``reference`` keeps ``body_sat``; a paler
        one gets ``body_sat`` scaled by ``yellows / reference``.

    Returns
    -------
    int
        HSV saturation, at most ``body_sat``.
    """
    if yellows is None or yellows >= reference:
        return body_sat
    return round(body_sat * yellows / reference)
