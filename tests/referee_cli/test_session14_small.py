"""Session 14, the newcomer pass's CLI points (docs/kingdomino.md, docs/domineering.md,
"Session 14: ..."): a photo refused is named, as the web app names its field, and
``place``'s ``--size`` says what it is."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee_cli.main import main

# A photo of domino tiles: neither a kingdom nor a Domineering sheet.
HAND = str(Path(__file__).resolve().parents[2] / "sample_photos" / "hand-1.jpg")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("kingdomino", "score", HAND), "no kingdom found in the photo"),
        (("domineering", "analyze", HAND), "no Domineering grid found in the photo"),
    ],
)
def test_a_refused_photo_is_named(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], said: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert err.startswith(f"referee: error: {HAND}: {said}")


def test_compare_names_the_photo_once(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "kingdomino", "compare", HAND, "C F1 F")
    assert status == 2
    assert err.startswith(f"referee: error: kingdom 1: {HAND}: no kingdom found")
    assert err.count(HAND) == 1


@pytest.mark.parametrize("command", ["place", "placements"])
def test_place_size_is_described(capsys: pytest.CaptureFixture[str], command: str) -> None:
    status, out, _ = run(capsys, "kingdomino", command, "--help")
    assert status == 0
    out = " ".join(out.split())
    said = "--size [5|7] Frame side the kingdom must fit in: 5 (standard) or 7 (Mighty Duel)."
    assert said in out
