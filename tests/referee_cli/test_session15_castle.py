"""Session 15, the newcomer pass's finding 5 (docs/web.md, "Session 15: the newcomer
pass's findings"): placements on a kingdom with no castle, or two, are refused, naming
the castle; rules/kingdomino-2p.txt "Setup": each player places one starting tile, and a
domino connects to it or to its own terrain."""

from __future__ import annotations

import pytest

from referee_cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize(
    ("grid", "said"),
    [
        (
            "F1 F F",
            "the kingdom as typed has no castle: every kingdom starts from its castle "
            "(type C where it stands)",
        ),
        ("C C F", "the kingdom as typed has 2 castles, on A1 and B1: a kingdom has one"),
    ],
)
def test_placements_need_one_castle(
    capsys: pytest.CaptureFixture[str], grid: str, said: str
) -> None:
    status, out, err = run(capsys, "kingdomino", "placements", grid, "--domino", "W W")
    assert (status, out) == (2, "")
    assert err == f"referee: error: {said}\n"
    status, out, err = run(
        capsys, "kingdomino", "place", grid, "--domino", "W W", "--at", "1,0", "--toward", "down"
    )
    assert (status, out) == (2, "")
    assert said in err
