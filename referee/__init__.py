"""Referee's rules engines: pure Python, no images, no HTTP.

One module per game (:mod:`referee.kingdomino`, :mod:`referee.domineering`,
:mod:`referee.cross`, :mod:`referee.two_step`), the shared domino model
(:mod:`referee.dominoes`), and the registry that finds a game by name
(:mod:`referee.registry`).  Rules: ``../shared/rules/``; unclear points are
decided by ``../shared/RULINGS.md``.
"""

__version__ = "0.1.0"
