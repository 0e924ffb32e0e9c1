"""Calibration benchmark: synthetic photos with exact truth, a 12-megapixel timing, and the ten real photos.

    .venv/bin/python benchmarks/calibration.py [--count N] [--quick] [--out out/calibration]

Prints one JSON object per line; the last line is a one-line summary. Every synthetic failure (seed, tilt, board,
reason, residual) goes to OUT/failures.jsonl, real overlays to OUT/NAME.png. Times are CPU seconds with OpenCV on
one thread (the target is one core), so other work on the machine does not inflate them.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from calibration import calibrate, read_image  # noqa: E402
from calibration.compare import (  # noqa: E402
    quarter_phase_error_deg,
    ring_errors_mm,
    rotation_error_deg,
    truth_projector,
)
from calibration.overlay import draw_overlay  # noqa: E402
from sim.board import board_named  # noqa: E402
from vision.synth import random_scene, random_style, render  # noqa: E402

REAL = ROOT.parent / "shared" / "real_photos"


def synthetic(count: int, seed: int, failures: Path, size=(1600, 1200)) -> dict:
    ok, errs, secs, fails, phase, rotation, render_errors = 0, [], [], [], [], [], 0
    for i in range(count):
        rng = np.random.default_rng([seed, i])
        board = board_named(["tournament", "club", "heirloom"][i % 3])
        try:
            image, truth = render(random_scene(rng, board), random_style(rng), rng, size=size)
        except Exception:  # the renderer is another package; count its failures, do not blame calibration
            render_errors += 1
            continue
        t = time.process_time()
        res = calibrate(image, board)
        secs.append(time.process_time() - t)
        fail = {"seed": [seed, i], "tilt": truth["camera_tilt_deg"], "board": board.name}
        if not res:
            fails.append(fail | {"reason": res.reason, "residual_mm": None})
            continue
        project = truth_projector(truth)
        e = ring_errors_mm(res.calibration, project, board)
        if np.percentile(e, 95) > 5.0:
            fails.append(fail | {"reason": f"wrong fit p95 {np.percentile(e, 95):.1f} mm",
                                 "residual_mm": res.calibration.residual_mm})
            continue
        ok += 1
        errs.append(e)
        phase.append(quarter_phase_error_deg(res.calibration, project))
        rotation.append(rotation_error_deg(res.calibration, project, truth["board_to_image"], board.outer_r))
    failures.parent.mkdir(parents=True, exist_ok=True)
    failures.write_text("".join(json.dumps(f) + "\n" for f in fails))
    e = np.concatenate(errs) if errs else np.array([np.nan])
    rot = np.abs(rotation)
    rendered = count - render_errors
    return {
        "synthetic_photos": rendered,
        "render_errors": render_errors,
        "success_rate": ok / max(rendered, 1),
        "ring_error_mm_p50": round(float(np.percentile(e, 50)), 3),
        "ring_error_mm_p95": round(float(np.percentile(e, 95)), 3),
        "rotation_mod90_error_deg_p95": round(float(np.percentile(phase, 95)), 2) if phase else None,
        "rotation_off_2deg_share": round(float(np.mean(rot > 2)), 3) if len(rot) else None,
        "rotation_off_2deg_seat_ties": int(np.sum(np.abs(rot - 90) < 2)),
        "cpu_seconds_per_photo_mean": round(float(np.mean(secs)), 3),
        "cpu_seconds_per_photo_p95": round(float(np.percentile(secs, 95)), 3),
        "failures": fails[:20],
    }


def twelve_megapixel(seed: int, photos: int = 10) -> dict:
    """CPU seconds for 12-megapixel photos (best of two runs each, the slowest photo reported), and their ring
    error: a 12 MP photo is measured on a halved copy, which the 1600x1200 photos never are (mapped back half a
    pixel off, its median error here was 0.158 mm; mapped right, 0.088; the 1600x1200 photos' 0.075)."""
    times, ok, errs = [], 0, []
    for k in range(photos):
        rng = np.random.default_rng([seed, 12, k])
        image, truth = render(random_scene(rng), random_style(rng), rng, size=(4000, 3000), supersample=1)
        best = np.inf
        for _ in range(2):
            t = time.process_time()
            res = calibrate(image)
            best = min(best, time.process_time() - t)
        times.append(best)
        if res:
            ok += 1
            errs.append(ring_errors_mm(res.calibration, truth_projector(truth), board_named("tournament")))
    e = np.concatenate(errs) if errs else np.array([np.nan])
    return {"twelve_mp_seconds_max": round(max(times), 3), "twelve_mp_seconds": [round(t, 3) for t in times],
            "twelve_mp_ok": f"{ok}/{photos}", "twelve_mp_ring_error_mm_p50": round(float(np.percentile(e, 50)), 3),
            "twelve_mp_ring_error_mm_p95": round(float(np.percentile(e, 95)), 3)}


def real(out: Path) -> list[dict]:
    out.mkdir(parents=True, exist_ok=True)
    rows = []
    for path in sorted(REAL.glob("*.jpg")) + sorted((REAL / "unlabelled").glob("*.jpg")):
        image = read_image(path)
        t = time.process_time()
        res = calibrate(image)
        dt = time.process_time() - t
        row = {"photo": path.name, "ok": bool(res), "seconds": round(dt, 3)}
        if res:
            c = res.calibration
            row |= {"residual_mm": c.residual_mm, "rings_mm": dict(c.rings_mm), "pegs": len(c.pegs_px),
                    "confidence": c.confidence, "features": list(c.features)}
            cv2.imwrite(str(out / f"{path.stem}.png"), draw_overlay(image, c))
        else:
            row["reason"] = res.reason
        rows.append(row)
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--quick", action="store_true", help="30 synthetic photos")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--out", type=Path, default=ROOT / "out" / "calibration")
    args = ap.parse_args()
    cv2.setNumThreads(1)
    count = 30 if args.quick else args.count
    syn = synthetic(count, args.seed, args.out / "failures.jsonl")
    print(json.dumps(syn))
    big = twelve_megapixel(args.seed)
    print(json.dumps(big))
    rows = real(args.out)
    for row in rows:
        print(json.dumps(row))
    summary = {
        "success": syn["success_rate"], "p50_mm": syn["ring_error_mm_p50"], "p95_mm": syn["ring_error_mm_p95"],
        "rot_off_2deg": syn["rotation_off_2deg_share"], "s_per_photo": syn["cpu_seconds_per_photo_mean"],
        "s_12mp": big["twelve_mp_seconds_max"], "p50_mm_12mp": big["twelve_mp_ring_error_mm_p50"],
        "real_ok": f"{sum(r['ok'] for r in rows)}/{len(rows)}",
    }
    print("summary " + json.dumps(summary))


if __name__ == "__main__":
    main()
