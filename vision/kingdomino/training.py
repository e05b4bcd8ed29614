"""Fit the square model from ``../shared/data/kingdomino`` (labelled photos only).

Squares are cut exactly as at recognition time (straighten, find the grid, cut),
except that the phone photos are straightened with their labelled corners, so a
training square always matches its label.  Deterministic: fixed seeds, sorted
inputs.  Run through ``python -m vision.train kingdomino --data ../shared/data``.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from vision.datasets import read_csv
from vision.decode import read_image
from vision.kingdomino.classify import SquareModel, square_features
from vision.kingdomino.features import normalise_light
from vision.kingdomino.forest import forest_from_sklearn
from vision.kingdomino.grid import find_grid
from vision.kingdomino.locate import warp_kingdom

__all__ = ["LabelledPhoto", "fit_model", "labelled_photos", "photo_features", "train"]


@dataclass(frozen=True)
class LabelledPhoto:
    """One labelled photo of ``../shared/data/kingdomino``.

    Attributes
    ----------
    path : Path
    group : str
        ``"photos"``, ``"phone"`` or ``"real-phone"``.
    layout : str
        The kingdom's ``layout_id`` (photos of one kingdom share it).
    labels : tuple of tuple of (str, int)
        ``(terrain, crowns)`` per square, row 0 first.
    corners : (4, 2) ndarray of float64 or None
        Labelled tl, tr, br, bl as [x, y] pixels, where known.
    base_score : int or None
    """

    path: Path
    group: str
    layout: str
    labels: tuple[tuple[tuple[str, int], ...], ...]
    corners: np.ndarray | None
    base_score: int | None


def _grid_labels(rows: list[dict[str, str]]) -> dict[str, tuple[tuple[tuple[str, int], ...], ...]]:
    cells: dict[str, dict[tuple[int, int], tuple[str, int]]] = defaultdict(dict)
    for row in rows:
        cells[row["image"]][int(row["row"]), int(row["col"])] = (row["terrain"], int(row["crowns"]))
    out = {}
    for image, found in cells.items():
        size = 1 + max(r for r, _ in found)
        out[image] = tuple(tuple(found[r, c] for c in range(size)) for r in range(size))
    return out


def _corners(row: dict[str, str]) -> np.ndarray:
    return np.array(
        [[float(row[f"{k}_x"]), float(row[f"{k}_y"])] for k in ("tl", "tr", "br", "bl")]
    )


def labelled_photos(data: Path) -> list[LabelledPhoto]:
    """Every labelled photo under ``data/kingdomino``: photos/, phone/, real-phone/.

    Parameters
    ----------
    data : Path
        The shared data folder (``vision.datasets.data_root()``).

    Returns
    -------
    list of LabelledPhoto
        Sorted by group then file name.

    Raises
    ------
    FileNotFoundError
        If ``data/kingdomino/labels.csv`` is missing.
    """
    root = data / "kingdomino"
    rows = read_csv(root / "labels.csv")
    labels = _grid_labels(rows)
    layouts = {row["image"]: row["layout_id"] for row in rows}
    scores = {row["image"]: int(row["base_score"]) for row in read_csv(root / "scores.csv")}
    out = [
        LabelledPhoto(
            root / "photos" / name, "photos", layouts[name], labels[name], None, scores.get(name)
        )
        for name in sorted(labels)
    ]
    for row in read_csv(root / "phone" / "corners.csv"):
        source = row["source"]
        out.append(
            LabelledPhoto(
                root / "phone" / row["image"],
                "phone",
                layouts[source],
                labels[source],
                _corners(row),
                scores.get(source),
            )
        )
    real = root / "real-phone"
    if (real / "labels.csv").is_file():
        real_labels = _grid_labels(read_csv(real / "labels.csv"))
        real_scores = {r["image"]: int(r["base_score"]) for r in read_csv(real / "scores.csv")}
        real_corners = {r["image"]: _corners(r) for r in read_csv(real / "corners.csv")}
        for name in sorted(real_labels):
            out.append(
                LabelledPhoto(
                    real / name,
                    "real-phone",
                    f"real-{name}",
                    real_labels[name],
                    real_corners.get(name),
                    real_scores.get(name),
                )
            )
    return out


def photo_features(photo: LabelledPhoto) -> tuple[np.ndarray, np.ndarray, list[str], list[int]]:
    """Features and labels of every square of a labelled photo.

    Terrain features come from the squares as photographed.  Crown features come
    twice: from the squares after :func:`~vision.kingdomino.features.normalise_light`
    (as recognition reads them) and as photographed, so the crown forest also
    knows crowns in a view that needed no brightening.

    Returns
    -------
    terrain : (n, TERRAIN_FEATURES) ndarray of float64
        ``n`` squares, row-major.
    crowns : (2 n, CROWN_FEATURES + TERRAIN_FEATURES) ndarray of float64
        The brightened squares' rows, then the same squares as photographed.
    terrains : list of str
        ``n`` labels.
    crown_counts : list of int
        ``2 n`` labels (the ``n`` counts twice).
    """
    from vision.kingdomino.pipeline import VIEW_SIDE, WORK_SIDE, cut_squares

    image = read_image(photo.path, max_side=WORK_SIDE)
    if photo.corners is None:
        view = image
    else:
        scale = max(image.shape[:2]) / max(read_image_size(photo.path))
        view = warp_kingdom(image, photo.corners * scale, side=VIEW_SIDE)
    size = len(photo.labels)
    grid = find_grid(view, sizes=(size,))
    squares = cut_squares(view, grid)
    lit = cut_squares(normalise_light(view), grid)
    t_feat, c_lit = square_features(squares, lit=lit)
    _, c_raw = square_features(squares)
    flat = [cell for line in photo.labels for cell in line]
    return (
        t_feat,
        np.vstack([c_lit, c_raw]),
        [t for t, _ in flat],
        [k for _, k in flat] * 2,
    )


def read_image_size(path: Path) -> tuple[int, int]:
    """(rows, cols) of a photo as decoded (EXIF orientation applied), without decoding pixels."""
    from PIL import Image

    with Image.open(path) as opened:
        cols, rows = opened.size
        orientation = opened.getexif().get(0x0112, 1)
    return (cols, rows) if orientation in (5, 6, 7, 8) else (rows, cols)


def fit_model(
    terrain: np.ndarray,
    crowns: np.ndarray,
    terrain_labels: list[str],
    crown_labels: list[int],
    *,
    trees: int = 120,
    seed: int = 0,
) -> SquareModel:
    """Fit the terrain and crown forests (scikit-learn), flattened to arrays.

    Parameters
    ----------
    terrain : (n, TERRAIN_FEATURES) ndarray of float64
    crowns : (n, CROWN_FEATURES + TERRAIN_FEATURES) ndarray of float64
    terrain_labels : list of str
    crown_labels : list of int
    trees : int, keyword-only
        Trees per forest.
    seed : int, keyword-only
        Random state: the same data and seed give the same model.
    """
    from sklearn.ensemble import RandomForestClassifier

    def forest(weights: str | None) -> RandomForestClassifier:
        return RandomForestClassifier(
            n_estimators=trees,
            min_samples_leaf=1,
            max_features="sqrt",
            class_weight=weights,
            random_state=seed,
            n_jobs=1,
        )

    t_model = forest(None).fit(terrain, np.asarray(terrain_labels))
    # Three-crown squares are rare (one in the whole set): weigh classes evenly.
    c_model = forest("balanced_subsample").fit(crowns, np.asarray([str(k) for k in crown_labels]))
    return SquareModel(forest_from_sklearn(t_model), forest_from_sklearn(c_model))


def train(
    data: Path, out: Path, *, groups: tuple[str, ...] = ("photos", "phone")
) -> dict[str, int]:
    """Fit the model on every labelled photo of ``groups`` and save it to ``out`` (``.npz``).

    real-phone/ is never trained on: it is the held-out test set.

    Returns
    -------
    dict of str to int
        ``{"photos": ..., "squares": ..., "bytes": ...}``.
    """
    photos = [p for p in labelled_photos(data) if p.group in groups]
    parts = [photo_features(p) for p in photos]
    terrain = np.vstack([p[0] for p in parts])
    crowns = np.vstack([p[1] for p in parts])
    t_labels = [t for p in parts for t in p[2]]
    c_labels = [k for p in parts for k in p[3]]
    model = fit_model(terrain, crowns, t_labels, c_labels)
    out.parent.mkdir(parents=True, exist_ok=True)
    model.save(out)
    return {"photos": len(photos), "squares": len(t_labels), "bytes": out.stat().st_size}
