"""The parameters of a Cross round and match (``rules/cross.txt``, ``RULINGS.md``)."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from referee.errors import RefereeError

__all__ = ["DEALT", "MAX_BONEYARD", "MAX_PIPS", "TARGETS", "VARIANT_DEAL", "CrossRules"]

#: Cross is played with a double-six set.
MAX_PIPS = 6
#: Match targets the rules allow (points).
TARGETS = (50, 100, 150, 200, 250)
#: Tiles dealt to each player, by the number of players (rules/cross.txt; the variant
#: deals 6 regardless).
DEALT = MappingProxyType({2: 7, 3: 6, 4: 5})
#: Tiles dealt to each player under the rules' variant ("an initial 6 dominoes regardless").
VARIANT_DEAL = 6
#: The most tiles a Cross boneyard ever holds: 28 less the tiles dealt, at its largest with
#: 2 players dealt 6 each (the variant): 16; 14 with the usual 7 each, 10 and 8 for 3 and 4
#: players.  Tiles only ever leave the boneyard.
MAX_BONEYARD = max(28 - players * min(each, VARIANT_DEAL) for players, each in DEALT.items())


@dataclass(frozen=True, slots=True)
class CrossRules:
    """The parameters of a Cross round and match; defaults per ``RULINGS.md``.

    Attributes
    ----------
    players : int
        2 to 4.
    hand_size : int or None
        Tiles dealt to each player; ``None`` deals 7, 6 or 5 for 2, 3 or 4
        players (``rules/cross.txt``); the rules' variant is 6 regardless.
    later_spinners : bool
        Every later double is a spinner (default); ``False``: only the first.
    last_two_never_drawn : bool
        Variant: the last two boneyard tiles are never drawn (default off).
    close_lead_sides : bool
        Variant: once every player has had a turn, sides of the lead double
        still open are closed for the rest of the round (default off).
    target : int
        Match target in points: 50, 100 (default), 150, 200 or 250.

    Raises
    ------
    referee.errors.RefereeError
        For a value outside those ranges, or more tiles dealt than the set has.
    """

    players: int = 2
    hand_size: int | None = None
    later_spinners: bool = True
    last_two_never_drawn: bool = False
    close_lead_sides: bool = False
    target: int = 100

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 4:
            raise RefereeError(f"Cross is for 2 to 4 players, not {self.players}")
        if self.hand_size is not None and self.hand_size < 1:
            raise RefereeError(f"a hand has at least 1 tile, not {self.hand_size}")
        if self.hand_size is not None and self.hand_size * self.players > 28:
            raise RefereeError(
                f"{self.players} hands of {self.hand_size} tiles do not fit a 28-tile set"
            )
        if self.target not in TARGETS:
            shown = ", ".join(map(str, TARGETS))
            raise RefereeError(f"a match target is one of {shown} points, not {self.target}")

    @property
    def tiles_each(self) -> int:
        """Tiles dealt to each player."""
        return self.hand_size if self.hand_size is not None else DEALT[self.players]

    @property
    def never_drawn(self) -> int:
        """Boneyard tiles that are never drawn (0, or 2 with the variant)."""
        return 2 if self.last_two_never_drawn else 0
