"""The computer player: a bot that decides with ``sim.ai.search`` and then shoots with its level's hand."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sim.ai.levels import Level, level_named
from sim.ai.search import decide
from sim.game import Game, State
from sim.shot import Shot


@dataclass(frozen=True)
class AiBot:
    level: Level

    @property
    def name(self) -> str:
        return f"ai:{self.level.name}"

    @classmethod
    def named(cls, level: str) -> AiBot:
        return cls(level_named(level))

    def choose(self, game: Game, state: State, player: int, rng: np.random.Generator) -> Shot:
        best = decide(game, state, player, self.level, rng)[0]
        return self.level.hand.apply(best.candidate.shot, rng)
