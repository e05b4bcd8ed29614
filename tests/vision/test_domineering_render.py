"""The sheet renderer draws legal positions from random legal play, reproducibly."""

from __future__ import annotations

import numpy as np
import pytest

from referee import domineering
from vision.render.domineering import random_play, render_sheet
from vision.render.glyphs import GLYPHS, draw_text


def test_random_play_is_legal_play_and_a_finished_game_is_blocked() -> None:
    rng = np.random.default_rng(7)
    for first in ("H", "V"):
        moves = random_play(rng, first=first)
        pos = domineering.Position.empty(first=first)
        player = first
        for move in moves:
            pos = domineering.apply_move(pos, domineering.Move(*move), player)
            player = "V" if player == "H" else "H"
        analysis = domineering.analyze(pos)
        assert analysis.blocked and analysis.to_move == player


def test_random_play_stops_after_the_moves_asked() -> None:
    assert len(random_play(np.random.default_rng(1), n_moves=3)) == 3
    assert random_play(np.random.default_rng(1), n_moves=0) == []


@pytest.mark.parametrize("seed", [0, 5])
def test_render_sheet_gives_an_image_and_a_legal_position(seed: int) -> None:
    sheet = render_sheet(seed)
    assert sheet.image.dtype == np.uint8 and sheet.image.ndim == 3
    assert sheet.jpeg[:2] == b"\xff\xd8"
    assert len(sheet.cells) == 5 and all(len(row) == 5 for row in sheet.cells)
    pos = domineering.Position(tuple(tuple(r) for r in sheet.cells), sheet.first)
    domineering.validate(pos)
    assert len(domineering.pairs(pos)) == len(sheet.moves)
    assert sheet.corners.shape == (4, 2)
    rows, cols = sheet.image.shape[:2]
    assert np.all((sheet.corners >= 0) & (sheet.corners <= [cols, rows]))


def test_render_sheet_is_reproducible_and_rotation_is_honoured() -> None:
    a, b = render_sheet(3, rotation=180.0), render_sheet(3, rotation=180.0)
    assert a.cells == b.cells and a.jpeg == b.jpeg
    assert a.conditions["rotation"] == 180.0
    # upside down: the sheet's top-left corner is below and right of its bottom-right one
    tl, br = a.corners[0], a.corners[2]
    assert tl[0] > br[0] and tl[1] > br[1]


def test_glyphs_cover_the_digits_and_labels() -> None:
    assert set("0123456789ABCDE") <= set(GLYPHS)
    mask = np.zeros((60, 120), np.uint8)
    draw_text(mask, "12", (30.0, 60.0), 40.0, np.random.default_rng(0), thickness=2)
    assert mask.max() == 255
    assert mask[:, :30].max() == 0 and mask[:, 90:].max() == 0  # centred
