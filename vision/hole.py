"""The 20 hole read from a photo: whether a disc is sunk in it, whose, and whether that is in doubt.

A sunk disc's top stands a few millimetres above the surface and fills the hole to within a millimetre or two, so
its outline tells little: on 200 hard renders in the novel colours (seed 2025), a disc-sized outline fitted in a
tournament board's hole had a median rms of 0.48 mm where a disc was sunk and 0.60 mm where none was, and at 12 MP
the two still overlapped. The hole's colour and light, against the discs counted on the surface, decide; a ring on
a face centred in the hole proves a disc. A dark team's disc and a dark floor look alike, and so do a floor and a
team of its colour, but in a tilted photo an empty hole shows its far inner wall, which a sunk disc hides.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import cv2
import numpy as np

from vision.discs import face_rings
from vision.rectify import Plane, lifted_homography
from vision.teams import (
    HUED,
    MIN_GAIN,
    RingShade,
    beside_bgr,
    faces_bgr,
    light_distance,
    lights,
    rgb_to_lab,
    unlit,
    washed_out,
)

if TYPE_CHECKING:
    from sim.board import Board
    from vision.score import Scene

HOLE_NOTE = "cannot tell whether a disc sits in the 20 hole"
HOLE_SAME_DE = 14.0  # a sunk disc's top looks like its team's discs within this (delta-E)
# A sunk disc of a team with a hue (chroma at least teams.HUED) keeps at least this share of its team's chroma: of
# the 20s of coloured teams in 300 hard renders (seed 31) the least kept 0.52; of the 7 empty holes within 21
# delta-E of a coloured team, 5 kept 0.01-0.11 (grey floors under glare, one read as a brown disc) and 2 kept 0.7
# and 0.8, which this rule cannot tell from a disc.
HUE_KEPT = 1 / 3
FLOOR_L, FLOOR_CHROMA = 36.0, 14.0  # an empty hole's shadowed floor: darker and greyer than this
# A hole this much darker than a sunk disc of either team would look there is empty (``darker_than_discs``). In 900
# hard renders (seeds 2025, 5150, 9001), of the 63 sunk 20s that their colour did not give to a team, with both
# teams on the board, the darkest looked 0.72 as bright as that (5% under 1.03); 224 of the 627 empty holes looked
# under 0.5.
EMPTY_HOLE_SHARE = 0.5
# A hole within this of a disc on the surface in the light beside the hole may hold one (``lit_like_a_disc``). The
# two sunk 20s read as sure empty holes in 900 hard renders (seeds 2025, 5150, 9001: a glare spot on the centre, a
# shadow band across it) came within 1.2 and 1.0; of the 386 empty holes read as sure ones, the nearest 9.4. Delta-E
# says little between near-blacks (a floor a third as bright as a black disc came within 6.7), so a hole darker than
# any disc would look there (``darker_than_discs``) is not asked. A hole so lit counts as that disc's team's 20, in
# doubt (``read_hole``): of the shaded set's 100 renders (seed 2025, a light 20 under a player's shadow), 23 more
# scored exact (seed 777: 23), the hard set's 300 one more; of the novel set's 200, one empty hole on blue felt with
# a blue team was counted blue's (seed 777: one too), and board3 in a player's shadow read its empty hole as navy's
# until a hole that looks like a bare floor was left out.
LIT_SAME_DE = 7.0
# ... but a hole is counted so only where the board beside the disc tells that light: its factor of shade to within
# GAIN_TOLD, were each channel of the two boards' median colours LIGHT_NOISE levels off. Beside a red disc on black
# paint (plain photo 61 of seed 777: channels 20, 20, 10) a shade of 0.34 under a veil of 22 levels, loose by 0.24,
# made an empty red-felt hole a red 20. The 23 light 20s under shadows counted so (shaded set, seed 2025) were
# beside boards that told it within 0.03-0.23 of the factor; one more, beside dark paint, was told to 0.47 and left.
LIGHT_NOISE, GAIN_TOLD = 2.0, 1 / 3
# A tilted camera sees an empty hole's far inner wall between its rim and floor; a sunk disc, standing above the
# surface, hides it. Where that band is at least WALL_SEEN_PX wide and within WALL_SAME_DE of the hole's middle, and
# the hole is grey and at least as bright as the dark team's darkest disc would look there, the hole holds that
# team's disc (``wall_hidden``). Of the holes so read in 300 hard renders each of seeds 2025 and 777, with discs drawn
# inside their rims, the walls of 10 sunk black discs were 0.0-8.6 from the middle (two more 10.4 and 12.6), those
# of the 7 empty holes 11.9 and more: at 9 the 10 are found, at 6 (fitted when the renders drew discs' rims half
# outside them) 8.
WALL_SEEN_PX, WALL_SAME_DE = 2.0, 9.0
# ... and a hole whose colour is a team's but whose far wall shows, at least WALL_OPEN_PX wide and WALL_OPEN_DE from
# the hole's middle, in a view oblique enough that a sunk disc would hide it wherever it sits in the hole
# (``FarWall.open``), is empty, though in doubt. A sunk disc's face where that wall would be can differ from its
# middle too (a printed ring: up to 48 delta-E), so a ring seen in the hole still proves a disc. Fitted on seed 2025:
# of its 300 hard renders, the sunk discs no ring proved, seen so, were within 14.5 of their middles (the least
# oblique views, bands of 2-3 px, read up to 29: too narrow to sample); 4 of the 16 floors the novel set's 200 read
# as a team's 20 (grey, blue) showed their walls 33-48 away, 2 of them on club boards seen too steeply to tell.
WALL_OPEN_PX, WALL_OPEN_DE = 3.0, 25.0
WALL_DEPTHS = (0.35, 0.65)  # where the far wall is sampled, as shares of the hole's depth
WALL_IN_MM = 0.3  # ... and this far inside the hole's rim
HOLE_SLACK_MM = 3.0  # how near the hole's centre or axis a circle found is the hole's (``HoleSeen``)


@dataclass(frozen=True)
class HoleSeen:
    """The 20 hole on the top-face plane, where standing discs are sought. Its rim, its floor and a sunk disc's top
    are circles centred on its axis, which shows there as the segment ``near``-``far`` (a sunk disc's top to the
    floor); a standing disc centred over the hole would drop in. A circle found within HOLE_SLACK_MM of that
    segment, or centred further than that inside the rim, is no standing disc; one beside them is, though it
    overhangs the hole. (A circle of the hole's radius round where its rim shows left out a disc leaning over the
    rim 19 mm from the hole's centre in an oblique photo, and its team's 20 was counted instead.)"""

    near: tuple[float, float]
    far: tuple[float, float]
    hole_r: float

    def __call__(self, x: float, y: float) -> bool:
        (ax, ay), (bx, by) = self.near, self.far
        dx, dy = bx - ax, by - ay
        t = min(max(((x - ax) * dx + (y - ay) * dy) / max(dx * dx + dy * dy, 1e-9), 0.0), 1.0)
        on_axis = math.hypot(x - ax - t * dx, y - ay - t * dy) < HOLE_SLACK_MM
        return on_axis or math.hypot(x, y) < self.hole_r - HOLE_SLACK_MM


def hole_plane(scene) -> Plane:
    """The plane of a sunk disc's top face, ``hole_depth`` below a standing disc's (a Scene or PhotoScore)."""
    b = scene.board
    return Plane(lifted_homography(scene.calibration, max(b.disc_thickness - b.hole_depth, 0.0)), 1.0, 2 * b.hole_r)


def hole_call(hole_lab: np.ndarray, team_labs: list[np.ndarray | None],
              paints: np.ndarray | list[np.ndarray | None] | None = None) -> tuple[int | None, bool]:
    """Which team's disc the hole's colour says sits in the 20 hole (None: empty), and whether an empty call is in
    doubt (a call of a team's disc always is, unless a ring shows it: ``read_hole``).

    A disc fills the hole to within a millimetre or two, so the hole's outline says little at phone resolution;
    its colour says more. A sunk disc's top mostly looks like its team's discs, though the hole's wall may shade
    it or a spot of glare light it (``_lit_disc``); an empty hole shows its shadowed floor. A team as dark and
    grey as such a floor cannot be told from it: the hole is then read as empty (20s are usually taken out at
    once) and the call is in doubt. That is judged on the teams' paint colours (``paints``, CIELAB, None for one not
    known): a glare veil or a bright exposure lifts a black team's measured colour, not its paint. Nor is a hole
    far greyer than a coloured team's discs one of them, however near in delta-E (see HUE_KEPT). A hole read as
    empty is in doubt whenever it looks like a team's disc in another light, or like a bare floor while a team's
    colour is unknown (none given, no disc on the surface): that team may be black.
    """
    dist = team_distances(hole_lab, team_labs)
    k = int(np.argmin(dist))
    bare = _floor_like(hole_lab) and not np.all(np.isfinite(dist))
    if not np.isfinite(dist[k]):
        return None, bare
    if _floor_like(team_labs[k] if paints is None or paints[k] is None else paints[k]):
        return None, bare or dist[k] <= 2 * HOLE_SAME_DE or _lit_disc(hole_lab, team_labs)
    if dist[k] <= HOLE_SAME_DE and not _lost_hue(hole_lab, team_labs[k]):
        return k, False  # like the team's discs (``read_hole`` still asks for a ring: a floor may look so too)
    return None, bare or dist[k] <= 1.5 * HOLE_SAME_DE or _lit_disc(hole_lab, team_labs)


def darkest_faces(lab: np.ndarray, on: np.ndarray) -> list[np.ndarray | None]:
    """Each team's darkest disc face (CIELAB; None for a team with no disc on the surface): the nearest to its
    paint when no colours are given, for glare and a bright exposure only add light. Under a veil a black team
    measured L 36 on the mean of its discs, a hair lighter than a floor (FLOOR_L), and L 27 on its darkest (plain
    photo 198, seed 4242: an empty hole under the veil was counted its 20, sure)."""
    return [lab[on == t][np.argmin(lab[on == t][:, 0])] if np.any(on == t) else None for t in (0, 1)]


def team_distances(lab: np.ndarray, team_labs: list[np.ndarray | None]) -> list[float]:
    """Delta-E from a colour (CIELAB) to each team's, infinite for a team whose colour is unknown."""
    return [np.inf if t is None else float(np.linalg.norm(lab - t)) for t in team_labs]


def ring_in_hole(scene: Scene, hole: Plane, r: float) -> bool:
    """Does a clean ring on a face (printed or turned) sit centred in the 20 hole? Then a disc is sunk there,
    whatever its colour: a black disc in a hole with a near-black floor shows nothing else at phone resolution.
    A disc in the hole is no wider than the hole, so neither is the ring sought: the hole's own rim is no ring on
    a face, though discs measured wider than the profile's (a real photo, 21.7 mm) would let it pass for one."""
    b = scene.board
    (ring,) = face_rings(scene.image, hole, [(0.0, 0.0)], min(r, b.hole_r))
    return ring is not None and math.hypot(ring.x, ring.y) <= b.hole_r - b.disc_r + 1.0


def darker_than_discs(shares: list[float | None]) -> bool:
    """Is the hole darker than a sunk disc of either team would look there (EMPTY_HOLE_SHARE)? Then it is empty,
    though its colour is a dark team's: a black disc and a black floor differ in light, not in colour.

    ``shares``: ``hole_shares``. A sunk disc's face stands above the surface, lit like the board beside the hole,
    so it looks as bright as its team's discs look where the board beside them is as bright; at least as bright
    as the darkest of them, since gloss lights a dark disc more in one place than another (two glossy black discs
    looked 1.4 times as bright as a sunk one). A board brighter beside the hole than beside them may be brighter
    paint (a painted centre) or brighter light, which cannot be told apart, so it is not counted: a painted centre
    never makes a sunk disc look brighter than its team's. A team with no disc on the surface leaves it unknown.
    """
    return all(v is not None for v in shares) and max(shares) < EMPTY_HOLE_SHARE


def hole_shares(hole_face: np.ndarray, hole_beside: np.ndarray, faces: np.ndarray, beside: np.ndarray,
                on: np.ndarray) -> list[float | None]:
    """Per team: the hole's brightness over that of the team's darkest disc as a sunk one would look there (see
    ``darker_than_discs``); None for a team with no disc on the surface. ``hole_face`` and ``hole_beside``: the
    hole's face and the board beside it (BGR); ``faces``, ``beside`` and ``on`` (team): those of the discs counted
    on the surface."""
    luma = np.array([0.114, 0.587, 0.299])
    looks = faces @ luma * np.minimum(hole_beside @ luma / np.maximum(beside @ luma, 1.0), 1.0)
    hole = float(hole_face @ luma)
    return [hole / max(float(np.min(looks[on == t])), 1e-6) if np.any(on == t) else None for t in (0, 1)]


def lit_like_a_disc(hole_face: np.ndarray, hole_beside: np.ndarray, faces: np.ndarray,
                    beside: np.ndarray) -> int | None:
    """Which disc on the surface (its index) the hole could be, in the light beside the hole (LIT_SAME_DE): the
    nearest so; None for none. Arguments as ``hole_shares``.

    The light on the hole cannot be read as a disc's is (the board beside it is the same at every turn about the
    hole), so a glare spot or a shadow over the centre changes a sunk disc's colour unseen, and it was read as a
    sure empty hole. But the board beside the hole against the board beside a disc gives that change, as a
    factor of shade and a veil of glare fitted across the three channels; a sunk disc of that disc's paint looks
    like that disc under them. Fits no light could give (shade beyond MIN_GAIN, a veil taking light away) say
    the boards differ in paint, not light, and are not used.
    """
    gain, veil, _ = light_fit(hole_beside, beside)
    fair = (gain >= MIN_GAIN) & (gain <= 1 / MIN_GAIN) & (veil >= 0)
    if not fair.any():
        return None
    seen = np.clip(faces[fair] * gain[fair, None] + veil[fair, None], 0, 255)
    far = np.linalg.norm(rgb_to_lab(seen[:, ::-1]) - rgb_to_lab(hole_face[::-1]), axis=1)
    return int(np.flatnonzero(fair)[np.argmin(far)]) if far.min() <= LIT_SAME_DE else None


def light_fit(hole_beside: np.ndarray, beside: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per disc: the factor of shade and the veil of glare (levels) that take the board beside it (``beside``, BGR,
    N x 3) to the board beside the hole, fitted across the three channels, and the factor's standard error were
    each channel LIGHT_NOISE levels off. Nearly grey boards (their channels alike) leave the factor loose."""
    x, y = np.asarray(beside, float), np.asarray(hole_beside, float)
    dx = x - x.mean(axis=1, keepdims=True)
    spread = np.maximum(np.einsum("ij,ij->i", dx, dx), 1e-6)
    gain = dx @ (y - y.mean()) / spread
    return gain, y.mean() - gain * x.mean(axis=1), LIGHT_NOISE / np.sqrt(spread)


def _lit_disc(hole_lab: np.ndarray, team_labs: list[np.ndarray | None]) -> bool:
    """Could the hole be a team's disc in another light than its team's? Sunk discs of 20s read as empty with no
    doubt were lit at 0.3-0.45 of their team's light (the hole's wall shades them) or, under glare, brighter
    (hard renders, seeds 31 and 4242); an empty floor of the same hue (a red felt floor under a red team) looks
    just like a shaded disc, so neither can be told from the other."""
    return any(lab is not None and light_distance(hole_lab, lab) <= HOLE_SAME_DE and not _lost_hue(hole_lab, lab)
               for lab in team_labs)


def _light_told(hole_beside: np.ndarray, beside: np.ndarray) -> bool:
    """Is the light that takes the board beside a disc to the board beside the hole told within GAIN_TOLD of its
    factor (``light_fit``)?"""
    gain, _, error = light_fit(hole_beside, beside[None])
    return bool(error[0] <= GAIN_TOLD * gain[0])


def _lost_hue(lab: np.ndarray, team: np.ndarray) -> bool:
    """Greyer than any disc of ``team`` (CIELAB) looks, whatever its light: see HUE_KEPT."""
    chroma = math.hypot(team[1], team[2])
    return chroma >= HUED and math.hypot(lab[1], lab[2]) < HUE_KEPT * chroma


def _floor_like(lab: np.ndarray) -> bool:
    return bool(lab[0] < FLOOR_L and math.hypot(lab[1], lab[2]) < FLOOR_CHROMA)


@dataclass(frozen=True)
class FarWall:
    """The hole's inner wall on the side away from the camera, which an empty hole shows in a tilted photo and a
    sunk disc, standing above the surface, hides: how wide it shows (image pixels), its colour (CIELAB) and the
    camera's elevation over the hole (tangent)."""

    band_px: float
    lab: np.ndarray | None  # None when the band is too narrow to sample (under WALL_SEEN_PX)
    tan_elevation: float

    def hidden(self, hole_lab: np.ndarray) -> bool:
        """Does the far wall look like the hole's middle (WALL_SAME_DE)? Then a disc stands above it."""
        return self.lab is not None and bool(np.linalg.norm(self.lab - hole_lab) < WALL_SAME_DE)

    def open(self, hole_lab: np.ndarray, board: Board) -> bool:
        """Does the far wall show, unlike the hole's middle (WALL_OPEN_PX, WALL_OPEN_DE), where any sunk disc
        would hide it? A disc in the hole may sit against its near side, leaving a gap at the far wall; the sight
        line to the wall's shallowest sample clears that disc's top only from above ``_hiding_tan``."""
        return (self.lab is not None and self.band_px >= WALL_OPEN_PX
                and self.tan_elevation < _hiding_tan(board)
                and bool(np.linalg.norm(self.lab - hole_lab) > WALL_OPEN_DE))


def _hiding_tan(board: Board) -> float:
    """The steepest view (tangent of the elevation) in which a sunk disc hides the far wall's shallowest sample
    wherever it sits: the gap it can leave there is twice its play in the hole, less WALL_IN_MM."""
    gap = max(2 * (board.hole_r - board.disc_r) - WALL_IN_MM, 1e-6)
    return (board.disc_thickness - board.hole_depth + min(WALL_DEPTHS) * board.hole_depth) / gap


def far_wall(scene: Scene) -> FarWall:
    """The hole's far inner wall as this photo shows it (``FarWall``), sampled across 50 degrees about the line
    away from the camera's foot, at WALL_DEPTHS of the hole's depth."""
    b, cal = scene.board, scene.calibration
    cx, cy, cz = cal.view.camera_mm
    away = math.atan2(-cy, -cx)
    tan_elevation = cz / max(math.hypot(cx, cy), 1e-6)

    def at(z: float, r: float, ang: np.ndarray) -> np.ndarray:  # image points round the hole's axis, z mm up
        return Plane(lifted_homography(cal, z), 1.0, b.hole_r).circle_to_image(0.0, 0.0, r, ang)

    rim, floor = (at(z, b.hole_r, np.array([away]))[0] for z in (0.0, -b.hole_depth))
    band = float(np.linalg.norm(rim - floor))
    if band < WALL_SEEN_PX:
        return FarWall(band, None, tan_elevation)
    turns = away + np.radians(np.arange(-25, 26, 5))
    pts = np.vstack([at(-share * b.hole_depth, b.hole_r - WALL_IN_MM, turns) for share in WALL_DEPTHS])
    pts = pts.astype(np.float32)
    wall = cv2.remap(scene.image, pts[:, :1], pts[:, 1:], cv2.INTER_LINEAR)[:, 0]
    return FarWall(band, rgb_to_lab(np.median(wall, axis=0)[::-1]), tan_elevation)


def read_hole(scene: Scene, hole: Plane, r_disc: float, team_labs: list[np.ndarray | None],
              refs: np.ndarray | list[np.ndarray | None], face: np.ndarray,
              centres: np.ndarray, on: np.ndarray,
              shade: RingShade | None = None) -> tuple[int | None, bool, list[float]]:
    """The 20 hole read from the photo: the team whose disc sits in it (None: empty), whether that is in doubt, and
    the hole's colour's distance to each team's (``team_distances``). ``face``, ``centres`` and ``on`` are the
    counted discs' faces (BGR), centres and teams; ``refs`` the colours ``hole_call`` compares a floor with;
    ``shade`` each ring's shade, as the discs' colours were read with it (``teams.lights``)."""
    hole_face = faces_bgr(scene.image, hole, np.zeros((1, 2)), r_disc)[0]
    light = lights(scene.image, hole, np.zeros((1, 2)), r_disc, shade=shade)
    hole_lab = unlit(hole_face[None], light[:, 0], light[:, 1])[0]  # as ``face_colours``, the face sampled once
    # The far wall is read as seen. A player's shadow over the middle, divided out of ``hole_lab``, may lie on it
    # too, or its edge may pass between them: it shows open only unlike the middle both as seen and in the light
    # divided out (renders of a light 20 under a band: the wall matched the middle as seen on two, divided on one).
    seen_lab = rgb_to_lab(hole_face[::-1])[0]
    dist = team_distances(hole_lab, team_labs)  # infinite for a team with no colour known
    in_team, hole_doubt = hole_call(hole_lab, team_labs, refs)
    # Colour alone proves no 20: an empty hole's floor may have any colour, a team's too (a maroon team over red
    # felt). A ring on a face centred in the hole proves a disc sunk there, whatever its colour.
    wall, opened = far_wall(scene), False
    shows_wall = wall.open(hole_lab, scene.board) and wall.open(seen_lab, scene.board)
    if np.isfinite(dist).any() and ring_in_hole(scene, hole, r_disc):
        in_team, hole_doubt = int(np.argmin(dist)) if in_team is None else in_team, False
    elif in_team is not None:  # a team's colour, unproved: if the hole shows its far wall, it is empty, in doubt
        opened = shows_wall
        in_team, hole_doubt = None if opened else in_team, True
    if in_team is None:  # a hole darker than any disc is empty; one lit like a disc may hold one
        beside = beside_bgr(scene.image, scene.top, np.vstack([np.zeros((1, 2)), centres]), r_disc)
        shares = hole_shares(hole_face, beside[0], face, beside[1:], on)
        dark = [t for t in (0, 1) if refs[t] is not None and _floor_like(refs[t])]
        if darker_than_discs(shares):  # its light, not its colour, decides
            hole_doubt = opened
        elif (len(dark) == 1 and shares[dark[0]] is not None and shares[dark[0]] >= 1.0
              and math.hypot(hole_lab[1], hole_lab[2]) < FLOOR_CHROMA and wall.hidden(hole_lab)):
            in_team, hole_doubt = dark[0], True  # as bright as its team's discs, and it hides the wall
        else:  # lit like a disc on the surface: that disc's team's 20, in doubt; not a team dark and grey as a
            # floor (judged by its light above), nor a hole that looks like a bare floor or shows its far wall
            like = lit_like_a_disc(hole_face, beside[0], face, beside[1:])
            team = None if like is None else int(on[like])
            if (team is not None and not _floor_like(refs[team]) and not _floor_like(seen_lab) and not shows_wall
                    and _light_told(beside[0], beside[1 + like])):
                in_team = team
            hole_doubt = hole_doubt or like is not None
    # Glare that clips the hole white leaves its colour a lower bound: a red 20 under it reads as a pink floor.
    hole_doubt = hole_doubt or bool(washed_out(scene.image, hole, np.zeros((1, 2)), r_disc)[0])
    return in_team, hole_doubt, dist
