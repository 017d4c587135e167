"""One fold message per game at a time: what makes the fold queue fair across games.

Without it every order sends its own `umpire.fold`, so a game flooded with orders fills the one
FIFO fold queue with its nudges and every other game's nudge waits behind all of them (each of
those folds takes the game's row lock and reads its log, even when an earlier one ruled
everything). With it, a game has at most one message queued or running: further nudges only mark
it dirty, and the fold, when it ends, sends the game to the back of the queue if it was nudged
meanwhile or has commands left over its batch. The queue then holds distinct games, served in
turn (round robin, one fold's batch each), and a flooded game occupies at most one worker process.

A Redis counter per game (`umpire.flight:<game>`), next to the broker's own keys:
    absent   no fold queued or running
    1        one fold queued (or running, and not nudged since it began)
    >= 2     running and nudged since it began: it must go round again

No nudge is ever lost, because (1) the API commits the order before it counts the nudge and
(2) a fold resets the counter to 1 before it reads the log. A nudge that finds the counter absent
sends a message; one that finds it present either precedes a fold's reset (that fold reads after
the order's commit) or follows it (the fold's end sees >= 2 and sends the game round again). A
counter left behind with no message (a lost message, a send that failed) expires after TTL
seconds, and the lag sweep's folds clear it too; meanwhile the sweep folds the game. Everything
here only decides whether to send a message: a duplicate message is harmless (the row lock and
`UNIQUE (game, adjudicates)`), so Redis failing here degrades to sending, never to losing.
"""
from __future__ import annotations

from typing import Any

PREFIX = "umpire.flight:"
TTL = 60  # s; longer than a fold may run (the hard time limit is 120 s: then a duplicate, harmless)

# KEYS[1] the game's counter, ARGV[1] the TTL. Returns the count after this nudge (1: send).
_NUDGE = """
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return n
"""
# As _NUDGE, and when the count is 1 the fold message (ARGV[2], as kombu's Redis transport would push
# it) goes onto the broker's queue list KEYS[2] in the same call: the nudge is one round trip.
_NUDGE_SEND = """
local n = redis.call('INCR', KEYS[1])
if n == 1 then
  redis.call('EXPIRE', KEYS[1], ARGV[1])
  redis.call('LPUSH', KEYS[2], ARGV[2])
end
return n
"""
# KEYS[1], ARGV[1] TTL, ARGV[2] "1" if the fold left commands. Returns 1 if the game must go round again.
_END = """
local n = redis.call('GET', KEYS[1])
if ARGV[2] == '1' or (n and tonumber(n) >= 2) then
  redis.call('SET', KEYS[1], 1, 'EX', ARGV[1])
  return 1
end
redis.call('DEL', KEYS[1])
return 0
"""


class Flights:
    def __init__(self, client: Any, *, ttl: int = TTL):
        self._client, self.ttl = client, ttl
        self._nudge = client.register_script(_NUDGE)
        self._nudge_send = client.register_script(_NUDGE_SEND)
        self._end = client.register_script(_END)

    @classmethod
    def from_url(cls, url: str, *, timeout: float = 0.5) -> "Flights":
        import redis  # the server-mode dependency, loaded by server-mode processes only

        return cls(redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout))

    def nudged(self, game_id: str) -> bool:
        """Count a nudge of a game whose command is already committed; True if no fold is queued or
        running for it, so the caller must send one."""
        return int(self._nudge(keys=[PREFIX + game_id], args=[self.ttl])) == 1

    def nudged_sending(self, game_id: str, queue_key: str, message: bytes) -> bool:
        """`nudged`, and when it is True the message is already pushed onto `queue_key` (a list of
        the broker on this same Redis): True means sent, not "send one"."""
        return int(self._nudge_send(keys=[PREFIX + game_id, queue_key], args=[self.ttl, message])) == 1

    def begin(self, game_id: str) -> None:
        """A fold of this game is about to read its log: nudges from now on make it go round again."""
        self._client.set(PREFIX + game_id, 1, ex=self.ttl)

    def end(self, game_id: str, *, more: bool) -> bool:
        """The fold is over; True if the game must be folded again (it left commands, or it was
        nudged while it ran): the caller sends it to the back of the queue."""
        return int(self._end(keys=[PREFIX + game_id], args=[self.ttl, "1" if more else "0"])) == 1

    def in_flight(self, game_ids: list[str], *, fresh_seconds: float) -> set[str]:
        """The games among `game_ids` whose fold was queued, began or was sent round again less than
        `fresh_seconds` ago (each of those moments sets the counter's TTL afresh, so its age is
        TTL - PTTL): their lag is the fold on its way, not a lost nudge. One round trip."""
        if not game_ids:
            return set()
        pipe = self._client.pipeline(transaction=False)
        for g in game_ids:
            pipe.pttl(PREFIX + g)
        fresh_ms = fresh_seconds * 1000
        return {g for g, left in zip(game_ids, pipe.execute()) if left > 0 and self.ttl * 1000 - left < fresh_ms}

    def close(self) -> None:
        self._client.close()
