"""``referee dominoes``: read domino tiles and their pips from a photo.

``referee dominoes count PHOTO [--set 6|9|12] [--json] [--overlay OUT.png]`` finds
every face-up tile, reads both halves and prints the tiles, the pip total and any
warnings (low confidence, impossible pip layouts, the same tile twice in a
double-six photo).
"""

from __future__ import annotations

from pathlib import Path

import click
from PIL import Image

from referee_cli.common import (
    OVERLAY_SUFFIXES,
    check_overlay_target,
    emit,
    json_option,
    reports_bad_input,
    write_overlay,
)
from vision.decode import MAX_PHOTO_ASPECT, MIN_PHOTO_SIDE, read_image
from vision.dominoes import DominoReading, decode_side, read_dominoes, render_overlay

__all__ = ["dominoes", "read_hand_photo"]


def read_hand_photo(path: str, *, max_pips: int = 6, overlay: str | None = None) -> DominoReading:
    """Read the tiles in the photo at ``path``; write the overlay to ``overlay`` if given.

    Corners are ``[x, y]`` pixels of the photo as taken (EXIF orientation applied), though
    a large JPEG of a double-six set is read at reduced size (:func:`vision.dominoes.decode_side`).

    Raises
    ------
    vision.decode.ImageError
        If the file is not a usable photo (a ``ValueError``).
    ValueError
        If ``overlay`` is not a ``.png`` or ``.jpg`` file name, or a side of the photo
        is shorter than ``vision.decode.MIN_PHOTO_SIDE`` pixels or the photo is more than
        ``vision.decode.MAX_PHOTO_ASPECT`` times as long as wide.
    OSError
        If the file cannot be read or the overlay cannot be written.
    """
    if overlay is not None and Path(overlay).suffix.lower() not in OVERLAY_SUFFIXES:
        raise ValueError(f"--overlay: write a .png or .jpg file, not {overlay!r}")
    # A 12-megapixel photo of double-six tiles is read at half size (fast JPEG draft
    # decode); corners are given back in the photo's own pixels.
    image = read_image(path, draft_side=decode_side(max_pips))
    rows, cols = image.shape[:2]
    if min(rows, cols) < MIN_PHOTO_SIDE:
        raise ValueError(
            f"{path}: the photo is {cols}x{rows} pixels: too small to show domino tiles "
            f"(at least {MIN_PHOTO_SIDE} pixels a side)"
        )
    if max(rows, cols) > MAX_PHOTO_ASPECT * min(rows, cols):
        raise ValueError(
            f"{path}: the photo is {cols}x{rows} pixels: too narrow to show domino tiles "
            f"(at most {MAX_PHOTO_ASPECT} times as long as wide)"
        )
    reading = read_dominoes(image, max_pips=max_pips)
    if overlay is not None:
        write_overlay(overlay, render_overlay(image, reading))
    with Image.open(path) as photo:
        factor = max(photo.size) / max(image.shape[:2])
    return reading.scaled(factor) if factor != 1 else reading


def _count_text(reading: DominoReading) -> str:
    lines = []
    for number, tile in enumerate(reading.tiles, start=1):
        a, b = tile.pips
        pips = f"{a + b} pip" if a + b == 1 else f"{a + b} pips"
        lines.append(f"tile {number}: {a}-{b} ({pips}, confidence {tile.confidence:.2f})")
    if not lines:
        lines.append("no tiles found")
    lines.append(f"total: {reading.total} pips")
    lines.extend(f"warning: {warning}" for warning in reading.warnings)
    return "\n".join(lines)


@click.group()
def dominoes() -> None:
    """Read domino tiles from photos."""


@dominoes.command("count")
@click.argument("photo", type=click.Path(dir_okay=False))
@click.option(
    "--set",
    "tile_set",
    type=click.Choice(["6", "9", "12"]),
    default="6",
    show_default=True,
    help="The set: double-six, double-nine or double-twelve.",
)
@click.option(
    "--overlay",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Write the photo with each tile outlined and its reading to this image file.",
)
@json_option
@reports_bad_input
def count_command(photo: str, tile_set: str, overlay: str | None, as_json: bool) -> None:
    """Find every face-up tile in PHOTO, read its pips and add them up."""
    if not Path(photo).exists():
        raise ValueError(f"PHOTO: no such file {photo!r}")
    check_overlay_target(overlay, photo)
    reading = read_hand_photo(photo, max_pips=int(tile_set), overlay=overlay)
    emit(reading.to_json(), as_json, lambda: _count_text(reading))
