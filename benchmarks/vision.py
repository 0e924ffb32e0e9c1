"""Vision benchmark: synthetic photos (rendered from seeds, calibrated for real) and the labelled real photos.

Prints one JSON object per section and a one-line summary last. Before/after verdicts are not benchmarked yet.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import sys
import time
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[1])  # this file's name would shadow the vision package

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from sim.board import CLUB, TOURNAMENT  # noqa: E402
from vision import NoBoardError, score_photo  # noqa: E402
from vision.synth import random_scene, random_style, render  # noqa: E402
from vision.teams import ALIASES, PALETTE  # noqa: E402

REAL = Path(__file__).resolve().parents[2] / "shared" / "real_photos"


def synthetic(count: int, seed: int) -> dict:
    found = true = matched = team_ok = points_ok = exact = wrong_unflagged = failed = 0
    radial, secs = [], []
    for k in range(count):
        rng = np.random.default_rng([seed, k])
        board = CLUB if k % 5 == 4 else TOURNAMENT
        scene = random_scene(rng, board)
        img, t = render(scene, random_style(rng), rng)
        img = cv2.imdecode(cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, t["jpeg_quality"]])[1], 1)
        t0 = time.perf_counter()
        try:
            s = score_photo(img, board=board, teams={n: tuple(c) for n, c in t["team_colours"].items()})
        except NoBoardError:
            failed += 1
            continue
        secs.append(time.perf_counter() - t0)
        on = [d for d in t["discs"] if d["in_play"]]
        true += len(on)
        found += len(s.discs)
        for d in on:  # match on distance from the hole and team-free position (rotation is calibration's job)
            rt = math.hypot(d["x_mm"], d["y_mm"])
            best = min(s.discs, key=lambda f: abs(math.hypot(f.x_mm, f.y_mm) - rt), default=None)
            if best is not None and abs(math.hypot(best.x_mm, best.y_mm) - rt) < 5:
                matched += 1
                radial.append(abs(math.hypot(best.x_mm, best.y_mm) - rt))
                team_ok += best.team == d["team"]
                points_ok += best.points == d["points"]
        ok = s.totals == {n: v for n, v in t["totals"].items() if n in s.totals}
        exact += ok
        wrong_unflagged += (not ok) and not s.uncertain
    n = count - failed
    return {
        "photos": count, "no_board": failed, "recall": matched / max(true, 1),
        "precision": min(1.0, matched / max(found, 1)),
        "team_accuracy": team_ok / max(matched, 1), "points_accuracy": points_ok / max(matched, 1),
        "radial_error_mm_p50": float(np.percentile(radial, 50)) if radial else None,
        "radial_error_mm_p95": float(np.percentile(radial, 95)) if radial else None,
        "exact_totals": exact / max(n, 1), "wrong_totals_not_flagged": wrong_unflagged / max(n, 1),
        "seconds_per_photo_1600x1200": float(np.median(secs)) if secs else None,
    }


def real() -> list[dict]:
    out = []
    for row in csv.DictReader(open(REAL / "truth.csv")):
        names = (row["team1_colour"], row["team2_colour"])
        teams = {n: PALETTE[ALIASES.get(n, n)] for n in names}
        s = score_photo(REAL / row["image"], teams=teams)
        want = {names[0]: int(row["team1_points"]), names[1]: int(row["team2_points"])}
        out.append({"image": row["image"], "truth": want, "detected": s.totals, "exact": s.totals == want,
                    "uncertain": s.uncertain})
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--quick", action="store_true", help="30 synthetic photos")
    ap.add_argument("--seed", type=int, default=2025)
    a = ap.parse_args()
    syn = synthetic(30 if a.quick else a.count, a.seed)
    print(json.dumps({"synthetic": syn}))
    rp = real()
    for r in rp:
        print(json.dumps(r))
    print(f"synthetic exact {syn['exact_totals']:.1%} (unflagged wrong {syn['wrong_totals_not_flagged']:.1%}), "
          f"radial p50 {syn['radial_error_mm_p50']} mm; real exact {sum(r['exact'] for r in rp)}/{len(rp)}")


if __name__ == "__main__":
    main()
