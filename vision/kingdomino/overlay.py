"""The picture the player sees: the photo with the grid, each square's reading and the domains.

Drawn from the pipeline's own findings (grid in the straightened view, mapped back
to the photo through the corners), so what is drawn is what was scored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import cv2
import numpy as np

from referee.kingdomino import Score

if TYPE_CHECKING:
    from vision.kingdomino.pipeline import KingdomReading

__all__ = ["caption", "render_overlay", "view_to_photo"]

#: BGR colour per terrain letter, for the domain outlines.
_COLOURS = {
    "wheat": (0, 215, 255),
    "forest": (34, 110, 34),
    "lake": (230, 120, 30),
    "grassland": (60, 230, 120),
    "swamp": (120, 150, 170),
    "mine": (40, 40, 40),
    "castle": (200, 200, 200),
    "empty": (128, 128, 128),
}


def view_to_photo(corners: np.ndarray, view_side: int, points: np.ndarray) -> np.ndarray:
    """Map [x, y] points of the straightened view back to the photo.

    Parameters
    ----------
    corners : (4, 2) ndarray
        tl, tr, br, bl of the kingdom in the photo, [x, y] pixels.
    view_side : int
        Side of the straightened view, pixels.
    points : (n, 2) ndarray
        [x, y] pixels in the view.

    Returns
    -------
    (n, 2) ndarray of float64
        [x, y] pixels in the photo.
    """
    square = np.array(
        [[0, 0], [view_side, 0], [view_side, view_side], [0, view_side]], dtype=np.float32
    )
    matrix = cv2.getPerspectiveTransform(square, np.asarray(corners, dtype=np.float32))
    mapped = cv2.perspectiveTransform(
        np.asarray(points, dtype=np.float32).reshape(-1, 1, 2), matrix
    )
    return mapped.reshape(-1, 2).astype(np.float64)


def render_overlay(image: np.ndarray, reading: KingdomReading, result: Score) -> np.ndarray:
    """Draw the grid, each square's terrain letter and crowns, and each domain's outline and points.

    Letters are white, red where the square is unsure (confidence under 0.5); each
    domain's points (``=6``) are cyan, on its first square; the kingdom's outline
    and the score are red.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        The photo the reading was made from.
    reading : KingdomReading
    result : Score
        The score of ``reading.kingdom`` as printed (frame and bonuses): the caption
        (:func:`caption`) shows its total.

    Returns
    -------
    (rows, cols, 3) ndarray of uint8, BGR
        A new image; ``image`` is untouched.
    """
    out = image.copy()
    grid = reading.grid
    size = grid.size
    scale = max(out.shape[:2]) / 1000.0
    thin, thick = max(1, round(2 * scale)), max(2, round(5 * scale))

    def node(r: int, c: int) -> np.ndarray:
        return np.array([grid.col_lines[c], grid.row_lines[r]], dtype=np.float64)

    def to_photo(points: list[np.ndarray]) -> np.ndarray:
        mapped = view_to_photo(reading.corners, reading.view_side, np.array(points))
        return np.rint(mapped).astype(np.int32)

    for r in range(size):
        for c in range(size):
            quad = to_photo([node(r, c), node(r, c + 1), node(r + 1, c + 1), node(r + 1, c)])
            cv2.polylines(out, [quad.reshape(-1, 1, 2)], True, (255, 255, 255), thin)
    # Domain outlines: every square side between a domain square and a non-member.
    for domain in result.domains:
        members = set(domain.squares)
        colour = _COLOURS.get(domain.terrain.value, (255, 0, 255))
        for r, c in members:
            sides = (
                ((r - 1, c), node(r, c), node(r, c + 1)),
                ((r + 1, c), node(r + 1, c), node(r + 1, c + 1)),
                ((r, c - 1), node(r, c), node(r + 1, c)),
                ((r, c + 1), node(r, c + 1), node(r + 1, c + 1)),
            )
            for neighbour, start, end in sides:
                if neighbour not in members:
                    a, b = to_photo([start, end])
                    cv2.line(out, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])), colour, thick)
        first = min(members)
        centre = to_photo([(node(*first) + node(first[0] + 1, first[1] + 1)) / 2])[0]
        label = f"={domain.points}"
        _text(out, label, (int(centre[0]), int(centre[1] + 30 * scale)), scale, (255, 255, 0))
    for r in range(size):
        for c in range(size):
            square = reading.kingdom[r, c]
            centre = to_photo([(node(r, c) + node(r + 1, c + 1)) / 2])[0]
            letter = square.terrain.letter + (str(square.crowns) if square.crowns else "")
            colour = (0, 0, 255) if reading.confidence[r][c] < 0.5 else (255, 255, 255)
            _text(out, letter, (int(centre[0]) - int(12 * scale), int(centre[1])), scale, colour)
    corners = np.rint(reading.corners).astype(np.int32)
    cv2.polylines(out, [corners.reshape(-1, 1, 2)], True, (0, 0, 255), thick)
    _text(
        out,
        caption(result),
        (int(10 * scale), int(40 * scale)),
        scale * 1.2,
        (0, 0, 255),
    )
    return out


def caption(result: Score) -> str:
    """The overlay's caption: the score from the domains and the total with the bonuses.

    Parameters
    ----------
    result : Score
        The kingdom's score as printed: in the frame and with the bonuses asked for
        (``RULINGS.md``: Middle Kingdom +10, Harmony +5).

    Returns
    -------
    str
        ``"score 27  total 37"`` (points).
    """
    return f"score {result.score}  total {result.total}"


def _text(
    image: np.ndarray, text: str, at: tuple[int, int], scale: float, colour: tuple[int, int, int]
) -> None:
    """Text with a dark halo, at an (x, y) pixel position, drawn in place on our own copy."""
    size = 0.8 * scale
    width = max(1, round(2 * scale))
    cv2.putText(image, text, at, cv2.FONT_HERSHEY_SIMPLEX, size, (0, 0, 0), width + 3, cv2.LINE_AA)
    cv2.putText(image, text, at, cv2.FONT_HERSHEY_SIMPLEX, size, colour, width, cv2.LINE_AA)
