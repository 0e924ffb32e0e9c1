"""Two photos of one board in one frame: each photo is calibrated on its own, and a board looks the same turned by a
quarter (its pegs by an eighth), so a shot's before and after frames differ by such a turn plus a degree or so.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property

import numpy as np

from calibration.model import apply_homography
from vision.score import PhotoDisc, PhotoScore

ALIGN_MM = 6.0  # a disc this close to where one of its team stood before is taken as unmoved when aligning
ALIGN_STEP_DEG = 5.0  # turns tried when aligning the after photo's board frame to the before photo's


def rotate(xy, angle: float) -> np.ndarray:
    """Board points (N, 2) turned by ``angle`` radians about the hole."""
    c, s = math.cos(angle), math.sin(angle)
    return np.asarray(xy, float).reshape(-1, 2) @ np.array([[c, s], [-s, c]])


def turn_discs(discs: list[PhotoDisc], angle: float) -> list[PhotoDisc]:
    """The discs turned by ``angle`` radians about the hole."""
    return placed(discs, lambda xy: rotate(xy, angle))


def placed(discs: list[PhotoDisc], to: Callable[[np.ndarray], np.ndarray]) -> list[PhotoDisc]:
    """The discs with their board positions mapped by ``to`` (points (N, 2) to points (N, 2))."""
    xy = to(np.array([(d.x_mm, d.y_mm) for d in discs], float).reshape(-1, 2))
    return [replace(d, x_mm=float(x), y_mm=float(y)) for d, (x, y) in zip(discs, xy, strict=True)]


@dataclass(frozen=True)
class Frames:
    """The after photo's board frame on the before photo's: turned by ``turn`` about the hole (``align``), and
    matched on the board's surface rather than on the discs' top plane.

    Each photo's top plane is its surface calibration lifted by a disc's thickness towards where it puts the camera,
    and a near-overhead photo puts the camera poorly (seed 1234, pair 84: 2540 mm high before the shot, 1213 mm
    after, the camera only nudged), while both place the surface's lines and pegs well. So a spot on the before
    photo's top plane goes down to its surface, across to the after photo's surface, and up its top plane. At the
    discs that stood still (simulated shots, seeds 2025, 1234 and 777, 50 of each in each light) the frames
    then disagree by 0.05-0.09 mm at the median (matched on the top planes 0.02-0.05), at p95 by 0.34-0.44 mm
    (0.35-0.78) and at p99 by 0.43-0.66 mm (0.89-1.29; 1.29 mm made an unmoved disc read as moved and a miss as a
    hit).
    """

    turn: float
    after_to_before: np.ndarray  # 3x3: after photo's top-plane board mm -> before photo's

    @classmethod
    def of(cls, before: PhotoScore, after: PhotoScore, turn: float) -> Frames:
        c, s = math.cos(turn), math.sin(turn)
        rotate = np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])  # as rotate(., turn)
        m = (np.linalg.inv(before.top_plane.board_to_image) @ np.asarray(before.calibration.board_to_image) @ rotate
             @ np.linalg.inv(after.calibration.board_to_image) @ after.top_plane.board_to_image)
        return cls(turn, m / m[2, 2])

    def to_before(self, xy) -> np.ndarray:
        return apply_homography(self.after_to_before, np.asarray(xy, float).reshape(-1, 2))

    @cached_property
    def before_to_after(self) -> np.ndarray:
        return np.linalg.inv(self.after_to_before)  # once: every look at the after photo maps through it

    def to_after(self, xy) -> np.ndarray:
        return apply_homography(self.before_to_after, np.asarray(xy, float).reshape(-1, 2))


def _unmoved(a: list[PhotoDisc], b: list[PhotoDisc]) -> list[tuple[PhotoDisc, PhotoDisc]]:
    """Pairs (before, after) of one team within ALIGN_MM of each other: discs the shot left alone."""
    out = []
    for q in b:
        near = [p for p in a if p.team == q.team and math.hypot(p.x_mm - q.x_mm, p.y_mm - q.y_mm) < ALIGN_MM]
        if near:
            out.append((min(near, key=lambda p: math.hypot(p.x_mm - q.x_mm, p.y_mm - q.y_mm)), q))
    return out


def align(before: PhotoScore, after: PhotoScore) -> float:
    """The turn (radians) that brings the after photo's board frame onto the before photo's.

    Each photo is calibrated on its own, and a board looks the same turned by a quarter (its pegs by an
    eighth), so the two frames may differ by such a turn plus a degree or so. Most discs do not move in a
    shot: the turn that lines up the most of them, refined on those (weighted by how well each was placed: one
    loosely fitted disc 5 mm off turned the frame enough to make an untouched disc 250 mm out read as moved), is
    the one.
    """
    a = [d for d in before.discs if d.points != 20]
    b = [d for d in after.discs if d.points != 20]
    if not a or not b:
        return 0.0
    best = max((len(_unmoved(a, turn_discs(b, t))), -k, t)
               for k, t in enumerate(np.radians(np.arange(0, 360, ALIGN_STEP_DEG))))
    angle = float(best[2])
    for _ in range(3):
        pairs = _unmoved(a, turn_discs(b, angle))
        if not pairs:
            break
        # Each pair weighted by its inverse variance: a loose fit must not turn the rest.
        cross = sum((p.x_mm * q.y_mm - p.y_mm * q.x_mm) / (p.sigma_mm**2 + q.sigma_mm**2) for p, q in pairs)
        dot = sum((p.x_mm * q.x_mm + p.y_mm * q.y_mm) / (p.sigma_mm**2 + q.sigma_mm**2) for p, q in pairs)
        angle -= math.atan2(cross, dot)
    return angle
