"""Breakout & Pursuit (SPI, 1972) as a Ruleset: the dispatch from phases and orders to the rules
module of each rulebook section (sequence, reinforcements, supply, movement, combat, victory)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from msgspec.structs import replace

from domain.games.breakout_pursuit import (
    airdrop, airstrike, assessments, cite, combat, delay, movement, naval, paratroops, pipelines, reinforcements, sequence, setups,
    supply, supply_units, victory, views,
)
from domain.games.breakout_pursuit.data import GameData
from domain.games.breakout_pursuit.describe import Sentences
from domain.games.breakout_pursuit.effects import BPEffect
from domain.games.breakout_pursuit.evolve import evolve
from domain.games.breakout_pursuit.model import State
from domain.games.breakout_pursuit.options import OPTIONS, OPTIONS_V2
from domain.games.breakout_pursuit.orders import (
    AcceptHistoricalSetup, Advance, AirdropUnit, Airland, AirStrike, Attack, Battlegroups, BPOrder, DefensiveSupply,
    EndPhase, ExchangeLosses, JudgeSupply, Move, MoveNavalSupply, MoveToStaging, PipelineMove, PlaceDelayMarker,
    PlaceReinforcement, PlaceReplacement, ReactivatePipelines, RehabilitateParatroop, Retreat, SetupPlace, Shuttle,
    StartAirdropCycle,
)
from domain.games.breakout_pursuit.setup import setup, unit_from
from domain.kernel import phases
from domain.kernel.adjudication import Adjudication
from domain.kernel.assessment import AnyAssessment
from domain.kernel.commands import Order, Reject
from domain.kernel.core import Clock
from domain.kernel.effects import PhaseAdvanced
from domain.kernel.ruleset import Ruleset
from domain.kernel.seats import PUBLIC, Viewer

# What each phase does on entry (True: the phasing player has a decision to make) and on exit,
# from the rules module of its section, and what comes next (sequence.py); the kernel's phase
# driver plays the phases through this table.
PHASE_TABLE = phases.Phases(
    enter={
        sequence.SETUP: setups.enter,
        "reinforcement": reinforcements.enter,
        "airdrop": airdrop.enter,
        "supply": supply.enter,
        "initial_movement": lambda adj: any([movement.enter(adj), paratroops.enter(adj)]),  # both run
        "combat": combat.enter,
        "mechanized_movement": movement.enter,
    },
    leave={
        "reinforcement": reinforcements.leave,
        "airdrop": airdrop.leave,
        "supply": supply.leave,
        "initial_movement": movement.leave,
        "combat": combat.leave,
        "mechanized_movement": movement.leave,
    },
    announce=sequence.announce,
    following=sequence.following,
)
ANSWERS = (Retreat, ExchangeLosses, Battlegroups, Advance, DefensiveSupply)
# Orders a player may take back (the kernel's Undo) when they revealed nothing: moving and placing
# counters, as a player lifts a counter back over the table before the opponent acts.
UNDOABLE = (Move, MoveToStaging, PipelineMove, Shuttle, MoveNavalSupply, PlaceReinforcement, PlaceReplacement,
            SetupPlace, PlaceDelayMarker)


class BreakoutPursuit(Ruleset):
    name = "breakout-pursuit"
    version = 1
    title = "Breakout & Pursuit: The Battle for France, 1944 (SPI, 1972)"
    order_type = BPOrder
    effect_type = BPEffect
    state_type = State
    options = OPTIONS
    # @1 plays its own frozen copy of the pack (pack_v1/: the map before issue 16's fixes), so its
    # recorded games re-verify unchanged; @2 plays pack/, which the builders write.
    pack_dir = str(Path(__file__).resolve().parent / "pack_v1")
    data: GameData

    def prepare(self) -> None:
        self.data = GameData(self.pack)

    def setup(self, pack, scenario: str, *, game_id: str, options: dict[str, Any]) -> State:
        data = self.data if self.pack is pack else GameData(pack)
        return setup(data, scenario, game_id=game_id, ruleset_id=self.id, options=options)

    def position(self, state: State, spec: dict[str, Any]) -> State:
        """A conformance position. Besides the state's own fields: `clear = true` takes every unit
        out of play (and cancels scheduled arrivals), `add = {counter id = {fields}}` brings
        counters of the pack into play with those fields."""
        spec = dict(spec)
        add = spec.pop("add", {})
        if spec.pop("clear", False):
            state = replace(state, units={}, arrivals={})
        units = dict(state.units)
        for cid in add:
            units[cid] = unit_from(cid, self.pack.counters[cid])
        spec["units"] = {**add, **spec.get("units", {})}
        return super().position(replace(state, units=units), spec)

    def begin(self, adj: Adjudication) -> None:
        phases.start(adj, PHASE_TABLE)

    def phasing(self, state: State) -> tuple[str, ...]:
        side = state.core.clock.side
        return state.core.layout.seats_of(side) if side else ()

    # --- legal orders ----------------------------------------------------------------------------

    def legal(self, state: State, seat: str, *, unit: str | None = None) -> list[Order]:
        data = self.data
        if state.core.top() is not None:
            return combat.answers(state, data, seat)
        side = state.core.layout.side_of(seat)
        phase = state.core.clock.phase
        orders: list[Order]
        if phase == sequence.SETUP:
            orders = setups.legal(state, data, side, unit=unit)
        elif phase == "reinforcement":
            orders = reinforcements.legal(state, data, side, unit=unit)
            if unit is None:  # Pipeline G: reactivations name no single unit
                orders += pipelines.legal(state, data, side)
        elif phase == "airdrop":
            orders = [o for o in airdrop.legal(state, data, side) if unit is None or getattr(o, "unit", None) == unit]
        elif phase == "supply":
            orders = supply.legal(state, data, side)
        elif phase in sequence.MOVEMENT_PHASES:
            orders = movement.legal(state, data, side, unit=unit) + paratroops.legal(state, data, side, unit=unit)
        elif phase == "combat":
            orders = combat.legal(state, data, side, unit=unit)
        else:
            orders = []
        if unit is None and can_end_phase(state):
            orders.append(EndPhase())
        return orders

    # --- rulings -----------------------------------------------------------------------------------

    def rule(self, adj: Adjudication, seat: str, order: Order) -> None:
        state = adj.state
        if state.core.top() is not None:
            if not isinstance(order, ANSWERS):
                frame = state.core.top()
                raise Reject("decision_pending", f"First answer the open {frame.kind} decision (frame {frame.id}).",
                             cite.COMBAT_PROCEDURE, frame=frame.id)
            combat.answer(adj, seat, order)
            return
        phase = state.core.clock.phase
        over = False  # the order ends its phase: the rules then play on to the next decision
        match order:
            case EndPhase():
                if airstrike.owed(state):
                    raise Reject("air_strike_owed", "The Allied Air Strike must be made before this Combat Phase ends.",
                                 cite.AIR_STRIKE_A)
                if not can_end_phase(state):
                    raise Reject("phase_not_over", "This phase cannot end yet.", cite.SEQUENCE)
                over = True
            case PlaceReinforcement() if phase == "reinforcement":
                reinforcements.place(adj, seat, order)
            case PlaceReplacement() if phase == "reinforcement":
                reinforcements.replace(adj, seat, order)
            case PlaceDelayMarker() if phase == "reinforcement":
                delay.place(adj, seat, order)
            case SetupPlace() if phase == sequence.SETUP:
                over = setups.place(adj, seat, order)
            case AcceptHistoricalSetup() if phase == sequence.SETUP:
                over = setups.accept_historical(adj, seat, order)
            case ReactivatePipelines() if phase == "reinforcement":
                pipelines.reactivate(adj, seat, order)
            case PipelineMove() if phase == "initial_movement":
                supply_units.pipeline_move(adj, seat, order)
            case Shuttle() if phase == "initial_movement":
                supply_units.shuttle(adj, seat, order)
            case MoveNavalSupply() if phase == "initial_movement":
                naval.move(adj, seat, order)
            case JudgeSupply() if phase == "supply":
                over = supply.judge(adj, seat, order)
            case Move() if phase in sequence.MOVEMENT_PHASES:
                movement.move(adj, seat, order)
            case MoveToStaging() if phase == "initial_movement":
                movement.to_staging(adj, seat, order)
            case RehabilitateParatroop() if phase == "initial_movement":
                paratroops.rehabilitate(adj, seat, order)
            case StartAirdropCycle() | AirdropUnit() | Airland() if phase == "airdrop":
                airdrop.rule(adj, seat, order)
            case AirStrike() if phase == "combat":
                airstrike.strike(adj, seat, order)
            case Attack() if phase == "combat":
                combat.attack(adj, seat, order)
            case _:
                tag = order.__struct_config__.tag
                raise Reject("wrong_phase", f"A {tag!r} order is not allowed in the {sequence.PHASE_NAMES[phase]}.", cite.SEQUENCE,
                             phase=phase)
        if over:
            phases.end_phase(adj, PHASE_TABLE)

    def assess(self, state: State, seat: str, order: Order) -> AnyAssessment | None:
        return assessments.assess(state, self.data, seat, order)

    def undoable(self, before: State, seat: str, order: Order, effects: tuple[Any, ...]) -> bool:
        return isinstance(order, UNDOABLE) and all(e.vis == PUBLIC for e in effects)

    def default_answer(self, state: State, seat: str) -> Order | None:
        if state.core.top() is not None:
            return combat.default_answer(state, self.data, seat)
        if state.core.clock.phase == sequence.SETUP:
            return setups.default_answer(state, self.data, seat)
        if airstrike.owed(state):
            return airstrike.default(state)  # the strike is mandatory
        return EndPhase() if can_end_phase(state) else None

    def end_outcome(self, state: State, reason: str):
        return victory.outcome(state, self.data, reason)

    # --- state -----------------------------------------------------------------------------------

    def evolve(self, state: State, effect: Any) -> State:
        return evolve(state, effect, self.data)

    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        return views.view(state, self.data, viewer)

    def describe(self, effect: dict[str, Any], view: dict[str, Any]) -> str:
        return self.sentences().sentence(effect)

    def names(self) -> dict[str, dict[str, str]]:
        return {**super().names(), "units": self.sentences().units}

    def sentences(self) -> Sentences:
        """Built at the first sentence, not in `prepare`: adjudication never needs them."""
        s = self.__dict__.get("_sentences")
        if s is None or s.pack is not self.pack:
            s = self.__dict__["_sentences"] = Sentences(self.pack)
        return s

    # --- the clock ---------------------------------------------------------------------------------

    def dates(self, turn: int) -> str:
        row = self.data.time_record.get(turn)
        return str(row.get("dates", "")) if row else ""

    def clock_label(self, clock: Clock) -> str:
        return sequence.label(clock, self.dates(clock.turn))

    def last_turn(self, state: State) -> int:
        return self.pack.scenarios[state.core.scenario].end.turn

    def epochs(self, state: State) -> int:
        return self.last_turn(state) + 1


def can_end_phase(state: State) -> bool:
    """A phase ends when its player says so, except while an attack's decisions are still owed, while
    the Air Strike that opens the Combat Phase of Game-Turn 1 is still to come (Air-Strike A), or
    while units are still to be set up (the set-up phase ends with its last placement)."""
    return (state.combat is None and state.core.top() is None and not airstrike.owed(state)
            and not setups.remaining(state))


class BreakoutPursuit2(BreakoutPursuit):
    """`breakout-pursuit@2` (issue 16): the literal text as the default of every option
    (`options.OPTIONS_V2`), rulings that cite an unprinted datum as such (`provenance.py`), and
    each accepted ruling carries the citations of the rules that decided it. @1 stays as recorded."""

    version = 2
    options = OPTIONS_V2
    pack_dir = str(Path(__file__).resolve().parent / "pack")

    def prepare(self) -> None:
        self.data = GameData(self.pack, fidelity=True)

    def setup(self, pack, scenario: str, *, game_id: str, options: dict[str, Any]) -> State:
        data = self.data if self.pack is pack else GameData(pack, fidelity=True)
        return setup(data, scenario, game_id=game_id, ruleset_id=self.id, options=options)

    def begin(self, adj: Adjudication) -> None:
        start = len(adj.effects)
        super().begin(adj)
        adj.cite(*own_citations(adj.effects[start:], cite.SETTING_UP))

    def rule(self, adj: Adjudication, seat: str, order: Order) -> None:
        start = len(adj.effects)
        super().rule(adj, seat, order)
        adj.cite(*own_citations(adj.effects[start:], cite.SEQUENCE))


def own_citations(effects, fallback) -> tuple:
    """A ruling's own citations: those of the effects the order itself caused, before the phases it
    ended play on (an accepted move: Movement and whatever its path met; an attack: Combat, the CRT
    cell, the strengths' rules); `fallback` (the Sequence of Play) for an order that only ends its phase."""
    out: dict = {}
    for e in effects:
        if isinstance(e, PhaseAdvanced):
            break
        out.update(dict.fromkeys(e.cite))
    return tuple(out) or (fallback,)


BREAKOUT_PURSUIT = BreakoutPursuit()
BREAKOUT_PURSUIT_2 = BreakoutPursuit2()
