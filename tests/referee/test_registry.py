"""Every registered game passes the same random-play test (OpenSpiel's habit)."""

from __future__ import annotations

import random

import pytest

from referee import registry
from referee.game import GameSpec, Outcome, State

MAX_PLIES = 2_000


def test_games_are_registered_in_display_order() -> None:
    assert registry.GAME_NAMES == ("kingdomino", "domineering", "cross", "two-step")
    for spec in registry.all_games():
        assert isinstance(spec, GameSpec)
        assert spec.rules.startswith("rules/")


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(registry.UnknownGameError, match="known games: kingdomino, domineering"):
        registry.get("chess")


@pytest.mark.parametrize("name", registry.GAME_NAMES)
@pytest.mark.parametrize("seed", range(5))
def test_random_play_ends_with_an_outcome(name: str, seed: int) -> None:
    spec = registry.get(name)
    rng = random.Random(seed)
    state: State = spec.new_game(seed=seed)
    for _ in range(MAX_PLIES):
        assert isinstance(state, State)
        moves = state.legal_moves()
        if not moves:
            break
        assert state.outcome() is None
        assert state.to_move is not None and 0 <= state.to_move < len(spec.players)
        state = state.play(rng.choice(list(moves)))
    else:
        pytest.fail(f"{name} did not end within {MAX_PLIES} plies (seed {seed})")
    outcome = state.outcome()
    assert isinstance(outcome, Outcome)
    assert state.to_move is None
    assert outcome.winner is None or 0 <= outcome.winner < 4
