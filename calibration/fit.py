"""Homography from ring points: least squares of each point's distance from its circle, in board millimetres.

Points on a ring carry no angle of their own, so the residual is radial: |H(p)| - r. The rings fix the
homography up to a rotation about the centre (found later from quarter lines and pegs) and a common scale. The
ring radii are unknowns too (real boards differ from the profile); the scale is set afterwards so the measured
radii agree with the profile's in the least-squares sense. Huber weights and a second pass without the worst
points keep discs, pegs and hands that fooled the line search from pulling the fit.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class RingFit:
    image_to_board: np.ndarray
    radii: tuple[float, ...]
    residuals: tuple[np.ndarray, ...]
    inliers: tuple[np.ndarray, ...]

    @property
    def rms_mm(self) -> float:
        r = np.concatenate([res[k] for res, k in zip(self.residuals, self.inliers, strict=True)])
        return float(np.sqrt(np.mean(r**2))) if len(r) else float("inf")


def _irls(fun, x: np.ndarray, scale: float, iterations: int = 12) -> np.ndarray:
    """Gauss-Newton with Huber weights (iteratively reweighted least squares); ``fun`` gives residuals and
    their Jacobian."""
    for _ in range(iterations):
        r, jac = fun(x)
        w = np.minimum(1.0, scale / np.maximum(np.abs(r), 1e-12))
        jw = jac * w[:, None]
        step = np.linalg.lstsq(jw.T @ jac + 1e-9 * np.eye(len(x)), -jw.T @ r, rcond=None)[0]
        x = x + step
        if np.all(np.abs(step) <= 1e-9 + 1e-7 * np.abs(x)):
            break
    return x


def _conditioner(points: np.ndarray) -> np.ndarray:
    c = points.mean(axis=0)
    s = np.sqrt(2) / max(np.mean(np.linalg.norm(points - c, axis=1)), 1e-9)
    return np.array([[s, 0, -s * c[0]], [0, s, -s * c[1]], [0, 0, 1]])


def fit_rings(
    image_to_board: np.ndarray,
    ring_points: list[np.ndarray],
    profile_radii: list[float],
    *,
    loss_scale_mm: float = 1.0,
) -> RingFit:
    """Refine the homography and measure the radii from points on concentric painted circles."""
    allpts = np.vstack(ring_points)
    t = _conditioner(allpts)
    h0 = image_to_board @ np.linalg.inv(t)
    h0 = h0 / h0[2, 2]
    hom = [np.hstack([p @ t[:2, :2].T + t[:2, 2], np.ones((len(p), 1))]) for p in ring_points]
    ref = len(profile_radii) - 1  # the largest ring keeps its profile radius while fitting

    def unpack(x):
        h = np.append(x[:8], 1.0).reshape(3, 3)
        radii = list(x[8:])
        radii.insert(ref, profile_radii[ref])
        return h, radii

    def residuals(x, keep, jacobian: bool = False):
        h, radii = unpack(x)
        out, jac = [], []
        for i, (p, r, k) in enumerate(zip(hom, radii, keep, strict=True)):
            pk = p[k]
            q = pk @ h.T
            u, v = q[:, 0] / q[:, 2], q[:, 1] / q[:, 2]
            rho = np.maximum(np.hypot(u, v), 1e-12)
            out.append(rho - r)
            if jacobian:  # d rho / d h (h[2, 2] fixed at 1), d rho / d free radius
                pw = pk / q[:, 2:3]
                j = np.hstack([pw * (u / rho)[:, None], pw * (v / rho)[:, None], -pw[:, :2] * rho[:, None]])
                radius_cols = np.zeros((len(pk), len(x) - 8))
                if i != ref:
                    radius_cols[:, i if i < ref else i - 1] = -1.0
                jac.append(np.hstack([j, radius_cols]))
        res = np.concatenate(out)
        return (res, np.vstack(jac)) if jacobian else res

    x = np.concatenate([h0.ravel()[:8], [r for i, r in enumerate(profile_radii) if i != ref]])
    everything = [np.ones(len(p), bool) for p in hom]
    keep = everything
    for _ in range(2):
        x = _irls(lambda v, k=keep: residuals(v, k, jacobian=True), x, loss_scale_mm)
        split = np.split(residuals(x, everything), np.cumsum([len(p) for p in hom])[:-1])
        mad = np.median(np.abs(np.concatenate([s[k] for s, k in zip(split, keep, strict=True)]))) * 1.4826
        keep = [np.abs(s) < max(3 * mad, 0.3) for s in split]
    h, radii = unpack(x)
    radii = np.array(radii)
    prof = np.array(profile_radii)
    scale = float(radii @ prof / (radii @ radii))
    h = np.diag([scale, scale, 1.0]) @ h @ t
    return RingFit(h / h[2, 2], tuple(radii * scale), tuple(s * scale for s in split), tuple(keep))
