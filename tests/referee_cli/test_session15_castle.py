"""Session 15, the newcomer pass's findings 5 and 7 (docs/web.md, "Session 15: the newcomer
pass's findings"): placements on a kingdom with no castle, or two, are refused, naming
the castle; rules/kingdomino-2p.txt "Setup": each player places one starting tile, and a
domino connects to it or to its own terrain."""

from __future__ import annotations

import json

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


def test_placements_warn_of_crowns_beyond_the_tile_set(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # RULINGS.md, the real tile set: a wheat square shows at most 1 crown.
    warning = (
        "the domino's first square W4 is wheat with 4 crowns: no wheat square in the tile "
        "set has more than 1"
    )
    status, out, _ = run(capsys, "kingdomino", "placements", "C F1 F F", "--domino", "W4 W")
    assert status == 0
    assert out.splitlines()[-1] == f"warning: {warning}"
    status, out, _ = run(
        capsys, "kingdomino", "placements", "C F1 F F", "--domino", "W4 W", "--json"
    )
    assert status == 0
    assert json.loads(out)["warnings"] == [warning]
    status, out, _ = run(
        capsys, "kingdomino", "placements", "C F1 F F", "--domino", "W1 W", "--json"
    )
    assert json.loads(out)["warnings"] == []
