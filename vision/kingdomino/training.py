"""Fit the square model from ``../shared/data/kingdomino`` (labelled photos only).

Squares are cut exactly as at recognition time (straighten, find the grid, cut),
except that the phone photos are straightened with their labelled corners, so a
training square always matches its label.  Each forest can also learn every
top-down crop in a few degraded copies (:func:`degrade_view`: light, colour cast,
blur, JPEG; ``TERRAIN_COPIES``, ``CROWN_COPIES``, none as committed).
Deterministic: fixed seeds (each copy's from the photo's file name), sorted
inputs.  Run through ``python -m vision.train kingdomino --data ../shared/data``.
"""

from __future__ import annotations

import zlib
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from referee.kingdomino import Terrain
from vision.datasets import read_csv
from vision.decode import read_image
from vision.kingdomino.classify import PLAIN_COLUMNS, SquareModel, square_features
from vision.kingdomino.features import (
    BODY_SAT,
    MEDIAN_B,
    MEDIAN_L,
    PALE_FEATURE,
    normalise_light,
)
from vision.kingdomino.forest import forest_from_sklearn
from vision.kingdomino.grid import find_grid
from vision.kingdomino.locate import warp_kingdom
from vision.kingdomino.pale import YELLOW_SATURATION, kingdom_yellows

__all__ = [
    "CROWN_COPIES",
    "PALE_COPIES",
    "TERRAIN_COPIES",
    "TERRAIN_COPY_GAIN",
    "TERRAIN_COPY_GAMMA",
    "TERRAIN_COPY_SKIP",
    "LabelledPhoto",
    "as_shot",
    "degrade_view",
    "desaturate",
    "fit_model",
    "labelled_photos",
    "photo_features",
    "stack_features",
    "terrain_colours",
    "train",
]

#: Degraded copies of each top-down crop learned by the terrain forest (light brighter
#: or darker, warmer or cooler, uneven; blur, JPEG) and by the crown forest (the same
#: but even light).
TERRAIN_COPIES = 0
CROWN_COPIES = 2

#: Copies of each top-down crop as a smaller photo shows it (:func:`shrink_view`) learned
#: by the crown forests.
SMALL_COPIES = 0

#: Range of the small copies' scale (share of the crop's sides).
_SMALLNESS = (0.6, 0.85)

#: Terrains whose squares the terrain forest's degraded copies leave out.
TERRAIN_COPY_SKIP: tuple[str, ...] = ()

#: Copies of each top-down crop under a paler light than any training view
#: (:func:`desaturate`: the kingdom's yellows brought to 60-95 % of
#: ``YELLOW_SATURATION``) learned by the pale crown forest
#: (``SquareModel.pale_crowns``), whose crown features count the bodies both
#: absolutely and relative to the copy's own yellows.
PALE_COPIES = 1

#: Range of the pale copies' yellows, as a share of ``YELLOW_SATURATION``.
_PALENESS = (0.6, 0.95)

#: :func:`degrade_view`'s ``cast`` and ``ramp`` for the two forests' copies.
_TERRAIN_DEGRADING = (0.12, 0.2)
_CROWN_DEGRADING = (0.12, 0.0)

#: :func:`degrade_view`'s ``gamma`` and ``gain`` ranges for the terrain forest's copies.
TERRAIN_COPY_GAMMA = (0.75, 1.33)
TERRAIN_COPY_GAIN = (0.7, 1.3)
#: The same for the crown forest's copies (:func:`degrade_view`'s defaults).
_RANGES = ((0.75, 1.33), (0.7, 1.3))


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


def degrade_view(
    view: np.ndarray,
    rng: np.random.Generator,
    *,
    gain: tuple[float, float] = (0.7, 1.3),
    gamma: tuple[float, float] = (0.75, 1.33),
    cast: float = 0.12,
    ramp: float = 0.0,
    blur: tuple[float, float] = (0.6, 2.0),
    quality: tuple[int, int] = (45, 90),
) -> np.ndarray:
    """A copy of a straightened kingdom as a phone in other light might show it.

    In order: a gamma, one gain for the view times a gain per colour channel (a
    colour cast), a brightness ramp across the view (uneven light), a Gaussian blur,
    JPEG compression.  Each setting is drawn uniformly from its range by ``rng``.

    Parameters
    ----------
    view : (rows, cols, 3) ndarray of uint8, BGR
        Not modified.
    rng : numpy.random.Generator
        Draws the settings: the same generator state gives the same copy.
    gain : (float, float), keyword-only
        Range of the whole view's gain.
    gamma : (float, float), keyword-only
        Range of the gamma (drawn uniformly in its logarithm).
    cast : float, keyword-only
        Each channel's gain is drawn in 1 +- ``cast``.
    ramp : float, keyword-only
        Brightness changes by up to +- ``ramp`` from the view's centre to its edge,
        along a random direction (0: even light).
    blur : (float, float), keyword-only
        Range of the blur's sigma, pixels of the view.
    quality : (int, int), keyword-only
        Range of the JPEG quality (0-100).

    Returns
    -------
    (rows, cols, 3) ndarray of uint8, BGR
        A new array.
    """
    out = view.astype(np.float64) / 255.0
    out = out ** float(np.exp(rng.uniform(np.log(gamma[0]), np.log(gamma[1]))))
    out = out * (rng.uniform(*gain) * rng.uniform(1 - cast, 1 + cast, size=3))
    if ramp > 0:
        rows, cols = view.shape[:2]
        angle = rng.uniform(0.0, 2 * np.pi)
        along_row, along_col = np.mgrid[0:rows, 0:cols] / float(max(rows, cols)) - 0.5
        slope = rng.uniform(0.0, ramp) * 2
        light = 1 + slope * (np.cos(angle) * along_col + np.sin(angle) * along_row)
        out = out * light[..., None]
    lit = np.clip(np.rint(out * 255.0), 0, 255).astype(np.uint8)
    blurred = cv2.GaussianBlur(lit, (0, 0), float(rng.uniform(*blur)))
    encoded = cv2.imencode(
        ".jpg", blurred, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(quality[0], quality[1]))]
    )[1]
    return np.asarray(cv2.imdecode(encoded, cv2.IMREAD_COLOR), dtype=np.uint8)


def shrink_view(view: np.ndarray, scale: float, quality: int) -> np.ndarray:
    """A copy of a view as a smaller photo shows it once warped back to the view's size.

    Shrunk to ``scale`` of its sides (area averaging), saved as a JPEG with its colour at
    half resolution each way (4:2:0, as phones save), then enlarged back (bilinear, as
    the warp enlarges a small photo's kingdom): crowns lose their fine colour first.

    Parameters
    ----------
    view : (rows, cols, 3) ndarray of uint8, BGR
        Not modified.
    scale : float
        0-1.
    quality : int
        JPEG quality, 0-100.

    Returns
    -------
    (rows, cols, 3) ndarray of uint8, BGR
        A new array of the view's shape.
    """
    rows, cols = view.shape[:2]
    small = cv2.resize(
        view,
        (max(2, round(cols * scale)), max(2, round(rows * scale))),
        interpolation=cv2.INTER_AREA,
    )
    encoded = cv2.imencode(
        ".jpg",
        small,
        [
            cv2.IMWRITE_JPEG_QUALITY,
            int(quality),
            cv2.IMWRITE_JPEG_SAMPLING_FACTOR,
            cv2.IMWRITE_JPEG_SAMPLING_FACTOR_420,
        ],
    )[1]
    decoded = cv2.imdecode(encoded, cv2.IMREAD_COLOR)
    return np.asarray(cv2.resize(decoded, (cols, rows), interpolation=cv2.INTER_LINEAR))


def desaturate(view: np.ndarray, factor: float) -> np.ndarray:
    """A copy of a view under a paler light: every pixel's HSV saturation times ``factor``.

    Parameters
    ----------
    view : (rows, cols, 3) ndarray of uint8, BGR
        Not modified.
    factor : float
        0-1 (1: the same pixels).

    Returns
    -------
    (rows, cols, 3) ndarray of uint8, BGR
        A new array.
    """
    hsv = cv2.cvtColor(view, cv2.COLOR_BGR2HSV)
    saturation = np.clip(np.rint(hsv[..., 1] * float(factor)), 0, 255)
    hsv[..., 1] = saturation.astype(np.uint8)
    return np.asarray(cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR), dtype=np.uint8)


def photo_features(photo: LabelledPhoto) -> tuple[np.ndarray, np.ndarray, list[str], list[int]]:
    """Features and labels of every square of a labelled photo.

    Terrain features come from the squares as photographed.  Crown features come
    twice: from the squares after :func:`~vision.kingdomino.features.normalise_light`
    (as recognition reads them) and as photographed, so the crown forest also
    knows crowns in a view that needed no brightening.  A top-down crop (photos/)
    adds ``TERRAIN_COPIES`` degraded copies of its squares to the terrain rows and
    ``CROWN_COPIES`` to the crown rows (:func:`degrade_view`; crown features of a
    copy are read after ``normalise_light``, as recognition does); the phone views
    are degraded already.

    Returns
    -------
    terrain : (t n, TERRAIN_FEATURES) ndarray of float64
        ``n`` squares, row-major; then each degraded copy's ``n`` rows
        (``t`` is 1, or 1 + ``TERRAIN_COPIES`` for a crop).
    crowns : (c n, CROWN_FEATURES + TERRAIN_FEATURES) ndarray of float64
        The brightened squares' rows, the same squares as photographed, then each
        degraded copy's rows (``c`` is 2, or 2 + ``CROWN_COPIES`` for a crop).
    terrains : list of str
        ``t n`` labels.
    crown_counts : list of int
        ``c n`` labels.
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
    # Only the pale copies below count bodies relative to their yellows: every other
    # row is the crown forest's as before (the pale forest learns them all).
    t_feat, c_lit = square_features(squares, lit=lit, relative=False)
    _, c_raw = square_features(squares, relative=False)
    flat = [cell for line in photo.labels for cell in line]
    terrains, counts = [t for t, _ in flat], [k for _, k in flat]
    t_rows, c_rows = [t_feat], [c_lit, c_raw]
    t_labels = list(terrains)
    kept = np.array([t not in TERRAIN_COPY_SKIP for t in terrains])
    if photo.corners is None:
        name = zlib.crc32(photo.path.name.encode())
        for forest, copies, (cast, ramp) in (
            (0, TERRAIN_COPIES, _TERRAIN_DEGRADING),
            (1, CROWN_COPIES, _CROWN_DEGRADING),
        ):
            rng = np.random.default_rng([name, forest])
            for _ in range(copies):
                gamma, gain = (TERRAIN_COPY_GAMMA, TERRAIN_COPY_GAIN) if forest == 0 else _RANGES
                copy = degrade_view(view, rng, cast=cast, ramp=ramp, gamma=gamma, gain=gain)
                pieces = cut_squares(copy, grid)
                if forest == 0:
                    t_rows.append(square_features(pieces, relative=False)[0][kept])
                    t_labels += [t for t, k in zip(terrains, kept, strict=True) if k]
                else:
                    lit_pieces = cut_squares(normalise_light(copy), grid)
                    c_rows.append(square_features(pieces, lit=lit_pieces, relative=False)[1])
        rng = np.random.default_rng([name, 3])
        for _ in range(SMALL_COPIES):
            copy = shrink_view(view, rng.uniform(*_SMALLNESS), int(rng.integers(70, 95)))
            pieces = cut_squares(copy, grid)
            lit_pieces = cut_squares(normalise_light(copy), grid)
            c_rows.append(square_features(pieces, lit=lit_pieces, relative=False)[1])
        rng = np.random.default_rng([name, 2])
        yellows = kingdom_yellows(lit)
        for _ in range(PALE_COPIES if yellows else 0):
            # Paler than every training view: yellows drawn in 60-95 % of the least.
            target = rng.uniform(*_PALENESS) * YELLOW_SATURATION
            copy = desaturate(view, min(1.0, target / float(yellows or 1.0)))
            pieces = cut_squares(copy, grid)
            lit_pieces = cut_squares(normalise_light(copy), grid)
            c_rows.append(square_features(pieces, lit=lit_pieces)[1])
    return (
        np.vstack(t_rows),
        np.vstack(c_rows),
        t_labels,
        counts * len(c_rows),
    )


def stack_features(
    photos: list[LabelledPhoto],
    parts: list[tuple[np.ndarray, np.ndarray, list[str], list[int]]],
) -> tuple[np.ndarray, np.ndarray, list[str], list[int]]:
    """:func:`photo_features` of several photos as :func:`fit_model`'s four inputs.

    Returns
    -------
    terrain, crowns, terrain_labels, crown_labels
        Every photo's rows, in order.  Each photo's first ``size * size`` terrain rows
        are its squares as photographed (the rest degraded copies): see :func:`as_shot`.
    """
    return (
        np.vstack([p[0] for p in parts]),
        np.vstack([p[1] for p in parts]),
        [t for p in parts for t in p[2]],
        [k for p in parts for k in p[3]],
    )


def as_shot(
    photos: list[LabelledPhoto],
    parts: list[tuple[np.ndarray, np.ndarray, list[str], list[int]]],
) -> np.ndarray:
    """Which stacked terrain rows (:func:`stack_features`) are squares as photographed.

    Returns
    -------
    (n,) ndarray of bool
        ``n`` terrain rows in all; ``False`` on the degraded copies.
    """
    return np.concatenate(
        [
            np.arange(len(p[0])) < len(photo.labels) ** 2
            for photo, p in zip(photos, parts, strict=True)
        ]
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
    as_shot: np.ndarray | None = None,
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
    as_shot : (n,) ndarray of bool or None, keyword-only
        The terrain rows of squares as photographed (not degraded copies): the
        terrains' colours (:func:`terrain_colours`, which ``kingdom_light``'s gate was
        measured against) come from these only (default: every row).
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
    counts = np.asarray([str(k) for k in crown_labels])
    # The pale copies' rows (paler than any training view) are for the pale forest only.
    plain = np.asarray(crowns)[:, PALE_FEATURE + 4] >= BODY_SAT / 255.0
    c_model = forest("balanced_subsample").fit(crowns[plain][:, PLAIN_COLUMNS], counts[plain])
    pale = forest("balanced_subsample").fit(crowns, counts) if not plain.all() else None
    shot = np.ones(len(terrain_labels), dtype=bool) if as_shot is None else np.asarray(as_shot)
    centres, spreads = terrain_colours(
        np.asarray(terrain)[shot], [t for t, k in zip(terrain_labels, shot, strict=True) if k]
    )
    return SquareModel(
        forest_from_sklearn(t_model),
        forest_from_sklearn(c_model),
        centres,
        spreads,
        forest_from_sklearn(pale) if pale is not None else None,
    )


def terrain_colours(terrain: np.ndarray, labels: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Each landscape terrain's mean and spread of median Lab L and b over training squares.

    Parameters
    ----------
    terrain : (n, TERRAIN_FEATURES) ndarray of float64
        Terrain features (:func:`~vision.kingdomino.features.terrain_features`).
    labels : list of str
        Each row's terrain name.

    Returns
    -------
    centres, spreads : (6, 2) ndarray of float64
        Rows: wheat, forest, lake, grassland, swamp, mine (``Terrain`` order); columns L
        and b in 8-bit Lab units (0-255); the mean and the standard deviation.

    Raises
    ------
    ValueError
        If a landscape terrain has no row.
    """
    names = np.asarray(labels)
    colours = 255.0 * np.asarray(terrain, dtype=np.float64)[:, [MEDIAN_L, MEDIAN_B]]
    centres, spreads = [], []
    for land in (t for t in Terrain if t.is_landscape):
        rows = colours[names == land.value]
        if len(rows) == 0:
            raise ValueError(f"no training square of {land.value}")
        centres.append(rows.mean(axis=0))
        spreads.append(rows.std(axis=0))
    return np.array(centres), np.array(spreads)


def train(
    data: Path, out: Path, *, groups: tuple[str, ...] = ("photos", "phone")
) -> dict[str, int]:
    """Fit the model on every labelled photo of ``groups`` and save it to ``out`` (``.npz``).

    real-phone/ is never trained on: it is the held-out test set.

    Returns
    -------
    dict of str to int
        Photos, labelled squares, rows learned by each forest (degraded copies
        included), bytes of the model file.
    """
    photos = [p for p in labelled_photos(data) if p.group in groups]
    parts = [photo_features(p) for p in photos]
    terrain, crowns, t_labels, c_labels = stack_features(photos, parts)
    model = fit_model(terrain, crowns, t_labels, c_labels, as_shot=as_shot(photos, parts))
    out.parent.mkdir(parents=True, exist_ok=True)
    model.save(out)
    return {
        "photos": len(photos),
        "squares": sum(len(p.labels) ** 2 for p in photos),
        "terrain rows": len(t_labels),
        "crown rows": len(c_labels),
        "bytes": out.stat().st_size,
    }
