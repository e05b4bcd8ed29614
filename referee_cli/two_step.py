"""``referee two-step``: legal plays, a dealt round, and a match added up.

Rules: ``rules/two-step.txt`` and ``RULINGS.md`` "Two-Step"; players are
numbered from 1 here.  Notation and examples: ``docs/two-step.md``.
"""

from __future__ import annotations

import re
from typing import Any

import click

from referee.dominoes import DEFAULT_MAX_PIPS, Tile, format_hand, parse_hand, parse_tile
from referee.errors import NotationError
from referee.two_step import (
    DEFAULT_RULES,
    Play,
    TwoStepRules,
    analysis,
    deal,
    format_move,
    legal_plays,
    parse_move,
    parse_round,
    parse_rounds,
    tally,
    what_to_do,
)
from referee_cli.common import (
    EXIT_NO,
    emit,
    fail,
    hand_file_problem,
    is_image_path,
    json_option,
    parse_notation,
    parse_option,
    reports_bad_input,
)

__all__ = ["two_step"]

_ENDS_RE = re.compile(r"\s*([0-9]+)\s*,\s*([0-9]+)\s*")
_SOURCE_NAMES = {"hand": "the hand", "card": "the dance card", "discard": "the discard pile"}


def parse_ends(text: str, *, max_pips: int = DEFAULT_MAX_PIPS) -> tuple[int, int]:
    """Parse the dance floor's open ends ``A,B`` (left end first), in pips.

    Raises
    ------
    referee.errors.NotationError
        If ``text`` is not two whole numbers of 0 to ``max_pips`` pips.
    """
    match = _ENDS_RE.fullmatch(text)
    if match is None:
        bad = next((i for i, c in enumerate(text) if c not in "0123456789, "), None)
        raise NotationError(
            "the ends are written A,B: the pips of the left and the right open end",
            text=text,
            index=bad,
        )
    ends: list[int] = []
    for group in (1, 2):
        digits = match.group(group).lstrip("0") or "0"
        if len(digits) > 2 or int(digits) > max_pips:  # length first: int() of 5000 digits fails
            raise NotationError(
                f"an end shows 0 to {max_pips} pips", text=text, index=match.start(group)
            )
        ends.append(int(digits))
    return ends[0], ends[1]


def _optional_tile(option: str, text: str | None) -> Tile | None:
    if text is None or not text.strip():
        return None
    return parse_option(option, text, lambda value: parse_tile(value, max_pips=DEFAULT_MAX_PIPS))


def _read_hand(value: str) -> tuple[Tile, ...]:
    """The ``--hand`` option: tiles such as ``"3-1 2-2"``, or a photo of the hand.

    A photo (``is_image_path``) is read by the domino pip reader (``referee dominoes
    count``), its warnings to stderr, as a Cross HAND is; the web's ``photo`` field.

    Raises
    ------
    ValueError
        A photo with no tile in it, or more tiles than a hand holds (both named with
        the tiles read); a missing photo file.
    """
    if is_image_path(value):
        from referee_cli.dominoes import read_hand_photo

        reading = read_hand_photo(value, max_pips=DEFAULT_RULES.max_pips)
        for warning in reading.warnings:
            click.echo(f"referee: warning: {value}: {warning}", err=True)
        hand = tuple(tile.tile for tile in reading.tiles)
        if not hand:
            raise ValueError(
                f"--hand: no domino tile found in the photo {value}: lay the tiles face up "
                'and apart and photograph them from above; write --hand "" for an empty hand'
            )
        if len(hand) > DEFAULT_RULES.hand:
            raise ValueError(
                f"--hand: the photo {value} shows {len(hand)} tiles ({format_hand(hand)}): a "
                f"hand holds at most {DEFAULT_RULES.hand}; photograph only the tiles in your hand"
            )
        return hand
    try:
        hand = parse_hand(value, max_pips=6)
    except ValueError as error:
        problem = hand_file_problem(value)  # a file or folder named: say so instead
        raise ValueError(f"--hand: {problem or error}") from None
    if len(hand) > DEFAULT_RULES.hand:
        fail(f"--hand: a hand holds at most {DEFAULT_RULES.hand} tiles, got {len(hand)}: {value!r}")
    return hand


def _describe(play: Play, ends: tuple[int, int] | None) -> str:
    where = "to open the dance floor"
    if ends is not None:
        pips = ends[0] if play.end == "left" else ends[1]
        where = f"on the {play.end} end ({pips})"
    return f"{play.tile} from {_SOURCE_NAMES[play.source]} {where}"


@click.group(name="two-step")
def two_step() -> None:
    """Two-Step: legal plays, a dealt round, a whole round refereed, a match to 10."""


@two_step.command()
@click.option(
    "--ends",
    "ends_text",
    default=None,
    help="Pips of the open ends, left,right (e.g. 6,3); omit on an empty dance floor.",
)
@click.option(
    "--hand",
    "hand_text",
    default="",
    help='The hand, e.g. "3-1 2-2" ("" if empty), or a photo of its tiles.',
)
@click.option("--card-top", default=None, help="Face-up top of the dance card; omit if empty.")
@click.option("--discard-top", default=None, help="Top of the discard pile; omit if empty.")
@json_option
@reports_bad_input
def plays(
    ends_text: str | None,
    hand_text: str,
    card_top: str | None,
    discard_top: str | None,
    as_json: bool,
) -> None:
    """Every legal play: tile, source (hand, card, discard) and end; else what to do."""
    ends = None if ends_text is None else parse_option("--ends", ends_text, parse_ends)
    hand = _read_hand(hand_text)
    photo = hand_text if is_image_path(hand_text) else None
    card = _optional_tile("--card-top", card_top)
    found = legal_plays(ends, hand, card, _optional_tile("--discard-top", discard_top))
    must, reason = what_to_do(found, ends, hand)
    payload: dict[str, Any] = {
        "ends": None if ends is None else list(ends),
        "plays": [play.to_json() for play in found],
        "must": must,
        "reason": reason,
    }
    if photo is not None:  # the tiles read, so the reading can be checked (as the web's)
        payload["hand"] = format_hand(hand)

    def text() -> str:
        lines = [f"hand: {format_hand(hand)} (read from {photo})"] if photo else []
        lines += [f"{len(found)} legal play{'s' if len(found) != 1 else ''}:"] if found else []
        lines += [f"  {_describe(play, ends)}" for play in found]
        return "\n".join([*lines, reason[0].upper() + reason[1:] + "."])

    emit(payload, as_json, text)


@two_step.command(name="deal")
@click.option(
    "--seed",
    type=click.IntRange(min=0),
    required=True,
    help="Seed of the shuffle (a whole number, 0 or more).",
)
@json_option
@reports_bad_input
def deal_command(seed: int, as_json: bool) -> None:
    """Shuffle and deal a round; show the whole deal and who opens with which double."""
    round_ = deal(seed=seed)
    emit(
        {"seed": seed, **round_.to_json()},
        as_json,
        lambda: f"{round_}\nlegal moves: {', '.join(map(str, round_.legal_moves()))}",
    )


optional_plays_option = click.option(
    "--optional-plays",
    is_flag=True,
    help="A player may stop playing by discarding at any time (default: plays are compulsory).",
)


@two_step.command()
@click.argument("position")
@optional_plays_option
@json_option
@reports_bad_input
def analyze(position: str, optional_plays: bool, as_json: bool) -> None:
    """Whose turn it is, every legal move, and the result of a whole round POSITION.

    POSITION is the round notation (docs/two-step.md), or a file holding it.
    """
    rules = TwoStepRules(optional_plays=optional_plays)
    state = parse_notation(position, lambda text: parse_round(text, rules), "POSITION")
    moves = ", ".join(map(format_move, state.legal_moves())) or "none"
    emit(analysis(state), as_json, lambda: f"{state}\nlegal moves: {moves}")


@two_step.command()
@click.argument("position")
@click.argument("move")
@optional_plays_option
@json_option
@reports_bad_input
@click.pass_context
def check(
    ctx: click.Context, position: str, move: str, optional_plays: bool, as_json: bool
) -> None:
    """Is MOVE legal in the round POSITION?  Exit 0 if legal, 1 with the reason if not.

    MOVE is "play TILE SOURCE END", "discard TILE" or "end turn".
    """
    rules = TwoStepRules(optional_plays=optional_plays)
    state = parse_notation(position, lambda text: parse_round(text, rules), "POSITION")
    parsed = parse_option("MOVE", move, lambda text: parse_move(text, max_pips=rules.max_pips))
    reason = state.why_illegal(parsed)
    legal = reason is None
    payload = {"legal": legal, "reason": reason or "legal", "move": format_move(parsed)}
    emit(payload, as_json, f"legal: {format_move(parsed)}" if legal else f"illegal: {reason}")
    if not legal:
        ctx.exit(EXIT_NO)


@two_step.command()
@click.argument("rounds")
@click.option("--target", type=int, default=10, show_default=True, help="Points that win.")
@json_option
@reports_bad_input
def match(rounds: str, target: int, as_json: bool) -> None:
    """Add up ROUNDS, such as "1:5 feet 2:3" (or a file holding them), to a target.

    Each round is the player (1 or 2) who cleared their dance card, a colon and the
    tiles left in the opponent's dance card; "feet" for a round with two left feet.
    """
    rules = parse_option("--target", str(target), lambda _: TwoStepRules(target=target))
    parsed = parse_notation(rounds, lambda text: parse_rounds(text, rules), "ROUNDS")
    record = parse_option("ROUNDS", rounds, lambda _: tally(parsed, rules))

    def text() -> str:
        lines = []
        for number, row in enumerate(record.to_json()["rounds"], start=1):
            total = "-".join(map(str, row["scores"]))
            if row["winner"] is None:
                lines.append(f"round {number}: two left feet, no points, replay ({total})")
                continue
            bonus = " (1 + 1 bonus)" if row["bonus"] else ""
            lines.append(
                f"round {number}: player {row['winner']} cleared their dance card, "
                f"{row['opponent_card']} left on the other: "
                f"{sum(row['points'])} point{'s' if sum(row['points']) != 1 else ''}{bonus} "
                f"({total})"
            )
        score = "-".join(map(str, record.scores))
        if record.winner is None:
            lines.append(f"No winner yet: {score} (target {record.target}).")
        else:
            lines.append(f"Player {record.winner + 1} wins {score}.")
        if record.lemonade:
            lines.append(record.lemonade)
        return "\n".join(lines)

    emit(record.to_json(), as_json, text)
