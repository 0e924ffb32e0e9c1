"""Matches: create, list, read, delete, and play the next shot (a person's or the computer's)."""

from __future__ import annotations

import secrets

from flask import Blueprint, jsonify, request

from sim.game import Game
from sim.rules import rules_named
from sim.shot import Shot
from webapp import store
from webapp.api.body import integer, json_object, number, string
from webapp.api.errors import ApiError
from webapp.db import get_db
from webapp.store import HUMAN, SavedMatch
from webapp.turns import Turn, bot_for, computer_turn, human_turn
from webapp.views import frames_json, game_json, position_json

bp = Blueprint("matches", __name__, url_prefix="/api/matches")

KNOBS = frozenset({"discs_per_player", "target", "foul_removal", "no_hiding", "match_format"})
MAX_SEED = 2**63 - 1


def match_json(m: SavedMatch, *, with_last_shot: bool = True) -> dict:
    data = {
        "id": m.id,
        "created": m.created,
        "updated": m.updated,
        "shots": m.shots,
        "game": game_json(m.game, m.controllers),
        "state": m.state.to_json(),
        **position_json(m.game, m.state),
    }
    if with_last_shot:
        last = store.last_shot(get_db(), m.id)
        data["last_shot"] = None if last is None else last.outcome
    return data


def summary_json(m: SavedMatch) -> dict:
    pos = position_json(m.game, m.state)
    return {
        "id": m.id,
        "created": m.created,
        "updated": m.updated,
        "board": m.game.board.name,
        "rules": m.game.rules.name,
        "mode": m.game.mode.name,
        "teams": list(m.game.team_names),
        "controllers": list(m.controllers),
        "match_scores": pos["match_scores"],
        "round_no": pos["round_no"],
        "shots": m.shots,
        "over": pos["over"],
        "winner": pos["winner"],
    }


def _controllers(data: dict, n_teams: int) -> tuple[str, ...]:
    value = data.get("controllers")
    if value is None:
        return (HUMAN,) * n_teams
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise ApiError('"controllers" must be a list of strings, one a team: "human" or a computer level')
    if len(value) != n_teams:
        raise ApiError(f'"controllers" needs {n_teams} entries for this mode, one a team, not {len(value)}')
    for spec in value:
        if spec == HUMAN:
            continue
        try:
            bot_for(spec)  # an unknown level is refused now, not at the computer's first shot
        except ValueError as exc:
            raise ApiError(f"controller {spec!r}: {exc}") from None
    return tuple(value)


def _game(data: dict) -> Game:
    knobs = {} if data.get("knobs") is None else data["knobs"]
    if not isinstance(knobs, dict):
        raise ApiError('"knobs" must be an object')
    unknown = set(knobs) - KNOBS
    if unknown:
        raise ApiError(f"unknown knob(s) {', '.join(sorted(unknown))}; allowed: {', '.join(sorted(KNOBS))}")
    rules = rules_named(string(data, "rules", "casual")).with_knobs(
        discs_per_player=integer(knobs, "discs_per_player", 1, 16),
        target=integer(knobs, "target", 1, 10_000),
        foul_removal=string(knobs, "foul_removal"),
        no_hiding=string(knobs, "no_hiding"),
        match_format=string(knobs, "match_format"),
    )
    return Game.create(string(data, "board", "tournament"), rules, string(data, "mode", "singles"))


@bp.post("")
def create():
    data = json_object(frozenset({"board", "rules", "mode", "knobs", "controllers", "seed"}), empty_ok=True)
    game = _game(data)
    controllers = _controllers(data, game.n_teams)
    seed = integer(data, "seed", 0, MAX_SEED)
    match = store.create_match(get_db(), game, controllers, secrets.randbits(63) if seed is None else seed)
    return jsonify(match_json(match)), 201


@bp.get("")
def index():
    raw = request.args.get("limit", "50")
    if not raw.isdigit() or not 1 <= int(raw) <= 500:
        raise ApiError(f"limit must be a whole number from 1 to 500, not {raw!r}")
    return jsonify({"matches": [summary_json(m) for m in store.list_matches(get_db(), int(raw))]})


@bp.get("/<int:match_id>")
def show(match_id: int):
    return jsonify(match_json(store.load_match(get_db(), match_id)))


@bp.delete("/<int:match_id>")
def delete(match_id: int):
    store.delete_match(get_db(), match_id)
    return "", 204


def _check_expected(data: dict, match: SavedMatch) -> None:
    """A page says how many shots it has seen, so a repeated click never plays the next player's turn."""
    expected = integer(data, "expect_shots", 0, 10**9)
    if expected is not None and expected != match.shots:
        raise ApiError(f"the match has moved on ({match.shots} shots played, not {expected}); reload it", 409)


def _respond(match: SavedMatch, turn: Turn):
    saved = store.save_shot(get_db(), match, turn.record, turn.played.result.state, bot_call=turn.bot_call)
    before = turn.record.state_before
    teams = {d.id: d.team for d in before.discs}
    teams[before.next_id] = match.game.players[turn.record.player].team
    return jsonify(
        {
            "outcome": turn.record.outcome,
            "frames": frames_json(turn.played, teams),
            "match": match_json(saved, with_last_shot=False) | {"last_shot": turn.record.outcome},
        }
    )


@bp.post("/<int:match_id>/shots")
def shoot(match_id: int):
    data = json_object(frozenset({"spot", "angle", "speed", "expect_shots"}), empty_ok=False)
    shot = Shot(number(data, "spot"), number(data, "angle"), number(data, "speed"))
    match = store.load_match(get_db(), match_id)
    _check_expected(data, match)
    return _respond(match, human_turn(match, shot))


@bp.post("/<int:match_id>/computer")
def computer(match_id: int):
    data = json_object(frozenset({"expect_shots"}), empty_ok=True)
    match = store.load_match(get_db(), match_id)
    _check_expected(data, match)
    return _respond(match, computer_turn(match))
