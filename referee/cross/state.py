"""Cross moves, legal plays and the round's state machine (``rules/cross.txt``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from referee.cross.layout import ARMS, END_RE, LEAD, Arm, Layout
from referee.cross.rules import MAX_PIPS, CrossRules
from referee.cross.scoring import RoundResult, round_result
from referee.dominoes import Tile, check_tiles, double_set, parse_tile
from referee.errors import IllegalMoveError, ImpossiblePositionError, NotationError, RefereeError
from referee.game import Outcome

__all__ = [
    "DRAW",
    "PASS",
    "CrossState",
    "Draw",
    "Move",
    "Pass",
    "Play",
    "legal_plays",
    "new_game",
    "new_round",
    "parse_move",
    "start_round",
]


@dataclass(frozen=True, slots=True, order=True)
class Play:
    """Play ``tile`` on the open end named ``end`` (``"N"``, ``"N2L"``, ``"lead"``)."""

    tile: Tile
    end: str

    def __str__(self) -> str:
        return f"{self.tile} {self.end}"

    def to_json(self) -> dict[str, str]:
        """``{"tile": "3-6", "end": "N"}``."""
        return {"tile": str(self.tile), "end": self.end}


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one tile from the boneyard (only when no play exists)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass (only when no play exists and nothing may be drawn)."""

    def __str__(self) -> str:
        return "pass"


Move = Play | Draw | Pass
DRAW = Draw()
PASS = Pass()


def parse_move(text: str) -> Move:
    """Parse ``"3-6 N"``, ``"6-6 lead"``, ``"draw"`` or ``"pass"``.

    Raises
    ------
    referee.errors.NotationError
        If ``text`` is none of those.

    >>> parse_move("6-3 N2L"), parse_move(" draw ")
    (Play(tile=Tile(3, 6), end='N2L'), Draw())
    """
    words = text.split()
    if len(words) == 1 and words[0].lower() in ("draw", "pass"):
        return DRAW if words[0].lower() == "draw" else PASS
    if len(words) == 2 and (words[1] == LEAD or END_RE.fullmatch(words[1].upper())):
        end = LEAD if words[1] == LEAD else words[1].upper()
        try:
            return Play(parse_tile(words[0], max_pips=MAX_PIPS), end)
        except NotationError as error:
            raise error.within(text, text.index(words[0])) from None
    raise NotationError("a move is 'TILE END' (e.g. '3-6 N'), 'draw' or 'pass'", text=text)


def legal_plays(
    layout: Layout,
    hand: Sequence[Tile],
    *,
    rules: CrossRules | None = None,
    lead_sides_closed: bool = False,
) -> list[Play]:
    """Every play of a tile from ``hand`` on ``layout``, sorted by tile then end.

    Parameters
    ----------
    layout : Layout
        The table.  Empty: the hand's heaviest double on ``"lead"`` (whether this
        player leads depends on every hand; see :class:`CrossState`).
    hand : sequence of Tile
        The player's tiles.
    rules : CrossRules or None
        ``later_spinners`` decides whether later doubles open branches
        (default ``CrossRules()``).
    lead_sides_closed : bool
        The variant's closing of the lead's empty sides is in effect.

    Returns
    -------
    list of Play
        One per (tile, open end) pair that matches, ends in layout order
        (:meth:`Layout.open_ends`).  A tile fitting two ends is listed twice.

    Raises
    ------
    referee.errors.ImpossiblePositionError
        If a tile is outside the set, or both in the hand and on the table.
    UnreachableLayoutError
        If the layout cannot arise under ``rules``: an arm extended or a branch
        started before the cross is complete, or branches when only the first
        double is a spinner.

    >>> from referee.cross import parse_layout
    >>> from referee.dominoes import parse_hand
    >>> layout = parse_layout("6-6 | N: 6-3 | E: 6-2")
    >>> [str(play) for play in legal_plays(layout, parse_hand("6-1 3-4"))]
    ['1-6 S', '1-6 W']
    """
    rules = CrossRules() if rules is None else rules
    check_tiles([layout.tiles, hand], max_pips=MAX_PIPS, names=("the layout", "the hand"))
    if layout.lead is None:
        doubles = [tile for tile in hand if tile.is_double]
        return [Play(max(doubles), LEAD)] if doubles else []
    _check_layout(layout, rules, lead_sides_closed)
    ends = layout.open_ends(
        later_spinners=rules.later_spinners, lead_sides_closed=lead_sides_closed
    )
    return [Play(tile, end) for tile in sorted(hand) for end, pips in ends if tile.has(pips)]


class UnreachableLayoutError(ImpossiblePositionError):
    """A layout the rules cannot reach (an arm extended before the cross is complete,
    branches when only the first double is a spinner): a fault of the table alone, so the
    caller names its field (``LAYOUT:``, ``field 'layout':``)."""


def _check_layout(layout: Layout, rules: CrossRules, lead_sides_closed: bool) -> None:
    def has_branches(arm: Arm) -> bool:
        return any(placed.left or placed.right for placed in arm)

    for side, arm in zip(ARMS, layout.arms, strict=True):
        if not rules.later_spinners and has_branches(arm):
            raise UnreachableLayoutError(
                f"arm {side} has branches, but only the first double is a spinner"
            )
        incomplete = not layout.cross_complete and not lead_sides_closed
        if incomplete and (len(arm) > 1 or has_branches(arm)):
            empty = ", ".join(s for s, a in zip(ARMS, layout.arms, strict=True) if not a)
            raise UnreachableLayoutError(
                f"arm {side} extends before the cross is complete (open sides: {empty})"
            )


@dataclass(frozen=True, slots=True)
class CrossState:
    """A Cross round in progress (immutable; :meth:`play` returns a new state).

    Attributes
    ----------
    rules : CrossRules
        The parameters.
    hands : tuple of tuples of Tile
        Each player's tiles, by seat.
    boneyard : tuple of Tile
        Undrawn tiles, the next to be drawn first.
    layout : Layout
        The table.
    turn : int
        The seat whose turn it is (also while drawing).
    turns_taken : int
        Turns ended so far (by a play or a pass), the lead's included.
    """

    rules: CrossRules
    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...] = ()
    layout: Layout = field(default_factory=Layout)
    turn: int = 0
    turns_taken: int = 0

    @property
    def lead_sides_closed(self) -> bool:
        """The variant's closing of the lead's empty sides is in effect."""
        return self.rules.close_lead_sides and self.turns_taken >= self.rules.players

    @property
    def drawable(self) -> int:
        """How many boneyard tiles may still be drawn."""
        return max(0, len(self.boneyard) - self.rules.never_drawn)

    @property
    def to_move(self) -> int | None:
        """The seat to move, ``None`` once the round is over."""
        return None if self.outcome() is not None else self.turn

    def plays_for(self, player: int) -> list[Play]:
        """Every legal play of ``player``'s hand on the layout now."""
        return legal_plays(
            self.layout,
            self.hands[player],
            rules=self.rules,
            lead_sides_closed=self.lead_sides_closed,
        )

    def legal_moves(self) -> list[Move]:
        """The plays of the player to move; else ``[DRAW]`` if the boneyard allows;
        else ``[PASS]``; ``[]`` once the round is over."""
        if self.outcome() is not None:
            return []
        plays = self.plays_for(self.turn)
        if plays:
            return list(plays)
        return [DRAW] if self.drawable else [PASS]

    def play(self, move: Move | str) -> CrossState:
        """Return the state after ``move`` (a move or its notation).

        Raises
        ------
        referee.errors.IllegalMoveError
            If the move is not legal now; the message gives the rule.
        referee.errors.NotationError
            If a move given as text cannot be parsed.
        """
        if isinstance(move, str):
            move = parse_move(move)
        legal = self.legal_moves()
        if move not in legal:
            raise IllegalMoveError(self._why_illegal(move, legal))
        player, after = self.turn, (self.turn + 1) % self.rules.players
        hands = list(self.hands)
        if isinstance(move, Draw):
            hands[player] = (*hands[player], self.boneyard[0])
            return replace(self, hands=tuple(hands), boneyard=self.boneyard[1:])
        if isinstance(move, Pass):
            return replace(self, turn=after, turns_taken=self.turns_taken + 1)
        layout = self.layout.place(
            move.tile,
            move.end,
            later_spinners=self.rules.later_spinners,
            lead_sides_closed=self.lead_sides_closed,
        )
        hands[player] = tuple(tile for tile in hands[player] if tile != move.tile)
        return replace(
            self, hands=tuple(hands), layout=layout, turn=after, turns_taken=self.turns_taken + 1
        )

    def _why_illegal(self, move: Move, legal: list[Move]) -> str:
        who = f"player {self.turn + 1}"
        if not legal:
            return "the round is over"
        if isinstance(move, Play):
            if move.tile not in self.hands[self.turn]:
                return f"{who} does not hold {move.tile}"
            if self.layout.lead is None:
                return f"the lead is forced: {who} sets {legal[0]}"
            try:
                self.layout.place(
                    move.tile,
                    move.end,
                    later_spinners=self.rules.later_spinners,
                    lead_sides_closed=self.lead_sides_closed,
                )
            except IllegalMoveError as error:
                return str(error)
            return f"{move} is not a legal play now"
        if isinstance(legal[0], Play):
            return f"{who} holds a playable tile ({legal[0].tile}) and may not {move}"
        if isinstance(move, Pass):
            tiles = "tile" if self.drawable == 1 else "tiles"
            return f"{who} may not pass: {self.drawable} boneyard {tiles} may be drawn"
        if self.boneyard:
            return f"{who} may not draw: the last two boneyard tiles are never drawn"
        return f"{who} may not draw: the boneyard is empty"

    def round_result(self) -> RoundResult | None:
        """The scored round once it is over, else ``None``."""
        for player, hand in enumerate(self.hands):
            if not hand:
                return round_result(self.hands, went_out=player)
        if self.drawable or self.layout.lead is None:
            return None
        if any(self.plays_for(player) for player in range(self.rules.players)):
            return None
        return round_result(self.hands)

    def outcome(self) -> Outcome | None:
        """``Outcome(winner, "domino" | "blocked", points by player)`` or ``None``."""
        result = self.round_result()
        if result is None:
            return None
        points = [0] * self.rules.players
        if result.winner is not None:
            points[result.winner] = result.points
        return Outcome(result.winner, "domino" if result.went_out else "blocked", tuple(points))


def start_round(
    hands: Sequence[Sequence[Tile]],
    boneyard: Sequence[Tile] = (),
    *,
    rules: CrossRules | None = None,
) -> CrossState:
    """The state after a deal: the holder of the heaviest double is to set it.

    Parameters
    ----------
    hands : sequence of sequences of Tile
        One hand per seat; ``rules.players`` defaults to their number.
    boneyard : sequence of Tile
        Undrawn tiles, the next to be drawn first.
    rules : CrossRules or None
        Default: ``CrossRules(players=len(hands))``.

    Raises
    ------
    referee.errors.RefereeError
        If the number of hands differs from ``rules.players``.
    referee.errors.ImpossiblePositionError
        If a tile is outside the set or dealt twice.
    referee.errors.ImpossiblePositionError
        If nobody holds a double (the rules say: reshuffle and deal again).
    """
    rules = CrossRules(players=len(hands)) if rules is None else rules
    if len(hands) != rules.players:
        raise RefereeError(f"{len(hands)} hands dealt for {rules.players} players")
    names = [f"hand {number + 1}" for number in range(len(hands))] + ["the boneyard"]
    check_tiles([*hands, boneyard], max_pips=MAX_PIPS, names=names)
    doubles = [
        (tile, player) for player, hand in enumerate(hands) for tile in hand if tile.is_double
    ]
    if not doubles:
        raise ImpossiblePositionError("nobody holds a double: reshuffle and deal again")
    leader = max(doubles)[1]
    return CrossState(rules, tuple(tuple(hand) for hand in hands), tuple(boneyard), turn=leader)


def new_round(rules: CrossRules | None = None, *, seed: int | None = None) -> CrossState:
    """Shuffle the double-six set with ``seed`` and deal (again while nobody holds a double).

    >>> state = new_round(seed=7)
    >>> len(state.boneyard), [len(hand) for hand in state.hands]
    (14, [7, 7])
    >>> heaviest = max(tile for hand in state.hands for tile in hand if tile.is_double)
    >>> state.legal_moves() == [Play(heaviest, LEAD)]
    True
    """
    rules = CrossRules() if rules is None else rules
    rng = random.Random(seed)
    tiles = list(double_set(MAX_PIPS))
    each = rules.tiles_each
    while True:
        rng.shuffle(tiles)
        hands = [sorted(tiles[n * each : (n + 1) * each]) for n in range(rules.players)]
        if any(tile.is_double for hand in hands for tile in hand):
            return start_round(hands, tiles[rules.players * each :], rules=rules)


def new_game(*, seed: int | None = None) -> CrossState:
    """A 2-player round with the default rules, dealt from ``seed``."""
    return new_round(seed=seed)
