"""Measure painted rings precisely: search along the predicted ring's normals for a thin line, sub-pixel.

The prediction comes from the current homography, so perspective is already in it; each search is a short 1-D
profile, cheap enough to run on a large image. A line is where the profile is darker (or lighter) than both
its sides, which a step edge never is; polarity is chosen per ring by which one is consistently there.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
from scipy.ndimage import gaussian_filter1d

from calibration.model import apply_homography


def sample(gray: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Bilinear samples of a float32 image at arrays of coordinates; NaN outside the image."""
    return cv2.remap(
        gray,
        xs.astype(np.float32),
        ys.astype(np.float32),
        cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=np.nan,
    )


def circle_in_image(board_to_image: np.ndarray, radius: float, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Image points of a board circle, their outward unit normals, and pixels per mm along the normal."""
    th = np.linspace(0, 2 * math.pi, n, endpoint=False)
    u = np.column_stack([np.cos(th), np.sin(th)])
    p0 = apply_homography(board_to_image, u * radius)
    p1 = apply_homography(board_to_image, u * (radius + 1.0))
    d = p1 - p0
    scale = np.linalg.norm(d, axis=1)
    return p0, d / np.maximum(scale[:, None], 1e-9), scale


def find_line(
    gray: np.ndarray,
    board_to_image: np.ndarray,
    radius: float,
    window_mm: float,
    line_mm: float,
    n: int = 360,
    polarity: int = 0,
) -> tuple[np.ndarray, np.ndarray, int]:
    """Sub-pixel image points of a painted circle of ``radius`` mm searched within +-``window_mm`` of it.

    Returns (points (M, 2), board angles of the samples that found the line (M,), polarity used: +1 a dark
    line, -1 a light one). ``polarity`` 0 picks whichever is stronger.
    """
    pts, normals, px_per_mm = circle_in_image(board_to_image, radius, n)
    h, w = gray.shape
    inside = (pts[:, 0] > 1) & (pts[:, 0] < w - 2) & (pts[:, 1] > 1) & (pts[:, 1] < h - 2)
    half_px = np.maximum(window_mm * px_per_mm, 3.0)
    step = 0.5
    line_px = float(np.median(line_mm * px_per_mm))
    sigma = max(1.0, 0.5 * line_px) / step
    m = int(np.ceil(half_px.max() / step + 3 * sigma + 1))
    offs = np.arange(-m, m + 1) * step
    xs = pts[:, 0:1] + normals[:, 0:1] * offs[None, :]
    ys = pts[:, 1:2] + normals[:, 1:2] * offs[None, :]
    prof = sample(gray, xs, ys)
    valid = np.isfinite(prof)
    prof = np.where(valid, prof, np.nanmean(prof) if valid.any() else 0.0)
    smooth = gaussian_filter1d(prof, max(1.0, 0.5 * sigma), axis=1)
    k = max(2, int(round(2 * sigma)))
    left, right = np.roll(smooth, k, axis=1) - smooth, np.roll(smooth, -k, axis=1) - smooth
    # A line is darker (or lighter) than BOTH sides; a step edge is not, so min() ignores the board's edges.
    d2 = np.where(np.sign(left) == np.sign(right), np.sign(left) * np.minimum(np.abs(left), np.abs(right)), 0.0)
    d2[:, :k] = 0
    d2[:, -k:] = 0
    allowed = (np.abs(offs)[None, :] <= half_px[:, None]) & valid
    noise = np.median(np.abs(d2), axis=1) + 1e-6
    th = np.linspace(0, 2 * math.pi, n, endpoint=False)
    best = None
    for pol in (1, -1) if polarity == 0 else (polarity,):
        r = np.where(allowed, pol * d2, -np.inf)
        j = np.argmax(r, axis=1)
        peak = r[np.arange(n), j]
        ok = inside & np.isfinite(peak) & (peak > 3 * noise) & (j > 0) & (j < len(offs) - 1)
        strength = float(np.sum(np.where(ok, peak / noise, 0.0)))
        if best is None or strength > best[0]:
            best = (strength, pol, j, ok, r)
    _, pol, j, ok, _ = best
    rows = np.flatnonzero(ok)
    jj = j[rows]
    r = pol * d2
    y0, y1, y2 = r[rows, jj - 1], r[rows, jj], r[rows, jj + 1]
    denom = y0 - 2 * y1 + y2
    frac = np.where(denom < 0, 0.5 * (y0 - y2) / np.where(denom < 0, denom, -1.0), 0.0)
    off = offs[jj] + np.clip(frac, -0.5, 0.5) * step
    found = pts[rows] + normals[rows] * off[:, None]
    return found, th[rows], pol
