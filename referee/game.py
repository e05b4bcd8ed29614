"""The small shape every game shares: parameters, a state, legal moves, an outcome.

Modelled on OpenSpiel's ``Game``/``State`` split (see ``../shared/STYLE.md``):

* a game module defines a frozen ``...Rules`` dataclass holding its parameters,
  each default declared once (the defaults are the rulings in ``RULINGS.md``);
* a ``State`` is immutable: :meth:`State.play` returns a new state, so states can
  be shared, hashed where useful, and searched by solvers;
* the end of a game or round is a returned :class:`Outcome`, never a set of flags.

Players are numbered from 0 inside the engines; the CLI and the web app number
them from 1 for people (Domineering names its players ``"H"`` and ``"V"``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

__all__ = ["GameSpec", "Outcome", "State", "Verdict"]


@dataclass(frozen=True)
class Outcome:
    """How a game or round ended.

    Attributes
    ----------
    winner : int or None
        Index of the winning player (0-based), or ``None`` when nobody wins
        (a shared win, a drawn match, a blocked Cross round tied for lowest,
        a Two-Step round with "two left feet").
    reason : str
        Why it ended, one short word or phrase: ``"blocked"``, ``"domino"``,
        ``"two left feet"``, ``"score"``, ...
    points : tuple of int
        Points each player scores from this ending, by player index.
    """

    winner: int | None
    reason: str
    points: tuple[int, ...] = ()


@dataclass(frozen=True)
class Verdict:
    """The answer to a yes/no question: may this domino go there, may H claim that pair?

    Attributes
    ----------
    legal : bool
        Whether the rules allow it.
    reason : str
        Why (not): the rule and the square, cell or tile it is about.

    >>> Verdict(False, "C3 is occupied (claimed by H)").to_json()
    {'legal': False, 'reason': 'C3 is occupied (claimed by H)'}
    """

    legal: bool
    reason: str

    def to_json(self) -> dict[str, Any]:
        """``{"legal": bool, "reason": str}``."""
        return {"legal": self.legal, "reason": self.reason}


@runtime_checkable
class State(Protocol):
    """A position in a game, with whose turn it is and what they may do."""

    @property
    def to_move(self) -> int | None:
        """Index of the player to move, or ``None`` once the game is over."""
        ...

    def legal_moves(self) -> Sequence[Any]:
        """Every legal move of the player to move, in a stable, sorted order.

        Empty exactly when the game is over (a player who must pass has the
        game's pass move here, never an empty list).
        """
        ...

    def play(self, move: Any) -> State:
        """Return the state after ``move``.

        Raises
        ------
        referee.errors.IllegalMoveError
            If ``move`` is not legal here; the message gives the rule.
        """
        ...

    def outcome(self) -> Outcome | None:
        """The ending, or ``None`` while the game goes on."""
        ...


class _NewGame(Protocol):
    def __call__(self, *, seed: int | None = None) -> State: ...


@dataclass(frozen=True)
class GameSpec:
    """What the registry knows of one game.

    Attributes
    ----------
    name : str
        Registry key, as typed on the command line: ``"kingdomino"``,
        ``"domineering"``, ``"cross"``, ``"two-step"``.
    title : str
        Name shown to players.
    summary : str
        One sentence: what Referee answers for this game.
    rules : str
        The rule text this engine follows, relative to ``../shared``
        (e.g. ``"rules/cross.txt"``); ``RULINGS.md`` decides unclear points.
    players : tuple of str
        Names of the player seats for a default game (``("H", "V")``,
        ``("1", "2")``).
    new_game : callable
        ``new_game(seed=None) -> State``: a fresh game with the default rules,
        dealt or shuffled from ``seed``.
    """

    name: str
    title: str
    summary: str
    rules: str
    players: tuple[str, ...]
    new_game: _NewGame
