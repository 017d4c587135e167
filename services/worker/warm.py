"""The states a worker's last folds left, kept between folds (issue 24, item 2): the next fold of
the same game starts from the state in memory instead of decoding the projection's (a B&P state
is ~40 kB of JSON, ~1.5 ms to decode).

An entry is the projection's state bytes as this process wrote them, with the state they encode.
It is used only when the projection read under the fold's row lock holds exactly those bytes, so
whatever else wrote the projection in between (another worker, a rebuild, a restored database)
means the bytes differ and the fold decodes as before: the state a fold starts from is always the
decoding of the projection it locked. Per process and per store (one `Games`), a few games.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Callable

LIMIT = 64  # games; a B&P state in memory is a few hundred kB


class WarmStates:
    def __init__(self, limit: int = LIMIT):
        self._limit = limit
        self._entries: OrderedDict[str, tuple[bytes, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def state(self, game_id: str, stored: bytes, decode: Callable[[bytes], Any]) -> Any:
        """The state the projection's bytes `stored` encode: from memory when they are the bytes
        this process last wrote for the game, else decoded."""
        with self._lock:
            entry = self._entries.get(game_id)
            if entry is not None and entry[0] == stored:
                self._entries.move_to_end(game_id)
                return entry[1]
        return decode(stored)

    def stored(self, game_id: str) -> bytes | None:
        """The state bytes this process last wrote for the game, if it still holds them: the fold
        tells the store, which then need not send them back (PostgresStore.fold's `known_state`)."""
        with self._lock:
            entry = self._entries.get(game_id)
            return None if entry is None else entry[0]

    def keep(self, game_id: str, stored: bytes, state: Any) -> None:
        """After the commit that wrote `stored` (the encoding of `state`) into the projection."""
        with self._lock:
            self._entries[game_id] = (stored, state)
            self._entries.move_to_end(game_id)
            while len(self._entries) > self._limit:
                self._entries.popitem(last=False)

