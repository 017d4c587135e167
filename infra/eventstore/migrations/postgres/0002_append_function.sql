-- The append, server side: one call appends a batch of independent appends in one round trip,
-- inside the caller's transaction (a single autocommit call is a transaction of its own).
-- The batch comes as one JSON document (bytes as base64), which PostgreSQL parses in C: much
-- cheaper than a dozen array parameters.
--   [{"game_id", "expected_version", "principal", "key", "request_hash", "recorded_at", "chain_head", "rulings",
--     "events": [{"type", "schema_version", "visibility", "data", "metadata", "salt", "adjudicates",
--                 "chain_middle"}]}]
--
-- Python prepares everything that needs no lock (salts, metadata bytes, payload digests, and the
-- chain-link parts of domain/kernel/chain.py). Here, per append and in the order given (callers sort
-- by game id so concurrent batches lock stream rows in one order):
--   lock the stream row; look up the idempotency key; check the expected version; refuse a ruling
--   of a command already ruled (in the log or earlier in this batch); chain the links from the head
--   link read under the lock: link = sha256(head || f(version) || middle || f(prev)), f(x) = int4
--   big-endian length || x (chain.link_from_parts); record the key; move the stream head.
-- Then, once for the batch and as late as possible, LOCK TABLE event IN EXCLUSIVE MODE and insert
-- every event with positions drawn under that lock, so positions follow commit order.
--
-- Each append's outcome is a status row, never an exception, so one failing append leaves the
-- others in the batch intact: appended | replayed | mismatch | conflict (detail = current version) |
-- duplicate_ruling (detail = the command already ruled) | unknown_game.
CREATE FUNCTION umpire_append(p_batch json)
RETURNS TABLE (status text, first_version integer, last_version integer, detail integer)
LANGUAGE plpgsql AS $$
DECLARE
  ap      record;
  ev      record;
  n       integer;
  v       integer;
  link    bytea;
  ver     bytea;
  cmd     record;
  ruled   integer;
  -- the batch's events to insert, in order
  new_g   text[]    := '{}';
  new_v   integer[] := '{}';
  new_t   text[]    := '{}';
  new_s   integer[] := '{}';
  new_vis text[]    := '{}';
  new_d   bytea[]   := '{}';
  new_m   bytea[]   := '{}';
  new_salt bytea[]  := '{}';
  new_l   bytea[]   := '{}';
  new_a   integer[] := '{}';
  new_r   text[]    := '{}';
BEGIN
  FOR ap IN
    SELECT * FROM json_to_recordset(p_batch) AS x(game_id text, expected_version integer, principal text, key text,
                                                  request_hash text, recorded_at text, chain_head text,
                                                  rulings integer[], events json)
  LOOP
    status := NULL; first_version := NULL; last_version := NULL; detail := NULL;
    n := json_array_length(ap.events);
    SELECT s.version, s.head_link INTO v, link FROM game_stream s WHERE s.game_id = ap.game_id FOR UPDATE;
    IF NOT FOUND THEN
      status := 'unknown_game';
    END IF;

    IF status IS NULL AND ap.key IS NOT NULL THEN
      -- Claim the key first (a concurrent holder of the same key makes us wait for its outcome); a key
      -- already taken means a retry, answered as the first time, whatever the stream looks like now.
      INSERT INTO command VALUES (ap.principal, ap.key, ap.game_id, decode(ap.request_hash, 'base64'), v + 1, v + n,
                                  ap.recorded_at)
        ON CONFLICT DO NOTHING;
      IF NOT FOUND THEN
        SELECT c.game_id, c.request_hash, c.first_version, c.last_version INTO cmd
          FROM command c WHERE c.principal = ap.principal AND c.key = ap.key;
        status := CASE WHEN cmd.game_id = ap.game_id AND cmd.request_hash = decode(ap.request_hash, 'base64')
                       THEN 'replayed' ELSE 'mismatch' END;
        first_version := cmd.first_version; last_version := cmd.last_version;
      END IF;
    END IF;

    IF status IS NULL AND ap.expected_version IS NOT NULL AND ap.expected_version <> v THEN
      status := 'conflict'; detail := v;
    END IF;

    IF status IS NULL AND cardinality(ap.rulings) > 0 THEN
      SELECT min(x.adj) INTO ruled FROM (
        SELECT e.adjudicates AS adj FROM event e WHERE e.game_id = ap.game_id AND e.adjudicates = ANY (ap.rulings)
        UNION ALL
        SELECT u.a FROM unnest(new_g, new_a) AS u(g, a) WHERE u.g = ap.game_id AND u.a = ANY (ap.rulings)
      ) x;
      IF ruled IS NOT NULL THEN
        status := 'duplicate_ruling'; detail := ruled;
      END IF;
    END IF;

    IF status IN ('conflict', 'duplicate_ruling') AND ap.key IS NOT NULL THEN
      DELETE FROM command c WHERE c.principal = ap.principal AND c.key = ap.key;  -- refused: the key stays free
    END IF;

    IF status IS NULL THEN
      first_version := v + 1; last_version := v + n;
      FOR ev IN
        SELECT * FROM json_to_recordset(ap.events) AS y(type text, schema_version integer, visibility text, data text,
                                                        metadata text, salt text, adjudicates integer, chain_middle text)
      LOOP
        v := v + 1;
        ver := convert_to(v::text, 'UTF8');
        link := sha256(decode(ap.chain_head, 'base64') || int4send(length(ver)) || ver
                       || decode(ev.chain_middle, 'base64') || int4send(length(link)) || link);
        new_g := new_g || ap.game_id; new_v := new_v || v; new_t := new_t || ev.type;
        new_s := new_s || ev.schema_version; new_vis := new_vis || ev.visibility;
        new_d := new_d || decode(ev.data, 'base64'); new_m := new_m || decode(ev.metadata, 'base64');
        new_salt := new_salt || decode(ev.salt, 'base64'); new_l := new_l || link;
        new_a := new_a || ev.adjudicates; new_r := new_r || ap.recorded_at;
      END LOOP;
      UPDATE game_stream SET version = v, head_link = link WHERE game_id = ap.game_id;
      status := 'appended';
    END IF;
    RETURN NEXT;
  END LOOP;

  IF cardinality(new_g) > 0 THEN
    LOCK TABLE event IN EXCLUSIVE MODE;
    -- nextval() runs after the sort, so positions follow the batch order (and versions within a game).
    INSERT INTO event (position, game_id, version, type, schema_version, visibility, data, metadata, salt, link,
                       adjudicates, recorded_at)
    SELECT nextval('event_position_seq'), r.g, r.v, r.t, r.s, r.vis, r.d, r.m, r.salt, r.l, r.a, r.rec
      FROM unnest(new_g, new_v, new_t, new_s, new_vis, new_d, new_m, new_salt, new_l, new_a, new_r)
           WITH ORDINALITY AS r(g, v, t, s, vis, d, m, salt, l, a, rec, o)
     ORDER BY r.o;
  END IF;
END
$$;
