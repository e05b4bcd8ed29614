"""Scoring a Cross round, and a match to a target (``rules/cross.txt``, ``RULINGS.md``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from referee.cross.rules import DEALT, MAX_PIPS, CrossRules
from referee.dominoes import Tile, check_tiles, double_set, pip_total
from referee.errors import IllegalMoveError, ImpossiblePositionError, RefereeError

__all__ = ["Match", "RoundResult", "match_result", "round_result"]


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round was scored (``rules/cross.txt``, ``RULINGS.md``).

    Attributes
    ----------
    winner : int or None
        0-based index of who went out, else of the lowest pip total; ``None``
        when a blocked round is tied for lowest.
    points : int
        What the winner scores: pips in all other hands minus pips in their own
        (0 when tied).
    pips : tuple of int
        Pips left in each hand, by player.
    tied : bool
        A blocked round tied for lowest: nobody scores.
    went_out : bool
        The winner played their last tile (dominoed).
    """

    winner: int | None
    points: int
    pips: tuple[int, ...]
    tied: bool = False
    went_out: bool = False

    def to_json(self) -> dict[str, Any]:
        """``{"winner": int | None (from 1), "points", "pips": [...], "tied"}``."""
        winner = None if self.winner is None else self.winner + 1
        return {"winner": winner, "points": self.points, "pips": list(self.pips), "tied": self.tied}

    def __str__(self) -> str:
        pips = ", ".join(f"player {n}: {p}" for n, p in enumerate(self.pips, 1))
        if self.winner is None:
            return f"blocked, tied for lowest: nobody scores (pips {pips})"
        how = "went out" if self.went_out else "lowest pip total"
        return f"player {self.winner + 1} wins {self.points} points ({how}; pips {pips})"


def round_result(hands: Sequence[Sequence[Tile]], *, went_out: int | None = None) -> RoundResult:
    """Score a finished round from the tiles left in each hand.

    Parameters
    ----------
    hands : sequence of sequences of Tile
        The tiles left in each hand, in seat order (2 to 4 hands).
    went_out : int or None
        0-based index of the player who played their last tile.  ``None``: a
        hand holding no tile means that player went out; with no empty hand the
        round was blocked.

    Returns
    -------
    RoundResult
        Winner, points, pips per hand (points and pips are ints).

    Raises
    ------
    referee.errors.RefereeError
        Fewer than 2 or more than 4 hands, or ``went_out`` not naming a hand.
    referee.errors.ImpossiblePositionError
        A tile outside the double-six set or in two hands (naming the tile and
        hands); all 28 tiles in the hands (the lead is on the table); more tiles
        in the hands than the one who went out can have left (they set at least the
        tiles dealt them: 28 - 6 for 2 or 3 players, 28 - 5 for 4); two or more
        empty hands (only one player can go out);
        ``went_out`` naming a hand that is not empty.

    >>> from referee.dominoes import parse_hand
    >>> print(round_result([parse_hand("6-6 0-1"), parse_hand("2-3 1-4")]))
    player 2 wins 3 points (lowest pip total; pips player 1: 13, player 2: 10)
    """
    if not 2 <= len(hands) <= 4:
        count = len(hands)
        raise RefereeError(
            f"Cross is for 2 to 4 players, got {count} hand{'' if count == 1 else 's'}"
        )
    check_tiles(hands, max_pips=MAX_PIPS)
    if sum(map(len, hands)) == len(double_set(MAX_PIPS)):
        raise ImpossiblePositionError(
            "all 28 tiles are in the hands, but a round starts with the lead double on the table"
        )
    pips = tuple(pip_total(hand) for hand in hands)
    empty = [number for number, hand in enumerate(hands) if not hand]
    if went_out is None:
        if len(empty) > 1:
            shown = ", ".join(str(number + 1) for number in empty[:-1])
            shown = f"{shown} and {empty[-1] + 1}"
            raise ImpossiblePositionError(
                f"players {shown} {'both' if len(empty) == 2 else 'all'} have empty hands: "
                "only one player can go out"
            )
        went_out = empty[0] if empty else None
    elif not 0 <= went_out < len(hands):
        raise RefereeError(f"went_out must name one of the {len(hands)} hands, not {went_out}")
    elif hands[went_out]:
        raise ImpossiblePositionError(
            f"player {went_out + 1} did not go out: their hand is not empty"
        )
    if went_out is not None:
        # The player who went out set every tile dealt to them (7, 6 or 5 for 2, 3 or 4
        # players; the variant deals 6 regardless: the fewer counts), so at least that
        # many tiles are on the table and not in the hands (rules/cross.txt).
        dealt = min(DEALT[len(hands)], 6)
        held = sum(map(len, hands))
        if held > len(double_set(MAX_PIPS)) - dealt:
            raise ImpossiblePositionError(
                f"{held} tiles are in the hands, but player {went_out + 1} went out after "
                f"setting every tile dealt to them (at least {dealt}): at most "
                f"{len(double_set(MAX_PIPS)) - dealt} can be left"
            )
        winner = went_out
    else:
        lowest = min(pips)
        if pips.count(lowest) > 1:
            return RoundResult(None, 0, pips, tied=True)
        winner = pips.index(lowest)
    points = sum(pips) - 2 * pips[winner]
    return RoundResult(winner, points, pips, went_out=went_out is not None)


@dataclass(frozen=True, slots=True)
class Match:
    """Rounds added up to a target; the first player to reach it wins.

    Attributes
    ----------
    players : int
        2 to 4.
    target : int
        50, 100, 150, 200 or 250 points.
    rounds : tuple of RoundResult
        The rounds so far, in order.

    >>> match = Match(2, target=50).add(RoundResult(0, 30, (0, 30), went_out=True))
    >>> match.add(RoundResult(0, 25, (3, 28))).winner, match.scores
    (0, (30, 0))
    """

    players: int = 2
    target: int = 100
    rounds: tuple[RoundResult, ...] = ()

    def __post_init__(self) -> None:
        CrossRules(players=self.players, target=self.target)  # validates both

    @property
    def scores(self) -> tuple[int, ...]:
        """Points of each player so far."""
        scores = [0] * self.players
        for result in self.rounds:
            if result.winner is not None:
                scores[result.winner] += result.points
        return tuple(scores)

    @property
    def winner(self) -> int | None:
        """0-based index of the first player to reach the target, else ``None``."""
        scores = [0] * self.players
        for result in self.rounds:
            if result.winner is not None:
                scores[result.winner] += result.points
                if scores[result.winner] >= self.target:
                    return result.winner
        return None

    def add(self, result: RoundResult) -> Match:
        """Return the match with one more round.

        Raises
        ------
        referee.errors.RefereeError
            If the round is for another number of players.
        referee.errors.IllegalMoveError
            If the match is already won.
        """
        if len(result.pips) != self.players:
            raise RefereeError(
                f"a round of {len(result.pips)} players in a {self.players}-player match"
            )
        if self.winner is not None:
            raise IllegalMoveError(
                f"the match is over: player {self.winner + 1} reached {self.target}"
            )
        return replace(self, rounds=(*self.rounds, result))

    def to_json(self) -> dict[str, Any]:
        """``{"target", "rounds": [RoundResult.to_json(), ...], "scores": [points by
        player], "winner": int | None}`` (players numbered from 1, as the CLI does)."""
        winner = self.winner
        return {
            "target": self.target,
            "rounds": [result.to_json() for result in self.rounds],
            "scores": list(self.scores),
            "winner": None if winner is None else winner + 1,
        }


def match_result(rounds: Sequence[Sequence[Sequence[Tile]]], *, target: int = 100) -> Match:
    """Score each round from the tiles left in each hand and add the rounds up.

    Parameters
    ----------
    rounds : sequence of rounds, each a sequence of hands (sequences of Tile)
        The rounds in order; each round's hands in seat order (2 to 4, the same
        number in every round).
    target : int
        Points that win the match: 50, 100, 150, 200 or 250 (``rules/cross.txt``).

    Returns
    -------
    Match
        The rounds added up; ``winner`` is the first player to reach ``target``.

    Raises
    ------
    referee.errors.RefereeError
        No round, a bad target, or a round for another number of players.
    referee.errors.ImpossiblePositionError
        A round's hands are impossible (see :func:`round_result`).
    referee.errors.IllegalMoveError
        A round after the match was won.
    Each message starts with the round it is about (``"round 2: ..."``).

    >>> from referee.dominoes import parse_hand
    >>> match = match_result([[parse_hand("6-6"), parse_hand("")]], target=50)
    >>> match.scores, match.winner
    ((0, 12), None)
    """
    if not rounds:
        raise RefereeError("a match needs at least one round")
    record = Match(players=len(rounds[0]) if 2 <= len(rounds[0]) <= 4 else 2, target=target)
    for number, hands in enumerate(rounds, 1):
        try:
            record = record.add(round_result(hands))
        except RefereeError as error:
            raise type(error)(f"round {number}: {error}") from None
    return record
