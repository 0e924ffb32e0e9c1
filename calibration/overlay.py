"""Draw a calibration over its photo so a person sees at once whether it fits."""

from __future__ import annotations

import math

import cv2
import numpy as np

from calibration.model import Calibration

_RING = (60, 230, 60)
_HOLE = (255, 200, 0)
_PEG = (40, 40, 255)
_QUARTER = (255, 0, 255)


def draw_overlay(image: np.ndarray, cal: Calibration) -> np.ndarray:
    """A copy of the BGR photo with the fitted rings, hole, pegs, quarter lines and the residual written on it."""
    out = image.copy() if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    lw = max(1, round(max(out.shape[:2]) / 700))
    th = np.linspace(0, 2 * math.pi, 360)
    unit = np.column_stack([np.cos(th), np.sin(th)])
    for name, r in cal.rings_mm.items():
        pts = cal.to_image(unit * r).round().astype(np.int32)
        cv2.polylines(out, [pts], True, _HOLE if name == "hole" else _RING, lw, cv2.LINE_AA)
    rings = cal.rings_mm
    lo, hi = rings.get("middle", 200.0), rings.get("outer", 300.0)
    for k in range(4):
        a = -math.pi / 4 + k * math.pi / 2
        seg = cal.to_image([[lo * math.cos(a), lo * math.sin(a)], [hi * math.cos(a), hi * math.sin(a)]])
        cv2.line(out, *[tuple(int(v) for v in p) for p in seg.round()], _QUARTER, lw, cv2.LINE_AA)
    bottom = cal.to_image([[0.0, 0.0], [0.0, -hi]]).round().astype(int)
    cv2.arrowedLine(out, tuple(bottom[0]), tuple(bottom[1]), _QUARTER, lw, cv2.LINE_AA, tipLength=0.05)
    centre = cal.to_image([[0.0, 0.0]])[0].round().astype(int)
    cv2.drawMarker(out, tuple(centre), _HOLE, cv2.MARKER_CROSS, 8 * lw, lw)
    for x, y in cal.pegs_px:
        cv2.circle(out, (round(x), round(y)), 6 * lw, _PEG, lw, cv2.LINE_AA)
    text = f"{cal.profile}  residual {cal.residual_mm:.2f} mm  confidence {cal.confidence:.2f}"
    scale = 0.5 * lw
    cv2.putText(out, text, (10, 10 + 22 * lw), cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0), 3 * lw, cv2.LINE_AA)
    cv2.putText(out, text, (10, 10 + 22 * lw), cv2.FONT_HERSHEY_SIMPLEX, scale, (255, 255, 255), lw, cv2.LINE_AA)
    return out
