"""Choosing a shot: screen the candidates without noise, roll the best out with the level's own hand, look ahead.

Value of a shot = expected change in the round's point difference (our points minus the best rival's)
minus ``risk`` times its spread; Medium also pays for discs it leaves in the next rival's view, Hard and
Expert instead look one reply ahead on the noiseless outcome of their leaders. Noisy rollouts use common
random numbers: every finalist is tried with the same slips of the hand, so they are compared fairly.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sim.ai.candidates import Candidate, View, generate
from sim.ai.levels import Level
from sim.ai.rollout import Outcome, run_many
from sim.bots import Hand, path_is_clear
from sim.game import Game, State
from sim.physics import DEFAULT_PARAMS

# How a rival replies in the look-ahead: a quick look at takeouts and the 20, judged without noise.
REPLY = Level(
    "reply",
    Hand(0.0, 0.0),
    spots=(0.0, -0.5, 0.5),
    twenty_overshoot=(30.0,),
    takeout_speeds=(2200.0,),
    cuts=(),
    families=frozenset({"twenty", "takeout", "draw"}),
    per_target=2,
    max_screen=14,
    finalists=0,
    samples=0,
    extra=0,
    risk=0.0,
    exposure=0.0,
    lookahead=0,
    parallel=False,
)
REPLY_WEIGHT = 0.6  # a rival's best noiseless reply, discounted for its own slips
PER_GROUP = 2  # finalists of one kind aimed at one disc (keeps the finalists varied)


@dataclass(frozen=True)
class Judged:
    candidate: Candidate
    score: float  # what the choice is made on
    mean: float  # expected change in the round's point difference
    std: float
    success: float  # share of rollouts where the shot did what it was meant to
    samples: int
    noiseless: Outcome


def difference(points: tuple[int, ...], team: int) -> int:
    return points[team] - max(p for t, p in enumerate(points) if t != team)


def succeeded(c: Candidate, o: Outcome, shot_id: int, before: dict[int, int]) -> bool:
    """Did the shot do what its kind is for?"""
    if c.kind == "twenty":
        return o.shot_dropped
    if o.foul:
        return False
    if c.kind in ("takeout", "cut", "carom"):
        return c.target in o.gone
    if c.kind == "stick":
        return c.target in o.gone and shot_id in o.zones
    if c.kind == "raise":
        return o.zones.get(c.target, 0) > before.get(c.target, 0)
    if c.kind == "draw":
        return o.zones.get(shot_id, 0) >= 15
    return shot_id in o.zones  # hide


def decide(game: Game, state: State, player: int, level: Level, rng: np.random.Generator) -> list[Judged]:
    """Every finalist judged, best first (at least one)."""
    team = game.players[player].team
    view = View(game, state, player, game.players[player].seat, team, DEFAULT_PARAMS)
    base = difference(game.round_points(state), team)
    cands = generate(view, level)
    screened = run_many(game, state, [c.shot for c in cands], parallel=level.parallel)
    first = [difference(o.points, team) - base - _exposure(game, o, player, level) for o in screened]
    order = sorted(range(len(cands)), key=lambda i: -first[i])
    finalists = _varied(order, cands, level.finalists)

    shot_id = state.next_id
    before = {d.id: game.board.zone(d.x, d.y).points for d in state.discs}
    z = rng.standard_normal((level.samples + level.extra, 2))
    results: dict[int, list[Outcome]] = {i: [] for i in finalists}

    def roll(idx: list[int], rows: range) -> None:
        shots = [level.hand.slip(cands[i].shot, *z[k]) for i in idx for k in rows]
        outs = run_many(game, state, shots, parallel=level.parallel)
        n = len(rows)
        for j, i in enumerate(idx):
            results[i] += outs[j * n : (j + 1) * n]

    def judged(i: int, penalty: float = 0.0) -> Judged:
        outs = results[i]
        gains = np.array([difference(o.points, team) - base for o in outs], dtype=float)
        exposure = np.mean([_exposure(game, o, player, level) for o in outs]) if level.exposure else 0.0
        mean, std = float(gains.mean()), float(gains.std())
        ok = sum(succeeded(cands[i], o, shot_id, before) for o in outs) / len(outs)
        score = mean - level.risk * std - exposure - penalty
        return Judged(cands[i], score, mean, std, ok, len(outs), screened[i])

    roll(finalists, range(level.samples))
    ranked = sorted((judged(i) for i in finalists), key=lambda j: -j.score)
    if level.extra and len(ranked) > 1:
        leaders = [cands.index(j.candidate) for j in ranked[:2]]
        roll(leaders, range(level.samples, level.samples + level.extra))
        ranked = sorted((judged(i) for i in finalists), key=lambda j: -j.score)
    if level.lookahead:
        top = ranked[: level.lookahead]
        ahead = [judged(cands.index(j.candidate), _reply_threat(game, j.noiseless, team)) for j in top]
        ranked = sorted(ahead, key=lambda j: -j.score) + ranked[level.lookahead :]
    return ranked


def _varied(order: list[int], cands: list[Candidate], n: int) -> list[int]:
    """The best ``n`` by the screen, at most PER_GROUP of one kind at one disc."""
    seen: dict[tuple, int] = {}
    out = []
    for i in order:
        key = (cands[i].kind, cands[i].target)
        if seen.get(key, 0) < PER_GROUP:
            seen[key] = seen.get(key, 0) + 1
            out.append(i)
        if len(out) == n:
            break
    return out


def _next_rival(game: Game, o: Outcome, team: int) -> int | None:
    """The player who shoots next if that is a rival, else None (round over, or a partner shoots next)."""
    if o.round_over:
        return None
    nxt = game.to_shoot(o.state)
    if nxt is None or game.players[nxt].team == team:
        return None
    return nxt


def _reply_threat(game: Game, o: Outcome, team: int) -> float:
    """How much the next rival's best quick reply would cost us (0 when nobody can answer: the hammer)."""
    nxt = _next_rival(game, o, team)
    if nxt is None:
        return 0.0
    them = game.players[nxt].team
    view = View(game, o.state, nxt, game.players[nxt].seat, them, DEFAULT_PARAMS)
    replies = generate(view, REPLY)
    outs = run_many(game, o.state, [c.shot for c in replies], parallel=True)
    base = difference(o.points, them)
    best = max(difference(r.points, them) - base for r in outs)
    return REPLY_WEIGHT * max(0.0, best)


def _exposure(game: Game, o: Outcome, player: int, level: Level) -> float:
    """Medium's worry: points of our discs the next rival can see straight from the middle or the ends of its line."""
    if not level.exposure:
        return 0.0
    team = game.players[player].team
    nxt = _next_rival(game, o, team)
    if nxt is None:
        return 0.0
    b, seat = game.board, game.players[nxt].seat
    obstacles = [(d.x, d.y, d.id) for d in o.state.discs]
    eyes = [b.spot_position(seat, s) for s in (-0.6, 0.0, 0.6)]
    seen = 0
    for d in o.state.discs:
        if d.team == team and any(path_is_clear(b, e, (d.x, d.y), obstacles, ignore=(d.id,)) for e in eyes):
            seen += b.zone(d.x, d.y).points
    return level.exposure * seen
