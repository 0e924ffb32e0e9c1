"""Discs the colour of the board: a second look, on a coarser edge field, where a team's colour is the paint's.

A black disc on black paint has no crisp rim. Its face differs from the paint by 1-5 delta-E, its bevel and
shadow by a few more, spread over a millimetre or two; at the edge field's fine scale (``EDGE_BLUR_PX``) the
noise of dark pixels outvotes that: its circle gathers under MIN_SCORE (a doubtful outline at best; plain photo 207
of seed 2025: 0.35-0.41), or is never proposed at all. Read at HIDDEN_BLUR_PX the whole outline agrees. The
outlines so found join the ones left out, and are counted as discs only as those are (``score.outline_teams``): by
their face's colour, against the teams' and the board's.
"""

from __future__ import annotations

import math

import numpy as np

from vision.circles import circle_scores, orientation_field, peaks
from vision.discs import APART, DETECT_PX_PER_MM, near_any
from vision.outline import FoundDisc, refine_all
from vision.rectify import Plane, rectify

# On the plain renders of seeds 2025, 777 and 4242 (407 photos with a black or navy team: 7239 circles on paint darker
# than L 40, away from the discs counted, 16 of them discs), read over 2.5 rectified pixels (1.7 mm), the discs
# gathered 0.31-0.91, the other circles p95 0.39. From HIDDEN_SCORE, a rim seen on HIDDEN_SUPPORT of the rays and
# fitting within HIDDEN_FIT_MM was found on 11 of the discs and on 107 other circles, 105 of whose faces were over
# OUTLINE_TEAM_DE from either team and 2 uneven (``score.outline_teams`` leaves them out); 9 of the discs were counted.
HIDDEN_BLUR_PX = 2.5
HIDDEN_SCORE = 0.38
HIDDEN_SUPPORT, HIDDEN_FIT_MM = 0.95, 0.95


def hidden_outlines(image: np.ndarray, top: Plane, sil, *, disc_r: float, radius: float, within_mm: float,
                    taken: np.ndarray, exclude) -> tuple[FoundDisc, ...]:
    """Disc outlines with a rim all round on the coarse field, centred within ``within_mm`` of the hole (top-face
    plane, mm), clear of the discs counted at ``taken`` (centres, mm) and of ``exclude(x, y)`` (the hole).
    ``disc_r`` is the discs' radius the circles are sought at, ``radius`` the outline radius they are fitted with."""
    det = Plane(top.board_to_image, DETECT_PX_PER_MM, within_mm + disc_r + 4)
    r_px = disc_r * DETECT_PX_PER_MM
    (support,) = circle_scores(orientation_field(rectify(image, det), HIDDEN_BLUR_PX), [r_px])
    taken = np.asarray(taken, float).reshape(-1, 2)
    spots = []
    for u, v, s in peaks(support, 0.7 * r_px, HIDDEN_SCORE):
        ((x, y),) = det.rect_to_board_pts([(u, v)])
        if math.hypot(x, y) <= within_mm and not near_any(x, y, taken, APART * disc_r) and not exclude(x, y):
            spots.append((float(x), float(y), s))
    fits = refine_all(image, Plane(top.board_to_image, 1.0, within_mm), sil, [(x, y) for x, y, _ in spots], radius,
                      [s for *_, s in spots], fit_radius=False)
    return tuple(f for f in fits if f is not None and f.support >= HIDDEN_SUPPORT and f.fit_mm <= HIDDEN_FIT_MM)
