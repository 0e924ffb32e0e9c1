"""Render a Scene in a Style to a photo-like BGR picture and its exact truth.

Drawing happens in a padded, supersampled pinhole canvas, back to front: table, far stacks beside the board,
ditch floor, inner rail walls, playing surface (a texture warped by its plane's homography), the hole, discs and
pegs sorted by depth, outer walls and rail top, near stacks. The canvas is then shrunk, bent by the lens
distortion and given the photo's light, blur and noise.
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache

import cv2
import numpy as np

from sim.board import Board
from vision.synth import draw, textures
from vision.synth.camera import Camera, Pose, frame_camera
from vision.synth.draw import View
from vision.synth.post import lens, light_and_noise
from vision.synth.scene import Scene, place, scoring
from vision.synth.style import BoardLook, Style, relit
from vision.synth.textures import Grid


class SceneError(ValueError):
    """A scene or size the renderer cannot draw."""


# -- frame geometry ---------------------------------------------------------------------------------------------
def _outline(apothem: float, shape: str) -> np.ndarray:
    """Closed counter-clockwise (M, 2) outline: a circle, or an octagon with flat sides facing the seats."""
    if shape == "octagon":
        a = np.radians(-67.5 + 45 * np.arange(8))
        return np.column_stack([np.cos(a), np.sin(a)]) * apothem / math.cos(math.pi / 8)
    a = np.linspace(0, 2 * np.pi, 180, endpoint=False)
    return np.column_stack([np.cos(a), np.sin(a)]) * apothem


def _at(outline: np.ndarray, z: float) -> np.ndarray:
    return np.column_stack([outline, np.full(len(outline), z)])


class _Frame:
    """Heights and outlines of the board's parts for one board and look."""

    def __init__(self, board: Board, look: BoardLook):
        self.inner = _outline(board.surface_r + board.ditch_width, look.frame)
        self.outer = _outline(board.surface_r + board.ditch_width + look.rail_width, look.frame)
        self.surface = _outline(board.surface_r, "round")
        self.z_floor = -look.ditch_drop
        self.z_rail = board.rail_height
        self.z_table = self.z_floor - look.base_height
        self.half = float(np.abs(self.outer).max()) + 5


def camera_for(board: Board, style: Style, size: tuple[int, int]) -> Camera:
    frame = _Frame(board, style.look)
    outline = np.vstack([_at(frame.outer, frame.z_rail), _at(frame.outer, frame.z_table)])
    return frame_camera(style.pose, outline, size)


# -- textures (cached: a before/after pair reuses them) ---------------------------------------------------------
@lru_cache(maxsize=4)
def _base_textures(board: Board, style: Style, scale: float) -> dict[str, np.ndarray]:
    look, rng = style.look, np.random.default_rng(style.seed)
    frame = _Frame(board, look)
    grid = Grid(scale, frame.half)
    if look.field == "painted":
        surface = textures.felt(rng, grid, look.surface_rgb, rough=0.035)
    else:
        surface = textures.wood(rng, grid, look.surface_rgb, grain=look.grain, angle_deg=look.grain_angle_deg,
                                strips=look.veneer_strips)
    _paint_markings(surface, grid, board, look)
    if look.ditch_felt:
        ditch = textures.felt(rng, grid, look.ditch_rgb, rough=0.09)
    else:
        ditch = textures.wood(rng, grid, look.ditch_rgb, grain=0.5, angle_deg=look.grain_angle_deg + 90, strips=False)
    rail = textures.wood(rng, grid, look.rail_rgb, grain=0.7, angle_deg=float(rng.uniform(0, 180)), strips=True)
    table_grid = Grid(min(scale, 0.5), 1100.0)
    table = textures.table(rng, table_grid, look.table, look.table_rgb)
    return {"surface": surface, "ditch": ditch, "rail": rail, "table": table}


def painted_line_width(board: Board, look: BoardLook) -> float:
    return look.line_width if look.line_width is not None else board.line_width


def _paint_markings(tex: np.ndarray, grid: Grid, board: Board, look: BoardLook) -> None:
    """Scoring lines (exact, anti-aliased), quarter lines, decorative rings and printed zone numbers."""
    x, y = grid.coords()
    r_map = np.sqrt(x * x + y * y)
    lw = painted_line_width(board, look)
    ink = np.zeros(tex.shape[:2], np.float32)
    rings = [(line.radius, lw) for line in board.lines] + [(s * board.surface_r, 1.2) for s in look.decorative_rings]
    for radius, width in rings:
        np.maximum(ink, textures.ring_mask(grid, radius, width, r_map), out=ink)
    for a in board.quarter_line_angles():
        p = grid.px(board.middle_r * math.cos(a), board.middle_r * math.sin(a))
        q = grid.px(board.outer_r * math.cos(a), board.outer_r * math.sin(a))
        cv2.line(ink, (round(p[0] * 16), round(p[1] * 16)), (round(q[0] * 16), round(q[1] * 16)), 1.0,
                 max(1, round(lw * grid.scale)), cv2.LINE_AA, 4)
    textures.paint(tex, ink, look.line_rgb)
    if look.numbers:
        labels = (
            ("5", (board.middle_r + board.outer_r) / 2, 0.06),
            ("10", (board.fifteen_r + board.middle_r) / 2, 0.055),
            ("15", board.fifteen_r - 16, 0.035),
            ("20", board.hole_r + 10, 0.028),
        )
        for text, radius, height in labels:
            for k in range(4):
                phi = -math.pi / 2 + k * math.pi / 2
                at = (radius * math.cos(phi), radius * math.sin(phi))
                textures.paint_text(tex, grid, text, at, height * board.surface_r, math.degrees(phi) + 90,
                                    look.line_rgb)


# -- the scene's objects -----------------------------------------------------------------------------------------
def _disc_levels(scene: Scene, frame: _Frame) -> list[float]:
    """Height of each disc's underside: in the hole, on the surface, on the ditch floor, or stacked on the table."""
    levels, stacks = [], {}
    for d in scene.discs:
        where = place(scene.board, d)
        if where == "hole":
            levels.append(-scene.board.hole_depth)
        elif where == "surface":
            levels.append(0.0)
        elif where == "ditch":
            levels.append(frame.z_floor)
        else:
            k = stacks.get((d.x, d.y), 0)
            stacks[(d.x, d.y)] = k + 1
            levels.append(frame.z_table + k * scene.board.disc_thickness)
    return levels


def _shadow_vector(style: Style) -> np.ndarray:
    az, el = math.radians(style.light.azimuth_deg), math.radians(style.light.elevation_deg)
    return -np.array([math.cos(az), math.sin(az)]) / math.tan(el)


def _cast(layer: np.ndarray, grid: Grid, x: float, y: float, r: float, h: float, sv: np.ndarray) -> None:
    """Add the shadow of an upright cylinder (a stadium from its foot along the light) to ``layer``."""
    p = grid.px(x, y)
    q = grid.px(x + sv[0] * h, y + sv[1] * h)
    rad = max(1, round(r * grid.scale))
    cv2.line(layer, (round(p[0]), round(p[1])), (round(q[0]), round(q[1])), 1.0, 2 * rad, cv2.LINE_AA)
    cv2.circle(layer, (round(q[0]), round(q[1])), rad, 1.0, -1, cv2.LINE_AA)
    cv2.circle(layer, (round(p[0]), round(p[1])), round((r + 1.5) * grid.scale), 1.0, -1, cv2.LINE_AA)


def _shaded(tex: np.ndarray, layer: np.ndarray, grid: Grid, strength: float) -> np.ndarray:
    """A copy of the BGR texture darkened by its blurred shadow layer (only where shadows fall)."""
    out = tex.copy()
    x, y, w, h = cv2.boundingRect((layer > 0).astype(np.uint8))
    if w == 0:
        return out
    pad = math.ceil(6 * grid.scale)
    x0, y0 = max(x - pad, 0), max(y - pad, 0)
    x1, y1 = min(x + w + pad, layer.shape[1]), min(y + h + pad, layer.shape[0])
    soft = cv2.GaussianBlur(layer[y0:y1, x0:x1], (0, 0), 2.0 * grid.scale)
    out[y0:y1, x0:x1] = (out[y0:y1, x0:x1] * (1 - strength * soft)[..., None]).astype(np.uint8)
    return out


def _warp_into(canvas: np.ndarray, tex: np.ndarray, H: np.ndarray, keep: list[np.ndarray],
               cut: list[np.ndarray] = (), border: int = cv2.BORDER_REFLECT) -> None:
    """Warp ``tex`` by ``H`` (texture pixels -> canvas) into the region of the ``keep`` polygons minus ``cut``."""
    pts = np.vstack(keep)
    x0, y0 = np.maximum(np.floor(pts.min(0)).astype(int) - 1, 0)
    x1, y1 = np.minimum(np.ceil(pts.max(0)).astype(int) + 2, (canvas.shape[1], canvas.shape[0]))
    if x1 <= x0 or y1 <= y0:
        return
    shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1.0]])
    warped = cv2.warpPerspective(tex, shift @ H, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR, borderMode=border)
    off = np.array([x0, y0], float)
    mask = draw.polygon_mask((y1 - y0, x1 - x0), [k - off for k in keep], [c - off for c in cut])
    cv2.copyTo(warped, mask, canvas[y0:y1, x0:x1])


_PEGS = {  # top, side (RGB), visual radius share, gloss
    "rubber": ((58, 56, 56), (30, 29, 30), 1.0, 0.6),
    "brass": ((222, 184, 96), (176, 136, 60), 1.0, 1.0),
    "pin": ((214, 214, 218), (150, 150, 156), 0.45, 1.0),
}


def _disc_finish(style: Style, team: str, colour, index: int) -> draw.Finish:
    rng = np.random.default_rng([style.seed, index])
    woody = team in ("natural", "dark")
    lum = sum(colour) / 3
    printed = np.random.default_rng([style.seed, *team.encode()]).random() < 0.25  # same for a team's discs
    ring = ((30, 30, 30) if lum > 140 else (225, 215, 190)) if printed and not woody else None
    return draw.Finish(ring_rgb=ring, ring_at=0.72, grain_seed=int(rng.integers(1 << 30)) if woody else None,
                       bevel=1.2, gloss=0.4)


def _draw(scene: Scene, style: Style, cam: Camera, supersample: int) -> tuple[np.ndarray, np.ndarray]:
    board, look = scene.board, style.look
    frame = _Frame(board, look)
    w, h = cam.size
    margin = math.ceil(0.08 * max(w, h)) if any(cam.dist) else 2
    ss = supersample
    K_pad = cam.K.copy()
    K_pad[:2, 2] += margin
    S = np.array([[ss, 0, (ss - 1) / 2], [0, ss, (ss - 1) / 2], [0, 0, 1.0]])
    Kc = S @ K_pad
    canvas = np.zeros(((h + 2 * margin) * ss, (w + 2 * margin) * ss, 3), np.uint8)
    az, el = math.radians(style.light.azimuth_deg), math.radians(style.light.elevation_deg)
    light = np.array([math.cos(el) * math.cos(az), math.cos(el) * math.sin(az), math.sin(el)])
    view = View(cam, Kc, light, style.light.ambient)

    px_per_mm = cam.K[0, 0] / float(cam.to_camera(np.zeros(3))[0, 2])
    scale = float(np.clip(round(1.1 * px_per_mm, 1), 0.5, 3.5))
    base = _base_textures(board, style, scale)
    grid = Grid(scale, frame.half)
    table_grid = Grid(min(scale, 0.5), 1100.0)
    sv = _shadow_vector(style)
    levels = _disc_levels(scene, frame)
    t, r = board.disc_thickness, board.disc_r

    # Shadows fall on the plane each object stands on.
    sh = {k: np.zeros(base[k].shape[:2], np.float32) for k in ("surface", "ditch", "table")}
    for d, z in zip(scene.discs, levels, strict=True):
        where = place(board, d)
        if where == "surface":
            _cast(sh["surface"], grid, d.x, d.y, r, t, sv)
        elif where == "ditch":
            _cast(sh["ditch"], grid, d.x, d.y, r, t, sv)
        elif where == "table" and z == frame.z_table:
            stack = sum(1 for e in scene.discs if (e.x, e.y) == (d.x, d.y))
            _cast(sh["table"], table_grid, d.x, d.y, r, t * stack, sv)
    peg_top, peg_side, peg_share, peg_gloss = _PEGS[look.peg]
    for px_, py_ in board.pegs():
        _cast(sh["surface"], grid, px_, py_, board.peg_r * peg_share, look.peg_height, sv)
    rail_h = frame.z_rail - frame.z_floor
    rail_shadow = np.ones(sh["ditch"].shape, np.float32)
    cv2.fillPoly(rail_shadow, [np.round([grid.px(*(p + sv * rail_h)) for p in frame.inner]).astype(np.int32)], 0.0)
    sh["ditch"] = np.maximum(sh["ditch"], rail_shadow * 0.8)

    def plane(z: float, g: Grid) -> np.ndarray:
        return cam.plane_homography(z, Kc) @ np.linalg.inv(g.to_tex)

    def project(outline: np.ndarray, z: float) -> np.ndarray:
        return view.px(_at(outline, z))

    # 1. the table, with stacks behind the board
    table = _shaded(base["table"], sh["table"], table_grid, 0.5)
    # The table is background: warp it at output resolution and enlarge.
    down = np.array([[1 / ss, 0, (1 / ss - 1) / 2], [0, 1 / ss, (1 / ss - 1) / 2], [0, 0, 1.0]])
    small = cv2.warpPerspective(table, down @ plane(frame.z_table, table_grid), (w + 2 * margin, h + 2 * margin),
                                flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    canvas[:] = cv2.resize(small, canvas.shape[1::-1], interpolation=cv2.INTER_LINEAR)
    cam_xy = cam.centre[:2]
    items = []  # (depth, near-side stack?, draw function)
    for i, (d, z) in enumerate(zip(scene.discs, levels, strict=True)):
        colour = scene.team_colours.get(d.team, (128, 128, 128))
        fin = _disc_finish(style, d.team, colour, i)
        side = tuple(c * 0.82 for c in colour)

        def fn(img, d=d, z=z, colour=colour, side=side, fin=fin):
            draw.cylinder(img, view, d.x, d.y, z, r, t, colour, side, fin)

        depth = float(cam.depth(np.array([d.x, d.y, z]))[0])
        where = place(board, d)
        items.append((depth, where, fn, d, z))
    for px_, py_ in board.pegs():
        def peg(img, px_=px_, py_=py_):
            draw.cylinder(img, view, px_, py_, 0.0, board.peg_r * peg_share, look.peg_height, peg_top, peg_side,
                          draw.Finish(bevel=0.8, gloss=peg_gloss), n=24)

        items.append((float(cam.depth(np.array([px_, py_, 0.0]))[0]), "peg", peg, None, 0.0))
    items.sort(key=lambda it: -it[0])
    near = [it[1] == "table" and float(np.dot([it[3].x, it[3].y], cam_xy)) > 0 for it in items]
    for it, is_near in zip(items, near, strict=True):
        if it[1] == "table" and not is_near:
            it[2](canvas)

    # 2. ditch floor, inner rail walls, the step down from the playing surface
    _warp_into(canvas, _shaded(base["ditch"], sh["ditch"], grid, 0.45), plane(frame.z_floor, grid),
               [project(frame.inner, frame.z_floor)])
    draw.walls(canvas, view, frame.inner, frame.z_floor, frame.z_rail, look.rail_rgb, outward=False)
    draw.walls(canvas, view, frame.surface, frame.z_floor, 0.0, tuple(c * 0.8 for c in look.surface_rgb),
               outward=True)
    # 3. playing surface and the hole
    _warp_into(canvas, _shaded(base["surface"], sh["surface"], grid, 0.5), plane(0.0, grid),
               [project(frame.surface, 0.0)])
    draw.edge(canvas, view, _at(frame.surface, 0.0), tuple(c * 0.6 for c in look.surface_rgb), 0.8)
    wall = tuple(c * 0.55 for c in look.surface_rgb)
    rim = draw.hole(canvas, view, board.hole_r, board.hole_depth, wall, look.hole_rgb)
    # 4. discs and pegs, far to near
    for _, where, fn, d, z in items:
        if where == "hole":
            draw.in_hole(canvas, view, rim, fn, d.x, d.y, r, z + t)
        elif where != "table":
            fn(canvas)
    # 5. outside of the frame and the rail top, then the stacks in front of the board
    draw.walls(canvas, view, frame.outer, frame.z_table, frame.z_rail, tuple(c * 0.9 for c in look.rail_rgb),
               outward=True)
    _warp_into(canvas, base["rail"], plane(frame.z_rail, grid), [project(frame.outer, frame.z_rail)],
               [project(frame.inner, frame.z_rail)])
    for outline in (frame.inner, frame.outer):  # rounded-over edges of the rail catch the light
        draw.edge(canvas, view, _at(outline, frame.z_rail), tuple(min(255, c * 1.25 + 20) for c in look.rail_rgb), 1.5)
    for it, is_near in zip(items, near, strict=True):
        if is_near:
            it[2](canvas)
    small = cv2.resize(canvas, (w + 2 * margin, h + 2 * margin), interpolation=cv2.INTER_AREA) if ss > 1 else canvas
    return small, K_pad


# -- public API --------------------------------------------------------------------------------------------------
def _check(scene: Scene, size: tuple[int, int]) -> None:
    w, h = size
    if not (64 <= w <= 8000 and 64 <= h <= 8000):
        raise SceneError(f"image size {w}x{h} is outside 64..8000 pixels a side")
    missing = {d.team for d in scene.discs} - set(scene.team_colours)
    if missing:
        raise SceneError(f"no colour for team(s) {', '.join(sorted(missing))}")


def render(scene: Scene, style: Style, rng: np.random.Generator, *, size: tuple[int, int] = (1600, 1200),
           supersample: int = 2) -> tuple[np.ndarray, dict]:
    """A BGR uint8 photo of ``scene`` (before JPEG) and its truth dict (see ``truth``)."""
    _check(scene, size)
    cam = camera_for(scene.board, style, size)
    ideal, K_pad = _draw(scene, style, cam, supersample)
    img = lens(ideal, cam, K_pad) if any(cam.dist) else ideal[2:-2, 2:-2].copy()
    img = light_and_noise(img, style.light, style.finish, rng)
    return img, truth(scene, style, cam)


def jitter_pose(pose: Pose, rng: np.random.Generator, amount: float = 1.0) -> Pose:
    """The same camera nudged a little, as a hand-held phone between two shots (None of it half the time)."""
    if rng.random() < 0.5:
        return pose
    return replace(
        pose,
        tilt_deg=float(np.clip(pose.tilt_deg + rng.normal(0, 0.6 * amount), 0, 55)),
        azimuth_deg=pose.azimuth_deg + float(rng.normal(0, 1.0 * amount)),
        roll_deg=pose.roll_deg + float(rng.normal(0, 0.8 * amount)),
        fill=float(np.clip(pose.fill * (1 + rng.normal(0, 0.015 * amount)), 0.3, 0.97)),
        shift=tuple(float(np.clip(s + rng.normal(0, 0.03 * amount), -1, 1)) for s in pose.shift),
    )


def render_pair(before: Scene, after: Scene, style: Style, rng: np.random.Generator, *,
                size: tuple[int, int] = (1600, 1200), move: float = 1.0,
                relight: bool = False) -> tuple[tuple[np.ndarray, dict], ...]:
    """Photos of the board before and after a shot: same board look and light (``relight``: the same lamp, the
    exposure and a player's shadow changed, see ``style.relit``), the camera nudged by ``move``."""
    if before.board != after.board:
        raise SceneError("before and after scenes are on different boards")
    after_style = replace(style, pose=jitter_pose(style.pose, rng, move))
    if relight:
        after_style = replace(after_style, light=relit(style.light, rng))
    return render(before, style, rng, size=size), render(after, after_style, rng, size=size)


def _pt(p) -> list[float]:
    return [round(float(p[0]), 3), round(float(p[1]), 3)]


def truth(scene: Scene, style: Style, cam: Camera) -> dict:
    """Everything a scorer should find in the photo, with exact pixel positions (lens distortion included)."""
    board, look = scene.board, style.look
    frame = _Frame(board, look)
    lw = painted_line_width(board, look)
    painted = replace(board, line_width=lw)
    teams = list(scene.team_colours)
    score = scoring(painted, scene.discs, teams)
    levels = _disc_levels(scene, frame)
    w, h = cam.size
    H = cam.plane_homography(0.0)
    discs = []
    for d, z, call in zip(scene.discs, levels, score["calls"], strict=True):
        top, foot = cam.project(np.array([[d.x, d.y, z + board.disc_thickness], [d.x, d.y, z]]))
        discs.append({
            "x_mm": round(d.x, 4), "y_mm": round(d.y, 4), "team": d.team, "place": call["place"],
            "in_play": call["in_play"], "points": call["points"], "margin_mm": call["margin_mm"],
            "px": _pt(top), "px_base": _pt(foot), "z_base_mm": round(z, 3),
            "in_image": bool(0 <= top[0] < w and 0 <= top[1] < h),
        })
    pegs = np.array(board.pegs())
    peg_h = look.peg_height
    return {
        "board": board.name,
        "image_size": [w, h],
        "board_to_image": H.tolist(),
        "image_to_board": (np.linalg.inv(H) / np.linalg.inv(H)[2, 2]).tolist(),
        "homography_note": "playing-surface plane (z = 0), board mm (x, y, 1) <-> pixel (x, y, 1); ignores lens "
                           "distortion: use camera K, R, t, dist_coeffs (OpenCV model) for exact projection",
        "camera": {**cam.to_json(), "tilt_deg": round(cam.tilt_deg, 3)},
        "camera_tilt_deg": round(cam.tilt_deg, 3),
        "line_width_mm": lw,
        "team_colours": {k: list(v) for k, v in scene.team_colours.items()},
        "team_hex": {k: "#" + "".join(f"{c:02x}" for c in v) for k, v in scene.team_colours.items()},
        "discs": discs,
        "pegs_px": [_pt(p) for p in cam.project(np.column_stack([pegs, np.zeros(len(pegs))]))],
        "pegs_top_px": [_pt(p) for p in cam.project(np.column_stack([pegs, np.full(len(pegs), peg_h)]))],
        "hole_px": _pt(cam.project(np.zeros((1, 3)))[0]),
        "totals": score["totals"],
        "twenties": score["twenties"],
        "round": score["round"],
        "look": {"field": look.field, "frame": look.frame, "pegs": look.peg, "numbers": look.numbers,
                 "glare": style.light.glare is not None, "shadow_band": style.light.shadow_band is not None},
        "jpeg_quality": style.finish.jpeg_quality,
    }
