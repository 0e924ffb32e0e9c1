"""A top-down view of one plane above the board, at a fixed scale in pixels per millimetre.

Discs are found on the plane of their top faces (``height_mm`` = the disc's thickness): there a disc's top is a
circle of the known radius centred right over where the disc stands, whatever the camera's angle, so no
separate parallax correction is needed. Rectified pixel (u, v) is board (x, y) = ((u - c) / s, (c - v) / s).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from calibration.model import apply_homography


def lifted_homography(calibration, height_mm: float) -> np.ndarray:
    """3x3 homography from board (x, y) on the plane ``height_mm`` above the surface to image pixels."""
    h = np.asarray(calibration.board_to_image, dtype=float)
    if height_mm == 0:
        return h
    cx, cy, cz = calibration.view.camera_mm
    k = height_mm / cz
    drop = np.array([[1, 0, -cx * k], [0, 1, -cy * k], [0, 0, 1 - k]], dtype=float)  # View.drop as a matrix
    m = h @ drop
    return m / m[2, 2]


@dataclass(frozen=True)
class Plane:
    """Board mm on one plane <-> image pixels, and <-> rectified pixels at ``px_per_mm``."""

    board_to_image: np.ndarray  # 3x3
    px_per_mm: float
    radius_mm: float  # the rectified picture spans [-radius_mm, radius_mm] on both axes

    @property
    def size(self) -> int:
        return int(round(2 * self.radius_mm * self.px_per_mm)) + 1

    @property
    def rect_to_board(self) -> np.ndarray:
        s, c = self.px_per_mm, (self.size - 1) / 2
        return np.array([[1 / s, 0, -c / s], [0, -1 / s, c / s], [0, 0, 1]], dtype=float)

    def to_image(self, board_xy) -> np.ndarray:
        return apply_homography(self.board_to_image, board_xy)

    def circle_to_image(self, x: float, y: float, r: float, ang: np.ndarray) -> np.ndarray:
        """Image points of the circle of radius ``r`` (mm) round (x, y) on this plane, at angles ``ang``."""
        return self.to_image(np.column_stack([x + r * np.cos(ang), y + r * np.sin(ang)]))

    def to_board(self, image_xy) -> np.ndarray:
        return apply_homography(np.linalg.inv(self.board_to_image), image_xy)

    def rect_to_board_pts(self, uv) -> np.ndarray:
        return apply_homography(self.rect_to_board, uv)

    def image_px_per_mm(self) -> float:
        """Image pixels per board millimetre near the hole (from the homography's Jacobian there)."""
        p = self.to_image([(0, 0), (1, 0), (0, 1)])
        (ax, ay), (bx, by) = p[1] - p[0], p[2] - p[0]
        return float(np.sqrt(abs(ax * by - ay * bx)))


REMAP_ROW = 1024  # cv2.remap wants a map with sides under 32767: other layouts of points go in rows of this many


def sample(image: np.ndarray, px) -> np.ndarray:
    """Bilinear BGR colours (float32) at image points of shape (..., 2), any number of them. Points laid out as
    rows x columns x 2 in float32 (``_on_rays``'s) are the remap's two-channel map as they are: no copy."""
    px = np.asarray(px, np.float32)
    if px.ndim == 3 and max(px.shape[:2]) < 32767:
        maps = px
    else:
        flat = px.reshape(-1, 2)
        maps = np.zeros((-(-len(flat) // REMAP_ROW) * REMAP_ROW, 2), np.float32)
        maps[: len(flat)] = flat
        maps = maps.reshape(-1, REMAP_ROW, 2)
    col = cv2.remap(image, maps, None, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    n = int(np.prod(px.shape[:-1]))
    return col.reshape(-1, 3)[:n].reshape(px.shape[:-1] + (3,)).astype(np.float32)


def disc_grid(radius: float, n: int) -> np.ndarray:
    """Offsets (M, 2) of an n x n grid's points within ``radius`` of the centre: where a round patch is sampled."""
    g = np.linspace(-1, 1, n)
    gx, gy = np.meshgrid(g, g)
    keep = gx**2 + gy**2 <= 1
    return np.column_stack([gx[keep], gy[keep]]) * radius


def rectify(image: np.ndarray, plane: Plane) -> np.ndarray:
    """Warp ``image`` to the plane's top-down view; the source is first halved until it is not much sharper.

    Halving before a strong downscale keeps wood grain and noise from aliasing into false edges.
    """
    src, scale = image, 1.0
    ratio = plane.image_px_per_mm() / plane.px_per_mm
    while ratio / scale > 3.0 and min(src.shape[:2]) > 64:
        src = cv2.pyrDown(src)
        scale *= 2
    shrink = np.diag([1 / scale, 1 / scale, 1.0])
    m = shrink @ plane.board_to_image @ plane.rect_to_board
    n = plane.size
    return cv2.warpPerspective(src, m, (n, n), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)
