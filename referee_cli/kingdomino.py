"""``referee kingdomino``: score a kingdom, compare two, check where a domino may go.

Notation (``docs/kingdomino.md``): rows top to bottom separated by ``/`` or
newlines, squares by spaces; a square is a terrain letter (W F L G S M C, ``.``
for empty) plus an optional crown digit, e.g. ``G L F F F1``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

from referee.errors import NotationError
from referee.kingdomino import (
    Comparison,
    Domino,
    Kingdom,
    Score,
    check_placement,
    compare,
    domino_warnings,
    format_domino,
    format_kingdom,
    kingdom_square_name,
    legal_placements,
    name_kingdom_squares,
    parse_direction,
    parse_domino,
    parse_kingdom,
    score,
)
from referee.kingdomino.kingdom import MAX_SIDE
from referee.kingdomino.placement import (
    beyond_grid,
    grown_grid,
    parse_first_square,
    second_square,
)
from referee_cli.common import (
    EXIT_NO,
    check_overlay_target,
    emit,
    fail,
    is_image_path,
    json_option,
    overlay_needs_a_photo,
    parse_notation,
    reports_bad_input,
    write_overlay,
)

__all__ = ["kingdomino"]

_BONUSES = ("middle", "harmony")

bonus_option = click.option(
    "--bonus",
    "bonuses",
    multiple=True,
    type=click.Choice(_BONUSES, case_sensitive=False),
    help="Count an optional bonus: middle (Middle Kingdom +10), harmony (+5). Repeatable.",
)
size_option = click.option(
    "--size",
    type=click.Choice(["5", "7"]),
    default=None,
    help="Frame side: 5 (standard) or 7 (Mighty Duel).",
)


#: ``place`` and ``placements``: the frame a kingdom must fit in (5 when not given).
fit_size_option = click.option(
    "--size",
    type=click.Choice(["5", "7"]),
    default="5",
    show_default=True,
    help="Frame side the kingdom must fit in: 5 (standard) or 7 (Mighty Duel).",
)


def _kingdom(value: str, label: str) -> Kingdom:
    return parse_notation(value, parse_kingdom, label)


def _domino(value: str) -> Domino:
    try:
        return parse_domino(value)
    except ValueError as error:
        fail(f"--domino: {error}")


def _at(value: str) -> tuple[tuple[int, int], bool]:
    """``--at``: the square's ``(row, col)`` from 0, and whether it was named as on the
    board (``A3``) rather than as ``ROW,COL`` (:func:`parse_first_square`)."""
    try:
        return parse_first_square(value)
    except NotationError as error:
        fail(f"--at: {error}")


#: Where a domino's second square lies from its first, in words.
_BESIDE = {"right": "right of", "down": "below", "left": "left of", "up": "above"}


def _board_names(reason: str, at: tuple[int, int], toward: str, grid: Kingdom) -> str:
    """A placement's ``reason`` with its squares named as on the board (``(1, 2)`` ->
    ``C2``); the domino's second square is said from the first, "the square right of E1
    (F1)", or "the square above E1" where it has no name (``(-1, 4)``): a bare "square F1"
    read as the domino's half ``F1``, a field with a crown (session 11). So is a second
    square beyond ``grid`` as typed, as no one reads its name there (session 12)."""
    second = second_square(at, parse_direction(toward))
    where = f"the square {_BESIDE[parse_direction(toward)]} {kingdom_square_name(at)}"
    if all(0 <= part < MAX_SIDE for part in second):
        where += f" ({kingdom_square_name(second)})"
    reason = reason.replace(f"square {second}", where)
    if not (0 <= second[0] < grid.rows and 0 <= second[1] < grid.cols):
        reason = reason.replace(str(second), where)
    return name_kingdom_squares(reason)


def _score_text(result: Score) -> str:
    lines = [domain.describe() for domain in result.domains]
    if not lines:
        lines.append("no domains")
    lines.append(f"score: {result.score}")
    lines.append(
        f"bonuses: middle kingdom {result.bonuses['middle_kingdom']}, "
        f"harmony {result.bonuses['harmony']}"
    )
    lines.append(f"total: {result.total}")
    # Squares named as on the board ("A3"), as the pages name them; JSON keeps "(2, 0)".
    lines.extend(f"warning: {name_kingdom_squares(warning)}" for warning in result.warnings)
    return "\n".join(lines)


@click.group()
def kingdomino() -> None:
    """Kingdomino for 2 players: scores, tie-breaks, placements."""


@kingdomino.command("score")
@click.argument("kingdom")
@bonus_option
@size_option
@click.option(
    "--overlay",
    type=click.Path(dir_okay=False),
    default=None,
    help="With a photo: write the recognised kingdom drawn on it to this PNG.",
)
@json_option
@reports_bad_input
def score_command(
    kingdom: str,
    bonuses: Sequence[str],
    size: str | None,
    overlay: str | None,
    as_json: bool,
) -> None:
    """Score KINGDOM (a notation, a file holding one, or a photo).

    One line per domain (squares x crowns = points), then the score, the
    bonuses asked for, the total and any warning to check.
    """
    middle, harmony = "middle" in bonuses, "harmony" in bonuses
    frame = int(size) if size else None
    if is_image_path(kingdom):
        check_overlay_target(overlay, kingdom)
        result = _score_photo(kingdom, middle=middle, harmony=harmony, size=frame, overlay=overlay)
    else:
        if overlay is not None:
            overlay_needs_a_photo(kingdom, "KINGDOM", "--overlay needs a photo, not a notation")
        result = score(
            _kingdom(kingdom, "KINGDOM"), middle_kingdom=middle, harmony=harmony, size=frame
        )
    emit(result.to_json(), as_json, lambda: _score_text(result))


def _score_photo(
    path: str, *, middle: bool, harmony: bool, size: int | None, overlay: str | None
) -> Any:
    """Score the kingdom in the photo at ``path`` (``vision.kingdomino.score_photo``).

    With ``size`` the kingdom read is scored in that frame, as the web app's ``size``
    does, and the overlay's caption shows that score.
    """
    from vision.kingdomino import score_photo  # imported here: OpenCV only for photos

    try:
        result = score_photo(
            path, middle_kingdom=middle, harmony=harmony, size=size, overlay=overlay
        )
    except ValueError as error:  # the photo is named, as the web app names its field
        message = str(error)
        raise ValueError(message if message.startswith(path) else f"{path}: {message}") from None
    drawn = getattr(result, "overlay", None)
    if overlay is not None and drawn is not None:
        write_overlay(overlay, drawn)
    return result


@kingdomino.command("place")
@click.argument("grid")
@click.option("--domino", required=True, help='The domino, first square first: "F1 L".')
@click.option(
    "--at",
    "at",
    required=True,
    help=(
        "The first square: A3 as the board names it (column letter, row from 1), "
        "or ROW,COL from 0 (2,0 is A3; -1,0 is above the grid as typed: --at=-1,0)."
    ),
)
@click.option(
    "--toward",
    required=True,
    type=click.Choice(["right", "down", "left", "up"], case_sensitive=False),
    help="Where the second square goes.",
)
@fit_size_option
@json_option
@click.pass_context
@reports_bad_input
def place_command(
    ctx: click.Context,
    grid: str,
    domino: str,
    at: str,
    toward: str,
    size: str,
    as_json: bool,
) -> None:
    """Is placing the domino on GRID legal? Exit 0 legal, 1 illegal (with the reason).

    GRID is the kingdom as typed; the domino may also go beyond its edges wherever the
    frame allows (--at=-1,0 is the square above its top-left one). The reason names
    squares as --at was given: A3, or (2, 0) for ROW,COL; --json keeps the engine's
    (row, col) either way.
    """
    square, named = _at(at)
    kingdom = _kingdom(grid, "GRID")
    verdict = check_placement(
        kingdom,
        _domino(domino),
        square,
        parse_direction(toward),
        size=int(size),
        grow=True,
    )
    reason = _board_names(verdict.reason, square, toward, kingdom) if named else verdict.reason
    text = reason if verdict.legal else f"illegal: {reason}"
    emit(verdict.to_json(), as_json, text)
    if not verdict.legal:
        ctx.exit(EXIT_NO)


@kingdomino.command("placements")
@click.argument("grid")
@click.option("--domino", required=True, help='The domino, first square first: "F1 L".')
@fit_size_option
@json_option
@reports_bad_input
def placements_command(grid: str, domino: str, size: str, as_json: bool) -> None:
    """Every legal placement of the domino on GRID: ROW,COL and direction, one a line.

    GRID is the kingdom as typed; placements beyond its edges count too, wherever the
    frame allows: ROW,COL count from GRID's top-left square, so -1 is above or left of
    it. Then a line shows GRID grown to hold them all.
    """
    halves = _domino(domino)
    kingdom = _kingdom(grid, "GRID")
    found = legal_placements(kingdom, halves, size=int(size), grow=True)
    grown, origin = grown_grid(kingdom, found)
    beyond = sum(beyond_grid(kingdom, placement) for placement in found)
    payload = {
        "domino": format_domino(halves),
        "placements": [{"at": list(where), "toward": toward} for where, toward in found],
        "count": len(found),
        "beyond_grid": beyond,
        "grown": {"grid": grown, "origin": list(origin)},
        # What the real tile set cannot show, as score warns (session 15: W4 was silent).
        "warnings": domino_warnings(halves),
    }

    def text() -> str:
        warned = [f"warning: {warning}" for warning in payload["warnings"]]
        if not found:
            frame = f"{size}x{size}"
            said = f"{format_domino(halves)} fits nowhere in the {frame} frame: it is discarded"
            return "\n".join([said, *warned])
        lines = [f"{r},{c} {toward}" for (r, c), toward in found]
        if beyond:
            lines.append(
                f"{beyond} of {len(found)} beyond the grid as typed (row -1 is above it, "
                f"column -1 left of it); the grid grown to hold them (the typed 0,0 is its "
                f"{origin[0]},{origin[1]}): {grown}"
            )
        return "\n".join([*lines, *warned])

    emit(payload, as_json, text)


def _compare_text(result: Comparison) -> str:
    """The verdict in words, the winner's numbers first ("kingdom 2 wins on score: 19 to
    18"; session 13: they were in kingdom order, "18 to 19"); a shared win in kingdom order.
    """
    if result.winner is None:
        first, second = result.scores
        return f"shared win: {first} to {second}, same largest domain and crowns"
    winner, loser = (0, 1) if result.winner == 1 else (1, 0)
    scores = f"{result.scores[winner]} to {result.scores[loser]}"
    won, lost = result.details[winner], result.details[loser]
    details = {
        "score": "on score",
        "largest_domain": (
            f"on the largest domain ({won.largest_domain} squares to {lost.largest_domain})"
        ),
        "crowns": f"on crowns ({won.crowns} to {lost.crowns})",
    }
    return f"kingdom {result.winner} wins {details[result.decided_by]}: {scores}"


@kingdomino.command("compare")
@click.argument("first")
@click.argument("second")
@bonus_option
@size_option
@json_option
@reports_bad_input
def compare_command(
    first: str, second: str, bonuses: Sequence[str], size: str | None, as_json: bool
) -> None:
    """Which of two kingdoms wins: score, then largest domain, then crowns, else shared.

    FIRST and SECOND are each a notation, a file holding one, or a photo of the kingdom.
    Both kingdoms are scored in one frame: --size, else 7 if either looks like a
    Mighty Duel kingdom, else 5.
    """
    kingdoms: list[Kingdom] = []
    readings: dict[str, Any] = {}
    for number, value in enumerate((first, second), start=1):
        if is_image_path(value):
            # The kingdom as read; its squares can be corrected by giving the notation.
            try:
                read = _score_photo(value, middle=False, harmony=False, size=None, overlay=None)
            except ValueError as error:  # name which kingdom's photo could not be read
                fail(f"kingdom {number}: {error}")  # the photo named by _score_photo
            kingdoms.append(read.reading.kingdom)
            readings[str(number)] = {
                "photo": value,
                "kingdom": format_kingdom(read.reading.kingdom),
                "warnings": list(read.reading.warnings),
            }
        else:
            kingdoms.append(_kingdom(value, f"kingdom {number}"))
    result = compare(
        kingdoms[0],
        kingdoms[1],
        middle_kingdom="middle" in bonuses,
        harmony="harmony" in bonuses,
        size=int(size) if size else None,
    )
    payload = result.to_json()
    if readings:
        payload["readings"] = readings

    def text() -> str:
        lines = []
        for number, seen in readings.items():
            lines.append(f"kingdom {number} as read from {seen['photo']}: {seen['kingdom']}")
            lines.extend(f"  check: {name_kingdom_squares(w)}" for w in seen["warnings"])
        lines.append(_compare_text(result))
        return "\n".join(lines)

    emit(payload, as_json, text)
