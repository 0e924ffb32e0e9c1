-- Crokinole web app database. Every statement is idempotent: the app runs this file at start-up.
CREATE TABLE IF NOT EXISTS matches (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    created     TEXT    NOT NULL,
    updated     TEXT    NOT NULL,
    game        TEXT    NOT NULL,  -- Game.to_json()
    state       TEXT    NOT NULL,  -- State.to_json() after the last shot
    controllers TEXT    NOT NULL,  -- JSON list, one a team: "human" or a bot spec such as "ai:medium"
    seed        INTEGER NOT NULL,  -- the computer's random generator for shot k is default_rng([seed, k])
    bot_calls   INTEGER NOT NULL DEFAULT 0,
    shots       INTEGER NOT NULL DEFAULT 0  -- shots played so far; guards against two writers
);

CREATE TABLE IF NOT EXISTS shots (
    match_id     INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq          INTEGER NOT NULL,  -- 0, 1, 2, ... over the whole match
    created      TEXT    NOT NULL,
    player       INTEGER NOT NULL,
    controller   TEXT    NOT NULL,
    shot         TEXT    NOT NULL,  -- Shot.to_json()
    state_before TEXT    NOT NULL,
    outcome      TEXT    NOT NULL,  -- verdict, round result: what the page shows as the last shot
    PRIMARY KEY (match_id, seq)
);
