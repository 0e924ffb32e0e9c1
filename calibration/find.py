"""Find the board in a photo: ``calibrate(image) -> CalibrationResult`` (falsy with a reason when it fails).

1. Look (small copy): the ellipse whose surroundings show rings at 1 : 2 : 3 (``candidates``); when none fits
   cleanly and the photo is soft, not too blurred, look again for lines standing out over a wider ridge.
2. Measure (larger copy): search each line along the normals of its predicted image, fit the two-circle
   homography (perspective exact), then the radial least squares over all ring points; predict again from the
   new homography with a narrower search and repeat.
3. Orient: quarter lines, else pegs, then the seat nearest the image bottom (``orient``).
4. Extras: pegs in pixels, hole and playing-surface edge radii when they show.

A saved calibration (``prior``) is checked first by looking for the lines just where it predicts them; if they
are there it is refined from that start, with its rotation kept, instead of searched for again. If they are not
(the camera moved), the board is searched for afresh and the seat kept is the one nearest where the prior had its
bottom seat, so discs in a before and an after photo stay in one frame even when two seats tie for the bottom.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np
from scipy.ndimage import median_filter

from calibration.candidates import BLURRED_RIDGE_PX, Hypothesis, find_boards
from calibration.conics import concentric_rectification, conic_ellipse, ellipse_conic, robust_ellipse
from calibration.fit import RingFit, fit_rings
from calibration.linewidth import painted_width
from calibration.model import Calibration, apply_homography
from calibration.orient import bottom_rotation, peg_angles, pegs, quarter_lines, rotate
from calibration.rings import find_line, sample
from sim.board import TOURNAMENT, Board, board_named

LOOK_SIZE = 1024  # long side of the copy searched for the board
MEASURE_SIZE = 2048  # long side of the copy the lines are measured on
SNAP = 0.1  # a copy may be this share off its size, to be a whole-number reduction (``_resized``)
MIN_SCORE = 0.25  # ring-pattern score below which nothing counts as a board
MIN_RING_SUPPORT = 0.35  # fraction of each line's samples that must find it
MAX_RESIDUAL_MM = 3.0
SAMPLES = 360  # normals searched per line
HYPOTHESES = 10  # board hypotheses measured at most (a clean fit ends the search sooner)
QUARTER_CONTRAST = 1.6  # a comb this much above the typical phase counts as seen
PEG_CONTRAST = 1.5
STEP_MM = 0.5  # radial sampling of the hole's and the playing surface's edges
STEP_WINDOW_LINES = 4  # a profile is median-filtered over this many line widths (``_step_radius``)
# Quality that ends the search: sharp boards give 0.3 to 0.9 (one real photo 0.09); wrong hypotheses up to 0.25
# when blur has sunk the lines, which the wider-ridge search then finds again.
GOOD_FIT = 0.3


@dataclass(frozen=True)
class CalibrationResult:
    """Outcome of ``calibrate``: truthy with ``calibration`` on success, falsy with ``reason`` on failure."""

    calibration: Calibration | None
    reason: str = ""

    def __bool__(self) -> bool:
        return self.calibration is not None


def _profile(profile: Board | str) -> Board:
    return board_named(profile) if isinstance(profile, str) else profile


def _resized(image: np.ndarray, long_side: int) -> tuple[np.ndarray, float]:
    """A copy with a long side of about ``long_side`` (never enlarged), and its scale. A whole-number reduction
    is taken when one lands within SNAP of that size: the area filter then averages whole blocks, about ten
    times faster than at any other scale (a 12 MP photo halved: 0.01 s, not 0.09 s)."""
    h, w = image.shape[:2]
    f = min(1.0, long_side / max(h, w))
    if f == 1.0:
        return image, 1.0
    k = round(1 / f)
    if k >= 2 and abs(max(h, w) / k / long_side - 1) <= SNAP:
        f = 1 / k
    return cv2.resize(image, (round(w * f), round(h * f)), interpolation=cv2.INTER_AREA), f


def _copy_pixels(image_shape, copy_shape) -> np.ndarray:
    """Homography from an image's pixels to those of its resized copy, centres where cv2.resize puts them: a
    copy's pixel averages a block whose centre lies half a block less half a pixel past the block's first pixel.
    Taken as a plain scaling, a 12 MP photo measured on its halved copy was calibrated half a pixel off in x and
    in y (0.17 mm at the median on 100 synthetic photos, against 0.08 mm for photos measured at their own size).
    (The look copy only seeds a search many millimetres wide, so its plain scale serves.)"""
    fx, fy = copy_shape[1] / image_shape[1], copy_shape[0] / image_shape[0]
    return np.array([[fx, 0.0, (fx - 1) / 2], [0.0, fy, (fy - 1) / 2], [0.0, 0.0, 1.0]])


def _gray(image: np.ndarray) -> np.ndarray:
    if image.ndim == 2:
        return image
    return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)


def _check_image(image) -> str | None:
    if not isinstance(image, np.ndarray) or image.dtype != np.uint8:
        return "not an 8-bit image array"
    if image.ndim not in (2, 3) or (image.ndim == 3 and image.shape[2] not in (3, 4)):
        return f"not an image (array shape {image.shape})"
    if min(image.shape[:2]) < 64:
        return "image too small"
    return None


def calibrate(
    image: np.ndarray, profile: Board | str = TOURNAMENT, *, prior: Calibration | None = None
) -> CalibrationResult:
    """Find the board in a BGR (or grey) photo. Never raises on image content; see ``CalibrationResult``."""
    board = _profile(profile)
    bad = _check_image(image)
    if bad:
        return CalibrationResult(None, bad)
    if image.ndim == 3 and image.shape[2] == 4:
        image = image[:, :, :3]
    size = (image.shape[1], image.shape[0])
    measure, fm = _resized(image, MEASURE_SIZE)
    to_measure = _copy_pixels(image.shape, measure.shape)
    gray_m = _gray(measure).astype(np.float32)
    seat_hint = None
    if prior is not None and tuple(prior.image_size) == size:
        start = np.linalg.inv(to_measure)
        seat_hint = apply_homography(np.linalg.inv(prior.image_to_board_matrix @ start), [[0.0, -board.outer_r]])[0]
        h_prior = prior.image_to_board_matrix @ start
        if _prior_holds(gray_m, h_prior, board):
            fitted = _measure(gray_m, h_prior, board, windows=(2.0, 1.0))
            if fitted is not None:
                return _finish(gray_m, fitted, board, to_measure, size, orient=False, extra=("saved profile",))
    look, fl = _resized(measure, LOOK_SIZE)
    fl *= fm
    gray_l = _gray(look)
    hyps = find_boards(gray_l, MIN_SCORE, HYPOTHESES)
    seen: list[np.ndarray] = []  # starts already measured
    best, reason = _fit_best(gray_m, hyps, fm / fl, board, seen)
    soft = (best is None or _quality(best) < GOOD_FIT) and not _blurred(gray_l)
    if soft:  # a soft photo's lines may stand out only over a wider ridge; a too blurred one's not at all
        wide = find_boards(gray_l, MIN_SCORE, HYPOTHESES, ridge_px=BLURRED_RIDGE_PX)
        again, why = _fit_best(gray_m, wide, fm / fl, board, seen)
        if again is not None and (best is None or _quality(again) > _quality(best)):
            best = again
        reason = reason if hyps else why
        hyps = hyps + wide
    if not hyps:
        return CalibrationResult(None, "too blurred" if _blurred(gray_l) else "no board found")
    if best is None:
        return CalibrationResult(None, reason)
    return _finish(gray_m, best, board, to_measure, size, orient=True, seat_hint=seat_hint)


def _fit_best(
    gray_m: np.ndarray, hyps: list[Hypothesis], to_measure: float, board: Board, seen: list[np.ndarray]
) -> tuple[RingFit | None, str]:
    """The best-fitting of the hypotheses not in ``seen`` (their starts are added to it), most likely first until
    one fits cleanly; with none, why."""
    best, reason = None, "no board found: the lines do not fit circles"
    window = 0.06 * board.outer_r
    for hyp in hyps:
        h0 = _start(hyp, to_measure, board)
        if any(_same_rings(h0, h, board, window / 2) for h in seen):
            continue  # the same board at the same scale: it would measure the same lines again
        seen.append(h0)
        fitted = _measure(gray_m, h0, board, windows=(window, 6.0, 2.0), two_circle=True)
        if fitted is None:
            continue
        cut = _cut_off(fitted.image_to_board, board, gray_m.shape)
        if cut:
            reason = cut
            continue
        if best is None or _quality(fitted) > _quality(best):
            best = fitted
        if _quality(best) > GOOD_FIT:
            break
    return best, reason


def _same_rings(h_a: np.ndarray, h_b: np.ndarray, board: Board, tol_mm: float) -> bool:
    """Do two image -> board homographies put the three lines within ``tol_mm`` of each other?"""
    th = np.linspace(0, 2 * math.pi, 24, endpoint=False)
    unit = np.column_stack([np.cos(th), np.sin(th)])
    b2i = np.linalg.inv(h_a)
    for r in _line_radii(board):
        q = apply_homography(h_b, apply_homography(b2i, unit * r))
        if not np.all(np.abs(np.hypot(*q.T) - r) < tol_mm):
            return False
    return True


def _quality(fitted: RingFit) -> float:
    """Share of each line's samples that found it and fit, discounted by the residual: a true board gives
    nearly every sample within a fraction of a millimetre, a wrong hypothesis few samples and millimetres."""
    support = min(k.sum() / SAMPLES for k in fitted.inliers)
    return support * math.exp(-fitted.rms_mm / 0.5)


def _blurred(gray: np.ndarray) -> bool:
    return float(cv2.Laplacian(gray, cv2.CV_32F).var()) < 8.0


def _cut_off(image_to_board: np.ndarray, board: Board, shape) -> str | None:
    th = np.linspace(0, 2 * math.pi, 90, endpoint=False)
    pts = apply_homography(np.linalg.inv(image_to_board), np.column_stack([np.cos(th), np.sin(th)]) * board.outer_r)
    h, w = shape[:2]
    inside = (pts[:, 0] >= 0) & (pts[:, 0] < w) & (pts[:, 1] >= 0) & (pts[:, 1] < h)
    return None if inside.mean() >= 0.6 else "board cut off: less than 60% of the outer line is in the picture"


def _start(hyp: Hypothesis, to_measure: float, board: Board) -> np.ndarray:
    """Image (measure copy) -> board homography of a hypothesis."""
    return np.linalg.inv(np.diag([to_measure, to_measure, 1.0]) @ hyp.board_to_image(board.outer_r))


def _line_radii(board: Board) -> list[float]:
    return [board.fifteen_r, board.middle_r, board.outer_r]


def _collect(gray, image_to_board, radii, line_mm, window_mm, n=SAMPLES):
    b2i = np.linalg.inv(image_to_board)
    found = []
    for r in radii:
        pts, _, _ = find_line(gray, b2i, r, window_mm, line_mm, n=n)
        found.append(pts)
    return found


def _measure(gray, image_to_board, board: Board, windows, two_circle: bool = False) -> RingFit | None:
    """Alternate line search and fit, narrowing the search window each round."""
    h = image_to_board
    fitted = None
    radii = _line_radii(board)
    for i, window in enumerate(windows):
        rings = _collect(gray, h, radii, board.line_width, window)
        if min(len(p) for p in rings) < 30:
            return None
        if two_circle and i == 0:
            h2 = _two_circle(rings, board)
            if h2 is not None:
                h = h2
        fitted = fit_rings(h, rings, _line_radii(board))
        h, radii = fitted.image_to_board, list(fitted.radii)
    support = [k.sum() / SAMPLES for k in fitted.inliers]
    if min(support) < MIN_RING_SUPPORT or fitted.rms_mm > MAX_RESIDUAL_MM:
        return None
    return fitted


def _two_circle(rings: list[np.ndarray], board: Board) -> np.ndarray | None:
    """Exact perspective from the 15 and outer line ellipses (concentric circles), rotation arbitrary."""
    fits = [robust_ellipse(p) for p in (rings[0], rings[2])]
    if any(f is None for f in fits):
        return None
    allpts = np.vstack(rings)
    c = allpts.mean(axis=0)
    s = 1.0 / max(np.std(allpts), 1e-9)
    t = np.array([[s, 0, -s * c[0]], [0, s, -s * c[1]], [0, 0, 1.0]])
    ti = np.linalg.inv(t)
    conics = [ti.T @ ellipse_conic(*f[0]) @ ti for f in fits]
    if any(conic_ellipse(cn) is None for cn in conics):
        return None
    h = concentric_rectification(conics[0], conics[1], board.outer_r)
    return None if h is None else h @ t


def _prior_holds(gray, image_to_board, board: Board) -> bool:
    """Quick check of a saved calibration: are the three lines where it says, within a couple of mm?"""
    b2i = np.linalg.inv(image_to_board)
    for r in _line_radii(board):
        pts, _, _ = find_line(gray, b2i, r, 2.5, board.line_width, n=90)
        if len(pts) < 0.6 * 90:
            return False
        d = np.hypot(*apply_homography(image_to_board, pts).T) - r
        if np.median(np.abs(d)) > 1.2:
            return False
    return True


def _finish(
    gray, fitted: RingFit, board: Board, to_measure: np.ndarray, size, *, orient: bool, extra=(), seat_hint=None
) -> CalibrationResult:
    h = fitted.image_to_board
    features = ["rings:15,middle,outer", *extra]
    r15, rmid, rout = fitted.radii
    peg_comb = pegs(gray, np.linalg.inv(h), r15, board.peg_r, board.peg_count)
    if orient:
        b2i = np.linalg.inv(h)
        ql = quarter_lines(gray, b2i, rmid, rout, board.line_width)
        if ql.contrast >= QUARTER_CONTRAST:
            choices = [ql.phase_deg - 45 + 90 * j for j in range(4)]
            features.append("quarter lines")
        elif peg_comb.contrast >= PEG_CONTRAST:
            step = 360 / board.peg_count
            offset = -90 + math.degrees(board.peg_offset)
            choices = [peg_comb.phase_deg - offset + step * j for j in range(board.peg_count)]
            features.append("pegs for rotation")
        else:
            choices = list(np.arange(0, 360, 5.0))
            features.append("rotation from image down")
        rho = bottom_rotation(b2i, choices, rout, toward=seat_hint)
        h = rotate(-math.radians(rho)) @ h
        peg_comb = pegs(gray, np.linalg.inv(h), r15, board.peg_r, board.peg_count)
        if "quarter lines" in features and peg_comb.contrast >= PEG_CONTRAST:
            # the seats follow the quarter lines; say so when the pegs do not sit where the profile puts them
            step = 360 / board.peg_count
            expected = (math.degrees(board.peg_offset) - 90) % step
            if abs((peg_comb.phase_deg - expected + step / 2) % step - step / 2) > 5.0:
                features.append("pegs off the profile's angle")
    b2i = np.linalg.inv(h)
    pegs_px = ()
    if peg_comb.contrast >= PEG_CONTRAST:
        angs = np.radians(peg_angles(peg_comb, board.peg_count))
        pts = apply_homography(np.linalg.inv(to_measure) @ b2i, np.column_stack([np.cos(angs), np.sin(angs)]) * r15)
        pegs_px = tuple((float(x), float(y)) for x, y in pts)
        features.append(f"pegs:{len(pegs_px)}")
    rings = {"15": r15, "middle": rmid, "outer": rout}
    hole = _step_radius(gray, b2i, 0.4 * board.hole_r, 2.0 * board.hole_r, board.line_width)
    if hole is not None:
        rings["hole"] = hole
        features.append("hole")
    surface = _step_radius(gray, b2i, rout + 0.4 * (board.surface_r - rout), 1.12 * board.surface_r,
                           board.line_width)
    if surface is not None:
        rings["surface"] = surface
        features.append("surface edge")
    image_to_board = h @ to_measure
    support = float(np.mean([k.mean() for k in fitted.inliers]))
    residual = fitted.rms_mm
    confidence = support * math.exp(-residual / 2.0) * (1.0 if len(features) > 2 else 0.8)
    width = painted_width(gray, b2i, [r15, rmid, rout], board.line_width)
    if width is not None:
        features.append("line width")
    cal = Calibration.from_matrix(
        image_to_board,
        size,
        board.name,
        rings_mm={k: round(float(v), 2) for k, v in rings.items()},
        pegs_px=pegs_px,
        residual_mm=round(residual, 3),
        features=tuple(features),
        confidence=round(min(1.0, confidence), 3),
        line_width_mm=None if width is None else round(width, 2),
    )
    return CalibrationResult(cal)


def _step_radius(gray, board_to_image, r_lo: float, r_hi: float, line_mm: float) -> float | None:
    """Radius of a clear, round light/dark boundary between r_lo and r_hi (hole edge, playing-surface edge).

    Each ray's profile is first median-filtered over a few line widths: that erases a painted line (a border
    line short of the surface's edge, the ring round the 20 hole), whose two sharp sides would otherwise be
    taken for the edge, and keeps a lasting change of shade as sharp as it was. Rays that leave the photo do
    not vote; with fewer than half left there is no edge to tell.
    """
    rs = np.arange(r_lo, r_hi + STEP_MM / 2, STEP_MM)
    th = np.linspace(0, 2 * math.pi, 72, endpoint=False)
    pts = np.stack([np.outer(np.cos(th), rs), np.outer(np.sin(th), rs)], axis=-1).reshape(-1, 2)
    img = apply_homography(board_to_image, pts).reshape(len(th), len(rs), 2)
    prof = sample(gray, img[..., 0], img[..., 1])
    prof = prof[np.isfinite(prof).all(axis=1)]
    if len(prof) < len(th) / 2:
        return None
    width = 2 * int(round(STEP_WINDOW_LINES * line_mm / STEP_MM / 2)) + 1
    flat = median_filter(prof, size=(1, width), mode="nearest")
    d = flat[:, 2:] - flat[:, :-2]  # the change across rs[1:-1]
    med = np.median(d, axis=0)
    i = int(np.argmax(np.abs(med)))
    spread = np.median(np.abs(d[:, i] - med[i]))
    agree = np.mean(np.sign(d[:, i]) == np.sign(med[i]))
    if abs(med[i]) < 3.0 * max(spread, 0.5) or agree < 0.75:
        return None
    return float(rs[i + 1])
