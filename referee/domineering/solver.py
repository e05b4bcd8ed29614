"""Perfect play for Domineering: a bitboard negamax search of our own."""

from __future__ import annotations

from referee.domineering.board import (
    SIDES,
    Move,
    Position,
    Side,
    apply_move,
    legal_moves,
    other_side,
    to_move,
)
from referee.errors import RefereeError

__all__ = ["DEFAULT_NODE_LIMIT", "SearchLimitError", "solve", "winning_moves"]

#: Positions the perfect-play search may visit before giving up.
DEFAULT_NODE_LIMIT = 3_000_000


class SearchLimitError(RefereeError):
    """The perfect-play search visited ``node_limit`` positions without an answer."""


class _Solver:
    """Negamax over bitboards with a memo keyed by the free cells and the side to move.

    Cell ``(row, col)`` is bit ``row * (cols + 1) + col``; the extra column is never
    free, so a horizontal pair never wraps to the next row.  H's pairs are the
    bits of ``free & (free >> 1)``, V's those of ``free & (free >> (cols + 1))``.
    """

    def __init__(self, rows: int, cols: int, node_limit: int) -> None:
        self.stride = cols + 1
        self.rows = rows
        self.cols = cols
        self.node_limit = node_limit
        self.nodes = 0
        self.memo: dict[int, bool] = {}
        row_mask = (1 << cols) - 1
        self.row_mask = row_mask
        self.reverse = [int(format(bits, f"0{cols}b")[::-1], 2) for bits in range(row_mask + 1)]

    def anchors(self, free: int, side: int) -> int:
        return free & (free >> (1 if side == 0 else self.stride))

    def key(self, free: int, side: int) -> int:
        """The least of the board and its mirror images (left-right, top-bottom)."""
        stride, mask, reverse = self.stride, self.row_mask, self.reverse
        lines = [(free >> (row * stride)) & mask for row in range(self.rows)]
        mirrored = [reverse[line] for line in lines]
        best = free
        for variant in (mirrored, lines[::-1], mirrored[::-1]):
            packed = 0
            for line in reversed(variant):
                packed = (packed << stride) | line
            best = min(best, packed)
        return (best << 1) | side

    def wins(self, free: int, side: int) -> bool:
        """True if ``side`` (0 = H, 1 = V), to move on ``free``, wins with perfect play."""
        mine = self.anchors(free, side)
        if not mine:
            return False
        theirs = self.anchors(free, 1 - side)
        if not theirs:
            return True
        key = self.key(free, side)
        known = self.memo.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise SearchLimitError(
                f"no answer within {self.node_limit:,} positions; "
                "try a smaller board or a later position"
            )
        step = 1 if side == 0 else self.stride
        other_step = self.stride if side == 0 else 1
        choices = []
        bits = mine
        while bits:
            low = bits & -bits
            bits ^= low
            after = free & ~(low | (low << step))
            left = after & (after >> other_step)
            if not left:
                self.memo[key] = True
                return True
            # Take away as many of the opponent's pairs and as few of ours as we can.
            kept = after & (after >> step)
            choices.append((left.bit_count() - kept.bit_count(), after))
        choices.sort(key=lambda choice: choice[0])
        result = any(not self.wins(after, 1 - side) for _, after in choices)
        self.memo[key] = result
        return result


def _free_bits(pos: Position) -> int:
    stride = pos.cols + 1
    free = 0
    for row, line in enumerate(pos.cells):
        for col, symbol in enumerate(line):
            if symbol == ".":
                free |= 1 << (row * stride + col)
    return free


def solve(pos: Position, *, node_limit: int = DEFAULT_NODE_LIMIT) -> Side:
    """The winner with perfect play from ``pos``, the side to move moving next.

    A search of our own (negamax with a memo of positions up to mirror images,
    moves that take the most opponent pairs first).  The empty 5x5 board takes
    well under a second, 6x6 a few seconds (``benchmarks/domineering_solve.py``).

    Raises
    ------
    referee.errors.ImpossiblePositionError
        If ``pos`` cannot arise under the rules.
    SearchLimitError
        If more than ``node_limit`` positions would be searched.

    >>> solve(Position.empty(1, 1)), solve(Position.empty(2, 2)), solve(Position.empty(2, 1))
    ('V', 'H', 'V')
    """
    side = to_move(pos)
    solver = _Solver(pos.rows, pos.cols, node_limit)
    index = SIDES.index(side)
    return side if solver.wins(_free_bits(pos), index) else other_side(side)


def winning_moves(pos: Position, *, node_limit: int = DEFAULT_NODE_LIMIT) -> list[Move]:
    """The side to move's legal pairs that win with perfect play (empty if it loses).

    Raises
    ------
    referee.errors.ImpossiblePositionError
        If ``pos`` cannot arise under the rules.
    SearchLimitError
        If more than ``node_limit`` positions would be searched in all.

    >>> [str(move) for move in winning_moves(Position.empty(2, 3))]
    ['A1-B1', 'B1-C1', 'A2-B2', 'B2-C2']
    """
    side = to_move(pos)
    solver = _Solver(pos.rows, pos.cols, node_limit)
    reply = SIDES.index(other_side(side))
    return [
        move
        for move in legal_moves(pos, side)
        if not solver.wins(_free_bits(apply_move(pos, move, side)), reply)
    ]
