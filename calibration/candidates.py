"""First look: where in the photo a crokinole board is, as a homography good enough to measure from.

Every long edge contour that is close to an elliptical arc is a candidate ring, and so is every pair of them that
are images of concentric circles (the pair fixes the perspective exactly, up to a rotation). A candidate is
tested by unrolling the image around it (polar samples in its own frame, where its ring has radius 1) and looking
for the board's signature: thin rings at radii 1 : 2 : 3 (15 line, middle line, outer line), whichever ring the
candidate itself is. A single ellipse is unrolled affinely, which smears the inner rings of an oblique board; a
concentric pair is unrolled through its perspective, so the rings come out sharp where they really are. With no
such pair, an oblique ellipse is also unrolled through the two perspectives its own shape allows for a typical lens.
Hands, score overlays, chairs and other boards seldom carry three concentric rings in that ratio.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import cv2
import numpy as np
from scipy.ndimage import uniform_filter1d

from calibration.conics import (
    circle_poses,
    concentric_gap,
    concentric_rectification,
    ellipse_conic,
    fit_ellipse,
    near_ellipse,
)

RING_RATIOS = (1.0, 2.0, 3.0)
"""15, middle and outer line radii relative to the 15 line: the same on every profile (REFERENCE.md)."""
# Width (px of the search copy) a line's ridge stands out over. A board filling the copy draws its lines 3.5-4 px
# wide; a blurred photo's lines are wider and sink into the wood grain at this width (``BLURRED_RIDGE_PX``).
RIDGE_PX = 4.0
BLURRED_RIDGE_PX = 8.0
MAX_CONCENTRIC_GAP = 0.03  # pencil eigenvalue gap (relative) below which two ellipses count as concentric circles
STRAIGHT_PX = 1.0  # an arc nearer its straight line than this (rms) is straight: pixel steps alone give 0.3
PAIR_RATIOS = (0.2, 0.9)  # radius ratios of a useful pair: closer ones (two edges of one line) fix nothing
# Focal length (x the long side) assumed for a lone ellipse's perspective (``circle_poses``). A guess too short
# misplaces the inner rings more than one too long: at 30-65 degrees' tilt the 15 line lands up to 4.8% of the outer
# line's radius off for a guess 1.5 times the truth, 9-11% for 0.67 times. 1.2 keeps phones (0.75-0.8) and long
# lenses (up to 1.5) within about 5%, inside the measuring window (6%).
POSE_FOCAL = 1.2
OBLIQUE = 0.85  # an ellipse's minor over major axis below which its perspective frames are tried
POSE_ELLIPSES = 6  # at most this many of the largest oblique ellipses are tried so


@dataclass(frozen=True)
class Hypothesis:
    """A candidate frame (homography to look-image pixels; the candidate ring has radius 1, y up), the scale (in
    those units) at which the 15 ring sits, and the pattern score."""

    to_image: np.ndarray
    scale: float
    score: float

    def board_to_image(self, outer_r: float) -> np.ndarray:
        """Homography board mm -> look pixels, the outer line of radius ``outer_r`` on the candidate's third ring."""
        k = RING_RATIOS[-1] * self.scale / outer_r
        return self.to_image @ np.diag([k, k, 1.0])

    @property
    def centre(self) -> np.ndarray:
        c = self.to_image[:, 2]
        return c[:2] / c[2]

    @property
    def outer_px(self) -> float:
        """Rough radius in pixels of the outer line (its image's mean distance from the centre)."""
        th = np.linspace(0, 2 * math.pi, 16, endpoint=False)
        r = RING_RATIOS[-1] * self.scale
        pts = _map(self.to_image, np.column_stack([np.cos(th), np.sin(th)]) * r)
        return float(np.nanmean(np.linalg.norm(pts - self.centre, axis=1)))


def _map(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Homography on (..., 2) points; NaN for points on or beyond the vanishing line."""
    hom = pts @ h[:, :2].T + h[:, 2]
    w = hom[..., 2:3]
    return np.where(w > 1e-9 * np.abs(hom).max(), hom[..., :2] / np.where(w == 0, 1, w), np.nan)


def ellipse_frame(ell: tuple) -> np.ndarray:
    """Homography from the ellipse's unit frame (its circle of radius 1, y up) to the image: affine."""
    cx, cy, a, b, phi = ell
    c, s = math.cos(phi), math.sin(phi)
    return np.array([[c * a, s * b, cx], [s * a, -c * b, cy], [0, 0, 1.0]])


def pair_frames(ellipses: list[tuple]) -> list[np.ndarray]:
    """Distinct perspective frames (unit = the larger ellipse) from pairs of ellipses that are concentric
    circles, the most clearly concentric first."""
    pairs = []
    for e1, e2 in itertools.combinations(ellipses, 2):
        inner, outer = sorted((e1, e2), key=lambda e: e[2] * e[3])
        ratio = math.sqrt(inner[2] * inner[3] / (outer[2] * outer[3]))
        if not PAIR_RATIOS[0] < ratio < PAIR_RATIOS[1]:
            continue
        r = math.sqrt(outer[2] * outer[3])  # condition: centre on the outer ellipse, unit its size
        t = np.array([[1 / r, 0, -outer[0] / r], [0, 1 / r, -outer[1] / r], [0, 0, 1.0]])
        ti = np.linalg.inv(t)
        ci, co = (ti.T @ ellipse_conic(*e) @ ti for e in (inner, outer))
        gap = concentric_gap(ci, co)
        if gap <= MAX_CONCENTRIC_GAP:
            pairs.append((gap, ci, co, ti))
    frames = []
    for _, ci, co, ti in sorted(pairs, key=lambda p: p[0]):
        rect = concentric_rectification(ci, co, 1.0)
        if rect is None:
            continue
        frame = ti @ np.linalg.inv(rect)
        if not any(_same_board(frame, f) for f in frames):
            frames.append(frame)
    return frames


def _pose_frames(ellipses: list[tuple], shape) -> list[np.ndarray]:
    """Perspective frames of the larger oblique ellipses, each from the two poses its circle may have.

    With no concentric pair to fix the perspective (a shadow band or a row of discs breaking every inner ring), an
    oblique ellipse's affine frame puts the inner rings so far off (the 15 line's centre by half its radius at 50
    degrees' tilt) that the rings at 1 : 2 : 3 are read one ring out. A guessed focal length (POSE_FOCAL) puts
    them within a few per cent of the outer line's radius.
    """
    h, w = shape[:2]
    oblique = [e for e in ellipses if min(e[2], e[3]) < OBLIQUE * max(e[2], e[3])]
    oblique = sorted(oblique, key=lambda e: -e[2] * e[3])[:POSE_ELLIPSES]
    return [f for e in oblique for f in circle_poses(e, POSE_FOCAL * max(w, h), ((w - 1) / 2, (h - 1) / 2))]


def _same_board(f1: np.ndarray, f2: np.ndarray, tol: float = 0.01) -> bool:
    """Do two frames differ only by a rotation and scale of their unit (the same board, another ring as unit)?"""
    m = np.linalg.solve(f2, f1)
    m = m / m[2, 2]
    a = m[:2, :2]
    s = math.sqrt(abs(np.linalg.det(a)))
    if s == 0:
        return False
    return (
        float(np.abs(m[2, :2]).max()) < tol
        and abs(a[0, 0] - a[1, 1]) < tol * s
        and abs(a[0, 1] + a[1, 0]) < tol * s
        and float(np.abs(m[:2, 2]).max()) < tol * max(s, 1.0)
    )


def edge_ellipses(gray: np.ndarray, limit: int = 14) -> list[tuple]:
    """Ellipses grown from smooth edge arcs: each arc seeds an ellipse that gathers every edge point near it.

    Edge junctions are cut first, so a ring joined to quarter lines, pegs or discs falls apart into clean arcs;
    the grow step puts the arcs of one ring back together.
    """
    h, w = gray.shape
    size = max(h, w)
    edges = cv2.Canny(cv2.GaussianBlur(gray, (0, 0), 1.0), 30, 90)
    ys, xs = np.nonzero(edges)
    pool = np.column_stack([xs, ys, np.ones(len(xs))]).astype(float)[:: max(1, len(xs) // 20000)]  # homogeneous
    contours, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    min_len = max(15, int(0.03 * size))
    contours = sorted((c for c in contours if len(c) >= min_len), key=len, reverse=True)[:150]
    arcs = [a for c in contours for a in _smooth_pieces(c[:, 0, :].astype(float))]
    arcs = sorted((a for a in arcs if len(a) >= min_len and _bent(a)), key=len, reverse=True)[:40]
    found = []
    for arc in arcs:
        ell = fit_ellipse(arc)
        for tol in (3.0, 1.5):
            if ell is None or not _plausible(ell, w, h):
                ell = None
                break
            near = near_ellipse(ell, pool, tol)
            ell = fit_ellipse(pool[near, :2])
        if ell is None or not _plausible(ell, w, h):
            continue
        near = near_ellipse(ell, pool, 1.5)
        cover = _coverage(ell, pool[near, :2])
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
    ring = np.roll(pts, -cuts[0], axis=0)
    ends = [*(cuts - cuts[0]), len(pts)]
    return [ring[a:b] for a, b in zip(ends[:-1], ends[1:], strict=True) if b - a > 2 * k]


def _bent(arc: np.ndarray) -> bool:
    """Does an arc stray from its own straight line by more than pixel steps do (STRAIGHT_PX, rms)? A straight
    edge (floor boards, a table's or the board's sides) seeds no ellipse, and in a busy room enough of them
    crowd the rings' arcs, cut short by quarter lines and discs, out of the longest."""
    c = arc - arc.mean(axis=0)
    return bool(np.linalg.eigvalsh(c.T @ c / len(c))[0] > STRAIGHT_PX**2)


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


def ring_presence(
    gray: np.ndarray, to_image: np.ndarray, rho_max: float = 4.0, n_theta: int = 180, ridge_px: float = RIDGE_PX
) -> tuple:
    """Fraction of directions with a thin line at each radius (candidate units, 0..rho_max) around a frame: a
    sample stands ``3 x`` the median above the mean of the ``ridge_px`` around it, and peaks there."""
    th = np.linspace(0, 2 * math.pi, n_theta, endpoint=False)
    unit = np.column_stack([np.cos(th), np.sin(th)])
    rim = _map(to_image, unit)
    px_per_unit = float(np.nanmedian(np.linalg.norm(rim - _map(to_image, 0.9 * unit), axis=1))) / 0.1
    if not math.isfinite(px_per_unit) or px_per_unit <= 0:
        return np.linspace(0, rho_max, 2), np.zeros(2)
    n_rho = int(min(1200, max(200, rho_max * px_per_unit)))
    rho = np.linspace(0, rho_max, n_rho, dtype=np.float32)
    ray = (unit @ to_image[:, :2].T).astype(np.float32)  # a point at radius rho maps to rho * ray + origin
    origin = to_image[:, 2].astype(np.float32)
    w = ray[:, 2:] * rho + origin[2]  # each coordinate on its own: a directions x radii x 3 array cost 5 times more
    ahead = w > 1e-6 * abs(float(to_image[2, 2]))
    w = np.where(ahead, w, 1.0)
    mx = np.where(ahead, (ray[:, :1] * rho + origin[0]) / w, -1e5)
    my = np.where(ahead, (ray[:, 1:2] * rho + origin[1]) / w, -1e5)
    g = cv2.remap(gray, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=np.nan)
    step = rho_max * px_per_unit / n_rho  # pixels per radial sample (near the candidate ring)
    k = max(3, int(round(ridge_px / step)) | 1)
    valid = np.isfinite(g)
    inside = bool(valid.all())  # the frame's whole disc lies in the photo (the usual case): no border to mask
    g = g if inside else np.where(valid, g, 0)
    ridge = np.abs(g - uniform_filter1d(g, k, axis=1))
    if inside:  # the median of each row's samples
        noise = np.partition(ridge, n_rho // 2, axis=1)[:, n_rho // 2]
    else:
        ridge[~_row_max(~valid, k) & valid == 0] = 0  # no edges from the image border
        counts = valid.sum(axis=1)
        ordered = np.sort(np.where(valid, ridge, np.inf), axis=1)
        noise = np.where(counts > 0, ordered[np.arange(len(ordered)), counts // 2], np.inf)  # median of valid ones
    noise = np.maximum(noise, 1.0)[:, None]
    peak = ridge >= _row_max(ridge, k)
    hits = (peak & (ridge > 3 * noise)).astype(np.float32)
    tol = max(1, int(round(0.012 * n_rho / rho_max)))  # +-1.2 % of the candidate radius
    hits = _row_max(hits, 2 * tol + 1)
    return rho, hits.mean(axis=0)


def _row_max(a: np.ndarray, k: int) -> np.ndarray:
    """Running maximum over ``k`` (odd) samples along each row, as scipy's maximum_filter1d (the border repeated
    is the same as mirrored for a maximum) at a third of its time for floats, a sixth for booleans."""
    flags = a.dtype == bool
    out = cv2.dilate(a.astype(np.uint8) if flags else a, np.ones((1, k), np.uint8), borderType=cv2.BORDER_REPLICATE)
    return out.astype(bool) if flags else out


def best_scale(rho: np.ndarray, presence: np.ndarray) -> tuple[float, float]:
    """Scale s (15 ring radius, candidate units) where rings at s, 2s and 3s are all strongest, and its score.

    The candidate must itself be a board circle: one of the three lines (s = 1, 1/2, 1/3) or an edge outside
    the outer line (playing-surface edge, ditch, rail: 3.1 to 3.9 times the 15 ring).
    """
    near_lines = [np.linspace(0.97 / k, 1.03 / k, 13) for k in RING_RATIOS]
    outside = np.exp(np.linspace(math.log(1 / 4.6), math.log(1 / 3.1), 80))
    scales = np.concatenate([*near_lines, outside])
    scales = scales[scales * RING_RATIOS[-1] < rho[-1]]
    idx = lambda r: np.clip(np.searchsorted(rho, r), 0, len(rho) - 1)  # noqa: E731
    per_ring = np.stack([presence[idx(scales * k)] for k in RING_RATIOS])
    score = per_ring.min(axis=0) + 0.25 * per_ring.mean(axis=0)
    i = int(np.argmax(score))
    return float(scales[i]), float(score[i])


def find_boards(gray: np.ndarray, min_score: float, limit: int = 3, ridge_px: float = RIDGE_PX) -> list[Hypothesis]:
    """Board hypotheses in a small uint8 grey image, most likely first (empty if none shows the ring pattern).

    Hypotheses are grouped by board (centre); each board's best-scoring one comes first, boards ordered by
    score x sqrt(size), then the other hypotheses by score. In a room with several boards the one photographed
    is the nearest. A perspective frame (a pair's, or a lone ellipse's) wins a tie with an affine one of the same board.
    """
    hyps = []
    grayf = gray.astype(np.float32)
    ellipses = edge_ellipses(gray)
    pairs = pair_frames(ellipses)
    frames = [(f, 0.02) for f in pairs] + [(ellipse_frame(e), 0.0) for e in ellipses]
    if not pairs:
        frames += [(f, 0.01) for f in _pose_frames(ellipses, gray.shape)]
    for frame, bonus in frames:
        rho, presence = ring_presence(grayf, frame, ridge_px=ridge_px)
        s, score = best_scale(rho, presence)
        if score >= min_score:
            hyps.append(Hypothesis(frame, s, score + bonus))
    hyps.sort(key=lambda hy: -hy.score)
    boards: list[Hypothesis] = []  # the best hypothesis of each distinct board (centre)
    for hy in hyps:
        if not any(np.linalg.norm(hy.centre - b.centre) < hy.outer_px for b in boards):
            boards.append(hy)
    boards.sort(key=lambda hy: -hy.score * math.sqrt(hy.outer_px))
    rest = [hy for hy in hyps if not any(hy is b for b in boards)]
    return (boards + rest)[:limit]
