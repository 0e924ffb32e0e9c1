"""Physics sanity: friction, restitution, pegs, the hole, the ditch, conservation of discs, determinism, frames."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sim.board import TOURNAMENT, Seat
from sim.physics import DEFAULT_PARAMS, PhysicsInputError, PhysicsParams, simulate

B = TOURNAMENT
R = B.disc_r
# A board with a huge surface, so long slides and free flights never reach the ditch.
BIG = replace(TOURNAMENT, name="test-big", surface_r=3000.0)
# Almost no sliding friction: velocities after a collision stay constant and can be read off the frames.
SLICK = PhysicsParams(mu=1e-6, max_time=60.0)


def aimed(start: tuple[float, float], target: tuple[float, float], speed: float) -> tuple[float, float]:
    dx, dy = target[0] - start[0], target[1] - start[1]
    n = math.hypot(dx, dy)
    return (speed * dx / n, speed * dy / n)


def velocity_after(motion, disc: int, t0: float, t1: float) -> np.ndarray:
    """Mean velocity of ``disc`` between two times, from the replay frames."""
    f = motion.frames
    k0, k1 = round(t0 * f.fps), round(t1 * f.fps)
    n = f.ids.index(disc)
    return (f.xy[k1, n].astype(float) - f.xy[k0, n].astype(float)) * f.fps / (k1 - k0)


# -- friction -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("speed", [400.0, 850.0, 1500.0, 3000.0])
def test_stopping_distance_is_v2_over_2_mu_g(speed):
    expected = speed**2 / (2 * DEFAULT_PARAMS.mu * DEFAULT_PARAMS.g)
    start = (-expected / 2, 300.0)  # a lane clear of the pegs and the hole
    m = simulate(BIG, [], 1, start, (speed, 0.0))
    x, y = m.positions[1]
    assert abs((x - start[0]) - expected) <= 0.02 * expected
    assert y == pytest.approx(300.0, abs=1e-9)
    assert m.duration == pytest.approx(speed / DEFAULT_PARAMS.deceleration, rel=0.05)


def test_params_helpers_invert_each_other():
    p = DEFAULT_PARAMS
    assert p.stopping_distance(p.speed_for_distance(304.8)) == pytest.approx(304.8)


# -- collisions ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("e", [0.85, 0.5])
def test_head_on_restitution_as_set(e):
    params = replace(SLICK, e_disc=e)
    v = 1000.0
    m = simulate(BIG, [(1, 0.0, 300.0)], 2, (-150.0, 300.0), (v, 0.0), params=params, fps=1000)
    (c,) = m.contacts
    assert (c.kind, c.a, c.b) == ("disc", 2, 1)
    assert c.t == pytest.approx((150.0 - 2 * R) / v, abs=1e-6)
    va = velocity_after(m, 2, c.t + 0.01, c.t + 0.05)
    vb = velocity_after(m, 1, c.t + 0.01, c.t + 0.05)
    assert (vb[0] - va[0]) / v == pytest.approx(e, abs=0.01)
    assert va[0] + vb[0] == pytest.approx(v, rel=0.01)  # equal masses: momentum kept
    assert abs(va[1]) < 1e-3 and abs(vb[1]) < 1e-3


@pytest.mark.parametrize("phase", [0.0, 0.7, 1.9, 3.3])
def test_cut_angle_follows_line_of_centres_whatever_the_step_phase(phase):
    """Without edge friction a struck disc leaves along the line of centres at first touch."""
    params = replace(SLICK, disc_friction=1e-9)
    offset = 18.0
    m = simulate(BIG, [(1, 0.0, 300.0)], 2, (-200.0 - phase, 300.0 + offset), (1500.0, 0.0), params=params, fps=500)
    c = m.contacts[0]
    vx, vy = velocity_after(m, 1, c.t + 0.01, c.t + 0.1)
    angle = math.degrees(math.atan2(vy, vx))
    assert angle == pytest.approx(-math.degrees(math.asin(offset / (2 * R))), abs=0.3)


def _peg_pass(offset: float, params: PhysicsParams = DEFAULT_PARAMS, speed: float = 1500.0):
    """A disc moving straight down (-y) past peg 0 so its centre passes ``offset`` mm to the peg's right."""
    px, py = B.pegs()[0]
    start = (px + offset, py + 80.0)
    return simulate(B, [], 1, start, (0.0, -speed), params=params, fps=1000), (px, py)


def test_glancing_peg_bounce_reflects_with_peg_restitution():
    reach = R + B.peg_r
    offset = reach * 0.8
    params = replace(SLICK, peg_friction=0.0)
    m, (px, py) = _peg_pass(offset, params)
    peg_hits = [c for c in m.contacts if c.kind == "peg"]
    assert peg_hits and (peg_hits[0].a, peg_hits[0].b) == (1, 0)
    c = peg_hits[0]
    # At first touch the centre is ``reach`` from the peg: the normal points from the peg to the disc.
    n = np.array([offset, math.sqrt(reach**2 - offset**2)]) / reach
    v_in = np.array([0.0, -1500.0])
    v_out = v_in - (1 + params.e_peg) * np.dot(v_in, n) * n
    got = velocity_after(m, 1, c.t + 0.005, c.t + 0.02)
    assert got == pytest.approx(v_out, abs=5.0)


def test_glancing_peg_bounce_with_default_params_deflects():
    m, _ = _peg_pass((R + B.peg_r) * 0.9)
    assert any(c.kind == "peg" and c.b == 0 for c in m.contacts)
    f = m.frames
    assert abs(f.xy[-1, 0, 0] - f.xy[0, 0, 0]) > 5.0


@pytest.mark.parametrize("speed", [1000.0, 4000.0])
def test_clear_pass_is_not_deflected_and_grazing_pass_touches(speed):
    reach = R + B.peg_r
    clear, _ = _peg_pass(reach + 0.5, speed=speed)
    assert not [c for c in clear.contacts if c.kind == "peg" and c.b == 0 and c.t < 0.1]
    xs = clear.frames.xy[: int(0.05 * 1000), 0, 0]
    assert np.allclose(xs, xs[0], atol=1e-4)
    graze, _ = _peg_pass(reach - 0.2, speed=speed)
    assert any(c.kind == "peg" and c.b == 0 for c in graze.contacts)


# -- the hole and the ditch ---------------------------------------------------------------------------------
def _straight_at_hole(seat: Seat, speed: float, lateral: float = 0.0, board=B):
    start = board.spot_position(seat, 0.0)
    # Aim at a point ``lateral`` mm to the side of the hole, across the lane.
    ux, uy = -start[0] / board.shooting_r, -start[1] / board.shooting_r
    target = (-uy * lateral, ux * lateral)
    return simulate(board, [], 7, start, aimed(start, target, speed))


def _open_20_window(params: PhysicsParams = DEFAULT_PARAMS) -> tuple[float, float]:
    """Capture model: slowest speed stops with the centre over the hole; fastest is capture_speed on leaving."""
    a2 = 2 * params.deceleration
    lo = math.sqrt(a2 * (B.shooting_r - B.hole_r))
    hi = math.sqrt(params.capture_speed**2 + a2 * (B.shooting_r + params.capture_r))
    return lo, hi


@pytest.mark.parametrize("seat", list(Seat))
def test_straight_lane_to_the_20_from_each_seat_drops(seat):
    lo, hi = _open_20_window()
    best = (lo + hi) / 2
    for speed in (best, best * 0.9, best * 1.09):
        m = _straight_at_hole(seat, speed)
        assert m.dropped == (7,), (seat, speed)
        assert not m.positions and not m.contacts


def test_open_20_window_is_wide_enough_for_the_computer_levels():
    """A speed window of at least +-11% around the best speed, and about 12 mm of lateral miss."""
    lo, hi = _open_20_window()
    best = (lo + hi) / 2
    assert (hi - lo) / 2 >= 0.11 * best
    for speed in (best * 0.89, best * 1.11):
        assert _straight_at_hole(Seat.BOTTOM, speed).dropped == (7,)
    for speed in (lo * 0.97, hi * 1.03):
        assert _straight_at_hole(Seat.BOTTOM, speed).dropped == ()
    for lateral in (-12.0, 12.0):
        assert _straight_at_hole(Seat.TOP, best, lateral).dropped == (7,)
    assert _straight_at_hole(Seat.TOP, best, 20.0).dropped == ()


def test_slow_pass_drops_fast_pass_skips():
    a2 = 2 * DEFAULT_PARAMS.deceleration
    start = (0.0, -200.0)
    slow = math.sqrt(400.0**2 + a2 * 200.0)  # 0.4 m/s over the hole
    fast = math.sqrt(1500.0**2 + a2 * 200.0)  # 1.5 m/s over the hole
    assert simulate(B, [], 1, start, (0.0, slow)).dropped == (1,)
    m = simulate(B, [], 1, start, (0.0, fast))
    assert m.dropped == () and m.left_surface == (1,)


def test_rim_stays_and_centre_over_the_hole_drops():
    p = DEFAULT_PARAMS
    start = (0.0, -200.0)
    on_rim = B.hole_r + 3.0
    m = simulate(B, [], 1, start, (0.0, p.speed_for_distance(200.0 - on_rim)))
    assert m.dropped == ()
    x, y = m.positions[1]
    assert B.hole_r < math.hypot(x, y) < B.hole_r + 6.0
    assert B.zone(x, y).points == 15
    over = (p.capture_r + B.hole_r) / 2  # outside the capture circle, but the centre is over the hole
    m = simulate(B, [], 1, start, (0.0, p.speed_for_distance(200.0 - over)))
    assert m.dropped == (1,) and not m.positions


def test_a_knocked_disc_can_drop_and_the_shooter_can_leave():
    # The shot disc hits a disc sitting just short of the hole: the struck disc slides in slowly.
    m = simulate(B, [(1, 0.0, -2 * R - 5.0)], 2, (0.0, -250.0), (0.0, 700.0))
    assert 1 in m.dropped
    assert m.moved >= {1, 2}


def test_disc_leaving_the_surface_goes_to_the_ditch_and_one_stopping_on_the_outer_line_stays():
    m = simulate(B, [], 1, (0.0, -250.0), (0.0, -1500.0))
    assert m.left_surface == (1,) and not m.positions
    stop_at = B.outer_r + 5.0
    m = simulate(B, [], 1, (0.0, -250.0), (0.0, -DEFAULT_PARAMS.speed_for_distance(stop_at - 250.0)))
    assert m.left_surface == () and math.hypot(*m.positions[1]) > B.outer_r


# -- conservation, determinism, frames ----------------------------------------------------------------------
@st.composite
def layouts(draw):
    count = draw(st.integers(0, 23))
    discs = []
    limit = B.surface_r - 1.0
    for i in range(count):
        d = draw(st.floats(0.0, limit))
        a = draw(st.floats(0.0, 2 * math.pi))
        discs.append((i * 3 + 1, d * math.cos(a), d * math.sin(a)))
    seat = draw(st.sampled_from(list(Seat)))
    start = B.spot_position(seat, draw(st.floats(-1.0, 1.0)))
    aim = math.atan2(-start[1], -start[0]) + draw(st.floats(-1.2, 1.2))
    speed = draw(st.floats(0.0, 4000.0))
    return discs, start, (speed * math.cos(aim), speed * math.sin(aim))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts())
def test_discs_are_never_lost_or_duplicated(case):
    discs, start, velocity = case
    m = simulate(B, discs, 1000, start, velocity)
    everything = [*m.positions, *m.dropped, *m.left_surface]
    assert sorted(everything) == sorted([d[0] for d in discs] + [1000])
    assert all(math.hypot(x, y) < B.surface_r for x, y in m.positions.values())
    assert 1000 in m.moved and m.moved >= set(m.dropped) | set(m.left_surface)
    times = [c.t for c in m.contacts]
    assert times == sorted(times)
    for c in m.contacts:
        assert c.kind in ("disc", "peg") and 0 <= c.t <= m.duration


# Found by the test above (hypothesis seed 18): discs piled on the hole, some drop, the rest fall asleep with a
# leftover velocity of about 1e-19 mm/s, and the shot disc then hits one of them. Moving that sleeping disc back
# to the touching instant inside the collision callback woke it mid-step, and the next pymunk step never returned.
_ASLEEP_THEN_HIT = (
    "import sys; sys.path.insert(0, sys.argv[1]); from sim.board import TOURNAMENT; from sim.physics import simulate; "
    "discs = [(7, 8.852e-233, 2.505e-232), (10, -1.019370278799948, 0.5323384587828651), "
    "(31, 23.093283464851673, 27.935116447422594), (40, -2.5936042828585144, 17.176267200875518), "
    "(43, 1.378e-174, 1.575e-293), (46, -0.0, -0.0), (49, 0.46662726844867414, 0.8844540645732423), "
    "(52, 3.614e-184, -7.364e-184), (58, -17.640867877123455, -1.1258674725426554)]; "
    "m = simulate(TOURNAMENT, discs, 1000, (-304.67697737803655, -8.659067835707999), "
    "(2610.4610043465946, 344.6520890029813)); print(len(m.positions) + len(m.dropped) + len(m.left_surface))"
)


def test_a_shot_into_discs_that_fell_asleep_finishes():
    root = str(Path(__file__).resolve().parents[1])
    try:
        out = subprocess.run([sys.executable, "-c", _ASLEEP_THEN_HIT, root], capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("the shot did not finish in 60 s: a pymunk step is looping (a sleeping disc woken mid-step)")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "10"


def _busy_shot(fps=None):
    rng = np.random.default_rng(3)
    discs = []
    while len(discs) < 20:
        x, y = rng.uniform(-250, 250, 2)
        if math.hypot(x, y) < 260 and all(math.hypot(x - p, y - q) > 2 * R + 1 for _, p, q in discs):
            discs.append((len(discs), float(x), float(y)))
    start = B.spot_position(Seat.BOTTOM, 0.3)
    return simulate(B, discs, 99, start, aimed(start, (10.0, 0.0), 3500.0), fps=fps)


def test_same_inputs_give_bit_identical_results():
    first = _busy_shot(fps=60)
    _straight_at_hole(Seat.LEFT, 900.0)  # something else in between must not matter
    again = _busy_shot(fps=60)
    assert first == again
    assert first.positions == again.positions  # exact floats, not approximately
    assert len(first.contacts) >= 3 and len(first.moved) >= 3


def _fingerprint(m) -> str:
    return repr((sorted(m.positions.items()), m.dropped, m.left_surface, m.contacts, m.duration))


def test_same_results_in_another_process_with_another_hash_seed():
    code = (
        "import sys; sys.path[:0] = [sys.argv[1], sys.argv[2]]; import test_physics as t; "
        "print(t._fingerprint(t._busy_shot()))"
    )
    here = Path(__file__).resolve().parent
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", code, str(here), str(here.parent)], capture_output=True, text=True, env=env, check=True
    )
    assert out.stdout.strip() == _fingerprint(_busy_shot())


def test_frames_at_the_asked_rate_with_nan_after_a_disc_is_gone():
    m = _busy_shot(fps=60)
    f = m.frames
    assert f.fps == 60 and f.ids[-1] == 99
    assert f.xy.dtype == np.float32 and f.xy.shape == (int(m.duration * 60 + 1e-9) + 1, 21, 2)
    assert f.xy[0, -1] == pytest.approx(B.spot_position(Seat.BOTTOM, 0.3), abs=1e-3)
    assert set(f.gone) == set(m.dropped) | set(m.left_surface) and f.gone
    for i, (t, where) in f.gone.items():
        n = f.ids.index(i)
        k = math.ceil(t * 60 - 1e-9)
        assert np.isnan(f.xy[k:, n]).all() and np.isfinite(f.xy[:k, n]).all()
        assert where == ("hole" if i in m.dropped else "ditch")
    for i, (x, y) in m.positions.items():
        assert f.xy[-1, f.ids.index(i)] == pytest.approx((x, y), abs=0.5)
    assert _busy_shot().frames is None


# -- bad input ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "discs, shot_id, start, velocity, fps",
    [
        ([(1, 0.0, 50.0), (1, 0.0, -50.0)], 9, (0.0, -304.8), (0.0, 500.0), None),
        ([(9, 0.0, 50.0)], 9, (0.0, -304.8), (0.0, 500.0), None),
        ([(1, 0.0, 400.0)], 9, (0.0, -304.8), (0.0, 500.0), None),
        ([(1, math.nan, 0.0)], 9, (0.0, -304.8), (0.0, 500.0), None),
        ([], 9, (0.0, -304.8), (0.0, math.inf), None),
        ([], 9, (0.0, -304.8), (0.0, 500.0), 0.0),
        ([("a", 0.0, 0.0)], 9, (0.0, -304.8), (0.0, 500.0), None),
        ([(True, 0.0, 0.0)], 9, (0.0, -304.8), (0.0, 500.0), None),
        ([(1, 0.0)], 9, (0.0, -304.8), (0.0, 500.0), None),
        ([], 9, (0.0, -304.8, 1.0), (0.0, 500.0), None),
        ([], 9, (0.0, -304.8), "fast", None),
    ],
)
def test_bad_input_is_a_clear_error(discs, shot_id, start, velocity, fps):
    with pytest.raises(PhysicsInputError):
        simulate(B, discs, shot_id, start, velocity, fps=fps)


def test_numpy_numbers_are_accepted():
    disc = (np.int64(1), np.float32(0.0), np.float64(50.0))
    m = simulate(B, [disc], 2, np.array([0.0, -304.8]), np.array([0.0, 90.0]))
    assert set(m.positions) == {1, 2}


@pytest.mark.parametrize(
    "change", [{"mu": 0.0}, {"e_disc": 1.5}, {"max_travel": -1.0}, {"check_every": 0}, {"g": "9.8"}, {"mu": math.nan}]
)
def test_bad_params_are_rejected(change):
    with pytest.raises(PhysicsInputError):
        replace(DEFAULT_PARAMS, **change)
