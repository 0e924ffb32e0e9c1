"""The camera's focal length from the discs' walls, for a view too square-on for the rings to give it.

Flat rings fix the board's plane in the photo but, seen from nearly straight above, not how far away the camera
is: a close wide lens and a distant long one draw the same rings. Where a disc's top face appears depends on it
(the top is lifted towards the camera by thickness / height of the way, up to 2 mm at the board's edge), and so
does its outline: on the side facing the camera's foot the wall shows past the top face. Each focal length tried
predicts those outlines; the one whose outlines the discs' edges fit best is taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from calibration import Calibration
from sim.board import Board
from vision.discs import FoundDisc, refine_all, ring_centred, stacked_views, top_view

FOCAL_SHARES = np.geomspace(0.6, 2.0, 7)  # focal lengths tried, as shares of the photo's long side
MAX_DISCS = 12  # the best-fitting discs used (more cost time and add little)
MIN_DISCS = 5
CLEAN_FIT_MM = 0.35  # outlines fitting worse than this (rms, mm) cannot tell a wall of a millimetre from a misfit
KEEP_SHARE = 2 / 3  # the better-fitting share of discs that scores a focal length (neighbours, shadows spoil some)

def focal_from_discs(image: np.ndarray, cal: Calibration, board: Board, discs: Sequence[FoundDisc],
                     radius: float) -> float | None:
    """The focal length (pixels) whose predicted disc outlines fit best, or None when the discs cannot tell.

    They cannot when too few fit cleanly, or when the best fit is at the end of the range tried (the fit
    improves towards a lens no camera has: the outlines are being misread, not measured).

    ``discs`` were found on ``cal``'s top-face plane and fitted by their rims with outline ``radius``
    (``find_discs``). Of the second looks ``settle`` takes, only ``ring_centred`` tells the search much (sample
    0006: 0.31 against 0.47 in |log error|), so the discs it uses are recentred here, and the rest is not spent.
    """
    best = sorted(discs, key=lambda d: d.fit_mm)[:MAX_DISCS]
    if len(best) < MIN_DISCS:
        return None
    best = ring_centred(image, *top_view(cal, board), best, radius)  # a loose rim fit misplaces where a disc stands
    feet = cal.view.drop([(d.x, d.y) for d in best], board.disc_thickness)  # where each stands: same for every focal
    grid = max(cal.image_size) * FOCAL_SHARES
    cams = [replace(cal, focal_px=float(f)) for f in grid]
    plane, sil = stacked_views([top_view(c, board) for c in cams], len(feet))  # every focal's fits in one batch
    found = refine_all(image, plane, sil, np.concatenate([c.view.lift(feet, board.disc_thickness) for c in cams]),
                       radius, 1.0, fit_radius=False)
    cost = [_fit_cost(found[j : j + len(feet)]) for j in range(0, len(found), len(feet))]
    i = int(np.argmin(cost))
    if not 0 < i < len(grid) - 1 or cost[i] > CLEAN_FIT_MM:
        return None
    a, b, c = cost[i - 1], cost[i], cost[i + 1]  # the parabola's vertex through the three, in log focal length
    den = a - 2 * b + c
    return float(grid[i] * (grid[1] / grid[0]) ** (0.5 * (a - c) / den if den > 0 else 0.0))


def _fit_cost(found: Sequence[FoundDisc | None]) -> float:
    """How badly one focal length's predicted outlines fit: the mean rms of its better-fitting discs."""
    fits = [d.fit_mm for d in found if d is not None]
    if len(fits) < MIN_DISCS:
        return np.inf
    fits = np.sort(fits)
    return float(np.mean(fits[: max(MIN_DISCS, int(len(fits) * KEEP_SHARE))]))
