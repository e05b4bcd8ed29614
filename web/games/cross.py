"""Cross: score a finished round from each player's hand (tile list or photo), add
rounds up to a match's target, and one player's legal plays on a layout.

Rules: ``rules/cross.txt``; ``RULINGS.md`` "Cross" decides unclear points.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, render_template, request
from marshmallow import ValidationError, fields

from referee import cross as engine
from referee.dominoes import Tile, format_hand, parse_hand
from vision.dominoes import decode_side
from web import inputs, recognition, schemas
from web.errors import ApiError, status_for

__all__ = ["bp", "match_answer", "plays_answer", "round_answer"]

bp = Blueprint("cross", __name__, url_prefix="/cross")

#: Most players at a Cross table (``rules/cross.txt``).
MAX_PLAYERS = 4


@bp.get("/")
def page() -> str:
    """The round page: one hand per player, from a photo or the tile picker; rounds
    added up to a match's target below. A saved round's link fills in ``hands``, a saved
    match's ``match`` (its rounds, one a line) and ``target``."""
    hands = inputs.given("hands", longest=LONGEST_HANDS)
    # A saved match's link (session 14): its rounds, one a line, and its target.
    rounds = inputs.given("match", longest=LONGEST_MATCH)
    return render_template(
        "cross.html",
        targets=engine.TARGETS,
        hands=hands,
        match=rounds,
        target=inputs.given("target", longest=inputs.LONGEST_TARGET)
        if rounds is not None
        else None,
    )


def _round_of(text: str) -> object:
    """The round scored from hands written as a saved round's link writes them (seats split
    by ``/``); raises ``ValueError`` when they are no legal round's."""
    hands = [parse_hand(part, max_pips=6) for part in text.split("/")]
    return engine.round_result(hands)


#: The longest legal round's hands as a saved round's link writes them (``" / "`` between
#: seats, ``format_hand`` each), 113 characters: the engine takes at most 27 tiles in the
#: hands (the lead double is on the table), 3 characters each; in k hands holding tiles, a
#: space between two tiles of a hand, 27 - k, and ``" / "`` between the 4 seats, 9: 81 +
#: 27 - k + 9, longest with k smallest; only one player goes out (two empty hands are bad
#: input) and that one set at least the tiles dealt (5 to 4 players), leaving at most 23
#: in 3 hands (98), so the longest is a blocked round of 4 hands holding 27: 113 (session
#: 14: a saved answer's hands could make a link of any length). A longer one is refused
#: unless it reads.
LONGEST_HANDS = inputs.Longest(113, "Cross round's hands", _round_of)


def _rounds_of(text: str) -> object:
    """Each line's round scored (:func:`_round_of`): a saved match's rounds as its link
    writes them, one round a line; raises ``ValueError`` when a line is no legal round."""
    return [_round_of(line) for line in text.splitlines() if line.strip()]


#: The most rounds a saved match's link carries (web/results.py): tied rounds score nothing,
#: so a match has no longest; 30 rounds of the longest round's hands and a line break
#: between them: 30 x 114 - 1 = 3419 characters. A longer match's link opens the page as
#: it starts.
MOST_LINKED_ROUNDS = 30
LONGEST_MATCH = inputs.Longest(
    MOST_LINKED_ROUNDS * (LONGEST_HANDS.characters + 1) - 1,
    "Cross match's rounds in a link",
    _rounds_of,
)


@bp.get("/plays")
def plays_page() -> str:
    """The legal plays page ("may I play this here?"): the layout typed, the hand tapped,
    typed or from a photo, the boneyard and variants; every legal play, or draw / pass /
    no lead, and why."""
    return render_template(
        "cross_plays.html", example=PLAYS_EXAMPLE, max_boneyard=engine.MAX_BONEYARD
    )


#: The layout shown as an example on the plays page (docs/cross.md, LAYOUT notation).
PLAYS_EXAMPLE = "6-6 | N: 6-3 3-3 | E: 6-2 | S: 6-1 | W: 6-0"


class RoundFields(schemas.Fields):
    """``POST /api/cross/round``: ``hands`` (a list, or JSON text in a form), or one
    field per seat ``hand1`` .. ``hand4`` (``""``: the player who went out)."""

    KEEP_BLANK = frozenset(f"hand{number}" for number in range(1, MAX_PLAYERS + 1))
    OTHER_FIELDS = tuple(f"photo{number}" for number in range(1, MAX_PLAYERS + 1))
    # Seats past the fourth reach the seat check, which answers 422 for them.
    OTHER_PATTERN = r"(hand|photo)[1-9][0-9]*"

    hands = schemas.JsonText(schemas.Hands(), "a JSON list of tile lists", load_default=None)
    hand1 = schemas.text()
    hand2 = schemas.text()
    hand3 = schemas.text()
    hand4 = schemas.text()


def _seat_numbers(data: dict[str, Any]) -> list[tuple[int, str]]:
    """The seats named by the request's fields: ``(number, field)`` for every ``handN``
    text field and ``photoN`` file sent, in seat order.

    Raises
    ------
    ApiError
        422 for a seat past ``MAX_PLAYERS`` (it would be dropped without a word).
    """
    named = sorted(
        (int(match[2]), name)
        for name in [*data, *(f for f in request.files if inputs.has_photo(f))]
        if (match := re.fullmatch(r"(hand|photo)([1-9][0-9]*)", name))
    )
    for number, name in named:
        if number > MAX_PLAYERS:
            # Say which fields a seat takes (session 11: "got hand5" alone did not).
            raise ApiError(
                422,
                f"Cross is for 2 to {MAX_PLAYERS} players, so {name} is a seat too many: a "
                f"seat is hand1 to hand{MAX_PLAYERS} (its tiles) or photo1 to "
                f"photo{MAX_PLAYERS} (its photo), or send 'hands', one tile list per player",
            )
    return named


def _hand_texts(values: dict[str, Any], data: dict[str, Any]) -> list[str | None]:
    """One entry per seat from ``hands`` or ``hand1``, ``hand2``...; ``None`` where that
    seat sends a photo instead.

    Raises
    ------
    ApiError
        400 for a seat missing between two sent, a seat sent both as ``handN`` and as
        ``photoN`` (the photo's reading would replace the tiles typed without a word),
        or ``hands`` sent with ``handN`` fields or ``photoN`` files (``hands`` names
        every seat: a photo would replace one of its hands, or add a seat it does not
        list, without a word).
    """
    named = _seat_numbers(data)
    if values["hands"] is not None:
        if named:
            raise ApiError(
                400,
                "send the hands either as 'hands' or as hand1, hand2, ... (and photo1, "
                "photo2, ...), not both",
            )
        return list(values["hands"])
    last = max((number for number, _ in named), default=0)
    seats: list[str | None] = []
    for number in range(1, last + 1):
        text = values.get(f"hand{number}")
        if text is not None and inputs.has_photo(f"photo{number}"):
            raise ApiError(
                400,
                f"seat {number} is sent twice: send either a photo 'photo{number}' or the "
                f"tiles 'hand{number}', not both",
            )
        if text is None and not inputs.has_photo(f"photo{number}"):
            raise ApiError(
                400,
                f"seat {number} is missing: send hand{number} (its tiles, or an empty text "
                f"for the player who went out) or photo{number}",
            )
        seats.append(text)
    return seats


def round_answer(data: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/cross/round``: the CLI's round JSON (``winner``, ``points``, ``pips``,
    ``tied``) plus ``hands`` (each hand as a tile list); a seat given as a photo
    (``photo1``, ``photo2``, ...) also gets its reading in ``readings``."""
    values = schemas.load(RoundFields(), data)
    seats = _hand_texts(values, data)
    photos = [f"photo{n}" for n in range(1, MAX_PLAYERS + 1) if inputs.has_photo(f"photo{n}")]
    while len(seats) < len(photos):
        seats.append(None)
    hands: list[tuple[Tile, ...]] = []
    readings: dict[str, Any] = {}
    for number, text in enumerate(seats, start=1):
        field = f"photo{number}"
        if inputs.has_photo(field):
            try:  # a file that cannot be read too: phones name every photo "image.jpg"
                image = inputs.photo(field, draft_side=decode_side(6))
                seen = recognition.read_tiles(
                    image,
                    max_pips=6,
                    photo_side=inputs.photo_side(field),
                    label=inputs.label(field),
                )
            except ApiError as error:  # name the seat: several photos may be sent at once
                message = f"player {number}'s photo: {error.message}"
                raise ApiError(error.status, message, **error.extra) from None
            hands.append(tuple(seen["hand"]))
            readings[str(number)] = {k: v for k, v in seen.items() if k != "hand"}
        else:
            # Name the field at fault: 'hands' (which hand) or 'hand2'.
            in_list = values["hands"] is not None
            field = "hands" if in_list else f"hand{number}"
            part = f"hand {number}" if in_list else ""
            read = schemas.parse_field(
                field, lambda tiles: parse_hand(tiles, max_pips=6), text or "", part=part
            )
            hands.append(read)
    if len(hands) < 2:
        raise ApiError(400, "send at least two hands, one per player (hands, or photo1, photo2)")
    answer = engine.round_result(hands).to_json()
    answer["hands"] = [format_hand(hand) for hand in hands]
    if readings:
        answer["readings"] = readings
    return answer


class MatchFields(schemas.Fields):
    """``POST /api/cross/match``: ``rounds`` (a list of rounds, each a list of the hands
    left, as ``hands`` is for a round; JSON text in a form) and ``target``."""

    rounds = schemas.JsonText(
        fields.List(
            schemas.Hands(),
            error_messages={"invalid": "must be a list of rounds, each a list of tile lists"},
        ),
        "a JSON list of rounds, each a list of tile lists",
        required=True,
    )
    target = schemas.choice(list(engine.TARGETS), load_default=100)


def match_answer(data: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/cross/match``: the CLI's ``cross match`` JSON (``target``, ``rounds``:
    each round's ``winner``, ``points``, ``pips``, ``tied``; ``scores`` by player;
    ``winner``, the first to reach the target, else ``null``), plus ``hands`` (each
    round's hands as tile lists).

    A round's hands are tile lists in seat order, ``""`` for the player who went out;
    the rounds are added in order and a round after the match is won is refused
    (``rules/cross.txt``: the first player to reach the target wins).
    """
    values = schemas.load(MatchFields(), data)
    rounds = [
        [
            schemas.parse_field(
                "rounds",
                lambda tiles: parse_hand(tiles, max_pips=6),
                text,
                part=f"round {number}, hand {seat}",
            )
            for seat, text in enumerate(hands, start=1)
        ]
        for number, hands in enumerate(values["rounds"], start=1)
    ]
    answer = engine.match_result(rounds, target=values["target"]).to_json()
    answer["hands"] = [[format_hand(hand) for hand in hands] for hands in rounds]
    return answer


def _counted(count: int) -> bool:
    """A boneyard count sent is 0 or more; said without its digits when too long to read
    (-1e308 sent as JSON is a whole number of 309 digits)."""
    if count < 0:
        raise ValidationError(f"must be 0 or more, got {engine.shown_count(count)}")
    return True


class PlaysFields(schemas.Fields):
    """``POST /api/cross/plays``: ``layout`` (notation, ``""`` the empty table), ``hand``
    (``""``: the player went out) or a ``photo`` of the hand, ``boneyard`` and the
    variants ``only_first_spinner``, ``last_two_never_drawn``, ``lead_sides_closed``."""

    KEEP_BLANK = frozenset({"layout", "hand"})
    OTHER_FIELDS = ("photo",)

    layout = schemas.text(required=True)
    hand = schemas.text()
    boneyard = schemas.WholeNumber(validate=lambda count: _counted(count), load_default=None)
    only_first_spinner = schemas.TruthValue(load_default=False)
    last_two_never_drawn = schemas.TruthValue(load_default=False)
    lead_sides_closed = schemas.TruthValue(load_default=False)


def _hand_for_plays(values: dict[str, Any]) -> tuple[tuple[Tile, ...], dict[str, Any]]:
    """The hand from ``hand`` or ``photo`` (read as ``/api/cross/round`` reads a seat's
    photo, double-six), and the photo's reading (``{}`` for typed tiles).

    Raises
    ------
    ApiError
        400 for both or neither; 422 for a photo in which no tile is found (an empty hand
        says the player went out, which a photo of no tiles must never say by mistake).
    """
    if not inputs.has_photo("photo"):
        if values.get("hand") is None:
            raise ApiError(
                400, "field 'hand': missing (send the tiles, \"\" if none, or a photo 'photo')"
            )
        text = values["hand"]
        return schemas.parse_field("hand", lambda t: parse_hand(t, max_pips=6), text), {}
    if values.get("hand") is not None:  # it would be dropped without a word
        raise ApiError(400, "send either a photo 'photo' or a hand 'hand', not both")
    image = inputs.photo("photo", draft_side=decode_side(6))
    # A photo of no tile is refused by read_tiles (422, led by the file's name, with the
    # overlay): never an empty hand.
    reading = recognition.read_tiles(
        image, max_pips=6, photo_side=inputs.photo_side("photo"), label=inputs.label("photo")
    )
    return tuple(reading.pop("hand")), reading


def plays_answer(data: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/cross/plays``: the CLI's ``cross plays --json`` (``layout``,
    ``table_tiles``, ``hand``, ``open_ends``, ``plays``: each ``{"tile", "end"}``,
    ``must``: ``"play"``, ``"draw"``, ``"pass"``, ``"no lead"`` or ``"out"``, and
    ``reason``), from the one engine call :func:`referee.cross.advise`; a hand from a
    ``photo`` also gets its ``reading``.

    A refusal once the layout is read (the hand, a tile both on the table and in the
    hand, the boneyard) also carries ``table_tiles``: the page greys them in its picker
    from the server's reading of the table, never its own (session 11).
    """
    values = schemas.load(PlaysFields(), data)
    layout = schemas.parse_field(
        "layout", lambda text: engine.parse_layout(text.strip()), values["layout"]
    )
    try:
        return _plays_on(layout, values)
    except ApiError as error:
        error.extra.setdefault("table_tiles", engine.table_tiles(layout))
        raise
    except ValueError as error:  # the engine's refusals: 400 or 422 as on every route
        raise ApiError(
            status_for(error), str(error), table_tiles=engine.table_tiles(layout)
        ) from None


def _plays_on(layout: engine.Layout, values: dict[str, Any]) -> dict[str, Any]:
    """:func:`plays_answer` once the layout is read."""
    hand, reading = _hand_for_plays(values)
    if not hand and layout.lead is None:
        raise ApiError(
            422, "field 'hand': an empty hand before the lead (every player is dealt tiles)"
        )
    rules = engine.CrossRules(
        later_spinners=not values["only_first_spinner"],
        last_two_never_drawn=values["last_two_never_drawn"],
    )
    try:
        advice = engine.advise(
            layout,
            hand,
            boneyard=values["boneyard"],
            rules=rules,
            lead_sides_closed=values["lead_sides_closed"],
        )
    except engine.BoneyardError as error:
        raise ApiError(422, f"field 'boneyard': {error}") from None
    except engine.UnreachableLayoutError as error:  # the table's fault: named as the field
        raise ApiError(422, f"field 'layout': {error}") from None
    answer = advice.to_json()
    if reading:
        answer["reading"] = reading
    return answer
