"""A 2-player game of Kingdomino as an immutable state (``rules/kingdomino-2p.txt``).

Standard game (``size=5``): 24 of the 48 dominoes, rows of 4, two kings each,
6 rows; Mighty Duel (``size=7``): all 48 dominoes, 12 rows (``RULINGS.md``).

Turn order: the kings are first drawn at random and each claims a domino of
the first row (:class:`Pick`).  Then the player whose king stands on the
lowest-numbered domino of the current row places it (:class:`Place`), or
discards it when it fits nowhere (:class:`Discard`, then the only legal move),
and picks a domino of the next row; after the last row there is nothing to pick.

Each kingdom is kept on a ``(2 * size - 1)``-square plane with the castle in
its middle, ``(size - 1, size - 1)``, so every frame the kingdom may grow into
fits; :meth:`KingdominoState.kingdom` crops it to the squares placed.

>>> state = KingdominoRules().new_game(seed=1)
>>> state.to_move in (0, 1), str(state.legal_moves()[0]).startswith("pick ")
(True, True)
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from typing import Any

from referee.errors import IllegalMoveError, NotationError
from referee.game import Outcome
from referee.kingdomino.kingdom import CASTLE_SQUARE, Kingdom, Square
from referee.kingdomino.placement import (
    DIRECTIONS,
    Direction,
    all_placements,
    parse_direction,
    placement_fault,
    second_square,
)
from referee.kingdomino.scoring import Score, check_frame_size, decide, score
from referee.kingdomino.tiles import TILES, tile

__all__ = [
    "Discard",
    "KingdominoRules",
    "KingdominoState",
    "Move",
    "Pick",
    "Place",
    "new_game",
    "parse_move",
]

ROW_LENGTH = 4
KINGS_PER_PLAYER = 2
PLAYERS = 2


@dataclass(frozen=True, order=True)
class Place:
    """Place the domino under your king: first square at ``at`` (on the plane),
    second ``toward`` a side.  Notation ``place 4,5 right``."""

    at: tuple[int, int]
    toward: Direction

    def __str__(self) -> str:
        return f"place {self.at[0]},{self.at[1]} {self.toward}"


@dataclass(frozen=True, order=True)
class Discard:
    """Discard domino ``number``: it fits nowhere.  Notation ``discard 12``."""

    number: int

    def __str__(self) -> str:
        return f"discard {self.number}"


@dataclass(frozen=True, order=True)
class Pick:
    """Put a king on domino ``number`` of the next row.  Notation ``pick 23``."""

    number: int

    def __str__(self) -> str:
        return f"pick {self.number}"


Move = Place | Discard | Pick

_MOVE = re.compile(
    r"\s*(?:(?P<place>place)\s+(?P<row>\d+)\s*,\s*(?P<col>\d+)\s+(?P<toward>\w+)"
    r"|(?P<verb>discard|pick)\s+(?P<number>\d+))\s*",
    re.IGNORECASE,
)


def parse_move(text: str) -> Move:
    """Parse ``place ROW,COL DIRECTION``, ``discard N`` or ``pick N``.

    >>> parse_move("place 4,5 down"), parse_move("pick 23")
    (Place(at=(4, 5), toward='down'), Pick(number=23))

    Raises
    ------
    NotationError
        If ``text`` is none of these.
    """
    match = _MOVE.fullmatch(text)
    if match is None:
        raise NotationError(
            "a move is 'place ROW,COL DIRECTION', 'discard N' or 'pick N'", text=text, index=0
        )
    if match["place"]:
        return Place((int(match["row"]), int(match["col"])), parse_direction(match["toward"]))
    number = int(match["number"])
    return Pick(number) if match["verb"].lower() == "pick" else Discard(number)


@dataclass(frozen=True)
class KingdominoRules:
    """Parameters of a 2-player game; defaults per ``RULINGS.md``.

    Attributes
    ----------
    size : int
        Kingdom frame side: 5 (standard, 24 dominoes) or 7 (Mighty Duel, 48).
    middle_kingdom, harmony : bool
        Whether the optional bonuses count (off by default).  Harmony is never
        given to a player who discarded a domino.
    """

    size: int = 5
    middle_kingdom: bool = False
    harmony: bool = False

    def __post_init__(self) -> None:
        check_frame_size(self.size)

    @property
    def dominoes(self) -> int:
        """Dominoes in play: 24 (standard) or 48 (Mighty Duel)."""
        return len(TILES) if self.size == 7 else len(TILES) // 2

    @property
    def plane(self) -> int:
        """Side of the plane each kingdom is kept on: ``2 * size - 1`` squares."""
        return 2 * self.size - 1

    def new_game(self, *, seed: int | None = None) -> KingdominoState:
        """Shuffle the dominoes and draw the kings' order from ``seed``."""
        rng = random.Random(seed)
        deck = tuple(rng.sample(range(1, len(TILES) + 1), self.dominoes))
        kings = [player for player in range(PLAYERS) for _ in range(KINGS_PER_PLAYER)]
        rng.shuffle(kings)
        middle = (self.size - 1, self.size - 1)
        land = ((middle, CASTLE_SQUARE),)
        return KingdominoState(
            rules=self,
            deck=deck[ROW_LENGTH:],
            current=(),
            next_row=tuple((number, None) for number in sorted(deck[:ROW_LENGTH])),
            pickers=tuple(kings),
            lands=(land, land),
            discards=(0, 0),
        )


def new_game(*, seed: int | None = None) -> KingdominoState:
    """A standard 2-player game (5x5) shuffled from ``seed``."""
    return KingdominoRules().new_game(seed=seed)


@dataclass(frozen=True)
class KingdominoState:
    """A position: the draw pile, both rows, the kings, both kingdoms.

    Attributes
    ----------
    rules : KingdominoRules
    deck : tuple of int
        Domino numbers still in the draw pile, in draw order.
    current : tuple of (int, int)
        ``(number, owner)`` of the current row's dominoes still to be placed,
        lowest number first.
    next_row : tuple of (int, int or None)
        ``(number, owner or None)`` of the next row, lowest number first.
    pickers : tuple of int
        Players who must pick from the next row before anything else, in order.
    lands : tuple of two tuples of ((int, int), Square)
        Each player's placed squares on the plane, castle included, row-major.
    discards : tuple of (int, int)
        Dominoes each player has discarded.
    """

    rules: KingdominoRules
    deck: tuple[int, ...]
    current: tuple[tuple[int, int], ...]
    next_row: tuple[tuple[int, int | None], ...]
    pickers: tuple[int, ...]
    lands: tuple[tuple[tuple[tuple[int, int], Square], ...], ...]
    discards: tuple[int, ...]

    @property
    def to_move(self) -> int | None:
        """The player to pick, else the one whose king is on the lowest current domino."""
        if self.pickers:
            return self.pickers[0]
        if self.current:
            return self.current[0][1]
        return None

    def _placements(self, player: int, number: int) -> list[tuple[tuple[int, int], Direction]]:
        side = self.rules.plane
        return all_placements(
            dict(self.lands[player]), tile(number), size=self.rules.size, bounds=(side, side)
        )

    def legal_moves(self) -> list[Move]:
        """Picks of free next-row dominoes, else placements of the current domino
        (sorted by square then right, down, left, up), else its discard."""
        if self.pickers:
            return [Pick(number) for number, owner in self.next_row if owner is None]
        if not self.current:
            return []
        number, player = self.current[0]
        placements = self._placements(player, number)
        if not placements:
            return [Discard(number)]
        return [Place(at, toward) for at, toward in placements]

    def play(self, move: Move) -> KingdominoState:
        """The state after ``move``.

        Raises
        ------
        IllegalMoveError
            If ``move`` is not legal here; the message gives the rule.
        """
        if self.to_move is None:
            raise IllegalMoveError("the game is over")
        player = self.to_move
        if isinstance(move, Pick):
            if not self.pickers:
                raise IllegalMoveError(
                    f"player {player + 1} must place domino {self.current[0][0]} before picking"
                )
            free = [number for number, owner in self.next_row if owner is None]
            if move.number not in free:
                raise IllegalMoveError(
                    f"domino {move.number} is not free in the next row (free: "
                    f"{', '.join(map(str, free))})"
                )
            row = tuple((n, player if n == move.number else o) for n, o in self.next_row)
            return replace(self, next_row=row, pickers=self.pickers[1:])._advance()
        if self.pickers:
            raise IllegalMoveError(f"player {player + 1} must pick a domino of the next row")
        number = self.current[0][0]
        if isinstance(move, Discard):
            if move.number != number:
                raise IllegalMoveError(f"the domino to place is {number}, not {move.number}")
            if self._placements(player, number):
                raise IllegalMoveError(
                    f"domino {number} fits in the kingdom: it may not be discarded"
                )
            discards = tuple(d + (p == player) for p, d in enumerate(self.discards))
            return replace(self, discards=discards)._after_placing(player)
        if not isinstance(move, Place) or move.toward not in DIRECTIONS:
            raise IllegalMoveError(f"not a Kingdomino move: {move!r}")
        side = self.rules.plane
        domino = tile(number)
        fault, _ = placement_fault(
            dict(self.lands[player]),
            domino,
            move.at,
            move.toward,
            size=self.rules.size,
            bounds=(side, side),
        )
        if fault is not None:
            raise IllegalMoveError(f"cannot place domino {number} with {move}: {fault}")
        added = {move.at: domino[0], second_square(move.at, move.toward): domino[1]}
        land = tuple(sorted((*self.lands[player], *added.items())))
        lands = tuple(land if p == player else mine for p, mine in enumerate(self.lands))
        return replace(self, lands=lands)._after_placing(player)

    def _after_placing(self, player: int) -> KingdominoState:
        picks = (player,) if any(owner is None for _, owner in self.next_row) else ()
        return replace(self, current=self.current[1:], pickers=picks)._advance()

    def _advance(self) -> KingdominoState:
        """Start a new row once the current one is placed and the next one claimed."""
        if self.pickers or self.current or not self.next_row:
            return self
        current = tuple((n, owner) for n, owner in self.next_row if owner is not None)
        drawn = tuple((n, None) for n in sorted(self.deck[:ROW_LENGTH]))
        return replace(self, current=current, next_row=drawn, deck=self.deck[ROW_LENGTH:])

    def kingdom(self, player: int) -> Kingdom:
        """Player ``player``'s (0-based) kingdom, cropped to the squares placed."""
        land = dict(self.lands[player])
        top = min(r for r, _ in land)
        left = min(c for _, c in land)
        bottom = max(r for r, _ in land)
        right = max(c for _, c in land)
        grid = Kingdom.empty(bottom - top + 1, right - left + 1)
        return grid.replace({(r - top, c - left): s for (r, c), s in land.items()})

    def scores(self) -> tuple[Score, Score]:
        """Both kingdoms' scores now, with the bonuses of the rules (no Harmony after
        a discard)."""
        first, second = (
            score(
                self.kingdom(player),
                middle_kingdom=self.rules.middle_kingdom,
                harmony=self.rules.harmony and self.discards[player] == 0,
                size=self.rules.size,
            )
            for player in range(PLAYERS)
        )
        return first, second

    def outcome(self) -> Outcome | None:
        """Once every domino is placed or discarded: the tie-break of ``RULINGS.md``;
        ``reason`` is what decided it, ``points`` both totals."""
        if self.to_move is not None:
            return None
        first, second = self.scores()
        winner, decided_by = decide(first, second)
        return Outcome(
            winner=None if winner is None else winner - 1,
            reason=decided_by,
            points=(first.total, second.total),
        )

    def to_json(self) -> dict[str, Any]:
        """A summary for the web app: rows, kings, kingdoms in notation."""
        return {
            "to_move": self.to_move,
            "deck": len(self.deck),
            "current": [list(item) for item in self.current],
            "next_row": [list(item) for item in self.next_row],
            "kingdoms": [str(self.kingdom(player)) for player in range(PLAYERS)],
            "discards": list(self.discards),
        }
