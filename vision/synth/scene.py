"""What is on and around the board in a synthetic photo, and the scoring truth it implies.

A disc's place says where it is: centre inside the hole (a 20), on the playing surface (in play), in the ditch
(|(x, y)| beyond the playing surface but within the ditch) or beside the board on the table. Discs beside the
board that share a centre are drawn as a stack, in the order given.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sim.board import Board

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class SceneDisc:
    x: float
    y: float
    team: str


@dataclass(frozen=True)
class Scene:
    board: Board
    discs: tuple[SceneDisc, ...]
    team_colours: dict[str, RGB]  # RGB of each team's discs


def place(board: Board, d: SceneDisc) -> str:
    """'hole', 'surface', 'ditch' or 'table'."""
    r = math.hypot(d.x, d.y)
    if r <= board.hole_r:
        return "hole"
    if r <= board.surface_r:
        return "surface"
    if r <= board.surface_r + board.ditch_width:
        return "ditch"
    return "table"


def scoring(board: Board, discs: tuple[SceneDisc, ...], teams: list[str]) -> dict:
    """Per-disc calls, totals, twenties and the round result with cancellation scoring."""
    calls, totals, twenties = [], dict.fromkeys(teams, 0), dict.fromkeys(teams, 0)
    for d in discs:
        where = place(board, d)
        in_play = where in ("hole", "surface")
        call = board.zone(d.x, d.y) if in_play else None
        points = call.points if call else 0
        calls.append({"in_play": in_play, "place": where, "points": points,
                      "margin_mm": round(call.margin_mm, 4) if call else None})
        totals[d.team] = totals.get(d.team, 0) + points
        twenties[d.team] = twenties.get(d.team, 0) + (points == 20)
    ranked = sorted(totals.items(), key=lambda kv: -kv[1])
    if len(ranked) >= 2 and ranked[0][1] != ranked[1][1]:
        result = {"winner": ranked[0][0], "points": ranked[0][1] - ranked[1][1]}
    else:
        result = {"winner": None, "points": 0}
    return {"calls": calls, "totals": totals, "twenties": twenties, "round": result}
