-- Webhooks (issue 20): an organiser's or entrant's URL that Umpire POSTs its notices to, signed
-- with HMAC-SHA256 under the webhook's secret (kept to sign; shown once to whoever registered it).
-- One delivery per (webhook, notice key); every attempt is recorded.
CREATE TABLE webhook (
  id            TEXT PRIMARY KEY,
  tournament_id TEXT NOT NULL REFERENCES game_stream,
  entrant_id    TEXT,
  url           TEXT NOT NULL,
  secret        BLOB NOT NULL,
  created_by    TEXT NOT NULL,
  created_at    TEXT NOT NULL
) STRICT;

CREATE TABLE webhook_delivery (
  webhook_id   TEXT    NOT NULL REFERENCES webhook,
  key          TEXT    NOT NULL,
  kind         TEXT    NOT NULL,
  payload      BLOB    NOT NULL,
  status       TEXT    NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts     INTEGER NOT NULL,
  next_at      REAL    NOT NULL,
  created_at   TEXT    NOT NULL,
  PRIMARY KEY (webhook_id, key)
) STRICT;
CREATE INDEX webhook_delivery_due ON webhook_delivery (status, next_at);

CREATE TABLE webhook_attempt (
  webhook_id  TEXT    NOT NULL,
  key         TEXT    NOT NULL,
  attempt     INTEGER NOT NULL,
  at          TEXT    NOT NULL,
  http_status INTEGER,
  error       TEXT    NOT NULL,
  PRIMARY KEY (webhook_id, key, attempt),
  FOREIGN KEY (webhook_id, key) REFERENCES webhook_delivery
) STRICT;
