"""Saved matches: the game, the state after the last shot, who controls each team, and every shot played.

Writes are optimistic: a shot is saved only if no other shot was saved since the match was read, so two tabs
(or a double click) can never play two shots from the same position.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from sim.game import Game, State
from sim.shot import Shot

HUMAN = "human"
BOARD = "board"  # a real board the companion watches: nobody shoots through the app


class UnknownMatchError(ValueError):
    """No saved match has that id."""


class StaleMatchError(ValueError):
    """The match changed since it was read (another shot was saved first)."""


@dataclass(frozen=True)
class SavedMatch:
    id: int
    created: str
    updated: str
    game: Game
    state: State
    controllers: tuple[str, ...]  # one a team: HUMAN or a bot spec
    seed: int
    bot_calls: int
    shots: int


@dataclass(frozen=True)
class ShotRecord:
    """One shot as saved: who played it, the shot, the state it was played from and what the page shows."""

    player: int
    controller: str
    shot: Shot
    state_before: State
    outcome: dict


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _dumps(data) -> str:
    return json.dumps(data, separators=(",", ":"))


def _from_row(row: sqlite3.Row) -> SavedMatch:
    return SavedMatch(
        id=row["id"],
        created=row["created"],
        updated=row["updated"],
        game=Game.from_json(json.loads(row["game"])),
        state=State.from_json(json.loads(row["state"])),
        controllers=tuple(json.loads(row["controllers"])),
        seed=row["seed"],
        bot_calls=row["bot_calls"],
        shots=row["shots"],
    )


def create_match(conn: sqlite3.Connection, game: Game, controllers: tuple[str, ...], seed: int) -> SavedMatch:
    now = _now()
    state = game.new_state()
    cur = conn.execute(
        "INSERT INTO matches (created, updated, game, state, controllers, seed) VALUES (?, ?, ?, ?, ?, ?)",
        (now, now, _dumps(game.to_json()), _dumps(state.to_json()), _dumps(list(controllers)), seed),
    )
    return SavedMatch(cur.lastrowid, now, now, game, state, controllers, seed, 0, 0)


def load_match(conn: sqlite3.Connection, match_id: int) -> SavedMatch:
    row = conn.execute("SELECT * FROM matches WHERE id = ?", (match_id,)).fetchone()
    if row is None:
        raise UnknownMatchError(f"there is no match {match_id}")
    return _from_row(row)


def list_matches(conn: sqlite3.Connection, limit: int = 50) -> list[SavedMatch]:
    rows = conn.execute("SELECT * FROM matches ORDER BY updated DESC, id DESC LIMIT ?", (limit,)).fetchall()
    return [_from_row(r) for r in rows]


def delete_match(conn: sqlite3.Connection, match_id: int) -> None:
    if conn.execute("DELETE FROM matches WHERE id = ?", (match_id,)).rowcount == 0:
        raise UnknownMatchError(f"there is no match {match_id}")


def save_shot(
    conn: sqlite3.Connection, match: SavedMatch, record: ShotRecord, after: State, *, bot_call: bool
) -> SavedMatch:
    """Save a shot and the state after it in one transaction; StaleMatchError if the match moved on meanwhile."""
    now = _now()
    saved = replace(match, updated=now, state=after, shots=match.shots + 1, bot_calls=match.bot_calls + int(bot_call))
    conn.execute("BEGIN IMMEDIATE")
    try:
        cur = conn.execute(
            "UPDATE matches SET updated = ?, state = ?, shots = ?, bot_calls = ? WHERE id = ? AND shots = ?",
            (now, _dumps(after.to_json()), saved.shots, saved.bot_calls, match.id, match.shots),
        )
        if cur.rowcount != 1:
            raise StaleMatchError("the match changed while this shot was played; reload it")
        conn.execute(
            "INSERT INTO shots (match_id, seq, created, player, controller, shot, state_before, outcome)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                match.id,
                match.shots,
                now,
                record.player,
                record.controller,
                _dumps(record.shot.to_json()),
                _dumps(record.state_before.to_json()),
                _dumps(record.outcome),
            ),
        )
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return saved


def last_shot(conn: sqlite3.Connection, match_id: int) -> ShotRecord | None:
    row = conn.execute("SELECT * FROM shots WHERE match_id = ? ORDER BY seq DESC LIMIT 1", (match_id,)).fetchone()
    if row is None:
        return None
    return ShotRecord(
        player=row["player"],
        controller=row["controller"],
        shot=Shot.from_json(json.loads(row["shot"])),
        state_before=State.from_json(json.loads(row["state_before"])),
        outcome=json.loads(row["outcome"]),
    )
