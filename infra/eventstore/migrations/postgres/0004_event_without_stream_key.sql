-- The event table's foreign key to game_stream dropped (issue 24).
--
-- Every append inserts its events only for a stream row it has just locked or updated in the same
-- statement (pgappend.py's statements join game_stream; umpire_append inserts only for the streams
-- it locked), and stream rows are never deleted, so the key checked nothing an append had not already
-- made sure of. Checking it cost an after-trigger per event row (a FOR KEY SHARE probe of the stream
-- row, queued and fired at the statement's end): a tenth of the lean append's time on the server.
ALTER TABLE event DROP CONSTRAINT event_game_id_fkey;
