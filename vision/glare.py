"""Where glare washes the playing surface out: clipped white in every channel over a disc's face, so a disc there
shows no edge at all and may be missed. The players are told where to look instead of trusting the count.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.rectify import Plane, rectify
from vision.teams import CLIPPED

PX_PER_MM = 1.0  # scale of the view searched (a washed patch is a disc wide)
FACE_SHARE = 0.8  # a patch is washed when this share of a disc's radius round a point is clipped ...
CLIPPED_SHARE = 0.9  # ... over at least this share of its area (JPEG leaves a few levels under the clip)


def washed_areas(image: np.ndarray, top: Plane, surface_r: float, disc_r: float) -> tuple[tuple[float, float, float],
                                                                                             ...]:
    """Circles (x, y, radius; mm on the top-face plane) round each washed-out patch of the playing surface.

    A point is washed when the board round it, over a disc's face, is clipped in every channel. Any disc there,
    of either team, would be clipped too (a disc that still shows breaks the patch), so a disc in one cannot be
    seen, only its shadow's rim at most. Each circle covers every point of its patch and a disc centred on it.
    """
    view = Plane(top.board_to_image, PX_PER_MM, surface_r)
    rect = rectify(image, view)
    n = rect.shape[0]
    on = cv2.circle(np.zeros((n, n), np.uint8), ((n - 1) // 2, (n - 1) // 2), int(surface_r * PX_PER_MM), 1, -1) > 0
    least = np.minimum(np.minimum(rect[:, :, 0], rect[:, :, 1]), rect[:, :, 2])  # 15 times faster than .min(axis=2)
    clipped = ((least >= CLIPPED) & on).astype(np.float32)
    rr = int(round(FACE_SHARE * disc_r * PX_PER_MM))
    face = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * rr + 1, 2 * rr + 1)).astype(np.float32)
    share = cv2.filter2D(clipped, -1, face / face.sum(), borderType=cv2.BORDER_CONSTANT)
    count, labels = cv2.connectedComponents(((share >= CLIPPED_SHARE) & on).astype(np.uint8))
    out = []
    for k in range(1, count):
        v, u = np.nonzero(labels == k)
        xy = view.rect_to_board_pts(np.column_stack([u, v]).astype(float))
        mid = xy.mean(axis=0)
        reach = float(np.hypot(*(xy - mid).T).max()) + disc_r
        out.append((float(mid[0]), float(mid[1]), reach))
    return tuple(out)


def in_washed(washed: tuple[tuple[float, float, float], ...], x: float, y: float) -> bool:
    """Does board point (x, y), on the plane of ``washed_areas``' circles, lie in one of them?"""
    return any((x - cx) ** 2 + (y - cy) ** 2 <= r * r for cx, cy, r in washed)
