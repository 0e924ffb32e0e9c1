"""The companion for a real board: what each photo of a round says once corrected, the shot checks between
consecutive photos, the round's points, and advice for the player about to shoot.

No Flask and no database: everything here is worked out again from the saved photos' scores and corrections,
so a correction made to an early photo flows into every later check and total.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from calibration import Calibration
from sim.ai import advise
from sim.game import Disc, Game, RoundResult, State, score_round
from sim.judge import Verdict, judge
from sim.shot import MAX_SPEED
from vision import PhotoScore, score_photo
from vision.hole import hole_plane
from vision.overlay import look_outlines
from vision.shotcheck import diff, glare_note
from webapp import corrections
from webapp.companion_store import Companion, Frame
from webapp.scorejson import score_from_json


class CompanionError(ValueError):
    """Something asked of a companion match at the wrong moment (no photo yet, all discs shot, ...)."""


@dataclass(frozen=True)
class Check:
    """The judge's verdict on the shot between two photos, with the after photo's discs it concerns."""

    verdict: Verdict
    shooter: int  # team
    shot: int | None  # index of the shot disc in the after photo
    moved: tuple[int, ...]  # indexes of discs that moved
    left: tuple[str, ...]  # teams of discs that left the board
    removed: tuple[int, ...]  # indexes the penalty takes off
    twenties: tuple[int, ...]  # 20s this shot scored, per team
    glare: str = ""  # what to check where discs left spots the after photo's glare washes out (``glare_note``)


@dataclass(frozen=True)
class Seen:
    """One photo of a round: its corrected score and, for a photo after a shot, the check of that shot."""

    frame: Frame
    score: PhotoScore
    check: Check | None

    @property
    def removed(self) -> tuple[int, ...]:
        return () if self.check is None else self.check.removed

    def effective(self) -> PhotoScore:
        """The board once the penalty's discs are off: what the next shot is played on."""
        keep = [d for k, d in enumerate(self.score.discs) if k not in self.removed]
        return replace(self.score, discs=tuple(keep))


def teams_dict(comp: Companion) -> dict[str, tuple[int, int, int]] | None:
    return None if comp.teams is None else {n: c for n, c in comp.teams}


def score_image(image: np.ndarray, game: Game, comp: Companion, calibration: Calibration | None = None,
                lens_focal_px: float | None = None) -> PhotoScore:
    """Score a photo with the match's board profile and team colours (learnt when not named yet), and the lens its
    JPEG records (``calibration.lens_focal_px``)."""
    return score_photo(image, board=game.board, teams=teams_dict(comp), calibration=calibration,
                       lens_focal_px=lens_focal_px)


def corrected(frame: Frame) -> PhotoScore:
    return corrections.apply_all(score_from_json(frame.score), frame.corrections)


def shooter_team(game: Game, round_no: int, shot_no: int) -> int:
    return game.players[game.shooting_order(round_no)[shot_no - 1]].team


def check_shot(game: Game, before: PhotoScore, after: PhotoScore, team: int) -> Check:
    """The shot by ``team`` between two scored photos (``before`` with no discs for a round's first shot)."""
    if before.teams != after.teams:
        before = replace(after, discs=())
    d = diff(before, after, after.teams[team], after.board)
    player = next(k for k, p in enumerate(game.players) if p.team == team)
    verdict = judge(game, d.state, player, d.report)
    where = d.after_index
    moved_idx = tuple(where[m.id] for m in d.moved if m.after is not None and m.id in where)
    left = tuple(m.team for m in d.moved if m.after is None)
    removed = tuple(where[i] for i in verdict.removed if i in where)
    tw = [0, 0]
    for i in verdict.twenties:
        tw[after.teams.index(d.names[i])] += 1
    return Check(verdict, team, where.get(d.report.shot_id), moved_idx, left, removed, tuple(tw),
                 glare_note(d.in_glare, d.names))


def seen_round(game: Game, frames: list[Frame]) -> list[Seen]:
    """Every photo of a round, each checked against the board the one before it left."""
    out: list[Seen] = []
    for f in frames:
        score = corrected(f)
        before = out[-1].effective() if out else replace(score, discs=())
        out.append(Seen(f, score, check_shot(game, before, score, shooter_team(game, f.round_no, f.shot_no))))
    return out


@dataclass(frozen=True)
class RoundNow:
    """Where the round stands: shots photographed, discs on the board, 20s (seen and adjusted), points."""

    round_no: int
    shots: int
    discs: tuple[tuple[int, float, float, int], ...]  # team, x, y, points of every disc that scores
    twenties_seen: tuple[int, int]
    twenties_adjust: tuple[int, int]

    @property
    def twenties(self) -> tuple[int, int]:
        return tuple(max(0, s + a) for s, a in zip(self.twenties_seen, self.twenties_adjust, strict=True))

    @property
    def points(self) -> tuple[int, int]:
        pts = [20 * t for t in self.twenties]
        for team, _, _, p in self.discs:
            pts[team] += p
        return tuple(pts)


def round_now(comp: Companion, state: State, seen: list[Seen]) -> RoundNow:
    discs: tuple = ()
    if seen:
        last = seen[-1].effective()
        discs = tuple((last.teams.index(d.team), d.x_mm, d.y_mm, d.points) for d in last.discs if 0 < d.points < 20)
    tw = [0, 0]
    for s in seen:
        for t in (0, 1):
            tw[t] += s.check.twenties[t]
    adjust = comp.twenties.get(state.round_no, (0, 0))
    return RoundNow(state.round_no, len(seen), discs, tuple(tw), tuple(adjust))


def state_now(game: Game, state: State, now: RoundNow) -> State:
    """The match State the photos say: discs in play (by the profile's zones), 20s, shot number."""
    discs = tuple(Disc(k + 1, team, x, y) for k, (team, x, y, _) in enumerate(now.discs)
                  if game.board.zone(x, y).points not in (0, 20))
    return replace(state, discs=discs, twenties=now.twenties, shot_no=min(now.shots, game.shots_per_round - 1),
                   next_id=len(now.discs) + 1)


def end_round(game: Game, state: State, now: RoundNow) -> tuple[State, RoundResult]:
    """Cancellation scoring of the round the photos show; the board is cleared for the next round."""
    if now.shots == 0:
        raise CompanionError("no photo of this round yet: photograph the board after a shot first")
    result = score_round(now.points, now.twenties, game.rules.match_format)
    scores = tuple(s + a for s, a in zip(state.match_scores, result.match_award, strict=True))
    after = State((), (0, 0), 0, state.round_no + 1, scores, state.rounds + (result,), state.next_id)
    return after, result


def to_shoot(game: Game, state: State, now: RoundNow) -> int | None:
    """The player about to shoot, or None when every disc of the round has been photographed (or it is over)."""
    if game.is_over(state) or now.shots >= game.shots_per_round:
        return None
    return game.shooting_order(state.round_no)[now.shots]


def suggestions(game: Game, state: State, now: RoundNow, *, level: str, seed: int):
    player = to_shoot(game, state, now)
    if player is None:
        raise CompanionError("every disc of this round has been shot: end the round first")
    return player, advise(game, state_now(game, state, now), player, level=level, top=3,
                          rng=np.random.default_rng([seed, state.round_no, now.shots]))


def round_summary(names, result: RoundResult) -> str:
    totals = ", ".join(f"{n} {p}" for n, p in zip(names, result.points, strict=True))
    if result.winner is None:
        return f"{totals}: level, so nobody scores."
    lo = sorted(result.points)[0]
    return (f"{totals}: the points cancel, so {names[result.winner]} scores "
            f"{result.points[result.winner]} - {lo} = {result.score}.")


# -- pictures: what the page draws on the photo (image pixels) -----------------------------------------------


def _pts(a) -> list[list[float]]:
    return [[round(float(x), 1), round(float(y), 1)] for x, y in np.asarray(a).reshape(-1, 2)]


def overlay_json(score: PhotoScore) -> dict:
    """Rings, hole and peg markers of the calibration, in image pixels."""
    cal, b = score.calibration, score.board
    th = np.linspace(0, 2 * math.pi, 73)
    unit = np.column_stack([np.cos(th), np.sin(th)])
    rings = {name: _pts(cal.to_image(unit * r)) for name, r in
             (("outer", b.outer_r), ("middle", b.middle_r), ("fifteen", b.fifteen_r), ("hole", b.hole_r))}
    return {
        "size": list(cal.image_size),
        "rings": rings,
        "hole": _pts(cal.to_image([[0.0, 0.0]]))[0],
        "pegs": _pts(cal.to_image(b.pegs())),
        "residual_mm": round(cal.residual_mm, 2),
        "confidence": round(cal.confidence, 2),
        "manual": any(f.startswith("manual") for f in cal.features),
    }


def look_json(score: PhotoScore) -> list[list[list[float]]]:
    """Outlines (image pixels) of where a disc may be unseen: glare's patches, outlines not counted."""
    return [_pts(ring) for ring in look_outlines(score)]


def discs_json(score: PhotoScore, check: Check | None) -> list[dict]:
    out = []
    ang = np.linspace(0, 2 * math.pi, 25)
    for k, d in enumerate(score.discs):
        plane = hole_plane(score) if d.points == 20 else score.top_plane
        out.append({
            "index": k,
            "px": [round(d.px[0], 1), round(d.px[1], 1)],
            "outline": _pts(plane.circle_to_image(d.x_mm, d.y_mm, d.r_mm, ang)),
            "x_mm": round(d.x_mm, 1),
            "y_mm": round(d.y_mm, 1),
            "team": score.teams.index(d.team),
            "points": d.points,
            "uncertain": d.uncertain,
            "why": list(d.why),
            "corrected": d.why == corrections.FIXED,
            "shot": check is not None and check.shot == k,
            "moved": check is not None and k in check.moved,
            "remove": check is not None and k in check.removed,
        })
    return out


def check_json(check: Check, names) -> dict:
    v = check.verdict
    words = f"Foul ({v.rule})" if v.foul else "Fair shot"
    return {
        "foul": v.foul,
        "rule": v.rule,
        "verdict": words,
        "explanation": v.explanation,
        "shooter": check.shooter,
        "shot": check.shot,
        "moved": list(check.moved),
        "left": list(check.left),
        "remove": list(check.removed),
        "twenties": list(check.twenties),
        "note": " ".join(t for t in ("From two photos a touch that moved nothing cannot be seen.", check.glare) if t),
        "shooter_name": names[check.shooter],
    }


def advice_json(game: Game, player: int, found, cal: Calibration | None, names) -> dict:
    """Each suggestion in board mm and, when a photo's calibration is known, in its pixels too.

    ``power`` is the page's 0..1 pull for the speed (the virtual board's power curve, speed = 4 m/s x power^1.5).
    """
    seat = game.players[player].seat
    items = []
    for s in found:
        start = game.board.spot_position(seat, s.spot)
        reason = s.reason
        for sim_name, name in zip(game.team_names, names, strict=True):
            reason = reason.replace(f"the {sim_name} disc", f"the {name} disc")
        item = s.to_json() | {"reason": reason, "start": [round(start[0], 1), round(start[1], 1)],
                              "power": round(min(1.0, s.speed / min(MAX_SPEED, 4000.0)) ** (2 / 3), 3)}
        if cal is not None:
            item["start_px"] = _pts(cal.to_image([start]))[0]
            item["path_px"] = _pts(cal.to_image(s.path)) if s.path else []
            item["others_px"] = {i: _pts(cal.to_image(p)) for i, p in s.others.items() if p}
        items.append(item)
    return {"player": player, "team": game.players[player].team, "seat": seat.name.lower(), "suggestions": items}

