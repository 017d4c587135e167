"""Request and response bodies of the tournament routes (issue 20), as msgspec Structs; the
conventions are those of `services.api.schemas`."""
from __future__ import annotations

from typing import Annotated, Any, Literal

from msgspec import Meta

from services.api.schemas import DeadlinePolicyBody, RequestBody, ResponseBody, TimeControlBody


class CreateTournament(RequestBody):
    name: Annotated[str, Meta(min_length=1, max_length=200)]
    scenario: Annotated[str, Meta(description="`<game>/<scenario number>` every round is played on")]
    format: Literal["round_robin", "swiss"]
    scenarios: Annotated[list[str], Meta(description="one scenario per round, in order (repeated if fewer)")] = []
    rounds: Annotated[int, Meta(ge=1, le=100, description="Swiss: the number of rounds")] | None = None
    double: Annotated[bool, Meta(description="round robin: each pairing twice, once per side")] = False
    time_control: TimeControlBody | None = None
    deadline_policy: DeadlinePolicyBody | None = None
    points: Annotated[dict[str, float], Meta(description='victory level -> points, and "win", "loss", "draw", "bye"')] = {}
    tiebreaks: Annotated[tuple[Literal["buchholz", "sonneborn_berger", "head_to_head"], ...],
                         Meta(description="the tie-breaks that apply, in order")] = ("buchholz", "sonneborn_berger",
                                                                                     "head_to_head")
    auto_rounds: Annotated[bool, Meta(description="pair each next round as soon as the last one is over")] = False


class RegisterEntrant(RequestBody):
    name: Annotated[str, Meta(min_length=1, max_length=200)]
    kind: Literal["human", "bot"]
    rating: float | None = None


class PairRound(RequestBody):
    pairings: Annotated[list[tuple[str, str]], Meta(description="manual pairings [first side, second side]")] | None = None
    forbidden: Annotated[list[tuple[str, str]], Meta(description="pairs that must not meet this round")] = []


class Withdraw(RequestBody):
    reason: str = ""


class RegisterWebhook(RequestBody):
    url: Annotated[str, Meta(pattern=r"^https?://", max_length=2000, description="where Umpire POSTs the notices")]


class WebhookRegistered(ResponseBody):
    id: str
    url: str
    entrant: str | None
    secret: Annotated[str, Meta(description="hex; the key of the Umpire-Signature HMAC-SHA256; shown once")]


class Deliveries(ResponseBody):
    deliveries: list[dict[str, Any]]


class TournamentCreated(ResponseBody):
    id: str
    name: str
    format: str
    scenario: str


class EntrantToken(ResponseBody):
    id: str
    name: str
    kind: str
    token: Annotated[str, Meta(description="acts for this entrant's seat in every game of the tournament; shown once")]


class RoundGame(ResponseBody):
    id: str
    seats: dict[str, str]


class RoundPaired(ResponseBody):
    round: int
    games: list[RoundGame]
    byes: list[str] = []
    replayed: bool = False


class StandingRow(ResponseBody):
    rank: int
    entrant: str
    name: str
    kind: str
    points: float
    played: int
    won: int
    drawn: int
    lost: int
    wins_by_side: dict[str, int]
    tiebreaks: dict[str, float]
    withdrawn: bool


class Standings(ResponseBody):
    tournament: str
    rounds: int
    finished: bool
    tiebreaks: list[str]
    standings: list[StandingRow]


class TournamentView(ResponseBody):
    id: str
    name: str
    scenario: str
    format: str
    double: bool
    rounds_planned: int
    points: dict[str, float]
    tiebreaks: list[str]
    entrants: list[dict[str, Any]]
    rounds: list[dict[str, Any]]
    finished: bool
    version: int
    head_link: str | None
    time_control: dict[str, Any] | None = None
    deadline_policy: dict[str, Any] | None = None


class Withdrawn(ResponseBody):
    entrant: str
    forfeited: list[str]
