"""The camera's focal length from the discs' walls, for a view too square-on for the rings to give it.

Flat rings fix the board's plane in the photo but, seen from nearly straight above, not how far away the camera
is: a close wide lens and a distant long one draw the same rings. Where a disc's top face appears depends on it
(the top is lifted towards the camera by thickness / height of the way, up to 2 mm at the board's edge), and so
does its outline: on the side facing the camera's foot the wall shows past the top face. Each focal length tried
predicts those outlines; the one whose outlines the discs' edges fit best is taken. A camera far away (a long
lens held high, a tripod across the room) shows almost no wall: the search runs out to the longest lens believed,
where the parallax left is a tenth of a millimetre, rather than take such a photo for a phone's wide lens close up (on
plain renders at 2-8 times the long side, the wide guess put discs 0.7 mm off at the median).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from calibration import Calibration
from calibration.model import MAX_FOCAL_SHARE
from sim.board import Board
from vision.discs import ring_centred
from vision.outline import FoundDisc, refine_all, stacked_views, top_view

# Focal lengths tried, as shares of the photo's long side: evenly spaced in parallax (a disc top's shift is
# proportional to 1 / focal length), from a wide lens close up to the longest lens believed (MAX_FOCAL_SHARE).
NEAR_SHARE = 0.6
PARALLAX = np.linspace(1 / NEAR_SHARE, 1 / MAX_FOCAL_SHARE, 12)
# ... as long as the board still looks square-on through them: the rings give the focal length of a view tilted
# more than this (with a lens of 0.6-2 times the long side), so a focal length that would tilt it more is no
# answer here. A plain render at 36 degrees with a lens of 6 times the long side, which the rings could not read,
# tilted to 67 degrees at 20 times, and its outlines, found for the guessed lens, fitted best there.
SQUARE_ON_DEG = 15.0
MAX_DISCS = 12  # the best-fitting discs used (more cost time and add little)
MIN_DISCS = 5
CLEAN_FIT_MM = 0.35  # outlines fitting worse than this (rms, mm) cannot tell a wall of a millimetre from a misfit
KEEP_SHARE = 2 / 3  # the better-fitting share of discs that scores a focal length (neighbours, shadows spoil some)

def focal_from_discs(image: np.ndarray, cal: Calibration, board: Board, discs: Sequence[FoundDisc],
                     radius: float) -> float | None:
    """The focal length (pixels) whose predicted disc outlines fit best, or None when the discs cannot tell.

    They cannot when too few fit cleanly, or when the best fit is at the near end of the range tried (the fit
    improves towards a lens no camera has: the outlines are being misread, not measured). The far end is an
    answer: no wall shows, so the camera is far away.

    ``discs`` were found on ``cal``'s top-face plane and fitted by their rims with outline ``radius``
    (``find_discs``). Of the second looks ``settle`` takes, only ``ring_centred`` tells the search much (sample
    0006: 0.31 against 0.47 in |log error|), so the discs it uses are recentred here, and the rest is not spent.
    """
    best = sorted(discs, key=lambda d: d.fit_mm)[:MAX_DISCS]
    if len(best) < MIN_DISCS:
        return None
    best = ring_centred(image, *top_view(cal, board), best, radius)  # a loose rim fit misplaces where a disc stands
    feet = cal.view.drop([(d.x, d.y) for d in best], board.disc_thickness)  # where each stands: same for every focal
    long_side = max(cal.image_size)
    cams = [replace(cal, focal_px=float(long_side / p)) for p in PARALLAX]
    n = next((j for j, c in enumerate(cams) if c.view.tilt_deg > SQUARE_ON_DEG), len(cams))  # tilt grows with it
    if n < 3:
        return None
    cams = cams[:n]
    cost = np.full(n, np.inf)
    first = list(range(0, n, 2))  # every other focal length: a third less work
    cost[first] = _fit_costs(image, board, cams, feet, radius, first)
    low = int(np.argmin(cost))
    beside = [j for j in (low - 1, low + 1) if 0 <= j < n]  # then those beside the best
    cost[beside] = _fit_costs(image, board, cams, feet, radius, beside)
    i = int(np.argmin(cost))
    if i == 0 or cost[i] > CLEAN_FIT_MM or (i == n - 1 and n < len(PARALLAX)):  # the near end, or cut short
        return None
    if i == len(PARALLAX) - 1:
        return float(long_side / PARALLAX[i])
    a, b, c = cost[i - 1], cost[i], cost[i + 1]  # the parabola's vertex through the three, in parallax
    den = a - 2 * b + c
    step = 0.5 * (a - c) / den if den > 0 else 0.0
    return float(long_side / (PARALLAX[i] + step * (PARALLAX[1] - PARALLAX[0])))


def _fit_costs(image: np.ndarray, board: Board, cams: Sequence[Calibration], feet: np.ndarray, radius: float,
               which: Sequence[int]) -> list[float]:
    """``_fit_cost`` at each of the focal lengths ``which`` (indices into ``cams``): all their fits in one batch."""
    plane, sil = stacked_views([top_view(cams[j], board) for j in which], len(feet))
    tops = np.concatenate([cams[j].view.lift(feet, board.disc_thickness) for j in which])
    found = refine_all(image, plane, sil, tops, radius, 1.0, fit_radius=False)
    return [_fit_cost(found[k : k + len(feet)]) for k in range(0, len(found), len(feet))]


def _fit_cost(found: Sequence[FoundDisc | None]) -> float:
    """How badly one focal length's predicted outlines fit: the mean rms of its better-fitting discs."""
    fits = [d.fit_mm for d in found if d is not None]
    if len(fits) < MIN_DISCS:
        return np.inf
    fits = np.sort(fits)
    return float(np.mean(fits[: max(MIN_DISCS, int(len(fits) * KEEP_SHARE))]))
