"""One blueprint per game: its pages, and the answers the JSON API gives for it.

Each module holds a ``bp`` blueprint serving the game's page(s) and plain functions
turning request fields into the JSON answer (used by :mod:`web.api`).
"""

from __future__ import annotations

from web.games import cross, domineering, kingdomino, two_step

__all__ = ["BLUEPRINTS"]

#: The game blueprints, in the order the home page lists the games.
BLUEPRINTS = (kingdomino.bp, domineering.bp, cross.bp, two_step.bp)
