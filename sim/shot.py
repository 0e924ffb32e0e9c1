"""A shot as a player thinks of it: where on the shooting line, which way, how hard.

``spot`` runs from -1 (the shooter's left end of their stretch of line) to +1 (right end); ``angle`` is in
degrees from the seat's straight-in direction (towards the hole), positive to the shooter's right; ``speed`` is
the disc's speed at release in mm/s.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sim.board import Board, Seat

MAX_SPEED = 5000.0  # mm/s; a hard takeout is 2 to 4 m/s
MAX_ANGLE = 80.0  # degrees either side of straight in: a flick must go into the board


class IllegalShotError(ValueError):
    """A shot that cannot be played: off the shooter's stretch of line, backwards, blocked or too hard."""


@dataclass(frozen=True)
class Shot:
    spot: float
    angle: float
    speed: float

    def to_json(self) -> dict:
        return {"spot": self.spot, "angle": self.angle, "speed": self.speed}

    @classmethod
    def from_json(cls, data: dict) -> Shot:
        try:
            return cls(float(data["spot"]), float(data["angle"]), float(data["speed"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise IllegalShotError(f"a shot needs numbers spot, angle and speed ({exc})") from None


def check_shot(shot: Shot) -> None:
    """Reject a shot that no player could make, with the reason."""
    if not all(math.isfinite(v) for v in (shot.spot, shot.angle, shot.speed)):
        raise IllegalShotError("spot, angle and speed must be finite numbers")
    if not -1.0 <= shot.spot <= 1.0:
        raise IllegalShotError(f"spot {shot.spot:g} is off your stretch of shooting line (it runs from -1 to 1)")
    if abs(shot.angle) > MAX_ANGLE:
        raise IllegalShotError(f"angle {shot.angle:g} deg points out of the board (at most {MAX_ANGLE:g} either way)")
    if not 0.0 < shot.speed <= MAX_SPEED:
        raise IllegalShotError(f"speed {shot.speed:g} mm/s is not between 0 and {MAX_SPEED:g}")


def heading(seat: Seat, angle_deg: float) -> float:
    """Board direction (radians) of a shot at ``angle_deg`` from the seat's straight-in direction."""
    return seat.angle + math.pi - math.radians(angle_deg)


def launch(board: Board, seat: Seat, shot: Shot) -> tuple[tuple[float, float], tuple[float, float]]:
    """Start position (mm) and velocity (mm/s) of the shot disc."""
    check_shot(shot)
    start = board.spot_position(seat, shot.spot)
    h = heading(seat, shot.angle)
    return start, (shot.speed * math.cos(h), shot.speed * math.sin(h))


def aim_at(board: Board, seat: Seat, spot: float, target: tuple[float, float], speed: float) -> Shot:
    """The shot from ``spot`` whose path runs straight through ``target``."""
    sx, sy = board.spot_position(seat, spot)
    direction = math.atan2(target[1] - sy, target[0] - sx)
    angle = math.degrees(math.remainder(seat.angle + math.pi - direction, 2 * math.pi))
    return Shot(spot, angle, speed)
