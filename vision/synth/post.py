"""What the phone adds to the ideal picture: lens distortion, uneven light, glare, a hard shadow, blur, noise."""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.synth.camera import Camera, distortion_maps
from vision.synth.style import Finish, Lighting


def lens(ideal: np.ndarray, cam: Camera, K_ideal: np.ndarray) -> np.ndarray:
    """Resample the padded pinhole picture through the radial distortion into the output frame."""
    mx, my = distortion_maps(cam, K_ideal)
    return cv2.remap(ideal, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _soft_step(d: np.ndarray, soft: float) -> np.ndarray:
    return np.clip(d / soft + 0.5, 0, 1)


def _light_field(shape: tuple[int, int], light: Lighting) -> tuple[np.ndarray, np.ndarray]:
    """Multiplicative gain and additive glare over the picture, both smooth, computed at full size."""
    h, w = shape
    diag = math.hypot(w, h) / 2
    x = (np.arange(w, dtype=np.float32) - w / 2)[None, :]
    y = (np.arange(h, dtype=np.float32) - h / 2)[:, None]
    ang, low, high = light.gradient
    along = (x * math.cos(ang) + y * math.sin(ang)) / diag
    gain = low + (high - low) * (along + 1) / 2 - light.vignette * (x * x + y * y) / (diag * diag)
    if light.shadow_band is not None:
        b_ang, off, width, dark = light.shadow_band
        dist = x * math.cos(b_ang) + y * math.sin(b_ang) - off * diag
        gain = gain * (1 - dark * _soft_step(width * diag / 2 - np.abs(dist), 6.0))
    glare = np.zeros((h, w), np.float32)
    if light.glare is not None:
        gu, gv, gr, strength = light.glare
        rad = gr * max(w, h)
        d2 = (x - (gu - 0.5) * w) ** 2 + ((y - (gv - 0.5) * h) * 1.3) ** 2
        glare = 255 * strength * np.exp(-d2 / (2 * rad * rad))
    return gain.astype(np.float32), glare.astype(np.float32)


def light_and_noise(img: np.ndarray, light: Lighting, finish: Finish, rng: np.random.Generator) -> np.ndarray:
    """Uneven light, glare spot, shadow band, white balance, blur and sensor noise on a BGR uint8 picture."""
    gain, glare = _light_field(img.shape[:2], light)
    out = cv2.merge([c.astype(np.float32) * (gain * np.float32(wb)) + glare
                     for c, wb in zip(cv2.split(img), light.white_balance, strict=True)])
    if finish.blur > 0.05:
        out = cv2.GaussianBlur(out, (0, 0), finish.blur)
    out += rng.standard_normal(out.shape, dtype=np.float32) * np.float32(finish.noise)
    return cv2.convertScaleAbs(out)
