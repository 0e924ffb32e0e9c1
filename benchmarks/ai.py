"""Computer player benchmark: open-20 rates, thinking time on full boards, a ladder of matches between levels.

    .venv/bin/python benchmarks/ai.py [--quick]

Prints one JSON object, then a one-line summary. --quick plays fewer boards and matches (not the evidence
for the ladder targets: each level beats the one below in >= 60% of >= 50 matches, Expert beats greedy in
>= 90%).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sim.ai import LEVELS, AiBot  # noqa: E402
from sim.ai.drills import open_twenty_rate  # noqa: E402
from sim.ai.search import decide  # noqa: E402
from sim.bots import GreedyBot  # noqa: E402
from sim.game import Disc, Game, State  # noqa: E402
from sim.match import run_match  # noqa: E402

PAIRS = (("easy", "medium"), ("medium", "hard"), ("hard", "expert"))


def full_board(game: Game, rng: np.random.Generator, per_team: int) -> State:
    """A mid-round board: ``per_team`` discs of each side scattered over the scoring zones, none overlapping."""
    b = game.board
    discs: list[Disc] = []
    pegs = b.pegs()
    while len(discs) < 2 * per_team:
        r = rng.uniform(b.hole_r + b.disc_r + 2, b.outer_line.inner_edge - b.disc_r - 2)
        a = rng.uniform(-math.pi, math.pi)
        x, y = r * math.cos(a), r * math.sin(a)
        if any(math.hypot(x - d.x, y - d.y) < 2 * b.disc_r + 1 for d in discs):
            continue
        if any(math.hypot(x - px, y - py) < b.disc_r + b.peg_r + 1 for px, py in pegs):
            continue
        discs.append(Disc(len(discs) + 1, len(discs) % 2, x, y))
    shot_no = 2 * per_team + 2  # orange to shoot, with discs still to come for both
    return State(tuple(discs), (0, 0), shot_no, 0, (0, 0), (), len(discs) + 1)


def think_times(game: Game, boards: list[State]) -> dict:
    out = {}
    for name, level in LEVELS.items():
        rng = np.random.default_rng(1)
        times = []
        for s in boards:
            t = time.perf_counter()
            decide(game, s, 0, level, rng)
            times.append(time.perf_counter() - t)
        out[name] = {"p50": round(float(np.percentile(times, 50)), 3), "p95": round(float(np.percentile(times, 95)), 3)}
    return out


def wins(game: Game, high, low, matches: int, seed: int) -> dict:
    """Matches to 100 between two bots; the higher one plays orange in even matches, purple in odd ones."""
    won = 0
    t = time.perf_counter()
    for k in range(matches):
        bots = [high, low] if k % 2 == 0 else [low, high]
        rec = run_match(game, bots, seed + k)
        won += rec.winner == k % 2
    result = {"matches": matches, "higher_won": won, "share": round(won / matches, 3),
              "s_per_match": round((time.perf_counter() - t) / matches, 1)}
    print(f"{high.name} v {low.name}: {result}", file=sys.stderr, flush=True)  # progress: the ladder takes hours
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer boards and matches")
    ap.add_argument("--tries", type=int, default=200, help="open 20s per level (default 200)")
    ap.add_argument("--matches", type=int, help="matches per ladder pair (default 50, --quick 2)")
    ap.add_argument("--sections", default="open20,think,ladder",
                    help="comma-separated parts to run: open20, think, ladder (default all)")
    args = ap.parse_args()
    sections = set(args.sections.split(","))
    game = Game.create()
    matches = args.matches or (2 if args.quick else 50)
    rng = np.random.default_rng(2024)
    boards = [full_board(game, rng, 8) for _ in range(8 if args.quick else 30)]

    report: dict = {"quick": args.quick}
    summary = []
    if "open20" in sections:
        report["open20_rate"] = {n: open_twenty_rate(game, lv, args.tries, seed=99) for n, lv in LEVELS.items()}
        report["open20_tries"] = args.tries
        summary.append("open 20: " + " ".join(f"{n} {r:.0%}" for n, r in report["open20_rate"].items()))
    if "think" in sections:
        think = think_times(game, boards)
        report["think_s_p50"] = {n: v["p50"] for n, v in think.items()}
        report["think_s_p95"] = {n: v["p95"] for n, v in think.items()}
        report["think_boards"] = len(boards)
        p95 = report["think_s_p95"]
        summary.append(f"expert think p95 {p95['expert']} s, easy p95 {p95['easy']} s")
    if "ladder" in sections:
        report["ladder"] = {
            f"{hi}>{lo}": wins(game, AiBot(LEVELS[hi]), AiBot(LEVELS[lo]), matches, seed=1000 * i)
            for i, (lo, hi) in enumerate(PAIRS)
        }
        report["expert_vs_greedy"] = wins(game, AiBot(LEVELS["expert"]), GreedyBot(), matches, seed=9000)
        ladder = " ".join(f"{k} {v['share']:.0%}" for k, v in report["ladder"].items())
        greedy = report["expert_vs_greedy"]["share"]
        summary.append(f"ladder ({matches} each): {ladder}; expert beats greedy {greedy:.0%}")
    print(json.dumps(report, indent=1))
    print("; ".join(summary))


if __name__ == "__main__":
    main()
