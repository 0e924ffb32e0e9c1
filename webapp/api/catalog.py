"""What a new match can be: boards (with their full geometry), rule presets and knobs, seatings, computer levels."""

from __future__ import annotations

from flask import Blueprint, jsonify

from sim.board import BOARDS, board_named
from sim.game import MODES, TEAM_COLOURS
from sim.rules import PRESETS, FoulRemoval, MatchFormat, NoHiding
from webapp.store import HUMAN
from webapp.turns import LEVELS, bot_for
from webapp.views import board_json

bp = Blueprint("catalog", __name__, url_prefix="/api")

def computer_levels() -> list[dict]:
    """The offered levels whose computer player is installed."""
    levels = []
    for spec, label in LEVELS:
        try:
            bot_for(spec)
        except ValueError:
            continue
        levels.append({"spec": spec, "label": label})
    return levels


@bp.get("/options")
def options():
    return jsonify(
        {
            "boards": list(BOARDS),
            "rules": {name: r.to_json() for name, r in PRESETS.items()},
            "modes": {
                name: {
                    "players": [
                        {"name": p.name, "team": p.team, "colour": TEAM_COLOURS[p.team], "seat": p.seat.name.lower()}
                        for p in m.players
                    ],
                    "teams": 1 + max(p.team for p in m.players),
                    "discs": None if m.discs is None else list(m.discs),
                }
                for name, m in MODES.items()
            },
            "knobs": {
                "foul_removal": [k.value for k in FoulRemoval],
                "no_hiding": [k.value for k in NoHiding],
                "match_format": [k.value for k in MatchFormat],
                "discs_per_player": [1, 16],
                "target": [1, 10_000],
            },
            "controllers": [{"spec": HUMAN, "label": "Person"}, *computer_levels()],
        }
    )


@bp.get("/boards/<name>")
def board(name: str):
    return jsonify(board_json(board_named(name)))
