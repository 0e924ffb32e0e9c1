"""``crokinole shot``: play one shot from a saved state and print what happened."""

from __future__ import annotations

import json

from sim.game import Game, State, check_state
from sim.play import play
from sim.shot import Shot
from webapp.cli import CommandError
from webapp.commands.options import add_game_options, game_from_args

NAME = "shot"
HELP = "Play one shot from a state file (JSON) and print the outcome."


def add_arguments(p) -> None:
    p.add_argument(
        "--state",
        required=True,
        metavar="FILE",
        help='JSON state: a State object, or {"game": ..., "state": ...} as the match log writes',
    )
    p.add_argument("--spot", type=float, required=True, help="-1 (your left end of the line) to 1 (right end)")
    p.add_argument("--angle", type=float, required=True, help="degrees from straight in, + to your right")
    p.add_argument("--speed", type=float, required=True, help="release speed in mm/s (an open 20 is about 900)")
    add_game_options(p)
    p.add_argument("--json", action="store_true", help="print JSON")


def load_state(path: str) -> tuple[Game | None, State]:
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except json.JSONDecodeError as exc:
        raise CommandError(f"{path} is not JSON ({exc.msg} at line {exc.lineno})") from None
    if not isinstance(data, dict):
        raise CommandError(f"{path} must hold a JSON object")
    if "state" in data:
        game = Game.from_json(data["game"]) if "game" in data else None
        return game, State.from_json(data["state"])
    return None, State.from_json(data)


def run(args) -> int:
    saved_game, state = load_state(args.state)
    game = saved_game or game_from_args(args)
    check_state(game, state)
    played = play(game, state, Shot(args.spot, args.angle, args.speed))
    r, m = played.result, played.motion
    v = r.verdict
    out = {
        "player": game.players[r.player].name,
        "foul": v.foul,
        "rule": v.rule,
        "removed": list(v.removed),
        "out": list(v.out),
        "twenties": list(v.twenties),
        "dropped": list(m.dropped),
        "moved": sorted(m.moved),
        "contacts": [{"t": round(c.t, 4), "a": c.a, "b": c.b, "kind": c.kind} for c in m.contacts],
        "duration_s": round(m.duration, 3),
        "explanation": v.explanation,
        "round_over": r.round_over,
        "state": r.state.to_json(),
    }
    if args.json:
        print(json.dumps(out))
    else:
        print(v.explanation)
        points = zip(game.team_names, game.round_points(r.state), strict=True)
        print("points now: " + "  ".join(f"{n} {p}" for n, p in points))
    return 0
