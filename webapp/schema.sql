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

-- Companion matches (a real board watched by a camera; controllers "board"): the match row holds the game and the
-- state the photos say; these tables hold the photos, what was seen in each and the players' corrections.
CREATE TABLE IF NOT EXISTS companion (
    match_id    INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    teams       TEXT,                        -- JSON [[name, [r, g, b]], [name, [r, g, b]]] in team order, or NULL
    calibration TEXT,                        -- Calibration.to_json() of the last set-up photo, for a fixed camera
    twenties    TEXT    NOT NULL DEFAULT '{}', -- JSON {round_no: [+/- per team]}: 20s added or taken off by hand
    frames      INTEGER NOT NULL DEFAULT 0   -- photos saved so far; guards against two writers
);

CREATE TABLE IF NOT EXISTS frames (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,  -- 0, 1, 2, ... over the whole match
    created  TEXT    NOT NULL,
    round_no INTEGER,           -- NULL for a set-up photo
    shot_no  INTEGER,           -- 1 for the photo after the round's first shot, ...; NULL for a set-up photo
    source   TEXT    NOT NULL,  -- "upload" or "camera"
    photo    BLOB    NOT NULL,  -- JPEG of the upright photo that was scored
    score    TEXT    NOT NULL,  -- the PhotoScore as seen (webapp.scorejson)
    PRIMARY KEY (match_id, seq)
);

CREATE TABLE IF NOT EXISTS corrections (
    match_id  INTEGER NOT NULL,
    frame_seq INTEGER NOT NULL,
    seq       INTEGER NOT NULL,
    created   TEXT    NOT NULL,
    action    TEXT    NOT NULL,  -- JSON, see webapp.corrections
    PRIMARY KEY (match_id, frame_seq, seq),
    FOREIGN KEY (match_id, frame_seq) REFERENCES frames (match_id, seq) ON DELETE CASCADE
);
