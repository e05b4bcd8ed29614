"""Seconds the Domineering perfect-play search takes on empty boards.

Run from the project root::

    .venv/bin/python benchmarks/domineering_solve.py [--sizes 4x4,5x5,6x6] [--node-limit N]

For each board it prints the winner with perfect play (H moves first), the
positions searched (memo entries) and the seconds taken on one core.
"""

from __future__ import annotations

import argparse
import time

from referee.domineering import Position
from referee.domineering.board import to_move
from referee.domineering.solver import DEFAULT_NODE_LIMIT, SearchLimitError, _free_bits, _Solver


def _size(text: str) -> tuple[int, int]:
    rows, _, cols = text.lower().partition("x")
    return int(rows), int(cols)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="3x3,4x4,4x5,5x4,5x5,5x6,6x5,6x6")
    parser.add_argument("--node-limit", type=int, default=10 * DEFAULT_NODE_LIMIT)
    args = parser.parse_args()
    print(f"{'board':>6} {'winner':>7} {'positions':>10} {'seconds':>8}")
    for text in args.sizes.split(","):
        rows, cols = _size(text)
        pos = Position.empty(rows, cols)
        side = to_move(pos)
        solver = _Solver(rows, cols, args.node_limit)
        start = time.perf_counter()
        try:
            wins = solver.wins(_free_bits(pos), 0 if side == "H" else 1)
            winner = side if wins else ("V" if side == "H" else "H")
        except SearchLimitError:
            winner = "?"
        seconds = time.perf_counter() - start
        print(f"{rows}x{cols:<4} {winner:>7} {solver.nodes:>10,} {seconds:>8.2f}")


if __name__ == "__main__":
    main()
