"""The tournament's own stream, `umpire-tournament@1` (issue 20, item 1): every change is one of
these events, hash-chained like a game's log; the tournament's state and its standings are a fold
of them (`domain.tournament.state`). The API's wire names are kept as the field names."""
from __future__ import annotations

from typing import Literal, Union

import msgspec

from domain.kernel.timecontrol import DeadlinePolicy, TimeControl  # a game's genesis pins the same

RULESET = "umpire-tournament@1"  # the stream's `ruleset` column: what its events mean, versioned


TIEBREAKS = ("buchholz", "sonneborn_berger", "head_to_head")


class TournamentCreated(msgspec.Struct, frozen=True, kw_only=True, tag="tournament.created"):
    id: str
    name: str
    scenario: str
    scenarios: tuple[str, ...] = ()  # one per round when given; else `scenario` for every round
    format: Literal["round_robin", "swiss"]
    rounds: int | None = None  # Swiss: how many; a round robin has as many as the circle method gives
    double: bool = False
    time_control: TimeControl | None = None
    deadline_policy: DeadlinePolicy = DeadlinePolicy()
    points: dict[str, float] = {}
    tiebreaks: tuple[str, ...] = TIEBREAKS
    organiser: str = ""
    auto_rounds: bool = False  # the umpire pairs the next round as soon as the last one is over


class EntrantRegistered(msgspec.Struct, frozen=True, kw_only=True, tag="entrant.registered"):
    entrant: str
    name: str
    kind: Literal["human", "bot"]
    rating: float | None = None
    token_id: str  # the public id of the entrant's token (the secret is never logged)


class EntrantWithdrawn(msgspec.Struct, frozen=True, kw_only=True, tag="entrant.withdrawn"):
    entrant: str
    reason: str = ""
    forfeited: tuple[str, ...] = ()  # the games of this entrant still open, forfeited by the policy


class PairedGame(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    seats: dict[str, str]  # seat -> entrant id (an entrant holds every seat of its side)
    sides: dict[str, str]  # entrant id -> the side it plays
    scenario: str


class RoundPaired(msgspec.Struct, frozen=True, kw_only=True, tag="round.paired"):
    round: int
    games: tuple[PairedGame, ...]
    byes: tuple[str, ...] = ()
    manual: bool = False  # the organiser named the pairs
    forbidden: tuple[tuple[str, str], ...] = ()  # pairs the organiser forbade for this round


class GameFinishedInTournament(msgspec.Struct, frozen=True, kw_only=True, tag="game.finished_in_tournament"):
    game: str
    round: int
    level: str  # the game's result level, or "forfeit"
    winner: str | None  # the winning entrant; None: a draw
    scores: dict[str, float]  # entrant -> tournament points from this game
    sides: dict[str, str]  # entrant -> the side it played
    reason: str = ""


class TournamentFinished(msgspec.Struct, frozen=True, kw_only=True, tag="tournament.finished"):
    rounds: int


Event = Union[TournamentCreated, EntrantRegistered, EntrantWithdrawn, RoundPaired, GameFinishedInTournament,
              TournamentFinished]
TYPES = {t.__struct_config__.tag: t for t in Event.__args__}  # type: ignore[attr-defined]

_decoder = msgspec.json.Decoder(Event)


def encode(event: Event) -> bytes:
    """The event's data as stored (its `type` tag included; the stream's `type` column repeats it)."""
    return msgspec.json.encode(event)


def decode(data: bytes) -> Event:
    return _decoder.decode(data)


def type_of(event: Event) -> str:
    return event.__struct_config__.tag  # type: ignore[return-value]
