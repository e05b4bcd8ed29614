"""Session 15, the newcomer pass's CLI findings (docs/web.md, "Session 15: the newcomer
pass's findings"): a typed position that only the other starter makes possible names
``--first``, as a photo's sheet does."""

from __future__ import annotations

import pytest

from referee_cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_a_typed_position_possible_only_with_v_starting_names_first_v(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # rules/domineering.txt: the players alternate, H first unless agreed otherwise
    # (RULINGS.md: V starts the second game of a match). One V pair, no H pair: only a game
    # V started reaches it.
    status, out, err = run(capsys, "domineering", "analyze", "....V/....V")
    assert (status, out) == (2, "")
    assert err == (
        "referee: error: POSITION: impossible counts: 0 H pairs and 1 V pair; with H "
        "starting, H has as many pairs as V (H to move) or one more (V to move); with V "
        "starting the position is possible: if V started this game (RULINGS.md: V starts "
        "the second game of a match), give --first V\n"
    )
    status, out, _ = run(capsys, "domineering", "analyze", "....V/....V", "--first", "V")
    assert status == 0
    assert "to move: H" in out.splitlines()


def test_a_typed_position_no_starter_mends_gets_no_hint(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Two H pairs and no V pair: two more than V, impossible whoever started.
    status, _, err = run(capsys, "domineering", "analyze", "HH../HH..")
    assert status == 2
    assert "impossible counts: 2 H pairs and 0 V pairs" in err
    assert "--first" not in err


def test_an_error_with_json_is_on_stderr_only_and_help_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Session 15 (finding 10): a script parsing stdout after --json got an empty string,
    # which the help did not say. Kept so (the tests of every photo refusal pin it), said.
    status, out, err = run(capsys, "kingdomino", "score", "W X", "--json")
    assert (status, out) == (2, "")
    assert err.startswith("referee: error: KINGDOM: unknown terrain letter 'X'")
    status, out, _ = run(capsys, "--help")
    assert status == 0
    assert (
        " ".join(out.split()).count(
            "2 bad input: one line on stderr and nothing on stdout, --json or not."
        )
        == 1
    )
