"""Tournaments (issue 20): the command side over a tournament's own stream (`umpire-tournament@1`,
a row of the event store's streams with the projection status `tournament`, so the game fold never
takes it), and the read of it that the queries share (`TournamentLog`).

Every change is one event appended at the stream's version (a concurrent change is a 409, never a
lost update). A round's games, their seats' tokens and the `round.paired` event are one transaction
(`EventStore.create_streams`); a round's game ids are derived from the tournament, round and board,
and an Idempotency-Key makes a retry return the round it paired.
"""
from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

import msgspec

from domain.tournament import events as ev
from domain.tournament.pairing import Pairing
from domain.tournament.scoring import forfeit, score
from domain.tournament.standings import standings
from domain.tournament.state import Tournament, fold
from domain.tournament.swiss import History, Matcher, NoPairing, pair
from infra.auth import new_token
from infra.eventstore import (
    EventStore, Idempotency, NewEvent, NewStream, Projection, StreamAppend, UnknownGame, VersionConflict,
)
from infra.eventstore.types import EventMetadata
from services.games import Games, request_hash, timing_of
from services.matching import max_weight_matching


class TournamentError(Exception):
    """A request the tournament's state refuses: HTTP `status` with a machine-readable `code`."""

    def __init__(self, status: int, code: str, message: str, **details: Any):
        super().__init__(message)
        self.status, self.code, self.details = status, code, details


class UnknownTournament(LookupError):
    pass


def spec_of(body: Any) -> ev.TournamentCreated:
    """The `tournament.created` event a POST /v1/tournaments body asks for (id and organiser filled in later)."""
    timing = timing_of(body)
    return ev.TournamentCreated(
        id="", name=body.name, scenario=body.scenario, scenarios=tuple(body.scenarios), format=body.format,
        rounds=body.rounds, double=body.double,
        time_control=timing["time_control"], deadline_policy=timing["deadline_policy"] or ev.DeadlinePolicy(),
        points=dict(body.points), tiebreaks=tuple(body.tiebreaks), auto_rounds=body.auto_rounds)


RETRIES = 5  # a change made at a stale version of the stream is made again on the new one
_TRACKED = Projection(version=1, adjudicated=1, status="tournament", summary=b"{}")


class TournamentLog:
    """A tournament's state: its stream folded, cached by the stream's version."""

    def __init__(self, store: EventStore):
        self.store = store
        self._cache: dict[str, tuple[int, Tournament]] = {}

    def load(self, tournament_id: str) -> tuple[int, Tournament]:
        head = self.store.head(tournament_id)
        if head is None or head.ruleset != ev.RULESET:
            raise UnknownTournament(tournament_id)
        cached = self._cache.get(tournament_id)
        if cached and cached[0] == head.version:
            return cached
        events = self.store.read(tournament_id, upto=head.version)
        loaded = (head.version, fold(ev.decode(e.data) for e in events))
        self._cache[tournament_id] = loaded
        return loaded

    def get(self, tournament_id: str) -> Tournament:
        return self.load(tournament_id)[1]


@dataclass(frozen=True)
class Entered:
    entrant: str
    name: str
    kind: str
    token: str  # shown once


class Tournaments:
    def __init__(self, games: Games, *, matcher: Matcher = max_weight_matching):
        self.games = games
        self.store = games.store
        self.log = TournamentLog(games.store)
        self.matcher = matcher

    # --- creating and entering ----------------------------------------------------------------

    def create(self, spec: ev.TournamentCreated, *, principal: str) -> str:
        for scenario in (spec.scenario, *spec.scenarios):
            self.games.catalog.scenario(scenario)  # LookupError: no such scenario
        if spec.format == "swiss" and not spec.rounds:
            raise TournamentError(422, "rounds_required", "a Swiss tournament names its number of rounds: \"rounds\": N")
        if spec.time_control is not None and (why := spec.time_control.problem()) is not None:
            raise TournamentError(422, "invalid_time_control", why, path="$.time_control")
        if unknown := [k for k in spec.tiebreaks if k not in ev.TIEBREAKS]:
            raise TournamentError(422, "unknown_tiebreak", f"unknown tie-break(s) {unknown}; known: {list(ev.TIEBREAKS)}")
        tid = str(uuid.uuid4())
        created = msgspec.structs.replace(spec, id=tid, organiser=principal)
        self.store.create_streams([NewStream(game_id=tid, ruleset=ev.RULESET, pack_hash="", projection=_TRACKED,
                                             genesis=self._event(created, principal))])
        return tid

    def register(self, tid: str, name: str, kind: str, rating: float | None, *, principal: str) -> Entered:
        version, t = self.log.load(tid)
        if t.rounds:
            raise TournamentError(409, "registration_closed", "entrants register before the first round is paired")
        entrant = f"e{len(t.entrants) + 1}"
        issued, row = new_token("entrant", name, tournament_id=tid, entrant_id=entrant)
        event = ev.EntrantRegistered(entrant=entrant, name=name, kind=kind, rating=rating,  # type: ignore[arg-type]
                                     token_id=issued.record.id)
        self.store.create_streams([], then=StreamAppend(game_id=tid, events=(self._event(event, principal),),
                                                       expected_version=version), tokens=[row])
        return Entered(entrant=entrant, name=name, kind=kind, token=issued.token)

    # --- rounds -------------------------------------------------------------------------------

    def pair_round(self, tid: str, *, principal: str, key: str | None = None,
                   manual: list[tuple[str, str]] | None = None,
                   forbidden: list[tuple[str, str]] | None = None) -> tuple[ev.RoundPaired, bool]:
        """Pair the next round and create its games, all or nothing; True with a round a retry returns.
        The clock's tick may record a result meanwhile: the pairing is then made again on the new stream."""
        for attempt in range(RETRIES):
            try:
                return self._pair_round(tid, principal=principal, key=key, manual=manual, forbidden=forbidden)
            except VersionConflict:
                if attempt == RETRIES - 1:
                    raise
        raise AssertionError("unreachable")

    def _pair_round(self, tid: str, *, principal: str, key: str | None, manual: list[tuple[str, str]] | None,
                    forbidden: list[tuple[str, str]] | None) -> tuple[ev.RoundPaired, bool]:
        self.record_finished(tid)
        idem = Idempotency(principal=principal, key=key, request_hash=request_hash("round", tid, manual, forbidden)) \
            if key is not None else None
        version, t = self.log.load(tid)
        if idem is not None and (replay := self._replayed_round(tid, idem)) is not None:
            return replay, True
        if t.open_games():
            raise TournamentError(409, "round_open", f"round {len(t.rounds)} still has games in play",
                                  games=[g.id for _, g in t.open_games()])
        number = len(t.rounds) + 1
        if t.finished or number > t.planned_rounds():
            raise TournamentError(409, "no_more_rounds", f"the {t.created.format} has no round {number}"
                                  f" ({t.planned_rounds()} in all)")
        pairs, byes = pairings(t, number, manual, forbidden or [], self.matcher)
        scenario = t.scenario_of(number)
        streams, paired, rows = [], [], []
        for board, p in enumerate(pairs, start=1):
            game_id = str(uuid.uuid5(uuid.UUID(tid), f"round {number} board {board}"))
            new, layout = self.games.prepare(scenario, game_id=game_id, principal=principal,
                                             time_control=t.created.time_control, deadline_policy=t.created.deadline_policy)
            if len(layout.sides) != 2:
                raise TournamentError(422, "not_two_sided", f"{scenario} has {len(layout.sides)} sides; a pairing plays two")
            first, second = (side.id for side in layout.sides)
            holder = {first: p.first, second: p.second}
            streams.append(new)
            paired.append(ev.PairedGame(id=game_id, seats={s.id: holder[s.side] for s in layout.seats},
                                        sides={p.first: first, p.second: second}, scenario=scenario))
            rows += [new_token("seat", seat, game_id=game_id, seat=seat)[1] for seat in layout.seat_ids()]
        event = ev.RoundPaired(round=number, games=tuple(paired), byes=tuple(byes), manual=manual is not None,
                               forbidden=tuple(tuple(f) for f in forbidden or ()))  # type: ignore[misc]
        result = self.store.create_streams(streams, idem=idem, tokens=rows, then=StreamAppend(
            game_id=tid, events=(self._event(event, principal, key),), expected_version=version))
        if result.replayed:
            return self._round_at(tid, result.first_version), True
        for g in paired:
            self.games.nudge(g.id)
        return event, False

    def _replayed_round(self, tid: str, idem: Idempotency) -> ev.RoundPaired | None:
        """The round a request with this key paired already (its event carries the key), else None."""
        for e in self.store.read(tid):
            if e.type == "round.paired":
                meta = msgspec.json.decode(e.metadata, type=EventMetadata)
                if meta.command_id == idem.key and meta.actor == idem.principal:
                    return self._round_at(tid, e.version)
        return None

    def _round_at(self, tid: str, version: int) -> ev.RoundPaired:
        (e,) = self.store.read(tid, after=version - 1, upto=version)
        decoded = ev.decode(e.data)
        assert isinstance(decoded, ev.RoundPaired)
        return decoded

    # --- results, withdrawals, the end ----------------------------------------------------------

    def record_finished(self, tid: str) -> list[ev.Event]:
        """Append `game.finished_in_tournament` for each game of the tournament that ended since, and
        `tournament.finished` once the last round's last game has. Safe to call any time, from anywhere:
        two callers at once append once (the loser of the race finds the results recorded)."""
        for attempt in range(RETRIES):
            try:
                return self._record_finished(tid)
            except VersionConflict:
                if attempt == RETRIES - 1:
                    raise
        raise AssertionError("unreachable")

    def _record_finished(self, tid: str) -> list[ev.Event]:
        version, t = self.log.load(tid)
        out: list[ev.Event] = []
        for number, g in t.open_games():
            summary = self.games.store.projection(g.id)
            if summary.status != "finished":
                continue
            result = msgspec.json.decode(summary.summary).get("result") or {}
            out.append(score(t.created.points, number, g, result))
        done = {e.game for e in out if isinstance(e, ev.GameFinishedInTournament)}
        if (not t.finished and t.rounds and len(t.rounds) >= t.planned_rounds()
                and all(g.id in done for _, g in t.open_games())):
            out.append(ev.TournamentFinished(rounds=len(t.rounds)))
        if out:
            self.store.append(tid, [self._event(e, "system:tournament") for e in out], expected_version=version)
        return out

    def withdraw(self, tid: str, entrant: str, reason: str, *, principal: str) -> ev.EntrantWithdrawn:
        """The entrant's open games end at once as forfeits (each game's log records the end request
        and why); its later round robin games are not created, their opponents sit out with the bye's points."""
        version, t = self.log.load(tid)
        if entrant not in t.entrants:
            raise TournamentError(404, "unknown_entrant", f"no entrant {entrant!r} in tournament {tid}")
        if entrant in t.withdrawn:
            raise TournamentError(409, "already_withdrawn", f"{entrant} has withdrawn already")
        mine = [(n, g) for n, g in t.open_games() if entrant in g.seats.values()]
        why = f"{t.entrants[entrant].name} withdrew from the tournament: the game is forfeited ({reason or 'no reason given'})"
        event = ev.EntrantWithdrawn(entrant=entrant, reason=reason, forfeited=tuple(g.id for _, g in mine))
        recorded: list[ev.Event] = [event, *(forfeit(t.created.points, n, g, entrant, why) for n, g in mine)]
        self.store.append(tid, [self._event(e, principal) for e in recorded], expected_version=version)
        for _, g in mine:
            try:
                self.games.submit_end(g.id, why, principal=principal, key=f"withdraw:{tid}:{entrant}:{g.id}")
            except UnknownGame:
                pass
        return event

    @staticmethod
    def _event(event: ev.Event, principal: str, key: str | None = None) -> NewEvent:
        return NewEvent(type=ev.type_of(event), data=ev.encode(event), actor=principal, command_id=key)


def pairings(t: Tournament, number: int, manual: list[tuple[str, str]] | None, forbidden: list[tuple[str, str]],
             matcher: Matcher) -> tuple[list[Pairing], list[str]]:
    """Round `number`'s pairs and byes, from the stream's state alone (so a re-run on the same stream
    gives the same round): manual pairs as given, the round robin's scheduled round, or a Swiss round."""
    active = t.active()
    if manual is not None:
        seen = [e for p in manual for e in p]
        if unknown := [e for e in seen if e not in active]:
            raise TournamentError(422, "unknown_entrant", f"no active entrant(s) {unknown}")
        if len(seen) != len(set(seen)):
            raise TournamentError(422, "entrant_twice", "an entrant appears in two manual pairings")
        return [Pairing(a, b) for a, b in manual], [e for e in active if e not in seen]
    if t.created.format == "round_robin":
        scheduled = t.schedule()[number - 1]
        everyone = {e for r in t.schedule() for p in r for e in p}
        pairs = [p for p in scheduled if p.first in active and p.second in active]
        seated = {e for p in pairs for e in p}
        # Whoever the circle method gives no game this round, or whose opponent withdrew, sits out.
        return pairs, [e for e in active if e in everyone and e not in seated]
    h = History(scores={e: 0.0 for e in t.entrants})
    for r in t.rounds:
        for e in r.byes:
            h.byes.add(e)
        for g in r.games:
            first, second = list(g.sides)
            h.opponents.setdefault(first, set()).add(second)
            h.opponents.setdefault(second, set()).add(first)
            h.firsts[first] = h.firsts.get(first, 0) + 1
            h.seconds[second] = h.seconds.get(second, 0) + 1
    h.scores.update(_points(t))
    try:
        pairs, bye = pair(active, h, matcher, round_number=number,
                          forbidden={frozenset(f) for f in forbidden})
    except NoPairing as e:
        raise TournamentError(409, "no_pairing", str(e)) from None
    return pairs, [bye] if bye else []


def _points(t: Tournament) -> dict[str, float]:
    return {row["entrant"]: row["points"] for row in standings(t)}
