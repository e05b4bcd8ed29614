"""Fit the cell and edge models on rendered sheets: ``python -m vision.domineering.train``.

There are no real Domineering photos, so the models learn from sheets drawn by
:mod:`vision.render.domineering` on seeds kept apart from every seed the
benchmark reports on (training: 500_000 and up; tuning: 0-299 and hard
3000-3099; reporting: 1000+ and hard 2000+).  Features are the ratios of
:mod:`vision.domineering.marks`, measured through the real pipeline (grid found,
orientation fixed), so the models see the pipeline's own errors.  Deterministic
for a given seed range.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import cv2
import numpy as np
from sklearn.linear_model import LogisticRegression

from vision.decode import downscale
from vision.domineering.grid import SIZE, find_grid, ink_map
from vision.domineering.marks import CELL_FEATURES, EDGE_FEATURES, SHEET_FEATURES
from vision.domineering.model import MODEL_PATH, Logistic, expand
from vision.domineering.read import sheet_evidence
from vision.render.domineering import render_sheet

__all__ = ["collect", "fit", "main", "train"]

TRAIN_START = 500_000


def collect(seeds: range, *, hard_every: int = 3) -> tuple[np.ndarray, ...]:
    """Features and labels from rendered sheets whose grid and orientation were found right.

    Returns
    -------
    cell_x, cell_y, edge_x, edge_y : ndarray
        (n, 5) features and (n,) 0/1 labels for cells; (m, 5) and (m,) for edges.
    """
    cell_x, cell_y, edge_x, edge_y = [], [], [], []
    skipped = 0
    for seed in seeds:
        sheet = render_sheet(seed, hard=seed % hard_every == 0)
        work = downscale(sheet.image, 1000)
        scale = sheet.image.shape[1] / work.shape[1]
        ink = ink_map(work)
        grid = find_grid(ink)
        if grid is None:
            skipped += 1
            continue
        evidence = sheet_evidence(work, ink, grid)
        square = np.array([[grid.corners[0], grid.corners[1]], [grid.corners[3], grid.corners[2]]])
        corners = np.rot90(square, evidence.turns, axes=(0, 1))
        seen = np.array([corners[0, 0], corners[0, 1], corners[1, 1], corners[1, 0]]) * scale
        cell = np.linalg.norm(sheet.corners[1] - sheet.corners[0]) / SIZE
        if np.abs(seen - sheet.corners).max() > 0.35 * cell:
            skipped += 1
            continue
        cf, ef = evidence.cells, evidence.edges
        moves = set(sheet.moves)
        for r in range(SIZE):
            for c in range(SIZE):
                cell_x.append(cf[r, c])
                cell_y.append(int(sheet.cells[r][c] != "."))
                if c + 1 < SIZE:
                    edge_x.append(ef[2 * r, 2 * c + 1])
                    edge_y.append(int(((r, c), (r, c + 1)) in moves))
                if r + 1 < SIZE:
                    edge_x.append(ef[2 * r + 1, 2 * c])
                    edge_y.append(int(((r, c), (r + 1, c)) in moves))
    print(f"sheets used: {len(seeds) - skipped} of {len(seeds)}")
    return np.array(cell_x), np.array(cell_y), np.array(edge_x), np.array(edge_y)


def fit(x: np.ndarray, y: np.ndarray, names: tuple[str, ...]) -> Logistic:
    """A standardised logistic regression on ``x`` (n, f) and its square roots."""
    full = expand(x)
    mean = full.mean(axis=0)
    scale = full.std(axis=0) + 1e-9
    clf = LogisticRegression(C=1.0, max_iter=2000)
    clf.fit((full - mean) / scale, y)
    return Logistic(
        features=(*names, *(f"sqrt_{n}" for n in names)),
        mean=mean,
        scale=scale,
        coef=clf.coef_[0].copy(),
        intercept=float(clf.intercept_[0]),
    )


def train(
    data: Path | None = None, out: Path = MODEL_PATH, *, sheets: int = 300
) -> dict[str, object]:
    """Fit both models on rendered sheets and write them to ``out`` (plain JSON).

    The entry of ``python -m vision.train domineering``.  ``data`` is not read:
    there are no real Domineering photos in the shared data, so the models learn
    from training seeds of the renderer only.

    Returns
    -------
    dict
        What was fitted (sample counts, training accuracy, the file written).
    """
    del data
    cv2.setNumThreads(1)
    cell_x, cell_y, edge_x, edge_y = collect(range(TRAIN_START, TRAIN_START + sheets))
    cell = fit(
        cell_x, cell_y, (*CELL_FEATURES, *(f"wide_{n}" for n in CELL_FEATURES), *SHEET_FEATURES)
    )
    edge = fit(edge_x, edge_y, EDGE_FEATURES)
    summary: dict[str, object] = {}
    for name, model, x, y in (("cell", cell, cell_x, cell_y), ("edge", edge, edge_x, edge_y)):
        pred = model.logit(x) > 0
        summary[f"{name} samples"] = len(y)
        summary[f"{name} train accuracy"] = round(float(np.mean(pred == y)), 4)
    out.parent.mkdir(parents=True, exist_ok=True)
    payload = {"cell": cell.to_json(), "edge": edge.to_json()}
    out.write_text(json.dumps(payload, indent=1) + "\n", encoding="utf-8")
    summary["wrote"] = str(out)
    return summary


def main(argv: list[str] | None = None) -> int:
    """Render, measure, fit, write ``vision/models/domineering.json``."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sheets", type=int, default=300)
    parser.add_argument("--out", type=Path, default=MODEL_PATH)
    args = parser.parse_args(argv)
    summary = train(None, args.out, sheets=args.sheets)
    print(", ".join(f"{key}: {value}" for key, value in summary.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
