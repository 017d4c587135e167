-- The append, server side: one call appends a batch of independent appends in one round trip,
-- inside the caller's transaction (a single autocommit call is a transaction of its own).
-- The batch comes as one JSON document (bytes as base64), which PostgreSQL parses in C:
--   {"keyed": <appends with a key>, "ruling": <appends that rule>,
--    "appends": [{"game_id", "expected_version", "principal", "key", "request_hash", "recorded_at",
--                 "chain_head", "rulings", "count"}],
--    "events":  [{"type", "schema_version", "visibility", "data", "metadata", "salt", "adjudicates",
--                 "chain_middle"}]}          -- every append's events, one append after another
-- The caller keeps idempotency keys distinct within one call.
--
-- Set-based, so the cost per append is a few array operations, not a few statements (and the steps
-- a batch does not need are skipped: most batches hold neither retries nor rulings):
--   1. lock every stream row of the batch, in game-id order;
--   2. claim every key (INSERT ... ON CONFLICT DO NOTHING, in key order; a concurrent holder of the
--      same key makes us wait for its outcome), then read the keys that were already taken;
--   3. read the rulings already in the log for the commands the batch rules;
--   4. per append, in order: unknown game | retry of a taken key (replayed, or mismatch if another
--      request used it) | expected version | command already ruled (in the log or earlier in the
--      batch) | appended: versions and chain links from the head link read under the lock,
--      link = sha256(head || f(version) || middle || f(prev)), f(x) = int4 big-endian length || x
--      (domain/kernel/chain.py, link_from_parts);
--   5. move the stream heads, record the keys' versions and free the keys of refused appends;
--   6. as late as possible, LOCK TABLE event IN EXCLUSIVE MODE and insert every event, positions
--      drawn under that lock so they follow commit order.
-- Each append's outcome is a status row, never an exception, so one failing append leaves the
-- others in the batch intact: appended | replayed | mismatch | conflict (detail = current version) |
-- duplicate_ruling (detail = the command already ruled) | unknown_game.
CREATE FUNCTION umpire_append(p_batch json)
RETURNS TABLE (status text, first_version integer, last_version integer, detail integer)
LANGUAGE plpgsql AS $$
DECLARE
  ap        record;
  e         integer := 0;          -- events of the appends before this one
  n         integer;
  gi        integer;
  v         integer;
  link      bytea;
  ver       bytea;
  k         text;
  ki        integer;
  middles   bytea[];
  g_ids     text[];                -- locked streams, with their running version and head link
  g_vers    integer[];
  g_links   bytea[];
  claimed   text[];                -- keys this call claimed, as principal || E'\n' || key
  held_keys text[];                -- keys taken before, with what they answered
  held_game text[];
  held_hash bytea[];
  held_first integer[];
  held_last integer[];
  ruled_g   text[] := '{}';        -- commands ruled, in the log or earlier in this batch
  ruled_a   integer[] := '{}';
  done_p    text[] := '{}';        -- claimed keys of appended appends, with their versions
  done_k    text[] := '{}';
  done_f    integer[] := '{}';
  done_l    integer[] := '{}';
  free_p    text[] := '{}';        -- claimed keys of refused appends
  free_k    text[] := '{}';
  new_i     integer[] := '{}';     -- events to insert: index in "events", game, version, link, recorded_at
  new_g     text[] := '{}';
  new_v     integer[] := '{}';
  new_l     bytea[] := '{}';
  new_r     text[] := '{}';
BEGIN
  -- 1. Locks are taken in sort order (LockRows runs above the Sort), and after a wait a row is
  --    re-read, so versions and head links are the committed ones.
  SELECT array_agg(s.game_id), array_agg(s.version), array_agg(s.head_link) INTO g_ids, g_vers, g_links
    FROM (SELECT gs.game_id, gs.version, gs.head_link FROM game_stream gs
           WHERE gs.game_id IN (SELECT x.game_id FROM json_to_recordset(p_batch -> 'appends') AS x(game_id text))
           ORDER BY gs.game_id FOR UPDATE) s;
  g_ids := coalesce(g_ids, '{}');

  -- 2. Versions are not known yet: 0 until step 5.
  IF (p_batch ->> 'keyed')::integer > 0 THEN
    WITH claim AS (
      INSERT INTO command
      SELECT x.principal, x.key, x.game_id, decode(x.request_hash, 'base64'), 0, 0, x.recorded_at
        FROM json_to_recordset(p_batch -> 'appends')
             AS x(principal text, key text, game_id text, request_hash text, recorded_at text)
       WHERE x.key IS NOT NULL AND x.game_id = ANY (g_ids)
       ORDER BY x.principal, x.key
      ON CONFLICT DO NOTHING
      RETURNING command.principal, command.key)
    SELECT array_agg(c.principal || E'\n' || c.key) INTO claimed FROM claim c;
  END IF;
  claimed := coalesce(claimed, '{}');

  IF cardinality(claimed) < (p_batch ->> 'keyed')::integer THEN
    SELECT array_agg(c.principal || E'\n' || c.key), array_agg(c.game_id), array_agg(c.request_hash),
           array_agg(c.first_version), array_agg(c.last_version)
      INTO held_keys, held_game, held_hash, held_first, held_last
      FROM command c
      JOIN json_to_recordset(p_batch -> 'appends') AS x(principal text, key text)
        ON c.principal = x.principal AND c.key = x.key
     WHERE NOT (c.principal || E'\n' || c.key = ANY (claimed));
  END IF;

  -- 3. One index probe per ruling (a join could scan the whole event table).
  IF (p_batch ->> 'ruling')::integer > 0 THEN
    SELECT coalesce(array_agg(w.game_id), '{}'), coalesce(array_agg(w.a), '{}') INTO ruled_g, ruled_a
      FROM (SELECT x.game_id, r.a
              FROM json_to_recordset(p_batch -> 'appends') AS x(game_id text, rulings integer[]),
                   unnest(x.rulings) AS r(a)) w
     WHERE EXISTS (SELECT 1 FROM event ev WHERE ev.game_id = w.game_id AND ev.adjudicates = w.a);
  END IF;

  SELECT array_agg(decode(y.chain_middle, 'base64') ORDER BY y.o) INTO middles
    FROM ROWS FROM (json_to_recordset(p_batch -> 'events') AS (chain_middle text)) WITH ORDINALITY AS y(chain_middle, o);

  -- 4.
  FOR ap IN
    SELECT * FROM json_to_recordset(p_batch -> 'appends')
           AS x(game_id text, expected_version integer, principal text, key text, request_hash text,
                recorded_at text, chain_head text, rulings integer[], count integer)
  LOOP
    status := NULL; first_version := NULL; last_version := NULL; detail := NULL;
    n := ap.count;
    gi := array_position(g_ids, ap.game_id);
    k := ap.principal || E'\n' || ap.key;
    IF gi IS NULL THEN
      status := 'unknown_game';
    ELSIF k IS NOT NULL AND NOT (k = ANY (claimed)) THEN
      ki := array_position(held_keys, k);
      status := CASE WHEN held_game[ki] = ap.game_id AND held_hash[ki] = decode(ap.request_hash, 'base64')
                     THEN 'replayed' ELSE 'mismatch' END;
      first_version := held_first[ki]; last_version := held_last[ki];
    ELSIF ap.expected_version IS NOT NULL AND ap.expected_version <> g_vers[gi] THEN
      status := 'conflict'; detail := g_vers[gi];
    ELSIF cardinality(ap.rulings) > 0 THEN
      SELECT min(r.a) INTO detail FROM unnest(ruled_g, ruled_a) AS r(g, a)
       WHERE r.g = ap.game_id AND r.a = ANY (ap.rulings);
      IF detail IS NOT NULL THEN
        status := 'duplicate_ruling';
      END IF;
    END IF;

    IF status IS NULL THEN
      v := g_vers[gi]; link := g_links[gi];
      first_version := v + 1; last_version := v + n;
      FOR i IN e + 1 .. e + n LOOP
        v := v + 1;
        ver := convert_to(v::text, 'UTF8');
        link := sha256(decode(ap.chain_head, 'base64') || int4send(length(ver)) || ver || middles[i]
                       || int4send(length(link)) || link);
        new_i := new_i || i; new_g := new_g || ap.game_id; new_v := new_v || v;
        new_l := new_l || link; new_r := new_r || ap.recorded_at;
      END LOOP;
      g_vers[gi] := v; g_links[gi] := link;
      ruled_g := ruled_g || array_fill(ap.game_id, ARRAY[cardinality(ap.rulings)]);
      ruled_a := ruled_a || ap.rulings;
      status := 'appended';
      IF k IS NOT NULL THEN
        done_p := done_p || ap.principal; done_k := done_k || ap.key;
        done_f := done_f || first_version; done_l := done_l || last_version;
      END IF;
    ELSIF status IN ('conflict', 'duplicate_ruling') AND k IS NOT NULL THEN
      free_p := free_p || ap.principal; free_k := free_k || ap.key;
    END IF;
    e := e + n;
    RETURN NEXT;
  END LOOP;

  -- 5.
  UPDATE game_stream gs SET version = u.v, head_link = u.l
    FROM unnest(g_ids, g_vers, g_links) AS u(g, v, l)
   WHERE gs.game_id = u.g AND gs.version <> u.v;
  IF cardinality(done_p) > 0 THEN
    UPDATE command c SET first_version = u.f, last_version = u.l
      FROM unnest(done_p, done_k, done_f, done_l) AS u(p, k, f, l)
     WHERE c.principal = u.p AND c.key = u.k;
  END IF;
  IF cardinality(free_p) > 0 THEN
    DELETE FROM command c USING unnest(free_p, free_k) AS u(p, k) WHERE c.principal = u.p AND c.key = u.k;
  END IF;

  -- 6. nextval() runs after the sort, so positions follow the batch order (and versions within a game).
  IF cardinality(new_i) > 0 THEN
    LOCK TABLE event IN EXCLUSIVE MODE;
    INSERT INTO event (position, game_id, version, type, schema_version, visibility, data, metadata, salt, link,
                       adjudicates, recorded_at)
    SELECT nextval('event_position_seq'), r.g, r.v, y.type, y.schema_version, y.visibility, decode(y.data, 'base64'),
           decode(y.metadata, 'base64'), decode(y.salt, 'base64'), r.l, y.adjudicates, r.rec
      FROM unnest(new_i, new_g, new_v, new_l, new_r) WITH ORDINALITY AS r(i, g, v, l, rec, o)
      JOIN ROWS FROM (json_to_recordset(p_batch -> 'events')
                      AS (type text, schema_version integer, visibility text, data text, metadata text, salt text,
                          adjudicates integer)) WITH ORDINALITY
           AS y(type, schema_version, visibility, data, metadata, salt, adjudicates, i)
        ON y.i = r.i
     ORDER BY r.o;
  END IF;
END
$$;
