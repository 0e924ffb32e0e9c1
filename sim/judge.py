"""Judging one shot: must-hit, no-hiding, the foul penalty of the variant, 20s, discs out of play.

The judge reads a ShotReport, which says what happened without saying how it was seen: the physics builds one
from its contact log, vision builds one from a before and an after photo. So the same rules serve both.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sim.board import touches_fifteen
from sim.game import Disc, Game, State
from sim.rules import FoulRemoval, NoHiding


@dataclass(frozen=True)
class ShotReport:
    """What a shot did. Positions are rest positions (mm) of every disc still on the playing surface."""

    shot_id: int
    positions: dict[int, tuple[float, float]]
    dropped: tuple[int, ...]  # into the 20 hole
    left_surface: tuple[int, ...]  # off the playing surface into the ditch
    moved: frozenset[int]  # discs the shot set moving (directly or through others), shot disc excluded
    touched_by_shot: frozenset[int]  # discs the shot disc itself touched
    hit_opponent: bool | None = None  # a touch seen directly (physics); None: judge from ``moved`` alone


@dataclass(frozen=True)
class Verdict:
    foul: bool
    rule: str | None  # "must-hit" | "no-hiding" | None
    removed: tuple[int, ...]  # discs taken off as the penalty
    out: tuple[int, ...]  # discs out of play: off the surface, or resting on or over the outer line
    twenties: tuple[int, ...]  # ids of discs whose 20 counts, credited to their owners
    restored: bool  # every disc but the shot disc went back where it was (shot-only fouls)
    explanation: str


@dataclass(frozen=True)
class ShotResult:
    player: int
    verdict: Verdict
    state: State  # after the shot (and after the round's scoring, if it was the last shot of the round)
    round_over: bool


def judge(game: Game, state: State, player: int, report: ShotReport) -> Verdict:
    """Apply the variant's rules to a shot by ``player`` from ``state``."""
    board, rules = game.board, game.rules
    team = game.players[player].team
    owner = {d.id: d.team for d in state.discs}
    owner[report.shot_id] = team
    opponents = {i for i, t in owner.items() if t != team and i != report.shot_id}

    out = tuple(report.left_surface) + tuple(
        i for i, (x, y) in report.positions.items() if board.zone(x, y).points == 0
    )
    foul_rule = None
    if opponents:
        hit = bool(report.hit_opponent) or bool(opponents & (report.moved | report.touched_by_shot))
        if not hit:
            foul_rule = "must-hit"
    elif rules.no_hiding is not NoHiding.OFF:
        inside_only = rules.no_hiding is NoHiding.INSIDE
        candidates = {report.shot_id} | set(report.moved)
        ok = any(i in report.dropped for i in candidates) or any(
            i in report.positions
            and i not in out
            and touches_fifteen(board, *report.positions[i], inside_only=inside_only)
            for i in candidates
        )
        if not ok:
            foul_rule = "no-hiding"

    if foul_rule is None:
        return Verdict(False, None, (), out, tuple(report.dropped), False, _fair_explanation(report, out, owner, team))

    if rules.foul_removal is FoulRemoval.SHOT_ONLY:
        removed: tuple[int, ...] = (report.shot_id,)
    elif rules.foul_removal is FoulRemoval.SHOT_AND_MOVED:
        removed = (report.shot_id, *sorted(report.moved))
    else:
        own_touched = sorted(i for i in report.touched_by_shot if owner.get(i) == team)
        removed = (report.shot_id, *own_touched)
    restored = rules.foul_removal is FoulRemoval.SHOT_ONLY
    return Verdict(
        True,
        foul_rule,
        removed,
        () if restored else out,
        (),
        restored,
        _foul_explanation(foul_rule, rules.foul_removal, len(removed) - 1),
    )


def _fair_explanation(report: ShotReport, out, owner, team) -> str:
    parts = ["Fair shot."]
    if report.dropped:
        mine = sum(1 for i in report.dropped if owner.get(i) == team)
        theirs = len(report.dropped) - mine
        if mine:
            parts.append("A 20!" if mine == 1 else f"{mine} discs in the 20!")
        if theirs:
            parts.append(f"{theirs} of the other side's discs dropped into the 20 and score for them.")
    if out:
        parts.append(f"{len(out)} disc{'s' if len(out) != 1 else ''} out of play.")
    return " ".join(parts)


def _foul_explanation(rule: str, removal: FoulRemoval, extra: int) -> str:
    why = (
        "Foul: the shot did not touch any of the other side's discs."
        if rule == "must-hit"
        else "Foul: on an open board the shot disc, or a disc it moved, must end touching or inside the 15 line."
    )
    if removal is FoulRemoval.SHOT_ONLY:
        what = "The shot disc comes off; every other disc goes back where it was."
    elif extra:
        whose = "every disc it moved" if removal is FoulRemoval.SHOT_AND_MOVED else "your discs it touched"
        what = f"The shot disc comes off with {whose} ({extra}); any 20 it made does not count."
    else:
        what = "The shot disc comes off; any 20 it made does not count."
    return f"{why} {what}"


def apply(game: Game, state: State, player: int, report: ShotReport, verdict: Verdict) -> ShotResult:
    """The state after a judged shot; the round is scored when its last disc has been shot."""
    team = game.players[player].team
    owner = {d.id: d.team for d in state.discs}
    owner[report.shot_id] = team
    if verdict.restored:
        discs = state.discs
    else:
        gone = set(verdict.removed) | set(verdict.out) | set(report.dropped)
        discs = tuple(Disc(i, owner[i], *report.positions[i]) for i in sorted(report.positions) if i not in gone)
    twenties = list(state.twenties)
    for i in verdict.twenties:
        twenties[owner[i]] += 1
    after = replace(
        state,
        discs=discs,
        twenties=tuple(twenties),
        shot_no=state.shot_no + 1,
        next_id=max(state.next_id, report.shot_id + 1),
    )
    round_over = after.shot_no >= game.shots_per_round
    if round_over:
        after = game.end_round(after)
    return ShotResult(player, verdict, after, round_over)
