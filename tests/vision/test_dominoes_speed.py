"""The domino reader's faster paths give what the plain ones give (session 8: speed)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import vision.dominoes.pipeline as pipeline
from vision.dominoes.find import _chroma, _face, shrink
from vision.dominoes.pale import BY_RECTANGLES, _by_disc, _cut_bridges, _joined_face
from vision.dominoes.render import render_hand
from vision.dominoes.strokes import TileCandidate, _Stroke


@pytest.mark.parametrize("radius", [1, 3, BY_RECTANGLES - 1, BY_RECTANGLES, 12, 25, 38])
@pytest.mark.parametrize("dilate", [False, True])
def test_erosion_and_dilation_by_a_disc_are_opencvs(radius: int, dilate: bool) -> None:
    rng = np.random.default_rng(radius)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * radius + 1, 2 * radius + 1))
    for rows, cols, share in ((120, 200, 0.97), (37, 300, 0.5), (301, 61, 0.02), (5, 5, 0.9)):
        mask = (rng.random((rows, cols)) < share).astype(np.uint8)
        expected = cv2.dilate(mask, disc) if dilate else cv2.erode(mask, disc)
        assert np.array_equal(_by_disc(mask, disc, dilate=dilate), expected)


def _two_discs_and_a_neck() -> np.ndarray:
    """Two discs of radius 20 (centres (40, 40) and (40, 120), row and column) joined
    by a neck 5 pixels wide."""
    region = np.zeros((80, 170), dtype=np.uint8)
    cv2.circle(region, (40, 40), 20, 1, -1)  # (x, y)
    cv2.circle(region, (120, 40), 20, 1, -1)
    cv2.line(region, (40, 40), (120, 40), 1, 5)
    return region > 0


def test_cutting_bridges_drops_what_hangs_on_by_a_narrow_neck() -> None:
    region = _two_discs_and_a_neck()
    beside = [(np.array([40, 35]), np.array([30, 45]))]  # points in the left disc
    cut = _cut_bridges(region, beside, 4)  # a disc of 9 px: wider than the 5-px neck
    assert not cut[:, 80:].any()  # the right disc and the neck beyond the left disc: gone
    assert cut[40, 40] and cut[40, 22] and cut[22, 40]  # the left disc stays
    assert not (cut & ~region).any()  # nothing added
    # A neck wider than the disc used is no bridge: the right disc stays.
    kept = _cut_bridges(region, beside, 1)
    assert kept[40, 120] and kept[40, 80] and kept[40, 40]
    # No point beside the bar on what is left: the region as it is.
    assert np.array_equal(_cut_bridges(region, [(np.array([2]), np.array([2]))], 4), region)


def test_a_face_is_joined_across_its_bar_and_its_pips_filled() -> None:
    close = np.zeros((100, 100), dtype=bool)
    close[20:80, 30:70] = True  # a face, 60 x 40 pixels
    close[48:52, 36:64] = False  # the bar (drawn back in, it joins the two sides)
    close[30:36, 40:46] = False  # a pip: a hole
    close[0:10, 0:100] = True  # a strip of table reaching the window's edge
    close[3:6, 50:55] = False  # a gap in it that opens to the edge: no hole
    close[0:3, 50:55] = False
    bar = _Stroke(np.array([50.0, 50.0]), np.array([1.0, 0.0]), 30.0, 4.0, 0)
    joined = _joined_face(close, bar, np.array([0.0, 1.0]))
    assert joined is not None
    filled, _ = joined
    assert filled[20:80, 30:70].all()  # the face, its bar and its pip
    assert filled.sum() == 60 * 40  # not the strip of table, not the gap


def _candidate(corners: np.ndarray, score: float, *others: TileCandidate) -> TileCandidate:
    first = float(np.linalg.norm(corners[1] - corners[0]))
    second = float(np.linalg.norm(corners[3] - corners[0]))
    return TileCandidate(corners, min(first, second), max(first, second), score, tuple(others))


def test_a_candidate_of_another_size_scored_under_sure_is_not_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hand = render_hand(2, count=4)
    low = [_candidate(corners, 0.75) for corners in hand.corners[:2]]
    # A low outline with a sure other outline is read: the other may read surely.
    mixed = _candidate(hand.corners[2], 0.5, _candidate(hand.corners[2], 0.9))
    sure = _candidate(hand.corners[3], 0.95)
    candidates = [*low, mixed, sure]
    read: list[int] = []
    plain_read_tile = pipeline.read_tile

    def counted(
        image: np.ndarray, candidate: TileCandidate, **kwargs: int
    ) -> tuple[pipeline.TileReading | None, np.ndarray]:
        read.append(id(candidate))
        return plain_read_tile(image, candidate, **kwargs)

    monkeypatch.setattr(pipeline, "read_tile", counted)
    readings, _ = pipeline._read_candidates(hand.image, candidates, 0, 6)
    assert id(low[0]) not in read and id(low[1]) not in read
    assert id(mixed) in read and id(sure) in read
    # Read all the same (debug), the low ones give no reading kept at another size.
    every, crops = pipeline._read_candidates(hand.image, candidates, 0, 6, debug=True)
    assert len(crops) >= 4
    assert [(r.pips, r.confidence) for r in every] == [(r.pips, r.confidence) for r in readings]
    # The mixed one reads legally on its first outline (0.5), not surely: its other
    # outline (0.9) is read on (a low angle's loose first outline) and kept.
    assert [r.pips for r in readings] == [hand.tiles[2], hand.tiles[3]]


def test_the_levelled_copy_is_the_photo_times_its_gain_rounded() -> None:
    hand = render_hand(4, max_pips=12, texture="marble", shade=True)
    image = (hand.image * 0.6).astype(np.uint8)  # a dim photo: levelled
    levelled = pipeline._levelled(image)
    assert levelled is not None
    # The gain as the docstring gives it, and the product rounded half to even.
    grey = cv2.cvtColor(shrink(image, 640), cv2.COLOR_BGR2GRAY)
    side = max(3, round(pipeline.LEVEL_REACH * max(grey.shape))) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (side, side))
    white = cv2.blur(cv2.dilate(grey, kernel).astype(np.float32), (side, side))
    small_gain = np.clip(pipeline.LEVEL_WHITE / np.maximum(white, 16.0), 1.0, 3.0)
    gain = cv2.resize(small_gain, image.shape[1::-1], interpolation=cv2.INTER_LINEAR)
    expected = np.clip(np.rint(image * gain[:, :, None]), 0, 255).astype(np.uint8)
    assert np.array_equal(levelled, expected)


def test_chroma_is_twice_the_l1_distance_from_grey_saturated() -> None:
    lab = np.array([[[200, 138, 118], [50, 255, 0], [90, 128, 128], [10, 100, 150]]], np.uint8)
    # |a - 128| + |b - 128|, times two, at most 255.
    assert _chroma(lab, gain=2.0).tolist() == [[40, 255, 0, 100]]
    assert _chroma(lab, gain=0.5).tolist() == [[10, 127, 0, 25]]  # 255 * 0.5 cut to 127


def test_the_face_mask_keeps_a_pale_grey_square_and_not_a_coloured_one() -> None:
    image = np.full((120, 160, 3), (60, 60, 60), np.uint8)  # a dark table
    image[20:60, 20:60] = (235, 235, 235)  # a white face
    image[70:110, 90:130] = (40, 200, 240)  # a pale yellow square: colour, no face
    face = _face(cv2.cvtColor(image, cv2.COLOR_BGR2LAB))
    assert face[25:55, 25:55].all()
    assert not face[75:105, 95:125].any() and not face[0:15].any()
