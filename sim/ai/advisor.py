"""The shot advisor: the best few shots for a position, said in players' words, with the path each would take.

One call serves a virtual game and a board read from a photo: both are a ``State``. A photo does not say
how many shots have been played, so when ``player`` is not the one to shoot in ``state`` the state is
re-based onto the next shot number of the round that belongs to ``player`` (this keeps the hammer right
when the shot count is known, and is harmless when it is not).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from sim.ai.levels import level_named
from sim.ai.search import Judged, decide
from sim.game import Game, State, check_state
from sim.play import play


class AdviceError(ValueError):
    """A position no advice can be given for (match over, unknown player)."""


@dataclass(frozen=True)
class Suggestion:
    spot: float  # -1..1 along the shooter's stretch of line
    angle: float  # degrees from straight in, + to the shooter's right
    speed: float  # mm/s at release
    chance: float  # share of the level's noisy tries that did what the shot is for
    expected_points: float  # expected change in the round's point difference
    reason: str
    kind: str
    path: tuple[tuple[float, float], ...]  # the shot disc's predicted path, board mm (noiseless)
    others: dict[int, tuple[tuple[float, float], ...]]  # paths of the other discs it moves

    def to_json(self) -> dict:
        return {
            "spot": round(self.spot, 3),
            "angle": round(self.angle, 2),
            "speed": round(self.speed, 1),
            "chance": round(self.chance, 3),
            "expected_points": round(self.expected_points, 2),
            "reason": self.reason,
            "kind": self.kind,
            "path": [[round(x, 1), round(y, 1)] for x, y in self.path],
            "others": {str(i): [[round(x, 1), round(y, 1)] for x, y in p] for i, p in self.others.items()},
        }


def advise(
    game: Game,
    state: State,
    player: int,
    *,
    level: str = "expert",
    top: int = 3,
    rng: np.random.Generator | int,
) -> list[Suggestion]:
    """The ``top`` best shots for ``player`` in ``state``, best first, as the ``level`` player judges them."""
    if not 0 <= player < len(game.players):
        raise AdviceError(f"player {player} is not in this game (0..{len(game.players) - 1})")
    if game.is_over(state):
        raise AdviceError("the match is over")
    check_state(game, state)
    state = _rebased(game, state, player)
    gen = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)
    ranked = decide(game, state, player, level_named(level), gen)
    seen, out = set(), []
    for j in ranked:
        key = (j.candidate.kind, j.candidate.target)
        if key not in seen:
            seen.add(key)
            out.append(_suggestion(game, state, player, j))
        if len(out) == max(1, top):
            break
    return out


def _rebased(game: Game, state: State, player: int) -> State:
    order = game.shooting_order(state.round_no)
    if order[state.shot_no] == player:
        return state
    later = [k for k in range(state.shot_no, len(order)) if order[k] == player]
    earlier = [k for k in range(state.shot_no) if order[k] == player]
    return replace(state, shot_no=(later or earlier[::-1])[0])


def _suggestion(game: Game, state: State, player: int, j: Judged) -> Suggestion:
    shot = j.candidate.shot
    played = play(game, state, shot, fps=60.0)
    frames = played.motion.frames
    paths = {}
    for n, i in enumerate(frames.ids):
        pts = frames.xy[:, n]
        pts = pts[~np.isnan(pts).any(axis=1)]
        if i == state.next_id or i in played.motion.moved:
            paths[i] = _polyline(pts)
    path = paths.pop(state.next_id, ())
    return Suggestion(
        spot=shot.spot,
        angle=shot.angle,
        speed=shot.speed,
        chance=j.success,
        expected_points=j.mean,
        reason=reason(game, state, player, j),
        kind=j.candidate.kind,
        path=path,
        others=paths,
    )


def _polyline(pts: np.ndarray, step: float = 1.0) -> tuple[tuple[float, float], ...]:
    """Frame positions without the points where the disc stood still (closer than ``step`` mm to the last)."""
    out: list[tuple[float, float]] = []
    for x, y in pts:
        if not out or math.hypot(x - out[-1][0], y - out[-1][1]) >= step:
            out.append((float(x), float(y)))
    return tuple(out)


# -- players' words -------------------------------------------------------------------------------------------


def _where(points: int) -> str:
    return {20: "in the 20", 15: "in the 15", 10: "in the 10", 5: "in the 5"}.get(points, "on the line")


def _side(game: Game, player: int, x: float, y: float) -> str:
    """'left' or 'right' of the middle as the shooter sees it."""
    a = game.players[player].seat.angle + math.pi / 2  # the shooter's right, on the board
    return "right" if x * math.cos(a) + y * math.sin(a) > 0 else "left"


def _spot_words(spot: float) -> str:
    if abs(spot) < 0.15:
        return "the middle of your line"
    return f"the {'right' if spot > 0 else 'left'} of your line"


def reason(game: Game, state: State, player: int, j: Judged) -> str:
    """One line a player would say: what the shot is for and where the shooter ends up."""
    c, o = j.candidate, j.noiseless
    b, team = game.board, game.players[player].team
    discs = {d.id: d for d in state.discs}

    def disc_words(i: int) -> str:
        d = discs[i]
        whose = "your" if d.team == team else f"the {game.team_names[d.team]}"
        return f"{whose} disc {_where(b.zone(d.x, d.y).points)}"

    shooter = o.zones.get(state.next_id)
    stay = "" if shooter is None else f" and stay {_where(shooter)}"
    if shooter is None and not o.shot_dropped:
        stay = "; your disc goes off too"
    extra = [i for i in o.gone if i != c.target and discs[i].team != team]
    also = f", taking {len(extra)} more with it" if extra else ""
    if c.kind == "twenty":
        return f"go for the 20 from {_spot_words(c.shot.spot)}"
    if c.kind in ("takeout", "stick", "cut") and c.target in o.zones:
        z, was = o.zones[c.target], b.zone(discs[c.target].x, discs[c.target].y).points
        back = f" back to the {z}" if 0 < z < was else ""
        return f"hit {disc_words(c.target)}{back}{stay}"
    if c.kind in ("takeout", "stick"):
        soft = "softly " if c.kind == "stick" else ""
        return f"{soft}take out {disc_words(c.target)}{also}{stay}"
    if c.kind == "cut":
        return f"cut {disc_words(c.target)} off the board{also}{stay}"
    if c.kind == "carom":
        return f"knock {disc_words(c.via)} into {disc_words(c.target)}{also}{stay}"
    if c.kind == "raise":
        z = o.zones.get(c.target, 0)
        return f"raise {disc_words(c.target)} into the {z}" if z else f"push {disc_words(c.target)} further in"
    if c.kind == "hide":
        px, py = b.pegs()[c.peg]
        return f"tuck in behind the peg on the {_side(game, player, px, py)}, {_where(shooter or 0)}"
    return f"draw gently into the 15 from {_spot_words(c.shot.spot)}"
