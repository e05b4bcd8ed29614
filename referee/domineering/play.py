"""Analysis of a position, the game interface (:mod:`referee.game`) and matches."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.domineering.board import (
    MAX_SIZE,
    SIDES,
    Move,
    Position,
    Side,
    apply_move,
    format_position,
    legal_moves,
    other_side,
    side_named,
    to_move,
)
from referee.domineering.solver import DEFAULT_NODE_LIMIT, SearchLimitError, solve
from referee.game import Outcome

__all__ = ["Analysis", "DomineeringRules", "DomineeringState", "Match", "analyze", "new_game"]


# --- analysis and perfect play ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Analysis:
    """What Referee says about a position: side to move, legal pairs, blocked, winner.

    ``blocked`` is true when the side to move has no legal pair: it has lost at
    once and ``winner`` is the other side (``rules/domineering.txt``); otherwise
    ``winner`` is ``None``.  ``perfect_play`` is the winner with perfect play, set
    only when asked for (``perfect_play_asked``); ``None`` if not asked, or not
    found within the node limit.
    """

    position: Position
    to_move: Side
    legal_moves: Mapping[Side, tuple[Move, ...]]
    blocked: bool
    winner: Side | None
    perfect_play: Side | None = None
    perfect_play_asked: bool = False

    def to_json(self) -> dict[str, Any]:
        """``{"position", "to_move", "legal_moves": {"H", "V"}, "blocked", "winner"}``.

        Plus ``"perfect_play"`` when the analysis was asked to solve.
        """
        payload: dict[str, Any] = {
            "position": format_position(self.position),
            "to_move": self.to_move,
            "legal_moves": {side: [str(m) for m in self.legal_moves[side]] for side in SIDES},
            "blocked": self.blocked,
            "winner": self.winner,
        }
        if self.perfect_play_asked:
            payload["perfect_play"] = self.perfect_play
        return payload


def analyze(
    pos: Position, *, perfect_play: bool = False, node_limit: int = DEFAULT_NODE_LIMIT
) -> Analysis:
    """Analyse ``pos``; with ``perfect_play``, add the winner with perfect play.

    Raises
    ------
    referee.errors.ImpossiblePositionError
        If ``pos`` cannot arise under the rules.
    """
    side = to_move(pos)
    moves = {s: tuple(legal_moves(pos, s)) for s in SIDES}
    blocked = not moves[side]
    perfect: Side | None = None
    if perfect_play:
        try:
            perfect = solve(pos, node_limit=node_limit)
        except SearchLimitError:
            perfect = None
    return Analysis(
        position=pos,
        to_move=side,
        legal_moves=moves,
        blocked=blocked,
        winner=other_side(side) if blocked else None,
        perfect_play=perfect,
        perfect_play_asked=perfect_play,
    )


# --- the game interface and matches -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DomineeringRules:
    """Parameters of a game; defaults from ``RULINGS.md`` (5x5, H starts).

    Raises
    ------
    ValueError
        If ``rows`` or ``cols`` is not 1 to 8, or ``first`` is not H or V.
    """

    rows: int = 5
    cols: int = 5
    first: Side = "H"

    def __post_init__(self) -> None:
        for name, value in (("rows", self.rows), ("cols", self.cols)):
            if not (isinstance(value, int) and 1 <= value <= MAX_SIZE):
                raise ValueError(f"a board has 1 to {MAX_SIZE} {name}, got {value!r}")
        side_named(self.first, "the side that moves first")


@dataclass(frozen=True, slots=True)
class DomineeringState:
    """A game in progress, for :mod:`referee.game`: player 0 is H, player 1 is V."""

    position: Position

    @property
    def to_move(self) -> int | None:
        """0 for H, 1 for V; ``None`` once the side to move is blocked (game over)."""
        side = to_move(self.position)
        return SIDES.index(side) if legal_moves(self.position, side) else None

    def legal_moves(self) -> list[Move]:
        """The side to move's legal pairs, sorted; empty when it is blocked."""
        return legal_moves(self.position, to_move(self.position))

    def play(self, move: Move) -> DomineeringState:
        """The state after the side to move claims ``move`` (IllegalMoveError if illegal)."""
        return DomineeringState(apply_move(self.position, move))

    def outcome(self) -> Outcome | None:
        """``Outcome(winner, "blocked", points)`` once the side to move has no pair."""
        side = to_move(self.position)
        if legal_moves(self.position, side):
            return None
        winner = SIDES.index(other_side(side))
        return Outcome(winner, "blocked", (1, 0) if winner == 0 else (0, 1))


def new_game(
    *, seed: int | None = None, rules: DomineeringRules = DomineeringRules()
) -> DomineeringState:
    """An empty board (``seed`` is unused: Domineering deals nothing)."""
    return DomineeringState(Position.empty(rules.rows, rules.cols, first=rules.first))


@dataclass(frozen=True, slots=True)
class Match:
    """A two-game match between person 1 and person 2 (``RULINGS.md``).

    Game 1: person 1 plays ``first`` (H by default) and moves first.  Game 2: the
    persons swap orientations and the other person moves first, so person 2
    plays ``first`` and starts.  1-1 is a drawn match, 2-0 wins it.

    Attributes
    ----------
    winners : tuple of {"H", "V"}
        The winning orientation of each game played so far (0 to 2 games).
    first : {"H", "V"}
        The orientation that moves first in each game.

    >>> match = Match().record("H").record("V")
    >>> match.wins, match.outcome()
    ((2, 0), Outcome(winner=0, reason='2-0', points=(2, 0)))
    """

    winners: tuple[Side, ...] = ()
    first: Side = "H"

    def __post_init__(self) -> None:
        if len(self.winners) > 2:
            raise ValueError(f"a match has two games, not {len(self.winners)}")
        for winner in self.winners:
            side_named(winner, "a game's winner")

    def orientation(self, person: int, game: int) -> Side:
        """What ``person`` (1 or 2) plays in ``game`` (1 or 2)."""
        if person not in (1, 2) or game not in (1, 2):
            raise ValueError(f"persons and games are 1 or 2, got person {person}, game {game}")
        return self.first if person == game else other_side(self.first)

    def starter(self, game: int) -> int:
        """The person (1 or 2) who moves first in ``game``."""
        return 1 if game == 1 else 2

    def record(self, winner: Side) -> Match:
        """The match with the next game won by ``winner`` (an orientation)."""
        if len(self.winners) >= 2:
            raise ValueError("both games of the match are already recorded")
        return Match((*self.winners, side_named(winner, "a game's winner")), self.first)

    @property
    def wins(self) -> tuple[int, int]:
        """Games won by person 1 and person 2."""
        won = [0, 0]
        for game, winner in enumerate(self.winners, start=1):
            won[0 if self.orientation(1, game) == winner else 1] += 1
        return (won[0], won[1])

    def outcome(self) -> Outcome | None:
        """``None`` until both games are played; then the person index (0, 1) or a draw."""
        if len(self.winners) < 2:
            return None
        one, two = self.wins
        if one == two:
            return Outcome(None, "drawn 1-1", (one, two))
        return Outcome(0 if one > two else 1, "2-0", (one, two))
