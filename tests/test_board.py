import math

import pytest

from sim.board import BOARDS, CLUB, HEIRLOOM, TOURNAMENT, Seat, board_named, touches_fifteen, zone_at_radius

T = TOURNAMENT


@pytest.mark.parametrize(
    "edge_from_line, points",
    [(-0.05, 15), (0.0, 10), (+0.05, 10)],
)
def test_touching_the_fifteen_line_scores_ten(edge_from_line, points):
    # A disc whose edge reaches the 15 line's paint scores the lower zone.
    d = T.fifteen_line.inner_edge - T.disc_r + edge_from_line
    assert zone_at_radius(T, d, T.disc_r).points == points


def test_zone_values_from_centre_out():
    r = T.disc_r
    assert T.zone(0, 0).points == 20
    assert T.zone(0, T.hole_r + 0.5).points == 15  # resting on the rim is not a 20
    assert T.zone(0, (T.fifteen_r + T.middle_r) / 2).points == 10
    assert T.zone((T.middle_r + T.outer_r) / 2, 0).points == 5
    assert T.zone(0, T.outer_line.inner_edge - r + 0.01).points == 0  # touching the outer line is out
    assert T.zone(0, T.outer_line.inner_edge - r - 0.01).points == 5
    assert T.zone(0, T.surface_r + 10).points == 0


def test_margin_is_distance_to_the_nearest_decision():
    d = T.middle_line.inner_edge - T.disc_r - 0.7
    call = zone_at_radius(T, d, T.disc_r)
    assert call.points == 10
    assert call.margin_mm == pytest.approx(0.7)


@pytest.mark.parametrize("board", list(BOARDS.values()), ids=list(BOARDS))
def test_pegs_on_fifteen_line_and_lane_open_from_each_seat(board):
    pegs = board.pegs()
    assert len(pegs) == board.peg_count
    for x, y in pegs:
        assert math.hypot(x, y) == pytest.approx(board.fifteen_r)
    for seat in Seat:
        sx, sy = board.spot_position(seat, 0.0)
        # Straight lane from the middle of the seat's line to the hole misses every peg.
        for px, py in pegs:
            t = max(0.0, min(1.0, (px * -sx + py * -sy) / (sx * sx + sy * sy)))
            cx, cy = sx - t * sx, sy - t * sy
            assert math.hypot(px - cx, py - cy) > board.disc_r + board.peg_r


def test_heirloom_has_twelve_posts_and_otherwise_tournament_sizes():
    assert HEIRLOOM.peg_count == 12
    assert HEIRLOOM.outer_r == TOURNAMENT.outer_r
    assert CLUB.surface_r == 300.0 and CLUB.hole_r == 20.0
    assert CLUB.fifteen_r / CLUB.outer_r == pytest.approx(1 / 3)


@pytest.mark.parametrize("seat", list(Seat))
def test_spot_round_trip_and_sides(seat):
    for spot in (-1.0, -0.3, 0.0, 0.6, 1.0):
        x, y = T.spot_position(seat, spot)
        assert T.spot_of(seat, x, y) == pytest.approx(spot)
    # Another seat's stretch is not ours.
    other = Seat((seat + 2) % 4)
    assert T.spot_of(seat, *T.spot_position(other, 0.0)) is None
    # A spot's disc never crosses a quarter line (45 deg from the seat's centre line).
    lo, hi = T.seat_span(seat)
    assert hi - lo < math.pi / 2


def test_bottom_seat_right_is_plus_x():
    x, _ = T.spot_position(Seat.BOTTOM, 1.0)
    assert x > 0
    x, _ = T.spot_position(Seat.TOP, 1.0)
    assert x < 0


def test_no_hiding_contact_variants():
    touching = T.fifteen_line.outer_edge + T.disc_r - 0.1
    assert touches_fifteen(T, 0, touching)
    assert not touches_fifteen(T, 0, touching + 0.2)
    assert not touches_fifteen(T, 0, touching, inside_only=True)
    assert touches_fifteen(T, 0, 40.0, inside_only=True)


def test_unknown_board_is_a_clear_value_error():
    with pytest.raises(ValueError, match="choose one of"):
        board_named("kitchen")
