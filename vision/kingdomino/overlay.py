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


def render_overlay(
    image: np.ndarray, reading: KingdomReading, result: Score, *, crop: float | None = None
) -> np.ndarray:
    """Draw the grid, each square's terrain letter and crowns, and each domain's outline and points.

    Each square's letter (and crowns) is white on a dark box, black on yellow where the
    square is unsure (``reading.unsure``: the squares the warnings call unsure); each
    domain's points (``=6``) are black on cyan, below the letter of its first square;
    labels are sized by the squares in the photo (letters 0.28 of a square high), so they
    stay legible on a phone screen. The
    kingdom's outline is red, and the caption (score and total) white on red across the
    top, a sixteenth of the picture's width high.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        The photo the reading was made from.
    reading : KingdomReading
    result : Score
        The score of ``reading.kingdom`` as printed (frame and bonuses): the caption
        (:func:`caption`) shows its total.
    crop : float or None, keyword-only
        ``None``: the whole photo.  Else the picture is cut to the kingdom's box grown by
        this share of its side on every side (within the photo), the caption drawn on
        the cut: a kingdom filling a small part of a large photo is then shown as large
        as a phone screen allows (the web app's picture).

    Returns
    -------
    (rows, cols, 3) ndarray of uint8, BGR
        A new image (the photo's size, or the cut's); ``image`` is untouched.
    """
    out = image.copy()
    grid = reading.grid
    size = grid.size
    scale = max(out.shape[:2]) / 1000.0
    thin, thick = max(1, round(2 * scale)), max(2, round(5 * scale))
    # Labels are sized by the squares as photographed, so they stay legible on a phone
    # screen whatever the photo's size and however much of it the kingdom fills.
    corners = np.asarray(reading.corners, dtype=np.float64)
    sides = np.linalg.norm(corners - np.roll(corners, -1, axis=0), axis=1)
    square_px = float(sides.mean()) / size

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
    labels: list[tuple[str, np.ndarray, float, tuple[int, int, int], tuple[int, int, int]]] = []
    for domain in result.domains:
        members = set(domain.squares)
        colour = _COLOURS.get(domain.terrain.value, (255, 0, 255))
        for r, c in members:
            edges = (
                ((r - 1, c), node(r, c), node(r, c + 1)),
                ((r + 1, c), node(r + 1, c), node(r + 1, c + 1)),
                ((r, c - 1), node(r, c), node(r + 1, c)),
                ((r, c + 1), node(r, c + 1), node(r + 1, c + 1)),
            )
            for neighbour, start, end in edges:
                if neighbour not in members:
                    a, b = to_photo([start, end])
                    cv2.line(out, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])), colour, thick)
        first = min(members)
        # The domain's points in the lower part of its first square, under its letter.
        below = to_photo([node(first[0], first[1]) * 0.5 + node(first[0] + 1, first[1] + 1) * 0.5])
        below = below[0] + np.array([0, round(0.3 * square_px)])
        labels.append((f"={domain.points}", below, 0.22 * square_px, (0, 0, 0), (255, 255, 0)))
    for r in range(size):
        for c in range(size):
            square = reading.kingdom[r, c]
            centre = to_photo([(node(r, c) + node(r + 1, c + 1)) / 2])[0]
            centre = centre - np.array([0, round(0.1 * square_px)])  # the points go below
            letter = square.terrain.letter + (str(square.crowns) if square.crowns else "")
            height = 0.28 * square_px
            if reading.unsure[r][c]:  # named unsure in the warnings: black on yellow
                labels.append((letter, centre, height, (0, 0, 0), (0, 230, 255)))
            else:
                labels.append((letter, centre, height, (255, 255, 255), (40, 40, 40)))
    cv2.polylines(
        out, [np.rint(corners).astype(np.int32).reshape(-1, 1, 2)], True, (0, 0, 255), thick
    )
    for text, at, height, ink, box in labels:
        _label(out, text, (int(at[0]), int(at[1])), height, ink, box)
    if crop is not None:
        grow = crop * square_px * size
        (left, top), (right, bottom) = corners.min(axis=0) - grow, corners.max(axis=0) + grow
        rows, cols = out.shape[:2]
        top_, bottom_ = max(0, int(top)), min(rows, int(np.ceil(bottom)))
        left_, right_ = max(0, int(left)), min(cols, int(np.ceil(right)))
        out = out[top_:bottom_, left_:right_].copy()
    # The caption across the top, a sixteenth of the picture's width high.
    _label(
        out,
        caption(result),
        (0, 0),
        max(12.0, out.shape[1] / 16),
        (255, 255, 255),
        (0, 0, 200),
        corner=True,
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


def _label(
    image: np.ndarray,
    text: str,
    at: tuple[int, int],
    height: float,
    ink: tuple[int, int, int],
    box: tuple[int, int, int],
    *,
    corner: bool = False,
) -> None:
    """``text`` about ``height`` pixels high in ``ink`` on a filled ``box`` (BGR), centred
    on ``at`` (x, y pixels), or with its box's top-left corner there (``corner``); drawn
    in place on our own copy."""
    font = cv2.FONT_HERSHEY_SIMPLEX
    unit, _ = cv2.getTextSize("W", font, 1.0, 1)  # cap height at font scale 1
    font_scale = max(0.3, height / unit[1])
    weight = max(1, round(font_scale * 1.6))
    (width, rise), drop = cv2.getTextSize(text, font, font_scale, weight)
    pad = max(2, round(0.25 * rise))
    if corner:
        left, top = at
    else:
        left, top = at[0] - width // 2 - pad, at[1] - rise // 2 - pad
    right, bottom = left + width + 2 * pad, top + rise + drop + 2 * pad
    cv2.rectangle(image, (left, top), (right, bottom), box, cv2.FILLED)
    cv2.putText(
        image, text, (left + pad, top + pad + rise), font, font_scale, ink, weight, cv2.LINE_AA
    )
