"""Before/after scenes of real simulated shots, with the simulator's own verdict as the truth.

A random legal board state, a shot of one kind (a hit, a miss, an open-board shot that stops inside or outside
the 15 line, an open 20) played by ``sim.play.play``, and the two scenes a camera would see: the board before,
and the board right after the shot, before anybody takes a penalised disc off (so discs a foul removes are still
where the physics left them). A disc that dropped sits in the hole; a disc that left the surface lies in the
ditch where it went over the edge.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from sim.board import TOURNAMENT, Board
from sim.game import Disc, Game, State
from sim.physics import DEFAULT_PARAMS
from sim.play import Played, play
from sim.shot import IllegalShotError, Shot, aim_at
from vision.synth.layouts import TEAM_SETS
from vision.synth.scene import Scene, SceneDisc

KINDS = ("hit", "miss", "open-inside", "open-outside", "twenty")
RULES = ("casual", "nca", "club-casual")


@dataclass(frozen=True)
class ShotPair:
    before: Scene
    after: Scene
    shooter: str  # team name of the shooter
    rules: str
    kind: str  # what the shot was meant to be (the verdict says what it was)
    verdict: dict  # the simulator's verdict in check_shot's terms: see ``verdict_json``


def verdict_json(foul: bool, rule: str | None, shot_place: str, twenty: bool) -> dict:
    """What a shot check must get right: foul, rule, where the shot disc ended, 20.

    The shot disc ends 'in play', in the 'hole', or 'out' (in the ditch, or on the surface over the outer
    line, which scores nothing alike).
    """
    return {"foul": foul, "rule": rule, "shot_disc": shot_place, "twenty": twenty}


def _stop_speed(distance_mm: float) -> float:
    """Release speed that slides a disc ``distance_mm`` before friction stops it."""
    p = DEFAULT_PARAMS
    return math.sqrt(2 * p.mu * p.g * max(distance_mm, 1.0))


def _random_state(rng: np.random.Generator, board: Board, open_board: bool, shooter_team: int) -> State:
    """Up to 10 discs in play, none overlapping each other, a peg, the hole or a line's outer paint."""
    pegs = np.array(board.pegs())
    discs: list[Disc] = []
    n = int(rng.integers(0, 5)) if open_board else int(rng.integers(1, 11))
    for _ in range(n * 20):
        if len(discs) >= n:
            break
        d = math.sqrt(rng.uniform((board.hole_r + board.disc_r + 2) ** 2, (board.outer_r - board.disc_r - 4) ** 2))
        a = rng.uniform(0, 2 * math.pi)
        x, y = d * math.cos(a), d * math.sin(a)
        if np.min(np.hypot(*(pegs - (x, y)).T)) < board.disc_r + board.peg_r + 0.5:
            continue
        if any(math.hypot(x - o.x, y - o.y) < 2 * board.disc_r + 0.5 for o in discs):
            continue
        team = shooter_team if open_board else int(rng.integers(2))
        discs.append(Disc(len(discs) + 1, team, x, y))
    if not open_board and all(d.team == shooter_team for d in discs):
        d = discs[-1]
        discs[-1] = Disc(d.id, 1 - shooter_team, d.x, d.y)
    return State(tuple(discs), (0, 0), 0, 0, (0, 0), (), len(discs) + 1)


def _shot(rng: np.random.Generator, game: Game, state: State, kind: str) -> Shot:
    board = game.board
    seat = game.players[game.to_shoot(state)].seat
    spot = float(rng.uniform(-0.9, 0.9))
    start = board.spot_position(seat, spot)
    team = game.players[game.to_shoot(state)].team
    if kind == "hit":
        t = [d for d in state.discs if d.team != team][int(rng.integers(sum(d.team != team for d in state.discs)))]
        dist = math.hypot(t.x - start[0], t.y - start[1])
        return aim_at(board, seat, spot, (t.x, t.y), _stop_speed(dist + rng.uniform(40, 500)))
    if kind == "miss":  # aimed wide of everything, or too soft to arrive
        if rng.random() < 0.5:
            return Shot(spot, float(rng.uniform(-70, 70)), _stop_speed(rng.uniform(20, 120)))
        return Shot(spot, float(rng.uniform(-35, 35)), _stop_speed(rng.uniform(50, 600)))
    target_r = {"open-inside": rng.uniform(0, board.fifteen_r + board.disc_r - 3),
                "open-outside": rng.uniform(board.fifteen_r + board.disc_r + 6, board.middle_r + 40),
                "twenty": 0.0}[kind]
    a = rng.uniform(0, 2 * math.pi)
    aim = (target_r * math.cos(a), target_r * math.sin(a)) if kind != "twenty" else (0.0, 0.0)
    dist = math.hypot(aim[0] - start[0], aim[1] - start[1])
    return aim_at(board, seat, spot, aim, _stop_speed(dist + (rng.uniform(-5, 25) if kind == "twenty" else 0)))


def _after_discs(board: Board, state: State, played: Played, rng: np.random.Generator,
                 team_of: dict[int, int]) -> list[tuple[float, float, int]]:
    m = played.motion
    out = [(x, y, team_of[i]) for i, (x, y) in m.positions.items()]
    for k, i in enumerate(m.dropped):  # sunk discs lie in the hole; a second one on top, a little aside
        a = rng.uniform(0, 2 * math.pi)
        off = min(k * 1.5, max(board.hole_r - board.disc_r - 0.2, 0))
        out.append((off * math.cos(a), off * math.sin(a), team_of[i]))
    last = {d.id: (d.x, d.y) for d in state.discs}
    for i in m.left_surface:  # in the ditch, where it went over the edge
        x, y = last.get(i, (0.0, -board.outer_r))
        a = math.atan2(y, x) + rng.normal(0, 0.15)
        r = board.surface_r + board.ditch_width - board.disc_r - rng.uniform(0.2, 3)
        out.append((r * math.cos(a), r * math.sin(a), team_of[i]))
    return out


def _ditch_clear(spots: list[tuple[float, float]], x: float, y: float, r: float) -> bool:
    return all(math.hypot(x - a, y - b) >= 2 * r + 0.2 for a, b in spots)


def random_pair(rng: np.random.Generator, board: Board = TOURNAMENT, *, kind: str | None = None,
                rules: str | None = None) -> ShotPair:
    """A simulated shot of ``kind`` (random when None) under ``rules`` and the scenes before and after it."""
    kind = kind or KINDS[int(rng.integers(len(KINDS)))]
    rules = rules or RULES[int(rng.integers(len(RULES)))]
    game = Game.create(board, rules, "singles")
    colours = TEAM_SETS[int(rng.integers(len(TEAM_SETS)))]
    names = list(colours)
    for _ in range(50):
        shooter_team = int(rng.integers(2))
        state = _random_state(rng, board, kind.startswith("open") or kind == "twenty", shooter_team)
        state = State(state.discs, (0, 0), shooter_team, 0, (0, 0), (), state.next_id)  # singles: shot k by k % 2
        try:
            played = play(game, state, _shot(rng, game, state, kind))
        except IllegalShotError:
            continue
        break
    else:
        raise RuntimeError("no legal shot found in 50 tries")
    shot_id = state.next_id
    team_of = {d.id: d.team for d in state.discs} | {shot_id: shooter_team}
    v = played.result.verdict
    m = played.motion
    rest = m.positions.get(shot_id)
    place = "hole" if shot_id in m.dropped else "in play" if rest and board.zone(*rest).points > 0 else "out"
    after = _after_discs(board, state, played, rng, team_of)
    ditch: list[tuple[float, float]] = []  # earlier shots' discs in the ditch, the same in both photos
    taken = [(x, y) for x, y, _ in after if math.hypot(x, y) > board.surface_r]
    for _ in range(int(rng.integers(0, 5))):
        a = rng.uniform(0, 2 * math.pi)
        r = board.surface_r + board.ditch_width - board.disc_r - rng.uniform(0.2, 3)
        x, y = r * math.cos(a), r * math.sin(a)
        if _ditch_clear(ditch + taken, x, y, board.disc_r):
            ditch.append((x, y))
    extra = [SceneDisc(x, y, names[int(rng.integers(2))]) for x, y in ditch]
    before = Scene(board, tuple(SceneDisc(d.x, d.y, names[d.team]) for d in state.discs) + tuple(extra), colours)
    after_scene = Scene(board, tuple(SceneDisc(x, y, names[t]) for x, y, t in after) + tuple(extra), colours)
    return ShotPair(before, after_scene, names[shooter_team], rules, kind,
                    verdict_json(v.foul, v.rule, place, bool(v.twenties)))


def photographed_verdict(pair: ShotPair, rng: np.random.Generator, relight: bool = False) -> dict:
    """Render the pair (one random style, the camera nudged between the photos; ``relight``: the light changed
    too, see ``render_pair``) and judge it with check_shot."""
    from vision.shotcheck import check_shot  # the scorer sits beside the renderer; imported only here
    from vision.synth.render import render_pair
    from vision.synth.style import random_style

    (img_b, _), (img_a, _) = render_pair(pair.before, pair.after, random_style(rng), rng, relight=relight)
    check = check_shot(img_b, img_a, shooter=pair.shooter, teams=pair.before.team_colours, rules=pair.rules,
                       board=pair.before.board)
    d = check.shot_disc
    place = "out" if d is None or d.points == 0 else "hole" if d.points == 20 else "in play"
    return verdict_json(check.verdict.foul, check.verdict.rule, place, check.twenty)
