"""One-tap fixes to what a photo was read as: cycle a disc's points, change its team, add or remove a disc.

A correction is a small JSON action replayed in order on the PhotoScore the photo gave, so a frame's score is
always (what was seen) + (what the players fixed), and the fixes survive a reload or a restart.
"""

from __future__ import annotations

import math
from dataclasses import replace

from sim.board import zone_at_radius
from vision import PhotoDisc, PhotoScore

POINTS_CYCLE = (0, 5, 10, 15, 20)
ACTIONS = ("cycle", "team", "remove", "add")
FIXED = ("corrected",)


class CorrectionError(ValueError):
    """A correction that does not fit the photo (no such disc, a point outside the board, unknown action)."""


def check(action: dict, score: PhotoScore) -> dict:
    """The action with its values checked against ``score``; raises CorrectionError."""
    kind = action.get("action")
    if kind not in ACTIONS:
        raise CorrectionError(f"action must be one of {', '.join(ACTIONS)}, not {kind!r}")
    if kind == "add":
        px = action.get("px")
        team = action.get("team", 0)
        if not (isinstance(px, list) and len(px) == 2 and all(_finite(v) for v in px)):
            raise CorrectionError('"px" must be [x, y], the pixel of the missed disc\'s centre')
        if isinstance(team, bool) or team not in (0, 1):
            raise CorrectionError('"team" must be 0 or 1')
        w, h = score.calibration.image_size
        if not (0 <= px[0] < w and 0 <= px[1] < h):
            raise CorrectionError(f"the point ({px[0]:.0f}, {px[1]:.0f}) is outside the {w}x{h} photo")
        x, y = _board_xy(score, px)
        if math.hypot(x, y) > score.board.surface_r:
            raise CorrectionError("that point is off the playing surface: tap the centre of the missed disc")
        return {"action": "add", "px": [float(px[0]), float(px[1])], "team": team}
    disc = action.get("disc")
    if isinstance(disc, bool) or not isinstance(disc, int) or not 0 <= disc < len(score.discs):
        raise CorrectionError(f'"disc" must be a disc number from 0 to {len(score.discs) - 1}, not {disc!r}')
    return {"action": kind, "disc": disc}


def _finite(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _board_xy(score: PhotoScore, px) -> tuple[float, float]:
    (x, y), = score.top_plane.to_board([px])
    return float(x), float(y)


def apply(score: PhotoScore, action: dict) -> PhotoScore:
    """The score after one checked correction."""
    discs = list(score.discs)
    kind = action["action"]
    if kind == "add":
        x, y = _board_xy(score, action["px"])
        call = zone_at_radius(score.board, math.hypot(x, y), score.board.disc_r)
        discs.append(PhotoDisc(tuple(action["px"]), x, y, score.board.disc_r, score.teams[action["team"]],
                               call.points, call.margin_mm, 0.0, False, FIXED))
    elif kind == "remove":
        del discs[action["disc"]]
    else:
        d = discs[action["disc"]]
        if kind == "cycle":
            k = POINTS_CYCLE.index(d.points) if d.points in POINTS_CYCLE else -1
            d = replace(d, points=POINTS_CYCLE[(k + 1) % len(POINTS_CYCLE)])
        else:
            d = replace(d, team=score.teams[1 - score.teams.index(d.team)])
        discs[action["disc"]] = replace(d, uncertain=False, why=FIXED)
    return replace(score, discs=tuple(discs))


def apply_all(score: PhotoScore, actions) -> PhotoScore:
    for a in actions:
        score = apply(score, a)
    return score
