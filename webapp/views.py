"""JSON views of games, saved matches and played shots: what the API returns and the page draws."""

from __future__ import annotations

import base64
import math

import numpy as np

from sim.board import Board, Seat
from sim.game import Game, RoundResult, State
from sim.play import Played
from sim.rules import MatchFormat, NoHiding
from sim.shot import MAX_ANGLE, MAX_SPEED


def board_json(board: Board) -> dict:
    """Everything the page needs to draw a board to scale and to place a disc on a seat's line (mm, radians)."""
    return {
        "name": board.name,
        "surface_r": board.surface_r,
        "outer_r": board.outer_r,
        "middle_r": board.middle_r,
        "fifteen_r": board.fifteen_r,
        "line_width": board.line_width,
        "hole_r": board.hole_r,
        "peg_r": board.peg_r,
        "pegs": [list(p) for p in board.pegs()],
        "disc_r": board.disc_r,
        "ditch_width": board.ditch_width,
        "quarter_line_angles": list(board.quarter_line_angles()),
        "shooting_r": board.shooting_r,
        "seats": {s.name.lower(): {"angle": s.angle, "span": list(board.seat_span(s))} for s in Seat},
        "max_angle_deg": MAX_ANGLE,
        "max_speed": MAX_SPEED,
    }


def _named(game: Game, values) -> str:
    return ", ".join(f"{game.team_names[t].capitalize()} {v}" for t, v in enumerate(values))


def round_summary(game: Game, result: RoundResult) -> str:
    """The round's result in words, with the cancellation spelled out."""
    totals = _named(game, result.points)
    if result.winner is None:
        tail = "level at the top, so nobody scores" if game.rules.match_format is MatchFormat.POINTS else (
            "a tie: 1 match point each to the sides level at the top"
        )
        return f"{totals}: {tail}."
    name = game.team_names[result.winner].capitalize()
    if game.rules.match_format is MatchFormat.POINTS:
        runner_up = sorted(result.points, reverse=True)[1]
        return (
            f"{totals}: the points cancel, so {name} scores only the difference, "
            f"{result.points[result.winner]} - {runner_up} = {result.score}."
        )
    return f"{totals}: {name} wins the round by {result.score} and takes 2 match points."


def target_text(game: Game) -> str:
    fmt, target = game.rules.match_format, game.rules.target
    if fmt is MatchFormat.ROUNDS:
        return f"{target} rounds, 2 points a round won, 1 for a tie"
    if fmt is MatchFormat.MATCH_POINTS:
        return f"first to {target} match points"
    return f"first to {target} points"


def game_json(game: Game, controllers) -> dict:
    return {
        **game.to_json(),
        "teams": list(game.team_names),
        "players": [
            {
                "index": k,
                "name": p.name,
                "team": p.team,
                "colour": game.team_names[p.team],
                "seat": p.seat.name.lower(),
                "discs": game.discs[k],
                "controller": controllers[p.team],
            }
            for k, p in enumerate(game.players)
        ],
        "target_text": target_text(game),
    }


def position_json(game: Game, state: State) -> dict:
    """Whose turn it is and what the rules ask of the next shot."""
    player = game.to_shoot(state)
    over = player is None
    team = None if over else game.players[player].team
    must_hit = [] if over else [d.id for d in state.discs if d.team != team]
    return {
        "over": over,
        "winner": game.winner_of_match(state),
        "to_shoot": player,
        "round_no": state.round_no,
        "shot_no": state.shot_no,
        "hammer": game.hammer(state.round_no),
        "discs_left": list(game.discs_left(state)),
        "round_points": list(game.round_points(state)),
        "match_scores": list(state.match_scores),
        "must_hit": must_hit,
        "open_board": not over and not must_hit,
        "no_hiding": not over and not must_hit and game.rules.no_hiding is not NoHiding.OFF,
        "rounds": [{**r.to_json(), "summary": round_summary(game, r)} for r in state.rounds],
    }


def frames_json(played: Played, teams: dict[int, int]) -> dict:
    """The trajectory for the browser: float32 (frame, disc, x|y) little-endian in base64, NaN once gone."""
    frames = played.motion.frames
    xy = np.ascontiguousarray(frames.xy, dtype="<f4")
    return {
        "fps": frames.fps,
        "count": int(xy.shape[0]),
        "ids": list(frames.ids),
        "teams": [teams[i] for i in frames.ids],
        "xy": base64.b64encode(xy.tobytes()).decode("ascii"),
        "gone": {str(i): {"t": round(t, 4), "where": where} for i, (t, where) in frames.gone.items()},
        "duration": round(played.motion.duration, 4),
    }


def outcome_json(game: Game, player: int, controller: str, played: Played) -> dict:
    """What a shot did, in the terms the page explains it with (saved as the match's last shot)."""
    result, motion = played.result, played.motion
    v = result.verdict
    last_round = result.state.rounds[-1] if result.round_over else None
    return {
        "player": player,
        "controller": controller,
        "shot": {k: round(x, 4) if math.isfinite(x) else x for k, x in played.shot.to_json().items()},
        "foul": v.foul,
        "rule": v.rule,
        "removed": list(v.removed),
        "out": list(v.out),
        "twenties": list(v.twenties),
        "restored": v.restored,
        "explanation": v.explanation,
        "dropped": list(motion.dropped),
        "left_surface": list(motion.left_surface),
        "round_over": result.round_over,
        "round": None if last_round is None else {**last_round.to_json(), "summary": round_summary(game, last_round)},
    }
