"""Vision benchmark: synthetic photos (rendered, calibrated for real), the labelled real photos, shot pairs.

Like chesscog's evaluate script, every miss is written to a JSON-lines file (``--misses``): photo, disc, truth
against what was found, and the kind of miss (missed disc, false disc, wrong team, wrong points, calibration).
Every matched disc's margin and true radial error go to ``--errors``, which is where the uncertainty threshold
comes from. The plain set (no placed hard cases), the learnt set (the plain photos scored with no team colours
given), the novel set (the plain photos in team colours and over hole floors no threshold was measured on), the
phone set (the hard set rendered at 12 MP), the webcam set (the plain set at 640 x 480), the tele set (plain
photos through a long lens, TELE_SHARES), the tele_exif set (the same, each with its lens as its EXIF records it),
the shaded set (other plain scenes, a light disc sunk in the 20 hole under a player's shadow across the middle),
the flat set (other plain scenes drawn by ``vision.synth.flat``, a renderer unlike the one the thresholds were
measured on) and the flat_hard set (the hard set's scenes so drawn) write their rows beside each file,
``_plain``, ``_learnt``, ``_novel``, ``_phone``, ``_webcam``, ``_tele``, ``_tele_exif``, ``_shaded``, ``_flat`` or
``_flat_hard`` added to its name. Only the hard scenes place a disc in the 20 hole (3 in 10), and the shaded ones
one of the lighter team: the other plain-based sets measure empty holes only, so the novel set's hole floors are
never seen under a sunk disc.
Prints one JSON object per section and a one-line summary last.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import sys
import time
from collections import Counter
from dataclasses import dataclass, replace
from multiprocessing import get_context
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[1])  # this file's name would shadow the vision package
# One core: numpy's OpenBLAS would otherwise start a second thread for its small products, and CPU seconds count
# both (the 12 MP time measured 1.22 s p50 so, 0.95 s on one thread). Set before numpy is first imported.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import cv2  # noqa: E402
import numpy as np  # noqa: E402
from scipy.optimize import linear_sum_assignment  # noqa: E402

from calibration import Calibration, read_image  # noqa: E402
from calibration.imageio import FILM_DIAGONAL_MM  # noqa: E402
from sim.board import CLUB, TOURNAMENT  # noqa: E402
from vision import NoBoardError, score_photo  # noqa: E402
from vision.glare import in_washed  # noqa: E402
from vision.hole import HOLE_NOTE  # noqa: E402
from vision.outline import Silhouette  # noqa: E402
from vision.score import LOW_NOTE, camo_note, line_error_mm  # noqa: E402
from vision.synth import OTHER_TEAM_SETS, random_scene, random_style, recoloured, render  # noqa: E402
from vision.synth.flat import random_flat_look, random_flat_pose, render_flat  # noqa: E402
from vision.synth.post import light_and_noise  # noqa: E402
from vision.synth.scene import Scene, SceneDisc  # noqa: E402
from vision.synth.shots import photographed_verdict, random_pair  # noqa: E402
from vision.synth.style import OTHER_HOLE_FLOORS, Finish, Lighting, Style  # noqa: E402
from vision.teams import ALIASES, PALETTE, rgb_to_lab  # noqa: E402

REAL = Path(__file__).resolve().parents[2] / "shared" / "real_photos"
OUT = Path(__file__).resolve().parents[1] / "out"
MATCH_SHARE = 0.6  # a found disc within this share of a disc radius (in the image) of a true one is that disc
FAR_PX = 1e6  # the matching cost of a pair too far apart to be one disc
WALL_BINS_MM = (0.0, 1.0, 2.5, 4.0, 6.0, 9.0, math.inf)  # widths of wall seen, for ``error_toward_camera``
LENS_K1_BINS = (0.0, 0.01, 0.04, math.inf)  # |k1| of the render's lens, for ``calibration_by_lens``
CAL_BAD_MM = 2.0  # median error of discs' distance from the hole above which a photo's misses are blamed on calibration
NEAR_LINE_MM = (0.5, 1.0)  # a photo with a true disc edge this close to a line is a line decision (look underneath)
PLAIN_KEYS = ("photos", "recall", "precision", "team_accuracy", "points_accuracy", "radial_error_mm_p50",
              "radial_error_mm_p95", "exact_totals", "photos_flagged", "wrong_totals_not_flagged_count",
              "wrong_totals_not_flagged_at_cause_count",
              "correct_photos_flagged", "correct_photos_flagged_by", "no_line_decision", "misses_by_kind",
              "wrong_photos_by_kind",
              "error_toward_camera_mm_by_wall", "calibration_error_mm_p50", "calibration_error_mm_by_lens")
CEILING_TARGET = 0.97  # the share of exact photos
BIG = (4000, 3000)  # a 12 MP phone photo
WEBCAM = (640, 480)  # a webcam's still: a disc about 15 px across, a printed zone number about as large
TELE_SHARES = (2.0, 8.0)  # a long lens (phone tele, a camera across the room): focal length over the long side
SIZE = (1600, 1200)  # the synthetic photos' pixels: coarser than a phone's, so line calls are harder than in play
SUPERSAMPLE_UP_TO = 4_000_000  # canvases up to this many pixels are drawn at twice the size (anti-aliased edges)
K_CURVE = (0.0, 0.5, 0.75, 0.875, 0.9, 1.0, 1.25, 1.5, 2.0, 3.0)  # K_SIGMA values for the trade-off curve


def _pool(jobs: int):
    """Worker processes started fresh: a fork after OpenCV's threads ran in this process can hang them."""
    return get_context("forkserver").Pool(jobs)


def _jpeg(img: np.ndarray, quality: int) -> np.ndarray:
    return cv2.imdecode(cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])[1], cv2.IMREAD_COLOR)


def _px_per_mm(h: np.ndarray) -> float:
    p = np.array([[0, 0, 1], [1, 0, 1], [0, 1, 1]], float) @ np.asarray(h).T
    p = p[:, :2] / p[:, 2:]
    (ax, ay), (bx, by) = p[1] - p[0], p[2] - p[0]
    return float(np.sqrt(abs(ax * by - ay * bx)))


def evaluate_photo(name: str, truth: dict, s, board) -> tuple[dict, list[dict], list[dict]]:
    """Per-photo figures, the misses and every matched disc's margin and errors; matched in image pixels."""
    on = [d for d in truth["discs"] if d["in_play"]]
    found = list(s.discs)
    tol = MATCH_SHARE * board.disc_r * _px_per_mm(truth["board_to_image"])
    cost = np.array([[math.dist(d["px"], f.px) for f in found] for d in on]).reshape(len(on), len(found))
    # Pairs further apart than tol cost alike, so the assignment keeps the most close pairs: with raw distances a
    # missed disc (a sunk 20) could take a found disc from its true one to lower the sum (hard 264 of seed 5150).
    far = np.where(cost <= tol, cost, FAR_PX)
    rows, cols = linear_sum_assignment(far) if cost.size else ([], [])
    pairs = [(i, j) for i, j in zip(rows, cols, strict=True) if cost[i, j] <= tol]
    # Calibration error in distance from the hole, which is all a score depends on. Which way is "up" is a
    # convention (the board looks the same turned by 90 degrees); the turn is reported apart.
    flat = [d for d in on if d["points"] != 20]
    base = np.array([d["px_base"] for d in flat], float).reshape(-1, 2)
    true_xy = np.array([(d["x_mm"], d["y_mm"]) for d in flat], float).reshape(-1, 2)
    cal_xy = s.calibration.to_board(base) if flat else np.zeros((0, 2))
    cal_err = np.abs(np.hypot(*cal_xy.T) - np.hypot(*true_xy.T))
    # ... and against the nearest line as measured, which is what a line call compares a disc with: a lens's
    # distortion moves a line's measured radius much as it moves a disc beside it.
    lines = np.array([(getattr(board, f), getattr(s.board, f)) for f in ("fifteen_r", "middle_r", "outer_r")])
    true_r = np.hypot(*true_xy.T)
    near = lines[np.argmin(np.abs(true_r[:, None] - lines[None, :, 0]), axis=1)]  # (true, measured) radius per disc
    line_err = np.abs((np.hypot(*cal_xy.T) - near[:, 1]) - (true_r - near[:, 0]))
    cal_bad = bool(len(cal_err) and np.median(cal_err) > CAL_BAD_MM)
    turn = np.arctan2(cal_xy[:, 1], cal_xy[:, 0]) - np.arctan2(true_xy[:, 1], true_xy[:, 0])
    rot = math.degrees(float(np.angle(np.mean(np.exp(1j * turn))))) if flat else 0.0
    foot = camera_foot(truth["camera"])
    misses, errors = [], []
    doubtful = s.top_plane.to_image(s.doubtful) if s.doubtful else np.zeros((0, 2))
    flagged_px = np.array([f.px for f in found if f.uncertain], float).reshape(-1, 2)
    hole_note = any(n.startswith(HOLE_NOTE) for n in s.notes)
    low_note = any(n.startswith(LOW_NOTE) for n in s.notes)

    def at_cause(kind, d, f) -> bool:
        """Whether the photo says to look at this miss: the disc found is flagged, a disc-like outline left out
        (or a flagged disc) lies on the missed one, glare washes out the board where it is, the hole is in doubt
        for a missed 20, the missed disc's team is said to be the board's colour, or the board is in doubt."""
        if low_note or (f is not None and f.uncertain):
            return True
        if kind != "missed disc":
            return False
        near = np.vstack([doubtful, flagged_px]) - np.asarray(d["px"], float)
        glare = in_washed(s.washed, *s.top_plane.to_board([d["px"]])[0])
        return ((d["points"] == 20 and hole_note) or glare or camo_note(d["team"]) in s.notes
                or bool(np.any(np.hypot(*near.T) <= tol / MATCH_SHARE)))

    def miss(kind, d=None, f=None):
        counts = kind == "wrong points" or (f.points if kind == "false disc" else d["points"]) != 0
        misses.append({"photo": name, "kind": "calibration" if cal_bad else kind, "seen_as": kind,
                       "changes_total": counts, "flagged_at_cause": at_cause(kind, d, f),
                       "truth": None if d is None else {k: d[k] for k in ("x_mm", "y_mm", "team", "points", "px")},
                       "found": None if f is None else {"x_mm": round(f.x_mm, 2), "y_mm": round(f.y_mm, 2),
                                                         "team": f.team, "points": f.points,
                                                         "margin_mm": round(f.margin_mm, 2),
                                                         "uncertain": f.uncertain, "why": list(f.why),
                                                         "px": [round(v, 1) for v in f.px]}})

    got_i = {i for i, _ in pairs}
    got_j = {j for _, j in pairs}
    for i, d in enumerate(on):
        if i not in got_i:
            miss("missed disc", d)
    for j, f in enumerate(found):
        if j not in got_j:
            miss("false disc", f=f)
    for i, j in pairs:
        d, f = on[i], found[j]
        if f.team != d["team"]:
            miss("wrong team", d, f)
        if f.points != d["points"]:
            miss("wrong points", d, f)
        if d["points"] != 20:
            err = math.hypot(f.x_mm, f.y_mm) - math.hypot(d["x_mm"], d["y_mm"])
            toward, wall = toward_camera(f, d, rot, foot, board)
            errors.append({"photo": name, "radial_err_mm": round(err, 3), "margin_mm": round(f.margin_mm, 3),
                           "sigma_mm": round(f.sigma_mm, 3), "points_ok": f.points == d["points"],
                           "true_margin_mm": d["margin_mm"], "uncertain": f.uncertain,
                           "disc_on": f"{d['team']} on {truth['look']['field']}",
                           "toward_camera_mm": round(toward, 3), "wall_mm": round(wall, 2)})
    ok = s.totals == {n: v for n, v in truth["totals"].items() if n in s.totals}
    # What the flag would be at another K_SIGMA: every other reason holds, "near a line" is margin < K line error.
    other = bool(s.notes) or any(set(f.why) - {"near a line"} for f in found)
    calls = [(round(f.margin_mm, 3), round(f.sigma_mm, 3)) for f in found if f.points != 20]
    closest = min((abs(d["margin_mm"]) for d in on if d["points"] != 20 and d["margin_mm"] is not None),
                  default=math.inf)
    reasons = sorted({w for f in found for w in f.why} | {n.split(":")[0].lstrip("0123456789 ") for n in s.notes})
    photo = {"photo": name, "exact": ok, "uncertain": s.uncertain, "other_flag": other, "calls": calls,
             "reasons": reasons,
             "closest_line_mm": round(closest, 3), "discs": len(on), "found": len(found),
             "matched": len(pairs), "team_ok": sum(found[j].team == on[i]["team"] for i, j in pairs),
             "points_ok": sum(found[j].points == on[i]["points"] for i, j in pairs),
             "not_flagged_at_cause": not ok and any(m["changes_total"] and not m["flagged_at_cause"] for m in misses),
             "radial": [abs(e["radial_err_mm"]) for e in errors],
             "cal_err_mm": float(np.median(cal_err)) if len(cal_err) else 0.0,
             "cal_line_err_mm": float(np.median(line_err)) if len(line_err) else 0.0,
             "cal_rot_deg": round(rot, 2), "kinds": sorted({m["kind"] for m in misses}),
             "lens_k1": truth["camera"]["dist_coeffs"][0]}
    return photo, misses, errors


def camera_foot(camera: dict) -> tuple[float, float, float]:
    """The camera's centre in board mm (x, y of its foot on the board, and its height) from a render's truth."""
    c = -np.array(camera["R"]).T @ np.array(camera["t"])
    return float(c[0]), float(c[1]), float(c[2])


def toward_camera(f, d: dict, rot_deg: float, foot: tuple[float, float, float], board) -> tuple[float, float]:
    """A found disc's position error along the way to the camera's foot (mm; negative: away from it), in the
    truth's frame (the calibration's turn ``rot_deg`` undone), and the width of wall the camera sees on it.

    A disc's wall shows on the side facing the camera's foot, so an outline model that mistakes where the wall's
    base edge lies moves discs along this line; seen from above the board that is outwards, across the lines.
    """
    a = math.radians(rot_deg)
    x = math.cos(a) * f.x_mm + math.sin(a) * f.y_mm
    y = -math.sin(a) * f.x_mm + math.cos(a) * f.y_mm
    ux, uy = foot[0] - d["x_mm"], foot[1] - d["y_mm"]
    far = math.hypot(ux, uy) or 1.0
    wall = Silhouette(foot[:2], board.disc_thickness / foot[2]).wall_mm(d["x_mm"], d["y_mm"], board.disc_r)
    return ((x - d["x_mm"]) * ux + (y - d["y_mm"]) * uy) / far, wall


def truth_view(img: np.ndarray, t: dict, board) -> tuple[np.ndarray, dict, Calibration]:
    """The photo without its lens distortion, its truth in those pixels, and the exact calibration of it.

    Scoring it measures vision's own errors apart from calibration's (which cannot model the lens, and measures
    the lines' painted width).
    """
    cam = t["camera"]
    k, dist = np.asarray(cam["K"], float), np.asarray(cam["dist_coeffs"], float)
    flat = cv2.undistort(img, k, dist)

    def ideal(p):
        return cv2.undistortPoints(np.asarray(p, float).reshape(-1, 1, 2), k, dist, P=k).reshape(2).tolist()

    t = {**t, "discs": [{**d, "px": ideal(d["px"]), "px_base": ideal(d["px_base"])} for d in t["discs"]]}
    cal = Calibration.from_matrix(t["image_to_board"], tuple(t["image_size"]), board.name, residual_mm=0.0,
                                  confidence=1.0, focal_px=float(k[0, 0]), line_width_mm=t["line_width_mm"])
    return flat, t, cal


def supersample(size: tuple[int, int]) -> int:
    """Canvas scale for a photo of ``size``: a 12 MP canvas is drawn as is, its pixels already finer than the blur."""
    return 2 if size[0] * size[1] <= SUPERSAMPLE_UP_TO else 1


def as_true_teams(s, true_colours: dict[str, list[int]]):
    """A score whose teams were learnt, renamed to the true teams they are nearest to in colour (CIELAB), so it
    is judged as a score with the teams given is: a wrong split or a swapped pair shows as wrong teams."""
    names = list(true_colours)
    found = rgb_to_lab(np.array(s.team_colours, float))
    true = rgb_to_lab(np.array([true_colours[n] for n in names], float))
    rows, cols = linear_sum_assignment(np.linalg.norm(found[:, None] - true[None], axis=2))
    to = {s.teams[i]: names[j] for i, j in zip(rows, cols, strict=True)}
    camo = {camo_note(t): camo_note(to[t]) for t in s.teams}
    return replace(s, discs=tuple(replace(d, team=to[d.team]) for d in s.discs),
                   teams=tuple(to[t] for t in s.teams),
                   notes=tuple(camo.get(n, n) for n in s.notes))


def _shaded_middle(scene: Scene, style: Style, rng: np.random.Generator) -> tuple[Scene, Style]:
    """The scene with a disc of its lighter team sunk in the 20 hole (discs it would overlap taken off) under a
    player's shadow across the middle of the photo: a band 0.12-0.3 of its diagonal wide at 0.25-0.55 darkness."""
    b = scene.board
    light = max(scene.team_colours, key=lambda t: sum(scene.team_colours[t]))
    clear = tuple(d for d in scene.discs if math.hypot(d.x, d.y) > 2 * b.disc_r + 1.0)
    band = (float(rng.uniform(0, np.pi)), 0.0, float(rng.uniform(0.12, 0.3)), float(rng.uniform(0.25, 0.55)))
    return (replace(scene, discs=clear + (SceneDisc(0.0, 0.0, light),)),
            replace(style, light=replace(style.light, shadow_band=band)))


@dataclass(frozen=True)
class PhotoSet:
    """Which synthetic photos a section scores: the hard set, or the plain set (``hard`` False), at ``size``, its
    teams' colours given or learnt (``learn``), recoloured with OTHER_TEAM_SETS (``novel``), through a long lens
    (``tele``), with a light 20 under a shadow across the middle (``shaded``, other scenes), or drawn by the plain
    renderer (``flat``, other scenes); with ``lens``, each photo's lens as its EXIF would record it."""

    hard: bool = True
    size: tuple[int, int] = SIZE
    learn: bool = False
    novel: bool = False
    tele: bool = False
    lens: bool = False
    shaded: bool = False
    flat: bool = False


def _one_synthetic(args) -> tuple[dict, list[dict], list[dict]] | None:
    seed, k, exact, kind = args
    size = kind.size
    cv2.setNumThreads(1)
    rng = np.random.default_rng([seed, k] if kind.hard
                                else [seed, (50_000 if kind.shaded else 70_000 if kind.flat else 30_000) + k])
    board = CLUB if k % 5 == 4 else TOURNAMENT
    scene = random_scene(rng, board, hard=kind.hard)
    style = random_style(rng)
    if kind.shaded:
        scene, style = _shaded_middle(scene, style, rng)
    if kind.tele:  # the same framing from far away: a focal length drawn evenly in log between TELE_SHARES
        share = float(np.exp(rng.uniform(*np.log(TELE_SHARES))))
        style = replace(style, pose=replace(style.pose, focal=share))
    if kind.novel:  # team colours and hole floors no threshold was measured on
        scene = recoloured(scene, OTHER_TEAM_SETS[k % len(OTHER_TEAM_SETS)])
        style = replace(style, look=replace(style.look, hole_rgb=OTHER_HOLE_FLOORS[k % len(OTHER_HOLE_FLOORS)]))
    if kind.flat:  # the other renderer, with its own colours and poses
        img, t = render_flat(scene, random_flat_look(rng), random_flat_pose(rng), rng, size=size)
    else:
        img, t = render(scene, style, rng, size=size, supersample=supersample(size))
    img = _jpeg(img, t["jpeg_quality"])
    cal = None
    if exact:
        img, t, cal = truth_view(img, t, board)
    # The lens as a camera's EXIF records it, a whole number of millimetres of 35 mm equivalent, and as
    # ``calibration.lens_focal_px`` reads it back.
    diagonal = math.hypot(*size)
    focal = (round(t["camera"]["K"][0][0] / diagonal * FILM_DIAGONAL_MM) / FILM_DIAGONAL_MM * diagonal
             if kind.lens else None)
    t0 = time.process_time()
    try:
        teams = None if kind.learn else {n: tuple(c) for n, c in t["team_colours"].items()}
        s = score_photo(img, board=board, teams=teams, calibration=cal, lens_focal_px=focal)
    except NoBoardError:
        return None
    if kind.learn:
        s = as_true_teams(s, t["team_colours"])
    secs = time.process_time() - t0
    photo, misses, errors = evaluate_photo(f"synth_{seed}_{k:04d}", t, s, board)
    photo["seconds"] = secs
    return photo, misses, errors


def flagged_at(photo: dict, k: float) -> bool:
    return photo["other_flag"] or any(m < k * line_error_mm(sd) for m, sd in photo["calls"])


def trade_off(photos: list[dict]) -> list[dict]:
    """Per K_SIGMA: wrong totals that would go unflagged, and the share of correct photos that would be flagged."""
    wrong = [p for p in photos if not p["exact"]]
    right = [p for p in photos if p["exact"]]
    return [{"k": k, "wrong_not_flagged": sum(not flagged_at(p, k) for p in wrong),
             "correct_flagged": round(sum(flagged_at(p, k) for p in right) / max(len(right), 1), 3),
             "photos_flagged": round(sum(flagged_at(p, k) for p in photos) / max(len(photos), 1), 3)}
            for k in K_CURVE]


def clear_figures(photos: list[dict], mm: float) -> dict:
    """Figures on the photos where no true disc edge is within ``mm`` of a line (no call needs a look underneath)."""
    clear = [p for p in photos if p["closest_line_mm"] >= mm]
    return {"photos": len(clear), "exact_totals": round(sum(p["exact"] for p in clear) / max(len(clear), 1), 3),
            "photos_flagged": round(sum(p["uncertain"] for p in clear) / max(len(clear), 1), 3),
            "wrong_totals_not_flagged_count": sum(not p["uncertain"] for p in clear if not p["exact"])}


def error_groups(errors: list[dict], least: int = 20) -> list[list]:
    """Radial error by disc colour on board finish, worst p90 first: [group, discs, p50, p90] (mm).

    A disc whose face is much like the wood around it has only a faint rim, so its tail is where to look.
    """
    groups: dict[str, list[float]] = {}
    for e in errors:
        groups.setdefault(e["disc_on"], []).append(abs(e["radial_err_mm"]))
    rows = [[g, len(v), round(float(np.percentile(v, 50)), 3), round(float(np.percentile(v, 90)), 3)]
            for g, v in groups.items() if len(v) >= least]
    return sorted(rows, key=lambda row: -row[3])


def calibration_by_lens(photos: list[dict], bins=LENS_K1_BINS) -> list[list]:
    """Calibration error (per photo, the median over its discs of the error in distance from the hole) by the
    lens's radial distortion: [|k1| range, photos, p50, p90, p50 against the nearest line as measured] (mm). The
    calibration is a homography, which has no term for a lens's barrel or pincushion; what of its error that
    leaves shows here, and how much of it a line call, which compares a disc with a measured line, still sees."""
    rows = []
    for lo, hi in zip(bins, bins[1:], strict=False):
        group = [p for p in photos if lo <= abs(p["lens_k1"]) < hi]
        if group:
            v = [p["cal_err_mm"] for p in group]
            rows.append([f"{lo:g}-{hi:g}", len(v), round(float(np.median(v)), 3),
                         round(float(np.percentile(v, 90)), 3),
                         round(float(np.median([p["cal_line_err_mm"] for p in group])), 3)])
    return rows


def error_toward_camera(errors: list[dict], bins=WALL_BINS_MM) -> list[list]:
    """Position error along the way to the camera's foot by the width of wall seen: [wall range (mm), discs,
    p50, mean] (mm). A bias here is the outline model's (with ``--truth-calibration``, vision's alone)."""
    rows = []
    for lo, hi in zip(bins, bins[1:], strict=False):
        v = [e["toward_camera_mm"] for e in errors if lo <= e["wall_mm"] < hi]
        if v:
            rows.append([f"{lo:g}-{hi:g}", len(v), round(float(np.median(v)), 3), round(float(np.mean(v)), 3)])
    return rows


def line_call_ceiling(photos: list[dict], errors: list[dict], target: float = CEILING_TARGET) -> dict:
    """What line calls alone allow: the expected share of exact photos for a scorer perfect but for position
    errors like the ones measured, and the radial p50 it would need for ``target``.

    A disc's call flips when its radial error, toward its nearest line, exceeds its true margin: with errors as
    often in as out, half the time its error's size does. Errors are drawn from the measured ones, scaled.
    """
    size = np.sort(np.abs([e["radial_err_mm"] for e in errors]))
    margins: dict[str, list[float]] = {p["photo"]: [] for p in photos}
    for e in errors:
        margins[e["photo"]].append(abs(e["true_margin_mm"]))

    def exact(scale: float) -> float:
        def flip(m: float) -> float:  # chance the call of a disc with true margin m is wrong
            return 0.5 * (1 - np.searchsorted(size * scale, m, side="right") / len(size))

        return float(np.mean([np.prod([1 - flip(m) for m in ms]) for ms in margins.values()]))

    if not len(size):
        return {}
    lo, hi = 0.0, 1.0  # bisect the scale of the measured errors that just reaches the target
    for _ in range(30):
        lo, hi = ((lo + hi) / 2, hi) if exact((lo + hi) / 2) >= target else (lo, (lo + hi) / 2)
    return {"exact_totals": round(exact(1.0), 3), "target": target,
            "radial_p50_mm_needed": round(lo * float(np.median(size)), 4)}


def synthetic(count: int, seed: int, jobs: int, exact: bool,
              kind: PhotoSet = PhotoSet()) -> tuple[dict, list[dict], list[dict]]:
    """Figures on ``count`` renders of ``seed`` of the set ``kind``."""
    with _pool(jobs) as pool:
        results = pool.map(_one_synthetic, [(seed, k, exact, kind) for k in range(count)], chunksize=1)
    done = [r for r in results if r is not None]
    photos = [r[0] for r in done]
    misses = [m for r in done for m in r[1]]
    errors = [e for r in done for e in r[2]]
    true, found, matched = (sum(p[k] for p in photos) for k in ("discs", "found", "matched"))
    radial = [e for p in photos for e in p["radial"]]
    wrong = [p for p in photos if not p["exact"]]
    right = [p for p in photos if p["exact"]]
    abs_err = np.abs([e["radial_err_mm"] for e in errors]) if errors else np.zeros(1)
    summary = {
        "photos": count, "no_board": count - len(done), "recall": matched / max(true, 1),
        "precision": matched / max(found, 1),
        "team_accuracy": sum(p["team_ok"] for p in photos) / max(matched, 1),
        "points_accuracy": sum(p["points_ok"] for p in photos) / max(matched, 1),
        "radial_error_mm_p50": float(np.percentile(radial, 50)) if radial else None,
        "radial_error_mm_p95": float(np.percentile(radial, 95)) if radial else None,
        "radial_error_mm_p99": float(np.percentile(abs_err, 99)),
        "radial_error_mm_max": float(abs_err.max()),
        "radial_error_mm_by_disc_on_field": error_groups(errors),
        "error_toward_camera_mm_by_wall": error_toward_camera(errors),
        "exact_totals": len(right) / max(len(photos), 1),
        "photos_flagged": sum(p["uncertain"] for p in photos) / max(len(photos), 1),
        "wrong_totals_not_flagged": sum(not p["uncertain"] for p in wrong) / max(len(wrong), 1),
        "wrong_totals_not_flagged_count": sum(not p["uncertain"] for p in wrong),
        # Stricter: a wrong total whose photo is flagged, but not at a disc (or note) that explains the error.
        "wrong_totals_not_flagged_at_cause_count": sum(p["not_flagged_at_cause"] for p in wrong),
        "correct_photos_flagged": sum(p["uncertain"] for p in right) / max(len(right), 1),
        "no_line_decision": {f"{mm} mm": clear_figures(photos, mm) for mm in NEAR_LINE_MM},
        "k_sigma_trade_off": trade_off(photos),
        "line_call_ceiling": line_call_ceiling(photos, errors),
        "correct_photos_flagged_by": Counter(r for p in right for r in p["reasons"]),
        "calibration_bad_photos": sum(p["cal_err_mm"] > CAL_BAD_MM for p in photos),
        "calibration_error_mm_p50": float(np.median([p["cal_err_mm"] for p in photos])) if photos else None,
        "calibration_error_mm_by_lens": calibration_by_lens(photos),
        "calibration_turn_deg": Counter(f"{round(p['cal_rot_deg'] / 90) * 90 % 360}"
                                        f"{'' if abs(math.remainder(p['cal_rot_deg'], 90)) < 2 else ' +-2..45'}"
                                        for p in photos),
        "misses_by_kind": Counter(m["kind"] for m in misses),
        "wrong_photos_by_kind": Counter(k for p in wrong for k in p["kinds"]),
        "photo_size": list(kind.size),
        "cpu_seconds_per_photo": float(np.median([p["seconds"] for p in photos])) if photos else None,
    }
    return summary, misses, errors, photos


def _real_rows():
    """Each labelled real photo: its path, the teams' colours named in the truth file, and the true totals."""
    for row in csv.DictReader(open(REAL / "truth.csv")):
        names = (row["team1_colour"], row["team2_colour"])
        yield (REAL / row["image"], {n: PALETTE[ALIASES.get(n, n)] for n in names},
               {names[0]: int(row["team1_points"]), names[1]: int(row["team2_points"])})


def real() -> list[dict]:
    out = []
    for path, teams, want in _real_rows():
        s = score_photo(path, teams=teams)
        out.append({"image": path.name, "truth": want, "detected": s.totals, "exact": s.totals == want,
                    "uncertain": s.uncertain, "discs": len(s.discs),
                    "unsure_discs": [f"{d.team} {d.points} ({', '.join(d.why)})" for d in s.discs if d.uncertain]})
    return out


def _turned(img: np.ndarray, deg: float) -> np.ndarray:
    h, w = img.shape[:2]
    return cv2.warpAffine(img, cv2.getRotationMatrix2D((w / 2, h / 2), deg, 1.0), (w, h),
                          borderMode=cv2.BORDER_REPLICATE)


def _barrel(img: np.ndarray, k1: float) -> np.ndarray:
    """The photo as a lens with radial distortion ``k1`` (focal length the long side; positive: barrel, as a
    webcam's wide lens bends lines) would have taken it: each pixel shows what lay ``1 + k1 r^2`` as far out."""
    h, w = img.shape[:2]
    k = np.array([[max(h, w), 0, (w - 1) / 2], [0, max(h, w), (h - 1) / 2], [0, 0, 1.0]])
    mx, my = cv2.initUndistortRectifyMap(k, np.array([k1, 0, 0, 0, 0.0]), None, k, (w, h), cv2.CV_32FC1)
    return cv2.remap(img, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _tilted(img: np.ndarray, share: float = 0.12) -> np.ndarray:
    """The photo as seen more obliquely: its top edge drawn in by ``share`` of the width on each side."""
    h, w = img.shape[:2]
    d = share * w
    m = cv2.getPerspectiveTransform(np.float32([[0, 0], [w, 0], [w, h], [0, h]]),
                                    np.float32([[d, 0], [w - d, 0], [w, h], [0, h]]))
    return cv2.warpPerspective(img, m, (w, h), borderMode=cv2.BORDER_REPLICATE)


def _relit(img: np.ndarray, *, gain: float = 1.0, white_balance=(1.0, 1.0, 1.0), shadow: bool = False,
           blur: float = 0.0, noise: float = 0.0) -> np.ndarray:
    """The photo through the renderer's light and finish (``light_and_noise``), with no vignette: ``gain`` times
    the light, a white balance (B, G, R gains), a player's shadow across the middle (a band a quarter of the
    photo wide at 0.6 of the light), a blur and sensor noise (grey levels, the same draw every run)."""
    h, w = img.shape[:2]
    band = (math.atan2(0.8, 0.6), 0.0, 0.24 * w / (math.hypot(w, h) / 2), 0.4) if shadow else None
    light = Lighting(0.0, 90.0, 1.0, (0.0, gain, gain), None, band, white_balance, vignette=0.0)
    return light_and_noise(img, light, Finish(noise, blur, 95), np.random.default_rng(0))


VARIANTS = {  # each real photo as another phone, hand or light could have taken it
    "turned 90": lambda im: cv2.rotate(im, cv2.ROTATE_90_CLOCKWISE),
    "upside down": lambda im: cv2.rotate(im, cv2.ROTATE_180),
    "turned 17": lambda im: _turned(im, 17.0),
    "barrel lens": lambda im: _barrel(im, 0.15),
    "half size": lambda im: cv2.resize(im, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA),
    "1.6x size": lambda im: cv2.resize(im, None, fx=1.6, fy=1.6, interpolation=cv2.INTER_CUBIC),
    "JPEG 40": lambda im: _jpeg(im, 40),
    "darker": lambda im: _relit(im, gain=0.55),
    "warm light": lambda im: _relit(im, white_balance=(0.8, 1.0, 1.15)),
    "cool light": lambda im: _relit(im, white_balance=(1.15, 1.0, 0.82)),
    "brighter": lambda im: _relit(im, gain=1.35),
    "low contrast": lambda im: np.clip(128 + (im.astype(float) - 128) * 0.6, 0, 255).astype(np.uint8),
    "tilted": _tilted,
    "noisy": lambda im: _relit(im, noise=7.0),
    "soft focus": lambda im: _relit(im, blur=1.5),
    "shadow band": lambda im: _relit(im, shadow=True),
}


def real_variants() -> dict:
    """The labelled real photos turned, tilted, resized, recompressed, relit, shadowed, blurred and noisy
    (VARIANTS): a scorer that only works on these photos as they are, not on photos like them, shows it here."""
    rows = []
    for path, teams, want in _real_rows():
        img = read_image(path)
        for name, change in VARIANTS.items():
            s = score_photo(change(img), teams=teams)
            rows.append({"image": path.name, "variant": name, "exact": s.totals == want, "uncertain": s.uncertain})
    return {"photos": len(rows), "exact": sum(r["exact"] for r in rows),
            "wrong_not_flagged": sum(not r["exact"] and not r["uncertain"] for r in rows),
            "not_exact": [f"{r['image']} {r['variant']}" for r in rows if not r["exact"]]}


def speed_12mp(count: int, seed: int, runs: int = 3) -> dict:
    """CPU seconds (one thread) to score a 4000x3000 photo from its JPEG file's bytes, decoding included:
    synthetic photos rendered at 12 megapixels, saved as the renders' JPEG quality says. Each is scored ``runs``
    times and the least taken: a shared machine's other work only adds (the same code measured 1.17 to 1.58 s
    p50 run to run here). The decode alone is reported too."""
    cv2.setNumThreads(1)
    secs, decode = [], []
    for k in range(count):
        rng = np.random.default_rng([seed, 10_000 + k])
        img, t = render(random_scene(rng), random_style(rng), rng, size=BIG, supersample=supersample(BIG))
        jpeg = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, t["jpeg_quality"]])[1].tobytes()
        teams = {n: tuple(c) for n, c in t["team_colours"].items()}
        times, reads = [], []
        for _ in range(runs):  # the decode timed on its own, then scoring the pixels it gave: the photo's time
            t0 = time.process_time()
            pixels = read_image(jpeg)
            reads.append(time.process_time() - t0)
            try:
                score_photo(pixels, teams=teams)
            except NoBoardError:
                break
            times.append(time.process_time() - t0)
        if times:
            secs.append(min(times))
            decode.append(min(reads))
    return {"photos": count, "scored": len(secs), "runs_each": runs, "cpu_seconds_p50": float(np.median(secs)),
            "cpu_seconds_max": float(np.max(secs)), "decode_seconds_p50": float(np.median(decode))}


def _one_pair(args) -> dict:
    seed, k, relight = args
    cv2.setNumThreads(1)
    rng = np.random.default_rng([seed, 20_000 + k])
    pair = random_pair(rng)
    got = photographed_verdict(pair, rng, relight)
    want = pair.verdict
    same = {key: got[key] == want[key] for key in want}
    return {"pair": k, "kind": pair.kind, "rules": pair.rules, "want": want, "got": got, "ok": all(same.values())}


def pairs(count: int, seed: int, jobs: int, relight: bool = False) -> tuple[dict, list[dict]]:
    """Verdicts on ``count`` simulated shots photographed before and after (``relight``: the same shots, the light
    changed between the photos, see ``render_pair``)."""
    with _pool(jobs) as pool:
        rows = pool.map(_one_pair, [(seed, k, relight) for k in range(count)], chunksize=1)
    by_kind: dict[str, list[bool]] = {}
    for r in rows:
        by_kind.setdefault(r["kind"], []).append(r["ok"])
    return ({"pairs": count, "verdict_accuracy": sum(r["ok"] for r in rows) / max(count, 1),
             "by_kind": {k: f"{sum(v)}/{len(v)}" for k, v in sorted(by_kind.items())}},
            [r for r in rows if not r["ok"]])


def _beside(path: Path, section: str) -> Path:
    """Where another section's rows go: beside the hard set's file of the same kind, the section's name added."""
    return path.with_name(f"{path.stem}_{section}{path.suffix}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=300, help="synthetic photos")
    ap.add_argument("--pairs", type=int, default=100, help="before/after pairs from simulated shots")
    ap.add_argument("--phone", type=int, default=100, help="hard photos of the phone section (12 MP)")
    ap.add_argument("--webcam", type=int, default=100, help="plain photos of the webcam section (640 x 480)")
    ap.add_argument("--novel", type=int, default=200,
                    help="plain photos of the novel section (other team and hole colours)")
    ap.add_argument("--tele", type=int, default=100, help="plain photos of the tele section (a long lens)")
    ap.add_argument("--shaded", type=int, default=100,
                    help="photos of the shaded section (a light 20 under a shadow across the middle)")
    ap.add_argument("--flat", type=int, default=100,
                    help="photos of the flat and flat_hard sections (plain and hard scenes, the plain renderer)")
    ap.add_argument("--quick", action="store_true",
                    help="40 photos, 20 pairs, 10 and 2 photos at 12 MP, 20 webcam, 20 novel, 20 tele, 20 shaded, "
                         "20 flat")
    ap.add_argument("--seed", type=int, default=2025)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--misses", type=Path, default=OUT / "vision_misses.jsonl")
    ap.add_argument("--errors", type=Path, default=OUT / "vision_errors.jsonl")
    ap.add_argument("--photos", type=Path, default=OUT / "vision_photos.jsonl", help="per-photo calls and flags")
    ap.add_argument("--sections",
                    default="synthetic,plain,learnt,novel,phone,webcam,tele,tele_exif,shaded,flat,flat_hard,real,"
                            "variants,speed,pairs,relit",
                    help="comma-separated sections to run")
    ap.add_argument("--size", default="x".join(map(str, SIZE)),
                    help="synthetic photos' width x height in pixels (4000x3000: 12 MP, as the speed section's)")
    ap.add_argument("--truth-calibration", action="store_true",
                    help="score synthetic photos with the lens undone and the true homography (vision's own errors)")
    a = ap.parse_args()
    size = tuple(int(v) for v in a.size.lower().split("x"))
    n_photos, n_pairs, n_phone, n_big, n_webcam, n_novel, n_tele, n_shaded, n_flat = (
        (40, 20, 10, 2, 20, 20, 20, 20, 20) if a.quick
        else (a.count, a.pairs, a.phone, 10, a.webcam, a.novel, a.tele, a.shaded, a.flat))
    a.misses.parent.mkdir(parents=True, exist_ok=True)
    want = set(a.sections.split(","))
    if want & {"real", "variants"} and not (REAL / "truth.csv").is_file():
        ap.error(f"the real and variants sections need {REAL / 'truth.csv'} (../shared beside the project); "
                 "leave them out with --sections")
    syn, misses, errors, photos = ({}, [], [], [])
    if "synthetic" in want:
        syn, misses, errors, photos = synthetic(n_photos, a.seed, a.jobs, a.truth_calibration, PhotoSet(size=size))
    print(json.dumps({"synthetic": syn}))
    other_rows = {}

    def other_set(section: str, key: str, count: int, kind: PhotoSet) -> dict:
        """The figures of the set ``kind`` as section ``section`` (none unless asked for), its rows kept."""
        if section not in want:
            return {}
        figures, *lists = synthetic(count, a.seed, a.jobs, a.truth_calibration, kind)
        other_rows.update({_beside(path, section): r for path, r in zip((a.misses, a.errors, a.photos), lists,
                                                                         strict=True)})
        print(json.dumps({key: {k: figures[k] for k in PLAIN_KEYS}}))
        return figures

    plain_set = PhotoSet(hard=False, size=size)
    # The same renders' variety, discs where they fall: line decisions only as often as by chance; then the same
    # photos with no colours given, as `crokinole score` runs without --teams.
    plain = other_set("plain", "synthetic_plain", n_photos, plain_set)
    learnt = other_set("learnt", "synthetic_learnt_teams", n_photos, replace(plain_set, learn=True))
    # The plain set in team colours and over hole floors no threshold was measured on.
    novel = other_set("novel", "synthetic_novel_colours", n_novel, replace(plain_set, novel=True))
    # The hard set as a phone takes it: what resolution changes (a copy measured at another size) shows here.
    phone = other_set("phone", "synthetic_phone", n_phone, PhotoSet(size=BIG))
    webcam = other_set("webcam", "synthetic_webcam", n_webcam, PhotoSet(hard=False, size=WEBCAM))
    # The plain set taken from far away through a long lens: the discs' walls barely show, nor does perspective.
    tele = other_set("tele", "synthetic_tele", n_tele, replace(plain_set, tele=True))
    # ... and with the lens its EXIF records, which neither a square-on view's rings nor barely seen walls give.
    tele_exif = other_set("tele_exif", "synthetic_tele_exif", n_tele, replace(plain_set, tele=True, lens=True))
    # A player's shadow across the middle, over a light 20: the board all round the hole is shaded alike.
    shaded = other_set("shaded", "synthetic_shaded", n_shaded, replace(plain_set, shaded=True))
    # Other plain scenes drawn by another renderer: flat colours of its own, no bevel, grain, glare or lens.
    flat = other_set("flat", "synthetic_flat", n_flat, replace(plain_set, flat=True))
    # ... and the hard set's scenes so drawn: how much of its position error is the main renderer's look.
    flat_hard = other_set("flat_hard", "synthetic_flat_hard", n_flat, PhotoSet(size=size, flat=True))
    rp = real() if "real" in want else []
    for r in rp:
        print(json.dumps(r))
    rv = real_variants() if "variants" in want else {}
    print(json.dumps({"real_variants": rv}))
    big = speed_12mp(n_big, a.seed) if "speed" in want else {}
    print(json.dumps({"speed_12mp": big}))
    pr, wrong_pairs = pairs(n_pairs, a.seed, a.jobs) if "pairs" in want else ({}, [])
    print(json.dumps({"shot_pairs": pr}))
    # The same shots with the light changed between the photos: a phone's exposure, a player's shadow.
    rl, wrong_relit = pairs(n_pairs, a.seed, a.jobs, relight=True) if "relit" in want else ({}, [])
    print(json.dumps({"shot_pairs_relit": rl}))
    rows = {}  # a file no section of this run writes to keeps the last run's rows
    if syn or pr or rl:
        rows[a.misses] = misses + [{**w, "shot_kind": w["kind"], "kind": "wrong verdict", "relit": relit}
                                   for relit, wrong in ((False, wrong_pairs), (True, wrong_relit)) for w in wrong]
    if syn:
        rows |= {a.errors: errors, a.photos: photos}
    rows |= other_rows
    for path, items in rows.items():
        Path(path).parent.mkdir(parents=True, exist_ok=True)  # the default out/ is not in a fresh clone
        with open(path, "w") as f:
            for item in items:
                f.write(json.dumps(item) + "\n")
    parts = []
    if syn:
        kind = "synthetic (truth calibration)" if a.truth_calibration else "synthetic"
        clear = syn["no_line_decision"]["0.5 mm"]
        parts.append(f"{kind} {size[0]}x{size[1]} exact {syn['exact_totals']:.1%} of {n_photos}, "
                     f"flagged {syn['photos_flagged']:.1%}, "
                     f"unflagged wrong {syn['wrong_totals_not_flagged_count']} "
                     f"(not flagged at the cause {syn['wrong_totals_not_flagged_at_cause_count']}), "
                     f"no disc within 0.5 mm of a line: exact {clear['exact_totals']:.1%} of {clear['photos']}, "
                     f"flagged {clear['photos_flagged']:.1%}; "
                     f"radial p50/p95 "
                     f"{syn['radial_error_mm_p50']:.2f}/{syn['radial_error_mm_p95']:.2f} mm")
        if ceiling := syn["line_call_ceiling"]:
            parts.append(f"line calls alone allow exact {ceiling['exact_totals']:.1%} "
                         f"({ceiling['target']:.0%} needs radial p50 {ceiling['radial_p50_mm_needed']:.3f} mm)")
        if worst := syn["radial_error_mm_by_disc_on_field"]:
            parts.append(f"worst radial p90 {worst[0][0]} {worst[0][3]:.2f} mm")
        if (lens := syn["calibration_error_mm_by_lens"]) and not a.truth_calibration:
            parts.append("calibration p50 by lens |k1| " + ", ".join(f"{r[0]} {r[2]:.2f} mm" for r in lens)
                         + " (against the measured line " + ", ".join(f"{r[4]:.2f}" for r in lens) + ")")
    if plain:
        parts.append(f"plain (no placed hard cases) exact {plain['exact_totals']:.1%}, flagged "
                     f"{plain['photos_flagged']:.1%}, unflagged wrong {plain['wrong_totals_not_flagged_count']} "
                     f"(not flagged at the cause {plain['wrong_totals_not_flagged_at_cause_count']})")
    if learnt:
        parts.append(f"plain with teams learnt exact {learnt['exact_totals']:.1%}, team accuracy "
                     f"{learnt['team_accuracy']:.1%}, unflagged wrong {learnt['wrong_totals_not_flagged_count']} "
                     f"(not flagged at the cause {learnt['wrong_totals_not_flagged_at_cause_count']})")
    if novel:
        parts.append(f"plain in other team and hole colours exact {novel['exact_totals']:.1%} of {n_novel}, "
                     f"unflagged wrong {novel['wrong_totals_not_flagged_count']} (not flagged at the cause "
                     f"{novel['wrong_totals_not_flagged_at_cause_count']})")
    if phone:
        parts.append(f"hard at 12 MP exact {phone['exact_totals']:.1%} of {n_phone}, unflagged wrong "
                     f"{phone['wrong_totals_not_flagged_count']} (not flagged at the cause "
                     f"{phone['wrong_totals_not_flagged_at_cause_count']}), radial p50/p95 "
                     f"{phone['radial_error_mm_p50']:.2f}/{phone['radial_error_mm_p95']:.2f} mm, calibration p50 "
                     f"{phone['calibration_error_mm_p50']:.2f} mm")
    if webcam:
        parts.append(f"plain at 640x480 exact {webcam['exact_totals']:.1%} of {n_webcam}, precision "
                     f"{webcam['precision']:.3f}, unflagged wrong {webcam['wrong_totals_not_flagged_count']} "
                     f"(not flagged at the cause {webcam['wrong_totals_not_flagged_at_cause_count']})")
    if tele:
        parts.append(f"plain through a long lens exact {tele['exact_totals']:.1%} of {n_tele}, unflagged wrong "
                     f"{tele['wrong_totals_not_flagged_count']} (not flagged at the cause "
                     f"{tele['wrong_totals_not_flagged_at_cause_count']}), radial p50/p95 "
                     f"{tele['radial_error_mm_p50']:.2f}/{tele['radial_error_mm_p95']:.2f} mm")
    if tele_exif:
        parts.append(f"the same with the lens in EXIF exact {tele_exif['exact_totals']:.1%}, flagged "
                     f"{tele_exif['photos_flagged']:.1%} (without {tele['photos_flagged']:.1%}), unflagged wrong "
                     f"{tele_exif['wrong_totals_not_flagged_count']}, radial p50/p95 "
                     f"{tele_exif['radial_error_mm_p50']:.2f}/{tele_exif['radial_error_mm_p95']:.2f} mm"
                     if tele else f"the long-lens set with the lens in EXIF exact {tele_exif['exact_totals']:.1%}")
    if shaded:
        parts.append(f"a light 20 under a shadow across the middle exact {shaded['exact_totals']:.1%} of {n_shaded}, "
                     f"unflagged wrong {shaded['wrong_totals_not_flagged_count']} (not flagged at the cause "
                     f"{shaded['wrong_totals_not_flagged_at_cause_count']})")
    if flat:
        parts.append(f"plain drawn by the plain renderer exact {flat['exact_totals']:.1%} of {n_flat}, "
                     f"recall {flat['recall']:.3f}, unflagged wrong {flat['wrong_totals_not_flagged_count']} (not "
                     f"flagged at the cause {flat['wrong_totals_not_flagged_at_cause_count']}), radial p50/p95 "
                     f"{flat['radial_error_mm_p50']:.2f}/{flat['radial_error_mm_p95']:.2f} mm")
    if flat_hard:
        ceiling = flat_hard["line_call_ceiling"]
        parts.append(f"hard drawn by the plain renderer exact {flat_hard['exact_totals']:.1%} of {n_flat}, unflagged "
                     f"wrong {flat_hard['wrong_totals_not_flagged_count']}, radial p50/p95 "
                     f"{flat_hard['radial_error_mm_p50']:.2f}/{flat_hard['radial_error_mm_p95']:.2f} mm, line calls "
                     f"alone allow {ceiling['exact_totals']:.1%} ({ceiling['target']:.0%} needs radial p50 "
                     f"{ceiling['radial_p50_mm_needed']:.3f} mm)")
    if rp:
        parts.append(f"real exact {sum(r['exact'] for r in rp)}/{len(rp)} (flagged {sum(r['uncertain'] for r in rp)})")
    if rv:
        parts.append(f"real variants exact {rv['exact']}/{rv['photos']} (unflagged wrong {rv['wrong_not_flagged']})")
    if big:
        parts.append(f"12 MP JPEG {big['cpu_seconds_p50']:.2f} s p50, {big['cpu_seconds_max']:.2f} s max "
                     f"(decode {big['decode_seconds_p50']:.2f} s)")
    if pr:
        parts.append(f"verdicts {pr['verdict_accuracy']:.1%} of {n_pairs}")
    if rl:
        parts.append(f"verdicts with the light changed between the photos {rl['verdict_accuracy']:.1%} of {n_pairs}")
    print("; ".join(parts))

if __name__ == "__main__":
    main()
