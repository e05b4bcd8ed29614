"""A second Domineering sheet renderer, written apart from the project's, for evaluation only.

``vision.render.domineering`` draws the sheets the reader is trained and tuned on.
This module draws sheets with its own code and its own habits, so the benchmark
can show how the reader does on sheets it was never shaped by.  It is NEVER used
for training or tuning (``benchmarks/domineering_accuracy.py`` prints its exact
rate as a separate line).

What differs from the project's renderer, on purpose:

* drawing with Pillow's ``ImageDraw`` (lines with round joints, arcs, ellipses)
  and TrueType fonts (DejaVu, Liberation: sans, serif, mono, italic, bold) for the
  labels and the turn numbers, instead of OpenCV polylines of stroke skeletons;
* graph paper (a faint printed grid the game grid is drawn over), squared or plain
  paper, cream or white, a border line drawn thicker than the inner lines;
* ballpoint blue most of the time, black felt tip, grey pencil;
* joining strokes of many shapes: short dash, centre to centre, arc, tilde,
  doubled (``=``), long; shading by hatching at any angle (also parallel to the
  grid lines), cross-hatching, stippling or a translucent fill;
* the photo: one homography from independently jittered corners, a straight-edged
  soft shadow band, a linear light gradient, Pillow blur and Pillow JPEG.

The position comes from its own random play on a 5x5 array; the result is checked
with the rules engine.

    python benchmarks/domineering_independent.py OUT_DIR [N]   # write N example photos
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from referee import domineering

__all__ = ["IndependentSheet", "render_independent"]

_FONT_DIRS = (Path("/usr/share/fonts/truetype"), Path("/usr/share/fonts"), Path("/Library/Fonts"))
_FONT_NAMES = (
    "DejaVuSans.ttf",
    "DejaVuSans-Bold.ttf",
    "DejaVuSerif.ttf",
    "DejaVuSansMono.ttf",
    "DejaVuSansCondensed-Oblique.ttf",
    "DejaVuSerifCondensed-Italic.ttf",
    "DejaVuSans-ExtraLight.ttf",
    "LiberationSans-Regular.ttf",
    "LiberationSans-Italic.ttf",
    "LiberationSerif-Regular.ttf",
    "LiberationSerif-Italic.ttf",
    "LiberationMono-Regular.ttf",
    "LiberationSansNarrow-Regular.ttf",
)

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class IndependentSheet:
    """One photo and its answer.

    Attributes
    ----------
    jpeg : bytes
        The photo.
    cells : tuple of str
        Five rows (row 1 first) of ``.``, ``H``, ``V``.
    first : str
        Who started.
    corners : (4, 2) ndarray of float64
        Grid corners tl, tr, br, bl of the sheet in the photo, [x, y] pixels.
    conditions : dict
        How it was drawn.
    """

    jpeg: bytes
    cells: tuple[str, ...]
    first: str
    corners: np.ndarray
    conditions: dict[str, Any] = field(default_factory=dict)


def _fonts() -> list[Path]:
    found: list[Path] = []
    for name in _FONT_NAMES:
        for root in _FONT_DIRS:
            hits = list(root.rglob(name)) if root.is_dir() else []
            if hits:
                found.append(hits[0])
                break
    return found


def _play(rng: np.random.Generator, first: str, limit: int | None) -> list[tuple[str, tuple]]:
    """Random legal play on a 5x5 array: [(side, ((r, c), (r, c))), ...]."""
    board = np.zeros((5, 5), bool)
    side = first
    out: list[tuple[str, tuple]] = []
    while limit is None or len(out) < limit:
        dr, dc = (0, 1) if side == "H" else (1, 0)
        options = [
            ((r, c), (r + dr, c + dc))
            for r in range(5 - dr)
            for c in range(5 - dc)
            if not board[r, c] and not board[r + dr, c + dc]
        ]
        if not options:
            break
        a, b = options[int(rng.integers(len(options)))]
        board[a] = board[b] = True
        out.append((side, (a, b)))
        side = "V" if side == "H" else "H"
    return out


def _ink(rng: np.random.Generator) -> tuple[str, RGB]:
    roll = rng.random()
    if roll < 0.5:
        return "ballpoint", (
            int(rng.integers(10, 50)),
            int(rng.integers(30, 80)),
            int(rng.integers(120, 190)),
        )
    if roll < 0.75:
        g = int(rng.integers(15, 60))
        return "felt", (g, g, g + int(rng.integers(0, 10)))
    g = int(rng.integers(70, 125))
    return "pencil", (g, g, g + 4)


def _hand(
    draw: ImageDraw.ImageDraw,
    p0: tuple[float, float],
    p1: tuple[float, float],
    *,
    width: int,
    fill: RGB,
    wobble: float,
    rng: np.random.Generator,
) -> None:
    """A hand-drawn straight line: a random-walk offset, smoothed, drawn as one polyline."""
    length = math.dist(p0, p1)
    n = max(4, int(length / 10))
    walk = np.cumsum(rng.normal(0, 1, n))
    walk -= np.linspace(walk[0], walk[-1], n)  # ends on the line
    walk = np.convolve(walk, np.ones(3) / 3, mode="same")
    walk *= wobble / max(1e-6, float(np.abs(walk).max()))
    dx, dy = (p1[0] - p0[0]) / length, (p1[1] - p0[1]) / length
    pts = [
        (p0[0] + (p1[0] - p0[0]) * t - dy * w, p0[1] + (p1[1] - p0[1]) * t + dx * w)
        for t, w in zip(np.linspace(0, 1, n), walk, strict=True)
    ]
    draw.line(pts, fill=fill, width=width, joint="curve")


def _text(
    paper: Image.Image,
    text: str,
    centre: tuple[float, float],
    height: float,
    font_path: Path,
    fill: RGB,
    angle: float,
) -> None:
    """Paste ``text`` in a TrueType font, centred at (x, y), rotated by ``angle`` degrees."""
    font = ImageFont.truetype(str(font_path), max(6, round(height * 1.35)))
    left, top, right, bottom = font.getbbox(text)
    w, h = right - left + 8, bottom - top + 8
    tile = Image.new("L", (w, h), 0)
    ImageDraw.Draw(tile).text((4 - left, 4 - top), text, font=font, fill=255)
    tile = tile.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)
    x, y = round(centre[0] - tile.width / 2), round(centre[1] - tile.height / 2)
    colour = Image.new("RGB", tile.size, fill)
    paper.paste(colour, (x, y), tile)


def _shade(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    style: str,
    angle: float,
    spacing: float,
    width: int,
    fill: RGB,
    rng: np.random.Generator,
) -> None:
    """Shade the box (x0, y0, x1, y1): hatching at ``angle``, cross-hatching or stipple."""
    x0, y0, x1, y1 = box
    if style == "stipple":
        n = int((x1 - x0) * (y1 - y0) / (spacing * spacing) * 1.5)
        r = max(1.0, width * 0.8)
        for _ in range(n):
            x, y = rng.uniform(x0, x1), rng.uniform(y0, y1)
            draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)
        return
    angles = [angle] if style == "hatch" else [angle, angle + 90.0]
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    half = max(x1 - x0, y1 - y0)
    for a in angles:
        d = (math.cos(math.radians(a)), math.sin(math.radians(a)))
        n = (-d[1], d[0])
        t = -half
        while t <= half:
            # clip the long segment to the box by sampling
            pts = []
            for s in np.linspace(-half, half, 60):
                x, y = cx + n[0] * t + d[0] * s, cy + n[1] * t + d[1] * s
                if x0 <= x <= x1 and y0 <= y <= y1:
                    pts.append((x, y))
            if len(pts) >= 2:
                jitter = rng.normal(0, spacing * 0.08, 4)
                draw.line(
                    [
                        (pts[0][0] + jitter[0], pts[0][1] + jitter[1]),
                        (pts[-1][0] + jitter[2], pts[-1][1] + jitter[3]),
                    ],
                    fill=fill,
                    width=width,
                )
            t += spacing


def _join(
    draw: ImageDraw.ImageDraw,
    mid: tuple[float, float],
    across: tuple[float, float],
    s: float,
    style: str,
    width: int,
    fill: RGB,
    rng: np.random.Generator,
) -> None:
    """The joining stroke over the shared edge at ``mid``; ``across`` points from cell to cell."""
    ax, ay = across
    bx, by = -ay, ax  # along the edge
    shift = rng.uniform(-0.25, 0.25) * s
    mx, my = mid[0] + bx * shift, mid[1] + by * shift
    tilt = math.radians(rng.normal(0, 10))
    ux = ax * math.cos(tilt) - ay * math.sin(tilt)
    uy = ax * math.sin(tilt) + ay * math.cos(tilt)
    if style in ("dash", "long", "centre"):
        half = {"dash": rng.uniform(0.12, 0.25), "long": rng.uniform(0.3, 0.42)}.get(
            style, rng.uniform(0.42, 0.5)
        ) * s
        if style == "centre":
            mx, my = mid
        draw.line(
            [(mx - ux * half, my - uy * half), (mx + ux * half, my + uy * half)],
            fill=fill,
            width=width,
        )
    elif style == "double":
        half = rng.uniform(0.12, 0.3) * s
        gap = rng.uniform(0.04, 0.08) * s
        for k in (-1, 1):
            ox, oy = bx * gap * k, by * gap * k
            draw.line(
                [
                    (mx + ox - ux * half, my + oy - uy * half),
                    (mx + ox + ux * half, my + oy + uy * half),
                ],
                fill=fill,
                width=width,
            )
    else:  # "arc" or "tilde": a curve across the edge
        half = rng.uniform(0.18, 0.38) * s
        bend = rng.uniform(0.06, 0.14) * s * (1 if rng.random() < 0.5 else -1)
        pts = []
        for t in np.linspace(-1, 1, 16):
            off = bend * (1 - t * t) if style == "arc" else bend * 0.7 * math.sin(math.pi * t)
            pts.append((mx + ux * half * t + bx * off, my + uy * half * t + by * off))
        draw.line(pts, fill=fill, width=width, joint="curve")


def _solve_perspective(src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """3x3 homography taking the four ``src`` points (x, y) to ``dst``."""
    rows = []
    rhs = []
    for (x, y), (u, v) in zip(src, dst, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs.extend([u, v])
    h = np.linalg.solve(np.array(rows, np.float64), np.array(rhs, np.float64))
    return np.append(h, 1.0).reshape(3, 3)


def render_independent(seed: int) -> IndependentSheet:
    """Draw one photo of a sheet from ``seed`` (its own stream: unrelated to the project's).

    Returns
    -------
    IndependentSheet
    """
    rng = np.random.default_rng([seed, 7_770_001])
    fonts = _fonts()
    first = "H" if rng.random() < 0.7 else "V"
    finished = rng.random() < 0.2
    moves = _play(rng, first, None if finished else int(rng.integers(0, 12)))
    cells = [["."] * 5 for _ in range(5)]
    for side, (a, b) in moves:
        cells[a[0]][a[1]] = cells[b[0]][b[1]] = side

    # --- paper
    s = float(rng.uniform(45, 120))  # cell side on the paper, px
    margin_l, margin_t = s * rng.uniform(1.2, 2.5), s * rng.uniform(1.2, 2.5)
    pw = round(margin_l + 5 * s + s * rng.uniform(1.0, 3.5))
    ph = round(margin_t + 5 * s + s * rng.uniform(1.0, 4.5))
    tint = rng.uniform(0, 1)
    paper_rgb = (
        int(rng.integers(232, 256)),
        int(rng.integers(228, 254)),
        int(rng.integers(205, 250)) if tint < 0.3 else int(rng.integers(228, 256)),
    )
    paper = Image.new("RGB", (pw, ph), paper_rgb)
    draw = ImageDraw.Draw(paper)
    style_paper = rng.choice(["plain", "graph", "squared", "lined"], p=[0.35, 0.3, 0.15, 0.2])
    gx0, gy0 = margin_l, margin_t
    if style_paper in ("graph", "squared"):
        step = s / int(rng.integers(2, 5)) if style_paper == "graph" else s / 2
        colour = (
            (int(rng.integers(150, 210)), int(rng.integers(190, 230)), int(rng.integers(200, 240)))
            if rng.random() < 0.6
            else (int(rng.integers(170, 215)),) * 3
        )
        ox, oy = gx0 % step, gy0 % step
        x = ox
        while x < pw:
            draw.line([(x, 0), (x, ph)], fill=colour, width=1)
            x += step
        y = oy
        while y < ph:
            draw.line([(0, y), (pw, y)], fill=colour, width=1)
            y += step
    elif style_paper == "lined":
        step = s * rng.uniform(0.45, 0.8)
        y = rng.uniform(0, step)
        while y < ph:
            draw.line([(0, y), (pw, y)], fill=(170, 190, 225), width=1)
            y += step

    # --- grid
    kind_grid, grid_rgb = _ink(rng)
    ruler = rng.random() < 0.45 or style_paper in ("graph", "squared")
    lw = max(1, round(s * rng.uniform(0.02, 0.06)))
    border = lw + (max(1, round(lw * 0.8)) if rng.random() < 0.3 else 0)
    wobble = 0.0 if ruler else s * rng.uniform(0.01, 0.05)
    xs = [gx0 + k * s + (0 if ruler else rng.normal(0, 0.03 * s)) for k in range(6)]
    ys = [gy0 + k * s + (0 if ruler else rng.normal(0, 0.03 * s)) for k in range(6)]
    for k in range(6):
        w = border if k in (0, 5) else lw
        o1, o2 = (rng.uniform(-0.04, 0.25) * s for _ in range(2))
        _hand(
            draw,
            (xs[0] - o1, ys[k]),
            (xs[5] + o2, ys[k]),
            width=w,
            fill=grid_rgb,
            wobble=wobble,
            rng=rng,
        )
        o1, o2 = (rng.uniform(-0.04, 0.25) * s for _ in range(2))
        _hand(
            draw,
            (xs[k], ys[0] - o1),
            (xs[k], ys[5] + o2),
            width=w,
            fill=grid_rgb,
            wobble=wobble,
            rng=rng,
        )

    # --- labels
    label_font = fonts[int(rng.integers(len(fonts)))]
    _, label_rgb = _ink(rng) if rng.random() < 0.4 else (kind_grid, grid_rgb)
    lh = s * rng.uniform(0.3, 0.5)
    gap = s * rng.uniform(0.35, 0.6)
    for k in range(5):
        _text(
            paper,
            "ABCDE"[k],
            ((xs[k] + xs[k + 1]) / 2, ys[0] - gap),
            lh,
            label_font,
            label_rgb,
            rng.normal(0, 5),
        )
        _text(
            paper,
            "12345"[k],
            (xs[0] - gap, (ys[k] + ys[k + 1]) / 2),
            lh,
            label_font,
            label_rgb,
            rng.normal(0, 5),
        )

    # --- moves
    writing = rng.choice(["numbers", "numbers+shade", "shade"], p=[0.65, 0.2, 0.15])
    shade_style = str(rng.choice(["hatch", "hatch", "cross", "stipple", "fill"]))
    hatch_angle = float(rng.choice([0.0, 90.0, 45.0, 135.0, rng.uniform(0, 180)]))
    spacing = s * rng.uniform(0.08, 0.2)
    join_style = str(rng.choice(["dash", "centre", "arc", "tilde", "double", "long"]))
    number_font = fonts[int(rng.integers(len(fonts)))]
    pens = [_ink(rng)[1]]
    pens.append(pens[0] if rng.random() < 0.6 else _ink(rng)[1])
    nw = max(1, round(s * rng.uniform(0.025, 0.06)))
    overlay = Image.new("RGBA", paper.size, (0, 0, 0, 0))
    odraw = ImageDraw.Draw(overlay)
    for turn, (_side, (a, b)) in enumerate(moves, start=1):
        pen = pens[(turn - 1) % 2]
        centres = [((xs[c] + xs[c + 1]) / 2, (ys[r] + ys[r + 1]) / 2) for r, c in (a, b)]
        for (r, c), (cx, cy) in zip((a, b), centres, strict=True):
            if writing != "numbers":
                inset = s * rng.uniform(0.1, 0.2)
                box = (xs[c] + inset, ys[r] + inset, xs[c + 1] - inset, ys[r + 1] - inset)
                if shade_style == "fill":
                    odraw.rectangle(box, fill=(*pen, int(rng.integers(70, 150))))
                else:
                    _shade(
                        draw,
                        box,
                        shade_style,
                        hatch_angle + rng.normal(0, 4),
                        spacing,
                        max(1, nw - 1),
                        pen,
                        rng,
                    )
            if writing != "shade":
                h = s * rng.uniform(0.3, 0.55) / (1.0 if turn < 10 else 1.3)
                jitter = rng.normal(0, 0.06 * s, 2)
                _text(
                    paper,
                    str(turn),
                    (cx + jitter[0], cy + jitter[1]),
                    h,
                    number_font,
                    pen,
                    rng.normal(0, 8),
                )
        (x0, y0), (x1, y1) = centres
        length = math.dist((x0, y0), (x1, y1))
        mid = (
            xs[b[1]] if a[0] == b[0] else (x0 + x1) / 2,
            ys[b[0]] if a[1] == b[1] else (y0 + y1) / 2,
        )
        _join(
            draw,
            mid,
            ((x1 - x0) / length, (y1 - y0) / length),
            s,
            join_style,
            max(1, round(nw * rng.uniform(0.8, 1.5))),
            pen,
            rng,
        )
    paper.paste(overlay, (0, 0), overlay)

    # --- outside the grid: notes, a stain ring, a crossed-out tally
    for _ in range(int(rng.integers(0, 4))):
        x = rng.uniform(0, pw)
        y = rng.uniform(ys[5] + 0.8 * s, ph) if rng.random() < 0.6 else rng.uniform(0, ph)
        if gx0 - 1.5 * s < x < xs[5] + 0.8 * s and gy0 - 1.5 * s < y < ys[5] + 0.8 * s:
            continue
        note = str(rng.choice(["H wins?", "game 2", "Ann 1 - Bob 0", "V to play", "12/3", "xx"]))
        _text(
            paper,
            note,
            (x, y),
            s * rng.uniform(0.25, 0.45),
            fonts[int(rng.integers(len(fonts)))],
            _ink(rng)[1],
            rng.normal(0, 6),
        )
    if rng.random() < 0.25:
        r = s * rng.uniform(0.6, 1.2)
        x, y = rng.uniform(r, pw - r), rng.uniform(ys[5] + r, ph + r)
        draw.ellipse(
            (x - r, y - r, x + r, y + r), outline=(180, 150, 110), width=max(2, round(r / 8))
        )

    # --- the photo
    out_w, out_h = [(1600, 1200), (1200, 1600), (1920, 1080), (1280, 960), (1000, 1000)][
        int(rng.integers(5))
    ]
    grid_frac = rng.uniform(0.25, 0.7)
    scale = grid_frac * min(out_w, out_h) / (5 * s)
    angle = rng.uniform(0, 360)
    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    gc = np.array([(xs[0] + xs[5]) / 2, (ys[0] + ys[5]) / 2])
    corners_paper = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], np.float64)
    rot = np.array([[cos, -sin], [sin, cos]])
    dst = (corners_paper - gc) @ rot.T * scale
    dst += rng.normal(0, 1, (4, 2)) * rng.uniform(0.0, 0.08) * np.abs(dst).max()
    # keep the grid in the frame: put its centre near the middle
    dst += np.array([out_w, out_h]) / 2 + rng.normal(0, 0.05, 2) * [out_w, out_h]
    forward = _solve_perspective(corners_paper, dst)
    grid_pts = np.array([[xs[0], ys[0]], [xs[5], ys[0]], [xs[5], ys[5]], [xs[0], ys[5]]])
    hom = np.hstack([grid_pts, np.ones((4, 1))]) @ forward.T
    corners = hom[:, :2] / hom[:, 2:]
    inverse = np.linalg.inv(forward)
    inverse /= inverse[2, 2]
    rgba = paper.convert("RGBA")
    warped = rgba.transform(
        (out_w, out_h),
        Image.Transform.PERSPECTIVE,
        tuple(inverse.flatten()[:8]),
        resample=Image.Resampling.BICUBIC,
    )
    table_rgb = tuple(int(v) for v in rng.integers(20, 200, 3))
    photo = Image.new("RGB", (out_w, out_h), table_rgb)  # type: ignore[arg-type]
    photo.paste(warped, (0, 0), warped)
    pixels = np.asarray(photo, np.float32)
    yy, xx = np.mgrid[0:out_h, 0:out_w].astype(np.float32)
    g = rng.normal(0, 1, 2)
    light = 1.0 + rng.uniform(0, 0.4) * ((xx / out_w - 0.5) * g[0] + (yy / out_h - 0.5) * g[1])
    shadow = rng.random() < 0.35
    if shadow:  # a straight-edged soft band (an arm, a phone's edge)
        t = math.radians(rng.uniform(0, 180))
        d = (xx - out_w * rng.uniform(0.2, 0.8)) * math.cos(t) + (
            yy - out_h * rng.uniform(0.2, 0.8)
        ) * math.sin(t)
        soft = 0.5 + 0.5 * np.tanh(d / (2.0 * rng.uniform(5, 60)))
        light *= 1.0 - rng.uniform(0.25, 0.5) * soft
    light *= rng.uniform(0.75, 1.1)
    pixels *= light[:, :, None]
    pixels += rng.normal(0, rng.uniform(1, 6), pixels.shape).astype(np.float32)
    photo = Image.fromarray(np.clip(np.rint(pixels), 0, 255).astype(np.uint8))
    blur = rng.uniform(0, 1.8)
    if blur > 0.3:
        photo = photo.filter(ImageFilter.GaussianBlur(blur))
    buffer = io.BytesIO()
    quality = int(rng.integers(40, 95))
    photo.save(buffer, format="JPEG", quality=quality)
    # RGB photo, BGR readers: the JPEG file is what they get, so nothing to swap here
    final = tuple("".join(row) for row in cells)
    domineering.validate(domineering.Position(tuple(tuple(r) for r in final), first))  # type: ignore[arg-type]
    return IndependentSheet(
        jpeg=buffer.getvalue(),
        cells=final,
        first=first,
        corners=corners,
        conditions={
            "paper": str(style_paper),
            "ruler": ruler,
            "ink": kind_grid,
            "writing": str(writing),
            "shade": shade_style,
            "hatch_angle": round(hatch_angle),
            "join": join_style,
            "cell_px": round(s * scale, 1),
            "blur": round(blur, 2),
            "shadow": shadow,
            "jpeg": quality,
        },
    )


if __name__ == "__main__":
    import sys

    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/independent")
    folder.mkdir(parents=True, exist_ok=True)
    for k in range(int(sys.argv[2]) if len(sys.argv) > 2 else 6):
        sheet = render_independent(k)
        (folder / f"ind-{k}.jpg").write_bytes(sheet.jpeg)
        print(folder / f"ind-{k}.jpg", "/".join(sheet.cells), sheet.conditions)
