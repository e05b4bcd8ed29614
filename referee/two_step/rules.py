"""Two-Step parameters and the names shared by its modules (``RULINGS.md`` "Two-Step")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from referee.dominoes import (
    DEFAULT_MAX_PIPS,
    End,
    double_set,
)
from referee.errors import RefereeError

Source = Literal["hand", "card", "discard"]
#: Where a play may come from, in the order plays are listed.
SOURCES: tuple[Source, ...] = ("hand", "card", "discard")
#: The two open ends of the dance floor, in the order plays are listed.
ENDS: tuple[End, ...] = ("left", "right")
#: Reason of a round that ends with nobody able to play and nothing left to draw.
TWO_LEFT_FEET = "two left feet"
#: Reason of a round won by clearing a dance card.
CLEARED = "dance card cleared"


@dataclass(frozen=True)
class TwoStepRules:
    """Parameters of a Two-Step game; the defaults are ``RULINGS.md`` "Two-Step".

    Attributes
    ----------
    target : int
        Points that win the game (10).
    dance_card : int
        Tiles in each dance card (5); the bonus needs all of them.
    hand : int
        Tiles in a full hand (3).
    max_pips : int
        The set is double-``max_pips`` (6: 28 tiles, 168 pips).
    optional_plays : bool
        ``False`` (default): a player must play while a play is left and may
        discard only when none is.  ``True``: a player may stop at any time.
    lemonade_score : int
        A win with exactly this many points (11) earns the lemonade line.

    Raises
    ------
    referee.errors.RefereeError
        If a number is below 1 or the set is too small to deal (a ``ValueError``).
    """

    target: int = 10
    dance_card: int = 5
    hand: int = 3
    max_pips: int = DEFAULT_MAX_PIPS
    optional_plays: bool = False
    lemonade_score: int = 11

    def __post_init__(self) -> None:
        for name in ("target", "dance_card", "hand", "max_pips", "lemonade_score"):
            if getattr(self, name) < 1:
                raise RefereeError(f"{name} must be at least 1, got {getattr(self, name)}")
        try:
            tiles = len(double_set(self.max_pips))
        except ValueError as error:
            raise RefereeError(str(error)) from None
        if 2 * (self.dance_card + self.hand) > tiles:
            raise RefereeError(
                f"a double-{self.max_pips} set has {tiles} tiles, too few to deal two dance "
                f"cards of {self.dance_card} and two hands of {self.hand}"
            )


DEFAULT_RULES = TwoStepRules()
