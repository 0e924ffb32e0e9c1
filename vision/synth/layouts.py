"""Random board states for synthetic photos, with the hard cases a scorer must get right.

Hard cases: discs whose edge is within 1 mm of a scoring line (either side), touching clusters, discs against
pegs, a disc in the 20 hole, discs in the ditch and stacks of discs beside the board.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from sim.board import TOURNAMENT, Board
from vision.synth.scene import Scene, SceneDisc

TEAM_SETS: tuple[dict[str, tuple[int, int, int]], ...] = (
    {"red": (176, 32, 40), "black": (32, 32, 34)},
    {"white": (236, 232, 220), "navy": (26, 34, 72)},
    {"natural": (224, 192, 140), "dark": (74, 48, 32)},
    {"green": (36, 118, 62), "yellow": (232, 196, 52)},
    {"red": (180, 36, 36), "blue": (30, 60, 150)},
    {"black": (30, 30, 30), "natural": (222, 190, 140)},
)

# Team colours no threshold was measured on (TEAM_SETS were): scenes recoloured with these (``recoloured``) show
# what holds for colours the scorer was not built on. Maroon has the colour of one of the renderer's hole floors.
OTHER_TEAM_SETS: tuple[dict[str, tuple[int, int, int]], ...] = (
    {"orange": (230, 110, 30), "purple": (90, 40, 120)},
    {"grey": (128, 128, 128), "white": (236, 232, 220)},
    {"green": (36, 118, 62), "white": (236, 232, 220)},
    {"red": (176, 32, 40), "natural": (224, 192, 140)},
    {"blue": (30, 60, 150), "yellow": (232, 196, 52)},
    {"pink": (230, 120, 160), "teal": (20, 130, 130)},
    {"black": (32, 32, 34), "white": (236, 232, 220)},
    {"maroon": (110, 25, 35), "cream": (240, 230, 200)},
    {"green": (36, 118, 62), "black": (32, 32, 34)},
    {"dark": (74, 48, 32), "red": (176, 32, 40)},
)

_TOUCH_GAP = 0.05  # mm between discs drawn as touching, so they never overlap


def beside_radius(board: Board) -> float:
    """Nearest centre distance of a disc beside the board: clear of any frame ``random_style`` can draw."""
    return (board.surface_r + board.ditch_width + 40) / math.cos(math.pi / 8) + board.disc_r + 8


class _Placer:
    """Non-overlapping disc centres on the playing surface, in the ditch and beside the board."""

    def __init__(self, board: Board, rng: np.random.Generator):
        self.b, self.rng = board, rng
        self.pegs = np.array(board.pegs())
        self.centres: list[tuple[float, float]] = []

    def free(self, x: float, y: float) -> bool:
        b, r = self.b, self.b.disc_r
        d = math.hypot(x, y)
        if d <= b.surface_r:
            if d + r > b.surface_r or b.hole_r - r < d < b.hole_r + 2.0:
                return False
            if np.min(np.hypot(*(self.pegs - (x, y)).T)) < r + b.peg_r + _TOUCH_GAP / 2:
                return False
        elif d - r < b.surface_r + 0.5 or b.surface_r + b.ditch_width - r < d < beside_radius(b):
            return False
        return all(math.hypot(x - cx, y - cy) >= 2 * r + _TOUCH_GAP / 2 for cx, cy in self.centres)

    def add(self, x: float, y: float) -> bool:
        if self.free(x, y):
            self.centres.append((x, y))
            return True
        return False

    def at_radius(self, d: float, tries: int = 40) -> tuple[float, float] | None:
        for _ in range(tries):
            a = self.rng.uniform(0, 2 * math.pi)
            if self.add(d * math.cos(a), d * math.sin(a)):
                return self.centres[-1]
        return None

    def touching(self, cx: float, cy: float, other_r: float, tries: int = 20) -> tuple[float, float] | None:
        dist = self.b.disc_r + other_r + self.rng.uniform(_TOUCH_GAP, 0.5)
        for _ in range(tries):
            a = self.rng.uniform(0, 2 * math.pi)
            if self.add(cx + dist * math.cos(a), cy + dist * math.sin(a)):
                return self.centres[-1]
        return None


def _hard_cases(p: _Placer) -> None:
    b, rng = p.b, p.rng
    for _ in range(int(rng.integers(1, 4))):  # an edge within 1 mm of a line's inner paint edge
        line = b.lines[int(rng.integers(3))]
        p.at_radius(line.inner_edge - b.disc_r + rng.uniform(-1.0, 1.0))
    for _ in range(int(rng.integers(0, 3))):  # a touching cluster of 2 to 4
        seed = p.at_radius(rng.uniform(b.hole_r + b.disc_r + 5, b.outer_r - b.disc_r))
        for _ in range(int(rng.integers(1, 4)) if seed else 0):
            nxt = p.touching(*seed, b.disc_r)
            seed = nxt or seed
    for _ in range(int(rng.integers(0, 3))):  # against a peg
        px, py = p.pegs[int(rng.integers(len(p.pegs)))]
        p.touching(px, py, b.peg_r)
    if rng.random() < 0.3:  # a 20 in the hole
        a, off = rng.uniform(0, 2 * math.pi), rng.uniform(0, max(b.hole_r - b.disc_r - 0.1, 0))
        p.centres.append((off * math.cos(a), off * math.sin(a)))


def _out_of_play(p: _Placer) -> list[tuple[float, float]]:
    """Discs resting in the ditch (often against the rail) and stacks beside the board."""
    b, rng = p.b, p.rng
    for _ in range(int(rng.integers(0, 11))):
        inner, outer = b.surface_r + b.disc_r + 0.6, b.surface_r + b.ditch_width - b.disc_r - 0.1
        p.at_radius(outer - rng.uniform(0, 2) if rng.random() < 0.7 else rng.uniform(inner, outer), tries=10)
    stacks = []
    for _ in range(int(rng.integers(0, 3)) if rng.random() < 0.5 else 0):
        spot = p.at_radius(beside_radius(b) + rng.uniform(0, 50), tries=10)
        if spot:
            stacks.extend([spot] * int(rng.integers(0, 3)))  # the stack's lowest disc is already placed
    return stacks


def random_scene(rng: np.random.Generator, board: Board = TOURNAMENT, *, hard: bool = True) -> Scene:
    """A random end-of-round board: 0 to 16 discs in play, more in the ditch and beside the board."""
    colours = TEAM_SETS[int(rng.integers(len(TEAM_SETS)))]
    teams = list(colours)
    p = _Placer(board, rng)
    if hard:
        _hard_cases(p)
    for _ in range(int(rng.integers(0, 13))):
        d = math.sqrt(rng.uniform((board.hole_r + board.disc_r) ** 2, (board.outer_r + board.disc_r) ** 2))
        p.at_radius(d, tries=10)
    stacks = _out_of_play(p)
    first = int(rng.integers(2))
    discs = []
    for i, (x, y) in enumerate(p.centres + stacks):  # mostly alternating, as players take turns
        team = teams[(first + i) % 2] if rng.random() < 0.8 else teams[int(rng.integers(2))]
        discs.append(SceneDisc(float(x), float(y), team))
    # A stack is one team's discs: give every disc of a stack the team of its first disc.
    owner: dict[tuple[float, float], str] = {}
    discs = [SceneDisc(d.x, d.y, owner.setdefault((d.x, d.y), d.team)) for d in discs]
    return Scene(board=board, discs=tuple(discs), team_colours=dict(colours))


def recoloured(scene: Scene, colours: dict[str, tuple[int, int, int]]) -> Scene:
    """The scene with its two teams renamed and repainted as ``colours`` (in the scene's team order)."""
    names = dict(zip(scene.team_colours, colours, strict=True))
    return replace(scene, discs=tuple(replace(d, team=names[d.team]) for d in scene.discs),
                   team_colours=dict(colours))


def hand_made_after(scene: Scene, rng: np.random.Generator, shooter: str | None = None) -> Scene:
    """A plausible board after one shot, made by hand rather than simulated: the shooter's disc comes to rest
    on the board and, if an opponent disc is in play, that disc is knocked a little or into the ditch.

    A stand-in for before/after pairs until shots come from the simulator.
    """
    b = scene.board
    teams = list(scene.team_colours)
    shooter = shooter or teams[int(rng.integers(len(teams)))]
    p = _Placer(b, rng)
    discs = list(scene.discs)
    p.centres = [(d.x, d.y) for d in discs]
    targets = [i for i, d in enumerate(discs) if d.team != shooter and b.hole_r < math.hypot(d.x, d.y) <= b.surface_r]
    if targets:
        i = targets[int(rng.integers(len(targets)))]
        d = discs[i]
        p.centres.remove((d.x, d.y))
        a = math.atan2(d.y, d.x)
        if rng.random() < 0.5:  # knocked into the ditch
            rad = b.surface_r + b.ditch_width - b.disc_r - rng.uniform(0.2, 2)
            a += rng.normal(0, 0.3)
        else:  # nudged outwards
            rad = min(math.hypot(d.x, d.y) + rng.uniform(8, 60), b.outer_r)
        spot = None
        for _ in range(30):
            x, y = rad * math.cos(a), rad * math.sin(a)
            if p.add(x, y):
                spot = (x, y)
                break
            a += rng.normal(0, 0.2)
        discs[i] = SceneDisc(*(spot or (d.x, d.y)), d.team)
        if spot is None:
            p.centres.append((d.x, d.y))
    rest = p.at_radius(math.sqrt(rng.uniform((b.hole_r + b.disc_r + 3) ** 2, (b.middle_r) ** 2)))
    if rest:
        discs.append(SceneDisc(*rest, shooter))
    return Scene(board=b, discs=tuple(discs), team_colours=dict(scene.team_colours))
