"""Vision on fixed data: a synthetic photo with truth, the labelled real photos, and bad files."""

import csv
import io
import json
import math
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

import vision.hole as hole_mod
import vision.score as score_mod
import vision.teams as teams_mod
from calibration import Calibration, ImageReadError, calibrate, read_image
from calibration.imageio import FILM_DIAGONAL_MM
from sim.board import CLUB, TOURNAMENT, Seat, board_named
from sim.game import Disc, Game, State
from sim.physics import DEFAULT_PARAMS
from sim.play import play
from sim.shot import aim_at
from vision import NoBoardError, parse_teams, score_photo
from vision.discs import DETECT_PX_PER_MM, Proposals
from vision.focal import focal_from_discs
from vision.frames import Frames, align, rotate, turn_discs
from vision.hole import HOLE_NOTE
from vision.looks import Looks
from vision.outline import FoundDisc
from vision.overlay import UNSURE_BGR, draw_overlay, look_outlines
from vision.rectify import Plane
from vision.score import PhotoDisc, PhotoScore
from vision.shotcheck import _fates, check_shot, diff, glare_note
from vision.synth import OTHER_TEAM_SETS, random_scene, recoloured, render
from vision.synth.flat import random_flat_look, random_flat_pose, render_flat
from vision.synth.render import render_pair
from vision.synth.scene import SceneDisc
from vision.synth.shots import photographed_verdict, random_pair
from vision.synth.style import OTHER_HOLE_FLOORS, random_style
from vision.teams import ALIASES, PALETTE, clipped_team, off_hue, split_teams, would_clip
from webapp import photos
from webapp.cli import main
from webapp.scorejson import score_from_json, score_to_json

REAL = Path(__file__).resolve().parents[2] / "shared" / "real_photos"
SAMPLES = Path(__file__).resolve().parents[1] / "sample_images"
TRUTH = list(csv.DictReader(open(REAL / "truth.csv"))) if (REAL / "truth.csv").exists() else []


def _colour(word):
    return PALETTE[ALIASES.get(word, word)]


@pytest.mark.parametrize("row", TRUTH, ids=[r["image"] for r in TRUTH])
def test_real_photo_totals(row):
    teams = {row["team1_colour"]: _colour(row["team1_colour"]), row["team2_colour"]: _colour(row["team2_colour"])}
    got = score_photo(REAL / row["image"], teams=teams).to_json()
    assert got["totals"] == {row["team1_colour"]: int(row["team1_points"]),
                             row["team2_colour"]: int(row["team2_points"])}


@pytest.mark.skipif(not (REAL / "board4.jpg").exists(), reason="../shared/real_photos is not beside the project")
def test_the_holes_own_rim_is_no_ring_on_a_sunk_discs_face():
    # board4.jpg at half size: its discs measure 21.5 mm, so a face ring up to 0.8 of that (17.2 mm) would let the
    # 17.5 mm rim of the empty hole pass for one: a black 20 that is not there, sure.
    img = read_image(REAL / "board4.jpg")
    score = score_photo(cv2.resize(img, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA),
                        teams={"red": _colour("red"), "black": _colour("black")})
    assert score.twenties == {"red": 0, "black": 0}
    assert score.totals == {"red": 60, "black": 55}


def test_synthetic_sample_discs_at_the_true_distance_from_the_hole():
    # Distances from the hole do not depend on the board's rotation, which calibration fixes separately.
    path = sorted(SAMPLES.glob("synth_*.jpg"))[0]
    truth = json.loads(path.with_suffix(".json").read_text())
    score = score_photo(path, board=board_named(truth["board"]))
    want = sorted(np.hypot(d["x_mm"], d["y_mm"]) for d in truth["discs"] if d["place"] == "surface")
    got = sorted(np.hypot(f.x_mm, f.y_mm) for f in score.discs if f.points != 20)
    assert len(got) == len(want)
    assert np.max(np.abs(np.subtract(got, want))) < 3.0  # measured 2.4 mm at worst here: see the report


def _sample_view(name: str):
    """A sample photo's truth, its calibrated scene, and the median error of the true disc tops' distance from
    the hole as a scene's top-face plane maps them."""
    truth = json.loads((SAMPLES / f"{name}.json").read_text())
    board = board_named(truth["board"])
    img = read_image(SAMPLES / f"{name}.jpg")
    scene = score_mod.Scene.of(img, board, calibrate(img, board).calibration)
    return truth, scene, _top_error(truth)


def _top_error(truth: dict):
    """The median error of the true disc tops' distance from the hole as a scene's top-face plane maps them."""
    on = [d for d in truth["discs"] if d["place"] == "surface"]
    want = np.hypot(*np.array([(d["x_mm"], d["y_mm"]) for d in on]).T)
    return lambda s: np.median(np.abs(np.hypot(*s.top.to_board([d["px"] for d in on]).T) - want))


def test_focal_from_the_discs_walls_places_disc_tops_better_than_a_guessed_lens():
    # Seen nearly straight down, the rings cannot give the focal length; a guessed one misplaces disc tops. The
    # four square-on samples the discs give one for: one sample can go either way (0013 did, 0.39 against the
    # guess's 0.38 in |log error|, once rims alone fitted its light discs), so they are judged together.
    logs, guessed, placed, unplaced = [], [], [], []
    for name in ("synth_2024_0003", "synth_2024_0006", "synth_2024_0007", "synth_2024_0013"):
        truth, scene, error = _sample_view(name)
        cal = scene.calibration
        assert cal.focal_px is None and not cal.view.focal_estimated
        search = score_mod.find_all(scene)
        f = focal_from_discs(scene.image, cal, scene.board, search.found, search.radius)
        assert f is not None
        true_f = truth["camera"]["K"][0][0]
        logs.append(abs(np.log(f / true_f)))
        guessed.append(abs(np.log(cal.view.focal_px / true_f)))
        placed.append(error(scene.with_focal(f)))
        unplaced.append(error(scene))
    assert np.median(logs) < np.median(guessed)
    assert sum(placed) < 0.8 * sum(unplaced)


def test_a_far_camera_square_on_is_told_by_the_discs_not_taken_for_a_phone_close_up():
    # A plain render through a lens 6 times the long side, 1.5 degrees off square-on: the rings cannot give the
    # focal length, and the typical phone's, 7.5 times too short, lifts disc tops towards a camera far too near
    # (1.9 mm off at the median). The discs' walls, which barely show, say a camera far away: the search runs out to
    # the longest lens believed (it read 2.7 times the long side here), and the tops are placed within 0.3 mm.
    rng = np.random.default_rng(1)
    style = random_style(rng)
    style = replace(style, pose=replace(style.pose, tilt_deg=1.5, focal=6.0))
    img, truth = render(random_scene(rng, hard=False), style, rng, size=(1600, 1200))
    scene = score_mod.Scene.of(img, TOURNAMENT, calibrate(img, TOURNAMENT).calibration)
    assert not scene.calibration.view.focal_estimated
    error = _top_error(truth)
    search = score_mod.find_all(scene)
    f = focal_from_discs(img, scene.calibration, scene.board, search.found, search.radius)
    assert f > 2 * max(scene.calibration.image_size)
    assert error(scene.with_focal(f)) < min(0.5, 0.3 * error(scene))


@pytest.mark.parametrize("name", ["synth_2024_0000", "synth_2024_0018"])
def test_a_view_tilted_10_to_15_degrees_gives_the_focal_length_from_the_rings(name):
    # Tilted this little the rings still fix the focal length (to 1% and 6% here), far better than the
    # typical-phone guess: disc tops are placed nearer their truth with it.
    truth, scene, error = _sample_view(name)
    view = scene.calibration.view
    assert view.focal_estimated
    assert abs(np.log(view.focal_px / truth["camera"]["K"][0][0])) < 0.08
    assert error(scene) < error(scene.with_focal(0.8 * max(scene.calibration.image_size)))


@pytest.mark.skipif(not TRUTH, reason="../shared/real_photos is not beside the project")
def test_state_round_trip_keeps_scoring_discs():
    row = TRUTH[0]
    teams = {row["team1_colour"]: _colour(row["team1_colour"]), row["team2_colour"]: _colour(row["team2_colour"])}
    score = score_photo(REAL / row["image"], teams=teams)
    state = score.to_state()
    assert len(state.discs) == sum(1 for d in score.discs if 0 < d.points < 20)


def test_parse_teams():
    assert parse_teams("red=#b0282c,black=#202020") == {"red": (176, 40, 44), "black": (32, 32, 32)}
    with pytest.raises(ValueError):
        parse_teams("red=#b0282c")


def _jpeg_bytes(w=300, h=200):
    buf = io.BytesIO()
    Image.fromarray(np.full((h, w, 3), 128, np.uint8)).save(buf, "JPEG")
    return buf.getvalue()


@pytest.mark.parametrize("content", [b"", b"this is text", _jpeg_bytes()[:200]], ids=["empty", "text", "truncated"])
def test_bad_files_exit_2(tmp_path, capsys, content):
    p = tmp_path / "photo.jpg"
    p.write_bytes(content)
    assert main(["score", str(p)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("crokinole score:")


def test_a_reader_that_stops_after_the_first_photo_ends_the_scan_quietly(tmp_path):
    # crokinole score FOLDER | head -1: the second line meets a closed pipe.
    sample = sorted(SAMPLES.glob("synth_*.jpg"))[0]
    for k in range(3):
        (tmp_path / f"{k}.jpg").write_bytes(sample.read_bytes())
    run = subprocess.Popen([sys.executable, "-m", "webapp.cli", "score", str(tmp_path), "--json"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=SAMPLES.parent)
    assert json.loads(run.stdout.readline())["discs"]
    run.stdout.close()
    err = run.stderr.read().decode()
    assert run.wait(timeout=120) == 1 and "Broken pipe" not in err and "Traceback" not in err


def test_the_text_report_says_why_each_call_is_in_doubt_and_gives_the_photos_notes(capsys):
    # Sample 11 has calls near a line, black discs whose faint outlines put them in doubt, and a 20 hole that
    # cannot be read.
    path = SAMPLES / "synth_2024_0011.jpg"
    board = json.loads(path.with_suffix(".json").read_text())["board"]
    assert main(["score", str(path), "--board", board]) == 0
    lines = capsys.readouterr().out.splitlines()
    marked = [line for line in lines if "(uncertain:" in line]
    assert any("near a line, look underneath" in line for line in marked)
    assert any(line.endswith("(uncertain: faint outline)") for line in marked)
    assert f"note: {HOLE_NOTE}" in lines
    assert lines[-1] == "the result is uncertain: check the marked discs and the notes"


def test_no_board_is_a_clear_error():
    with pytest.raises(NoBoardError):
        score_photo(np.full((300, 400, 3), 90, np.uint8))


def test_huge_image_refused_before_decoding(tmp_path):
    p = tmp_path / "huge.png"
    Image.new("L", (12000, 9000)).save(p)  # 108 megapixels of zeros compress to a small file
    with pytest.raises(ImageReadError):
        score_photo(p)


@pytest.mark.parametrize("kind", ["hit", "miss", "open-outside"])
def test_shot_pair_verdict_matches_the_simulator(kind):
    # A real simulated shot, photographed before and after (camera nudged), judged from the photos alone.
    rng = np.random.default_rng([11, len(kind)])
    pair = random_pair(rng, kind=kind, rules="casual")
    assert photographed_verdict(pair, rng) == pair.verdict


def _rendered_pair(k):
    rng = np.random.default_rng([2025, 20_000 + k])  # the benchmark's pair k
    pair = random_pair(rng)
    (img_b, _), (img_a, _) = render_pair(pair.before, pair.after, random_style(rng), rng)
    teams = pair.before.team_colours
    return pair, img_b, img_a, [score_photo(i, board=pair.before.board, teams=teams) for i in (img_b, img_a)]


def test_a_slip_up_the_wall_that_the_discs_own_spot_explains_as_well_leaves_the_call_in_doubt():
    # Hard photo 100 of seed 31: a natural disc on maple seen steeply (a 10 mm wall) on the 15 line. Refitted from
    # a wall further from the camera it fitted better than its first fit (cost 0.66 against 0.85) and was moved
    # there, 9.9 mm off, and called a sure 10. Its own spot, read by its top rim all round as the slip is, fits
    # better still (0.64): it could be either, and the call must say so.
    score, truth = _benchmark_photo(100, hard=True, seed=31)
    (u, v), = [t["px"] for t in truth["discs"] if t["in_play"] and math.dist(t["px"], (898, 399)) < 3]
    disc = min(score.discs, key=lambda d: math.dist(d.px, (u, v)))
    assert math.dist(disc.px, (u, v)) < 15 and disc.uncertain


def test_two_clean_fits_give_the_discs_radius_over_loose_ones():
    # Benchmark pair 2, a missed shot: in the before photo two red discs fit to 0.2 mm at 16.7 mm and three black
    # ones loosely (1.3 mm rms) at 14.0-14.5 mm. Refitted at the loose ones' median, the red
    # discs moved 2 mm, the frames were aligned on them 0.5 degrees off, and an untouched black disc read as
    # hit: no foul. At the clean ones' radius the untouched discs stay put and the miss is a must-hit foul.
    pair, img_b, img_a, (b, a) = _rendered_pair(2)
    assert pair.verdict["rule"] == "must-hit"
    after = turn_discs([d for d in a.discs if d.team == "red"], align(b, a))  # the shot red disc is new: none moved
    for p in [d for d in b.discs if d.team == "red"]:
        assert min(math.hypot(q.x_mm - p.x_mm, q.y_mm - p.y_mm) for q in after) < 0.5
    check = check_shot(img_b, img_a, shooter=pair.shooter, teams=pair.before.team_colours, rules=pair.rules)
    assert (check.verdict.foul, check.verdict.rule) == (True, "must-hit")


def test_photos_say_a_loosely_fitted_disc_moved():
    # Light discs on maple: where the edge fits are too loose for a distance to count as a move (3 sigma; here
    # 5 mm each, as these fits gave before the outline's hull was modelled), the photos still show the spot each
    # stood on changed. One of them ended touching the 15: no no-hiding foul.
    pair, img_b, img_a, (b, a) = _rendered_pair(69)
    assert pair.verdict == {"foul": False, "rule": None, "shot_disc": "in play", "twenty": False}
    b, a = (replace(s, discs=tuple(replace(d, sigma_mm=5.0) for d in s.discs)) for s in (b, a))
    by_sigma = diff(b, a, pair.shooter, a.board)
    by_look = diff(b, a, pair.shooter, a.board, (img_b, img_a))
    assert len(by_look.moved) > len(by_sigma.moved)
    check = check_shot(img_b, img_a, shooter=pair.shooter, teams=pair.before.team_colours, rules=pair.rules)
    assert not check.verdict.foul


def test_a_disc_seen_before_only_as_an_uncounted_outline_is_not_taken_for_a_new_one():
    # The same pair: a light disc near the edge (269 mm out) stood still and the shot disc came to rest 162 mm out.
    # Say the before photo saw the light disc only as a disc-like outline it did not count (as pair 204 of seed
    # 2025 once did): found after, it stood there; the shot disc, whose spot no outline explains, did not.
    pair, img_b, img_a, (b, a) = _rendered_pair(69)
    (faint,) = [d for d in b.discs if abs(math.hypot(d.x_mm, d.y_mm) - 269.3) < 3]
    b = replace(b, discs=tuple(d for d in b.discs if d is not faint), doubtful=((faint.x_mm, faint.y_mm),))
    looks = Looks(img_b, b, img_a, a, Frames.of(b, a, align(b, a)))

    def at(radius):
        (q,) = [q for q in a.discs if abs(math.hypot(q.x_mm, q.y_mm) - radius) < 3]
        return q.x_mm, q.y_mm

    turned = [tuple(looks.frames.to_before(at(r))[0]) for r in (269.3, 162.5)]
    assert looks.was_there(turned[0]) and not looks.was_there(turned[1])


@pytest.mark.parametrize(("seed", "k"), [(77, 52), (77, 41), (77, 63)],
                         ids=["dark-on-walnut shot disc never found", "black 20 never found", "red on red paint"])
def test_shot_discs_the_scorer_cannot_find_are_seen_as_changes(seed, k):
    # 52: the shot disc (dark wood on walnut) is too faint to be found; 41: the 20 went in unseen; 63: the shot disc
    # on red paint changes its spot so little that it looks as if it stood there, but a shot was played.
    rng = np.random.default_rng([seed, 20_000 + k])  # the benchmark's pair k of that seed
    pair = random_pair(rng)
    assert photographed_verdict(pair, rng) == pair.verdict


@pytest.mark.parametrize(("seed", "k"), [(31, 70), (404, 117), (31, 235), (5, 17)],
                         ids=["green knocked into the hole, unseen by its call", "black knocked in from 189 mm",
                              "a 20 misread by one photo's hole call", "black shot disc in, a change elsewhere"])
def test_the_hole_compared_between_the_photos_says_whether_a_disc_dropped_in(seed, k):
    # 70 and 117: a disc knocked into the hole, which its photo's hole call could not tell from the hole's
    # shadowed floor; but the hole changed. 235: the after photo's hole call saw a 20, but the hole looks as it did.
    # 17: the black shot disc dropped in unseen, and a patch near the edge changed too: no other disc left the
    # surface, so the drop was the shot disc's.
    rng = np.random.default_rng([seed, 20_000 + k])  # the benchmark's pair k of that seed
    pair = random_pair(rng)
    assert photographed_verdict(pair, rng) == pair.verdict


def test_a_black_disc_dropped_into_a_black_hole_shows_when_the_light_changed_too():
    # Pair 14 of seed 777 with the light changed between the photos: the black shot disc dropped into a near-black
    # hole. The hole's light taken out, it changed 9.1 delta-E, as in the same light; but the whole board changed
    # 6.1 at the median (1.9 in the same light), so against that the hole read as unchanged, the shot disc as gone
    # off the board, and an open-board 20 as a no-hiding foul.
    rng = np.random.default_rng([777, 20_000 + 14])
    pair = random_pair(rng)
    assert pair.verdict == {"foul": False, "rule": None, "shot_disc": "hole", "twenty": True}
    (img_b, _), (img_a, _) = render_pair(pair.before, pair.after, random_style(rng), rng, relight=True)
    check = check_shot(img_b, img_a, shooter=pair.shooter, teams=pair.before.team_colours, rules=pair.rules)
    assert (check.verdict.foul, check.twenty, check.shot_disc.points) == (False, True, 20)
    # Neither photo can tell the black disc from the hole's floor: the 20 comes with a word to look, as a shot disc
    # judged gone would, and neither word comes when the after photo can tell.
    assert HOLE_NOTE in check.after.notes and "look before the 20 counts" in check.explanation
    gone = replace(check, shot_disc=None, verdict=replace(check.verdict, twenties=()))
    assert "found nowhere" in gone.explanation
    assert not replace(gone, after=replace(check.after, notes=())).hole_note


@pytest.mark.parametrize("k", [5, 73])
def test_a_black_20_under_a_changed_light_shows_above_the_photos_noise(k):
    # Pairs 5 and 73 of seed 2718, relit: a black shot disc dropped into a dark hole (on blue paint, a white ring on
    # its face; on brown wood, none). A pixel's change between two photos is mostly noise, 3.8 and 2.4 delta-E round
    # these holes, and the holes changed 10.9 and 6.5: under 3 times the noise, so an open-board 20 read as a
    # no-hiding foul. Smoothed, the noise round them falls to 1.1 and 0.7 and the holes' change is 20.7 and 5.6.
    rng = np.random.default_rng([2718, 20_000 + k])
    pair = random_pair(rng)
    assert pair.verdict["twenty"] and pair.verdict["shot_disc"] == "hole" and not pair.verdict["foul"]
    (img_b, _), (img_a, _) = render_pair(pair.before, pair.after, random_style(rng), rng, relight=True)
    check = check_shot(img_b, img_a, shooter=pair.shooter, teams=pair.before.team_colours, rules=pair.rules)
    assert (check.verdict.foul, check.twenty, check.shot_disc.points) == (False, True, 20)


def test_the_photos_frames_are_matched_on_the_boards_surface():
    # Pair 84 of seed 1234, a miss seen at about 1.1 px/mm from near overhead. The two photos once put the camera
    # 2540 and 1213 mm high (it was only nudged), so their top planes, lifted towards it, disagreed by 1.3 mm at the
    # one yellow disc: more than MOVE_MIN_MM, and it read as moved and the miss as a hit. Here the after photo is
    # given half its focal length, a camera half as high: its top plane is off, its surface is not.
    rng = np.random.default_rng([1234, 20_000 + 84])
    pair = random_pair(rng)
    assert pair.verdict == {"foul": True, "rule": "must-hit", "shot_disc": "in play", "twenty": False}
    (img_b, _), (img_a, _) = render_pair(pair.before, pair.after, random_style(rng), rng)
    check = check_shot(img_b, img_a, shooter=pair.shooter, teams=pair.before.team_colours, rules=pair.rules)
    assert (check.verdict.foul, check.verdict.rule) == (True, "must-hit")
    cal = check.after.calibration
    lower = score_photo(img_a, teams=pair.before.team_colours, calibration=replace(cal, focal_px=cal.view.focal_px / 2))
    (was,), (now,) = ([(d.x_mm, d.y_mm) for d in s.discs if d.team == "yellow"] for s in (check.before, lower))
    frames = Frames.of(check.before, lower, align(check.before, lower))
    assert math.dist(frames.to_before(now)[0], was) < 0.6 < math.dist(rotate([now], frames.turn)[0], was)


@pytest.mark.parametrize("relight", [False, True], ids=["same light", "light changed"])
def test_faint_discs_a_hit_moved_are_followed_by_their_outlines(relight):
    # Pair 84 of seed 2718: the white shot disc struck two navy discs on navy paint. Neither photo counts them (each
    # sees a disc-like outline it leaves in doubt), so nothing of the other side was seen to move, and a hit was
    # judged a must-hit foul. Their outlines left two spots that changed, and two more appeared on spots that
    # changed, each with a navy face: the discs moved.
    rng = np.random.default_rng([2718, 20_000 + 84])
    pair = random_pair(rng)
    assert pair.verdict == {"foul": False, "rule": None, "shot_disc": "in play", "twenty": False}
    (img_b, _), (img_a, _) = render_pair(pair.before, pair.after, random_style(rng), rng, relight=relight)
    check = check_shot(img_b, img_a, shooter=pair.shooter, teams=pair.before.team_colours, rules=pair.rules)
    assert not check.verdict.foul
    assert any(m.team == "navy" and m.distance_mm and m.distance_mm > 20 for m in check.moved)


def test_a_disc_leaning_over_the_holes_rim_stands_on_the_board():
    # Pair 54 of seed 5: the shot knocked a white disc to the middle, where it rests 18.9 mm from the hole's centre,
    # leaning over the rim (a disc drops in only with its centre over the hole). The photo is oblique: the rim shows
    # on the top-face plane 10 mm off the hole's centre, and a circle of the hole's radius round that spot left the
    # disc out, so its face over the hole read as a white 20 and the shot as a fair 20. Its face covers the spot
    # where a sunk disc's would show, so what lies in the hole cannot be seen: that is said, and no 20 counted.
    rng = np.random.default_rng([5, 20_000 + 54])
    pair = random_pair(rng)
    assert pair.verdict == {"foul": False, "rule": None, "shot_disc": "out", "twenty": False}
    (img_b, _), (img_a, _) = render_pair(pair.before, pair.after, random_style(rng), rng)
    check = check_shot(img_b, img_a, shooter=pair.shooter, teams=pair.before.team_colours, rules=pair.rules)
    middle = [d for d in check.after.discs if math.hypot(d.x_mm, d.y_mm) < 40]
    assert [d.points for d in middle] == [15] and 18.4 < math.hypot(middle[0].x_mm, middle[0].y_mm) < 19.4
    assert HOLE_NOTE in check.after.notes
    assert (check.verdict.foul, check.twenty, check.shot_disc.points) == (False, False, 0)


def test_a_hole_only_lit_differently_after_the_shot_had_nothing_drop_in():
    # The benchmark's pair 48 with the light changed between the photos: a shadow across the hole before, gone
    # after. Compared as it was, the hole's red floor changed, and a disc that left the board was taken for a 20.
    rng = np.random.default_rng([2025, 20_000 + 48])
    pair = random_pair(rng)
    assert photographed_verdict(pair, rng, relight=True) == pair.verdict


def test_an_outline_both_photos_see_where_the_face_is_the_boards_is_no_disc():
    # Pair 53 of seed 777: an open board (the shooter's black discs only) under a shadow band. Both photos saw
    # disc-like outlines they did not count on the same spots: a peg on the 15 line where the band's edge crosses
    # it, and a line beside a black disc. Their faces are the board's wood (28.7 and 25.4 delta-E from the light
    # wood team). Taken for the other side's discs, the board read as not open and the shot as a must-hit foul.
    rng = np.random.default_rng([777, 20_000 + 53])
    pair = random_pair(rng)
    assert pair.verdict == {"foul": False, "rule": None, "shot_disc": "in play", "twenty": False}
    assert photographed_verdict(pair, rng) == pair.verdict


@pytest.mark.parametrize(("seed", "k"), [(31, 148), (5, 99)],
                         ids=["navy on navy paint not found after, its spot unchanged: still there",
                              "light wood missed after, matched 100 mm away to the shot disc: stayed"])
def test_a_disc_found_before_only_whose_spot_did_not_change_is_still_there(seed, k):
    # 148: a navy disc found before is missed after, but its spot looks as it did: it did not leave the board
    # (which read as a hit). 99: a light disc missed after was matched to the shot disc 100 mm away, so the shot
    # disc read as gone.
    rng = np.random.default_rng([seed, 20_000 + k])
    pair = random_pair(rng)
    assert photographed_verdict(pair, rng) == pair.verdict


@pytest.mark.parametrize("k", [284, 93])
def test_a_light_disc_clipped_white_under_the_boards_glare_is_the_light_teams(k):
    # Open boards of light wood discs, one under a glare veil that also lifts the board beside it (veil 115-137):
    # its clipped face, the veil taken off, read nearer black, and an open-board shot was judged as must-hit.
    rng = np.random.default_rng([2025, 20_000 + k])  # the benchmark's pair k
    pair = random_pair(rng)
    assert photographed_verdict(pair, rng) == pair.verdict


def test_clipping_names_a_team_only_when_the_veil_clips_one_paint_and_not_the_other():
    natural_black = [(222, 190, 140), (30, 30, 30)]
    assert clipped_team(natural_black, 137.0, 1.0) == 0  # 222 + 137 clips; 30 + 137 cannot
    assert clipped_team(natural_black, 10.0, 1.0) is None  # no veil: a glossy highlight, any disc
    assert clipped_team([(36, 118, 62), (232, 196, 52)], 153.0, 1.0) is None  # both may clip
    assert would_clip(natural_black, 137.0, 1.0).tolist() == [True, False]
    assert would_clip(natural_black, 10.0, 1.0).tolist() == [False, False]


def test_a_light_disc_clipped_under_glare_goes_by_its_light_fit_where_the_glare_beside_it_would_clip_it():
    # Hard photo 238 of seed 2025 (green and yellow on red paint): a yellow disc under a veil of 125 levels, its
    # face clipped, read midway and went to green, in doubt; yellow paint under that veil fits it, green does not.
    score, truth = _benchmark_photo(238, hard=True)
    (t,) = [t for t in truth["discs"] if t["in_play"] and math.dist(t["px"], (1078.3, 557.3)) < 2]
    d = _found_at(score, t)
    assert d.team == "yellow" and "colour between the teams" in d.why
    assert score.totals == truth["totals"]


def test_the_boards_paint_beside_a_disc_is_the_unshaded_unveiled_one():
    paint = np.array([100.0, 150.0, 200.0])
    shade, veil = 0.6 * paint, paint + 40
    # A player's shadow over most of the ring round the hole: the brighter turns are the paint.
    assert np.allclose(teams_mod._paint(np.array([shade] * 14 + [paint] * 6)), paint)
    # A glare veil over most of it: the darker.
    assert np.allclose(teams_mod._paint(np.array([veil] * 14 + [paint] * 6)), paint)
    # One light all round, or two groups neither a shade nor a veil of each other: the median.
    assert np.allclose(teams_mod._paint(np.array([paint] * 20)), paint)
    odd = np.array([130.0, 150.0, 120.0])
    assert np.allclose(teams_mod._paint(np.array([odd] * 14 + [paint] * 6)), odd)
    # Navy paint (BGR) under a shadow band over most of the ring: its red channel, a few levels, is noise.
    navy, navy_shaded = np.array([33.0, 19.0, 7.0]), np.array([15.1, 9.1, 2.3])
    assert np.allclose(teams_mod._paint(np.array([navy_shaded] * 41 + [navy] * 31)), navy)


def test_a_light_disc_in_a_shadow_band_over_most_of_its_ring_on_navy_paint_is_light():
    # Hard photo 107 of seed 2025: the band covered most of the ring round the hole, and its shade went unseen
    # on the red channel's 2-7 levels; the shaded light-wood disc was called dark, sure.
    score, truth = _benchmark_photo(107, hard=True)
    (t,) = [t for t in truth["discs"] if t["in_play"] and t["team"] == "natural" and t["points"] == 15
            and abs(math.hypot(t["x_mm"], t["y_mm"]) - 64) < 2]
    assert _found_at(score, t).team == "natural"


def test_a_disc_the_other_teams_paint_explains_far_better_in_the_light_allowed_is_the_other_teams():
    # Novel photo 56 of seed 2025 (white and black on a black field): a shadow's edge across a white 5 left its
    # face at 115 levels, midway in colour, and it was called black. No veil the black board beside it allows
    # (12 levels) lifts black there; a shade it allows (down to 0.25) brings white there. Still in doubt.
    score, truth = _benchmark_photo(56, novel=True)
    (t,) = [t for t in truth["discs"] if t["in_play"] and abs(t["x_mm"] + 194.9) < 1 and abs(t["y_mm"] - 54.3) < 1]
    d = _found_at(score, t)
    assert d.team == "white" and "colour between the teams" in d.why


def test_a_lone_disc_of_a_team_is_judged_against_its_given_colour_not_against_itself():
    # Plain photo 266 of seed 2025: one navy disc under glare on a board clipped white, read white (in doubt). As
    # the white team's only disc it fitted that team's colour exactly, being it; white paint under the glare
    # beside it fits it 43 delta-E off, navy 2.3.
    score, truth = _benchmark_photo(266)
    (d,) = score.discs
    assert d.team == "navy" and "colour between the teams" in d.why
    assert score.totals == truth["totals"]


def test_only_a_face_the_other_teams_colour_fits_closely_goes_to_that_team():
    # Hard photo 227 of seed 2025 (black and natural, glare): a black 10 under a veil the clipped board beside it
    # leaves unbounded read grey and went to natural, in doubt; black fits it within 1 delta-E. Two glossy black
    # discs read grey where no veil shows beside them: natural fits them better (9.3 and 8.8 against 18.8 and
    # 15.7) but not closely, so they stay black, in doubt.
    score, truth = _benchmark_photo(227, hard=True)
    for x, y in ((-1.2, 116.7), (-84.1, 3.5), (151.3, 13.0)):
        (t,) = [t for t in truth["discs"] if t["in_play"] and math.dist((t["x_mm"], t["y_mm"]), (x, y)) < 1]
        assert _found_at(score, t).team == "black"


@pytest.mark.parametrize("k", [33, 83])
def test_a_black_20_that_hides_the_holes_far_wall_is_counted_in_doubt(k):
    # Hard photos 33 and 83 of seed 2025, tilted 25 degrees and more: a black 20 in a black-floored hole was read
    # as the empty hole a team as dark as a floor leaves, its 20 lost. The hole is as bright as the black team's
    # darkest disc, and the far inner wall an empty hole would show looks like its middle.
    score, truth = _benchmark_photo(k, hard=True)
    assert score.twenties == truth["twenties"] and score.totals == truth["totals"]
    (sunk,) = [d for d in score.discs if d.points == 20]
    assert "in the hole or not" in sunk.why


def test_an_empty_holes_far_wall_shows_unlike_its_floor():
    # Hard photo 8 of seed 2025 (tilted 38 degrees, black team, dark grey floor, empty): the wall band is 5 px wide
    # and 21 delta-E from the floor, so the hole stays empty.
    score, truth = _benchmark_photo(8, hard=True)
    assert score.twenties == truth["twenties"] == {"natural": 0, "black": 0}


def test_a_floor_of_a_teams_colour_that_shows_its_far_wall_is_an_empty_hole_in_doubt():
    # Novel photo 111 of seed 2025 (grey and white, a grey floor, tilted 30 degrees): the floor looks like a grey
    # disc and was counted a grey 20. Its far wall shows 3.3 px wide and 42 delta-E from the middle, in a view
    # oblique enough that a sunk disc would hide it: the hole is empty, and still in doubt.
    score, truth = _benchmark_photo(111, novel=True)
    assert score.twenties == truth["twenties"] == {"grey": 0, "white": 0}
    assert HOLE_NOTE in score.notes


def test_a_sunk_disc_hides_the_far_wall_only_in_views_oblique_enough():
    # A tournament disc sits 1.6 mm loose in its hole; seen steeper than the tangent 1.95 (63 degrees) from its
    # far side, the gap it leaves shows the far wall however it sits. A club board's hole is 4 mm looser.
    assert hole_mod._hiding_tan(TOURNAMENT) == pytest.approx(5.6 / 2.875)
    assert hole_mod._hiding_tan(CLUB) == pytest.approx(5.1 / 7.7)
    grey = np.array([55.0, 0.0, 0.0])
    wall = hole_mod.FarWall(4.0, np.array([20.0, 0.0, 0.0]), 1.5)
    assert wall.open(grey, TOURNAMENT) and not wall.open(grey, CLUB)
    assert not replace(wall, band_px=2.5).open(grey, TOURNAMENT)  # too narrow to sample cleanly
    assert not wall.open(np.array([40.0, 0.0, 0.0]), TOURNAMENT)  # near the middle's colour: a disc's face


def test_a_veil_is_read_off_the_channels_it_did_not_clip():
    usual = np.array([149.0, 209.0, 252.0])
    assert teams_mod._veil(np.array([224.0, 255.0, 255.0]), usual) == 75.0  # red and green clipped
    assert teams_mod._veil(np.array([150.0, 210.0, 250.0]), usual) == 1.0  # none clipped: the least lift
    assert teams_mod._veil(np.array([120.0, 170.0, 220.0]), usual) == 0.0  # a shade lifts nothing
    # Every channel clipped beside the disc, red clipped all round the ring too (maple): blue still says the veil
    # lifted it at least from 160 to the clip.
    assert teams_mod._veil(np.array([253.0, 255.0, 255.0]), np.array([160.0, 199.5, 253.5])) == 90.0


def test_a_shade_is_read_off_the_channels_together_not_the_least_darkened_one():
    usual = np.array([26.0, 73.0, 92.75])  # a dark olive paint: its blue channel is a few levels of noise
    assert teams_mod._gain(np.array([30.0, 53.0, 64.0]), usual, 0.0) == pytest.approx(147 / 191.75)
    assert teams_mod._gain(0.5 * usual, usual, 0.0) == pytest.approx(0.5)
    assert teams_mod._gain(usual + 40, usual, 40.0) == 1.0  # a veil, no shade
    assert teams_mod._gain(np.array([255.0, 255.0, 255.0]), usual, 160.0) == 1.0  # all clipped: no telling


def test_a_yellow_disc_in_shade_on_dark_paint_stays_yellow():
    # Plain photo 244 of seed 4242: the board beside the yellow disc is 0.77 as bright as its ring elsewhere, but
    # its blue channel (26 levels) read brighter, the shade was taken for none and the disc called green, sure.
    score, truth = _benchmark_photo(244, seed=4242)
    assert score.totals == truth["totals"]


def test_a_dark_disc_under_glare_that_clips_the_maple_beside_it_is_still_dark():
    # Plain photo 208 of seed 31: the veil was read as 1.5 levels, not at least 90, and the lone dark disc was
    # called light wood with no doubt: a wrong total without a warning.
    score, truth = _benchmark_photo(208, seed=31)
    assert score.totals == truth["totals"]


@pytest.mark.parametrize("k", [0, 226], ids=["lone dark disc under a clipping veil", "yellow in a wide shadow"])
def test_discs_under_a_veil_or_shadow_that_covers_most_of_their_ring_keep_their_team(k):
    # 0: the board beside the disc clipped in two channels, so the veil read as 3 levels, not 75; the dark disc
    # was called light wood. 226: a shadow band across the middle covered most of the 15 ring, so the shade was
    # taken for the board's own paint and the shaded yellow disc called green.
    score, truth = _benchmark_photo(k)
    assert score.totals == truth["totals"]


def test_a_dark_disc_under_glare_that_clips_every_channel_of_the_board_beside_it_is_in_doubt():
    # Plain photo 295 of seed 4242: glare clipped the maple beside a dark disc in all three channels, so the veil
    # was known only to be at least 38 levels (it was about 125); the disc read light wood, sure.
    score, truth = _benchmark_photo(295, seed=4242)
    (t,) = [t for t in truth["discs"] if t["in_play"] and t["team"] == "dark" and t["points"] == 10]
    d = _found_at(score, t)
    assert d.team == "dark" or score_mod.TEAM_DOUBT_WHY in d.why


def test_a_team_is_in_doubt_when_another_light_the_board_beside_the_disc_allows_fits_the_other_team():
    refs = score_mod.rgb_to_lab([(222, 190, 140), (74, 50, 35)])  # light and dark wood
    natural, dark = 0, 1

    def doubt(face_bgr, light, team):  # light: veil, gain, least and most gain beside the disc, most veil
        fits = teams_mod.light_fits(np.array([face_bgr], float), np.array([light], float), refs)[0]
        return fits[team] / max(fits[1 - team], 1e-6)  # as score_scene compares them

    # A dark disc under a veil of 125 levels, the board beside it clipped: the veil is known only to be >= 38.
    dark_under_glare = [160, 175, 199]
    assert doubt(dark_under_glare, [38, 1, 1, 1, np.inf], natural) > score_mod.TEAM_DOUBT
    assert doubt(dark_under_glare, [125, 1, 1, 1, 125], dark) < 0.1  # the veil seen beside it: sure
    # A light disc in a shade of 0.5 that the board shows on one side of it only, read as unshaded.
    assert doubt([70, 95, 111], [0, 1, 0.5, 1, 0], dark) > score_mod.TEAM_DOUBT
    # A lit dark disc beside a deep shadow: shade keeps the channels' ratios, and light wood in it is greyer.
    assert doubt([24, 36, 55], [0, 0.92, 0.32, 0.97, 0], dark) < 0.2
    # Each disc against its own pair of colours (its team's without it), and a board with no discs at all.
    faces = np.array([[70, 95, 111], [24, 36, 55]], float)
    lights = np.array([[0, 1, 0.5, 1, 0], [0, 0.92, 0.32, 0.97, 0]], float)
    each = teams_mod.light_fits(faces, lights, np.stack([refs, refs]))
    assert np.allclose(each[:, dark] / np.maximum(each[:, natural], 1e-6),
                       [doubt(faces[0], lights[0], dark), doubt(faces[1], lights[1], dark)])
    none = teams_mod.light_fits(np.zeros((0, 3)), np.zeros((0, 5)), np.zeros((0, 2, 3)))
    assert none.shape == (0, 2)


@pytest.mark.parametrize("k", [23, 85])
def test_printed_zone_numbers_in_a_webcam_sized_photo_are_not_discs(k):
    """At 640 x 480 a printed "10" is about a disc's size and gathers a faint circle; its face is strokes on paint."""
    score, truth = _benchmark_photo(k, size=(640, 480))
    on = [t for t in truth["discs"] if t["in_play"]]
    per_mm = math.sqrt(abs(np.linalg.det(np.array(truth["board_to_image"])[:2, :2])))
    for d in score.discs:
        assert min(math.dist(d.px, t["px"]) for t in on) < 0.5 * score.board.disc_r * per_mm, d


def test_a_disc_face_is_even_and_a_number_is_not():
    img = np.full((200, 200, 3), 40, np.uint8)
    cv2.circle(img, (50, 100), 30, (60, 140, 200), -1)  # a disc's face: one paint
    cv2.putText(img, "10", (125, 115), cv2.FONT_HERSHEY_SIMPLEX, 1.2, (80, 200, 220), 3)  # a printed number
    even, number = teams_mod.face_unevenness(img, Plane(np.eye(3), 1.0, 300), np.array([[50, 100], [150, 100]]), 30)
    assert even < 1 < score_mod.FACE_UNEVEN_DE < number


def test_a_sharp_photo_s_pixel_noise_is_no_print_on_a_face():
    # 5 px per mm, as a 12 MP phone photo: noise of 7 levels on a black face spreads a pixel's CIELAB by 7-8 units,
    # which single-pixel samples read as an uneven face; read on millimetre squares it is even.
    rng = np.random.default_rng(3)
    img = np.full((600, 600, 3), (70, 40, 25), np.uint8)  # navy paint
    cv2.circle(img, (150, 300), 75, (22, 22, 24), -1)  # a black disc's face, 15 mm
    cv2.putText(img, "10", (330, 350), cv2.FONT_HERSHEY_SIMPLEX, 4.0, (40, 70, 220), 14)  # a printed number
    img = np.clip(img + rng.normal(0, 7, img.shape), 0, 255).astype(np.uint8)
    even, number = teams_mod.face_unevenness(img, Plane(np.diag([5.0, 5.0, 1.0]), 1.0, 300),
                                             np.array([[30, 60], [86, 60]]), 15)
    assert even < score_mod.FACE_UNEVEN_DE / 2 and number > score_mod.FACE_UNEVEN_DE


@pytest.mark.skipif(not (REAL / "ivan_board6.jpg").exists(), reason="../shared/real_photos is not beside the project")
@pytest.mark.skipif(not (REAL / "board4.jpg").exists(), reason="../shared/real_photos is not beside the project")
@pytest.mark.parametrize("name", ["ivan_board6.jpg", "board4.jpg"])
def test_a_real_photo_with_noise_of_7_levels_added_scores_exact(name):
    # ivan_board6: two black 15s beside the hole gather faint circles once noise is added to the 11 MP photo; their
    # faces must not then read as print. board4: its discs read 1.27 of the profile's radius; under the noise 17
    # circles of that size remain against one of the profile's and three of 1.13 of it: judged on one circle each,
    # the profile's size was kept and no disc was found.
    row = next(r for r in TRUTH if r["image"] == name)
    teams = {row["team1_colour"]: _colour(row["team1_colour"]), row["team2_colour"]: _colour(row["team2_colour"])}
    img = read_image(REAL / name).astype(float)
    img = np.clip(img + np.random.default_rng(5).normal(0, 7, img.shape), 0, 255).astype(np.uint8)
    assert score_photo(img, teams=teams).totals == {row["team1_colour"]: int(row["team1_points"]),
                                                     row["team2_colour"]: int(row["team2_points"])}


@pytest.mark.skipif(not (REAL / "sam_board3.jpg").exists(), reason="../shared/real_photos is not beside the project")
@pytest.mark.parametrize("name", ["sam_board3.jpg", "sam_board5.jpg"])
def test_a_light_disc_in_a_shadow_over_its_whole_ring_keeps_its_team(name):
    # A player's shadow across the middle darkens the board all round the hole at the light-wood disc's distance,
    # so its own ring shows no shade; read against it, the disc was nearer the dark discs than light wood. The
    # paint chained in ring by ring from the outer zone shows the shade.
    assert _scored_in_a_shadow(name)


@pytest.mark.skipif(not (REAL / "board3.jpg").exists(), reason="../shared/real_photos is not beside the project")
def test_an_empty_hole_in_a_players_shadow_is_no_dark_teams_20():
    # board3's empty hole, dark grey in the shadow, is lit like a navy disc on the surface in the light beside each;
    # it looks like a bare floor, and a floor may look so: counted navy's 20, the total was 20 too high.
    assert _scored_in_a_shadow("board3.jpg")


def _scored_in_a_shadow(name: str) -> bool:
    """Does the real photo ``name``, under a player's shadow across its middle (a band 0.24 of its width wide at
    0.6 of the light), score its labelled totals?"""
    row = next(r for r in TRUTH if r["image"] == name)
    teams = {row["team1_colour"]: _colour(row["team1_colour"]), row["team2_colour"]: _colour(row["team2_colour"])}
    img = read_image(REAL / name)
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w]
    band = np.abs((xx - w / 2) * 0.6 + (yy - h / 2) * 0.8) < 0.12 * w
    score = score_photo(np.clip(img * np.where(band, 0.6, 1.0)[..., None], 0, 255).astype(np.uint8), teams=teams)
    want = {row["team1_colour"]: int(row["team1_points"]), row["team2_colour"]: int(row["team2_points"])}
    return score.totals == want


def test_a_rings_shade_is_chained_in_from_the_outer_zone():
    # A board drawn at 1 px/mm: maple whose light falls slowly toward the edge, a red 15 zone, black lines, a white
    # circle round the hole, and a shadow band (0.55 of the light) 200 mm wide across the middle, over every turn
    # of the rings inside 100 mm.
    maple, red = np.array([120.0, 170.0, 210.0]), np.array([50.0, 60.0, 170.0])
    yy, xx = np.mgrid[-330:331, -330:331].astype(float)
    rho = np.hypot(xx, yy)
    paint = np.where((rho < TOURNAMENT.fifteen_r)[..., None], red, maple) * (1 - 0.15 * rho / 330)[..., None]
    for line in TOURNAMENT.lines:
        paint[np.abs(rho - line.radius) < line.width / 2] = 20.0
    paint[np.abs(rho - 25.0) < 1.5] = 240.0
    band = np.abs(0.6 * xx + 0.8 * yy) < 100
    img = np.clip(paint * np.where(band, 0.55, 1.0)[..., None], 0, 255).astype(np.uint8)
    surface = Plane(np.array([[1.0, 0, 330], [0, 1.0, 330], [0, 0, 1]]), 1.0, TOURNAMENT.surface_r)
    shade = teams_mod.ring_shade(img, surface, TOURNAMENT, np.zeros((0, 2)), TOURNAMENT.disc_r)
    beside = teams_mod._beside(TOURNAMENT.disc_r)
    for centre in ((0.0, 0.0), (60.0, 0.0), (0.0, -80.0)):  # the hole, and discs in the 15 zone: all shaded
        assert shade.at(beside + centre) == pytest.approx(1 / 0.55, rel=0.06), centre
    for centre in ((150.0, 0.0), (-250.0, 30.0), (0.0, 250.0)):  # shaded in part, or not at all: their own rings
        assert shade.at(beside + centre) == 1.0, centre  # (``_paint``) tell what light they are in
    unshaded = teams_mod.ring_shade(paint.astype(np.uint8), surface, TOURNAMENT, np.zeros((0, 2)), TOURNAMENT.disc_r)
    assert all(unshaded.at(beside + (x, 0.0)) == 1.0 for x in (0.0, 60.0, 150.0, 250.0))
    # Glare clipping a ring all round (a veil, not a shade) bends the chain: it and the rings inside it tell none.
    img[np.abs(rho - 150) < 10] = 255
    glared = teams_mod.ring_shade(img, surface, TOURNAMENT, np.zeros((0, 2)), TOURNAMENT.disc_r)
    assert glared.at(beside) == glared.at(beside + (60.0, 0.0)) == 1.0
    assert np.isnan(glared.gain[glared.radii < 160]).all() and np.isfinite(glared.gain[glared.radii > 200]).all()


def test_only_a_deep_shade_of_one_factor_in_every_channel_counts():
    radii = np.array([20.0, 60.0, 100.0])
    at = lambda gain: teams_mod.RingShade(radii, np.array([gain] * 3, float)).at(np.array([[60.0, 0.0]]))  # noqa: E731
    assert at([1 / 0.6] * 3) == pytest.approx(1 / 0.6)
    assert at([1 / 0.9] * 3) == 1.0  # the grain's and the light's drift
    assert at([1.2, 1.6, 2.0]) == 1.0  # not one factor: another colour, not a shade
    assert at([np.nan, 1.6, 1.62]) == pytest.approx(1.61)  # a channel too dark to tell is left out
    assert at([np.nan, np.nan, 1.6]) == 1.0  # one channel cannot tell a shade from a colour


@pytest.mark.parametrize("seed", [0, 2, 12, 39])
def test_a_light_20_under_a_shadow_over_the_middle_is_its_teams(seed):
    # A player's shadow over the hole and the 15 zone: the discs' colours are read in the board's usual light,
    # so the hole's must be too, or a sunk light-wood disc reads as neither team's (seed 0) or as a black 20 (2).
    # The far wall, as shaded as the sunk yellow disc's face, is not taken for an open hole's (12). Where the
    # rings' chained shade misses the shadow (39: light wood on walnut), the hole is lit like the light-wood disc
    # on the surface in the light beside each, and that counts it.
    rng = np.random.default_rng(seed)
    scene, style = random_scene(rng), random_style(rng)
    light, dark = sorted(scene.team_colours, key=lambda t: -sum(scene.team_colours[t]))
    scene = replace(scene, discs=(SceneDisc(0.0, 0.0, light), SceneDisc(150.0, 20.0, dark),
                                  SceneDisc(-60.0, -30.0, light)))
    band = (float(rng.uniform(0, np.pi)), 0.0, 0.25, 0.45)
    style = replace(style, light=replace(style.light, shadow_band=band, glare=None))
    img, truth = render(scene, style, rng)
    score = score_photo(img, teams={n: tuple(c) for n, c in scene.team_colours.items()})
    assert score.twenties == {light: 1, dark: 0} and score.totals == truth["totals"] == {light: 35, dark: 10}


def test_an_outline_the_board_repeats_a_quarter_turn_away_is_its_print():
    # A zone number or a line crossing gathers a faint circle at each of its quarter turns about the hole; a disc
    # does not. Turns where a disc stands tell nothing, and two of the three must echo.
    size = int(2 * 300 * DETECT_PX_PER_MM) + 1
    support = np.zeros((size, size), np.float32)
    c = (size - 1) / 2

    def put(x, y, s):
        support[int(round(c - y * DETECT_PX_PER_MM)), int(round(c + x * DETECT_PX_PER_MM))] = s

    put(100, 50, 0.36)  # the outline
    put(-50, 100, 0.30)  # its first quarter turn, a little off: within PRINT_TURN_MM
    put(-101, -48, 0.28)
    props = Proposals(16.0, (), support)
    none = np.zeros((0, 2))
    assert props.printed(100, 50, none, 16.0)
    assert not props.printed(100, 50, np.array([[-52.0, 98.0]]), 16.0)  # a disc stands on one echo: one is left
    put(48, -100, 0.29)
    assert props.printed(100, 50, np.array([[-52.0, 98.0]]), 16.0)
    put(-101, -48, 0.2)
    put(48, -100, 0.2)
    assert not props.printed(100, 50, none, 16.0)  # the turns gather too little
    put(100, 50, 0.2)
    assert not props.printed(100, 50, none, 16.0)  # no faint circle at all: nothing to explain


def test_zone_numbers_printed_round_the_hole_of_a_real_board_are_no_outlines_to_look_at():
    # A webcam's view of a real board: the 15s and 20s printed round the 20 hole are each about a disc's size
    # there and were left as disc-like outlines, so every photo of this board asked the players to look for a
    # missed disc at its numbers.
    score = score_photo(REAL / "unlabelled" / "webcam_overhead.jpg")
    assert len(score.discs) == 16
    for number in ((-4, -79), (83, -4), (-1, -43)):
        assert all(math.dist(number, spot) > 10 for spot in score.doubtful), (number, score.doubtful)


def test_doubtful_outlines_make_the_photo_uncertain(monkeypatch):
    # find_discs reports outlines it left out near a threshold; the photo must then say a disc may be missed.
    path = sorted(SAMPLES.glob("synth_*.jpg"))[0]
    board = board_named(json.loads(path.with_suffix(".json").read_text())["board"])
    real_find = score_mod.find_all
    plain = score_photo(path, board=board)
    assert not any("not counted" in n for n in plain.notes)
    spots = tuple(FoundDisc(x, y, 16.0, 0.35, 0.9, 0.4) for x, y in ((0.0, 200.0), (90.0, -150.0)))  # bare board
    monkeypatch.setattr(score_mod, "find_all",
                        lambda scene, proposals=None: replace(real_find(scene, proposals), doubtful=spots))
    doubted = score_photo(path, board=board)
    assert any(n.startswith("2 disc-like outline(s) not counted") for n in doubted.notes)
    assert doubted.uncertain and doubted.to_json()["uncertain"]
    assert doubted.totals == plain.totals  # a doubt changes the flag, never the count


def test_the_overlay_outlines_where_a_disc_may_be_unseen():
    # A note that says "look for a missed disc" must also show where: each outline not counted is drawn a disc's
    # size, dashed, where it lies, as each glare patch is.
    path = sorted(SAMPLES.glob("synth_*.jpg"))[0]
    score = replace(score_photo(path, board=board_named(json.loads(path.with_suffix(".json").read_text())["board"])),
                    doubtful=((12.5, -240.0),), washed=((-40.0, 61.5, 30.2),))
    patch, outline = look_outlines(score)
    top = score.top_plane
    for ring, (x, y, r) in ((patch, (-40.0, 61.5, 30.2)), (outline, (12.5, -240.0, score.board.disc_r))):
        assert np.allclose(top.to_board(ring), [x, y] + r * np.array(
            [(math.cos(a), math.sin(a)) for a in np.linspace(0, 2 * math.pi, 48, endpoint=False)]), atol=1e-6)
    drawn = draw_overlay(read_image(path), score)
    (u, v), = top.to_image([(12.5, -240.0 - score.board.disc_r)])  # a point on the outline's dashed ring
    near = drawn[int(v) - 2:int(v) + 3, int(u) - 2:int(u) + 3].reshape(-1, 3)
    assert any(np.abs(near.astype(int) - UNSURE_BGR).sum(axis=1) < 60)


def test_a_saved_score_keeps_the_outlines_it_did_not_count_and_the_glare():
    # The companion saves each photo's score and checks shots from it later: the uncounted outlines and the
    # washed-out patches (where a disc may be unseen) must survive.
    path = sorted(SAMPLES.glob("synth_*.jpg"))[0]
    score = replace(score_photo(path, board=board_named(json.loads(path.with_suffix(".json").read_text())["board"])),
                    doubtful=((12.5, -240.0),), washed=((-40.0, 61.5, 30.2),))
    back = score_from_json(json.loads(json.dumps(score_to_json(score))))
    assert back.doubtful == score.doubtful and back.washed == score.washed and back.discs == score.discs


def _disc(team, x, y, points):
    return PhotoDisc((0.0, 0.0), x, y, 15.9, team, points, 5.0, 0.3, False)


OVERHEAD = Calibration.from_matrix([[1, 0, -500], [0, -1, 500], [0, 0, 1]], (1000, 1000), "tournament",
                                   focal_px=1000.0)  # a camera 1 m over the hole, 1 px per mm


def _photo(discs):
    return PhotoScore(tuple(discs), ("red", "green"), ((200, 0, 0), (0, 150, 0)), board_named("tournament"),
                      OVERHEAD)


@pytest.mark.parametrize("green_twenty", [True, False])
def test_vanished_disc_of_the_side_with_a_new_twenty_dropped_into_the_hole(green_twenty):
    board = board_named("tournament")
    still = [_disc("red", 60.0, 110.0, 10), _disc("red", -140.0, 20.0, 5), _disc("green", 30.0, -170.0, 5),
             _disc("green", -50.0, -60.0, 15)]
    far_green = _disc("green", 160.0, 10.0, 5)  # far from the hole: not "next to it"
    after = still + [_disc("red", 150.0, 15.0, 5)]  # red's shot took its place
    if green_twenty:
        after.append(_disc("green", 0.0, 0.0, 20))
    d = diff(_photo(still + [far_green]), _photo(after), "red", board)
    green_id = len(still) + 1
    assert (green_id in d.report.dropped) == green_twenty
    assert (green_id in d.report.left_surface) != green_twenty
    assert d.shot_disc is not None and d.shot_disc.team == "red"


def test_a_disc_judged_gone_from_where_the_after_photos_glare_washes_out_is_named_to_check():
    board = board_named("tournament")
    still = [_disc("red", 60.0, 110.0, 10), _disc("green", 30.0, -170.0, 5), _disc("green", -50.0, -60.0, 15)]
    went = _disc("green", 160.0, 10.0, 5)
    after = still + [_disc("red", 150.0, -60.0, 5)]
    plain = diff(_photo(still + [went]), _photo(after), "red", board)
    glare = diff(_photo(still + [went]), replace(_photo(after), washed=((150.0, 20.0, 40.0),)), "red", board)
    green_id = len(still) + 1
    assert green_id in plain.report.left_surface and plain.in_glare == ()
    assert glare.report == plain.report and glare.in_glare == (green_id,)  # the verdict is the photos' all the same
    assert f"green disc {green_id}" in glare_note(glare.in_glare, glare.names)
    assert glare_note(plain.in_glare, plain.names) == ""


def test_a_drop_no_hole_call_saw_goes_to_the_shot_disc_when_it_is_nowhere_else():
    board = board_named("tournament")
    gone = [(3, "green", 40.0), (4, "green", 200.0), (9, "red", None)]  # 9: the shot disc, seen nowhere
    none = {"red": 0, "green": 0}
    assert dict(_fates(gone, none, True, board)) == {9: True, 3: False, 4: False}
    assert dict(_fates(gone[:2], none, True, board)) == {3: True, 4: False}  # else the one nearest the hole
    # The hole looks as it did: nothing dropped in, not even the disc that vanished beside it.
    assert not any(dict(_fates(gone, none, False, board)).values())
    # The photos were not compared: the disc that vanished beside the hole dropped in, the shot disc left.
    assert dict(_fates(gone, none, None, board)) == {9: False, 3: True, 4: False}
    # A new green 20 a hole call saw takes green's disc nearest the hole, whatever else the hole shows.
    assert dict(_fates(gone, {"red": 0, "green": 1}, False, board)) == {9: False, 3: True, 4: False}


@pytest.mark.parametrize("went_mm", [31.0, 6.0])
def test_a_shooters_disc_gone_far_with_no_new_disc_of_theirs_was_knocked_off(went_mm):
    # The shooter's side has as many discs after the shot as before, one of them elsewhere. Gone further than a
    # radius, it was knocked off and the shot disc rests where it was found (pair 55 of seed 31); nudged a few
    # millimetres, the shot disc glanced off it and left the board.
    board = board_named("tournament")
    still = [_disc("red", 60.0, 110.0, 10), _disc("green", 30.0, -170.0, 5)]
    before = still + [_disc("red", -174.2, 220.0, 5)]
    after = still + [_disc("red", -174.2 + went_mm * 0.45, 220.0 - went_mm * 0.89, 5)]
    d = diff(_photo(before), _photo(after), "red", board)
    knocked = went_mm > board.disc_r
    assert (d.shot_disc is not None) == knocked
    assert (3 in d.report.left_surface) == knocked and (d.report.shot_id in d.report.left_surface) != knocked
    assert [m.after is None for m in d.moved] == [knocked]


@pytest.mark.parametrize("spot", [0.0, 0.2])
def test_a_disc_struck_square_travels_and_the_shot_disc_stops_where_it_struck(spot):
    # Pair 35 of seed 1234: red's shot struck red's own disc; that disc slid over 100 mm (straight in from the
    # middle of the line, aside from 0.2) and the shot disc stopped about where it struck. Nearest-first matching
    # took the shot disc for the old one, and the old one for the shot disc.
    board = board_named("tournament")
    game = Game.create(board, "casual", "singles")
    state = State((Disc(1, 0, 0.0, -150.0), Disc(2, 1, 150.0, 100.0)), (0, 0), 0, 0, (0, 0), (), 3)
    start = board.spot_position(Seat.BOTTOM, spot)
    speed = DEFAULT_PARAMS.speed_for_distance(math.dist(start, (0.0, -150.0)) + 100)
    rest = play(game, state, aim_at(board, Seat.BOTTOM, spot, (0.0, -150.0), speed)).motion.positions
    photo = [_disc(("red", "green")[d.team], *rest[d.id], 5) for d in state.discs]
    d = diff(_photo([_disc("red", 0.0, -150.0, 5), _disc("green", 150.0, 100.0, 5)]),
             _photo([*photo, _disc("red", *rest[3], 5)]), "red", board)
    assert math.dist(rest[1], (0.0, -150.0)) > 3 * math.dist(rest[3], (0.0, -150.0))  # the story as told
    assert (d.shot_disc.x_mm, d.shot_disc.y_mm) == rest[3]
    assert [(m.id, m.after) for m in d.moved] == [(1, rest[1])]


@pytest.mark.parametrize("struck", [True, False])
def test_a_shot_that_drops_the_shooters_own_disc_stops_where_it_struck(struck):
    # Pair 92 of seed 2718: black's shot struck black's own disc square into the 20 hole from 111 mm out and
    # stopped where it struck, 31 mm behind that disc's spot. Matched nearest first, that disc had moved 31 mm
    # back towards the shooter and the shot disc had dropped in: no shot disc goes on 70 mm into the hole after
    # pushing a disc away from it. A shot that drops in on its own, nothing of the shooter's moved, is the 20.
    board = board_named("tournament")
    game = Game.create(board, "casual", "singles")
    own = (0.0, -100.0) if struck else (-120.0, 60.0)
    state = State((Disc(1, 0, *own), Disc(2, 1, 150.0, 100.0)), (0, 0), 0, 0, (0, 0), (), 3)
    start = board.spot_position(Seat.BOTTOM, 0.0)
    speed = DEFAULT_PARAMS.speed_for_distance(math.dist(start, (0.0, 0.0)) + (20 if struck else 0))
    motion = play(game, state, aim_at(board, Seat.BOTTOM, 0.0, (0.0, 0.0), speed)).motion
    assert motion.dropped == ((1,) if struck else (3,))  # the story as told
    after = [_disc(("red", "green")[d.team], *motion.positions[d.id], 5) for d in state.discs
             if d.id in motion.positions]
    after += [_disc("red", *motion.positions[3], 5)] if struck else []
    d = diff(_photo([_disc("red", *own, 5), _disc("green", 150.0, 100.0, 5)]),
             _photo([*after, _disc("red", 0.0, 0.0, 20)]), "red", board)
    assert d.report.dropped == ((1,) if struck else (3,))
    if struck:
        assert (d.shot_disc.x_mm, d.shot_disc.y_mm) == motion.positions[3]
        assert [(m.id, m.after) for m in d.moved] == [(1, None)]
    else:
        assert d.shot_disc.points == 20 and d.moved == ()


def test_a_disc_of_the_other_side_knocked_far_across_the_board_moved_and_did_not_leave():
    # The other side gains no disc in a shot, so their disc found anew 260 mm away is the one knocked there (82 of
    # 3000 simulated shots knock an opponent's disc over 150 mm and leave it on the surface).
    board = board_named("tournament")
    before = [_disc("green", 150.0, 40.0, 10), _disc("red", -60.0, -200.0, 5)]
    after = [_disc("green", -100.0, 110.0, 10), _disc("red", -60.0, -200.0, 5), _disc("red", 180.0, 32.0, 10)]
    d = diff(_photo(before), _photo(after), "red", board)
    assert [(m.team, m.after) for m in d.moved] == [("green", (-100.0, 110.0))]
    assert d.report.left_surface == () and d.shot_disc.x_mm == 180.0


def test_a_disc_of_the_other_side_found_where_a_disc_stood_is_a_misread_not_a_disc_knocked_there():
    # Pair 101 of seed 2025: the shot knocked green's disc into the ditch, and a disc that stood still was read
    # red before and green after. It is not green's disc knocked 400 mm across: green's disc left (a hit).
    board = board_named("tournament")
    before = [_disc("red", -54.0, 177.0, 10), _disc("green", -172.0, -215.0, 5), _disc("red", 57.0, 223.0, 5)]
    after = [_disc("green", -54.0, 177.0, 10), _disc("red", 57.0, 223.0, 5), _disc("red", -162.0, -241.0, 0)]
    d = diff(_photo(before), _photo(after), "red", board)
    assert 2 in d.report.left_surface
    assert not any(m.team == "green" and m.after is not None for m in d.moved)


@pytest.mark.parametrize("in_doubt", [True, False])
def test_a_new_disc_of_the_other_side_whose_team_is_in_doubt_is_the_shot_disc(in_doubt):
    # Pair 100 of seed 1234: the shooter's light disc came to rest in glare and was read as the dark team's, with
    # its team in doubt. The other side gains no disc in a shot: it is the shot disc. Read with no doubt, it stays
    # the other side's (a disc the before photo missed), and the shot disc is nowhere.
    board = board_named("tournament")
    before = [_disc("red", -15.0, -99.0, 10), _disc("red", 100.0, -97.0, 10)]
    stray = replace(_disc("green", 200.0, 104.0, 5), uncertain=in_doubt,
                    why=(score_mod.TEAM_DOUBT_WHY,) if in_doubt else ())
    d = diff(_photo(before), _photo([*before, stray]), "red", board)
    assert (d.shot_disc is not None) == in_doubt
    if in_doubt:
        assert (d.shot_disc.team, d.shot_disc.x_mm) == ("red", 200.0)


def test_a_loosely_fitted_disc_does_not_turn_the_after_photos_frame():
    # Pair 285 of seed 2025: a light disc on maple was fitted 5 mm off in the after photo (its sigma said so).
    # Counted like the others, it turned the frame enough that an untouched disc 250 mm out read as moved 2 mm:
    # a hit, and a missed shot judged fair.
    before = [_disc("green", -237.0, 84.3, 5), _disc("red", 52.6, -41.7, 15), _disc("red", 230.5, 89.6, 5)]
    after = [replace(before[0], sigma_mm=0.35), replace(before[1], sigma_mm=0.5),
             replace(before[2], x_mm=233.9, y_mm=86.1, sigma_mm=1.3)]
    turn = align(_photo(before), _photo(after))
    assert abs(turn) * 250 < 0.5  # mm at the untouched disc; counted alike, the three gave 2.1 mm
    d = diff(_photo(before), _photo(after), "red", board_named("tournament"))
    assert not any(m.team == "green" for m in d.moved)


def test_a_lone_disc_between_the_given_colours_is_in_doubt():
    # One disc on the board, washed out by glare: nearer light wood than dark, but not by much. It is one team's
    # by the given colours, and the call must say it is unsure (its own "cluster" is no evidence).
    given = {"natural": (224, 192, 140), "dark": (74, 48, 32)}
    split = split_teams(np.array([[59.1, 7.5, 13.2]], np.float32), given)
    assert split.names[split.labels[0]] == "natural" and split.doubt[0] > score_mod.TEAM_DOUBT
    clear = split_teams(np.array([[78.0, 4.0, 29.0]], np.float32), given)
    assert clear.doubt[0] < score_mod.TEAM_DOUBT


def test_a_lone_teams_disc_brightened_by_the_shade_correction_stays_in_its_team():
    # Pair 242 (seed 2025): three yellow discs, one read in shade and brightened to a greener yellow. The two
    # clusters were 29 apart, just past 0.4 of yellow-to-green, so the bright one was called green without doubt
    # and the open-board shot judged as must-hit. Both clusters are nearer yellow and apart across, not towards
    # green: one team.
    given = {"green": (36, 118, 62), "yellow": (232, 196, 52)}
    lab = np.array([[94.8, -15.9, 82.7], [73.9, 3.8, 68.0], [80.7, 4.4, 73.5]], np.float32)
    split = split_teams(lab, given)
    assert [split.names[k] for k in split.labels] == ["yellow"] * 3
    # Two real teams lie apart the given colours' way, even when a dim light puts both nearer green.
    dim = np.array([[30.0, -35.0, 15.0], [31.0, -34.0, 16.0], [50.0, -10.0, 40.0], [49.0, -11.0, 39.0]], np.float32)
    split = split_teams(dim, given)
    assert [split.names[k] for k in split.labels] == ["green", "green", "yellow", "yellow"]


def test_a_disc_alone_in_its_colour_cluster_is_judged_by_the_given_colours():
    # Pair 157 (seed 2025): three dark discs, one lifted by a gloss the board beside it does not show. Alone in
    # its cluster, it was its own team's colour (doubt 0): a dark disc scored as light wood with no warning.
    given = {"natural": (224, 192, 140), "dark": (74, 48, 32)}
    lab = np.array([[26.9, 8.6, 14.9], [56.2, 5.5, 11.3], [35.4, 7.0, 11.8]], np.float32)
    split = split_teams(lab, given)
    assert split.doubt[1] > score_mod.TEAM_DOUBT
    assert max(split.doubt[0], split.doubt[2]) < score_mod.TEAM_DOUBT
    # A lone disc that plainly has the other given colour stays sure.
    clear = split_teams(np.array([[26.9, 8.6, 14.9], [78.0, 4.0, 29.0], [35.4, 7.0, 11.8]], np.float32), given)
    assert clear.names[clear.labels[1]] == "natural" and clear.doubt[1] < score_mod.TEAM_DOUBT


def test_one_odd_colour_does_not_put_both_teams_in_one_cluster():
    # Five red and five black discs and one face far from both (clipped white by glare, or a false disc's board
    # colour). Seeded with the two most different colours, 2-means gave the odd one a cluster of its own and
    # called every red disc black.
    rng = np.random.default_rng(0)
    for odd in ([95, 0, 5], [85, -5, 60], [80, 10, 80]):
        lab = np.array([[40, 55, 30]] * 5 + [[15, 0, 0]] * 5 + [odd], float) + rng.normal(0, 2, (11, 3))
        split = split_teams(lab.astype(np.float32), {"red": (176, 32, 40), "black": (32, 32, 34)})
        assert [split.names[k] for k in split.labels[:10]] == ["red"] * 5 + ["black"] * 5


def test_hole_call_in_doubt_when_the_hole_looks_like_a_bare_floor_within_reach_of_a_dark_team():
    dark_team, light_team = np.array([23.8, 7.7, 12.4]), np.array([77.8, 2.6, 24.6])
    bare_floor = np.array([27.0, 0.0, 1.4])  # dark and grey, and within reach of the dark team's colour
    assert hole_mod.hole_call(bare_floor, [light_team, dark_team]) == (None, True)  # too grey for a brown disc
    dim_disc = np.array([27.0, 5.0, 7.0])  # the dark team's hue, dimmer: by its colour a disc
    assert hole_mod.hole_call(dim_disc, [light_team, dark_team])[0] == 1
    assert hole_mod.hole_call(np.array([78.0, 3.0, 25.0]), [light_team, dark_team]) == (0, False)


def test_a_hole_like_a_bare_floor_is_in_doubt_while_a_teams_colour_is_unknown():
    # Hard photo 214 of seed 4242 with no colours given: only red discs on the surface, the black team's one disc
    # sunk in the hole, which looks like a bare floor. The black team's colour is unknown, so it could be black:
    # the hole was read as a sure empty one.
    red_discs, floor = np.array([38.5, 56.0, 33.5]), np.array([14.0, 0.5, -1.0])
    assert hole_mod.hole_call(floor, [red_discs, None]) == (None, True)
    assert hole_mod.hole_call(floor, [None, None]) == (None, True)
    score, truth = _benchmark_photo(214, hard=True, seed=4242, learn=True)
    assert truth["twenties"]["black"] == 1
    assert HOLE_NOTE in score.notes


def test_an_empty_hole_greyed_by_glare_is_not_a_brown_disc():
    # Plain photo 143 of seed 31: glare lifted the hole's floor to L 40, within 10 delta-E of the dark wood discs
    # (L 42), and it was scored as a dark 20 with no doubt. Its chroma is 1.5 against the discs' 11.
    score, truth = _benchmark_photo(143, seed=31)
    assert score.totals == truth["totals"]
    assert score.uncertain


def test_a_black_team_lifted_by_a_veil_is_still_judged_by_its_paint_in_the_hole():
    # Plain photo 54: a washed-out exposure lifts the black discs to L 38 and the empty hole's floor to L 42, too
    # light for a floor: read as a sure black 20. The black paint says the hole's colour proves nothing.
    black_discs, light_discs = np.array([38.3, -0.4, -2.6]), np.array([88.0, -0.1, 0.2])
    hole = np.array([41.8, -0.2, 0.6])
    assert hole_mod.hole_call(hole, [black_discs, light_discs]) == (0, False)
    paints = score_mod.rgb_to_lab([(30, 30, 30), (222, 190, 140)])
    assert hole_mod.hole_call(hole, [black_discs, light_discs], paints) == (None, True)
    score, truth = _benchmark_photo(54)
    assert score.totals == truth["totals"] and HOLE_NOTE in score.notes


def test_with_no_colours_given_a_black_team_under_a_veil_is_judged_by_its_darkest_disc_in_the_hole():
    # Plain photo 198 of seed 4242, no colours given: a glare veil lifts the black discs to L 36 on the mean (a hair
    # past a floor's L), and the empty hole, as grey under it, was counted a sure 20 of the "grey" team. Its darkest
    # disc, L 27, is as dark and grey as a floor: the hole proves nothing.
    black_discs, light_discs = np.array([36.0, -0.1, -1.6]), np.array([80.8, -1.3, 21.3])
    hole = np.array([38.6, 0.2, 0.7])
    assert hole_mod.hole_call(hole, [black_discs, light_discs]) == (0, False)
    darkest = hole_mod.darkest_faces(np.array([[27.3, -0.3, -1.5], [36.0, 0.0, -1.0], [80.8, -1.3, 21.3]]),
                                      np.array([0, 0, 1]))
    assert darkest[0][0] == 27.3 and darkest[1][0] == 80.8
    assert hole_mod.darkest_faces(np.zeros((1, 3)), np.array([0]))[1] is None
    assert hole_mod.hole_call(hole, [black_discs, light_discs], darkest) == (None, True)
    score, truth = _benchmark_photo(198, seed=4242, learn=True)
    assert truth["twenties"] == {"black": 0, "natural": 0}
    assert sum(score.twenties.values()) == 0 and HOLE_NOTE in score.notes


def test_a_hole_that_looks_like_a_team_disc_in_another_light_is_in_doubt():
    # Hard photo 204 of seed 4242: a red 20 sunk in the hole, lit at about a third of the red discs' light, was
    # read as a sure empty hole (30 delta-E from the red discs). An empty red floor looks just the same.
    red_discs, black_discs = np.array([37.0, 55.5, 35.2]), np.array([11.1, 1.1, -0.4])
    assert hole_mod.hole_call(np.array([20.6, 35.5, 20.1]), [red_discs, black_discs]) == (None, True)
    # Hard photo 44 of seed 31: a red 20 under glare, brighter than the red discs on the board.
    glared = np.array([65.4, 51.9, 19.9])
    assert hole_mod.hole_call(glared, [np.array([42.5, 43.4, 18.3]), black_discs]) == (None, True)
    # Hard photo 76 of seed 4242: a black 20 under glare, 34 delta-E lighter than the black discs.
    assert hole_mod.hole_call(np.array([62.5, 0.4, -2.2]), [np.array([39.7, 46.8, 21.1]), np.array([28.5, 0.6, -2.7])],
                               score_mod.rgb_to_lab([(176, 32, 40), (32, 32, 34)])) == (None, True)
    # A grey floor is no dark wood disc in shade: it has lost the wood's hue.
    dark_wood, light_wood = np.array([20.5, 8.6, 13.4]), np.array([79.0, 4.0, 29.0])
    assert hole_mod.hole_call(np.array([3.1, 0.0, 1.0]), [light_wood, dark_wood]) == (None, False)
    # Its colour alone leaves the hole in doubt; the ring on the sunk disc's face then says it is red's 20.
    score, truth = _benchmark_photo(204, hard=True, seed=4242)
    assert truth["twenties"] == score.twenties == {"red": 1, "black": 0}
    assert HOLE_NOTE not in score.notes


def test_a_disc_more_colourful_than_its_teams_paint_in_any_light_is_in_doubt():
    # Hard photo 111: a glare spot centred on the hole lifts the board all round it alike, so the veil on three
    # navy discs went unseen and they read light blue, nearer the white team: three sure white discs.
    white_navy = score_mod.rgb_to_lab([(236, 232, 220), (26, 34, 72)])
    light_blue, white = np.array([69.0, 5.0, -21.0]), np.array([88.0, 0.5, 4.0])
    assert off_hue(np.array([light_blue, white]), np.array([0, 0]), white_navy).tolist() == [True, False]
    # Light and dark wood share a hue: a well-lit dark disc is no light one, nor the other way round.
    woods = score_mod.rgb_to_lab([(224, 192, 140), (74, 48, 32)])
    assert not off_hue(np.array([[60.0, 12.0, 30.0], [30.0, 10.0, 20.0]]), np.array([1, 0]), woods).any()
    score, truth = _benchmark_photo(111, hard=True)
    navy = [d for d in score.discs if any(np.hypot(d.px[0] - t["px"][0], d.px[1] - t["px"][1]) < 3
                                         for t in truth["discs"] if t["team"] == "navy")]
    assert len(navy) >= 3 and all(d.team == "navy" or score_mod.TEAM_DOUBT_WHY in d.why for d in navy)


def test_a_hole_clipped_white_by_glare_is_in_doubt():
    # Hard photo 287: a red 20 under glare that clips the hole's red channel reads pink, like no team's disc in
    # any light, and the hole was a sure empty one (its other flags were the photo's only warning).
    score, truth = _benchmark_photo(287, hard=True)
    assert truth["twenties"]["red"] == 1 and HOLE_NOTE in score.notes


@pytest.mark.parametrize("learn", [False, True])
def test_a_team_the_colour_of_the_holes_floor_makes_no_sure_twenty(learn):
    # Plain photo 177 of seed 2025 with a maroon team: the empty hole's red felt floor has the maroon discs' own
    # colour, and was counted a sure maroon 20. Colour alone proves no 20.
    rng = np.random.default_rng([2025, 30_000 + 177])
    board = board_named("tournament")
    scene = recoloured(random_scene(rng, board, hard=False), {"maroon": (110, 25, 35), "cream": (240, 230, 200)})
    score, truth = _scored(*render(scene, random_style(rng), rng, size=(1600, 1200)), board, learn)
    assert sum(truth["twenties"].values()) == 0
    sunk = [d for d in score.discs if d.points == 20]
    assert HOLE_NOTE in score.notes and all("in the hole or not" in d.why for d in sunk)


def test_a_face_clipped_white_where_the_board_beside_it_is_clipped_too_may_be_either_team():
    # Hard photo 111 of seed 2025 recoloured grey/white: glare clips the centre of the board, and a grey disc's
    # face with it. The veil there is unbounded, so its face says nothing of its paint: it was a sure white 15.
    rng = np.random.default_rng([2025, 111])
    scene = recoloured(random_scene(rng, board_named("tournament"), hard=True), {"grey": (128, 128, 128),
                                                                                 "white": (236, 232, 220)})
    score, truth = _scored(*render(scene, random_style(rng), rng, size=(1600, 1200)), board_named("tournament"))
    t = next(t for t in truth["discs"] if t["in_play"] and t["team"] == "grey" and t["points"] == 15)
    found = _found_at(score, t)
    assert found.team == "grey" or score_mod.TEAM_DOUBT_WHY in found.why


def test_a_fit_that_slid_down_its_wall_about_as_well_as_the_right_one_is_in_doubt():
    # Plain photo 114 of seed 2025 with high-ISO noise (sigma 6 levels): a dark disc's top rim on the dark ditch
    # grew faint and its fit slid 10 mm down the wall onto the base, from 0 points to a sure 5. The fit from a wall
    # further from the camera, the right one, cost 0.103 mm more: about as well.
    rng = np.random.default_rng([2025, 30_000 + 114])
    board = board_named("club")
    img, truth = render(random_scene(rng, board, hard=False), random_style(rng), rng, size=(1600, 1200))
    noisy = np.clip(img + np.random.default_rng(114).normal(0, 6, img.shape), 0, 255).astype(np.uint8)
    score, _ = _scored(noisy, truth, board)
    t = next(t for t in truth["discs"] if t["in_play"] and t["team"] == "dark" and t["points"] == 0)
    found = _found_at(score, t, within_px=12.0)
    assert found.points == 0 or found.uncertain


def _benchmark_photo(k, hard=False, seed=2025, learn=False, size=(1600, 1200), novel=False):
    """The benchmark's plain-set (or, ``hard``, hard-set; ``novel``, novel-set) photo k of ``seed``, scored as the
    benchmark scores it (after a JPEG round trip); ``learn``: with no team colours given."""
    rng = np.random.default_rng([seed, k] if hard else [seed, 30_000 + k])
    board = board_named("club" if k % 5 == 4 else "tournament")
    scene, style = random_scene(rng, board, hard=hard), random_style(rng)
    if novel:
        scene = recoloured(scene, OTHER_TEAM_SETS[k % len(OTHER_TEAM_SETS)])
        style = replace(style, look=replace(style.look, hole_rgb=OTHER_HOLE_FLOORS[k % len(OTHER_HOLE_FLOORS)]))
    return _scored(*render(scene, style, rng, size=size), board, learn)


@pytest.mark.parametrize("seed,board", [(0, TOURNAMENT), (5, CLUB), (7, CLUB)])
def test_a_photo_drawn_by_the_plain_renderer_scores_exact_and_sure(seed, board):
    """The plain renderer draws unlike the one the thresholds were measured on (flat colours of its own, no
    bevel, grain or glare): every disc is found where it is, in its team, with its points, and nothing is in doubt
    (no disc of these is within 3 mm of a line; one square-on, two tilted 20 and 42 degrees)."""
    rng = np.random.default_rng(seed)
    scene = random_scene(rng, board, hard=False)
    img, truth = render_flat(scene, random_flat_look(rng), random_flat_pose(rng), rng)
    score, _ = _scored(img, truth, board)
    on = [t for t in truth["discs"] if t["in_play"]]
    assert len(score.discs) == len(on) >= 8
    for t in on:
        found = _found_at(score, t)
        assert (found.team, found.points) == (t["team"], t["points"])
    assert score.totals == truth["totals"] and not score.uncertain


def test_a_lone_disc_by_the_outer_line_is_sought_at_its_own_size():
    """The discs' size is measured from the circles the photo shows; with one disc on the board, the outer line
    gave the smaller sizes more circles (17 to 9), though weaker ones, and the size 0.88 of the profile's won: the
    disc was missed (flat photo 12 of seed 777)."""
    rng = np.random.default_rng([777, 70_012])
    scene = random_scene(rng, TOURNAMENT, hard=False)
    random_style(rng)  # as the benchmark draws it
    img, truth = render_flat(scene, random_flat_look(rng), random_flat_pose(rng), rng)
    score, _ = _scored(img, truth, TOURNAMENT)
    (t,) = [t for t in truth["discs"] if t["in_play"]]
    assert (_found_at(score, t).points, score.totals) == (5, truth["totals"])


def test_a_board_with_no_discs_scores_nothing_with_team_colours_given():
    rng = np.random.default_rng(11)
    scene = replace(random_scene(rng, TOURNAMENT), discs=())
    score, _ = _scored(*render(scene, random_style(rng), rng, size=(1600, 1200)), TOURNAMENT)
    assert not score.discs and set(score.totals.values()) == {0}


def _jpeg_round_trip(img, truth):
    jpeg = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, truth["jpeg_quality"]])[1]
    return cv2.imdecode(jpeg, cv2.IMREAD_COLOR)


def _scored(img, truth, board, learn=False):
    """A rendered photo scored after the JPEG round trip its truth asks for, with the truth's team colours (none:
    ``learn``)."""
    return score_photo(_jpeg_round_trip(img, truth), board=board,
                       teams=None if learn else {n: tuple(c) for n, c in truth["team_colours"].items()}), truth


def _found_at(score, t, within_px=3.0):
    """The disc found where the truth disc ``t`` is in the photo (nearest, and within ``within_px``)."""
    d = min(score.discs, key=lambda d: math.dist(d.px, t["px"]))
    assert math.dist(d.px, t["px"]) < within_px
    return d


def _truth_at(truth, px):
    """The truth disc in play whose centre is at image point ``px`` (within 1 px)."""
    (t,) = [t for t in truth["discs"] if t["in_play"] and math.dist(t["px"], px) < 1]
    return t


def _disc_px(score: PhotoScore) -> float:
    """A disc's radius in the photo's pixels (on the top-face plane): discs do not overlap, so a disc counted this
    near a truth disc stands for it."""
    return score.board.disc_r * score.top_plane.image_px_per_mm()


def _stands_for_one(score: PhotoScore, d, truth: dict, team: str | None = None) -> bool:
    """Is the counted disc ``d`` within a disc's radius of a truth disc in play (of ``team``, when given)?"""
    return any(math.dist(t["px"], d.px) < _disc_px(score) for t in truth["discs"]
               if t["in_play"] and team in (None, t["team"]))


def test_a_disc_with_a_ring_on_its_face_is_placed_by_the_ring_where_its_rim_misleads():
    # Hard photo 104, seen at 38 degrees: black discs with a white ring on their faces, their soft shadows on the
    # board beside them. Three rim fits settled 4-6 mm off (one on the disc's base, two 8.6 px off in the photo).
    score, truth = _benchmark_photo(104, hard=True)
    black = [t for t in truth["discs"] if t["in_play"] and t["team"] == "black"]
    assert len(black) == 10
    for t in black:
        d = _found_at(score, t, within_px=1.0)
        assert d.points == t["points"] or abs(t["margin_mm"]) < 0.5  # a hairline call may go either way


def test_a_disc_placed_on_a_guessed_camera_height_next_to_a_line_is_in_doubt():
    # Hard photo 297, square-on: the camera's height was guessed 38% short, so the top-face plane is off and a
    # yellow 0 whose edge lies 0.06 mm outside the outer line is placed 0.9 mm inwards, called 5. Its rim was
    # fitted by its base before, and the ring on its face, 0.9 mm off it, put that disagreement into its error
    # (sigma 1.07 mm). Fitted by its top rim alone now, rim and ring agree (sigma 0.31 mm) and both are off by the
    # height; the guessed height's own error is counted instead (GUESSED_LOG_HEIGHT: sigma 1.27 mm), so the call
    # is in doubt.
    score, truth = _benchmark_photo(297, hard=True)
    d = _found_at(score, _truth_at(truth, (1138.272, 652.183)), within_px=1.0)
    assert d.points == 0 or (d.uncertain and "near a line" in d.why)


def test_a_camera_height_the_discs_gave_is_counted_in_each_call_s_error():
    # Hard photo 50, 8 degrees off square-on: the rings cannot give the focal length, the discs' walls gave one
    # 42% short (the camera's height 1119 mm for 1934), and every face far from the camera's foot was placed off by
    # it (radial error -0.54 mm at the median). That estimate is off by e^0.25 at the median, so its doubt
    # (DISC_FOCAL_LOG_HEIGHT) is in every call's sigma, as a guessed height's is.
    score, _ = _benchmark_photo(50, hard=True)
    view = score.calibration.view
    assert score.calibration.focal_px is not None and not view.focal_estimated
    far = max(score.discs, key=lambda d: score_mod.height_error_mm(view, d.x_mm, d.y_mm, score.board.disc_thickness))
    height = score_mod.DISC_FOCAL_LOG_HEIGHT * score_mod.height_error_mm(view, far.x_mm, far.y_mm,
                                                                          score.board.disc_thickness)
    assert height > 0.2 and far.sigma_mm >= height


def test_a_black_twenty_with_a_ring_on_its_face_is_seen_in_a_black_hole():
    # Hard photo 55: a black disc with a white ring sunk in a hole with a near-black floor. Its colour cannot tell it
    # from the floor, so it was read as an empty hole (noted); the ring, centred in the hole, says a disc is there.
    score, truth = _benchmark_photo(55, hard=True)
    assert score.twenties == {"black": 1, "natural": 0}
    assert score.totals == truth["totals"]
    assert HOLE_NOTE not in score.notes


def test_a_team_the_colour_of_the_board_is_noted_where_discs_stay_hidden():
    # Plain photo 207: black discs on a board painted black (delta-E 2.6 apart). Not all six black discs in play
    # are counted; only the board's colour can say so.
    score, truth = _benchmark_photo(207)
    assert score.totals["black"] < truth["totals"]["black"]
    assert score_mod.camo_note("black") in score.notes
    # Plain photo 3: red and black discs on maple are nothing like the board.
    score, _ = _benchmark_photo(3)
    assert not any(n.startswith(score_mod.CAMO_NOTE) for n in score.notes)


def test_a_team_the_colour_of_the_board_is_looked_for_again_on_coarser_edges(monkeypatch):
    # Plain photo 61 of seed 777, black discs on black paint: one gathers no circle on the fine edge field; read
    # over 1.7 mm (``hidden``) its rim shows all round. Its face is 3.6 delta-E from the black team's, but only 1.7
    # times that from the zone's paint (under OUTLINE_BOARD_RATIO), and 2.9 from the board right beside it. It is
    # counted, in doubt, and the board's colour is still noted.
    score, truth = _benchmark_photo(61, seed=777)
    assert score.totals == truth["totals"]
    for t in [t for t in truth["discs"] if t["in_play"] and t["team"] == "black"]:
        assert _found_at(score, t, within_px=4.0).team == "black"
    assert any(score_mod.OUTLINE_WHY in d.why for d in score.discs if d.team == "black")
    assert score_mod.camo_note("black") in score.notes
    monkeypatch.setattr(score_mod, "hidden_outlines", lambda *a, **k: ())
    score, _ = _benchmark_photo(61, seed=777)
    assert score.totals["black"] < truth["totals"]["black"]


def test_an_outline_is_counted_by_the_board_beside_it_only_with_its_rim_seen_all_round():
    # Plain photo 61 of seed 777 again. The black disc's face is too near the zone's paint for an outline to be
    # counted by its colour alone; where a team is the board's colour, a tight rim on every ray and a face unlike
    # the board right beside it count it. A loose rim on the same face does not: empty black paint reads up to
    # 2.2 delta-E from the board beside it (p95 over 366 spots here), so the face alone says little.
    rng = np.random.default_rng([777, 30_000 + 61])
    board = board_named("tournament")
    img, truth = render(random_scene(rng, board, hard=False), random_style(rng), rng, size=(1600, 1200))
    img = _jpeg_round_trip(img, truth)
    colours = {n: tuple(c) for n, c in truth["team_colours"].items()}
    score = score_photo(img, board=board, teams=colours)
    scene = score_mod.Scene.of(img, board, score.calibration)
    (black,) = [d for d in score.discs if d.team == "black"]
    reds = np.array([(d.x_mm, d.y_mm) for d in score.discs if d.team != "black"])
    paint = teams_mod.zone_paints(img, Plane(score.calibration.board_to_image, 1.0, board.surface_r), scene.board)
    team_labs = list(teams_mod.rgb_to_lab(list(colours.values())))

    def taken(fit_mm, same_light):
        outline = FoundDisc(black.x_mm, black.y_mm, black.r_mm, 0.4, 1.0, fit_mm)
        return int(score_mod.outline_teams(scene, (outline,), reds, team_labs, paint, black.r_mm, same_light)[0])

    assert taken(0.5, same_light=False) == -1
    assert taken(0.5, same_light=True) == list(colours).index("black")
    assert taken(1.2, same_light=True) == -1


def test_with_no_colours_given_a_team_hidden_on_dark_paint_is_still_noted():
    # Plain photo 207 with no colours given: only the natural discs show, learnt as two teams split by light
    # ("light natural", "dark natural"), and no learnt colour is the paint's. The black paint could hide a team
    # of its own colour, and did.
    score, truth = _benchmark_photo(207, learn=True)
    assert truth["totals"]["black"] > 0
    assert score_mod.camo_note("black") in score.notes
    # Plain photo 3 with no colours given: red and black discs on maple, two colours seen, nothing hidden.
    score, _ = _benchmark_photo(3, learn=True)
    assert not any(n.startswith(score_mod.CAMO_NOTE) for n in score.notes)


def test_a_hidden_team_is_looked_for_only_on_dark_paint_and_when_one_colour_shows():
    black_paint, maple = score_mod.rgb_to_lab([(30, 30, 32), (215, 180, 130)])
    natural, red = score_mod.rgb_to_lab([PALETTE["natural"], PALETTE["red"]])
    paints = np.array([black_paint, maple])
    assert score_mod.hidden_colours([natural, None], paints) == ["black"]  # a lone team
    assert score_mod.hidden_colours([natural, natural + [8.0, 0.0, 0.0]], paints) == ["black"]  # split by light
    assert score_mod.hidden_colours([natural, red], paints) == []  # both teams seen
    assert score_mod.hidden_colours([red, None], np.array([maple])) == []  # maple draws a natural disc's outline
    assert score_mod.hidden_colours([None, None], paints) == ["black"]  # an empty board


def test_an_empty_hole_far_darker_than_a_black_disc_would_look_there_is_sure():
    # Plain photo 58: black and natural discs, an empty hole with a near-black floor. Its colour is the black
    # team's, so it was noted "cannot tell" (the photo's only flag); it looks 0.34 as bright as the darkest black
    # disc does where the board beside it is as bright as beside the hole, and a sunk disc's face is lit like them.
    score, truth = _benchmark_photo(58)
    assert truth["twenties"] == {"black": 0, "natural": 0}
    assert score.totals == truth["totals"] and not score.uncertain


def test_a_sunk_disc_under_a_light_only_the_hole_gets_is_in_doubt():
    # Hard photo 112 of seed 5150: a glare spot on the centre lifts the board beside the hole by 62 levels in every
    # channel over the board beside the navy disc, and the navy 20 under it reads light blue: no team's colour,
    # a sure empty hole. Under that veil the navy disc would look just so; a near-black floor would not.
    navy, beside_navy = np.array([65.0, 31.0, 25.0]), np.array([110.0, 154.0, 166.0])  # BGR
    hole_beside = beside_navy + 62.0
    args = (hole_beside, navy[None], beside_navy[None])
    assert hole_mod.lit_like_a_disc(np.array([121.0, 87.0, 81.0]), *args) == 0
    assert hole_mod.lit_like_a_disc(np.array([10.0, 10.0, 12.0]), *args) is None
    # A board beside the hole that no light could make of the board beside the disc (a veil taking light away)
    # is another paint, and says nothing.
    assert hole_mod.lit_like_a_disc(navy, beside_navy - 62.0, navy[None], beside_navy[None]) is None
    # Hard photo 147: a shadow band across the centre; the red 20 in it read as a sure empty hole.
    for k in (112, 147):
        score, truth = _benchmark_photo(k, hard=True, seed=5150)
        assert sum(truth["twenties"].values()) == 1 and HOLE_NOTE in score.notes


def test_the_light_between_two_boards_is_told_only_by_boards_with_colour():
    # The board beside the hole is the board beside a disc in half the light under a veil of 10 levels. Fitted
    # across the channels of maple (BGR 120, 170, 210) the factor 0.5 is told to 0.03; across those of black paint,
    # which differ by a few levels (plain photo 61 of seed 777), to 0.24, and a hole so lit is not counted.
    for board, told in ((np.array([120.0, 170.0, 210.0]), True), (np.array([20.0, 20.0, 10.0]), False)):
        gain, veil, _ = hole_mod.light_fit(0.5 * board + 10.0, board[None])
        assert gain[0] == pytest.approx(0.5) and veil[0] == pytest.approx(10.0)
        assert hole_mod._light_told(0.5 * board + 10.0, board) is told


def test_a_faint_outline_with_a_teams_face_is_counted_in_doubt():
    # Hard photo 69: navy discs on blue paint show faint rims only and were all left out as doubtful outlines. The
    # one whose face has the navy team's colour and not the paint's is counted, a navy disc where a navy disc lies,
    # uncertain; the others stay outlines, so the photo still says where to look. (One navy 5 near the far edge is
    # fitted 16 px off, into its shadow; discs do not overlap, so one counted within a disc's radius stands for it.)
    score, truth = _benchmark_photo(69, hard=True)
    taken = [d for d in score.discs if score_mod.OUTLINE_WHY in d.why]
    assert taken and score.doubtful
    for d in taken:
        assert d.uncertain and d.team == "navy" and d.r_mm == pytest.approx(score.discs[0].r_mm)
        assert _stands_for_one(score, d, truth, "navy")


@pytest.mark.parametrize("k", [16, 27])
def test_a_black_twenty_in_a_black_hole_stays_in_doubt(k):
    # Hard photos 16 and 27: a black 20 sunk in a hole with a near-black floor looks as bright as the black discs
    # on the board (27: beside a painted centre brighter than the board beside them, which is not counted).
    score, truth = _benchmark_photo(k, hard=True)
    assert truth["twenties"]["black"] == 1 and HOLE_NOTE in score.notes


@pytest.mark.parametrize("k", [8, 9, 22, 28, 36, 38])
def test_an_empty_hole_with_a_near_black_floor_is_not_taken_for_a_ringed_disc(k):
    # Empty holes, floors (12, 10, 10) or (20, 18, 16), a black team on the board: the hole's rim, its floor's edge
    # and a ring printed round the hole must not pass for a ring on a sunk disc's face.
    score, truth = _benchmark_photo(k, hard=True)
    assert not any(d["points"] == 20 for d in truth["discs"] if d["in_play"])
    assert sum(score.twenties.values()) == 0


def test_a_faint_dark_disc_across_a_shadow_bands_edge_is_noted_where_it_lies():
    # Plain photo 69: a black 10 on green paint, half in a shadow band, gathers a circle score of 0.417 (under
    # MIN_SCORE) and its outline agrees on 91% of rays with an rms of 0.36 mm. It was missed, and the photo flagged
    # only for its hole: the players were not told where to look.
    score, truth = _benchmark_photo(69)
    t = _truth_at(truth, (897.812, 475.547))
    noted = score.top_plane.to_image(score.doubtful) if score.doubtful else np.zeros((0, 2))
    assert any(math.dist(p, t["px"]) < 3 for p in [d.px for d in score.discs] + list(noted))


def test_a_disc_whose_wall_spoils_the_common_size_refit_is_still_counted():
    # Seen at 42 degrees near the far edge, a red disc fits on its own but not at the size measured on the others;
    # it was dropped without a word (a wrong total, unflagged). It must be counted, its call marked uncertain.
    score, truth = _benchmark_photo(137)
    assert score.totals == truth["totals"]
    (far,) = [d for d in score.discs if abs(np.hypot(d.x_mm, d.y_mm) - 280) < 4]
    assert far.team == "red" and far.points == 5


@pytest.mark.parametrize("k, px", [(216, (564.2, 847.5)), (296, (844.7, 390.6))])
def test_a_loose_fit_is_in_doubt_at_its_own_call_not_only_by_another_flag_on_its_photo(k, px):
    # Hard photos 216 and 296: a disc fitted 4 mm off (rms 0.74 mm, sigma 1.8 mm), its call wrong by a line, sure
    # at a margin of 3.3-3.4 mm; each photo was flagged for other discs only.
    score, truth = _benchmark_photo(k, hard=True)
    t = _truth_at(truth, px)
    d = _found_at(score, t, 8)
    assert d.points == t["points"] or d.uncertain


def test_a_disc_is_placed_by_the_circle_that_fits_its_outline_not_by_a_looser_one_beside_it():
    # Hard photo 40: a circle gathered on a black disc's rim and a neighbour's, as strong as the disc's own, was
    # taken first; its loose fit (1.3 mm rms) put the disc 15 mm off, sure, and the disc's own circle, fitting to
    # 0.3 mm, was dropped as the same disc.
    score, truth = _benchmark_photo(40, hard=True)
    t = _truth_at(truth, (1012.3, 632.7))
    d = _found_at(score, t)
    assert (d.team, d.points) == (t["team"], t["points"])


def test_a_tall_disc_seen_low_is_one_disc_not_its_face_and_its_base():
    # Seen at 55 degrees, a red 10 near the far 10 line was fitted twice, by its face and 27 mm nearer the camera
    # by its base and wall: a second red 10, sure, and the total 10 too high. Discs on a board never overlap.
    rng = np.random.default_rng([99, 6])
    board = board_named("tournament")
    scene, style = random_scene(rng, board), random_style(rng)
    score, truth = _scored(*render(scene, replace(style, pose=replace(style.pose, tilt_deg=55.0)), rng), board)
    assert len(score.discs) == sum(t["in_play"] for t in truth["discs"])
    assert score.totals == truth["totals"]
    assert all(math.dist((a.x_mm, a.y_mm), (b.x_mm, b.y_mm)) > 1.75 * a.r_mm
               for i, a in enumerate(score.discs) for b in score.discs[i + 1:])


@pytest.mark.parametrize(("towards_deg", "apart_mm", "wall_mm", "double"), [
    (0, 26.0, 24.0, True),  # the broadcast photo's and the 55-degree render's doubles: face and base
    (25, 26.0, 24.0, True),
    (180, 27.8, 13.3, False),  # hard photo 76 at 12 MP: a loose red 10 beside a blue 15, away from the camera
    (90, 26.0, 24.0, False),  # across the line of sight: a neighbour's loose fit, not this disc's base
    (0, 26.0, 4.0, False),  # a wall 4 mm wide cannot put a base 10 mm past the face
])
def test_a_second_circle_is_a_discs_base_only_straight_towards_the_camera_within_its_wall(
        towards_deg, apart_mm, wall_mm, double):
    from vision.discs import _base_of
    from vision.outline import Silhouette
    r, k = 16.2, 0.05
    face = FoundDisc(100.0, 50.0, r, 0.8, 1.0, 0.3)
    far = wall_mm / k + r  # the camera's foot this far from the face gives that wall (Silhouette.wall_mm)
    sil = Silhouette((face.x + far, face.y), k)
    a = math.radians(towards_deg)
    other = FoundDisc(face.x + apart_mm * math.cos(a), face.y + apart_mm * math.sin(a), r, 0.6, 0.8, 1.2)
    assert math.isclose(sil.wall_mm(face.x, face.y, r), wall_mm)
    assert _base_of(other, face, sil, r) is double


def test_a_navy_disc_too_faint_to_count_on_navy_paint_is_noted_where_it_lies():
    # Plain photo 157 of seed 4242: a navy 5 on navy paint gathers a circle of 0.31, under the faint circles'
    # old floor of 0.35, though its rim fits on every ray (0.57 mm rms). The total was 5 short, and the only flag
    # was another disc's faint outline.
    score, truth = _benchmark_photo(157, seed=4242)
    (t,) = [t for t in truth["discs"] if t["in_play"] and t["team"] == "navy" and t["points"] == 5
            and abs(t["x_mm"] - 196) < 5]
    outlines = score.top_plane.to_image(score.doubtful) if score.doubtful else []
    assert score.totals == truth["totals"] or any(math.dist(p, t["px"]) < 8 for p in outlines)


@pytest.mark.parametrize("k", [274, 61])
def test_a_faint_circle_with_the_boards_face_is_not_counted_but_noted(k):
    # 274: the wood between two blue discs, ringed by their edges and a line; 61: a shadow's edge across two
    # lines. Each gathered a faint circle that fitted, and was scored as a red disc: a wrong total.
    score, truth = _benchmark_photo(k)
    assert score.totals == truth["totals"]
    assert len(score.discs) == sum(d["in_play"] for d in truth["discs"])
    assert score.uncertain and any("not counted" in n for n in score.notes)


@pytest.mark.parametrize("k", [5, 212])
def test_a_circle_barely_past_the_threshold_that_fits_loosely_is_noted_not_counted(k):
    # 5: light wood beside a black disc's base, on a wood board the natural team's colour; 212: a printed 15 and a
    # shadow band's edge on pale paint. Each gathered a circle of 0.42-0.43 that fitted 0.9-1.3 mm rms, and was
    # scored as a disc: a wrong total. Every disc counted stands for a disc there.
    score, truth = _benchmark_photo(k)
    assert score.totals == truth["totals"]
    assert all(_stands_for_one(score, d, truth) for d in score.discs)
    assert score.uncertain and any("not counted" in n for n in score.notes)


def test_a_bare_circle_counts_only_with_a_close_outline():
    navy = score_mod.rgb_to_lab([(26, 34, 72)])
    loose = score_mod.FoundDisc(0.0, 100.0, 16.2, 0.43, 1.0, 0.9)
    close = score_mod.FoundDisc(0.0, -100.0, 16.2, 0.43, 1.0, 0.5)
    clearer = score_mod.FoundDisc(100.0, 0.0, 16.2, 0.46, 1.0, 0.9)
    assert score_mod._counted([loose, close, clearer], np.vstack([navy] * 3), np.zeros(3), navy).tolist() == [
        False, True, True]


def test_rings_on_every_disc_do_not_shrink_the_disc_size():
    # Plain photo 167: black discs with a white ring on their faces, at 40 degrees on dark paint. The rings gathered
    # 1.15 times the profile size's support at 0.88 of it, so every disc was fitted at that size: the rings, too
    # small to be discs, were dropped and three black discs went missing (a total 20 short).
    score, truth = _benchmark_photo(167)
    assert score.totals == truth["totals"]
    for t in truth["discs"]:
        if t["in_play"] and t["team"] == "black" and t["points"] > 0:
            assert abs(_found_at(score, t).r_mm - score_mod.TOURNAMENT.disc_r) < 1.0


def test_a_faint_circle_is_still_counted_when_its_face_has_a_teams_colour():
    navy, board_wood = np.array([[14.5, 10.0, -24.8]]), np.array([[60.0, 12.0, 40.0]])
    faint = score_mod.FoundDisc(0.0, 100.0, 16.2, 0.44, 0.75, 0.9)  # weak score, rim seen on 3/4 of the rays
    clear = score_mod.FoundDisc(0.0, -100.0, 16.2, 0.44, 0.95, 0.3)  # weak score, rim seen all round
    given = score_mod.rgb_to_lab([(26, 34, 72), (236, 232, 220)])  # navy, white
    even = np.zeros(2)
    assert score_mod._counted([faint, clear], np.vstack([navy, board_wood]), even, given).tolist() == [True, True]
    assert score_mod._counted([faint, faint], np.vstack([board_wood, navy]), even, given).tolist() == [False, True]
    assert score_mod._counted([clear, faint], np.vstack([navy, board_wood]), even, None).tolist() == [True, False]
    # ... but not when its face is uneven: strokes on paint, a printed number
    uneven = np.array([0.0, score_mod.FACE_UNEVEN_DE + 1])
    assert score_mod._counted([faint, clear], np.vstack([navy, navy]), uneven, given).tolist() == [True, False]


def test_a_face_clipped_white_by_glare_puts_its_team_in_doubt():
    from vision.teams import washed_out

    img = np.full((200, 200, 3), 120, np.uint8)
    cv2.circle(img, (130, 100), 16, (255, 255, 255), -1)  # board (30, 0) at 1 px/mm: clipped white
    cv2.circle(img, (70, 100), 16, (200, 190, 180), -1)  # board (-30, 0): light, not clipped
    top = Plane(np.array([[1.0, 0, 100], [0, -1.0, 100], [0, 0, 1]]), 1.0, 100)
    assert washed_out(img, top, np.array([[30.0, 0.0], [-30.0, 0.0]]), 15.9).tolist() == [True, False]


@pytest.mark.parametrize("wall_mm", [1.0, 5.0, 12.0])
def test_the_expected_outline_is_where_each_ray_leaves_the_hull_of_top_face_and_base(wall_mm):
    # A standing disc's outline is the hull of its top circle and its base circle (the wall's sides join them).
    # Measured against that hull as a polygon: the support function, used before, ran up to 0.7 mm long across
    # a 5 mm wall, and the base there is the disc's size, not the top rim's colour edge (BASE_IN_MM wider).
    from scipy.spatial import ConvexHull

    from vision.outline import ANGLES, BASE_IN_MM, Silhouette

    r, k = 16.2, 0.008
    sil = Silhouette((wall_mm / k + r, 40.0), k)  # the camera's foot off to the right (and a little up)
    got = sil.expected(0.0, 0.0, r, ANGLES)
    base = (r - BASE_IN_MM) * (1 - k)
    t = np.linspace(0, 2 * np.pi, 3600, endpoint=False)
    ring = np.column_stack([np.cos(t), np.sin(t)])
    pts = np.vstack([r * ring, k * np.array(sil.camera_xy) + base * ring])
    hull = pts[ConvexHull(pts).vertices]
    edges = np.stack([hull, np.roll(hull, -1, axis=0)], axis=1)  # (n, 2 ends, 2)
    want = []
    for a in ANGLES:
        u = np.array([math.cos(a), math.sin(a)])
        p, q = edges[:, 0], edges[:, 1] - edges[:, 0]
        det = u[0] * -q[:, 1] + u[1] * q[:, 0]  # origin + s u = p + w q, solved for s (along the ray) and w
        s = (p[:, 0] * -q[:, 1] + p[:, 1] * q[:, 0]) / det
        w = (u[0] * p[:, 1] - u[1] * p[:, 0]) / det
        want.append(s[(w >= 0) & (w <= 1) & (s > 0)].max())
    assert np.abs(got - np.array(want)).max() < 0.01


def test_a_tall_walled_disc_whose_wall_is_shaded_is_found_by_its_outline():
    # Hard-set photo 76: seen obliquely, a red disc's shaded wall makes an edge at its top face's rim. With the
    # base's outline looked for where the support function put it (long on rays that cross the wall aslant),
    # the fit found no disc there, and only the second chance across its wall did (its call then in doubt).
    # Looked for on the outline's hull, the disc is found by its outline, its points right.
    score, truth = _benchmark_photo(76, hard=True)
    (red,) = [d for d in score.discs if math.dist(d.px, (541, 482)) < 4]
    (disc,) = [t for t in truth["discs"] if math.dist(t["px"], (541, 482)) < 4]
    assert (red.team, red.points) == (disc["team"], disc["points"]) == ("red", 10)
    assert "outline read across its wall" not in red.why


def test_a_disc_whose_base_edge_strays_is_placed_by_its_top_rim():
    # Plain photos 54, 141 and 195 of seed 4242: light discs seen with 4.7-6.5 mm of wall, each near a line. On the
    # side facing the camera the edges found strayed from the base's faint edge: to a shadow's (54) or a scoring
    # line's (141) just past it, or onto the wall (195). Fitted with the base's outline, the discs sat 1.48, 1.88
    # and 0.40 mm off, all three calls wrong; fitted by the top rim as well, the better fit is 0.30, 0.22 and
    # 0.05 mm off.
    for k, px in ((54, (725.956, 772.288)), (141, (831.705, 640.093)), (195, (886.378, 850.539))):
        score, truth = _benchmark_photo(k, seed=4242)
        t = _truth_at(truth, px)
        assert _found_at(score, t).points == t["points"]


def test_a_disc_fitted_a_wall_towards_the_camera_is_fitted_again_from_a_wall_further():
    # Hard photos 40 and 287, seen at 44 and 49 degrees with 9.3 and 10.6 mm of wall: the first fits took the
    # base's circle for the face (7.4 and 8.2 px off, both called 15 with a margin of 5 mm and sure). Fitted
    # again from a wall further from the camera, each explains its edges clearly better where it truly is.
    for k, px in ((40, (798.898, 453.482)), (287, (1072.084, 649.169))):
        score, truth = _benchmark_photo(k, hard=True)
        t = _truth_at(truth, px)
        assert _found_at(score, t, within_px=1.0).points == t["points"] == 10


def test_a_disc_its_base_and_its_face_explain_alike_is_in_doubt():
    # Hard photo 72 of seed 5150, seen at 48 degrees: a dark disc on 12.7 mm of wall was fitted by its base and
    # wall, 13.6 mm from where it is (5.5 mm along the radius: a 5 for a 10, sure). Fitted from a wall further
    # from the camera, it sits within 0.85 mm and explains its edges nearly as well (0.69 against 0.64 mm): it
    # could be either, so the call says so.
    score, truth = _benchmark_photo(72, hard=True, seed=5150)
    t = _truth_at(truth, (532.667, 705.11))
    d = min(score.discs, key=lambda d: math.dist(d.px, t["px"]))
    assert d.points == t["points"] or d.uncertain


def test_height_error_is_how_far_a_wrong_camera_height_moves_a_disc_face_from_the_hole():
    # The surface's homography fixes where a face's ray meets the board; the top-face plane lifts it back by the
    # disc's thickness over the camera's height. A camera 1% higher moves it by height_error_mm x 0.01 along the
    # radius (only the radial part moves a zone call; (300, 10) lies across the camera's direction).
    from calibration import View
    from vision.score import height_error_mm
    view = View((40.0, -600.0, 700.0), 3000.0, 40.0, False)
    higher = replace(view, camera_mm=(40.0, -600.0, 700.0 * math.exp(0.01)))
    for ray in ((120.0, -250.0), (-80.0, 200.0), (300.0, 10.0)):
        (p,), (q,) = view.lift([ray], 7.0), higher.lift([ray], 7.0)
        moved = abs(math.hypot(*q) - math.hypot(*p))
        assert moved == pytest.approx(height_error_mm(view, *p, 7.0) * 0.01, rel=0.02)
        assert moved > 0.005
    assert height_error_mm(view, 0.0, 0.0, 7.0) == 0.0


def test_masked_median_is_numpys_median_of_each_rows_kept_samples():
    from vision.robust import masked_median
    rng = np.random.default_rng(5)
    v = rng.normal(size=(40, 25, 3))
    keep = rng.random((40, 25)) < rng.random((40, 1))
    got = masked_median(v, keep)
    for row, mask, m in zip(v, keep, got, strict=True):
        assert np.allclose(m, np.median(row[mask], axis=0) if mask.any() else 0.0)


def test_median_of_a_big_array_is_numpys():
    from vision.robust import median
    rng = np.random.default_rng(4)
    for n in (1, 2, 7, 10, 1001, 40_000):
        v = rng.normal(size=n).astype(np.float32)
        assert abs(median(v) - float(np.median(v))) < 1e-6


def test_peaks_are_the_strict_local_maxima_above_the_threshold_strongest_first():
    from vision.circles import peaks
    score = np.zeros((60, 80), np.float32)
    for (u, v), s in {(10, 12): 0.5, (40, 30): 0.9, (46, 33): 0.7, (70, 50): 0.3}.items():
        score[v, u] = s
    # (46, 33) is within 7 px of a stronger peak; (70, 50) is under the threshold.
    assert peaks(score, 7.0, 0.4) == [(40, 30, pytest.approx(0.9)), (10, 12, 0.5)]


def test_circle_scores_from_one_spectrum_equal_filtering_with_each_template():
    from vision.circles import circle_kernels, circle_scores
    rng = np.random.default_rng(8)
    z = (rng.normal(size=(180, 131)) + 1j * rng.normal(size=(180, 131))).astype(np.complex64)
    radii = (9.5, 14.0)
    for r, got in zip(radii, circle_scores(z, radii), strict=True):
        kr, ki = circle_kernels(r)
        want = cv2.filter2D(z.real.copy(), -1, kr) + cv2.filter2D(z.imag.copy(), -1, ki)  # mirrored border too
        assert got.shape == want.shape and np.abs(got - want).max() < 1e-5


def test_discs_that_glare_washes_out_lie_in_the_patches_the_photo_warns_of():
    # Hard photo 111 of seed 2025: white discs on white paint under glare clipped white in every channel; only
    # their shadows' rims show, and both were missed without a word about them.
    score, truth = _benchmark_photo(111, hard=True)
    assert score_mod.GLARE_NOTE in score.notes and score.uncertain
    for px in ((567.9, 688.3), (505.5, 697.9)):
        (x, y), = score.top_plane.to_board([_truth_at(truth, px)["px"]])
        assert any(math.hypot(x - cx, y - cy) <= r for cx, cy, r in score.washed)


def test_glare_that_clips_a_disc_sized_patch_is_warned_of_and_a_lesser_one_is_not():
    # Plain photos 0 and 1 of seed 2025: a lamp's highlight clips the maple white over a patch wider than a disc
    # in 0 (light-wood discs would vanish in it); in 1 nothing on the surface is clipped that wide.
    washed, _ = _benchmark_photo(0)
    clear, _ = _benchmark_photo(1)
    assert score_mod.GLARE_NOTE in washed.notes and len(washed.washed) >= 1
    assert clear.washed == () and score_mod.GLARE_NOTE not in clear.notes


def test_a_circle_just_short_of_the_threshold_on_every_ray_is_noted_where_it_lies():
    # Hard photo 100 of seed 2025: a light-wood disc on maple, its rim blurred into bevel and shadow. It and black
    # discs on black paint in hard photo 226 (found since the renders draw rims inside the discs) gathered circles
    # of 0.40-0.41 with an edge on 98-100% of rays, 1.3-1.7 mm rms, and were missed without a note where they lay;
    # such a disc is now a doubtful outline there, or counted in doubt when its face has its team's colour.
    score, truth = _benchmark_photo(100, hard=True)
    missed = _missed_by_outline(score, truth, 5)
    assert missed
    for t in missed:
        assert _noted_or_counted_in_doubt(score, t["px"])


def _missed_by_outline(score: PhotoScore, truth: dict, within_px: float) -> list[dict]:
    """The scoring discs in play that no disc found by its outline stands for."""
    return [t for t in truth["discs"] if t["in_play"] and t["points"] not in (0, 20) and not any(
        math.dist(d.px, t["px"]) < within_px for d in score.discs if score_mod.OUTLINE_WHY not in d.why)]


def _noted_or_counted_in_doubt(score: PhotoScore, px) -> bool:
    outlines = score.top_plane.to_image(score.doubtful) if score.doubtful else []
    return any(math.dist(p, px) < 8 for p in outlines) or any(
        math.dist(d.px, px) < 8 and d.uncertain for d in score.discs if score_mod.OUTLINE_WHY in d.why)


def test_black_discs_seen_only_by_the_rings_on_their_faces_make_the_photo_uncertain():
    # Plain photo 212 of seed 31: five black discs on black paint, seen obliquely. Their rims hardly show, every
    # fit settled on the ring printed on the face (a clean circle two thirds of a disc's size) and was dropped:
    # 40 scored as 5, flagged only because another disc's outline was read across its wall. Fitted at their true
    # size, two still fit too loosely to count (circles of 0.42 and 0.52, rims 1.2 and 2.6 mm rms): each is noted
    # where it lies (the one under the faint circles' threshold by the clean ring on its face), or counted in doubt
    # where its face has the black team's colour and not the paint's. (One, behind a 12 mm wall, is counted up to
    # a wall from the truth, 12.5 mm, and says so: its error is 14 mm. Discs do not overlap, so a disc counted
    # within a disc's radius stands for it.)
    score, truth = _benchmark_photo(212, seed=31)
    missed = _missed_by_outline(score, truth, _disc_px(score))
    assert missed
    for t in missed:
        assert _noted_or_counted_in_doubt(score, t["px"])
    assert score.totals == truth["totals"] or any("not counted" in n for n in score.notes)


@pytest.mark.parametrize("width_mm,points", [(None, 10), (2.45, 10), (1.0, 15), (3.2, 10)])
def test_line_calls_follow_the_lines_measured_painted_width(width_mm, points):
    # a disc whose edge lies 0.9 mm inside the 15 line's centre: on the profile's 2.4 mm paint it touches the line
    # (10), on a board painted 1.0 mm wide it is clear of it (15); a width within the measurement's error of the
    # profile's is the profile's
    from sim.board import zone_at_radius

    b = board_named("tournament")
    cal = Calibration.from_matrix(np.eye(3), (800, 800), b.name, line_width_mm=width_mm)
    measured = score_mod.measured_board(b, cal)
    d = b.fifteen_r - 0.9 - b.disc_r
    assert zone_at_radius(measured, d, b.disc_r).points == points
    assert measured.line_width == (width_mm if width_mm in (1.0, 3.2) else b.line_width)


@pytest.mark.skipif(not (REAL / "sam_board3.jpg").exists(), reason="../shared/real_photos is not beside the project")
def test_calibrate_command_says_how_wide_the_lines_are_painted_and_where_the_camera_is(capsys):
    assert main(["calibrate", str(REAL / "sam_board3.jpg")]) == 0
    out = capsys.readouterr().out.splitlines()
    line = next(x for x in out if "lines painted" in x)
    assert float(line.split()[2]) == pytest.approx(1.1, abs=0.25)  # the profile says 2.4
    camera = next(x for x in out if "camera" in x)
    assert 400 < float(camera.split()[1]) < 1500 and float(camera.split()[6]) < 10  # a phone held overhead
    assert "focal length guessed" in camera
    assert main(["calibrate", str(REAL / "unlabelled" / "club_oblique_empty.jpg")]) == 0
    camera = next(x for x in capsys.readouterr().out.splitlines() if "camera" in x)
    assert float(camera.split()[6]) > 45 and "read from the rings" in camera
    assert main(["calibrate", str(REAL / "sam_board3.jpg"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["line_width_mm"] == pytest.approx(1.1, abs=0.25)


def _tele_jpeg(k, seed=2025, exif=True):
    """The benchmark's tele photo k (a plain scene through a lens of 2-8 times the long side) as the JPEG a camera
    writes, its lens recorded in EXIF (FocalLengthIn35mmFilm) when ``exif``."""
    rng = np.random.default_rng([seed, 30_000 + k])
    board = board_named("club" if k % 5 == 4 else "tournament")
    scene, style = random_scene(rng, board, hard=False), random_style(rng)
    share = float(np.exp(rng.uniform(math.log(2.0), math.log(8.0))))
    img, truth = render(scene, replace(style, pose=replace(style.pose, focal=share)), rng, size=(1600, 1200))
    f35 = truth["camera"]["K"][0][0] / math.hypot(1600, 1200) * FILM_DIAGONAL_MM if exif else None
    return photos.encode_jpeg(img, f35), truth, board


def test_a_long_lens_the_photo_records_places_raised_faces_where_a_guess_cannot():
    # Tele photo 87 of seed 2025 (a lens 5.4 times the long side, seen 5 degrees off square): the rings cannot give
    # the focal length, nor can walls that barely show, so a phone's lens was guessed and the camera put 1.3 m up,
    # not 8.6 m. Every disc's raised face was then moved towards the camera's foot: 2.4 mm off from the hole at the
    # median. The lens its EXIF records puts them within a fraction of a millimetre.
    jpeg, truth, board = _tele_jpeg(87)
    bare, _, _ = _tele_jpeg(87, exif=False)

    def radial_errors(score):
        return [abs(math.hypot(d.x_mm, d.y_mm) - math.hypot(t["x_mm"], t["y_mm"]))
                for t in truth["discs"] if t["in_play"] and t["points"] < 20 for d in [_found_at(score, t, 6.0)]]

    teams = {n: tuple(c) for n, c in truth["team_colours"].items()}
    assert np.median(radial_errors(score_photo(bare, board=board, teams=teams))) > 1.5
    assert np.median(radial_errors(score_photo(jpeg, board=board, teams=teams))) < 0.5


def test_the_command_line_reads_the_lens_from_the_photos_file(tmp_path, capsys):
    # The same tele photo: without its lens one call is near a line as far as the guessed camera can tell; with
    # it, every call is sure (and the totals are right either way). (The photo may still be flagged for an
    # outline it did not count: a green disc's shadow, a line and the ditch's edge gather one.)
    for exif, sure in ((False, False), (True, True)):
        jpeg, truth, board = _tele_jpeg(87, exif=exif)
        path = tmp_path / f"tele_{exif}.jpg"
        path.write_bytes(jpeg)
        teams = ",".join(f"{n}={h}" for n, h in truth["team_hex"].items())
        assert main(["score", str(path), "--board", board.name, "--teams", teams, "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["totals"] == truth["totals"] and any(d["uncertain"] for d in out["discs"]) is not sure


def test_an_outline_left_out_and_found_again_by_the_second_look_is_one_disc():
    # Plain photo 207 of seed 2025: black discs on black paint. Three left out as outlines are found again on the
    # coarser edges and counted by their colour, in doubt; they were each noted as a missed disc as well, so the
    # note pointed the players at discs already counted.
    score, truth = _benchmark_photo(207)
    counted = [d for d in score.discs if score_mod.OUTLINE_WHY in d.why]
    assert len(counted) >= 3 and all(d.uncertain and d.team == "black" for d in counted)
    assert all(_stands_for_one(score, d, truth, "black") for d in counted)
    noted = score.top_plane.to_image(score.doubtful) if score.doubtful else np.zeros((0, 2))
    assert not any(math.dist(p, d.px) < 2 * _disc_px(score) for p in noted for d in counted)


def test_a_discs_face_is_kept_over_the_circle_its_wall_and_shadow_gather():
    # Plain photo 5 of seed 2025: a natural 10 on maple seen low gathers a clear circle on its face (0.64) and one
    # on its wall, base and shadow (0.43), 16 mm towards the camera and pulled 41 degrees aside by the shadow. The
    # second fitted 0.55 mm rms, the face 0.58: the face was dropped, and the disc missed.
    score, truth = _benchmark_photo(5)
    found = _found_at(score, _truth_at(truth, (840.099, 357.185)))
    assert (found.team, found.points) == ("natural", 10)
