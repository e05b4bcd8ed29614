"""Saved results: the player may keep an answer (never the photo) and look at it later."""

from __future__ import annotations

import json
import re
from typing import Any

from flask import Blueprint, Response, jsonify, render_template, url_for
from markupsafe import Markup, escape
from marshmallow import fields

from referee import registry
from referee.domineering import parse_position
from referee.kingdomino import infer_frame_size, name_kingdom_squares, parse_kingdom
from web import inputs, schemas
from web.db import Result, db, init_db
from web.errors import ApiError
from web.games import cross, domineering, kingdomino, two_step

__all__ = ["bp"]

bp = Blueprint("results", __name__)

#: A tile written ``a-b`` in a saved answer's lines.
_TILE = re.compile(r"\b(\d{1,2}-\d{1,2})\b")


@bp.app_template_filter("whole_tiles")
def whole_tiles(line: str) -> Markup:
    """``line``, escaped, each tile in a ``tile-text`` span kept on one line (at 360 px
    "5-6" broke after its hyphen; session 12).

    >>> str(whole_tiles("hand 5-6 <b>"))
    'hand <span class="tile-text">5-6</span> &lt;b&gt;'
    """
    return Markup(_TILE.sub(r'<span class="tile-text">\1</span>', str(escape(line))))


bp.before_request(init_db)  # the table is made on first use; ``init-db`` is optional

#: Longest notation and answer kept, in characters.
_MAX_TEXT = 20_000
_MAX_ANSWER = 200_000


class SaveFields(schemas.Fields):
    """``POST /api/results``: what to keep."""

    #: ``"answer": []`` or ``""`` is "must be a JSON object", not "missing" (session 12).
    KEEP_EMPTY = frozenset({"answer"})

    game = fields.String(
        required=True,
        validate=schemas.ShownOneOf(
            registry.GAME_NAMES, error="unknown game {input!r}; known: {choices}"
        ),
        error_messages={"required": "missing", "invalid": "must be text"},
    )
    notation = schemas.text(required=True)
    answer = schemas.JsonText(
        fields.Dict(error_messages={"invalid": "must be a JSON object"}),
        "a JSON object",
        required=True,
    )
    title = schemas.text()


def _titles() -> dict[str, str]:
    """Registry name -> the title shown (``referee.registry``)."""
    return {spec.name: spec.title for spec in registry.all_games()}


@bp.post("/api/results")
def save() -> tuple[Response, int]:
    """Save an answer: ``game``, ``notation``, ``answer`` (a JSON object), ``title``.

    Answers ``{"id", "url"}`` with 201.
    """
    values = schemas.load(SaveFields(), inputs.fields())
    answer = values["answer"]
    answer.pop("overlay", None)  # the picture is not kept
    if len(values["notation"]) > _MAX_TEXT or len(json.dumps(answer)) > _MAX_ANSWER:
        raise ApiError(400, "that result is too large to save")
    _check_position(values["game"], answer)
    given = values.get("title")
    title = (given or title_of(values["game"], answer) or registry.get(values["game"]).title)[:200]
    result = Result(game=values["game"], title=title, notation=values["notation"], answer=answer)
    db.session.add(result)
    db.session.commit()
    return jsonify({"id": result.id, "url": url_for("results.show", number=result.id)}), 201


#: The longest legal position of each game whose answer carries one (``position``), which
#: its saved page's link gives its page (:func:`_reopened`).
_LONGEST = {"domineering": domineering.LONGEST_POSITION, "two-step": two_step.LONGEST_ROUND}


def _check_position(game: str, answer: dict[str, Any]) -> None:
    """Refuse an answer whose ``position`` is longer than any legal one of its game, or a
    kingdom's ``kingdom`` (a comparison's ``kingdoms``' too) or a Cross round's ``hands``
    longer than any legal ones
    (:func:`web.inputs.too_long`; session 14: an API client's 50 kB position made a link
    of 50 kB on the saved page). The answers the routes give write them as the engine does.

    Raises
    ------
    ApiError
        400, saying its length and the longest legal one.
    """
    position = answer.get("position")
    if game in _LONGEST and isinstance(position, str):
        refused = inputs.too_long(position.strip(), _LONGEST[game])
        if refused:
            raise ApiError(400, f"field 'answer': its position is {refused}")
    kingdom = answer.get("kingdom")
    if game == "kingdomino" and isinstance(kingdom, str):
        refused = inputs.too_long(kingdom.strip(), kingdomino.LONGEST_KINGDOM)
        if refused:
            raise ApiError(400, f"field 'answer': its kingdom is {refused}")
    compared = answer.get("kingdoms")  # a comparison's two kingdoms, linked as one is
    if game == "kingdomino" and isinstance(compared, list):
        for number, one in enumerate(compared, start=1):
            text = one.get("kingdom") if isinstance(one, dict) else None
            if not isinstance(text, str):
                continue
            refused = inputs.too_long(text.strip(), kingdomino.LONGEST_KINGDOM)
            if refused:
                raise ApiError(400, f"field 'answer': kingdom {number} is {refused}")
    hands = _round_hands(answer)
    if game == "cross" and hands is not None:
        refused = inputs.too_long(hands, cross.LONGEST_HANDS)
        if refused:
            raise ApiError(400, f"field 'answer': its hands are {refused}")


def _round_hands(answer: dict[str, Any]) -> str | None:
    """A saved Cross round's hands as its link writes them (seats split by ``/``; "" for
    the player who went out), or None for another answer (a match's are rounds)."""
    hands = answer.get("hands")
    if isinstance(hands, list) and len(hands) >= 2 and all(isinstance(h, str) for h in hands):
        return " / ".join(hands)
    return None


def _result(number: int) -> Result:
    return db.get_or_404(Result, number, description=f"no saved result {number}")


@bp.get("/results/")
def index() -> str:
    """Every saved result, newest first."""
    results = db.session.scalars(db.select(Result).order_by(Result.id.desc()).limit(200))
    return render_template("results.html", results=results.all(), games=_titles())


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _kingdom_lines(answer: dict[str, Any]) -> list[str]:
    lines = [
        f"{domain['terrain'].capitalize()}: {_plural(domain['squares'], 'square')} x "
        f"{_plural(domain['crowns'], 'crown')} = {domain['points']}"
        for domain in answer["domains"]
        if domain["points"]
    ]
    bonuses = answer.get("bonuses") or {}
    names = {"middle_kingdom": "Middle Kingdom", "harmony": "Harmony"}
    lines += [f"{names[name]}: +{points}" for name, points in bonuses.items() if points]
    lines.append(f"Total: {answer['total']}")
    # Squares named as the kingdom page names them: "(4, 0)" is A5 (column letter, row).
    return lines + [
        "Warning: " + name_kingdom_squares(warning) for warning in answer.get("warnings") or []
    ]


def _cross_match_lines(answer: dict[str, Any]) -> list[str]:
    lines = [
        f"Round {number}: "
        + (
            "tied, nobody scores"
            if round_["winner"] is None
            else f"player {round_['winner']} +{round_['points']}"
        )
        for number, round_ in enumerate(answer["rounds"], start=1)
    ]
    scores = ", ".join(
        f"player {seat}: {points}" for seat, points in enumerate(answer["scores"], start=1)
    )
    lines.append(f"Scores: {scores}")
    if answer["winner"] is None:
        return [*lines, f"Nobody has reached {answer['target']} yet"]
    return [*lines, f"Player {answer['winner']} wins the match (reached {answer['target']})"]


def _compared_scores(answer: dict[str, Any]) -> str:
    """Two kingdoms' totals as the verdict says them: the winner's first ("19 to 18" when
    kingdom 2 wins; session 13: "18 to 19"), a shared win's in kingdom order."""
    first, second = answer["scores"]
    if answer["winner"] == 2:
        first, second = second, first
    return f"{first} to {second}"


def _match_scores(answer: dict[str, Any]) -> str:
    """A match's scores, the winner's first as the Kingdomino compare says them (session
    13: "player 3 wins 0-0-73", in seat order): two players "56 to 18", more "with 73
    (0, 0, 73)", all in seat order in the brackets."""
    scores = [int(points) for points in answer["scores"]]
    won = scores[int(answer["winner"]) - 1]
    if len(scores) == 2:
        return f"{won} to {scores[0] + scores[1] - won}"
    return f"with {won} ({', '.join(map(str, scores))})"


def _two_step_round_lines(answer: dict[str, Any]) -> list[str]:
    # The engine's lines without its last, the verdict, said here as the round page
    # says it (capitalised, and "Two left feet" in the page's words).
    lines = [str(line) for line in answer["summary"][:-1]]
    if answer.get("optional_plays"):
        lines.append("Plays optional (house rule)")
    result = answer["result"]
    if result is None:
        moves = answer["legal_moves"]
        lines += [
            f"Player {answer['to_move']} to move",
            f"Legal moves ({len(moves)}): {', '.join(moves)}",
        ]
    elif result["winner"] is None:
        lines.append("Two left feet: no points, the round is replayed")
    else:
        points = result["points"][result["winner"] - 1]
        lines.append(
            f"Player {result['winner']} cleared their dance card: {_plural(points, 'point')}"
        )
    # The move checked on the page, saved with the table since session 13 (older rows
    # have none), said as the page said it.
    check = answer.get("check")
    if isinstance(check, dict):
        said = "legal" if check["legal"] else f"not legal: {check['reason']}"
        lines.append(f"Move checked: {check['move']}: {said}")
    return lines


def _two_step_match_lines(answer: dict[str, Any]) -> list[str]:
    lines = []
    for number, round_ in enumerate(answer["rounds"], start=1):
        winner = round_["winner"]
        what = (
            "two left feet, replayed"
            if winner is None
            else f"player {winner} +{round_['points'][winner - 1]}"
            + (" (with the bonus)" if round_["bonus"] else "")
        )
        lines.append(f"Round {number}: {what} · {'-'.join(map(str, round_['scores']))}")
    score = "-".join(map(str, answer["scores"]))
    if answer["winner"] is None:
        return [*lines, f"No winner yet: {score} (target {answer['target']})"]
    lines.append(f"Player {answer['winner']} wins {score} (target {answer['target']})")
    return [*lines, str(answer["lemonade"])] if answer.get("lemonade") else lines


def _domineering_lines(answer: dict[str, Any]) -> list[str]:
    side = answer["to_move"]
    moves = answer["legal_moves"][side]
    if answer["blocked"]:
        lines = [f"{side} to move and blocked: {answer['winner']} wins"]
    else:
        pairs = ", ".join(moves)
        lines = [f"{side} to move", f"{side}'s legal pairs ({len(moves)}): {pairs}"]
    # Asked on the page and saved with the answer since session 12 (older rows have neither).
    perfect = answer.get("perfect_play")
    if perfect:
        winning = answer.get("winning_moves") or []
        lines.append(
            f"With perfect play {perfect} wins: {side} to move; winning pairs {', '.join(winning)}"
            if perfect == side and winning
            else f"With perfect play {perfect} wins: {side} to move has no winning pair"
        )
    dispute = answer.get("dispute")
    if isinstance(dispute, dict):
        said = "legal" if dispute["legal"] else f"not legal: {dispute['reason']}"
        lines.append(f"Dispute: {dispute['player']} claims {dispute['move']}: {said}")
    return lines


def _kind(game: str, answer: dict[str, Any]) -> str:
    """Which answer of its game a saved answer is, from its shape: ``"match"`` (a Cross
    or Two-Step match), ``"round"`` (a refereed Two-Step round) or ``""`` (the rest)."""
    if game in ("cross", "two-step") and "rounds" in answer and "scores" in answer:
        return "match"
    if game == "two-step" and "legal_moves" in answer and isinstance(answer.get("summary"), list):
        return "round"  # a summary saved as one string by an API client is not a round's
    return ""


def _pairs_claimed(cells: list[str]) -> tuple[int, int]:
    """H and V pairs on a Domineering sheet's rows (two cells a pair)."""
    text = "".join(cells)
    return text.count("H") // 2, text.count("V") // 2


def _domineering_title(answer: dict[str, Any]) -> str:
    cells = [str(row) for row in answer["cells"]]
    h, v = _pairs_claimed(cells)
    side = answer["to_move"]
    size = f"{len(cells)}x{len(cells[0])}"
    head = f"Domineering {size}, H {_plural(h, 'pair')}, V {_plural(v, 'pair')}: "
    if answer["blocked"]:
        head += f"{side} blocked, {answer['winner']} wins"
    else:
        head += f"{side} to move ({_plural(len(answer['legal_moves'][side]), 'legal pair')})"
    if answer.get("perfect_play"):
        head += f"; {answer['perfect_play']} wins with perfect play"
    dispute = answer.get("dispute")
    if isinstance(dispute, dict):
        verdict = "legal" if dispute["legal"] else "not legal"
        head += f"; {dispute['player']} claims {dispute['move']}: {verdict}"
    return head


def _two_step_round_title(answer: dict[str, Any]) -> str:
    """Who moves and how many legal moves, or how the round ended, then the house rule and
    the move checked: short enough for a heading at 360 px (session 13: every legal move
    was listed, 7 lines there for 5 moves); the moves are listed in the page's answer."""
    result = answer["result"]
    tail = ", plays optional" if answer.get("optional_plays") else ""
    check = answer.get("check")
    if isinstance(check, dict):  # the move checked, as a Domineering dispute is titled
        tail += f"; checked {check['move']}: {'legal' if check['legal'] else 'not legal'}"
    if result is None:
        moves = _plural(len(answer["legal_moves"]), "legal move")
        return f"Two-Step round: player {answer['to_move']} to move, {moves}{tail}"
    if result["winner"] is None:
        return f"Two-Step round: two left feet, replayed{tail}"
    points = result["points"][result["winner"] - 1]
    return (
        f"Two-Step round: player {result['winner']} cleared their dance card "
        f"({_plural(points, 'point')}){tail}"
    )


def _two_step_plays_title(answer: dict[str, Any]) -> str:
    """How many legal plays and on which ends, not every play (session 14: the plays were
    listed, as a round's moves were before session 13); the plays are listed in the
    page's answer. ``ends`` is ``null`` on an empty dance floor."""
    plays = answer["plays"]
    if not plays:
        return f"Two-Step: no play ({answer['must']})"
    ends = answer.get("ends")
    where = f"ends {ends[0]} and {ends[1]}" if ends else "an empty dance floor"
    return f"Two-Step: {_plural(len(plays), 'legal play')} on {where}"


def title_of(game: str, answer: dict[str, Any]) -> str | None:
    """A title telling a saved answer from others of its game (session 12: the list showed
    "Domineering: V to move" three times): the score, who wins, the pairs or pips, or
    ``None`` for an answer not of its game's shape (the game's name is then used)."""
    try:
        kind = _kind(game, answer)
        if kind == "match":
            name = "Cross" if game == "cross" else "Two-Step"
            score = "-".join(map(str, answer["scores"]))
            rounds = _plural(len(answer["rounds"]), "round")
            if answer["winner"] is None:
                return f"{name} match to {answer['target']}: {score} after {rounds}"
            return (
                f"{name} match to {answer['target']}: player {answer['winner']} wins "
                f"{_match_scores(answer)} after {rounds}"
            )
        if kind == "round":
            return _two_step_round_title(answer)
        if game == "domineering":
            return _domineering_title(answer)
        if game == "kingdomino" and "kingdoms" in answer:
            scores = _compared_scores(answer)
            if answer["winner"] is None:
                return f"Kingdoms compared: shared, {scores}"
            how = str(answer["decided_by"]).replace("_", " ")
            on = "" if how == "score" else f" on the {how}"
            return f"Kingdoms compared: kingdom {answer['winner']} wins {scores}{on}"
        if game == "kingdomino":
            squares = answer["squares"]
            scoring = [d for d in answer["domains"] if d["points"]]
            crowns = sum(d["crowns"] for d in answer["domains"])
            return (
                f"Kingdom {len(squares)}x{len(squares[0])}: {_plural(answer['total'], 'point')} "
                f"({_plural(len(scoring), 'scoring domain')}, {_plural(crowns, 'crown')})"
            )
        if game == "cross":
            pips = ", ".join(map(str, answer["pips"]))
            head = f"Cross round, {len(answer['pips'])} players (pips {pips}): "
            if answer["winner"] is None:
                return head + "nobody scores"
            return head + f"player {answer['winner']} scores {answer['points']}"
        if game == "two-step":
            return _two_step_plays_title(answer)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        pass
    return None


def _page(game: str, answer: dict[str, Any]) -> str:
    """The page a saved result was made on (its endpoint): a Two-Step round or match is
    the round page's; the rest their game's page."""
    if game == "two-step" and _kind(game, answer):
        return "two_step.round_page"
    if game == "kingdomino" and "kingdoms" in answer:
        return "kingdomino.compare_page"  # a comparison (session 14: it linked the score page)
    return game.replace("-", "_") + ".page"


def _page_link(page: str, answer: dict[str, Any]) -> str:
    """The address of ``page`` (:func:`_page`) for a saved answer, with what it was made
    of filled in (session 13: these pages opened empty): a Domineering sheet's position
    (side to move included), a kingdom's notation (its bonuses, its frame), two compared
    kingdoms, a Two-Step round's table (and its optional plays) or match's rounds and
    target, a Cross round's hands (seats split by ``/``). The page reads the field from
    its address (:func:`web.inputs.given`) and checks it as if typed. A Cross match, or a
    row saved without the field, opens its page as it starts."""
    return url_for(page, **_reopened(page, answer))


def _reopened(page: str, answer: dict[str, Any]) -> dict[str, Any]:
    """The address fields :func:`_page_link` gives ``page`` for ``answer`` (none when the
    answer does not hold what the page takes)."""
    if page == "two_step.round_page" and _kind("two-step", answer) == "match":
        return _reopened_two_step_match(answer)
    if page == "cross.page" and _kind("cross", answer) == "match":
        return _reopened_cross_match(answer)
    if page in ("domineering.page", "two_step.round_page"):
        field = answer.get("position")
        if not isinstance(field, str) or not field.strip():
            return {}
        game = "domineering" if page == "domineering.page" else "two-step"
        if inputs.too_long(field.strip(), _LONGEST[game]):
            return {}  # a row saved before the check (session 14): the page as it starts
        if page == "two_step.round_page" and answer.get("optional_plays") is True:
            return {"position": field, "optional": "1"}
        if page == "domineering.page":
            return _reopened_sheet(field, answer)
        return {"position": field}
    if page == "kingdomino.page":
        return _reopened_kingdom(answer)
    if page == "kingdomino.compare_page":
        return _reopened_comparison(answer)
    if page == "cross.page":
        # A round's hands are texts ("0-0 1-2", "" for the player who went out); a
        # match's are lists of rounds. Too long: a row saved before the check (session 14).
        hands = _round_hands(answer)
        if hands is not None and not inputs.too_long(hands, cross.LONGEST_HANDS):
            return {"hands": hands}
    return {}


def _reopened_sheet(position: str, answer: dict[str, Any]) -> dict[str, Any]:
    """A saved Domineering sheet's address fields: ``position``, ``first`` (who
    started, ``"H"`` or ``"V"``) when the position alone does not give it, and a saved
    dispute's ``move`` and ``player``. A position as
    the engine writes it ends with the side to move, which with the pairs claimed names
    the starter (``referee.domineering.parse_position``); one without it (an API client's
    answer) is H's unless ``first`` goes with it (session 15: such a sheet V started
    reopened as impossible)."""
    fields: dict[str, Any] = {"position": position}
    first = answer.get("first")
    if first in ("H", "V"):
        try:
            inferred = parse_position(position).first
        except ValueError:  # impossible as H's, or saved as an API client pleased
            inferred = None
        if first != inferred:
            fields["first"] = first
    # Its dispute, the pair claimed and by whom, checked again on reopening (session 15:
    # a saved dispute was not refilled).
    dispute = answer.get("dispute")
    if isinstance(dispute, dict):
        move, player = dispute.get("move"), dispute.get("player")
        pair = move.strip() if isinstance(move, str) else ""
        if pair and player in ("H", "V") and not inputs.too_long(pair, domineering.LONGEST_PAIR):
            fields.update(move=pair, player=player)
    return fields


def _reopened_kingdom(answer: dict[str, Any]) -> dict[str, Any]:
    """A saved kingdom's address fields: ``kingdom``, each ``bonus`` asked (``middle``,
    ``harmony``) and ``size`` when the frame scored in is not the one the page infers
    from the notation (an API client's ``size=7`` for a small kingdom); the page ticks
    the boxes and scores in that frame (session 14: it reopened with no box ticked)."""
    kingdom = answer.get("kingdom")
    if not isinstance(kingdom, str) or not kingdom.strip():
        return {}
    if inputs.too_long(kingdom.strip(), kingdomino.LONGEST_KINGDOM):
        return {}  # a row saved before the check (session 14): the page as it starts
    fields: dict[str, Any] = {"kingdom": kingdom}
    asked = answer.get("bonus")
    if isinstance(asked, list):
        fields["bonus"] = [name for name in ("middle", "harmony") if name in asked]
    size = answer.get("size")
    if size in (5, 7):
        try:
            inferred = infer_frame_size(parse_kingdom(kingdom))
        except ValueError:  # saved by an API client as it pleased: the page will say
            inferred = None
        if size != inferred:
            fields["size"] = str(size)
    return fields


def _reopened_two_step_match(answer: dict[str, Any]) -> dict[str, Any]:
    """A saved Two-Step match's address fields: ``rounds`` written as the page takes them
    (``1:5 feet 2:3``, :func:`referee.two_step.format_rounds`; each round's winner and the
    tiles left in the opponent's dance card) and ``target`` (points); none when a round
    is not of that shape (an API client's save) or there are more than
    :data:`web.games.two_step.MOST_LINKED_ROUNDS` (session 14: a saved match opened an
    empty page)."""
    rounds = answer.get("rounds")
    if not isinstance(rounds, list) or not 0 < len(rounds) <= two_step.MOST_LINKED_ROUNDS:
        return {}
    words = []
    for one in rounds:
        if not isinstance(one, dict):
            return {}
        winner, card = one.get("winner"), one.get("opponent_card")
        if winner is None:
            words.append("feet")
        elif winner in (1, 2) and isinstance(card, int) and not isinstance(card, bool):
            words.append(f"{winner}:{card}")
        else:
            return {}
    target = answer.get("target")
    fields: dict[str, Any] = {"rounds": " ".join(words)}
    if isinstance(target, int) and not isinstance(target, bool):
        fields["target"] = str(target)
    return fields


def _reopened_cross_match(answer: dict[str, Any]) -> dict[str, Any]:
    """A saved Cross match's address fields: ``match``, its rounds one a line, each
    round's hands in seat order split by ``/`` as a round's link writes them, and
    ``target`` (points); none for another shape (an API client's save), more than
    :data:`web.games.cross.MOST_LINKED_ROUNDS` rounds, or a round longer than any legal
    one (session 14: a saved match opened an empty page)."""
    rounds = answer.get("hands")
    if not isinstance(rounds, list) or not 0 < len(rounds) <= cross.MOST_LINKED_ROUNDS:
        return {}
    lines = []
    for hands in rounds:
        if not isinstance(hands, list) or not all(isinstance(hand, str) for hand in hands):
            return {}
        line = " / ".join(hands)
        if inputs.too_long(line, cross.LONGEST_HANDS):
            return {}
        lines.append(line)
    fields: dict[str, Any] = {"match": "\n".join(lines)}
    target = answer.get("target")
    if isinstance(target, int) and not isinstance(target, bool):
        fields["target"] = str(target)
    return fields


def _reopened_comparison(answer: dict[str, Any]) -> dict[str, Any]:
    """A saved comparison's address fields: ``kingdom1``, ``kingdom2`` (each kingdom's
    notation) and each ``bonus`` asked (the answer's ``bonus``), as for one kingdom;
    none when either kingdom is missing or longer than any legal one."""
    kingdoms = answer.get("kingdoms")
    if not isinstance(kingdoms, list) or len(kingdoms) != 2:
        return {}
    fields: dict[str, Any] = {}
    for number, kingdom in enumerate(kingdoms, start=1):
        one = _reopened_kingdom(kingdom) if isinstance(kingdom, dict) else {}
        if "kingdom" not in one:
            return {}
        fields[f"kingdom{number}"] = one["kingdom"]
    asked = answer.get("bonus")
    if isinstance(asked, list):
        fields["bonus"] = [name for name in ("middle", "harmony") if name in asked]
    return fields


def _summary(game: str, answer: dict[str, Any]) -> list[str]:
    """The saved answer in a few lines a player reads (the page's answer, in words).

    The answer is whatever the page (or an API client) saved: one that does not have
    the shape of its game's answer gives no lines, and only its JSON is shown.
    """
    try:
        kind = _kind(game, answer)
        if game == "cross" and kind == "match":
            return _cross_match_lines(answer)
        if game == "two-step" and kind == "match":
            return _two_step_match_lines(answer)
        if game == "two-step" and kind == "round":
            return _two_step_round_lines(answer)
        if game == "kingdomino" and "kingdoms" in answer:
            lines = [
                f"Kingdom {number}: total {kingdom['total']}"
                for number, kingdom in enumerate(answer["kingdoms"], start=1)
            ]
            scores = _compared_scores(answer)
            how = str(answer["decided_by"]).replace("_", " ")
            if answer["winner"] is None:
                return [*lines, f"Shared: {scores}, the tie-break undecided"]
            return [*lines, f"Kingdom {answer['winner']} wins on the {how}: {scores}"]
        if game == "kingdomino":
            return _kingdom_lines(answer)
        if game == "domineering":
            return _domineering_lines(answer)
        if game == "cross":
            lines = [
                f"Player {seat}: {_plural(pips, 'pip')}"
                for seat, pips in enumerate(answer["pips"], start=1)
            ]
            if answer["winner"] is None:
                return [*lines, "Nobody scores: a tie for the lowest pip total"]
            return [*lines, f"Player {answer['winner']} scores {answer['points']}"]
        if game == "two-step":
            sources = {"hand": "the hand", "card": "the dance card", "discard": "the discard pile"}
            lines = [
                f"{play['tile']} from {sources[play['source']]} on the {play['end']} end"
                for play in answer["plays"]
            ]
            reason = str(answer["reason"])
            return [*lines, reason[:1].upper() + reason[1:] + "."]
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        pass
    return []


@bp.get("/results/<int:number>")
def show(number: int) -> str:
    """One saved result: the notation, the answer in words and the answer as saved."""
    result = _result(number).to_json()
    summary = _summary(result["game"], result["answer"])
    page = _page(result["game"], result["answer"])
    return render_template(
        "result.html",
        result=result,
        summary=summary,
        games=_titles(),
        page=page,
        link=_page_link(page, result["answer"]),
        kind=_kind(result["game"], result["answer"]),
    )


@bp.get("/api/results/<int:number>")
def show_json(number: int) -> Response:
    """One saved result as JSON."""
    return jsonify(_result(number).to_json())
