"""``crokinole render``: synthetic board photos (JPEG) with a same-name JSON truth beside each."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import cv2
import numpy as np

from sim.board import BOARDS
from vision.synth import random_scene, random_style, render, render_pair
from vision.synth.layouts import hand_made_after
from webapp.cli import CommandError

NAME = "render"
HELP = "Render synthetic crokinole photos with exact truth (JSON beside each JPEG); the same seed gives the same set."


def add_arguments(p) -> None:
    p.add_argument("--out", required=True, metavar="DIR", help="folder to write into (created if missing)")
    p.add_argument("--count", type=int, default=10, help="how many photos (or pairs) to render (default 10)")
    p.add_argument("--seed", type=int, default=0, help="random seed; photo i of a seed is always the same")
    p.add_argument("--board", choices=sorted(BOARDS), help="board profile (default: cycle through all)")
    p.add_argument("--size", default="1600x1200", metavar="WxH", help="picture size (default 1600x1200)")
    p.add_argument("--pairs", action="store_true",
                   help="render before/after pairs of a hand-made shot instead of single photos")
    p.add_argument("--easy", action="store_true", help="no hard cases (line huggers, clusters, peg contacts)")


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise CommandError(f"--size must look like 1600x1200, not {text!r}") from None
    return w, h


def _write(out: Path, stem: str, img: np.ndarray, truth: dict, quality: int) -> None:
    ok, data = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        raise CommandError(f"could not encode {stem}.jpg")
    (out / f"{stem}.jpg").write_bytes(data.tobytes())
    (out / f"{stem}.json").write_text(json.dumps({"image": f"{stem}.jpg", **truth}, indent=1), encoding="utf-8")


def run(args) -> int:
    size = parse_size(args.size)
    if args.count < 1:
        raise CommandError("--count must be at least 1")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    boards = [BOARDS[args.board]] if args.board else list(BOARDS.values())
    for i in range(args.count):
        rng = np.random.default_rng([args.seed, i])  # photo i depends only on (seed, i)
        board = boards[i % len(boards)]
        scene = random_scene(rng, board, hard=not args.easy)
        style = random_style(rng)
        stem = f"synth_{args.seed}_{i:04d}"
        if args.pairs:
            after = hand_made_after(scene, rng)
            (img_b, t_b), (img_a, t_a) = render_pair(scene, after, style, rng, size=size)
            _write(out, f"{stem}_before", img_b, t_b, style.finish.jpeg_quality)
            _write(out, f"{stem}_after", img_a, t_a, style.finish.jpeg_quality)
        else:
            img, truth = render(scene, style, rng, size=size)
            _write(out, stem, img, truth, style.finish.jpeg_quality)
        print(f"\r{i + 1}/{args.count}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    kind = "pairs" if args.pairs else "photos"
    print(f"wrote {args.count} {kind} to {out}")
    return 0
