"""``crokinole check-shot``: judge a shot from a photo before it and a photo after it."""

from __future__ import annotations

import json

from calibration import ImageReadError
from sim.board import BOARDS, board_named
from sim.rules import PRESETS
from vision import NoBoardError, ShotCheckError, TeamColoursError, check_shot, parse_teams
from webapp.cli import CommandError

NAME = "check-shot"
HELP = "Judge a shot from two photos: the shot disc, discs moved or out, a 20, and foul or fair."


def add_arguments(p) -> None:
    p.add_argument("before", metavar="BEFORE", help="photo before the shot")
    p.add_argument("after", metavar="AFTER", help="photo after the shot")
    p.add_argument("--shooter", required=True, metavar="NAME", help="team that shot (a team name)")
    p.add_argument("--teams", metavar="NAME=#RRGGBB,NAME=#RRGGBB", help="team colours (default: learnt)")
    p.add_argument("--rules", default="casual", choices=sorted(PRESETS), help="rule preset (default casual)")
    p.add_argument("--board", default="tournament", choices=sorted(BOARDS), help="board profile")
    p.add_argument("--json", action="store_true", help="print JSON")


def run(args) -> int:
    try:
        teams = parse_teams(args.teams) if args.teams else None
        result = check_shot(args.before, args.after, shooter=args.shooter, teams=teams, rules=args.rules,
                            board=board_named(args.board))
    except (ImageReadError, NoBoardError, ShotCheckError, TeamColoursError) as exc:
        raise CommandError(str(exc)) from None
    js = result.to_json()
    if args.json:
        print(json.dumps(js))
    else:
        print(("FOUL (" + js["rule"] + ")" if js["foul"] else "Fair") + ": " + js["explanation"])
        for m in js["moved"]:
            where = "left the board" if m["to_mm"] is None else f"moved {m['distance_mm']} mm"
            print(f"  {m['team']} disc {m['id']} {where}")
    return 0
