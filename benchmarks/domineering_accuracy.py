"""Accuracy and speed of the Domineering sheet reader on rendered photos.

There are no real photos of Domineering sheets, so every sheet here is drawn by
``vision.render.domineering`` from a seed (the position from random legal play).
Seeds 0-299 (normal; 100-299 added in session 4) and 3000-3099 (hard) were used
while tuning; the model was fitted on seeds 500000 and up; the default report uses
seeds 1000+ (normal) and 2000+ (hard: smaller, fainter, more blur, perspective,
shadow, JPEG).  A separate
line reads sheets from ``benchmarks/domineering_independent.py``, a renderer
written apart from the project's and used only here (never to fit or tune).

    python benchmarks/domineering_accuracy.py        # 200 normal + 100 hard + 100 independent
    python benchmarks/domineering_accuracy.py --sheets 50 --hard 0 --independent 0

Prints exact-position rate, per-cell accuracy, grid/orientation found, and the
median and 95th percentile seconds per photo (JPEG decode + reading), as CPU time
of this single-threaded process (one core; wall time on a shared machine is longer).
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import time  # noqa: E402
from collections import defaultdict  # noqa: E402

import cv2  # noqa: E402
import numpy as np  # noqa: E402

# a sibling script (this folder is on sys.path when the benchmark runs as a script)
from domineering_independent import render_independent  # noqa: E402

from vision.decode import decode_image  # noqa: E402
from vision.domineering import GridNotFoundError, read_sheet  # noqa: E402
from vision.domineering.grid import SIZE  # noqa: E402
from vision.domineering.model import load_model  # noqa: E402
from vision.render.domineering import render_sheet  # noqa: E402


def _stage(cells: tuple[str, ...], truth: tuple[str, ...], found: bool, corner_err: float) -> str:
    """Where a miss happened: refused, grid (or orientation) off, cells claimed, or joins.

    ``corner_err`` is the largest corner error of the sheet's grid, in cells.
    """
    if not found:
        return "refused"
    if corner_err >= 0.35:
        return "grid/orientation"
    claimed = {(r, c) for r in range(SIZE) for c in range(SIZE) if cells[r][c] != "."}
    written = {(r, c) for r in range(SIZE) for c in range(SIZE) if truth[r][c] != "."}
    if claimed != written:
        return f"cells claimed ({len(claimed ^ written)} wrong)"
    wrong = sum(
        a != b for row, t in zip(cells, truth, strict=True) for a, b in zip(row, t, strict=True)
    )
    return f"joins ({wrong} cells)"


def run(seeds: range, *, hard: bool) -> dict[str, object]:
    """Render and read each sheet; return the figures and per-condition tallies."""
    model = load_model()
    exact = cells_right = grid_ok = turn_ok = 0
    seconds: list[float] = []
    by: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    failures: list[str] = []
    for seed in seeds:
        sheet = render_sheet(seed, hard=hard)
        start = time.process_time()
        image = decode_image(sheet.jpeg)
        try:
            reading = read_sheet(image, model=model)
            cells = reading.cells
        except GridNotFoundError:
            reading = None
            cells = ("?" * SIZE,) * SIZE
        seconds.append(time.process_time() - start)
        right = sum(
            a == b
            for row, truth in zip(cells, sheet.cells, strict=True)
            for a, b in zip(row, truth, strict=True)
        )
        cells_right += right
        ok = cells == sheet.cells
        exact += ok
        err = 0.0
        if reading is not None:
            cell = np.linalg.norm(sheet.corners[1] - sheet.corners[0]) / SIZE
            err = np.abs(reading.corners - sheet.corners).max() / cell
            turn_ok += err < 0.35
            grid_ok += (
                min(
                    np.abs(np.roll(reading.corners, k, axis=0) - sheet.corners).max()
                    for k in range(4)
                )
                / cell
                < 0.35
            )
        cond = sheet.conditions
        px = float(cond["cell_px"])
        keys = [
            f"lines {'freehand' if cond['freehand'] else 'ruled'}",
            f"marks {cond['mode']}",
            f"rotation {int(cond['rotation'] // 90) * 90}-{int(cond['rotation'] // 90) * 90 + 90}",
            "cell px " + ("<60" if px < 60 else "60-100" if px < 100 else ">=100"),
            f"blur {'>1' if cond['blur'] > 1 else '<=1'}",
            f"shadow {'yes' if cond['shadow'] else 'no'}",
            f"game {'finished' if cond['finished'] else 'in play'}",
        ]
        for key in keys:
            by[key][0] += ok
            by[key][1] += 1
        if not ok:
            stage = _stage(cells, sheet.cells, reading is not None, float(err))
            failures.append(
                f"seed {seed}: [{stage}] read {'/'.join(cells)} truth {'/'.join(sheet.cells)}"
            )
    n = len(seeds)
    return {
        "n": n,
        "exact": exact / n,
        "cells": cells_right / (n * SIZE * SIZE),
        "grid": grid_ok / n,
        "orientation": turn_ok / n,
        "median": float(np.median(seconds)),
        "p95": float(np.percentile(seconds, 95)),
        "by": dict(by),
        "failures": failures,
    }


def run_independent(seeds: range) -> dict[str, object]:
    """Read sheets from the independent renderer (evaluation only); exact and per-cell rates."""
    model = load_model()
    exact = cells_right = 0
    seconds: list[float] = []
    by: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    failures: list[str] = []
    for seed in seeds:
        sheet = render_independent(seed)
        start = time.process_time()
        image = decode_image(sheet.jpeg)
        try:
            cells = read_sheet(image, model=model).cells
        except GridNotFoundError:
            cells = ("?" * SIZE,) * SIZE
        seconds.append(time.process_time() - start)
        cells_right += sum(
            a == b
            for row, truth in zip(cells, sheet.cells, strict=True)
            for a, b in zip(row, truth, strict=True)
        )
        ok = cells == sheet.cells
        exact += ok
        cond = sheet.conditions
        for key in (
            f"paper {cond['paper']}",
            f"writing {cond['writing']}",
            f"shade {cond['shade']}" if cond["writing"] != "numbers" else "shade none",
            f"join {cond['join']}",
            f"grid {'ruler' if cond['ruler'] else 'freehand'}",
        ):
            by[key][0] += ok
            by[key][1] += 1
        if not ok:
            failures.append(
                f"seed {seed}: read {'/'.join(cells)} truth {'/'.join(sheet.cells)} {cond}"
            )
    n = len(seeds)
    return {
        "n": n,
        "exact": exact / n,
        "cells": cells_right / (n * SIZE * SIZE),
        "grid": float("nan"),
        "orientation": float("nan"),
        "median": float(np.median(seconds)),
        "p95": float(np.percentile(seconds, 95)),
        "by": dict(by),
        "failures": failures,
    }


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument(
        "--sheets", type=int, default=200, help="normal sheets (seeds from --start)"
    )
    parser.add_argument("--start", type=int, default=1000)
    parser.add_argument(
        "--hard", type=int, default=100, help="hard sheets (seeds from --hard-start)"
    )
    parser.add_argument("--hard-start", type=int, default=2000)
    parser.add_argument(
        "--independent",
        type=int,
        default=100,
        help="sheets from the independent renderer (benchmarks/domineering_independent.py)",
    )
    parser.add_argument(
        "--independent-start",
        type=int,
        default=0,
        help="first seed of the independent sheets (0-99 reported; 5000+ tuning)",
    )
    parser.add_argument("--conditions", action="store_true", help="also print a table by condition")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    sets = [("normal", range(args.start, args.start + args.sheets), False)] if args.sheets else []
    if args.hard:
        sets.append(("hard", range(args.hard_start, args.hard_start + args.hard), True))
    print(
        f"{'set':8} {'sheets':>6} {'exact':>7} {'cells':>7} {'grid':>6} {'orient':>6} "
        f"{'median s':>8} {'p95 s':>7}"
    )
    results = []
    for name, seeds, hard in sets:
        r = run(seeds, hard=hard)
        results.append((name, r))
        print(
            f"{name:8} {r['n']:>6} {r['exact']:>7.1%} {r['cells']:>7.2%} {r['grid']:>6.1%} "
            f"{r['orientation']:>6.1%} {r['median']:>8.3f} {r['p95']:>7.3f}",
            flush=True,
        )
    if args.independent:
        r = run_independent(
            range(args.independent_start, args.independent_start + args.independent)
        )
        results.append(("indep", r))
        print(
            f"{'indep':8} {r['n']:>6} {r['exact']:>7.1%} {r['cells']:>7.2%} {'-':>6} "
            f"{'-':>6} {r['median']:>8.3f} {r['p95']:>7.3f}",
            flush=True,
        )
    for name, r in results:
        if args.conditions:
            print(f"\n{name}: exact position by condition")
            for key, (ok, total) in sorted(r["by"].items()):  # type: ignore[attr-defined]
                print(f"  {key:24} {ok:>4}/{total:<4} {ok / total:>7.1%}")
        for line in r["failures"]:  # type: ignore[attr-defined]
            print(f"  {name} miss: {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
