"""Request and response bodies of the API, as msgspec Structs.

Request structs forbid unknown fields (a bot's typo is a 422 naming the field, not a silently
ignored key). Response structs document what the routes send; the tests decode every response
with them, so the OpenAPI document cannot drift from the wire.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from msgspec import UNSET, Meta, UnsetType

from domain.kernel.assessment import AnyAssessment
from domain.kernel.citation import Citation
from services.catalog import ScenarioInfo

MAX_VERSION = 2**63 - 1  # a log version is a BIGINT in both stores: anything above is no event of any game
LogVersion = Annotated[int, Meta(ge=0, le=MAX_VERSION)]
ORDER_REF = {"$ref": "#/components/schemas/Order"}  # built per ruleset by services.api.contract
GameOrder = Annotated[
    msgspec.Raw,
    Meta(description='An order of the game, e.g. {"type": "move", "unit": "B1", "path": ["0202"]}; '
         "GET /v1/games/{id}/legal lists the orders a seat may submit now, each as it may be sent here.",
         extra_json_schema=ORDER_REF),
]
ListedOrder = Annotated[dict[str, Any], Meta(extra_json_schema=ORDER_REF)]


class RequestBody(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pass


# --- requests --------------------------------------------------------------------------------


class TimeControlBody(RequestBody):
    phase_seconds: Annotated[float, Meta(gt=0)] | None = None
    bank_seconds: Annotated[float, Meta(gt=0)] | None = None
    increment_seconds: Annotated[float, Meta(ge=0)] | None = None


class DeadlinePolicyBody(RequestBody):
    on_miss: Literal["end_phase", "forfeit"] = "end_phase"
    forfeit_after: Annotated[int, Meta(ge=1)] = 3


class CreateGame(RequestBody):
    scenario: Annotated[str, Meta(description="`<game>/<scenario number>`, from GET /v1/scenarios")]
    options: dict[str, Any] = {}
    time_control: Annotated[TimeControlBody, Meta(description='{"phase_seconds": S} or {"bank_seconds": B, '
                                                    '"increment_seconds": I}: the game is timed')] | None = None
    deadline_policy: Annotated[DeadlinePolicyBody, Meta(description="what a missed deadline costs (timed games)")] | None = None


class SubmitOrder(RequestBody):
    order: GameOrder
    expected_version: Annotated[LogVersion | None, Meta(description="the log's version the order expects; 409 if it moved")] = None


class RefereeOrderBody(RequestBody):
    order: Annotated[msgspec.Raw, Meta(description="settle, resolve_dispute or correct: a `RefereeOrder`",
                                       extra_json_schema={"$ref": "#/components/schemas/RefereeOrder"})]


class Deadline(RequestBody, tag_field="type", tag="deadline"):
    """The named seats (all that must act, if none) missed their deadline: the rules answer for them."""

    seats: list[str] = []


class End(RequestBody, tag_field="type", tag="end"):
    """End the game now; the rules give the result."""

    reason: str = ""


Command = Deadline | End


class AddTime(RequestBody):
    seconds: Annotated[float, Meta(gt=0, le=30 * 86400)]
    seat: Annotated[str, Meta(description="the seat granted the time; none: whoever is to act")] | None = None


# --- responses -------------------------------------------------------------------------------


class ResponseBody(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pass


class ErrorDetail(ResponseBody):
    code: str
    message: str
    details: dict[str, Any] = {}


class Error(ResponseBody):
    error: ErrorDetail


class Component(ResponseBody):
    status: Literal["ok", "down", "behind", "not_used"]
    detail: str = ""


class WorkerStatus(Component):
    lagging_games: int = 0


class Health(ResponseBody):
    status: Literal["ok", "degraded", "unavailable"]
    mode: str
    store: Component
    broker: Component
    worker: WorkerStatus


class Scenarios(ResponseBody):
    scenarios: list[ScenarioInfo]


class SeatToken(ResponseBody):
    token: str


class GameCreated(ResponseBody):
    """201: created; 200: a retry with the same Idempotency-Key, the same game with fresh seat tokens."""

    id: str
    seats: dict[str, SeatToken]
    version: int
    replayed: bool = False


class IssuedSeatToken(ResponseBody):
    seat: str
    token: str


class GameSummary(ResponseBody):
    id: str
    scenario: str
    ruleset: str
    status: Literal["active", "halted", "finished"]
    turn: int
    phase: str
    label: str
    to_act: list[str]
    version: int
    head_link: Annotated[str, Meta(description="hex hash-chain link of event `version`: record it, and "
                                               "`umpire verify FILE --head VERSION:LINK` proves a later export "
                                               "extends that log unaltered")]
    adjudicated_version: Annotated[int, Meta(description="the version of the last command ruled (a command, not "
                                                          "its ruling's events)")]
    projected_version: Annotated[int, Meta(description="the last event folded into the projection that `state`, "
                                                        "`legal` and this summary's turn, phase and to_act come from; "
                                                        "the projection has caught up with the log when it equals "
                                                        "`version` (wait on it, as on ?wait)")]
    result: dict[str, Any] | None
    official: bool
    # A timed game only (its genesis' time control):
    time_control: Annotated[dict[str, Any], Meta(description='the genesis\' time control: {"phase_seconds": S} or '
                                                   '{"bank_seconds": B, "increment_seconds": I}')] | None = None
    time_left: Annotated[float, Meta(description="seconds before the first deadline of whoever is to act (negative: "
                                                 "passed, the umpire is about to rule the miss)")] | None = None
    banks: Annotated[dict[str, float], Meta(description="under a bank: seat -> seconds left in its bank now "
                                                        "(a running clock charged up to now)")] | None = None


class GameList(ResponseBody):
    games: list[GameSummary]


class Viewer(ResponseBody):
    role: Literal["seat", "referee", "organiser", "public"]
    seat: str | None = None


_CITATION = {"anyOf": [{"$ref": f"#/components/schemas/{t.__name__}"} for t in Citation.__args__]}
# The kernel's part of every game's view (domain.kernel.game.view); `game` is the ruleset's own.
VIEW = {"type": "object", "required": ["game_id", "ruleset", "scenario", "clock", "label", "to_act", "frames",
                                       "ledgers", "attestations", "disputes", "result", "game"],
        "properties": {"label": {"type": "string", "description": "the clock in the game's words"},
                       "to_act": {"type": "array", "items": {"type": "string"}},
                       "frames": {"type": "array", "items": {"type": "object"},
                                  "description": "open decisions: who must answer and what"},
                       "attestations": {"type": "object", "description": "attested results, by id"},
                       "disputes": {"type": "array", "description": "as GET /disputes lists them", "items": {
                           "type": "object", "required": ["id", "seat", "event", "reason", "state"],
                           "properties": {"id": {"type": "integer"}, "event": {"type": "integer"},
                                          "state": {"enum": ["open", "upheld", "dismissed"]}}}},
                       "game": {"type": "object", "description": "the ruleset's own view: units, markers..."}}}
# Every event's data names its type; an effect's also its citations (`cite`) and visibility (`vis`).
EVENT_DATA = {"type": "object", "required": ["type"],
              "properties": {"type": {"type": "string"}, "cite": {"type": "array", "items": _CITATION},
                             "vis": {"type": "string"}}}


class State(ResponseBody):
    version: Annotated[int, Meta(description="the last event folded into this view")]
    viewer: Viewer
    view: Annotated[dict[str, Any], Meta(extra_json_schema=VIEW)]


class Disputable(ResponseBody):
    """A seat may dispute any event from `first` to `last`: `{"type": "dispute_event", "event": N,
    "reason": "..."}` (a reason is required)."""

    order: Literal["dispute_event"]
    first: int
    last: int


class Legal(ResponseBody):
    seat: Annotated[str, Meta(description='the seat these orders are for; "referee" for a referee\'s own (no ?seat)')]
    version: int
    orders: list[ListedOrder]
    disputable: Annotated[Disputable, Meta(description="a seat's: the events it may dispute")] | UnsetType = UNSET
    verdicts: Annotated[list[str], Meta(description="the referee's: what `resolve_dispute` takes as `verdict`")] | UnsetType = UNSET
    assessments: Annotated[list[AnyAssessment | None], Meta(
        description="with ?assess=true: one per order, what it would meet if submitted now, or null")] | UnsetType = UNSET


class Event(ResponseBody):
    """An event as the caller may see it; a hidden one keeps only its digests (it still verifies in the chain)."""

    version: int
    position: int
    type: str
    visibility: str
    schema_version: int
    recorded_at: str
    link: str
    adjudicates: int | UnsetType = UNSET
    data: Annotated[dict[str, Any], Meta(extra_json_schema=EVENT_DATA)] | UnsetType = UNSET
    metadata: dict[str, Any] | UnsetType = UNSET
    salt: str | UnsetType = UNSET
    hidden: bool | UnsetType = UNSET
    data_digest: str | UnsetType = UNSET
    metadata_digest: str | UnsetType = UNSET


class Events(ResponseBody):
    events: list[Event]


class Appended(ResponseBody):
    """The command is in the log at `version`; its ruling follows (GET .../events, or retry with ?wait)."""

    version: int


class Ruling(ResponseBody):
    event: Annotated[int, Meta(description="version of the ruling event")]
    verdict: Literal["accepted", "rejected", "failed"]
    code: str = ""
    message: str = ""
    citations: list[Citation] = []
    partial: dict[str, Any] | None = None
    details: dict[str, Any] = {}


class Ruled(ResponseBody):
    version: int
    ruling: Ruling
    effects: list[Event]


# --- audits (issue 10) -----------------------------------------------------------------------


class Me(ResponseBody):
    role: Literal["seat", "referee", "organiser", "entrant", "public"]
    name: str = ""
    game: str | None = None
    seat: str | None = None
    tournament: str | None = None  # an entrant's token: its tournament, its id, its seat in each game so far
    entrant: str | None = None
    games: dict[str, list[str]] = {}  # game id -> the entrant's seats in it


class VerifyReport(ResponseBody):
    ok: bool
    events: int
    chain_ok: bool
    keys_checked: int
    rulings_checked: int
    initial_state_checked: Annotated[bool, Meta(description="the export header's initial-state digest matched the state rebuilt from the genesis")] = False
    first_bad: dict[str, Any] | None = None
    unverified: list[str] = []
    complete: Annotated[bool, Meta(description="verified in full: `ok` and nothing left `unverified` (as `umpire "
                                               "verify` exits 0; `ok` alone is its exit 3, verified as far as it goes)")] = False


class Audit(ResponseBody):
    game_id: str
    from_: Annotated[int, Meta(description="the first command version covered")] = msgspec.field(name="from")
    to: Annotated[int, Meta(description="the last command version covered")]
    ruleset: str
    commands: list[dict[str, Any]]
    command_types: list[str]
    reconstructed: Annotated[dict[str, int], Meta(
        description="data the rulebook does not print that the covered rulings used: counts of their distinct `pack` "
                    "citations by provenance (placeholder, inferred); each command carries its own")] = {}


class ConformanceVerdict(ResponseBody):
    case: str
    title: str
    passed: bool
    failures: list[str]
