"""The computer player, the advisor and the bot protocol, on small seeded cases."""

from __future__ import annotations

import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from sim.ai import LEVELS, AdviceError, AiBot, advise
from sim.ai.drills import open_twenty_rate
from sim.ai.search import decide
from sim.bots import UnknownBotError, make_bot
from sim.game import Disc, Game, State
from sim.match import run_match
from webapp.cli import main

ROOT = Path(__file__).resolve().parents[1]
GAME = Game.create()


def _state(discs, shot_no=2):
    return State(tuple(discs), (0, 0), shot_no, 0, (0, 0), (), 1 + max((d.id for d in discs), default=0))


def test_expert_sinks_most_open_twenties():
    assert open_twenty_rate(GAME, LEVELS["expert"], 40, seed=11) >= 0.85


def test_easy_sinks_fewer_open_twenties_than_expert():
    assert open_twenty_rate(GAME, LEVELS["easy"], 40, seed=11) < open_twenty_rate(GAME, LEVELS["expert"], 40, seed=11)


def test_advisor_takes_out_an_open_disc_in_the_fifteen():
    state = _state([Disc(1, 1, 20.0, 55.0), Disc(2, 0, -150.0, -80.0)])
    tips = advise(GAME, state, 0, level="hard", top=3, rng=5)
    assert 1 <= len(tips) <= 3
    best = tips[0]
    assert best.kind in ("takeout", "stick", "cut")
    assert "purple disc in the 15" in best.reason
    assert 0.0 <= best.chance <= 1.0 and best.expected_points > 0
    start = GAME.board.spot_position(GAME.players[0].seat, best.spot)
    assert np.hypot(best.path[0][0] - start[0], best.path[0][1] - start[1]) < 1.0
    assert 1 in best.others  # the purple disc's own path is drawn too
    assert set(best.to_json()) >= {"spot", "angle", "speed", "chance", "expected_points", "reason", "path"}


def test_advisor_rebases_a_photo_state_and_refuses_strangers():
    photo = _state([Disc(1, 0, 0.0, -80.0)], shot_no=0)  # orange to shoot by the count; we ask for purple
    tips = advise(GAME, photo, 1, level="easy", rng=1)
    assert "orange disc" in tips[0].reason
    with pytest.raises(AdviceError):
        advise(GAME, photo, 5, rng=1)


def test_decisions_replay_and_do_not_depend_on_the_pool():
    state = _state([Disc(1, 1, 30.0, 60.0), Disc(2, 1, -90.0, 120.0), Disc(3, 0, 60.0, -140.0)])
    hard = LEVELS["hard"]
    a = decide(GAME, state, 0, hard, np.random.default_rng(3))
    b = decide(GAME, state, 0, replace(hard, parallel=False), np.random.default_rng(3))
    assert [(j.candidate, j.score) for j in a] == [(j.candidate, j.score) for j in b]


def test_make_bot_names():
    assert make_bot("ai:expert").name == "ai:expert"
    assert isinstance(make_bot("ai:Easy"), AiBot)
    for bad in ("ai:godlike", "random", "exec:"):
        with pytest.raises(ValueError):
            make_bot(bad)
    with pytest.raises(UnknownBotError):
        make_bot("nobody")


BOTS = {
    "slow": """
        import json, sys, time
        for line in sys.stdin:
            m = json.loads(line)
            if m["type"] == "hello":
                print(json.dumps({"type": "ready"}), flush=True)
            elif m["type"] == "turn":
                time.sleep(0.6)
                print(json.dumps({"type": "shot", "turn": m["turn"], "spot": 0, "angle": 0, "speed": 900}), flush=True)
    """,
    "rude": """
        import json, sys
        for line in sys.stdin:
            m = json.loads(line)
            print(json.dumps({"type": "ready"}) if m["type"] == "hello" else "shoot the moon!", flush=True)
    """,
    "dead": """
        import sys
        sys.exit(3)
    """,
}


@pytest.mark.parametrize("kind", sorted(BOTS))
def test_a_failing_bot_loses_its_shots_and_the_match_goes_on(kind, tmp_path):
    script = tmp_path / f"{kind}.py"
    script.write_text(textwrap.dedent(BOTS[kind]))
    game = Game.create(rules=GAME.rules.with_knobs(discs_per_player=3, target=1))
    bad = make_bot(f"exec:{sys.executable} {script}", timeout_s=0.3)
    records = []
    try:
        result = run_match(game, [make_bot("ai:easy"), bad], seed=2, on_shot=records.append)
    finally:
        bad.close()
    assert result.rounds
    purple = [r for r in records if r["player"] == 1]
    orange = [r for r in records if r["player"] == 0]
    assert purple and all(r["forfeit"] for r in purple)
    assert all(r["forfeit"] is None for r in orange)
    assert not any(d["team"] == 1 for r in records for d in r["after"]["discs"])  # forfeited discs go out


def test_cli_match_against_the_example_bot(capsys):
    bot = f"exec:{sys.executable} {ROOT / 'examples' / 'straight_bot.py'}"
    assert main(["match", "--orange", "ai:easy", "--purple", bot, "--seed", "4", "--json"]) == 0
    out = capsys.readouterr().out
    assert '"finished": true' in out
