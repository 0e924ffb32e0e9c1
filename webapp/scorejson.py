"""A PhotoScore saved as JSON and read back whole (vision has only a one-way ``to_json``).

The companion keeps what was seen in each photo so that corrections, shot checks and advice can be worked out
again from it without scoring the photo a second time.
"""

from __future__ import annotations

from dataclasses import asdict, fields, replace

from calibration import Calibration
from sim.board import Board, board_named
from vision import PhotoDisc, PhotoScore

_RADII = ("surface_r", "outer_r", "middle_r", "fifteen_r", "hole_r")


def score_to_json(score: PhotoScore) -> dict:
    return {
        "discs": [asdict(d) for d in score.discs],
        "teams": list(score.teams),
        "team_colours": [list(c) for c in score.team_colours],
        "board": {"name": score.board.name, **{k: getattr(score.board, k) for k in _RADII}},
        "calibration": score.calibration.to_json(),
        "notes": list(score.notes),
        "doubtful": [list(p) for p in score.doubtful],
        "washed": [list(c) for c in score.washed],
    }


def _disc(d: dict) -> PhotoDisc:
    names = {f.name for f in fields(PhotoDisc)}
    d = {k: v for k, v in d.items() if k in names}
    return PhotoDisc(**{**d, "px": tuple(d["px"]), "why": tuple(d.get("why", ()))})


def score_from_json(data: dict) -> PhotoScore:
    b = data["board"]
    board: Board = replace(board_named(b["name"]), **{k: float(b[k]) for k in _RADII})
    return PhotoScore(
        discs=tuple(_disc(d) for d in data["discs"]),
        teams=tuple(data["teams"]),
        team_colours=tuple(tuple(int(v) for v in c) for c in data["team_colours"]),
        board=board,
        calibration=Calibration.from_json(data["calibration"]),
        notes=tuple(data.get("notes", ())),
        doubtful=tuple((float(x), float(y)) for x, y in data.get("doubtful", ())),
        washed=tuple((float(x), float(y), float(r)) for x, y, r in data.get("washed", ())),
    )
