"""The two small logistic models (cell written in? stroke across this edge?) and their file.

The parameters live in ``vision/models/domineering.json`` (plain numbers, no pickle):
for each model the feature names, the standardisation (mean, scale), the
coefficients and the intercept.  They are fitted on rendered sheets by
``python -m vision.domineering.train`` (deterministic, seeded).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

__all__ = ["MODEL_PATH", "Logistic", "SheetModel", "expand", "load_model"]

#: Where the fitted parameters are kept.
MODEL_PATH = Path(__file__).resolve().parent.parent / "models" / "domineering.json"


def expand(x: np.ndarray) -> np.ndarray:
    """Features (..., f) followed by their square roots (..., 2f): the ratios are skewed."""
    x = np.asarray(x, np.float64)
    return np.concatenate([x, np.sqrt(np.clip(x, 0.0, None))], axis=-1)


@dataclass(frozen=True)
class Logistic:
    """A standardised logistic regression on expanded features.

    ``logit = ((expand(x) - mean) / scale) . coef + intercept`` (see :func:`expand`).
    """

    features: tuple[str, ...]
    mean: np.ndarray
    scale: np.ndarray
    coef: np.ndarray
    intercept: float

    def logit(self, x: np.ndarray) -> np.ndarray:
        """Log-odds for feature rows ``x`` of shape (..., n_features); returns shape (...)."""
        z = (expand(x) - self.mean) / self.scale
        return np.asarray(z @ self.coef + self.intercept, np.float64)

    def to_json(self) -> dict[str, object]:
        """Plain JSON numbers."""
        return {
            "features": list(self.features),
            "mean": self.mean.tolist(),
            "scale": self.scale.tolist(),
            "coef": self.coef.tolist(),
            "intercept": self.intercept,
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Logistic:
        """Inverse of :meth:`to_json`."""
        return cls(
            features=tuple(data["features"]),  # type: ignore[arg-type]
            mean=np.array(data["mean"], np.float64),
            scale=np.array(data["scale"], np.float64),
            coef=np.array(data["coef"], np.float64),
            intercept=float(data["intercept"]),  # type: ignore[arg-type]
        )


@dataclass(frozen=True)
class SheetModel:
    """The cell model and the edge model."""

    cell: Logistic
    edge: Logistic


def load_model(path: Path | None = None) -> SheetModel:
    """Read the fitted parameters (default ``vision/models/domineering.json``).

    Raises
    ------
    FileNotFoundError
        If the file is missing (run ``python -m vision.domineering.train``).
    """
    data = json.loads((path or MODEL_PATH).read_text(encoding="utf-8"))
    return SheetModel(cell=Logistic.from_json(data["cell"]), edge=Logistic.from_json(data["edge"]))
