"""Two-Step moves, their notation, and the legal plays from one player's view."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from referee.dominoes import (
    DEFAULT_MAX_PIPS,
    End,
    Tile,
    check_tiles,
    format_hand,
    parse_tile,
)
from referee.errors import ImpossiblePositionError, NotationError
from referee.two_step.rules import ENDS, SOURCES, Source

# --- moves -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Play:
    """Play ``tile`` from ``source`` (hand, dance card top, discard top) at ``end``."""

    tile: Tile
    source: Source
    end: End

    def __str__(self) -> str:
        return f"play {self.tile} {self.source} {self.end}"

    def to_json(self) -> dict[str, str]:
        """``{"tile": "3-5", "source": "hand", "end": "left"}``."""
        return {"tile": str(self.tile), "source": self.source, "end": self.end}


@dataclass(frozen=True)
class Discard:
    """Put ``tile`` from the hand face up on the own discard pile, ending the turn."""

    tile: Tile

    def __str__(self) -> str:
        return f"discard {self.tile}"

    def to_json(self) -> dict[str, str]:
        """``{"discard": "3-5"}``."""
        return {"discard": str(self.tile)}


@dataclass(frozen=True)
class EndTurn:
    """End the turn without a discard (empty hand, empty draw pile)."""

    def __str__(self) -> str:
        return "end turn"

    def to_json(self) -> dict[str, str]:
        """``{"end_turn": "end turn"}``."""
        return {"end_turn": "end turn"}


Move = Play | Discard | EndTurn


def _play_key(play: Play) -> tuple[int, Tile, int]:
    return (SOURCES.index(play.source), play.tile, ENDS.index(play.end))


def format_move(move: Move) -> str:
    """``Play(Tile(3, 5), "hand", "left")`` -> ``"play 3-5 hand left"``."""
    return str(move)


def parse_move(text: str, *, max_pips: int = DEFAULT_MAX_PIPS) -> Move:
    """Parse ``play TILE SOURCE END``, ``discard TILE`` or ``end turn``.

    Parameters
    ----------
    text : str
        The move; words are separated by spaces, case does not matter.
    max_pips : int, optional
        Largest half in the set (6).

    Raises
    ------
    referee.errors.NotationError
        Naming the column of the first word that is wrong.

    >>> parse_move("discard 6-6"), parse_move("END TURN")
    (Discard(tile=Tile(6, 6)), EndTurn())
    """
    words = [(m.group().lower(), m.start()) for m in re.finditer(r"\S+", text)]
    if not words:
        raise NotationError("a move is 'play TILE SOURCE END', 'discard TILE' or 'end turn'")
    verb, at = words[0]

    def tile_at(position: int) -> Tile:
        word, index = words[position]
        try:
            return parse_tile(word, max_pips=max_pips)
        except NotationError as error:
            raise error.within(text, index) from None

    def expect(count: int, shape: str) -> None:
        if len(words) < count:
            raise NotationError(f"incomplete move: expected {shape!r}", text=text)
        if len(words) > count:
            raise NotationError(
                f"unexpected {words[count][0]!r} after {shape!r}", text=text, index=words[count][1]
            )

    if verb == "play":
        expect(4, "play TILE SOURCE END")
        tile = tile_at(1)
        source, end = words[2][0], words[3][0]
        if source not in SOURCES:
            raise NotationError(
                f"a source is hand, card or discard, not {source!r}", text=text, index=words[2][1]
            )
        if end not in ENDS:
            raise NotationError(
                f"an end is left or right, not {end!r}", text=text, index=words[3][1]
            )
        return Play(tile, source, end)
    if verb == "discard":
        expect(2, "discard TILE")
        return Discard(tile_at(1))
    if verb == "end":
        expect(2, "end turn")
        if words[1][0] != "turn":
            raise NotationError("expected 'end turn'", text=text, index=words[1][1])
        return EndTurn()
    raise NotationError(
        f"unknown move {verb!r}: expected play, discard or end turn", text=text, index=at
    )


# --- legal plays from one player's view ------------------------------------------------------


def _plays_on(ends: tuple[int, int], sources: Sequence[tuple[Source, Tile]]) -> list[Play]:
    left, right = ends
    plays = [
        Play(tile, source, end)
        for source, tile in sources
        for end, pips in zip(ENDS, (left, right), strict=True)
        if tile.has(pips)
    ]
    return sorted(plays, key=_play_key)


def _opening(hand: Sequence[Tile], card_top: Tile | None) -> tuple[Source, Tile] | None:
    doubles = [tile for tile in hand if tile.is_double]
    if doubles:
        return ("hand", max(doubles))
    if card_top is not None and card_top.is_double:
        return ("card", card_top)
    return None


def legal_plays(
    ends: tuple[int, int] | None,
    hand: Sequence[Tile],
    card_top: Tile | None = None,
    discard_top: Tile | None = None,
    *,
    max_pips: int = DEFAULT_MAX_PIPS,
) -> list[Play]:
    """Every play open to a player, sorted by source (hand, card, discard), tile, end.

    Parameters
    ----------
    ends : (int, int) or None
        Pips of the dance floor's open (left, right) ends; ``None`` for an empty
        dance floor.
    hand : sequence of Tile
        The player's hand (0 to 3 tiles).
    card_top : Tile or None
        Face-up top of the player's dance card; ``None`` if the card is empty.
    discard_top : Tile or None
        Top of the player's own discard pile; ``None`` if it is empty.
    max_pips : int, optional
        Largest half in the set (6).

    Returns
    -------
    list of Play
        A tile matching both ends is listed once per end (they are different
        places on the table, even when both show the same pips).  On an empty
        dance floor the only play is the opening double, played ``"right"``: the
        highest double in the hand, else a double on top of the dance card
        (``rules/two-step.txt``); this assumes the player leads (the opponent's
        tiles are not known here).  No double: no play.

    Raises
    ------
    referee.errors.ImpossiblePositionError
        If a tile is not in the set or is given twice, an end is not 0 to
        ``max_pips`` pips, or the dance floor is empty but the discard pile is
        not (no turn can have ended before the opening double).

    >>> from referee.dominoes import parse_hand
    >>> legal_plays(None, parse_hand("2-2 5-5 1-4"), parse_tile("6-6"))
    [Play(tile=Tile(5, 5), source='hand', end='right')]
    >>> [str(p) for p in legal_plays((4, 4), (), None, parse_tile("0-4"))]
    ['play 0-4 discard left', 'play 0-4 discard right']
    """
    try:
        check_tiles(
            [hand, [card_top] if card_top else [], [discard_top] if discard_top else []],
            max_pips=max_pips,
            names=("the hand", "the dance card top", "the discard top"),
        )
    except ValueError as error:
        raise ImpossiblePositionError(str(error)) from None
    if ends is None:
        if discard_top is not None:
            raise ImpossiblePositionError(
                f"the discard pile shows {discard_top} but the dance floor is empty: "
                "nothing is discarded before the opening double is played"
            )
        opening = _opening(hand, card_top)
        return [] if opening is None else [Play(opening[1], opening[0], "right")]
    for name, pips in zip(ENDS, ends, strict=True):
        if isinstance(pips, bool) or not isinstance(pips, int) or not 0 <= pips <= max_pips:
            raise ImpossiblePositionError(
                f"the {name} end must show 0 to {max_pips} pips, got {pips!r}"
            )
    sources: list[tuple[Source, Tile]] = [("hand", tile) for tile in hand]
    if card_top is not None:
        sources.append(("card", card_top))
    if discard_top is not None:
        sources.append(("discard", discard_top))
    return _plays_on(ends, sources)


def what_to_do(
    plays: Sequence[Play], ends: tuple[int, int] | None, hand: Sequence[Tile]
) -> tuple[str, str]:
    """What the player must do now, from one player's view, and why.

    Parameters
    ----------
    plays : sequence of Play
        The player's legal plays (:func:`legal_plays`).
    ends : (int, int) or None
        Pips of the open (left, right) ends; ``None`` for an empty dance floor.
    hand : sequence of Tile
        The player's hand.

    Returns
    -------
    (str, str)
        ``must``: ``"play"`` (plays are compulsory), ``"no lead"`` (an empty dance
        floor and no double to open with), ``"discard"`` (no play: a hand tile goes
        on the discard pile, ending the turn) or ``"end turn"`` (no play, empty
        hand, nothing left to draw: the reason also says that with tiles left in the
        draw pile three are drawn and play goes on); and the reason in a sentence
        (``rules/two-step.txt``, ``RULINGS.md``).

    >>> what_to_do([], (4, 4), (Tile(1, 2),))[0]
    'discard'
    >>> what_to_do([Play(Tile(1, 1), "hand", "right")], None, (Tile(1, 1),))[1][:59]
    'the highest double opens the dance floor: 1-1 from the hand'
    """
    if plays and ends is None:
        # legal_plays assumes this player leads; the opponent's hand is unseen, so say
        # when it would open instead (rules/two-step.txt, "Setup").
        opening = plays[0]
        if opening.source == "hand":
            unless = f"unless the opponent holds a higher double than {opening.tile} in hand"
        else:
            unless = (
                "unless the opponent holds any double in hand, "
                "or a higher one on top of their dance card"
            )
        where = "hand" if opening.source == "hand" else "dance card"
        return "play", (
            f"the highest double opens the dance floor: {opening.tile} from the {where}, "
            f"{unless} (rules/two-step.txt)"
        )
    if plays:
        return "play", "plays are compulsory: play one of these (rules/two-step.txt)"
    if ends is None:
        return "no lead", (
            "no double to open with: the opponent leads with a double showing, or the tiles "
            "are reshuffled and dealt again"
        )
    if hand:
        return "discard", (
            f"no play is left: discard a tile from the hand ({format_hand(hand)}) face up on "
            "the discard pile, which ends the turn"
        )
    # From one player's view the draw pile is not known: a hand just emptied by
    # playing is refilled with three more while the pile has tiles (the rules'
    # "may draw three more ... and continue play"), so say both cases.
    return "end turn", (
        "no play is left and the hand is empty: if the draw pile still has tiles, draw three "
        "and play on; if it is empty, the turn ends without a discard (rules/two-step.txt)"
    )
