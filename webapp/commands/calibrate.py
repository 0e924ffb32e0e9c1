"""``crokinole calibrate``: find the board in a photo and print the calibration (or why it failed)."""

from __future__ import annotations

import json
import sys

import cv2

from calibration import ImageReadError, calibrate, read_image
from calibration.overlay import draw_overlay
from sim.board import BOARDS, board_named
from webapp.cli import CommandError

NAME = "calibrate"
HELP = "Find the board in a photo: homography image -> board mm, measured rings, pegs, quality."


def add_arguments(p) -> None:
    p.add_argument("image", metavar="IMAGE", help="photo of the board (JPEG, PNG, WEBP, ...)")
    p.add_argument("--board", default="tournament", choices=sorted(BOARDS), help="board profile (a prior)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--overlay", metavar="OUT.png", help="write the photo with the fitted rings and pegs drawn")


def run(args) -> int:
    try:
        image = read_image(args.image)
    except ImageReadError as exc:
        raise CommandError(str(exc)) from None
    result = calibrate(image, board_named(args.board))
    cal = result.calibration
    if args.overlay and cal is not None:
        if not cv2.imwrite(args.overlay, draw_overlay(image, cal)):
            raise CommandError(f"cannot write overlay {args.overlay}")
    if args.json:
        out = {"ok": bool(result), "image": args.image}
        if cal is None:
            out["reason"] = result.reason
        else:
            out |= json.loads(cal.to_json())
        print(json.dumps(out))
        if cal is None:
            print(f"crokinole calibrate: {args.image}: {result.reason}", file=sys.stderr)
            return 2
        return 0
    if cal is None:
        raise CommandError(f"{args.image}: {result.reason}")
    rings = ", ".join(f"{k} {v:.1f}" for k, v in cal.rings_mm.items())
    print(f"{args.image}: board found ({cal.profile}), residual {cal.residual_mm:.2f} mm, "
          f"confidence {cal.confidence:.2f}")
    print(f"  rings mm: {rings}")
    if cal.line_width_mm is not None:
        print(f"  lines painted {cal.line_width_mm:.2f} mm wide")
    view = cal.view
    how = ("read from the rings" if view.focal_estimated else
           "guessed: a square-on view does not show it (scoring reads it from the discs' walls)")
    print(f"  camera {view.camera_mm[2]:.0f} mm above the board, {view.tilt_deg:.1f} degrees off square-on, "
          f"focal length {how}")
    print(f"  pegs: {len(cal.pegs_px)}  features: {', '.join(cal.features)}")
    return 0
