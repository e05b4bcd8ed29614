"""A random forest kept as plain arrays (``.npz``), so the committed model loads anywhere.

scikit-learn fits it (``python -m vision.train kingdomino``); prediction here needs
only numpy, so the model file does not depend on scikit-learn's pickle format.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

__all__ = ["Forest", "forest_from_sklearn"]


@dataclass(frozen=True)
class Forest:
    """Trees of a fitted random forest, all nodes in flat arrays.

    Attributes
    ----------
    classes : (n_classes,) ndarray of str
    roots : (n_trees,) ndarray of int32
        Index of each tree's root node.
    feature : (n_nodes,) ndarray of int32
        Feature tested at each node; -1 at a leaf.
    threshold : (n_nodes,) ndarray of float64
        Go left when ``x[feature] <= threshold``.
    left, right : (n_nodes,) ndarray of int32
        Children (global node indices); a leaf points at itself.
    value : (n_nodes, n_classes) ndarray of float32
        Class shares at each leaf.
    depth : int
        Longest root-to-leaf path.
    """

    classes: np.ndarray
    roots: np.ndarray
    feature: np.ndarray
    threshold: np.ndarray
    left: np.ndarray
    right: np.ndarray
    value: np.ndarray
    depth: int

    def predict_proba(self, features: np.ndarray) -> np.ndarray:
        """Class probabilities, the mean of the trees' leaf shares.

        Parameters
        ----------
        features : (n_samples, n_features) ndarray of float64

        Returns
        -------
        (n_samples, n_classes) ndarray of float64, rows summing to 1
        """
        # scikit-learn compares float32 features with its thresholds: do the same.
        rows = np.atleast_2d(np.asarray(features, dtype=np.float32)).astype(np.float64)
        node = np.broadcast_to(self.roots[:, None], (len(self.roots), rows.shape[0])).copy()
        sample = np.broadcast_to(np.arange(rows.shape[0])[None, :], node.shape)
        for _ in range(self.depth):
            feat = self.feature[node]
            leaf = feat < 0
            x = rows[sample, np.where(leaf, 0, feat)]
            go_left = x <= self.threshold[node]
            node = np.where(leaf, node, np.where(go_left, self.left[node], self.right[node]))
        proba = self.value[node].mean(axis=0).astype(np.float64)
        return proba / proba.sum(axis=1, keepdims=True)

    def save(self, path: Path, prefix: str, arrays: dict[str, np.ndarray]) -> None:
        """Add this forest's arrays to ``arrays`` under ``prefix`` (written by the caller)."""
        del path
        for name in ("classes", "roots", "feature", "threshold", "left", "right", "value"):
            arrays[f"{prefix}_{name}"] = getattr(self, name)
        arrays[f"{prefix}_depth"] = np.asarray(self.depth)

    @classmethod
    def load(cls, arrays: Any, prefix: str) -> Forest:
        """Read a forest saved by :meth:`save` from an opened ``.npz``."""
        return cls(
            classes=np.asarray(arrays[f"{prefix}_classes"]).astype(str),
            roots=np.asarray(arrays[f"{prefix}_roots"]),
            feature=np.asarray(arrays[f"{prefix}_feature"]),
            threshold=np.asarray(arrays[f"{prefix}_threshold"]),
            left=np.asarray(arrays[f"{prefix}_left"]),
            right=np.asarray(arrays[f"{prefix}_right"]),
            value=np.asarray(arrays[f"{prefix}_value"]),
            depth=int(arrays[f"{prefix}_depth"]),
        )


def forest_from_sklearn(model: Any) -> Forest:
    """Flatten a fitted ``sklearn.ensemble.RandomForestClassifier`` into a :class:`Forest`."""
    roots, features, thresholds, lefts, rights, values = [], [], [], [], [], []
    offset, depth = 0, 0
    for estimator in model.estimators_:
        tree = estimator.tree_
        count = tree.node_count
        leaf = tree.children_left < 0
        own = np.arange(count) + offset
        roots.append(offset)
        features.append(np.where(leaf, -1, tree.feature).astype(np.int32))
        thresholds.append(tree.threshold.astype(np.float64))
        lefts.append(np.where(leaf, own, tree.children_left + offset).astype(np.int32))
        rights.append(np.where(leaf, own, tree.children_right + offset).astype(np.int32))
        shares = tree.value[:, 0, :].astype(np.float64)
        shares = shares / np.maximum(shares.sum(axis=1, keepdims=True), 1e-12)
        values.append(shares.astype(np.float32))
        depth = max(depth, int(tree.max_depth))
        offset += count
    return Forest(
        classes=np.asarray([str(c) for c in model.classes_]),
        roots=np.asarray(roots, dtype=np.int32),
        feature=np.concatenate(features),
        threshold=np.concatenate(thresholds),
        left=np.concatenate(lefts),
        right=np.concatenate(rights),
        value=np.concatenate(values),
        depth=depth + 1,
    )
