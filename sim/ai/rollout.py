"""Trying shots on copies of the board: the outcome of each, computed here or spread over a process pool.

Rollouts are pure functions of (game, state, shot), so the results do not depend on which process ran them or
in what order: a seeded decision is the same on one core or two. The pool is created once per process, on
first use, and shut down at exit. It forks when this process has one thread (fast, and works from scripts
without a ``__main__`` guard); next to other threads (the web app) it uses a fork server, since forking a
threaded process can deadlock.
"""

from __future__ import annotations

import atexit
import math
import multiprocessing
import os
import threading
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from sim.game import Game, State
from sim.play import Played, play
from sim.shot import IllegalShotError, Shot

MIN_PER_WORKER = 6  # below this many shots a chunk is not worth the trip to another process


@dataclass(frozen=True)
class Outcome:
    """What a shot did, in the terms the player judges by."""

    points: tuple[int, ...]  # each team's round points after the shot (the final ones if the round ended)
    foul: bool
    shot_dropped: bool  # the shot disc is a counted 20
    zones: dict[int, int]  # disc id -> points, for every disc still in play after the shot (shot disc too)
    gone: frozenset[int]  # discs that were in play before and are not now (20s included)
    state: State  # the state after the shot
    round_over: bool


def outcome_of(game: Game, state: State, played: Played) -> Outcome:
    res, motion = played.result, played.motion
    v = res.verdict
    shot_id = state.next_id
    if v.restored:
        on_board = {d.id: (d.x, d.y) for d in state.discs}
    else:
        off = set(v.removed) | set(v.out) | set(motion.dropped)
        on_board = {i: xy for i, xy in motion.positions.items() if i not in off}
    zones = {i: game.board.zone(*xy).points for i, xy in on_board.items()}
    points = res.state.rounds[-1].points if res.round_over else game.round_points(res.state)
    return Outcome(
        points=points,
        foul=v.foul,
        shot_dropped=shot_id in v.twenties,
        zones=zones,
        gone=frozenset(d.id for d in state.discs if d.id not in zones),
        state=res.state,
        round_over=res.round_over,
    )


def _blocked(game: Game, state: State) -> Outcome:
    """A shot that cannot be played counts as a foul that changes nothing (the shot disc is simply lost)."""
    zones = {d.id: game.board.zone(d.x, d.y).points for d in state.discs}
    return Outcome(game.round_points(state), True, False, zones, frozenset(), state, False)


def run_shots(game: Game, state: State, shots: Sequence[Shot]) -> list[Outcome]:
    out = []
    for shot in shots:
        try:
            out.append(outcome_of(game, state, play(game, state, shot)))
        except IllegalShotError:
            out.append(_blocked(game, state))
    return out


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


_POOL: list[ProcessPoolExecutor] = []


def _pool() -> ProcessPoolExecutor | None:
    """The shared pool of helper processes (one fewer than the cores: this process works too)."""
    if not _POOL and _cores() > 1:
        ctx = multiprocessing.get_context("fork" if threading.active_count() == 1 else "forkserver")
        if ctx.get_start_method() == "forkserver":
            ctx.set_forkserver_preload(["sim.ai.rollout"])
        _POOL.append(ProcessPoolExecutor(max_workers=_cores() - 1, mp_context=ctx))
        atexit.register(_POOL[0].shutdown, cancel_futures=True)
    return _POOL[0] if _POOL else None


def run_many(game: Game, state: State, shots: Sequence[Shot], *, parallel: bool) -> list[Outcome]:
    """``run_shots`` over both cores when it pays; the same results either way."""
    pool = _pool() if parallel else None
    if pool is None or len(shots) < 2 * MIN_PER_WORKER:
        return run_shots(game, state, shots)
    parts = _cores()
    size = math.ceil(len(shots) / parts)
    chunks = [shots[k : k + size] for k in range(0, len(shots), size)]
    futures = [pool.submit(run_shots, game, state, c) for c in chunks[1:]]
    mine = run_shots(game, state, chunks[0])
    for f in futures:
        mine += f.result()
    return mine
