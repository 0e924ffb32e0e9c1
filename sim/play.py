"""Playing a shot on a virtual board: the shot's launch, the physics, then the judge.

This is the one call a bot, the command line and the web app make for a shot in a virtual game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sim.game import Game, GameError, State
from sim.judge import ShotReport, ShotResult, apply, judge
from sim.physics import DEFAULT_PARAMS, Motion, PhysicsParams, simulate
from sim.shot import IllegalShotError, Shot, launch


@dataclass(frozen=True)
class Played:
    shot: Shot
    result: ShotResult
    motion: Motion


def report_from_motion(motion: Motion, shot_id: int) -> ShotReport:
    """What the physics saw, in the judge's terms."""
    touched = frozenset(
        (c.b if c.a == shot_id else c.a) for c in motion.contacts if c.kind == "disc" and shot_id in (c.a, c.b)
    )
    return ShotReport(
        shot_id=shot_id,
        positions=dict(motion.positions),
        dropped=tuple(motion.dropped),
        left_surface=tuple(motion.left_surface),
        moved=frozenset(motion.moved) - {shot_id},
        touched_by_shot=touched,
    )


def play(
    game: Game, state: State, shot: Shot, *, params: PhysicsParams = DEFAULT_PARAMS, fps: float | None = None
) -> Played:
    """Shoot for the player whose turn it is; raises IllegalShotError or GameError for shots that cannot be."""
    player = game.to_shoot(state)
    if player is None:
        raise GameError("the match is over")
    board = game.board
    start, velocity = launch(board, game.players[player].seat, shot)
    for d in state.discs:
        if math.hypot(d.x - start[0], d.y - start[1]) < 2 * board.disc_r:
            raise IllegalShotError(f"that spot is blocked by disc {d.id}; slide along the line")
    shot_id = state.next_id
    motion = simulate(board, [(d.id, d.x, d.y) for d in state.discs], shot_id, start, velocity, params=params, fps=fps)
    report = report_from_motion(motion, shot_id)
    verdict = judge(game, state, player, report)
    return Played(shot, apply(game, state, player, report, verdict), motion)
