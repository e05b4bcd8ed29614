"""The console script's shared behaviour: help, version, usage errors."""

from __future__ import annotations

import pytest

from referee import __version__
from referee_cli.main import main


def test_help_lists_a_group_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for group in ("kingdomino", "domineering", "cross", "two-step", "dominoes"):
        assert group in out


@pytest.mark.parametrize("group", ["kingdomino", "domineering", "cross", "two-step", "dominoes"])
def test_each_command_summary_is_a_whole_phrase(
    capsys: pytest.CaptureFixture[str], group: str
) -> None:
    # Session 8 (newcomer): click cuts a command's summary at its first full stop, so
    # "two-step --help" listed `match    Add up ROUNDS (e.g.`.
    assert main([group, "--help"]) == 0
    commands = capsys.readouterr().out.split("Commands:\n", 1)[1].splitlines()
    assert commands
    for line in commands:
        assert not line.rstrip().endswith(("(e.g.", "e.g.", "(")), line


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert __version__ in capsys.readouterr().out


def test_unknown_command_is_bad_input_on_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["chess"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert "chess" in captured.err


@pytest.mark.parametrize(
    ("argv", "commands"),
    [([], "cross, domineering"), (["cross"], "match, plays, round"), (["two-step"], "analyze")],
)
def test_a_group_without_a_command_is_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], commands: str
) -> None:
    # click answers with the whole help text on stderr: bad input is one line.
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert "missing a command" in captured.err and commands in captured.err


def test_interrupted_is_not_a_no(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Exit 1 means "illegal" to a script calling check; an interrupt must not look like it.
    class Interrupted:
        def read(self) -> str:
            raise KeyboardInterrupt

    monkeypatch.setattr("sys.stdin", Interrupted())
    assert main(["two-step", "check", "-", "end turn"]) == 130
    assert capsys.readouterr().err.strip() == "referee: aborted"
