"""The circle transform: where a circle of a given radius is centred, from edges' orientations alone.

Edges are read as orientations only (the double angle of the colour gradient, sign-free), so a dark disc on light
wood, a light disc on dark paint, a bevel's two opposite edges and a half-shadowed disc all vote alike. Scoring
rings (far larger circles), pegs and printed numbers (far smaller) do not gather votes at one centre.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.robust import median

EDGE_BLUR_PX = 0.8  # the scale (Gaussian sigma, rectified pixels) edges are read at to propose discs


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
