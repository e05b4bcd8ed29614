"""The kingdom overlay's caption (``vision.kingdomino.overlay.caption``)."""

from __future__ import annotations

from referee.kingdomino import parse_kingdom, score
from vision.kingdomino.overlay import caption

# Forest row 1 is one domain of 5 squares and 1 crown (5 points); every other domain has
# no crown.  All 25 squares filled, castle in the middle.
FULL = "W W W W W/F F F F F1/W W C W W/F F F F F/W W W W W"


def test_caption_gives_the_score_and_the_total_with_the_bonuses() -> None:
    kingdom = parse_kingdom(FULL)
    assert caption(score(kingdom)) == "score 5  total 5"
    # 5x5 frame: Middle Kingdom +10 and Harmony +5 (RULINGS.md).
    both = score(kingdom, middle_kingdom=True, harmony=True, size=5)
    assert caption(both) == "score 5  total 20"
    # 7x7 frame: the castle is still in the middle, but 24 squares are empty: no Harmony.
    framed = score(kingdom, middle_kingdom=True, harmony=True, size=7)
    assert caption(framed) == "score 5  total 15"


def test_labels_are_as_high_as_asked_and_centred() -> None:
    # A label 30 pixels high (its capitals), on its box, centred on (100, 60): the box
    # holds the text with a little padding, whatever the picture's size.
    import numpy as np

    from vision.kingdomino.overlay import _label

    image = np.zeros((120, 200, 3), dtype=np.uint8)
    _label(image, "F1", (100, 60), 30.0, (255, 255, 255), (0, 230, 255))
    rows, cols = np.nonzero(np.any(image > 0, axis=2))
    assert 30 <= rows.max() - rows.min() + 1 <= 60
    assert abs((rows.max() + rows.min()) / 2 - 60) <= 8
    assert abs((cols.max() + cols.min()) / 2 - 100) <= 3
    # The box's colour fills most of it; the text is drawn on it in white.
    assert np.all(image[rows.min(), cols.min()] == (0, 230, 255))
    assert np.any(np.all(image == 255, axis=2))
