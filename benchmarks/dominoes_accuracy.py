"""Accuracy and speed of the domino pip reader on the real labelled photos.

Run from the project root::

    .venv/bin/python benchmarks/dominoes_accuracy.py [--folders table-d6,web-d6] [--verbose]
        [--tuning-only]

Reads ``dominoes/labels.csv`` under :func:`vision.datasets.data_root` and prints, for the
double-six photos and apart from them the double-twelve stress set: tile recall and
precision (a found tile matches a labelled one by box overlap), per-tile accuracy (both
halves right, over labelled tiles), exact photo total rate, mean absolute total error and
the median seconds per photo (decode included, one core; wall and CPU time), also over
every 12-megapixel phone photo of all sets.  ``--tuning-only`` leaves out the held-out
double-twelve photos.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import cv2
import numpy as np
from PIL import Image

from vision.datasets import data_root, read_csv
from vision.decode import read_image
from vision.dominoes import count_pips, decode_side, read_dominoes
from vision.dominoes.find import find_play_area

SIX = ("table-d6", "web-d6", "board-d6")
TWELVE = ("phone-d12", "fabric-d12")


@dataclass
class Labelled:
    box: tuple[float, float, float, float] | None  # x0, y0, x1, y1
    pips: tuple[int, int]
    cells: tuple[tuple[int, int], ...] = ()  # (row, col) 0-based board cells


def _cells(text: str) -> tuple[tuple[int, int], ...]:
    # "cells 8H=6,9H=3; ..." -> ((7, 7), (8, 7))
    part = text.split(";")[0].removeprefix("cells ").strip()
    found = []
    for item in part.split(","):
        name = item.split("=")[0].strip()
        found.append((int(name[:-1]) - 1, ord(name[-1]) - ord("A")))
    return tuple(found)


#: Labels found wrong by eye on the photo: (image, tile_id) -> the pips the tile shows.
#: ``board-d6/1_20.jpg`` tile 17 (cells 15K-15L) is labelled 2-3 but shows 2-1 (checked
#: on the full-size photo in session 4; the photo's total is then 96, not 98).  Session 3
#: and earlier figures counted it as misread.
LABEL_FIXES = {("board-d6/1_20.jpg", "17"): (2, 1)}


def load(root: Path, folders: tuple[str, ...]) -> dict[str, tuple[int, int, list[Labelled]]]:
    """image -> (total, max_pips, labelled tiles), with :data:`LABEL_FIXES` applied."""
    photos: dict[str, tuple[int, int, list[Labelled]]] = {}
    corrections: dict[str, int] = {}
    for row in read_csv(root / "dominoes" / "labels.csv"):
        folder = row["image"].split("/")[0]
        if folder not in folders:
            continue
        fixed = LABEL_FIXES.get((row["image"], row["tile_id"]))
        if fixed is not None:
            shown = int(row["pips_a"]) + int(row["pips_b"])
            corrections[row["image"]] = corrections.get(row["image"], 0) + sum(fixed) - shown
            row = {**row, "pips_a": str(fixed[0]), "pips_b": str(fixed[1])}
        box = None
        if row["x"]:
            x, y, w, h = (float(row[key]) for key in ("x", "y", "w", "h"))
            box = (x, y, x + w, y + h)
        cells = _cells(row["board_cells"]) if row["board_cells"] else ()
        max_pips = 12 if row["set"] == "double-12" else 6
        entry = photos.setdefault(row["image"], (int(row["image_total"]), max_pips, []))
        entry[2].append(Labelled(box, (int(row["pips_a"]), int(row["pips_b"])), cells))
    for image, change in corrections.items():
        total, max_pips, tiles = photos[image]
        photos[image] = (total + change, max_pips, tiles)
    return photos


def _board_boxes(image: np.ndarray, tiles: list[Labelled], scale: float = 1.0) -> None:
    """Give board tiles a box from their cells on the 15x15 grid of the play area.

    ``scale``: photo pixels per pixel of ``image`` (a reduced decode).
    """
    area = find_play_area(image)
    if area is None:
        return
    area = area * scale
    x0, y0 = area.min(axis=0)
    x1, y1 = area.max(axis=0)
    cell_w, cell_h = (x1 - x0) / 15, (y1 - y0) / 15
    for tile in tiles:
        rows = [cell[0] for cell in tile.cells]
        cols = [cell[1] for cell in tile.cells]
        tile.box = (
            x0 + min(cols) * cell_w,
            y0 + min(rows) * cell_h,
            x0 + (max(cols) + 1) * cell_w,
            y0 + (max(rows) + 1) * cell_h,
        )


def _iou(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    inter = w * h
    return inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter)


#: Photos looked at while tuning (thresholds, the board's ink level); the rest are
#: held out: the board photos of games 3 and 4, and the double-twelve stress set.
TUNED_ON = ("table-d6/", "web-d6/", "board-d6/1_")

#: The double-twelve photos looked at while tuning the search on a pale table: two of the
#: four marble scenes (session 2), and ``190416`` spent in session 14 to find why the
#: held-out marble scenes read nothing (docs/dominoes-vision.md, "Session 14").  The last
#: marble scene, the close-ups and the fabric photo are held out.
TUNED_ON_TWELVE = (
    "phone-d12/20210227_202645.jpg",
    "phone-d12/20210227_190410.jpg",
    "phone-d12/20210227_190416.jpg",
)


#: Photos from a 12-megapixel phone camera are 4032 or 4080 pixels long (the boards and
#: table-d6 ``IMG_*`` at 12.2-12.5 MP; the four marble scenes of ``phone-d12``, 4032 x 1960,
#: as stored).
PHONE_SIDE = 4000


def _held_out_twelve(root: Path) -> tuple[str, ...]:
    """The double-twelve photos not tuned on (see :data:`TUNED_ON_TWELVE`)."""
    photos = load(root, TWELVE)
    return tuple(name for name in sorted(photos) if name not in TUNED_ON_TWELVE)


@dataclass
class PhotoResult:
    name: str
    labelled: int
    found: int
    matched: int
    right: int
    total: int
    read_total: int
    seconds: float
    reading_seconds: float
    cpu_seconds: float
    side: int  # the photo's longer side, pixels (as stored)


def run(
    root: Path,
    folders: tuple[str, ...],
    verbose: bool,
    max_side: int | None = None,
    full_size: bool = False,
    skip: tuple[str, ...] = (),
) -> list[PhotoResult]:
    """Read every labelled photo of ``folders`` (but those named in ``skip``); match
    found tiles to labels by box overlap."""
    results = []
    for name, (total, max_pips, tiles) in sorted(load(root, folders).items()):
        if name in skip:
            continue
        path = root / "dominoes" / name
        start, cpu_start = time.perf_counter(), time.process_time()
        draft = None if full_size else decode_side(max_pips)
        image = read_image(path, max_side=max_side, draft_side=draft)
        decoded = time.perf_counter()
        reading = read_dominoes(image, max_pips=max_pips)
        seconds = time.perf_counter() - start
        cpu_seconds = time.process_time() - cpu_start
        reading_seconds = time.perf_counter() - decoded
        # Labels are in pixels of the photo as taken: scale a reduced decode's findings.
        with Image.open(path) as photo:
            side = max(photo.size)
        scale = side / max(image.shape[:2])
        if any(tile.box is None for tile in tiles):
            _board_boxes(image, tiles, scale)
        boxes = [
            (*(tile.corners.min(axis=0) * scale), *(tile.corners.max(axis=0) * scale))
            for tile in reading.tiles
        ]
        pairs = sorted(
            (
                (_iou(box, tile.box), i, j)
                for i, box in enumerate(boxes)
                for j, tile in enumerate(tiles)
                if tile.box is not None
            ),
            reverse=True,
        )
        used_found: set[int] = set()
        used_label: set[int] = set()
        good = 0
        for overlap, i, j in pairs:
            if overlap < 0.3 or i in used_found or j in used_label:
                continue
            used_found.add(i)
            used_label.add(j)
            if sorted(reading.tiles[i].pips) == sorted(tiles[j].pips):
                good += 1
            elif verbose:
                print(f"  {name}: read {reading.tiles[i].pips}, label {tiles[j].pips}")
        result = PhotoResult(
            name,
            len(tiles),
            len(reading.tiles),
            len(used_label),
            good,
            total,
            reading.total,
            seconds,
            reading_seconds,
            cpu_seconds,
            side,
        )
        if verbose:
            print(
                f"{name}: {result.labelled} labelled, {result.found} found, {result.matched} "
                f"matched, {good} right; total {reading.total} vs {total}; {seconds:.2f} s"
            )
        results.append(result)
    return results


def summarise(results: list[PhotoResult]) -> dict[str, float]:
    labelled = sum(r.labelled for r in results)
    found = sum(r.found for r in results)
    return {
        "photos": len(results),
        "tiles": labelled,
        "recall": sum(r.matched for r in results) / labelled if labelled else 0.0,
        "precision": sum(r.matched for r in results) / found if found else 0.0,
        "tiles right": sum(r.right for r in results) / labelled if labelled else 0.0,
        "exact totals": sum(r.read_total == r.total for r in results) / len(results)
        if results
        else 0.0,
        "mean abs total error": float(np.mean([abs(r.read_total - r.total) for r in results]))
        if results
        else 0.0,
        "median s/photo": float(np.median([r.seconds for r in results])) if results else 0.0,
        "without decode": float(np.median([r.reading_seconds for r in results]))
        if results
        else 0.0,
        # CPU time of this process: less disturbed than wall time on a busy machine.
        "median cpu s/photo": float(np.median([r.cpu_seconds for r in results]))
        if results
        else 0.0,
    }


def halves(root: Path, *, trim: float = 0.08) -> tuple[int, int]:
    """Single double-twelve halves (``halves-d12/<pips>/``) read right, out of all.

    Each crop is trimmed by ``trim`` of its size on every side first: the crops
    include the divider bar and the tile's edge.
    """
    right = count = 0
    for path in sorted((root / "dominoes" / "halves-d12").glob("*/*.jpg")):
        image = read_image(path)
        rows, cols = image.shape[:2]
        top, side = round(rows * trim), round(cols * trim)
        count += 1
        right += count_pips(image[top : rows - top, side : cols - side]).pips == int(
            path.parent.name
        )
    return right, count


def _table(title: str, results: list[PhotoResult]) -> None:
    if not results:
        return
    figures = summarise(results)
    print(f"{title}")
    cells = []
    for key, value in figures.items():
        if key in {"recall", "precision", "tiles right", "exact totals"}:
            cells.append(f"{key} {value:.1%}")
        elif isinstance(value, float):
            cells.append(f"{key} {value:.2f}")
        else:
            cells.append(f"{key} {value}")
    print("  " + " | ".join(cells))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folders", help="comma-separated folders (default: all)")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument(
        "--max-side", type=int, help="decode each photo at most this many pixels a side"
    )
    parser.add_argument(
        "--full-size",
        action="store_true",
        help="decode every photo at full size (default: as the CLI does, a double-six "
        "photo at the least fast JPEG scale at least DECODE_SIDE pixels long)",
    )
    parser.add_argument(
        "--tuning-only",
        action="store_true",
        help="skip the held-out double-twelve photos (not even read): for work in "
        "progress, so the held-out figures are printed only when meant to be",
    )
    args = parser.parse_args(argv)
    root = data_root()
    if root is None or not (root / "dominoes" / "labels.csv").is_file():
        print("no labelled domino photos: set REFEREE_DATA or add ../shared/data", file=sys.stderr)
        return 1
    cv2.setNumThreads(1)
    chosen = tuple(args.folders.split(",")) if args.folders else SIX + TWELVE
    full = args.full_size
    six = run(root, tuple(f for f in SIX if f in chosen), args.verbose, args.max_side, full)
    skip = _held_out_twelve(root) if args.tuning_only else ()
    twelve = run(
        root, tuple(f for f in TWELVE if f in chosen), args.verbose, args.max_side, full, skip
    )
    for folder in chosen:
        _table(f"{folder}:", [r for r in six + twelve if r.name.startswith(folder + "/")])
    _table("double-six, tuned on:", [r for r in six if r.name.startswith(TUNED_ON)])
    _table("double-six, held out:", [r for r in six if not r.name.startswith(TUNED_ON)])
    _table("double-six, all:", six)
    if not args.tuning_only:
        _table("double-twelve stress set, all:", twelve)
    _table("double-twelve, tuned on:", [r for r in twelve if r.name in TUNED_ON_TWELVE])
    if not args.tuning_only:
        _table("double-twelve, held out:", [r for r in twelve if r.name not in TUNED_ON_TWELVE])
    phone = [r for r in six + twelve if r.side >= PHONE_SIDE]
    _table(f"12 MP phone photos, all sets (longer side >= {PHONE_SIDE} px):", phone)
    if phone:
        print(
            f"median seconds per 12 MP photo ({len(phone)} photos, all sets, decode included, "
            f"one core): wall {np.median([r.seconds for r in phone]):.2f}, "
            f"CPU {np.median([r.cpu_seconds for r in phone]):.2f}"
        )
    if not args.folders:
        right, count = halves(root)
        print(f"double-twelve single halves (halves-d12): {right}/{count} read right")
    return 0


if __name__ == "__main__":
    sys.exit(main())
