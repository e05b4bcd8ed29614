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

#: Positions the perfect-play search may visit before giving up: about 9 s of one core
#: on an empty 8x8 board, which it cannot solve (docs/domineering.md, "Session 9").
DEFAULT_NODE_LIMIT = 600_000


class SearchLimitError(RefereeError):
    """The perfect-play search visited ``node_limit`` positions without an answer."""


#: Bit ``row * 8 + col`` is cell ``(row, col)``: a board of up to 8x8 in one 64-bit int.
_STRIDE = 8
#: Cells that may be the left cell of a pair (not column H): no pair wraps to the next row.
_LEFT_CELLS = 0x7F7F_7F7F_7F7F_7F7F


def _pair_counts() -> bytes:
    """For each 8-cell row as a byte, the most disjoint pairs it holds (half of each run)."""
    counts = []
    for bits in range(256):
        runs = format(bits, "08b").split("0")
        counts.append(sum(len(run) // 2 for run in runs))
    return bytes(counts)


_PAIRS = _pair_counts()


def _mirror_table(width: int) -> bytes:
    """Each row byte of a board ``width`` cells wide, mirrored left to right."""
    return bytes(int(format(bits, "08b")[::-1], 2) >> (8 - width) for bits in range(256))


def _transpose(board: int) -> int:
    """The 8x8 bitboard flipped about its main diagonal: bit ``r * 8 + c`` -> ``c * 8 + r``."""
    swap = 0x0F0F_0F0F_0000_0000 & (board ^ (board << 28))
    board ^= swap ^ (swap >> 28)
    swap = 0x3333_0000_3333_0000 & (board ^ (board << 14))
    board ^= swap ^ (swap >> 14)
    swap = 0x5500_5500_5500_5500 & (board ^ (board << 7))
    board ^= swap ^ (swap >> 7)
    return board


def _count(board: int) -> int:
    """The most disjoint horizontal pairs on ``board`` (taken row by row)."""
    return sum(board.to_bytes(8, "little").translate(_PAIRS))


class _Solver:
    """Negamax over two bitboards, each side's pairs horizontal in its own.

    The free cells are kept twice: row by row (H's pairs are neighbouring bits)
    and transposed (V's pairs are then neighbouring bits), so one search serves
    both sides: ``_wins(mine, theirs, side)`` has the side to move's pairs in
    ``mine``.  Before searching a position it tries the safe-move bounds:

    * a pair is *safe* for a side if the opponent can never claim either cell
      (no free cell above or below it, for H); safe pairs counted half of each
      run of such cells, so they never overlap;
    * a side's *possible* moves are the most disjoint pairs it could ever claim
      (half of each run of free cells in its direction): the opponent's moves
      only take cells away.

    The side to move wins if it has more safe moves than the opponent has
    possible moves (it plays a safe move each turn until the opponent runs out),
    and loses if the opponent has at least as many safe moves as it has
    possible moves.  The memo is keyed by the board up to its mirror images
    (left-right, top-bottom) and, on a square board, its transpose with the
    sides swapped (the same game for the other side); cells neither side can
    ever use are left out of the key.
    """

    def __init__(self, rows: int, cols: int, node_limit: int) -> None:
        self.rows = rows
        self.cols = cols
        self.node_limit = node_limit
        self.nodes = 0
        self.memo: dict[int, bool] = {}
        self.square = rows == cols
        # Per side (0 = H, 1 = V): rows and mirror table of that side's own board.
        self.lines = (rows, cols)
        self.mirror = (_mirror_table(cols), _mirror_table(rows))
        # A pair whose left cell is bit p in one board is bits q, q + 8 in the other.
        self.across = [0] * 64
        for bit in range(64):
            row, col = divmod(bit, _STRIDE)
            spot = col * _STRIDE + row
            self.across[bit] = (1 << spot) | (1 << (spot + _STRIDE)) if spot < 56 else 0

    def key(self, mine: int, side: int) -> int:
        """The least of the board and its mirror images, cells nobody can use left out."""
        live = mine & (mine >> 1) & _LEFT_CELLS
        live |= (live << 1) | (mine & ((mine >> _STRIDE) | (mine << _STRIDE)))
        lines = live.to_bytes(self.lines[side], "little")
        mirrored = lines.translate(self.mirror[side])
        best = min(
            live,
            int.from_bytes(mirrored, "little"),
            int.from_bytes(lines, "big"),
            int.from_bytes(mirrored, "big"),
        )
        return best if self.square else (best << 1) | side

    def wins(self, free: int, side: int) -> bool:
        """True if ``side`` (0 = H, 1 = V), to move on ``free``, wins with perfect play.

        ``free`` has bit ``row * 8 + col`` set for each free cell (:func:`_free_bits`).
        """
        across = _transpose(free)
        if side == 0:
            return self._wins(free, across, 0)
        return self._wins(across, free, 1)

    def _wins(self, mine: int, theirs: int, side: int) -> bool:
        anchors = mine & (mine >> 1) & _LEFT_CELLS
        if not anchors:
            return False
        their_pairs = theirs & (theirs >> 1) & _LEFT_CELLS
        if not their_pairs:
            return True
        # The safe-move bounds; each count is at most half its cells and at least
        # half its pairs (rounded up), which settles most positions without counting.
        safe = mine & ~((mine >> _STRIDE) | (mine << _STRIDE))
        if safe.bit_count() // 2 > (their_pairs.bit_count() + 1) // 2 and _count(safe) > _count(
            theirs
        ):
            return True
        safe = theirs & ~((theirs >> _STRIDE) | (theirs << _STRIDE))
        if safe.bit_count() // 2 >= (anchors.bit_count() + 1) // 2 and _count(safe) >= _count(mine):
            return False
        key = self.key(mine, side)
        known = self.memo.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise SearchLimitError(
                f"no answer within {self.node_limit:,} positions; "
                "try a smaller board or a later position"
            )
        across, pairs = self.across, _PAIRS
        choices = []
        bits = anchors
        while bits:
            low = bits & -bits
            bits ^= low
            after = theirs & ~across[low.bit_length() - 1]
            kept = mine & ~(low | (low << 1))
            safe = kept & ~((kept >> _STRIDE) | (kept << _STRIDE))
            # A move wins at once if it leaves the opponent at most as many possible
            # moves as we have safe ones (the bound above, for the opponent to move).
            # Otherwise: the opponent's fewest possible moves and our most safe ones first.
            margin = sum(after.to_bytes(8, "little").translate(pairs)) - sum(
                safe.to_bytes(8, "little").translate(pairs)
            )
            if margin <= 0:
                self.memo[key] = True
                return True
            choices.append((margin, after, kept))
        choices.sort(key=lambda choice: choice[0])
        reply = side ^ 1
        result = any(not self._wins(after, kept, reply) for _, after, kept in choices)
        self.memo[key] = result
        return result


def _free_bits(pos: Position) -> int:
    """Bit ``row * 8 + col`` set for each free cell of ``pos``."""
    free = 0
    for row, line in enumerate(pos.cells):
        for col, symbol in enumerate(line):
            if symbol == ".":
                free |= 1 << (row * _STRIDE + col)
    return free


def solve(pos: Position, *, node_limit: int = DEFAULT_NODE_LIMIT) -> Side:
    """The winner with perfect play from ``pos``, the side to move moving next.

    A search of our own (:class:`_Solver`: negamax with the safe-move bounds, a memo
    of positions up to symmetry, moves that leave the opponent fewest possible moves
    first).  The empty 5x5 and 6x6 boards take well under a second
    (``benchmarks/domineering_solve.py``; docs/domineering.md, "Session 9").

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
