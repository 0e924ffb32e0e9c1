"""Headless matches: bots play a whole match; every shot can be logged as a JSON line."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from sim.bots import Bot
from sim.game import Game
from sim.play import Played, play
from sim.shot import IllegalShotError, Shot

MAX_ROUNDS = 500  # a match of endless tied rounds stops here, unfinished


@dataclass(frozen=True)
class RoundLog:
    points: tuple[int, ...]
    discs_shot: tuple[int, ...]
    fouls: tuple[int, ...]
    twenties: tuple[int, ...]
    winner: int | None
    score: int


@dataclass(frozen=True)
class MatchRecord:
    game: Game
    rounds: tuple[RoundLog, ...]
    scores: tuple[int, ...]
    winner: int | None
    finished: bool

    def to_json(self) -> dict:
        names = self.game.team_names

        def named(values):
            return {names[t]: v for t, v in enumerate(values)}

        return {
            "game": self.game.to_json(),
            "rounds": [
                {
                    "points": named(r.points),
                    "discs_shot": named(r.discs_shot),
                    "fouls": named(r.fouls),
                    "twenties": named(r.twenties),
                    "winner": None if r.winner is None else names[r.winner],
                    "round_points": r.score,
                }
                for r in self.rounds
            ],
            "final": {
                "scores": named(self.scores),
                "winner": None if self.winner is None else names[self.winner],
                "finished": self.finished,
            },
        }


def forfeit_shot() -> Shot:
    """The shot a bot that failed to answer loses: a dribble that never clears the line, so the disc is out."""
    return Shot(0.0, 0.0, 1.0)


def run_match(
    game: Game,
    bots: Sequence[Bot],
    seed: int,
    *,
    on_shot: Callable[[dict], None] | None = None,
) -> MatchRecord:
    """Play a match; ``bots`` has one bot per team. ``on_shot`` gets a JSON-ready record of every shot."""
    rngs = np.random.default_rng(seed).spawn(len(game.players))
    state = game.new_state()
    n = game.n_teams
    rounds: list[RoundLog] = []
    shots, fouls = [0] * n, [0] * n
    while not game.is_over(state) and len(rounds) < MAX_ROUNDS:
        player = game.to_shoot(state)
        team = game.players[player].team
        shot = bots[team].choose(game, state, player, rngs[player])
        try:
            played: Played = play(game, state, shot)
        except IllegalShotError:
            shot = forfeit_shot()
            played = play(game, state, shot)
        result = played.result
        if on_shot is not None:
            on_shot(
                {
                    "round": state.round_no,
                    "shot_no": state.shot_no,
                    "player": player,
                    "state": state.to_json(),
                    "shot": shot.to_json(),
                    "foul": result.verdict.foul,
                    "rule": result.verdict.rule,
                    "explanation": result.verdict.explanation,
                    "after": result.state.to_json(),
                }
            )
        shots[team] += 1
        fouls[team] += result.verdict.foul
        state = result.state
        if result.round_over:
            r = state.rounds[-1]
            rounds.append(RoundLog(r.points, tuple(shots), tuple(fouls), r.twenties, r.winner, r.score))
            shots, fouls = [0] * n, [0] * n
    return MatchRecord(game, tuple(rounds), state.match_scores, game.winner_of_match(state), game.is_over(state))


def jsonl_writer(fh) -> Callable[[dict], None]:
    def write(record: dict) -> None:
        fh.write(json.dumps(record, separators=(",", ":")) + "\n")

    return write
