"""``referee cross``: score a round, list legal plays on a layout, add up a match.

Rules: ``rules/cross.txt`` and ``RULINGS.md`` "Cross"; players are numbered from
1 here.  LAYOUT notation, end names and examples: ``docs/cross.md``.
"""

from __future__ import annotations

import re
from pathlib import Path

import click

from referee.cross import (
    MAX_BONEYARD,
    TARGETS,
    BoneyardError,
    CrossRules,
    RoundResult,
    UnreachableLayoutError,
    advise,
    match_result,
    parse_layout,
    round_result,
)
from referee.dominoes import Tile, format_hand, parse_hand
from referee.errors import ImpossiblePositionError, NotationError
from referee_cli.common import (
    IMAGE_SUFFIXES,
    emit,
    hand_file_problem,
    is_image_path,
    json_option,
    parse_notation,
    parse_option,
    reports_bad_input,
)

__all__ = ["cross"]


def _read_hand(value: str) -> tuple[Tile, ...]:
    """One player's hand from the command line: tiles such as ``"6-6 3-5"``; ``""`` is empty.

    The one place a HAND argument is read, so other sources (a photo) can be added here.
    A value naming a photo (``is_image_path``) is read by the domino pip reader
    (``referee dominoes count``); its warnings go to stderr.

    Raises
    ------
    ValueError
        A photo in which no tile is found: an empty hand means the player went out
        (``rules/cross.txt``), which a photo of no tiles must never say by mistake; the
        player who went out is written ``""``.
    """
    if is_image_path(value):
        from referee_cli.dominoes import read_hand_photo

        reading = read_hand_photo(value, max_pips=6)
        for warning in reading.warnings:
            click.echo(f"referee: warning: {value}: {warning}", err=True)
        if not reading.tiles:
            raise ValueError(
                f"no domino tile found in the photo {value}: lay the tiles face up and apart "
                'and photograph them from above; write "" for the player who went out'
            )
        return tuple(tile.tile for tile in reading.tiles)
    try:
        return parse_hand(value, max_pips=6)
    except ValueError:
        problem = hand_file_problem(value)  # a file or folder named: say so instead
        if problem is not None:
            raise ValueError(problem) from None
        raise


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _round_text(result: RoundResult, hands: list[tuple[Tile, ...]], photos: list[str]) -> str:
    """The round as text; a hand read from a photo also shows the tiles read in it."""
    lines = [f"player {n}: {_count(pips, 'pip')}" for n, pips in enumerate(result.pips, 1)]
    for seat, photo in enumerate(photos):
        if photo:
            lines[seat] += f" ({format_hand(hands[seat])}, read from {photo})"
    if result.winner is None:
        lines.append("blocked and tied for the lowest pip total: nobody scores")
    else:
        others = sum(result.pips) - result.pips[result.winner]
        how = "went out" if result.went_out else "lowest pip total"
        lines.append(
            f"winner: player {result.winner + 1} ({how}), "
            f"{others} - {result.pips[result.winner]} = {_count(result.points, 'point')}"
        )
    return "\n".join(lines)


@click.group(name="cross")
def cross() -> None:
    """Cross: round scores, legal plays on a four-way spinner layout, matches."""


@cross.command(name="round")
@click.argument("hands", nargs=-1, required=True, metavar="HAND [HAND ...]")
@json_option
@reports_bad_input
def round_(hands: tuple[str, ...], as_json: bool) -> None:
    """Score a finished round from the tiles left in each HAND, in seat order.

    A HAND is tiles such as "6-6 3-5", or a photo of the tiles left in that hand
    (read as `referee dominoes count` reads it; the tiles read are shown). An empty
    HAND ("") is the player who went out; with no empty hand the round was blocked and
    the lowest pip total wins (a tie for lowest scores nothing).
    """
    read = [
        parse_option(f"hand {number}", value, _read_hand) for number, value in enumerate(hands, 1)
    ]
    try:
        result = round_result(read)
    except ImpossiblePositionError as error:
        readings = [
            (f"hand {number}", value, hand)
            for number, (value, hand) in enumerate(zip(hands, read, strict=True), 1)
        ]
        raise ImpossiblePositionError(_with_photo_readings(str(error), readings)) from None
    # Each hand as read (as the web answer gives it), so a photo's reading can be checked.
    answer = {**result.to_json(), "hands": [format_hand(hand) for hand in read]}
    photos = [value if is_image_path(value) else "" for value in hands]
    emit(answer, as_json, lambda: _round_text(result, read, photos))


@cross.command()
@click.argument("layout_text", metavar="LAYOUT")
@click.option("--hand", "hand_text", required=True, help='The hand, e.g. "6-3 2-2"; "" if empty.')
@click.option(
    "--boneyard",
    type=click.IntRange(min=0),
    default=None,
    help=(
        "Tiles left in the boneyard (at most "
        f"{MAX_BONEYARD}); given, a player with no play is told draw or pass."
    ),
)
@click.option("--only-first-spinner", is_flag=True, help="Variant: later doubles do not branch.")
@click.option(
    "--last-two-never-drawn", is_flag=True, help="Variant: the last two tiles stay in the boneyard."
)
@click.option(
    "--lead-sides-closed",
    is_flag=True,
    help="Variant in effect: every player has had a turn, so empty lead sides are closed.",
)
@json_option
@reports_bad_input
def plays(
    layout_text: str,
    hand_text: str,
    boneyard: int | None,
    only_first_spinner: bool,
    last_two_never_drawn: bool,
    lead_sides_closed: bool,
    as_json: bool,
) -> None:
    """Every legal play of a hand on LAYOUT: the tile and the end it goes on.

    LAYOUT is the notation (docs/cross.md), a file holding it, or - for stdin;
    "" is the empty table before the lead.
    """
    layout = parse_notation(layout_text, lambda text: parse_layout(text.strip()), "LAYOUT")
    hand = parse_option("--hand", hand_text, _read_hand)
    if not hand and layout.lead is None:
        raise ValueError("--hand: an empty hand before the lead (every player is dealt tiles)")
    rules = CrossRules(
        later_spinners=not only_first_spinner, last_two_never_drawn=last_two_never_drawn
    )
    # The one answer the web's POST /api/cross/plays gives too.
    try:
        advice = advise(
            layout, hand, boneyard=boneyard, rules=rules, lead_sides_closed=lead_sides_closed
        )
    except BoneyardError as error:
        raise ValueError(f"--boneyard: {error}") from None
    except UnreachableLayoutError as error:  # LAYOUT's fault, said as its other errors are
        raise ValueError(f"LAYOUT: {error}") from None
    except ImpossiblePositionError as error:  # a tile on the table and in the hand too
        message = _with_photo_readings(str(error), [("the hand", hand_text, hand)])
        raise ImpossiblePositionError(message) from None
    ends, found, must, reason = advice.open_ends, advice.plays, advice.must, advice.reason
    payload = advice.to_json()

    def text() -> str:
        shown = ", ".join(f"{end} ({pips})" for end, pips in ends) or "none"
        lines = [f"open ends: {shown}"]
        pips_at = dict(ends)
        for play in found:
            where = "as the lead" if play.end == "lead" else f"on {play.end} ({pips_at[play.end]})"
            lines.append(f"  {play.tile} {where}")
        lines.append(f"{must}: {reason}")
        return "\n".join(lines)

    emit(payload, as_json, text)


def _with_photo_readings(message: str, readings: list[tuple[str, str, tuple[Tile, ...]]]) -> str:
    """``message`` and, for each hand that was read from a photo, the tiles read there.

    A refusal such as "tile 6-6 appears more than once: hand 1, hand 2" names a tile the
    player never typed when hand 1 is a photo: what the photo was read as lets them see
    whether the reading or the table is wrong. ``readings`` holds (name, HAND argument,
    tiles) per hand; a hand typed out adds nothing.
    """
    read = [
        f"{name} was read from the photo {value} as {format_hand(hand) or 'no tile'}"
        for name, value, hand in readings
        if is_image_path(value)
    ]
    if not read:
        return message
    return f"{message} ({'; '.join(read)}: check the photo's reading)"


#: A word that ends like a photo's file name (``hand-1.jpg``, ``photos/IMG_0042.JPEG``).
_PHOTO_WORD = re.compile(
    r"\S*\.(?:" + "|".join(suffix[1:] for suffix in sorted(IMAGE_SUFFIXES)) + r")(?![\w.])",
    re.IGNORECASE,
)


def _named_photo(text: str) -> str | None:
    """The photo or path a ROUND of ``match`` names, if any: a word ending like an image
    file, or a part between ``/`` that is an existing file or directory."""
    found = _PHOTO_WORD.search(text)
    if found:
        return found.group()
    for part in (text.strip(), *text.split("/")):
        part = part.strip()
        if part and Path(part).exists():
            return part
    return None


def _parse_round(text: str, number: int) -> list[tuple[Tile, ...]]:
    """The hands of one ROUND of ``match``: tile lists split by ``/``.

    Raises
    ------
    ValueError
        For a round naming a photo or a path: its ``/`` would be read as the hands'
        separator (newcomer, session 10: ``"sample_photos/hand-1.jpg / 2-2"`` was answered
        "'sample_photos' is a directory" with no round named).
    """
    photo = _named_photo(text)
    if photo is not None:
        raise ValueError(
            f"round {number}: {photo!r} is a photo or a file, but match takes each round's "
            'hands as tile lists split by / (e.g. "6-6 1-2 / / 0-3"), not photos: read a '
            "photo's hand with `referee cross round` and write its tiles here"
        )
    hands: list[tuple[Tile, ...]] = []
    start = 0
    for part in text.split("/"):
        try:
            hands.append(parse_hand(part, max_pips=6))
        except NotationError as error:
            raise error.within(text, start, prefix=f"round {number}: ") from None
        start += len(part) + 1
    return hands


@cross.command()
@click.argument("rounds", nargs=-1, required=True, metavar="ROUND [ROUND ...]")
@click.option(
    "--target",
    type=click.Choice([str(t) for t in TARGETS]),
    default="100",
    show_default=True,
    help="Points that win the match.",
)
@json_option
@reports_bad_input
def match(rounds: tuple[str, ...], target: str, as_json: bool) -> None:
    """Add up rounds to a target; each ROUND is the hands left, in seat order, split by /.

    Example ROUND: "6-6 1-2 / / 0-3" (player 2 went out). A ROUND holds tile lists only,
    not photos: score a photo of a hand with `referee cross round` and write its tiles here.
    """
    record = match_result(
        [_parse_round(text, number) for number, text in enumerate(rounds, 1)], target=int(target)
    )
    winner = record.winner
    payload = record.to_json()

    def text() -> str:
        lines = []
        for number, result in enumerate(record.rounds, 1):
            if result.winner is None:
                lines.append(f"round {number}: tied, nobody scores")
            else:
                lines.append(f"round {number}: player {result.winner + 1} +{result.points}")
        scores = ", ".join(f"player {n}: {s}" for n, s in enumerate(record.scores, 1))
        lines.append(f"scores: {scores}")
        if winner is None:
            lines.append(f"nobody has reached {record.target} yet")
        else:
            lines.append(f"player {winner + 1} wins the match (reached {record.target})")
        return "\n".join(lines)

    emit(payload, as_json, text)
