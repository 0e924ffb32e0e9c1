"""Procedural textures on a plane of the board, sampled on a millimetre grid (BGR uint8).

A texture is drawn in board millimetres and later warped into the picture with the plane's homography, so the
paint, grain and soft shadows all follow the perspective exactly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Grid:
    """A square raster centred on the hole: ``scale`` pixels per mm, covering +-``half`` mm."""

    scale: float
    half: float

    @property
    def n(self) -> int:
        return 2 * math.ceil(self.half * self.scale) + 1

    @property
    def centre(self) -> float:
        return (self.n - 1) / 2

    @property
    def to_tex(self) -> np.ndarray:
        """Homography from board (x, y, 1) to raster pixels (row 0 at the top, +y up)."""
        s, c = self.scale, self.centre
        return np.array([[s, 0, c], [0, -s, c], [0, 0, 1.0]])

    def px(self, x: float, y: float) -> tuple[float, float]:
        return self.centre + self.scale * x, self.centre - self.scale * y

    def coords(self) -> tuple[np.ndarray, np.ndarray]:
        axis = (np.arange(self.n, dtype=np.float32) - self.centre) / self.scale
        return axis[None, :], -axis[:, None]


def smooth_noise(rng: np.random.Generator, n: int, cells: int) -> np.ndarray:
    """Value noise in -1..1 with about ``cells`` bumps across an n x n raster."""
    low = rng.uniform(-1, 1, (cells + 3, cells + 3)).astype(np.float32)
    m = max(cells * 12, 16)  # smooth at a small size, then enlarge linearly (cheap, still smooth)
    mid = cv2.resize(low, (m + 2 * m // cells, m + 2 * m // cells), interpolation=cv2.INTER_CUBIC)
    o = m // cells
    return cv2.resize(mid[o : o + m, o : o + m], (n, n), interpolation=cv2.INTER_LINEAR)


def _profile(rng: np.random.Generator, length_mm: float, res: float = 0.2) -> tuple[np.ndarray, float]:
    """A 1D cut across sawn wood: dark growth lines at uneven spacing, fine streaks, slow changes of tone."""
    n = int(length_mm / res) + 1
    lines = np.zeros(n, np.float32)
    pos = rng.uniform(0, 5)
    while pos < length_mm:
        lines[int(pos / res)] += rng.uniform(0.4, 1.0)
        pos += rng.gamma(3.0, rng.uniform(0.8, 2.5))
    lines = cv2.GaussianBlur(lines[None, :], (0, 0), rng.uniform(1.5, 4.0))[0] * 4
    fine = cv2.GaussianBlur(rng.normal(0, 1, (1, n)).astype(np.float32), (0, 0), 1.5)[0] * 1.5
    broad = cv2.GaussianBlur(rng.normal(0, 1, (1, n)).astype(np.float32), (0, 0), 60)[0] * 12
    return np.clip(lines, 0, 1.5) * -0.12 + fine * 0.03 + broad * 0.05, res


def wood(rng: np.random.Generator, grid: Grid, rgb, *, grain: float, angle_deg: float, strips: bool) -> np.ndarray:
    """Sawn wood: growth lines along the grain with a gentle wave, streaks, and optionally veneer strips."""
    n = grid.n
    x, y = grid.coords()
    a = math.radians(angle_deg)
    across = (-x * math.sin(a) + y * math.cos(a)).astype(np.float32)  # mm across the grain
    figure = rng.uniform(2, 14)  # how wavy the grain is
    warp = smooth_noise(rng, n, 4) * figure + smooth_noise(rng, n, 16) * figure * 0.15
    prof, res = _profile(rng, 2 * grid.half * 1.5 + 4 * figure)
    idx = np.clip(((across + warp) / res + prof.size / 2).astype(np.int32), 0, prof.size - 1)
    fade = 1 + 0.4 * smooth_noise(rng, n, 8)
    tone = 1 + grain * prof[idx] * fade + 0.03 * smooth_noise(rng, n, 5)
    if strips:
        width = rng.uniform(70, 160)
        k = np.floor((across + 1000) / width).astype(np.int32)
        shades = rng.uniform(0.9, 1.08, 64).astype(np.float32)
        tone *= shades[k % 64]
    return _tinted(tone, rgb)


def _tinted(tone: np.ndarray, rgb) -> np.ndarray:
    """BGR uint8 of a brightness field (1 = the colour itself) times an RGB colour."""
    return cv2.merge([cv2.convertScaleAbs(tone, alpha=float(c)) for c in rgb[::-1]])


def felt(rng: np.random.Generator, grid: Grid, rgb, *, rough: float = 0.06) -> np.ndarray:
    """Cloth or painted fibreboard: fine speckle and a faint blotchiness."""
    n = grid.n
    speck = rng.standard_normal((n, n), dtype=np.float32) * rough
    tone = 1 + cv2.GaussianBlur(speck, (0, 0), 0.7) + 0.05 * smooth_noise(rng, n, 5)
    return _tinted(tone, rgb)


def table(rng: np.random.Generator, grid: Grid, kind: str, rgb) -> np.ndarray:
    """What the board lies on, with a few loose objects (score sheets, a phone) scattered around."""
    if kind == "planks":
        tex = wood(rng, grid, rgb, grain=0.6, angle_deg=float(rng.uniform(0, 180)), strips=True)
        x, y = grid.coords()
        a = math.radians(float(rng.uniform(0, 180)))
        width = float(rng.uniform(120, 200))
        edge = np.abs(((-x * math.sin(a) + y * math.cos(a)) % width) - width / 2)  # mm from a plank's middle
        gap = np.clip((edge - (width / 2 - 2.5)) * grid.scale, 0, 1)  # a soft 5 mm seam
        paint(tex, gap.astype(np.float32) * 0.6, (30, 26, 22))
    elif kind == "carpet":
        tex = felt(rng, grid, rgb, rough=0.2)
    else:
        tex = felt(rng, grid, rgb, rough=0.02 if kind == "plain" else 0.05)
        tex = cv2.multiply(tex, cv2.merge([1 + 0.08 * smooth_noise(rng, grid.n, 3)] * 3), dtype=cv2.CV_8U)
    for _ in range(int(rng.integers(0, 4))):
        _clutter(rng, grid, tex)
    return tex


def _clutter(rng: np.random.Generator, grid: Grid, tex: np.ndarray) -> None:
    ang = rng.uniform(0, 2 * math.pi)
    dist = rng.uniform(480, 900)
    cx, cy = grid.px(dist * math.cos(ang), dist * math.sin(ang))
    if rng.random() < 0.6:  # a score sheet
        w, h = rng.uniform(140, 220) * grid.scale, rng.uniform(200, 300) * grid.scale
        box = cv2.boxPoints(((cx, cy), (w, h), float(rng.uniform(0, 180))))
        cv2.fillConvexPoly(tex, np.int32(box), (230, 236, 236), cv2.LINE_AA)
    else:  # a phone
        box = cv2.boxPoints(((cx, cy), (75 * grid.scale, 155 * grid.scale), float(rng.uniform(0, 180))))
        cv2.fillConvexPoly(tex, np.int32(box), (26, 20, 20), cv2.LINE_AA)


def ring_mask(grid: Grid, radius: float, width: float, r_map: np.ndarray) -> np.ndarray:
    """Anti-aliased coverage (0..1) of a painted ring of centre radius ``radius`` and paint width ``width``."""
    return np.clip((width / 2 - np.abs(r_map - radius)) * grid.scale + 0.5, 0, 1)


def paint(tex: np.ndarray, mask: np.ndarray, rgb) -> None:
    """Lay paint of colour ``rgb`` where ``mask`` (float 0..1) covers, in place."""
    ink = np.empty_like(tex)
    ink[:] = rgb[::-1]
    tex[:] = cv2.blendLinear(tex, ink, 1 - mask, mask)


def paint_text(tex: np.ndarray, grid: Grid, text: str, at: tuple[float, float], height_mm: float,
               angle_deg: float, rgb) -> None:
    """Print ``text`` centred at board point ``at``, turned by ``angle_deg`` (counter-clockwise), in place."""
    font, thick = cv2.FONT_HERSHEY_SIMPLEX, max(1, round(height_mm * grid.scale / 9))
    fs = height_mm * grid.scale / 22.0
    (tw, th), _ = cv2.getTextSize(text, font, fs, thick)
    side = int(math.hypot(tw, th)) + 6
    patch = np.zeros((side, side), np.uint8)
    cv2.putText(patch, text, ((side - tw) // 2, (side + th) // 2), font, fs, 255, thick, cv2.LINE_AA)
    turn = cv2.getRotationMatrix2D((side / 2, side / 2), angle_deg, 1.0)
    patch = cv2.warpAffine(patch.astype(np.float32) / 255, turn, (side, side))
    u, v = (int(round(c - side / 2)) for c in grid.px(*at))
    if u < 0 or v < 0 or u + side > grid.n or v + side > grid.n:
        return
    paint(tex[v : v + side, u : u + side], patch, rgb)
