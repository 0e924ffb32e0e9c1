"""The calibration value: image pixels <-> board millimetres on the playing surface, and the camera's view.

The homography alone maps points ON the playing surface. A disc's top face is 9.5 mm above it, so in an angled
view its image is displaced away from the camera's foot point; ``View`` (camera centre in board mm, recovered
from the homography and a focal length) maps such raised points to where they really stand.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

FORMAT = "crokinole-calibration/1"
# How informative the homography's rotation constraints must be for the focal length solved from them
# (dimensionless: see ``_focal_from_homography``). On 200 renders of seed 777 (1600x1200, lens distortion
# included) the solved focal length was off by 0.5-2% at the median and at most 16% from 0.005 up (a tilt
# of about 5-10 degrees, depending on the view); below 0.002 by 6%, and up to 100%. The typical-phone guess
# and the discs' walls, used below it, were off by 10-20% at the median.
FOCAL_INFO_MIN = 0.005
# ... unless the typical-phone guess (GUESS_SHARE) is plainly wrong: the rotation it leaves is skewed (``_skew``) by
# more than SKEW_MAX. A long lens seen at a slant gives little information (a 6x lens at 37 degrees: 0.003) but the
# board's foreshortening is still there, and a wide lens can only explain it by a skewed rotation: at the guess,
# plain renders with lenses of 2-8 times the long side read 0.01-0.41 from 10 degrees up, and the solved focal length
# was within 2% there; the labelled real photos (all near square-on, some cropped) read 0.001-0.007, and renders
# with everyday lenses whose rings gave too little information up to 0.008.
SKEW_MAX = 0.02
GUESS_SHARE = 0.8  # a typical phone's focal length, as a share of the photo's long side
# The focal lengths believed, as shares of the long side: from a wide webcam to a long lens across the room (at
# the far end, a disc's wall at the board's edge shows under 0.15 mm wide; ``vision.focal`` searches up to it).
MIN_FOCAL_SHARE, MAX_FOCAL_SHARE = 0.3, 20.0


class CalibrationFormatError(ValueError):
    """A saved calibration profile that is not valid JSON of the expected shape."""


def apply_homography(h: np.ndarray, points) -> np.ndarray:
    """Points (N, 2) through the 3x3 homography ``h``; or, for a stack of them (B, 3, 3), points (B, M, 2) each
    through its own. Written out row by row: a product with a column of ones appended took 3-5 times as long,
    and vision runs this on every ray sample of every disc fit."""
    h = np.asarray(h, dtype=float)
    stack = h.ndim == 3
    p = np.asarray(points, dtype=float).reshape((len(h), -1, 2) if stack else (-1, 2))
    m = h[:, None] if stack else h
    x, y = p[..., 0], p[..., 1]
    w = m[..., 2, 0] * x + m[..., 2, 1] * y + m[..., 2, 2]
    return np.stack([(m[..., 0, 0] * x + m[..., 0, 1] * y + m[..., 0, 2]) / w,
                     (m[..., 1, 0] * x + m[..., 1, 1] * y + m[..., 1, 2]) / w], axis=-1)


@dataclass(frozen=True)
class View:
    """Pinhole camera seen from the board: centre (x, y, z) in board mm, z the height above the surface."""

    camera_mm: tuple[float, float, float]
    focal_px: float
    tilt_deg: float
    focal_estimated: bool

    def lift(self, board_xy, height: float) -> np.ndarray:
        """Where a point at ``height`` mm stands, given where its image ray meets the surface (both board mm)."""
        cx, cy, cz = self.camera_mm
        p = np.asarray(board_xy, dtype=float).reshape(-1, 2)
        k = height / cz
        return p + (np.array([cx, cy]) - p) * k

    def drop(self, board_xy, height: float) -> np.ndarray:
        """Inverse of ``lift``: where the ray through a point at ``height`` above ``board_xy`` meets the surface."""
        cx, cy, cz = self.camera_mm
        p = np.asarray(board_xy, dtype=float).reshape(-1, 2)
        k = height / cz
        return (p - np.array([cx, cy]) * k) / (1 - k)


def view_from_homography(board_to_image: np.ndarray, image_size: tuple[int, int], focal_px: float | None) -> View:
    """Recover the camera centre from H = K [r1 r2 t], principal point at the image centre.

    With the focal length unknown it is solved from the two rotation constraints when the view is oblique
    enough for them to be well conditioned (``FOCAL_INFO_MIN``: from about 5-10 degrees of tilt); a near top-down
    view falls back to a typical phone focal length (GUESS_SHARE), which the discs' walls may refine
    (``vision.focal``), unless that guess cannot explain the board's foreshortening (SKEW_MAX). The principal
    point is taken at the image centre, which a cropped photo breaks.
    """
    w, h = image_size
    shift = np.array([[1, 0, -w / 2], [0, 1, -h / 2], [0, 0, 1]], dtype=float)
    hc = shift @ np.asarray(board_to_image, dtype=float)
    estimated = False
    if focal_px is None:
        focal_px = _focal_from_homography(hc, max(w, h))
        estimated = focal_px is not None
        if focal_px is None:
            focal_px = GUESS_SHARE * max(w, h)
    a = np.diag([1 / focal_px, 1 / focal_px, 1.0]) @ hc
    lam = 2 / (np.linalg.norm(a[:, 0]) + np.linalg.norm(a[:, 1]))
    if a[2, 2] * lam < 0:
        lam = -lam  # the board lies in front of the camera
    r1, r2, t = a[:, 0] * lam, a[:, 1] * lam, a[:, 2] * lam
    u, _, vt = np.linalg.svd(np.column_stack([r1, r2, np.cross(r1, r2)]))
    rot = u @ vt
    centre = -rot.T @ t
    if centre[2] < 0:
        centre = centre * np.array([1, 1, -1])
    tilt = math.degrees(math.acos(min(1.0, abs(rot[2, 2]))))
    return View(tuple(float(v) for v in centre), float(focal_px), tilt, estimated)


def _focal_from_homography(hc: np.ndarray, long_side: int) -> float | None:
    h1, h2 = hc[:, 0], hc[:, 1]
    rows = [
        (h1[0] * h2[0] + h1[1] * h2[1], h1[2] * h2[2]),
        (h1[0] ** 2 + h1[1] ** 2 - h2[0] ** 2 - h2[1] ** 2, h1[2] ** 2 - h2[2] ** 2),
    ]
    # a / f^2 + b = 0 for each row: least squares in 1/f^2, weighted by how informative the row is.
    a = np.array([r[0] for r in rows])
    b = np.array([r[1] for r in rows])
    if not a @ a > 0:  # an exactly square-on view: any focal length draws it
        return None
    inv_f2 = -float(a @ b) / float(a @ a)
    if inv_f2 <= 0:
        return None
    f = 1 / math.sqrt(inv_f2)
    if not MIN_FOCAL_SHARE * long_side < f < MAX_FOCAL_SHARE * long_side:
        return None
    informative = np.linalg.norm(b) * long_side**2 >= FOCAL_INFO_MIN * np.linalg.norm(hc[:2, :2]) ** 2
    return f if informative or _skew(hc, GUESS_SHARE * long_side) > SKEW_MAX else None


def _skew(hc: np.ndarray, focal_px: float) -> float:
    """How far the rotation's first two columns, as this focal length reads them from the (centred) homography,
    are from orthonormal: the cosine between them plus their relative difference in length. Zero at the true
    focal length; a square-on view is unskewed at any."""
    a = np.diag([1 / focal_px, 1 / focal_px, 1.0]) @ hc
    n1, n2 = np.linalg.norm(a[:, 0]), np.linalg.norm(a[:, 1])
    return float(abs(a[:, 0] @ a[:, 1]) / (n1 * n2) + abs(n1 - n2) / (n1 + n2))


@dataclass(frozen=True)
class Calibration:
    """A found board: homography image -> board mm on the playing surface, measured rings, pegs and quality."""

    image_to_board: tuple[tuple[float, float, float], ...]
    image_size: tuple[int, int]
    profile: str
    rings_mm: Mapping[str, float] = field(default_factory=dict)
    pegs_px: tuple[tuple[float, float], ...] = ()
    residual_mm: float = 0.0
    features: tuple[str, ...] = ()
    confidence: float = 0.0
    focal_px: float | None = None
    line_width_mm: float | None = None  # the lines' painted width, when the photo shows it (``linewidth``)

    @classmethod
    def from_matrix(cls, image_to_board, image_size, profile: str, **kw) -> Calibration:
        m = np.asarray(image_to_board, dtype=float)
        m = m / m[2, 2]
        return cls(tuple(tuple(float(v) for v in row) for row in m), tuple(image_size), profile, **kw)

    @property
    def image_to_board_matrix(self) -> np.ndarray:
        return np.array(self.image_to_board, dtype=float)

    @property
    def board_to_image(self) -> np.ndarray:
        m = np.linalg.inv(self.image_to_board_matrix)
        return m / m[2, 2]

    def to_board(self, image_points) -> np.ndarray:
        """Image pixels -> board mm of the surface point under each pixel."""
        return apply_homography(self.image_to_board_matrix, image_points)

    def to_image(self, board_points) -> np.ndarray:
        """Board mm on the surface -> image pixels."""
        return apply_homography(self.board_to_image, board_points)

    @property
    def view(self) -> View:
        return view_from_homography(self.board_to_image, self.image_size, self.focal_px)

    def to_board_at_height(self, image_points, height: float) -> np.ndarray:
        """Board mm of the point under an image point that lies ``height`` mm above the surface (a disc's top)."""
        return self.view.lift(self.to_board(image_points), height)

    def to_image_at_height(self, board_points, height: float) -> np.ndarray:
        """Image pixels of the point ``height`` mm above the board point (x, y)."""
        return self.to_image(self.view.drop(board_points, height))

    # -- saved profiles --------------------------------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps(
            {
                "format": FORMAT,
                "profile": self.profile,
                "image_size": list(self.image_size),
                "image_to_board": [list(r) for r in self.image_to_board],
                "rings_mm": dict(self.rings_mm),
                "pegs_px": [list(p) for p in self.pegs_px],
                "residual_mm": self.residual_mm,
                "features": list(self.features),
                "confidence": self.confidence,
                "focal_px": self.focal_px,
                "line_width_mm": self.line_width_mm,
            }
        )

    @classmethod
    def from_json(cls, text: str) -> Calibration:
        try:
            d = json.loads(text)
            if d.get("format") != FORMAT:
                raise CalibrationFormatError(f"not a saved calibration (format {d.get('format')!r})")
            m = np.array(d["image_to_board"], dtype=float)
            if m.shape != (3, 3) or not np.all(np.isfinite(m)) or abs(np.linalg.det(m)) < 1e-18:
                raise CalibrationFormatError("image_to_board must be an invertible 3x3 matrix")
            return cls.from_matrix(
                m,
                tuple(int(v) for v in d["image_size"]),
                str(d["profile"]),
                rings_mm={str(k): float(v) for k, v in d.get("rings_mm", {}).items()},
                pegs_px=tuple((float(x), float(y)) for x, y in d.get("pegs_px", [])),
                residual_mm=float(d.get("residual_mm", 0.0)),
                features=tuple(str(f) for f in d.get("features", [])),
                confidence=float(d.get("confidence", 0.0)),
                focal_px=None if d.get("focal_px") is None else float(d["focal_px"]),
                line_width_mm=None if d.get("line_width_mm") is None else float(d["line_width_mm"]),
            )
        except CalibrationFormatError:
            raise
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise CalibrationFormatError(f"not a saved calibration: {exc}") from None
