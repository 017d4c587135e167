"""What an order would meet if submitted now (`Ruleset.assess`, `GET /legal?assess=true`): the rules'
weighing before any die is rolled, so a bot or a player can choose among the legal orders. Only
what the seat may already see goes in.

Each kind is tagged on `kind` ("attack", "retreat", "supply"), so a client tells them apart without
looking at the order; a game returns the kinds its rules weigh (None for an order with nothing to
weigh). A game computes an assessment with the code that rules the order: it is the ruling's own
judgement, made early."""
from __future__ import annotations

import msgspec


class Assessment(msgspec.Struct, frozen=True, kw_only=True, tag_field="kind", tag="attack"):
    """An attack read on the combat results table as it would be resolved now."""

    attack: int  # the attacking strength, as the rules total it
    defense: int  # the defending strength
    computed_odds: str  # the column the strengths give
    odds: str  # the column it would be resolved on: lower than `computed_odds` if the attacker declared one
    die_modifier: int
    results: tuple[str, ...]  # the result each face of the die would give, face 1 first
    defender_supply: dict[str, str] = {}  # each defender's supply state, where the game traces supply


class RetreatWeighing(msgspec.Struct, frozen=True, kw_only=True):
    """One retreating unit, in the order the answer moves them (each sees the hexes the earlier
    ones filled): every hex next to it, refused with the reason or a candidate with its closeness
    to the side's source of supply; the closest candidates are the legal destinations."""

    unit: str
    frm: str  # the hex it retreats from
    to: str | None  # where this answer sends it; None: it has no legal hex and is eliminated
    path: dict[str, int] = {}  # candidate hex -> the measure `metric` names
    no_path: dict[str, int] = {}  # candidate hex no supply path reaches -> its distance in hexes (ranked after `path`)
    refused: dict[str, str] = {}  # hex -> why the unit may not retreat there


class RetreatAssessment(msgspec.Struct, frozen=True, kw_only=True, tag_field="kind", tag="retreat"):
    """A retreat answer as it would be ruled now: each unit's candidates and refusals."""

    metric: str  # what `path` measures: "supply_path" (length of the supply path) or "hex_distance"
    units: tuple[RetreatWeighing, ...]


class SupplyTrace(msgspec.Struct, frozen=True, kw_only=True):
    """One unit's supply as the rules judge it."""

    state: str  # the game's supply state, e.g. "supplied", "unsupplied", "isolated"
    length: int  # hexes stepped from the unit to its source; -1 when there is no path
    source: str  # what supplies it (a place, a unit id, or why it needs no path); "" when none
    path: tuple[str, ...] = ()  # the hexes of one shortest path, the unit's own first (none for a pathless source)
    why: str = ""  # for a unit with no path: why there is none


class SupplyAssessment(msgspec.Struct, frozen=True, kw_only=True, tag_field="kind", tag="supply"):
    """A supply judgement (or trace) as it would be ruled now."""

    side: str
    units: dict[str, SupplyTrace]  # each judged unit's supply
    expended: tuple[str, ...] = ()  # the supply sources the judgement would use up


AnyAssessment = Assessment | RetreatAssessment | SupplyAssessment
