"""Physics speed and grazing-contact benchmark.

Speed: full-board rollouts (23 discs at rest in seeded random legal layouts plus the shot disc from a random spot
of a random seat, at a random angle and 0.5-4 m/s), one core. Timed in process CPU time, so other work on a shared
machine does not count against it; ``shots_per_s_wall`` is the wall-clock figure.
Grazing: shots at 4 m/s whose centre passes a peg 0.2 mm inside contact distance must touch it; passes 0.5 mm
clear must not.

Usage: python benchmarks/physics.py [--quick] [--seed N]. Prints JSON, then a one-line summary.
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

from sim.board import TOURNAMENT, Board, Seat  # noqa: E402
from sim.physics import simulate  # noqa: E402


def random_layout(board: Board, count: int, rng: np.random.Generator) -> list[tuple[int, float, float]]:
    """``count`` discs at rest in legal spots: inside the outer line, off the hole, clear of pegs and each other."""
    r = board.disc_r
    limit = board.outer_line.inner_edge - r - 0.5
    pegs = np.array(board.pegs())
    placed: list[tuple[int, float, float]] = []
    while len(placed) < count:
        d = limit * math.sqrt(rng.uniform(0, 1))
        a = rng.uniform(0, 2 * math.pi)
        x, y = d * math.cos(a), d * math.sin(a)
        if d <= board.hole_r + 0.5:
            continue
        if np.min(np.hypot(pegs[:, 0] - x, pegs[:, 1] - y)) < r + board.peg_r + 0.5:
            continue
        if any(math.hypot(x - px, y - py) < 2 * r + 0.5 for _, px, py in placed):
            continue
        placed.append((len(placed), x, y))
    return placed


def random_shot(
    board: Board, layout: list[tuple[int, float, float]], rng: np.random.Generator
) -> tuple[tuple[float, float], tuple[float, float]]:
    """A start spot on a random seat's line that no disc covers, aimed within 45 degrees of the hole."""
    while True:
        seat = Seat(int(rng.integers(4)))
        x, y = board.spot_position(seat, rng.uniform(-1, 1))
        if all(math.hypot(x - px, y - py) >= 2 * board.disc_r for _, px, py in layout):
            break
    aim = math.atan2(-y, -x) + rng.uniform(-math.pi / 4, math.pi / 4)
    speed = rng.uniform(500.0, 4000.0)
    return (x, y), (speed * math.cos(aim), speed * math.sin(aim))


def speed_run(board: Board, shots: int, seed: int) -> dict:
    rng = np.random.default_rng(seed)
    cases = []
    for _ in range(shots):
        layout = random_layout(board, 23, rng)
        cases.append((layout, *random_shot(board, layout, rng)))
    times = []
    gone = 0
    wall = time.perf_counter()
    for layout, start, velocity in cases:
        t0 = time.process_time()
        m = simulate(board, layout, 23, start, velocity)
        times.append(time.process_time() - t0)
        gone += len(m.dropped) + len(m.left_surface)
    wall = time.perf_counter() - wall
    ms = np.array(times) * 1000
    return {
        "shots": shots,
        "shots_per_s": round(shots / float(np.sum(times)), 1),
        "shots_per_s_wall": round(shots / wall, 1),
        "ms_p50": round(float(np.percentile(ms, 50)), 3),
        "ms_p95": round(float(np.percentile(ms, 95)), 3),
        "ms_max": round(float(ms.max()), 3),
        "discs_gone_per_shot": round(gone / shots, 2),
    }


def peg_pass(board: Board, peg: int, offset: float, heading: float, speed: float) -> bool:
    """Shoot one disc past peg ``peg``, its centre passing ``offset`` mm from the peg centre: did it touch it?

    Only contacts up to just after the closest approach count, so a later bounce back does not.
    """
    px, py = board.pegs()[peg]
    ux, uy = math.cos(heading), math.sin(heading)
    nx, ny = -uy, ux
    back = 60.0  # start this far before the closest approach
    start = (px + nx * offset - ux * back, py + ny * offset - uy * back)
    m = simulate(board, [], 0, start, (speed * ux, speed * uy))
    by = (back + 10.0) / speed
    return any(c.kind == "peg" and c.b == peg and c.t <= by for c in m.contacts)


def grazing_run(board: Board, count: int, seed: int) -> dict:
    """Passes along a peg's radial line (inward or outward, within 20 degrees), so no other peg is in the way."""
    rng = np.random.default_rng(seed)
    touch = board.disc_r + board.peg_r
    misses = false_hits = 0
    for _ in range(count):
        peg = int(rng.integers(board.peg_count))
        px, py = board.pegs()[peg]
        inward = math.atan2(-py, -px) + (math.pi if rng.uniform() < 0.5 else 0.0)
        heading = inward + math.radians(rng.uniform(-20, 20))
        side = 1.0 if rng.uniform() < 0.5 else -1.0
        if not peg_pass(board, peg, side * (touch - 0.2), heading, 4000.0):
            misses += 1
        if peg_pass(board, peg, side * (touch + 0.5), heading, 4000.0):
            false_hits += 1
    return {"grazing_shots": count, "grazing_misses": misses, "clear_passes": count, "clear_false_contacts": false_hits}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer shots (for CI)")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    board = TOURNAMENT
    shots, grazes = (200, 100) if args.quick else (2000, 1000)
    speed_run(board, 20, args.seed + 1)  # warm up imports and caches
    result = {"board": board.name, **speed_run(board, shots, args.seed), **grazing_run(board, grazes, args.seed)}
    print(json.dumps(result, indent=2))
    print(
        f"physics: {result['shots_per_s']} shots/s (p50 {result['ms_p50']} ms, p95 {result['ms_p95']} ms), "
        f"grazing misses {result['grazing_misses']}/{result['grazing_shots']}, "
        f"clear-pass false contacts {result['clear_false_contacts']}/{result['clear_passes']}"
    )


if __name__ == "__main__":
    main()
