-- The append without the event-table lock, and the hot table's indexes trimmed (issue 24).
--
-- Positions. 0001 drew them from a sequence under LOCK TABLE event IN EXCLUSIVE MODE, held to the
-- end of the commit, so every append waited for the previous one's fsync. Now a transaction's
-- events are numbered from its own transaction id: position = xid << 20 | n (n counts its events,
-- umpire_position_base), no lock. Positions no longer follow commit order, so the global feed reads
-- only below the horizon umpire_feed_horizon(): xmin(current snapshot) << 20. Every transaction with
-- a lower id has ended, so no event can ever appear below the horizon again: a reader paging by
-- position never skips one. Transactions that do not overlap still get positions in commit order
-- (a later one has a higher id), so a writer's own appends stay in its order; readers wait for the
-- horizon to pass events they can already see (PostgresStore.read_all).
--
-- Rulings. The UNIQUE (game_id, adjudicates) constraint indexed every event, most with a NULL
-- adjudicates that it never compares; a partial unique index keeps the rule and indexes rulings only.
--
-- Chain links. umpire_links computes the links of one append's events from the head link read
-- under the stream lock, for umpire_append; the lean statement (pgappend.py), which does without
-- PL/pgSQL, has the same formula as a recursive step.

DO $$
BEGIN
  IF (SELECT max(position) FROM event) >= pg_current_xact_id()::text::bigint << 20 THEN
    RAISE EXCEPTION 'event positions already reach the transaction-id range; renumbering is not built';
  END IF;
END
$$;

ALTER TABLE event DROP CONSTRAINT event_one_ruling_per_command;
CREATE UNIQUE INDEX event_one_ruling_per_command ON event (game_id, adjudicates) WHERE adjudicates IS NOT NULL;

-- The first position for p_count more events of this transaction: after its events so far (an index
-- probe within its own range). A transaction holds at most 2^20 events.
CREATE FUNCTION umpire_position_base(p_count integer) RETURNS bigint
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  lo   bigint := pg_current_xact_id()::text::bigint << 20;
  first bigint;
BEGIN
  SELECT coalesce(max(position) + 1, lo) INTO first FROM event WHERE position >= lo AND position < lo + (1 << 20);
  IF first + p_count > lo + (1 << 20) THEN
    RAISE EXCEPTION 'one transaction appends at most 1048576 events' USING ERRCODE = 'program_limit_exceeded';
  END IF;
  RETURN first;
END
$$;

-- Positions below this are final: every transaction that could still write one has ended.
CREATE FUNCTION umpire_feed_horizon() RETURNS bigint
LANGUAGE sql STABLE AS $$ SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint << 20 $$;

-- links[i] of the events after version p_version: sha256(head || f(version) || middle || f(prev)),
-- f(x) = int4 big-endian length || x (domain/kernel/chain.py, link_from_parts).
CREATE FUNCTION umpire_links(p_head bytea, p_version integer, p_middles bytea[], p_prev bytea) RETURNS bytea[]
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  links bytea[] := '{}';
  link  bytea := p_prev;
  ver   bytea;
BEGIN
  FOR i IN 1 .. cardinality(p_middles) LOOP
    ver := convert_to((p_version + i)::text, 'UTF8');
    link := sha256(p_head || int4send(length(ver)) || ver || p_middles[i] || int4send(length(link)) || link);
    links := links || link;
  END LOOP;
  RETURN links;
END
$$;

-- As 0002 but for the links (umpire_links) and step 6 (positions from umpire_position_base).
CREATE OR REPLACE FUNCTION umpire_append(p_batch json)
RETURNS TABLE (status text, first_version integer, last_version integer, detail integer)
LANGUAGE plpgsql AS $$
DECLARE
  ap        record;
  e         integer := 0;          -- events of the appends before this one
  n         integer;
  gi        integer;
  v         integer;
  link      bytea;
  links     bytea[];
  base      bigint;
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
      links := umpire_links(decode(ap.chain_head, 'base64'), v, middles[e + 1 : e + n], link);
      FOR i IN 1 .. n LOOP
        new_i := new_i || (e + i); new_g := new_g || ap.game_id; new_v := new_v || (v + i);
        new_l := new_l || links[i]; new_r := new_r || ap.recorded_at;
      END LOOP;
      v := v + n; link := links[n];
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

  -- 6. Positions from umpire_position_base() (no table lock), in batch order (and versions within a game).
  IF cardinality(new_i) > 0 THEN
    base := umpire_position_base(cardinality(new_i));
    INSERT INTO event (position, game_id, version, type, schema_version, visibility, data, metadata, salt, link,
                       adjudicates, recorded_at)
    SELECT base + r.o - 1, r.g, r.v, y.type, y.schema_version, y.visibility, decode(y.data, 'base64'),
           decode(y.metadata, 'base64'), decode(y.salt, 'base64'), r.l, y.adjudicates, r.rec
      FROM unnest(new_i, new_g, new_v, new_l, new_r) WITH ORDINALITY AS r(i, g, v, l, rec, o)
      JOIN ROWS FROM (json_to_recordset(p_batch -> 'events')
                      AS (type text, schema_version integer, visibility text, data text, metadata text, salt text,
                          adjudicates integer)) WITH ORDINALITY
           AS y(type, schema_version, visibility, data, metadata, salt, adjudicates, i)
        ON y.i = r.i;
  END IF;
END
$$;

DROP SEQUENCE event_position_seq;
