"""Who plays and what changes: Game holds the fixed facts of a match, State what changes shot by shot.

Both are immutable with a JSON round trip. Play order, hammer, round scoring with cancellation and the end
of a match live here as pure functions of (Game, State); judging a single shot lives in ``sim.judge``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sim.board import Board, Seat, board_named
from sim.rules import MatchFormat, Rules, rules_named

TEAM_COLOURS = ("orange", "purple", "green")


class GameError(ValueError):
    """A game that cannot be set up, or a state that does not fit its game."""


@dataclass(frozen=True)
class Player:
    name: str
    team: int
    seat: Seat


@dataclass(frozen=True)
class Mode:
    """A seating plan: players, their seats and teams, the shooting rotation, and discs per player."""

    name: str
    players: tuple[Player, ...]
    rotation: tuple[int, ...]  # player indices in shooting order; a round starts further along it each time
    discs: tuple[int, ...] | None  # per player; None means the rules' discs_per_player for everybody


def _p(name: str, team: int, seat: Seat) -> Player:
    return Player(name, team, seat)


MODES: dict[str, Mode] = {
    m.name: m
    for m in (
        Mode("singles", (_p("Orange", 0, Seat.BOTTOM), _p("Purple", 1, Seat.TOP)), (0, 1), None),
        # Partners sit opposite; play goes round the table, so the teams alternate.
        Mode(
            "doubles",
            (
                _p("Orange 1", 0, Seat.BOTTOM),
                _p("Purple 1", 1, Seat.RIGHT),
                _p("Orange 2", 0, Seat.TOP),
                _p("Purple 2", 1, Seat.LEFT),
            ),
            (0, 1, 2, 3),
            (6, 6, 6, 6),
        ),
        # Two partners with 6 discs each against one player with 12; the solo player shoots every other disc.
        Mode(
            "2v1",
            (_p("Orange 1", 0, Seat.BOTTOM), _p("Purple", 1, Seat.RIGHT), _p("Orange 2", 0, Seat.TOP)),
            (0, 1, 2, 1),
            (6, 12, 6),
        ),
        Mode(
            "three",
            (_p("Orange", 0, Seat.BOTTOM), _p("Purple", 1, Seat.RIGHT), _p("Green", 2, Seat.TOP)),
            (0, 1, 2),
            (8, 8, 8),
        ),
    )
}


@dataclass(frozen=True)
class Game:
    board: Board
    rules: Rules
    mode: Mode
    discs: tuple[int, ...]  # discs per player in a round

    @classmethod
    def create(cls, board: str | Board = "tournament", rules: str | Rules = "casual", mode: str = "singles") -> Game:
        b = board if isinstance(board, Board) else board_named(board)
        r = rules if isinstance(rules, Rules) else rules_named(rules)
        try:
            m = MODES[mode]
        except KeyError:
            raise GameError(f"unknown mode {mode!r}; choose one of {', '.join(MODES)}") from None
        discs = m.discs if m.discs is not None else tuple(r.discs_per_player for _ in m.players)
        return cls(b, r, m, discs)

    def __post_init__(self):
        counts = [0] * len(self.mode.players)
        for k in range(self.shots_per_round):
            counts[self.mode.rotation[k % len(self.mode.rotation)]] += 1
        if tuple(counts) != self.discs:
            raise GameError(f"the rotation of {self.mode.name} does not share out {self.discs} discs")

    # -- fixed facts -----------------------------------------------------------------------------------------
    @property
    def players(self) -> tuple[Player, ...]:
        return self.mode.players

    @property
    def n_teams(self) -> int:
        return 1 + max(p.team for p in self.players)

    @property
    def team_names(self) -> tuple[str, ...]:
        return TEAM_COLOURS[: self.n_teams]

    @property
    def shots_per_round(self) -> int:
        return sum(self.discs)

    def shooting_order(self, round_no: int) -> tuple[int, ...]:
        """Player index for every shot of a round; the first shooter moves one along the rotation each round."""
        rot = self.mode.rotation
        return tuple(rot[(round_no + k) % len(rot)] for k in range(self.shots_per_round))

    def hammer(self, round_no: int) -> int:
        """The player with the last shot of the round, which cannot be answered."""
        return self.shooting_order(round_no)[-1]

    def new_state(self) -> State:
        n = self.n_teams
        return State(discs=(), twenties=(0,) * n, shot_no=0, round_no=0, match_scores=(0,) * n, rounds=(), next_id=1)

    # -- reading a state -------------------------------------------------------------------------------------
    def to_shoot(self, state: State) -> int | None:
        """Index of the player to shoot next, or None when the match is over."""
        if self.is_over(state):
            return None
        return self.shooting_order(state.round_no)[state.shot_no]

    def discs_left(self, state: State) -> tuple[int, ...]:
        """Discs each player still has to shoot this round."""
        left = list(self.discs)
        for p in self.shooting_order(state.round_no)[: state.shot_no]:
            left[p] -= 1
        return tuple(left)

    def round_points(self, state: State) -> tuple[int, ...]:
        """Each team's points on the board now: discs by zone plus 20s."""
        pts = [20 * t for t in state.twenties]
        for d in state.discs:
            pts[d.team] += self.board.zone(d.x, d.y).points
        return tuple(pts)

    def is_over(self, state: State) -> bool:
        return self.winner_of_match(state) is not None or self._all_rounds_played(state)

    def _all_rounds_played(self, state: State) -> bool:
        return self.rules.match_format is MatchFormat.ROUNDS and len(state.rounds) >= self.rules.target

    def winner_of_match(self, state: State) -> int | None:
        """The team that has won the match, or None (still going, or a drawn fixed-rounds match)."""
        scores = state.match_scores
        best = max(scores)
        leaders = [t for t, s in enumerate(scores) if s == best]
        if len(leaders) != 1:
            return None
        if self.rules.match_format is MatchFormat.ROUNDS:
            return leaders[0] if self._all_rounds_played(state) else None
        return leaders[0] if best >= self.rules.target else None

    # -- changing a state ------------------------------------------------------------------------------------
    def end_round(self, state: State) -> State:
        """Score the finished round with cancellation, add it to the match and clear the board."""
        result = score_round(self.round_points(state), state.twenties, self.rules.match_format)
        scores = tuple(s + a for s, a in zip(state.match_scores, result.match_award, strict=True))
        return State(
            discs=(),
            twenties=(0,) * self.n_teams,
            shot_no=0,
            round_no=state.round_no + 1,
            match_scores=scores,
            rounds=state.rounds + (result,),
            next_id=state.next_id,
        )

    # -- JSON ------------------------------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {"board": self.board.name, "rules": self.rules.to_json(), "mode": self.mode.name}

    @classmethod
    def from_json(cls, data: dict) -> Game:
        try:
            return cls.create(data["board"], Rules.from_json(data["rules"]), data["mode"])
        except (KeyError, TypeError) as exc:
            raise GameError(f"bad game object: {exc}") from None


@dataclass(frozen=True)
class Disc:
    id: int
    team: int
    x: float
    y: float


@dataclass(frozen=True)
class RoundResult:
    points: tuple[int, ...]  # each team's total on the board at the end, 20s included
    twenties: tuple[int, ...]
    winner: int | None  # team, None for a tie
    score: int  # the difference the winner scores with cancellation
    match_award: tuple[int, ...]  # what each team adds to its match score

    def to_json(self) -> dict:
        return {
            "points": list(self.points),
            "twenties": list(self.twenties),
            "winner": self.winner,
            "score": self.score,
            "match_award": list(self.match_award),
        }

    @classmethod
    def from_json(cls, d: dict) -> RoundResult:
        return cls(tuple(d["points"]), tuple(d["twenties"]), d["winner"], d["score"], tuple(d["match_award"]))


def score_round(points: tuple[int, ...], twenties: tuple[int, ...], fmt: MatchFormat) -> RoundResult:
    """Cancellation scoring: the top side scores its lead over the next; 2/1/0 match points for round formats."""
    ranked = sorted(points, reverse=True)
    lead = ranked[0] - ranked[1]
    winner = points.index(ranked[0]) if lead > 0 else None
    if fmt is MatchFormat.POINTS:
        award = tuple(lead if t == winner else 0 for t in range(len(points)))
    elif winner is not None:
        award = tuple(2 if t == winner else 0 for t in range(len(points)))
    else:
        award = tuple(1 if p == ranked[0] else 0 for p in points)
    return RoundResult(points, twenties, winner, lead, award)


@dataclass(frozen=True)
class State:
    discs: tuple[Disc, ...]  # discs in play on the board
    twenties: tuple[int, ...]  # 20s each team has sunk this round
    shot_no: int  # shots already played this round
    round_no: int
    match_scores: tuple[int, ...]
    rounds: tuple[RoundResult, ...] = field(default=())
    next_id: int = 1

    def to_json(self) -> dict:
        return {
            "discs": [{"id": d.id, "team": d.team, "x": d.x, "y": d.y} for d in self.discs],
            "twenties": list(self.twenties),
            "shot_no": self.shot_no,
            "round_no": self.round_no,
            "match_scores": list(self.match_scores),
            "rounds": [r.to_json() for r in self.rounds],
            "next_id": self.next_id,
        }

    @classmethod
    def from_json(cls, data: dict) -> State:
        try:
            return cls(
                discs=tuple(Disc(int(d["id"]), int(d["team"]), float(d["x"]), float(d["y"])) for d in data["discs"]),
                twenties=tuple(int(t) for t in data["twenties"]),
                shot_no=int(data["shot_no"]),
                round_no=int(data["round_no"]),
                match_scores=tuple(int(s) for s in data["match_scores"]),
                rounds=tuple(RoundResult.from_json(r) for r in data.get("rounds", ())),
                next_id=int(data.get("next_id", 1)),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise GameError(f"bad state object: {exc!r}") from None


def check_state(game: Game, state: State) -> None:
    """Raise GameError when a state cannot belong to the game (e.g. a hand-written state file)."""
    n = game.n_teams
    if len(state.twenties) != n or len(state.match_scores) != n:
        raise GameError(f"state has scores for {len(state.match_scores)} teams; the game has {n}")
    if not 0 <= state.shot_no < game.shots_per_round:
        raise GameError(f"shot number {state.shot_no} is outside 0..{game.shots_per_round - 1}")
    ids = [d.id for d in state.discs]
    if len(set(ids)) != len(ids):
        raise GameError("two discs share an id")
    for d in state.discs:
        if not 0 <= d.team < n:
            raise GameError(f"disc {d.id} belongs to team {d.team}, which the game does not have")
        if game.board.zone(d.x, d.y).points in (0, 20):
            raise GameError(f"disc {d.id} at ({d.x:.1f}, {d.y:.1f}) is not in play")
    if state.next_id <= max(ids, default=0):
        raise GameError("next_id must be above every disc id")
