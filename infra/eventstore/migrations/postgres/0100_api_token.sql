-- API tokens (infra/auth.py). A token reads `umpire_<id>_<secret>`; only SHA-256(secret) is kept.
-- At most one live token per seat: reissuing a seat token revokes the old one in the same transaction.
CREATE TABLE api_token (
  id          text  PRIMARY KEY,
  secret_hash bytea NOT NULL,
  role        text  NOT NULL CHECK (role IN ('organiser', 'referee', 'seat')),
  name        text  NOT NULL,
  game_id     text  REFERENCES game_stream,
  seat        text,
  created_at  text  NOT NULL,
  revoked_at  text,
  CHECK ((role = 'seat') = (game_id IS NOT NULL AND seat IS NOT NULL))
);
CREATE UNIQUE INDEX api_token_one_live_seat ON api_token (game_id, seat) WHERE role = 'seat' AND revoked_at IS NULL;
