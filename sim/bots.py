"""Bots: anything that picks a shot for a board state. The simple built-in ``greedy`` bot lives here.

A bot sees only the game and the state, and gets an explicit random generator, so every match can be replayed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from sim.board import Board, Seat
from sim.game import Game, State
from sim.physics import DEFAULT_PARAMS
from sim.shot import MAX_ANGLE, MAX_SPEED, Shot, aim_at


class Bot(Protocol):
    name: str

    def choose(self, game: Game, state: State, player: int, rng: np.random.Generator) -> Shot: ...


@dataclass(frozen=True)
class Hand:
    """A player's unsteady hand: aim wobble (degrees, one sigma) and power wobble (fraction, one sigma)."""

    aim_deg: float
    power: float

    def apply(self, shot: Shot, rng: np.random.Generator) -> Shot:
        return self.slip(shot, float(rng.standard_normal()), float(rng.standard_normal()))

    def slip(self, shot: Shot, z_aim: float, z_power: float) -> Shot:
        """The shot this hand makes for given standard-normal draws (shared draws let shots be compared fairly)."""
        angle = shot.angle + z_aim * self.aim_deg
        speed = shot.speed * max(0.05, 1.0 + z_power * self.power)
        return Shot(shot.spot, max(-MAX_ANGLE, min(MAX_ANGLE, angle)), min(MAX_SPEED, speed))


def path_is_clear(board: Board, start, target, obstacles, *, ignore=()) -> bool:
    """Does a disc sliding from ``start`` to ``target`` pass every peg and disc in ``obstacles`` (x, y, id)?"""
    sx, sy = start
    tx, ty = target
    dx, dy = tx - sx, ty - sy
    length2 = dx * dx + dy * dy or 1.0
    items = [(px, py, board.peg_r, None) for px, py in board.pegs()]
    items += [(ox, oy, board.disc_r, oid) for ox, oy, oid in obstacles if oid not in ignore]
    for ox, oy, r, _ in items:
        t = max(0.0, min(1.0, ((ox - sx) * dx + (oy - sy) * dy) / length2))
        if math.hypot(sx + t * dx - ox, sy + t * dy - oy) < board.disc_r + r:
            return False
    return True


SPOTS = tuple(s / 10 for s in (0, -2, 2, -4, 4, -6, 6, -8, 8, -10, 10))


@dataclass(frozen=True)
class GreedyBot:
    """Open board: straight at the 20 along a clear lane. Otherwise: the opponent disc nearest the hole, full on."""

    hand: Hand = Hand(2.0, 0.08)
    takeout_speed: float = 2500.0
    name: str = "greedy"

    def choose(self, game: Game, state: State, player: int, rng: np.random.Generator) -> Shot:
        board = game.board
        me = game.players[player]
        discs = [(d.x, d.y, d.id) for d in state.discs]
        targets = sorted((math.hypot(d.x, d.y), d.id, (d.x, d.y)) for d in state.discs if d.team != me.team)
        if targets:
            shot = self._takeout(board, me.seat, discs, targets[0])
        else:
            shot = self._twenty(board, me.seat, discs)
        return self.hand.apply(shot, rng)

    def _twenty(self, board: Board, seat: Seat, discs) -> Shot:
        for spot in SPOTS:
            start = board.spot_position(seat, spot)
            if path_is_clear(board, start, (0.0, 0.0), discs):
                speed = DEFAULT_PARAMS.speed_for_distance(math.hypot(*start) + 5.0)
                return aim_at(board, seat, spot, (0.0, 0.0), speed)
        return aim_at(board, seat, 0.0, (0.0, 0.0), DEFAULT_PARAMS.speed_for_distance(board.shooting_r + 5.0))

    def _takeout(self, board: Board, seat: Seat, discs, target) -> Shot:
        _, tid, txy = target
        for spot in SPOTS:
            start = board.spot_position(seat, spot)
            if path_is_clear(board, start, txy, discs, ignore=(tid,)):
                return aim_at(board, seat, spot, txy, self.takeout_speed)
        return aim_at(board, seat, 0.0, txy, self.takeout_speed)


class UnknownBotError(ValueError):
    """A bot name the match runner does not know."""


class BotFailedError(ValueError):
    """A bot gave no usable shot (late, garbage, dead): the runner forfeits that shot and play goes on."""


def make_bot(spec: str, *, timeout_s: float = 5.0) -> Bot:
    """A bot from its command-line name: greedy, ai:easy|medium|hard|expert, or exec:COMMAND."""
    if spec == "greedy":
        return GreedyBot()
    if spec.startswith("ai:"):
        from sim.ai import AiBot  # imported here: sim.ai builds on this module

        return AiBot.named(spec[3:])
    if spec.startswith("exec:"):
        from sim.exec_bot import ExecBot

        return ExecBot(spec[5:], timeout_s=timeout_s)
    raise UnknownBotError(f"unknown bot {spec!r}; try greedy, ai:easy, ai:medium, ai:hard, ai:expert or exec:COMMAND")
