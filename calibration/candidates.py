"""First look: which ellipse in the photo belongs to a crokinole board, and how big its 15 ring is.

Every long edge contour that is close to an elliptical arc is a candidate. A candidate is tested by unrolling
the image around it (polar samples in the ellipse's own normalised frame) and looking for the board's signature:
thin rings at radii 1 : 2 : 3 (15 line, middle line, outer line), whichever ring the candidate itself is. Hands,
score overlays, chairs and other boards seldom carry three concentric rings in that ratio.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np
from scipy.ndimage import maximum_filter1d, uniform_filter1d

from calibration.conics import ellipse_conic, fit_ellipse, sampson

RING_RATIOS = (1.0, 2.0, 3.0)
"""15, middle and outer line radii relative to the 15 line: the same on every profile (REFERENCE.md)."""


@dataclass(frozen=True)
class Hypothesis:
    """A candidate ellipse and the scale (in its own radii) at which the 15 ring sits, with the pattern score."""

    ellipse: tuple[float, float, float, float, float]
    scale: float
    score: float

    def ring(self, k: float) -> tuple[float, float, float, float, float]:
        """The candidate ellipse scaled to ring ratio ``k`` (1 = 15 line, 2 = middle, 3 = outer)."""
        cx, cy, a, b, phi = self.ellipse
        return cx, cy, a * self.scale * k, b * self.scale * k, phi


def edge_ellipses(gray: np.ndarray, limit: int = 14) -> list[tuple]:
    """Ellipses grown from smooth edge arcs: each arc seeds an ellipse that gathers every edge point near it.

    Edge junctions are cut first, so a ring joined to quarter lines, pegs or discs falls apart into clean arcs;
    the grow step puts the arcs of one ring back together.
    """
    h, w = gray.shape
    size = max(h, w)
    edges = cv2.Canny(cv2.GaussianBlur(gray, (0, 0), 1.0), 30, 90)
    ys, xs = np.nonzero(edges)
    pool = np.column_stack([xs, ys]).astype(float)[:: max(1, len(xs) // 20000)]
    contours, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    min_len = max(15, int(0.03 * size))
    contours = sorted((c for c in contours if len(c) >= min_len), key=len, reverse=True)[:150]
    arcs = [a for c in contours for a in _smooth_pieces(c[:, 0, :].astype(float))]
    arcs = sorted((a for a in arcs if len(a) >= min_len), key=len, reverse=True)[:40]
    found = []
    for arc in arcs:
        ell = fit_ellipse(arc)
        for tol in (3.0, 1.5):
            if ell is None or not _plausible(ell, w, h):
                ell = None
                break
            near = np.abs(sampson(ellipse_conic(*ell), pool)) < tol
            ell = fit_ellipse(pool[near])
        if ell is None or not _plausible(ell, w, h):
            continue
        near = np.abs(sampson(ellipse_conic(*ell), pool)) < 1.5
        cover = _coverage(ell, pool[near])
        if cover >= 0.35:
            found.append((cover * math.sqrt(ell[2] * ell[3]), ell))
    found.sort(key=lambda t: -t[0])
    kept: list[tuple] = []
    for _, ell in found:
        if any(_similar(ell, k) for k in kept):
            continue
        kept.append(ell)
        if len(kept) >= limit:
            break
    return kept


def _smooth_pieces(pts: np.ndarray, k: int = 4, max_turn: float = 0.6) -> list[np.ndarray]:
    """Cut a traced contour wherever it turns sharply (junctions, corners, the U-turn at a line's end)."""
    if len(pts) < 4 * k:
        return []
    d = np.roll(pts, -k, axis=0) - np.roll(pts, k, axis=0)
    ang = np.arctan2(d[:, 1], d[:, 0])
    turn = np.abs(np.angle(np.exp(1j * (np.roll(ang, -k) - np.roll(ang, k)))))
    cuts = np.flatnonzero(turn > max_turn)
    if len(cuts) == 0:
        return [pts]
    pieces = np.split(np.roll(pts, -cuts[0], axis=0), cuts - cuts[0])
    return [p for p in pieces if len(p) > 2 * k]


def _plausible(ell: tuple, w: int, h: int) -> bool:
    cx, cy, a, b = ell[:4]
    size = max(w, h)
    big, small = max(a, b), min(a, b)
    return 0.03 * size < big < 0.9 * size and small > 0.18 * big and -0.2 * w < cx < 1.2 * w and -0.2 * h < cy < 1.2 * h


def _coverage(ell: tuple, pts: np.ndarray) -> float:
    cx, cy, a, b, phi = ell
    c, s = math.cos(phi), math.sin(phi)
    dx, dy = pts[:, 0] - cx, pts[:, 1] - cy
    t = np.arctan2((-s * dx + c * dy) / b, (c * dx + s * dy) / a)
    bins = np.unique(((t + math.pi) / (2 * math.pi) * 36).astype(int) % 36)
    return len(bins) / 36


def _similar(e1: tuple, e2: tuple) -> bool:
    r1, r2 = math.sqrt(e1[2] * e1[3]), math.sqrt(e2[2] * e2[3])
    return math.hypot(e1[0] - e2[0], e1[1] - e2[1]) < 0.05 * r1 and abs(r1 - r2) < 0.04 * r1


def ring_presence(gray: np.ndarray, ell: tuple, rho_max: float = 4.0, n_theta: int = 180) -> tuple:
    """Fraction of directions with a thin line at each normalised radius around the ellipse (0..rho_max)."""
    cx, cy, a, b, phi = ell
    n_rho = int(min(1200, max(200, rho_max * max(a, b))))
    rho = np.linspace(0, rho_max, n_rho, dtype=np.float32)
    th = np.linspace(0, 2 * math.pi, n_theta, endpoint=False)
    c, s = math.cos(phi), math.sin(phi)
    ux = (c * a * np.cos(th) - s * b * np.sin(th)).astype(np.float32)
    uy = (s * a * np.cos(th) + c * b * np.sin(th)).astype(np.float32)
    mx = cx + ux[:, None] * rho[None, :]
    my = cy + uy[:, None] * rho[None, :]
    g = cv2.remap(gray, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=np.nan)
    step = rho_max * max(a, b) / n_rho  # pixels per radial sample
    k = max(3, int(round(4 / step)) | 1)
    valid = np.isfinite(g)
    g = np.where(valid, g, 0)
    ridge = np.abs(g - uniform_filter1d(g, k, axis=1))
    ridge[~maximum_filter1d(~valid, k, axis=1) & valid == 0] = 0  # no edges from the image border
    noise = np.array([np.median(r[v]) if v.any() else np.inf for r, v in zip(ridge, valid, strict=True)])
    noise = np.maximum(noise, 1.0)[:, None]
    peak = ridge >= maximum_filter1d(ridge, k, axis=1)
    hits = (peak & (ridge > 3 * noise)).astype(np.float32)
    tol = max(1, int(round(0.012 * n_rho / rho_max)))  # +-1.2 % of the candidate radius
    hits = maximum_filter1d(hits, 2 * tol + 1, axis=1)
    return rho, hits.mean(axis=0)


def best_scale(rho: np.ndarray, presence: np.ndarray) -> tuple[float, float]:
    """Scale s (15 ring radius, candidate units) where rings at s, 2s and 3s are all strongest, and its score.

    The candidate must itself be a board circle: one of the three lines (s = 1, 1/2, 1/3) or an edge outside
    the outer line (playing-surface edge, ditch, rail: 3.1 to 3.9 times the 15 ring).
    """
    near_lines = [np.linspace(0.97 / k, 1.03 / k, 13) for k in RING_RATIOS]
    outside = np.exp(np.linspace(math.log(1 / 3.9), math.log(1 / 3.1), 60))
    scales = np.concatenate([*near_lines, outside])
    scales = scales[scales * RING_RATIOS[-1] < rho[-1]]
    idx = lambda r: np.clip(np.searchsorted(rho, r), 0, len(rho) - 1)  # noqa: E731
    per_ring = np.stack([presence[idx(scales * k)] for k in RING_RATIOS])
    score = per_ring.min(axis=0) + 0.25 * per_ring.mean(axis=0)
    i = int(np.argmax(score))
    return float(scales[i]), float(score[i])


def find_boards(gray: np.ndarray, min_score: float, limit: int = 3) -> list[Hypothesis]:
    """Board hypotheses in a small uint8 grey image, most likely first (empty if none shows the ring pattern).

    Hypotheses are grouped by board (centre); each board's best-scoring one comes first, boards ordered by
    score x sqrt(size), then the other hypotheses by score. In a room with several boards the one photographed
    is the nearest, and a near oblique board scores a little lower than a far one because perspective bends
    its rings away from the candidate's shape.
    """
    hyps = []
    grayf = gray.astype(np.float32)
    for ell in edge_ellipses(gray):
        rho, presence = ring_presence(grayf, ell)
        s, score = best_scale(rho, presence)
        if score >= min_score:
            hyps.append(Hypothesis(ell, s, score))
    hyps.sort(key=lambda hy: -hy.score)
    boards: list[Hypothesis] = []  # the best hypothesis of each distinct board (centre)
    for hy in hyps:
        r = hy.ring(3.0)
        if not any(math.hypot(r[0] - b.ellipse[0], r[1] - b.ellipse[1]) < max(r[2], r[3]) for b in boards):
            boards.append(hy)
    boards.sort(key=lambda hy: -hy.score * math.sqrt(hy.scale * math.sqrt(hy.ellipse[2] * hy.ellipse[3])))
    rest = [hy for hy in hyps if hy not in boards]
    return (boards + rest)[:limit]
