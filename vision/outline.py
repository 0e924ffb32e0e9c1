"""A disc's outline fitted in the photo itself: colour edges along rays, the outline a standing disc shows
(``Silhouette``: its top face and, where its wall shows, its base), and robust circle fits to the edges.

A candidate centre from the circle transform is refitted here to a fraction of a millimetre, with its own radius.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import cv2
import numpy as np

from vision.rectify import Plane, lifted_homography, sample
from vision.robust import masked_median

RAYS = 64
ANGLES = np.linspace(0, 2 * math.pi, RAYS, endpoint=False)  # the rays' directions, shared by every disc
RAY_REACH_MM = 4.5  # how far either side of the expected outline a ray looks
RAY_STEP_MM = 0.25
BODY_MM = 2.0  # the disc's body colour is read this far inside an edge (past the bevel)
BODY_DE = 20.0  # Lab distance over which a colour stops looking like the body
FACE_AT = 0.4  # the body colour is read on this share of the radius: inside a printed ring, clear of the rim
OUTSIDE_MM, OUTSIDE_WEIGHT = 1.0, 0.8  # an edge with the body's colour this far outside it is seldom the rim
EDGE_PRIOR_MM = 1.5  # spread of the prior that the edge lies on the expected outline
SIGMA_PX = 0.15  # centre error of a clean fit, in image pixels
CLEAN_SUPPORT, CLEAN_FIT_MM = 0.8, 0.35  # a fit this well supported and this tight measures the discs' radius
OUTLINE_MM = 0.3  # the fitted outline (colour edge at the rim) runs about this much outside the disc's radius
BASE_IN_MM = 0.05  # the base's edge against the board lies this much inside the top rim's colour edge
HULL_STEPS = np.linspace(0.0, 1.0, 33)  # circles between top and base tried for the outline (``Silhouette.expected``)
OUTLIER_MM = 1.0  # what a ray whose edge strays off an outline costs it (``outline_cost``)
WALL_MM = 1.0  # a disc whose wall shows this wide gets a second chance across its wall (``refine_all``)
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
    across_wall: bool = False  # found only by taking the wall's top rim for its outline too (see ``refine_all``)
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
    colour edge; the base's edge lies BASE_IN_MM inside it: a disc is a cylinder, so little. Fitted with each offset
    on 30 hard renders seen with their true camera (seed 2025), radial error p50 (mm) at 0, 0.05, 0.1, 0.15, 0.2,
    0.3 mm: ``render`` 0.063, 0.053, 0.052, 0.056, 0.061, 0.083; the plain renderer's discs, which have no bevel,
    0.026 at 0 and 0.025 at 0.05 (40 renders), 0.10 at 0.3 (30). At 0.3 the benchmark's flat sections placed them
    0.12 mm towards the camera's foot at the median, at 0.05 not at all. (When ``render`` drew its rim stroke and
    bevel centred on the rim, half outside the disc, its discs wanted 0.3.) For discs each seen by its own camera
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
        return (self.camera_xy[0] - cx) * self.k, (self.camera_xy[1] - cy) * self.k, (r - BASE_IN_MM) * (1 - self.k)


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
    rim's fit is kept when it explains the edges better (``outline_cost``) and lies within half a wall of the
    hull's: on a tall wall the base is a disc-sized circle of its own.
    """
    xy = np.array(centres, float).reshape(-1, 2)
    if not len(xy):
        return []
    r, score, across_wall = (np.broadcast_to(np.asarray(v), len(xy)) for v in (r, score, across_wall))
    fits = fit_outlines(image, plane, sil, xy, r, score, fit_radius, OUTSIDE_WEIGHT, across_wall.astype(bool))
    again = np.array([f is None or f.fit_mm > CLEAN_FIT_MM for f in fits], bool)
    if again.any():
        seconds = iter(fit_outlines(image, *_take(plane, sil, again), xy[again], r[again], score[again],
                                    fit_radius, 0.0, across_wall[again].astype(bool)))
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
    rims = fit_outlines(image, plane_w, replace(sil_w, k=0.0 * sil_w.k), xy[walled], r[walled], score[walled],
                        fit_radius, OUTSIDE_WEIGHT, across_wall[walled])
    for j, g in zip(np.flatnonzero(walled), rims, strict=True):
        f = fits[j]
        if g is not None and math.hypot(g.x - f.x, g.y - f.y) <= wall[j] / 2 and outline_cost(g) < outline_cost(f):
            fits[j] = g
    return fits


def outline_cost(f: FoundDisc) -> float:
    """How badly an outline model explains a disc's edges: inliers by their rms, every stray ray at OUTLIER_MM."""
    return math.sqrt(f.support * f.fit_mm**2 + (1 - f.support) * OUTLIER_MM**2)


def fit_outlines(image, plane, sil, xy, r, score, fit_radius, outside_weight, across_wall) -> list[FoundDisc | None]:
    """One pass of ``refine_all``'s fits, with ``ray_edges``' ``outside_weight``: each disc refitted to the edges
    its outline's rays show, up to three times while it still moves."""
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
