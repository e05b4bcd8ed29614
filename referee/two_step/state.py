"""The Two-Step round: deal, lead, a position at each decision point, and its moves."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from typing import Any

from referee.dominoes import (
    Line,
    Tile,
    check_tiles,
    double_set,
    format_hand,
)
from referee.errors import IllegalMoveError, ImpossiblePositionError
from referee.game import Outcome
from referee.two_step.moves import Discard, EndTurn, Move, Play, legal_plays
from referee.two_step.rules import DEFAULT_RULES, ENDS, TWO_LEFT_FEET, Source, TwoStepRules
from referee.two_step.scoring import RoundResult, score_round

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


def _pair(value: Sequence[Sequence[Tile]], name: str) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    if len(value) != 2:
        raise ImpossiblePositionError(
            f"Two-Step has two players: expected 2 {name}, got {len(value)}"
        )
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
        tiles left to draw, or an empty dance floor is not the deal itself (full
        dance cards and hands, no discards) with the player holding the lead to
        move.
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
            _check_dealt(self.cards, self.hands, rules)
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

    def _as_listed(self, move: Move) -> Move:
        """The opening double said to go ``"left"``: on an empty dance floor both ends
        are one place, listed (as for any first tile of a line) as ``"right"``."""
        if not self.floor.tiles and isinstance(move, Play) and move.end == "left":
            return replace(move, end="right")
        return move

    def why_illegal(self, move: object) -> str | None:
        """``None`` if ``move`` is legal here, else the reason, naming tile, end and rule."""
        if isinstance(move, Play | Discard | EndTurn):
            move = self._as_listed(move)
        if move in self._moves:
            return None
        return self._why_illegal(move)

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
                card = self.card_tops[self.player] or "empty"
                pile = self.discard_tops[self.player] or "empty"
                shown = {
                    "hand": f"in {who}'s hand ({format_hand(hand) or 'empty'})",
                    "card": f"the top of {who}'s dance card ({card})",
                    "discard": f"the top of {who}'s discard pile ({pile})",
                }[move.source]
                return f"{tile} is not {shown}"
            if move.end not in ENDS:
                return f"an end is 'left' or 'right', not {move.end!r}"
            ends = self.floor.ends
            assert ends is not None
            pips = ends[ENDS.index(move.end)]
            return f"{tile} does not match the {move.end} end ({pips} pips)"
        if isinstance(move, Discard) and move.tile not in self.hands[self.player]:
            # The tile named is not held: that comes first, whether or not a play is left.
            hand_text = format_hand(self.hands[self.player]) or "empty"
            return f"{move.tile} is not in {who}'s hand ({hand_text})"
        if plays and not self.rules.optional_plays:
            return (
                f"{who} must play while a play is left ({', '.join(map(str, plays))}); "
                "a turn ends only when no more plays can be made (rules/two-step.txt)"
            )
        return f"{who} has tiles in hand: the turn ends with a discard from the hand"

    def _after(self, **changes: Any) -> TwoStepRound:
        """A copy with ``changes``, skipping the checks of ``__post_init__``: every move
        keeps the invariants by construction (the random-play tests check them)."""
        after = object.__new__(TwoStepRound)
        for item in fields(self):
            object.__setattr__(after, item.name, changes.get(item.name, getattr(self, item.name)))
        return after

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
        move = self._as_listed(move)
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
            return self._after(
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
        return self._after(
            hands=_two(hands), discards=_two(discards), draw_pile=draw_pile, player=q
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
        lines = [f"dance floor: {str(self.floor) or '(empty)'}"]
        for p in (0, 1):
            top = self.card_tops[p]
            card = f"{len(self.cards[p])} (top {top})" if top else "0"
            lines.append(
                f"player {p + 1}: dance card {card}; hand {format_hand(self.hands[p]) or '-'}; "
                f"discard pile {format_hand(self.discards[p]) or '-'}"
            )
        left = len(self.draw_pile)
        lines.append(f"draw pile: {left} tile{'' if left == 1 else 's'}")
        result = self.result
        if result is None:
            lines.append(f"player {self.player + 1} to move")
        elif result.winner is None:
            lines.append("the round has two left feet: no points, replay")
        else:
            points = result.points[result.winner]
            lines.append(
                f"player {result.winner + 1} cleared their dance card: "
                f"{points} point{'' if points == 1 else 's'}"
            )
        return "\n".join(lines)


def _check_dealt(
    cards: tuple[tuple[Tile, ...], ...], hands: tuple[tuple[Tile, ...], ...], rules: TwoStepRules
) -> None:
    """Before the opening double nothing has moved: full dance cards and hands
    (``rules/two-step.txt``, Setup); the draw pile holds the rest."""
    for p in (0, 1):
        for name, tiles, full in (
            ("dance card", cards[p], rules.dance_card),
            ("hand", hands[p], rules.hand),
        ):
            if len(tiles) != full:
                count = f"{len(tiles)} tile{'s' if len(tiles) != 1 else ''}"
                raise ImpossiblePositionError(
                    f"player {p + 1}'s {name} holds {count} on an empty dance floor: the deal "
                    f"gives {full}, and nothing moves before the opening double"
                )


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
