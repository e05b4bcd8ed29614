"""``referee dominoes count`` (in-process, via ``main``) on the rendered sample photos."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from referee_cli.main import main
from vision.datasets import PROJECT_ROOT

SAMPLES = PROJECT_ROOT / "sample_photos"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["dominoes", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def answer(name: str) -> dict[str, object]:
    return json.loads((SAMPLES / name).with_suffix(".json").read_text(encoding="utf-8"))


def tiles(pairs: object) -> list[tuple[int, int]]:
    assert isinstance(pairs, list)
    return sorted((min(a, b), max(a, b)) for a, b in pairs)


def test_count_json_on_a_sample(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "count", str(SAMPLES / "hand-2.jpg"), "--json")
    assert (status, err) == (0, "")
    payload = json.loads(out)
    assert set(payload) == {"tiles", "total", "warnings"}
    expected = answer("hand-2.jpg")
    assert tiles([tile["pips"] for tile in payload["tiles"]]) == tiles(expected["tiles"])
    assert payload["total"] == expected["total"]
    assert payload["warnings"] == []
    for tile in payload["tiles"]:
        assert len(tile["corners"]) == 4
        assert all(len(corner) == 2 for corner in tile["corners"])
        assert 0.0 <= tile["confidence"] <= 1.0


@pytest.mark.parametrize("tile_set", ["6", "12"])
def test_corners_are_pixels_of_the_photo_given_though_it_is_read_smaller(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, tile_set: str
) -> None:
    # hand-2 enlarged 11/3 times (4400 x 3300): a double-six photo is decoded at half size
    # (2200 x 1650: at least 2000 pixels long), a double-twelve one at full size; either
    # way the corners are pixels of the 4400 x 3300 photo: the drawn ones times 11/3.
    image = cv2.imread(str(SAMPLES / "hand-2.jpg"))
    big = cv2.resize(image, (4400, 3300), interpolation=cv2.INTER_CUBIC)
    photo = tmp_path / "big.jpg"
    assert cv2.imwrite(str(photo), big, [cv2.IMWRITE_JPEG_QUALITY, 92])
    status, out, err = run(capsys, "count", str(photo), "--set", tile_set, "--json")
    assert (status, err) == (0, "")
    payload = json.loads(out)
    expected = answer("hand-2.jpg")
    assert tiles([tile["pips"] for tile in payload["tiles"]]) == tiles(expected["tiles"])
    assert isinstance(expected["corners"], list)
    drawn = [[(x * 11 / 3, y * 11 / 3) for x, y in corners] for corners in expected["corners"]]
    for tile in payload["tiles"]:
        centre = [sum(corner[k] for corner in tile["corners"]) / 4 for k in (0, 1)]
        nearest = min(
            drawn,
            key=lambda c: (
                (sum(p[0] for p in c) / 4 - centre[0]) ** 2
                + (sum(p[1] for p in c) / 4 - centre[1]) ** 2
            ),
        )
        width = min(
            ((nearest[1][0] - nearest[0][0]) ** 2 + (nearest[1][1] - nearest[0][1]) ** 2) ** 0.5,
            ((nearest[3][0] - nearest[0][0]) ** 2 + (nearest[3][1] - nearest[0][1]) ** 2) ** 0.5,
        )
        drawn_centre = [sum(p[k] for p in nearest) / 4 for k in (0, 1)]
        assert abs(centre[0] - drawn_centre[0]) < 0.15 * width
        assert abs(centre[1] - drawn_centre[1]) < 0.15 * width


def test_count_text_lists_tiles_and_total(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "count", str(SAMPLES / "hand-6.jpg"))
    expected = answer("hand-6.jpg")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[-1] == f"total: {expected['total']} pips"
    assert len([line for line in lines if line.startswith("tile ")]) == len(
        expected["tiles"]  # type: ignore[arg-type]
    )


def test_count_writes_the_overlay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "overlay.png"
    status, _, err = run(capsys, "count", str(SAMPLES / "hand-1.jpg"), "--overlay", str(out_file))
    assert (status, err) == (0, "")
    overlay = cv2.imread(str(out_file))
    assert overlay is not None
    assert overlay.shape == (900, 1200, 3)


def test_count_double_twelve_reads_the_same_double_six_tiles(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "count", str(SAMPLES / "hand-4.jpg"), "--set", "12", "--json")
    assert status == 0
    assert json.loads(out)["total"] == answer("hand-4.jpg")["total"]


def test_a_file_that_is_not_a_photo_is_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = tmp_path / "hand.jpg"
    text.write_text("6-6 3-5", encoding="utf-8")
    status, out, err = run(capsys, "count", str(text))
    assert status == 2
    assert out == ""
    assert err.startswith("referee: error: ") and "not an image" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("name", "fmt", "message"),
    [
        (
            "hand.gif",
            "GIF",
            "an image in GIF format, which Referee does not read: "
            "send the photo as JPEG, PNG or WebP",
        ),
        (
            "hand.png",
            "PNG",
            "a PNG picture of at most 256 colours: too few colours to read crowns, terrain or "
            "pens; send the photo as taken, in full colour (JPEG, PNG or WebP)",
        ),
    ],
)
def test_a_gif_or_palette_photo_is_refused_as_the_api_refuses_it(
    name: str, fmt: str, message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Session 10: a GIF decoded (256 colours, read wrong without a word).  The same line
    # as the API's 415 (tests/web/test_api.py), after the file name; exit 2.
    photo = tmp_path / name
    with Image.open(SAMPLES / "hand-1.jpg") as opened:
        (opened if fmt == "GIF" else opened.quantize(256)).save(photo, format=fmt)
    assert run(capsys, "count", str(photo)) == (2, "", f"referee: error: {photo}: {message}\n")
    # The photo as taken (JPEG) still reads.
    assert run(capsys, "count", str(SAMPLES / "hand-1.jpg"))[0] == 0


def test_an_heic_photo_is_named_with_what_to_send(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # An iPhone photo kept as HEIC: one line naming the format, not just "not an image".
    heic = tmp_path / "IMG_0001.HEIC"
    heic.write_bytes(b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + bytes(200))
    status, out, err = run(capsys, "count", str(heic))
    assert status == 2
    assert out == ""
    assert "IMG_0001.HEIC" in err and "HEIC photo" in err and "JPEG" in err
    assert len(err.strip().splitlines()) == 1


def test_a_missing_photo_is_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "count", str(tmp_path / "absent.jpg"))
    assert status == 2
    assert "absent.jpg" in err


def test_an_unknown_set_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "count", str(SAMPLES / "hand-1.jpg"), "--set", "7")
    assert status == 2
    assert "--set" in err


def test_cross_round_reads_a_hand_from_a_photo(capsys: pytest.CaptureFixture[str]) -> None:
    # player 1 photographs the tiles left in hand; player 2 went out
    photo = str(SAMPLES / "hand-1.jpg")
    status = main(["cross", "round", photo, "", "--json"])
    captured = capsys.readouterr()
    assert (status, captured.err) == (0, "")
    total = answer("hand-1.jpg")["total"]
    payload = json.loads(captured.out)
    assert _tiles(payload.pop("hands")[0]) == tiles(answer("hand-1.jpg")["tiles"])
    assert payload == {"winner": 2, "points": total, "pips": [total, 0], "tied": False}


def _tiles(hand: str) -> list[tuple[int, int]]:
    """A hand written as tiles ("1-6 0-4"), as :func:`tiles` gives a labelled list."""
    return tiles([[int(half) for half in tile.split("-")] for tile in hand.split()])


def test_cross_round_mixes_a_photo_and_a_tile_list(capsys: pytest.CaptureFixture[str]) -> None:
    # blocked round: hand-1.jpg holds 27 pips, "6-6 5-5" 22, so player 2 wins 27 - 22
    assert answer("hand-1.jpg")["total"] == 27
    status = main(["cross", "round", str(SAMPLES / "hand-1.jpg"), "6-6 5-5", "--json"])
    out = capsys.readouterr().out
    assert status == 0
    payload = json.loads(out)
    hands = payload.pop("hands")
    assert _tiles(hands[0]) == tiles(answer("hand-1.jpg")["tiles"]) and hands[1] == "6-6 5-5"
    assert payload == {"winner": 2, "points": 5, "pips": [27, 22], "tied": False}


def test_an_overlay_of_an_unknown_type_is_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_file = tmp_path / "overlay.xyz"
    status, out, err = run(capsys, "count", str(SAMPLES / "hand-1.jpg"), "--overlay", str(out_file))
    assert (status, out) == (2, "")
    assert err.startswith("referee: error: --overlay: ") and len(err.strip().splitlines()) == 1
    assert not out_file.exists()


def test_one_pip_tile_is_singular(capsys: pytest.CaptureFixture[str]) -> None:
    # sample_photos/hand-3.json holds the tile 1-0: one pip in all.
    assert main(["dominoes", "count", str(SAMPLES / "hand-3.jpg")]) == 0
    out = capsys.readouterr().out
    assert ": 1-0 (1 pip, confidence " in out or ": 0-1 (1 pip, confidence " in out
    assert "(1 pips" not in out


def test_a_missing_photo_says_so_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # It printed Python's "[Errno 2] No such file or directory: ..." before.
    absent = str(tmp_path / "absent.jpg")
    status, out, err = run(capsys, "count", absent, "--json")
    assert (status, out) == (2, "")
    assert err == f"referee: error: PHOTO: no such file {absent!r}\n"


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 6000), (31, 200)])
def test_a_photo_too_small_for_tiles_is_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, rows: int, cols: int
) -> None:
    # A 1x1 picture was "read": "no tiles found, total: 0 pips", exit 0.
    photo = tmp_path / "tiny.png"
    cv2.imwrite(str(photo), np.full((rows, cols, 3), 90, np.uint8))
    status, out, err = run(capsys, "count", str(photo), "--json")
    assert (status, out) == (2, "")
    assert err == (
        f"referee: error: {photo}: the photo is {cols}x{rows} pixels: too small to show "
        "domino tiles (at least 32 pixels a side)\n"
    )


def test_a_strip_photo_is_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # A 2000x40 strip (50 times as long as wide, the web app takes at most 10) was "read":
    # "no tiles found", exit 0.
    photo = tmp_path / "strip.png"
    cv2.imwrite(str(photo), np.full((40, 2000, 3), 90, np.uint8))
    status, out, err = run(capsys, "count", str(photo), "--json")
    assert (status, out) == (2, "")
    assert err == (
        f"referee: error: {photo}: the photo is 2000x40 pixels: too narrow to show domino "
        "tiles (at most 10 times as long as wide)\n"
    )
