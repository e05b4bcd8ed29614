"""Kingdomino recognition accuracy and speed on the real labelled photos (issue #3).

Usage::

    .venv/bin/python benchmarks/kingdomino_accuracy.py [--folds 5] [--repeat 3]

Grouped cross-validation by ``layout_id``: the model scoring a kingdom was trained
without any photo of that kingdom (neither its top-down crop nor its phone view).
photos/ and phone/ are reported separately; real-phone/ is a test set, scored by
the model trained on all of photos/ and phone/ (it is never trained on).

Per group it prints: per-square terrain accuracy, per-square crown accuracy (the
square's crown count), exact board score rate (base score equal to scores.csv),
mean absolute score error, and seconds per photo on one core (decode included, as
``pipeline.load_photo`` does it; training excluded).  Timing follows timeit's
convention: each photo is decoded and read ``--repeat`` times (default 3) and its best
time kept, since this shared machine's speed swings and a single cold run is noisy; the
table gives the median and the 95th percentile over photos of those best wall times,
and the median of each photo's best CPU time (``time.process_time``), which other jobs
on the machine disturb less.

``--stages`` also prints where the CPU time goes (median over photos of each photo's best
of ``--repeat``): decoding (``load_photo``), the geometry (``find_squares``: outline,
straightening, grid, kingdom check) and the rest of ``read_kingdom`` (the squares'
features, forests and the tile-set reading), measured in a separate pass.

A kingdom has no "up": a reading is compared with its labels in the quarter-turn that
matches best (phone photos only ever need the identity when the corners are ordered as
labelled).
"""

from __future__ import annotations

import os

for _name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_name] = "1"

import argparse  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections import defaultdict  # noqa: E402

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from referee.kingdomino import score  # noqa: E402
from vision.datasets import data_root  # noqa: E402
from vision.kingdomino.classify import SquareModel, load_model  # noqa: E402
from vision.kingdomino.pipeline import find_squares, load_photo, read_kingdom  # noqa: E402
from vision.kingdomino.training import (  # noqa: E402
    LabelledPhoto,
    fit_model,
    labelled_photos,
    photo_features,
)


def _compare(photo: LabelledPhoto, model: SquareModel, repeat: int = 3) -> dict[str, float]:
    seconds = cpu = float("inf")
    for _ in range(max(1, repeat)):
        start, start_cpu = time.perf_counter(), time.process_time()
        image = load_photo(photo.path)
        reading = read_kingdom(image, model=model)
        seconds = min(seconds, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    labels = np.array([[f"{t}:{k}" for t, k in line] for line in photo.labels])
    size = labels.shape[0]
    got = np.array(
        [[f"{s.terrain.value}:{s.crowns}" for s in line] for line in reading.kingdom.squares]
    )
    terrain_ok = crowns_ok = 0
    if got.shape == labels.shape:
        best = (-1, 0, 0)
        for turn in range(4):
            turned = np.rot90(got, turn)
            t_ok = sum(
                a.split(":")[0] == b.split(":")[0]
                for a, b in zip(turned.ravel(), labels.ravel(), strict=True)
            )
            c_ok = sum(
                a.split(":")[1] == b.split(":")[1]
                for a, b in zip(turned.ravel(), labels.ravel(), strict=True)
            )
            if t_ok + c_ok > best[0]:
                best = (t_ok + c_ok, t_ok, c_ok)
        _, terrain_ok, crowns_ok = best
    points = score(reading.kingdom).score
    return {
        "squares": size * size,
        "terrain_ok": terrain_ok,
        "crowns_ok": crowns_ok,
        "exact": float(points == photo.base_score),
        "abs_error": abs(points - (photo.base_score or 0)),
        "seconds": seconds,
        "cpu": cpu,
        "all_right": float(terrain_ok == crowns_ok == size * size),
    }


def _stages(photo: LabelledPhoto, model: SquareModel, repeat: int) -> tuple[float, float, float]:
    """Best CPU seconds of decoding, of ``find_squares`` and of ``read_kingdom`` less
    ``find_squares``, over ``repeat`` runs each."""
    decode = geometry = whole = float("inf")
    for _ in range(max(1, repeat)):
        start = time.process_time()
        image = load_photo(photo.path)
        decode = min(decode, time.process_time() - start)
        start = time.process_time()
        find_squares(image)
        geometry = min(geometry, time.process_time() - start)
        start = time.process_time()
        read_kingdom(image, model=model)
        whole = min(whole, time.process_time() - start)
    return decode, geometry, whole - geometry


def _table(results: dict[str, list[dict[str, float]]]) -> str:
    head = (
        f"{'set':<11} {'photos':>6} {'terrain':>8} {'crowns':>8} {'exact':>7} "
        f"{'MAE':>6} {'all sq.':>7} {'median s':>9} {'p95 s':>7} {'cpu s':>6}"
    )
    lines = [head, "-" * len(head)]
    for group, rows in results.items():
        squares = sum(r["squares"] for r in rows)
        seconds = np.array([r["seconds"] for r in rows])
        lines.append(
            f"{group:<11} {len(rows):>6} "
            f"{100 * sum(r['terrain_ok'] for r in rows) / squares:>7.2f}% "
            f"{100 * sum(r['crowns_ok'] for r in rows) / squares:>7.2f}% "
            f"{100 * np.mean([r['exact'] for r in rows]):>6.1f}% "
            f"{np.mean([r['abs_error'] for r in rows]):>6.2f} "
            f"{int(sum(r['all_right'] for r in rows)):>3}/{len(rows):<3} "
            f"{np.median(seconds):>9.3f} {np.percentile(seconds, 95):>7.3f} "
            f"{np.median([r['cpu'] for r in rows]):>6.3f}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--folds", type=int, default=5, help="cross-validation folds")
    parser.add_argument("--verbose", action="store_true", help="one line per photo")
    parser.add_argument(
        "--repeat",
        type=int,
        default=3,
        help="times each photo is decoded and read; its best time is kept (default 3)",
    )
    parser.add_argument(
        "--stages",
        action="store_true",
        help="also print the median CPU time of decoding, geometry and squares per set",
    )
    parser.add_argument(
        "--tuning-only",
        action="store_true",
        help="skip real-phone/ (the held-out test set): for trying changes without looking at it",
    )
    args = parser.parse_args(argv)
    data = data_root()
    if data is None:
        print("no labelled photos: set REFEREE_DATA or add ../shared/data", file=sys.stderr)
        return 2
    cv2.setNumThreads(1)
    photos = labelled_photos(data)
    trainable = [p for p in photos if p.group in ("photos", "phone")]
    features = {p.path: photo_features(p) for p in trainable}
    layouts = sorted({p.layout for p in trainable}, key=lambda s: (len(s), s))
    fold_of = {layout: index % args.folds for index, layout in enumerate(layouts)}
    results: dict[str, list[dict[str, float]]] = defaultdict(list)
    for fold in range(args.folds):
        train = [p for p in trainable if fold_of[p.layout] != fold]
        parts = [features[p.path] for p in train]
        model = fit_model(
            np.vstack([q[0] for q in parts]),
            np.vstack([q[1] for q in parts]),
            [t for q in parts for t in q[2]],
            [k for q in parts for k in q[3]],
        )
        for photo in trainable:
            if fold_of[photo.layout] == fold:
                row = _compare(photo, model, args.repeat)
                results[photo.group].append(row)
                if args.verbose:
                    print(photo.path.name, row)
    committed = load_model()
    for photo in photos:
        if photo.group == "real-phone" and not args.tuning_only:
            row = _compare(photo, committed, args.repeat)
            results["real-phone"].append(row)
            if args.verbose:
                print(photo.path.name, row)
    ordered = {g: results[g] for g in ("photos", "phone", "real-phone") if results[g]}
    print(f"Grouped {args.folds}-fold CV by layout_id (photos/, phone/); real-phone/ held out.")
    print(
        f"Seconds per photo, one core, decode included: each photo read {args.repeat} times, "
        "its best kept;\nmedian and 95th percentile over photos of the best wall time, "
        "cpu s the median best CPU time."
    )
    print(_table(ordered))
    if args.stages:
        print("\nCPU ms per photo (median of each photo's best): decode, find_squares, squares")
        for group in ordered:
            members = [p for p in photos if p.group == group]
            # The committed model for every set: the timing does not depend on the fold.
            parts = np.array([_stages(p, committed, args.repeat) for p in members]) * 1000
            decode, geometry, squares = np.median(parts, axis=0)
            print(f"{group:<11} {decode:>7.1f} {geometry:>7.1f} {squares:>7.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
