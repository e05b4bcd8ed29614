"""Kingdomino recognition accuracy and speed on the real labelled photos (issue #3).

Usage::

    .venv/bin/python benchmarks/kingdomino_accuracy.py [--folds 5]

Grouped cross-validation by ``layout_id``: the model scoring a kingdom was trained
without any photo of that kingdom (neither its top-down crop nor its phone view).
photos/ and phone/ are reported separately; real-phone/ is a test set, scored by
the model trained on all of photos/ and phone/ (it is never trained on).

Per group it prints: per-square terrain accuracy, per-square crown accuracy (the
square's crown count), exact board score rate (base score equal to scores.csv),
mean absolute score error, and median / 95th-percentile seconds per photo on one
core (decode included, training excluded).  A kingdom has no "up": a reading is
compared with its labels in the quarter-turn that matches best (phone photos only
ever need the identity when the corners are ordered as labelled).
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
from vision.decode import read_image  # noqa: E402
from vision.kingdomino.classify import SquareModel, load_model  # noqa: E402
from vision.kingdomino.pipeline import WORK_SIDE, read_kingdom  # noqa: E402
from vision.kingdomino.training import (  # noqa: E402
    LabelledPhoto,
    fit_model,
    labelled_photos,
    photo_features,
)


def _compare(photo: LabelledPhoto, model: SquareModel) -> dict[str, float]:
    start = time.perf_counter()
    image = read_image(photo.path, max_side=WORK_SIDE)
    reading = read_kingdom(image, model=model)
    seconds = time.perf_counter() - start
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
        "all_right": float(terrain_ok == crowns_ok == size * size),
    }


def _table(results: dict[str, list[dict[str, float]]]) -> str:
    head = (
        f"{'set':<11} {'photos':>6} {'terrain':>8} {'crowns':>8} {'exact':>7} "
        f"{'MAE':>6} {'all sq.':>7} {'median s':>9} {'p95 s':>7}"
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
            f"{np.median(seconds):>9.3f} {np.percentile(seconds, 95):>7.3f}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--folds", type=int, default=5, help="cross-validation folds")
    parser.add_argument("--verbose", action="store_true", help="one line per photo")
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
                row = _compare(photo, model)
                results[photo.group].append(row)
                if args.verbose:
                    print(photo.path.name, row)
    committed = load_model()
    for photo in photos:
        if photo.group == "real-phone" and not args.tuning_only:
            row = _compare(photo, committed)
            results["real-phone"].append(row)
            if args.verbose:
                print(photo.path.name, row)
    ordered = {g: results[g] for g in ("photos", "phone", "real-phone") if results[g]}
    print(f"Grouped {args.folds}-fold CV by layout_id (photos/, phone/); real-phone/ held out.")
    print(_table(ordered))
    return 0


if __name__ == "__main__":
    sys.exit(main())
