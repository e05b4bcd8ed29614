"""Is there a kingdom in the photo at all?  Refuse what is not one, before reading it.

The square forests always answer something: a blank wall, a photo of domino tiles or
a Domineering sheet would come back as a made-up kingdom with a page of warnings.
Two signals that every real kingdom shows, measured on the straightened view
(issue #3 follow-up):

* **a square grid**: :attr:`vision.kingdomino.grid.Grid.confidence`, how much the
  fitted 5x5 or 7x7 lattice's edges stand out (0.62 on the weakest real kingdom in
  ``../shared/data``, 1.00 on all others; 0.00 on a white page, 0.07 on noise);
* **squares coloured like terrain**: the share of squares whose median HSV
  saturation (inner part of the square) is at least 60 of 255.  Wheat, forest,
  lake, grassland, swamp and mine are all strongly coloured; only the castle and
  table squares are grey.  At least 0.92 on every real kingdom (at most 2 grey
  squares in 25), at most 0.55 on the project's photos of domino hands and 0.04 on
  its Domineering sheets.

A photo without colour (greyscale) is refused on its own: terrains are told apart
by colour, so its reading would be junk (see ``docs/kingdomino-vision.md``).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

__all__ = [
    "HOW_TO_PHOTOGRAPH",
    "ColourlessPhotoError",
    "KingdomEvidence",
    "NoKingdomError",
    "check_kingdom",
    "colour_spread",
    "coloured_squares",
    "grey_contrast",
]

#: What the player is told to do when a photo is refused.
HOW_TO_PHOTOGRAPH = "photograph the whole kingdom from above, in colour, filling most of the frame"


class NoKingdomError(ValueError):
    """A photo in which no kingdom can be read (not a kingdom, or not one we can read)."""


class ColourlessPhotoError(NoKingdomError):
    """A photo without colour (greyscale): terrains cannot be told apart."""


@dataclass(frozen=True)
class KingdomEvidence:
    """What the straightened view shows of a kingdom.

    Attributes
    ----------
    grid_confidence : float
        0..1, the fitted grid's :attr:`~vision.kingdomino.grid.Grid.confidence`.
    coloured : int
        Squares coloured like a terrain (:func:`coloured_squares`).
    squares : int
        Squares in the grid (25 or 49).
    colour_spread : float
        99th percentile over the photo of each pixel's channel spread (max - min of
        B, G, R), 0..255: about 0 on a greyscale photo (:func:`colour_spread`).
    contrast : float
        Standard deviation of the photo's grey levels, 0..255 (:func:`grey_contrast`):
        about 0 on a blank photo, which is no kingdom rather than a greyscale one.
    """

    grid_confidence: float
    coloured: int
    squares: int
    colour_spread: float
    contrast: float

    @property
    def coloured_share(self) -> float:
        """``coloured / squares``, 0..1."""
        return self.coloured / max(self.squares, 1)


def coloured_squares(
    squares: list[np.ndarray], *, min_saturation: int = 60, inset: float = 1 / 6
) -> np.ndarray:
    """Which squares are coloured like a terrain.

    Parameters
    ----------
    squares : list of (rows, cols, 3) ndarray of uint8, BGR
        The squares' pixels (:func:`vision.kingdomino.pipeline.cut_squares`); not modified.
    min_saturation : int, keyword-only
        Median HSV saturation (0..255, OpenCV's scale) a square's inner part must
        reach.
    inset : float, keyword-only
        Fraction of the square's side left out on each side (grid lines, neighbours).

    Returns
    -------
    (len(squares),) ndarray of bool
    """
    out = np.zeros(len(squares), dtype=bool)
    for index, square in enumerate(squares):
        rows, cols = square.shape[:2]
        top, left = int(rows * inset), int(cols * inset)
        inner = square[top : max(rows - top, top + 1), left : max(cols - left, left + 1)]
        saturation = cv2.cvtColor(inner, cv2.COLOR_BGR2HSV)[..., 1]
        out[index] = float(np.median(saturation)) >= min_saturation
    return out


def colour_spread(image: np.ndarray, *, percentile: float = 99.0, step: int = 4) -> float:
    """How coloured an image is at its most coloured: about 0 for greyscale.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        Not modified.
    percentile : float, keyword-only
        Percentile (0..100) of the pixels' channel spreads returned.
    step : int, keyword-only
        Every ``step``-th pixel of every ``step``-th row is measured.

    Returns
    -------
    float
        The ``percentile`` of max(B, G, R) - min(B, G, R) over the pixels, 0..255.
    """
    pixels = image[::step, ::step]
    spread = cv2.subtract(
        np.maximum(np.maximum(pixels[..., 0], pixels[..., 1]), pixels[..., 2]),
        np.minimum(np.minimum(pixels[..., 0], pixels[..., 1]), pixels[..., 2]),
    )
    return float(np.percentile(spread, percentile))


def grey_contrast(image: np.ndarray, *, step: int = 4) -> float:
    """Standard deviation of an image's grey levels: about 0 for a blank image.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        Not modified.
    step : int, keyword-only
        Every ``step``-th pixel of every ``step``-th row is measured.

    Returns
    -------
    float
        0..255 (grey levels).
    """
    grey = cv2.cvtColor(np.ascontiguousarray(image[::step, ::step]), cv2.COLOR_BGR2GRAY)
    return float(grey.std())


def check_kingdom(
    evidence: KingdomEvidence,
    *,
    min_grid: float = 0.3,
    min_spread: float = 16.0,
    min_contrast: float = 8.0,
    min_coloured: float = 0.6,
) -> None:
    """Refuse a view that shows no kingdom.

    The thresholds sit about halfway between what real kingdoms and non-kingdoms
    give (module docstring; ``docs/kingdomino-vision.md``).

    Parameters
    ----------
    evidence : KingdomEvidence
    min_grid : float, keyword-only
        Least grid confidence (0..1) of a kingdom.
    min_spread : float, keyword-only
        Least :func:`colour_spread` (0..255) of a colour photo.
    min_contrast : float, keyword-only
        Least :func:`grey_contrast` (0..255) of a photo of something (not blank): a
        photo without colour but with this contrast is a greyscale photo.
    min_coloured : float, keyword-only
        Least share (0..1) of squares coloured like a terrain. A finished kingdom may
        show the table where dominoes were discarded (``rules/kingdomino-2p.txt``): 0.6
        lets a 5x5 kingdom have its castle and nine empty squares (15 of 25
        coloured); photos of tiles and sheets give 0.55 at most (docs).

    Raises
    ------
    ColourlessPhotoError
        If the photo has no colour but is not blank (a greyscale photo).
    NoKingdomError
        If no square grid stands out, or too few squares are coloured like terrain.
    """
    if evidence.colour_spread < min_spread and evidence.contrast >= min_contrast:
        raise ColourlessPhotoError(
            "the photo has no colour (greyscale?): Kingdomino terrains are told apart by "
            f"their colours, so no kingdom can be read from it; {HOW_TO_PHOTOGRAPH}"
        )
    if evidence.grid_confidence < min_grid:
        raise NoKingdomError(
            "no kingdom found in the photo: no 5x5 or 7x7 grid of squares stands out "
            f"(grid confidence {evidence.grid_confidence:.2f}); {HOW_TO_PHOTOGRAPH}"
        )
    if evidence.coloured_share < min_coloured:
        seen = (
            f"only {evidence.coloured} of {evidence.squares} squares are"
            if evidence.coloured
            else f"none of its {evidence.squares} squares is"
        )
        raise NoKingdomError(
            f"no kingdom found in the photo: {seen} coloured like Kingdomino terrain; "
            f"{HOW_TO_PHOTOGRAPH}"
        )
