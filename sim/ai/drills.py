"""Skill drills shared by the tests and the benchmark: how often a level sinks an open 20."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from sim.ai.levels import Level
from sim.ai.player import AiBot
from sim.game import Game
from sim.play import play


def open_twenty_rate(game: Game, level: Level, tries: int, seed: int) -> float:
    """Share of ``tries`` shots at the 20 on an empty board that drop, each chosen and shot by ``level``.

    The level is held to the 20 (on an empty board the higher levels sometimes prefer to hide behind a peg),
    since the skill anchors count 20s made out of 20s tried.
    """
    bot = AiBot(replace(level, families=frozenset({"twenty"})))
    state = game.new_state()
    player = game.to_shoot(state)
    rng = np.random.default_rng(seed)
    sunk = 0
    for _ in range(tries):
        sunk += bool(play(game, state, bot.choose(game, state, player, rng)).result.verdict.twenties)
    return sunk / tries
