"""Judging a shot from a before and an after photo, with the same judge the physics uses.

Both photos are scored on their own calibration (the camera may have moved). Discs are matched team by
team (optimal assignment on distance); what is left over says what happened: a new disc of the shooter's
team is the shot disc, a disc that moved further than both photos' position errors moved, a disc that
vanished left the surface or dropped for a 20 (the hole is compared between the photos, since a dark disc in
it cannot be told from its floor in one photo). The result is a ``sim.judge.ShotReport``
read by ``sim.judge.judge``. Two stills cannot see a touch that moved nothing, so a hit is judged only from
opponent discs that moved or left (``hit_opponent`` None) and the explanation says so.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import numpy as np
from scipy.optimize import linear_sum_assignment

from sim.board import TOURNAMENT, Board, zone_at_radius
from sim.game import Disc, Game, State
from sim.judge import ShotReport, Verdict, judge
from sim.physics import DEFAULT_PARAMS
from sim.rules import Rules, rules_named
from vision.frames import Frames, align, placed
from vision.glare import in_washed
from vision.hole import HOLE_NOTE
from vision.looks import CHANGE_STEP_MM, Looks
from vision.rectify import Plane
from vision.score import (
    OUTLINE_TEAM_DE,
    TEAM_DOUBT_WHY,
    PhotoDisc,
    PhotoScore,
    load,
    outline_faces,
    recorded_focal_px,
    score_photo,
)
from vision.teams import rgb_to_lab, zone_paints

MATCH_MAX_MM = 150.0  # a disc further than this from where it was is not taken for the same disc
MOVE_MIN_MM = 1.5  # smallest displacement called a move, whatever the position errors
BEHIND_MM = 5.0  # how far the shot disc may seem to rest off the span its strike allows (position errors)
KEEP_ALONG = 2 * (1 - DEFAULT_PARAMS.e_disc) / (1 + DEFAULT_PARAMS.e_disc)  # how far the striker may go on along
# the line of centres, times sqrt(its own travel * the struck disc's): the theory's factor, doubled as measured (on
# simulated shots it left 48 shot discs of 650 in the wrong place, doubled 38)
NEAR_HOLE_MM = 12.0  # a disc that vanished with its edge this close to the hole may have dropped in
STILLS_NOTE = ("From two photos a touch that moved nothing cannot be seen: a hit is judged from the other side's "
               "discs that moved or left the board.")


def glare_note(in_glare: tuple[int, ...], names: dict[int, str]) -> str:
    """What to check when discs left spots that glare washes out in the after photo: they were judged gone, but a
    disc there would not show (``PhotoScore.washed``)."""
    if not in_glare:
        return ""
    which = ", ".join(f"{names[i]} disc {i}" for i in in_glare)
    return f"Glare washes out the after photo where {which} stood: look whether it is still on the board."


class ShotCheckError(ValueError):
    """A shot that cannot be checked as asked (e.g. the shooter is not one of the teams)."""


@dataclass(frozen=True)
class Moved:
    id: int
    team: str
    before: tuple[float, float]
    after: tuple[float, float] | None  # None: it left the surface (or dropped into the 20)
    distance_mm: float | None

    def to_json(self) -> dict:
        return {"id": self.id, "team": self.team, "from_mm": [round(v, 1) for v in self.before],
                "to_mm": None if self.after is None else [round(v, 1) for v in self.after],
                "distance_mm": None if self.distance_mm is None else round(self.distance_mm, 1)}


@dataclass(frozen=True)
class ShotCheck:
    verdict: Verdict
    report: ShotReport
    shot_disc: PhotoDisc | None  # where the shot disc came to rest (None: gone from the surface)
    moved: tuple[Moved, ...]
    teams: dict[int, str]  # disc id -> team
    before: PhotoScore
    after: PhotoScore
    in_glare: tuple[int, ...] = ()  # discs judged gone from spots the after photo's glare washes out

    @property
    def twenty(self) -> bool:
        return bool(self.verdict.twenties)

    @property
    def explanation(self) -> str:
        return " ".join(t for t in (self.verdict.explanation, STILLS_NOTE, glare_note(self.in_glare, self.teams),
                                    self.hole_note) if t)

    @property
    def hole_note(self) -> str:
        """What to check when the verdict turns on the 20 hole and the after photo cannot tell what is in it: a
        20 it counts, or a shot disc seen nowhere (gone off the board, or unseen in the hole)."""
        if HOLE_NOTE not in self.after.notes:
            return ""
        if self.twenty:
            return "The after photo cannot tell for sure whether a disc sits in the 20 hole: look before the 20 counts."
        if self.shot_disc is None:
            return ("The shot disc was found nowhere and judged gone off the board; the after photo cannot tell "
                    "whether it sits in the 20 hole: look.")
        return ""

    def to_json(self) -> dict:
        pos = dict(self.report.positions)
        removed = [{"id": i, "team": self.teams.get(i),
                    "x_mm": round(pos[i][0], 1) if i in pos else None,
                    "y_mm": round(pos[i][1], 1) if i in pos else None} for i in self.verdict.removed]
        return {
            "foul": self.verdict.foul,
            "rule": self.verdict.rule,
            "shot_disc": None if self.shot_disc is None else {"id": self.report.shot_id, **self.shot_disc.to_json()},
            "moved": [m.to_json() for m in self.moved],
            "removed": removed,
            "twenty": self.twenty,
            "explanation": self.explanation,
        }


def _match(a: list[PhotoDisc], b: list[PhotoDisc], cap: float = MATCH_MAX_MM) -> list[tuple[int, int]]:
    """Discs before (``a``) and after (``b``) paired on least total distance, no pair further apart than ``cap``."""
    if not a or not b:
        return []
    cost = np.array([[_gap(p, q) for q in b] for p in a])
    rows, cols = linear_sum_assignment(cost)
    return [(int(i), int(j)) for i, j in zip(rows, cols, strict=True) if cost[i, j] <= cap]


Move = tuple[tuple[float, float], tuple[float, float]]  # a disc's position before and after the shot


def _match_shooter(a: list[PhotoDisc], b: list[PhotoDisc], others: list[Move],
                   went: Callable[[PhotoDisc, PhotoDisc], bool],
                   disc_r: float, holes: int = 0, hole_r: float = 0.0) -> list[tuple[int, int]]:
    """The shooter's discs before (``a``) matched to theirs after (``b``), leaving out the shot disc.

    Nearest-first matching takes the disc that rests near an old one's spot for it; but a disc struck square
    travels far, and the shot disc stops about where it struck. So each disc after the shot is tried as the shot
    disc, the rest matched with no distance cap (a struck disc may cross the board), and the try must fit one of
    the discs that moved (``others``: the other side's moves; and the try's own, as ``went`` judges them): see
    ``_struck``. Of the tries that fit, the least total movement. On the true positions of 10,000 simulated shots,
    1107 of which moved a disc of the shooter's, this rule put the shot disc in the wrong place (in play, out,
    inside the 15) 61 times, and nearest-first matching 194 times.

    The last ``holes`` discs of ``b`` are the shooter's new 20s: a try that drops the shot disc in is taken over
    one that drops a disc it struck whenever it fits. Both often fit (a disc beside the hole sent aside, the shot
    disc deflected in, or the other way about), and the shot disc in the hole is the photos' plain reading; only
    where it cannot be (the disc in the hole was struck square from behind where the shot disc stopped) is a
    struck disc the 20 (see ``_struck`` for a disc in the hole).
    """
    if not a or len(b) != len(a) + 1:
        return _match(a, b)
    gaps = np.array([[_gap(p, q) for q in b] for p in a])
    best = None
    for k, c in enumerate(b):
        rest = [j for j in range(len(b)) if j != k]
        cost = gaps[:, rest]
        rows, cols = linear_sum_assignment(cost)
        moves = [(_xy(a[i]), _xy(b[rest[j]])) for i, j in zip(rows, cols, strict=True) if went(a[i], b[rest[j]])]
        in_hole = k >= len(b) - holes
        fits = not moves + others or any(_struck(_xy(c), move, disc_r, hole_r if in_hole else None)
                                         for move in moves + others)
        key = (not fits, not in_hole, float(cost[rows, cols].sum()), math.hypot(*_xy(c)))
        if best is None or key < best[0]:
            best = (key, [(int(i), rest[j]) for i, j in zip(rows, cols, strict=True)])
    return best[1]


def _struck(rest: tuple[float, float], move: Move, disc_r: float, hole_r: float | None = None) -> bool:
    """A shot disc resting at ``rest`` may have struck the disc that made ``move``, and nothing after.

    The push between two discs is along the line of centres at the touch, so the struck disc leaves along it and
    the striker goes on along it at (1 - e) / (1 + e) of the struck disc's speed (e: the discs' restitution): it
    rests no further back than where it touched, and only a little forward of it (distances go with speed squared).
    A shot disc in the hole (``hole_r`` given) lies anywhere within ``hole_r`` of its centre, and the hole, not
    friction, stopped it: only the first bound holds for it. (The second is a model's: pair 70 of seed 31 knocked a
    disc 148 mm into the hole, and the shot disc slid on 204 mm along the push where it allows 28.)
    """
    (fx, fy), (tx, ty) = move
    n = math.hypot(tx - fx, ty - fy)
    ux, uy = (tx - fx) / n, (ty - fy) / n
    touch = (fx - 2 * disc_r * ux, fy - 2 * disc_r * uy)
    along = (rest[0] - touch[0]) * ux + (rest[1] - touch[1]) * uy
    if hole_r is not None:
        return along >= -BEHIND_MM - hole_r
    return -BEHIND_MM <= along <= KEEP_ALONG * math.sqrt(math.dist(rest, touch) * n) + BEHIND_MM


def _match_other(a: list[PhotoDisc], b: list[PhotoDisc], stood: list[PhotoDisc],
                 disc_r: float) -> list[tuple[int, int]]:
    """The other side's discs before (``a``) matched to theirs after (``b``). They gain no disc in a shot, so
    one of theirs left over after, on a spot no disc ``stood`` on before, is a left-over one knocked far (82 of
    3000 simulated shots knock an opponent's disc over MATCH_MAX_MM and leave it on the surface). A left-over
    disc on a spot a disc stood on is that disc with its team misread in one photo, not a disc knocked there."""
    pairs = _match(a, b)
    rest_a = sorted(set(range(len(a))) - {i for i, _ in pairs})
    rest_b = [j for j in sorted(set(range(len(b))) - {j for _, j in pairs})
              if all(_gap(b[j], p) > 2 * disc_r for p in stood)]
    far = _match([a[i] for i in rest_a], [b[j] for j in rest_b], cap=math.inf)
    return pairs + [(rest_a[i], rest_b[j]) for i, j in far]




@dataclass(frozen=True)
class Diff:
    """What two scored photos say happened, in the before photo's board frame."""

    state: State  # the board before the shot (team k = ``before.teams[k]``)
    report: ShotReport
    shot_disc: PhotoDisc | None
    moved: tuple[Moved, ...]
    names: dict[int, str]  # disc id -> team
    after_index: dict[int, int]  # disc id -> index in ``after.discs`` of where that disc is now
    in_glare: tuple[int, ...] = ()  # discs that left spots the after photo's glare washes out (``glare_note``)


def diff(before: PhotoScore, after: PhotoScore, shooter: str, board: Board,
         images: tuple[np.ndarray, np.ndarray] | None = None) -> Diff:
    """Match the discs of two scored photos and build the ShotReport the judge reads.

    With the two ``images`` (before, after), the photos themselves say whether a disc moved, and whether a disc
    found only after the shot stood there before (missed in the before photo).
    """
    teams = before.teams
    team_of = {t: i for i, t in enumerate(teams)}
    frames = Frames.of(before, after, align(before, after))
    turned = placed(list(after.discs), frames.to_before)
    looks = None if images is None else Looks(images[0], before, images[1], after, frames)
    new_sunk, unseen_drop = _hole_news(before, turned, looks)
    b_on = [d for d in before.discs if d.points != 20]
    on_index: list[int | None] = [k for k, d in enumerate(turned) if d.points != 20]  # None: a faint disc
    a_on = [turned[k] for k in on_index]
    if looks is not None:
        b_on += _missed_before(b_on, turned, shooter, looks, board, new_sunk[shooter] > 0)
        found = [_xy(d) for d in (*b_on, *turned)]
        left_spot, came_spot = looks.faint_changed(found)
        b_centres = np.array([_xy(d) for d in b_on], float).reshape(-1, 2)
        a_centres = np.array([_xy(d) for d in after.discs if d.points != 20], float).reshape(-1, 2)
        standing = np.array(looks.faint_standing(found), float).reshape(-1, 2)
        b_on += _faint_discs(standing, standing, before, images[0], b_centres, "seen only as an outline in both photos")
        b_on += _faint_discs(left_spot, left_spot, before, images[0], b_centres,
                             "seen only as an outline before the shot, on a spot that changed")
        came = _faint_discs(came_spot, frames.to_after(came_spot), after, images[1], a_centres,
                            "seen only as an outline after the shot, on a spot that changed")
        a_on += came
        on_index += [None] * len(came)
    shot_id = len(b_on) + 1  # the discs before the shot are 1, 2, ... in the order of b_on
    state = State(tuple(Disc(k + 1, team_of[d.team], d.x_mm, d.y_mm) for k, d in enumerate(b_on) if d.points > 0),
                  (0, 0), 0, 0, (0, 0), (), shot_id + 1)
    sunk = [d for d in turned if d.points == 20 and d.team == shooter][: max(new_sunk[shooter], 0)]
    if not sunk and unseen_drop:  # a drop no call placed: it may be a disc of the shooter's too
        sunk = [_unseen_disc((0.0, 0.0), shooter, after, frames, board)]
    pairs, vanished, moved = _follow(b_on, a_on, teams, shooter, looks, board, sunk)
    positions = {k + 1: _xy(b_on[k]) for k in range(len(b_on)) if k not in vanished}  # unmatched: still there
    positions |= {i + 1: _xy(a_on[j]) for i, j in pairs}
    now = {i + 1: j for i, j in pairs}  # disc id -> index in a_on of where it is now
    matched_after = set(now.values())
    gone: list[tuple[int, str, float | None]] = [(k + 1, b_on[k].team, math.hypot(*_xy(b_on[k]))) for k in vanished]
    # (discs no longer on the surface: id, team, distance from the hole; None: the shot disc, seen nowhere)
    dropped, left = [], []
    fresh = [k for k, d in enumerate(a_on) if d.team == shooter and k not in matched_after]
    if not fresh:  # the other side gains no disc: one of theirs found anew, in doubt of its team, is the shot disc
        fresh = [k for k, d in enumerate(a_on) if k not in matched_after and TEAM_DOUBT_WHY in d.why]
    shot_disc, sunk_index = None, {}
    if fresh:
        # More than one unexplained disc: the one furthest in is the likeliest shot (the others were mismatched).
        k = min(fresh, key=lambda k: math.hypot(a_on[k].x_mm, a_on[k].y_mm))
        shot_disc = replace(a_on[k], team=shooter)
        positions[shot_id] = (shot_disc.x_mm, shot_disc.y_mm)
        now[shot_id] = k
    elif new_sunk[shooter] > 0:
        dropped.append(shot_id)
        new_sunk[shooter] -= 1
        k = next(k for k, d in enumerate(turned) if d.points == 20 and d.team == shooter)
        shot_disc = turned[k]
        sunk_index = {shot_id: k}
    else:
        known = [(d.x_mm, d.y_mm) for d in b_on] + [(d.x_mm, d.y_mm) for d in turned]
        # A disc dropped that no call saw, and no other disc left the surface: it was the shot disc, whatever
        # else the change between the photos shows (a shadow, a glint).
        spot = None if looks is None or (unseen_drop and not gone) else looks.new_disc(known)
        far = None if spot is not None or unseen_drop else _knocked_off(moved, shooter, board)
        if far is not None:  # that disc went off, and the shot disc rests where it was found
            moved[moved.index(far)] = replace(far, after=None, distance_mm=None)
            gone.append((far.id, shooter, math.hypot(*far.before)))
            positions[shot_id] = positions.pop(far.id)
            now[shot_id] = now.pop(far.id)
            shot_disc = a_on[now[shot_id]]
        elif spot is None:
            gone.append((shot_id, shooter, None))
        else:
            shot_disc = _unseen_disc(spot, shooter, after, frames, board)
            if shot_disc.points == 20:
                dropped.append(shot_id)
            else:
                positions[shot_id] = spot
    for i, into_hole in _fates(gone, new_sunk, unseen_drop, board):
        (dropped if into_hole else left).append(i)
        if i == shot_id and into_hole:
            shot_disc = _unseen_disc((0.0, 0.0), shooter, after, frames, board)
    report = ShotReport(
        shot_id=shot_id,
        positions=positions,
        dropped=tuple(dropped),
        left_surface=tuple(left),
        moved=frozenset(m.id for m in moved),
        touched_by_shot=frozenset(m.id for m in moved),  # best guess from stills: what moved was touched
        hit_opponent=None,
    )
    names = {k + 1: d.team for k, d in enumerate(b_on)} | {shot_id: shooter}
    # A disc judged to have left from a spot the after photo's glare washes out may only be unseen there.
    gone_ids = [i for i in left if i <= len(b_on)]  # (the shot disc, id len(b_on) + 1, stood nowhere before)
    spots = frames.to_after([_xy(b_on[i - 1]) for i in gone_ids])  # into the after photo's frame
    in_glare = tuple(sorted(i for i, (x, y) in zip(gone_ids, spots, strict=True) if in_washed(after.washed, x, y)))
    after_index = {i: on_index[j] for i, j in now.items() if on_index[j] is not None} | sunk_index
    return Diff(state, report, shot_disc, tuple(moved), names, after_index, in_glare)


def _hole_news(before: PhotoScore, turned: list[PhotoDisc],
               looks: Looks | None) -> tuple[dict[str, int], bool | None]:
    """New 20s of each team, as the two photos' hole calls say, and whether a disc dropped in that no call saw
    (None: the photos could not say). When the hole looks as it did, nothing dropped in, whatever the calls say."""
    new_sunk = {t: sum(d.team == t and d.points == 20 for d in turned)
                - sum(d.team == t and d.points == 20 for d in before.discs) for t in before.teams}
    standing = [_xy(d) for d in (*before.discs, *turned) if d.points != 20]
    hole_changed = None if looks is None else looks.hole_changed(standing)
    if hole_changed is False:
        new_sunk = dict.fromkeys(before.teams, 0)
    unseen_drop = None if hole_changed is None else hole_changed and not any(n > 0 for n in new_sunk.values())
    return new_sunk, unseen_drop


def _follow(b_on: list[PhotoDisc], a_on: list[PhotoDisc], teams: tuple[str, ...], shooter: str,
            looks: Looks | None, board: Board,
            sunk: Sequence[PhotoDisc] = ()) -> tuple[list[tuple[int, int]], list[int], list[Moved]]:
    """The discs on the surface before the shot (``b_on``, ids k + 1) followed into the after photo (``a_on``),
    team by team: the pairs (k before, j after) that are one disc, the discs no longer on the surface (nearest
    the hole first, per team), and what moved. A disc found before and not after whose spot did not change is
    still there (in neither list).

    The shooter's new 20s (``sunk``) are matched with their discs on the surface when the shooter has as many
    there as before: then the shot disc is either in the hole or on the surface with one of theirs in the hole.
    ``_match_shooter`` keeps it in the hole unless it cannot have dropped after the disc it pushed (a head-on hit
    that drops a disc of one's own stops the shot disc where it struck). A disc so matched with the hole is in
    neither list of pairs: it left the surface, and the new 20 is its.
    """
    pairs, vanished, moved = [], [], []

    def went(p: PhotoDisc, q: PhotoDisc) -> bool:  # the disc found at p before and at q after moved
        if any(q is s for s in sunk):
            return True
        if looks is not None and _gap(p, q) > MOVE_MIN_MM:
            return looks.moved(_xy(p), _xy(q))
        return _gap(p, q) > max(MOVE_MIN_MM, 3 * math.hypot(p.sigma_mm, q.sigma_mm))

    for t in sorted(teams, key=lambda t: t == shooter):  # the shooter's last: their match reads the others' moves
        bi = [k for k, d in enumerate(b_on) if d.team == t]
        ai = [k for k, d in enumerate(a_on) if d.team == t]
        if t == shooter:
            holes = list(sunk) if len(ai) == len(bi) else []
            team_pairs = _match_shooter([b_on[k] for k in bi], [a_on[k] for k in ai] + holes,
                                        [(m.before, m.after) for m in moved if m.after is not None], went,
                                        board.disc_r, len(holes), board.hole_r)
            team_pairs = [(i, j) for i, j in team_pairs if j < len(ai)]  # a pair with the hole: that disc dropped
        else:
            team_pairs = _match_other([b_on[k] for k in bi], [a_on[k] for k in ai], b_on, board.disc_r)
        if looks is not None:
            team_pairs = _stayed(team_pairs, [b_on[k] for k in bi], [a_on[k] for k in ai], looks, board.disc_r)
        for i, j in team_pairs:
            p, q = b_on[bi[i]], a_on[ai[j]]
            pairs.append((bi[i], ai[j]))
            if went(p, q):
                moved.append(Moved(bi[i] + 1, t, _xy(p), _xy(q), _gap(p, q)))
        seen = {bi[i] for i, _ in team_pairs}
        for k in sorted((k for k in bi if k not in seen), key=lambda k: math.hypot(*_xy(b_on[k]))):
            if looks is None or not looks.stayed(_xy(b_on[k])):
                moved.append(Moved(k + 1, t, _xy(b_on[k]), None, None))
                vanished.append(k)
    return pairs, vanished, moved


def _knocked_off(moved: list[Moved], shooter: str, board: Board) -> Moved | None:
    """With no new disc of the shooter's after the shot, the disc of theirs that went furthest, if over a radius:
    it was knocked off, and the shot disc rests where it was found. A shot that glances off its own disc and
    leaves the board is the rarer story (none in 600 simulated shots, against 7 of the other)."""
    mine = [m for m in moved if m.team == shooter and m.after is not None and m.distance_mm > board.disc_r]
    return max(mine, key=lambda m: m.distance_mm, default=None)


def _fates(gone: list[tuple[int, str, float | None]], new_sunk: dict[str, int], unseen_drop: bool | None,
           board: Board) -> list[tuple[int, bool]]:
    """Whether each disc no longer on the surface dropped into the hole (else it left the surface).

    Each new 20 a hole call saw takes the vanished disc of its team nearest the hole. A drop no call could
    place (``unseen_drop``) takes the shot disc when it is nowhere else, else the vanished disc nearest the
    hole. Without the photos to compare (``unseen_drop`` None), a disc that vanished next to the hole dropped in.
    """
    sunk = dict(new_sunk)
    out = []
    for i, t, r in sorted(gone, key=lambda g: -1.0 if g[2] is None else g[2]):
        if sunk.get(t, 0) > 0:
            sunk[t] -= 1
            out.append((i, True))
        elif unseen_drop:
            unseen_drop = False
            out.append((i, True))
        else:
            near = r is not None and r - board.disc_r - board.hole_r < NEAR_HOLE_MM
            out.append((i, unseen_drop is None and near))
    return out


def _stayed(pairs: list[tuple[int, int]], before: list[PhotoDisc], after: list[PhotoDisc], looks: Looks,
            r: float) -> list[tuple[int, int]]:
    """One side's matches without those of a disc matched over a diameter away whose spot did not change: it
    stayed there, only not found after the shot, and its match is another disc (likely the shot disc)."""
    return [(i, j) for i, j in pairs if _gap(before[i], after[j]) <= 2 * r or not looks.stayed(_xy(before[i]))]


def _xy(d: PhotoDisc) -> tuple[float, float]:
    return d.x_mm, d.y_mm


def _gap(p: PhotoDisc, q: PhotoDisc) -> float:
    return math.hypot(p.x_mm - q.x_mm, p.y_mm - q.y_mm)


def _missed_before(b_on: list[PhotoDisc], turned: list[PhotoDisc], shooter: str, looks: Looks, board: Board,
                   twenty: bool) -> list[PhotoDisc]:
    """Discs found after the shot, on spots no disc found before overlapped, that stood there before.

    A shot was played, so when every such disc of the shooter's looks like it stood there, the least sure of them
    is the shot disc all the same (a light disc on light wood changes its spot little), unless the shooter's new
    ``twenty`` explains the shot.
    """
    new = [q for q in turned if q.points != 20
           and all(math.hypot(q.x_mm - p.x_mm, q.y_mm - p.y_mm) > 2 * board.disc_r for p in b_on)]
    was = [looks.was_there((q.x_mm, q.y_mm)) for q in new]
    there = [q for q, w in zip(new, was, strict=True) if w]
    mine = [k for k, q in enumerate(new) if q.team == shooter]
    if mine and all(was[k] for k in mine) and not twenty:
        there.remove(new[max(mine, key=lambda k: looks.change_share((new[k].x_mm, new[k].y_mm)))])
    return there


def _faint_discs(spots: np.ndarray, own: np.ndarray, score: PhotoScore, img: np.ndarray, centres: np.ndarray,
                 why: str) -> list[PhotoDisc]:
    """Faint discs at outlines not counted (``spots``, before frame; ``own``, the same in the frame of the photo
    ``img``, scored as ``score``): those whose face, in the light beside it, has a team's
    colour (within OUTLINE_TEAM_DE, as ``outline_teams`` asks) and is nearer it than the board's paint; each of that
    team. They count for the rules (an opponent's disc makes the board not open, and moving it is a hit), their
    points in doubt. The discs counted in that photo (``centres``, its own frame) cover part of the board an
    outline's light is read on.

    A peg, a line or a shadow band's edge can gather a disc-like outline, but its face is the board's. Outlines
    both photos saw on the same spot (``Looks.faint_standing``): on 1000 simulated shots (seeds 5, 31, 777, 2025
    and 4242, each also relit) 33 were no disc, their faces 10.9 to 67 delta-E from the nearest team's colour; taken
    for discs, one made an open board read as not open (a must-hit foul called). Outlines one photo saw and the
    other did not (``Looks.faint_changed`` also asks that their spot changed): on 1000 shots (seeds 2718, 777, 2025,
    1234 and 31, each also relit) there were 166 away from found discs, 8 of them navy discs on navy paint that a
    hit moved (faces 5.6-7.6 from navy, 9.6-10.1 from the paint, their spots changed 3.3-6.2 times the board's
    typical change: the hit was judged a must-hit foul); of the 158 others one face passed this test (8.3 from
    white, 25.6 from the paint; its spot changed 1.5 times the board's), and none passed both.
    """
    if not len(spots):
        return []
    b = score.board
    paint = zone_paints(img, Plane(score.calibration.board_to_image, 1.0, b.surface_r), b)
    team, near, to_board = outline_faces(img, score.top_plane, own, centres,
                                         list(rgb_to_lab(list(score.team_colours))), paint, b.disc_r, b.surface_r)
    px = score.top_plane.to_image(own)
    return [_doubtful_disc((float(x), float(y)), score.teams[t], p, b, b.disc_r, why)
            for (x, y), p, t, n, o in zip(spots, px, team, near, to_board, strict=True)
            if n <= OUTLINE_TEAM_DE and n < o]


def _unseen_disc(at: tuple[float, float], team: str, after: PhotoScore, frames: Frames, board: Board) -> PhotoDisc:
    """A disc seen only as a change between the photos, placed to a few millimetres (its call is uncertain);
    one whose centre is over the hole dropped in."""
    if math.hypot(*at) < board.hole_r:
        at = (0.0, 0.0)
    return _doubtful_disc(at, team, after.top_plane.to_image(frames.to_after(at))[0], board, CHANGE_STEP_MM,
                          "seen only as a change between the photos")


def _doubtful_disc(at: tuple[float, float], team: str, px, board: Board, sigma_mm: float, why: str) -> PhotoDisc:
    """A disc no photo counted, at ``at`` (before frame) and image point ``px``: its call in doubt."""
    call = zone_at_radius(board, math.hypot(*at), board.disc_r)
    return PhotoDisc((float(px[0]), float(px[1])), at[0], at[1], board.disc_r, team, call.points, call.margin_mm,
                     sigma_mm, True, (why,))


def check_shot(before, after, *, shooter: str, teams: dict | None = None, rules: str | Rules = "casual",
               board: Board = TOURNAMENT) -> ShotCheck:
    """Judge the shot between two photos (arrays, paths or bytes) for the team named ``shooter``."""
    rules = rules if isinstance(rules, Rules) else rules_named(rules)
    lens_b, lens_a = recorded_focal_px(before), recorded_focal_px(after)
    before, after = load(before), load(after)
    a = score_photo(after, board=board, teams=teams, lens_focal_px=lens_a)
    b = score_photo(before, board=board, teams=teams or dict(zip(a.teams, a.team_colours, strict=True)),
                    lens_focal_px=lens_b)
    if shooter not in b.teams:
        raise ShotCheckError(f"shooter {shooter!r} is not one of the teams ({', '.join(b.teams)})")
    if a.teams != b.teams:
        a = score_photo(after, board=board, teams=dict(zip(b.teams, b.team_colours, strict=True)), lens_focal_px=lens_a)
    d = diff(b, a, shooter, a.board, (before, after))
    game = Game.create(a.board, rules, "singles")
    player = b.teams.index(shooter)  # singles: player k is team k
    verdict = judge(game, d.state, player, d.report)
    return ShotCheck(verdict, d.report, d.shot_disc, d.moved, d.names, b, a, d.in_glare)
