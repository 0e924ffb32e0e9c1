"""One shot on a pymunk board: discs slide, collide, bounce off pegs, drop into the 20 hole or leave the surface.

This is the only module that imports pymunk. Each call builds a fresh space from the compact state (ids and
positions), so the same inputs always give bit-identical results, whatever ran before.

Why it is fast enough for thousands of rollouts:
- Sliding friction lives inside the engine: each disc is tied to the static body by a PivotJoint (linear) and a
  GearJoint (spin) with ``max_bias = 0`` and a force limit equal to the Coulomb friction, as in pymunk's tank
  example, so the disc decelerates at exactly mu*g with no Python per disc per step.
- Discs at rest sleep (they start asleep, without friction joints), so only moving discs cost anything; a hit
  wakes a disc and gives it its joints.
- The step length varies: no disc travels more than ``max_travel`` mm in one step (no grazing peg contact is
  missed), and when everything is slow the steps are long.
- The hole and the surface edge are sensor shapes: Python runs only on events (a contact begins, a disc is over
  the hole, a disc leaves the surface), never in a loop over all discs.

Capture model of the 20 hole (no measured values exist; see REFERENCE.md): a disc drops when its centre is within
``capture_r`` of the hole centre while it is slower than ``capture_speed``, or when it comes to rest with its
centre over the hole (within ``board.hole_r``). A fast pass skips over; a disc resting on the rim stays (15).

Contacts are exact in space, not only in time: pymunk finds a contact after a step has already pushed two shapes
up to ``max_travel`` into each other, so each new contact is moved back to the instant of first touch before it is
solved (see ``_Run._rewind``); cut angles and peg bounces do not depend on where a step happened to fall.

Known approximation: the explicit position update lets a sliding disc overrun the exact stopping distance
v^2/(2 mu g) by up to about 2 mm (under 1% for an open-20 shot, about 1 mm on a 40 mm nudge).
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import pymunk
import pymunk.batch
from pymunk.contact_point_set import ContactPoint, ContactPointSet

from sim.board import Board

_DISC, _PEG, _HOLE, _SURFACE = 1, 2, 3, 4
_ZERO = pymunk.Vec2d(0.0, 0.0)


class PhysicsInputError(ValueError):
    """A shot or a layout the physics cannot simulate (bad numbers, duplicate ids, a disc off the board)."""


@dataclass(frozen=True)
class PhysicsParams:
    """Every physics constant in one place; defaults from REFERENCE.md. Units mm, s, g."""

    mu: float = 0.12  # sliding friction of a disc on the board
    g: float = 9810.0  # mm/s^2
    e_disc: float = 0.85  # disc-disc restitution
    e_peg: float = 0.6  # disc-peg restitution (rubber sleeve)
    disc_friction: float = 0.15  # friction between two discs' edges: spin from glancing hits
    peg_friction: float = 0.3  # friction between a disc and a peg's rubber
    capture_r: float = 13.0  # mm: a disc whose centre is this close to the hole centre ...
    capture_speed: float = 600.0  # mm/s: ... while slower than this drops into the hole
    max_travel: float = 4.0  # mm: most a disc may move in one step (grazing peg contacts are never missed)
    max_dt: float = 1 / 40  # s: longest step, taken when everything is slow
    rest_speed: float = 0.5  # mm/s: a disc slower than this is at rest
    sleep_time: float = 0.03  # s: a disc at rest this long falls asleep and costs nothing
    check_every: int = 8  # steps between batch reads of all disc speeds (rest check, step length)
    max_time: float = 30.0  # s: hard stop for a shot (friction stops any shot up to 4 m/s within 4 s)
    iterations: int = 10  # pymunk solver iterations per step

    def __post_init__(self) -> None:
        for name, value in self.__dict__.items():
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                raise PhysicsInputError(f"{name} must be a finite number, got {value!r}")
        positive = ("mu", "g", "capture_speed", "max_travel", "max_dt", "rest_speed", "sleep_time", "max_time")
        for name in positive:
            value = getattr(self, name)
            if not value > 0:
                raise PhysicsInputError(f"{name} must be a positive number, got {value!r}")
        for name in ("e_disc", "e_peg"):
            if not 0 <= getattr(self, name) <= 1:
                raise PhysicsInputError(f"{name} must be in [0, 1], got {getattr(self, name)!r}")
        if not self.disc_friction > 0 or not self.peg_friction >= 0:
            raise PhysicsInputError("disc_friction must be > 0 and peg_friction >= 0")
        if not self.capture_r >= 0 or self.iterations < 1 or self.check_every < 1:
            raise PhysicsInputError("capture_r must be >= 0, iterations and check_every >= 1")

    @property
    def deceleration(self) -> float:
        """Sliding deceleration mu*g in mm/s^2."""
        return self.mu * self.g

    def stopping_distance(self, speed: float) -> float:
        """How far a free disc launched at ``speed`` mm/s slides before it stops (mm)."""
        return speed * speed / (2 * self.deceleration)

    def speed_for_distance(self, distance: float) -> float:
        """Launch speed (mm/s) that makes a free disc stop after ``distance`` mm."""
        return math.sqrt(2 * self.deceleration * max(distance, 0.0))


DEFAULT_PARAMS = PhysicsParams()


@dataclass(frozen=True)
class Contact:
    """First touch of a new contact. For a disc contact ``a`` is the faster disc (the striker)."""

    t: float  # seconds after release
    a: int  # disc id
    b: int  # disc id, or peg index (in ``board.pegs()`` order) when kind == "peg"
    kind: str  # "disc" | "peg"


@dataclass(frozen=True, eq=False)
class Frames:
    """Positions sampled at ``fps`` for the browser to replay; NaN once a disc is gone."""

    fps: float
    ids: tuple[int, ...]  # column order
    xy: np.ndarray  # shape (F, N, 2) float32 board mm
    gone: dict[int, tuple[float, str]]  # id -> (time, "hole" | "ditch")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Frames):
            return NotImplemented
        return (
            self.fps == other.fps
            and self.ids == other.ids
            and self.gone == other.gone
            and np.array_equal(self.xy, other.xy, equal_nan=True)
        )

    __hash__ = None  # type: ignore[assignment]


@dataclass(frozen=True)
class Motion:
    """What one shot did."""

    positions: dict[int, tuple[float, float]]  # rest positions of discs still on the playing surface
    dropped: tuple[int, ...]  # fell into the 20 hole, in order
    left_surface: tuple[int, ...]  # slid off the playing surface into the ditch, in order
    contacts: tuple[Contact, ...]  # time-ordered
    moved: frozenset[int]  # ids that moved (> 0.01 mm), dropped or left, incl. the shot disc
    duration: float  # seconds until everything rested
    frames: Frames | None = field(default=None)


_MOVED_MM = 0.01


def simulate(
    board: Board,
    discs: Sequence[tuple[int, float, float]],
    shot_id: int,
    start: tuple[float, float],
    velocity: tuple[float, float],
    *,
    params: PhysicsParams = DEFAULT_PARAMS,
    fps: float | None = None,
) -> Motion:
    """Play one shot: ``discs`` (id, x, y) rest on the board, disc ``shot_id`` leaves ``start`` at ``velocity``.

    Positions in board mm, velocity in mm/s. With ``fps`` the motion carries frames for replay.
    """
    layout, v = _checked_layout(board, discs, shot_id, start, velocity, fps)
    run = _Run(board, params, layout, v, record=fps is not None)
    try:
        run.play()
        return run.motion(fps)
    finally:
        run.close()


def _numbers(values: Sequence[object], count: int) -> tuple[float, ...] | None:
    """``count`` finite real numbers (numpy scalars welcome, bools not), or None."""
    try:
        if len(values) != count or any(isinstance(v, bool) for v in values):
            return None
        out = tuple(float(v) for v in values)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
    return out if all(math.isfinite(v) for v in out) else None


def _disc_id(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def _checked_layout(
    board: Board,
    discs: Sequence[tuple[int, float, float]],
    shot_id: int,
    start: tuple[float, float],
    velocity: tuple[float, float],
    fps: float | None,
) -> tuple[list[tuple[int, float, float]], tuple[float, float]]:
    """All discs with the shot disc last, and the velocity, after checking every number (PhysicsInputError)."""
    layout = []
    for item in [*discs, (shot_id, *start)]:
        i = _disc_id(item[0]) if isinstance(item, Sequence) and len(item) == 3 else None
        xy = _numbers(item[1:], 2) if i is not None else None
        if xy is None:
            raise PhysicsInputError(f"a disc must be (int id, x, y) with finite numbers, got {item!r}")
        layout.append((i, *xy))
    v = _numbers(velocity, 2)
    if v is None:
        raise PhysicsInputError(f"velocity must be two finite numbers, got {velocity!r}")
    if fps is not None and not (_numbers([fps], 1) and fps > 0):
        raise PhysicsInputError(f"fps must be a positive number, got {fps!r}")
    ids = [d[0] for d in layout]
    if len(set(ids)) != len(ids):
        raise PhysicsInputError(f"disc ids must be unique (the shot id {shot_id} included): {sorted(ids)}")
    for i, x, y in layout:
        if math.hypot(x, y) > board.surface_r:
            raise PhysicsInputError(f"disc {i} at ({x:.1f}, {y:.1f}) is off the playing surface")
    return layout, v


def _moving(body: pymunk.Body) -> pymunk.Vec2d:
    """A body's velocity, zero while it sleeps.

    A sleeping disc keeps a leftover velocity of about 1e-19 mm/s. Moving it back along that velocity inside a
    collision callback would wake it in the middle of a step, which corrupts Chipmunk's contact graph: the next
    step then loops for ever in FloodFillComponent (Chipmunk2D issues 257 and 260). A sleeping body is at rest.
    """
    return _ZERO if body.is_sleeping else body.velocity


class _Run:
    """One simulation: the space, the event records, and the step loop."""

    def __init__(
        self,
        board: Board,
        params: PhysicsParams,
        layout: list[tuple[int, float, float]],
        velocity: tuple[float, float],
        *,
        record: bool,
    ) -> None:
        self.board = board
        self.params = params
        self.start = {i: (x, y) for i, x, y in layout}
        self.ids = [i for i, _, _ in layout]
        self.shot_id = self.ids[-1]
        self.t = 0.0
        self.contacts: list[Contact] = []
        self.gone: dict[int, tuple[float, str]] = {}
        self.pending: dict[int, str] = {}
        self.to_wake: dict[int, None] = {}
        self.recheck = False
        self.dt = 0.0
        self.advance: dict[pymunk.Body, float] = {}  # bodies set back in time this step, and by how long
        self.origin: dict[pymunk.Body, pymunk.Vec2d] = {}  # where this step left them
        self.pegs = [pymunk.Vec2d(x, y) for x, y in board.pegs()]
        self.track: list[tuple[float, list[tuple[float, float]]]] | None = [] if record else None
        self.space = space = pymunk.Space()
        space.iterations = params.iterations
        space.sleep_time_threshold = params.sleep_time
        space.idle_speed_threshold = params.rest_speed
        self.static = space.static_body
        self.peg_of = self._add_statics()
        self.body_of: dict[int, pymunk.Body] = {}
        self.shape_of: dict[int, pymunk.Shape] = {}
        self.id_of: dict[pymunk.Shape, int] = {}
        self.joints: dict[int, tuple[pymunk.Constraint, pymunk.Constraint]] = {}
        self._add_discs(layout)
        shot = self.body_of[self.shot_id]
        self._add_friction(self.shot_id)
        shot.velocity = velocity
        space.on_collision(_DISC, _DISC, begin=self._disc_begin)
        space.on_collision(_DISC, _PEG, begin=self._peg_begin)
        space.on_collision(_HOLE, _DISC, pre_solve=self._over_hole)
        space.on_collision(_SURFACE, _DISC, separate=self._off_surface)
        self.buffer = pymunk.batch.Buffer()

    def close(self) -> None:
        """Drop the callbacks: they tie the space to this run, and freeing the space would call separate()."""
        for pair in ((_DISC, _DISC), (_DISC, _PEG), (_HOLE, _DISC), (_SURFACE, _DISC)):
            self.space.on_collision(
                *pair, begin=pymunk.empty_callback, pre_solve=pymunk.empty_callback, separate=pymunk.empty_callback
            )

    # -- building the space ----------------------------------------------------------------------------------
    def _add_statics(self) -> dict[pymunk.Shape, int]:
        """Pegs, the hole sensor and the surface sensor on the static body."""
        b, p = self.board, self.params
        disc_e = math.sqrt(p.e_disc)
        disc_u = math.sqrt(p.disc_friction)
        peg_of = {}
        for k, (x, y) in enumerate(b.pegs()):
            peg = pymunk.Circle(self.static, b.peg_r, (x, y))
            # pymunk multiplies the two shapes' values: choose the peg's so each pair comes out as set.
            peg.elasticity = p.e_peg / disc_e if disc_e > 0 else 0.0
            peg.friction = p.peg_friction / disc_u
            peg.collision_type = _PEG
            peg_of[peg] = k
        hole = pymunk.Circle(self.static, b.hole_r)
        # A disc overlaps this circle exactly while its centre is on the surface.
        surface = pymunk.Circle(self.static, b.surface_r - b.disc_r)
        for shape, kind in ((hole, _HOLE), (surface, _SURFACE)):
            shape.sensor = True
            shape.collision_type = kind
        self.space.add(*peg_of, hole, surface)
        return peg_of

    def _add_discs(self, layout: list[tuple[int, float, float]]) -> None:
        """Every disc starts asleep and without friction joints: a resting disc costs nothing until hit."""
        b, p = self.board, self.params
        m, r = b.disc_mass, b.disc_r
        moment = pymunk.moment_for_circle(m, 0, r)
        e, u = math.sqrt(p.e_disc), math.sqrt(p.disc_friction)
        for i, x, y in layout:
            body = pymunk.Body(m, moment)
            body.position = (x, y)
            shape = pymunk.Circle(body, r)
            shape.elasticity = e
            shape.friction = u
            shape.collision_type = _DISC
            self.space.add(body, shape)
            self.body_of[i] = body
            self.shape_of[i] = shape
            self.id_of[shape] = i
        for i in self.ids[:-1]:
            self.body_of[i].sleep()

    def _add_friction(self, i: int) -> None:
        """Tie disc ``i`` to the board with Coulomb friction: a PivotJoint (sliding) and a GearJoint (spin)."""
        b, p = self.board, self.params
        slide = p.mu * b.disc_mass * p.g
        body = self.body_of[i]
        pivot = pymunk.PivotJoint(self.static, body, (0, 0), (0, 0))
        pivot.max_bias = 0
        pivot.max_force = slide
        gear = pymunk.GearJoint(self.static, body, 0.0, 1.0)
        gear.max_bias = 0
        gear.max_force = slide * b.disc_r * 2 / 3  # torque of uniform Coulomb friction over the disc's face
        self.space.add(pivot, gear)
        self.joints[i] = (pivot, gear)

    def _wake(self, dt: float) -> None:
        """Give friction to discs first hit in the last step, and take off the friction that step missed."""
        p = self.params
        spin_decel = p.deceleration * 4 / (3 * self.board.disc_r)  # (2/3 mu m g r) / (m r^2 / 2)
        for i in self.to_wake:
            if i in self.joints or i in self.gone:
                continue
            self._add_friction(i)
            body = self.body_of[i]
            vx, vy = body.velocity
            v = math.hypot(vx, vy)
            k = max(0.0, 1.0 - p.deceleration * dt / v) if v > 0 else 0.0
            body.velocity = (vx * k, vy * k)
            w = body.angular_velocity
            body.angular_velocity = math.copysign(max(0.0, abs(w) - spin_decel * dt), w)
        self.to_wake.clear()

    # -- events (Python runs only here) ----------------------------------------------------------------------
    def _disc_begin(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        sa, sb = arbiter.shapes
        a, b = self.id_of[sa], self.id_of[sb]
        ba, bb = sa.body, sb.body
        tau = self._rewind(arbiter, ba, bb, None, 2 * self.board.disc_r)
        if bb.velocity.length_squared > ba.velocity.length_squared:
            a, b = b, a
        self.contacts.append(Contact(self.t - tau, a, b, "disc"))
        self.recheck = True
        for i in (a, b):
            if i not in self.joints:
                self.to_wake[i] = None

    def _peg_begin(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        sa, sb = arbiter.shapes
        k = self.peg_of[sb]
        tau = self._rewind(arbiter, sa.body, None, self.pegs[k], self.board.disc_r + self.board.peg_r)
        self.contacts.append(Contact(self.t - tau, self.id_of[sa], k, "peg"))

    def _rewind(
        self,
        arbiter: pymunk.Arbiter,
        body_a: pymunk.Body,
        body_b: pymunk.Body | None,
        peg: pymunk.Vec2d | None,
        reach: float,
    ) -> float:
        """Move a new contact back to the instant the two circles first touched; return how long ago that was.

        pymunk finds a contact only after this step has carried the shapes up to ``max_travel`` into each other,
        and the contact normal from that overlap would bend a cut shot by several degrees depending on where
        the step happened to fall. Here the contact normal is taken at the touching instant and the bodies go
        back along their velocities to it; after the step they are carried forward by the same time. A body in
        several new contacts in one step (a split shot) goes back to the earliest; each contact keeps its own
        normal and time, all reckoned from where the step left the bodies.
        """
        pa, va = self.origin.get(body_a, body_a.position), _moving(body_a)
        if body_b is None:
            pb, vb = peg, _ZERO
        else:
            pb, vb = self.origin.get(body_b, body_b.position), _moving(body_b)
        d = pb - pa
        w = vb - va
        ww = w.dot(w)
        if ww == 0.0:
            return 0.0
        dw = d.dot(w)
        disc = dw * dw - ww * (d.dot(d) - reach * reach)
        if disc < 0.0:
            return 0.0
        tau = (dw + math.sqrt(disc)) / ww
        if not 0.0 < tau <= self.dt:
            return 0.0  # overlapping before this step (a layout with touching discs): leave it to pymunk
        for body, origin, v in ((body_a, pa, va), (body_b, pb, vb)):
            if body is not None:
                self.origin[body] = origin
                back = self.advance[body] = max(tau, self.advance.get(body, 0.0))
                if v != _ZERO:
                    body.position = origin - v * back
        pa, pb = pa - va * tau, pb - vb * tau
        n = (pb - pa) / reach
        touch = pa + n * self.board.disc_r  # the first shape is always a disc
        points = arbiter.contact_point_set
        arbiter.contact_point_set = ContactPointSet(n, (ContactPoint(touch, touch, 0.0),) * len(points.points))
        return tau

    def _sensed_disc(self, arbiter: pymunk.Arbiter) -> tuple[int, pymunk.Shape] | tuple[None, None]:
        """The disc touching a sensor (pymunk does not keep the handler's shape order when a shape is removed)."""
        for shape in arbiter.shapes:
            i = self.id_of.get(shape)
            if i is not None:
                return i, shape
        return None, None

    def _over_hole(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        i, disc = self._sensed_disc(arbiter)
        if i is None or i in self.pending:
            return
        body = disc.body
        d = body.position.length
        v = body.velocity.length
        p = self.params
        if (d < p.capture_r and v < p.capture_speed) or (d <= self.board.hole_r and v < p.rest_speed):
            self.pending[i] = "hole"

    def _off_surface(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        i, disc = self._sensed_disc(arbiter)
        if i is None or i in self.gone or i in self.pending or disc.body is None:
            return
        if disc.body.position.length >= self.board.surface_r:
            self.pending[i] = "ditch"

    # -- the loop ------------------------------------------------------------------------------------------------
    def _max_speed(self) -> float:
        """Fastest disc's speed, read for all bodies in one batch call."""
        buf = self.buffer
        buf.clear()
        pymunk.batch.get_space_bodies(self.space, pymunk.batch.BodyFields.VELOCITY, buf)
        v = np.frombuffer(buf.float_buf(), dtype=np.float64)
        v = v * v
        return math.sqrt(float((v[0::2] + v[1::2]).max(initial=0.0)))

    def play(self) -> None:
        """Step until every disc rests, each step as long as the fastest disc allows.

        Between batch speed reads the top speed is bounded by the last read minus mu*g*t (friction only slows
        discs; a disc-disc contact forces a fresh read), so reads happen every ``check_every`` steps.
        """
        p = self.params
        step = self.space.step
        bound = 0.0
        since = p.check_every
        if self.track is not None:
            self._record()
        while self.t < p.max_time:
            if self.recheck or since >= p.check_every or bound < p.rest_speed:
                bound = self._max_speed()
                since = 0
                self.recheck = False
                if bound < p.rest_speed:
                    break
            self.dt = dt = min(p.max_dt, p.max_travel / bound)
            self.t += dt
            step(dt)
            if self.advance:
                self._catch_up()
            since += 1
            bound -= p.deceleration * dt
            if self.to_wake:
                self._wake(dt)
            if self.track is not None:
                self._record()
            if self.pending:
                self._remove_pending()
        self._settle_leftovers()

    def _catch_up(self) -> None:
        """Carry rewound bodies forward by the time they were set back (see ``_rewind``)."""
        for body, tau in self.advance.items():
            body.position = body.position + body.velocity * tau
        self.advance.clear()
        self.origin.clear()

    def _remove_pending(self) -> None:
        # Removal order changes pymunk's body order, so it must not depend on the order callbacks came in.
        for i in sorted(self.pending, key=self.ids.index):
            where = self.pending[i]
            self.gone[i] = (self.t, where)
            self.space.remove(self.shape_of[i], *self.joints.get(i, ()), self.body_of[i])
        self.pending.clear()
        self.recheck = True  # the fastest disc may be the one that left

    def _settle_leftovers(self) -> None:
        """At rest: a disc with its centre over the hole drops; one beyond the surface is in the ditch."""
        for i in self.ids:
            if i in self.gone:
                continue
            d = self.body_of[i].position.length
            if d <= self.board.hole_r:
                self.pending[i] = "hole"
            elif d >= self.board.surface_r:
                self.pending[i] = "ditch"
        if self.pending:
            self._remove_pending()

    def _record(self) -> None:
        nan = (math.nan, math.nan)
        row = [nan if i in self.gone else tuple(self.body_of[i].position) for i in self.ids]
        self.track.append((self.t, row))

    # -- the result -------------------------------------------------------------------------------------------
    def motion(self, fps: float | None) -> Motion:
        positions = {}
        moved = {self.shot_id}
        for i in self.ids:
            if i in self.gone:
                moved.add(i)
                continue
            x, y = self.body_of[i].position
            positions[i] = (x, y)
            x0, y0 = self.start[i]
            if math.hypot(x - x0, y - y0) > _MOVED_MM:
                moved.add(i)
        order = sorted(self.gone, key=lambda i: self.gone[i][0])  # stable: ties keep event order
        return Motion(
            positions=positions,
            dropped=tuple(i for i in order if self.gone[i][1] == "hole"),
            left_surface=tuple(i for i in order if self.gone[i][1] == "ditch"),
            contacts=tuple(sorted(self.contacts, key=lambda c: c.t)),
            moved=frozenset(moved),
            duration=self.t,
            frames=None if fps is None else self._frames(fps),
        )

    def _frames(self, fps: float) -> Frames:
        """Resample the per-step track at ``fps`` by linear interpolation (steps move at most max_travel)."""
        times = np.array([t for t, _ in self.track])
        xy = np.array([row for _, row in self.track], dtype=np.float64)  # (S, N, 2)
        count = int(math.floor(self.t * fps + 1e-9)) + 1
        want = np.arange(count) / fps
        out = np.empty((count, len(self.ids), 2), dtype=np.float32)
        for n in range(len(self.ids)):
            for c in range(2):
                out[:, n, c] = np.interp(want, times, xy[:, n, c])
        for n, i in enumerate(self.ids):
            if i in self.gone:
                out[want >= self.gone[i][0], n] = np.nan
        out.flags.writeable = False  # frozen like the dataclass that holds it
        return Frames(fps=fps, ids=tuple(self.ids), xy=out, gone=dict(self.gone))
