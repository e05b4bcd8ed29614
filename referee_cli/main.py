"""Entry point of the ``referee`` console script."""

from __future__ import annotations

import importlib
import os
import re
import sys

import click

from referee import __version__
from referee_cli.common import EXIT_BAD_INPUT

#: Exit status after Ctrl-C or end of input at a prompt (128 + SIGINT, as shells do).
EXIT_ABORTED = 130
#: Exit status when the reader of our output went away (``referee ... | head``): 128 + SIGPIPE.
EXIT_BROKEN_PIPE = 141

#: One click group per game, each in its own module: (module, attribute).
_GROUPS = (
    ("referee_cli.kingdomino", "kingdomino"),
    ("referee_cli.domineering", "domineering"),
    ("referee_cli.dominoes", "dominoes"),
    ("referee_cli.cross", "cross"),
    ("referee_cli.two_step", "two_step"),
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="referee")
def cli() -> None:
    """Referee: scores, legal moves and disputes for table games.

    Every command takes --json to print one JSON object. Exit status: 0 success,
    1 "illegal" for yes/no questions, 2 bad input: one line on stderr and nothing on
    stdout, --json or not.
    """


for _module, _attr in _GROUPS:
    cli.add_command(getattr(importlib.import_module(_module), _attr))


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; return the exit status (0, 1 or 2; 130 if interrupted).

    Usage errors (an unknown option, a missing argument) are bad input: one line
    on stderr, exit 2.
    """
    try:
        result = cli.main(args=argv, prog_name="referee", standalone_mode=False)
    except click.UsageError as error:
        if type(error).__name__ == "NoArgsIsHelpError" and error.ctx is not None:
            # A group given no command: click would print its whole help on stderr.
            ctx = error.ctx
            group = ctx.command
            names = group.list_commands(ctx) if isinstance(group, click.Group) else []
            click.echo(
                f"referee: error: missing a command: one of {', '.join(names)} "
                f"(see '{ctx.command_path} --help')",
                err=True,
            )
        else:
            # One line even where click's message has several ("Choose from:\n\tright,...").
            message = re.sub(r"\s*\n\s*", " ", error.format_message().strip())
            click.echo(f"referee: error: {message}", err=True)
        return error.exit_code
    except click.ClickException as error:
        if error.exit_code == EXIT_BAD_INPUT and type(error).__name__ == "BadInput":
            error.show()
        else:
            click.echo(f"referee: error: {error.format_message()}", err=True)
        return error.exit_code
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.Abort:
        # Not 1: that is "illegal" to a script calling check or place.
        click.echo("referee: aborted", err=True)
        return EXIT_ABORTED
    except BrokenPipeError:
        # Quietly, as a filter does; stop Python's own complaint when it flushes at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    return result if isinstance(result, int) else 0


if __name__ == "__main__":
    sys.exit(main())
