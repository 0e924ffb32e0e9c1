"""How far a fitted calibration is from a known one, in board millimetres (for tests and benchmarks)."""

from __future__ import annotations

import math

import cv2
import numpy as np

from calibration.model import Calibration, apply_homography
from calibration.orient import bottom_rotation
from sim.board import Board


def truth_projector(truth: dict):
    """Board mm on the surface -> true pixels, from a truth dict: its OpenCV camera (lens distortion included)
    when present, else its homography."""
    cam = truth.get("camera")
    if cam and "K" in cam:
        k, r, t = (np.asarray(cam[key], float) for key in ("K", "R", "t"))
        dist = np.asarray(cam.get("dist_coeffs", []), float)
        rvec, _ = cv2.Rodrigues(r)

        def project(pts):
            pts = np.asarray(pts, float).reshape(-1, 2)
            obj = np.hstack([pts, np.zeros((len(pts), 1))])
            return cv2.projectPoints(obj, rvec, t, k, dist)[0].reshape(-1, 2)

        return project
    h = np.asarray(truth["board_to_image"], float)
    return lambda pts: apply_homography(h, pts)


def ring_errors_mm(cal: Calibration, project, board: Board, n: int = 72) -> np.ndarray:
    """Radial error of true points on the 15, middle and outer lines mapped through the fitted calibration.

    Radial, because scoring depends on the distance from the hole; a rotation about the centre (which seat is
    the bottom one) does not move a disc between zones.
    """
    th = np.linspace(0, 2 * math.pi, n, endpoint=False)
    errs = []
    for r in (board.fifteen_r, board.middle_r, board.outer_r):
        px = project(np.column_stack([np.cos(th), np.sin(th)]) * r)
        errs.append(np.hypot(*cal.to_board(px).T) - r)
    return np.abs(np.concatenate(errs))


def quarter_phase_error_deg(cal: Calibration, project) -> float:
    """Rotation error modulo 90 degrees (the quarter lines' symmetry), in degrees."""
    p = project([[0.0, 0.0], [200.0, 0.0]])
    q = cal.to_board(p)
    a = math.degrees(math.atan2(q[1, 1] - q[0, 1], q[1, 0] - q[0, 0]))
    return abs((a + 45) % 90 - 45)


def rotation_error_deg(cal: Calibration, project, truth_board_to_image, reach: float) -> float:
    """Signed rotation error (degrees, -180..180) against the truth relabelled by calibration's own seat rule.

    A plain board looks the same from all four seats, so calibration calls the seat nearest the image bottom the
    bottom one; the truth frame is turned by the multiple of 90 degrees that the same rule picks on the true
    homography before comparing. About +-90 means the two seats nearest the bottom were nearly tied.
    """
    rho = bottom_rotation(np.asarray(truth_board_to_image, float), [0.0, 90.0, 180.0, 270.0], reach)
    q = cal.to_board(project([[0.0, 0.0], [200.0, 0.0]]))
    a = math.degrees(math.atan2(q[1, 1] - q[0, 1], q[1, 0] - q[0, 0]))
    return (a + rho + 180) % 360 - 180
