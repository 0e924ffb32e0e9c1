"""Which way round the board is: quarter lines (every 90 degrees) and pegs (every 360/n degrees) in the rectified view.

Rings say nothing about rotation. The quarter lines fix it up to the four seats, the pegs only up to their own
spacing. Which seat is the bottom one cannot be seen on a plain board, so we take the seat whose stretch of
shooting line is nearest the bottom of the image: the photographer usually sits there.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy.ndimage import maximum_filter1d, uniform_filter1d

from calibration.model import apply_homography
from calibration.rings import sample

STEP_DEG = 0.25


@dataclass(frozen=True)
class Comb:
    """Best phase (degrees, within one period) of a periodic feature around the board, and how clearly it shows."""

    phase_deg: float
    contrast: float
    signal: np.ndarray  # per-angle response, STEP_DEG apart


def angular_signal(gray: np.ndarray, board_to_image: np.ndarray, r_lo: float, r_hi: float, n_r: int = 8):
    """Mean grey value over a band of radii for each angle (STEP_DEG apart), NaN where off the image."""
    th = np.radians(np.arange(0, 360, STEP_DEG))
    rs = np.linspace(r_lo, r_hi, n_r)
    pts = np.stack([np.outer(rs, np.cos(th)), np.outer(rs, np.sin(th))], axis=-1).reshape(-1, 2)
    img = apply_homography(board_to_image, pts).reshape(n_r, len(th), 2)
    vals = sample(gray, img[..., 0], img[..., 1])
    return np.nanmean(vals, axis=0) if np.isfinite(vals).any() else np.zeros(len(th))


def comb(response: np.ndarray, period_deg: float, spread_deg: float = 0.75) -> Comb:
    """Phase at which ``response`` summed every ``period_deg`` is largest, compared with other phases.

    The teeth are widened by ``spread_deg`` to find the phase and its contrast (a slightly wrong homography bends
    them apart); the phase itself is then the centroid of the unwidened folded response around that tooth, since
    the widened one is a flat top whose first index sits ``spread_deg`` too low.
    """
    raw = np.nan_to_num(response)
    resp = maximum_filter1d(raw, max(1, int(round(2 * spread_deg / STEP_DEG)) | 1), mode="wrap")
    per = int(round(period_deg / STEP_DEG))
    n = per * (len(resp) // per)
    folded = resp[:n].reshape(-1, per).mean(axis=0)
    i = int(np.argmax(folded))
    contrast = float(folded[i] / (np.median(folded) + 1e-9))
    fine = raw[:n].reshape(-1, per).mean(axis=0)
    idx = np.arange(i - 3 * int(round(spread_deg / STEP_DEG)), i + 3 * int(round(spread_deg / STEP_DEG)) + 1)
    w = np.clip(fine[idx % per] - np.median(fine), 0, None)
    phase = float(idx @ w / w.sum()) if w.sum() > 0 else float(i)
    return Comb((phase * STEP_DEG) % period_deg, contrast, response)


def line_response(signal: np.ndarray, width_deg: float) -> np.ndarray:
    """How much each angle stands out from its neighbourhood (thin radial lines, blobs)."""
    k = max(3, int(round(4 * width_deg / STEP_DEG)) | 1)
    sig = np.nan_to_num(signal, nan=float(np.nanmedian(signal)) if np.isfinite(signal).any() else 0.0)
    return np.abs(sig - uniform_filter1d(sig, k, mode="wrap"))


def quarter_lines(gray, board_to_image, middle_r: float, outer_r: float, line_mm: float) -> Comb:
    gap = outer_r - middle_r
    sig = angular_signal(gray, board_to_image, middle_r + 0.2 * gap, outer_r - 0.2 * gap)
    width = math.degrees(4 * line_mm / (middle_r + outer_r))
    return comb(line_response(sig, max(width, 1.0)), 90.0)


def pegs(gray, board_to_image, fifteen_r: float, peg_r: float, count: int) -> Comb:
    sig = angular_signal(gray, board_to_image, fifteen_r - 1.2 * peg_r, fifteen_r + 1.2 * peg_r, n_r=5)
    width = math.degrees(2 * peg_r / fifteen_r)
    return comb(line_response(sig, width), 360.0 / count)


def peg_angles(peg_comb: Comb, count: int, search_deg: float = 6.0) -> list[float]:
    """Angles (degrees) of the strongest response near each of the ``count`` comb teeth."""
    resp = np.nan_to_num(peg_comb.signal)
    n = len(resp)
    out = []
    for k in range(count):
        centre = (peg_comb.phase_deg + k * 360.0 / count) / STEP_DEG
        idx = np.arange(int(centre - search_deg / STEP_DEG), int(centre + search_deg / STEP_DEG) + 1) % n
        out.append(float(idx[np.argmax(resp[idx])] * STEP_DEG))
    return out


def rotate(theta: float) -> np.ndarray:
    """Homography that rotates board coordinates by ``theta`` radians (counter-clockwise)."""
    c, s = math.cos(theta), math.sin(theta)
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1.0]])


def bottom_rotation(board_to_image: np.ndarray, choices_deg: list[float], reach: float, toward=None) -> float:
    """Of the candidate rotations, the one that puts the bottom seat nearest the bottom of the image, or nearest
    the image point ``toward`` when given (where an earlier calibration of the same camera had it).

    A rotation rho means: the bottom seat (angle -90 degrees in the final frame) is at angle -90 + rho now.
    """
    a = np.radians(-90.0 + np.asarray(choices_deg, dtype=float))
    seats = apply_homography(board_to_image, np.column_stack([np.cos(a), np.sin(a)]) * reach)
    if toward is None:
        return float(choices_deg[int(np.argmax(seats[:, 1]))])
    return float(choices_deg[int(np.argmin(np.linalg.norm(seats - np.asarray(toward, dtype=float), axis=1)))])
