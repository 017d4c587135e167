-- Entrant tokens (issue 20): a tournament entrant's token acts for its seat in every game of the
-- tournament. SQLite cannot alter a CHECK constraint, so the table is rebuilt with the new role and
-- the entrant's two columns (the tournament's stream is a row of game_stream).
CREATE TABLE api_token_new (
  id            TEXT PRIMARY KEY,
  secret_hash   BLOB NOT NULL,
  role          TEXT NOT NULL CHECK (role IN ('organiser', 'referee', 'seat', 'entrant')),
  name          TEXT NOT NULL,
  game_id       TEXT REFERENCES game_stream,
  seat          TEXT,
  created_at    TEXT NOT NULL,
  revoked_at    TEXT,
  tournament_id TEXT REFERENCES game_stream,
  entrant_id    TEXT,
  CHECK ((role = 'seat') = (game_id IS NOT NULL AND seat IS NOT NULL)),
  CHECK ((role = 'entrant') = (tournament_id IS NOT NULL AND entrant_id IS NOT NULL))
) STRICT;
INSERT INTO api_token_new (id, secret_hash, role, name, game_id, seat, created_at, revoked_at)
  SELECT id, secret_hash, role, name, game_id, seat, created_at, revoked_at FROM api_token;
DROP TABLE api_token;
ALTER TABLE api_token_new RENAME TO api_token;
CREATE UNIQUE INDEX api_token_one_live_seat ON api_token (game_id, seat) WHERE role = 'seat' AND revoked_at IS NULL;
CREATE UNIQUE INDEX api_token_one_live_entrant ON api_token (tournament_id, entrant_id)
  WHERE role = 'entrant' AND revoked_at IS NULL;
