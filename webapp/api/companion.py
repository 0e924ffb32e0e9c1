"""The companion for a real board: photos in, scores, shot checks, corrections and advice out.

A companion match is a match row like any virtual game (controllers "board"), so it is listed, resumed and
deleted with them; the photos and corrections live in the companion tables beside it.
"""

from __future__ import annotations

import secrets

from flask import Blueprint, Response, current_app, jsonify, request

from calibration import Calibration, calibrate_from_points, focal_35mm, lens_focal_px
from vision import NoBoardError
from vision.teams import colour_words, rgb_to_lab
from webapp import companion as cm
from webapp import companion_store as cs
from webapp import photos, store
from webapp.api.body import integer, json_object, number, string
from webapp.api.errors import ApiError
from webapp.api.matches import MAX_SEED, _game
from webapp.camera import camera_of
from webapp.db import get_db
from webapp.scorejson import score_to_json
from webapp.store import BOARD, SavedMatch
from webapp.views import board_json, game_json, target_text

bp = Blueprint("companion", __name__, url_prefix="/api/companion")

MODES_OFFERED = ("singles", "doubles")  # two teams: vision tells two colours apart
LEVEL = "expert"


def _load(match_id: int) -> tuple[SavedMatch, cs.Companion]:
    conn = get_db()
    comp = cs.load(conn, match_id)
    return store.load_match(conn, match_id), comp


def _names(match: SavedMatch, comp: cs.Companion) -> list[str]:
    return [n for n, _ in comp.teams] if comp.teams else [n.capitalize() for n in match.game.team_names]


def _hex(rgb) -> str:
    return "#" + "".join(f"{int(v):02x}" for v in rgb)


def _round(match: SavedMatch, comp: cs.Companion) -> tuple[list[cm.Seen], cm.RoundNow]:
    seen = cm.seen_round(match.game, cs.frames(get_db(), match.id, round_no=match.state.round_no))
    return seen, cm.round_now(comp, match.state, seen)


def _frame_json(match_id: int, f: cs.Frame, score, check, names) -> dict:
    return {
        "seq": f.seq,
        "round_no": f.round_no,
        "shot_no": f.shot_no,
        "source": f.source,
        "created": f.created,
        "photo": f"/api/companion/{match_id}/photos/{f.seq}",
        "calibration": cm.overlay_json(score),
        "discs": cm.discs_json(score, check),
        "look": cm.look_json(score),
        "totals": [sum(d.points for k, d in enumerate(score.discs) if d.team == t and (check is None or
                                                                                      k not in check.removed))
                   for t in score.teams],
        "notes": list(score.notes),
        "uncertain": score.uncertain,
        "corrections": len(f.corrections),
        "check": None if check is None else cm.check_json(check, names),
    }


def companion_json(match: SavedMatch, comp: cs.Companion) -> dict:
    game, state = match.game, match.state
    names = _names(match, comp)
    seen, now = _round(match, comp)
    player = cm.to_shoot(game, state, now)
    setups = cs.frames(get_db(), match.id, setup=True)
    setup = None
    if setups:
        f = setups[-1]
        setup = _frame_json(match.id, f, cm.corrected(f), None, names)
    return {
        "id": match.id,
        "created": match.created,
        "updated": match.updated,
        "frames_saved": comp.frames,
        "game": game_json(game, match.controllers),
        "board": board_json(game.board),
        "target_text": target_text(game),
        "teams": None if comp.teams is None else [{"name": n, "rgb": list(c), "hex": _hex(c)} for n, c in comp.teams],
        "names": names,
        "setup": setup,
        "round_no": state.round_no,
        "shots": now.shots,
        "shots_per_round": game.shots_per_round,
        "to_shoot": player,
        "to_shoot_team": None if player is None else game.players[player].team,
        "round_full": now.shots >= game.shots_per_round,
        "points": list(now.points),
        "twenties": list(now.twenties),
        "twenties_seen": list(now.twenties_seen),
        "match_scores": list(state.match_scores),
        "over": game.is_over(state),
        "winner": game.winner_of_match(state),
        "rounds": [{**r.to_json(), "summary": cm.round_summary(names, r)} for r in state.rounds],
        "frames": [_frame_json(match.id, s.frame, s.score, s.check, names) for s in seen],
        "camera": camera_of(current_app) is not None,
    }


def _save_state(match: SavedMatch, comp: cs.Companion, conn) -> None:
    """The match row follows the photos: discs, 20s and shot number as the corrected photos say."""
    m = store.load_match(conn, match.id)
    seen = cm.seen_round(m.game, cs.frames(conn, m.id, round_no=m.state.round_no))
    now = cm.round_now(cs.load(conn, m.id), m.state, seen)
    shots = conn.execute("SELECT COUNT(*) FROM frames WHERE match_id = ? AND round_no IS NOT NULL",
                         (m.id,)).fetchone()[0]
    cs.set_state(conn, m.id, cm.state_now(m.game, m.state, now), shots)


def _respond(match_id: int, status: int = 200):
    match, comp = _load(match_id)
    return jsonify(companion_json(match, comp)), status


def _expect(value, comp: cs.Companion) -> None:
    if value is not None and value != comp.frames:
        raise ApiError(f"the match has moved on ({comp.frames} photos saved, not {value}); reload it", 409)


# -- matches -----------------------------------------------------------------------------------------------------


@bp.post("")
def create():
    data = json_object(frozenset({"board", "rules", "mode", "knobs", "seed"}), empty_ok=True)
    if string(data, "mode", "singles") not in MODES_OFFERED:
        raise ApiError(f"a real board is watched for two teams: mode must be one of {', '.join(MODES_OFFERED)}")
    game = _game(data)
    seed = integer(data, "seed", 0, MAX_SEED)
    conn = get_db()
    conn.execute("BEGIN IMMEDIATE")
    try:
        match = store.create_match(conn, game, (BOARD,) * game.n_teams, secrets.randbits(63) if seed is None else seed)
        cs.create(conn, match.id)
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return _respond(match.id, 201)


@bp.get("/<int:match_id>")
def show(match_id: int):
    return _respond(match_id)


@bp.get("/<int:match_id>/export")
def export(match_id: int):
    match, comp = _load(match_id)
    if not match.game.is_over(match.state):
        raise ApiError("only a finished match can be exported; this one is still being played", 409)
    conn = get_db()
    names = _names(match, comp)
    rounds = []
    for k, r in enumerate(match.state.rounds):
        seen = cm.seen_round(match.game, cs.frames(conn, match_id, round_no=k))
        rounds.append({**r.to_json(), "summary": cm.round_summary(names, r), "photos": [
            {"seq": s.frame.seq, "shot_no": s.frame.shot_no, "created": s.frame.created,
             "corrections": list(s.frame.corrections), "score": s.score.to_json(),
             "check": cm.check_json(s.check, names)} for s in seen]})
    body = {
        "format": "crokinole-companion-match/1",
        "id": match.id,
        "created": match.created,
        "finished": match.updated,
        "game": match.game.to_json(),
        "teams": companion_json(match, comp)["teams"],
        "match_scores": list(match.state.match_scores),
        "winner": None if (w := match.game.winner_of_match(match.state)) is None else names[w],
        "rounds": rounds,
    }
    resp = jsonify(body)
    resp.headers["Content-Disposition"] = f'attachment; filename="crokinole-match-{match.id}.json"'
    return resp


# -- photos -------------------------------------------------------------------------------------------------------


def _uploaded() -> tuple[bytes, str]:
    request.max_content_length = current_app.config["PHOTO_MAX_BYTES"]
    source = request.form.get("source", "upload")
    if source == "camera":
        cam = camera_of(current_app)
        if cam is None:
            raise ApiError("no camera is attached to the server (start it with crokinole serve --camera 0)", 409)
        still = cam.latest_still()
        if still is None:
            raise ApiError("the camera has not seen the board still yet", 409)
        return photos.encode_jpeg(still.image), "camera"
    if source != "upload":
        raise ApiError(f'"source" must be upload or camera, not {source!r}')
    f = request.files.get("photo")
    if f is None:
        raise ApiError('send the photo as the multipart form field "photo"')
    return f.read(), "upload"


@bp.post("/<int:match_id>/photos")
def add_photo(match_id: int):
    """A set-up photo (kind=setup) or the photo after the next shot (kind=shot, the default)."""
    data, source = _uploaded()
    kind = request.form.get("kind", "shot")
    if kind not in ("setup", "shot"):
        raise ApiError(f'"kind" must be setup or shot, not {kind!r}')
    raw = request.form.get("expect_frames")
    if raw is not None and not raw.isdigit():
        raise ApiError(f'"expect_frames" must be a whole number, not {raw!r}')
    match, comp = _load(match_id)
    _expect(None if raw is None else int(raw), comp)
    game, state = match.game, match.state
    if game.is_over(state):
        raise ApiError("the match is over", 409)
    _, now = _round(match, comp)
    if kind == "shot" and now.shots >= game.shots_per_round:
        raise ApiError("every disc of this round has been photographed: end the round first", 409)
    image = photos.decode_upload(data)
    jpeg = photos.encode_jpeg(image, focal_35mm(data))
    fixed = Calibration.from_json(comp.calibration) if source == "camera" and comp.calibration else None
    try:
        score = cm.score_image(image, game, comp, fixed, lens_focal_px(jpeg))
    except NoBoardError as exc:
        raise ApiError(f"no crokinole board found in this photo ({exc}); take it again with the whole board in "
                       "view", 422) from None
    conn = get_db()
    with cs.Tx(conn, comp, bump=True):
        if comp.teams is None and len(set(score.teams)) == 2:
            cs.set_teams(conn, match_id, tuple(zip(score.teams, score.team_colours, strict=True)))
        if kind == "setup":
            cs.add_frame(conn, comp, round_no=None, shot_no=None, source=source, jpeg=jpeg,
                         score=score_to_json(score))
            cs.set_calibration(conn, match_id, score.calibration.to_json())
        else:
            cs.add_frame(conn, comp, round_no=state.round_no, shot_no=now.shots + 1, source=source,
                         jpeg=jpeg, score=score_to_json(score))
            _save_state(match, comp, conn)
    return _respond(match_id, 201)


@bp.get("/<int:match_id>/photos/<int:seq>")
def photo(match_id: int, seq: int):
    resp = Response(cs.photo(get_db(), match_id, seq), mimetype="image/jpeg")
    resp.headers["Cache-Control"] = "private, max-age=86400"
    return resp


@bp.delete("/<int:match_id>/photos/<int:seq>")
def delete_photo(match_id: int, seq: int):
    """Take back the round's last photo (a retake), with its corrections."""
    match, comp = _load(match_id)
    frames = cs.frames(get_db(), match_id, round_no=match.state.round_no)
    if not frames or frames[-1].seq != seq:
        raise ApiError("only the last photo of the round being played can be taken back", 409)
    conn = get_db()
    with cs.Tx(conn, comp, bump=True):
        cs.delete_frame(conn, match_id, seq)
        _save_state(match, comp, conn)
    return _respond(match_id)


def _frame(match: SavedMatch, seq: int) -> cs.Frame:
    """A photo that may still be changed: the last set-up photo or a photo of the round being played."""
    conn = get_db()
    setups = cs.frames(conn, match.id, setup=True)
    live = cs.frames(conn, match.id, round_no=match.state.round_no) + setups[-1:]
    for f in live:
        if f.seq == seq:
            return f
    raise ApiError(f"photo {seq} is not the set-up photo or a photo of the round being played", 404)


@bp.post("/<int:match_id>/photos/<int:seq>/corrections")
def correct(match_id: int, seq: int):
    data = json_object(frozenset({"action", "disc", "px", "team", "expect_frames"}), empty_ok=False)
    match, comp = _load(match_id)
    _expect(integer(data, "expect_frames", 0, 10**9), comp)
    frame = _frame(match, seq)
    action = cm.corrections.check({k: v for k, v in data.items() if k != "expect_frames"}, cm.corrected(frame))
    conn = get_db()
    with cs.Tx(conn, comp):
        cs.add_correction(conn, match_id, seq, action)
        if not frame.setup:
            _save_state(match, comp, conn)
    return _respond(match_id)


def _rescore(match: SavedMatch, comp: cs.Companion, frame: cs.Frame, cal: Calibration | None):
    jpeg = cs.photo(get_db(), match.id, frame.seq)
    image = photos.decode_stored(jpeg)
    return image, cm.score_image(image, match.game, comp, cal, lens_focal_px(jpeg))


@bp.post("/<int:match_id>/photos/<int:seq>/calibration")
def fix_calibration(match_id: int, seq: int):
    """Calibrate a photo by hand from the hole and peg markers a person dragged into place, and score it again."""
    data = json_object(frozenset({"points", "expect_frames"}), empty_ok=False)
    match, comp = _load(match_id)
    _expect(integer(data, "expect_frames", 0, 10**9), comp)
    frame = _frame(match, seq)
    board = match.game.board
    targets = [(0.0, 0.0), *board.pegs()]
    pts = data.get("points")
    if not isinstance(pts, list) or len(pts) != len(targets):
        raise ApiError(f'"points" must list {len(targets)} entries: the hole, then the pegs in order ([x, y] or null)')
    img, brd = [], []
    for p, t in zip(pts, targets, strict=True):
        if p is None:
            continue
        if not (isinstance(p, list) and len(p) == 2):
            raise ApiError('each point must be [x, y] in photo pixels, or null')
        img.append([number({"x": p[0]}, "x"), number({"y": p[1]}, "y")])
        brd.append(t)
    size = tuple(cm.corrected(frame).calibration.image_size)
    cal = calibrate_from_points(img, brd, image_size=size, profile=board)
    _, score = _rescore(match, comp, frame, cal)
    conn = get_db()
    with cs.Tx(conn, comp):
        cs.replace_score(conn, match_id, seq, score_to_json(score))
        cs.set_calibration(conn, match_id, cal.to_json())
        if not frame.setup:
            _save_state(match, comp, conn)
    return _respond(match_id)


@bp.post("/<int:match_id>/teams")
def name_teams(match_id: int):
    """Team colours from one tapped disc of each team (first tap: the team at the bottom of the photo)."""
    data = json_object(frozenset({"photo", "taps", "names", "expect_frames"}), empty_ok=False)
    match, comp = _load(match_id)
    _expect(integer(data, "expect_frames", 0, 10**9), comp)
    if cs.frames(get_db(), match_id, round_no=match.state.round_no) or match.state.rounds:
        raise ApiError("the teams are named before the first shot is photographed", 409)
    seq = integer(data, "photo", 0, 10**9)
    setups = cs.frames(get_db(), match_id, setup=True)
    if seq is None and not setups:
        raise ApiError("take a set-up photo first, then tap one disc of each team on it", 409)
    frame = setups[-1] if seq is None else _frame(match, seq)
    taps = data.get("taps")
    if not (isinstance(taps, list) and len(taps) == 2 and all(isinstance(t, list) and len(t) == 2 for t in taps)):
        raise ApiError('"taps" must be two [x, y] points: one disc of each team, in photo pixels')
    names = data.get("names") or [None, None]
    if not (isinstance(names, list) and len(names) == 2 and all(n is None or isinstance(n, str) for n in names)):
        raise ApiError('"names" must be two team names (or null to name them by colour)')
    score = cm.corrected(frame)
    image = photos.decode_stored(cs.photo(get_db(), match_id, frame.seq))
    cal = score.calibration
    (cx, cy), = cal.to_board([[cal.image_size[0] / 2, cal.image_size[1] / 2]])
    ends = cal.to_image([[cx, cy], [cx + 0.5 * match.game.board.disc_r, cy]])
    radius = float(((ends[1] - ends[0]) ** 2).sum() ** 0.5)
    colours, hit = [], []
    for t in taps:
        x, y = number({"x": t[0]}, "x"), number({"y": t[1]}, "y")
        if not (0 <= x < cal.image_size[0] and 0 <= y < cal.image_size[1]):
            raise ApiError(f"the tap ({x:.0f}, {y:.0f}) is outside the photo")
        # On a found disc the colour of its whole team is steadier than one disc's (glare, shadow).
        near = [d for d in score.discs if (d.px[0] - x) ** 2 + (d.px[1] - y) ** 2 <= (2.5 * radius) ** 2]
        if near:
            team = min(near, key=lambda d: (d.px[0] - x) ** 2 + (d.px[1] - y) ** 2).team
            hit.append(team)
            colours.append(tuple(int(v) for v in score.team_colours[score.teams.index(team)]))
        else:
            colours.append(photos.patch_colour(image, x, y, radius))
    if len(hit) == 2 and hit[0] == hit[1]:
        raise ApiError("both taps are on discs of the same team: tap one disc of each colour", 422)
    chosen = [(n or "").strip()[:24] or colour_words(rgb_to_lab([c]))[0] for n, c in zip(names, colours, strict=True)]
    if chosen[0] == chosen[1]:
        chosen = [f"{chosen[0]} 1", f"{chosen[1]} 2"] if not any(names) else chosen
    if chosen[0] == chosen[1]:
        raise ApiError("the two teams need different names")
    teams = tuple(zip(chosen, colours, strict=True))
    _, rescored = _rescore(match, cs.Companion(match_id, teams, None, {}, comp.frames), frame, score.calibration)
    conn = get_db()
    with cs.Tx(conn, comp):
        cs.set_teams(conn, match_id, teams)
        cs.replace_score(conn, match_id, frame.seq, score_to_json(rescored))
    return _respond(match_id)


@bp.post("/<int:match_id>/twenties")
def twenties(match_id: int):
    data = json_object(frozenset({"team", "delta", "expect_frames"}), empty_ok=False)
    team, delta = integer(data, "team", 0, 1), integer(data, "delta", -1, 1)
    if team is None or delta is None or delta == 0:
        raise ApiError('give "team" (0 or 1) and "delta" (+1 or -1)')
    match, comp = _load(match_id)
    _expect(integer(data, "expect_frames", 0, 10**9), comp)
    _, now = _round(match, comp)
    if now.twenties[team] + delta < 0:
        raise ApiError("that team has no 20s this round to take away", 409)
    adjust = list(comp.twenties.get(match.state.round_no, (0, 0)))
    adjust[team] += delta
    conn = get_db()
    with cs.Tx(conn, comp):
        cs.set_twenties(conn, match_id, comp.twenties | {match.state.round_no: tuple(adjust)})
        _save_state(match, comp, conn)
    return _respond(match_id)


@bp.post("/<int:match_id>/end-round")
def end_round(match_id: int):
    data = json_object(frozenset({"expect_frames"}), empty_ok=True)
    match, comp = _load(match_id)
    _expect(integer(data, "expect_frames", 0, 10**9), comp)
    if match.game.is_over(match.state):
        raise ApiError("the match is over", 409)
    _, now = _round(match, comp)
    after, _ = cm.end_round(match.game, match.state, now)
    conn = get_db()
    with cs.Tx(conn, comp, bump=True):
        cs.set_state(conn, match_id, after, match.shots)
    return _respond(match_id)


@bp.post("/<int:match_id>/advice")
def advice(match_id: int):
    data = json_object(frozenset({"level"}), empty_ok=True)
    level = string(data, "level", LEVEL)
    match, comp = _load(match_id)
    seen, now = _round(match, comp)
    player, found = cm.suggestions(match.game, match.state, now, level=level, seed=match.seed)
    shown = seen[-1].frame if seen else next(iter(cs.frames(get_db(), match_id, setup=True)[-1:]), None)
    cal = None if shown is None else cm.corrected(shown).calibration
    body = cm.advice_json(match.game, player, found, cal, _names(match, comp))
    return jsonify(body | {"photo": None if shown is None else shown.seq})

