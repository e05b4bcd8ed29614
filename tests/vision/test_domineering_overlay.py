"""The Domineering overlay (vision/domineering/overlay.py)."""

from __future__ import annotations

import numpy as np

from vision.domineering.overlay import render_overlay


def test_overlay_draws_the_sides_in_the_pages_colours() -> None:
    # Session 12 (newcomer): V's pairs were orange on the overlay and red on the page.
    # The page's colours (web/static/referee.css): --h #2563a8, --v #b23a48, as BGR.
    image = np.full((600, 600, 3), 255, np.uint8)
    steps = np.arange(6) * 100.0 + 50
    lattice = np.stack(np.meshgrid(steps, steps), axis=-1)  # [x, y] at row r, col c
    pairs = [((0, 0), (0, 1)), ((2, 2), (3, 2))]  # H across row 0; V down column 2
    out = render_overlay(image, lattice, pairs, np.ones((5, 5)))
    assert out[100, 150].tolist() == [168, 99, 37]  # row 0's middle, between its cells
    assert out[350, 300].tolist() == [72, 58, 178]  # column 2's middle, between rows 2, 3
