"""Measure how wide the scoring lines are painted: boards differ (about 1 mm to over 3 mm), and a disc's call is
made at a line's inner edge, half a width in from where the calibration puts the line.

Across a line the photo shows a band of paint between the board on either side (two zones may be painted apart),
blurred by the lens: ``L``, ``P`` and ``R`` levels, the band's centre and width, and one blur. Profiles across the
line are taken in board millimetres, so perspective is already undone; their median over an arc of the line leaves
out discs and pegs lying on it. The blur of a photo changes across the board (focus, distance), so each arc is fitted
on its own, and only sharp arcs are kept: in a more blurred one, width and blur trade off (the band never reaches
its paint's level) and the width found runs wide.

On 120 renders (60 hard, 60 plain, seed 2025; 30% painted 1.6-3.0 mm, the rest the profile's 2.4 mm) a width was
found on 57; taking the profile's width where none was, the error in width went from 0.067 mm mean (p90 0.30) to
0.051 (p90 0.13): 9 renders nearer by over 0.1 mm, 2 farther (a light 15 line on walnut read 2.91 for 2.43). The
real boards read 1.0-1.1 mm (Sam's), 2.8-2.9 (Ivan's) and 3.1 mm (board4). About 0.03 s a photo.
"""

from __future__ import annotations

import math

import numpy as np
from scipy.special import ndtr

from calibration.model import apply_homography
from calibration.rings import sample

ARCS = 8  # arcs per line, each fitted on its own
SAMPLES = 360  # profiles across each line
STEP_MM = 0.1  # along a profile
REACH_MM = 5.0  # a profile runs this far beyond the nominal edges on either side
SHARP = 0.3  # an arc counts when its blur (sigma) is at most this share of its width (``painted_width``)
MIN_ARCS = 6  # of the 3 x ARCS, so many must count
MAX_SPREAD_MM = 0.1  # and the standard error of their median width be at most this
LIMITS = (np.array([-np.inf] * 3 + [-2.0, 0.2, 0.05]), np.array([np.inf] * 3 + [2.0, 8.0, 3.0]))  # c, w, s in mm


def band(p: np.ndarray, t: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A paint band across ``t`` (mm) for each row of ``p``: levels left, paint, right; centre, width and Gaussian
    blur (mm). Returns the profiles (N, T) and their derivatives by the six parameters (N, T, 6)."""
    left, paint, right, c, w, s = (p[:, k : k + 1] for k in range(6))
    za, zb = (t - c + w / 2) / s, (t - c - w / 2) / s
    a, b = ndtr(za), ndtr(zb)
    ga, gb = np.exp(-0.5 * za**2) / (math.sqrt(2 * math.pi) * s), np.exp(-0.5 * zb**2) / (math.sqrt(2 * math.pi) * s)
    pa, pb = paint - left, right - paint
    jac = np.stack([1 - a, a - b, b, -pa * ga - pb * gb, (pa * ga - pb * gb) / 2, -pa * ga * za - pb * gb * zb], -1)
    return left * (1 - a) + paint * (a - b) + right * b, jac


def fit_bands(profiles: np.ndarray, t: np.ndarray, start: np.ndarray, iterations: int = 30) -> np.ndarray:
    """Levenberg-Marquardt fits of ``band`` to each row of ``profiles``, all at once (a fit per arc in Python
    took 0.15 s a photo). Centre, width and blur are kept within LIMITS."""
    p, lam = start.copy(), np.full(len(start), 1e-2)
    res, jac = band(p, t)
    cost = np.sum((res - profiles) ** 2, axis=1)
    for _ in range(iterations):
        r = res - profiles
        jac_t = jac.transpose(0, 2, 1)
        jtj = np.matmul(jac_t, jac)  # the normal equations (matmul: several times einsum's speed)
        damping = lam[:, None, None] * (np.eye(6) * np.diagonal(jtj, axis1=1, axis2=2)[:, None, :] + 1e-9 * np.eye(6))
        step = np.linalg.solve(jtj + damping, -np.matmul(jac_t, r[..., None]))[..., 0]
        trial = np.clip(p + step, LIMITS[0], LIMITS[1])
        t_res, t_jac = band(trial, t)
        t_cost = np.sum((t_res - profiles) ** 2, axis=1)
        better = t_cost < cost
        p[better], res[better], jac[better], cost[better] = trial[better], t_res[better], t_jac[better], t_cost[better]
        lam = np.where(better, lam / 3, lam * 4)
    return p


def offsets(line_mm: float) -> np.ndarray:
    """Where a profile samples, across the line (mm from its centre)."""
    half = line_mm / 2 + REACH_MM
    return np.arange(-half, half + STEP_MM / 2, STEP_MM)


def arc_profiles(gray: np.ndarray, board_to_image: np.ndarray, radius: float, line_mm: float) -> np.ndarray:
    """The median profile across the line at ``radius`` on each arc with enough of it in the photo: (N, T)."""
    t = offsets(line_mm)
    th = np.linspace(0, 2 * math.pi, SAMPLES, endpoint=False)
    ring = np.stack(np.broadcast_arrays(np.cos(th)[:, None] * (radius + t), np.sin(th)[:, None] * (radius + t)), -1)
    px = apply_homography(board_to_image, ring.reshape(-1, 2)).reshape(SAMPLES, len(t), 2)
    prof = sample(gray, px[..., 0], px[..., 1])
    arcs = [arc[np.all(np.isfinite(arc), axis=1)] for arc in np.array_split(prof, ARCS)]
    return np.array([np.median(arc, axis=0) for arc in arcs if len(arc) >= SAMPLES / ARCS / 2]).reshape(-1, len(t))


def arc_fits(profiles: np.ndarray, line_mm: float) -> np.ndarray:
    """(width, blur) in mm fitted to each median profile: (N, 2)."""
    t = offsets(line_mm)
    side = np.abs(t) > line_mm / 2 + REACH_MM / 2
    left, right = np.median(profiles[:, side & (t < 0)], axis=1), np.median(profiles[:, side & (t > 0)], axis=1)
    paint = profiles[np.arange(len(profiles)), np.argmax(np.abs(profiles - ((left + right) / 2)[:, None]), axis=1)]
    n = len(profiles)
    start = np.column_stack([left, paint, right, np.zeros(n), np.full(n, line_mm), np.full(n, 0.5)])
    return fit_bands(profiles, t, start)[:, 4:6]


def painted_width(gray: np.ndarray, board_to_image: np.ndarray, radii, line_mm: float) -> float | None:
    """The lines' painted width (mm) from the sharp arcs of the lines at ``radii``, or None when too few are sharp
    or they disagree (the profile's width then stands). ``gray``: float32 image; ``line_mm``: the nominal width.

    An arc is sharp by its blur against the smaller of the width it finds and the nominal one: against its own
    width alone, the arcs picked would be those whose fit traded blur for width, too wide."""
    fits = arc_fits(np.vstack([arc_profiles(gray, board_to_image, r, line_mm) for r in radii]), line_mm)
    widths = fits[fits[:, 1] <= SHARP * np.minimum(fits[:, 0], line_mm), 0]
    if len(widths) < MIN_ARCS:
        return None
    mid = float(np.median(widths))
    spread = 1.4826 * float(np.median(np.abs(widths - mid))) / math.sqrt(len(widths))
    return mid if spread <= MAX_SPREAD_MM else None
