"""Two-Step, a two-player domino game by Sam Robinson (``rules/two-step.txt``).

Each player has a dance card of five face-down tiles (only the top one face up),
a hand of three and a discard pile; the other twelve tiles of the double-six set
are the draw pile.  The dance floor is one line with two open ends
(:class:`referee.dominoes.Line`, doubles inline).  ``RULINGS.md`` "Two-Step"
decides what the rule text leaves open; the choices this engine makes on top of
it are listed in ``docs/two-step.md`` and below.

Decisions where rules and rulings are silent
--------------------------------------------
* Plays are compulsory by default: the discard that ends a turn is legal only
  when no play is left ("When no more plays can be made, a domino must be
  placed ... to end the turn").  ``TwoStepRules(optional_plays=True)`` lets a
  player stop by discarding (or, with an empty hand, ending the turn) at any time.
* Drawing is automatic, never a move: the hand of the player to move is refilled
  to three at the start of the turn and whenever it is emptied, as far as the
  draw pile goes.  The opening double (and nothing else) is the only legal play
  on an empty dance floor; its end is ``"right"`` as for any first tile of a
  :class:`~referee.dominoes.Line`.
* "Two left feet" is declared as soon as the draw pile is empty and neither
  player has a play from hand, dance card top or discard top: no later discard
  can change that.

Moves are written ``play 3-5 hand left``, ``discard 3-5`` and ``end turn``:

>>> from referee.dominoes import parse_hand
>>> parse_move("play [5|3] card right")
Play(tile=Tile(3, 5), source='card', end='right')
>>> [str(p) for p in legal_plays((6, 3), parse_hand("3-1 2-2"), parse_tile("6-4"))]
['play 1-3 hand right', 'play 4-6 card left']
>>> score_round(0, 5).points, score_round(1, 4).points
((2, 0), (0, 1))
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Literal

from referee.dominoes import (
    DEFAULT_MAX_PIPS,
    End,
    Line,
    Tile,
    check_tiles,
    double_set,
    format_hand,
    parse_tile,
)
from referee.errors import IllegalMoveError, ImpossiblePositionError, NotationError
from referee.game import GameSpec, Outcome

__all__ = [
    "DEFAULT_RULES",
    "ENDS",
    "GAME",
    "SOURCES",
    "TWO_LEFT_FEET",
    "Discard",
    "EndTurn",
    "Lead",
    "MatchRecord",
    "Move",
    "Play",
    "RoundResult",
    "Source",
    "TwoStepMatch",
    "TwoStepRound",
    "TwoStepRules",
    "deal",
    "deal_order",
    "find_lead",
    "format_move",
    "format_rounds",
    "legal_plays",
    "lemonade_line",
    "new_match",
    "parse_move",
    "parse_rounds",
    "score_round",
    "tally",
]

Source = Literal["hand", "card", "discard"]
#: Where a play may come from, in the order plays are listed.
SOURCES: tuple[Source, ...] = ("hand", "card", "discard")
#: The two open ends of the dance floor, in the order plays are listed.
ENDS: tuple[End, ...] = ("left", "right")
#: Reason of a round that ends with nobody able to play and nothing left to draw.
TWO_LEFT_FEET = "two left feet"
#: Reason of a round won by clearing a dance card.
CLEARED = "dance card cleared"


@dataclass(frozen=True)
class TwoStepRules:
    """Parameters of a Two-Step game; the defaults are ``RULINGS.md`` "Two-Step".

    Attributes
    ----------
    target : int
        Points that win the game (10).
    dance_card : int
        Tiles in each dance card (5); the bonus needs all of them.
    hand : int
        Tiles in a full hand (3).
    max_pips : int
        The set is double-``max_pips`` (6: 28 tiles, 168 pips).
    optional_plays : bool
        ``False`` (default): a player must play while a play is left and may
        discard only when none is.  ``True``: a player may stop at any time.
    lemonade_score : int
        A win with exactly this many points (11) earns the lemonade line.

    Raises
    ------
    ValueError
        If a number is below 1 or the set is too small to deal.
    """

    target: int = 10
    dance_card: int = 5
    hand: int = 3
    max_pips: int = DEFAULT_MAX_PIPS
    optional_plays: bool = False
    lemonade_score: int = 11

    def __post_init__(self) -> None:
        for name in ("target", "dance_card", "hand", "max_pips", "lemonade_score"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1, got {getattr(self, name)}")
        tiles = len(double_set(self.max_pips))
        if 2 * (self.dance_card + self.hand) > tiles:
            raise ValueError(
                f"a double-{self.max_pips} set has {tiles} tiles, too few to deal two dance "
                f"cards of {self.dance_card} and two hands of {self.hand}"
            )


DEFAULT_RULES = TwoStepRules()


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
            raise NotationError(error.reason, text=text, index=index) from None

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
    ValueError
        If a tile is not in the set or is given twice, or an end is not 0 to
        ``max_pips`` pips.
    referee.errors.ImpossiblePositionError
        If the dance floor is empty but the discard pile is not (no turn can
        have ended before the opening double).

    >>> from referee.dominoes import parse_hand
    >>> legal_plays(None, parse_hand("2-2 5-5 1-4"), parse_tile("6-6"))
    [Play(tile=Tile(5, 5), source='hand', end='right')]
    >>> [str(p) for p in legal_plays((4, 4), (), None, parse_tile("0-4"))]
    ['play 0-4 discard left', 'play 0-4 discard right']
    """
    check_tiles(
        [hand, [card_top] if card_top else [], [discard_top] if discard_top else []],
        max_pips=max_pips,
        names=("the hand", "the dance card top", "the discard top"),
    )
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
            raise ValueError(f"the {name} end must show 0 to {max_pips} pips, got {pips!r}")
    sources: list[tuple[Source, Tile]] = [("hand", tile) for tile in hand]
    if card_top is not None:
        sources.append(("card", card_top))
    if discard_top is not None:
        sources.append(("discard", discard_top))
    return _plays_on(ends, sources)


# --- the round -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Lead:
    """Who opens the round and with which double, from where (``"hand"``/``"card"``)."""

    player: int
    tile: Tile
    source: Source


def find_lead(hands: Sequence[Sequence[Tile]], card_tops: Sequence[Tile | None]) -> Lead | None:
    """The opening double: the highest double in either hand, else on a dance card top.

    ``None`` means nobody has a double showing: reshuffle and deal again
    (``rules/two-step.txt``, Gameplay).  Players are numbered from 0.

    >>> from referee.dominoes import parse_hand
    >>> find_lead([parse_hand("1-1 2-3"), parse_hand("0-0")], [Tile(6, 6), None])
    Lead(player=0, tile=Tile(1, 1), source='hand')
    >>> find_lead([(), ()], [Tile(2, 2), Tile(4, 4)])
    Lead(player=1, tile=Tile(4, 4), source='card')
    """
    in_hands = [(tile, p) for p, hand in enumerate(hands) for tile in hand if tile.is_double]
    if in_hands:
        tile, player = max(in_hands)
        return Lead(player, tile, "hand")
    on_cards = [
        (tile, p) for p, tile in enumerate(card_tops) if tile is not None and tile.is_double
    ]
    if on_cards:
        tile, player = max(on_cards)
        return Lead(player, tile, "card")
    return None


@dataclass(frozen=True)
class RoundResult:
    """How a round ended: a returned value, never a set of flags.

    Attributes
    ----------
    winner : int or None
        Player (0-based) who cleared their dance card; ``None`` for two left feet.
    reason : str
        ``"dance card cleared"`` or ``"two left feet"``.
    points : (int, int)
        Points each player scores: 1 for clearing, +1 bonus if the opponent's
        dance card is still whole; (0, 0) for two left feet.
    bonus : int
        The bonus point included in ``points`` (0 or 1).
    opponent_card : int or None
        Tiles left in the loser's dance card; ``None`` for two left feet.
    """

    winner: int | None
    reason: str
    points: tuple[int, int]
    bonus: int = 0
    opponent_card: int | None = None

    def to_json(self) -> dict[str, Any]:
        """JSON-ready dict; players numbered from 1."""
        return {
            "winner": None if self.winner is None else self.winner + 1,
            "reason": self.reason,
            "points": list(self.points),
            "bonus": self.bonus,
            "opponent_card": self.opponent_card,
        }


def score_round(
    winner: int, opponent_card: int, rules: TwoStepRules = DEFAULT_RULES
) -> RoundResult:
    """The result of a round won by ``winner`` clearing their dance card.

    Parameters
    ----------
    winner : int
        0 or 1.
    opponent_card : int
        Tiles left in the opponent's dance card (1 to ``rules.dance_card``).

    Returns
    -------
    RoundResult
        1 point, plus 1 bonus when the opponent's card still holds all its tiles
        (``rules/two-step.txt``, Scoring).

    Raises
    ------
    ValueError
        If ``winner`` is not 0 or 1 or ``opponent_card`` is out of range.
    """
    if winner not in (0, 1):
        raise ValueError(f"the winner is player 1 or 2, got player {winner + 1}")
    if not 1 <= opponent_card <= rules.dance_card:
        raise ValueError(
            f"the opponent's dance card holds 1 to {rules.dance_card} tiles when the round "
            f"ends, got {opponent_card}"
        )
    bonus = 1 if opponent_card == rules.dance_card else 0
    points = [0, 0]
    points[winner] = 1 + bonus
    return RoundResult(winner, CLEARED, (points[0], points[1]), bonus, opponent_card)


def _pair(value: Sequence[Sequence[Tile]], name: str) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    if len(value) != 2:
        raise ValueError(f"Two-Step has two players: expected 2 {name}, got {len(value)}")
    return (tuple(value[0]), tuple(value[1]))


@dataclass(frozen=True)
class TwoStepRound:
    """One round: an immutable position at a decision point (draws already made).

    Attributes
    ----------
    cards : (tuple of Tile, tuple of Tile)
        Each player's dance card, face-up top first.
    hands : (tuple of Tile, tuple of Tile)
        Each player's hand.
    discards : (tuple of Tile, tuple of Tile)
        Each player's discard pile, bottom first, top last.
    draw_pile : tuple of Tile
        The draw pile, next tile to be drawn first.
    player : int
        Player (0-based) whose turn it is.
    floor : Line
        The dance floor.
    rules : TwoStepRules

    Raises
    ------
    referee.errors.ImpossiblePositionError
        If the tiles are not the whole set, each exactly once, a card or hand is
        too big, both cards are empty, the player to move has an empty hand with
        tiles left to draw, or an empty dance floor is not the opening position
        of the player holding the lead.
    """

    cards: tuple[tuple[Tile, ...], tuple[Tile, ...]]
    hands: tuple[tuple[Tile, ...], tuple[Tile, ...]]
    discards: tuple[tuple[Tile, ...], tuple[Tile, ...]]
    draw_pile: tuple[Tile, ...]
    player: int
    floor: Line = field(default_factory=Line)
    rules: TwoStepRules = DEFAULT_RULES

    def __post_init__(self) -> None:
        for name in ("cards", "hands", "discards"):
            object.__setattr__(self, name, _pair(getattr(self, name), name))
        object.__setattr__(self, "draw_pile", tuple(self.draw_pile))
        rules = self.rules
        floor_tiles = [Tile(a, b) for a, b in self.floor.tiles]
        groups = [*self.cards, *self.hands, *self.discards, self.draw_pile, floor_tiles]
        names = [
            "player 1's dance card",
            "player 2's dance card",
            "player 1's hand",
            "player 2's hand",
            "player 1's discard pile",
            "player 2's discard pile",
            "the draw pile",
            "the dance floor",
        ]
        try:
            check_tiles(groups, max_pips=rules.max_pips, names=names)
        except ValueError as error:
            raise ImpossiblePositionError(str(error)) from None
        missing = set(double_set(rules.max_pips)).difference(*map(set, groups))
        if missing:
            raise ImpossiblePositionError(
                f"tiles missing from the round: {format_hand(sorted(missing))}"
            )
        if self.player not in (0, 1):
            raise ImpossiblePositionError(f"player to move is 0 or 1, got {self.player}")
        for p in (0, 1):
            if len(self.cards[p]) > rules.dance_card:
                raise ImpossiblePositionError(
                    f"player {p + 1}'s dance card holds more than {rules.dance_card} tiles"
                )
            if len(self.hands[p]) > rules.hand:
                raise ImpossiblePositionError(
                    f"player {p + 1}'s hand holds more than {rules.hand} tiles"
                )
        if not self.cards[0] and not self.cards[1]:
            raise ImpossiblePositionError("both dance cards are empty: the round ends at the first")
        if not self.hands[self.player] and self.draw_pile and all(self.cards):
            raise ImpossiblePositionError(
                f"player {self.player + 1} is to move with an empty hand while the draw pile "
                "has tiles: the hand is refilled first"
            )
        if not self.floor.tiles:
            lead = find_lead(self.hands, self.card_tops)
            if any(self.discards) or lead is None or lead.player != self.player:
                raise ImpossiblePositionError(
                    "an empty dance floor is the opening: no discards, and the player to move "
                    "holds the highest double showing"
                )

    # -- views --

    @property
    def card_tops(self) -> tuple[Tile | None, Tile | None]:
        """The face-up top of each dance card (``None`` for an empty card)."""
        return (
            self.cards[0][0] if self.cards[0] else None,
            self.cards[1][0] if self.cards[1] else None,
        )

    @property
    def discard_tops(self) -> tuple[Tile | None, Tile | None]:
        """The top of each discard pile (``None`` for an empty pile)."""
        return (
            self.discards[0][-1] if self.discards[0] else None,
            self.discards[1][-1] if self.discards[1] else None,
        )

    def plays_for(self, player: int) -> list[Play]:
        """Every play ``player`` could make on the dance floor as it is now."""
        return legal_plays(
            self.floor.ends,
            self.hands[player],
            self.card_tops[player],
            self.discard_tops[player],
            max_pips=self.rules.max_pips,
        )

    @cached_property
    def result(self) -> RoundResult | None:
        """How the round ended, or ``None`` while it goes on.

        Ended when a dance card is empty (its player scores) or, with the draw
        pile empty, when neither player has a play: two left feet.
        """
        for p in (0, 1):
            if not self.cards[p]:
                return score_round(p, len(self.cards[1 - p]), self.rules)
        if not self.draw_pile and self.floor.tiles and not any(map(self.plays_for, (0, 1))):
            return RoundResult(None, TWO_LEFT_FEET, (0, 0))
        return None

    @property
    def to_move(self) -> int | None:
        """Player (0-based) to move, or ``None`` once the round is over."""
        return None if self.result is not None else self.player

    def outcome(self) -> Outcome | None:
        """The round's ending as an :class:`~referee.game.Outcome`, or ``None``."""
        result = self.result
        return None if result is None else Outcome(result.winner, result.reason, result.points)

    @cached_property
    def _moves(self) -> tuple[Move, ...]:
        if self.result is not None:
            return ()
        plays = self.plays_for(self.player)
        if not self.floor.tiles:
            return tuple(plays)
        hand = self.hands[self.player]
        if plays and not self.rules.optional_plays:
            return tuple(plays)
        stops: list[Move] = [Discard(tile) for tile in sorted(hand)] if hand else [EndTurn()]
        return (*plays, *stops)

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move: plays (see :func:`legal_plays`), then discards, then end turn.

        Plays are compulsory unless ``rules.optional_plays``: a discard (or, with
        an empty hand, ``end turn``) is legal only when no play is left.
        """
        return self._moves

    # -- moves --

    def _why_illegal(self, move: object) -> str:
        who = f"player {self.player + 1}"
        if self.result is not None:
            return f"the round is over ({self.result.reason})"
        if not isinstance(move, Play | Discard | EndTurn):
            return f"not a Two-Step move: {move!r}"
        lead = self._moves[0] if not self.floor.tiles else None
        if isinstance(lead, Play):
            return (
                f"the round opens with the highest double showing: {lead.tile} from "
                f"{who}'s {lead.source} (rules/two-step.txt)"
            )
        plays = self.plays_for(self.player)
        if isinstance(move, Play):
            tile, hand = move.tile, self.hands[self.player]
            have = {
                "hand": hand,
                "card": self.card_tops[self.player : self.player + 1],
                "discard": self.discard_tops[self.player : self.player + 1],
            }.get(move.source)
            if have is None:
                return f"a source is hand, card or discard, not {move.source!r}"
            if tile not in have:
                shown = {
                    "hand": f"{who}'s hand ({format_hand(hand) or 'empty'})",
                    "card": f"the top of {who}'s dance card ({self.card_tops[self.player]})",
                    "discard": f"the top of {who}'s discard pile "
                    f"({self.discard_tops[self.player]})",
                }[move.source]
                return f"{tile} is not {shown}"
            if move.end not in ENDS:
                return f"an end is 'left' or 'right', not {move.end!r}"
            ends = self.floor.ends
            assert ends is not None
            pips = ends[ENDS.index(move.end)]
            return f"{tile} does not match the {move.end} end ({pips} pips)"
        if plays and not self.rules.optional_plays:
            return (
                f"{who} must play while a play is left ({', '.join(map(str, plays))}); "
                "a turn ends only when no more plays can be made (rules/two-step.txt)"
            )
        if isinstance(move, Discard):
            hand_text = format_hand(self.hands[self.player]) or "empty"
            return f"{move.tile} is not in {who}'s hand ({hand_text})"
        return f"{who} has tiles in hand: the turn ends with a discard from the hand"

    def play(self, move: Move) -> TwoStepRound:
        """Return the round after ``move``.

        A play from the hand that empties it draws up to three tiles; a discard
        or ``end turn`` passes the turn, and the opponent refills their hand to
        three first (as far as the draw pile goes).

        Raises
        ------
        referee.errors.IllegalMoveError
            If the move is not legal here; the message gives the tile and rule.
        """
        if move not in self._moves:
            raise IllegalMoveError(self._why_illegal(move))
        p = self.player
        cards, hands, discards = list(self.cards), list(self.hands), list(self.discards)
        draw_pile = self.draw_pile
        if isinstance(move, Play):
            if move.source == "hand":
                hands[p] = _without(hands[p], move.tile)
            elif move.source == "card":
                cards[p] = cards[p][1:]
            else:
                discards[p] = discards[p][:-1]
            if not hands[p]:
                hands[p], draw_pile = _draw(hands[p], draw_pile, self.rules.hand)
            return replace(
                self,
                cards=_two(cards),
                hands=_two(hands),
                discards=_two(discards),
                draw_pile=draw_pile,
                floor=self.floor.play(move.tile, move.end),
            )
        if isinstance(move, Discard):
            hands[p] = _without(hands[p], move.tile)
            discards[p] = (*discards[p], move.tile)
        q = 1 - p
        hands[q], draw_pile = _draw(hands[q], draw_pile, self.rules.hand)
        return replace(
            self, hands=_two(hands), discards=_two(discards), draw_pile=draw_pile, player=q
        )

    # -- notation --

    def to_json(self) -> dict[str, Any]:
        """The whole position (the referee's view) as a JSON-ready dict; players from 1."""
        return {
            "floor": str(self.floor),
            "ends": None if self.floor.ends is None else list(self.floor.ends),
            "to_move": None if self.to_move is None else self.to_move + 1,
            "players": [
                {
                    "dance_card": [str(t) for t in self.cards[p]],
                    "hand": [str(t) for t in self.hands[p]],
                    "discard_pile": [str(t) for t in self.discards[p]],
                }
                for p in (0, 1)
            ],
            "draw_pile": [str(t) for t in self.draw_pile],
            "legal_moves": [str(m) for m in self._moves],
            "result": None if self.result is None else self.result.to_json(),
        }

    def __str__(self) -> str:
        lines = [f"dance floor: {self.floor or '(empty)'}"]
        for p in (0, 1):
            top = self.card_tops[p]
            card = f"{len(self.cards[p])} (top {top})" if top else "0"
            lines.append(
                f"player {p + 1}: dance card {card}; hand {format_hand(self.hands[p]) or '-'}; "
                f"discard pile {format_hand(self.discards[p]) or '-'}"
            )
        lines.append(f"draw pile: {len(self.draw_pile)} tiles")
        result = self.result
        if result is None:
            lines.append(f"player {self.player + 1} to move")
        elif result.winner is None:
            lines.append("the round has two left feet: no points, replay")
        else:
            lines.append(
                f"player {result.winner + 1} cleared their dance card: "
                f"{result.points[result.winner]} points"
            )
        return "\n".join(lines)


def _two(items: list[tuple[Tile, ...]]) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    return (items[0], items[1])


def _without(tiles: tuple[Tile, ...], tile: Tile) -> tuple[Tile, ...]:
    return tuple(t for t in tiles if t != tile)


def _draw(
    hand: tuple[Tile, ...], draw_pile: tuple[Tile, ...], size: int
) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    count = max(0, size - len(hand))
    return (*hand, *draw_pile[:count]), draw_pile[count:]


def deal_order(tiles: Sequence[Tile], rules: TwoStepRules = DEFAULT_RULES) -> TwoStepRound | None:
    """Deal a shuffled set, top of the stack first; ``None`` when nobody can lead.

    The first ``dance_card`` tiles are player 1's dance card (face-up top
    first), the next as many player 2's, then player 1's hand, player 2's hand;
    the rest is the draw pile.  The opening player is :func:`find_lead`'s.

    Raises
    ------
    referee.errors.ImpossiblePositionError
        If ``tiles`` is not the whole set, each tile once.
    """
    n, h = rules.dance_card, rules.hand
    tiles = tuple(tiles)
    cards = (tiles[:n], tiles[n : 2 * n])
    hands = (tiles[2 * n : 2 * n + h], tiles[2 * n + h : 2 * n + 2 * h])
    lead = find_lead(hands, [card[0] if card else None for card in cards])
    if lead is None:
        if sorted(tiles) != list(double_set(rules.max_pips)):
            raise ImpossiblePositionError("a deal needs the whole set, each tile once")
        return None
    return TwoStepRound(cards, hands, ((), ()), tiles[2 * n + 2 * h :], lead.player, rules=rules)


def deal(*, seed: int | str | None = None, rules: TwoStepRules = DEFAULT_RULES) -> TwoStepRound:
    """Shuffle and deal a round from ``seed``, reshuffling until a double shows.

    >>> round_ = deal(seed=1)
    >>> [len(round_.draw_pile), len(round_.legal_moves())]
    [12, 1]
    """
    rng = random.Random(seed)
    tiles = list(double_set(rules.max_pips))
    while True:
        rng.shuffle(tiles)
        dealt = deal_order(tiles, rules)
        if dealt is not None:
            return dealt


# --- the match -------------------------------------------------------------------------------


def lemonade_line(
    winner: int, scores: Sequence[int], rules: TwoStepRules = DEFAULT_RULES
) -> str | None:
    """The forfeit for a win with exactly 11 points, else ``None`` (``rules/two-step.txt``).

    >>> lemonade_line(0, (11, 7))
    'Player 2 owes player 1 a glass of lemonade.'
    >>> lemonade_line(0, (10, 7)) is None
    True
    """
    if scores[winner] != rules.lemonade_score:
        return None
    return f"Player {2 - winner} owes player {winner + 1} a glass of lemonade."


@dataclass(frozen=True)
class MatchRecord:
    """The rounds of a match added up.

    Attributes
    ----------
    rounds : tuple of RoundResult
    scores : (int, int)
        Points of each player after the last round.
    winner : int or None
        First player to reach ``target`` (0-based), ``None`` while nobody has.
    lemonade : str or None
        The lemonade line when the winner has exactly 11 points.
    target : int
    """

    rounds: tuple[RoundResult, ...]
    scores: tuple[int, int]
    winner: int | None
    lemonade: str | None
    target: int

    def to_json(self) -> dict[str, Any]:
        """JSON-ready dict; players numbered from 1."""
        running = [0, 0]
        rounds = []
        for result in self.rounds:
            running = [a + b for a, b in zip(running, result.points, strict=True)]
            rounds.append({**result.to_json(), "scores": list(running)})
        return {
            "rounds": rounds,
            "scores": list(self.scores),
            "winner": None if self.winner is None else self.winner + 1,
            "target": self.target,
            "lemonade": self.lemonade,
        }


def tally(results: Sequence[RoundResult], rules: TwoStepRules = DEFAULT_RULES) -> MatchRecord:
    """Add up round results; the first player to reach ``rules.target`` wins.

    Raises
    ------
    referee.errors.ImpossiblePositionError
        If a round comes after the match was won.

    >>> record = tally([score_round(0, 5)] * 4 + [score_round(1, 4)] + [score_round(0, 4)] * 2)
    >>> record.scores, record.winner, record.lemonade
    ((10, 1), 0, None)
    """
    scores = [0, 0]
    winner: int | None = None
    for number, result in enumerate(results, start=1):
        if winner is not None:
            raise ImpossiblePositionError(
                f"round {number} comes after player {winner + 1} won with {scores[winner]} points"
            )
        scores = [a + b for a, b in zip(scores, result.points, strict=True)]
        if result.winner is not None and scores[result.winner] >= rules.target:
            winner = result.winner
    lemonade = None if winner is None else lemonade_line(winner, scores, rules)
    return MatchRecord(tuple(results), (scores[0], scores[1]), winner, lemonade, rules.target)


def format_rounds(results: Sequence[RoundResult]) -> str:
    """Round results as ``1:5 feet 2:3``: the winner, a colon and the tiles left in
    the opponent's dance card, or ``feet`` for two left feet.
    """
    return " ".join(
        "feet" if r.winner is None else f"{r.winner + 1}:{r.opponent_card}" for r in results
    )


def parse_rounds(text: str, rules: TwoStepRules = DEFAULT_RULES) -> tuple[RoundResult, ...]:
    """Parse round results written as in :func:`format_rounds` (spaces or commas).

    Raises
    ------
    referee.errors.NotationError
        Naming the column of the round that is wrong.

    >>> [r.points for r in parse_rounds("1:5, feet 2:1")]
    [(2, 0), (0, 0), (0, 1)]
    """
    results: list[RoundResult] = []
    for match in re.finditer(r"[^\s,]+", text):
        word = match.group().lower()
        if word == "feet":
            results.append(RoundResult(None, TWO_LEFT_FEET, (0, 0)))
            continue
        parsed = re.fullmatch(r"([12]):(\d+)", word)
        if parsed is None:
            raise NotationError(
                "a round is WINNER:CARD (player 1 or 2, tiles left in the opponent's dance "
                "card) or 'feet' for two left feet",
                text=text,
                index=match.start(),
            )
        try:
            results.append(score_round(int(parsed.group(1)) - 1, int(parsed.group(2)), rules))
        except ValueError as error:
            raise NotationError(str(error), text=text, index=match.start(2)) from None
    return tuple(results)


@dataclass(frozen=True)
class TwoStepMatch:
    """A game to ``rules.target`` points: rounds dealt one after another from ``seed``.

    Round ``k`` (from 0) is dealt with :func:`deal` from the seed ``f"{seed}/{k}"``;
    a round with two left feet is replayed with a fresh deal.
    """

    seed: int | str
    round: TwoStepRound
    results: tuple[RoundResult, ...] = ()
    rules: TwoStepRules = DEFAULT_RULES

    @cached_property
    def record(self) -> MatchRecord:
        """The rounds played so far, added up."""
        return tally(self.results, self.rules)

    @property
    def to_move(self) -> int | None:
        """Player to move (0-based), or ``None`` once the match is won."""
        return None if self.record.winner is not None else self.round.to_move

    def legal_moves(self) -> tuple[Move, ...]:
        """The current round's legal moves; none once the match is won."""
        return () if self.record.winner is not None else self.round.legal_moves()

    def play(self, move: Move) -> TwoStepMatch:
        """Play ``move`` in the current round; a finished round is recorded and,
        unless the match is won, the next round is dealt.

        Raises
        ------
        referee.errors.IllegalMoveError
            If the move is not legal, or the match is over.
        """
        if self.record.winner is not None:
            raise IllegalMoveError(f"the match is over: player {self.record.winner + 1} won")
        after = self.round.play(move)
        if after.result is None:
            return replace(self, round=after)
        results = (*self.results, after.result)
        if tally(results, self.rules).winner is not None:
            return replace(self, round=after, results=results)
        return replace(
            self, round=deal(seed=f"{self.seed}/{len(results)}", rules=self.rules), results=results
        )

    def outcome(self) -> Outcome | None:
        """``Outcome(winner, "score", scores)`` once a player reaches the target."""
        record = self.record
        if record.winner is None:
            return None
        return Outcome(record.winner, "score", record.scores)


def new_match(*, seed: int | None = None, rules: TwoStepRules = DEFAULT_RULES) -> TwoStepMatch:
    """A fresh game to ``rules.target`` points, its first round dealt from ``seed``."""
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    return TwoStepMatch(seed, deal(seed=f"{seed}/0", rules=rules), (), rules)


GAME = GameSpec(
    name="two-step",
    title="Two-Step",
    summary="Legal plays from hand, dance card and discard pile, round points and the match.",
    rules="rules/two-step.txt",
    players=("1", "2"),
    new_game=new_match,
)
