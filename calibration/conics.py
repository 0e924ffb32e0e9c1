"""Ellipses as conic matrices: fitting, distances, and the homography that two concentric circles fix.

Under perspective a circle images to a conic whose centre is NOT the image of the circle's centre. Two
concentric circles do fix it: in the pencil C_outer - l C_inner one member is the (doubled) vanishing line, and
the generalised eigenvector that is left over is the image of the common centre. One circle fixes it too, up
to two poses, once the camera's focal length is known.
"""

from __future__ import annotations

import math

import cv2
import numpy as np


def ellipse_conic(cx: float, cy: float, a: float, b: float, phi: float) -> np.ndarray:
    """Conic matrix (x^T C x = 0 on the ellipse) from centre, semi-axes and rotation (radians)."""
    c, s = math.cos(phi), math.sin(phi)
    rot = np.array([[c, -s], [s, c]])
    conic = np.empty((3, 3))
    m = conic[:2, :2] = rot @ np.diag([1 / a**2, 1 / b**2]) @ rot.T
    ctr = np.array([cx, cy])
    conic[:2, 2] = conic[2, :2] = -m @ ctr
    conic[2, 2] = ctr @ m @ ctr - 1
    return conic


def conic_ellipse(conic: np.ndarray) -> tuple[float, float, float, float, float] | None:
    """(cx, cy, a, b, phi) of an ellipse conic, or None if the conic is not a real ellipse."""
    m = conic[:2, :2]
    v = conic[:2, 2]
    if np.linalg.det(m) <= 0:
        return None
    ctr = -np.linalg.solve(m, v)
    k = ctr @ m @ ctr - conic[2, 2]
    if k / np.trace(m) <= 0:
        return None
    vals, vecs = np.linalg.eigh(m / k)
    a, b = 1 / math.sqrt(vals[0]), 1 / math.sqrt(vals[1])
    phi = math.atan2(vecs[1, 0], vecs[0, 0])
    return float(ctr[0]), float(ctr[1]), a, b, phi


def fit_ellipse(points: np.ndarray) -> tuple[float, float, float, float, float] | None:
    """Least-squares ellipse through (N, 2) points (direct fit, always an ellipse), None if degenerate."""
    if len(points) < 6:
        return None
    (cx, cy), (w, h), ang = cv2.fitEllipseDirect(np.asarray(points, dtype=np.float32))
    if not (np.isfinite([cx, cy, w, h]).all() and w > 1 and h > 1):
        return None
    return float(cx), float(cy), w / 2, h / 2, math.radians(ang)


def sampson(conic: np.ndarray, points: np.ndarray) -> np.ndarray:
    """First-order geometric distance (pixels) of points (N x 2, or homogeneous N x 3 with w = 1) from a conic."""
    p = points if points.shape[1] == 3 else np.hstack([points, np.ones((len(points), 1))])
    cp = p @ conic
    num = np.einsum("ij,ij->i", cp, p)
    grad = 2 * np.hypot(cp[:, 0], cp[:, 1])
    return num / np.maximum(grad, 1e-12)


def near_ellipse(ell: tuple[float, float, float, float, float], points: np.ndarray, tol: float) -> np.ndarray:
    """Which points (N x 2, or homogeneous N x 3) lie within Sampson distance ``tol`` of the ellipse ``ell``.

    Along a ray from the centre, at ``rho`` times the ellipse's own radius there, the Sampson distance is at least
    |rho^2 - 1| b / (2 rho) (b the minor semi-axis), so a point nearer the centre than sqrt(tol^2 + b^2) - tol or
    further than a (tol + sqrt(tol^2 + b^2)) / b is never within ``tol``: only the annulus between is tested (of an
    edge pool spread over the photo, a ring's annulus holds a few per cent; the same points come out).
    """
    cx, cy, a, b = ell[:4]
    big, small = max(a, b), min(a, b)
    root = math.sqrt(tol * tol + small * small)
    r2 = (points[:, 0] - cx) ** 2 + (points[:, 1] - cy) ** 2
    maybe = np.flatnonzero((r2 >= (0.999 * (root - tol)) ** 2) & (r2 <= (1.001 * big * (tol + root) / small) ** 2))
    near = np.zeros(len(points), bool)
    near[maybe] = np.abs(sampson(ellipse_conic(*ell), points[maybe])) < tol
    return near


def robust_ellipse(points: np.ndarray, rounds: int = 4) -> tuple[tuple, np.ndarray] | None:
    """Ellipse fit that drops points far from the current fit (occluders, junctions); returns (ellipse, inliers)."""
    keep = np.ones(len(points), bool)
    ell = None
    for _ in range(rounds):
        ell = fit_ellipse(points[keep])
        if ell is None:
            return None
        d = np.abs(sampson(ellipse_conic(*ell), points))
        mad = np.median(d[keep]) * 1.4826
        new = d < max(3 * mad, 0.5)
        if new.sum() < 6 or np.array_equal(new, keep):
            keep = new if new.sum() >= 6 else keep
            break
        keep = new
    return ell, keep


def concentric_gap(inner: np.ndarray, outer: np.ndarray) -> float:
    """How far two conics are from being images of concentric circles: 0 when two of the pencil's eigenvalues
    coincide (the double vanishing line), inf when the eigenvalues are complex (the conics cross)."""
    vals = np.linalg.eigvals(np.linalg.solve(inner, outer))
    if np.abs(vals.imag).max() > 1e-9 * np.abs(vals).max():
        return math.inf
    v = np.sort(vals.real)
    return float(min(v[1] - v[0], v[2] - v[1]) / max(v[2] - v[0], 1e-12))


def concentric_rectification(inner: np.ndarray, outer: np.ndarray, outer_r: float) -> np.ndarray | None:
    """Homography image -> board mm (up to a rotation about the centre) from two concentric circle images.

    ``outer`` is mapped to a circle of radius ``outer_r`` centred at the origin. The result maps image y-down
    to board y-up (negative determinant), as a camera looking at the playing side sees it.
    """
    vals, vecs = np.linalg.eig(np.linalg.solve(inner, outer))
    vals = vals.real
    gaps = [abs(vals[(i + 1) % 3] - vals[(i + 2) % 3]) for i in range(3)]
    i = int(np.argmin(gaps))  # the other two form the near-double pair
    centre = vecs[:, i].real
    if abs(centre[2]) < 1e-12:
        return None
    line = outer @ centre
    if line @ centre < 0:
        line = -line
    proj = np.array([[1, 0, 0], [0, 1, 0], line / (line @ centre) * 1.0])
    if abs(np.linalg.det(proj)) < 1e-15:
        return None
    pinv = np.linalg.inv(proj)
    c2 = pinv.T @ outer @ pinv
    m, v = c2[:2, :2], c2[:2, 2]
    if np.linalg.det(m) == 0:
        return None
    ctr = -np.linalg.solve(m, v)
    k = ctr @ m @ ctr - c2[2, 2]
    mk = m / k
    if np.linalg.eigvalsh(mk).min() <= 0:
        return None
    lt = np.linalg.cholesky(mk).T  # mk = L L^T, so |L^T (x - ctr)| = 1 on the ellipse
    aff = np.eye(3)
    aff[:2, :2] = outer_r * lt
    aff[:2, 2] = -outer_r * lt @ ctr
    h = aff @ proj
    if jacobian_det(h, centre[:2] / centre[2]) > 0:
        h = np.diag([1.0, -1.0, 1.0]) @ h
    return h / h[2, 2]


def jacobian_det(h: np.ndarray, point) -> float:
    """Determinant of the homography's local linear map at ``point`` (its sign says mirrored or not)."""
    x, y = point
    p = h @ np.array([x, y, 1.0])
    w = p[2]
    jac = (h[:2, :2] * w - np.outer(p[:2], h[2, :2])) / w**2
    return float(np.linalg.det(jac))


def circle_poses(ell: tuple[float, float, float, float, float], focal: float, centre) -> list[np.ndarray]:
    """The two perspective frames (a circle of radius 1, y up -> image) of a circle whose image is ``ell``, seen
    by a pinhole camera of focal length ``focal`` (pixels) with its principal point at ``centre``.

    An ellipse alone fixes its circle's plane up to a two-fold ambiguity once the camera is known (the cone of
    rays through it has two families of circular sections). Unlike the ellipse's affine frame, each frame places
    the image of the circle's centre, and of every circle concentric with it, where perspective puts them.
    """
    k = np.array([[focal, 0.0, centre[0]], [0.0, focal, centre[1]], [0.0, 0.0, 1.0]])
    cone = k.T @ ellipse_conic(*ell) @ k
    vals, vecs = np.linalg.eigh(cone)
    if np.sum(vals > 0) == 1:  # two eigenvalues of one sign, one of the other: make the pair positive
        vals, cone = -vals, -cone
    order = np.argsort(vals)[::-1]
    (l1, l2, l3), vecs = vals[order], vecs[:, order]
    if not l1 >= l2 > 0 > l3:
        return []
    frames = []
    for side in (1.0, -1.0):
        normal = vecs @ [side * math.sqrt((l1 - l2) / (l1 - l3)), 0.0, math.sqrt((l2 - l3) / (l1 - l3))]
        ray = np.linalg.solve(cone, normal)  # towards the circle's centre: the pole of the vanishing line
        centre3 = ray / (normal @ ray)  # on the plane normal . X = 1
        if centre3[2] < 0:
            centre3, normal = -centre3, -normal
        e1 = np.cross(normal, [0.0, 1.0, 0.0])
        e1 /= np.linalg.norm(e1)
        e2 = np.cross(normal, e1)
        radius2 = -(centre3 @ cone @ centre3) / (e1 @ cone @ e1)
        if radius2 <= 0:
            continue
        frame = k @ np.column_stack([e1, e2, centre3 / math.sqrt(radius2)])
        if jacobian_det(frame, (0.0, 0.0)) > 0:  # y up: mirrored in the image, as ``ellipse_frame``
            frame = frame @ np.diag([1.0, -1.0, 1.0])
        frames.append(frame / frame[2, 2])
    return frames
