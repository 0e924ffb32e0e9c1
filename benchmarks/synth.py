"""Synthetic photo renderer: seconds per 1600x1200 photo (one core) and what the photos hold.

Usage: python benchmarks/synth.py [N]   (default 40 photos). Prints JSON, the last line a one-line summary.
"""

from __future__ import annotations

import json
import sys
import time

import cv2
import numpy as np

from sim.board import BOARDS
from vision.synth import random_scene, random_style, render


def main(n: int = 40) -> None:
    cv2.setNumThreads(1)
    cpu, wall, tilts, in_play, near_line, jpeg_kb = [], [], [], [], [], []
    for i in range(n):
        rng = np.random.default_rng([1234, i])
        scene = random_scene(rng, list(BOARDS.values())[i % 3])
        style = random_style(rng)
        t0, c0 = time.perf_counter(), time.process_time()
        img, truth = render(scene, style, rng)
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        ok, data = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, style.finish.jpeg_quality])
        jpeg_kb.append(data.size / 1024)
        tilts.append(truth["camera_tilt_deg"])
        played = [d for d in truth["discs"] if d["in_play"]]
        in_play.append(len(played))
        near_line.append(sum(d["margin_mm"] < 1.0 for d in played))
    out = {
        "photos": n,
        "size": [1600, 1200],
        "cpu_s_per_photo": {"p50": round(float(np.median(cpu)), 3), "p95": round(float(np.percentile(cpu, 95)), 3)},
        "wall_s_per_photo": {"p50": round(float(np.median(wall)), 3), "p95": round(float(np.percentile(wall, 95)), 3)},
        "tilt_deg": {"min": round(min(tilts), 1), "p50": round(float(np.median(tilts)), 1),
                     "max": round(max(tilts), 1)},
        "discs_in_play_mean": round(float(np.mean(in_play)), 1),
        "discs_within_1mm_of_a_line_mean": round(float(np.mean(near_line)), 2),
        "jpeg_kb_mean": round(float(np.mean(jpeg_kb)), 1),
    }
    print(json.dumps(out, indent=1))
    print(f"synth: {n} photos, {out['cpu_s_per_photo']['p50']} s CPU per 1600x1200 photo (p95 "
          f"{out['cpu_s_per_photo']['p95']}), tilt up to {out['tilt_deg']['max']} deg")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
