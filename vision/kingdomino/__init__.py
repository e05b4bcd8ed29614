"""Kingdomino recognition: a photographed kingdom in, its squares, crowns and score out.

Stages, one pure function each (issue #3):

1. :func:`vision.decode.read_image`: decode, EXIF orientation, bounded resolution;
2. :func:`~vision.kingdomino.locate.locate_kingdom` and
   :func:`~vision.kingdomino.locate.warp_kingdom`: find the kingdom, straighten it;
3. :func:`~vision.kingdomino.grid.find_grid`: grid size (5 or 7) and lines;
4. :func:`~vision.kingdomino.classify.square_probabilities` and
   :func:`~vision.kingdomino.classify.read_squares`: terrain and crowns per square,
   within the real tile set's limits;
5. :func:`referee.kingdomino.score`, and
   :func:`~vision.kingdomino.overlay.render_overlay` for the picture.
"""

from __future__ import annotations

from vision.kingdomino.evidence import ColourlessPhotoError, NoKingdomError
from vision.kingdomino.pipeline import KingdomReading, PhotoScore, read_kingdom, score_photo

__all__ = [
    "ColourlessPhotoError",
    "KingdomReading",
    "NoKingdomError",
    "PhotoScore",
    "read_kingdom",
    "score_photo",
]
