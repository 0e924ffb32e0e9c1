"""``crokinole match``: bots play a whole match headless."""

from __future__ import annotations

import json

from sim.bots import make_bot
from sim.game import TEAM_COLOURS, Game
from sim.match import jsonl_writer, run_match
from webapp.commands.options import add_game_options, game_from_args

NAME = "match"
HELP = "Play a whole match between bots and print the rounds and the final score."


def add_arguments(p) -> None:
    for colour in TEAM_COLOURS:
        p.add_argument(
            f"--{colour}",
            default="greedy",
            help=f"bot for {colour}: greedy, ai:easy|medium|hard|expert or exec:COMMAND (default greedy)",
        )
    p.add_argument(
        "--bot-timeout",
        type=float,
        default=5.0,
        metavar="S",
        help="seconds an exec: bot may think before it loses the shot (default 5)",
    )
    p.add_argument("--seed", type=int, default=0, help="random seed; the same seed replays the same match")
    add_game_options(p)
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--log", metavar="FILE", help="write every shot as a JSON line (state before, shot, outcome)")


def run(args) -> int:
    game: Game = game_from_args(args)
    bots = [make_bot(getattr(args, colour), timeout_s=args.bot_timeout) for colour in game.team_names]
    try:
        if args.log:
            with open(args.log, "w", encoding="utf-8") as fh:
                record = run_match(game, bots, args.seed, on_shot=jsonl_writer(fh))
        else:
            record = run_match(game, bots, args.seed)
    finally:
        for bot in bots:
            getattr(bot, "close", lambda: None)()
    data = record.to_json()
    if args.json:
        print(json.dumps(data))
        return 0
    names = game.team_names
    for k, r in enumerate(data["rounds"], 1):
        pts = "  ".join(f"{n} {r['points'][n]:3d}" for n in names)
        who = f"{r['winner']} +{r['round_points']}" if r["winner"] else "tie"
        print(f"round {k:2d}: {pts}   {who}")
    final = data["final"]
    print("final: " + "  ".join(f"{n} {final['scores'][n]}" for n in names) + f"   winner: {final['winner'] or 'none'}")
    return 0
