"""Session 12: a page reading several photos says which one shows no tile (or no kingdom).

The Cross round page reads each seat's photo on its own (``/api/dominoes/count``), the
compare page each kingdom's (``/api/kingdomino/score``); a file that could not be decoded
was named ("hand.jpg: cannot decode image: ..."), a photo in which the reader found no tile
or no kingdom was not ("no domino tile found in the photo: ..."). Real headless Chromium at
360 px (fixtures in conftest.py); the pictures are plain grey, made here (no photo is kept).
Both tests fail on the code before.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image

pytestmark = pytest.mark.browser

NO_TILES = (
    "no domino tile found in the photo: lay the tiles face up, apart, and photograph them "
    "from above"
)


def _grey(path: Path, rows: int = 400, cols: int = 300) -> Path:
    """A plain grey PNG of ``cols`` x ``rows`` pixels: no tile, no kingdom in it."""
    Image.fromarray(np.full((rows, cols, 3), 128, dtype=np.uint8)).save(path)
    return path


def test_a_cross_seat_photo_with_no_tile_is_named_in_its_seat(
    page: Any, live_server: str, tmp_path: Path
) -> None:
    page.goto(live_server + "/cross/")
    photo = _grey(tmp_path / "seat-2.png")
    page.set_input_files("section.player[data-player='2'] .hand-photo", str(photo))
    status = "section.player[data-player='2'] .status"
    page.wait_for_selector(f"{status}.error")
    assert page.inner_text(status) == f"seat-2.png: {NO_TILES}"
    assert page.inner_text("section.player[data-player='1'] .status") == ""


def test_a_compare_photo_with_no_kingdom_is_named_in_its_kingdom(
    page: Any, live_server: str, tmp_path: Path
) -> None:
    page.goto(live_server + "/kingdomino/compare")
    photo = _grey(tmp_path / "kingdom-b.png", 600, 800)
    page.set_input_files("#photo2", str(photo))
    status = "section.kingdom[data-kingdom='2'] .status"
    page.wait_for_selector(f"{status}.error")
    assert page.inner_text(status).startswith("kingdom-b.png: no kingdom found in the photo: ")
