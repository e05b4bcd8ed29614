"""Games by name, so the CLI and the web app treat them alike.

>>> [spec.name for spec in all_games()]
['kingdomino', 'domineering', 'cross', 'two-step']
>>> get("two-step").title
'Two-Step'
"""

from __future__ import annotations

import importlib

from referee.errors import RefereeError
from referee.game import GameSpec

__all__ = ["GAME_NAMES", "UnknownGameError", "all_games", "get"]

#: Registry keys in the order the games are shown, mapped to their modules.
_MODULES: dict[str, str] = {
    "kingdomino": "referee.kingdomino",
    "domineering": "referee.domineering",
    "cross": "referee.cross",
    "two-step": "referee.two_step",
}
GAME_NAMES: tuple[str, ...] = tuple(_MODULES)


class UnknownGameError(RefereeError):
    """A game name that is not in the registry."""


def get(name: str) -> GameSpec:
    """Return the :class:`~referee.game.GameSpec` of the game called ``name``.

    Raises
    ------
    UnknownGameError
        If no game has that name; the message lists the known names.
    """
    try:
        module_name = _MODULES[name]
    except KeyError:
        known = ", ".join(GAME_NAMES)
        raise UnknownGameError(f"unknown game {name!r}; known games: {known}") from None
    spec = importlib.import_module(module_name).GAME
    assert isinstance(spec, GameSpec)
    return spec


def all_games() -> list[GameSpec]:
    """Every registered game, in display order."""
    return [get(name) for name in GAME_NAMES]
