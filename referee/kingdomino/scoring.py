"""Domains, scores, bonuses and the tie-break (``rules/kingdomino-2p.txt``, ``RULINGS.md``).

A domain is a 4-connected group of squares of one terrain; it scores its number
of squares times its number of crowns.  The castle and empty squares belong to
no domain.

>>> from referee.kingdomino.kingdom import parse_kingdom
>>> result = score(parse_kingdom("W1 W W . W2/. . . . W/. . C . ."))
>>> [(d.terrain.value, len(d.squares), d.crowns, d.points) for d in result.domains]
[('wheat', 3, 1, 3), ('wheat', 2, 2, 4)]
>>> result.score
7
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
from scipy import ndimage

from referee.kingdomino.kingdom import Kingdom, Terrain
from referee.kingdomino.tiles import tile_set_warnings

__all__ = [
    "FRAME_SIZES",
    "Comparison",
    "DecidedBy",
    "Domain",
    "Score",
    "check_frame_size",
    "compare",
    "domains",
    "infer_frame_size",
    "score",
]

#: Frame sides: 5 (standard 2 players) or 7 (Mighty Duel).
FRAME_SIZES = (5, 7)
MIDDLE_KINGDOM_POINTS = 10
HARMONY_POINTS = 5

DecidedBy = Literal["score", "largest_domain", "crowns", "shared"]


def check_frame_size(size: int) -> None:
    """Raise ValueError unless ``size`` is a frame side: 5, or 7 (Mighty Duel)."""
    if size not in FRAME_SIZES:
        raise ValueError(f"the frame is 5x5 or 7x7, got size {size}")


@dataclass(frozen=True)
class Domain:
    """A 4-connected group of squares of one terrain.

    Attributes
    ----------
    terrain : Terrain
        One of the six landscapes (never castle or empty).
    squares : tuple of (int, int)
        Its ``(row, col)`` positions, row-major.
    crowns : int
        Crowns on all its squares.
    """

    terrain: Terrain
    squares: tuple[tuple[int, int], ...]
    crowns: int

    @property
    def points(self) -> int:
        """Squares x crowns, in points (0 for a domain with no crowns)."""
        return len(self.squares) * self.crowns

    def describe(self) -> str:
        """``"forest: 5 squares x 2 crowns = 10"``."""
        squares = "square" if len(self.squares) == 1 else "squares"
        crowns = "crown" if self.crowns == 1 else "crowns"
        return (
            f"{self.terrain.value}: {len(self.squares)} {squares} x "
            f"{self.crowns} {crowns} = {self.points}"
        )

    def to_json(self) -> dict[str, Any]:
        """``{"terrain", "squares" (the count), "crowns", "points"}``."""
        return {
            "terrain": self.terrain.value,
            "squares": len(self.squares),
            "crowns": self.crowns,
            "points": self.points,
        }


def domains(kingdom: Kingdom) -> list[Domain]:
    """Every domain of ``kingdom``, ordered by its first square (row-major).

    Connected groups are found with :func:`scipy.ndimage.label` and its default
    cross-shaped structure (4-connectivity: never diagonal).  Castle and empty
    squares are never domains.  Source: ``rules/kingdomino-2p.txt`` (Scoring).

    Parameters
    ----------
    kingdom : Kingdom
        ``rows x cols`` squares.

    Returns
    -------
    list of Domain
    """
    codes = np.array(
        [[list(Terrain).index(s.terrain) for s in line] for line in kingdom.squares],
        dtype=np.int8,
    )
    crowns = np.array([[s.crowns for s in line] for line in kingdom.squares], dtype=np.int64)
    found: list[Domain] = []
    for code, terrain in enumerate(Terrain):
        if not terrain.is_landscape:
            continue
        labels, count = ndimage.label(codes == code)
        for label in range(1, count + 1):
            rows, cols = np.nonzero(labels == label)  # row-major order
            squares = tuple((int(r), int(c)) for r, c in zip(rows, cols, strict=True))
            found.append(Domain(terrain, squares, int(crowns[rows, cols].sum())))
    found.sort(key=lambda domain: domain.squares[0])
    return found


def _filled(kingdom: Kingdom) -> list[tuple[int, int]]:
    return [at for at, s in kingdom.cells() if s.terrain is not Terrain.EMPTY]


def _span(cells: list[tuple[int, int]]) -> tuple[int, int]:
    """(rows, cols) of the bounding box of ``cells``; (0, 0) if there are none."""
    if not cells:
        return 0, 0
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return max(rows) - min(rows) + 1, max(cols) - min(cols) + 1


def _count(number: int, noun: str) -> str:
    """``"1 row"``, ``"6 rows"``: a count with its noun in the right number."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def infer_frame_size(kingdom: Kingdom) -> int:
    """The frame a kingdom was built in: 7 for a 7x7 grid or a kingdom whose
    non-empty squares span more than 5 rows or columns, else 5.

    >>> from referee.kingdomino.kingdom import parse_kingdom
    >>> infer_frame_size(parse_kingdom("C W")), infer_frame_size(Kingdom.empty(7, 7))
    (5, 7)
    """
    if (kingdom.rows, kingdom.cols) == (7, 7):
        return 7
    return 7 if max(_span(_filled(kingdom))) > 5 else 5


@dataclass(frozen=True)
class Score:
    """The breakdown of one kingdom's score.

    Attributes
    ----------
    kingdom : Kingdom
    domains : tuple of Domain
        Every domain, crowned or not, ordered by first square.
    score : int
        Sum of the domains' points.
    bonuses : dict of str to int
        ``{"middle_kingdom": 0 or 10, "harmony": 0 or 5}``; 0 when not asked for.
    total : int
        ``score`` plus the bonuses, in points.
    warnings : tuple of str
        What the player should check: tile-set limits, a kingdom too big for its frame.
    size : int
        The frame side used for the bonuses (5 or 7).
    """

    kingdom: Kingdom
    domains: tuple[Domain, ...]
    score: int
    bonuses: dict[str, int] = field(hash=False)
    total: int
    warnings: tuple[str, ...]
    size: int = 5

    @property
    def largest_domain(self) -> int:
        """Squares in the largest domain, crowned or not (0 if there is none)."""
        return max((len(d.squares) for d in self.domains), default=0)

    @property
    def crowns(self) -> int:
        """Crowns on all landscape squares."""
        return sum(d.crowns for d in self.domains)

    def to_json(self) -> dict[str, Any]:
        """The issue's JSON: ``squares``, ``domains``, ``score``, ``bonuses``, ``total``,
        ``warnings``."""
        return {
            "squares": [
                [{"terrain": s.terrain.value, "crowns": s.crowns} for s in line]
                for line in self.kingdom.squares
            ],
            "domains": [d.to_json() for d in self.domains],
            "score": self.score,
            "bonuses": dict(self.bonuses),
            "total": self.total,
            "warnings": list(self.warnings),
        }


def score(
    kingdom: Kingdom,
    *,
    middle_kingdom: bool = False,
    harmony: bool = False,
    size: int | None = None,
) -> Score:
    """Score a kingdom: each domain squares x crowns, plus the bonuses asked for.

    The frame is ``size x size`` (5, or 7 for Mighty Duel); when ``size`` is not
    given it is inferred by :func:`infer_frame_size`.  A grid of exactly
    ``size x size`` squares *is* the frame (e.g. a photographed 5x5 kingdom with
    table showing through its gaps).  Any other grid holds the kingdom somewhere
    inside it, and the frame is placed around the kingdom's non-empty squares.

    * Middle Kingdom (+10, only if ``middle_kingdom``): the castle is the centre
      square of the frame: (2, 2) of a 5x5 grid, (3, 3) of a 7x7 grid; in any other
      grid, the ``size x size`` square centred on the castle holds every
      non-empty square.
    * Harmony (+5, only if ``harmony``): every square of the frame is filled, i.e.
      ``size * size`` non-empty squares within a ``size x size`` box.  Whether a
      domino was discarded cannot be seen in a kingdom; the caller who knows so
      leaves ``harmony`` off.

    Bonuses that are off are reported as 0.  A kingdom with no castle, several
    castles, or spanning more than the frame gets no bonus and a warning.
    Source: ``rules/kingdomino-2p.txt``, ``RULINGS.md`` "Kingdomino for 2 players".

    Parameters
    ----------
    kingdom : Kingdom
        ``rows x cols`` squares, up to 9x9.
    middle_kingdom, harmony : bool
        Which optional bonuses count (both off by default).
    size : int or None
        Frame side in squares, 5 or 7.

    Returns
    -------
    Score

    Raises
    ------
    ValueError
        If ``size`` is not 5 or 7.
    """
    if size is None:
        size = infer_frame_size(kingdom)
    check_frame_size(size)
    found = tuple(domains(kingdom))
    base = sum(d.points for d in found)
    warnings = tile_set_warnings(kingdom)
    filled = _filled(kingdom)
    span_rows, span_cols = _span(filled)
    fits = span_rows <= size and span_cols <= size
    if not fits:
        warnings.append(
            f"the kingdom spans {_count(span_rows, 'row')} and {_count(span_cols, 'column')},"
            f" more than the {size}x{size} frame: no bonus"
        )
    castles = [at for at, s in kingdom.cells() if s.terrain is Terrain.CASTLE]
    real = fits and len(castles) == 1  # else warned above: no bonus
    bonuses = {"middle_kingdom": 0, "harmony": 0}
    if middle_kingdom and real and _castle_in_middle(kingdom, castles[0], filled, size):
        bonuses["middle_kingdom"] = MIDDLE_KINGDOM_POINTS
    if harmony and real and len(filled) == size * size:
        bonuses["harmony"] = HARMONY_POINTS
    return Score(
        kingdom=kingdom,
        domains=found,
        score=base,
        bonuses=bonuses,
        total=base + sum(bonuses.values()),
        warnings=tuple(warnings),
        size=size,
    )


def _castle_in_middle(
    kingdom: Kingdom, castle: tuple[int, int], filled: list[tuple[int, int]], size: int
) -> bool:
    (row, col), half = castle, size // 2
    if (kingdom.rows, kingdom.cols) == (size, size):
        return (row, col) == (half, half)
    return all(abs(r - row) <= half and abs(c - col) <= half for r, c in filled)


@dataclass(frozen=True)
class Comparison:
    """Who wins between two kingdoms, and what decided it.

    Attributes
    ----------
    winner : 1, 2 or None
        The winning kingdom, numbered from 1; ``None`` for a shared win.
    decided_by : str
        ``"score"``, ``"largest_domain"``, ``"crowns"`` or ``"shared"``.
    scores : tuple of (int, int)
        Both totals, bonuses included, in points.
    details : tuple of (Score, Score)
        Both full breakdowns.
    """

    winner: Literal[1, 2] | None
    decided_by: DecidedBy
    scores: tuple[int, int]
    details: tuple[Score, Score]

    def to_json(self) -> dict[str, Any]:
        """``{"winner", "decided_by", "scores"}``."""
        return {
            "winner": self.winner,
            "decided_by": self.decided_by,
            "scores": list(self.scores),
        }


def decide(a: Score, b: Score) -> tuple[Literal[1, 2] | None, DecidedBy]:
    """The tie-break of ``RULINGS.md``: higher total; then the largest single domain
    (squares, crowned or not); then more crowns; then a shared win."""
    checks: tuple[tuple[DecidedBy, int, int], ...] = (
        ("score", a.total, b.total),
        ("largest_domain", a.largest_domain, b.largest_domain),
        ("crowns", a.crowns, b.crowns),
    )
    for decided_by, mine, theirs in checks:
        if mine != theirs:
            winner: Literal[1, 2] = 1 if mine > theirs else 2
            return winner, decided_by
    return None, "shared"


def compare(
    a: Kingdom,
    b: Kingdom,
    *,
    middle_kingdom: bool = False,
    harmony: bool = False,
    size: int | None = None,
) -> Comparison:
    """Which of two kingdoms wins (``RULINGS.md`` tie-break).

    Both players play the same game, so both kingdoms are scored in one frame:
    ``size`` if given, else 7 (Mighty Duel) when either kingdom is inferred to be
    7x7 by :func:`infer_frame_size`, else 5.  A filled 5x5 kingdom in a Mighty Duel
    is incomplete and gets no Harmony.

    >>> from referee.kingdomino.kingdom import parse_kingdom
    >>> compare(parse_kingdom("C F1 F W"), parse_kingdom("C M2 W L")).decided_by
    'largest_domain'

    Parameters
    ----------
    a, b : Kingdom
        Player 1's and player 2's kingdoms.
    middle_kingdom, harmony : bool
        Bonuses counted for both (see :func:`score`).
    size : int or None
        Frame side in squares for both, 5 or 7; inferred when ``None``.

    Returns
    -------
    Comparison

    Raises
    ------
    ValueError
        If ``size`` is not 5 or 7.
    """
    if size is None:
        size = max(infer_frame_size(a), infer_frame_size(b))
    first = score(a, middle_kingdom=middle_kingdom, harmony=harmony, size=size)
    second = score(b, middle_kingdom=middle_kingdom, harmony=harmony, size=size)
    winner, decided_by = decide(first, second)
    return Comparison(winner, decided_by, (first.total, second.total), (first, second))
