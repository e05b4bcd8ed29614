"""Read domino tiles and their pips from a photo (issue #4).

Stages, one pure function each: :func:`~vision.decode.read_image` (decode, EXIF,
size limit) -> :func:`find_tiles` (each face-up tile by its divider bar) ->
:func:`rectify_tile` (an upright 2:1 crop) -> :func:`split_at_bar` ->
:func:`count_pips` per half (colour-blind, with a confidence, checked against the
legal pip layouts) -> :func:`read_dominoes` runs them all;
:func:`render_overlay` draws what was read.
"""

from vision.dominoes.find import TileCandidate, find_play_area, find_tiles
from vision.dominoes.overlay import render_overlay
from vision.dominoes.pipeline import (
    DECODE_SIDE,
    DominoReading,
    TileReading,
    decode_side,
    read_dominoes,
    read_tile,
)
from vision.dominoes.read import HalfCount, count_pips, legal_layout, rectify_tile, split_at_bar

__all__ = [
    "DECODE_SIDE",
    "DominoReading",
    "HalfCount",
    "TileCandidate",
    "TileReading",
    "count_pips",
    "decode_side",
    "find_play_area",
    "find_tiles",
    "legal_layout",
    "read_dominoes",
    "read_tile",
    "rectify_tile",
    "render_overlay",
    "split_at_bar",
]
