-- Webhooks (issue 20; as sqlite/0300_webhook.sql): an organiser's or entrant's URL that Umpire POSTs its notices to, signed
-- with HMAC-SHA256 under the webhook's secret (kept to sign; shown once to whoever registered it).
-- One delivery per (webhook, notice key); every attempt is recorded.
CREATE TABLE webhook (
  id            text PRIMARY KEY,
  tournament_id text NOT NULL REFERENCES game_stream,
  entrant_id    text,
  url           text NOT NULL,
  secret        bytea NOT NULL,
  created_by    text NOT NULL,
  created_at    text NOT NULL
);

CREATE TABLE webhook_delivery (
  webhook_id   text    NOT NULL REFERENCES webhook,
  key          text    NOT NULL,
  kind         text    NOT NULL,
  payload      bytea    NOT NULL,
  status       text    NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts     integer NOT NULL,
  next_at      double precision    NOT NULL,
  created_at   text    NOT NULL,
  PRIMARY KEY (webhook_id, key)
);
CREATE INDEX webhook_delivery_due ON webhook_delivery (status, next_at);

CREATE TABLE webhook_attempt (
  webhook_id  text    NOT NULL,
  key         text    NOT NULL,
  attempt     integer NOT NULL,
  at          text    NOT NULL,
  http_status integer,
  error       text    NOT NULL,
  PRIMARY KEY (webhook_id, key, attempt),
  FOREIGN KEY (webhook_id, key) REFERENCES webhook_delivery
);
