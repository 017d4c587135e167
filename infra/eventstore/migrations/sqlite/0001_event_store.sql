-- Same tables and constraints as postgres/0001_event_store.sql. SQLite has one writer at a time
-- (every write transaction is BEGIN IMMEDIATE), so "lock the stream row" and "lock the event table"
-- are both the database write lock, and positions (max + 1 under that lock) follow commit order.

CREATE TABLE game_stream (
  game_id    TEXT    PRIMARY KEY,
  ruleset    TEXT    NOT NULL,
  pack_hash  TEXT    NOT NULL,
  version    INTEGER NOT NULL,
  head_link  BLOB    NOT NULL,
  created_at TEXT    NOT NULL
) STRICT;

CREATE TABLE event (
  position       INTEGER NOT NULL,
  game_id        TEXT    NOT NULL REFERENCES game_stream,
  version        INTEGER NOT NULL,
  type           TEXT    NOT NULL,
  schema_version INTEGER NOT NULL,
  visibility     TEXT    NOT NULL,
  data           BLOB    NOT NULL,
  metadata       BLOB    NOT NULL,
  salt           BLOB    NOT NULL,
  link           BLOB    NOT NULL,
  adjudicates    INTEGER,
  recorded_at    TEXT    NOT NULL,
  PRIMARY KEY (game_id, version),
  CONSTRAINT event_one_ruling_per_command UNIQUE (game_id, adjudicates)
) STRICT, WITHOUT ROWID;
CREATE UNIQUE INDEX event_position_idx ON event (position);

CREATE TABLE command (
  principal     TEXT    NOT NULL,
  key           TEXT    NOT NULL,
  game_id       TEXT    NOT NULL,
  request_hash  BLOB    NOT NULL,
  first_version INTEGER NOT NULL,
  last_version  INTEGER NOT NULL,
  created_at    TEXT    NOT NULL,
  PRIMARY KEY (principal, key)
) STRICT;

CREATE TABLE projection (
  game_id     TEXT    PRIMARY KEY REFERENCES game_stream,
  version     INTEGER NOT NULL,
  adjudicated INTEGER NOT NULL,
  status      TEXT    NOT NULL,
  summary     BLOB    NOT NULL,
  state       BLOB,
  updated_at  TEXT    NOT NULL
) STRICT;
CREATE INDEX projection_status_idx ON projection (status, game_id);

CREATE TABLE pack (
  hash TEXT PRIMARY KEY,
  data BLOB NOT NULL
) STRICT;

CREATE TABLE snapshot (
  game_id   TEXT    NOT NULL REFERENCES game_stream,
  ruleset   TEXT    NOT NULL,
  pack_hash TEXT    NOT NULL,
  version   INTEGER NOT NULL,
  state     BLOB    NOT NULL,
  PRIMARY KEY (game_id, ruleset, pack_hash, version)
) STRICT;

CREATE TABLE secret (
  game_id TEXT NOT NULL REFERENCES game_stream,
  name    TEXT NOT NULL,
  value   BLOB NOT NULL,
  PRIMARY KEY (game_id, name)
) STRICT;
