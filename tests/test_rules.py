"""Rules on hand-made shot reports: the judge does not care whether physics or photos saw the shot."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sim.game import Disc, Game, GameError, State, score_round
from sim.judge import ShotReport, apply, judge
from sim.rules import MatchFormat, NoHiding, RulesError, rules_named

CASUAL = Game.create("tournament", "casual")
NCA = Game.create("tournament", "nca")
CLUB = Game.create("tournament", "club-casual")

TEN = (0.0, 150.0)  # 10 zone
FIFTEEN = (0.0, 60.0)
FIVE = (0.0, 250.0)
OUT = (0.0, 295.0)  # touching the outer line


def state_with(*discs, shot_no=1):
    ids = [d.id for d in discs]
    return State(tuple(discs), (0, 0), shot_no, 0, (0, 0), (), max(ids, default=0) + 1)


def report(state, shot_pos, *, moved=(), touched=(), dropped=(), left=(), moves=None):
    """Discs keep their places unless ``moves`` says otherwise; the shot disc gets the next id."""
    shot_id = state.next_id
    positions = {d.id: (d.x, d.y) for d in state.discs}
    positions.update(moves or {})
    if shot_pos is not None:
        positions[shot_id] = shot_pos
    for i in (*dropped, *left):
        positions.pop(i, None)
    return ShotReport(shot_id, positions, tuple(dropped), tuple(left), frozenset(moved), frozenset(touched))


def test_presets_and_knobs():
    assert rules_named("casual").discs_per_player == 12
    assert rules_named("nca").match_format is MatchFormat.ROUNDS
    r = rules_named("casual").with_knobs(target=50, no_hiding="inside")
    assert r.target == 50 and r.no_hiding is NoHiding.INSIDE and r.name == "casual+"
    with pytest.raises(RulesError):
        rules_named("casual").with_knobs(foul_removal="everything")
    with pytest.raises(RulesError):
        rules_named("casual").with_knobs(colour="red")
    with pytest.raises(RulesError):
        rules_named("backyard")


def test_must_hit_foul_when_opponent_untouched():
    s = state_with(Disc(1, 1, *TEN))  # purple disc; orange (player 0) shoots
    rep = report(s, FIFTEEN)
    v = judge(CASUAL, s, 0, rep)
    assert v.foul and v.rule == "must-hit" and v.removed == (rep.shot_id,)
    after = apply(CASUAL, s, 0, rep, v).state
    assert [d.id for d in after.discs] == [1]


def test_hit_through_own_disc_is_fair():
    s = state_with(Disc(1, 1, *TEN), Disc(2, 0, 0.0, 200.0))
    rep = report(s, FIVE, moved={2, 1}, touched={2}, moves={1: (0.0, 120.0), 2: (0.0, 160.0)})
    v = judge(CASUAL, s, 0, rep)
    assert not v.foul


def test_casual_foul_removes_every_disc_it_moved_and_cancels_20():
    s = state_with(Disc(1, 0, *TEN), Disc(2, 0, *FIFTEEN), Disc(3, 1, -200.0, 0.0))
    rep = report(s, FIVE, moved={1, 2}, touched={1}, dropped=(2,))
    v = judge(CASUAL, s, 0, rep)
    assert v.foul and set(v.removed) == {rep.shot_id, 1, 2} and v.twenties == ()
    after = apply(CASUAL, s, 0, rep, v).state
    assert [d.id for d in after.discs] == [3] and after.twenties == (0, 0)


def test_nca_foul_removes_own_discs_touched_only():
    s = state_with(Disc(1, 0, *TEN), Disc(2, 0, *FIFTEEN), Disc(3, 1, -200.0, 0.0))
    rep = report(s, FIVE, moved={1, 2}, touched={1}, moves={2: (0.0, 70.0)})
    v = judge(NCA, s, 0, rep)
    assert v.foul and set(v.removed) == {rep.shot_id, 1}
    after = apply(NCA, s, 0, rep, v).state
    assert {d.id: (d.x, d.y) for d in after.discs} == {2: (0.0, 70.0), 3: (-200.0, 0.0)}


def test_club_casual_foul_puts_everything_back():
    s = state_with(Disc(1, 0, *TEN), Disc(3, 1, -200.0, 0.0))
    rep = report(s, FIVE, moved={1}, touched={1}, left=(1,))
    v = judge(CLUB, s, 0, rep)
    assert v.foul and v.restored and v.removed == (rep.shot_id,)
    assert apply(CLUB, s, 0, rep, v).state.discs == s.discs


def test_no_hiding_on_open_board():
    s = state_with(Disc(1, 0, *TEN))
    assert judge(CASUAL, s, 0, report(s, FIVE)).rule == "no-hiding"
    assert not judge(CASUAL, s, 0, report(s, FIFTEEN)).foul
    # A disc it moved into the 15 satisfies the rule, and so does a 20.
    assert not judge(CASUAL, s, 0, report(s, FIVE, moved={1}, moves={1: FIFTEEN})).foul
    rep = report(s, None, dropped=(s.next_id,))
    assert not judge(CASUAL, s, 0, rep).foul
    # Club casual does not enforce no-hiding.
    assert not judge(CLUB, s, 0, report(s, FIVE)).foul


def test_no_hiding_touching_versus_inside():
    s = state_with()
    B = CASUAL.board
    on_line = (0.0, B.fifteen_line.outer_edge + B.disc_r - 0.5)
    assert not judge(CASUAL, s, 0, report(s, on_line)).foul
    inside = Game.create("tournament", rules_named("casual").with_knobs(no_hiding="inside"))
    assert judge(inside, s, 0, report(s, on_line)).rule == "no-hiding"


def test_opponent_disc_knocked_into_the_20_scores_for_its_owner():
    s = state_with(Disc(1, 1, *FIFTEEN))
    rep = report(s, FIFTEEN, moved={1}, touched={1}, dropped=(1,))
    v = judge(CASUAL, s, 0, rep)
    assert not v.foul
    after = apply(CASUAL, s, 0, rep, v).state
    assert after.twenties == (0, 1)


def test_discs_touching_outer_line_or_off_surface_are_out():
    s = state_with(Disc(1, 1, *TEN), Disc(2, 1, *FIVE))
    rep = report(s, TEN, moved={1, 2}, touched={1}, moves={1: OUT}, left=(2,))
    v = judge(CASUAL, s, 0, rep)
    assert not v.foul and set(v.out) == {1, 2}
    after = apply(CASUAL, s, 0, rep, v).state
    assert [d.id for d in after.discs] == [rep.shot_id]


def test_round_ends_and_scores_with_cancellation():
    g = CASUAL
    s = State((Disc(1, 0, *FIFTEEN), Disc(2, 1, *FIVE)), (1, 0), g.shots_per_round - 1, 0, (0, 0), (), 3)
    rep = report(s, TEN, moved=set(), touched=set())
    # player to shoot last in round 0 is purple (index 1); purple misses orange's disc -> foul
    player = g.to_shoot(s)
    assert player == g.hammer(0) == 1
    res = apply(g, s, player, rep, judge(g, s, player, rep))
    assert res.round_over
    r = res.state.rounds[0]
    assert r.points == (35, 5) and r.winner == 0 and r.score == 30
    assert res.state.match_scores == (30, 0) and res.state.discs == () and res.state.round_no == 1
    assert g.to_shoot(res.state) == 1  # first shot alternates


@pytest.mark.parametrize(
    "points, fmt, award",
    [
        ((65, 40), MatchFormat.POINTS, (25, 0)),
        ((40, 40), MatchFormat.POINTS, (0, 0)),
        ((40, 65), MatchFormat.ROUNDS, (0, 2)),
        ((40, 40), MatchFormat.ROUNDS, (1, 1)),
        ((30, 50, 45), MatchFormat.POINTS, (0, 5, 0)),
        ((50, 50, 10), MatchFormat.MATCH_POINTS, (1, 1, 0)),
    ],
)
def test_score_round(points, fmt, award):
    assert score_round(points, (0,) * len(points), fmt).match_award == award


def test_match_end_for_every_format():
    casual = Game.create(rules="casual")
    s = casual.new_state()
    assert not casual.is_over(s)
    from dataclasses import replace

    assert casual.winner_of_match(replace(s, match_scores=(100, 40))) == 0
    nca = Game.create(rules="nca")
    fake_rounds = (score_round((10, 10), (0, 0), MatchFormat.ROUNDS),) * 4
    drawn = replace(nca.new_state(), rounds=fake_rounds, match_scores=(4, 4))
    assert nca.is_over(drawn) and nca.winner_of_match(drawn) is None
    champ = Game.create(rules=rules_named("nca").with_knobs(match_format="match-points", target=8))
    assert champ.winner_of_match(replace(champ.new_state(), match_scores=(8, 6))) == 0
    assert not champ.is_over(replace(champ.new_state(), match_scores=(8, 8)))


@pytest.mark.parametrize(
    "mode, per_player", [("singles", (12, 12)), ("doubles", (6, 6, 6, 6)), ("2v1", (6, 12, 6)), ("three", (8, 8, 8))]
)
def test_modes_share_out_discs_and_alternate_first_shooter(mode, per_player):
    g = Game.create(mode=mode)
    assert g.discs == per_player
    for rnd in range(3):
        order = g.shooting_order(rnd)
        assert tuple(order.count(p) for p in range(len(g.players))) == per_player
        # Consecutive shots never come from the same team.
        teams = [g.players[p].team for p in order]
        assert all(a != b for a, b in zip(teams, teams[1:], strict=False))
    assert g.shooting_order(0)[0] != g.shooting_order(1)[0]


def test_json_round_trips():
    s = State(
        (Disc(1, 0, 1.5, -2.25),), (1, 0), 5, 2, (30, 10), (score_round((30, 10), (1, 0), MatchFormat.POINTS),), 9
    )
    assert State.from_json(s.to_json()) == s
    g = Game.create("club", rules_named("nca").with_knobs(target=6), "doubles")
    assert Game.from_json(g.to_json()) == g
    with pytest.raises(GameError):
        State.from_json({"discs": [{"id": 1}]})


# -- properties ----------------------------------------------------------------------------------------------
ZONE_SPOTS = st.sampled_from([FIFTEEN, TEN, FIVE, OUT, (120.0, -40.0), (-60.0, 160.0)])


@st.composite
def shots(draw):
    n = draw(st.integers(0, 6))
    discs = tuple(Disc(i + 1, draw(st.integers(0, 1)), *draw(ZONE_SPOTS)) for i in range(n))
    s = State(discs, (draw(st.integers(0, 3)), draw(st.integers(0, 3))), draw(st.integers(0, 14)), 0, (0, 0), (), n + 1)
    ids = [d.id for d in discs]
    moved = draw(st.sets(st.sampled_from(ids), max_size=n)) if ids else set()
    fate = {i: draw(st.sampled_from(["stay", "drop", "leave", "move"])) for i in moved}
    shot_fate = draw(st.sampled_from(["stay", "drop", "leave"]))
    touched = draw(st.sets(st.sampled_from(sorted(moved)), max_size=len(moved))) if moved else set()
    moves = {i: draw(ZONE_SPOTS) for i, f in fate.items() if f == "move"}
    dropped = [i for i, f in fate.items() if f == "drop"]
    left = [i for i, f in fate.items() if f == "leave"]
    shot_pos = draw(ZONE_SPOTS)
    if shot_fate == "drop":
        dropped.append(s.next_id)
    elif shot_fate == "leave":
        left.append(s.next_id)
    rep = report(s, shot_pos, moved=moved, touched=touched, dropped=dropped, left=left, moves=moves)
    return s, rep


@settings(max_examples=300, deadline=None)
@given(shots(), st.sampled_from(["casual", "nca", "club-casual"]))
def test_discs_conserved_and_fouls_remove_what_they_say(case, rules):
    s, rep = case
    g = {"casual": CASUAL, "nca": NCA, "club-casual": CLUB}[rules]
    player = g.to_shoot(s)
    team = g.players[player].team
    v = judge(g, s, player, rep)
    res = apply(g, s, player, rep, v)
    after = res.state
    before_ids = {d.id for d in s.discs} | {rep.shot_id}
    assert not res.round_over  # shot numbers stay below the end of a round here
    after_ids = {d.id for d in after.discs}
    # Every disc is somewhere exactly once: on the board, in the 20, out, or removed by the penalty.
    accounted = after_ids | set(rep.dropped) | set(v.out) | set(v.removed)
    if not v.restored:
        assert accounted == before_ids
    assert len(after.discs) == len({d.id for d in after.discs})
    if v.foul:
        owner = {d.id: d.team for d in s.discs}
        if rules == "casual":
            assert set(v.removed) == {rep.shot_id} | set(rep.moved)
        elif rules == "nca":
            assert set(v.removed) == {rep.shot_id} | {i for i in rep.touched_by_shot if owner[i] == team}
        else:
            assert v.removed == (rep.shot_id,) and after.discs == s.discs
        assert v.twenties == () and after.twenties == s.twenties


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 300), min_size=2, max_size=3), st.sampled_from(list(MatchFormat)))
def test_round_score_never_negative(points, fmt):
    r = score_round(tuple(points), (0,) * len(points), fmt)
    assert r.score >= 0 and min(r.match_award) >= 0
    if fmt is MatchFormat.POINTS:
        assert sum(r.match_award) == r.score


def test_bad_state_is_refused():
    from sim.game import check_state

    with pytest.raises(GameError):
        check_state(CASUAL, state_with(Disc(1, 0, *OUT)))
    with pytest.raises(GameError):
        check_state(CASUAL, state_with(Disc(1, 5, *TEN)))
    check_state(CASUAL, state_with(Disc(1, 1, *TEN)))
    assert math.isfinite(CASUAL.board.zone(*TEN).margin_mm)
