"""``crokinole score``: score the round in a photo (or every photo in a folder) and print JSON."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import cv2

from calibration import ImageReadError, lens_focal_px, read_image
from sim.board import BOARDS, board_named
from vision import NoBoardError, PhotoScore, TeamColoursError, parse_teams, score_photo
from vision.overlay import draw_overlay
from webapp.cli import CommandError

NAME = "score"
HELP = "Score the round in a board photo: discs, teams, points, line calls and the round result."
# What to do about a call in doubt, where the reason alone does not say it.
LOOK = {"near a line": "near a line, look underneath"}
IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".webp", ".bmp", ".tif", ".tiff", ".gif"}


def add_arguments(p) -> None:
    p.add_argument("image", metavar="IMAGE", help="a photo, or a folder of photos (one JSON line each)")
    p.add_argument("--teams", metavar="NAME=#RRGGBB,NAME=#RRGGBB", help="team colours (default: learnt)")
    p.add_argument("--board", default="tournament", choices=sorted(BOARDS), help="board profile")
    p.add_argument("--json", action="store_true", help="print JSON (always JSON lines for a folder)")
    p.add_argument("--overlay", metavar="OUT.png", help="write the photo with every call drawn on it")


def _one(path, args, teams):
    try:
        image = read_image(path)
        score = score_photo(image, board=board_named(args.board), teams=teams, lens_focal_px=lens_focal_px(path))
    except (ImageReadError, NoBoardError) as exc:
        raise CommandError(str(exc) if isinstance(exc, ImageReadError) else f"{path}: {exc}") from None
    return image, score


def run(args) -> int:
    try:
        teams = parse_teams(args.teams) if args.teams else None
    except TeamColoursError as exc:
        raise CommandError(str(exc)) from None
    src = Path(args.image)
    if src.is_dir():
        files = sorted(f for f in src.iterdir() if f.suffix.lower() in IMAGE_SUFFIXES)
        failed = 0
        for k, f in enumerate(files, 1):
            try:
                _, score = _one(f, args, teams)
                print(json.dumps({"image": f.name, **score.to_json()}), flush=True)
            except CommandError as exc:
                failed += 1
                print(json.dumps({"image": f.name, "error": str(exc)}), flush=True)
            done = int(30 * k / len(files))
            print(f"\r[{'#' * done}{'.' * (30 - done)}] {k}/{len(files)}", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
        return 2 if failed == len(files) and files else 0
    image, score = _one(src, args, teams)
    if args.overlay:
        cv2.imwrite(args.overlay, draw_overlay(image, score))
    print(json.dumps(score.to_json()) if args.json else report(score))
    return 0


def report(score: PhotoScore) -> str:
    """The plain-text report: a line per disc with why its call is in doubt, the photo's notes, the result."""
    lines = []
    for d in score.discs:
        flag = f"  (uncertain: {', '.join(LOOK.get(w, w) for w in d.why)})" if d.uncertain else ""
        lines.append(f"{d.team:>12} {d.points:>2} points, {d.margin_mm:.1f} mm from the nearest line{flag}")
    lines += [f"note: {n}" for n in score.notes]
    js = score.to_json()
    lines.append("totals: " + ", ".join(f"{t} {p}" for t, p in js["totals"].items()))
    r = js["round"]
    lines.append(f"round: {r['winner']} scores {r['points']}" if r["winner"] else "round: tie")
    if score.uncertain:
        marked = any(d.uncertain for d in score.discs)
        todo = ("check the marked discs" + (" and the notes" if score.notes else "")) if marked else "see the notes"
        lines.append(f"the result is uncertain: {todo}")
    return "\n".join(lines)
