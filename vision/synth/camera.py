"""A pinhole camera with pose, intrinsics and OpenCV-style radial distortion, in the board frame.

World frame: board millimetres (origin at the hole centre, +y toward the top seat), z up, the playing surface at
z = 0. Camera frame as OpenCV: x right, y down, z forward; ``X_cam = R @ X_world + t``. Pixel centres sit at
integer coordinates, as in OpenCV's drawing and warping functions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Pose:
    """Where the camera stands relative to the board (degrees, as drawn by ``random_style``)."""

    tilt_deg: float  # angle of the optical axis from vertical
    azimuth_deg: float  # direction from the board towards the camera, counter-clockwise from +x
    roll_deg: float  # rotation of the picture about the optical axis
    fill: float  # share of the larger image side the board's frame spans
    focal: float  # focal length in units of the image's long side (a phone turned to portrait keeps its lens)
    k1: float = 0.0
    k2: float = 0.0
    shift: tuple[float, float] = (0.0, 0.0)  # where the board sits, as a share of the free margin (-1..1)


@dataclass(frozen=True)
class Camera:
    K: np.ndarray
    R: np.ndarray
    t: np.ndarray
    dist: tuple[float, float]  # radial k1, k2 (OpenCV's order: k1, k2, p1=0, p2=0, k3=0)
    size: tuple[int, int]  # (width, height)

    @property
    def centre(self) -> np.ndarray:
        """Camera centre in board millimetres."""
        return -self.R.T @ self.t

    def to_camera(self, pts: np.ndarray) -> np.ndarray:
        return np.asarray(pts, float).reshape(-1, 3) @ self.R.T + self.t

    def project_ideal(self, pts: np.ndarray, K: np.ndarray | None = None) -> np.ndarray:
        """Pinhole projection without lens distortion: ndarray of shape (N, 2)."""
        c = self.to_camera(pts)
        n = c[:, :2] / c[:, 2:3]
        K = self.K if K is None else K
        return n @ K[:2, :2].T + K[:2, 2]

    def project(self, pts: np.ndarray) -> np.ndarray:
        """Exact pixel positions with lens distortion (what ``cv2.projectPoints`` gives with ``dist_coeffs``)."""
        c = self.to_camera(pts)
        n = c[:, :2] / c[:, 2:3]
        r2 = (n**2).sum(1, keepdims=True)
        n = n * (1 + self.dist[0] * r2 + self.dist[1] * r2**2)
        return n @ self.K[:2, :2].T + self.K[:2, 2]

    def depth(self, pts: np.ndarray) -> np.ndarray:
        return self.to_camera(pts)[:, 2]

    def plane_homography(self, z: float = 0.0, K: np.ndarray | None = None) -> np.ndarray:
        """Homography from board (x, y, 1) on the plane at height ``z`` to ideal (undistorted) pixels."""
        K = self.K if K is None else K
        H = K @ np.column_stack([self.R[:, 0], self.R[:, 1], self.R[:, 2] * z + self.t])
        return H / H[2, 2]

    @property
    def dist_coeffs(self) -> list[float]:
        return [self.dist[0], self.dist[1], 0.0, 0.0, 0.0]

    @property
    def tilt_deg(self) -> float:
        return math.degrees(math.acos(max(-1.0, min(1.0, -self.R[2, 2]))))

    def to_json(self) -> dict:
        return {
            "K": self.K.tolist(),
            "R": self.R.tolist(),
            "t": self.t.tolist(),
            "dist_coeffs": self.dist_coeffs,
            "model": "OpenCV pinhole: X_cam = R X_board + t, board mm with z up from the playing surface",
        }


def look_at(centre_dir: np.ndarray, distance: float, target: np.ndarray, roll: float) -> tuple[np.ndarray, ...]:
    """Rotation and translation of a camera ``distance`` mm from ``target`` along the unit ``centre_dir``.

    Picture 'up' points away from the camera across the board, so an oblique shot looks as a person sees it.
    """
    z_c = -centre_dir
    horiz = np.array([centre_dir[0], centre_dir[1], 0.0])
    h = np.linalg.norm(horiz)
    # The in-image up direction: world up projected on the image plane, or (straight down) the azimuth.
    up = np.array([0.0, 0.0, 1.0]) - centre_dir * centre_dir[2]
    if np.linalg.norm(up) < 1e-9 or h < 1e-9:
        up = -horiz / h if h > 1e-9 else np.array([0.0, 1.0, 0.0])
    up = up / np.linalg.norm(up)
    y_c = -up
    x_c = np.cross(y_c, z_c)
    c, s = math.cos(roll), math.sin(roll)
    x_r, y_r = c * x_c + s * y_c, -s * x_c + c * y_c
    R = np.vstack([x_r, y_r, z_c])
    C = target + distance * centre_dir
    return R, -R @ C


def frame_camera(pose: Pose, outline: np.ndarray, size: tuple[int, int]) -> Camera:
    """The camera of ``pose`` placed so the 3D ``outline`` (N, 3) spans ``pose.fill`` of the picture.

    Distance and aim are found by a few fixed-point steps: the picture scale goes as 1 / distance.
    """
    w, h = size
    f = pose.focal * max(w, h)
    K = np.array([[f, 0, (w - 1) / 2], [0, f, (h - 1) / 2], [0, 0, 1.0]])
    tilt, az = math.radians(pose.tilt_deg), math.radians(pose.azimuth_deg)
    cdir = np.array([math.sin(tilt) * math.cos(az), math.sin(tilt) * math.sin(az), math.cos(tilt)])
    extent = float(np.abs(outline[:, :2]).max())
    distance = f * 2 * extent / (pose.fill * max(w, h))
    target = np.zeros(3)
    for _ in range(12):
        R, t = look_at(cdir, distance, target, math.radians(pose.roll_deg))
        cam = Camera(K, R, t, (pose.k1, pose.k2), size)
        p = cam.project(outline)
        lo, hi = p.min(0), p.max(0)
        span = max((hi[0] - lo[0]) / w, (hi[1] - lo[1]) / h)
        margin = np.array([w, h]) - (hi - lo)
        want = np.array([w, h]) / 2 + np.asarray(pose.shift) * margin / 2
        off = (lo + hi) / 2 - want
        distance *= span / pose.fill
        # Move the aim point on the board by the pixel offset converted to mm at the board's centre.
        mm_per_px = distance / f
        flat = R[:2, :2]  # camera x and y axes seen on the board plane
        step = flat[0] / max(flat[0] @ flat[0], 1e-6) * off[0] + flat[1] / max(flat[1] @ flat[1], 1e-6) * off[1]
        target = target + mm_per_px * np.array([step[0], step[1], 0.0])
    return cam


def distortion_maps(cam: Camera, K_ideal: np.ndarray, step: int = 8) -> tuple[np.ndarray, np.ndarray]:
    """``cv2.remap`` maps from the distorted output picture to an ideal (pinhole) picture drawn with ``K_ideal``.

    The inverse of the radial model is solved by fixed-point steps on a coarse grid, then interpolated.
    """
    w, h = cam.size
    gx = np.arange(-step, w + 2 * step, step, dtype=np.float64)
    gy = np.arange(-step, h + 2 * step, step, dtype=np.float64)
    u, v = np.meshgrid(gx, gy)
    f, cx, cy = cam.K[0, 0], cam.K[0, 2], cam.K[1, 2]
    xd, yd = (u - cx) / f, (v - cy) / f
    xu, yu = xd.copy(), yd.copy()
    k1, k2 = cam.dist
    for _ in range(12):
        r2 = xu * xu + yu * yu
        s = 1 + k1 * r2 + k2 * r2 * r2
        xu, yu = xd / s, yd / s
    coarse_x = (xu * K_ideal[0, 0] + K_ideal[0, 2]).astype(np.float32)
    coarse_y = (yu * K_ideal[1, 1] + K_ideal[1, 2]).astype(np.float32)
    fx, fy = np.meshgrid((np.arange(w, dtype=np.float32) + step) / step, (np.arange(h, dtype=np.float32) + step) / step)
    return (
        cv2.remap(coarse_x, fx, fy, cv2.INTER_LINEAR),
        cv2.remap(coarse_y, fx, fy, cv2.INTER_LINEAR),
    )
