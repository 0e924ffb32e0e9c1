"""Finding discs: a fixed-radius circle transform on the top-face plane, then a circle fit in the photo itself.

Every disc has the same, known radius, so on the rectified top-face plane a disc is a circle of exactly that
many pixels. Edges are read as orientations only (the double angle of the colour gradient, sign-free), so a
dark disc on light wood, a light disc on dark paint, a bevel's two opposite edges and a half-shadowed disc all
vote alike. Scoring rings (far larger circles), pegs and printed numbers (far smaller) do not gather votes at
one centre. Each candidate is then refitted from colour edges along rays in the full-resolution photo, which
gives its centre to a fraction of a millimetre and its own radius. Where the rim misleads (a dark disc in its own
shadow, a tall wall seen obliquely), a ring printed or turned on the disc's face places it instead.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from vision.rectify import Plane, lifted_homography, rectify, sample
from vision.robust import masked_median, median

DETECT_PX_PER_MM = 1.5  # scale of the rectified view used to propose discs
EDGE_BLUR_PX = 0.8  # the scale (Gaussian sigma, rectified pixels) edges are read at to propose discs
MIN_SCORE = 0.42  # share of a perfect circle's orientation support a candidate needs
FAINT_SCORE = 0.30  # a fainter circle is still checked: if it fits a disc's outline, a disc may be missed
# ... fits a disc's outline: FAINT_SUPPORT of the rays agree, and the rms is under FAINT_FIT_MM, plus
# FAINT_FIT_PER_SCORE mm for each unit of score above FAINT_SCORE (a clearer circle may fit looser). Wood grain and
# shadow edges fit 0.6-1.5 mm; on 900 renders (plain seeds 2025 and 4242, hard 2025) this rule set aside 32 more of
# the 119 false outlines (in 71 photos, not 93) than rims under 1 mm on 90% of rays from a score of 0.35 did, and it
# noted a navy disc on navy paint that had been missed without a word. Agreement on 85% of rays, not 95%, also notes
# dark discs beside a shadow band's edge or half hidden by their wall (score 0.40-0.42, 87-91% of rays, rms 0.3-0.45
# mm): on the same 900 renders 3 wrong totals more were flagged at their cause, and 7 correct photos more flagged.
FAINT_SUPPORT, FAINT_FIT_MM, FAINT_FIT_PER_SCORE = 0.85, 0.65, 3.0
DOUBT_SUPPORT, DOUBT_FIT_MM = 0.8, 2.5  # a clear circle rejected for a loose fit this good may still be a disc
# A circle just short of MIN_SCORE with an edge on nearly every ray is noted however loosely it fits: a black or a
# light-wood disc on paint or wood of its own colour, its rim blurred into its bevel and shadow (rms 1.3-1.7 mm).
# Of the faint circles of 900 renders (plain seeds 2025 and 4242, hard 2025) not noted by the rule above, those at
# 0.40 and up on 95% of rays were 3 true discs (each a missed disc with no note where it lay) and 2 false outlines.
NEAR_CLEAR_SCORE, NEAR_CLEAR_SUPPORT = 0.40, 0.95
FACE_RING = (0.5, 0.8)  # radii (shares of a disc's) between a peg's and a disc's rim: see ``_face_ring``
RING_AT = 0.7  # first guess at a ring on a disc's face, as a share of its radius (``ring_centred``)
# A rim fit this tight is kept over a ring, which carries the camera height's error: on the hard set (seed 2025, 1600
# x 1200) the ring placed the 115 discs whose rim sigma was under 0.25 mm (rms about 0.2 mm) no better (|radial
# error| p50 0.139 -> 0.147 mm, 4 worse by over 0.3 mm, none better); with the rule, figures unchanged to 0.002 mm.
RIM_OVER_RING_MM = 0.2
# A fit from a wall further from the camera replaces a disc's when its ``_outline_cost`` is this much lower (mm). On
# 1606 walled discs of the hard set (seed 2025) a margin of 0.1 mm moved 3 discs 8-9 mm off to within 0.3 mm and
# made none worse by 0.2 mm; 0.05 mm made 4 worse (two by 3-10 mm). Walls under 2 mm slip too little to matter.
SLIP_GAIN, SLIP_WALL_MM = 0.1, 2.0
# ... and is counted in the disc's error (``offset_mm``) when its cost is within this of the disc's: where neither
# reading fits well, the two costs differ by chance. High-ISO noise (sigma 6 levels) on plain photo 114 of seed
# 2025 made a dark disc's top rim on the dark ditch faint, and the fit slid 10 mm down its wall onto the base with
# the right reading 0.103 mm dearer: a sure wrong total.
SLIP_DOUBT = 0.2
# An outline whose circle support two of its three quarter turns about the hole match to PRINT_ECHO is the
# board's print (``Proposals.printed``). Of the 347 outlines left out in 1200 renders (plain seeds 2025, 4242,
# 777; hard 2025), 18 were missed discs: their best two turns gathered at most 0.59 of their own support (next
# 0.37), while 66 of the 329 false ones (printed numbers, line crossings) gathered 0.75 and more. The turns are
# read within PRINT_TURN_MM (the calibration's turn, a hand-placed number), the outline itself within PRINT_AT_MM.
PRINT_ECHO, PRINT_TURN_MM, PRINT_AT_MM = 0.75, 3.0, 2.0
RAYS = 64
ANGLES = np.linspace(0, 2 * math.pi, RAYS, endpoint=False)  # the rays' directions, shared by every disc
RAY_REACH_MM = 4.5  # how far either side of the expected outline a ray looks
RAY_STEP_MM = 0.25
BODY_MM = 2.0  # the disc's body colour is read this far inside an edge (past the bevel)
BODY_DE = 20.0  # Lab distance over which a colour stops looking like the body
FACE_AT = 0.4  # the body colour is read on this share of the radius: inside a printed ring, clear of the rim
OUTSIDE_MM, OUTSIDE_WEIGHT = 1.0, 0.8  # an edge with the body's colour this far outside it is seldom the rim
RADIUS_SCALES = (1.0, 0.88, 1.13, 1.27)  # disc sizes tried, as shares of the profile's
# Support another size needs over the best so far to be taken (the profile's wins ties); a smaller one needs more,
# for a ring printed or turned on a disc's face is a crisp circle inside every disc of its team. On plain 167 and
# hard 58 of seed 2025 such rings made 0.88 win by 1.15-1.17 times, and the rims, never fitted, lost a team.
LARGER_GAIN, SMALLER_GAIN = 1.15, 1.3
EDGE_PRIOR_MM = 1.5  # spread of the prior that the edge lies on the expected outline
SIGMA_PX = 0.15  # centre error of a clean fit, in image pixels
CLEAN_SUPPORT, CLEAN_FIT_MM = 0.8, 0.35  # a fit this well supported and this tight measures the discs' radius
OUTLINE_MM = 0.3  # the fitted outline (colour edge at the rim) runs about this much outside the disc's radius
HULL_STEPS = np.linspace(0.0, 1.0, 33)  # circles between top and base tried for the outline (``Silhouette.expected``)
OUTLIER_MM = 1.0  # what a ray whose edge strays off an outline costs it (``_outline_cost``)
WALL_MM = 1.0  # a disc whose wall shows this wide gets a second chance across its wall (``refine``)
APART = 1.75  # discs on the board never overlap: centres closer than this many radii may be one disc seen twice
TOWARDS_CAMERA = math.cos(math.radians(30))  # ... when the second lies within 30 degrees of the camera's foot
FIT_GAIN = 3.0  # per mm: a fit whose edges stray from its circle by rms e (mm) may be off by about 3 e^2


@dataclass(frozen=True)
class FoundDisc:
    """A disc seen from above: centre and radius in board mm (top-face plane), and how well it was seen."""

    x: float
    y: float
    r: float
    score: float  # circle-transform support, 0..1
    support: float  # share of rays whose edge agrees with the fitted circle
    fit_mm: float  # RMS distance of the agreeing edge points from the circle
    across_wall: bool = False  # found only by taking the wall's top rim for its outline too (see ``refine``)
    # How far another reading of its outline put the centre: the ring on its face (``ring_centred``), or an outline
    # a wall further from the camera that fits nearly as well (``wall_slips``).
    offset_mm: float = 0.0

    def sigma_mm(self, px_per_mm: float) -> float:
        """Likely error of the centre (mm) in a photo of ``px_per_mm`` image pixels per board millimetre.

        A disc whose edges all sit on its outline is placed to a fraction of a pixel. When they stray, the
        cause is seldom noise (which 64 rays would average away) but a misread outline (a printed ring, a
        shows: the error grows as the square of that spread (benchmark, 300 hard photos, |radial error| p99 by
        this sigma: 0.7 mm under 0.25, 0.9 mm for 0.25-0.5, 1.9 mm for 0.5-1, 4.7 mm for 1-2, 7 mm above).
        A disc read two ways (``offset_mm``) adds how far apart the two put it.
        """
        return math.hypot(FIT_GAIN * self.fit_mm**2 + SIGMA_PX / px_per_mm, self.offset_mm)


def orientation_field(rect_bgr: np.ndarray, blur_px: float = EDGE_BLUR_PX) -> np.ndarray:
    """Double-angle colour gradient (Di Zenzo), softly normalised: complex array, |z| < 1.

    The magnitude saturates around a few times the typical texture so that strong and weak disc edges count
    about equally, while faint wood grain counts less. ``blur_px``: the scale edges are read at (Gaussian sigma).
    """
    lab = cv2.cvtColor(rect_bgr.astype(np.float32) / 255.0, cv2.COLOR_BGR2Lab)
    lab = cv2.GaussianBlur(lab, (0, 0), blur_px)
    re = np.zeros(lab.shape[:2], np.float32)  # z = sum over channels of (gx + i gy)^2, in real arithmetic
    im = np.zeros_like(re)
    for c in range(3):
        gx = cv2.Sobel(lab[:, :, c], cv2.CV_32F, 1, 0, ksize=3)
        gy = cv2.Sobel(lab[:, :, c], cv2.CV_32F, 0, 1, ksize=3)
        re += gx * gx - gy * gy
        im += 2 * gx * gy
    size = cv2.magnitude(re, im)
    m = np.sqrt(size)
    m0 = 2.0 * median(m) + 1e-3
    gain = m / ((size + 1e-9) * (m + m0))
    return (re * gain) + 1j * (im * gain)


def circle_kernels(radius_px: float) -> tuple[np.ndarray, np.ndarray]:
    """Real and imaginary parts of the conjugate double-angle template on a thin annulus, summing to 1."""
    half = int(math.ceil(radius_px + 3))
    yy, xx = np.mgrid[-half : half + 1, -half : half + 1].astype(np.float32)
    rho = np.hypot(xx, yy)
    w = np.exp(-0.5 * ((rho - radius_px) / max(0.9, 0.05 * radius_px)) ** 2)
    w /= w.sum()
    phi = np.arctan2(yy, xx)
    return (w * np.cos(2 * phi)).astype(np.float32), (w * np.sin(2 * phi)).astype(np.float32)


def circle_scores(z: np.ndarray, radii_px) -> list[np.ndarray]:
    """Support for a circle of each radius centred on each pixel of the orientation field ``z``: its correlation
    with the radius's template, edges mirrored past the border. Only the real part is wanted, Re z * conj(t) =
    z.re * t.re + z.im * t.im, so each part is filtered by real transforms (a third faster than one complex
    transform) and the field's spectra are taken once for all radii."""
    kernels = [circle_kernels(r) for r in radii_px]
    pad = max(kr.shape[0] for kr, _ in kernels) // 2
    n, m = z.shape, cv2.getOptimalDFTSize(max(z.shape) + 2 * pad)

    def spectrum(part: np.ndarray, rows: int = 0) -> np.ndarray:
        return cv2.dft(np.pad(part, ((0, m - part.shape[0]), (0, m - part.shape[1]))), nonzeroRows=rows)

    field = [spectrum(cv2.copyMakeBorder(np.ascontiguousarray(part, np.float32), pad, pad, pad, pad,
                                         cv2.BORDER_REFLECT_101)) for part in (z.real, z.imag)]
    out = []
    for kernel in kernels:
        size, half = kernel[0].shape[0], kernel[0].shape[0] // 2
        both = sum(cv2.mulSpectrums(f, spectrum(k, size), 0) for f, k in zip(field, kernel, strict=True))
        full = cv2.idft(both, flags=cv2.DFT_SCALE | cv2.DFT_REAL_OUTPUT)
        out.append(full[pad + half : pad + half + n[0], pad + half : pad + half + n[1]].copy())
    return out


def peaks(score: np.ndarray, min_dist_px: float, threshold: float) -> list[tuple[int, int, float]]:
    """Local maxima (u, v, value) above ``threshold`` at least ``min_dist_px`` apart, strongest first."""
    k = 2 * int(min_dist_px) + 1
    dil = cv2.dilate(score, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))  # square: far faster, as good
    above = np.flatnonzero(score > threshold)  # few: test only these for a maximum
    at = above[score.flat[above] >= dil.flat[above]]
    vs, us = np.divmod(at, score.shape[1])
    order = np.argsort(-score[vs, us])
    return [(int(us[i]), int(vs[i]), float(score[vs[i], us[i]])) for i in order]


def ray_edges(image: np.ndarray, plane: Plane, cx: np.ndarray, cy: np.ndarray, expect: np.ndarray,
              outside_weight: float, gap: np.ndarray | float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """The rims of discs centred at ``cx``, ``cy`` (mm, one per disc) on each of RAYS rays (ANGLES) near the
    expected radius ``expect`` (mm, discs x rays), or up to ``gap`` (mm, discs x rays) inside it: where the wall
    shows, its top rim rather than its base may be the edge. Discs are read together: one disc's rays cost
    hardly less than a dozen's.

    The rim is a colour edge with the disc's own body just inside it and not just outside it. That tells it from
    the brighter edges around it: a printed ring on the face (body colour on both sides of its outer edge), a
    scoring line or a neighbour beside the disc (line or neighbour inside their edges). The body colour is the
    median over all rays on the face well inside the outline: read near the expected outline it mixed with a
    printed ring or the board whenever the first guess was off by a millimetre or two, and the fit then settled
    on the ring. ``outside_weight`` is how much the body's colour outside an edge counts against it (none on a
    board of the discs' own colour, where the rim has it too).
    Returns the edge radii (mm) and the edge strengths, discs x rays.
    """
    cx, cy = np.reshape(cx, (-1, 1, 1)), np.reshape(cy, (-1, 1, 1))
    inner = int(round(BODY_MM / RAY_STEP_MM))
    outer = int(round(OUTSIDE_MM / RAY_STEP_MM))
    steps = np.arange(-RAY_REACH_MM - BODY_MM, RAY_REACH_MM + OUTSIDE_MM + 1e-9, RAY_STEP_MM)
    n = len(steps)
    rad = expect[:, :, None] + steps  # discs x rays x steps
    lab = _lab(sample(image, _on_rays(plane, cx, cy, rad).reshape(-1, n, 2)))  # one row per ray
    lab = cv2.GaussianBlur(lab, (0, 0), sigmaX=1.0, sigmaY=0.01).reshape(rad.shape + (3,))  # along each ray only
    face = FACE_AT * np.median(expect, axis=1).reshape(-1, 1, 1)
    face_lab = _lab(sample(image, _on_rays(plane, cx, cy, face).reshape(len(expect), RAYS, 2)))
    body = np.median(np.concatenate([face_lab, lab[:, :, int(round(RAY_REACH_MM / RAY_STEP_MM))]], axis=1), axis=1)
    body = body[:, None, None]
    diff = lab[:, :, inner + 1 : n - outer] - lab[:, :, inner - 1 : n - outer - 2]
    d = np.sqrt(_squared(diff))
    off_mm = steps[inner : n - outer - 1]
    # How much like the body the colour BODY_MM inside each point is (1: the body's colour), and OUTSIDE_MM
    # outside it: a printed ring's outer edge has the body's colour on both sides, the rim only inside.
    like = _body_like(lab, body)
    inside_body, outside_body = like[:, :, : n - outer - inner - 1], like[:, :, inner + outer : n - 1]
    gap = np.asarray(gap, float)  # the prior is one row for every ray unless some may reach into a wall
    apart = np.maximum(np.maximum(off_mm, -(gap[..., None] if gap.any() else 0.0) - off_mm), 0)
    weighted = d * np.exp(-0.5 * (apart / EDGE_PRIOR_MM) ** 2)
    which = weighted * inside_body * (1 - outside_weight * outside_body)
    i = np.clip(np.argmax(which, axis=-1), 1, len(off_mm) - 2)[:, :, None]  # which edge: the body's rim
    a, b, c = (np.take_along_axis(weighted, i + j, axis=-1)[:, :, 0] for j in (-1, 0, 1))
    den = a - 2 * b + c
    safe = np.where(np.abs(den) > 1e-9, den, 1.0)
    off = np.where(np.abs(den) > 1e-9, 0.5 * (a - c) / safe, 0.0)
    return expect + off_mm[i[:, :, 0]] + np.clip(off, -1, 1) * RAY_STEP_MM, np.take_along_axis(d, i, -1)[:, :, 0]


def _on_rays(plane: Plane, cx: np.ndarray, cy: np.ndarray, rad: np.ndarray) -> np.ndarray:
    """Image points at radii ``rad`` (discs x rays x samples, or x 1) along each disc's rays (ANGLES), as
    discs x rays x samples x 2 (float32). A ray is a line, and stays one through the homography: its centre and
    direction are mapped once, and each sample costs a multiply-add per coordinate (a third of mapping every point)."""
    m = plane.board_to_image.reshape(-1, 9)[:, :, None, None]  # one homography, or one per disc
    cos, sin = np.cos(ANGLES)[:, None], np.sin(ANGLES)[:, None]
    x, y, w = ((m[:, k] * cx + m[:, k + 1] * cy + m[:, k + 2]) + (m[:, k] * cos + m[:, k + 1] * sin) * rad
               for k in (0, 3, 6))
    out = np.empty(w.shape + (2,), np.float32)  # the float32 pairs ``sample`` hands cv2.remap as they are
    np.divide(x, w, out=out[..., 0])
    np.divide(y, w, out=out[..., 1])
    return out


def _lab(bgr: np.ndarray) -> np.ndarray:
    """CIELAB of BGR samples (float32, 0..255) laid out as a picture: rows x columns x 3. The samples are scaled
    in place (``sample`` gives fresh ones)."""
    return cv2.cvtColor(np.divide(bgr, 255.0, out=bgr), cv2.COLOR_BGR2Lab)


def _body_like(lab: np.ndarray, body: np.ndarray) -> np.ndarray:
    """How much like the disc's body colour each Lab sample is: 1 for the body's colour, falling off over BODY_DE."""
    far = _squared(lab - body)
    far *= -0.5 / BODY_DE**2
    return np.exp(far, out=far)


def _squared(lab: np.ndarray) -> np.ndarray:
    """Squared length of each Lab triple (last axis): channel by channel, a third faster than an einsum."""
    sq = lab * lab
    out = sq[..., 0] + sq[..., 1]
    out += sq[..., 2]
    return out


@dataclass(frozen=True)
class Silhouette:
    """A disc's outline on the top-face plane: its top circle plus its base circle as the camera sees it.

    The base circle (on the surface) appears on the top-face plane shifted towards the camera's foot by
    ``k`` = thickness / camera height of the way, and shrunk by (1 - k). On the side facing the camera the
    disc's wall shows, and the outline is the base circle there. The outline radius ``r`` is the top rim's
    colour edge, which runs OUTLINE_MM outside the disc; the base's edge against the board does not (326 discs
    of 53 renders seen with their true camera, at the median: top rims +0.25 mm outside the disc, bases -0.06 mm,
    +0.02 mm where the wall is under 4 mm wide), so the base circle is OUTLINE_MM smaller. Modelled at ``r``,
    the base pulled discs 0.08-0.12 mm away from the camera's foot. For discs each seen by its own camera
    (``stacked_views``) the two coordinates and ``k`` are columns, one row per disc.
    """

    camera_xy: tuple[float, float]
    k: float

    def parts(self, cx: float, cy: float, r: float, ang: np.ndarray):
        """Per ray: centre offset (dx, dy) and radius of the circle that forms the outline, and its radius."""
        sx, sy, rb = self._base(cx, cy, r)
        base = sx * np.cos(ang) + sy * np.sin(ang) + rb > r
        dx = np.where(base, sx, 0.0)
        dy = np.where(base, sy, 0.0)
        rr = np.where(base, rb, r)
        return dx, dy, rr

    def wall_mm(self, cx, cy, r):
        """How far the base's outline reaches past the top face's rim on the side facing the camera (mm; arrays of
        discs broadcast)."""
        return np.maximum((np.hypot(self.camera_xy[0] - cx, self.camera_xy[1] - cy) - r) * self.k, 0.0)

    def expected(self, cx: float, cy: float, r: float, ang: np.ndarray) -> np.ndarray:
        """Distance from the top circle's centre to the outline along each ray.

        The outline is the hull of the top and base circles (the wall's sides join them), which is the union of
        the circles between the two, centre and radius in proportion: along a ray, the farthest of their
        crossings. (The support function taken before runs long on rays that cross the wall aslant, by up to
        0.03, 0.7 and 3.5 mm across walls of 1, 5 and 12 mm: the edge search leant outwards there, and discs
        seen obliquely were placed towards the camera's foot.)
        """
        sx, sy, rb = self._base(cx, cy, r)
        along = sx * np.cos(ang) + sy * np.sin(ang)
        across2 = np.maximum(sx * sx + sy * sy - along * along, 0.0)
        share = HULL_STEPS.reshape((-1,) + (1,) * np.ndim(along))
        rad = r + share * (rb - r)
        return np.max(share * along + np.sqrt(np.maximum(rad * rad - share * share * across2, 0.0)), axis=0)

    def _base(self, cx, cy, r):
        """The base circle's centre offset from the top circle's (sx, sy) and its radius, on the top-face plane."""
        return (self.camera_xy[0] - cx) * self.k, (self.camera_xy[1] - cy) * self.k, (r - OUTLINE_MM) * (1 - self.k)


def top_view(calibration, board) -> tuple[Plane, Silhouette]:
    """The plane of standing discs' top faces and their outline model, as this calibration's camera sees them."""
    view = calibration.view
    top = Plane(lifted_homography(calibration, board.disc_thickness), 1.0, board.surface_r)
    return top, Silhouette(tuple(view.camera_mm[:2]), board.disc_thickness / view.camera_mm[2])


def stacked_views(views: list[tuple[Plane, Silhouette]], each: int) -> tuple[Plane, Silhouette]:
    """One plane and outline model per disc for ``each`` discs seen by each of several cameras (``top_view``s),
    so that ``refine_all`` fits them all at once: the views' discs in order, ``each`` per view."""
    planes, sils = zip(*views, strict=True)
    m = np.repeat(np.stack([p.board_to_image for p in planes]), each, axis=0)
    cam = np.repeat(np.array([s.camera_xy for s in sils], float), each, axis=0)
    k = np.repeat(np.array([s.k for s in sils], float), each)[:, None]
    return Plane(m, planes[0].px_per_mm, planes[0].radius_mm), Silhouette((cam[:, :1], cam[:, 1:]), k)


def _take(plane: Plane, sil: Silhouette, idx: np.ndarray) -> tuple[Plane, Silhouette]:
    """The views of discs ``idx``: the same shared view, or those discs' own (``stacked_views``)."""
    if plane.board_to_image.ndim == 2:
        return plane, sil
    return (Plane(plane.board_to_image[idx], plane.px_per_mm, plane.radius_mm),
            Silhouette((sil.camera_xy[0][idx], sil.camera_xy[1][idx]), sil.k[idx]))


def fit_centre(ex, ey, sil: Silhouette, cx, cy, r, w0, fit_radius: bool, across_wall):
    """Robust Gauss-Newton fits of discs' centres (and optionally radii) to their outline points; Tukey weights.

    ``ex``, ``ey``, ``w0``: discs x rays; ``cx``, ``cy``, ``r``, ``across_wall``: one per disc. ``across_wall``: a
    point on the side where the wall shows is fitted to the nearer of the base's outline and the top face's rim.
    Returns the centres, radii, weights and residuals, and per disc whether it had points enough to fit.
    """
    cx, cy, r = (np.array(v, float).reshape(-1, 1) for v in (cx, cy, r))
    across_wall = np.reshape(across_wall, (-1, 1))
    any_across = bool(across_wall.any())
    w = w0.astype(float)
    res = np.zeros_like(ex)
    fitted = np.ones(len(ex), bool)
    moving = fitted.copy()
    for _ in range(8):
        dx, dy, rr = sil.parts(cx, cy, r, ANGLES)
        if any_across:
            top = across_wall & (np.abs(np.hypot(ex - cx, ey - cy) - r)
                                 < np.abs(np.hypot(ex - cx - dx, ey - cy - dy) - rr))
            dx, dy, rr = np.where(top, 0.0, dx), np.where(top, 0.0, dy), np.where(top, r, rr)
        vx, vy = ex - (cx + dx), ey - (cy + dy)
        dist = np.hypot(vx, vy) + 1e-9
        now = dist - rr
        cols = [-vx / dist, -vy / dist] + ([-rr / r] if fit_radius else [])
        jac = np.stack(cols, axis=-1)  # discs x rays x unknowns
        active = w > 0
        fitted &= ~moving | (active.sum(1) >= 8)
        moving &= fitted
        sigma = np.maximum(1.4826 * masked_median(np.abs(now), active), 0.25)[:, None]
        u = (now / (4.685 * sigma)).clip(-1, 1)
        now_w = w0 * (np.abs(now) < 4.685 * sigma) * (1 - u**2) ** 2
        jac_t = jac.transpose(0, 2, 1)
        a = np.matmul(jac_t * now_w[:, None, :], jac)  # the normal equations (matmul: 4 times einsum's speed)
        # A faint ridge keeps a disc with no weighted rays (or all on one side) solvable: its step is then the
        # least-norm one pinv gave, at a fifth of pinv's cost.
        ridge = (1e-9 * np.trace(a, axis1=1, axis2=2) + 1e-12)[:, None, None] * np.eye(a.shape[-1])
        step = -np.linalg.solve(a + ridge, np.matmul(jac_t, (now_w * now)[..., None]))[..., 0]
        step[~moving] = 0.0
        keep = moving[:, None]
        res, w = np.where(keep, now, res), np.where(keep, now_w, w)
        cx, cy = cx + step[:, :1], cy + step[:, 1:2]
        if fit_radius:
            r = r + step[:, 2:3]
        moving &= np.hypot(step[:, 0], step[:, 1]) >= 0.01
        if not moving.any():
            break
    return cx[:, 0], cy[:, 0], r[:, 0], w, res, fitted


def refine(image: np.ndarray, plane: Plane, sil: Silhouette, cx: float, cy: float, r: float, score: float,
           *, fit_radius: bool, across_wall: bool = False) -> FoundDisc | None:
    """One disc's ``refine_all``."""
    return refine_all(image, plane, sil, [(cx, cy)], [r], [score], fit_radius=fit_radius,
                      across_wall=[across_wall])[0]


def refine_all(image: np.ndarray, plane: Plane, sil: Silhouette, centres, r, score, *, fit_radius: bool,
               across_wall=False, hidden_wall: bool = False) -> list[FoundDisc | None]:
    """Fit discs' outlines from edges along rays, down-weighting rays that disagree (neighbours, shadows).

    ``centres`` are the first guesses (x, y); ``r``, ``score`` and ``across_wall`` are one per disc (or one for
    all). An edge with the body's colour outside it is first taken for a printed ring, not the rim; when that fit
    is not clean (a disc on paint of its own colour: its rim has the body's colour outside too) the fit that
    ignores the colour outside is tried as well, and the tighter of the two kept.
    ``across_wall`` also takes the wall's top rim for the outline where the wall shows (a wall shaded apart from
    the face has its edge there). It finds tall-walled discs seen obliquely that the base's outline alone
    misses, but it lets a fit settle half a wall away: it is only a second chance, and its calls are in doubt.
    ``hidden_wall``: a disc whose wall shows wider than WALL_MM is fitted by its top rim all round as well. The
    base's edge may not show (a wall of the board's shade: natural discs on maple with 2-4 mm of wall had their
    edges on that side 1.1-2.1 mm inside the base's outline, and the hull's fit moved them up to 2 mm away from
    the camera's foot), or a darker edge just past it may be taken instead (a shadow's, a scoring line's). The
    rim's fit is kept when it explains the edges better (``_outline_cost``) and lies within half a wall of the
    hull's: on a tall wall the base is a disc-sized circle of its own.
    """
    xy = np.array(centres, float).reshape(-1, 2)
    if not len(xy):
        return []
    r, score, across_wall = (np.broadcast_to(np.asarray(v), len(xy)) for v in (r, score, across_wall))
    fits = _refine(image, plane, sil, xy, r, score, fit_radius, OUTSIDE_WEIGHT, across_wall.astype(bool))
    again = np.array([f is None or f.fit_mm > CLEAN_FIT_MM for f in fits], bool)
    if again.any():
        seconds = iter(_refine(image, *_take(plane, sil, again), xy[again], r[again], score[again], fit_radius,
                               0.0, across_wall[again].astype(bool)))
        for j in np.flatnonzero(again):
            fits[j] = min((f for f in (fits[j], next(seconds)) if f is not None), key=lambda f: f.fit_mm, default=None)
    if not hidden_wall:
        return fits
    return _rim_fits(image, plane, sil, xy, r, score, fit_radius, across_wall.astype(bool), fits)


def _rim_fits(image, plane, sil, xy, r, score, fit_radius, across_wall, fits) -> list[FoundDisc | None]:
    """``refine_all``'s ``hidden_wall``: ``fits`` with each replaced by the fit of its top rim alone where better."""
    fits = list(fits)
    wall = sil.wall_mm(xy[:, :1], xy[:, 1:], r[:, None])[:, 0]
    walled = ~across_wall & (wall > WALL_MM) & np.array([f is not None for f in fits])
    if not walled.any():
        return fits
    plane_w, sil_w = _take(plane, sil, walled)
    rims = _refine(image, plane_w, replace(sil_w, k=0.0 * sil_w.k), xy[walled], r[walled], score[walled], fit_radius,
                   OUTSIDE_WEIGHT, across_wall[walled])
    for j, g in zip(np.flatnonzero(walled), rims, strict=True):
        f = fits[j]
        if g is not None and math.hypot(g.x - f.x, g.y - f.y) <= wall[j] / 2 and _outline_cost(g) < _outline_cost(f):
            fits[j] = g
    return fits


def _outline_cost(f: FoundDisc) -> float:
    """How badly an outline model explains a disc's edges: inliers by their rms, every stray ray at OUTLIER_MM."""
    return math.sqrt(f.support * f.fit_mm**2 + (1 - f.support) * OUTLIER_MM**2)


def _refine(image, plane, sil, xy, r, score, fit_radius, outside_weight, across_wall) -> list[FoundDisc | None]:
    cx, cy, r = xy[:, 0].copy(), xy[:, 1].copy(), np.array(r, float)
    w = np.zeros((len(xy), RAYS))
    res = np.zeros((len(xy), RAYS))
    fitted = np.ones(len(xy), bool)
    todo = np.arange(len(xy))
    for _ in range(3):
        plane_t, sil_t = _take(plane, sil, todo)
        expect = sil_t.expected(cx[todo, None], cy[todo, None], r[todo, None], ANGLES)
        rad, strength = ray_edges(image, plane_t, cx[todo], cy[todo], expect, outside_weight,
                                  (expect - r[todo, None]) * across_wall[todo, None])
        ex, ey = cx[todo, None] + np.cos(ANGLES) * rad, cy[todo, None] + np.sin(ANGLES) * rad
        seen = np.any(strength > 0, axis=1, keepdims=True)
        strong = ~seen | (strength > 0.3 * np.median(strength, axis=1, keepdims=True))
        nx, ny, nr, nw, nres, ok = fit_centre(ex, ey, sil_t, cx[todo], cy[todo], r[todo], strong, fit_radius,
                                              across_wall[todo])
        fitted[todo[~ok]] = False
        shift = np.hypot(nx - cx[todo], ny - cy[todo])
        cx[todo], cy[todo], r[todo], w[todo], res[todo] = nx, ny, nr, nw, nres
        todo = todo[ok & (shift >= 0.05)]
        if not len(todo):
            break
    out = []
    for j in range(len(xy)):
        inl = w[j] > 0
        rms = float(np.sqrt(np.average(res[j][inl] ** 2))) if inl.any() else 99.0
        out.append(FoundDisc(float(cx[j]), float(cy[j]), float(r[j]), float(score[j]), float(inl.mean()), rms,
                             bool(across_wall[j])) if fitted[j] else None)
    return out


@dataclass(frozen=True)
class Proposals:
    """Circles of a disc's size on the top-face plane: the discs' radius there and candidate centres (x, y, score)
    in board mm, strongest first. A small change of the camera model moves them by a millimetre or two at most,
    so they can be fitted again on another model's plane. ``support`` is the circle transform they were picked
    from (rectified pixels at DETECT_PX_PER_MM, centred on the hole), kept to ask what the board shows elsewhere."""

    disc_r: float
    spots: tuple[tuple[float, float, float], ...]
    support: np.ndarray = field(compare=False, repr=False)

    def support_near(self, x: float, y: float, within_mm: float) -> float:
        """The most circle support within ``within_mm`` (a square) of (x, y), or 0 off the transform."""
        c, w = (self.support.shape[0] - 1) / 2, int(round(within_mm * DETECT_PX_PER_MM))
        u, v = int(round(c + x * DETECT_PX_PER_MM)), int(round(c - y * DETECT_PX_PER_MM))
        if not (w <= u < self.support.shape[1] - w and w <= v < self.support.shape[0] - w):
            return 0.0
        return float(self.support[v - w : v + w + 1, u - w : u + w + 1].max())

    def printed(self, x: float, y: float, standing: np.ndarray, r: float) -> bool:
        """Is the disc-like outline at (x, y) the board's print? A board's lines and zone numbers repeat every
        quarter turn about the hole, so the print gathers about as much circle support a quarter turn away
        (PRINT_ECHO), where a disc alone does not. Turns where a disc stands (``standing``: centres, mm) say
        nothing; two of the three must echo. A spot with less than a faint circle's support is no print's."""
        own = self.support_near(x, y, PRINT_AT_MM)
        echoes = 0
        for tx, ty in ((-y, x), (-x, -y), (y, -x)):
            if not near_any(tx, ty, standing, 2 * r):
                echoes += self.support_near(tx, ty, PRINT_TURN_MM) >= PRINT_ECHO * own
        return own >= FAINT_SCORE and echoes >= 2


def propose(image: np.ndarray, top_to_image: np.ndarray, disc_r: float, within_mm: float) -> Proposals:
    det = Plane(top_to_image, DETECT_PX_PER_MM, within_mm + disc_r + 4)
    z = orientation_field(rectify(image, det))
    disc_r, score = _best_scale(z, disc_r)
    spots = []
    for u, v, s in peaks(score, 0.7 * disc_r * DETECT_PX_PER_MM, FAINT_SCORE):
        ((x, y),) = det.rect_to_board_pts([(u, v)])
        spots.append((float(x), float(y), s))
    return Proposals(disc_r, tuple(spots), score)


@dataclass(frozen=True)
class DiscSearch:
    """The discs found, the centres of disc-like outlines left out near a threshold (a disc may be missed), the
    proposals they came from and their common outline radius; until ``settle``d, the faint circles still to check."""

    found: tuple[FoundDisc, ...]
    doubtful: tuple[FoundDisc, ...]  # disc-like outlines left out: a disc may be missed there
    proposals: Proposals
    radius: float  # the outline radius the discs were refitted with (``common_radius``)
    faint: tuple[tuple[float, float, float], ...] = ()  # faint circles (x, y, score) ``settle`` has still to look at


def find_discs(image: np.ndarray, top_to_image: np.ndarray, sil: Silhouette, *, disc_r: float, within_mm: float,
               exclude: Callable[[float, float], bool] | None = None, proposals: Proposals | None = None
               ) -> DiscSearch:
    """Discs whose centres lie within ``within_mm`` of the hole, in board mm of the top-face plane, fitted by
    their rims only (all the focal length search needs); ``settle`` then takes the second looks.

    ``top_to_image`` maps the top-face plane to the photo. ``exclude(x, y)`` says where a circle is left to a
    dedicated check (the 20 hole, whose rim is a circle nearly the size of a disc). The discs' common radius
    is measured first (boards and discs differ from the profile), then every centre is refitted with it.
    A clear outline left out is kept as doubtful when it looks much like a disc: its fit strayed just past the
    limits, or its rim is lost but its face holds a clean ring.
    """
    proposals = proposals or propose(image, top_to_image, disc_r, within_mm)
    disc_r = proposals.disc_r
    full = Plane(top_to_image, 1.0, within_mm)
    spots = [(x, y, s) for x, y, s in proposals.spots
             if math.hypot(x, y) <= within_mm + 2 and not _excluded(x, y, exclude)]
    clear = [(x, y, s) for x, y, s in spots if s >= MIN_SCORE]
    # Every clear spot is fitted at once (a batch costs little more than one fit).
    fits = refine_all(image, full, sil, [(x, y) for x, y, _ in clear], disc_r, [s for *_, s in clear], fit_radius=True,
                      hidden_wall=True)
    wall = [j for j, ((x, y, _), d) in enumerate(zip(clear, fits, strict=True))
            if (d is None or not _plausible(d, disc_r)) and sil.wall_mm(x, y, disc_r) > WALL_MM]
    walls = refine_all(image, full, sil, [clear[j][:2] for j in wall], disc_r, [clear[j][2] for j in wall],
                       fit_radius=True, across_wall=True)
    rims = list(fits)  # before the wall's second chance
    for j, d in zip(wall, walls, strict=True):
        fits[j] = d or fits[j]
    first: list[FoundDisc] = []
    doubtful: list[FoundDisc] = []
    # Overlapping circles are one disc: the one whose outline fits best is taken, not the strongest circle, which
    # a disc's rim shared with a neighbour, a peg or the hole's rim can gather as well as the disc's own circle.
    order = sorted(range(len(clear)), key=lambda j: (fits[j] is None or not _plausible(fits[j], disc_r),
                                                     0.0 if fits[j] is None else fits[j].fit_mm))
    for (x, y, _), d, rim in ((clear[j], fits[j], rims[j]) for j in order):
        if _near(x, y, first, 1.5 * disc_r) or d is None or _near(d.x, d.y, first, 1.6 * disc_r):
            continue
        if _plausible(d, disc_r):
            first.append(d)
        elif (d.support >= DOUBT_SUPPORT and d.fit_mm <= DOUBT_FIT_MM and abs(d.r / disc_r - 1) <= 0.25) or (
                rim is not None and _face_ring(rim, disc_r)):
            doubtful.append(d)
    r_common = common_radius([d for d in first if not d.across_wall], disc_r)
    found: list[FoundDisc] = []
    refits = refine_all(image, full, sil, [(d.x, d.y) for d in first], r_common, [d.score for d in first],
                        fit_radius=False, across_wall=[d.across_wall for d in first], hidden_wall=True)
    kept = [f if f is not None and _plausible(f, disc_r) else d  # a disc all the same, only not of the common
            for d, f in zip(first, refits, strict=True)]  # size: keep its own fit (its loose outline: in doubt)
    # A tall disc seen low can be fitted twice: by its face and, looser, towards the camera by its wall and base.
    # The face is kept and the other left as a doubtful spot, so a second disc missed there is flagged.
    for f in sorted(kept, key=lambda f: f.fit_mm):
        if any(_base_of(f, d, sil, r_common) for d in found):
            doubtful.append(f)
        elif not _excluded(f.x, f.y, exclude) and math.hypot(f.x, f.y) <= within_mm:
            found.append(f)
    faint = tuple((x, y, s) for x, y, s in spots if s < MIN_SCORE and not _near(x, y, first, 1.5 * disc_r))
    return DiscSearch(tuple(found), tuple(doubtful), proposals, r_common, faint)


def settle(image: np.ndarray, top_to_image: np.ndarray, sil: Silhouette, search: DiscSearch,
           within_mm: float) -> DiscSearch:
    """``find_discs``'s discs given their second looks (``wall_slips``, ``ring_centred``), and its faint circles
    looked at: one is doubtful when its edges all lie on a disc's outline (a navy disc on navy paint), or when its
    rim does not fit but its face holds a clean ring (a black disc on black paint seen obliquely, its rim lost in
    its wall and shadow): a disc may be missed there."""
    full, r, disc_r = Plane(top_to_image, 1.0, within_mm), search.radius, search.proposals.disc_r
    found = ring_centred(image, full, sil, wall_slips(image, full, sil, list(search.found), r), r)
    faint = [(x, y, s) for x, y, s in search.faint if not _near(x, y, found, 1.5 * disc_r)]
    doubtful, rimless = list(search.doubtful), []
    for (x, y, _), f in zip(faint, refine_all(image, full, sil, [(x, y) for x, y, _ in faint], r,
                                             [s for *_, s in faint], fit_radius=False), strict=True):
        if f is not None and _faint_disc_like(f):
            doubtful.append(f)
        else:
            rimless.append((x, y))
    doubtful += [g for g in face_rings(image, full, rimless, r) if g is not None]
    return DiscSearch(tuple(found), tuple(doubtful), search.proposals, r)


def face_rings(image: np.ndarray, plane: Plane, starts: list[tuple[float, float]], r: float) -> list[FoundDisc | None]:
    """The clean ring on the face of a disc of outline radius ``r`` (``_face_ring``) fitted from each start (mm, on
    ``plane``, the face's plane), or None where none shows.

    One pass, the colour outside counted: a ring's inner edge has the face's colour inside it only.
    """
    if not starts:
        return []
    n = len(starts)
    rings = _refine(image, plane, Silhouette((0.0, 0.0), 0.0), np.array(starts, float).reshape(-1, 2),
                    np.full(n, RING_AT * r), np.ones(n), True, OUTSIDE_WEIGHT, np.zeros(n, bool))
    return [g if g is not None and _face_ring(g, r) and g.support >= CLEAN_SUPPORT else None for g in rings]


def ring_centred(image: np.ndarray, plane: Plane, sil: Silhouette, discs: list[FoundDisc],
                 r: float) -> list[FoundDisc]:
    """Discs recentred on a ring printed or turned on their face, where one shows cleanly and fits tighter than
    the rim did, unless the rim fits very tightly (RIM_OVER_RING_MM).

    A ring lies on the top face, so no wall, bevel or shadow moves its centre. The rim is what misleads in the
    hard cases (a dark disc's rim lost in its shadow on dark paint, a tall wall seen obliquely), where the ring
    still stands out crisp. A rim fit that settled on the base or half a wall away is off along the camera's
    direction by up to the wall's width, so a ring not found from the fitted centre is looked for from there.
    But the ring depends on the top-face plane alone, and so on the camera's height, which the rim's base (on the
    surface) does not: where the two disagree, the disagreement is counted in the disc's error (``offset_mm``).
    A disc fitted by its top rim alone (``refine_all``'s ``hidden_wall``) shares the ring's plane, so a wrong
    camera height moves both alike and shows in neither (hard photo 297: 0.9 mm, ring offset 0.13 mm); a guessed
    one is counted apart (``score.GUESSED_LOG_HEIGHT``).
    """
    best: dict[int, FoundDisc] = {}

    def look(owner: list[int], starts: list[tuple[float, float]]) -> None:
        for j, g in zip(owner, face_rings(image, plane, starts, r), strict=True):
            d = best.get(j, discs[j])
            if g is not None and g.fit_mm < d.fit_mm and math.hypot(g.x - discs[j].x, g.y - discs[j].y) < r / 2:
                best[j] = g

    loose = [j for j, d in enumerate(discs) if d.fit_mm > RIM_OVER_RING_MM]
    look(loose, [(discs[j].x, discs[j].y) for j in loose])
    owner, starts = [], []
    for j in loose:
        d = discs[j]
        wall = sil.wall_mm(d.x, d.y, r)
        if j in best or wall <= WALL_MM:
            continue
        owner += [j, j]
        starts += [_from_camera(sil, d, wall), _from_camera(sil, d, -wall)]
    look(owner, starts)
    return [replace(d, x=best[j].x, y=best[j].y,
                    offset_mm=max(d.offset_mm, math.hypot(best[j].x - d.x, best[j].y - d.y)))
            if j in best else d for j, d in enumerate(discs)]


def wall_slips(image: np.ndarray, plane: Plane, sil: Silhouette, discs: list[FoundDisc],
               r: float) -> list[FoundDisc]:
    """Discs fitted again from a wall further from the camera's foot, where the wall shows wider than SLIP_WALL_MM.

    A tall wall seen obliquely makes the base a disc-sized circle of its own, and a fit can take it for the
    top face and settle a whole wall towards the camera with edges all round (the base's far side, a shadow's
    edge). The fit from a wall away is taken when it explains the edges clearly better (SLIP_GAIN) and fits as a
    disc's rim does (FAINT_FIT_MM: plain photo 212 of seed 31, a black disc on black paint, went from a 1.18 to a
    0.85 mm rms fit 5 px further from the truth); when it explains them about as well (SLIP_DOUBT), the disc could be
    either, and the distance between the two counts in its error (hard photo 72 of seed 5150: a dark disc on a
    12.7 mm wall fitted by its base, 13.6 mm off, and from a wall away within 0.85 mm, costs 0.64 and 0.69). The
    slip is compared with the disc's own spot read the same way too (by its top rim all round): when that explains
    the edges about as well, the disc could be either, and the distance counts in its error. A disc read across its
    wall (``refine_all``) is left as it is: it was that reading's second chance, and is in doubt.
    """
    walls = {j: float(sil.wall_mm(d.x, d.y, r)) for j, d in enumerate(discs)}
    slips = [j for j in walls if walls[j] > SLIP_WALL_MM and not discs[j].across_wall]
    starts = [_from_camera(sil, discs[j], walls[j]) for j in slips]
    out = list(discs)
    slipped = []  # (j, apart): discs moved to their slip, to be read again on their own spot
    for j, g in zip(slips, refine_all(image, plane, sil, starts, r, [discs[j].score for j in slips],
                                      fit_radius=False, hidden_wall=True), strict=True):
        if g is None:
            continue
        d = discs[j]
        apart = math.hypot(g.x - d.x, g.y - d.y)
        if apart < walls[j] / 2 or _near(g.x, g.y, out[:j] + out[j + 1:], 1.6 * r):  # where the others are now
            continue
        if _outline_cost(g) < _outline_cost(d) - SLIP_GAIN and g.fit_mm <= FAINT_FIT_MM:
            out[j] = g
            slipped.append((j, apart))
        elif _outline_cost(g) < _outline_cost(d) + SLIP_DOUBT:
            out[j] = replace(d, offset_mm=apart)
    heres = refine_all(image, plane, sil, [(discs[j].x, discs[j].y) for j, _ in slipped], r,
                       [discs[j].score for j, _ in slipped], fit_radius=False, hidden_wall=True)
    for (j, apart), here in zip(slipped, heres, strict=True):
        d, g = discs[j], out[j]
        if here is not None and math.hypot(here.x - d.x, here.y - d.y) < walls[j] / 2 and (
                _outline_cost(g) >= _outline_cost(here) - SLIP_DOUBT):
            out[j] = replace(g, offset_mm=apart)
    return out


def _from_camera(sil: Silhouette, d: FoundDisc, mm: float) -> tuple[float, float]:
    """The point ``mm`` further than a disc's centre from the camera's foot, on the line through both (negative:
    nearer): where the disc would be had its fit slipped along its wall."""
    far = math.hypot(sil.camera_xy[0] - d.x, sil.camera_xy[1] - d.y) or 1.0
    return d.x + (d.x - sil.camera_xy[0]) / far * mm, d.y + (d.y - sil.camera_xy[1]) / far * mm


def common_radius(discs: list[FoundDisc], disc_r: float) -> float:
    """The outline radius every disc is refitted with: the median over cleanly fitted discs, else the seen one.

    Only discs whose edges all sit on their circle count: a fit that strayed to a printed ring on the face, a
    red disc's rim lost on red paint or a shadow's edge gives a radius that would shift every other centre.
    Two clean fits outweigh any number of loose ones (shot pair 2: two red discs fitted to 0.2 mm at 16.7 mm,
    three black ones loosely (1.3 mm rms) at 14.0-14.5 mm; their median moved every centre by up to 2 mm).
    """
    for radii, least in (([d.r for d in discs if d.support >= CLEAN_SUPPORT and d.fit_mm <= CLEAN_FIT_MM], 2),
                         ([d.r for d in discs if d.support >= 0.7], 3)):  # no clean fits: the well-supported ones
        if len(radii) >= least:
            return float(np.median(radii))
    return disc_r + OUTLINE_MM


def _best_scale(z: np.ndarray, disc_r: float) -> tuple[float, np.ndarray]:
    """The disc radius (among RADIUS_SCALES of the profile's) whose circles gather the most support.

    Real discs differ from the profile (1 1/8 in discs, boards made to other sizes), and the calibration's
    millimetres follow the board's rings, so the discs' size is measured rather than assumed.
    """
    best = None
    for f, score in zip(RADIUS_SCALES, circle_scores(z, [f * disc_r * DETECT_PX_PER_MM for f in RADIUS_SCALES]),
                        strict=True):
        top = [p[2] for p in peaks(score, 0.7 * f * disc_r * DETECT_PX_PER_MM, MIN_SCORE)][:24]
        total = float(sum(top))
        if best is None or total > best[0] * (SMALLER_GAIN if f < 1 else LARGER_GAIN):
            best = (total, f * disc_r, score)
    return best[1], best[2]


def _excluded(x: float, y: float, exclude: Callable[[float, float], bool] | None) -> bool:
    return exclude is not None and exclude(x, y)


def _near(x: float, y: float, discs: list[FoundDisc], dist: float) -> bool:
    """``near_any`` for found discs."""
    return near_any(x, y, np.array([(d.x, d.y) for d in discs], float).reshape(-1, 2), dist)


def near_any(x: float, y: float, centres: np.ndarray, dist: float) -> bool:
    """Is (x, y) closer than ``dist`` to any of ``centres`` (N x 2, mm)?"""
    return bool(len(centres)) and bool(np.min(np.hypot(centres[:, 0] - x, centres[:, 1] - y)) < dist)


def clear_of_pegs(x: float, y: float, pegs, r: float, peg_r: float) -> bool:
    """Could a disc of radius ``r`` stand at (x, y) beside the pegs (centres, mm)? A peg's dark top can look like a
    dark disc's face, so a faint outline nearer a peg than a disc touching it could be is the peg's (APART slack)."""
    return all(math.dist((x, y), c) >= APART / 2 * (r + peg_r) for c in pegs)


def _base_of(base: FoundDisc, face: FoundDisc, sil: Silhouette, r: float) -> bool:
    """Is ``base`` the wall and base of the disc whose face is ``face``? Discs on a board never overlap, and a
    disc's base shows past its face straight towards the camera's foot, by up to the wall's width. (A loose fit
    of a real neighbour that overlaps lies in any direction: hard photo 76 at 12 MP, a red 10 beside a blue 15.)
    """
    ox, oy = base.x - face.x, base.y - face.y
    cx, cy = sil.camera_xy[0] - face.x, sil.camera_xy[1] - face.y
    apart, far = math.hypot(ox, oy), math.hypot(cx, cy)
    return bool(0 < apart < APART * r and far > 0 and (ox * cx + oy * cy) >= TOWARDS_CAMERA * apart * far
                and apart - r <= sil.wall_mm(face.x, face.y, r))


def _faint_disc_like(f: FoundDisc) -> bool:
    """Is a circle under MIN_SCORE enough like a disc's outline to note (see FAINT_SUPPORT, NEAR_CLEAR_SCORE)?"""
    fits = f.support >= FAINT_SUPPORT and f.fit_mm <= FAINT_FIT_MM + FAINT_FIT_PER_SCORE * (f.score - FAINT_SCORE)
    return fits or (f.score >= NEAR_CLEAR_SCORE and f.support >= NEAR_CLEAR_SUPPORT)


def _face_ring(d: FoundDisc, disc_r: float) -> bool:
    """A clean circle smaller than a disc and larger than a peg, fitted where a disc-sized circle was clear: a
    ring on a disc's face whose rim did not show (a black disc on black paint), so a disc may be missed."""
    return d.fit_mm <= CLEAN_FIT_MM and FACE_RING[0] * disc_r <= d.r <= FACE_RING[1] * disc_r


def _plausible(d: FoundDisc, disc_r: float) -> bool:
    return d.support >= 0.5 and 0.8 * disc_r <= d.r <= 1.2 * disc_r and d.fit_mm < 1.5
