"""SQLite for the web app: one connection a request, the schema applied at start-up, a default file in the
user's data folder so a fresh clone runs with no set-up step."""

from __future__ import annotations

import os
import sqlite3
import sys
from contextlib import closing
from importlib.resources import files
from pathlib import Path

from flask import Flask, current_app, g


def default_db_path() -> Path:
    """Where matches live unless ``--db`` says otherwise: the platform's per-user data folder."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "crokinole" / "crokinole.sqlite3"


def connect(path: str | os.PathLike) -> sqlite3.Connection:
    """A connection in autocommit mode: writers open their own transactions (``BEGIN IMMEDIATE``).

    In WAL mode ``synchronous = NORMAL`` keeps every committed shot through a crash or restart of the server and
    skips the fsync on each commit (only a power cut could lose the last shots).
    """
    conn = sqlite3.connect(path, timeout=10, isolation_level=None, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA synchronous = NORMAL")
    return conn


def init_db(path: str | os.PathLike) -> None:
    """Create the folder and the tables if they are missing; existing matches are kept."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    with closing(connect(path)) as conn:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.executescript(files("webapp").joinpath("schema.sql").read_text(encoding="utf-8"))


def get_db() -> sqlite3.Connection:
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


def close_db(_exc: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()


def init_app(app: Flask) -> None:
    init_db(app.config["DATABASE"])
    # One connection stays open for the app's life: when a request closes the last connection, SQLite would
    # checkpoint and delete the WAL file each time, which costs more than the shot's physics.
    app.extensions["crokinole_db_keeper"] = connect(app.config["DATABASE"])
    app.teardown_appcontext(close_db)
