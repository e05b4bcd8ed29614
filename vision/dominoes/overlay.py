"""Draw what the domino reader found over the photo, for the player to check."""

from __future__ import annotations

import cv2
import numpy as np

from vision.dominoes.pipeline import LOW_CONFIDENCE, DominoReading

__all__ = ["render_overlay"]

_SURE = (40, 180, 40)  # BGR green
_UNSURE = (0, 140, 255)  # BGR orange


def render_overlay(
    image: np.ndarray, reading: DominoReading, *, max_side: int = 1600
) -> np.ndarray:
    """Outline each tile read and write its reading (``3-5``) beside it.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        The photo the reading came from (not changed).
    reading : DominoReading
        From :func:`vision.dominoes.read_dominoes` on ``image``.
    max_side : int, keyword-only
        The overlay is shrunk so its longer side is at most this many pixels.

    Returns
    -------
    (rows', cols', 3) ndarray of uint8, BGR
        A new image: green outlines for sure readings, orange for those to check,
        the photo's total in the top-left corner.
    """
    rows, cols = image.shape[:2]
    scale = min(1.0, max_side / max(rows, cols))
    size = (max(1, round(cols * scale)), max(1, round(rows * scale)))  # (x, y) for cv2
    canvas = cv2.resize(image, size, interpolation=cv2.INTER_AREA) if scale < 1 else image.copy()
    line = max(2, round(max(canvas.shape[:2]) / 400))
    font = max(0.5, max(canvas.shape[:2]) / 1400)
    for number, tile in enumerate(reading.tiles, start=1):
        colour = _SURE if tile.legal and tile.confidence >= LOW_CONFIDENCE else _UNSURE
        outline = np.rint(tile.corners * scale).astype(np.int32)
        cv2.polylines(canvas, [outline], True, colour, line, cv2.LINE_AA)
        label = f"{number}: {tile.pips[0]}-{tile.pips[1]}"
        centre = outline.mean(axis=0)
        (width, height), _ = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, font, line)
        origin = (int(centre[0] - width / 2), int(centre[1] + height / 2))
        cv2.putText(
            canvas, label, origin, cv2.FONT_HERSHEY_SIMPLEX, font, (0, 0, 0), line + 3, cv2.LINE_AA
        )
        cv2.putText(
            canvas, label, origin, cv2.FONT_HERSHEY_SIMPLEX, font, colour, line, cv2.LINE_AA
        )
    summary = f"{len(reading.tiles)} tiles, {reading.total} pips"
    if reading.warnings:
        summary += f", {len(reading.warnings)} to check"
    origin = (line * 4, int(30 * font) + line * 4)
    cv2.putText(
        canvas, summary, origin, cv2.FONT_HERSHEY_SIMPLEX, font, (0, 0, 0), line + 3, cv2.LINE_AA
    )
    cv2.putText(
        canvas, summary, origin, cv2.FONT_HERSHEY_SIMPLEX, font, (255, 255, 255), line, cv2.LINE_AA
    )
    return canvas
