"""One player's legal plays on a layout, and what to do without one ("may I play this here?").

The one answer behind ``referee cross plays`` and ``POST /api/cross/plays``: both call
:func:`advise` and print or send :meth:`Advice.to_json`, so the command line and the web
never differ.  Rules: ``rules/cross.txt``; ``RULINGS.md`` "Cross".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.cross.layout import Layout
from referee.cross.rules import DEALT, MAX_BONEYARD, MAX_PIPS, VARIANT_DEAL, CrossRules
from referee.cross.state import Play, legal_plays
from referee.dominoes import Tile, format_hand
from referee.errors import ImpossiblePositionError, RefereeError

__all__ = [
    "MAX_HAND",
    "MUSTS",
    "Advice",
    "BoneyardError",
    "HandSizeError",
    "advise",
    "check_boneyard",
    "check_hand_size",
    "table_tiles",
]

#: What ``Advice.must`` may be: play one of the plays, draw, pass, no double to lead with,
#: or the player went out (an empty hand).
MUSTS = ("play", "draw", "pass", "no lead", "out")

#: The most tiles one Cross hand ever holds: the tiles dealt and the whole boneyard drawn,
#: at its largest with 2 players dealt 6 each (the variant): 6 + 16 = 22 (7 + 14 = 21 with
#: the usual deal; 16 and 13 for 3 and 4 players). Before the lead nobody has drawn: at
#: most the 7 dealt (``max(DEALT.values())``).
MAX_HAND = max(
    each + 28 - players * each for players, dealt in DEALT.items() for each in (dealt, VARIANT_DEAL)
)


class BoneyardError(ImpossiblePositionError):
    """A boneyard count no Cross round leaves; the caller names its field (``--boneyard:``,
    ``field 'boneyard':``)."""


class HandSizeError(ImpossiblePositionError):
    """A hand holding more tiles than any Cross round gives one player."""


@dataclass(frozen=True, slots=True)
class Advice:
    """One player's legal plays and what they must do.

    Attributes
    ----------
    layout : Layout
        The table.
    hand : tuple of Tile
        The player's tiles.
    open_ends : tuple of (str, int)
        Each open end's name and pips, in layout order (:meth:`Layout.open_ends`).
    plays : tuple of Play
        Every legal play, sorted by tile then end (:func:`legal_plays`).
    must : str
        One of :data:`MUSTS`.
    reason : str
        Why, in words, citing the rules.
    """

    layout: Layout
    hand: tuple[Tile, ...]
    open_ends: tuple[tuple[str, int], ...]
    plays: tuple[Play, ...]
    must: str
    reason: str

    def to_json(self) -> dict[str, Any]:
        """``{"layout", "table_tiles", "hand", "open_ends": [{"end", "pips"}], "plays":
        [{"tile", "end"}], "must", "reason"}``, as ``referee cross plays --json`` prints it.

        ``table_tiles`` lists the tiles on the table, each as ``"3-6"`` (low half first),
        sorted: a page that sends the layout as text greys them in its tile picker without
        a second parser of the notation (session 11).
        """
        return {
            "layout": str(self.layout),
            "table_tiles": table_tiles(self.layout),
            "hand": format_hand(self.hand),
            "open_ends": [{"end": end, "pips": pips} for end, pips in self.open_ends],
            "plays": [play.to_json() for play in self.plays],
            "must": self.must,
            "reason": self.reason,
        }


def table_tiles(layout: Layout) -> list[str]:
    """The tiles on ``layout``, each written ``"3-6"`` (low half first), sorted.

    >>> from referee.cross import parse_layout
    >>> table_tiles(parse_layout("6-6 | N: 6-3 3-3[L: 3-1] | W: 6-0"))
    ['0-6', '1-3', '3-3', '3-6', '6-6']
    >>> table_tiles(parse_layout(""))
    []
    """
    return [str(tile) for tile in sorted(layout.tiles)]


#: A count this large or larger is not written out in a message (1e308 sent as JSON is a
#: whole number of 309 digits): "too large" says all there is to say.
TOO_LARGE = 10**6


def shown_count(count: int) -> str:
    """``count`` as a message shows it: its digits, or "too large" / "a negative number
    too large" from a million on (:data:`TOO_LARGE`).

    >>> shown_count(-3), shown_count(-10**308)
    ('-3', 'a negative number too large to show')
    """
    if abs(count) < TOO_LARGE:
        return str(count)
    return "a negative number too large to show" if count < 0 else "a number too large to show"


def check_boneyard(boneyard: int, layout: Layout, hand: Sequence[Tile]) -> None:
    """Refuse a boneyard count no Cross round can leave.

    At most :data:`~referee.cross.rules.MAX_BONEYARD` (16: two players dealt 6 each, the
    rules' variant; the deal is not known here, so the largest is allowed), and never more
    than the tiles not on the table, not in this hand and not the one tile (at least) in
    another hand (a player with none has gone out, and the round is over).

    Raises
    ------
    BoneyardError
        Saying the bound and why (also for a negative count).
    """
    if boneyard < 0:
        raise BoneyardError(f"a boneyard holds 0 tiles or more, not {shown_count(boneyard)}")
    if boneyard >= TOO_LARGE:  # its hundreds of digits said nothing (session 10)
        raise BoneyardError(
            f"too large (a million tiles or more): a Cross boneyard never holds more than "
            f"{MAX_BONEYARD} (rules/cross.txt)"
        )
    left = 28 - len(layout.tiles) - len(hand) - 1
    # The tighter bound is the one said: "at most 21" of 22 was false when 17 was refused
    # too (session 10 newcomer).
    if boneyard > left and left < MAX_BONEYARD:
        raise BoneyardError(
            f"{boneyard} tiles cannot be left: with {len(layout.tiles)} on the table, "
            f"{len(hand)} in the hand and at least 1 in another hand, the boneyard holds at "
            f"most {max(left, 0)}"
        )
    if boneyard > MAX_BONEYARD:
        unseen = (
            f"{len(layout.tiles)} on the table, {len(hand)} in the hand and at least 1 in "
            f"another hand leave at most {left} unseen, and "
            if boneyard > left
            else ""
        )
        raise BoneyardError(
            f"{boneyard} tiles cannot be left: {unseen}a Cross boneyard never holds more than "
            f"{MAX_BONEYARD} (28 tiles less those dealt: 2 players dealt 6 each leave 16, "
            "7 each leave 14; 3 players leave 10, 4 leave 8; rules/cross.txt)"
        )


def check_hand_size(layout: Layout, hand: Sequence[Tile]) -> None:
    """Refuse a hand larger than any Cross round gives one player.

    Before the lead nobody has drawn: at most the 7 dealt (2 players; 6 for 3 players and
    under the variant, 5 for 4). Once the lead is set, at most :data:`MAX_HAND` (22: 6
    dealt and all 16 of the largest boneyard drawn), and the table and the hand leave at
    least one tile for another hand (a player with none has gone out).

    Raises
    ------
    HandSizeError
        Saying the count, the bound and why.
    """
    dealt = max(DEALT.values())
    if layout.lead is None and len(hand) > dealt:
        raise HandSizeError(
            f"the hand holds {len(hand)} tiles before the lead, when nobody has drawn yet: "
            f"a deal gives at most {dealt} (2 players 7 each, 3 players 6, 4 players 5; "
            "rules/cross.txt)"
        )
    if len(hand) > MAX_HAND:
        raise HandSizeError(
            f"the hand holds {len(hand)} tiles: a Cross hand never holds more than "
            f"{MAX_HAND} (6 dealt and all 16 of the largest boneyard drawn; rules/cross.txt)"
        )
    if len(layout.tiles) + len(hand) > 27:
        raise HandSizeError(
            f"the hand holds {len(hand)} tiles and the table {len(layout.tiles)}: with the "
            "28 tiles of the set, another player must hold at least 1 (a player with none "
            "has gone out)"
        )


def dead_numbers(layout: Layout, ends: Sequence[tuple[str, int]]) -> tuple[int, ...] | None:
    """The numbers the open ``ends`` show, when every tile showing one is on the table:
    then no tile anywhere (a hand, the boneyard) can ever fit, the table cannot change,
    and the round blocks once nothing may be drawn.  ``None`` when some tile could still
    fit, or there is no open end (before the lead).

    >>> from referee.cross import parse_layout
    >>> table = parse_layout("6-6 | N: 6-2 2-3 3-3 | E: 6-0 0-3 | S: 6-5 5-3 3-1 1-6"
    ...                      " | W: 6-4 4-3 3-6")
    >>> dead_numbers(table, table.open_ends())
    (3, 6)
    """
    numbers = sorted({pips for _, pips in ends})
    seen = set(layout.tiles)
    if not numbers or any(
        Tile(min(n, other), max(n, other)) not in seen
        for n in numbers
        for other in range(MAX_PIPS + 1)
    ):
        return None
    return tuple(numbers)


def _blocks(numbers: tuple[int, ...] | None) -> str:
    """The sentence added to a draw when :func:`dead_numbers` found the table dead."""
    if numbers is None:
        return ""
    shown = " or a ".join(str(n) for n in numbers)
    return (
        f"; no tile can ever fit an open end (every tile with a {shown} is on the table), "
        "so the round will be blocked once nothing may be drawn"
    )


def _verdict(
    layout: Layout,
    hand: Sequence[Tile],
    found: Sequence[Play],
    boneyard: int | None,
    kept: int,
    dead: tuple[int, ...] | None = None,
) -> tuple[str, str]:
    if not hand:
        return "out", (
            "this player has set their last tile: they went out and the round is over "
            "(rules/cross.txt)"
        )
    if found and layout.lead is None:
        return "play", (
            f"the holder of the heaviest double sets it: {found[0].tile}, "
            "unless another hand holds a heavier double"
        )
    if found:
        return "play", "a player holding a playable tile must play one (rules/cross.txt)"
    if layout.lead is None:
        return "no lead", (
            "no double in this hand: the holder of the heaviest double sets it "
            "(if nobody holds a double, the tiles are reshuffled and dealt again)"
        )
    if boneyard is None:
        return "draw", (
            "no play: draw one tile at a time from the boneyard until able to play; "
            "pass only when nothing may be drawn" + _blocks(dead)
        )
    if boneyard > kept:
        return "draw", f"no play: draw one tile ({boneyard - kept} may be drawn)" + _blocks(dead)
    never = " (the last two are never drawn)" if kept and boneyard else ""
    return "pass", f"no play and nothing may be drawn{never}: pass"


def advise(
    layout: Layout,
    hand: Sequence[Tile],
    *,
    boneyard: int | None = None,
    rules: CrossRules | None = None,
    lead_sides_closed: bool = False,
) -> Advice:
    """The legal plays of ``hand`` on ``layout`` and what the player must do.

    Parameters
    ----------
    layout : Layout
        The table (empty: before the lead).
    hand : sequence of Tile
        The player's tiles; empty: the player went out (``must`` is ``"out"``).
    boneyard : int or None
        Tiles left in the boneyard, if known: with no play, ``"draw"`` or ``"pass"``
        is decided by it (and ``rules.last_two_never_drawn``); unknown, ``"draw"`` with
        the reminder that a player passes only when nothing may be drawn.
    rules : CrossRules or None
        ``later_spinners`` and ``last_two_never_drawn`` (default ``CrossRules()``).
    lead_sides_closed : bool
        The closing variant is in effect (every player has had a turn).

    Raises
    ------
    referee.errors.RefereeError
        An empty hand before the lead (every player is dealt tiles).
    referee.errors.ImpossiblePositionError
        A tile twice or both in the hand and on the table, or a layout the rules cannot
        reach (:func:`legal_plays`).
    HandSizeError
        A hand larger than any round gives one player (:func:`check_hand_size`).
    BoneyardError
        A boneyard no round leaves (:func:`check_boneyard`), checked after the tiles.

    >>> from referee.cross import parse_layout
    >>> from referee.dominoes import parse_hand
    >>> advice = advise(parse_layout("6-6 | N: 6-3 | E: 6-2 | S: 6-1 | W: 6-0"),
    ...                 parse_hand("4-4 5-5"), boneyard=0)
    >>> advice.plays, advice.must
    ((), 'pass')
    """
    rules = CrossRules() if rules is None else rules
    hand = tuple(hand)
    if not hand and layout.lead is None:
        raise RefereeError("an empty hand before the lead (every player is dealt tiles)")
    found = legal_plays(layout, hand, rules=rules, lead_sides_closed=lead_sides_closed)
    check_hand_size(layout, hand)
    if boneyard is not None:
        check_boneyard(boneyard, layout, hand)
    ends = layout.open_ends(
        later_spinners=rules.later_spinners, lead_sides_closed=lead_sides_closed
    )
    # A draw on a table no tile can ever fit is said to block (session 10: "draw" alone,
    # as the rules require, left the player drawing for nothing).
    dead = dead_numbers(layout, ends) if not found and layout.lead is not None else None
    must, reason = _verdict(layout, hand, found, boneyard, rules.never_drawn, dead)
    return Advice(layout, hand, tuple(ends), tuple(found), must, reason)
