"""Saved companion data beside the match row: team colours, the kept calibration, photos and corrections.

Every write that depends on what the caller saw checks the photo counter, so two phones sending a photo at the
same moment cannot both become "the photo after shot 3".
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime

from sim.game import State
from webapp.store import StaleMatchError, UnknownMatchError


@dataclass(frozen=True)
class Companion:
    match_id: int
    teams: tuple[tuple[str, tuple[int, int, int]], ...] | None
    calibration: str | None
    twenties: dict[int, tuple[int, int]]
    frames: int


@dataclass(frozen=True)
class Frame:
    seq: int
    created: str
    round_no: int | None
    shot_no: int | None
    source: str
    score: dict
    corrections: tuple[dict, ...]

    @property
    def setup(self) -> bool:
        return self.round_no is None


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _dumps(data) -> str:
    return json.dumps(data, separators=(",", ":"))


def create(conn: sqlite3.Connection, match_id: int) -> None:
    conn.execute("INSERT INTO companion (match_id) VALUES (?)", (match_id,))


def load(conn: sqlite3.Connection, match_id: int) -> Companion:
    row = conn.execute("SELECT * FROM companion WHERE match_id = ?", (match_id,)).fetchone()
    if row is None:
        raise UnknownMatchError(f"there is no companion match {match_id}")
    teams = None if row["teams"] is None else tuple((n, tuple(c)) for n, c in json.loads(row["teams"]))
    tw = {int(k): tuple(v) for k, v in json.loads(row["twenties"]).items()}
    return Companion(match_id, teams, row["calibration"], tw, row["frames"])


def frames(conn: sqlite3.Connection, match_id: int, *, round_no: int | None = None, setup: bool = False) -> list[Frame]:
    """Frames of one round (or the set-up photos), oldest first, with their corrections."""
    where = "round_no IS NULL" if setup else "round_no = ?"
    args = (match_id,) if setup else (match_id, round_no)
    rows = conn.execute(
        "SELECT seq, created, round_no, shot_no, source, score FROM frames"
        f" WHERE match_id = ? AND {where} ORDER BY seq",
        args,
    ).fetchall()
    fixes: dict[int, list[dict]] = {}
    for r in conn.execute("SELECT frame_seq, action FROM corrections WHERE match_id = ? ORDER BY frame_seq, seq",
                          (match_id,)):
        fixes.setdefault(r["frame_seq"], []).append(json.loads(r["action"]))
    return [Frame(r["seq"], r["created"], r["round_no"], r["shot_no"], r["source"], json.loads(r["score"]),
                  tuple(fixes.get(r["seq"], ()))) for r in rows]


def photo(conn: sqlite3.Connection, match_id: int, seq: int) -> bytes:
    row = conn.execute("SELECT photo FROM frames WHERE match_id = ? AND seq = ?", (match_id, seq)).fetchone()
    if row is None:
        raise UnknownMatchError(f"match {match_id} has no photo {seq}")
    return row["photo"]


class Tx:
    """One write transaction that first claims the photo counter the caller saw (StaleMatchError if it moved)."""

    def __init__(self, conn: sqlite3.Connection, comp: Companion, *, bump: bool = False):
        self.conn, self.comp, self.bump = conn, comp, bump

    def __enter__(self) -> sqlite3.Connection:
        self.conn.execute("BEGIN IMMEDIATE")
        cur = self.conn.execute("UPDATE companion SET frames = frames + ? WHERE match_id = ? AND frames = ?",
                                (int(self.bump), self.comp.match_id, self.comp.frames))
        if cur.rowcount != 1:
            self.conn.execute("ROLLBACK")
            raise StaleMatchError("another photo was saved meanwhile; reload the match")
        return self.conn

    def __exit__(self, kind, exc, tb) -> None:
        self.conn.execute("ROLLBACK" if kind else "COMMIT")


def add_frame(conn, comp: Companion, *, round_no, shot_no, source: str, jpeg: bytes, score: dict) -> int:
    conn.execute(
        "INSERT INTO frames (match_id, seq, created, round_no, shot_no, source, photo, score)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (comp.match_id, comp.frames, _now(), round_no, shot_no, source, jpeg, _dumps(score)),
    )
    return comp.frames


def replace_score(conn, match_id: int, seq: int, score: dict) -> None:
    """A frame scored again (new calibration or team colours): its old corrections no longer apply."""
    conn.execute("UPDATE frames SET score = ? WHERE match_id = ? AND seq = ?", (_dumps(score), match_id, seq))
    conn.execute("DELETE FROM corrections WHERE match_id = ? AND frame_seq = ?", (match_id, seq))


def add_correction(conn, match_id: int, seq: int, action: dict) -> None:
    n = conn.execute("SELECT COUNT(*) FROM corrections WHERE match_id = ? AND frame_seq = ?", (match_id, seq))
    conn.execute("INSERT INTO corrections (match_id, frame_seq, seq, created, action) VALUES (?, ?, ?, ?, ?)",
                 (match_id, seq, n.fetchone()[0], _now(), _dumps(action)))


def delete_frame(conn, match_id: int, seq: int) -> None:
    conn.execute("DELETE FROM frames WHERE match_id = ? AND seq = ?", (match_id, seq))


def set_teams(conn, match_id: int, teams) -> None:
    conn.execute("UPDATE companion SET teams = ? WHERE match_id = ?", (_dumps([[n, list(c)] for n, c in teams]),
                                                                        match_id))


def set_calibration(conn, match_id: int, calibration_json: str) -> None:
    conn.execute("UPDATE companion SET calibration = ? WHERE match_id = ?", (calibration_json, match_id))


def set_twenties(conn, match_id: int, twenties: dict[int, tuple[int, int]]) -> None:
    conn.execute("UPDATE companion SET twenties = ? WHERE match_id = ?",
                 (_dumps({str(k): list(v) for k, v in twenties.items()}), match_id))


def set_state(conn, match_id: int, state: State, shots: int) -> None:
    conn.execute("UPDATE matches SET updated = ?, state = ?, shots = ? WHERE id = ?",
                 (_now(), _dumps(state.to_json()), shots, match_id))
