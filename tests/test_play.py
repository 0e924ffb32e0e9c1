"""Shots on the virtual board end to end: launch, physics, judge; headless matches and their command line."""

import json
import math

import numpy as np
import pytest

from sim.bots import GreedyBot, Hand
from sim.game import Disc, Game, State
from sim.match import run_match
from sim.play import play
from sim.shot import IllegalShotError, Shot, aim_at
from webapp.cli import main

GAME = Game.create()
B = GAME.board


def open_twenty_speed():
    from sim.physics import DEFAULT_PARAMS

    return DEFAULT_PARAMS.speed_for_distance(B.shooting_r + 5.0)


def test_open_twenty_from_the_middle_of_the_line_scores():
    s = GAME.new_state()
    played = play(GAME, s, Shot(0.0, 0.0, open_twenty_speed()))
    v = played.result.verdict
    assert not v.foul and v.twenties == (1,)
    assert played.result.state.twenties == (1, 0) and played.result.state.discs == ()


def test_short_shot_on_open_board_is_a_no_hiding_foul():
    s = GAME.new_state()
    played = play(GAME, s, Shot(0.0, 0.0, 600.0))  # stops in the 5 or 10 zone
    assert played.result.verdict.rule == "no-hiding"
    assert played.result.state.discs == ()


def test_dribble_that_never_clears_the_line_is_out():
    s = State((Disc(1, 1, 0.0, 150.0),), (0, 0), 2, 0, (0, 0), (), 2)
    played = play(GAME, s, Shot(0.0, 0.0, 50.0))
    v = played.result.verdict
    assert v.foul and v.rule == "must-hit"
    assert [d.id for d in played.result.state.discs] == [1]


def test_takeout_removes_the_opponent_disc_and_is_fair():
    target = (0.0, -150.0)  # purple disc in orange's 10 zone
    s = State((Disc(1, 1, *target),), (0, 0), 2, 0, (0, 0), (), 2)
    played = play(GAME, s, aim_at(B, GAME.players[0].seat, 0.0, target, 3000.0))
    v = played.result.verdict
    assert not v.foul
    assert 1 not in {d.id for d in played.result.state.discs}
    assert any(c.kind == "disc" and {c.a, c.b} == {1, 2} for c in played.motion.contacts)


def test_spot_off_the_line_and_blocked_spot_are_refused():
    s = GAME.new_state()
    with pytest.raises(IllegalShotError):
        play(GAME, s, Shot(1.2, 0.0, 900.0))
    x, y = B.spot_position(GAME.players[0].seat, 0.0)
    blocked = State((Disc(1, 1, x * 0.93, y * 0.93),), (0, 0), 2, 0, (0, 0), (), 2)
    with pytest.raises(IllegalShotError, match="blocked"):
        play(GAME, blocked, Shot(0.0, 0.0, 900.0))


def test_same_state_and_shot_give_identical_results():
    rng = np.random.default_rng(3)
    discs = tuple(Disc(i + 1, i % 2, *(rng.uniform(-150, 150, 2))) for i in range(10))
    discs = tuple(d for k, d in enumerate(discs) if all(math.dist((d.x, d.y), (e.x, e.y)) > 33 for e in discs[:k]))
    s = State(discs, (0, 0), 2, 0, (0, 0), (), 20)
    shot = Shot(0.3, 4.0, 2600.0)
    a, b = play(GAME, s, shot, fps=60), play(GAME, s, shot, fps=60)
    assert a.result == b.result
    assert a.motion.contacts == b.motion.contacts
    assert np.array_equal(a.motion.frames.xy, b.motion.frames.xy, equal_nan=True)


def test_greedy_match_is_reproducible_and_ends():
    game = Game.create(rules="casual")
    game = Game.create(rules=game.rules.with_knobs(target=30, discs_per_player=4))
    bots = [GreedyBot(), GreedyBot(Hand(3.0, 0.12))]
    a = run_match(game, bots, seed=7)
    b = run_match(game, bots, seed=7)
    assert a == b and a.finished and a.winner is not None
    assert max(a.scores) >= 30
    assert sum(r.score for r in a.rounds if r.winner == a.winner) == a.scores[a.winner]


def test_match_command_json_and_log(tmp_path, capsys):
    log = tmp_path / "shots.jsonl"
    code = main(
        ["match", "--orange", "greedy", "--purple", "greedy", "--seed", "7", "--discs", "3", "--target", "20",
         "--json", "--log", str(log)]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["final"]["scores"]) == {"orange", "purple"}
    assert data["final"]["winner"] in ("orange", "purple")
    shots = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(shots) == 6 * len(data["rounds"])
    assert {"state", "shot", "foul", "after"} <= set(shots[0])
    assert all(sum(r["discs_shot"].values()) == 6 for r in data["rounds"])


def test_nca_match_has_four_rounds(capsys):
    assert main(["match", "--rules", "nca", "--discs", "2", "--seed", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["rounds"]) == 4
    assert sum(data["final"]["scores"].values()) == 8


def test_shot_command(tmp_path, capsys):
    state = tmp_path / "state.json"
    state.write_text(json.dumps(GAME.new_state().to_json()))
    assert main(["shot", "--state", str(state), "--spot", "0", "--angle", "0", "--speed", "950", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["twenties"] and not out["foul"]


@pytest.mark.parametrize(
    "content, spot, message",
    [("{not json", "0", "not JSON"), ('{"discs": 3}', "0", "bad state"), (None, "1.5", "off your stretch")],
)
def test_shot_command_bad_input_is_one_line_and_exit_2(tmp_path, capsys, content, spot, message):
    state = tmp_path / "state.json"
    state.write_text(content if content is not None else json.dumps(GAME.new_state().to_json()))
    assert main(["shot", "--state", str(state), "--spot", spot, "--angle", "0", "--speed", "900"]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
