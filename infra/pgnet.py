"""The TCP settings of every PostgreSQL connection the service opens (issue 24, several hosts).

A host that vanishes (a pulled cable, a dead VM: no FIN, no RST) must not keep a game's locks for
the minutes TCP takes to give up (`net.ipv4.tcp_retries2`: ~15 min). Both ends are told:
- the server, through the session's options: `tcp_user_timeout` drops a backend whose sent data
  stays unacknowledged (a backend blocked writing a result to the vanished client is *active*, so
  `idle_in_transaction_session_timeout` never fires for it), keepalives drop an idle one;
- the client (libpq), the same: a worker or API whose database host vanished gets an error in
  seconds, not a call that hangs.
What the URL sets itself wins. Over a Unix socket none of these apply, and PostgreSQL ignores them.
"""
from __future__ import annotations

from psycopg.conninfo import conninfo_to_dict

USER_TIMEOUT_MS = 10_000  # unacknowledged data this long: the peer is gone
KEEPALIVE_IDLE_S, KEEPALIVE_INTERVAL_S, KEEPALIVE_COUNT = 5, 2, 3  # idle 5 s, then 3 probes 2 s apart

SERVER_OPTIONS = (f"-c tcp_user_timeout={USER_TIMEOUT_MS} -c tcp_keepalives_idle={KEEPALIVE_IDLE_S}"
                  f" -c tcp_keepalives_interval={KEEPALIVE_INTERVAL_S} -c tcp_keepalives_count={KEEPALIVE_COUNT}")
_CLIENT = {"keepalives": 1, "keepalives_idle": KEEPALIVE_IDLE_S, "keepalives_interval": KEEPALIVE_INTERVAL_S,
           "keepalives_count": KEEPALIVE_COUNT, "tcp_user_timeout": USER_TIMEOUT_MS}


def connection_kwargs(url: str, options: str = "") -> dict:
    """psycopg connect keyword arguments: the client's TCP settings the URL leaves unset, and
    `options` (the caller's `-c` settings) with the server's TCP settings after the URL's own."""
    given = conninfo_to_dict(url)
    kwargs: dict = {k: v for k, v in _CLIENT.items() if k not in given}
    server = " ".join(o for o in (SERVER_OPTIONS, options, given.get("options", "")) if o)  # later -c wins
    kwargs["options"] = server
    return kwargs
