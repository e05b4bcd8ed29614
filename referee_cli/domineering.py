"""``referee domineering``: who is to move, the legal pairs, disputes, perfect play.

Rules: ``rules/domineering.txt`` and ``RULINGS.md`` "Domineering".  Notation and
examples: ``docs/domineering.md``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from referee import domineering as engine
from referee.errors import ImpossiblePositionError
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

__all__ = ["domineering"]

_LETTERS = "ABCDEFGH"


def _side_value(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """Check an H|V option, in either case as the API takes it (a callback, not
    click.Choice, so errors stay on one line)."""
    if value is None:
        return value
    if value.strip().upper() in ("H", "V"):
        return value.strip().upper()
    raise click.BadParameter(f"{value!r} is not H or V", ctx=ctx, param=param)


first_option = click.option(
    "--first",
    metavar="H|V",
    callback=_side_value,
    default=None,
    help="Side that started this game (default H, or V when the position's H/V suffix says so).",
)


def _read_position(value: str, first: engine.Side | None) -> engine.Position:
    """A POSITION argument: a notation, or a file holding one (validated).

    A position impossible with ``first`` (H when not given) but possible with the other
    side starting is refused with the hint a photo's sheet gets (:func:`_starter_hint`;
    session 15: a typed game 2 of a match, V starting, got no word of ``--first V``).
    """

    def parse(text: str) -> engine.Position:
        try:
            return engine.parse_position(text, first=first)
        except ImpossiblePositionError as error:
            other: engine.Side = "V" if (first or "H") == "H" else "H"
            try:
                engine.parse_position(text, first=other)
            except ValueError:
                raise error from None
            raise ImpossiblePositionError(f"{error}; {_starter_hint(other, 'position')}") from None

    return parse_notation(value, parse, "POSITION")


def _starter_hint(other: engine.Side, what: str) -> str:
    """What to do when the ``what`` ("sheet", "position") is possible only with ``other``
    starting (RULINGS.md "Domineering": V starts the second game of a match)."""
    return (
        f"with {other} starting the {what} is possible: if {other} started this game "
        f"(RULINGS.md: V starts the second game of a match), give --first {other}"
    )


def _board_text(position: str) -> list[str]:
    """The board of a notation as a grid with column letters and row numbers."""
    rows = position.split()[0].split("/")
    lines = ["   " + " ".join(_LETTERS[: len(rows[0])])]
    lines += [f"{number:>2} " + " ".join(row) for number, row in enumerate(rows, 1)]
    return lines


def _analysis_text(payload: dict[str, Any]) -> str:
    """Text for people from an analyze JSON object (from a notation or a photo)."""
    lines = _board_text(payload["position"])
    lines.append(f"position: {payload['position']}")
    lines.append(f"to move: {payload['to_move']}")
    for side in ("H", "V"):
        moves = payload["legal_moves"][side]
        shown = " ".join(moves) if moves else "none"
        lines.append(f"{side} legal pairs ({len(moves)}): {shown}")
    if payload["blocked"]:
        lines.append(
            f"blocked: {payload['to_move']} has no legal pair and loses; {payload['winner']} wins"
        )
    else:
        lines.append("blocked: no")
    if "perfect_play" in payload:
        perfect = payload["perfect_play"]
        lines.append(
            f"perfect play: {perfect} wins" if perfect else "perfect play: not found in time"
        )
    return "\n".join(lines)


@click.group(name="domineering")
def domineering() -> None:
    """Domineering: side to move, legal pairs, claim disputes, perfect play."""


@domineering.command()
@click.argument("position", metavar="POSITION")
@first_option
@click.option("--solve", "solve_it", is_flag=True, help="Also find the winner with perfect play.")
@click.option(
    "--overlay",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="With a photo: write the overlay image (grid, pairs read, legal moves) here.",
)
@json_option
@reports_bad_input
def analyze(
    position: str, first: engine.Side | None, solve_it: bool, overlay: str | None, as_json: bool
) -> None:
    """Side to move, every legal pair of each side, and whether the side to move is blocked.

    POSITION is a notation such as "...../...../.HH../...../..... V", a file
    holding one, or a photo of the sheet.
    """
    if is_image_path(position):
        check_overlay_target(overlay, position)
        payload = _photo_payload(position, first, overlay)
        if solve_it:  # the position read, solved as a typed one is (it was left out)
            read = engine.parse_position(payload["position"])
            payload["perfect_play"] = engine.analyze(read, perfect_play=True).perfect_play
    else:
        if overlay is not None:
            overlay_needs_a_photo(position, "POSITION", "--overlay needs a photo as POSITION")
        payload = engine.analyze(_read_position(position, first), perfect_play=solve_it).to_json()
    emit(payload, as_json, lambda: _analysis_text(payload))


def _photo_payload(path: str, first: engine.Side | None, overlay: str | None) -> dict[str, Any]:
    """The analyze JSON object for a photo of the sheet."""
    from vision.domineering import analyze_photo  # imported here: OpenCV only for photos

    _check_photo_size(path)
    try:
        result = analyze_photo(path, first=first, overlay=overlay is not None)
    except ValueError as error:  # an impossible sheet still gets its overlay, then exit 2
        if overlay is not None and getattr(error, "overlay", None) is not None:
            write_overlay(overlay, error.overlay)  # type: ignore[attr-defined]
        # The photo named, as the web app names its field (session 14).
        message = str(error)
        named = message if message.startswith(path) else f"{path}: {message}"
        other = _other_starter(getattr(error, "reading", None), first)
        if other is not None:
            fail(f"{named}; {_starter_hint(other, 'sheet')}")
        fail(named)
    if overlay is not None and getattr(result, "overlay", None) is not None:
        write_overlay(overlay, result.overlay)
    return result if isinstance(result, dict) else dict(result.to_json())


def _check_photo_size(path: str) -> None:
    """Stop (exit 2) if the photo's header gives a side under ``MIN_SHEET_SIDE`` pixels or
    a shape more than ``MAX_PHOTO_ASPECT`` times as long as wide, as the web app does
    (a 1x1 photo was reported as "no Domineering grid found"); anything unreadable, or not
    a photo Referee reads (a GIF, a palette PNG), is left to the reader, which names it.
    """
    import warnings

    from PIL import Image

    from vision.decode import MAX_PHOTO_ASPECT, open_image
    from vision.domineering.read import MIN_SHEET_SIDE, too_small  # the reader's (session 11)

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            # open_image: a GIF (or a palette PNG) is named as such before its size.
            with open_image(Path(path).read_bytes()) as opened:
                cols, rows = opened.size
    except (OSError, ValueError, Image.DecompressionBombError):
        return
    if min(rows, cols) < MIN_SHEET_SIDE:
        fail(f"{path}: {too_small(rows, cols)}")
    if max(rows, cols) > MAX_PHOTO_ASPECT * min(rows, cols):
        fail(
            f"{path}: the photo is {cols}x{rows} pixels: too narrow to show a Domineering "
            f"sheet (at most {MAX_PHOTO_ASPECT} times as long as wide)"
        )


def _other_starter(reading: Any, first: engine.Side | None) -> engine.Side | None:
    """The side other than ``first`` (H when not given) if the cells read are possible with it.

    ``reading`` is what an impossible sheet's error carries (``.cells``, rows of ``.``,
    ``H``, ``V``); ``None`` when there is no reading or the other starter does not help.
    """
    cells = getattr(reading, "cells", None)
    if cells is None:
        return None
    other: engine.Side = "V" if (first or "H") == "H" else "H"
    try:
        position = engine.Position(tuple(tuple(row) for row in cells), other)
    except ValueError:
        return None
    return None if engine.problems(position) else other


def _write_overlay(path: str, image: Any) -> None:
    """Write the overlay picture (BGR uint8) to ``path``; the format follows the suffix."""
    import cv2

    if not cv2.imwrite(path, image):
        fail(f"--overlay: cannot write an image to {path} (use .png or .jpg)")


@domineering.command()
@click.argument("position", metavar="POSITION")
@click.argument("move", metavar="MOVE")
@click.option(
    "--player",
    metavar="H|V",
    callback=_side_value,
    default=None,
    help="Who claims MOVE (default: the side to move of POSITION, as the API's player).",
)
@first_option
@json_option
@click.pass_context
@reports_bad_input
def check(
    ctx: click.Context,
    position: str,
    move: str,
    player: engine.Side | None,
    first: engine.Side | None,
    as_json: bool,
) -> None:
    """May PLAYER claim MOVE (two cells, like B3-C3) on POSITION?  Exit 0 legal, 1 illegal.

    PLAYER is --player, or the side to move of POSITION when not given.  Then every
    pair PLAYER may claim (RULINGS.md, dispute check: "I have no move").
    """
    pos = _read_position(position, first)
    try:
        claimed = engine.parse_move(move)
    except ValueError as error:
        fail(f"MOVE: {error}")
    player = engine.claimant(pos, player)
    verdict = engine.check_move(pos, claimed, player)
    moves = [str(pair) for pair in engine.legal_moves(pos, player)]
    payload = {**verdict.to_json(), "player": player, "legal_moves": moves}
    text = "\n".join(
        [
            f"{'legal' if verdict.legal else 'illegal'}: {verdict.reason}",
            f"{player} legal pairs ({len(moves)}): {' '.join(moves) or 'none'}",
        ]
    )
    emit(payload, as_json, text)
    if not verdict.legal:
        ctx.exit(EXIT_NO)


@domineering.command()
@click.argument("position", metavar="POSITION")
@first_option
@click.option(
    "--node-limit",
    type=click.IntRange(min=1),
    default=engine.DEFAULT_NODE_LIMIT,
    show_default=True,
    help="Give up (exit 2) after searching this many positions.",
)
@json_option
@reports_bad_input
def solve(position: str, first: engine.Side | None, node_limit: int, as_json: bool) -> None:
    """Who wins POSITION with perfect play, and the side to move's winning pairs."""
    pos = _read_position(position, first)
    side = engine.to_move(pos)
    try:
        winning = engine.winning_moves(pos, node_limit=node_limit)
    except engine.SearchLimitError as error:  # say how to search further
        raise engine.SearchLimitError(f"{error}, or raise --node-limit") from None
    winner = side if winning else ("V" if side == "H" else "H")
    notation = engine.format_position(pos)
    moves = [str(move) for move in winning]
    payload = {
        "position": notation,
        "to_move": side,
        "perfect_play": winner,
        "winning_moves": moves,
    }
    text = "\n".join(
        [
            *_board_text(notation),
            f"to move: {side}",
            f"perfect play: {winner} wins",
            f"winning pairs for {side}: {' '.join(moves) or 'none'}",
        ]
    )
    emit(payload, as_json, text)
