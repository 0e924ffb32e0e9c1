"""Finding discs: a fixed-radius circle transform on the top-face plane, then a circle fit in the photo itself.

Every disc has the same, known radius, so on the rectified top-face plane a disc is a circle of exactly that
many pixels (``circles``). Each candidate is then refitted from colour edges along rays in the full-resolution
photo (``outline``), which gives its centre to a fraction of a millimetre and its own radius. Where the rim
misleads (a dark disc in its own shadow, a tall wall seen obliquely), a ring printed or turned on the disc's face
places it instead.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import numpy as np

from vision.circles import circle_scores, orientation_field, peaks
from vision.outline import (
    CLEAN_FIT_MM,
    CLEAN_SUPPORT,
    OUTLINE_MM,
    OUTSIDE_WEIGHT,
    WALL_MM,
    FoundDisc,
    Silhouette,
    fit_outlines,
    outline_cost,
    refine_all,
)
from vision.rectify import Plane, rectify

DETECT_PX_PER_MM = 1.5  # scale of the rectified view used to propose discs
MIN_SCORE = 0.42  # share of a perfect circle's orientation support a candidate needs
FAINT_SCORE = 0.30  # a fainter circle is still checked: if it fits a disc's outline, a disc may be missed
# ... fits a disc's outline: FAINT_SUPPORT of the rays agree, and the rms is under FAINT_FIT_MM, plus
# FAINT_FIT_PER_SCORE mm for each unit of score above FAINT_SCORE (a clearer circle may fit looser). Wood grain and
# shadow edges fit 0.6-1.5 mm; on 900 renders (plain seeds 2025 and 4242, hard 2025) this rule set aside 32 more of
# the 119 false outlines (in 71 photos, not 93) than rims under 1 mm on 90% of rays from a score of 0.35 did, and it
# noted a navy disc on navy paint that had been missed without a word. Agreement on 85% of rays, not 95%, also notes
# dark discs beside a shadow band's edge or half hidden by their wall (score 0.40-0.42, 87-91% of rays, rms 0.3-0.45
# mm): on the same 900 renders 3 wrong totals more were flagged at their cause, and 7 correct photos more flagged.
FAINT_SUPPORT, FAINT_FIT_MM, FAINT_FIT_PER_SCORE = 0.85, 0.65, 3.0
DOUBT_SUPPORT, DOUBT_FIT_MM = 0.8, 2.5  # a clear circle rejected for a loose fit this good may still be a disc
# A circle just short of MIN_SCORE with an edge on nearly every ray is noted however loosely it fits: a black or a
# light-wood disc on paint or wood of its own colour, its rim blurred into its bevel and shadow (rms 1.3-1.7 mm).
# Of the faint circles of 900 renders (plain seeds 2025 and 4242, hard 2025) not noted by the rule above, those at
# 0.40 and up on 95% of rays were 3 true discs (each a missed disc with no note where it lay) and 2 false outlines.
NEAR_CLEAR_SCORE, NEAR_CLEAR_SUPPORT = 0.40, 0.95
FACE_RING = (0.5, 0.8)  # radii (shares of a disc's) between a peg's and a disc's rim: see ``_face_ring``
RING_AT = 0.7  # first guess at a ring on a disc's face, as a share of its radius (``ring_centred``)
# A rim fit this tight is kept over a ring, which carries the camera height's error: on the hard set (seed 2025, 1600
# x 1200) the ring placed the 115 discs whose rim sigma was under 0.25 mm (rms about 0.2 mm) no better (|radial
# error| p50 0.139 -> 0.147 mm, 4 worse by over 0.3 mm, none better); with the rule, figures unchanged to 0.002 mm.
RIM_OVER_RING_MM = 0.2
# A fit from a wall further from the camera replaces a disc's when its ``outline_cost`` is this much lower (mm). On
# 1606 walled discs of the hard set (seed 2025) a margin of 0.1 mm moved 3 discs 8-9 mm off to within 0.3 mm and
# made none worse by 0.2 mm; 0.05 mm made 4 worse (two by 3-10 mm). Walls under 2 mm slip too little to matter.
SLIP_GAIN, SLIP_WALL_MM = 0.1, 2.0
# ... and is counted in the disc's error (``offset_mm``) when its cost is within this of the disc's: where neither
# reading fits well, the two costs differ by chance. High-ISO noise (sigma 6 levels) on plain photo 114 of seed
# 2025 made a dark disc's top rim on the dark ditch faint, and the fit slid 10 mm down its wall onto the base with
# the right reading 0.103 mm dearer: a sure wrong total.
SLIP_DOUBT = 0.2
# An outline whose circle support two of its three quarter turns about the hole match to PRINT_ECHO is the
# board's print (``Proposals.printed``). Of the 347 outlines left out in 1200 renders (plain seeds 2025, 4242,
# 777; hard 2025), 18 were missed discs: their best two turns gathered at most 0.59 of their own support (next
# 0.37), while 66 of the 329 false ones (printed numbers, line crossings) gathered 0.75 and more. The turns are
# read within PRINT_TURN_MM (the calibration's turn, a hand-placed number), the outline itself within PRINT_AT_MM.
PRINT_ECHO, PRINT_TURN_MM, PRINT_AT_MM = 0.75, 3.0, 2.0
RADIUS_SCALES = (1.0, 0.88, 1.13, 1.27)  # disc sizes tried, as shares of the profile's
# Support another size needs over the best so far to be taken (the profile's wins ties); a smaller one needs more,
# for a ring printed or turned on a disc's face is a crisp circle inside every disc of its team. On plain 167 and
# hard 58 of seed 2025 such rings made 0.88 win by 1.15-1.17 times, and the rims, never fitted, lost a team.
LARGER_GAIN, SMALLER_GAIN = 1.15, 1.3
SCALE_CIRCLES = 3  # the fewest best circles two sizes are compared on (``_best_scale``)
APART = 1.75  # discs on the board never overlap: centres closer than this many radii may be one disc seen twice
TOWARDS_CAMERA = math.cos(math.radians(30))  # ... when the second lies within 30 degrees of the camera's foot
# Of two clear circles on one disc, the one towards the camera within 60 degrees is its wall and base, pulled aside
# by its shadow: in 600 renders (hard and plain, seed 2025) such circles lay 0-41 degrees from the line to the
# camera's foot, the face kept over them 173-180 degrees from it (``find_discs``).
SHADOWED_BASE = math.cos(math.radians(60))


@dataclass(frozen=True)
class Proposals:
    """Circles of a disc's size on the top-face plane: the discs' radius there and candidate centres (x, y, score)
    in board mm, strongest first. A small change of the camera model moves them by a millimetre or two at most,
    so they can be fitted again on another model's plane. ``support`` is the circle transform they were picked
    from (rectified pixels at DETECT_PX_PER_MM, centred on the hole), kept to ask what the board shows elsewhere."""

    disc_r: float
    spots: tuple[tuple[float, float, float], ...]
    support: np.ndarray = field(compare=False, repr=False)

    def support_near(self, x: float, y: float, within_mm: float) -> float:
        """The most circle support within ``within_mm`` (a square) of (x, y), or 0 off the transform."""
        c, w = (self.support.shape[0] - 1) / 2, int(round(within_mm * DETECT_PX_PER_MM))
        u, v = int(round(c + x * DETECT_PX_PER_MM)), int(round(c - y * DETECT_PX_PER_MM))
        if not (w <= u < self.support.shape[1] - w and w <= v < self.support.shape[0] - w):
            return 0.0
        return float(self.support[v - w : v + w + 1, u - w : u + w + 1].max())

    def printed(self, x: float, y: float, standing: np.ndarray, r: float) -> bool:
        """Is the disc-like outline at (x, y) the board's print? A board's lines and zone numbers repeat every
        quarter turn about the hole, so the print gathers about as much circle support a quarter turn away
        (PRINT_ECHO), where a disc alone does not. Turns where a disc stands (``standing``: centres, mm) say
        nothing; two of the three must echo. A spot with less than a faint circle's support is no print's."""
        own = self.support_near(x, y, PRINT_AT_MM)
        echoes = 0
        for tx, ty in ((-y, x), (-x, -y), (y, -x)):
            if not near_any(tx, ty, standing, 2 * r):
                echoes += self.support_near(tx, ty, PRINT_TURN_MM) >= PRINT_ECHO * own
        return own >= FAINT_SCORE and echoes >= 2


def propose(image: np.ndarray, top_to_image: np.ndarray, disc_r: float, within_mm: float) -> Proposals:
    det = Plane(top_to_image, DETECT_PX_PER_MM, within_mm + disc_r + 4)
    z = orientation_field(rectify(image, det))
    disc_r, score = _best_scale(z, disc_r)
    spots = []
    for u, v, s in peaks(score, 0.7 * disc_r * DETECT_PX_PER_MM, FAINT_SCORE):
        ((x, y),) = det.rect_to_board_pts([(u, v)])
        spots.append((float(x), float(y), s))
    return Proposals(disc_r, tuple(spots), score)


@dataclass(frozen=True)
class DiscSearch:
    """The discs found, the centres of disc-like outlines left out near a threshold (a disc may be missed), the
    proposals they came from and their common outline radius; until ``settle``d, the faint circles still to check."""

    found: tuple[FoundDisc, ...]
    doubtful: tuple[FoundDisc, ...]  # disc-like outlines left out: a disc may be missed there
    proposals: Proposals
    radius: float  # the outline radius the discs were refitted with (``common_radius``)
    faint: tuple[tuple[float, float, float], ...] = ()  # faint circles (x, y, score) ``settle`` has still to look at


def find_discs(image: np.ndarray, top_to_image: np.ndarray, sil: Silhouette, *, disc_r: float, within_mm: float,
               exclude: Callable[[float, float], bool] | None = None, proposals: Proposals | None = None
               ) -> DiscSearch:
    """Discs whose centres lie within ``within_mm`` of the hole, in board mm of the top-face plane, fitted by
    their rims only (all the focal length search needs); ``settle`` then takes the second looks.

    ``top_to_image`` maps the top-face plane to the photo. ``exclude(x, y)`` says where a circle is left to a
    dedicated check (the 20 hole, whose rim is a circle nearly the size of a disc). The discs' common radius
    is measured first (boards and discs differ from the profile), then every centre is refitted with it.
    A clear outline left out is kept as doubtful when it looks much like a disc: its fit strayed just past the
    limits, or its rim is lost but its face holds a clean ring.
    """
    proposals = proposals or propose(image, top_to_image, disc_r, within_mm)
    disc_r = proposals.disc_r
    full = Plane(top_to_image, 1.0, within_mm)
    spots = [(x, y, s) for x, y, s in proposals.spots
             if math.hypot(x, y) <= within_mm + 2 and not _excluded(x, y, exclude)]
    clear = [(x, y, s) for x, y, s in spots if s >= MIN_SCORE]
    # Every clear spot is fitted at once (a batch costs little more than one fit).
    fits = refine_all(image, full, sil, [(x, y) for x, y, _ in clear], disc_r, [s for *_, s in clear], fit_radius=True,
                      hidden_wall=True)
    wall = [j for j, ((x, y, _), d) in enumerate(zip(clear, fits, strict=True))
            if (d is None or not _plausible(d, disc_r)) and sil.wall_mm(x, y, disc_r) > WALL_MM]
    walls = refine_all(image, full, sil, [clear[j][:2] for j in wall], disc_r, [clear[j][2] for j in wall],
                       fit_radius=True, across_wall=True)
    rims = list(fits)  # before the wall's second chance
    for j, d in zip(wall, walls, strict=True):
        fits[j] = d or fits[j]
    first: list[FoundDisc] = []
    doubtful: list[FoundDisc] = []
    # Overlapping circles are one disc: the one whose outline fits best is taken, not the strongest circle, which
    # a disc's rim shared with a neighbour, a peg or the hole's rim can gather as well as the disc's own circle.
    order = sorted(range(len(clear)), key=lambda j: (fits[j] is None or not _plausible(fits[j], disc_r),
                                                     0.0 if fits[j] is None else fits[j].fit_mm))
    # But a tall disc seen low also gathers a circle on its wall and base, towards the camera, which can fit a
    # little better than its face: the face takes its place (``_base_of`` within SHADOWED_BASE). In 600 renders
    # (hard and plain, seed 2025) 9 of 34 overlaps of plausible fits dropped a disc's face so; none of the 25 that
    # kept the face kept a fit on the camera's side of it. (Hard recall 0.9908 -> 0.9910, radial max 11.2 -> 8.1 mm;
    # plain exact 97.7 -> 98.0%.)
    for (x, y, _), d, rim in ((clear[j], fits[j], rims[j]) for j in order):
        if d is None:
            continue
        clash = next((i for i, f in enumerate(first) if math.hypot(x - f.x, y - f.y) < 1.5 * disc_r
                      or math.hypot(d.x - f.x, d.y - f.y) < 1.6 * disc_r), None)
        if clash is not None:
            if _plausible(d, disc_r) and _base_of(first[clash], d, sil, disc_r, SHADOWED_BASE):
                first[clash] = d
            continue
        if _plausible(d, disc_r):
            first.append(d)
        elif (d.support >= DOUBT_SUPPORT and d.fit_mm <= DOUBT_FIT_MM and abs(d.r / disc_r - 1) <= 0.25) or (
                rim is not None and _face_ring(rim, disc_r)):
            doubtful.append(d)
    r_common = common_radius([d for d in first if not d.across_wall], disc_r)
    found: list[FoundDisc] = []
    refits = refine_all(image, full, sil, [(d.x, d.y) for d in first], r_common, [d.score for d in first],
                        fit_radius=False, across_wall=[d.across_wall for d in first], hidden_wall=True)
    kept = [f if f is not None and _plausible(f, disc_r) else d  # a disc all the same, only not of the common
            for d, f in zip(first, refits, strict=True)]  # size: keep its own fit (its loose outline: in doubt)
    # A tall disc seen low can be fitted twice: by its face and, looser, towards the camera by its wall and base.
    # The face is kept and the other left as a doubtful spot, so a second disc missed there is flagged.
    for f in sorted(kept, key=lambda f: f.fit_mm):
        if any(_base_of(f, d, sil, r_common) for d in found):
            doubtful.append(f)
        elif not _excluded(f.x, f.y, exclude) and math.hypot(f.x, f.y) <= within_mm:
            found.append(f)
    faint = tuple((x, y, s) for x, y, s in spots if s < MIN_SCORE and not _near(x, y, first, 1.5 * disc_r))
    return DiscSearch(tuple(found), tuple(doubtful), proposals, r_common, faint)


def settle(image: np.ndarray, top_to_image: np.ndarray, sil: Silhouette, search: DiscSearch,
           within_mm: float) -> DiscSearch:
    """``find_discs``'s discs given their second looks (``wall_slips``, ``ring_centred``), and its faint circles
    looked at: one is doubtful when its edges all lie on a disc's outline (a navy disc on navy paint), or when its
    rim does not fit but its face holds a clean ring (a black disc on black paint seen obliquely, its rim lost in
    its wall and shadow): a disc may be missed there."""
    full, r, disc_r = Plane(top_to_image, 1.0, within_mm), search.radius, search.proposals.disc_r
    found = ring_centred(image, full, sil, wall_slips(image, full, sil, list(search.found), r), r)
    faint = [(x, y, s) for x, y, s in search.faint if not _near(x, y, found, 1.5 * disc_r)]
    doubtful, rimless = list(search.doubtful), []
    for (x, y, _), f in zip(faint, refine_all(image, full, sil, [(x, y) for x, y, _ in faint], r,
                                             [s for *_, s in faint], fit_radius=False), strict=True):
        if f is not None and _faint_disc_like(f):
            doubtful.append(f)
        else:
            rimless.append((x, y))
    doubtful += [g for g in face_rings(image, full, rimless, r) if g is not None]
    return DiscSearch(tuple(found), tuple(doubtful), search.proposals, r)


def face_rings(image: np.ndarray, plane: Plane, starts: list[tuple[float, float]], r: float) -> list[FoundDisc | None]:
    """The clean ring on the face of a disc of outline radius ``r`` (``_face_ring``) fitted from each start (mm, on
    ``plane``, the face's plane), or None where none shows.

    One pass, the colour outside counted: a ring's inner edge has the face's colour inside it only.
    """
    if not starts:
        return []
    n = len(starts)
    rings = fit_outlines(image, plane, Silhouette((0.0, 0.0), 0.0), np.array(starts, float).reshape(-1, 2),
                    np.full(n, RING_AT * r), np.ones(n), True, OUTSIDE_WEIGHT, np.zeros(n, bool))
    return [g if g is not None and _face_ring(g, r) and g.support >= CLEAN_SUPPORT else None for g in rings]


def ring_centred(image: np.ndarray, plane: Plane, sil: Silhouette, discs: list[FoundDisc],
                 r: float) -> list[FoundDisc]:
    """Discs recentred on a ring printed or turned on their face, where one shows cleanly and fits tighter than
    the rim did, unless the rim fits very tightly (RIM_OVER_RING_MM).

    A ring lies on the top face, so no wall, bevel or shadow moves its centre. The rim is what misleads in the
    hard cases (a dark disc's rim lost in its shadow on dark paint, a tall wall seen obliquely), where the ring
    still stands out crisp. A rim fit that settled on the base or half a wall away is off along the camera's
    direction by up to the wall's width, so a ring not found from the fitted centre is looked for from there.
    But the ring depends on the top-face plane alone, and so on the camera's height, which the rim's base (on the
    surface) does not: where the two disagree, the disagreement is counted in the disc's error (``offset_mm``).
    A disc fitted by its top rim alone (``refine_all``'s ``hidden_wall``) shares the ring's plane, so a wrong
    camera height moves both alike and shows in neither (hard photo 297: 0.9 mm, ring offset 0.13 mm); a guessed
    one is counted apart (``score.GUESSED_LOG_HEIGHT``).
    """
    best: dict[int, FoundDisc] = {}

    def look(owner: list[int], starts: list[tuple[float, float]]) -> None:
        for j, g in zip(owner, face_rings(image, plane, starts, r), strict=True):
            d = best.get(j, discs[j])
            if g is not None and g.fit_mm < d.fit_mm and math.hypot(g.x - discs[j].x, g.y - discs[j].y) < r / 2:
                best[j] = g

    loose = [j for j, d in enumerate(discs) if d.fit_mm > RIM_OVER_RING_MM]
    look(loose, [(discs[j].x, discs[j].y) for j in loose])
    owner, starts = [], []
    for j in loose:
        d = discs[j]
        wall = sil.wall_mm(d.x, d.y, r)
        if j in best or wall <= WALL_MM:
            continue
        owner += [j, j]
        starts += [_from_camera(sil, d, wall), _from_camera(sil, d, -wall)]
    look(owner, starts)
    return [replace(d, x=best[j].x, y=best[j].y,
                    offset_mm=max(d.offset_mm, math.hypot(best[j].x - d.x, best[j].y - d.y)))
            if j in best else d for j, d in enumerate(discs)]


def wall_slips(image: np.ndarray, plane: Plane, sil: Silhouette, discs: list[FoundDisc],
               r: float) -> list[FoundDisc]:
    """Discs fitted again from a wall further from the camera's foot, where the wall shows wider than SLIP_WALL_MM.

    A tall wall seen obliquely makes the base a disc-sized circle of its own, and a fit can take it for the
    top face and settle a whole wall towards the camera with edges all round (the base's far side, a shadow's
    edge). The fit from a wall away is taken when it explains the edges clearly better (SLIP_GAIN) and fits as a
    disc's rim does (FAINT_FIT_MM: plain photo 212 of seed 31, a black disc on black paint, went from a 1.18 to a
    0.85 mm rms fit 5 px further from the truth); when it explains them about as well (SLIP_DOUBT), the disc could be
    either, and the distance between the two counts in its error (hard photo 72 of seed 5150: a dark disc on a
    12.7 mm wall fitted by its base, 13.6 mm off, and from a wall away within 0.85 mm, costs 0.64 and 0.69). The
    slip is compared with the disc's own spot read the same way too (by its top rim all round): when that explains
    the edges about as well, the disc could be either, and the distance counts in its error. A disc read across its
    wall (``refine_all``) is left as it is: it was that reading's second chance, and is in doubt.
    """
    walls = {j: float(sil.wall_mm(d.x, d.y, r)) for j, d in enumerate(discs)}
    slips = [j for j in walls if walls[j] > SLIP_WALL_MM and not discs[j].across_wall]
    starts = [_from_camera(sil, discs[j], walls[j]) for j in slips]
    out = list(discs)
    slipped = []  # (j, apart): discs moved to their slip, to be read again on their own spot
    for j, g in zip(slips, refine_all(image, plane, sil, starts, r, [discs[j].score for j in slips],
                                      fit_radius=False, hidden_wall=True), strict=True):
        if g is None:
            continue
        d = discs[j]
        apart = math.hypot(g.x - d.x, g.y - d.y)
        if apart < walls[j] / 2 or _near(g.x, g.y, out[:j] + out[j + 1:], 1.6 * r):  # where the others are now
            continue
        if outline_cost(g) < outline_cost(d) - SLIP_GAIN and g.fit_mm <= FAINT_FIT_MM:
            out[j] = g
            slipped.append((j, apart))
        elif outline_cost(g) < outline_cost(d) + SLIP_DOUBT:
            out[j] = replace(d, offset_mm=apart)
    heres = refine_all(image, plane, sil, [(discs[j].x, discs[j].y) for j, _ in slipped], r,
                       [discs[j].score for j, _ in slipped], fit_radius=False, hidden_wall=True)
    for (j, apart), here in zip(slipped, heres, strict=True):
        d, g = discs[j], out[j]
        if here is not None and math.hypot(here.x - d.x, here.y - d.y) < walls[j] / 2 and (
                outline_cost(g) >= outline_cost(here) - SLIP_DOUBT):
            out[j] = replace(g, offset_mm=apart)
    return out


def _from_camera(sil: Silhouette, d: FoundDisc, mm: float) -> tuple[float, float]:
    """The point ``mm`` further than a disc's centre from the camera's foot, on the line through both (negative:
    nearer): where the disc would be had its fit slipped along its wall."""
    far = math.hypot(sil.camera_xy[0] - d.x, sil.camera_xy[1] - d.y) or 1.0
    return d.x + (d.x - sil.camera_xy[0]) / far * mm, d.y + (d.y - sil.camera_xy[1]) / far * mm


def common_radius(discs: list[FoundDisc], disc_r: float) -> float:
    """The outline radius every disc is refitted with: the median over cleanly fitted discs, else the seen one.

    Only discs whose edges all sit on their circle count: a fit that strayed to a printed ring on the face, a
    red disc's rim lost on red paint or a shadow's edge gives a radius that would shift every other centre.
    Two clean fits outweigh any number of loose ones (shot pair 2: two red discs fitted to 0.2 mm at 16.7 mm,
    three black ones loosely (1.3 mm rms) at 14.0-14.5 mm; their median moved every centre by up to 2 mm).
    """
    for radii, least in (([d.r for d in discs if d.support >= CLEAN_SUPPORT and d.fit_mm <= CLEAN_FIT_MM], 2),
                         ([d.r for d in discs if d.support >= 0.7], 3)):  # no clean fits: the well-supported ones
        if len(radii) >= least:
            return float(np.median(radii))
    return disc_r + OUTLINE_MM


def _best_scale(z: np.ndarray, disc_r: float) -> tuple[float, np.ndarray]:
    """The disc radius (among RADIUS_SCALES of the profile's) whose circles gather the most support.

    Real discs differ from the profile (1 1/8 in discs, boards made to other sizes), and the calibration's
    millimetres follow the board's rings, so the discs' size is measured rather than assumed. Two sizes are
    compared on the sums of as many of their best circles as the one with fewer has, and at least SCALE_CIRCLES:
    the lines and the print give a size more circles, not better ones (a lone disc by the outer line: 9 circles of
    the profile's size, the best 0.88, lost on all their sums to 17 at 0.88 of it, the best 0.73, and the disc was
    missed), and one or two circles, however good, say little against many.
    """
    best = None
    for f, score in zip(RADIUS_SCALES, circle_scores(z, [f * disc_r * DETECT_PX_PER_MM for f in RADIUS_SCALES]),
                        strict=True):
        top = [p[2] for p in peaks(score, 0.7 * f * disc_r * DETECT_PX_PER_MM, MIN_SCORE)][:24]
        if best is not None:
            k = max(min(len(top), len(best[0])), SCALE_CIRCLES)
            if sum(top[:k]) <= sum(best[0][:k]) * (SMALLER_GAIN if f < 1 else LARGER_GAIN):
                continue
        best = (top, f * disc_r, score)
    return best[1], best[2]


def _excluded(x: float, y: float, exclude: Callable[[float, float], bool] | None) -> bool:
    return exclude is not None and exclude(x, y)


def _near(x: float, y: float, discs: list[FoundDisc], dist: float) -> bool:
    """``near_any`` for found discs."""
    return near_any(x, y, np.array([(d.x, d.y) for d in discs], float).reshape(-1, 2), dist)


def near_any(x: float, y: float, centres: np.ndarray, dist: float) -> bool:
    """Is (x, y) closer than ``dist`` to any of ``centres`` (N x 2, mm)?"""
    return bool(len(centres)) and bool(np.min(np.hypot(centres[:, 0] - x, centres[:, 1] - y)) < dist)


def clear_of_pegs(x: float, y: float, pegs, r: float, peg_r: float) -> bool:
    """Could a disc of radius ``r`` stand at (x, y) beside the pegs (centres, mm)? A peg's dark top can look like a
    dark disc's face, so a faint outline nearer a peg than a disc touching it could be is the peg's (APART slack)."""
    return all(math.dist((x, y), c) >= APART / 2 * (r + peg_r) for c in pegs)


def _base_of(base: FoundDisc, face: FoundDisc, sil: Silhouette, r: float, towards: float = TOWARDS_CAMERA) -> bool:
    """Is ``base`` the wall and base of the disc whose face is ``face``? Discs on a board never overlap, and a
    disc's base shows past its face straight towards the camera's foot, by up to the wall's width. (A loose fit
    of a real neighbour that overlaps lies in any direction: hard photo 76 at 12 MP, a red 10 beside a blue 15.)
    ``towards``: the cosine of the widest angle from the camera's foot the base may lie at.
    """
    ox, oy = base.x - face.x, base.y - face.y
    cx, cy = sil.camera_xy[0] - face.x, sil.camera_xy[1] - face.y
    apart, far = math.hypot(ox, oy), math.hypot(cx, cy)
    return bool(0 < apart < APART * r and far > 0 and (ox * cx + oy * cy) >= towards * apart * far
                and apart - r <= sil.wall_mm(face.x, face.y, r))


def _faint_disc_like(f: FoundDisc) -> bool:
    """Is a circle under MIN_SCORE enough like a disc's outline to note (see FAINT_SUPPORT, NEAR_CLEAR_SCORE)?"""
    fits = f.support >= FAINT_SUPPORT and f.fit_mm <= FAINT_FIT_MM + FAINT_FIT_PER_SCORE * (f.score - FAINT_SCORE)
    return fits or (f.score >= NEAR_CLEAR_SCORE and f.support >= NEAR_CLEAR_SUPPORT)


def _face_ring(d: FoundDisc, disc_r: float) -> bool:
    """A clean circle smaller than a disc and larger than a peg, fitted where a disc-sized circle was clear: a
    ring on a disc's face whose rim did not show (a black disc on black paint), so a disc may be missed."""
    return d.fit_mm <= CLEAN_FIT_MM and FACE_RING[0] * disc_r <= d.r <= FACE_RING[1] * disc_r


def _plausible(d: FoundDisc, disc_r: float) -> bool:
    return d.support >= 0.5 and 0.8 * disc_r <= d.r <= 1.2 * disc_r and d.fit_mm < 1.5
