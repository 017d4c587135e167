"""§1.2 End of Game and the scenarios' victory conditions.

Scenario 1 (§11.1): the US levels by who holds Cherbourg at the end of turns 2, 3 and 4; the German
levels by Cherbourg at the end of turn 4, a German unit into Utah (0617), and two divisions (one the
17th SS) with a supply line to the south edge. St Vaast-la-Hougue has no hex on the reconstructed
map, so the German strategic level reads Utah and Cherbourg only (said in its record).
Scenario 2 plays the campaign's points (§11.3, options Q30, Q31): at each turn end +20 German,
+3 a city hex to its holder, +3+x an Allied depot outside any EZOC (x its capacity: a placeholder
1, the depot counters are not in the text), -1 an Allied paratroop, ranger or commando unit on the
map after turn 5; +1 a step inflicted (+1 elite) at once (losses.py). Automatic victory: fewer
than 10 German units on the map, or the Germans holding 4 beach hexes.

Version 4 adds the off-map points: +10 to the Allies at each turn end while they control Paris, +3
a besieged Festung (siege.py, option Q43), +5 a Festung or a German depot destroyed, +20 when the 2e DB
liberates Paris, at once (offmap.py, option Q47: both Paris bonuses count); and the automatic
victories of the Allies controlling Paris and the Pas de Calais, or Paris, Cherbourg and two Atlantic
harbours (a harbour is theirs once its Festung fell and they control its box, inferred)."""
from __future__ import annotations

from domain.games.normandy import cite, siege, supply, zoc
from domain.games.normandy.data import ALLIED, DIVISION_TYPES, GERMAN, GameData, SPECIAL_TROOPS, data_of, pack_of
from domain.games.normandy.effects import FlagSet
from domain.games.normandy.losses import VP
from domain.games.normandy.model import State, offmap_of
from domain.games.normandy.units import is_combat
from domain.kernel.adjudication import Adjudication
from domain.kernel.core import Outcome, SideResult
from domain.kernel.effects import GameEnded, LedgerPosted
from domain.kernel.search import spread

CHERBOURG = ("0223", "0222")
DEPOT_CAPACITY_PLACEHOLDER = 1
PER_TURN_GERMAN = 20
CITY = 3
DEPOT_BASE = 3
AUTOMATIC_GERMAN_UNITS = 10
AUTOMATIC_BEACHES = 4


def turn_end(adj: Adjudication) -> None:
    """Scoring at the end of each turn, then automatic victory and the last turn."""
    state: State = adj.state
    data: GameData = data_of(adj)
    turn = state.core.clock.turn
    if state.core.scenario == "1":
        adj.emit(FlagSet(name=f"cherbourg_{turn}", value=[state.control.get(h, GERMAN) for h in CHERBOURG],
                         cite=(cite.SCENARIO_1_VICTORY,)))
    else:
        for side, points, why in campaign_points(state, data):
            if points:
                adj.emit(LedgerPosted(ledger=VP, owner=side, kind="credit" if points > 0 else "debit", amount=abs(points),
                                      cite=why))
        auto = automatic(adj.state, data)
        if auto:
            finish(adj, auto[1], winner=auto[0], rule=cite.AUTOMATIC_VICTORY if auto[0] == ALLIED else cite.GERMAN_AUTOMATIC)
            return
    if turn >= pack_of(adj).scenarios[state.core.scenario].end.turn:
        finish(adj, "the last turn was played")


def campaign_points(state: State, data: GameData) -> list[tuple[str, int, tuple]]:
    turn = state.core.clock.turn
    out: list[tuple[str, int, tuple]] = [(GERMAN, PER_TURN_GERMAN, (cite.VICTORY, cite.ruling("Q30_vp_timing", "state_at_turn_end")))]
    cities = [h for h, hx in data.hexes.items() if "city" in hx.features]
    for side in (ALLIED, GERMAN):
        n = sum(1 for h in cities if state.control.get(h) == side)
        out.append((side, CITY * n, (cite.VICTORY,)))
    ez = zoc.ezoc(state, data, ALLIED)
    depots = [h for h, d in state.depots.items() if d.side == ALLIED and h not in ez]
    out.append((ALLIED, (DEPOT_BASE + DEPOT_CAPACITY_PLACEHOLDER) * len(depots),
                (cite.VICTORY, cite.datum("depot_capacity", "placeholder"))))
    if turn > 5:
        special = sum(1 for u in state.units.values() if u.side == ALLIED and u.hex
                      and data.values[u.id].flags & set(SPECIAL_TROOPS))
        out.append((ALLIED, -special, (cite.VICTORY,)))
    om = offmap_of(state)
    if om is not None:
        if paris_allied(state):
            out.append((ALLIED, PARIS, (cite.VICTORY, cite.OFF_MAP)))
        sieges = siege.besieged(state, data)
        if sieges:
            out.append((ALLIED, siege.SIEGE_VP * len(sieges), siege.why()))
    return out


PARIS = 10  # §11.3 L603
HARBOURS = 2  # §11.3 L605: at least two of Lorient, Saint-Nazaire, Brest


def harbours(state: State, data: GameData) -> list[str]:
    """The Atlantic harbours the Allies control (inferred): the Festung fallen, nobody German inside,
    and its holding box Allied."""
    om = offmap_of(state)
    if om is None:
        return []
    return [f for f, holder in data.festungs.items() if f not in om.festungs and om.control.get(holder) == ALLIED
            and not any(u.box in (f, holder) and u.side == GERMAN for u in state.units.values())]


def paris_allied(state: State) -> bool:
    om = offmap_of(state)
    return om is not None and om.control.get("box-paris") == ALLIED and not any(
        u.box == "box-paris" and u.side == GERMAN for u in state.units.values())


def automatic(state: State, data: GameData) -> tuple[str, str] | None:
    germans = sum(1 for u in state.units.values() if u.side == GERMAN and u.hex and is_combat(data, u.id))
    if germans < AUTOMATIC_GERMAN_UNITS:
        return ALLIED, f"fewer than {AUTOMATIC_GERMAN_UNITS} German units on the map"
    om = offmap_of(state)
    if om is not None and paris_allied(state) and om.control.get("box-pas-de-calais") == ALLIED:
        return ALLIED, "the Allies control Paris and the Pas de Calais"
    if om is not None and paris_allied(state) and state.control.get(CHERBOURG[0]) == ALLIED and \
            len(harbours(state, data)) >= HARBOURS:
        return ALLIED, "the Allies control Paris, Cherbourg and two Atlantic harbours"
    beaches = [h for h, hx in data.hexes.items() if "beach" in hx.features]
    if sum(1 for h in beaches if state.control.get(h) == GERMAN) >= AUTOMATIC_BEACHES:
        return GERMAN, f"the Germans hold {AUTOMATIC_BEACHES} beach hexes"
    return None


def finish(adj: Adjudication, reason: str, *, winner: str | None = None, rule=cite.END_OF_GAME) -> None:
    adj.emit(GameEnded(result=outcome(adj.state, data_of(adj), reason, automatic_winner=winner),
                       cite=(cite.END_OF_GAME, rule)))


def outcome(state: State, data: GameData, reason: str, automatic_winner: str | None = None) -> Outcome:
    if state.core.scenario == "1":
        level, winner = scenario1_level(state, data)
        return Outcome(level=level, winner=winner, sides={ALLIED: SideResult(level=level if winner == ALLIED else ""),
                                                         GERMAN: SideResult(level=level if winner == GERMAN else "")},
                       reason=reason)
    pts = {s: state.core.ledger(VP, s).balance for s in (ALLIED, GERMAN)}
    net = pts[ALLIED] - pts[GERMAN]
    if automatic_winner:
        level, winner = "Automatic victory", automatic_winner
    elif abs(net) >= 50:
        level, winner = "Decisive victory", ALLIED if net > 0 else GERMAN
    elif abs(net) >= 25:
        level, winner = "Marginal victory", ALLIED if net > 0 else GERMAN
    else:
        level, winner = "Historical result (no victory)", None
    return Outcome(level=level, winner=winner, sides={s: SideResult(points=pts[s], level=level if winner == s else "")
                                                     for s in (ALLIED, GERMAN)},
                   reason=reason, details={"net": net})


def scenario1_level(state: State, data: GameData) -> tuple[str, str | None]:
    f = state.flags
    us = lambda t, both=False: (f.get(f"cherbourg_{t}") or [GERMAN, GERMAN])[:2 if both else 1]  # noqa: E731
    if all(s == ALLIED for s in us(2, True)):
        return "US Strategic victory", ALLIED
    if all(s == ALLIED for s in us(3)):
        return "US Operational victory", ALLIED
    if all(s == ALLIED for s in us(4)):
        return "US Marginal victory", ALLIED
    german_t4 = all(s == GERMAN for s in us(4))
    if f.get("german_entered_utah") and german_t4:
        return "German Strategic victory", GERMAN
    if german_t4 and south_supplied_divisions(state, data):
        return "German Operational victory", GERMAN
    if german_t4:
        return "German Marginal victory", GERMAN
    return "No victory", None


def south_supplied_divisions(state: State, data: GameData) -> bool:
    """Two German divisions, one of them the 17th SS, with a supply line to the south edge (§11.1)."""
    bad = supply.blocked(state, data, GERMAN)
    south = [h for h in data.areas.get("edge_south", ()) if h not in bad and supply.passable(data, h)]
    reach = spread(data.graph_neighbours, dict.fromkeys(south, None), enters=lambda h: supply.passable(data, h) and h not in bad)
    divisions = {data.values[u.id].division for u in state.units.values() if u.side == GERMAN and u.hex in reach
                 and (data.pack.counters[u.id].type in DIVISION_TYPES or data.values[u.id].division)}
    return "de-17-ss" in divisions and len(divisions - {None}) >= 2
