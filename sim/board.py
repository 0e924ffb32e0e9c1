"""Board geometry: the single home of every size on a crokinole board.

Board frame: millimetres, origin at the centre of the 20 hole, +x to the right of the bottom seat, +y toward
the top seat. Angles are radians inside the code, measured counter-clockwise from +x.
Every other package (calibration, vision, webapp) reads its geometry from here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import IntEnum


class Seat(IntEnum):
    """The four seats round a board, counter-clockwise from the bottom seat (orange in a 2-player game)."""

    BOTTOM = 0
    RIGHT = 1
    TOP = 2
    LEFT = 3

    @property
    def angle(self) -> float:
        """Direction from the hole to the middle of this seat's stretch of shooting line."""
        return -math.pi / 2 + self.value * math.pi / 2


@dataclass(frozen=True)
class Line:
    """A painted scoring ring: radius of the centre of the paint and the paint's width."""

    name: str
    radius: float
    width: float

    @property
    def inner_edge(self) -> float:
        return self.radius - self.width / 2

    @property
    def outer_edge(self) -> float:
        return self.radius + self.width / 2


@dataclass(frozen=True)
class ZoneCall:
    """Points for a disc at rest, with the distance (mm) its edge would have to move to change the call."""

    points: int
    margin_mm: float


@dataclass(frozen=True)
class Board:
    """A board profile. Lengths in mm, mass in grams."""

    name: str
    surface_r: float
    outer_r: float
    middle_r: float
    fifteen_r: float
    line_width: float
    hole_r: float
    hole_depth: float
    peg_r: float
    peg_count: int
    peg_offset: float  # radians from a seat's centre line to the nearest peg
    disc_r: float
    disc_thickness: float
    disc_mass: float
    ditch_width: float
    rail_height: float

    # -- lines and zones -------------------------------------------------------------------------------------
    @property
    def outer_line(self) -> Line:
        return Line("outer", self.outer_r, self.line_width)

    @property
    def middle_line(self) -> Line:
        return Line("middle", self.middle_r, self.line_width)

    @property
    def fifteen_line(self) -> Line:
        return Line("15", self.fifteen_r, self.line_width)

    @property
    def lines(self) -> tuple[Line, Line, Line]:
        """Scoring lines from the outside in; the points of the zone just inside each are 5, 10, 15."""
        return (self.outer_line, self.middle_line, self.fifteen_line)

    def zone(self, x: float, y: float, r: float | None = None) -> ZoneCall:
        """Points of a disc of radius ``r`` resting with its centre at (x, y).

        A disc whose edge reaches a line's paint scores the lower zone; reaching the outer line's paint is out
        (0). A disc with its centre over the hole is in the hole (20); one resting on the rim scores 15.
        """
        return zone_at_radius(self, math.hypot(x, y), self.disc_r if r is None else r)

    # -- pegs and seats --------------------------------------------------------------------------------------
    def pegs(self) -> tuple[tuple[float, float], ...]:
        """Peg centres on the 15 line, evenly spaced, none on a seat's centre line."""
        step = 2 * math.pi / self.peg_count
        start = Seat.BOTTOM.angle + self.peg_offset
        return tuple(
            (self.fifteen_r * math.cos(start + k * step), self.fifteen_r * math.sin(start + k * step))
            for k in range(self.peg_count)
        )

    def quarter_line_angles(self) -> tuple[float, ...]:
        """Angles of the four short quarter lines in the 5 zone, 45 degrees from each seat's centre line."""
        return tuple(Seat.BOTTOM.angle + math.pi / 4 + k * math.pi / 2 for k in range(4))

    @property
    def shooting_r(self) -> float:
        """Radius of a disc's centre when its edge just touches the outer line's inner paint edge from outside.

        A disc starts touching the shooting line: we place its centre on the line itself (the usual stance,
        half over the paint), which is what the digital game does.
        """
        return self.outer_r

    def seat_span(self, seat: Seat) -> tuple[float, float]:
        """Angular stretch (lo, hi) of shooting line a disc's centre may start on, inside the quarter lines.

        The disc may touch its quarter lines but not cross them, so the span is narrowed by the disc's own
        angular half-width at the shooting radius.
        """
        half = math.pi / 4 - math.asin(self.disc_r / self.shooting_r)
        return (seat.angle - half, seat.angle + half)

    def spot_position(self, seat: Seat, spot: float) -> tuple[float, float]:
        """Board position of a shooting spot: ``spot`` in [-1, 1] along the seat's stretch, 0 in the middle.

        -1 is the shooter's left end, +1 the right end, as the shooter sits facing the hole.
        """
        lo, hi = self.seat_span(seat)
        # Facing the hole from any seat, the shooter's right is counter-clockwise (increasing angle).
        a = seat.angle + spot * (hi - lo) / 2
        return (self.shooting_r * math.cos(a), self.shooting_r * math.sin(a))

    def spot_of(self, seat: Seat, x: float, y: float, *, tol: float = 1.0) -> float | None:
        """Inverse of ``spot_position``: the spot for a board point, or None if it is not on the seat's stretch.

        ``tol`` (mm) is how far off the shooting radius a starting point may be.
        """
        if abs(math.hypot(x, y) - self.shooting_r) > tol:
            return None
        lo, hi = self.seat_span(seat)
        a = math.atan2(y, x)
        delta = math.remainder(a - seat.angle, 2 * math.pi)
        half = (hi - lo) / 2
        if abs(delta) > half + 1e-9:
            return None
        return max(-1.0, min(1.0, delta / half))


def zone_at_radius(board: Board, d: float, r: float) -> ZoneCall:
    """Points for a disc of radius ``r`` whose centre is ``d`` mm from the hole centre (see ``Board.zone``)."""
    if d <= board.hole_r:
        return ZoneCall(20, board.hole_r - d)
    edge = d + r
    boundaries = [line.inner_edge for line in board.lines]  # outer, middle, 15
    margin = min(abs(edge - b) for b in boundaries)
    margin = min(margin, d - board.hole_r)
    for points, b in zip((0, 5, 10), boundaries, strict=True):
        if edge >= b:
            return ZoneCall(points, margin)
    return ZoneCall(15, margin)


def touches_fifteen(board: Board, x: float, y: float, *, inside_only: bool = False) -> bool:
    """No-hiding test: is the disc touching or inside the 15 line (or, with ``inside_only``, clear inside it)?"""
    d = math.hypot(x, y)
    if inside_only:
        return d + board.disc_r < board.fifteen_line.inner_edge
    return d - board.disc_r <= board.fifteen_line.outer_edge


_INCH = 25.4

TOURNAMENT = Board(
    name="tournament",
    surface_r=13 * _INCH,
    outer_r=12 * _INCH,
    middle_r=8 * _INCH,
    fifteen_r=4 * _INCH,
    line_width=2.4,
    hole_r=1.375 * _INCH / 2,
    hole_depth=6.0,
    peg_r=0.375 * _INCH / 2,
    peg_count=8,
    peg_offset=math.radians(22.5),
    disc_r=1.25 * _INCH / 2,
    disc_thickness=9.5,
    disc_mass=5.3,
    ditch_width=51.0,
    rail_height=12.0,
)

_CLUB_SCALE = 300.0 / TOURNAMENT.surface_r

CLUB = Board(
    name="club",
    surface_r=300.0,
    outer_r=TOURNAMENT.outer_r * _CLUB_SCALE,
    middle_r=TOURNAMENT.middle_r * _CLUB_SCALE,
    fifteen_r=TOURNAMENT.fifteen_r * _CLUB_SCALE,
    line_width=2.4,
    hole_r=20.0,
    hole_depth=6.0,
    peg_r=TOURNAMENT.peg_r,
    peg_count=8,
    peg_offset=math.radians(22.5),
    disc_r=16.0,
    disc_thickness=9.0,
    disc_mass=5.3,
    ditch_width=51.0,
    rail_height=12.0,
)

HEIRLOOM = Board(
    **{
        **TOURNAMENT.__dict__,
        "name": "heirloom",
        "peg_count": 12,
        "peg_offset": math.radians(15.0),
    }
)

BOARDS: dict[str, Board] = {b.name: b for b in (TOURNAMENT, CLUB, HEIRLOOM)}


class UnknownBoardError(ValueError):
    """A board profile name that is not in ``BOARDS``."""


def board_named(name: str) -> Board:
    """Look a profile up by name, with a clear error listing the choices."""
    try:
        return BOARDS[name]
    except KeyError:
        raise UnknownBoardError(f"unknown board {name!r}; choose one of {', '.join(BOARDS)}") from None
