"""Manual fallback: a calibration from points a person clicks (e.g. the hole and four pegs)."""

from __future__ import annotations

import cv2
import numpy as np

from calibration.model import Calibration, apply_homography
from sim.board import TOURNAMENT, Board, board_named


class ManualPointsError(ValueError):
    """Too few, mismatched or degenerate clicked points."""


def calibrate_from_points(
    image_points, board_points, *, image_size: tuple[int, int], profile: Board | str = TOURNAMENT
) -> Calibration:
    """Homography from at least four pairs of image pixels and board mm (no three board points in a line)."""
    board = board_named(profile) if isinstance(profile, str) else profile
    img = np.asarray(image_points, dtype=float).reshape(-1, 2)
    brd = np.asarray(board_points, dtype=float).reshape(-1, 2)
    if len(img) != len(brd):
        raise ManualPointsError(f"{len(img)} image points but {len(brd)} board points")
    if len(img) < 4:
        raise ManualPointsError(f"need at least 4 point pairs, got {len(img)}")
    if not (np.isfinite(img).all() and np.isfinite(brd).all()):
        raise ManualPointsError("points must be finite numbers")
    method = cv2.RANSAC if len(img) > 4 else 0
    h, _ = cv2.findHomography(img, brd, method, 3.0)
    if h is None or abs(np.linalg.det(h)) < 1e-12:
        raise ManualPointsError("the points are degenerate (three or more in a line, or repeated)")
    residual = float(np.sqrt(np.mean(np.sum((apply_homography(h, img) - brd) ** 2, axis=1))))
    return Calibration.from_matrix(
        h,
        image_size,
        board.name,
        rings_mm={"15": board.fifteen_r, "middle": board.middle_r, "outer": board.outer_r},
        residual_mm=round(residual, 3),
        features=(f"manual:{len(img)} points",),
        confidence=1.0 if len(img) > 4 else 0.9,
    )
