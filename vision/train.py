"""Train a game's recognition model: ``python -m vision.train <game> --data ../shared/data``.

A thin dispatcher: each game registers a function ``(data: Path, out: Path) -> dict``
in ``_TRAINERS`` (module, attribute, default model file).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

from vision.datasets import PROJECT_ROOT, data_root

__all__ = ["main"]

_TRAINERS = {
    "kingdomino": (
        "vision.kingdomino.training",
        "train",
        PROJECT_ROOT / "vision" / "models" / "kingdomino.npz",
    ),
    "domineering": (
        "vision.domineering.train",
        "train",
        PROJECT_ROOT / "vision" / "models" / "domineering.json",
    ),
}


def main(argv: list[str] | None = None) -> int:
    """Parse the command line, train, print what was fitted; return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m vision.train", description=__doc__)
    parser.add_argument("game", choices=sorted(_TRAINERS))
    parser.add_argument("--data", type=Path, default=None, help="shared data folder")
    parser.add_argument("--out", type=Path, default=None, help="model file to write")
    args = parser.parse_args(argv)
    data = args.data or data_root()
    if data is None or not data.is_dir():
        print("vision.train: no data folder: pass --data ../shared/data", file=sys.stderr)
        return 2
    module, attribute, default_out = _TRAINERS[args.game]
    trainer = getattr(importlib.import_module(module), attribute)
    summary = trainer(data, args.out or default_out)
    print(", ".join(f"{key}: {value}" for key, value in summary.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
