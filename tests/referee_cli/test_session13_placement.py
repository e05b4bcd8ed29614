"""Session 13: the CLI refuses a kingdom typed wider than its frame (exit 2, the engine's
words), for ``placements`` and ``place`` alike (docs/kingdomino.md, "Session 13: a
newcomer's findings"). Rule: a 5x5 frame, 7x7 in Mighty Duel (rules/kingdomino-2p.txt)."""

from __future__ import annotations

import pytest

from referee_cli.main import main

WORDS = (
    "the kingdom as typed spans 6 columns, more than the 5x5 frame allows: choose 7x7 (Mighty Duel)"
)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize(
    "argv",
    [
        ("placements", "C F1 F F F F", "--domino", "F L"),
        ("place", "C F1 F F F F", "--domino", "F L", "--at", "A2", "--toward", "right"),
        ("place", "C F1 F F F F", "--domino", "F L", "--at", "1,0", "--toward", "right"),
    ],
)
def test_a_kingdom_wider_than_the_frame_is_bad_input(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    status, out, err = run(capsys, "kingdomino", *argv)
    assert (status, out) == (2, "")
    assert err == f"referee: error: {WORDS}\n"


def test_in_the_mighty_duel_frame_it_has_places(capsys: pytest.CaptureFixture[str]) -> None:
    # A2 toward right: F on (1, 0) under the castle: legal (touches the castle).
    status, out, _ = run(
        capsys,
        "kingdomino",
        "place",
        "C F1 F F F F",
        "--domino",
        "F L",
        "--at",
        "A2",
        "--toward",
        "right",
        "--size",
        "7",
    )
    assert (status, out) == (0, "legal: A2 touches the castle\n")
