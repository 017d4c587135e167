"""The read side: what the API, the CLI, bots and tools read about games. Nothing here changes anything.

Reads take the worker's projection (the state now, the summary), or replay the log through the
pure `apply` from the nearest snapshot (a state in the past), or wait for a command's ruling. The
command side is `services.games.Games`; a route calls one or the other and never the store or the
kernel itself.

    q = Queries(games); q.summary(game_id); q.state_body(game_id, viewer, at=12); await q.wait_ruled(...)

Waiting (the API's `?wait=`): with PostgreSQL a waiter is woken when a fold of its game commits
(infra/eventstore/pgnotify.py) and re-reads the projection then, and at least every WATCH_MAX_S;
without notifications (SQLite, or the listener reconnecting) it polls with backoff.
"""
from __future__ import annotations

import asyncio
import time
from typing import Any, get_args, get_type_hints

import msgspec
from anyio import to_thread

from domain.kernel import chain, game
from domain.kernel.commands import ResolveDispute
from domain.kernel.conformance import Case, Outcome, run
from domain.kernel.describe import sentence
from domain.kernel.ruleset import all_rulesets
from domain.kernel.seats import Viewer, can_see
from infra.eventstore import EventStore, Projection, RulingFeeds, StoredEvent, UnknownGame
from domain.tournament.events import RULESET as TOURNAMENT
from services.games import Context, Games, UnknownSeat
from services.timekeeping import Timekeeper, Timing
from services.tournament_queries import TournamentQueries

POLL_FIRST = 0.01  # s; doubles up to POLL_MAX: quick for a fast worker, light on a slow one
POLL_MAX = 0.2
WATCH_MAX_S = 0.5  # a waiter woken by notifications still re-reads this often (a lost one only delays)
VERDICTS = list(get_args(get_type_hints(ResolveDispute)["verdict"]))  # what `resolve_dispute` takes
REFEREE_SEAT = "referee"  # `seat` of the referee's own legal orders


class BeyondLog(LookupError):
    """A state asked for after an event the log does not have yet (HTTP 422 `beyond_log`)."""

    def __init__(self, at: int, version: int):
        super().__init__(f"the log has {version} events; at must be 1..{version}")
        self.at, self.version = at, version


class UnknownRuleset(LookupError):
    """A conformance case for a ruleset this server does not have (HTTP 422 `invalid_case`)."""

    def __init__(self, ruleset: str):
        super().__init__(f"no ruleset {ruleset!r}; known: {[r.id for r in all_rulesets()]}")


class Queries:
    def __init__(self, games: Games):
        self.games = games
        self.store: EventStore = games.store
        self.keeper = Timekeeper(games)
        self.tournaments = TournamentQueries(games.store, self.summary, self.timing_view)

    def context(self, game_id: str) -> Context:
        return self.games.context(game_id)

    def seats(self, game_id: str) -> tuple[str, ...]:
        return self.context(game_id).genesis.layout.seat_ids()

    def check_seat(self, game_id: str, seat: str) -> None:
        if seat not in self.seats(game_id):
            raise UnknownSeat(f"there is no seat {seat!r} in game {game_id}")

    # --- states --------------------------------------------------------------------------------

    def current(self, game_id: str) -> tuple[int, Any]:
        """The worker's projection: the last event it folded, and the state after it (before the
        first fold, the state after genesis, event 1)."""
        ctx = self.context(game_id)
        proj = self.store.projection(game_id)
        if proj.state is None:
            return 1, ctx.initial()
        return proj.version, ctx.decode_state(proj.state)

    def state(self, game_id: str, at: int | None = None) -> Any:
        """The state now (the worker's projection), or after event `at` (`Context.replay`)."""
        if at is None:
            return self.current(game_id)[1]
        return self.context(game_id).replay(self.store, game_id, at)

    def view(self, game_id: str, viewer: Viewer, at: int | None = None) -> dict[str, Any]:
        return game.view(self.context(game_id).ruleset, self.state(game_id, at), viewer)

    def state_body(self, game_id: str, viewer: Viewer, at: int | None = None) -> dict[str, Any]:
        """GET state: the viewer's view now, or after event `at`, with the version it is at."""
        ctx = self.context(game_id)
        if at is None:
            version, state = self.current(game_id)
        else:
            head = self.store.head(game_id)
            if head is None:
                raise UnknownGame(game_id)
            if at > head.version:
                raise BeyondLog(at, head.version)
            version, state = at, self.state(game_id, at)
        return {"version": version, "viewer": {"role": viewer.role, "seat": viewer.seat},
                "view": game.view(ctx.ruleset, state, viewer)}

    def legal(self, game_id: str, seat: str, unit: str | None = None) -> list[Any]:
        return game.legal(self.context(game_id).ruleset, self.state(game_id), seat, unit=unit)

    def legal_body(self, game_id: str, seat: str, *, unit: str | None = None, assess: bool = False) -> dict[str, Any]:
        """GET legal: the seat's orders now, at the version they hold for, each assessed if asked."""
        self.check_seat(game_id, seat)
        ruleset = self.context(game_id).ruleset
        version, state = self.current(game_id)
        orders = game.legal(ruleset, state, seat, unit=unit)
        out: dict[str, Any] = {"seat": seat, "version": version, "orders": msgspec.to_builtins(orders)}
        if assess:
            out["assessments"] = [ruleset.assess(state, seat, o) for o in orders]
        if unit is None and version >= 1:  # a dispute names its event and a reason: a range, not a list
            out["disputable"] = {"order": "dispute_event", "first": 1, "last": version}
        return out

    def referee_legal_body(self, game_id: str) -> dict[str, Any]:
        """GET legal for the referee's own orders: open disputes to resolve, disputed attestations
        to settle (a correction is composed, never listed: see `correct` in the README)."""
        version, state = self.current(game_id)
        return {"seat": REFEREE_SEAT, "version": version, "orders": msgspec.to_builtins(game.referee_legal(state)),
                "verdicts": VERDICTS}

    def disputes(self, game_id: str) -> dict[str, Any]:
        version, state = self.current(game_id)
        listed = [msgspec.to_builtins(d) for _, d in sorted(state.core.disputes.items())]
        return {"version": version, "disputes": listed, "verdicts": VERDICTS}

    # --- games ---------------------------------------------------------------------------------

    def summary(self, game_id: str) -> dict[str, Any]:
        ctx = self.context(game_id)
        # The projection first: a fold commits its events with it, so the head read after it holds
        # at least every event `adjudicated` accounts for (the other way round, a fold landing
        # between the reads gives a `version` behind the log, and an order sent at it is a 409).
        proj = self.store.projection(game_id)
        head = self.store.head(game_id)
        if head is None:
            raise UnknownGame(game_id)
        summary = msgspec.json.decode(proj.summary) if proj.summary not in (b"", b"{}") else game.summary(ctx.ruleset, ctx.initial())
        out = {"id": game_id, "scenario": f"{ctx.ruleset.name}/{ctx.genesis.scenario}", "ruleset": ctx.ruleset.id,
                "status": proj.status, "turn": summary["turn"], "phase": summary["phase"], "label": summary["label"],
                "to_act": summary["to_act"] if proj.status == "active" else [], "version": head.version,
                "head_link": head.link.hex(),
                "adjudicated_version": proj.adjudicated, "projected_version": proj.version if proj.state is not None else 1,
                "result": summary["result"], "official": ctx.genesis.official}
        timing = self.keeper.timing(game_id)
        if timing is not None:
            out |= {"time_control": msgspec.to_builtins(timing.time_control)} | self.timing_view(game_id, out, timing)
        return out

    def timing_view(self, game_id: str, summary: dict[str, Any], timing: Timing | None) -> dict[str, Any]:
        """`time_left` (seconds before the first deadline of whoever is to act; negative: passed, the
        tick is due) and, under a bank, `banks` (seat -> seconds left in its bank), now."""
        if timing is None:
            return {"time_left": None, "banks": None}
        now, head = time.time(), summary["version"]
        live = summary["status"] == "active" and summary["to_act"]
        left = self.keeper.time_left(game_id, timing, summary["to_act"], head, now) if live else None
        return {"time_left": round(left, 1) if left is not None and left != float("inf") else None,
                "banks": self.keeper.remaining(game_id, timing, head, now)}

    def list_games(self, *, status: str | None = None, after: str | None = None, limit: int = 100) -> list[dict[str, Any]]:
        """Summaries in game id order after `after`; of one status if given."""
        if status is None:
            ids = [h.game_id for h in self.store.heads(limit=limit, after=after) if h.ruleset != TOURNAMENT]
        else:
            ids = [g for g in self.store.projections_by_status(status, limit=1_000_000) if after is None or g > after][:limit]
        return [self.summary(g) for g in ids]

    def feed(self, *, after_position: int = 0, limit: int = 1000) -> list[StoredEvent]:
        """The global feed: every game's events in commit order after `after_position` (metrics)."""
        return self.store.read_all(after_position=after_position, limit=limit)

    def lagging_count(self) -> int:
        """Games whose projection is behind their log (the worker has commands to rule)."""
        return len(self.store.lagging(limit=100_000))

    def conformance(self, case: Case) -> Outcome:
        """The umpire's verdict on a stated rules question, against the installed pack."""
        catalog = self.games.catalog
        try:
            ruleset = catalog.ruleset(case.ruleset)
        except KeyError:
            raise UnknownRuleset(case.ruleset) from None
        return run(case, ruleset.bind(catalog.pack(ruleset)[0]))

    def pack_of(self, game_id: str) -> tuple[str, Any]:
        """The game's pack and its hash, as its genesis pinned them."""
        ctx = self.context(game_id)
        return ctx.genesis.pack_hash, ctx.pack

    # --- the log -------------------------------------------------------------------------------

    def events(self, game_id: str, viewer: Viewer, *, after: int = 0, limit: int = 100) -> list[dict[str, Any]]:
        self.context(game_id)
        over = self.store.projection(game_id).status == "finished"
        return [event_view(e, viewer, game_over=over) for e in self.store.read(game_id, after=after, limit=limit)]

    def history(self, game_id: str, viewer: Viewer, *, after: int = 0, limit: int = 100) -> list[dict[str, Any]]:
        """Events as `events` lists them, each with `text`: its sentence in the game's own words."""
        ctx = self.context(game_id)
        events = self.events(game_id, viewer, after=after, limit=limit)
        view = self.state_body(game_id, viewer)["view"].get("game") or {}
        seats, known = seat_names(ctx), ctx.ruleset.names()
        return [{**e, "text": sentence(ctx.ruleset, e, view, seats, known)} for e in events]

    def names(self, game_id: str) -> dict[str, Any]:
        ctx = self.context(game_id)
        return {**ctx.ruleset.names(), "seats": seat_names(ctx)}

    def ruling(self, game_id: str, command_version: int, viewer: Viewer) -> dict[str, Any] | None:
        """The ruling on a command and its effects, as the viewer may see them; None until ruled."""
        proj = self.store.projection(game_id)
        if proj.adjudicated < command_version:
            return None
        over = proj.status == "finished"
        events = self.store.read(game_id, after=command_version)
        for i, e in enumerate(events):
            if e.type in ("ruling", "adjudication.failed") and e.adjudicates == command_version:
                head = event_view(e, viewer, game_over=over)
                if e.type == "adjudication.failed":
                    return {"ruling": head, "effects": []}
                n = msgspec.json.decode(e.data).get("effects", 0)
                return {"ruling": head, "effects": [event_view(x, viewer, game_over=over) for x in events[i + 1:i + 1 + n]]}
        return None

    # --- waiting -------------------------------------------------------------------------------

    async def wait_ruled(self, game_id: str, version: int, viewer: Viewer, seconds: float) -> dict | None:
        """The ruling on the command at `version` once it exists, re-read whenever a fold of the game
        commits (or polled with backoff where the store does not notify); None if not ruled in `seconds`."""
        deadline = time.monotonic() + seconds
        pauses = Pauses(self.store, game_id)
        try:
            while True:
                pauses.watch()  # before the read: a fold committing after it ends the pause
                ruled = await to_thread.run_sync(self.ruling, game_id, version, viewer)
                left = deadline - time.monotonic()
                if ruled is not None or left <= 0:
                    return ruled
                await pauses.pause_async(left)
        finally:
            pauses.close()

    def wait_for(self, game_id: str, version: int, timeout: float) -> bool:
        """True if the command at `version` is ruled within `timeout` seconds."""
        deadline = time.monotonic() + timeout
        pauses = Pauses(self.store, game_id)
        try:
            while True:
                pauses.watch()  # before the read: a fold committing after it wakes the pause
                projection = self.store.projection(game_id)
                if settled(projection, version):
                    return projection.adjudicated >= version
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                pauses.pause(left)
        finally:
            pauses.close()


def event_view(e: StoredEvent, viewer: Viewer, *, game_over: bool = False) -> dict[str, Any]:
    """An event as the viewer may see it; hidden ones as stubs that still verify in the chain."""
    out: dict[str, Any] = {"version": e.version, "position": e.position, "type": e.type, "visibility": e.visibility,
                           "schema_version": e.schema_version, "recorded_at": e.recorded_at, "link": e.link.hex()}
    if e.adjudicates is not None:
        out["adjudicates"] = e.adjudicates
    if can_see(e.visibility, viewer, game_over=game_over):
        out["data"] = msgspec.json.decode(e.data)
        out["metadata"] = msgspec.json.decode(e.metadata)
        out["salt"] = e.salt.hex()
    else:
        out["hidden"] = True
        out["data_digest"] = chain.data_digest(e.salt, e.data).hex()
        out["metadata_digest"] = chain.metadata_digest(e.salt, e.metadata).hex()
    return out


def seat_names(ctx: Context) -> dict[str, str]:
    layout = ctx.genesis.layout
    return {**{s.id: s.name for s in layout.sides}, **{s.id: s.name for s in layout.seats}}


def ruled_body(version: int, ruled: dict[str, Any]) -> dict[str, Any]:
    """`Queries.ruling` as the API answers it: the verdict flattened, the effects as events."""
    head = ruled["ruling"]
    data = head["data"]  # whoever submits a command may see its ruling
    if head["type"] == "adjudication.failed":
        ruling = {"event": head["version"], "verdict": "failed", "code": "adjudication_failed",
                  "message": data["error"]}
    else:
        ruling = {"event": head["version"], "verdict": data["verdict"]}
        ruling.update({k: data[k] for k in ("code", "message", "citations", "partial", "details") if k in data})
    return {"version": version, "ruling": ruling, "effects": ruled["effects"]}


def settled(projection: Projection, version: int) -> bool:
    """True once nothing more will happen to the command at `version` without a referee: it is
    ruled (commands are ruled in log order, so `adjudicated` covers it), or the game is halted."""
    return projection.adjudicated >= version or projection.status == "halted"


class Pauses:
    """The waits between two reads: until the game's next fold commits (a Watch taken before the read)
    when the store notifies, else a backoff. `watch()` before each read; `pause(left)` after it."""

    def __init__(self, store: RulingFeeds, game_id: str):
        self.feed, self.game_id = store.ruling_feed(), game_id
        self.watching: Any = None
        self.backoff = POLL_FIRST

    def watch(self) -> None:
        self.close()
        self.watching = self.feed.watch(self.game_id) if self.feed is not None else None

    def pause(self, left: float) -> None:
        if self.watching is not None:
            self.watching.wait(min(left, WATCH_MAX_S))
        else:
            time.sleep(min(self.backoff, left))
            self.backoff = min(self.backoff * 2, POLL_MAX)

    async def pause_async(self, left: float) -> None:
        if self.watching is not None:
            await self.watching.wait_async(min(left, WATCH_MAX_S))
        else:
            await asyncio.sleep(min(self.backoff, left))
            self.backoff = min(self.backoff * 2, POLL_MAX)

    def close(self) -> None:
        if self.watching is not None:
            self.watching.close()
            self.watching = None
