"""Headless matches: bots play a whole match; every shot can be logged as a JSON line."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from sim.bots import Bot, BotFailedError
from sim.game import Game, State
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


def forfeit_shot(game: Game | None = None, state: State | None = None, player: int = 0) -> Shot:
    """The shot a bot that failed to answer loses: a dribble that never leaves the line, so the disc is out.

    Given the position, it starts from the first free spot (a disc resting near the line can cover the middle).
    """
    if game is None or state is None:
        return Shot(0.0, 0.0, 1.0)
    board, seat = game.board, game.players[player].seat
    for k in range(41):
        spot = (k + 1) // 2 * (1 if k % 2 else -1) / 20
        x, y = board.spot_position(seat, spot)
        if all(math.hypot(d.x - x, d.y - y) >= 2 * board.disc_r for d in state.discs):
            return Shot(spot, 0.0, 1.0)
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
        forfeit = None
        try:
            shot = bots[team].choose(game, state, player, rngs[player])
        except BotFailedError as exc:
            shot, forfeit = forfeit_shot(game, state, player), str(exc)
        try:
            played: Played = play(game, state, shot)
        except IllegalShotError as exc:
            shot, forfeit = forfeit_shot(game, state, player), str(exc)
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
                    "forfeit": forfeit,
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
