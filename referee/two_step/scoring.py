"""Two-Step round results, the match tally, the lemonade line and the rounds notation."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.errors import ImpossiblePositionError, NotationError
from referee.two_step.rules import CLEARED, DEFAULT_RULES, TWO_LEFT_FEET, TwoStepRules


@dataclass(frozen=True)
class RoundResult:
    """How a round ended: a returned value, never a set of flags.

    Attributes
    ----------
    winner : int or None
        Player (0-based) who cleared their dance card; ``None`` for two left feet.
    reason : str
        ``"dance card cleared"`` or ``"two left feet"``.
    points : (int, int)
        Points each player scores: 1 for clearing, +1 bonus if the opponent's
        dance card is still whole; (0, 0) for two left feet.
    bonus : int
        The bonus point included in ``points`` (0 or 1).
    opponent_card : int or None
        Tiles left in the loser's dance card; ``None`` for two left feet.
    """

    winner: int | None
    reason: str
    points: tuple[int, int]
    bonus: int = 0
    opponent_card: int | None = None

    def to_json(self) -> dict[str, Any]:
        """JSON-ready dict; players numbered from 1."""
        return {
            "winner": None if self.winner is None else self.winner + 1,
            "reason": self.reason,
            "points": list(self.points),
            "bonus": self.bonus,
            "opponent_card": self.opponent_card,
        }


def score_round(
    winner: int, opponent_card: int, rules: TwoStepRules = DEFAULT_RULES
) -> RoundResult:
    """The result of a round won by ``winner`` clearing their dance card.

    Parameters
    ----------
    winner : int
        0 or 1.
    opponent_card : int
        Tiles left in the opponent's dance card (1 to ``rules.dance_card``).

    Returns
    -------
    RoundResult
        1 point, plus 1 bonus when the opponent's card still holds all its tiles
        (``rules/two-step.txt``, Scoring).

    Raises
    ------
    referee.errors.ImpossiblePositionError
        If ``winner`` is not 0 or 1 or ``opponent_card`` is out of range.
    """
    if winner not in (0, 1):
        raise ImpossiblePositionError(f"the winner is player 1 or 2, got player {winner + 1}")
    if not 1 <= opponent_card <= rules.dance_card:
        raise ImpossiblePositionError(
            f"the opponent's dance card holds 1 to {rules.dance_card} tiles when the round "
            f"ends, got {opponent_card}"
        )
    bonus = 1 if opponent_card == rules.dance_card else 0
    points = [0, 0]
    points[winner] = 1 + bonus
    return RoundResult(winner, CLEARED, (points[0], points[1]), bonus, opponent_card)


# --- the match -------------------------------------------------------------------------------


def lemonade_line(
    winner: int, scores: Sequence[int], rules: TwoStepRules = DEFAULT_RULES
) -> str | None:
    """The forfeit for a win with exactly 11 points, else ``None`` (``rules/two-step.txt``).

    >>> lemonade_line(0, (11, 7))
    'Player 2 owes player 1 a glass of lemonade.'
    >>> lemonade_line(0, (10, 7)) is None
    True
    """
    if scores[winner] != rules.lemonade_score:
        return None
    return f"Player {2 - winner} owes player {winner + 1} a glass of lemonade."


@dataclass(frozen=True)
class MatchRecord:
    """The rounds of a match added up.

    Attributes
    ----------
    rounds : tuple of RoundResult
    scores : (int, int)
        Points of each player after the last round.
    winner : int or None
        First player to reach ``target`` (0-based), ``None`` while nobody has.
    lemonade : str or None
        The lemonade line when the winner has exactly 11 points.
    target : int
    """

    rounds: tuple[RoundResult, ...]
    scores: tuple[int, int]
    winner: int | None
    lemonade: str | None
    target: int

    def to_json(self) -> dict[str, Any]:
        """JSON-ready dict; players numbered from 1."""
        running = [0, 0]
        rounds = []
        for result in self.rounds:
            running = [a + b for a, b in zip(running, result.points, strict=True)]
            rounds.append({**result.to_json(), "scores": list(running)})
        return {
            "rounds": rounds,
            "scores": list(self.scores),
            "winner": None if self.winner is None else self.winner + 1,
            "target": self.target,
            "lemonade": self.lemonade,
        }


def tally(results: Sequence[RoundResult], rules: TwoStepRules = DEFAULT_RULES) -> MatchRecord:
    """Add up round results; the first player to reach ``rules.target`` wins.

    Raises
    ------
    referee.errors.ImpossiblePositionError
        If a round comes after the match was won.

    >>> record = tally([score_round(0, 5)] * 4 + [score_round(1, 4)] + [score_round(0, 4)] * 2)
    >>> record.scores, record.winner, record.lemonade
    ((10, 1), 0, None)
    """
    scores = [0, 0]
    winner: int | None = None
    for number, result in enumerate(results, start=1):
        if winner is not None:
            raise ImpossiblePositionError(
                f"round {number} comes after player {winner + 1} won with {scores[winner]} points"
            )
        scores = [a + b for a, b in zip(scores, result.points, strict=True)]
        if result.winner is not None and scores[result.winner] >= rules.target:
            winner = result.winner
    lemonade = None if winner is None else lemonade_line(winner, scores, rules)
    return MatchRecord(tuple(results), (scores[0], scores[1]), winner, lemonade, rules.target)


def format_rounds(results: Sequence[RoundResult]) -> str:
    """Round results as ``1:5 feet 2:3``: the winner, a colon and the tiles left in
    the opponent's dance card, or ``feet`` for two left feet.
    """
    return " ".join(
        "feet" if r.winner is None else f"{r.winner + 1}:{r.opponent_card}" for r in results
    )


def parse_rounds(text: str, rules: TwoStepRules = DEFAULT_RULES) -> tuple[RoundResult, ...]:
    """Parse round results written as in :func:`format_rounds` (spaces or commas).

    A round may be written with spaces around its colon (``1 : 5``, as typed on a phone);
    the column named in an error is that of the text as given.

    Raises
    ------
    referee.errors.NotationError
        Naming the column of the round that is wrong.

    >>> [r.points for r in parse_rounds("1:5, feet 2:1")]
    [(2, 0), (0, 0), (0, 1)]
    >>> [r.points for r in parse_rounds("1 : 5 2: 1")]
    [(2, 0), (0, 1)]
    """
    results: list[RoundResult] = []
    for match in re.finditer(r"[^\s,:]+\s*:\s*[^\s,:]*|[^\s,]+", text):
        word = match.group().lower()
        if word == "feet":
            results.append(RoundResult(None, TWO_LEFT_FEET, (0, 0)))
            continue
        parsed = re.fullmatch(r"([12])\s*:\s*([0-9]{1,2})", word)
        if parsed is None:
            raise NotationError(
                "a round is WINNER:CARD (player 1 or 2, tiles left in the opponent's dance "
                "card) or 'feet' for two left feet",
                text=text,
                index=match.start(),
            )
        try:
            results.append(score_round(int(parsed.group(1)) - 1, int(parsed.group(2)), rules))
        except ValueError as error:
            raise NotationError(
                str(error), text=text, index=match.start() + parsed.start(2)
            ) from None
    return tuple(results)
