"""Where the real labelled photos live, and small readers for their CSV files.

The photos in ``../shared/data`` are not ours to redistribute: they are read in
place, never copied into the project (``../shared/data/README.md``).
"""

from __future__ import annotations

import csv
import os
from pathlib import Path

__all__ = ["PROJECT_ROOT", "data_root", "read_csv"]

#: The checkout's top folder (the one holding ``pyproject.toml``).
PROJECT_ROOT = Path(__file__).resolve().parent.parent


def data_root() -> Path | None:
    """The folder of real labelled photos, or ``None`` if it is not there.

    ``$REFEREE_DATA`` if set, else ``../shared/data`` beside the project root.
    """
    configured = os.environ.get("REFEREE_DATA")
    root = Path(configured) if configured else PROJECT_ROOT.parent / "shared" / "data"
    return root if root.is_dir() else None


def read_csv(path: Path) -> list[dict[str, str]]:
    """Rows of a CSV file with a header line, as dicts of strings."""
    with path.open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))
