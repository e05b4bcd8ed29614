"""A Two-Step game to 10 points: rounds dealt one after another from a seed."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import cached_property

from referee.errors import IllegalMoveError
from referee.game import Outcome
from referee.two_step.moves import Move
from referee.two_step.rules import DEFAULT_RULES, TwoStepRules
from referee.two_step.scoring import MatchRecord, RoundResult, tally
from referee.two_step.state import TwoStepRound, deal


@dataclass(frozen=True)
class TwoStepMatch:
    """A game to ``rules.target`` points: rounds dealt one after another from ``seed``.

    Round ``k`` (from 0) is dealt with :func:`deal` from the seed ``f"{seed}/{k}"``;
    a round with two left feet is replayed with a fresh deal.
    """

    seed: int | str
    round: TwoStepRound
    results: tuple[RoundResult, ...] = ()
    rules: TwoStepRules = DEFAULT_RULES

    @cached_property
    def record(self) -> MatchRecord:
        """The rounds played so far, added up."""
        return tally(self.results, self.rules)

    @property
    def to_move(self) -> int | None:
        """Player to move (0-based), or ``None`` once the match is won."""
        return None if self.record.winner is not None else self.round.to_move

    def legal_moves(self) -> tuple[Move, ...]:
        """The current round's legal moves; none once the match is won."""
        return () if self.record.winner is not None else self.round.legal_moves()

    def play(self, move: Move) -> TwoStepMatch:
        """Play ``move`` in the current round; a finished round is recorded and,
        unless the match is won, the next round is dealt.

        Raises
        ------
        referee.errors.IllegalMoveError
            If the move is not legal, or the match is over.
        """
        if self.record.winner is not None:
            raise IllegalMoveError(f"the match is over: player {self.record.winner + 1} won")
        after = self.round.play(move)
        if after.result is None:
            return replace(self, round=after)
        results = (*self.results, after.result)
        if tally(results, self.rules).winner is not None:
            return replace(self, round=after, results=results)
        return replace(
            self, round=deal(seed=f"{self.seed}/{len(results)}", rules=self.rules), results=results
        )

    def outcome(self) -> Outcome | None:
        """``Outcome(winner, "score", scores)`` once a player reaches the target."""
        record = self.record
        if record.winner is None:
            return None
        return Outcome(record.winner, "score", record.scores)


def new_match(*, seed: int | None = None, rules: TwoStepRules = DEFAULT_RULES) -> TwoStepMatch:
    """A fresh game to ``rules.target`` points, its first round dealt from ``seed``."""
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    return TwoStepMatch(seed, deal(seed=f"{seed}/0", rules=rules), (), rules)
