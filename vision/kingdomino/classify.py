"""Terrain and crowns of every square, from the learned forests, within the tile set's limits.

Each square gets terrain probabilities and crown-count probabilities from two
forests (:mod:`vision.kingdomino.forest`).  The reading then keeps to what the
real tile set allows (``RULINGS.md``, ``../shared/data/kingdomino/tiles.csv``):

* a kingdom has one castle: the square most like the castle is it, no other;
* a square's (terrain, crowns) must exist in the set (at most 1 crown on wheat,
  forest and lake, 2 on grassland and swamp, 3 on mine);
* no more squares of a (terrain, crowns) than the set holds.

Where the best reading breaks a limit and the next best does not, the next best
is taken and a warning says so; nothing is changed silently.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from referee.kingdomino import Square, Terrain
from referee.kingdomino.tiles import TILES, square_counts
from vision.kingdomino.features import (
    BODY_SAT,
    CROWN_FEATURES,
    MEDIAN_B,
    MEDIAN_L,
    PALE_FEATURE,
    ROW_FEATURE,
    TERRAIN_FEATURES,
    ColourMap,
    apply_gains,
    apply_tone,
    crown_features,
    exposure_gain,
    kingdom_colour_map,
    normalise_square,
    rebalance_white,
    recolour,
    terrain_features,
    tone_exponent,
    white_balance,
    white_cast,
)
from vision.kingdomino.forest import Forest
from vision.kingdomino.pale import kingdom_yellows, pale_body_sat

__all__ = [
    "DEPARTURE",
    "DOUBT",
    "MODEL_PATH",
    "OWN_SHARES",
    "PLAIN_COLUMNS",
    "UNSURE_MARGIN",
    "SquareModel",
    "SquareReading",
    "at_least_the_row",
    "crown_odds",
    "crown_prior",
    "kingdom_light",
    "load_model",
    "one_warning_per_square",
    "read_squares",
    "small_squares_warning",
    "square_features",
    "square_probabilities",
]

#: The committed model (``python -m vision.train kingdomino --data ../shared/data``).
MODEL_PATH = Path(__file__).resolve().parent.parent / "models" / "kingdomino.npz"

#: Crown counts a square may show.
CROWN_COUNTS = (0, 1, 2, 3)

#: How far the crown forest's odds are brought back to the real set's crown shares
#: (:func:`square_probabilities`): chosen on the grouped cross-validation of photos/
#: and phone/ (docs/kingdomino-vision.md, session 4).
PRIOR_POWER = 0.5

#: Terrains whose crown odds take their own crown shares (:func:`crown_odds`).
OWN_SHARES = (Terrain.MINE,)

#: Fewest photo pixels a square's side should span for its crowns to be counted: the
#: project's samples shrunk to 53 pixels a square read every crown, to 43 lose one of
#: 29, to 35 four, to 26 ten (docs/kingdomino-vision.md, session 5) -- in memory.  Saved
#: as a JPEG, as every photo is (session 12), at 60 pixels a square they lose 0-2 of 25
#: squares at quality 95 and 2-5 at 60; at 81 pixels 0-2.  No photo of the data is under
#: 87 pixels a square.
SMALL_SQUARE = 65.0

#: A kingdom is re-read under its own light (:func:`kingdom_light`) only when its colour
#: map moves a terrain's training centre further than any training view's did: 1.2 x
#: the most over the 104 views of photos/ and phone/ in grouped cross-validation
#: (38.5 Lab units of lightness, 11.6 of b; docs/kingdomino-vision.md, session 6).
DEPARTURE = (46.0, 14.0)

#: Squares whose likeliest terrain has a probability under this are re-read under the
#: kingdom's light; surer squares keep the forest's first reading.
DOUBT = 0.7

#: The crown forest's columns of :func:`square_features`' crown rows: all but the five
#: pale-light ones (``PALE_FEATURE`` to ``CROWN_FEATURES``), which only the pale crown
#: forest (``SquareModel.pale_crowns``) reads.
PLAIN_COLUMNS = np.r_[0:PALE_FEATURE, CROWN_FEATURES : CROWN_FEATURES + TERRAIN_FEATURES]

#: A square's reading is said to be unsure (a warning asks the player to check it) when
#: its confidence leads the next possible reading's by less than this, so every reading
#: under 0.5 is unsure, as before.  Measured in session 9 (docs/kingdomino-vision.md):
#: phone/ by grouped CV under the benchmark's 18 other conditions, the wrong squares no
#: warning named 183 -> 62 of 543, as photographed 2 -> 0 of 5.
UNSURE_MARGIN = 0.5

#: How a warning about one square starts: ``"(row, col): "``.
_SQUARE_NOTE = re.compile(r"\(\d+, \d+\): ")


@dataclass(frozen=True)
class SquareModel:
    """The two forests: terrain from :func:`terrain_features`, crowns from both feature sets.

    ``centres`` and ``spreads`` (``(6, 2)`` float64, the landscape terrains in
    ``Terrain`` order): each terrain's mean and standard deviation of the training
    squares' median Lab L and b (8-bit Lab units), for :func:`kingdom_light`; ``None``
    in a model saved without them (no re-reading).

    ``crowns`` reads :data:`PLAIN_COLUMNS` of the crown rows; ``pale_crowns`` (``None``
    in a model saved without it) reads them all, and was trained on the same rows plus
    paler copies of the training crops: it counts the crowns of a kingdom paler than
    any training view (:func:`~vision.kingdomino.pale.pale_body_sat` under
    ``BODY_SAT``).
    """

    terrain: Forest
    crowns: Forest
    centres: np.ndarray | None = field(default=None, compare=False)
    spreads: np.ndarray | None = field(default=None, compare=False)
    pale_crowns: Forest | None = field(default=None, compare=False)

    def save(self, path: Path) -> None:
        """Write both forests (and the terrains' colours) to one ``.npz`` file at ``path``."""
        arrays: dict[str, np.ndarray] = {}
        self.terrain.save(path, "terrain", arrays)
        self.crowns.save(path, "crowns", arrays)
        if self.pale_crowns is not None:
            self.pale_crowns.save(path, "pale_crowns", arrays)
        if self.centres is not None and self.spreads is not None:
            arrays["colour_centres"] = np.asarray(self.centres, dtype=np.float64)
            arrays["colour_spreads"] = np.asarray(self.spreads, dtype=np.float64)
        with path.open("wb") as handle:
            np.savez_compressed(handle, **arrays)  # type: ignore[arg-type]


def load_model(path: Path | None = None) -> SquareModel:
    """Load the square model (default: the committed ``vision/models/kingdomino.npz``).

    Raises
    ------
    FileNotFoundError
        If the file is missing (train it with ``python -m vision.train kingdomino``).
    """
    with np.load(path or MODEL_PATH, allow_pickle=False) as arrays:
        colours = "colour_centres" in arrays.files and "colour_spreads" in arrays.files
        return SquareModel(
            Forest.load(arrays, "terrain"),
            Forest.load(arrays, "crowns"),
            np.array(arrays["colour_centres"]) if colours else None,
            np.array(arrays["colour_spreads"]) if colours else None,
            Forest.load(arrays, "pale_crowns") if "pale_crowns_roots" in arrays.files else None,
        )


@dataclass(frozen=True)
class SquareReading:
    """What was read on one square.

    Attributes
    ----------
    terrain : Terrain
    crowns : int
        0-3.
    confidence : float
        0..1: probability of this terrain times that of this crown count.
    unsure : bool
        The player should check it: ``confidence`` leads the next possible reading's by
        less than :data:`UNSURE_MARGIN` (so every confidence under 0.5).  The rule of
        the "unsure" warnings of :func:`read_squares`, and what the overlay and the web
        page mark (session 9).
    """

    terrain: Terrain
    crowns: int
    confidence: float
    unsure: bool = False


def square_features(
    squares: list[np.ndarray], *, lit: list[np.ndarray] | None = None, relative: bool = True
) -> tuple[np.ndarray, np.ndarray]:
    """The two forests' inputs for each square.

    Parameters
    ----------
    squares : list of (rows, cols, 3) ndarray of uint8, BGR
        The squares' pixels as photographed, any size: their terrain features.
    lit : list of (rows, cols, 3) ndarray of uint8, BGR, or None, keyword-only
        The same squares cut from the view after
        :func:`~vision.kingdomino.features.normalise_light`: their crown features
        (default: ``squares``).
    relative : bool, keyword-only
        Count crown bodies also relative to the kingdom's own yellows
        (:func:`~vision.kingdomino.pale.pale_body_sat` of
        :func:`~vision.kingdomino.pale.kingdom_yellows` on ``lit``); ``False`` keeps
        the absolute test there too (training rows other than the pale copies).

    Returns
    -------
    terrain : (n, TERRAIN_FEATURES) ndarray of float64
    crowns : (n, CROWN_FEATURES + TERRAIN_FEATURES) ndarray of float64
        Crown features, then the terrain features (crowns come with artwork).
    """
    lit = squares if lit is None else lit
    if len(lit) != len(squares):
        raise ValueError(f"{len(lit)} lit squares for {len(squares)} squares")
    # Each square resampled once: a square already SQUARE_SIDE a side is not resampled
    # again (cv2.resize copies it), and a lit square with the same pixels as the
    # photographed one (a view not brightened) shares its resampling.
    small = [normalise_square(s) for s in squares]
    t_feat = np.array([terrain_features(s) for s in small])
    pale = pale_body_sat(kingdom_yellows(lit)) if relative else BODY_SAT
    shared = [
        s if b is a or np.array_equal(b, a) else None
        for s, a, b in zip(small, squares, lit, strict=True)
    ]
    c_feat = np.hstack(
        [
            np.array(
                [crown_features(b, pale=pale, small=s) for b, s in zip(lit, shared, strict=True)]
            ),
            t_feat,
        ]
    )
    return t_feat, c_feat


#: Whether :func:`square_probabilities` undoes casts past the learned whites by default
#: (``balance``).  Measured in session 8 (docs/kingdomino-vision.md): phone/ under
#: green, cool and magenta casts gains up to 25 exact boards in 100, as photographed
#: nothing changes; gamma 1.4 loses one board net (the lead's call to take it).
BALANCE = True

#: Whether :func:`square_probabilities` brings a tone spread past the learned ones back
#: to their nearer end by default (``tone``).  Measured in session 8, second round
#: (docs/kingdomino-vision.md): phone/ under gamma 0.7 one exact board more, gamma
#: 1.4 three crown squares more; as photographed, and under every other condition
#: but one square, nothing changes.
TONE = True


def square_probabilities(
    squares: list[np.ndarray],
    model: SquareModel,
    *,
    lit: list[np.ndarray] | None = None,
    prior_power: float = PRIOR_POWER,
    by_terrain: bool = False,
    exposure: bool = True,
    cast: bool = True,
    balance: bool = BALANCE,
    tone: bool = TONE,
    adapt: bool = True,
) -> tuple[np.ndarray, np.ndarray]:
    """Terrain and crown-count probabilities of each square.

    Parameters
    ----------
    squares : list of (rows, cols, 3) ndarray of uint8, BGR
        The squares' pixels, any size.
    model : SquareModel
    lit : list of (rows, cols, 3) ndarray of uint8, BGR, or None, keyword-only
        The squares after light normalisation, for crown counting (see
        :func:`square_features`).
    prior_power : float, keyword-only
        The crown forest weighs its classes evenly (three crowns are rare), which
        raises the odds of the rarer counts; its odds are multiplied by the real
        set's share of squares with each count (:func:`crown_prior`) to this power
        (0: not at all, 1: in full).
    by_terrain : bool, keyword-only
        Give the crown odds for each terrain the square may be (see
        :func:`crown_odds`): the mine's own crown shares for a mine reading.
    exposure : bool, keyword-only
        Bring a kingdom photographed far darker or brighter than the training
        photos back to their brightness before its terrain features
        (:func:`~vision.kingdomino.features.exposure_gain`, one gain for all the
        squares; crowns are counted on ``lit`` as given).
    cast : bool, keyword-only
        Rebalance ``lit`` before the crown features when the kingdom's whites are far
        warmer than any training photo's (:func:`~vision.kingdomino.features.white_cast`:
        the crowns' rims turn yellow and fail the rim tests); terrain features are
        measured as photographed.
    balance : bool, keyword-only
        When no warm cast was undone and the kingdom's whites lie outside the learned
        whites in any direction (:func:`~vision.kingdomino.features.white_balance`),
        rebalance both the squares and ``lit`` to the learned ranges' nearer ends (a
        kingdom within them, as every training view, is read as photographed).
        Default :data:`BALANCE` (docs/kingdomino-vision.md, session 8).
    tone : bool, keyword-only
        First, when the kingdom's tone spread lies outside the learned ones (a gamma
        change: :func:`~vision.kingdomino.features.tone_exponent`), re-tone the
        squares to the nearer end; ``lit`` too when the spread was too wide (a
        darkened kingdom), not when too narrow (measured: re-toning a flattened
        kingdom's ``lit`` lost its gain).  Default :data:`TONE`.
    adapt : bool, keyword-only
        Re-read the doubtful squares of a kingdom whose light moved the terrains'
        colours far outside anything learned (:func:`kingdom_light`).

    Returns
    -------
    terrain : (n, len(Terrain)) ndarray of float64
        Columns in ``Terrain`` order (wheat ... empty).
    crowns : (n, 4) or, with ``by_terrain``, (n, len(Terrain), 4) ndarray of float64
        Odds of 0, 1, 2, 3 crowns (for each terrain, in ``Terrain`` order).
    """
    power = tone_exponent(squares) if tone else 1.0
    if power != 1.0:
        if power > 1.0 and lit is None:
            lit = squares
        elif power < 1.0 and lit is not None:
            lit = [apply_tone(s, power) for s in lit]
        squares = [apply_tone(s, power) for s in squares]
    warmth = white_cast(squares) if cast else 1.0
    gains = white_balance(squares) if balance and warmth == 1.0 else np.ones(3)
    if warmth != 1.0:
        lit = [rebalance_white(s, warmth) for s in (squares if lit is None else lit)]
    elif not np.all(gains == 1.0):
        # Whites past the learned ones (green, cool, magenta): both views rebalanced.
        lit = [apply_gains(s, gains) for s in (squares if lit is None else lit)]
        squares = [apply_gains(s, gains) for s in squares]
    gain = exposure_gain(squares) if exposure else 1.0
    if gain != 1.0:
        lit = squares if lit is None else lit
        squares = [cv2.convertScaleAbs(s, alpha=gain, beta=0.0) for s in squares]
    t_feat, c_feat = square_features(squares, lit=lit)
    terrain, crowns = _forest_odds(model, t_feat, c_feat)
    if adapt and model.centres is not None and model.spreads is not None:
        colour_map = kingdom_light(t_feat, terrain, model.centres, model.spreads)
        if colour_map is not None:
            # Doubtful squares re-read with their terrain features under the kingdom's
            # light; their crown features stay as measured.
            doubtful = np.flatnonzero(terrain.max(axis=1) < DOUBT)
            if len(doubtful):
                t_feat, c_feat = t_feat.copy(), c_feat.copy()
                # Resampled first (as terrain_features does): a third of the pixels.
                t_feat[doubtful] = [
                    terrain_features(recolour(normalise_square(squares[i]), colour_map))
                    for i in doubtful
                ]
                c_feat[doubtful, CROWN_FEATURES:] = t_feat[doubtful]
                again_t, again_c = _forest_odds(model, t_feat[doubtful], c_feat[doubtful])
                terrain[doubtful], crowns[doubtful] = again_t, again_c
    odds = crown_odds(crowns, terrain, c_feat, prior_power=prior_power, by_terrain=by_terrain)
    return terrain, odds


def _forest_odds(
    model: SquareModel, t_feat: np.ndarray, c_feat: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The forests' terrain odds (columns in ``Terrain`` order) and crown odds (0-3)."""
    raw_t = model.terrain.predict_proba(t_feat)
    # A kingdom paler than any training view (one test for all its squares) has its
    # crowns counted by the forest that learned pale copies too.
    pale = bool(np.any(c_feat[:, PALE_FEATURE + 4] < BODY_SAT / 255.0))
    forest = model.pale_crowns if pale and model.pale_crowns is not None else model.crowns
    raw_c = forest.predict_proba(
        c_feat if forest is model.pale_crowns else c_feat[:, PLAIN_COLUMNS]
    )
    terrain = np.zeros((len(t_feat), len(Terrain)))
    for index, name in enumerate(model.terrain.classes):
        terrain[:, list(Terrain).index(Terrain(name))] = raw_t[:, index]
    crowns = np.zeros((len(t_feat), len(CROWN_COUNTS)))
    for index, name in enumerate(forest.classes):
        crowns[:, int(name)] = raw_c[:, index]
    return terrain, crowns


def kingdom_light(
    t_feat: np.ndarray,
    terrain: np.ndarray,
    centres: np.ndarray,
    spreads: np.ndarray,
    *,
    departure: tuple[float, float] = DEPARTURE,
) -> ColourMap | None:
    """This kingdom's own light, when it moved the terrains' colours far past the training.

    The forest reads colours as the training photos showed them; under a light far
    from theirs (a brightly lit real photo: forest as light as the training swamps)
    it misreads whole terrains.  A kingdom's squares of one terrain still look alike
    under that light, so the map from the training colours to this kingdom's is
    fitted on the kingdom itself, weighed by the forest's first reading
    (:func:`~vision.kingdomino.features.kingdom_colour_map`); when it moves a terrain's
    centre further than ``departure`` (past every training view), it is returned so
    the doubtful squares can be re-read with their colours brought back
    (:func:`~vision.kingdomino.features.recolour`).

    Parameters
    ----------
    t_feat : (n, TERRAIN_FEATURES) ndarray of float64
        The squares' terrain features (:func:`square_features`).
    terrain : (n, len(Terrain)) ndarray of float64
        The forest's terrain odds, columns in ``Terrain`` order.
    centres, spreads : (6, 2) ndarray of float64
        ``SquareModel.centres`` / ``spreads``.
    departure : tuple of float, keyword-only
        (L, b) Lab units: :data:`DEPARTURE`.

    Returns
    -------
    ColourMap or None
        ``None`` when the kingdom is within the light learned (read as it is).
    """
    land = [i for i, t in enumerate(Terrain) if t.is_landscape]
    colours = 255.0 * t_feat[:, [MEDIAN_L, MEDIAN_B]]
    colour_map = kingdom_colour_map(colours, terrain[:, land], centres, spreads)
    moved_l, moved_b = colour_map.departure
    if moved_l <= departure[0] and moved_b <= departure[1]:
        return None
    return colour_map


def small_squares_warning(
    corners: np.ndarray, size: int, *, least: float = SMALL_SQUARE
) -> list[str]:
    """A warning when the kingdom is too small in the photo for its crowns to be seen.

    Parameters
    ----------
    corners : (4, 2) ndarray of float64
        The kingdom's corners tl, tr, br, bl as [x, y] pixels of the photo read.
    size : int
        Squares a side (5 or 7).
    least : float, keyword-only
        Fewest pixels a square's side should span (:data:`SMALL_SQUARE`).

    Returns
    -------
    list of str
        One warning naming the squares' size in pixels, or none.

    Examples
    --------
    >>> small_squares_warning(np.array([[0, 0], [150, 0], [150, 150], [0, 150]]), 5)[0][:46]
    'the squares are about 30 pixels wide in the ph'
    >>> small_squares_warning(np.array([[0, 0], [500, 0], [500, 500], [0, 500]]), 5)
    []
    """
    points = np.asarray(corners, dtype=np.float64)
    sides = np.linalg.norm(points - np.roll(points, -1, axis=0), axis=1)
    pixels = float(sides.mean()) / size
    if pixels >= least:
        return []
    return [
        f"the squares are about {pixels:.0f} pixels wide in the photo: crowns may be missed; "
        "photograph the kingdom closer or at a higher resolution"
    ]


def crown_odds(
    crowns: np.ndarray,
    terrain: np.ndarray,
    c_feat: np.ndarray,
    *,
    prior_power: float = PRIOR_POWER,
    by_terrain: bool = False,
) -> np.ndarray:
    """The crown forest's odds weighed by the tile set and bounded by what is plainly seen.

    The odds are multiplied by the set's crown shares (:func:`crown_prior`) to the
    power ``prior_power``.  With ``by_terrain``, a mine reading takes the mine's own
    shares instead (:data:`OWN_SHARES`): five of the six mine squares carry crowns
    (60-81 % of every other terrain's squares carry none), so the set-wide shares
    pulled a mine whose crowns were not seen to no crown, a mine with no crown the
    set has only once (real photos: the tile-set limits then took another terrain).
    Three crown bodies on a square read as mine give three crowns at least even
    odds, and the odds never go below a row plainly seen (:func:`at_least_the_row`).

    Parameters
    ----------
    crowns : (n, 4) ndarray of float64
        The crown forest's odds of 0-3 crowns; not modified.
    terrain : (n, len(Terrain)) ndarray of float64
        The terrain odds, columns in ``Terrain`` order.
    c_feat : (n, CROWN_FEATURES + TERRAIN_FEATURES) ndarray of float64
        The crown forest's inputs (:func:`square_features`).
    prior_power : float, keyword-only
    by_terrain : bool, keyword-only

    Returns
    -------
    (n, 4) or, with ``by_terrain``, (n, len(Terrain), 4) ndarray of float64
        A new array, each square's (and terrain's) odds summing to 1.
    """
    n = len(crowns)
    weighed = crowns * crown_prior() ** prior_power
    odds = (weighed / weighed.sum(axis=1, keepdims=True))[:, None, :]
    if by_terrain:
        odds = np.repeat(odds, len(Terrain), axis=1)
        for land in OWN_SHARES:
            own = crowns * crown_prior(land) ** prior_power
            odds[:, list(Terrain).index(land)] = own / own.sum(axis=1, keepdims=True)
    # Three crowns exist on one mine square only, so the forest has few examples of
    # them; three crown bodies seen on a mine were never anything else in the data.
    mine = terrain.argmax(axis=1) == list(Terrain).index(Terrain.MINE)
    three = mine & (c_feat[:, 0] >= 3)
    odds[three] = 0.5 * odds[three] + 0.5 * np.eye(len(CROWN_COUNTS))[3]
    # Crowns plainly seen: a row of two or three bodies, or one body whose rim held
    # (never more than the crowns there in the labelled photos).
    loose, strict = c_feat[:, ROW_FEATURE], c_feat[:, ROW_FEATURE + 1]
    rows = np.maximum(np.where(loose >= 2, loose, 0), strict)
    if c_feat.shape[1] > PALE_FEATURE + 3:
        # Under a paler light than any learned, rows seen with the body test relative
        # to the kingdom's yellows (the same as above in any other light).
        p_loose, p_strict = c_feat[:, PALE_FEATURE + 2], c_feat[:, PALE_FEATURE + 3]
        rows = np.maximum(rows, np.maximum(np.where(p_loose >= 2, p_loose, 0), p_strict))
    per = odds.shape[1]
    bounded = at_least_the_row(odds.reshape(n * per, len(CROWN_COUNTS)), np.repeat(rows, per))
    bounded = bounded.reshape(n, per, len(CROWN_COUNTS))
    return bounded if by_terrain else bounded[:, 0, :]


def crown_prior(land: Terrain | None = None) -> np.ndarray:
    """Share of the real set's squares (of one terrain) with 0, 1, 2 and 3 crowns.

    From ``referee.kingdomino.tiles`` (``../shared/data/kingdomino/tiles.csv``:
    66, 22, 7 and 1 of the 96 squares; the mine's 6 squares: 1, 1, 3 and 1).

    Parameters
    ----------
    land : Terrain or None
        Only this terrain's squares (default: every square).

    Raises
    ------
    ValueError
        If the set has no square of ``land`` (castle, empty).

    Returns
    -------
    (4,) ndarray of float64
        Summing to 1.
    """
    counts = np.zeros(len(CROWN_COUNTS))
    for _, left, left_crowns, right, right_crowns in TILES:
        for here, count in ((left, left_crowns), (right, right_crowns)):
            if land is None or Terrain(here) is land:
                counts[count] += 1
    if land is not None and counts.sum() == 0:
        raise ValueError(f"the tile set has no {land.value} square")
    return np.asarray(counts / float(counts.sum()), dtype=np.float64)


def at_least_the_row(crowns: np.ndarray, rows: np.ndarray, *, below: float = 0.02) -> np.ndarray:
    """Crown odds that never go below the crowns the detector plainly saw.

    Two or three crown bodies alike in size, side by side in one row
    (:func:`~vision.kingdomino.features.crown_row`), or one body whose pale rim
    is whole, are that many crowns at least: in the labelled photos (photos/ and
    phone/, 2,600 squares) such a row never held fewer (one more may be missed).
    The crown forest also learns the terrain's artwork, and on a tile drawn unlike
    the real set's, or a photo compressed otherwise, the artwork can outvote what is
    plainly seen; here it cannot.  The odds of counts under the row are multiplied
    by ``below`` (kept a little, so a square whose terrain allows no such count can
    still be read as the likeliest possible one by the tile-set limits), then all
    are rescaled.

    Parameters
    ----------
    crowns : (n, 4) ndarray of float64
        Each square's odds of 0-3 crowns, rows summing to 1; not modified.
    rows : (n,) ndarray
        The least crowns seen on each square (0-3; 0 bounds nothing).
    below : float, keyword-only
        Factor on the odds of counts under the row.

    Returns
    -------
    (n, 4) ndarray of float64
        A new array, rows summing to 1.

    Examples
    --------
    >>> at_least_the_row(np.array([[0.1, 0.5, 0.4, 0.0], [0.1, 0.9, 0.0, 0.0]]),
    ...                  np.array([2, 0])).round(2).tolist()
    [[0.0, 0.02, 0.97, 0.0], [0.1, 0.9, 0.0, 0.0]]
    """
    out = np.array(crowns, dtype=np.float64, copy=True)
    for i, row in enumerate(np.asarray(rows).astype(int)):
        if row < 1:
            continue
        out[i, :row] *= below
        if out[i, row:].sum() <= 0:
            out[i, row] = 1.0
        out[i] /= out[i].sum()
    return out


def read_squares(
    terrain: np.ndarray, crowns: np.ndarray, size: int
) -> tuple[list[list[SquareReading]], list[str]]:
    """Choose each square's reading from its probabilities, within the tile set.

    Parameters
    ----------
    terrain : (size * size, len(Terrain)) ndarray of float64
        Row-major squares, columns in ``Terrain`` order.
    crowns : (size * size, 4) or (size * size, len(Terrain), 4) ndarray of float64
        Odds of 0-3 crowns (for each terrain: :func:`square_probabilities`'
        ``by_terrain``).
    size : int
        Squares per side.

    Returns
    -------
    readings : list of list of SquareReading
        ``size`` rows of ``size`` squares; each square a warning calls unsure has
        ``unsure`` set.
    warnings : list of str
        Each limit that changed a reading, and each unsure square (its confidence
        leads the next possible reading's by less than :data:`UNSURE_MARGIN`, so every
        confidence under 0.5); the notes about one square merged into one warning
        (:func:`one_warning_per_square`).
    """
    order = list(Terrain)
    castle, empty = order.index(Terrain.CASTLE), order.index(Terrain.EMPTY)
    allowed = square_counts()
    warnings: list[str] = []
    n = size * size
    # Joint score of every (terrain, crowns) kind per square.
    given = crowns if crowns.ndim == 3 else np.repeat(crowns[:, None, :], len(order), axis=1)
    joint = terrain[:, :, None] * given
    possible = np.zeros((len(order), len(CROWN_COUNTS)), dtype=bool)
    for land, count in allowed:
        possible[order.index(land), count] = True
    possible[castle, 0] = possible[empty, 0] = True
    raw_best = [np.unravel_index(int(np.argmax(joint[i])), joint[i].shape) for i in range(n)]
    # One castle: the square most like it.
    castle_at = int(np.argmax(terrain[:, castle]))
    limited = joint * possible[None, :, :]
    limited[:, castle, :] = 0
    limited[castle_at] = 0
    limited[castle_at, castle, 0] = terrain[castle_at, castle]
    if sum(1 for t, _ in raw_best if t == castle) > 1:
        warnings.append("more than one square looks like the castle: kept the likeliest")
    if terrain[castle_at, castle] < 0.3:
        warnings.append(f"no square looks much like the castle; took {_at(castle_at, size)}")
    choice = [
        tuple(int(v) for v in np.unravel_index(int(np.argmax(limited[i])), limited[i].shape))
        for i in range(n)
    ]
    # No more squares of a kind than the set holds: move the least sure one on.
    for _ in range(n):
        counts = Counter(choice)
        over = [
            kind
            for kind, count in counts.items()
            if order[kind[0]].is_landscape and count > allowed.get((order[kind[0]], kind[1]), 0)
        ]
        if not over:
            break
        kind = over[0]
        members = [i for i in range(n) if choice[i] == kind]
        best_move: tuple[float, int, tuple[int, int]] | None = None
        for i in members:
            options = limited[i].copy()
            options[kind] = 0
            for other, count in counts.items():
                if order[other[0]].is_landscape and count >= allowed.get(
                    (order[other[0]], other[1]), 0
                ):
                    options[other] = 0
            alt = tuple(int(v) for v in np.unravel_index(int(np.argmax(options)), options.shape))
            if options[alt] <= 0:
                continue
            loss = float(limited[i][kind] - options[alt])
            if best_move is None or loss < best_move[0]:
                best_move = (loss, i, (alt[0], alt[1]))
        if best_move is None:
            break
        _, i, alt = best_move
        warnings.append(
            f"{_at(i, size)}: more {_kind(order, kind)} squares than the tile set has; "
            f"read as {_kind(order, alt)} instead"
        )
        choice[i] = alt
    # Each square's best reading other than the castle, for moving the castle.
    free = joint * possible[None, :, :]
    free[:, castle, :] = 0
    castle_move = (castle_at, terrain[:, castle], free)
    choice = _prefer_a_split(choice, limited, size, order, warnings, castle_move=castle_move)
    readings: list[list[SquareReading]] = []
    for i in range(n):
        t, k = choice[i]
        raw = (int(raw_best[i][0]), int(raw_best[i][1]))
        if raw != (t, k) and not possible[raw] and t != castle:
            warnings.append(
                f"{_at(i, size)}: looks like {_kind(order, raw)}, which the tile set does not "
                f"have; read as {_kind(order, (t, k))}"
            )
        confidence = float(terrain[i, t] * given[i, t, k])
        if order[t] is Terrain.CASTLE:
            confidence = float(terrain[i, t])
        # The next possible reading (for the castle: the square's best other terrain).
        others = joint[i] * possible
        others[t, k] = 0.0
        if order[t] is Terrain.CASTLE:
            others[castle, :] = 0.0
        unsure = confidence - float(others.max()) < UNSURE_MARGIN
        if unsure:
            said = any(w.startswith(f"{_at(i, size)}: ") for w in warnings)
            # The reading is already named in an earlier note on this square.
            what = "" if said else f" of {_kind(order, (t, k))}"
            warnings.append(f"{_at(i, size)}: unsure ({confidence:.2f}){what}, please check")
        if i % size == 0:
            readings.append([])
        readings[-1].append(SquareReading(order[t], k, round(confidence, 3), unsure))
    return readings, one_warning_per_square(warnings)


def one_warning_per_square(warnings: list[str]) -> list[str]:
    """Merge the notes about one square into one warning, where its first note was.

    Parameters
    ----------
    warnings : list of str
        Notes about a square start with its ``"(row, col): "``; other warnings are
        kept as they are.

    Returns
    -------
    list of str
        A new list, at most one warning starting with each square, its notes joined
        by ``"; "`` in their order.

    Examples
    --------
    >>> one_warning_per_square(["(0, 1): a", "b", "(0, 1): c"])
    ['(0, 1): a; c', 'b']
    """
    merged: list[str] = []
    where: dict[str, int] = {}
    for warning in warnings:
        found = _SQUARE_NOTE.match(warning)
        if found is None:
            merged.append(warning)
            continue
        at = found.group(0)
        if at in where:
            merged[where[at]] += "; " + warning[len(at) :]
        else:
            where[at] = len(merged)
            merged.append(warning)
    return merged


def _prefer_a_split(
    choice: list[tuple[int, ...]],
    limited: np.ndarray,
    size: int,
    order: list[Terrain],
    warnings: list[str],
    *,
    castle_move: tuple[int, np.ndarray, np.ndarray] | None = None,
    castle_tries: int = 3,
    unsure: int = 6,
    most_changes: int = 2,
    last_resort: int = 3,
) -> list[tuple[int, ...]]:
    """If the reading does not split into official dominoes, try the next best kinds of
    the ``unsure`` least certain squares (up to ``most_changes`` at once, likeliest
    first) and keep the first reading that splits; say so in ``warnings``.

    ``castle_move`` is ``(castle_at, castle_scores, free)``: where the castle was put,
    each square's castle probability, and each square's (terrain, crowns) scores
    without the castle.  Moving the castle to one of the ``castle_tries`` next most
    castle-like squares (the old castle square taking its best other reading) is
    then tried too, as two changes.  The castle square is chosen as the likeliest
    castle, but a wrong castle and a misread castle square rarely split, so this
    puts right the usual mix-up: the castle taken for swamp and swamp for the castle.

    Only when no reading within ``most_changes`` splits are the readings with up to
    ``last_resort`` changes of the doubtful squares tried (likeliest first), so a
    kingdom with three narrow misreadings (a mine hidden by the castle figure and two
    crown counts near even) is not left as read, none of them put right."""
    from itertools import combinations, product

    from vision.kingdomino.dominoes import domino_kinds, splits_into_dominoes

    stock = domino_kinds()
    # One Square per kind, made once: many readings are tried.
    made = {
        (t, k): Square(order[t], k)
        for t in range(len(order))
        for k in range(len(CROWN_COUNTS))
        if order[t].is_landscape or k == 0
    }

    def splits(kinds: list[tuple[int, ...]]) -> bool | None:
        rows = [[made[kinds[r * size + c][:2]] for c in range(size)] for r in range(size)]
        return splits_into_dominoes(rows, budget=5_000, kinds=stock)

    if size not in (5, 7) or splits(choice) is not False:
        return choice
    options = []
    for i, kind in enumerate(choice):
        here = limited[i].copy()
        current = float(here[kind])
        here[kind] = 0
        flat = np.argsort(here, axis=None)[::-1][:2]
        for index in flat:
            alt = tuple(int(v) for v in np.unravel_index(int(index), here.shape))
            if here[alt] > 0 and current > 0:
                options.append((float(np.log(current) - np.log(here[alt])), i, alt))
    margins = sorted(
        {i: min(o[0] for o in options if o[1] == i) for _, i, _ in options}.items(),
        key=lambda item: item[1],
    )
    doubtful = [i for i, _ in margins[:unsure]]
    # A trial: its cost (log-likelihood lost) and its changes (cost, square, new kind).
    trials: list[tuple[float, list[tuple[float, int, tuple[int, ...]]]]] = []
    for count in range(1, most_changes + 1):
        for squares in combinations(doubtful, count):
            alternatives = [[o for o in options if o[1] == i] for i in squares]
            for combo in product(*alternatives):
                trials.append((sum(o[0] for o in combo), list(combo)))
    if castle_move is not None and most_changes >= 2:
        # Moving the castle changes two squares: it is tried on its own.
        castle_at, castle_scores, free = castle_move
        castle = order.index(Terrain.CASTLE)
        flat_best = int(np.argmax(free[castle_at]))
        instead = tuple(int(v) for v in np.unravel_index(flat_best, free[castle_at].shape))
        for index in np.argsort(castle_scores)[::-1][: castle_tries + 1]:
            j = int(index)
            now = float(limited[j][choice[j]])
            if j == castle_at or min(castle_scores[j], free[castle_at][instead], now) <= 0:
                continue
            cost = float(
                np.log(castle_scores[castle_at])
                - np.log(free[castle_at][instead])
                + np.log(now)
                - np.log(castle_scores[j])
            )
            trials.append((cost, [(cost, castle_at, instead), (0.0, j, (castle, 0))]))
    # Only when no reading within ``most_changes`` splits: ``last_resort`` changes at once.
    extra: list[tuple[float, list[tuple[float, int, tuple[int, ...]]]]] = []
    for count in range(most_changes + 1, last_resort + 1):
        for squares in combinations(doubtful, count):
            alternatives = [[o for o in options if o[1] == i] for i in squares]
            for combo in product(*alternatives):
                extra.append((sum(o[0] for o in combo), list(combo)))
    for _, picked in sorted(trials, key=lambda t: t[0]) + sorted(extra, key=lambda t: t[0]):
        changed = list(choice)
        for _, i, alt in picked:
            changed[i] = alt
        if splits(changed):
            for _, i, alt in picked:
                warnings.append(
                    f"{_at(i, size)}: read as {_kind(order, (choice[i][0], choice[i][1]))}, "
                    f"but only {_kind(order, (alt[0], alt[1]))} lets the kingdom split into "
                    "official dominoes: took that"
                )
            return changed
    warnings.append("the kingdom as read does not split into official dominoes: please check")
    return choice


def _at(index: int, size: int) -> str:
    return str((index // size, index % size))


def _kind(order: list[Terrain], kind: tuple[int, int]) -> str:
    terrain, crowns = order[kind[0]], kind[1]
    if not terrain.is_landscape:
        return terrain.value
    return f"{terrain.value} with {crowns} {'crown' if crowns == 1 else 'crowns'}"
