"""The square model's training: degraded copies of the crops, the terrains' colours
(``vision.kingdomino.training``), and the model file keeping them."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vision.kingdomino.classify import SquareModel, load_model, square_probabilities
from vision.kingdomino.features import (
    BODY_SAT,
    CROWN_FEATURES,
    MEDIAN_B,
    MEDIAN_L,
    PALE_FEATURE,
    TERRAIN_FEATURES,
)
from vision.kingdomino.training import (
    CROWN_COPIES,
    PALE_COPIES,
    TERRAIN_COPIES,
    LabelledPhoto,
    as_shot,
    degrade_view,
    desaturate,
    fit_model,
    labelled_photos,
    photo_features,
    shrink_view,
    stack_features,
    terrain_colours,
)

#: Settings that leave a view as it was, but for JPEG's rounding.
_UNCHANGED = {
    "gain": (1.0, 1.0),
    "gamma": (1.0, 1.0),
    "cast": 0.0,
    "ramp": 0.0,
    "blur": (0.01, 0.01),
    "quality": (98, 99),
}


def _view(seed: int, rows: int = 120, cols: int = 100) -> np.ndarray:
    rng = np.random.default_rng(seed)
    coarse = rng.integers(30, 220, size=(rows // 10, cols // 10, 3), dtype=np.uint8)
    return np.kron(coarse, np.ones((10, 10, 1), dtype=np.uint8))


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**16), ramp=st.sampled_from([0.0, 0.4]))
def test_degrade_view_shape_dtype_input_untouched_and_repeatable(seed: int, ramp: float) -> None:
    view = _view(seed)
    before = view.copy()
    first = degrade_view(view, np.random.default_rng(seed), ramp=ramp)
    again = degrade_view(view, np.random.default_rng(seed), ramp=ramp)
    assert np.array_equal(view, before)
    assert first.shape == view.shape and first.dtype == np.uint8
    assert np.array_equal(first, again)
    assert not np.array_equal(first, view)


def test_degrade_view_with_nothing_drawn_keeps_the_view() -> None:
    view = _view(3)
    copy = degrade_view(view, np.random.default_rng(0), **_UNCHANGED)
    difference = np.abs(copy.astype(np.int16) - view.astype(np.int16))
    # JPEG's colour subsampling smears the blocks' edges; inside them nothing changes.
    assert np.median(difference) <= 1.0
    assert difference.mean() < 8.0


def test_degrade_view_gain_and_cast_change_the_channels_by_their_gains() -> None:
    view = np.full((60, 60, 3), 100, dtype=np.uint8)
    settings_ = dict(_UNCHANGED, gain=(1.5, 1.5))
    brighter = degrade_view(view, np.random.default_rng(0), **settings_)
    assert abs(float(brighter.mean()) - 150.0) < 2.0
    cast = degrade_view(view, np.random.default_rng(1), **dict(_UNCHANGED, cast=0.2))
    means = cast.reshape(-1, 3).mean(axis=0)
    # Each channel's gain is within 1 +- 0.2: 80 to 120 (JPEG rounds a little).
    assert np.all((means > 78) & (means < 122))
    assert means.max() - means.min() > 1.0


def test_degrade_view_ramp_lights_one_side_more_than_the_other() -> None:
    view = np.full((100, 100, 3), 120, dtype=np.uint8)
    lit = degrade_view(view, np.random.default_rng(5), **dict(_UNCHANGED, ramp=0.4))
    grey = lit.mean(axis=2)
    # The light changes linearly across the view: the centre keeps its brightness,
    # two opposite edges differ.
    assert abs(float(grey[45:55, 45:55].mean()) - 120.0) < 3.0
    edges = [grey[:5].mean(), grey[-5:].mean(), grey[:, :5].mean(), grey[:, -5:].mean()]
    assert max(edges) - min(edges) > 5.0


@pytest.mark.data
def test_photo_features_add_degraded_copies_of_crops_only(
    shared_data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from vision.kingdomino import training

    photos = labelled_photos(shared_data)
    crop = next(p for p in photos if p.group == "photos")
    phone = next(p for p in photos if p.group == "phone")
    n = len(crop.labels) ** 2
    flat = [cell for line in crop.labels for cell in line]
    # As committed: the crop's rows, its crown rows twice, CROWN_COPIES crown copies,
    # PALE_COPIES paler copies (paler than every training view: the relative body test
    # under BODY_SAT).
    terrain, crowns, terrains, counts = photo_features(crop)
    assert terrain.shape == ((1 + TERRAIN_COPIES) * n, TERRAIN_FEATURES)
    copies = 2 + CROWN_COPIES + PALE_COPIES
    assert crowns.shape == (copies * n, CROWN_FEATURES + TERRAIN_FEATURES)
    pale = crowns[(2 + CROWN_COPIES) * n :, PALE_FEATURE + 4]
    assert len(pale) == PALE_COPIES * n and np.all(pale < BODY_SAT / 255.0)
    assert np.all(crowns[:n, PALE_FEATURE + 4] == BODY_SAT / 255.0)
    # One copy for each forest, no pale copy.
    monkeypatch.setattr(training, "TERRAIN_COPIES", 1)
    monkeypatch.setattr(training, "CROWN_COPIES", 1)
    monkeypatch.setattr(training, "PALE_COPIES", 0)
    terrain, crowns, terrains, counts = photo_features(crop)
    assert terrain.shape == (2 * n, TERRAIN_FEATURES)
    assert crowns.shape == (3 * n, CROWN_FEATURES + TERRAIN_FEATURES)
    assert terrains == [t for t, _ in flat] * 2
    assert counts == [k for _, k in flat] * 3
    # The copies are other pixels, not the crop's rows again.
    assert not np.array_equal(terrain[:n], terrain[n:])
    assert not np.array_equal(crowns[:n], crowns[2 * n :])
    # The terrain copies may leave a terrain out (TERRAIN_COPY_SKIP): its squares are
    # in the rows as photographed only.
    skipped = flat[0][0]
    monkeypatch.setattr(training, "TERRAIN_COPY_SKIP", (skipped,))
    terrain, crowns, terrains, counts = photo_features(crop)
    others = [t for t, _ in flat if t != skipped]
    assert terrain.shape == (n + len(others), TERRAIN_FEATURES)
    assert terrains == [t for t, _ in flat] + others
    assert crowns.shape == (3 * n, CROWN_FEATURES + TERRAIN_FEATURES)
    # A phone view is degraded already: no copies.
    terrain, crowns, terrains, counts = photo_features(phone)
    assert terrain.shape[0] == len(terrains) == n
    assert crowns.shape[0] == len(counts) == 2 * n


def test_desaturate_scales_the_saturation_and_keeps_hue_and_value() -> None:
    # One pixel of HSV (25, 200, 230) (a crown yellow) and one grey: at 0.5 the yellow's
    # saturation is 100, its hue and value kept; the grey stays grey.
    hsv = np.array([[[25, 200, 230], [0, 0, 128]]], dtype=np.uint8)
    view = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)
    before = view.copy()
    out = desaturate(view, 0.5)
    assert out.shape == view.shape and out.dtype == np.uint8
    assert np.array_equal(view, before)
    back = cv2.cvtColor(out, cv2.COLOR_BGR2HSV).astype(int)
    assert abs(back[0, 0, 1] - 100) <= 2 and abs(back[0, 0, 0] - 25) <= 1
    assert abs(back[0, 0, 2] - 230) <= 1
    assert np.array_equal(out[0, 1], view[0, 1])


def test_terrain_colours_are_each_terrains_mean_and_spread_of_l_and_b() -> None:
    # Two rows per landscape terrain, L and b set by hand (as 8-bit Lab / 255).
    lands = ["wheat", "forest", "lake", "grassland", "swamp", "mine"]
    rows = np.zeros((12, TERRAIN_FEATURES))
    labels = []
    for index, land in enumerate(lands):
        for offset in (0.0, 10.0):
            row = 2 * index + len(labels) % 2
            rows[row, MEDIAN_L] = (50.0 + 20 * index + offset) / 255.0
            rows[row, MEDIAN_B] = (100.0 + offset) / 255.0
            labels.append(land)
    centres, spreads = terrain_colours(rows, labels)
    assert centres.shape == spreads.shape == (6, 2)
    assert np.allclose(centres[:, 0], [55.0, 75.0, 95.0, 115.0, 135.0, 155.0])
    assert np.allclose(centres[:, 1], 105.0) and np.allclose(spreads, 5.0)


def test_terrain_colours_refuse_a_terrain_with_no_square() -> None:
    rows = np.zeros((2, TERRAIN_FEATURES))
    with pytest.raises(ValueError, match="no training square of"):
        terrain_colours(rows, ["wheat", "forest"])


def test_a_model_keeps_its_terrain_colours_and_one_without_them_still_reads(
    tmp_path: Path,
) -> None:
    model = load_model()
    saved = tmp_path / "model.npz"
    model.save(saved)
    again = load_model(saved)
    assert again.centres is not None and again.spreads is not None
    assert model.pale_crowns is not None and again.pale_crowns is not None
    assert np.array_equal(again.pale_crowns.feature, model.pale_crowns.feature)
    assert np.array_equal(again.centres, model.centres)
    assert np.array_equal(again.spreads, model.spreads)
    # An older model file, without them: loaded with none, read without the re-reading.
    older = tmp_path / "older.npz"
    SquareModel(model.terrain, model.crowns).save(older)
    plain = load_model(older)
    assert plain.centres is None and plain.spreads is None and plain.pale_crowns is None
    squares = [np.full((100, 100, 3), (40, 160, 200), dtype=np.uint8) for _ in range(4)]
    terrain, crowns = square_probabilities(squares, plain)
    assert terrain.shape == (4, 8) and crowns.shape == (4, 4)
    assert np.allclose(terrain.sum(axis=1), 1.0)


def _photo(size: int) -> LabelledPhoto:
    labels = tuple(tuple(("wheat", 0) for _ in range(size)) for _ in range(size))
    return LabelledPhoto(Path(f"{size}.jpg"), "photos", str(size), labels, None, None)


def test_stacked_rows_mark_each_photos_squares_as_photographed() -> None:
    # A 5x5 kingdom with one degraded copy (50 terrain rows) and a 7x7 one without
    # (49 rows): the first 25 and the 49 rows are as photographed, the copy's 25 not.
    photos = [_photo(5), _photo(7)]
    parts = [
        (np.zeros((50, TERRAIN_FEATURES)), np.zeros((75, 3)), ["wheat"] * 50, [0] * 75),
        (np.ones((49, TERRAIN_FEATURES)), np.ones((98, 3)), ["lake"] * 49, [1] * 98),
    ]
    terrain, crowns, terrains, counts = stack_features(photos, parts)
    assert terrain.shape == (99, TERRAIN_FEATURES) and crowns.shape == (173, 3)
    assert terrains == ["wheat"] * 50 + ["lake"] * 49 and counts == [0] * 75 + [1] * 98
    shot = as_shot(photos, parts)
    assert shot.dtype == bool and shot.shape == (99,)
    assert shot[:25].all() and not shot[25:50].any() and shot[50:].all()


def test_the_terrains_colours_come_from_the_squares_as_photographed() -> None:
    # Two squares of each landscape terrain as photographed (L 50 + 20 i, b 100), then a
    # "copy" of each far lighter (L + 60): the model's colours are those of the first.
    lands = ["wheat", "forest", "lake", "grassland", "swamp", "mine"]
    rows = np.zeros((24, TERRAIN_FEATURES))
    labels = []
    for copy in (0, 1):
        for index, land in enumerate(lands):
            for _ in range(2):
                row = len(labels)
                rows[row, MEDIAN_L] = (50.0 + 20 * index + 60 * copy) / 255.0
                rows[row, MEDIAN_B] = 100.0 / 255.0
                rows[row, 0] = index / 10
                labels.append(land)
    crowns = np.hstack([np.zeros((24, CROWN_FEATURES)), rows])
    crowns[:, PALE_FEATURE + 4] = BODY_SAT / 255.0
    shot = np.arange(24) < 12
    model = fit_model(rows, crowns, labels, [0, 1] * 12, trees=3, as_shot=shot)
    assert model.centres is not None and model.spreads is not None
    assert np.allclose(model.centres[:, 0], [50.0, 70.0, 90.0, 110.0, 130.0, 150.0])
    assert np.allclose(model.spreads, 0.0)
    every = fit_model(rows, crowns, labels, [0, 1] * 12, trees=3)
    assert every.centres is not None
    assert np.allclose(every.centres[:, 0], [80.0, 100.0, 120.0, 140.0, 160.0, 180.0])


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**16), scale=st.sampled_from([0.3, 0.6, 0.85]))
def test_shrink_view_keeps_shape_dtype_and_input(seed: int, scale: float) -> None:
    view = _view(seed)
    before = view.copy()
    small = shrink_view(view, scale, 80)
    assert np.array_equal(view, before)
    assert small.shape == view.shape and small.dtype == np.uint8
    assert np.array_equal(small, shrink_view(view, scale, 80))


def test_shrink_view_blurs_a_thin_coloured_line_more_the_smaller_the_photo() -> None:
    # A 2-pixel yellow line (BGR 0, 220, 240) across a white view: a phone's 4:2:0 JPEG of a
    # smaller photo leaves less of its colour (the crown rims' and bodies' trouble).
    view = np.full((120, 120, 3), 245, dtype=np.uint8)
    view[59:61] = (0, 220, 240)

    def saturation(copy: np.ndarray) -> int:
        return int(cv2.cvtColor(copy, cv2.COLOR_BGR2HSV)[59:61, 10:110, 1].mean())

    assert saturation(shrink_view(view, 0.85, 90)) > saturation(shrink_view(view, 0.4, 90))
    assert saturation(shrink_view(view, 0.4, 90)) < 200
