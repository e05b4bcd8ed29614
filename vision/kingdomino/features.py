"""Numbers describing one square: colour and texture for its terrain, crown-like blobs.

Each square is first resampled to ``SQUARE_SIDE`` pixels a side, so features do not
depend on the photo's resolution.  Crowns are small pale-yellow crown icons with a
white rim, printed near a square's edge (``rules/kingdomino-2p.txt``: a domain
scores squares x crowns); they are found as white-rimmed blobs of crown size.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, pairwise

import cv2
import numpy as np

__all__ = [
    "BODY_SAT",
    "CROWN_FEATURES",
    "MEDIAN_B",
    "MEDIAN_L",
    "PALE_FEATURE",
    "ROW_FEATURE",
    "SQUARE_SIDE",
    "TERRAIN_FEATURES",
    "TONE_HIGH",
    "TONE_LOW",
    "WHITE_HIGH",
    "WHITE_LOW",
    "ColourMap",
    "apply_gains",
    "apply_tone",
    "crown_blobs",
    "crown_features",
    "crown_row",
    "exposure_gain",
    "kingdom_colour_map",
    "normalise_light",
    "normalise_square",
    "rebalance_white",
    "recolour",
    "terrain_features",
    "tone_exponent",
    "white_balance",
    "white_cast",
]

#: Side, in pixels, that every square is resampled to before measuring it.
SQUARE_SIDE = 64

_HUE_BINS = 12


def normalise_light(
    view: np.ndarray,
    *,
    percentile: float = 99.0,
    target: float = 220.0,
    least_gain: float = 1.0,
    most_gain: float = 3.0,
) -> np.ndarray:
    """Brighten a straightened kingdom so its brightest pixels are near ``target``.

    In a blurred, unevenly lit phone photo the crowns' pale rims come out grey
    (brightness 80-100 where the crops show 150 and more): they fail every "white"
    test and the crown detector sees no crown.  One gain for the whole view keeps
    the squares' colours relative to each other; the view's brightest pixels (crown
    rims, sheep, windmills) come out at about ``target``.  Only the crown features
    are measured on the brightened view (see
    :func:`vision.kingdomino.classify.square_features`); a view already that bright
    is returned unchanged (``least_gain`` 1).

    Parameters
    ----------
    view : (rows, cols, 3) ndarray of uint8, BGR
        The straightened kingdom.
    percentile : float, keyword-only
        Percentile (0-100) of the pixels' brightest channel that is brought to ``target``.
    target : float, keyword-only
        Brightness (0-255) it is brought to.
    least_gain, most_gain : float, keyword-only
        Bounds on the gain (the view is never darkened by default, and a nearly
        black one is not blown up past ``most_gain``).

    Returns
    -------
    (rows, cols, 3) ndarray of uint8, BGR
        A new array (values rounded and clipped to 0-255).
    """
    rows, cols = view.shape[:2]
    step = max(1, round(max(rows, cols) / 200))
    brightest = view[::step, ::step].max(axis=2)
    high = float(np.percentile(brightest, percentile))
    gain = float(np.clip(target / max(high, 1.0), least_gain, most_gain))
    return cv2.convertScaleAbs(view, alpha=gain, beta=0.0)


def exposure_gain(
    squares: list[np.ndarray],
    *,
    dark: float = 150.0,
    over: float = 240.0,
    target: float = 188.0,
) -> float:
    """One gain for a kingdom photographed far darker or brighter than any learned from.

    The terrain forest reads colours as photographed, brightness included (it tells
    wheat from a beige table partly by it), and learned from kingdoms whose
    brightness (90th percentile of each pixel's brightest channel) is 150-224
    (photos/ 167-206, phone/ 150-224 but one view) and whose 75th percentile is at most 206.  A
    kingdom darker than ``dark`` (under-exposed), or whose 75th percentile reaches
    ``over`` (a quarter of its pixels near clipping: over-exposed), is brought to
    the training crops' median brightness ``target``; any other kingdom is read as
    photographed (gain 1): bringing every photo to one brightness cost real photos
    in bright light more squares than it saved (docs/kingdomino-vision.md, session
    5).  Measured on the kingdom's own squares, never the table.

    Parameters
    ----------
    squares : list of (rows, cols, 3) ndarray of uint8, BGR
        The kingdom's squares (any sizes); not modified.
    dark : float, keyword-only
        A kingdom whose 90th percentile brightness (0-255) is under this is under-exposed.
    over : float, keyword-only
        One whose 75th percentile brightness reaches this is over-exposed.
    target : float, keyword-only
        The 90th percentile brightness either is brought to.

    Returns
    -------
    float
        The gain (1.0 when the kingdom's exposure is within the learned range; at
        most 3).
    """
    if not squares:
        return 1.0
    brightest = np.concatenate([s[::4, ::4].max(axis=2).ravel() for s in squares])
    high, upper = (max(float(v), 1.0) for v in np.percentile(brightest, [90, 75]))
    if high >= dark and upper < over:
        return 1.0
    return float(min(3.0, target / high))


def white_cast(
    squares: list[np.ndarray],
    *,
    most: float = 1.53,
    target: float = 1.27,
    least_pixels: int = 50,
) -> float:
    """How much redder than blue a kingdom's whites are, when far past any learned from.

    The kingdom's near-white pixels (brightest channel at least 120, channel spread
    at most 40 % of it: crown rims, sheep, windmills, castle walls) are measured by
    the median of red over blue.  The training photos (photos/ and phone/, 102
    views with enough such pixels) measure 0.88-1.49, median 1.27: real tiles are
    often shot under warm light, and the crown forest learned those rims.  A kingdom
    past ``most`` (the project's samples under an indoor cast, red x 1.12 and blue
    x 0.78, measure 1.58) is answered with its ratio over ``target``; any other
    kingdom with 1.0, so it is read exactly as before (docs/kingdomino-vision.md,
    session 5).  Measured on the kingdom's own squares, never the table.

    Parameters
    ----------
    squares : list of (rows, cols, 3) ndarray of uint8, BGR
        The kingdom's squares as photographed (any sizes); not modified.
    most : float, keyword-only
        A kingdom whose whites' median red / blue ratio exceeds this has a warm cast.
    target : float, keyword-only
        The ratio its whites are brought to (the training views' median).
    least_pixels : int, keyword-only
        Fewer near-white pixels than this (sampled every fourth pixel each way) and
        nothing is measured (1.0).

    Returns
    -------
    float
        The cast: 1.0 within the learned range, else the whites' ratio over ``target``
        (more than 1), to undo with :func:`rebalance_white`.
    """
    if not squares:
        return 1.0
    pixels = np.concatenate([s[::4, ::4].reshape(-1, 3) for s in squares]).astype(np.float64)
    pixels += 1.0
    brightest, darkest = pixels.max(axis=1), pixels.min(axis=1)
    white = (brightest >= 120) & (brightest - darkest <= 0.4 * brightest)
    if np.count_nonzero(white) < least_pixels:
        return 1.0
    ratio = float(np.median(pixels[white, 2] / pixels[white, 0]))
    return ratio / target if ratio > most else 1.0


def rebalance_white(square: np.ndarray, cast: float) -> np.ndarray:
    """Undo a warm cast: blue x sqrt(cast), red / sqrt(cast), green unchanged.

    Parameters
    ----------
    square : (rows, cols, 3) ndarray of uint8, BGR
        Not modified.
    cast : float
        From :func:`white_cast` (1.0 leaves the colours as they are).

    Returns
    -------
    (rows, cols, 3) ndarray of uint8, BGR
        A new array (values rounded and clipped to 0-255).
    """
    half = float(np.sqrt(cast))
    balanced = square.astype(np.float64) * np.array([half, 1.0, 1.0 / half])
    return np.asarray(np.clip(np.rint(balanced), 0, 255), dtype=np.uint8)


#: The learned whites: over the 104 training views (photos/ and phone/ as shot), each
#: view's median ln(blue / green) of its near-white pixels lies in -0.38383 ... 0.29598
#: and its median ln(red / green) in -0.08758 ... 0.23390 (:func:`white_balance`); the
#: ends rounded outwards to three places, so every training view is inside.
WHITE_LOW = (-0.384, -0.088)
#: Upper ends of the same ranges (ln(blue / green), ln(red / green)).
WHITE_HIGH = (0.296, 0.234)


def white_balance(
    squares: list[np.ndarray],
    *,
    low: tuple[float, float] = WHITE_LOW,
    high: tuple[float, float] = WHITE_HIGH,
    least_pixels: int = 50,
) -> np.ndarray:
    """Per-channel gains that bring a kingdom's whites back within the learned whites.

    The kingdom's near-white pixels (as :func:`white_cast`: crown rims, sheep,
    windmills, castle walls) give the median ln(blue / green) and ln(red / green).
    Where either lies outside what the training views measured (``low`` to
    ``high``), blue or red is scaled so it lands on that range's nearer end: the
    least change that puts the kingdom's light among the learned ones.  A kingdom
    within both ranges (every training view) gets gains of 1, so it is read exactly
    as before; a green, cool or magenta cast past them is undone up to the range's
    end (``white_cast`` only ever answered a warm one).  Measured on the kingdom's
    own squares, never the table.

    Parameters
    ----------
    squares : list of (rows, cols, 3) ndarray of uint8, BGR
        The kingdom's squares as photographed (any sizes); not modified.
    low, high : (float, float), keyword-only
        The learned ranges' ends, (ln(blue / green), ln(red / green)).
    least_pixels : int, keyword-only
        Fewer near-white pixels than this (sampled every fourth pixel each way) and
        nothing is measured (gains of 1).

    Returns
    -------
    (3,) ndarray of float64
        Gains for blue, green, red (green always 1), to apply with :func:`apply_gains`.
    """
    gains = np.ones(3)
    if not squares:
        return gains
    pixels = np.concatenate([s[::4, ::4].reshape(-1, 3) for s in squares]).astype(np.float64)
    pixels += 1.0
    brightest, darkest = pixels.max(axis=1), pixels.min(axis=1)
    white = (brightest >= 120) & (brightest - darkest <= 0.4 * brightest)
    if np.count_nonzero(white) < least_pixels:
        return gains
    chosen = pixels[white]
    found = np.array(
        [
            np.median(np.log(chosen[:, 0] / chosen[:, 1])),
            np.median(np.log(chosen[:, 2] / chosen[:, 1])),
        ]
    )
    shift = np.clip(found, low, high) - found
    gains[0], gains[2] = np.exp(shift)
    return gains


def apply_gains(square: np.ndarray, gains: np.ndarray) -> np.ndarray:
    """Each colour channel times its gain.

    Parameters
    ----------
    square : (rows, cols, 3) ndarray of uint8, BGR
        Not modified.
    gains : (3,) ndarray of float
        Blue, green, red gains (from :func:`white_balance`).

    Returns
    -------
    (rows, cols, 3) ndarray of uint8, BGR
        A new array (values rounded and clipped to 0-255).
    """
    out = square.astype(np.float64) * np.asarray(gains, dtype=np.float64)
    return np.asarray(np.clip(np.rint(out), 0, 255), dtype=np.uint8)


#: The learned tone spread: over the 104 training views (photos/ and phone/ as shot),
#: the interquartile range of each view's ln(256 / (mean of the channels + 1)) (sampled
#: every fourth pixel each way) lies in 0.27269 ... 1.41438 (:func:`tone_exponent`);
#: the ends rounded outwards to four places, so every training view is inside.
TONE_LOW = 0.2726
#: Upper end of the same range.
TONE_HIGH = 1.4144


def tone_exponent(
    squares: list[np.ndarray],
    *,
    low: float = TONE_LOW,
    high: float = TONE_HIGH,
) -> float:
    """The power that brings a kingdom's tone spread back within the learned ones.

    A gamma change ``v -> 255 (v / 255) ** g`` multiplies every pixel's
    ln(256 / lightness) by ``g``, so the spread (interquartile range) of those values
    over the kingdom's squares is multiplied by ``g``; an exposure change only shifts
    them.  The spread also depends on the kingdom (lakes and mines are dark, wheat is
    bright), so it is only trusted past the training views' least and most (``low``
    to ``high``): there the exponent is what brings it to the nearer end, the least
    change (like :func:`exposure_gain`, only far outside the learned range).  A
    kingdom within the range (every training view) gets 1.

    Parameters
    ----------
    squares : list of (rows, cols, 3) ndarray of uint8, BGR
        The kingdom's squares as photographed (any sizes); not modified.
    low, high : float, keyword-only
        The learned spread's ends.

    Returns
    -------
    float
        The exponent for :func:`apply_tone` (below 1 brightens a stretched kingdom's
        middle tones, above 1 darkens a flattened one's); 1.0 within the range.
    """
    if not squares:
        return 1.0
    pixels = np.concatenate([s[::4, ::4].reshape(-1, 3) for s in squares]).astype(np.float64)
    tones = np.log(256.0 / (pixels.mean(axis=1) + 1.0))
    lower, upper = np.percentile(tones, [25, 75])
    spread = float(upper - lower)
    if spread > high:
        return high / spread
    if 0.0 < spread < low:
        return low / spread
    return 1.0


def apply_tone(square: np.ndarray, exponent: float) -> np.ndarray:
    """Each channel value ``v`` to ``256 ((v + 1) / 256) ** exponent - 1``.

    Parameters
    ----------
    square : (rows, cols, 3) ndarray of uint8, BGR
        Not modified.
    exponent : float
        From :func:`tone_exponent` (1.0 leaves the values as they are).

    Returns
    -------
    (rows, cols, 3) ndarray of uint8, BGR
        A new array (values rounded and clipped to 0-255).
    """
    levels = 256.0 * ((np.arange(256) + 1.0) / 256.0) ** float(exponent) - 1.0
    table = np.clip(np.rint(levels), 0, 255).astype(np.uint8)
    return np.asarray(cv2.LUT(square, table), dtype=np.uint8)


def normalise_square(square: np.ndarray) -> np.ndarray:
    """Resample a square's pixels to ``SQUARE_SIDE`` x ``SQUARE_SIDE`` (area interpolation).

    Parameters
    ----------
    square : (rows, cols, 3) ndarray of uint8, BGR

    Returns
    -------
    (SQUARE_SIDE, SQUARE_SIDE, 3) ndarray of uint8, BGR (a new array)
    """
    if square.shape[0] < 2 or square.shape[1] < 2:
        raise ValueError(f"square of {square.shape[0]}x{square.shape[1]} pixels is too small")
    return cv2.resize(square, (SQUARE_SIDE, SQUARE_SIDE), interpolation=cv2.INTER_AREA)


def terrain_features(square: np.ndarray, *, margin: float = 0.1) -> np.ndarray:
    """Colour and texture features of a square, for its terrain.

    Parameters
    ----------
    square : (rows, cols, 3) ndarray of uint8, BGR
        One square of the kingdom, any size (resampled first).
    margin : float, keyword-only
        Fraction of the side trimmed on each edge (grid lines, neighbours).

    Returns
    -------
    (TERRAIN_FEATURES,) ndarray of float64
        Hue histogram weighted by saturation, HSV and Lab means, spreads and
        percentiles, colour-band fractions, gradient energy.
    """
    small = normalise_square(square)
    cut = round(margin * SQUARE_SIDE)
    inner = small[cut : SQUARE_SIDE - cut, cut : SQUARE_SIDE - cut]
    hsv = cv2.cvtColor(inner, cv2.COLOR_BGR2HSV).reshape(-1, 3).astype(np.float64)
    lab = cv2.cvtColor(inner, cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(np.float64)
    hue, sat, val = hsv[:, 0], hsv[:, 1] / 255, hsv[:, 2] / 255
    weights = sat * val
    # Hues are whole numbers 0-179: bin hue // 15 is np.histogram's bin over 0-180
    # (the same weighted sums in the same order, bincount being what it runs).
    bins = hsv[:, 0].astype(np.intp) // (180 // _HUE_BINS)
    hist = np.bincount(bins, weights=weights, minlength=_HUE_BINS) / (weights.sum() + 1e-6)
    parts: list[np.ndarray | list[float]] = [hist]
    channels = np.stack([sat, val, lab[:, 0] / 255, lab[:, 1] / 255, lab[:, 2] / 255], axis=1)
    ranked = np.sort(channels, axis=0)
    picks = [int(q * (len(ranked) - 1)) for q in (0.1, 0.5, 0.9)]
    parts.append(
        np.column_stack(
            [channels.mean(axis=0), channels.std(axis=0), *[ranked[i] for i in picks]]
        ).ravel()
    )
    bands = [
        (hue >= 95) & (hue <= 130) & (sat > 0.35),  # lake blue
        (hue >= 18) & (hue <= 35) & (sat > 0.45) & (val > 0.55),  # wheat yellow
        (hue >= 33) & (hue <= 90) & (sat > 0.3),  # green
        val < 0.3,  # dark (mine, forest shade)
        (sat < 0.3) & (val >= 0.3) & (val < 0.75),  # grey-brown (swamp, castle stone)
        (sat < 0.2) & (val >= 0.75),  # white (sheep, crowns' rims)
    ]
    parts.append([np.count_nonzero(b) / b.size for b in bands])  # each band's share
    grey = cv2.cvtColor(inner, cv2.COLOR_BGR2GRAY).astype(np.float32) / 255
    d_row = cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3)
    d_col = cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3)
    magnitude = np.hypot(d_row, d_col)
    lap = cv2.Laplacian(grey, cv2.CV_32F)
    parts.append(
        [
            float(magnitude.mean()),
            float(magnitude.std()),
            float(np.abs(lap).mean()),
            float((magnitude > 0.3).mean()),
        ]
    )
    return np.concatenate([np.asarray(p, dtype=np.float64).ravel() for p in parts])


#: Length of :func:`terrain_features`' vector.
TERRAIN_FEATURES = _HUE_BINS + 5 * 5 + 6 + 4

#: Index in :func:`terrain_features`' vector of the square's median Lab lightness (L),
#: and of its median Lab b (blue to yellow), both as 8-bit Lab / 255.
MEDIAN_L = _HUE_BINS + 2 * 5 + 3
MEDIAN_B = _HUE_BINS + 4 * 5 + 3


@dataclass(frozen=True)
class ColourMap:
    """How one photo's light moved the terrains' colours: Lab L and b, each ``gain * x +
    offset`` of the training squares' (8-bit Lab units, 0-255).

    Attributes
    ----------
    gain : tuple of float
        (L, b).
    offset : tuple of float
        (L, b), Lab units.
    departure : tuple of float
        (L, b): the most the map moves any terrain's training centre, Lab units.
    """

    gain: tuple[float, float]
    offset: tuple[float, float]
    departure: tuple[float, float]


def kingdom_colour_map(
    colours: np.ndarray,
    landscape: np.ndarray,
    centres: np.ndarray,
    spreads: np.ndarray,
    *,
    ridge: float = 20.0,
    rounds: int = 6,
    tail: float = 4.0,
    floor: float = 3.0,
) -> ColourMap:
    """Fit how this photo's light maps the terrains' training colours onto its squares.

    A kingdom's squares of one terrain look alike under that photo's light even when
    they look unlike the training squares.  Each channel (Lab L and b) is taken to
    be ``gain * training + offset`` in this photo, the same for every terrain; the
    map is fitted to the kingdom's own squares, each weighed by how likely it is of
    each terrain, and the weights are re-estimated from the forest's odds and the
    squares' likeness to the mapped centres (an expectation-maximisation, ``rounds``
    times; a Student-t likeness with ``tail`` degrees of freedom, so a few odd
    squares do not pull the map).  A ridge holds the map to the identity with the
    weight of ``ridge`` squares, so a kingdom with few sure squares stays near it.
    Transductive: it uses this kingdom only, no training photo.

    Parameters
    ----------
    colours : (n, 2) ndarray of float64
        Each square's median Lab L and b, 8-bit Lab units (0-255).
    landscape : (n, k) ndarray of float64
        The forest's odds of each of the ``k`` landscape terrains per square (any
        scale: each row is normalised); not modified.
    centres, spreads : (k, 2) ndarray of float64
        Each terrain's mean and standard deviation of L and b over the training
        squares (``SquareModel.centres`` / ``spreads``).
    ridge, rounds, tail, floor : keyword-only
        Weight of the identity (squares), rounds, the likeness's degrees of freedom,
        and the least spread (Lab units) a terrain is given.

    Returns
    -------
    ColourMap

    Raises
    ------
    ValueError
        If the shapes do not agree.
    """
    colours = np.asarray(colours, dtype=np.float64)
    odds = np.asarray(landscape, dtype=np.float64)
    if colours.ndim != 2 or colours.shape[1] != 2 or odds.shape[0] != colours.shape[0]:
        raise ValueError(f"colours {colours.shape} and odds {odds.shape} do not agree")
    if centres.shape != (odds.shape[1], 2) or spreads.shape != centres.shape:
        raise ValueError(f"centres {centres.shape} / spreads {spreads.shape} for {odds.shape}")
    prior = odds / np.maximum(odds.sum(axis=1, keepdims=True), 1e-9)
    weights = prior
    gain, offset = np.ones(2), np.zeros(2)
    # The ridge: (gain - 1) counts as 50 Lab units of a 100-unit spread, offset as 5.
    penalty = ridge * np.array([4.0, 0.04])
    for _ in range(rounds):
        flat = weights.ravel()
        for channel in range(2):
            x = np.tile(centres[:, channel], len(colours))
            y = np.repeat(colours[:, channel], len(centres))
            design = np.column_stack([x, np.ones_like(x)])
            normal = design.T @ (design * flat[:, None]) + np.diag(penalty)
            target = design.T @ (flat * y) + np.array([penalty[0], 0.0])
            gain[channel], offset[channel] = np.linalg.solve(normal, target)
        mapped = centres[None] * gain + offset
        spread = spreads[None] * np.abs(gain) + floor
        z = (colours[:, None, :] - mapped) / spread
        likeness = (-(tail + 1) / 2 * np.log1p(z**2 / tail)).sum(axis=2)
        score = np.log(prior + 1e-6) + likeness
        score -= score.max(axis=1, keepdims=True)
        weights = np.exp(score)
        weights /= weights.sum(axis=1, keepdims=True)
    moved = np.abs(centres * gain + offset - centres).max(axis=0)
    return ColourMap(
        gain=(float(gain[0]), float(gain[1])),
        offset=(float(offset[0]), float(offset[1])),
        departure=(float(moved[0]), float(moved[1])),
    )


def recolour(square: np.ndarray, colour_map: ColourMap) -> np.ndarray:
    """Undo a :class:`ColourMap` on a square: its Lab L and b brought back to the
    training squares' scale (``(x - offset) / gain``), Lab a unchanged.

    Parameters
    ----------
    square : (rows, cols, 3) ndarray of uint8, BGR
        Not modified.
    colour_map : ColourMap

    Returns
    -------
    (rows, cols, 3) ndarray of uint8, BGR
        A new array (Lab values rounded and clipped to 0-255).
    """
    lab = cv2.cvtColor(square, cv2.COLOR_BGR2LAB).astype(np.float32)
    for channel, index in ((0, 0), (1, 2)):
        gain = colour_map.gain[channel] if abs(colour_map.gain[channel]) > 1e-3 else 1.0
        lab[..., index] = (lab[..., index] - colour_map.offset[channel]) / gain
    back = np.asarray(np.clip(np.rint(lab), 0, 255), dtype=np.uint8)
    return np.asarray(cv2.cvtColor(back, cv2.COLOR_LAB2BGR), dtype=np.uint8)


def crown_blobs(
    square: np.ndarray,
    *,
    side: int = 96,
    white_sat: int = 70,
    white_val: int = 150,
    min_side: float = 0.08,
    max_short: float = 0.32,
    max_long: float = 0.8,
) -> list[tuple[int, int, int, int, float, float, int]]:
    """White-rimmed, crown-sized blobs of a square (a row of touching crowns is one blob).

    Parameters
    ----------
    square : (rows, cols, 3) ndarray of uint8, BGR
    side : int, keyword-only
        The square is resampled to ``side`` x ``side`` pixels first.
    white_sat, white_val : int, keyword-only
        A rim pixel has HSV saturation below ``white_sat`` and value above ``white_val``.
    min_side, max_short, max_long : float, keyword-only
        Bounds on a blob box's shorter and longer sides, as fractions of ``side``.

    Returns
    -------
    list of (top, left, height, width, fill, yellow, crowns)
        Box in pixels of the resampled square; ``fill`` is the rim's share of its
        box, ``yellow`` the share of crown-yellow pixels inside, ``crowns`` the
        number of crowns side by side that the box's shape suggests (1-3).
    """
    return _blobs_in(
        _hsv_at(square, side), side, white_sat, white_val, min_side, max_short, max_long
    )


def _hsv_at(square: np.ndarray, side: int) -> np.ndarray:
    """The square resampled to ``side`` x ``side`` (area interpolation), in HSV."""
    small = (
        square
        if square.shape[:2] == (side, side)
        else cv2.resize(square, (side, side), interpolation=cv2.INTER_AREA)
    )
    return np.asarray(cv2.cvtColor(small, cv2.COLOR_BGR2HSV))


def _within(hsv: np.ndarray, low: tuple[int, int, int], high: tuple[int, int, int]) -> np.ndarray:
    """Mask (uint8, 0 or 255) of the pixels whose H, S, V all lie in ``low``-``high`` inclusive.

    An empty range (a bound past 0-255) gives an empty mask, as the comparisons would.
    """
    if any(lo > hi or lo > 255 or hi < 0 for lo, hi in zip(low, high, strict=True)):
        return np.zeros(hsv.shape[:2], np.uint8)
    return np.asarray(cv2.inRange(hsv, low, high))


def _components(mask: np.ndarray, connectivity: int) -> tuple[np.ndarray, np.ndarray]:
    """``cv2.connectedComponentsWithStats`` labels and stats of ``mask``, labelled in the box
    of its set pixels only (the labelling's cost goes with the pixels it scans).

    The same labels (in the same order) and the same stats as labelling the whole
    mask, but for the background's row 0; the labels are 0 outside the box.
    """
    left, top, width, height = cv2.boundingRect(mask)
    # The box starts on an even row and column: the labelling scans blocks of 2 x 2
    # pixels from the mask's corner, and the labels' order follows that grid.
    width, height = width + left % 2, height + top % 2
    left, top = left - left % 2, top - top % 2
    if width * height in (0, mask.size):  # empty, or set pixels reaching every edge
        _, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=connectivity)
        return labels, stats
    _, part, stats, _ = cv2.connectedComponentsWithStats(
        mask[top : top + height, left : left + width], connectivity=connectivity
    )
    labels = np.zeros(mask.shape, np.int32)
    labels[top : top + height, left : left + width] = part
    stats[:, cv2.CC_STAT_LEFT] += left
    stats[:, cv2.CC_STAT_TOP] += top
    return labels, stats


def _blobs_in(
    hsv: np.ndarray,
    side: int,
    white_sat: int,
    white_val: int,
    min_side: float,
    max_short: float,
    max_long: float,
) -> list[tuple[int, int, int, int, float, float, int]]:
    """:func:`crown_blobs` on a square already resampled to ``side`` and in HSV."""
    # The same pixels as (sat < white_sat) & (val > white_val), and (15 <= hue <= 36)
    # & (sat >= white_sat) & (val > 120), as 0/255 masks (cv2.inRange is faster).
    white = _within(hsv, (0, 0, white_val + 1), (255, white_sat - 1, 255))
    yellow = _within(hsv, (15, white_sat, 121), (36, 255, 255))
    white = cv2.morphologyEx(white, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    if not cv2.countNonZero(white):
        return []  # no blob (labelling an empty mask costs as much as a full one)
    _, stats = _components(white, 8)
    widths, heights = stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]
    longest, shortest = np.maximum(widths, heights), np.minimum(widths, heights)
    sized = (
        (min_side * side <= shortest)
        & (shortest <= max_short * side)
        & (longest <= max_long * side)
    )
    sized[0] = False  # the background
    blobs = []
    for label in np.flatnonzero(sized):
        left, top, width, height, area = (int(v) for v in stats[label])
        longer, shorter = max(width, height), min(width, height)
        crowns = int(np.clip(round(longer / (1.1 * shorter)), 1, 3))
        fill = area / float(width * height)
        share = float(np.count_nonzero(yellow[top : top + height, left : left + width])) / (
            width * height
        )
        blobs.append((top, left, height, width, fill, share, crowns))
    return blobs


def crown_interiors(
    square: np.ndarray,
    *,
    side: int = 96,
    rim_sat: int = 90,
    rim_val: int = 110,
    body_sat: int = 140,
    min_area: int = 25,
    max_area: int = 400,
    ring_share: float = 0.35,
    opening: int = 0,
) -> list[tuple[int, int, int, int, float]]:
    """Yellow crown bodies ringed by the crown icon's pale rim.

    A crown icon is a yellow body inside a white-grey rim; on a wheat square the
    rim is what sets the body apart from the yellow field.  Parts of one body that
    the jewels split are merged when their boxes are within 4 pixels and the
    merged box is still crown-sized.

    Parameters
    ----------
    square : (rows, cols, 3) ndarray of uint8, BGR
    side : int, keyword-only
        The square is resampled to ``side`` x ``side`` pixels first.
    rim_sat, rim_val : int, keyword-only
        A rim pixel has HSV saturation below ``rim_sat`` and value above ``rim_val``.
    body_sat : int, keyword-only
        A body pixel is yellow with HSV saturation at least ``body_sat``.
    min_area, max_area : int, keyword-only
        Body size in pixels of the resampled square.
    ring_share : float, keyword-only
        Least share of rim pixels in the 2-pixel ring around a body.
    opening : int, keyword-only
        If over 0, every body too big to be a crown is opened with an ellipse this
        many pixels across, cutting the thin bridges by which a body whose rim is
        broken (blur, a warm cast) runs into a yellowish background; crown-sized
        bodies are left whole (a thin crown would not survive the opening).

    Returns
    -------
    list of (top, left, height, width, ring)
        Boxes in pixels of the resampled square, and each body's rim share.
    """
    return _interiors_in(
        _hsv_at(square, side),
        side,
        rim_sat=rim_sat,
        rim_val=rim_val,
        body_sat=body_sat,
        min_area=min_area,
        max_area=max_area,
        ring_share=ring_share,
        opening=opening,
    )


def _interiors_in(
    hsv: np.ndarray,
    side: int,
    *,
    rim_sat: int,
    body_sat: int,
    opening: int,
    rim_val: int = 110,
    min_area: int = 25,
    max_area: int = 400,
    ring_share: float = 0.3,
) -> list[tuple[int, int, int, int, float]]:
    """:func:`crown_interiors` on a square already resampled to ``side`` and in HSV."""
    # The same pixels as rim = (sat < rim_sat) & (val > rim_val) and body = (15 <= hue
    # <= 36) & (sat >= body_sat) & (val > 110) & ~rim, as 0/255 masks.
    rim = _within(hsv, (0, 0, rim_val + 1), (255, rim_sat - 1, 255))
    body = cv2.bitwise_and(_within(hsv, (15, body_sat, 111), (36, 255, 255)), ~rim)
    if not cv2.countNonZero(body):
        return []  # no body (labelling an empty mask costs as much as a full one)
    labels, stats = _components(body, 4)
    if opening > 0:
        # Only bodies too big to be a crown are opened: a crown whose rim held is
        # kept whole, however thin its points.
        too_big = (stats[:, cv2.CC_STAT_AREA] > max_area) | (
            np.maximum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]) > 0.3 * side
        )
        too_big[0] = False
        if too_big.any():
            big = too_big[labels].astype(np.uint8)
            shape = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (opening, opening))
            opened = np.asarray(cv2.morphologyEx(big, cv2.MORPH_OPEN, shape), dtype=np.uint8)
            body = np.where(big > 0, opened, body).astype(np.uint8)
            labels, stats = _components(body, 4)
    kernel = np.ones((5, 5), np.uint8)
    found: list[list[float]] = []
    areas = stats[:, cv2.CC_STAT_AREA]
    crown_sized = (
        (areas >= min_area)
        & (areas <= max_area)
        & (np.maximum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]) <= 0.3 * side)
    )
    crown_sized[0] = False  # the background
    for label in np.flatnonzero(crown_sized):
        left, top, width, height, _ = (int(v) for v in stats[label])
        y0, y1 = max(0, top - 3), min(side, top + height + 3)
        x0, x1 = max(0, left - 3), min(side, left + width + 3)
        own = (labels[y0:y1, x0:x1] == label).astype(np.uint8)
        ring = cv2.dilate(own, kernel) > own
        around = np.count_nonzero(ring)
        share = np.count_nonzero(rim[y0:y1, x0:x1][ring]) / around if around else 0.0
        if share >= ring_share:
            found.append([top, left, height, width, share])
    merged = True
    while merged:
        merged = False
        for i in range(len(found)):
            for j in range(i + 1, len(found)):
                a, b = found[i], found[j]
                gap_rows = max(a[0], b[0]) - min(a[0] + a[2], b[0] + b[2])
                gap_cols = max(a[1], b[1]) - min(a[1] + a[3], b[1] + b[3])
                top, left = min(a[0], b[0]), min(a[1], b[1])
                bottom = max(a[0] + a[2], b[0] + b[2])
                right = max(a[1] + a[3], b[1] + b[3])
                crown_sized = max(bottom - top, right - left) <= 0.22 * side
                if gap_rows <= 4 and gap_cols <= 4 and crown_sized:
                    found[i] = [top, left, bottom - top, right - left, max(a[4], b[4])]
                    del found[j]
                    merged = True
                    break
            if merged:
                break
    return [(int(a), int(b), int(c), int(d), float(e)) for a, b, c, d, e in found]


def crown_row(
    bodies: list[tuple[int, int, int, int, float]],
    *,
    min_short: int = 4,
    size_ratio: float = 1.6,
    off_axis: float = 0.6,
    spacing: tuple[float, float] = (0.95, 2.4),
) -> int:
    """The most crown bodies that make one row of like crowns (0-3).

    The crowns of one square are printed alike, side by side along one edge: the
    same size, their long sides along the row, evenly spaced.  A body that is not
    part of such a row (a sliver of a neighbour's crown at the square's edge, a
    yellow patch of the artwork, a crown cut in two by the jewels) is left out, so a
    row of two or three is strong evidence of that many crowns at least (in the
    labelled photos a row of two or three was never more than the crowns there).

    Parameters
    ----------
    bodies : list of (top, left, height, width, ring)
        Crown bodies as :func:`crown_interiors` gives them (pixels of one resampled square).
    min_short : int, keyword-only
        A body's shorter side, pixels, at least this (thinner ones are slivers).
    size_ratio : float, keyword-only
        Two crowns of a row: longer and shorter sides each within this ratio.
    off_axis : float, keyword-only
        Their centres are at most this fraction of their height across the row apart
        (at least 3 pixels allowed).
    spacing : (float, float), keyword-only
        Neighbours' centres are this many times their length along the row apart.

    Returns
    -------
    int
        0 if there is no body, 1 if no two bodies make a row, else 2 or 3.
    """
    kept = [b for b in bodies if min(b[2], b[3]) >= min_short]

    def alike(a: tuple[int, int, int, int, float], b: tuple[int, int, int, int, float]) -> bool:
        long_a, short_a = max(a[2], a[3]), min(a[2], a[3])
        long_b, short_b = max(b[2], b[3]), min(b[2], b[3])
        return (
            max(long_a, long_b) <= size_ratio * min(long_a, long_b)
            and max(short_a, short_b) <= size_ratio * min(short_a, short_b) + 1
        )

    def neighbours(
        a: tuple[int, int, int, int, float], b: tuple[int, int, int, int, float], across: bool
    ) -> bool:
        # ``across`` False: the row runs along the columns (crowns side by side).
        along_i, across_i = (3, 2) if not across else (2, 3)
        start_i, other_i = (1, 0) if not across else (0, 1)
        for body in (a, b):
            if body[along_i] < 0.75 * body[across_i]:
                return False
        gap = abs((a[start_i] + a[along_i] / 2) - (b[start_i] + b[along_i] / 2))
        off = abs((a[other_i] + a[across_i] / 2) - (b[other_i] + b[across_i] / 2))
        length = (a[along_i] + b[along_i]) / 2
        height = (a[across_i] + b[across_i]) / 2
        return off <= max(3.0, off_axis * height) and (
            spacing[0] * length <= gap <= spacing[1] * length
        )

    for count in range(min(3, len(kept)), 1, -1):
        for group in combinations(kept, count):
            if not all(alike(a, b) for a, b in combinations(group, 2)):
                continue
            for across in (False, True):
                key = 0 if across else 1
                line = sorted(group, key=lambda b: b[key] + b[key + 2] / 2)
                if all(neighbours(a, b, across) for a, b in pairwise(line)):
                    return count
    return 1 if kept else 0


#: Length of :func:`crown_features`' vector.
CROWN_FEATURES = 29

#: Index in :func:`crown_features`' vector of :func:`crown_row` on the loose bodies
#: (rim share at least 0.3); the next one is on the strict bodies (at least 0.45).
ROW_FEATURE = 18

#: Index in :func:`crown_features`' vector of the first of the four counts made with
#: the body test relative to the kingdom's own yellows
#: (:func:`vision.kingdomino.pale.pale_body_sat`); the
#: fifth, last, is that test's saturation over 255.
PALE_FEATURE = 24

#: The crown body test's least saturation (:func:`crown_interiors`' ``body_sat``).
BODY_SAT = 140


def crown_features(
    square: np.ndarray, *, pale: int = BODY_SAT, small: np.ndarray | None = None
) -> np.ndarray:
    """Features for counting a square's crowns (0-3).

    Parameters
    ----------
    square : (rows, cols, 3) ndarray of uint8, BGR
    pale : int, keyword-only
        The body test's least saturation for the last four features, relative to the
        kingdom's yellows (:func:`vision.kingdomino.pale.pale_body_sat`);
        :data:`BODY_SAT` (a kingdom as saturated as the training ones) makes them the
        loose and strict counts again.
    small : (SQUARE_SIDE, SQUARE_SIDE, 3) ndarray of uint8, BGR, or None, keyword-only
        ``normalise_square(square)`` when already made (the terrain features resample
        the same pixels when the light was not changed); default: made here.

    Returns
    -------
    (CROWN_FEATURES,) ndarray of float64
        Crown bodies counted under stricter and looser rim tests (before and after
        merging split bodies), their rim shares, plus white-rimmed blob counts and
        the white and yellow pixel shares; then (from index :data:`ROW_FEATURE`) the
        loose and the strict bodies that make one row of like crowns
        (:func:`crown_row`), and the
        bodies and rows found with a greyer or more coloured rim allowed (the rims
        of a blurred or warm-lit phone photo, where the first counts see no crown);
        then (from :data:`PALE_FEATURE`) the loose and strict bodies and their rows
        with the body test at ``pale``, and ``pale`` / 255.
    """
    hsv = _hsv_at(cv2.resize(square, (96, 96), interpolation=cv2.INTER_AREA), 96)
    # crown_interiors' defaults but the rim share, the resampled HSV computed once.
    loose = _interiors_in(hsv, 96, rim_sat=90, body_sat=BODY_SAT, opening=0)
    # A broken rim lets a body run into a yellowish field: bodies too big to be a
    # crown are opened (3 pixels) to cut them apart again.
    greyer = _interiors_in(hsv, 96, rim_sat=120, body_sat=BODY_SAT, opening=3)
    warmer = _interiors_in(hsv, 96, rim_sat=150, body_sat=150, opening=3)
    strict = [c for c in loose if c[4] >= 0.45]
    if pale >= BODY_SAT or not _within(hsv, (15, pale, 111), (36, BODY_SAT - 1, 255)).any():
        # No pixel is yellow enough for the relative test but not for the absolute
        # one: the same bodies.
        pale_loose, pale_strict = loose, strict
    else:
        pale_loose = _interiors_in(hsv, 96, rim_sat=90, body_sat=pale, opening=0)
        pale_strict = [c for c in pale_loose if c[4] >= 0.45]
    blobs = _blobs_in(hsv, 96, 70, 150, 0.08, 0.32, 0.8)
    small = normalise_square(square) if small is None else small
    hsv = cv2.cvtColor(small, cv2.COLOR_BGR2HSV)
    # Shares of (sat < 70) & (val > 150) and (15 <= hue <= 36) & (sat >= 70) pixels.
    white_share = np.count_nonzero(_within(hsv, (0, 0, 151), (255, 69, 255))) / hsv[..., 0].size
    yellow_share = np.count_nonzero(_within(hsv, (15, 70, 0), (36, 255, 255))) / hsv[..., 0].size
    shares = sorted((c[4] for c in loose), reverse=True)[:3]
    shares += [0.0] * (3 - len(shares))
    sizes = sorted((c[2] * c[3] for c in loose), reverse=True)[:3]
    sizes += [0] * (3 - len(sizes))
    values = [
        len(loose),
        len(strict),
        sum(1 for c in loose if c[4] >= 0.6),
        *shares,
        *[v / 96.0**2 for v in sizes],
        sum(b[6] for b in blobs if b[5] > 0.12 and b[4] < 0.75),
        sum(b[6] for b in blobs),
        len(blobs),
        white_share,
        yellow_share,
        min(3, len(loose)),
        min(3, len(strict)),
        sum(c[0] for c in loose) / len(loose) / 96.0 if loose else -1.0,
        sum(c[1] for c in loose) / len(loose) / 96.0 if loose else -1.0,
        crown_row(loose),
        crown_row(strict),
        crown_row(greyer),
        crown_row(warmer),
        len(greyer),
        len(warmer),
        len(pale_loose),
        len(pale_strict),
        crown_row(pale_loose),
        crown_row(pale_strict),
        pale / 255.0,
    ]
    return np.asarray(values, dtype=np.float64)
