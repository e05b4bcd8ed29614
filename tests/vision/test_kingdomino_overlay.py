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
