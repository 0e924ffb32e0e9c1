"""The OpenAPI 3.1 description of the JSON API, kept beside the endpoints it describes and served as JSON."""

from __future__ import annotations

from flask import Blueprint, jsonify

bp = Blueprint("openapi", __name__, url_prefix="/api")

_ERROR = {
    "description": "Refused, with the reason",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
}
_MATCH_ID = {"name": "match_id", "in": "path", "required": True, "schema": {"type": "integer"}}
_EXPECT = {
    "type": "integer",
    "minimum": 0,
    "description": "Shots the caller has seen; a different count is refused with 409, so a double click never "
    "plays the next player's shot.",
}


def _json(schema_ref: str, description: str) -> dict:
    return {"description": description, "content": {"application/json": {"schema": {"$ref": schema_ref}}}}


def _body(schema: dict, required: bool) -> dict:
    return {"required": required, "content": {"application/json": {"schema": schema}}}


SPEC = {
    "openapi": "3.1.0",
    "info": {
        "title": "Crokinole Companion",
        "version": "1",
        "description": "Play crokinole on a simulated board: every shot runs on the server's physics and comes back "
        "as a trajectory to replay. Lengths in mm, speeds in mm/s, angles in degrees at this interface except the "
        "board geometry, which gives radians. Every refusal is a 4xx JSON object with an `error` message; a refused "
        "request changes nothing.",
    },
    "paths": {
        "/api/options": {
            "get": {
                "summary": "Boards, rule presets and knobs, seatings and computer levels a new match can use",
                "responses": {"200": _json("#/components/schemas/Options", "The choices")},
            }
        },
        "/api/boards/{name}": {
            "get": {
                "summary": "A board's geometry: radii, pegs, seats' stretches of shooting line",
                "parameters": [{"name": "name", "in": "path", "required": True, "schema": {"type": "string"}}],
                "responses": {"200": _json("#/components/schemas/Board", "The board"), "400": _ERROR},
            }
        },
        "/api/matches": {
            "get": {
                "summary": "Saved matches, most recently played first",
                "parameters": [
                    {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 500}}
                ],
                "responses": {"200": _json("#/components/schemas/MatchList", "Matches"), "400": _ERROR},
            },
            "post": {
                "summary": "Start a match",
                "requestBody": _body({"$ref": "#/components/schemas/NewMatch"}, False),
                "responses": {"201": _json("#/components/schemas/Match", "The new match"), "400": _ERROR},
            },
        },
        "/api/matches/{match_id}": {
            "get": {
                "summary": "A match: game, state, whose turn, discs left, hammer, must-hit targets, rounds, last shot",
                "parameters": [_MATCH_ID],
                "responses": {"200": _json("#/components/schemas/Match", "The match"), "404": _ERROR},
            },
            "delete": {
                "summary": "Forget a match",
                "parameters": [_MATCH_ID],
                "responses": {"204": {"description": "Deleted"}, "404": _ERROR},
            },
        },
        "/api/matches/{match_id}/shots": {
            "post": {
                "summary": "A person plays the next shot",
                "parameters": [_MATCH_ID],
                "requestBody": _body({"$ref": "#/components/schemas/ShotRequest"}, True),
                "responses": {
                    "200": _json("#/components/schemas/Played", "What the shot did"),
                    "400": _ERROR,
                    "404": _ERROR,
                    "409": _ERROR,
                    "422": _ERROR,
                },
            }
        },
        "/api/matches/{match_id}/computer": {
            "post": {
                "summary": "The computer plays the next shot (when the team to shoot is computer-controlled)",
                "parameters": [_MATCH_ID],
                "requestBody": _body(
                    {"type": "object", "additionalProperties": False, "properties": {"expect_shots": _EXPECT}}, False
                ),
                "responses": {
                    "200": _json("#/components/schemas/Played", "What the shot did"),
                    "400": _ERROR,
                    "404": _ERROR,
                    "409": _ERROR,
                },
            }
        },
        "/api/openapi.json": {
            "get": {"summary": "This document", "responses": {"200": {"description": "OpenAPI 3.1 JSON"}}}
        },
    },
    "components": {
        "schemas": {
            "Error": {"type": "object", "required": ["error"], "properties": {"error": {"type": "string"}}},
            "Options": {
                "type": "object",
                "properties": {
                    "boards": {"type": "array", "items": {"type": "string"}},
                    "rules": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/Rules"}},
                    "modes": {"type": "object"},
                    "knobs": {"type": "object"},
                    "controllers": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {"spec": {"type": "string"}, "label": {"type": "string"}},
                        },
                    },
                },
            },
            "Rules": {
                "type": "object",
                "properties": {
                    "name": {"type": "string"},
                    "discs_per_player": {"type": "integer"},
                    "foul_removal": {"enum": ["shot-only", "shot-and-moved", "shot-and-own-touched"]},
                    "no_hiding": {"enum": ["off", "touching", "inside"]},
                    "match_format": {"enum": ["points", "rounds", "match-points"]},
                    "target": {"type": "integer"},
                },
            },
            "Board": {
                "type": "object",
                "description": "Board frame: mm, origin at the hole centre, +y toward the top seat; angles in radians.",
                "properties": {
                    "name": {"type": "string"},
                    "surface_r": {"type": "number"},
                    "outer_r": {"type": "number"},
                    "middle_r": {"type": "number"},
                    "fifteen_r": {"type": "number"},
                    "line_width": {"type": "number"},
                    "hole_r": {"type": "number"},
                    "peg_r": {"type": "number"},
                    "pegs": {"type": "array", "items": {"type": "array", "items": {"type": "number"}}},
                    "disc_r": {"type": "number"},
                    "ditch_width": {"type": "number"},
                    "quarter_line_angles": {"type": "array", "items": {"type": "number"}},
                    "shooting_r": {"type": "number"},
                    "seats": {
                        "type": "object",
                        "description": "bottom, right, top, left: centre-line angle and the span of line a disc may "
                        "start on",
                    },
                    "max_angle_deg": {"type": "number"},
                    "max_speed": {"type": "number"},
                },
            },
            "NewMatch": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "board": {"type": "string", "default": "tournament"},
                    "rules": {"type": "string", "default": "casual"},
                    "mode": {"enum": ["singles", "doubles", "2v1", "three"], "default": "singles"},
                    "knobs": {
                        "type": "object",
                        "additionalProperties": False,
                        "properties": {
                            "discs_per_player": {"type": "integer", "minimum": 1, "maximum": 16},
                            "target": {"type": "integer", "minimum": 1, "maximum": 10000},
                            "foul_removal": {"$ref": "#/components/schemas/Rules/properties/foul_removal"},
                            "no_hiding": {"$ref": "#/components/schemas/Rules/properties/no_hiding"},
                            "match_format": {"$ref": "#/components/schemas/Rules/properties/match_format"},
                        },
                    },
                    "controllers": {
                        "type": "array",
                        "items": {"type": "string"},
                        "description": 'One a team: "human" or a computer level from /api/options (e.g. "ai:medium").',
                    },
                    "seed": {"type": "integer", "minimum": 0, "description": "Seed of the computer's hand"},
                },
            },
            "MatchSummary": {
                "type": "object",
                "properties": {
                    "id": {"type": "integer"},
                    "created": {"type": "string"},
                    "updated": {"type": "string"},
                    "board": {"type": "string"},
                    "rules": {"type": "string"},
                    "mode": {"type": "string"},
                    "teams": {"type": "array", "items": {"type": "string"}},
                    "controllers": {"type": "array", "items": {"type": "string"}},
                    "match_scores": {"type": "array", "items": {"type": "integer"}},
                    "round_no": {"type": "integer"},
                    "shots": {"type": "integer"},
                    "over": {"type": "boolean"},
                    "winner": {"type": ["integer", "null"]},
                },
            },
            "MatchList": {
                "type": "object",
                "properties": {"matches": {"type": "array", "items": {"$ref": "#/components/schemas/MatchSummary"}}},
            },
            "Match": {
                "type": "object",
                "properties": {
                    "id": {"type": "integer"},
                    "shots": {"type": "integer"},
                    "game": {"type": "object", "description": "board, rules, mode, teams, players with seats"},
                    "state": {"type": "object", "description": "discs in play, 20s, shot and round numbers, scores"},
                    "over": {"type": "boolean"},
                    "winner": {"type": ["integer", "null"]},
                    "to_shoot": {"type": ["integer", "null"], "description": "player index"},
                    "round_no": {"type": "integer"},
                    "shot_no": {"type": "integer"},
                    "hammer": {"type": "integer", "description": "player with the last shot of this round"},
                    "discs_left": {"type": "array", "items": {"type": "integer"}},
                    "round_points": {"type": "array", "items": {"type": "integer"}},
                    "match_scores": {"type": "array", "items": {"type": "integer"}},
                    "must_hit": {"type": "array", "items": {"type": "integer"}, "description": "disc ids to hit"},
                    "open_board": {"type": "boolean"},
                    "no_hiding": {"type": "boolean", "description": "the next shot must end touching the 15 line"},
                    "rounds": {"type": "array", "items": {"type": "object"}},
                    "last_shot": {"oneOf": [{"$ref": "#/components/schemas/Outcome"}, {"type": "null"}]},
                },
            },
            "ShotRequest": {
                "type": "object",
                "additionalProperties": False,
                "required": ["spot", "angle", "speed"],
                "properties": {
                    "spot": {
                        "type": "number",
                        "minimum": -1,
                        "maximum": 1,
                        "description": "-1 your left end of the line, 1 the right",
                    },
                    "angle": {"type": "number", "description": "degrees from straight in, + to your right"},
                    "speed": {"type": "number", "exclusiveMinimum": 0, "description": "mm/s at release"},
                    "expect_shots": _EXPECT,
                },
            },
            "Outcome": {
                "type": "object",
                "properties": {
                    "player": {"type": "integer"},
                    "controller": {"type": "string"},
                    "shot": {"type": "object"},
                    "foul": {"type": "boolean"},
                    "rule": {"type": ["string", "null"]},
                    "removed": {"type": "array", "items": {"type": "integer"}},
                    "out": {"type": "array", "items": {"type": "integer"}},
                    "twenties": {"type": "array", "items": {"type": "integer"}},
                    "restored": {"type": "boolean"},
                    "explanation": {"type": "string"},
                    "dropped": {"type": "array", "items": {"type": "integer"}},
                    "left_surface": {"type": "array", "items": {"type": "integer"}},
                    "round_over": {"type": "boolean"},
                    "round": {"type": ["object", "null"], "description": "the finished round, with a summary"},
                },
            },
            "Frames": {
                "type": "object",
                "description": "The trajectory: `xy` is base64 of little-endian float32 (count, ids, 2) board mm, "
                "NaN once a disc is gone.",
                "properties": {
                    "fps": {"type": "number"},
                    "count": {"type": "integer"},
                    "ids": {"type": "array", "items": {"type": "integer"}},
                    "teams": {"type": "array", "items": {"type": "integer"}},
                    "xy": {"type": "string", "contentEncoding": "base64"},
                    "gone": {"type": "object"},
                    "duration": {"type": "number"},
                },
            },
            "Played": {
                "type": "object",
                "properties": {
                    "outcome": {"$ref": "#/components/schemas/Outcome"},
                    "frames": {"$ref": "#/components/schemas/Frames"},
                    "match": {"$ref": "#/components/schemas/Match"},
                },
            },
        }
    },
}


@bp.get("/openapi.json")
def openapi():
    return jsonify(SPEC)


# -- the companion for a real board and the server's camera ---------------------------------------------------------

_SEQ = {"name": "seq", "in": "path", "required": True, "schema": {"type": "integer"}, "description": "photo number"}
_EXPECT_FRAMES = {"type": "integer", "minimum": 0, "description": "Photos the caller has seen (`frames_saved`); a "
                  "different count is refused with 409."}
_COMPANION = _json("#/components/schemas/Companion", "The companion match as the page draws it")


def _post(summary: str, body: dict | None, codes: tuple[int, ...], ok: dict = _COMPANION) -> dict:
    op = {"summary": summary, "parameters": [_MATCH_ID], "responses": {"200": ok, **{str(c): _ERROR for c in codes}}}
    if body is not None:
        op["requestBody"] = _body({"type": "object", "additionalProperties": False, **body}, True)
    return {"post": op}


SPEC["paths"].update({
    "/api/companion": {"post": {
        "summary": "Start a companion match for a real board (two teams; photos of the board keep the score)",
        "requestBody": _body({"type": "object", "additionalProperties": False, "properties": {
            "board": {"type": "string"}, "rules": {"type": "string"}, "mode": {"enum": ["singles", "doubles"]},
            "knobs": {"$ref": "#/components/schemas/NewMatch/properties/knobs"},
            "seed": {"type": "integer", "minimum": 0}}}, False),
        "responses": {"201": _COMPANION, "400": _ERROR}}},
    "/api/companion/{match_id}": {"get": {
        "summary": "A companion match: teams, set-up photo, the round's photos with every call, checks, points",
        "parameters": [_MATCH_ID], "responses": {"200": _COMPANION, "404": _ERROR}}},
    "/api/companion/{match_id}/photos": {"post": {
        "summary": "Send a photo: a set-up photo, or the board after the next shot (scored, checked, saved)",
        "parameters": [_MATCH_ID],
        "requestBody": {"required": True, "content": {"multipart/form-data": {"schema": {
            "type": "object", "properties": {
            "photo": {"type": "string", "format": "binary", "description": "JPEG, PNG, WEBP, ...; at most 50 MP"},
            "kind": {"enum": ["setup", "shot"], "default": "shot"},
            "source": {"enum": ["upload", "camera"], "default": "upload",
                       "description": "camera: take the server camera's latest still instead of a file"},
            "expect_frames": _EXPECT_FRAMES}}}}},
        "responses": {"201": _COMPANION, **{str(c): _ERROR for c in (400, 404, 409, 413, 422)}}}},
    "/api/companion/{match_id}/photos/{seq}": {
        "get": {"summary": "A saved photo (JPEG, upright, as scored)", "parameters": [_MATCH_ID, _SEQ],
                "responses": {"200": {"description": "The photo", "content": {"image/jpeg": {}}}, "404": _ERROR}},
        "delete": {"summary": "Take back the round's last photo", "parameters": [_MATCH_ID, _SEQ],
                   "responses": {"200": _COMPANION, "404": _ERROR, "409": _ERROR}}},
    "/api/companion/{match_id}/photos/{seq}/corrections": {"post": {
        "summary": "Fix one call: cycle a disc's points, change its team, remove it, or add a missed disc",
        "parameters": [_MATCH_ID, _SEQ],
        "requestBody": _body({"type": "object", "additionalProperties": False, "required": ["action"], "properties": {
            "action": {"enum": ["cycle", "team", "remove", "add"]},
            "disc": {"type": "integer", "description": "index in the photo's discs (cycle, team, remove)"},
            "px": {"type": "array", "items": {"type": "number"}, "description": "[x, y] photo pixels (add)"},
            "team": {"enum": [0, 1], "description": "team of an added disc"},
            "expect_frames": _EXPECT_FRAMES}}, True),
        "responses": {"200": _COMPANION, **{str(c): _ERROR for c in (400, 404, 409, 422)}}}},
    "/api/companion/{match_id}/photos/{seq}/calibration": {"post": {
        "summary": "Calibrate a photo by hand from the hole and peg markers, and score it again",
        "parameters": [_MATCH_ID, _SEQ],
        "requestBody": _body({"type": "object", "additionalProperties": False, "required": ["points"], "properties": {
            "points": {"type": "array", "description": "[x, y] photo pixels (or null) of the hole, then each peg in "
                       "the order of the set-up photo's calibration.pegs; at least 4 given"},
            "expect_frames": _EXPECT_FRAMES}}, True),
        "responses": {"200": _COMPANION, **{str(c): _ERROR for c in (400, 404, 409, 422)}}}},
    "/api/companion/{match_id}/teams": _post(
        "Name the teams from one tapped disc of each (first: the team at the bottom of the photo)",
        {"required": ["taps"], "properties": {
            "taps": {"type": "array", "items": {"type": "array", "items": {"type": "number"}}},
            "names": {"type": "array", "items": {"type": ["string", "null"]}},
            "photo": {"type": "integer"}, "expect_frames": _EXPECT_FRAMES}}, (400, 404, 409)),
    "/api/companion/{match_id}/twenties": _post(
        "Add or take away one 20 of a team this round", {"required": ["team", "delta"], "properties": {
            "team": {"enum": [0, 1]}, "delta": {"enum": [-1, 1]}, "expect_frames": _EXPECT_FRAMES}}, (400, 404, 409)),
    "/api/companion/{match_id}/end-round": _post(
        "Score the round with cancellation and clear the board", {"properties": {"expect_frames": _EXPECT_FRAMES}},
        (400, 404, 409)),
    "/api/companion/{match_id}/advice": _post(
        "The advisor's best three shots for the player about to shoot, in board mm and photo pixels",
        {"properties": {"level": {"enum": ["easy", "medium", "hard", "expert"], "default": "expert"}}},
        (400, 404, 409), _json("#/components/schemas/Advice", "Suggestions, best first")),
    "/api/companion/{match_id}/export": {"get": {
        "summary": "A finished match as JSON: rounds, every photo's corrected calls and checks",
        "parameters": [_MATCH_ID], "responses": {"200": {"description": "crokinole-companion-match/1 JSON"},
                                                 "404": _ERROR, "409": _ERROR}}},
    "/api/camera": {"get": {"summary": "The server's USB camera: enabled, number of its latest still, hand in view",
                            "responses": {"200": {"description": "Camera status"}}}},
})

SPEC["components"]["schemas"].update({
    "Companion": {"type": "object", "description": "Photo pixels are (x, y) in the stored photo; board mm as "
                  "elsewhere.", "properties": {
        "id": {"type": "integer"}, "frames_saved": {"type": "integer"},
        "teams": {"type": ["array", "null"], "items": {"type": "object"}}, "names": {"type": "array"},
        "setup": {"type": ["object", "null"], "description": "the last set-up photo with calibration and discs"},
        "frames": {"type": "array", "items": {"type": "object"}, "description": "this round's photos: calibration "
                   "overlay, discs (outline, team, points, uncertain, corrected, shot, moved, remove), totals, check"},
        "round_no": {"type": "integer"}, "shots": {"type": "integer"}, "shots_per_round": {"type": "integer"},
        "to_shoot": {"type": ["integer", "null"]}, "points": {"type": "array"}, "twenties": {"type": "array"},
        "match_scores": {"type": "array"}, "over": {"type": "boolean"}, "rounds": {"type": "array"}}},
    "Advice": {"type": "object", "properties": {
        "player": {"type": "integer"}, "team": {"type": "integer"}, "seat": {"type": "string"},
        "photo": {"type": ["integer", "null"]},
        "suggestions": {"type": "array", "items": {"type": "object", "description": "spot, angle (deg), speed "
                        "(mm/s), power (0..1), chance, expected_points, reason, path and start (mm), path_px, "
                        "start_px and others_px (photo pixels)"}}}},
})
