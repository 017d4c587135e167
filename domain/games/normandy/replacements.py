"""§1.1.1.3 and §6.10 replacements and rebuilding (`normandy-1944@5`), in the Administration Phase
of turns >= 1.

German replacements: the German Administrative Phase die roll (option Q07: the initiative roll;
turn 1 has none, §10, so the die is rolled for the replacements alone) read on the German Resources
table. The text does not print that table (the pack's `german_replacements` has no rows): the
values below are a placeholder and each ruling that reads them says so. Unused replacements are kept
until spent (L102). The Allies have all the replacements they wish (L102, L305).

Rebuilding: 'Units already in Rest may regain a step with the expenditure of one replacement' —
a unit put to rest in an earlier Administration Phase, or a unit in the off-map Rest box, to which
the Cadre box's units move at the start of the phase (L105); one step per unit a phase (option Q09).
A German unit spends a replacement of its kind (option Q08's four kinds; the kind from the counter's
flags, inferred: armoured Panzer, Panzergrenadier, Luftwaffe and paratroops Luftwaffe, else
infantry). A unit fully rebuilt in the Rest box 'may enter as reinforcement in any friendly depot'
(L104): the Allies' go to the strategic reserve and land at a depot (§4.2), the Germans' to the
reinforcements pending and enter by the map edge, as German reinforcements do (inferred).
Scenario 1: 'Replacement rules ... are not used' (L467): no German roll and no rebuilding.
Only the counters of class `combat` go to the Rest box and are rebuilt: the Atlantic Wall
garrisons (fixed positions, §0.1.2) and the Partisans and FFI (their own rules, §4.1.2) stay
where they fell (inferred)."""
from __future__ import annotations

from domain.games.normandy import cite
from domain.games.normandy.data import ALLIED, GERMAN, GameData, data_of
from domain.games.normandy.effects import InitiativeRolled, ReplacementsReceived, StepRebuilt, UnitPlaced
from domain.games.normandy.model import CADRE, PENDING, RESERVE, REST, State, State5, rest_of
from domain.games.normandy.orders import EnterFromRest, Rebuild
from domain.games.normandy.units import owns
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Order, Reject

# The German Resources table by die face (placeholder: the text prints no values).
GERMAN_RESOURCES_PLACEHOLDER: dict[int, dict[str, int]] = {
    1: {},
    2: {"infantry": 1},
    3: {"infantry": 1},
    4: {"infantry": 1, "luftwaffe": 1},
    5: {"infantry": 1, "panzergrenadier": 1},
    6: {"infantry": 1, "panzer": 1},
}
SCENARIO_1_NO_REPLACEMENTS = cite.rb("§11.1 Scenario 1 - The Race to Cherbourg", 467)
Q09 = cite.ruling("Q09_rebuild_rate", 1)


def used(state: State) -> bool:
    return state.core.scenario != "1"


def kind_of(data: GameData, uid: str) -> str:
    """The replacement a German unit needs (option Q08's kinds; from the counter's flags, inferred)."""
    flags = data.values[uid].flags
    if "armored" in flags:
        return "panzer"
    if "panzergrenadier" in flags:
        return "panzergrenadier"
    if flags & {"luftwaffe", "paratroop"}:
        return "luftwaffe"
    return "infantry"


def receive(adj: Adjudication) -> None:
    """The German replacements of the turn, on the placeholder table."""
    state: State = adj.state
    if not used(state):
        return
    same = bool(state.core.options.get("Q07_german_admin_roll_is_initiative", True))
    rolled = [e for e in adj.effects if isinstance(e, InitiativeRolled) and e.rolls]
    face = rolled[-1].rolls[GERMAN] if same and rolled else adj.roll(6, "German replacements").face
    adj.emit(ReplacementsReceived(roll=face, received=dict(GERMAN_RESOURCES_PLACEHOLDER[face]),
                                  cite=(cite.GERMAN_REPLACEMENTS, cite.LOSSES, cite.datum(f"table:german_replacements:{face}", "placeholder"),
                                        cite.ruling("Q07_german_admin_roll_is_initiative", same))))


def to_rest_box(adj: Adjudication) -> None:
    """L105: 'Off-map, units in the «Destroyed» box are moved to the «Rest» box'."""
    data = data_of(adj)
    for u in sorted(adj.state.units.values(), key=lambda x: x.id):
        if u.box == CADRE and data.values[u.id].cls == "combat":
            adj.emit(UnitPlaced(unit=u.id, at=REST, reason="from the Cadre box to the Rest box", cite=(cite.REST, cite.LOSSES)))


def can_rebuild(state: State, data: GameData, uid: str) -> str | None:
    """Why `uid` may not regain a step now, or None."""
    u = state.units[uid]
    if not used(state):
        return "replacement rules are not used in Scenario 1 (L467)"
    if data.values[uid].cls != "combat" or u.lost <= 0:
        return f"{uid} has no step to regain"
    resting = rest_of(state)
    if not (u.box == REST or (u.hex is not None and uid in resting and resting[uid] < state.core.clock.turn)):
        return f"{uid} is not already in Rest: under a Rest marker since an earlier Administration Phase, or in the Rest box"
    if isinstance(state, State5) and uid in state.rebuilt:
        return f"{uid} has regained a step this phase (option Q09: one a phase)"
    if u.side == GERMAN and isinstance(state, State5) and state.replacements.get(kind_of(data, uid), 0) <= 0:
        return f"no {kind_of(data, uid)} replacement is available"
    return None


def legal(state: State, data: GameData, seat: str) -> list[Order]:
    mine = sorted(uid for uid in state.units if owns(state, data, seat, uid))
    return ([Rebuild(unit=u) for u in mine if can_rebuild(state, data, u) is None]
            + [EnterFromRest(unit=u) for u in mine if state.units[u].box == REST and state.units[u].lost == 0])


def rebuild(adj: Adjudication, seat: str, order: Rebuild) -> None:
    state: State = adj.state
    data = data_of(adj)
    if order.unit not in state.units or not owns(state, data, seat, order.unit):
        raise Reject("not_your_unit", f"{order.unit} is not a unit of yours.", cite.REST, unit=order.unit)
    why = can_rebuild(state, data, order.unit)
    if why is not None:
        raise Reject("cannot_rebuild", why + " (§1.1.1.3, §6.10).", SCENARIO_1_NO_REPLACEMENTS if not used(state) else cite.REST,
                     unit=order.unit)
    german = state.units[order.unit].side == GERMAN
    adj.emit(StepRebuilt(unit=order.unit, kind=kind_of(data, order.unit) if german else None,
                         cite=(cite.REST, cite.LOSSES, Q09) + ((cite.ruling("Q08_replacement_types", "four kinds", "inferred kind"),)
                                                              if german else ())))


def enter(adj: Adjudication, seat: str, order: EnterFromRest) -> None:
    state: State = adj.state
    u = state.units.get(order.unit)
    if u is None or not owns(state, data_of(adj), seat, u.id):
        raise Reject("not_your_unit", f"{order.unit} is not a unit of yours.", cite.REST, unit=order.unit)
    if u.box != REST or u.lost:
        raise Reject("not_rebuilt", f"{order.unit} is not fully rebuilt in the Rest box.", cite.REST, unit=order.unit)
    adj.emit(UnitPlaced(unit=u.id, at=RESERVE if u.side == ALLIED else PENDING, reason="rebuilt in the Rest box: a reinforcement",
                        cite=(cite.REST, cite.ARRIVAL)))
