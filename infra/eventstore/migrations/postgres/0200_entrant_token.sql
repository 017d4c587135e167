-- Entrant tokens (issue 20): a tournament entrant's token acts for its seat in every game of the
-- tournament (the tournament's stream is a row of game_stream).
ALTER TABLE api_token DROP CONSTRAINT api_token_role_check;
ALTER TABLE api_token ADD CONSTRAINT api_token_role_check CHECK (role IN ('organiser', 'referee', 'seat', 'entrant'));
ALTER TABLE api_token ADD COLUMN tournament_id text REFERENCES game_stream, ADD COLUMN entrant_id text;
ALTER TABLE api_token ADD CONSTRAINT api_token_entrant_check
  CHECK ((role = 'entrant') = (tournament_id IS NOT NULL AND entrant_id IS NOT NULL));
CREATE UNIQUE INDEX api_token_one_live_entrant ON api_token (tournament_id, entrant_id)
  WHERE role = 'entrant' AND revoked_at IS NULL;
