"""The exposure check before the terrain features (features.exposure_gain), the warm-cast
check before the crown features (features.white_cast, features.rebalance_white), the
check of the whites in any direction (features.white_balance, features.apply_gains), the
tone spread's check (features.tone_exponent, features.apply_tone), what they
do to the square probabilities (classify.square_probabilities), the warning for a
kingdom too small in the photo (classify.small_squares_warning), and the kingdom's own
light (features.kingdom_colour_map, features.recolour, classify.kingdom_light)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.kingdomino import Terrain
from vision.datasets import PROJECT_ROOT
from vision.decode import read_image
from vision.kingdomino.classify import (
    kingdom_light,
    load_model,
    small_squares_warning,
    square_probabilities,
)
from vision.kingdomino.features import (
    BODY_SAT,
    MEDIAN_B,
    MEDIAN_L,
    PALE_FEATURE,
    ROW_FEATURE,
    TERRAIN_FEATURES,
    TONE_HIGH,
    TONE_LOW,
    WHITE_HIGH,
    WHITE_LOW,
    ColourMap,
    apply_gains,
    apply_tone,
    crown_features,
    exposure_gain,
    kingdom_colour_map,
    rebalance_white,
    recolour,
    tone_exponent,
    white_balance,
    white_cast,
)
from vision.kingdomino.pale import YELLOW_SATURATION, kingdom_yellows, pale_body_sat
from vision.kingdomino.pipeline import WORK_SIDE, cut_squares, read_kingdom
from vision.kingdomino.render import draw_square


def _flat(value: int, n: int = 4) -> list[np.ndarray]:
    return [np.full((20, 20, 3), value, dtype=np.uint8) for _ in range(n)]


def test_a_kingdom_within_the_learned_exposure_is_read_as_photographed() -> None:
    # 90th percentile 200 (>= 150), 75th percentile 200 (< 240).
    assert exposure_gain(_flat(200)) == 1.0
    assert exposure_gain(_flat(150)) == 1.0
    assert exposure_gain(_flat(239)) == 1.0


def test_an_under_exposed_kingdom_is_brought_to_the_target_brightness() -> None:
    # Brightest channel 100 everywhere: 188 / 100.
    assert exposure_gain(_flat(100)) == 1.88
    # Never blown up past 3.
    assert exposure_gain(_flat(10)) == 3.0


def test_an_over_exposed_kingdom_is_darkened() -> None:
    # A quarter or more of the pixels at 250: 188 / 250.
    squares = _flat(250, 3) + _flat(120, 1)
    assert exposure_gain(squares) == 188 / 250
    # Less than a quarter clipped (75th percentile 120): left alone.
    assert exposure_gain(_flat(250, 1) + _flat(120, 3)) == 1.0


def test_the_brightest_channel_counts() -> None:
    # Blue 40, green 60, red 100: brightness is 100, so 188 / 100.
    squares = [np.broadcast_to(np.array([40, 60, 100], np.uint8), (10, 10, 3)).copy()]
    assert exposure_gain(squares) == 1.88


def test_no_squares_no_gain() -> None:
    assert exposure_gain([]) == 1.0


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 1000), top=st.integers(1, 255), n=st.integers(1, 6))
def test_exposure_gain_leaves_the_squares_untouched(seed: int, top: int, n: int) -> None:
    rng = np.random.default_rng(seed)
    squares = [
        rng.integers(0, top + 1, (int(rng.integers(2, 40)), int(rng.integers(2, 40)), 3)).astype(
            np.uint8
        )
        for _ in range(n)
    ]
    before = [s.copy() for s in squares]
    gain = exposure_gain(squares)
    assert all(np.array_equal(a, b) for a, b in zip(squares, before, strict=True))
    assert 0 < gain <= 3.0


def test_square_probabilities_read_a_dimmed_kingdom_as_the_original() -> None:
    # The same drawn squares at half their brightness: with the exposure check the
    # terrain odds are those of the original squares brought back (188 / p90), and
    # without it they are the dimmed squares' own.
    model = load_model()
    lands = [Terrain.WHEAT, Terrain.FOREST, Terrain.LAKE, Terrain.GRASSLAND, Terrain.SWAMP]
    squares = [draw_square(land, 0, seed=5) for land in lands]
    dimmed = [np.asarray(s // 2, dtype=np.uint8) for s in squares]
    assert exposure_gain(squares) == 1.0 and exposure_gain(dimmed) > 1.5
    terrain, _ = square_probabilities(squares, model)
    read_dim, _ = square_probabilities(dimmed, model)
    kept_dim, _ = square_probabilities(dimmed, model, exposure=False)
    order = list(Terrain)
    assert [order[i] for i in terrain.argmax(axis=1)] == lands
    assert [order[i] for i in read_dim.argmax(axis=1)] == lands
    assert not np.allclose(read_dim, kept_dim)


def _colour(bgr: tuple[int, int, int], side: int = 20) -> np.ndarray:
    return np.broadcast_to(np.array(bgr, np.uint8), (side, side, 3)).copy()


def test_whites_within_the_learned_range_are_left_alone() -> None:
    # Red / blue of the whites: (230 + 1) / (200 + 1) = 1.15, under 1.53.
    assert white_cast([_colour((200, 215, 230))] * 3) == 1.0
    # (240 + 1) / (160 + 1) = 1.497: the warmest training photo's whites (1.49).
    assert white_cast([_colour((160, 200, 240))] * 3) == 1.0


def test_whites_far_warmer_than_learned_give_their_cast() -> None:
    # (240 + 1) / (150 + 1) = 1.596 > 1.53, spread 90 within 40 % of 241: the cast is
    # the ratio over the training median 1.27.
    assert white_cast([_colour((150, 200, 240))] * 3) == (241 / 151) / 1.27
    # Coloured fields beside them (spread over 40 %, or darker than 120) do not count.
    fields = [_colour((40, 200, 60)), _colour((30, 90, 110)), _colour((20, 180, 230))]
    assert white_cast([*[_colour((150, 200, 240))] * 2, *fields]) == (241 / 151) / 1.27


def test_no_whites_nothing_measured() -> None:
    # Only a yellow field (spread 210 of 231): no white pixel, no cast.
    assert white_cast([_colour((20, 180, 230))] * 4) == 1.0
    # 25 white pixels sampled (a 20 x 20 square every fourth pixel), under 50.
    assert white_cast([_colour((150, 200, 240))]) == 1.0
    assert white_cast([]) == 1.0


def test_rebalance_white_moves_blue_and_red_alike() -> None:
    square = _colour((100, 120, 200), side=8)
    before = square.copy()
    # cast 4: blue x 2, green kept, red / 2.
    assert (rebalance_white(square, 4.0) == np.array([200, 120, 100], np.uint8)).all()
    # Clipped at 255, never wrapped.
    assert (rebalance_white(_colour((200, 0, 0)), 4.0)[..., 0] == 255).all()
    assert np.array_equal(rebalance_white(square, 1.0), square)
    assert np.array_equal(square, before)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 1000), n=st.integers(1, 6))
def test_white_cast_leaves_the_squares_untouched(seed: int, n: int) -> None:
    rng = np.random.default_rng(seed)
    squares = [rng.integers(0, 256, (40, 40, 3)).astype(np.uint8) for _ in range(n)]
    before = [s.copy() for s in squares]
    cast = white_cast(squares)
    balanced = rebalance_white(squares[0], cast)
    assert all(np.array_equal(a, b) for a, b in zip(squares, before, strict=True))
    assert cast == 1.0 or cast > 1.53 / 1.27
    assert balanced.shape == squares[0].shape and balanced.dtype == np.uint8


def test_whites_within_the_learned_whites_get_gains_of_one() -> None:
    # ln(201 / 216) = -0.072 and ln(231 / 216) = 0.067: inside both learned ranges.
    assert np.array_equal(white_balance([_colour((200, 215, 230))] * 3), np.ones(3))
    # Too few whites (25 sampled, under 50) or none at all: nothing measured.
    assert np.array_equal(white_balance([_colour((180, 230, 180))]), np.ones(3))
    assert np.array_equal(white_balance([_colour((20, 180, 230))] * 4), np.ones(3))
    assert np.array_equal(white_balance([]), np.ones(3))


def test_whites_past_the_learned_ones_are_brought_to_the_nearer_end() -> None:
    # A green cast: ln(181 / 231) = -0.244 for both; blue / green is within its range
    # (from -0.384), red / green under -0.088, so red alone is raised to -0.088.
    gains = white_balance([_colour((180, 230, 180))] * 3)
    assert gains[0] == 1.0 and gains[1] == 1.0
    assert gains[2] == pytest.approx(np.exp(WHITE_LOW[1]) * 231 / 181)
    # A cool cast: blue / green ln(251 / 171) = 0.384 over 0.296, red / green
    # ln(151 / 171) = -0.124 under -0.088: blue lowered, red raised to the ends.
    gains = white_balance([_colour((250, 170, 150))] * 3)
    assert gains[0] == pytest.approx(np.exp(WHITE_HIGH[0]) * 171 / 251)
    assert gains[1] == 1.0
    assert gains[2] == pytest.approx(np.exp(WHITE_LOW[1]) * 171 / 151)
    # Coloured fields beside the whites do not count.
    fields = [_colour((40, 200, 60)), _colour((30, 90, 110)), _colour((20, 180, 230))]
    assert np.array_equal(
        white_balance([*[_colour((250, 170, 150))] * 3, *fields]),
        white_balance([_colour((250, 170, 150))] * 3),
    )


def test_apply_gains_scales_each_channel() -> None:
    square = _colour((100, 120, 200), side=8)
    before = square.copy()
    balanced = apply_gains(square, np.array([2.0, 1.0, 0.5]))
    assert (balanced == np.array([200, 120, 100], np.uint8)).all()
    assert (apply_gains(square, np.array([3.0, 1.0, 1.0]))[..., 0] == 255).all()
    assert np.array_equal(apply_gains(square, np.ones(3)), square)
    assert np.array_equal(square, before)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 1000), n=st.integers(0, 6))
def test_white_balance_leaves_the_squares_untouched(seed: int, n: int) -> None:
    rng = np.random.default_rng(seed)
    squares = [rng.integers(0, 256, (40, 40, 3)).astype(np.uint8) for _ in range(n)]
    before = [s.copy() for s in squares]
    gains = white_balance(squares)
    assert all(np.array_equal(a, b) for a, b in zip(squares, before, strict=True))
    assert gains.shape == (3,) and gains.dtype == np.float64 and gains[1] == 1.0


def test_balance_reads_a_kingdom_inside_the_learned_whites_as_photographed() -> None:
    # The project's sample kingdom as drawn: its whites inside the box, so the reading
    # with and without the balance is the same array; under a green cast (B, G, R x
    # 0.92, 1.1, 0.92) they are past it and the squares are rebalanced.
    photo = PROJECT_ROOT / "sample_photos" / "kingdom-2.jpg"
    reading = read_kingdom(read_image(photo, max_side=WORK_SIDE), debug=True)
    squares = cut_squares(reading.debug["view"], reading.grid)
    model = load_model()
    assert np.array_equal(white_balance(squares), np.ones(3))
    plain = square_probabilities(squares, model, balance=False)
    kept = square_probabilities(squares, model, balance=True)
    assert all(np.array_equal(a, b) for a, b in zip(plain, kept, strict=True))
    green = [apply_gains(s, np.array([0.92, 1.1, 0.92])) for s in squares]
    assert white_balance(green)[2] > 1.0
    assert not np.array_equal(
        square_probabilities(green, model, balance=False)[0],
        square_probabilities(green, model, balance=True)[0],
    )


def test_a_kingdom_too_small_in_the_photo_is_warned_about() -> None:
    # kingdom-1 shrunk to a third (about 35 photo pixels a square, under 45): its
    # crowns may be missed, and the reading says so; as drawn (107 pixels) it does not.
    photo = PROJECT_ROOT / "sample_photos" / "kingdom-1.jpg"
    image = read_image(photo, max_side=WORK_SIDE)
    small = cv2.resize(image, None, fx=0.33, fy=0.33, interpolation=cv2.INTER_AREA)
    warned = [w for w in read_kingdom(small).warnings if "pixels wide in the photo" in w]
    assert len(warned) == 1 and warned[0].startswith("the squares are about 3")
    assert not any("pixels wide" in w for w in read_kingdom(image).warnings)


def test_small_squares_warning_measures_the_mean_side() -> None:
    # A 7x7 kingdom 280 x 300 pixels (a 290-pixel side on average): 41 pixels a square.
    corners = np.array([[0.0, 0.0], [280.0, 0.0], [280.0, 300.0], [0.0, 300.0]])
    assert small_squares_warning(corners, 7)[0].startswith("the squares are about 41 pixels")
    # Session 12: 58 pixels a square is warned about too (SMALL_SQUARE 65: the samples
    # saved as JPEG at 60 pixels a square lose up to 5 of 25 squares).
    assert small_squares_warning(corners, 5)[0].startswith("the squares are about 58 pixels")
    wide = corners * 70 * 5 / 290  # 70 pixels a square
    assert small_squares_warning(wide, 5) == []


# --- Session 6: the kingdom's own light (features.kingdom_colour_map, features.recolour,
# classify.kingdom_light) ---

#: Training colours of the six landscape terrains (wheat ... mine), median Lab L and b,
#: as in the committed model (rounded); spreads alike for every terrain.
_CENTRES = np.array(
    [[165.0, 195.0], [38.0, 141.0], [86.0, 80.0], [125.0, 174.0], [101.0, 150.0], [55.0, 141.0]]
)
_SPREADS = np.full((6, 2), 10.0)


def _kingdom_under(gain: tuple[float, float], offset: tuple[float, float], seed: int = 0):
    """30 squares, five of each terrain, their colours the centres under the light
    ``gain * x + offset`` (plus a little noise); the forest's odds only a little surer
    of the right terrain (0.3 against 0.14 for each other)."""
    rng = np.random.default_rng(seed)
    truth = np.repeat(np.arange(6), 5)
    colours = _CENTRES[truth] * np.array(gain) + np.array(offset)
    colours += rng.normal(0.0, 2.0, colours.shape)
    odds = np.full((30, 6), 0.14)
    odds[np.arange(30), truth] = 0.3
    return colours, odds


def test_the_kingdoms_light_is_found_from_its_own_squares() -> None:
    # Under a bright, yellow light (L -> 0.78 L + 81, b -> 0.81 b + 43: forest as light
    # as the training swamps) the map is recovered from the squares alone (a weak
    # ridge); the default ridge holds it toward the identity, yet past the learned
    # departure (46 Lab units of L).
    colours, odds = _kingdom_under((0.78, 0.81), (81.0, 43.0))
    before = (colours.copy(), odds.copy())
    found = kingdom_colour_map(colours, odds, _CENTRES, _SPREADS, ridge=2.0)
    assert abs(found.gain[0] - 0.78) < 0.05 and abs(found.gain[1] - 0.81) < 0.05
    assert abs(found.offset[0] - 81.0) < 6.0 and abs(found.offset[1] - 43.0) < 6.0
    # The most a centre moves: forest's lightness, 38 -> 0.78 x 38 + 81 = 110.6 (72.6).
    assert 65.0 < found.departure[0] < 80.0
    held = kingdom_colour_map(colours, odds, _CENTRES, _SPREADS)
    assert 46.0 < held.departure[0] < found.departure[0]
    assert held.gain[0] < 1.0 and held.offset[0] > 0.0
    assert (colours == before[0]).all() and (odds == before[1]).all()


def test_a_kingdom_in_the_learned_light_keeps_the_identity() -> None:
    colours, odds = _kingdom_under((1.0, 1.0), (0.0, 0.0))
    found = kingdom_colour_map(colours, odds, _CENTRES, _SPREADS)
    assert found.departure[0] < 3.0 and found.departure[1] < 3.0
    assert kingdom_light(_terrain_rows(colours), _landscape_odds(odds), _CENTRES, _SPREADS) is None


def test_kingdom_light_is_given_only_past_the_learned_departure() -> None:
    colours, odds = _kingdom_under((0.78, 0.81), (81.0, 43.0))
    found = kingdom_light(_terrain_rows(colours), _landscape_odds(odds), _CENTRES, _SPREADS)
    assert found is not None and found.departure[0] > 46.0
    # Allowed further than that, the same kingdom is read as it is.
    far = (200.0, 200.0)
    rows, land = _terrain_rows(colours), _landscape_odds(odds)
    assert kingdom_light(rows, land, _CENTRES, _SPREADS, departure=far) is None


def test_kingdom_colour_map_refuses_shapes_that_do_not_agree() -> None:
    colours, odds = _kingdom_under((1.0, 1.0), (0.0, 0.0))
    with pytest.raises(ValueError, match="do not agree"):
        kingdom_colour_map(colours[:, :1], odds, _CENTRES, _SPREADS)
    with pytest.raises(ValueError, match="centres"):
        kingdom_colour_map(colours, odds, _CENTRES[:5], _SPREADS[:5])


def _terrain_rows(colours: np.ndarray) -> np.ndarray:
    rows = np.zeros((len(colours), TERRAIN_FEATURES))
    rows[:, MEDIAN_L], rows[:, MEDIAN_B] = colours[:, 0] / 255.0, colours[:, 1] / 255.0
    return rows


def _landscape_odds(odds: np.ndarray) -> np.ndarray:
    full = np.zeros((len(odds), len(Terrain)))
    full[:, :6] = odds  # the six landscape terrains come first in Terrain
    return full


@given(st.integers(0, 2**16), st.integers(4, 60), st.integers(4, 60))
@settings(max_examples=15, deadline=None)
def test_recolour_shape_dtype_and_input_untouched(seed: int, rows: int, cols: int) -> None:
    square = np.random.default_rng(seed).integers(0, 256, (rows, cols, 3), dtype=np.uint8)
    before = square.copy()
    out = recolour(square, ColourMap((0.8, 0.9), (60.0, 20.0), (50.0, 10.0)))
    assert out.shape == square.shape and out.dtype == np.uint8
    assert (square == before).all()


def test_recolour_undoes_the_lights_map() -> None:
    # A square of wheat's training colour (Lab 165, 128, 195) photographed under
    # L -> 0.8 L + 60, b -> 0.9 b + 20 comes back to it (within rounding).
    lab = np.zeros((8, 8, 3), dtype=np.uint8)
    lab[...] = (round(0.8 * 165 + 60), 128, round(0.9 * 195 + 20))
    photographed = cv2.cvtColor(lab, cv2.COLOR_LAB2BGR)
    back = recolour(photographed, ColourMap((0.8, 0.9), (60.0, 20.0), (0.0, 0.0)))
    got = cv2.cvtColor(back, cv2.COLOR_BGR2LAB).reshape(-1, 3).mean(axis=0)
    assert abs(got[0] - 165) <= 3 and abs(got[2] - 195) <= 3 and abs(got[1] - 128) <= 3


def test_the_committed_model_knows_the_terrains_colours() -> None:
    model = load_model()
    assert model.centres is not None and model.spreads is not None
    assert model.centres.shape == model.spreads.shape == (6, 2)
    # Forest is the darkest terrain, wheat the lightest; lake the bluest (lowest b).
    lightness, yellow = model.centres[:, 0], model.centres[:, 1]
    assert int(np.argmin(lightness)) == 1 and int(np.argmax(lightness)) == 0
    assert int(np.argmin(yellow)) == 2


def test_the_samples_as_drawn_are_within_the_learned_light() -> None:
    # The project's own kingdoms, as photographed, are read as they are: no re-reading.
    from vision.kingdomino.classify import square_features
    from vision.kingdomino.pipeline import cut_squares, find_squares

    model = load_model()
    assert model.centres is not None and model.spreads is not None
    for sample in (1, 2, 3):
        image = read_image(PROJECT_ROOT / "sample_photos" / f"kingdom-{sample}.jpg")
        view, _, grid, _ = find_squares(image)
        squares = cut_squares(view, grid)
        t_feat, _ = square_features(squares)
        terrain, _ = square_probabilities(squares, model, adapt=False)
        assert kingdom_light(t_feat, terrain, model.centres, model.spreads) is None


def _hsv_squares(hsv: tuple[int, int, int], n: int = 3) -> list[np.ndarray]:
    one = cv2.cvtColor(np.full((40, 40, 3), hsv, dtype=np.uint8), cv2.COLOR_HSV2BGR)
    return [one.copy() for _ in range(n)]


def test_kingdom_yellows_is_the_median_saturation_of_bright_yellows() -> None:
    # Two squares of crown yellow at saturation 200 and one at 120 (value 230, hue 25):
    # the median is 200; a blue square and a dark yellow one are not counted.
    squares = _hsv_squares((25, 200, 230), 2) + _hsv_squares((25, 120, 230), 1)
    squares += _hsv_squares((110, 200, 230), 1) + _hsv_squares((25, 200, 100), 1)
    before = [s.copy() for s in squares]
    assert abs((kingdom_yellows(squares) or 0.0) - 200) <= 2
    assert all(np.array_equal(a, b) for a, b in zip(squares, before, strict=True))
    # Too few yellow pixels (one 40 x 40 square, every second pixel: 400 < 500): none.
    assert kingdom_yellows(_hsv_squares((25, 200, 230), 1)) is None
    assert kingdom_yellows([]) is None


def test_the_body_test_is_relative_only_below_the_learned_yellows() -> None:
    assert pale_body_sat(None) == BODY_SAT
    assert pale_body_sat(250.0) == pale_body_sat(float(YELLOW_SATURATION)) == BODY_SAT
    # Half as saturated as the palest training view: half the least body saturation.
    assert pale_body_sat(YELLOW_SATURATION / 2) == BODY_SAT // 2
    assert pale_body_sat(96.0, reference=192, body_sat=140) == 70


@pytest.mark.parametrize(("terrain", "crowns"), [(Terrain.SWAMP, 2), (Terrain.MINE, 3)])
def test_pale_crowns_are_seen_relative_to_the_kingdoms_yellows(
    terrain: Terrain, crowns: int
) -> None:
    # The project's drawn crowns beside three wheat fields, the whole kingdom at 60 % of
    # its saturation (a pale light): the absolute body test sees no crown, the test
    # relative to the kingdom's own yellows sees the row drawn.
    kingdom = [draw_square(Terrain.WHEAT, 0, seed=s) for s in (1, 2, 3)]
    kingdom.append(draw_square(terrain, crowns, seed=11))
    pale = [_desaturated(s, 0.6) for s in kingdom]
    body_sat = pale_body_sat(kingdom_yellows(pale))
    assert body_sat < BODY_SAT
    features = crown_features(pale[-1], pale=body_sat)
    assert features[ROW_FEATURE] == features[ROW_FEATURE + 1] == 0
    assert features[PALE_FEATURE + 2] == features[PALE_FEATURE + 3] == crowns
    assert features[PALE_FEATURE + 4] == body_sat / 255.0
    # As drawn, the relative counts are the absolute ones.
    drawn = crown_features(kingdom[-1], pale=pale_body_sat(kingdom_yellows(kingdom)))
    assert drawn[ROW_FEATURE] == drawn[PALE_FEATURE + 2] == crowns
    assert np.array_equal(drawn[PALE_FEATURE : PALE_FEATURE + 4], drawn[[0, 1, 18, 19]])


def _desaturated(square: np.ndarray, factor: float) -> np.ndarray:
    hsv = cv2.cvtColor(square, cv2.COLOR_BGR2HSV)
    hsv[..., 1] = np.clip(np.rint(hsv[..., 1] * factor), 0, 255).astype(np.uint8)
    return np.asarray(cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR))


@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, 2**31 - 1),
    st.floats(0.0, 0.6),
    st.sampled_from([4, 8]),
    st.integers(1, 96),
    st.integers(1, 96),
)
def test_labelling_in_the_box_of_the_set_pixels_is_labelling_the_whole_mask(
    seed: int, density: float, connectivity: int, rows: int, cols: int
) -> None:
    from vision.kingdomino.features import _components

    # Set pixels scattered in a random sub-box (or none), and a few noise blobs.
    rng = np.random.default_rng(seed)
    mask = np.zeros((96, 96), np.uint8)
    top, left = rng.integers(0, 97 - rows), rng.integers(0, 97 - cols)
    box = (rng.random((rows, cols)) < density).astype(np.uint8) * 255
    mask[top : top + rows, left : left + cols] = box
    _, want_labels, want_stats, _ = cv2.connectedComponentsWithStats(
        mask, connectivity=connectivity
    )
    labels, stats = _components(mask, connectivity)
    assert np.array_equal(labels, want_labels)
    assert np.array_equal(stats[1:], want_stats[1:])


def test_crown_features_given_the_resampled_square_are_the_same() -> None:
    from vision.kingdomino.classify import square_features
    from vision.kingdomino.features import normalise_square

    squares = [draw_square(Terrain.WHEAT, n, seed=20 + n) for n in range(4)]
    for square in squares:
        assert np.array_equal(
            crown_features(square, small=normalise_square(square)), crown_features(square)
        )
    # A brightened lit square is resampled on its own: its crown features are its own.
    lit = [cv2.convertScaleAbs(s, alpha=1.3, beta=0.0) for s in squares]
    pale = pale_body_sat(kingdom_yellows(lit))
    _, c_feat = square_features(squares, lit=lit)
    for row, square in zip(c_feat, lit, strict=True):
        assert np.array_equal(row[: len(crown_features(square))], crown_features(square, pale=pale))
    _, same = square_features(squares, lit=[s.copy() for s in squares])
    _, alone = square_features(squares)
    assert np.array_equal(same, alone)


def test_a_tone_spread_within_the_learned_ones_gets_exponent_one() -> None:
    # Half the pixels at 255 (ln(256 / 256) = 0), half at 127 (ln(256 / 128) = 0.693):
    # the interquartile range is 0.693, inside 0.2726 ... 1.4144.
    assert tone_exponent([*_flat(255, 2), *_flat(127, 2)]) == 1.0
    # A flat kingdom (no spread) and no squares: nothing measured.
    assert tone_exponent(_flat(120)) == 1.0
    assert tone_exponent([]) == 1.0


def test_a_tone_spread_past_the_learned_ones_is_brought_to_the_nearer_end() -> None:
    # 255 and 31: spread ln(256 / 32) = 2.079 over 1.4144 (as a gamma of 1.47 would
    # stretch 1.4144): the exponent brings it to 1.4144.
    wide = tone_exponent([*_flat(255, 2), *_flat(31, 2)])
    assert wide == pytest.approx(TONE_HIGH / np.log(8.0))
    # 255 and 200: spread ln(256 / 201) = 0.242 under 0.2726.
    narrow = tone_exponent([*_flat(255, 2), *_flat(200, 2)])
    assert narrow == pytest.approx(TONE_LOW / np.log(256 / 201))


def test_apply_tone_is_a_power_of_each_value() -> None:
    square = np.array([[[63, 255, 0]]], dtype=np.uint8)
    before = square.copy()
    # 256 * (64 / 256) ** 0.5 - 1 = 127; 256 ** 0 * 256 - 1 = 255; 256 * (1 / 256) ** 0.5 - 1 = 15.
    assert apply_tone(square, 0.5).tolist() == [[[127, 255, 15]]]
    # 256 * (64 / 256) ** 2 - 1 = 15.
    assert apply_tone(square, 2.0)[0, 0, 0] == 15
    assert np.array_equal(apply_tone(square, 1.0), square)
    assert np.array_equal(square, before)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 1000), n=st.integers(0, 6))
def test_tone_exponent_leaves_the_squares_untouched(seed: int, n: int) -> None:
    rng = np.random.default_rng(seed)
    squares = [rng.integers(0, 256, (40, 40, 3)).astype(np.uint8) for _ in range(n)]
    before = [s.copy() for s in squares]
    power = tone_exponent(squares)
    assert all(np.array_equal(a, b) for a, b in zip(squares, before, strict=True))
    assert power > 0.0
    if squares:
        toned = apply_tone(squares[0], power)
        assert toned.shape == squares[0].shape and toned.dtype == np.uint8
