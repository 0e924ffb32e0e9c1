"""The companion API through Flask's test client: photos of a real board scored, named, checked, corrected,
advised and ended; every bad input refused with a message and nothing changed; the join code; OpenAPI."""

import csv
import io
import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from calibration import focal_35mm, lens_focal_px
from sim.board import board_named
from vision.score import GLARE_NOTE
from vision.synth import random_scene, render
from vision.synth.style import random_style
from webapp.api.openapi import SPEC
from webapp.app import create_app

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT.parent / "shared" / "real_photos"
PAIRS = ROOT / "sample_images" / "pairs"
needs_real = pytest.mark.skipif(not REAL.is_dir(), reason="../shared/real_photos is not beside the project")


def truth(name: str) -> dict[str, int]:
    with open(REAL / "truth.csv", newline="") as f:
        row = next(r for r in csv.DictReader(f) if r["image"] == name)
    return {row["team1_colour"]: int(row["team1_points"]), row["team2_colour"]: int(row["team2_points"])}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path_factory.mktemp("c") / "c.sqlite3")})
    return app.test_client()


def new(client, **body):
    r = client.post("/api/companion", json=body)
    assert r.status_code == 201, r.json
    return r.json


def upload(client, mid, data: bytes, *, kind="shot", status=201, **form):
    r = client.post(f"/api/companion/{mid}/photos", data={"photo": (io.BytesIO(data), "p.jpg"), "kind": kind, **form},
                    content_type="multipart/form-data")
    assert r.status_code == status, r.json
    return r.json


def show(client, mid):
    r = client.get(f"/api/companion/{mid}")
    assert r.status_code == 200
    return r.json


def on_board(m) -> list[int]:
    """Each team's points from the last photo's discs that stay on (20s counted apart), plus its 20s."""
    discs = [d for d in m["frames"][-1]["discs"] if not d["remove"] and 0 < d["points"] < 20]
    return [sum(d["points"] for d in discs if d["team"] == t) + 20 * m["twenties"][t] for t in (0, 1)]


@pytest.fixture(scope="module")
def pair_match(client):
    """Set up on the 'before' photo, teams named by tapping (black sits at the bottom), then the shot photos."""
    m = new(client)
    mid = m["id"]
    before = (PAIRS / "synth_7_0001_before.jpg").read_bytes()
    setup = upload(client, mid, before, kind="setup")["setup"]
    colour = {d["team"]: d["px"] for d in setup["discs"]}
    names = setup["calibration"] and show(client, mid)["names"]
    black = names.index("black")
    r = client.post(f"/api/companion/{mid}/teams", json={"taps": [colour[black], colour[1 - black]]})
    assert r.status_code == 200, r.json
    dark, light = (sum(t["rgb"]) for t in r.json["teams"])
    assert dark < 200 < light  # colours taken from the tapped discs, in tap order
    r = client.post(f"/api/companion/{mid}/teams", json={"taps": [colour[black], colour[1 - black]],
                                                         "names": ["black", "natural"]})
    assert r.json["names"] == ["black", "natural"]
    upload(client, mid, before)
    return upload(client, mid, (PAIRS / "synth_7_0001_after.jpg").read_bytes())


def test_a_new_companion_match_is_a_saved_match_played_on_a_real_board(client):
    m = new(client, board="club", rules="nca")
    assert m["game"]["board"] == "club" and m["shots_per_round"] == 16 and m["frames"] == [] and m["setup"] is None
    listed = client.get("/api/matches").json["matches"]
    assert any(x["id"] == m["id"] and x["controllers"] == ["board", "board"] for x in listed)
    r = client.post(f"/api/matches/{m['id']}/shots", json={"spot": 0, "angle": 0, "speed": 800})
    assert r.status_code == 409 and "real board" in r.json["error"]
    assert client.post("/api/companion", json={"mode": "three"}).status_code == 400
    assert client.get(f"/play/{m['id']}").headers["Location"].endswith(f"/companion/{m['id']}")


@needs_real
def test_a_real_photo_is_scored_right_and_the_teams_named_from_it(client):
    mid = new(client)["id"]
    data = upload(client, mid, (REAL / "board3.jpg").read_bytes(), kind="setup")
    setup = data["setup"]
    assert dict(zip(data["names"], setup["totals"], strict=True)) == truth("board3.jpg")
    assert setup["calibration"]["residual_mm"] < 3 and len(setup["calibration"]["pegs"]) == 8
    photo = client.get(setup["photo"])
    assert photo.status_code == 200 and photo.mimetype == "image/jpeg"
    assert Image.open(io.BytesIO(photo.data)).size == tuple(setup["calibration"]["size"])


@needs_real
def test_the_kept_photo_records_the_lens_its_upload_recorded(client):
    # ivan_board6.jpg, an iPhone's photo cropped square: its EXIF says a 24 mm equivalent lens. The JPEG the app
    # keeps says so too, so scoring it again (a team renamed, a calibration fixed) sees the lens the first did.
    mid = new(client)["id"]
    data = upload(client, mid, (REAL / "ivan_board6.jpg").read_bytes(), kind="setup")
    assert sorted(data["setup"]["totals"]) == sorted(truth("ivan_board6.jpg").values())  # teams named by colour
    kept = client.get(data["setup"]["photo"]).data
    assert focal_35mm(kept) == 24
    assert lens_focal_px(kept) == pytest.approx(lens_focal_px(REAL / "ivan_board6.jpg"))


def test_a_photo_with_glare_says_so_and_outlines_where_to_look(client):
    # Plain benchmark photo 0 of seed 2025: a lamp's highlight clips the maple white over a patch wider than a disc.
    rng = np.random.default_rng([2025, 30_000])
    img, truth_ = render(random_scene(rng, board_named("tournament"), hard=False), random_style(rng), rng)
    jpeg = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, truth_["jpeg_quality"]])[1].tobytes()
    setup = upload(client, new(client)["id"], jpeg, kind="setup")["setup"]
    assert GLARE_NOTE in setup["notes"] and setup["look"]
    w, h = setup["calibration"]["size"]
    for patch in setup["look"]:
        u, v = np.array(patch).T
        assert len(patch) == 48 and 0 < u.mean() < w and 0 < v.mean() < h


def test_the_shot_between_two_photos_is_judged(pair_match):
    m = pair_match
    assert m["names"] == ["black", "natural"] and m["shots"] == 2 and m["to_shoot"] == 0
    check = m["frames"][-1]["check"]
    assert check["shooter_name"] == "natural" and not check["foul"] and check["verdict"] == "Fair shot"
    assert check["shot"] is not None and m["frames"][-1]["discs"][check["shot"]]["team"] == 1
    assert check["left"] == ["black"]  # the natural shot knocked a black disc off the board
    assert m["points"] == on_board(m)


def test_corrections_change_the_score_and_are_kept(client, pair_match):
    mid, frame = pair_match["id"], pair_match["frames"][-1]
    url = f"/api/companion/{mid}/photos/{frame['seq']}/corrections"
    disc = next(d for d in frame["discs"] if d["points"] in (5, 10, 15) and not d["remove"])
    before = show(client, mid)["points"]
    r = client.post(url, json={"action": "cycle", "disc": disc["index"]})
    assert r.status_code == 200, r.json
    step = 5
    assert r.json["points"][disc["team"]] == before[disc["team"]] + step
    r = client.post(url, json={"action": "team", "disc": disc["index"]})
    fixed = r.json["frames"][-1]["discs"][disc["index"]]
    assert fixed["team"] == 1 - disc["team"] and fixed["points"] == disc["points"] + step
    assert fixed["corrected"] and not fixed["uncertain"]
    assert r.json["points"] == on_board(r.json)  # the round's points follow the corrected photo
    cal = frame["calibration"]
    r = client.post(url, json={"action": "add", "px": cal["hole"], "team": 0})
    assert r.json["frames"][-1]["discs"][-1]["points"] == 20 or r.json["frames"][-1]["discs"][-1]["points"] == 15
    n = len(r.json["frames"][-1]["discs"])
    r = client.post(url, json={"action": "remove", "disc": n - 1})
    assert len(r.json["frames"][-1]["discs"]) == n - 1
    kept = show(client, mid)
    assert kept["points"] == r.json["points"] and kept["frames"][-1]["corrections"] == 4
    for bad in ({"action": "cycle", "disc": 999}, {"action": "explode", "disc": 0}, {"action": "add", "px": [-5, 3]},
                {"action": "add", "px": [1, 1]}, {"action": "cycle"}):
        r = client.post(url, json=bad)
        assert r.status_code in (400, 422) and r.json["error"], bad
    assert client.post(url, data="{", content_type="application/json").status_code == 400
    assert show(client, mid) == kept


def test_twenties_go_up_and_down_but_not_below_zero(client, pair_match):
    mid = pair_match["id"]
    url = f"/api/companion/{mid}/twenties"
    base = show(client, mid)
    r = client.post(url, json={"team": 1, "delta": 1})
    assert r.json["twenties"][1] == base["twenties"][1] + 1 and r.json["points"][1] == base["points"][1] + 20
    assert client.post(url, json={"team": 1, "delta": -1}).json["points"] == base["points"]
    r = client.post(url, json={"team": 1, "delta": -1})
    assert r.status_code == 409 and show(client, mid) | {"updated": None} == base | {"updated": None}
    assert client.post(url, json={"team": 2, "delta": 1}).status_code == 400


def test_advice_for_the_player_to_shoot_comes_with_paths_on_the_photo(client, pair_match):
    mid = pair_match["id"]
    r = client.post(f"/api/companion/{mid}/advice", json={"level": "medium"})
    assert r.status_code == 200, r.json
    a = r.json
    assert a["player"] == 0 and a["seat"] == "bottom" and 1 <= len(a["suggestions"]) <= 3
    w, h = pair_match["frames"][-1]["calibration"]["size"]
    for s in a["suggestions"]:
        assert -1 <= s["spot"] <= 1 and 0 < s["power"] <= 1 and 0 <= s["chance"] <= 1 and s["reason"]
        assert len(s["path"]) == len(s["path_px"]) >= 2
        x, y = s["start_px"]
        assert 0 <= x < w and 0 <= y < h  # the shooting line is in the photo
    assert a["photo"] == pair_match["frames"][-1]["seq"]


def test_bad_photos_are_refused_with_a_message_and_change_nothing(client, pair_match):
    mid = pair_match["id"]
    base = show(client, mid)
    jpeg = (PAIRS / "synth_7_0001_after.jpg").read_bytes()
    huge = io.BytesIO()
    Image.new("1", (12000, 9000)).save(huge, "PNG")
    blank = io.BytesIO()
    Image.linear_gradient("L").resize((640, 480)).convert("RGB").save(blank, "JPEG")
    cases = [
        (b"this is not a photo", 422, "not an image"),
        (jpeg[: len(jpeg) // 3], 422, "cannot decode"),
        (huge.getvalue(), 422, "too large"),
        (blank.getvalue(), 422, "no crokinole board"),
        (b"", 422, "empty"),
    ]
    for data, status, words in cases:
        r = upload(client, mid, data, status=status)
        assert words in r["error"].replace("megapixels", "too large"), r["error"]
    r = client.post(f"/api/companion/{mid}/photos", data={"kind": "shot"}, content_type="multipart/form-data")
    assert r.status_code == 400 and "photo" in r.json["error"]
    assert upload(client, mid, jpeg, status=400, kind="sideways")["error"]
    assert upload(client, mid, jpeg, status=409, expect_frames="0")["error"]
    assert show(client, mid) == base


def test_an_upload_over_the_limit_is_a_json_413(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "x.sqlite3"), "PHOTO_MAX_BYTES": 1000})
    c = app.test_client()
    mid = new(c)["id"]
    r = c.post(f"/api/companion/{mid}/photos", data={"photo": (io.BytesIO(b"x" * 5000), "p.jpg")},
               content_type="multipart/form-data")
    assert r.status_code == 413 and "too large" in r.json["error"]
    r = c.post("/api/matches", data=json.dumps({"board": "x" * 70000}), content_type="application/json")
    assert r.status_code == 413 and r.is_json
    assert show(c, mid)["frames_saved"] == 0


def test_rounds_end_with_cancellation_and_a_finished_match_exports(client):
    mid = new(client, knobs={"target": 5})["id"]
    assert client.post(f"/api/companion/{mid}/end-round", json={}).status_code == 409  # no photo yet
    assert client.get(f"/api/companion/{mid}/export").status_code == 409
    m = upload(client, mid, (PAIRS / "synth_7_0000_after.jpg").read_bytes())
    pts = m["points"]
    assert pts[0] != pts[1]
    r = client.post(f"/api/companion/{mid}/end-round", json={})
    assert r.status_code == 200, r.json
    end = r.json
    (rnd,) = end["rounds"]
    assert rnd["points"] == pts and rnd["score"] == abs(pts[0] - pts[1]) and "cancel" in rnd["summary"]
    assert end["over"] and end["frames"] == [] and end["match_scores"] == rnd["match_award"]
    exp = client.get(f"/api/companion/{mid}/export")
    assert exp.status_code == 200 and "attachment" in exp.headers["Content-Disposition"]
    doc = exp.json
    assert doc["format"] == "crokinole-companion-match/1" and doc["winner"] == end["names"][rnd["winner"]]
    assert len(doc["rounds"][0]["photos"]) == 1 and doc["rounds"][0]["photos"][0]["check"]["verdict"]
    assert upload(client, mid, b"x", status=409)["error"] == "the match is over"


def test_taking_back_the_last_photo(client):
    mid = new(client)["id"]
    m = upload(client, mid, (PAIRS / "synth_7_0000_before.jpg").read_bytes())
    seq = m["frames"][0]["seq"]
    assert client.delete(f"/api/companion/{mid}/photos/{seq + 5}").status_code == 409
    r = client.delete(f"/api/companion/{mid}/photos/{seq}")
    assert r.status_code == 200 and r.json["frames"] == [] and r.json["points"] == [0, 0]
    assert client.get(f"/api/matches/{mid}").json["shots"] == 0


def test_manual_calibration_from_dragged_markers(client, pair_match):
    mid = pair_match["id"]
    m = show(client, mid)
    frame = m["frames"][-1]
    cal = frame["calibration"]
    url = f"/api/companion/{mid}/photos/{frame['seq']}/calibration"
    r = client.post(url, json={"points": [cal["hole"], *cal["pegs"]]})
    assert r.status_code == 200, r.json
    again = r.json["frames"][-1]
    assert again["calibration"]["manual"] and again["corrections"] == 0
    assert abs(again["calibration"]["hole"][0] - cal["hole"][0]) < 3
    assert client.post(url, json={"points": [cal["hole"]] + [None] * 8}).status_code == 422
    assert client.post(url, json={"points": [[1, 2]]}).status_code == 400


def test_the_join_code_guards_every_page_and_call(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "j.sqlite3"), "JOIN_CODE": "s3cret"})
    c = app.test_client()
    for path in ("/", "/api/options", "/companion", "/static/css/app.css", "/api/openapi.json"):
        r = c.get(path)
        assert r.status_code == 403 and "join code" in r.json["error"], path
    assert c.get("/?code=wrong").status_code == 403
    assert c.post("/api/companion", json={}).status_code == 403
    r = c.get("/?code=s3cret")
    assert r.status_code == 200 and "crokinole_code=s3cret" in r.headers["Set-Cookie"]
    assert c.get("/api/options").status_code == 200  # the cookie carries the code from now on
    open_app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "o.sqlite3")})
    assert open_app.test_client().get("/api/options").status_code == 200


def test_serve_defaults_to_this_machine_and_lan_prints_a_code_and_qr(monkeypatch, capsys, tmp_path):
    import waitress

    from webapp import lan
    from webapp.cli import main

    seen = {}
    monkeypatch.setattr(waitress, "serve", lambda app, **kw: seen.update(kw, code=app.config["JOIN_CODE"]))
    monkeypatch.setattr(lan, "lan_addresses", lambda: ["192.0.2.7"])
    assert main(["serve", "--db", str(tmp_path / "a.sqlite3")]) == 0
    assert seen["host"] == "127.0.0.1" and seen["code"] is None
    assert main(["serve", "--lan", "--port", "5055", "--db", str(tmp_path / "b.sqlite3")]) == 0
    out = capsys.readouterr().out
    assert seen["host"] == "0.0.0.0" and seen["code"] and f"http://192.0.2.7:5055/?code={seen['code']}" in out
    assert "█" in out or "▀" in out


def test_openapi_describes_every_api_route(client):
    spec = client.get("/api/openapi.json").json
    assert spec == json.loads(json.dumps(SPEC))
    rules = [r for r in client.application.url_map.iter_rules() if r.rule.startswith("/api/")]
    for rule in rules:
        path = rule.rule.replace("<int:", "{").replace("<", "{").replace(">", "}")
        assert path in spec["paths"], path
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            assert method.lower() in spec["paths"][path], (method, path)


def test_the_board_camera_still_is_scored_like_an_upload(tmp_path):
    from calibration import read_image
    from webapp.camera import Stillness, StillnessConfig, Watcher

    image = read_image(PAIRS / "synth_7_0000_after.jpg")
    ticks = iter(range(100))
    cam = Watcher(lambda: image, Stillness(StillnessConfig(still_s=1.0)), clock=lambda: float(next(ticks)))
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "cam.sqlite3"), "CAMERA": cam})
    c = app.test_client()
    mid = new(c)["id"]
    r = c.post(f"/api/companion/{mid}/photos", data={"source": "camera"}, content_type="multipart/form-data")
    assert r.status_code == 409 and "still" in r.json["error"]
    while not cam.step():
        pass
    assert c.get("/api/camera").json["still"] == 0
    r = c.post(f"/api/companion/{mid}/photos", data={"source": "camera"}, content_type="multipart/form-data")
    assert r.status_code == 201, r.json
    assert r.json["frames"][0]["source"] == "camera" and r.json["camera"]
    assert sum(r.json["frames"][0]["totals"]) > 0
    plain = create_app({"TESTING": True, "DATABASE": str(tmp_path / "nocam.sqlite3")}).test_client()
    assert plain.get("/api/camera").json["enabled"] is False
