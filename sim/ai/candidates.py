"""Candidate shots from geometry: lanes to the 20, hits on rival discs, caroms, raises, draws and hides.

Every candidate is a noiseless ``Shot`` plus what it is meant to do (``kind``, the disc it aims at), so the
advisor can say it in players' words and judge whether it worked. Nothing here runs the physics.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sim.ai.levels import Level
from sim.board import Board, Seat, touches_fifteen
from sim.game import Disc, Game, State
from sim.physics import PhysicsParams
from sim.rules import NoHiding
from sim.shot import MAX_ANGLE, MAX_SPEED, Shot, aim_at

TRANSFER = 0.925  # share of its speed a disc hands on in a full hit, (1 + e) / 2 with e = 0.85
MARGIN = 12.0  # mm a knocked-out disc is meant to travel beyond the point where it is out
STICK_MARGIN = 40.0  # mm: hit-and-stick speeds leave some room for a slip of the hand


@dataclass(frozen=True)
class Candidate:
    shot: Shot
    kind: str  # twenty | takeout | stick | cut | carom | raise | draw | hide
    target: int | None = None  # the rival disc to hit, or own disc to raise
    via: int | None = None  # own disc a carom goes through
    peg: int | None = None  # peg index a hide tucks behind


@dataclass(frozen=True)
class View:
    """What the candidate makers need to know about the position, computed once."""

    game: Game
    state: State
    player: int
    seat: Seat
    team: int
    params: PhysicsParams

    @property
    def board(self) -> Board:
        return self.game.board

    @property
    def obstacles(self) -> list[tuple[float, float, int]]:
        return [(d.x, d.y, d.id) for d in self.state.discs]

    def rivals(self) -> list[Disc]:
        return [d for d in self.state.discs if d.team != self.team]

    def own(self) -> list[Disc]:
        return [d for d in self.state.discs if d.team == self.team]

    def free_spots(self, spots) -> list[tuple[float, tuple[float, float]]]:
        """Spots whose starting place is not covered by a disc."""
        b = self.board
        out = []
        for s in spots:
            xy = b.spot_position(self.seat, s)
            if all(math.hypot(d.x - xy[0], d.y - xy[1]) >= 2 * b.disc_r for d in self.state.discs):
                out.append((s, xy))
        return out


def generate(view: View, level: Level) -> list[Candidate]:
    """All candidates the level thinks of, most promising families first, at most ``level.max_screen``."""
    spots = view.free_spots(level.spots)
    if not spots:
        spots = view.free_spots(tuple(s / 20 for s in range(-20, 21)))[:3]
    fam = level.families
    rivals = view.rivals()
    out: list[Candidate] = []
    if rivals:
        for t in sorted(rivals, key=lambda d: -view.board.zone(d.x, d.y).points):
            out += _hits(view, level, spots, t)
        if "carom" in fam:
            out += _caroms(view, level, spots, rivals)
    else:
        if "twenty" in fam:
            out += _twenties(view, level, spots)
        if "raise" in fam:
            out += _raises(view, spots)
        if "draw" in fam:
            out += _draws(view, spots)
        if "hide" in fam:
            out += _hides(view, spots)
    if not out:
        out = _fallback(view, spots)
    return _interleave(out, level.max_screen)


def _interleave(cands: list[Candidate], cap: int) -> list[Candidate]:
    """Keep at most ``cap``, taking from each (kind, target) group in turn so no family crowds out the rest."""
    groups: dict[tuple, list[Candidate]] = {}
    for c in cands:
        groups.setdefault((c.kind, c.target), []).append(c)
    out: list[Candidate] = []
    queues = list(groups.values())
    k = 0
    while len(out) < cap and any(k < len(q) for q in queues):
        out += [q[k] for q in queues if k < len(q)][: cap - len(out)]
        k += 1
    return out


def _legal(shot: Shot) -> bool:
    return abs(shot.angle) <= MAX_ANGLE and 0 < shot.speed <= MAX_SPEED


def clearance(board: Board, start, target, obstacles, ignore=()) -> float:
    """Smallest gap (mm) between a disc sliding from ``start`` to ``target`` and any peg or disc on the way."""
    sx, sy = start
    dx, dy = target[0] - sx, target[1] - sy
    length2 = dx * dx + dy * dy or 1.0
    items = [(px, py, board.peg_r) for px, py in board.pegs()]
    items += [(ox, oy, board.disc_r) for ox, oy, oid in obstacles if oid not in ignore]
    gap = math.inf
    for ox, oy, r in items:
        t = max(0.0, min(1.0, ((ox - sx) * dx + (oy - sy) * dy) / length2))
        gap = min(gap, math.hypot(sx + t * dx - ox, sy + t * dy - oy) - board.disc_r - r)
    return gap


WIDE = 8.0  # mm of clearance beyond which a lane counts as wide open


def _clear_spots(view: View, spots, target, ignore=(), limit=None):
    """Spots with a clear straight path to ``target``: wide-open lanes first, then the straightest."""
    b = view.board
    scored = []
    for s, xy in spots:
        gap = clearance(b, xy, target, view.obstacles, ignore)
        if gap > 0:
            scored.append((-min(gap, WIDE), abs(aim_at(b, view.seat, s, target, 1.0).angle), s, xy))
    ok = [(s, xy) for _, _, s, xy in sorted(scored)]
    return ok if limit is None else _spread(ok, limit)


def _spread(ok, limit):
    """The straightest spot plus others spread along the line (not all bunched together)."""
    if len(ok) <= limit or limit == 1:
        return ok[:limit]
    first, rest = ok[0], sorted(ok[1:], key=lambda sx: sx[0])
    step = len(rest) / (limit - 1)
    return [first] + [rest[int(i * step)] for i in range(limit - 1)]


def _ray_exit(pos, direction, radius) -> float:
    """Distance along ``direction`` (unit) from ``pos`` to the circle of ``radius`` round the hole."""
    px, py = pos
    dx, dy = direction
    b = px * dx + py * dy
    c = px * px + py * py - radius * radius
    return -b + math.sqrt(max(0.0, b * b - c))


def _unit(fx, fy, tx, ty):
    d = math.hypot(tx - fx, ty - fy) or 1.0
    return (tx - fx) / d, (ty - fy) / d


def _out_radius(board: Board) -> float:
    """Centre radius at which a disc touches the outer line and is out of play."""
    return board.outer_line.inner_edge - board.disc_r


def _hit_speed(view: View, start, contact, push: float) -> float:
    """Release speed so that at ``contact`` the shooter hands a struck disc enough speed to slide ``push`` mm."""
    p = view.params
    v_target = p.speed_for_distance(push) / TRANSFER
    return math.sqrt(v_target**2 + 2 * p.deceleration * math.hypot(contact[0] - start[0], contact[1] - start[1]))


def _twenties(view: View, level: Level, spots) -> list[Candidate]:
    b, p = view.board, view.params
    lanes = _clear_spots(view, spots, (0.0, 0.0))
    out = []
    for s, xy in lanes:
        dist = math.hypot(*xy)
        for over in level.twenty_overshoot:
            out.append(Candidate(aim_at(b, view.seat, s, (0.0, 0.0), p.speed_for_distance(dist + over)), "twenty"))
    return out


def _hits(view: View, level: Level, spots, t: Disc) -> list[Candidate]:
    """Full takeouts, hit-and-stick and cuts on rival disc ``t`` from the spots with a clear view of it."""
    b, fam = view.board, level.families
    out = []
    for s, xy in _clear_spots(view, spots, (t.x, t.y), ignore=(t.id,), limit=level.per_target):
        if "takeout" in fam:
            for v in level.takeout_speeds:
                out.append(Candidate(aim_at(b, view.seat, s, (t.x, t.y), v), "takeout", t.id))
        if "stick" in fam:
            u = _unit(*xy, t.x, t.y)
            push = _ray_exit((t.x, t.y), u, _out_radius(b)) + STICK_MARGIN
            contact = (t.x - u[0] * 2 * b.disc_r, t.y - u[1] * 2 * b.disc_r)
            speed = _hit_speed(view, xy, contact, push)
            out.append(Candidate(aim_at(b, view.seat, s, (t.x, t.y), speed), "stick", t.id))
        if "cut" in fam:
            ux, uy = _unit(*xy, t.x, t.y)
            for c in level.cuts:
                off = c * 2 * b.disc_r
                aim = (t.x - uy * off, t.y + ux * off)
                for v in level.takeout_speeds[1:] or level.takeout_speeds:
                    out.append(Candidate(aim_at(b, view.seat, s, aim, v), "cut", t.id))
    return [c for c in out if _legal(c.shot)]


def _ghost(target_from, target_to, two_r):
    """Where a shooter's centre must be at contact to send a disc at ``target_from`` towards ``target_to``."""
    ux, uy = _unit(*target_from, *target_to)
    return (target_from[0] - ux * two_r, target_from[1] - uy * two_r), (ux, uy)


def _caroms(view: View, level: Level, spots, rivals) -> list[Candidate]:
    """Knock one of our discs into a rival disc (it counts as a hit and can reach discs we cannot see)."""
    b, out = view.board, []
    for d in view.own():
        for t in rivals:
            if clearance(b, (d.x, d.y), (t.x, t.y), view.obstacles, ignore=(d.id, t.id)) <= 0:
                continue
            ghost, u = _ghost((d.x, d.y), (t.x, t.y), 2 * b.disc_r)
            for s, xy in _clear_spots(view, spots, ghost, ignore=(d.id,), limit=2):
                a = _unit(*xy, *ghost)
                if a[0] * u[0] + a[1] * u[1] < 0.5:  # thinner than 60 degrees: too little of the push passes on
                    continue
                for v in level.takeout_speeds[-2:]:
                    out.append(Candidate(aim_at(b, view.seat, s, ghost, v), "carom", t.id, via=d.id))
    return [c for c in out if _legal(c.shot)]


def _raises(view: View, spots) -> list[Candidate]:
    """Push one of our own discs in towards the 15 (open board only: with rival discs it would be a foul)."""
    b, out = view.board, []
    for d in view.own():
        r = math.hypot(d.x, d.y)
        if r < b.fifteen_r + b.disc_r:
            continue
        ghost, _ = _ghost((d.x, d.y), (0.0, 0.0), 2 * b.disc_r)
        push = r - 0.55 * b.fifteen_r
        for s, xy in _clear_spots(view, spots, ghost, ignore=(d.id,), limit=2):
            out.append(Candidate(aim_at(b, view.seat, s, ghost, _hit_speed(view, xy, ghost, push)), "raise", d.id))
    return [c for c in out if _legal(c.shot)]


def _must_touch_fifteen(view: View) -> bool:
    return view.game.rules.no_hiding is not NoHiding.OFF


def _draw_to(view: View, spots, target, kind, peg=None, limit=2) -> list[Candidate]:
    b, p = view.board, view.params
    out = []
    for s, xy in _clear_spots(view, spots, target, limit=limit):
        speed = p.speed_for_distance(math.hypot(target[0] - xy[0], target[1] - xy[1]))
        out.append(Candidate(aim_at(b, view.seat, s, target, speed), kind, peg=peg))
    return out


def _draws(view: View, spots) -> list[Candidate]:
    """Come to rest in the 15, on our side of the hole, where a miss leaves nothing for the next player."""
    b = view.board
    r = (b.hole_r + b.fifteen_line.inner_edge) / 2
    out = []
    for da in (-35.0, 0.0, 35.0):
        a = view.seat.angle + math.radians(da)
        out += _draw_to(view, spots, (r * math.cos(a), r * math.sin(a)), "draw", limit=1)
    return out


def _hides(view: View, spots) -> list[Candidate]:
    """Tuck in behind a peg as the next rival sees it, still touching the 15 line when the rules want that."""
    b, game = view.board, view.game
    order = game.shooting_order(view.state.round_no)
    later = [game.players[i] for i in order[view.state.shot_no + 1 :] if game.players[i].team != view.team]
    if not later:
        return []
    eye = b.spot_position(later[0].seat, 0.0)
    touch_r = b.fifteen_line.outer_edge + b.disc_r - 0.5  # a disc centred here just touches the 15 line
    out = []
    for k, (px, py) in enumerate(b.pegs()):
        u = _unit(*eye, px, py)
        gap = b.peg_r + b.disc_r + 1.0
        behind = (px + u[0] * gap, py + u[1] * gap)
        r = math.hypot(*behind)
        tucked = (behind[0] * touch_r / r, behind[1] * touch_r / r)  # same bearing, slid in to touch the line
        for hx, hy in (behind, tucked):
            if b.zone(hx, hy).points == 0 or math.hypot(hx - px, hy - py) < b.peg_r + b.disc_r:
                continue
            if _must_touch_fifteen(view) and not touches_fifteen(b, hx, hy):
                continue
            out += _draw_to(view, spots, (hx, hy), "hide", peg=k, limit=1)
    return out


def _fallback(view: View, spots) -> list[Candidate]:
    """Nothing in view: fire at the nearest rival disc (or the hole) from the middle and hope for a carom."""
    b = view.board
    s = spots[0][0] if spots else 0.0
    rivals = sorted(view.rivals(), key=lambda d: math.hypot(d.x, d.y))
    if rivals:
        t = rivals[0]
        return [Candidate(aim_at(b, view.seat, s, (t.x, t.y), 2500.0), "takeout", t.id)]
    xy = b.spot_position(view.seat, s)
    speed = view.params.speed_for_distance(math.hypot(*xy) + 20.0)
    return [Candidate(aim_at(b, view.seat, s, (0.0, 0.0), speed), "twenty")]
