"""Render photos of Domineering sheets played in pencil or pen, with their exact positions.

A sheet is a hand-drawn 5x5 grid (ruled or freehand, wobbly lines), column labels
A-E above it and row labels 1-5 to its left, each move written as the same turn
number in both cells of the pair with a joining stroke across their shared edge
(``rules/domineering.txt``), sometimes shading instead of or as well as numbers.
Smudges, pencil dots and erased ghosts sit in cells; doodles and notes sit outside
the grid.  The paper is then photographed: any rotation (portrait, upside down),
perspective, paper not filling the frame, a table behind it, uneven light, a
shadow, blur, noise and JPEG.

The position comes from random legal play with the rules engine
(:func:`referee.domineering.legal_moves`), so every rendered position is legal.

>>> sheet = render_sheet(3)
>>> sheet.image.dtype, sheet.image.ndim, len(sheet.cells)
(dtype('uint8'), 3, 5)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from referee import domineering
from vision.render.glyphs import draw_text

__all__ = ["RenderedSheet", "random_play", "render_sheet"]

Cell = tuple[int, int]
Pair = tuple[Cell, Cell]

_SIZES = (
    (1600, 1200),
    (1200, 1600),
    (1280, 960),
    (960, 1280),
    (1024, 768),
    (1080, 1080),
    (1440, 1080),
    (2000, 1500),
)


@dataclass(frozen=True)
class RenderedSheet:
    """One rendered photo and its exact answer.

    Attributes
    ----------
    image : (rows, cols, 3) ndarray of uint8
        The photo, BGR, as decoded from ``jpeg``.
    jpeg : bytes
        The photo as a JPEG file.
    cells : tuple of str
        The position's rows top to bottom as written on the sheet (row 1 first),
        one character per cell: ``.`` empty, ``H`` or ``V`` claimed.
    moves : tuple of ((row, col), (row, col))
        The pairs in the order they were played (0-based cells).
    first : str
        ``"H"`` or ``"V"``: who started.
    corners : (4, 2) ndarray of float64
        The grid's outer corners in the photo, tl, tr, br, bl of the sheet, as
        [x, y] pixels.
    conditions : dict
        How it was drawn (pen, ruled, rotation, blur, ...), for benchmark tables.
    """

    image: np.ndarray
    jpeg: bytes
    cells: tuple[str, ...]
    moves: tuple[Pair, ...]
    first: str
    corners: np.ndarray
    conditions: dict[str, Any] = field(default_factory=dict)

    @property
    def notation(self) -> str:
        """The position in the engine's notation, with the side to move."""
        pos = domineering.Position(tuple(tuple(row) for row in self.cells), self.first)  # type: ignore[arg-type]
        return domineering.format_position(pos)


def random_play(
    rng: np.random.Generator,
    *,
    rows: int = 5,
    cols: int = 5,
    first: str = "H",
    n_moves: int | None = None,
) -> list[Pair]:
    """Pairs from random legal play, ``n_moves`` of them or until the side to move is blocked.

    Parameters
    ----------
    rng : numpy.random.Generator
    rows, cols : int, keyword-only
        Board size, in cells.
    first : {"H", "V"}, keyword-only
        Who starts.
    n_moves : int or None, keyword-only
        Stop after this many pairs; ``None`` plays to the end (a finished game).

    Returns
    -------
    list of ((row, col), (row, col))
        0-based cells of each pair, in play order.
    """
    pos = domineering.Position.empty(rows, cols, first=first)  # type: ignore[arg-type]
    player = first
    moves: list[Pair] = []
    while n_moves is None or len(moves) < n_moves:
        legal = domineering.legal_moves(pos, player)  # type: ignore[arg-type]
        if not legal:
            break
        move = legal[int(rng.integers(len(legal)))]
        pos = domineering.apply_move(pos, move, player)  # type: ignore[arg-type]
        moves.append(move.cells)
        player = "V" if player == "H" else "H"
    return moves


def _u(rng: np.random.Generator, lo: float, hi: float) -> float:
    return float(rng.uniform(lo, hi))


def _wobbly_line(
    rng: np.random.Generator,
    p0: np.ndarray,
    p1: np.ndarray,
    *,
    amplitude: float,
) -> np.ndarray:
    """Points (x, y) of a hand-drawn line from ``p0`` to ``p1`` wobbling by ``amplitude`` px."""
    n = max(8, int(np.linalg.norm(p1 - p0) / 6))
    t = np.linspace(0.0, 1.0, n)
    direction = p1 - p0
    normal = np.array([-direction[1], direction[0]]) / max(np.linalg.norm(direction), 1e-6)
    offset = np.zeros(n)
    for _ in range(3):
        offset += (
            amplitude
            * rng.normal(0, 0.6)
            * np.sin(2 * math.pi * _u(rng, 0.3, 2.2) * t + _u(rng, 0, 6.3))
        )
    bow = amplitude * rng.normal(0, 1.0) * np.sin(math.pi * t)
    return p0 + t[:, None] * direction + (offset + bow)[:, None] * normal


def _poly(mask: np.ndarray, points: np.ndarray, thickness: float) -> None:
    pts = np.round(points * 16).astype(np.int32)
    cv2.polylines(mask, [pts], False, 255, max(1, round(thickness)), cv2.LINE_AA, shift=4)


@dataclass
class _Ink:
    """One ink layer on the paper: coverage mask and how it looks."""

    mask: np.ndarray
    color: tuple[float, float, float]
    strength: float
    grain: float


def _pen(rng: np.random.Generator, hard: bool) -> tuple[tuple[float, float, float], float, float]:
    """(BGR color 0..1, strength 0..1, graphite grain) of a pencil or a pen."""
    kind = rng.random()
    if kind < 0.55:  # pencil
        g = _u(rng, 0.12, 0.42)
        strength = _u(rng, 0.45 if hard else 0.55, 0.95)
        return (g, g, g * _u(rng, 0.95, 1.05)), strength, _u(rng, 0.15, 0.45)
    if kind < 0.78:  # blue ballpoint, from navy to light royal blue
        blue = (_u(rng, 0.4, 0.75), _u(rng, 0.1, 0.4), _u(rng, 0.0, 0.2))
        return blue, _u(rng, 0.7 if hard else 0.75, 1), _u(rng, 0.0, 0.12)
    if kind < 0.92:  # black pen or felt tip
        g = _u(rng, 0.05, 0.2)
        return (g, g, g), _u(rng, 0.85, 1.0), 0.03
    if kind < 0.96:  # red
        return (_u(rng, 0.1, 0.2), _u(rng, 0.1, 0.2), _u(rng, 0.5, 0.7)), _u(rng, 0.8, 1.0), 0.05
    if kind < 0.98:  # green
        return (_u(rng, 0.2, 0.4), _u(rng, 0.35, 0.55), _u(rng, 0.05, 0.2)), _u(rng, 0.8, 1.0), 0.05
    return (_u(rng, 0.45, 0.6), _u(rng, 0.1, 0.25), _u(rng, 0.35, 0.5)), _u(rng, 0.8, 1.0), 0.05


def _composite(paper: np.ndarray, ink: _Ink, rng: np.random.Generator) -> None:
    rows, cols = np.nonzero(ink.mask)
    if rows.size == 0:
        return
    r0, r1, c0, c1 = rows.min(), rows.max() + 1, cols.min(), cols.max() + 1
    alpha = ink.mask[r0:r1, c0:c1].astype(np.float32) * (ink.strength / 255.0)
    if ink.grain > 0:
        noise = rng.standard_normal(alpha.shape, dtype=np.float32) * ink.grain + 1.0
        alpha *= np.clip(noise, 0.2, 1.3)
    np.clip(alpha, 0.0, 1.0, out=alpha)
    part = paper[r0:r1, c0:c1]
    part *= (1 - alpha)[:, :, None]
    part += alpha[:, :, None] * np.array(ink.color, np.float32)


def _paper(rng: np.random.Generator, shape: tuple[int, int], c: float) -> np.ndarray:
    rows, cols = shape
    base = np.array([_u(rng, 0.86, 0.98), _u(rng, 0.88, 0.99), _u(rng, 0.9, 1.0)], np.float32)
    if rng.random() < 0.2:  # recycled or yellowish paper
        base *= np.array([0.85, 0.95, 1.0], np.float32)
    paper = np.empty((rows, cols, 3), np.float32)
    paper[:] = base
    fibre = rng.normal(0, 1, (rows // 4 + 1, cols // 4 + 1)).astype(np.float32)
    fibre = cv2.resize(fibre, (cols, rows), interpolation=cv2.INTER_CUBIC)
    fine = rng.standard_normal((rows, cols), dtype=np.float32)
    texture = _u(rng, 0.004, 0.02) * fibre + _u(rng, 0.003, 0.012) * fine
    paper += texture[:, :, None]
    ruling = rng.random()
    if ruling < 0.3:  # notebook ruling, light blue; squared paper a third of the time
        spacing = c * _u(rng, 0.35, 0.7)
        mask = np.zeros((rows, cols), np.uint8)
        y = _u(rng, 0, spacing)
        while y < rows:
            cv2.line(mask, (0, round(y)), (cols, round(y)), 255, 1, cv2.LINE_AA)
            y += spacing
        if ruling < 0.1:
            x = _u(rng, 0, spacing)
            while x < cols:
                cv2.line(mask, (round(x), 0), (round(x), rows), 255, 1, cv2.LINE_AA)
                x += spacing
        colour = (0.85, 0.7, 0.55) if rng.random() < 0.7 else (0.6, 0.6, 0.6)
        _composite(paper, _Ink(mask, colour, _u(rng, 0.25, 0.6), 0.0), rng)
    return paper


def render_sheet(
    seed: int,
    *,
    hard: bool = False,
    first: str | None = None,
    finished: bool | None = None,
    rotation: float | None = None,
    n_moves: int | None = None,
) -> RenderedSheet:
    """Draw one photo of a Domineering sheet from ``seed``.

    Parameters
    ----------
    seed : int
        Everything (position, drawing, camera) follows from it.
    hard : bool, keyword-only
        Wider ranges: smaller and fainter writing, stronger perspective, blur,
        shadow, noise and JPEG, doodles nearer the grid.
    first : {"H", "V"} or None, keyword-only
        Who started; ``None`` draws it (H three times in four).
    finished : bool or None, keyword-only
        Play to the end (the side to move is blocked); ``None`` draws it (1 in 5).
    rotation : float or None, keyword-only
        Angle of the sheet in the photo, degrees counterclockwise (180 = upside
        down); ``None`` draws any angle.
    n_moves : int or None, keyword-only
        Play this many moves (fewer if the game ends first) unless ``finished``;
        ``None`` draws 0-12.

    Returns
    -------
    RenderedSheet
    """
    rng = np.random.default_rng(seed)
    if first is None:
        first = "H" if rng.random() < 0.75 else "V"
    if finished is None:
        finished = bool(rng.random() < 0.2)
    drawn = int(rng.integers(0, 13))
    if n_moves is not None:
        drawn = n_moves
    moves = random_play(rng, first=first, n_moves=None if finished else drawn)
    cells = [["."] * 5 for _ in range(5)]
    for a, b in moves:
        tag = "H" if a[0] == b[0] else "V"
        cells[a[0]][a[1]] = cells[b[0]][b[1]] = tag

    # --- camera first: how big the grid is in the photo decides the drawing scale
    out_w, out_h = _SIZES[int(rng.integers(len(_SIZES)))]
    if hard and rng.random() < 0.3:
        out_w, out_h = out_w * 2 // 3, out_h * 2 // 3
    frac = _u(rng, 0.22, 0.8) if hard else _u(rng, 0.26, 0.76)
    grid_px = frac * min(out_w, out_h)
    c = float(np.clip(grid_px / 5 * _u(rng, 1.1, 1.5), 28, 90))  # cell side on the paper
    side = 5 * c
    aspect = _u(rng, 1.29, 1.42)
    paper_w = side * _u(rng, 1.55, 2.6)
    paper_h = paper_w * aspect
    if rng.random() < 0.35:
        paper_w, paper_h = paper_h, paper_w
    pw, ph = round(paper_w), round(paper_h)
    gx = _u(rng, 1.4 * c, max(1.4 * c, pw - side - 0.6 * c))
    gy = _u(rng, 1.4 * c, max(1.4 * c, ph - side - 0.6 * c))
    paper = _paper(rng, (ph, pw), c)

    # --- grid lines
    freehand = bool(rng.random() < 0.5)
    grid_color, grid_strength, grid_grain = _pen(rng, hard)
    wob = c * (_u(rng, 0.015, 0.06) if freehand else _u(rng, 0.0, 0.008))
    jit = c * (_u(rng, 0.01, 0.06 if hard else 0.045) if freehand else 0.004)
    xs = gx + c * np.arange(6) + rng.normal(0, jit, 6)
    ys = gy + c * np.arange(6) + rng.normal(0, jit, 6)
    thick = c * _u(rng, 0.018, 0.085)
    border = _u(rng, 1.3, 2.0) if rng.random() < 0.25 else 1.0  # frame drawn heavier
    grid_mask = np.zeros((ph, pw), np.uint8)
    tilt = rng.normal(0, 0.012 if freehand else 0.003, (2, 6)) * side
    for k in range(6):
        over = c * (_u(rng, -0.05, 0.35) if freehand else _u(rng, 0.0, 0.06))
        over2 = c * (_u(rng, -0.05, 0.35) if freehand else _u(rng, 0.0, 0.06))
        p0 = np.array([xs[0] - over, ys[k] - tilt[0, k] / 2])
        p1 = np.array([xs[5] + over2, ys[k] + tilt[0, k] / 2])
        weight = thick * _u(rng, 0.8, 1.25) * (border if k in (0, 5) else 1.0)
        _poly(grid_mask, _wobbly_line(rng, p0, p1, amplitude=wob), weight)
        over = c * (_u(rng, -0.05, 0.35) if freehand else _u(rng, 0.0, 0.06))
        over2 = c * (_u(rng, -0.05, 0.35) if freehand else _u(rng, 0.0, 0.06))
        p0 = np.array([xs[k] + tilt[1, k] / 2, ys[0] - over])
        p1 = np.array([xs[k] - tilt[1, k] / 2, ys[5] + over2])
        weight = thick * _u(rng, 0.8, 1.25) * (border if k in (0, 5) else 1.0)
        _poly(grid_mask, _wobbly_line(rng, p0, p1, amplitude=wob), weight)
    layers = [_Ink(grid_mask, grid_color, grid_strength, grid_grain)]

    # --- labels A-E above, 1-5 left
    hershey = bool(rng.random() < 0.35)
    label_mask = np.zeros((ph, pw), np.uint8)
    label_h = c * _u(rng, 0.28, 0.55)
    label_gap = c * _u(rng, 0.3, 0.65)
    label_thick = max(1.0, c * _u(rng, 0.025, 0.055))
    for k in range(5):
        cx = (xs[k] + xs[k + 1]) / 2 + rng.normal(0, 0.05 * c)
        draw_text(
            label_mask,
            "ABCDE"[k],
            (ys[0] - label_gap + rng.normal(0, 0.04 * c), cx),
            label_h * _u(rng, 0.85, 1.15),
            rng,
            thickness=round(label_thick),
            angle=rng.normal(0, 4),
            hershey=hershey,
        )
        cy = (ys[k] + ys[k + 1]) / 2 + rng.normal(0, 0.05 * c)
        draw_text(
            label_mask,
            "12345"[k],
            (cy, xs[0] - label_gap + rng.normal(0, 0.04 * c)),
            label_h * _u(rng, 0.85, 1.15),
            rng,
            thickness=round(label_thick),
            angle=rng.normal(0, 4),
            hershey=hershey,
        )
    layers.append(_Ink(label_mask, *_pen(rng, hard)))

    # --- moves: numbers, shading, joining strokes
    pens = [_pen(rng, hard)]
    pens.append(pens[0] if rng.random() < 0.5 else _pen(rng, hard))
    mode = rng.choice(["numbers", "numbers+shade", "shade"], p=[0.72, 0.18, 0.10])
    num_h = c * (_u(rng, 0.25, 0.6) if hard else _u(rng, 0.32, 0.62))
    num_thick = max(1.0, c * _u(rng, 0.02, 0.06))
    hatch = _u(rng, 0.07, 0.28) * c
    # a third of the hatching runs along the grid lines (0 or 90 degrees)
    hatch_angle = _u(rng, 0, 180) if rng.random() < 0.65 else float(rng.choice([0.0, 90.0]))
    cross_hatch = bool(rng.random() < 0.2)
    join_shape = str(rng.choice(["straight", "curved", "short", "long", "tilde"]))
    solid = bool(rng.random() < 0.4)  # shading rubbed in solid rather than hatched
    fill_mask = np.zeros((ph, pw), np.uint8)
    write_masks = [np.zeros((ph, pw), np.uint8), np.zeros((ph, pw), np.uint8)]
    join_masks = [np.zeros((ph, pw), np.uint8), np.zeros((ph, pw), np.uint8)]

    def centre(cell: Cell) -> np.ndarray:
        r, k = cell
        return np.array([(xs[k] + xs[k + 1]) / 2, (ys[r] + ys[r + 1]) / 2])

    for turn, (a, b) in enumerate(moves, start=1):
        who = turn % 2 == 0
        mask = write_masks[who]
        label = str(turn)
        for cell in (a, b):
            if mode != "shade":
                h = num_h * _u(rng, 0.85, 1.15)
                h = min(h, 0.75 * c / (0.75 * len(label)))
                off = rng.normal(0, 0.07 * c, 2)
                pos = centre(cell) + np.clip(off, -0.15 * c, 0.15 * c)
                draw_text(
                    mask,
                    label,
                    (pos[1], pos[0]),
                    h,
                    rng,
                    thickness=round(num_thick),
                    angle=rng.normal(0, 6),
                    hershey=bool(rng.random() < 0.15) or (hershey and rng.random() < 0.5),
                )
            if mode != "numbers" and solid:
                corner = centre(cell) + rng.normal(0, 0.03 * c, (4, 2))
                square = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * c * _u(rng, 0.3, 0.44)
                poly = np.round((corner + square) * 16).astype(np.int32)
                cv2.fillPoly(fill_mask, [poly], 255, cv2.LINE_AA, shift=4)
            elif mode != "numbers":
                _hatch_cell(
                    mask,
                    centre(cell),
                    c,
                    hatch,
                    hatch_angle + rng.normal(0, 3),
                    rng,
                    thickness=max(1.0, num_thick * 0.7),
                )
                if cross_hatch:
                    _hatch_cell(
                        mask,
                        centre(cell),
                        c,
                        hatch,
                        hatch_angle + 90 + rng.normal(0, 3),
                        rng,
                        thickness=max(1.0, num_thick * 0.7),
                    )
        # joining stroke across the shared edge
        pa, pb = centre(a), centre(b)
        mid = (pa + pb) / 2
        along = np.array([pb[1] - pa[1], pa[0] - pb[0]]) / c  # unit vector along the edge
        across = (pb - pa) / c
        # the sheet's habit (straight, curved, short, long: number to number, tilde), mostly
        shape = join_shape if rng.random() < 0.8 else str(rng.choice(["straight", "curved"]))
        shift = _u(rng, -0.22, 0.22) * (0.4 if shape == "long" else 1.0)
        mid = mid + along * c * shift
        half = c * {"short": _u(rng, 0.07, 0.16), "long": _u(rng, 0.35, 0.52)}.get(
            shape, _u(rng, 0.12, 0.4)
        )
        ang = math.radians(rng.normal(0, 8))
        rot = np.array([[math.cos(ang), -math.sin(ang)], [math.sin(ang), math.cos(ang)]])
        d = rot @ across
        p0 = mid - d * half * _u(rng, 0.7, 1.3)
        p1 = mid + d * half * _u(rng, 0.7, 1.3)
        stroke = _wobbly_line(rng, p0, p1, amplitude=0.02 * c)
        if shape in ("curved", "tilde"):
            t = np.linspace(-1.0, 1.0, len(stroke))
            bend = c * _u(rng, 0.04, 0.14) * (1 if rng.random() < 0.5 else -1)
            wave = 1 - t * t if shape == "curved" else 0.7 * np.sin(math.pi * t)
            stroke = stroke + (bend * wave)[:, None] * along
        jt = num_thick * _u(rng, 0.8, 1.8) * (1.6 if rng.random() < 0.2 else 1.0)
        _poly(join_masks[who], stroke, jt)
        if rng.random() < 0.12:  # doubled stroke
            _poly(join_masks[who], stroke + along * c * _u(rng, 0.05, 0.1), jt)
    if solid:
        fill_mask = cv2.GaussianBlur(fill_mask, (0, 0), max(0.8, 0.03 * c))
        layers.append(_Ink(fill_mask, pens[0][0], _u(rng, 0.25, 0.55), _u(rng, 0.1, 0.3)))
    for who in (0, 1):
        color, strength, grain = pens[who]
        layers.append(_Ink(write_masks[who], color, strength, grain))
        faint = _u(rng, 0.4, 0.75) if rng.random() < (0.4 if hard else 0.3) else 1.0
        layers.append(_Ink(join_masks[who], color, strength * faint, grain))

    # --- smudges, dots and erased ghosts in cells
    marks = np.zeros((ph, pw), np.uint8)
    n_smudge = int(rng.integers(0, 5 if hard else 3))
    for _ in range(n_smudge):
        cell = (int(rng.integers(5)), int(rng.integers(5)))
        p = centre(cell) + rng.normal(0, 0.15 * c, 2)
        axes = (max(2, round(c * _u(rng, 0.1, 0.35))), max(2, round(c * _u(rng, 0.05, 0.2))))
        cv2.ellipse(
            marks,
            (round(p[0]), round(p[1])),
            axes,
            _u(rng, 0, 180),
            0,
            360,
            round(_u(rng, 60, 200)),
            -1,
            cv2.LINE_AA,
        )
    smudge = cv2.GaussianBlur(marks, (0, 0), c * _u(rng, 0.04, 0.1))
    layers.append(_Ink(smudge, (0.3, 0.3, 0.32), _u(rng, 0.1, 0.3), 0.3))
    dots = np.zeros((ph, pw), np.uint8)
    for _ in range(int(rng.integers(0, 3 if hard else 2))):
        cell = (int(rng.integers(5)), int(rng.integers(5)))
        p = centre(cell) + rng.normal(0, 0.2 * c, 2)
        cv2.circle(dots, (round(p[0]), round(p[1])), max(1, round(c * 0.025)), 255, -1, cv2.LINE_AA)
    if rng.random() < 0.25:  # an erased number: a faint blurred ghost
        cell = (int(rng.integers(5)), int(rng.integers(5)))
        if cells[cell[0]][cell[1]] == ".":
            p = centre(cell)
            draw_text(
                dots,
                str(int(rng.integers(1, 13))),
                (p[1], p[0]),
                num_h,
                rng,
                thickness=round(num_thick),
            )
            dots = cv2.GaussianBlur(dots, (0, 0), max(1.0, c * 0.03)) // 5
    layers.append(_Ink(dots, grid_color, grid_strength * 0.8, grid_grain))

    # --- doodles and notes outside the grid
    doodle = np.zeros((ph, pw), np.uint8)
    keep_out = (
        gx - label_gap - 0.9 * c,
        gy - label_gap - 0.9 * c,
        gx + side + 0.8 * c,
        gy + side + 0.8 * c,
    )
    for _ in range(int(rng.integers(0, 6 if hard else 4))):
        _doodle(doodle, rng, (ph, pw), keep_out, c)
    layers.append(_Ink(doodle, *_pen(rng, hard)))

    for ink in layers:
        _composite(paper, ink, rng)

    # --- photograph it
    image, corners, conditions = _photograph(
        rng,
        paper,
        (out_h, out_w),
        np.array([[xs[0], ys[0]], [xs[5], ys[0]], [xs[5], ys[5]], [xs[0], ys[5]]]),
        grid_px,
        margin=label_gap + label_h,
        hard=hard,
        rotation=rotation,
    )
    quality = int(rng.integers(25 if hard else 45, 96))
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    jpeg = buf.tobytes()
    decoded = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    conditions.update(
        freehand=freehand,
        mode=str(mode) + (" solid" if solid and mode != "numbers" else ""),
        hershey=hershey,
        jpeg=quality,
        cell_px=round(grid_px / 5, 1),
        moves=len(moves),
        finished=finished,
        hatch="none"
        if mode == "numbers" or solid
        else f"{round(hatch_angle) % 180}" + (" cross" if cross_hatch else ""),
        join=join_shape,
    )
    return RenderedSheet(
        image=decoded,
        jpeg=jpeg,
        cells=tuple("".join(row) for row in cells),
        moves=tuple(moves),
        first=first,
        corners=corners,
        conditions=conditions,
    )


def _hatch_cell(
    mask: np.ndarray,
    centre: np.ndarray,
    c: float,
    spacing: float,
    angle: float,
    rng: np.random.Generator,
    *,
    thickness: float,
) -> None:
    """Pencil hatching over most of a cell (a claimed cell's shading)."""
    half = c * _u(rng, 0.3, 0.42)
    rad = math.radians(angle)
    d = np.array([math.cos(rad), math.sin(rad)])
    n = np.array([-d[1], d[0]])
    box_lo, box_hi = centre - half, centre + half
    for t in np.arange(-1.5 * half, 1.5 * half, spacing):
        p0 = centre + n * t - d * 2 * half
        p1 = centre + n * t + d * 2 * half
        ok, q0, q1 = cv2.clipLine(
            (round(box_lo[0]), round(box_lo[1]), round(2 * half), round(2 * half)),
            (round(p0[0]), round(p0[1])),
            (round(p1[0]), round(p1[1])),
        )
        if ok:
            seg = np.array([q0, q1], np.float64) + rng.normal(0, 0.02 * c, (2, 2))
            _poly(mask, seg, thickness)
    del box_hi


def _doodle(
    mask: np.ndarray,
    rng: np.random.Generator,
    shape: tuple[int, int],
    keep_out: tuple[float, float, float, float],
    c: float,
) -> None:
    """A scribble, spiral, note or tally somewhere outside ``keep_out`` (x0, y0, x1, y1)."""
    rows, cols = shape
    size = c * _u(rng, 0.5, 1.8)
    for _ in range(20):
        x, y = _u(rng, size, cols - size), _u(rng, size, rows - size)
        if not (
            keep_out[0] - size < x < keep_out[2] + size
            and keep_out[1] - size < y < keep_out[3] + size
        ):
            break
    else:
        return
    kind = int(rng.integers(4))
    thick = max(1, round(c * _u(rng, 0.02, 0.05)))
    if kind == 0:  # spiral
        t = np.linspace(0, _u(rng, 8, 20), 120)
        pts = np.stack([x + size / 20 * t * np.cos(t), y + size / 20 * t * np.sin(t)], 1)
        _poly(mask, pts, thick)
    elif kind == 1:  # zigzag / scribble
        pts = np.array([x, y]) + np.cumsum(rng.normal(0, size / 4, (12, 2)), 0)
        _poly(mask, pts, thick)
    elif kind == 2:  # a note in digits and letters
        text = "".join(rng.choice(list("ABCDE0123456789"), int(rng.integers(2, 6))))
        draw_text(
            mask,
            text,
            (y, x),
            size * 0.5,
            rng,
            thickness=thick,
            angle=rng.normal(0, 10),
            hershey=bool(rng.random() < 0.3),
        )
    else:  # a tally of strokes
        for k in range(int(rng.integers(2, 7))):
            p0 = np.array([x + k * size / 5, y])
            _poly(mask, np.array([p0, p0 + np.array([rng.normal(0, 2), size * 0.6])]), thick)


def _photograph(
    rng: np.random.Generator,
    paper: np.ndarray,
    out_shape: tuple[int, int],
    grid: np.ndarray,
    grid_px: float,
    *,
    margin: float,
    hard: bool,
    rotation: float | None,
) -> tuple[np.ndarray, np.ndarray, dict[str, Any]]:
    """Place ``paper`` on a table in a photo; return (BGR uint8, grid corners, conditions)."""
    out_h, out_w = out_shape
    ph, pw = paper.shape[:2]
    angle = _u(rng, 0, 360) if rotation is None else rotation
    # similarity: paper -> photo, then a perspective tilt by moving the corners
    paper_corners = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], np.float64)
    focus = np.vstack(
        [
            grid,
            grid.mean(0) + (grid - grid.mean(0)) * (1 + 2.2 * margin / (grid[1, 0] - grid[0, 0])),
        ]
    )
    rad = math.radians(angle)
    rot = np.array([[math.cos(rad), math.sin(rad)], [-math.sin(rad), math.cos(rad)]])
    persp = _u(rng, 0.0, 0.22 if hard else 0.14)
    direction = rng.normal(0, 1, 2)
    direction /= np.linalg.norm(direction)
    centre = np.array([out_w / 2, out_h / 2]) + rng.normal(0, 0.1, 2) * [out_w, out_h]
    scale = 1.0
    for _attempt in range(40):
        pts = (paper_corners - grid.mean(0)) @ rot.T * scale
        extent = np.abs(pts).max()
        shrink = 1 - persp * (pts @ direction) / max(extent, 1e-6)
        pts = pts * shrink[:, None] + centre
        homography = cv2.getPerspectiveTransform(
            paper_corners.astype(np.float32), pts.astype(np.float32)
        )
        seen = cv2.perspectiveTransform(focus[None].astype(np.float64), homography)[0]
        grid_seen = seen[:4]
        grid_side = np.mean(np.linalg.norm(np.roll(grid_seen, -1, 0) - grid_seen, axis=1))
        if abs(grid_side - grid_px) > 0.02 * grid_px:
            scale *= grid_px / max(grid_side, 1.0)
            continue
        lo, hi = seen.min(0), seen.max(0)
        if hi[0] - lo[0] < out_w * 0.97 and hi[1] - lo[1] < out_h * 0.97:
            shift = np.array(
                [
                    max(0.0, out_w * 0.015 - lo[0]) - max(0.0, hi[0] - out_w * 0.985),
                    max(0.0, out_h * 0.015 - lo[1]) - max(0.0, hi[1] - out_h * 0.985),
                ]
            )
            pts += shift
            homography = cv2.getPerspectiveTransform(
                paper_corners.astype(np.float32), pts.astype(np.float32)
            )
            break
        grid_px *= 0.9
    # table
    table = np.empty((out_h, out_w, 3), np.float32)
    table[:] = np.array([_u(rng, 0.1, 0.8), _u(rng, 0.1, 0.75), _u(rng, 0.1, 0.8)], np.float32)
    grain = rng.normal(0, 1, (max(2, out_h // 40), max(2, out_w // 8))).astype(np.float32)
    grain = cv2.resize(grain, (out_w, out_h), interpolation=cv2.INTER_CUBIC)
    if rng.random() < 0.5:
        flow = cv2.getRotationMatrix2D((out_w / 2, out_h / 2), _u(rng, 0, 180), 1.0)
        grain = cv2.warpAffine(grain, flow, (out_w, out_h), borderMode=cv2.BORDER_REFLECT)
    table *= (1 + _u(rng, 0.02, 0.15) * grain)[:, :, None]
    warped = cv2.warpPerspective(
        paper,
        homography,
        (out_w, out_h),
        flags=cv2.INTER_AREA,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=(0, 0, 0),
    )
    cover = cv2.warpPerspective(
        np.ones((ph, pw), np.float32), homography, (out_w, out_h), flags=cv2.INTER_LINEAR
    )
    drop = cv2.GaussianBlur(cover, (0, 0), _u(rng, 2, 8))
    table *= ((1 - 0.35 * drop) * (1 - cover))[:, :, None]
    image = table
    image += warped
    # light: gradient, vignette, shadow, colour cast (computed small, then enlarged)
    sh, sw = max(8, out_h // 8), max(8, out_w // 8)
    yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
    gdir = rng.normal(0, 1, 2)
    grad = (xx / sw - 0.5) * gdir[0] + (yy / sh - 0.5) * gdir[1]
    light = 1 + _u(rng, 0.0, 0.5 if hard else 0.35) * grad
    rr = ((xx / sw - 0.5) ** 2 + (yy / sh - 0.5) ** 2) * 2
    light *= 1 - _u(rng, 0.0, 0.35) * rr
    shadow = rng.random() < (0.55 if hard else 0.4)
    if shadow:
        smask = np.zeros((sh, sw), np.uint8)
        spot = np.array([_u(rng, 0, sw), _u(rng, 0, sh)])
        poly = spot + rng.normal(0, 0.35, (6, 2)) * [sw, sh]
        hull = cv2.convexHull(np.round(poly).astype(np.int32))  # a hand or phone: a blob
        cv2.fillPoly(smask, [hull], 255)
        soft = cv2.GaussianBlur(smask, (0, 0), _u(rng, 0.6, 7)).astype(np.float32) / 255
        if rng.random() < 0.35:  # or the straight edge of an arm, a book, the phone
            t = _u(rng, 0, math.pi)
            edge = (xx - spot[0]) * math.cos(t) + (yy - spot[1]) * math.sin(t)
            soft = np.clip(0.5 + edge / _u(rng, 0.5, 6), 0.0, 1.0).astype(np.float32)
        light *= 1 - _u(rng, 0.2, 0.6 if hard else 0.5) * soft
    light = cv2.resize(light, (out_w, out_h), interpolation=cv2.INTER_LINEAR)
    cast = np.array([_u(rng, 0.85, 1.08), _u(rng, 0.92, 1.05), _u(rng, 0.85, 1.12)], np.float32)
    light *= _u(rng, 0.7, 1.12)
    image *= light[:, :, None]
    image *= cast
    # camera: blur, noise
    sigma = _u(rng, 0.0, 2.2 if hard else 1.4)
    if sigma > 0.3:
        image = cv2.GaussianBlur(image, (0, 0), sigma)
    if rng.random() < 0.15:
        length = int(rng.integers(3, 9))
        kernel = np.zeros((length, length), np.float32)
        kernel[length // 2, :] = 1 / length
        kernel = cv2.warpAffine(
            kernel,
            cv2.getRotationMatrix2D(((length - 1) / 2, (length - 1) / 2), _u(rng, 0, 180), 1.0),
            (length, length),
        )
        kernel /= max(float(kernel.sum()), 1e-6)
        image = cv2.filter2D(image, -1, kernel)
    noise = _u(rng, 0.003, 0.03 if hard else 0.018)
    image += rng.standard_normal(image.shape, dtype=np.float32) * noise
    np.clip(image, 0.0, 1.0, out=image)
    out = cv2.convertScaleAbs(image, alpha=255.0)  # rounds to uint8
    corners = cv2.perspectiveTransform(grid[None].astype(np.float64), homography)[0]
    conditions = {
        "rotation": round(angle % 360, 1),
        "perspective": round(persp, 3),
        "shadow": bool(shadow),
        "blur": round(sigma, 2),
        "size": (out_w, out_h),
    }
    return out, corners, conditions


#: The sample photos: name -> (seed, options).  ``sheet-2`` is upside down, ``sheet-3``
#: a finished game (the side to move is blocked), ``sheet-5`` game 2 (V started).
SAMPLES: dict[str, tuple[int, dict[str, Any]]] = {
    "sheet-1": (11, {"n_moves": 7, "finished": False}),
    "sheet-2": (12, {"rotation": 181.0, "n_moves": 6, "finished": False}),
    "sheet-3": (13, {"finished": True}),
    "sheet-4": (14, {"rotation": 92.0, "hard": True, "n_moves": 5, "finished": False}),
    "sheet-5": (15, {"first": "V", "n_moves": 8, "finished": False}),
}


def write_samples(folder: str, *, max_side: int = 1280, quality: int = 85) -> list[str]:
    """Render the sample photos into ``folder``: ``<name>.jpg`` and ``<name>.json``.

    The JSON holds the expected ``position`` (with the side to move), ``first``
    and ``blocked``.  Used as ``python -m vision.render.domineering sample_photos``.

    Returns
    -------
    list of str
        The JPEG paths written.
    """
    import json
    from pathlib import Path

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (seed, options) in SAMPLES.items():
        sheet = render_sheet(seed, **options)
        image = sheet.image
        longest = max(image.shape[:2])
        if longest > max_side:
            f = max_side / longest
            image = cv2.resize(
                image,
                (round(image.shape[1] * f), round(image.shape[0] * f)),
                interpolation=cv2.INTER_AREA,
            )
        ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
        assert ok
        (out / f"{name}.jpg").write_bytes(buf.tobytes())
        pos = domineering.Position(tuple(tuple(r) for r in sheet.cells), sheet.first)  # type: ignore[arg-type]
        analysis = domineering.analyze(pos)
        expected = {
            "position": domineering.format_position(pos),
            "first": sheet.first,
            "blocked": analysis.blocked,
            "seed": seed,
            "options": options,
        }
        (out / f"{name}.json").write_text(json.dumps(expected, indent=1) + "\n", encoding="utf-8")
        written.append(str(out / f"{name}.jpg"))
    return written


if __name__ == "__main__":
    import sys

    for path in write_samples(sys.argv[1] if len(sys.argv) > 1 else "sample_photos"):
        print(path)
