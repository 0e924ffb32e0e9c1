"""3D primitives drawn into the ideal (pinhole) canvas: cylinders for discs and pegs, the hole, frame walls.

Every primitive projects its own 3D points; the caller draws them back to front. Colours are RGB and the canvas
is BGR uint8. Brightness of a face follows a Lambert model normalised so a level surface keeps its colour.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.synth.camera import Camera

_SHIFT = 4  # sub-pixel bits for OpenCV's drawing functions
_ONE = 1 << _SHIFT


@dataclass(frozen=True)
class View:
    """A camera, the intrinsics of the (supersampled, padded) canvas it draws into, and the light."""

    cam: Camera
    K: np.ndarray
    light: np.ndarray  # unit vector towards the light
    ambient: float

    def px(self, pts: np.ndarray) -> np.ndarray:
        return self.cam.project_ideal(pts, self.K)

    def shade(self, normal: np.ndarray) -> float:
        lit = self.ambient + (1 - self.ambient) * max(0.0, float(normal @ self.light))
        flat = self.ambient + (1 - self.ambient) * max(0.0, float(self.light[2]))
        return min(lit / flat, 1.35)

    def faces_camera(self, point: np.ndarray, normal: np.ndarray) -> bool:
        return float(normal @ (self.cam.centre - point)) > 0

    def mm_to_px(self, at: np.ndarray) -> float:
        """Pixels per millimetre at a 3D point (sideways to the view)."""
        p = self.px(np.array([at, at + self.cam.R[0]]))
        return float(np.linalg.norm(p[1] - p[0]))


def _bgr(rgb, k: float = 1.0) -> tuple[int, int, int]:
    return tuple(min(255, max(0, int(c * k))) for c in rgb[::-1])


def _fix(p: np.ndarray) -> np.ndarray:
    return np.round(p * _ONE).astype(np.int32)


def _circle(cx: float, cy: float, z: float, r: float, n: int) -> np.ndarray:
    a = np.linspace(0, 2 * np.pi, n, endpoint=False)
    return np.column_stack([cx + r * np.cos(a), cy + r * np.sin(a), np.full(n, z)])


@dataclass(frozen=True)
class Finish:
    """How a cylinder's top looks: a printed ring, wood grain, a highlight on its bevel."""

    ring_rgb: tuple[int, int, int] | None = None
    ring_at: float = 0.7
    grain_seed: int | None = None
    bevel: float = 1.0  # mm
    gloss: float = 0.3


def cylinder(img: np.ndarray, v: View, x: float, y: float, z0: float, r: float, h: float,
             top_rgb, side_rgb, finish: Finish = Finish(), n: int = 48) -> None:
    """A disc or peg standing at (x, y) on height z0: lit side wall, top face, bevel, print or grain. The bevel
    and the rim's dark line are drawn inside the top rim: centred on it, they widened a disc by 0.25 mm."""
    top3, bot3 = _circle(x, y, z0 + h, r, n), _circle(x, y, z0, r, n)
    top, bot = v.px(top3), v.px(bot3)
    a = np.linspace(0, 2 * np.pi, n, endpoint=False) + np.pi / n
    for k in range(n):
        j = (k + 1) % n
        normal = np.array([math.cos(a[k]), math.sin(a[k]), 0.0])
        if not v.faces_camera((bot3[k] + bot3[j]) / 2, normal):
            continue
        quad = _fix(np.array([bot[k], bot[j], top[j], top[k]]))
        cv2.fillConvexPoly(img, quad, _bgr(side_rgb, v.shade(normal)), cv2.LINE_AA, _SHIFT)
    cv2.fillPoly(img, [_fix(top)], _bgr(top_rgb), cv2.LINE_AA, _SHIFT)
    ppm = v.mm_to_px(np.array([x, y, z0 + h]))

    def inside(width_px: int) -> np.ndarray:  # the circle a stroke this wide (antialiased) follows within the rim
        return v.px(_circle(x, y, z0 + h, r - (width_px + 1) / 2 / ppm, n))

    if finish.grain_seed is not None:
        _grain(img, v, x, y, z0 + h, r, top_rgb, finish.grain_seed)
    if finish.ring_rgb is not None:
        ring = v.px(_circle(x, y, z0 + h, r * finish.ring_at, n))
        cv2.polylines(img, [_fix(ring)], True, _bgr(finish.ring_rgb), max(1, round(1.2 * ppm)), cv2.LINE_AA, _SHIFT)
    if finish.bevel > 0:
        thick = max(1, round(finish.bevel * ppm))
        edge = inside(thick)
        for k in range(n):
            s = 0.7071
            normal = np.array([s * math.cos(a[k]), s * math.sin(a[k]), s])
            lit = v.shade(normal)
            colour = _bgr(top_rgb, lit * (1 + finish.gloss * max(0.0, lit - 1) * 3))
            cv2.line(img, tuple(_fix(edge[k])), tuple(_fix(edge[(k + 1) % n])), colour, thick, cv2.LINE_AA, _SHIFT)
    cv2.polylines(img, [_fix(inside(1))], True, _bgr(side_rgb, 0.8), 1, cv2.LINE_AA, _SHIFT)


def _grain(img: np.ndarray, v: View, x: float, y: float, z: float, r: float, rgb, seed: int) -> None:
    """Growth-ring arcs across a wooden disc's top, clipped to the face."""
    rng = np.random.default_rng(seed)
    ox, oy = rng.normal(0, 1, 2) * r * 3
    phi = np.linspace(0, 2 * np.pi, 240)
    for rad in math.hypot(ox, oy) + np.arange(-r, r, rng.uniform(2.5, 5)):
        pts = np.column_stack([x + ox + rad * np.cos(phi), y + oy + rad * np.sin(phi), np.full(phi.size, z)])
        inside = np.hypot(pts[:, 0] - x, pts[:, 1] - y) < r - 1.2
        if inside.sum() < 2:
            continue
        p = _fix(v.px(pts))
        runs = np.split(np.arange(phi.size), np.flatnonzero(np.diff(inside.astype(np.int8))) + 1)
        for run in runs:
            if inside[run[0]] and run.size > 1:
                cv2.polylines(img, [p[run]], False, _bgr(rgb, 0.86), 1, cv2.LINE_AA, _SHIFT)


def hole(img: np.ndarray, v: View, r: float, depth: float, wall_rgb, bottom_rgb) -> np.ndarray:
    """The 20 hole as a recess: the far inner wall lit, the bottom dark. Returns the rim polygon (pixels)."""
    n = 96
    rim3, floor3 = _circle(0, 0, 0, r, n), _circle(0, 0, -depth, r, n)
    rim, floor = v.px(rim3), v.px(floor3)
    lo = np.floor(np.minimum(rim.min(0), floor.min(0))).astype(int) - 2
    hi = np.ceil(np.maximum(rim.max(0), floor.max(0))).astype(int) + 3
    lo, hi = np.maximum(lo, 0), np.minimum(hi, (img.shape[1], img.shape[0]))
    if np.any(hi <= lo):
        return rim
    roi = img[lo[1] : hi[1], lo[0] : hi[0]]
    layer = roi.copy()
    off = lo.astype(float)
    cv2.fillPoly(layer, [_fix(rim - off)], _bgr(wall_rgb, 0.5), cv2.LINE_AA, _SHIFT)
    a = np.linspace(0, 2 * np.pi, n, endpoint=False) + np.pi / n
    for k in range(n):
        j = (k + 1) % n
        inward = -np.array([math.cos(a[k]), math.sin(a[k]), 0.0])
        if v.faces_camera((rim3[k] + rim3[j]) / 2, inward):
            quad = _fix(np.array([floor[k], floor[j], rim[j], rim[k]]) - off)
            cv2.fillConvexPoly(layer, quad, _bgr(wall_rgb, 0.25 + 0.5 * v.shade(inward)), cv2.LINE_AA, _SHIFT)
    cv2.fillPoly(layer, [_fix(floor - off)], _bgr(bottom_rgb), cv2.LINE_AA, _SHIFT)
    mask = np.zeros(roi.shape[:2], np.uint8)
    cv2.fillPoly(mask, [_fix(rim - off)], 255, cv2.LINE_AA, _SHIFT)
    alpha = (mask.astype(np.float32) / 255)[..., None]
    roi[:] = (layer * alpha + roi * (1 - alpha)).astype(np.uint8)
    return rim


def in_hole(img: np.ndarray, v: View, rim: np.ndarray, draw, x: float, y: float, r: float, top: float) -> None:
    """Run ``draw(img)`` for a disc sitting in the hole, keeping only what the near rim does not hide.

    Seen: whatever falls inside the rim, and the part of the disc standing above the surface (z from 0 to top).
    """
    layer = img.copy()
    draw(layer)
    above = v.px(np.vstack([_circle(x, y, 0.0, r, 48), _circle(x, y, top, r, 48)]))
    hull = cv2.convexHull(above.astype(np.float32)).reshape(-1, 2)
    keep = polygon_mask(img.shape[:2], [rim, hull]) > 0
    img[keep] = layer[keep]


def walls(img: np.ndarray, v: View, outline: np.ndarray, z_lo: float, z_hi: float, rgb, *, outward: bool) -> None:
    """Vertical wall quads along a closed (M, 2) outline (counter-clockwise), only the faces seen."""
    m = len(outline)
    for k in range(m):
        p, q = outline[k], outline[(k + 1) % m]
        edge = q - p
        normal = np.array([edge[1], -edge[0], 0.0]) / (np.linalg.norm(edge) + 1e-12)
        if not outward:
            normal = -normal
        mid = np.array([(p[0] + q[0]) / 2, (p[1] + q[1]) / 2, (z_lo + z_hi) / 2])
        if not v.faces_camera(mid, normal):
            continue
        quad3 = np.array([[p[0], p[1], z_lo], [q[0], q[1], z_lo], [q[0], q[1], z_hi], [p[0], p[1], z_hi]])
        cv2.fillConvexPoly(img, _fix(v.px(quad3)), _bgr(rgb, v.shade(normal)), cv2.LINE_AA, _SHIFT)


def polygon_mask(shape: tuple[int, int], polys: list[np.ndarray], holes: list[np.ndarray] = ()) -> np.ndarray:
    """Binary mask of pixel polygons minus holes."""
    mask = np.zeros(shape, np.uint8)
    for p in polys:  # one call each: fillPoly would leave overlaps empty
        cv2.fillPoly(mask, [_fix(p)], 255, cv2.LINE_8, _SHIFT)
    for p in holes:
        cv2.fillPoly(mask, [_fix(p)], 0, cv2.LINE_8, _SHIFT)
    return mask


def edge(img: np.ndarray, v: View, outline3d: np.ndarray, rgb, width_mm: float) -> None:
    """A closed 3D edge (a rounded-over rail edge catching the light, a seam) as an anti-aliased line."""
    p = v.px(outline3d)
    thick = max(1, round(width_mm * v.mm_to_px(outline3d.mean(0))))
    cv2.polylines(img, [_fix(p)], True, _bgr(rgb), thick, cv2.LINE_AA, _SHIFT)
