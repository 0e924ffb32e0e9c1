"""Command-line options shared by the commands that set up a game."""

from __future__ import annotations

from sim.board import BOARDS
from sim.game import MODES, Game
from sim.rules import PRESETS, FoulRemoval, MatchFormat, NoHiding, rules_named


def add_game_options(p) -> None:
    p.add_argument("--rules", default="casual", choices=sorted(PRESETS), help="rule preset (default casual)")
    p.add_argument("--board", default="tournament", choices=sorted(BOARDS), help="board profile (default tournament)")
    p.add_argument("--mode", default="singles", choices=sorted(MODES), help="seating (default singles)")
    p.add_argument("--discs", type=int, help="discs per player (singles)")
    p.add_argument("--target", type=int, help="points, rounds or match points that end the match")
    p.add_argument("--foul-removal", choices=[k.value for k in FoulRemoval])
    p.add_argument("--no-hiding", choices=[k.value for k in NoHiding])
    p.add_argument("--match-format", choices=[k.value for k in MatchFormat])


def game_from_args(args) -> Game:
    rules = rules_named(args.rules).with_knobs(
        discs_per_player=args.discs,
        target=args.target,
        foul_removal=args.foul_removal,
        no_hiding=args.no_hiding,
        match_format=args.match_format,
    )
    return Game.create(args.board, rules, args.mode)
