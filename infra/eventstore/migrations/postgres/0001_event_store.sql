-- One row per game: the stream head. Appends lock it FOR UPDATE, then read version and head_link.
CREATE TABLE game_stream (
  game_id    text    PRIMARY KEY,
  ruleset    text    NOT NULL,          -- pinned "name@version"
  pack_hash  text    NOT NULL,
  version    integer NOT NULL,          -- number of events in the stream
  head_link  bytea   NOT NULL,          -- chain link of the last event (32 zero bytes before the first)
  created_at text    NOT NULL
);

-- position comes from nextval() taken while holding LOCK TABLE event IN EXCLUSIVE MODE, so positions
-- follow commit order (holes from rolled-back appends are possible, never a later lower position).
CREATE SEQUENCE event_position_seq;

CREATE TABLE event (
  position       bigint   NOT NULL,
  game_id        text     NOT NULL REFERENCES game_stream,
  version        integer  NOT NULL,
  type           text     NOT NULL,
  schema_version smallint NOT NULL,
  visibility     text     NOT NULL,
  data           bytea    NOT NULL,     -- exact msgspec JSON bytes (hashed as stored)
  metadata       bytea    NOT NULL,
  salt           bytea    NOT NULL,
  link           bytea    NOT NULL,
  adjudicates    integer,
  recorded_at    text     NOT NULL,
  PRIMARY KEY (game_id, version),
  CONSTRAINT event_one_ruling_per_command UNIQUE (game_id, adjudicates)
) WITH (autovacuum_vacuum_threshold = 100000000, autovacuum_vacuum_scale_factor = 0.5,
        autovacuum_analyze_threshold = 1000, autovacuum_analyze_scale_factor = 0.01);
CREATE UNIQUE INDEX event_position_idx ON event (position);

-- Idempotency keys, scoped to the principal that sent them, written with the events they produced.
CREATE TABLE command (
  principal     text    NOT NULL,
  key           text    NOT NULL,
  game_id       text    NOT NULL,
  request_hash  bytea   NOT NULL,
  first_version integer NOT NULL,
  last_version  integer NOT NULL,
  created_at    text    NOT NULL,
  CONSTRAINT command_pkey PRIMARY KEY (principal, key)
);

-- The per-game projection; its version is the fold checkpoint and commits with the state.
CREATE TABLE projection (
  game_id     text    PRIMARY KEY REFERENCES game_stream,
  version     integer NOT NULL,
  adjudicated integer NOT NULL,
  status      text    NOT NULL,
  summary     bytea   NOT NULL,
  state       bytea,
  updated_at  text    NOT NULL
);
CREATE INDEX projection_status_idx ON projection (status, game_id);

CREATE TABLE pack (
  hash text  PRIMARY KEY,
  data bytea NOT NULL
);

CREATE TABLE snapshot (
  game_id   text    NOT NULL REFERENCES game_stream,
  ruleset   text    NOT NULL,
  pack_hash text    NOT NULL,
  version   integer NOT NULL,
  state     bytea   NOT NULL,
  PRIMARY KEY (game_id, ruleset, pack_hash, version)
);

-- Per-game secrets (dice keys). Never part of the log or its exports.
CREATE TABLE secret (
  game_id text  NOT NULL REFERENCES game_stream,
  name    text  NOT NULL,
  value   bytea NOT NULL,
  PRIMARY KEY (game_id, name)
);
