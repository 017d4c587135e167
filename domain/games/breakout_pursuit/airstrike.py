"""The Allied Air Strike (Allied Air-Strike A-D, L390-402; digest O15, AIR-1..4).

At the start of the Allied Combat Phase of Game-Turn 1 (option `air_strike_turn`; never in the
Pursuit scenarios, which start on Game-Turn 11) the Allied player must strike once: strength 20
against any German units he picks in one hex, their face strengths combined (B). Terrain and
supply change neither strength nor the die, so no river modifier either (D). Of the result only
the defender's part applies (D): De and Ex eliminate the targets (no attacker loss: there is no
attacking unit), Dr and the Dr of "Ad-Dr" retreat them; Ae, Ar and Ad do nothing. The strike is
"separate from, and before, normal Combat procedures": until it is made the phase cannot end and
no ground attack may be declared (the flag `air_strike` is "owed", then "made").

Eliminations, battlegroups and the retreat go through combat's machinery (results.py) as an
attack with no attacking units: the Allied player chooses the retreat (Dr), the German player
his battlegroups; there is no advance.
"""
from __future__ import annotations

from itertools import combinations

from domain.games.breakout_pursuit import cite, provenance, results
from domain.games.breakout_pursuit.effects import AirStrikeResolved, CombatPending, FlagSet, FortressDestroyed
from domain.games.breakout_pursuit.model import ALLIED, GERMAN, Combat, State
from domain.games.breakout_pursuit.orders import AirStrike
from domain.games.breakout_pursuit.strength import intact_fortress
from domain.kernel.commands import Reject

STRENGTH = 20  # "The Air Strike Combat Strength of 20" (Procedure)
FLAG = "air_strike"
APPLIED = {"De": "De", "Ex": "Ex", "Dr": "Dr", "Ad-Dr": "Dr"}  # the defender's part of each result (D)
STEPS = {"De": ("defender_battlegroups",), "Ex": ("defender_battlegroups",), "Dr": ("defender_retreat", "defender_battlegroups")}
CITES = (cite.AIR_STRIKE, cite.AIR_STRIKE_A, cite.AIR_STRIKE_B, cite.AIR_STRIKE_C, cite.AIR_STRIKE_D, cite.CRT)


def strike_turn(state: State, data) -> int | None:
    """The Game-Turn of the strike: the option's, unless the scenario has none (the Pursuit)."""
    turn = state.core.options.get("air_strike_turn", 1)
    scenario = data.pack.scenarios[state.core.scenario].options
    return None if "air_strike_turn" in scenario and scenario["air_strike_turn"] is None else turn


def owed(state: State) -> bool:
    return state.flags.get(FLAG) == "owed"


def begin(adj) -> bool:
    """At the start of the Allied Combat Phase of the strike's Game-Turn: the strike is owed (True)
    when there is a German unit on the map to strike."""
    state, data = adj.state, adj.ruleset.data
    clock = state.core.clock
    if owed(state):
        return True
    if clock.side != ALLIED or clock.turn != strike_turn(state, data) or FLAG in state.flags or not targets(state):
        return False
    adj.emit(FlagSet(name=FLAG, value="owed", cite=(cite.AIR_STRIKE, cite.AIR_STRIKE_A,
                                                       cite.ruling("air_strike_turn", state.core.options.get("air_strike_turn", 1)))))
    return True


def targets(state: State) -> dict[str, tuple[str, ...]]:
    """German units on the map by hex (sorted): any of them may be struck."""
    out: dict[str, list[str]] = {}
    for u in sorted(state.units.values(), key=lambda u: u.id):
        if u.side == GERMAN and u.hex is not None and u.combat_unit:
            out.setdefault(u.hex, []).append(u.id)
    return {h: tuple(ids) for h, ids in sorted(out.items())}


def legal(state: State) -> list[AirStrike]:
    """Every strike: each hex, each non-empty set of its German units (three at most stack, B)."""
    return [AirStrike(hex=h, units=group) for h, ids in targets(state).items()
            for k in range(1, len(ids) + 1) for group in combinations(ids, k)]


def default(state: State) -> AirStrike | None:
    """The strike the rules impose at a deadline (it is mandatory): the listed strike at the best
    odds, the first listed among equals."""
    options = legal(state)
    return min(options, key=lambda o: sum(state.units[u].strength for u in o.units), default=None)


def strike(adj, seat: str, order: AirStrike) -> None:
    state, data = adj.state, adj.ruleset.data
    if not owed(state):
        raise Reject("no_air_strike", "The Air Strike is made once, at the start of the Allied Combat Phase of Game-Turn "
                     f"{strike_turn(state, data)}; it is not due now.", cite.AIR_STRIKE_A)
    if state.core.layout.side_of(seat) != ALLIED:
        raise Reject("not_allied", "Only the Allied player makes the Air Strike.", cite.AIR_STRIKE)
    units = tuple(order.units)
    if not units or len(set(units)) != len(units):
        raise Reject("bad_targets", "Name each German unit struck once, at least one.", cite.AIR_STRIKE_B)
    for uid in units:
        u = state.units.get(uid)
        if u is None or u.side != GERMAN or not u.combat_unit or u.hex != order.hex:
            here = ", ".join(targets(state).get(order.hex, ())) or "none"
            raise Reject("not_a_target", f"{uid} is not a German unit in {order.hex}; the strike hits German units in one "
                         f"hex (there: {here}).", cite.AIR_STRIKE_B, unit=uid, hex=order.hex)
    faces = {uid: state.units[uid].strength for uid in units}
    defense = sum(faces.values())
    odds = data.crt_table.column(STRENGTH, defense)
    roll = adj.roll(data.crt.die.sides, "air strike")
    result = data.crt_table.result(odds, roll.value)
    applied = APPLIED.get(result, "none")
    options = state.core.options
    if data.fidelity:  # the cell's own line, or the reconstruction it came from; no "L318-324" for every cell
        cites = [c for c in CITES if c != cite.CRT] + [*provenance.crt_cell(data, odds, roll.value),
                                                       *results.result_cites(data, result)]
    else:
        cites = list(CITES) + [results.RESULT_CITES[result]]
    cites += [cite.ruling("air_strike_turn", options.get("air_strike_turn", 1)),
              cite.ruling("air_struck_units_attackable", options.get("air_struck_units_attackable", True))]
    if data.crt_table.beyond_table(STRENGTH, defense):
        cites.append(cite.CRT_CLAMP)
    fortress = order.hex in data.fortress_hexes
    razed = fortress and applied in ("De", "Ex") and options.get("air_strike_fortress") == "destroys_fortress" \
        and intact_fortress(state, data, order.hex)
    if fortress:
        cites += [cite.ruling("air_strike_fortress", options.get("air_strike_fortress", "units_only"))]
        if applied == "Dr":
            applied = "none"  # "Dr" results do not apply to German units on a Fortress hex (Fortress D)
            cites.append(cite.FORTRESS_D)
    adj.emit(AirStrikeResolved(hex=order.hex, units=units, attack=STRENGTH, defense=defense, defense_detail=faces, odds=odds,
                               roll=roll, result=result, applied=applied,
                               attackable=bool(options.get("air_struck_units_attackable", True)), cite=tuple(cites)))
    if applied == "none":
        return
    c = Combat(attackers=(), hex=order.hex, defenders=units, result=applied, steps=STEPS[applied],
               origins={uid: order.hex for uid in units})
    adj.emit(CombatPending(combat=c, cite=(cite.AIR_STRIKE_D, results.RESULT_CITES[applied])))
    if applied in ("De", "Ex"):
        results.eliminate(adj, units, f"air strike ({applied})")
    if razed:  # Fortress D: "the Fortress hex is destroyed" when Ex or De is applied to German units on it
        adj.emit(FortressDestroyed(hex=order.hex, cite=(cite.FORTRESS_D, cite.AIR_STRIKE_D,
                                                        cite.ruling("air_strike_fortress", "destroys_fortress"))))
    results.drive(adj)
