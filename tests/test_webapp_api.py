"""The JSON API through Flask's test client: matches, shots, the computer, refusals, persistence, OpenAPI."""

import base64
import json
import math
import re

import numpy as np
import pytest

from webapp.app import create_app
from webapp.db import default_db_path

OPEN_TWENTY = {"spot": 0.0, "angle": 0.0, "speed": 860.0}
FIFTEEN = {"spot": 0.0, "angle": 0.0, "speed": 760.0}  # stops inside the pegs, short of the hole


def new_match(client, **body):
    r = client.post("/api/matches", json=body)
    assert r.status_code == 201, r.json
    return r.json


def shoot(client, mid, shot, status=200):
    r = client.post(f"/api/matches/{mid}/shots", json=shot)
    assert r.status_code == status, r.json
    return r.json


def saved(client, mid):
    r = client.get(f"/api/matches/{mid}")
    assert r.status_code == 200
    return r.json


def test_new_match_defaults_to_casual_singles_between_two_people(client):
    m = new_match(client)
    assert m["game"]["rules"]["name"] == "casual" and m["game"]["mode"] == "singles"
    assert [p["controller"] for p in m["game"]["players"]] == ["human", "human"]
    assert [p["seat"] for p in m["game"]["players"]] == ["bottom", "top"]
    assert m["to_shoot"] == 0 and m["hammer"] == 1
    assert m["discs_left"] == [12, 12] and m["open_board"] and m["no_hiding"] and m["must_hit"] == []
    assert m["last_shot"] is None and m["shots"] == 0


def test_knobs_and_controllers_shape_the_match(client):
    m = new_match(
        client,
        rules="nca",
        board="club",
        knobs={"discs_per_player": 3, "target": 2},
        controllers=["human", "greedy"],
        seed=5,
    )
    assert m["game"]["board"] == "club" and m["game"]["rules"]["discs_per_player"] == 3
    assert m["game"]["rules"]["target"] == 2 and m["game"]["rules"]["match_format"] == "rounds"
    assert m["discs_left"] == [3, 3]
    assert m["game"]["players"][1]["controller"] == "greedy"
    doubles = new_match(client, mode="doubles")
    assert [p["seat"] for p in doubles["game"]["players"]] == ["bottom", "right", "top", "left"]
    assert doubles["discs_left"] == [6, 6, 6, 6]


def test_a_shot_returns_frames_that_end_where_the_saved_state_says(client):
    mid = new_match(client)["id"]
    res = shoot(client, mid, FIFTEEN | {"expect_shots": 0})
    frames = res["frames"]
    xy = np.frombuffer(base64.b64decode(frames["xy"]), dtype="<f4").reshape(frames["count"], len(frames["ids"]), 2)
    assert frames["fps"] == 60 and frames["count"] > 10 and frames["teams"] == [0]
    assert np.linalg.norm(xy[0, 0] - xy[-1, 0]) > 100  # the disc travelled
    after = saved(client, mid)
    (disc,) = after["state"]["discs"]
    assert math.hypot(disc["x"] - xy[-1, 0, 0], disc["y"] - xy[-1, 0, 1]) < 0.5
    assert after["shots"] == 1 and after["to_shoot"] == 1
    assert after["round_points"][0] == 15 and after["must_hit"] == [disc["id"]] and not after["open_board"]
    assert after["last_shot"] == res["outcome"] and res["match"]["round_points"] == after["round_points"]


def test_an_open_twenty_drops_and_leaves_the_frames(client):
    mid = new_match(client)["id"]
    res = shoot(client, mid, OPEN_TWENTY)
    assert res["outcome"]["dropped"] == res["outcome"]["twenties"] == [1]
    assert res["frames"]["gone"]["1"]["where"] == "hole"
    assert res["match"]["round_points"] == [20, 0]


def test_a_missed_must_hit_is_a_foul_explained(client):
    mid = new_match(client)["id"]
    shoot(client, mid, FIFTEEN)
    res = shoot(client, mid, {"spot": -0.9, "angle": 0.0, "speed": 300.0})  # purple dribbles, hits nothing
    out = res["outcome"]
    assert out["foul"] and out["rule"] == "must-hit" and "did not touch" in out["explanation"]
    assert out["removed"][0] == 2 and len(res["match"]["state"]["discs"]) == 1


def test_the_computer_plays_only_its_own_turns_and_replays_with_the_same_seed(client):
    outcomes = []
    for _ in range(2):
        mid = new_match(client, controllers=["human", "greedy"], seed=11)["id"]
        r = client.post(f"/api/matches/{mid}/computer")
        assert r.status_code == 409 and "person" in r.json["error"]
        shoot(client, mid, FIFTEEN)
        shoot(client, mid, FIFTEEN, status=409)
        r = client.post(f"/api/matches/{mid}/computer", json={"expect_shots": 1})
        assert r.status_code == 200, r.json
        assert r.json["outcome"]["controller"] == "greedy" and r.json["match"]["to_shoot"] == 0
        outcomes.append(r.json["outcome"] | {"state": r.json["match"]["state"]})
    assert outcomes[0] == outcomes[1]


def test_a_round_ends_with_a_summary_and_the_match_can_finish(client):
    mid = new_match(client, knobs={"discs_per_player": 1, "target": 1})["id"]
    shoot(client, mid, FIFTEEN)
    res = shoot(client, mid, {"spot": 0.9, "angle": -5.0, "speed": 300.0})
    assert res["outcome"]["round_over"]
    summary = res["outcome"]["round"]["summary"]
    assert "difference" in summary or "nobody" in summary
    m = saved(client, mid)
    assert len(m["rounds"]) == 1 and m["state"]["discs"] == []
    if m["over"]:
        r = client.post(f"/api/matches/{mid}/shots", json=OPEN_TWENTY)
        assert r.status_code == 409 and "over" in r.json["error"]


def test_list_and_delete(client):
    a = new_match(client)["id"]
    b = new_match(client, controllers=["human", "greedy"])["id"]
    shoot(client, a, FIFTEEN)
    listed = client.get("/api/matches").json["matches"]
    assert [m["id"] for m in listed] == [a, b] or {m["id"] for m in listed} == {a, b}
    assert next(m for m in listed if m["id"] == a)["shots"] == 1
    assert client.delete(f"/api/matches/{b}").status_code == 204
    assert client.get(f"/api/matches/{b}").status_code == 404
    assert [m["id"] for m in client.get("/api/matches?limit=1").json["matches"]] == [a]


def test_restart_finds_the_match_on_the_same_file(client, db_path):
    mid = new_match(client, controllers=["human", "greedy"])["id"]
    shoot(client, mid, FIFTEEN)
    before = saved(client, mid)
    again = create_app({"TESTING": True, "DATABASE": str(db_path)}).test_client()
    assert saved(again, mid) == before
    assert again.post(f"/api/matches/{mid}/computer").status_code == 200


MALFORMED_CREATE = [
    ("not json", "text/plain"),
    ("[1, 2]", "application/json"),
    ('{"board": 5}', "application/json"),
    ('{"board": "chessboard"}', "application/json"),
    ('{"rules": "poker"}', "application/json"),
    ('{"mode": "solo"}', "application/json"),
    ('{"colour": "red"}', "application/json"),
    ('{"knobs": []}', "application/json"),
    ('{"knobs": {"discs_per_player": 0}}', "application/json"),
    ('{"knobs": {"discs_per_player": true}}', "application/json"),
    ('{"knobs": {"target": "100"}}', "application/json"),
    ('{"knobs": {"foul_removal": "everything"}}', "application/json"),
    ('{"knobs": {"speed": 3}}', "application/json"),
    ('{"controllers": "human"}', "application/json"),
    ('{"controllers": ["human"]}', "application/json"),
    ('{"controllers": ["human", "ai:godlike"]}', "application/json"),
    ('{"controllers": ["human", "exec:true"]}', "application/json"),
    ('{"seed": -1}', "application/json"),
    ('{"seed": 1.5}', "application/json"),
]


@pytest.mark.parametrize(("body", "ctype"), MALFORMED_CREATE)
def test_malformed_new_match_is_refused_and_creates_nothing(client, body, ctype):
    r = client.post("/api/matches", data=body, content_type=ctype)
    assert r.status_code == 400 and r.is_json and r.json["error"]
    assert client.get("/api/matches").json["matches"] == []


MALFORMED_SHOTS = [
    ("", 400),
    ("{", 400),
    ("null", 400),
    ('"shoot"', 400),
    ("{}", 400),
    ('{"spot": 0, "angle": 0}', 400),
    ('{"spot": "0", "angle": 0, "speed": 900}', 400),
    ('{"spot": null, "angle": 0, "speed": 900}', 400),
    ('{"spot": true, "angle": 0, "speed": 900}', 400),
    ('{"spot": 0, "angle": 0, "speed": 900, "power": 1}', 400),
    ('{"spot": 0, "angle": 0, "speed": 900, "expect_shots": "1"}', 400),
    ('{"spot": 1.5, "angle": 0, "speed": 900}', 422),
    ('{"spot": 0, "angle": 95, "speed": 900}', 422),
    ('{"spot": 0, "angle": 0, "speed": 0}', 422),
    ('{"spot": 0, "angle": 0, "speed": -5}', 422),
    ('{"spot": 0, "angle": 0, "speed": 1e9}', 422),
    ('{"spot": 0, "angle": 0, "speed": 900, "expect_shots": 7}', 409),
]


@pytest.mark.parametrize(("body", "status"), MALFORMED_SHOTS)
def test_malformed_shots_are_refused_and_the_match_is_unchanged(client, body, status):
    mid = new_match(client)["id"]
    shoot(client, mid, FIFTEEN)
    before = saved(client, mid)
    r = client.post(f"/api/matches/{mid}/shots", data=body, content_type="application/json")
    assert r.status_code == status and r.is_json and r.json["error"], r.data
    assert saved(client, mid) == before


@pytest.mark.parametrize("body", ["{", "[]", '{"expect_shots": -1}', '{"level": "hard"}', '{"expect_shots": 9}'])
def test_malformed_computer_requests_are_refused(client, body):
    mid = new_match(client, controllers=["greedy", "human"])["id"]
    r = client.post(f"/api/matches/{mid}/computer", data=body, content_type="application/json")
    assert 400 <= r.status_code < 500 and r.json["error"]
    assert saved(client, mid)["shots"] == 0


@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("get", "/api/matches/999"),
        ("delete", "/api/matches/999"),
        ("post", "/api/matches/999/shots"),
        ("post", "/api/matches/999/computer"),
        ("get", "/api/matches?limit=0"),
        ("get", "/api/matches?limit=lots"),
        ("get", "/api/boards/chessboard"),
        ("get", "/api/nothing-here"),
        ("put", "/api/matches"),
        ("get", "/api/matches/1/shots"),
    ],
)
def test_unknown_things_get_json_errors(client, method, url):
    r = getattr(client, method)(url, json=OPEN_TWENTY)
    assert 400 <= r.status_code < 500 and r.is_json and r.json["error"]


def test_board_geometry_comes_from_sim_board(client):
    from sim.board import TOURNAMENT, Seat

    b = client.get("/api/boards/tournament").json
    assert b["outer_r"] == TOURNAMENT.outer_r and b["disc_r"] == TOURNAMENT.disc_r
    assert len(b["pegs"]) == TOURNAMENT.peg_count
    assert b["seats"]["top"]["span"] == list(TOURNAMENT.seat_span(Seat.TOP))
    assert len(client.get("/api/boards/heirloom").json["pegs"]) == 12


def test_options_list_presets_modes_and_available_levels(client):
    o = client.get("/api/options").json
    assert {"casual", "nca"} <= set(o["rules"]) and "doubles" in o["modes"]
    specs = [c["spec"] for c in o["controllers"]]
    assert specs[0] == "human" and "greedy" in specs


def test_every_api_route_is_in_the_openapi_document(app, client):
    spec = client.get("/api/openapi.json").json
    assert spec["openapi"].startswith("3.")
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/"):
            continue
        path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
        assert path in spec["paths"], path
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            assert method.lower() in spec["paths"][path], (method, path)
    json.dumps(spec)  # plain JSON all the way down


def test_pages_render(client):
    mid = new_match(client)["id"]
    assert b"<canvas" in client.get(f"/play/{mid}").data
    assert client.get("/play/4242").status_code == 404
    assert b"How to play" in client.get("/how-to-play").data
    assert b"new-match" in client.get("/").data


def test_default_database_lives_in_the_user_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    if default_db_path().is_relative_to(tmp_path):
        assert default_db_path() == tmp_path / "crokinole" / "crokinole.sqlite3"


def test_serve_is_a_command(tmp_path):
    from webapp.cli import build_parser, main

    args = build_parser().parse_args(["serve", "--port", "5055", "--db", str(tmp_path / "x.sqlite3")])
    assert (args.port, args.host) == (5055, "127.0.0.1")
    assert main(["serve", "--port", "0"]) == 2


def test_an_unexpected_failure_is_still_a_json_error_and_saves_nothing(client, monkeypatch):
    import webapp.turns

    mid = new_match(client)["id"]

    def broken(*args, **kwargs):
        raise RuntimeError("physics fell over")

    monkeypatch.setattr(webapp.turns, "play", broken)
    r = client.post(f"/api/matches/{mid}/shots", json=OPEN_TWENTY)
    assert r.status_code == 500 and r.is_json and "RuntimeError" in r.json["error"]
    assert saved(client, mid)["shots"] == 0
