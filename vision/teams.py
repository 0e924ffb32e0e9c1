"""Which team a disc belongs to: its top face's colour in CIELAB, two clusters, named or matched.

Colours are compared in CIELAB (perceptual distances in delta-E units). The learnt split is 2-means seeded
with the two most different discs; a single colour is kept as one team when the two clusters are no further
apart than discs of one team usually are. Given colours are matched to clusters as a whole (which cluster is
the lighter, the redder), not disc by disc, so a warm or dim light that shifts every disc alike does not
swap teams.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import cv2
import numpy as np

from sim.board import Board
from vision.rectify import Plane, disc_grid, sample
from vision.robust import masked_median

# Plain colour words for naming a learnt team (sRGB).
PALETTE: dict[str, tuple[int, int, int]] = {
    "white": (238, 236, 228),
    "black": (32, 32, 32),
    "grey": (128, 128, 128),
    "red": (176, 40, 44),
    "blue": (40, 70, 160),
    "navy": (28, 36, 72),
    "green": (40, 120, 64),
    "yellow": (230, 196, 52),
    "orange": (224, 120, 40),
    "natural": (222, 190, 140),
    "dark": (80, 52, 36),
}
ALIASES = {"light wood": "natural", "light": "natural", "wood": "natural", "dark wood": "dark", "tan": "natural"}
SAME_TEAM_DE = 14.0  # clusters closer than this (delta-E) are one colour
SAME_WAY = 0.5  # two teams' clusters lie apart at least this much along the given colours' difference (cosine)
FACE_SHARE = 0.55  # sample the face within this share of the radius (clear of bevel and shadow)
UNEVEN_PATCH_MM = 1.0  # a face's evenness is read on squares this wide (``face_unevenness``), 3 x 3 points each
AT_POINT = np.zeros((1, 2))  # a face sample read at its point alone (``_face_samples``)
UNEVEN_PATCH = np.stack(np.meshgrid(*[np.linspace(-0.5, 0.5, 3) * UNEVEN_PATCH_MM] * 2), -1).reshape(-1, 2)
BESIDE_SHARES = (1.4, 1.6, 1.8)  # the board beside a disc: these shares of its radius from its centre
ZONE_CLEAR_MM, ZONE_STEP_MM = 3.0, 4.0  # the board's paint is read this far from its lines, at points this far apart
MIN_BESIDE = 24  # samples of clear board needed to read the light beside a disc
ROUND_STEP_DEG = 5.0  # the board beside a disc is compared with the same pattern turned about the hole in these steps
CLIPPED = 250  # a channel at or above this is clipped
CLIP_MARGIN = 20  # a paint under the veil clips for sure this far past CLIPPED; stays clear of it by 3 times this
SPLIT_LEVELS = 15  # turns of the board beside a disc this far apart (8-bit levels) may be lit differently
SAME_SPREAD = 0.15  # a shade's ratios (a veil's lifts) agree across channels within this share
WEAK_LEVEL = 8.0  # a channel this dark (8-bit levels) in the shaded group says nothing of the shade's ratio
SHADE_RATIO = 1.2  # a ring darker than the board's paint in its usual light by this factor is in a shadow
CLIPPED_SHARE = 0.1  # a ring with more of its board than this clipped by glare tells no shade (``ring_shade``)
MIN_GAIN = 0.25  # deeper shade than this is not divided out (the face's colour is lost in the noise)
LIGHT_RANGE = (10.0, 90.0)  # percentiles of the shade over the board beside a disc that bound the shade on its face
LIGHT_STEPS = 9  # gains tried across that range
HUED = 8.0  # a colour with at least this chroma (CIELAB) has a hue of its own
# A disc this many times as colourful as its team's paint, and this much more (chroma), within this angle of the
# other team's hue, looks like no disc of its team in any light (``off_hue``).
OFF_HUE_TIMES, OFF_HUE_CHROMA, OFF_HUE_DEG = 2.5, 12.0, 45.0


class TeamColoursError(ValueError):
    """A --teams value that is not NAME=#RRGGBB,NAME=#RRGGBB."""


def rgb_to_lab(rgb) -> np.ndarray:
    a = np.asarray(rgb, dtype=np.float32).reshape(1, -1, 3) / 255.0
    return cv2.cvtColor(a, cv2.COLOR_RGB2Lab).reshape(-1, 3)


def parse_teams(text: str) -> dict[str, tuple[int, int, int]]:
    """'red=#b0282c,black=#202020' -> {'red': (176, 40, 44), 'black': (32, 32, 32)}; a bare colour word works."""
    out: dict[str, tuple[int, int, int]] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, value = part.partition("=")
        name, value = name.strip(), value.strip() or name.strip()
        m = re.fullmatch(r"#?([0-9a-fA-F]{6})", value)
        word = ALIASES.get(value.lower(), value.lower())
        if m:
            h = m.group(1)
            out[name] = (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))
        elif word in PALETTE:
            out[name] = PALETTE[word]
        else:
            raise TeamColoursError(f"team colour {value!r} is not #RRGGBB or one of {', '.join(PALETTE)}")
    if len(out) != 2:
        raise TeamColoursError(f"give exactly two teams as NAME=#RRGGBB,NAME=#RRGGBB (got {len(out)})")
    return out


def face_colours(image: np.ndarray, top: Plane, centres: np.ndarray, r: float,
                 surface_r: float = np.inf, shade: RingShade | None = None) -> np.ndarray:
    """Median CIELAB colour of each disc's top face, ndarray of shape (N, 3); glare and grain are outvoted.

    The light on a disc is read off the board beside it, against the same board all round the hole at the same
    distances (boards are painted in rings, so that is the same paint): a shadow darkens both by one factor and
    is divided out; a veil of glare lifts both by about the same amount of white and is taken off. So a white
    disc in a player's shadow is not read as navy, nor a dark one under glare as light wood. ``shade``: as
    ``lights`` takes it.
    """
    light = lights(image, top, centres, r, surface_r, shade=shade)
    return unlit(faces_bgr(image, top, centres, r), light[:, 0], light[:, 1])


def faces_bgr(image: np.ndarray, top: Plane, centres: np.ndarray, r: float) -> np.ndarray:
    """Median BGR of each disc's face, clear of its bevel and shadow (FACE_SHARE)."""
    c = np.asarray(centres, float).reshape(-1, 2)
    if len(c) == 0:
        return np.zeros((0, 3), np.float32)
    return np.median(_face_samples(image, top, c, r), axis=1)


def unlit(face_bgr: np.ndarray, veil: np.ndarray, gain: np.ndarray) -> np.ndarray:
    """CIELAB of faces (BGR, N x 3) with each one's veil taken off and shade divided out."""
    return _lab(np.clip((face_bgr - np.reshape(veil, (-1, 1))) / np.reshape(gain, (-1, 1)), 0, 255))


def lights(image: np.ndarray, top: Plane, centres: np.ndarray, r: float, surface_r: float = np.inf,
           count: int | None = None, shade: RingShade | None = None) -> np.ndarray:
    """The light on each disc, shape (N, 5): veil and gain (see ``face_colours``), then the least and most shade
    and the most veil that the board beside it allows (``light_fits``). Only the first ``count`` discs when given:
    the rest are discs whose light is known, which only cover the board. ``shade``: each ring's shade, for a disc
    whose whole ring round the hole is shaded (``ring_shade``)."""
    beside = _beside(r)
    c = np.asarray(centres, float)
    n = len(c) if count is None else count
    return np.array([_light(image, top, c, k, beside, r, surface_r, shade) for k in range(n)]).reshape(-1, 5)


def beside_bgr(image: np.ndarray, top: Plane, centres: np.ndarray, r: float) -> np.ndarray:
    """Median BGR of the board beside each disc (N, 3), as seen: its paint in the light there."""
    c = np.asarray(centres, float).reshape(-1, 2)
    if not len(c):
        return np.zeros((0, 3), np.float32)
    return np.median(_sample_bgr(image, top, c, _beside(r)), axis=1)


def zone_paints(image: np.ndarray, surface: Plane, board: Board) -> np.ndarray:
    """The board's own colour (CIELAB) in each scoring zone, clear of its lines by ZONE_CLEAR_MM: the median over
    points about ZONE_STEP_MM apart, so discs on it are outvoted. Shape (3, 3), from the 15 zone out."""
    out = []
    for rings in _zone_rings(board):  # hole to 15 line, to middle line, to outer line
        turns = [np.linspace(0, 2 * np.pi, int(2 * np.pi * rho / ZONE_STEP_MM), endpoint=False) for rho in rings]
        pts = np.vstack([rho * np.column_stack([np.cos(a), np.sin(a)]) for rho, a in zip(rings, turns, strict=True)])
        out.append(np.median(sample(image, surface.to_image(pts)), axis=0))
    return rgb_to_lab(np.array(out)[:, ::-1])


def _zone_rings(board: Board) -> list[np.ndarray]:
    """Per scoring zone, from the 15 zone out: the radii (mm) its paint is read on, ZONE_STEP_MM apart and clear
    of the lines and the hole by ZONE_CLEAR_MM."""
    edges = [board.hole_r] + [e for line in reversed(board.lines) for e in (line.inner_edge, line.outer_edge)]
    return [np.arange(lo + ZONE_CLEAR_MM, hi - ZONE_CLEAR_MM, ZONE_STEP_MM)
            for lo, hi in zip(edges[0:-1:2], edges[1::2], strict=True)]


@dataclass(frozen=True)
class RingShade:
    """Per ring round the hole: how much brighter its paint would be in the light on the board's outer zone
    (``ring_shade``), per channel; NaN where the ring is too dark or clipped to tell."""

    radii: np.ndarray  # (K,) mm, increasing
    gain: np.ndarray  # (K, 3), B, G, R

    def at(self, xy: np.ndarray) -> float:
        """The factor that brings the board at the points (N x 2, mm: beside one disc) into the outer zone's light:
        1 unless it is one factor in every channel (within SAME_SPREAD) of at least SHADE_RATIO. Unshaded rings
        drift from the chain a little (the grain, the light's fall to the edge): as one factor, by at most 1.08 beside
        the discs of the real photos (the seven with discs) and of the first 60 plain renders of seed 2025 (the
        three above it have shadow bands)."""
        rho = np.hypot(*np.asarray(xy, float).reshape(-1, 2).T)
        each = np.array([np.interp(rho, self.radii, self.gain[:, ch]) for ch in range(3)])  # channels x points
        seen = np.isfinite(each)
        gain = masked_median(np.where(seen, each, 0.0), seen)[seen.any(axis=1)]
        if len(gain) < 2 or np.ptp(gain) > SAME_SPREAD * gain.mean() or gain.mean() < SHADE_RATIO:
            return 1.0
        return float(gain.mean())


def ring_shade(image: np.ndarray, surface: Plane, board: Board, centres: np.ndarray, r: float) -> RingShade:
    """How far each ring round the hole is shaded below the light on the outer zone (``RingShade``).

    A player's shadow across the middle of the board can cover every turn of the small rings round the hole, so a
    disc there, compared with its own ring (``lights``), looks unshaded. A shadow's edge crosses a ring at a few
    turns only, so between two rings close together most turns lie in one light: the median ratio from each ring
    to the next (clear of the discs at ``centres``, the pegs and glare), chained in from the outer zone (the
    largest, which one shadow does not cover), gives each ring's paint in the outer zone's light, with the light's
    slow fall from the middle to the edge kept; against the ring's own median, its shade. Both see the same print
    on the ring (the lines, a circle round the hole), so the shade is read on any paint."""
    radii = np.concatenate(_zone_rings(board))
    turns = np.linspace(0, 2 * np.pi, int(2 * np.pi * board.outer_line.inner_edge / ZONE_STEP_MM), endpoint=False)
    pts = radii[:, None, None] * np.stack([np.cos(turns), np.sin(turns)], -1)[None]  # rings x turns x 2
    col = sample(image, surface.to_image(pts.reshape(-1, 2))).reshape(pts.shape[:2] + (3,)).astype(float)
    board_only = np.ones(pts.shape[:2], bool)
    for others, reach in ((np.asarray(centres, float).reshape(-1, 2), r + 2.0),
                          (np.array(board.pegs(), float).reshape(-1, 2), board.peg_r + 2.0)):
        for o in others:
            board_only &= np.hypot(pts[..., 0] - o[0], pts[..., 1] - o[1]) > reach
    clear = board_only & (col.max(axis=2) < CLIPPED)
    fair = clear[..., None] & (col >= WEAK_LEVEL)
    log = np.log(np.maximum(col, 1.0))
    # Each step's median per channel, (ring pair, channel) as rows over the turns; a channel too dark at either
    # ring on too many turns keeps its ring's light (no step).
    both = (fair[1:] & fair[:-1]).transpose(0, 2, 1).reshape(-1, len(turns))
    step = masked_median((log[1:] - log[:-1]).transpose(0, 2, 1).reshape(-1, len(turns)), both)
    steps = np.where(both.sum(axis=1) >= MIN_BESIDE, step, 0.0).reshape(-1, 3)
    rise = np.vstack([np.zeros((1, 3)), np.cumsum(steps, axis=0)])  # each ring's log paint less the first's
    own = masked_median(log, clear)  # each ring's median (log), rings x channels
    outer = radii > board.middle_line.outer_edge
    anchor = np.median(own[outer] - rise[outer], axis=0)
    # Glare that clips much of a ring lifts what is left of it by a veil, not a shade, and bends the chain through
    # it: that ring and every one inside it tell nothing (hard photo 148 of seed 2025: a cream board clipped over
    # most of every ring read as shaded by 1.5, and a dark disc went to light wood).
    glared = clear.sum(axis=1) < (1 - CLIPPED_SHARE) * board_only.sum(axis=1)
    told = ~np.maximum.accumulate(glared[::-1])[::-1] & (clear.sum(axis=1) >= MIN_BESIDE)
    told = told[:, None] & (own >= np.log(WEAK_LEVEL))
    return RingShade(radii, np.where(told, np.exp(anchor + rise - own), np.nan))


def _beside(r: float) -> np.ndarray:
    """Offsets (mm) of the board beside a disc of radius ``r``: rings at BESIDE_SHARES of it."""
    ang = np.linspace(0, 2 * np.pi, 48, endpoint=False)
    rho = r * np.array(BESIDE_SHARES)
    return (rho[:, None, None] * np.stack([np.cos(ang), np.sin(ang)], 1)[None]).reshape(-1, 2)


def light_fits(face_bgr: np.ndarray, light: np.ndarray, refs: np.ndarray) -> np.ndarray:
    """Per disc (its face's BGR, ``faces_bgr``) and team: how far (delta-E) the team's colour is from its face
    under the light that suits it best of those the board beside the disc allows (``lights``), (N, 2). The face
    is read under one light, but the board beside it may allow more than one: a shadow's edge across it, or glare
    so bright that the board is clipped in every channel, when the veil is only known to be at least what clipped
    it (a dark disc under glare on maple read as light wood, sure: plain photo 295 of seed 4242). ``refs``: the
    two teams' colours (CIELAB) once the light is taken off, (2, 3), or a pair per disc, (N, 2, 3)."""
    refs = np.broadcast_to(np.asarray(refs, float), (len(face_bgr), 2, 3))
    return np.stack([_best_fit(face_bgr, light, lab_to_rgb(refs[:, t])[:, ::-1]) for t in (0, 1)], axis=1)


def _best_fit(face_bgr: np.ndarray, light: np.ndarray, paint_bgr: np.ndarray) -> np.ndarray:
    """Per face: the least delta-E between it and ``paint_bgr`` (one, or one per face) lit by a gain from the
    allowed range (and the measured one) with the veil that fits best within the allowed one."""
    veil, gain, lo, hi, most = (light[:, j : j + 1] for j in range(5))
    gains = np.concatenate([gain, lo + (hi - lo) * np.linspace(0, 1, LIGHT_STEPS)[None]], axis=1)  # faces x gains
    lit = gains[..., None] * np.reshape(paint_bgr, (-1, 1, 3))  # faces x gains x BGR
    most = np.maximum(np.minimum(most, face_bgr.min(axis=1, keepdims=True)), veil)  # a veil leaves no channel < 0
    best_veil = np.clip((face_bgr[:, None] - lit).mean(axis=2), veil, most)
    seen = np.clip(lit + best_veil[..., None], 0, 255)
    return np.linalg.norm(_lab(seen) - _lab(face_bgr)[:, None], axis=2).min(axis=1)


def _lab(bgr: np.ndarray) -> np.ndarray:
    """CIELAB of BGR colours (0..255) of any shape (..., 3)."""
    b = np.asarray(bgr)
    return rgb_to_lab(b[..., ::-1]).reshape(b.shape) if b.size else np.zeros(b.shape, np.float32)


def clipped_team(paints, veil: float, gain: float) -> int | None:
    """For a face clipped white: the one team whose paint (sRGB), lit as the board beside it is, would clip by a
    clear margin while the other's stays clearly short of it. None when both or neither would: a glossy highlight
    clips any disc, so clipping alone tells nothing then (on 600 renders it picked a team for 50 of 231 clipped
    faces, every one right)."""
    clips, short = would_clip(paints, veil, gain), _reach(paints, veil, gain) <= CLIPPED - 3 * CLIP_MARGIN
    if clips.sum() == 1 and short.sum() == 1:
        return int(np.argmax(clips))
    return None


def would_clip(paints, veil: float, gain: float) -> np.ndarray:
    """Per team: would its paint (sRGB), lit as the board beside a disc is, clip by a clear margin (CLIP_MARGIN)?"""
    return _reach(paints, veil, gain) >= CLIPPED + CLIP_MARGIN


def _reach(paints, veil: float, gain: float) -> np.ndarray:
    """Each paint's brightest channel as the light beside a disc would show it (levels, unclipped)."""
    return np.asarray(paints, float).max(axis=1) * gain + veil


def washed_out(image: np.ndarray, top: Plane, centres: np.ndarray, r: float) -> np.ndarray:
    """Per disc: is most of its face clipped to white by glare? Its colour is then only a lower bound (every
    light team and a lit dark one look alike), so its team is in doubt."""
    if len(centres) == 0:
        return np.zeros(0, bool)
    bgr = _face_samples(image, top, np.asarray(centres, float), r)
    return (bgr >= CLIPPED).any(axis=2).mean(axis=1) > 0.5


def paint_zone(board: Board, xy: np.ndarray) -> np.ndarray:
    """The row of ``zone_paints`` the board is painted with at each point (N x 2, mm): past the 15 line, past the
    middle line."""
    rho = np.hypot(*np.asarray(xy, float).reshape(-1, 2).T)
    return sum((rho > line.radius).astype(int) for line in board.lines[1:])


def face_unevenness(image: np.ndarray, top: Plane, centres: np.ndarray, r: float) -> np.ndarray:
    """Per disc: how far its face strays from its own median colour (delta-E, 80th percentile of the face's samples).

    A disc's face is one paint (its grain is faint, its printed ring and bevel lie outside FACE_SHARE), while a
    circle gathered by a printed zone number is strokes on paint. Each sample is the mean over a square of
    UNEVEN_PATCH_MM, as a webcam's pixel sees the face: a sharp photo's pixel noise is no print (two black discs
    on navy paint in a real photo of 11 MP, noise of 7 levels added, read 7.0 and 7.7 from single pixels and were
    not counted; 3.1 and 2.7 so).
    """
    c = np.asarray(centres, float).reshape(-1, 2)
    if not len(c):
        return np.zeros(0)
    bgr = _face_samples(image, top, c, r, UNEVEN_PATCH)
    lab = _lab(bgr.reshape(len(c), -1, len(UNEVEN_PATCH), 3).mean(axis=2))
    off = lab - np.median(lab, axis=1, keepdims=True)
    return np.percentile(np.linalg.norm(off, axis=2), 80, axis=1)


def _light(image, top: Plane, centres: np.ndarray, k: int, beside: np.ndarray, r: float, surface_r: float,
           shade: RingShade | None) -> tuple[float, float, float, float, float]:
    """The light on disc ``k`` (see ``lights``): white added by glare and the factor of shade, from the board
    around it; the shade's range over the board beside it; and the most veil there, unbounded when the board
    beside it is clipped in every channel. Crowded by other discs, it is taken as no veil nor shade for sure."""
    x, y = centres[k]
    turns = np.radians(np.arange(0, 360, ROUND_STEP_DEG))
    cos, sin = np.cos(turns)[:, None], np.sin(turns)[:, None]
    px, py = x + beside[:, 0], y + beside[:, 1]
    pts = np.stack([cos * px - sin * py, sin * px + cos * py], -1)  # the beside pattern turned about the hole
    # Discs are not board. The turned pattern keeps its distance from the hole, so only discs about as far from
    # the hole can cover any of it.
    reach = (max(BESIDE_SHARES) + 1) * r + 2
    near = centres[np.abs(np.hypot(centres[:, 0], centres[:, 1]) - math.hypot(x, y)) <= reach]
    others = np.hypot(pts[..., None, 0] - near[:, 0], pts[..., None, 1] - near[:, 1])
    clear = (np.hypot(pts[..., 0], pts[..., 1]) <= surface_r - 1) & (others > r + 1).all(axis=-1)
    col = _sample_bgr(image, top, np.zeros((1, 2)), pts.reshape(-1, 2))[0].reshape(pts.shape[:2] + (3,))
    here, everywhere = clear[0], clear
    if here.sum() < MIN_BESIDE or everywhere.sum() < 4 * MIN_BESIDE:
        return 0.0, 1.0, 1.0, 1.0, 0.0
    rings = masked_median(col, clear)[clear.sum(1) >= MIN_BESIDE]
    local = rings[0]  # turn 0 is the disc's own spot (clear enough, or it returned above)
    whole = 1.0 if shade is None else shade.at(pts[0][here])  # the whole ring round the hole may be shaded
    usual = _paint(rings, whole) if len(rings) >= 4 else np.median(col[everywhere], axis=0) * whole
    veil = _veil(local, usual)
    seen = local < CLIPPED
    each = (col[0][here] - veil)[:, seen].sum(axis=1) / max(float(usual[seen].sum()), 1.0) if seen.any() else [1.0]
    lo, hi = np.clip(np.percentile(each, LIGHT_RANGE), MIN_GAIN, 1.0)
    return veil, _gain(local, usual, veil), float(lo), float(hi), veil if seen.any() else np.inf


def _gain(local: np.ndarray, usual: np.ndarray, veil: float) -> float:
    """Factor of shade beside a disc, the veil taken off: the ratio of the unclipped channels' sums. Each channel
    alone would give it too, but a dark paint's weak channel is a few levels of mostly noise (a yellow disc's
    shade read as none from a blue channel of 26 levels, and the disc went to the green team)."""
    seen = local < CLIPPED
    if not seen.any():
        return 1.0
    return float(np.clip((local - veil)[seen].sum() / max(float(usual[seen].sum()), 1.0), MIN_GAIN, 1.0))


def _paint(rings: np.ndarray, whole: float = 1.0) -> np.ndarray:
    """The board's own colour (BGR) beside a disc, from the same pattern's median colour at each turn (K, 3).

    Usually the median over the turns, times ``whole`` where a shade covers the whole ring (``RingShade``). But a
    player's shadow across the middle of the board can cover most of a small ring, and a glare veil most of one
    near its centre: when the turns fall into two groups, one the other darkened by one factor in every channel
    (a shade), the brighter is the paint; one the other lifted by the same white in every channel (a veil), the
    darker. Turns clipped anywhere tell neither, and two groups that are not each of one light (glare and shade on
    one ring) are left to the median."""
    median = np.median(rings, axis=0) * whole
    fair = rings[rings.max(axis=1) < CLIPPED].astype(float)
    if len(fair) < 4:
        return median
    labels, centres = two_means(fair)
    if min(np.bincount(labels, minlength=2)) < 2:
        return median
    lo, hi = sorted(centres, key=lambda c: float(c.sum()))
    gap = float((hi - lo).max())
    spread = max(float(np.median(np.abs(fair[labels == k] - centres[k]).max(axis=1))) for k in (0, 1))
    if gap < SPLIT_LEVELS or spread > gap / 3:
        return median
    # A shade's ratio is read only on channels bright enough for it to mean anything: navy paint's red channel is
    # 2-7 levels, and its ratio, mostly noise, hid a shadow band over most of a ring (hard photo 107 of seed 2025).
    strong = lo >= WEAK_LEVEL
    ratio, lift = hi[strong] / lo[strong], hi - lo
    ratio_spread = np.ptp(ratio) / ratio.mean() if strong.sum() >= 2 else np.inf  # no telling a shade then
    lift_spread = np.ptp(lift) / max(lift.mean(), 1.0)
    shade, veil = ratio_spread < SAME_SPREAD <= lift_spread, lift_spread < SAME_SPREAD <= ratio_spread
    return hi if shade else lo if veil else median


def _veil(local: np.ndarray, usual: np.ndarray) -> float:
    """White added by glare beside a disc (BGR levels): the least lift over the channels, as a shade lowers them
    all by one factor. A channel clipped beside the disc shows less of the veil than it added: the others tell,
    and it still says the veil lifted it at least to the clip (a maple board's red is clipped everywhere, so it
    tells nothing, but its blue clipped only under the glare does)."""
    seen = local < CLIPPED
    rise = float((local - usual)[seen].min()) if seen.any() else 0.0
    to_clip = ~seen & (usual < CLIPPED)
    floor = float((CLIPPED - usual)[to_clip].max()) if to_clip.any() else 0.0
    return max(rise, floor, 0.0)


def _face_samples(image: np.ndarray, top: Plane, centres: np.ndarray, r: float,
                  patch: np.ndarray = AT_POINT) -> np.ndarray:
    """BGR colours (N, M, 3) on a grid over each disc's face, clear of its bevel and shadow (FACE_SHARE); with a
    ``patch`` (offsets, mm), at each of its points round every grid point, those points last."""
    grid = disc_grid(FACE_SHARE * r, 9)
    return _sample_bgr(image, top, centres, (grid[:, None] + patch).reshape(-1, 2))


def _sample_bgr(image: np.ndarray, top: Plane, centres: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """BGR colours (N, M, 3) at each centre plus each offset, all in board mm of the plane ``top``."""
    pts = (centres[:, None, :] + offsets[None, :, :]).reshape(-1, 2)
    return sample(image, top.to_image(pts).reshape(len(centres), -1, 2))


@dataclass(frozen=True)
class TeamSplit:
    names: tuple[str, str]
    colours: tuple[tuple[int, int, int], tuple[int, int, int]]  # sRGB per team, for overlays and JSON
    labels: np.ndarray  # team index (0 or 1) per disc
    doubt: np.ndarray  # per disc: distance to own cluster / distance to the other, 0..1 (near 1: unsure)


def two_means(lab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Labels and the two centres; seeded with the two most different colours, so it is deterministic."""
    d = np.linalg.norm(lab[:, None] - lab[None], axis=2)
    i, j = np.unravel_index(np.argmax(d), d.shape)
    return _lloyd(lab, lab[[i, j]].astype(float))


def two_teams(lab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``two_means``, or the 2-means run seeded with the tightest cut across the colours' main axis when that
    one is tighter. Seeded only with the most different colours, one odd face (a false disc, a glare-white face)
    took a cluster of its own and put both teams in the other."""
    runs = [two_means(lab), _lloyd(lab, _axis_cut(lab))]
    return min(runs, key=lambda run: float(np.sum((lab - run[1][run[0]]) ** 2)))


def _axis_cut(lab: np.ndarray) -> np.ndarray:
    """Centres of the two sides of the tightest cut of the colours along their main axis (most spread)."""
    centred = lab - lab.mean(0)
    x = lab[np.argsort(centred @ np.linalg.svd(centred, full_matrices=False)[2][0])]
    n = np.arange(1, len(x))  # discs on the low side of each cut
    low, total = np.cumsum(x, 0)[:-1], x.sum(0)
    # Each side's spread is its sum of squares less its sum squared over its count; the squares add to a constant.
    k = int(np.argmax(np.sum(low**2, 1) / n + np.sum((total - low) ** 2, 1) / (len(x) - n)))
    return np.array([low[k] / n[k], (total - low[k]) / (len(x) - n[k])])


def _lloyd(lab: np.ndarray, centres: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    labels = np.zeros(len(lab), int)
    for step in range(20):
        new = np.argmin(np.linalg.norm(lab[:, None] - centres[None], axis=2), axis=1)
        if np.all(new == labels) and step > 0:
            break
        labels = new
        for k in (0, 1):
            if np.any(labels == k):
                centres[k] = lab[labels == k].mean(0)
    return labels, centres


def split_teams(lab: np.ndarray, given: dict[str, tuple[int, int, int]] | None) -> TeamSplit:
    """Cluster disc colours into two teams and name them (from ``given`` or the palette)."""
    if len(lab) == 0:  # an empty board: the given names, or the plain wooden pair
        names, colours, _ = _match(_reference_labs(given), given)
        return TeamSplit(names, colours, np.zeros(0, int), np.zeros(0))
    if len(lab) >= 2:
        labels, centres = two_teams(lab)
    else:
        labels, centres = np.zeros(1, int), np.array([lab[0], lab[0]], float)
    one_colour = len(lab) < 2 or np.linalg.norm(centres[0] - centres[1]) < SAME_TEAM_DE or _one_given(centres, given)
    if one_colour:
        # One team only on the board: decide which, by the given colours or by the palette.
        refs = _reference_labs(given)
        mean = lab.mean(0)
        k = int(np.argmin(np.linalg.norm(refs - mean, axis=1)))
        other = refs[1 - k]
        centres = np.array([mean, other]) if k == 0 else np.array([other, mean])
        labels = np.full(len(lab), k)
        lone_doubt = _reference_doubt(lab, refs, labels)
    names, colours, order = _match(centres, given)
    team_centres = np.empty_like(centres)
    for cluster, team in enumerate(order):
        team_centres[team] = centres[cluster]
    labels = np.array([order[c] for c in labels])
    dist = np.linalg.norm(lab[:, None] - team_centres[None], axis=2)
    idx = np.arange(len(lab))
    doubt = dist[idx, labels] / np.maximum(dist[idx, 1 - labels], 1e-6)
    if one_colour:
        doubt = np.maximum(doubt, lone_doubt)
    elif given:  # a disc alone in its cluster is no evidence of its own colour: judge it by the given ones
        alone = np.bincount(labels, minlength=2)[labels] == 1
        doubt = np.where(alone, np.maximum(doubt, _reference_doubt(lab, _reference_labs(given), labels)), doubt)
    return TeamSplit(names, colours, labels, doubt)


def off_hue(lab: np.ndarray, labels: np.ndarray, paints: np.ndarray) -> np.ndarray:
    """Per disc (CIELAB ``lab``, team ``labels``): far more colourful than its team's paint (``paints``, CIELAB,
    in team order) could look, and in the other team's hue. Shade scales chroma with lightness and a glare veil
    only washes it out, so such a disc is not plainly of its team. A veil the board beside a disc does not show
    (a glare spot on the hole lifts the board all round it alike) leaves a navy disc light blue, nearest the
    white team in delta-E (hard photo 111 of seed 2025: three sure white discs)."""
    if len(lab) == 0:
        return np.zeros(0, bool)
    chroma, paint_chroma = np.hypot(lab[:, 1], lab[:, 2]), np.hypot(paints[:, 1], paints[:, 2])
    own, other = paint_chroma[labels], paint_chroma[1 - labels]
    turn = np.arctan2(lab[:, 2], lab[:, 1]) - np.arctan2(paints[1 - labels, 2], paints[1 - labels, 1])
    toward = np.abs(np.angle(np.exp(1j * turn))) < math.radians(OFF_HUE_DEG)
    return (chroma > np.maximum(OFF_HUE_TIMES * own, own + OFF_HUE_CHROMA)) & (other >= HUED) & toward


def _reference_doubt(lab: np.ndarray, refs: np.ndarray, labels: np.ndarray) -> np.ndarray:
    """Per disc: distance to its team's reference colour over distance to the other's (near 1: unsure). Used
    where the team was judged from the references, so the doubt is too (not from a cluster of itself)."""
    ref_dist = np.linalg.norm(lab[:, None] - refs[None], axis=2)
    idx = np.arange(len(lab))
    return ref_dist[idx, labels] / np.maximum(ref_dist[idx, 1 - labels], 1e-6)


def _one_given(centres: np.ndarray, given) -> bool:
    """Both clusters are shades of one given colour (a lone team's discs split by light, not by paint): both
    are nearer the same given colour, and either far closer to each other than the given colours are, or apart
    in another direction than the given colours are (shade and glare move a colour mostly in lightness and
    chroma; the other team's paint lies the given colours' way)."""
    if not given:
        return False
    refs = rgb_to_lab(list(given.values()))
    near = [int(np.argmin(np.linalg.norm(refs - c, axis=1))) for c in centres]
    gap, paint_gap = centres[1] - centres[0], refs[1] - refs[0]
    apart, paints_apart = float(np.linalg.norm(gap)), float(np.linalg.norm(paint_gap))
    along = abs(float(gap @ paint_gap)) / max(apart * paints_apart, 1e-9)
    return near[0] == near[1] and (apart < 0.4 * paints_apart or along < SAME_WAY)


def _reference_labs(given) -> np.ndarray:
    if given:
        return rgb_to_lab(list(given.values()))
    return rgb_to_lab([PALETTE["natural"], PALETTE["dark"]])


def _match(centres: np.ndarray, given) -> tuple[tuple[str, str], tuple, list[int]]:
    """Names and colours for the two clusters; ``order[cluster]`` is the team index."""
    if given:
        refs = rgb_to_lab(list(given.values()))
        straight = np.linalg.norm(centres[0] - refs[0]) + np.linalg.norm(centres[1] - refs[1])
        swapped = np.linalg.norm(centres[0] - refs[1]) + np.linalg.norm(centres[1] - refs[0])
        order = [0, 1] if straight <= swapped else [1, 0]
        names = tuple(given)
        return (names[0], names[1]), tuple(given.values()), order
    names, colours = _names_for(centres, None)
    return names, colours, [0, 1]


def nearest_colours(labs) -> tuple[list[str], np.ndarray]:
    """The plain colour word (PALETTE) nearest each CIELAB colour, and its delta-E from that word's colour."""
    words = list(PALETTE)
    refs = rgb_to_lab([PALETTE[w] for w in words])
    dist = np.linalg.norm(np.asarray(labs, float).reshape(-1, 1, 3) - refs[None], axis=2)
    return [words[int(k)] for k in dist.argmin(axis=1)], dist.min(axis=1)


def colour_words(labs) -> list[str]:
    """The plain colour word (PALETTE) nearest each CIELAB colour."""
    return nearest_colours(labs)[0]


def _names_for(centres: np.ndarray, given) -> tuple[tuple[str, str], tuple]:
    picks = colour_words(centres)
    if picks[0] == picks[1]:
        light = 0 if centres[0][0] >= centres[1][0] else 1
        picks = [("light " if k == light else "dark ") + picks[k] for k in (0, 1)]
    colours = tuple(tuple(int(round(float(v))) for v in lab_to_rgb(c)) for c in centres)
    return (picks[0], picks[1]), colours


def lab_to_rgb(lab) -> np.ndarray:
    """sRGB (0..255 floats, clipped) of CIELAB colours (..., 3)."""
    a = np.asarray(lab, dtype=np.float32)
    if not a.size:  # no colours (a board with no discs): cv2 takes no empty picture
        return np.zeros(a.shape)
    return np.clip(cv2.cvtColor(a.reshape(1, -1, 3), cv2.COLOR_Lab2RGB).reshape(a.shape), 0, 1) * 255.0


def light_distance(lab, ref) -> float:
    """Delta-E from ``lab`` to the colour ``ref`` (both CIELAB) takes in another light: its pixel values times the
    gain that fits best, from MIN_GAIN (the model of shade ``face_colours`` divides out) to 1 / MIN_GAIN (a spot of
    glare on it alone)."""
    seen, own = lab_to_rgb(lab), lab_to_rgb(ref)
    gain = float(np.clip(seen @ own / max(float(own @ own), 1e-6), MIN_GAIN, 1 / MIN_GAIN))
    return float(np.linalg.norm(np.asarray(lab, float) - rgb_to_lab(gain * own)[0]))


def hex_colour(rgb) -> str:
    r, g, b = (int(v) for v in rgb)
    return f"#{r:02x}{g:02x}{b:02x}"
