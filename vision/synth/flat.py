"""A second, plain renderer, drawn unlike ``render``: flat colours, no bevel, grain, gloss, glare, shadow or lens
distortion, a palette of its own. What the scorer holds on these renders it does not owe to the look of the renders
its thresholds were measured on (the benchmark's ``flat`` section).

Everything but the discs lies flat on the board's plane (ditch, rail and pegs are painted rings and dots); a disc
is a flat-coloured top face over a darker wall, seen through a pinhole camera with a random pose.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from sim.board import Board
from vision.synth.camera import Camera, Pose, frame_camera
from vision.synth.scene import RGB, Scene, place, scoring
from vision.teams import rgb_to_lab

TEXTURE_PX_PER_MM = 3.0
SUPERSAMPLE = 3  # samples a pixel takes along each side
RAIL_MM = 40.0  # the rail's width outside the ditch
TEAM_APART_DE = 40.0  # the two teams' colours differ at least this much (CIELAB delta-E)


@dataclass(frozen=True)
class FlatLook:
    """The plain renderer's colours (RGB) and finish for one photo."""

    surface: RGB
    ditch: RGB
    rail: RGB
    table: RGB
    peg: RGB
    teams: tuple[RGB, RGB]
    wall_shade: float  # a disc's wall as a share of its top's colour
    gain: float  # exposure
    noise: float  # sensor noise, grey levels
    jpeg_quality: int


def random_flat_look(rng: np.random.Generator) -> FlatLook:
    """Colours drawn anew for each photo: a wood surface, any table, ditch and pegs, and any two team colours
    TEAM_APART_DE apart (either may be the board's)."""
    def colour(lo: int = 0, hi: int = 256) -> RGB:
        return tuple(int(c) for c in rng.integers(lo, hi, 3))

    red = rng.uniform(170, 250)  # wood: red over green over blue
    green = red * rng.uniform(0.7, 0.92)
    surface = (int(red), int(green), int(green * rng.uniform(0.55, 0.85)))
    while True:
        teams = (colour(), colour())
        if np.linalg.norm(np.subtract(*rgb_to_lab(teams))) >= TEAM_APART_DE:
            break
    darker = rng.uniform(0.45, 0.8)
    return FlatLook(surface=surface, ditch=colour(10, 90), rail=tuple(int(c * darker) for c in surface),
                    table=colour(40, 200), peg=colour(0, 200), teams=teams,
                    wall_shade=float(rng.uniform(0.45, 0.8)), gain=float(rng.uniform(0.75, 1.15)),
                    noise=float(rng.uniform(1.0, 4.0)), jpeg_quality=int(rng.integers(80, 96)))


def random_flat_pose(rng: np.random.Generator, tilt_max: float = 45.0) -> Pose:
    """Any tilt up to ``tilt_max`` degrees, any turn, the board filling 0.75-0.95 of the picture, no distortion."""
    return Pose(tilt_deg=float(rng.uniform(0, tilt_max)), azimuth_deg=float(rng.uniform(0, 360)),
                roll_deg=float(rng.uniform(-180, 180)), fill=float(rng.uniform(0.75, 0.95)),
                focal=float(rng.uniform(0.7, 1.5)), k1=0.0, k2=0.0)


def render_flat(scene: Scene, look: FlatLook, pose: Pose, rng: np.random.Generator,
                size: tuple[int, int] = (1600, 1200)) -> tuple[np.ndarray, dict]:
    """The scene (its teams repainted in ``look.teams``, in order) as a BGR photo, and its truth in the keys
    ``render`` gives that a scorer's figures read: discs (board mm, image px of top and foot, points, margin),
    totals, board_to_image, camera, team_colours, look and jpeg_quality."""
    board = scene.board
    colours = dict(zip(scene.team_colours, look.teams, strict=True))
    rail_r = board.surface_r + board.ditch_width + RAIL_MM
    a = np.linspace(0, 2 * np.pi, 64, endpoint=False)
    cam = frame_camera(pose, np.column_stack([rail_r * np.cos(a), rail_r * np.sin(a), np.zeros(64)]), size)
    half = rail_r + 20.0
    to_mm = np.array([[1 / TEXTURE_PX_PER_MM, 0, -half], [0, -1 / TEXTURE_PX_PER_MM, half], [0, 0, 1]])
    # Warped SUPERSAMPLE times finer, then averaged down: each pixel is the mean of the board it sees.
    k = SUPERSAMPLE
    finer = np.array([[k, 0, (k - 1) / 2], [0, k, (k - 1) / 2], [0, 0, 1]])
    img = cv2.warpPerspective(_board_texture(board, look, half), finer @ cam.plane_homography(0.0) @ to_mm,
                              (size[0] * k, size[1] * k), flags=cv2.INTER_LINEAR, borderValue=look.table[::-1])
    img = cv2.resize(img, size, interpolation=cv2.INTER_AREA).astype(np.float32)
    drawn = [d for d in scene.discs if place(board, d) != "table"]
    for d in sorted(drawn, key=lambda d: -float(cam.depth(np.array([[d.x, d.y, 0.0]]))[0])):
        _disc(img, cam, board, d.x, d.y, colours[d.team], look.wall_shade, place(board, d) == "hole")
    img = np.clip(img * look.gain + rng.normal(0, look.noise, img.shape), 0, 255).astype(np.uint8)
    return img, _truth(scene, cam, colours, look)


def _board_texture(board: Board, look: FlatLook, half: float) -> np.ndarray:
    """The board seen from straight above at TEXTURE_PX_PER_MM: rail, ditch, surface, lines, pegs, hole, each
    edge anti-aliased by its exact distance (OpenCV's anti-aliased circles run over half a pixel wide, its
    anti-aliased lines a pixel and a half: a 2.4 mm line drawn so measured 3.2)."""
    n = int(2 * half * TEXTURE_PX_PER_MM)
    at = np.arange(n, dtype=np.float32) / TEXTURE_PX_PER_MM - half
    x, y = np.meshgrid(at, -at)
    tex = np.empty((n, n, 3), np.float32)
    tex[:] = look.table[::-1]

    def paint(signed_mm, rgb: RGB, box: tuple[float, float, float, float] | None = None) -> None:
        """Paint a shape given by its signed distance over the texels of ``box`` (x0, x1, y0, y1 mm; all)."""
        rows, cols = np.s_[:], np.s_[:]
        if box is not None:
            x0, x1, y0, y1 = (int((v + half) * TEXTURE_PX_PER_MM) for v in box)
            rows, cols = np.s_[n - 1 - y1:n - y0], np.s_[x0:x1 + 1]
        cover = np.clip(0.5 - signed_mm(x[rows, cols], y[rows, cols]) * TEXTURE_PX_PER_MM, 0.0, 1.0)[..., None]
        tex[rows, cols] += cover * (np.float32(rgb[::-1]) - tex[rows, cols])

    black = (20, 20, 20)
    for r, rgb in ((board.surface_r + board.ditch_width + RAIL_MM, look.rail),
                   (board.surface_r + board.ditch_width, look.ditch), (board.surface_r, look.surface)):
        paint(lambda x, y, r=r: np.hypot(x, y) - r, rgb)
    for line in board.lines:
        paint(lambda x, y, line=line: np.abs(np.hypot(x, y) - line.radius) - line.width / 2, black)
    pad = board.line_width + 1.0
    for ang in board.quarter_line_angles():
        c, s = math.cos(ang), math.sin(ang)
        ends = np.array([[board.middle_r * c, board.middle_r * s], [board.outer_r * c, board.outer_r * s]])

        def off_line(x, y, c=c, s=s):
            along = np.clip(x * c + y * s, board.middle_r, board.outer_r)
            return np.hypot(x - along * c, y - along * s) - board.line_width / 2

        paint(off_line, black, (*(ends[:, 0].min() - pad, ends[:, 0].max() + pad),
                                *(ends[:, 1].min() - pad, ends[:, 1].max() + pad)))
    for px, py in board.pegs():
        reach = board.peg_r + 1.0
        paint(lambda x, y, px=px, py=py: np.hypot(x - px, y - py) - board.peg_r, look.peg,
              (px - reach, px + reach, py - reach, py + reach))
    reach = board.hole_r + 1.0
    paint(lambda x, y: np.hypot(x, y) - board.hole_r, black, (-reach, reach, -reach, reach))
    return np.clip(tex, 0, 255).astype(np.uint8)


def _inside_circle(cam: Camera, z: float, x: float, y: float, r: float, uv: np.ndarray) -> np.ndarray:
    """Which image points ``uv`` (N, 2) see the plane at height ``z`` within ``r`` of (x, y)."""
    q = cv2.perspectiveTransform(uv.reshape(-1, 1, 2), np.linalg.inv(cam.plane_homography(z)))[:, 0]
    return np.hypot(q[:, 0] - x, q[:, 1] - y) < r


def _inside_hull(points: np.ndarray, uv: np.ndarray) -> np.ndarray:
    """Which image points ``uv`` (N, 2) lie inside the convex hull of ``points``."""
    hull = cv2.convexHull(points.astype(np.float32)).reshape(-1, 2).astype(np.float64)
    edge = np.roll(hull, -1, axis=0) - hull
    du, dv = uv[:, None, 0] - hull[None, :, 0], uv[:, None, 1] - hull[None, :, 1]
    cross = edge[None, :, 0] * dv - edge[None, :, 1] * du
    return np.all(cross >= 0, axis=1) | np.all(cross <= 0, axis=1)


def _disc(img: np.ndarray, cam: Camera, board: Board, x: float, y: float, rgb: RGB, wall_shade: float,
          sunk: bool) -> None:
    """A disc standing at (x, y), drawn into the float image by SUPERSAMPLE x SUPERSAMPLE samples a pixel: its
    top face and, beside it, its wall; a sunk one only where the hole's rim lets it be seen or it stands above the
    surface."""
    a = np.linspace(0, 2 * np.pi, 90, endpoint=False)
    rim = np.column_stack([x + board.disc_r * np.cos(a), y + board.disc_r * np.sin(a)])
    z_foot = -board.hole_depth if sunk else 0.0
    z_top = z_foot + board.disc_thickness
    top, foot, level = (cam.project(np.column_stack([rim, np.full(len(a), z)])) for z in (z_top, z_foot, 0.0))
    lo = np.maximum(np.floor(np.vstack([top, foot]).min(axis=0)) - 2, 0).astype(int)
    hi = np.minimum(np.ceil(np.vstack([top, foot]).max(axis=0)) + 3, [img.shape[1], img.shape[0]]).astype(int)
    if np.any(hi <= lo):
        return
    k = SUPERSAMPLE
    sub = (np.arange(k) + 0.5) / k - 0.5
    u = (np.arange(lo[0], hi[0])[:, None] + sub).ravel()
    v = (np.arange(lo[1], hi[1])[:, None] + sub).ravel()
    uu, vv = np.meshgrid(u, v)
    uv = np.column_stack([uu.ravel(), vv.ravel()])
    on_top = _inside_circle(cam, z_top, x, y, board.disc_r, uv)
    on_wall = _inside_hull(np.vstack([top, foot]), uv) & ~on_top
    if sunk:  # seen through the rim, or above the surface
        seen = _inside_circle(cam, 0.0, 0.0, 0.0, board.hole_r, uv) | _inside_hull(np.vstack([top, level]), uv)
        on_top, on_wall = on_top & seen, on_wall & seen
    shape = (hi[1] - lo[1], k, hi[0] - lo[0], k)
    share_top, share_wall = (m.reshape(shape).mean(axis=(1, 3))[..., None] for m in (on_top, on_wall))
    patch = img[lo[1]:hi[1], lo[0]:hi[0]]
    colour = np.float32(rgb[::-1])
    patch[:] = patch * (1 - share_top - share_wall) + colour * share_top + colour * wall_shade * share_wall


def _truth(scene: Scene, cam: Camera, colours: dict[str, RGB], look: FlatLook) -> dict:
    """The calls ``render``'s truth gives, on the board's own line width (the plain renderer paints it exactly)."""
    board = scene.board
    score = scoring(board, scene.discs, list(scene.team_colours))
    discs = []
    for d, call in zip(scene.discs, score["calls"], strict=True):
        z = -board.hole_depth if call["place"] == "hole" else 0.0
        top, foot = cam.project(np.array([[d.x, d.y, z + board.disc_thickness], [d.x, d.y, z]]))
        discs.append({"x_mm": d.x, "y_mm": d.y, "team": d.team, "place": call["place"], "in_play": call["in_play"],
                      "points": call["points"], "margin_mm": call["margin_mm"], "px": top.tolist(),
                      "px_base": foot.tolist()})
    return {"board": board.name, "image_size": list(cam.size), "board_to_image": cam.plane_homography(0.0).tolist(),
            "camera": {**cam.to_json(), "tilt_deg": round(cam.tilt_deg, 3)}, "discs": discs,
            "team_colours": {k: list(v) for k, v in colours.items()}, "totals": score["totals"],
            "twenties": score["twenties"], "round": score["round"], "look": {"field": "flat"},
            "jpeg_quality": look.jpeg_quality}
