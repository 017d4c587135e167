"""§7.1 Allied Logistics: building the depots of the ports, the Mulberries and Cherbourg, and an
Allied depot destroyed by an enemy unit entering its hex (`normandy-1944@5`).

Sites (`SITES`, inferred: the text names the five beaches, the two Mulberries, St Laurent 0714 and
Arromanches 0711, and Cherbourg 0223; the minor ports are the pack map's `port` hexes; one depot a
beach, in the hex the scenarios use, and one depot a hex, so the Mulberry placed in a beach hex
takes the place of its beach depot).

Construction (§7.1, option Q40 `on_control`): it begins when the Allies take a site's hex during
play (its control passes to them, §0.2.2); a site they hold at the start is as the scenario sets
it up (inferred). The depot goes on the turn track for the pack's construction time
(`construction_times`, L326-337): each Logistics Phase after the capture accrues one turn while the
Allies control the hex and, for a port, the hex is outside any EZOC (L330, read at the Logistics
Phase, inferred); once none is left the depot is placed in that Logistics Phase, operational at
once. So an undelayed depot arrives in turn capture + time + 1 (W5). A beach depot opens at once
(§7.1.2). A Mulberry is placed reduced and turns full at the next Logistics Phase (§7.1.1); Cherbourg
reduced after 3 turns and full 3 turns later (§7.1.3, option Q39). When the Allies take Cherbourg
the German depot there ends (inferred: §7.2's depot is the German-held port).

Destruction (§7.1 L329): a German unit entering an Allied depot's hex (ending its move there or
moving through) destroys it, +10 VP to the
Germans for a depot of 0-1 Offensive capacity, +20 for 2+ (§11.3 L610-611: the depot counters'
capacity is not printed, the placeholder 1 of victory.py gives +10). Cherbourg is excepted (errata
B7, §7.1.3, option Q38): a German unit standing in the Allied port at two Logistics Phases running
(a full turn) turns it to its reduced side, and at two more it is destroyed. A destroyed site is
never built again (option `depot_rebuilt`: §7.1.1 says it of the Mulberries, inferred for the
others)."""
from __future__ import annotations

from domain.games.normandy import cite, errata, zoc
from domain.games.normandy.data import ALLIED, GERMAN, GameData, data_of
from domain.games.normandy.effects import (
    CherbourgOccupied, ConstructionBegun, ConstructionTurn, DepotChanged, PortFlipped, PortPlaced, UnitMoved,
)
from domain.games.normandy.losses import VP
from domain.games.normandy.model import Ports, State, ports_of
from domain.games.normandy.victory import DEPOT_CAPACITY_PLACEHOLDER
from domain.kernel.adjudication import Adjudication
from domain.kernel.citation import Citation
from domain.kernel.effects import LedgerPosted

CHERBOURG = "0223"
# hex -> (the depots built there, in the order they are placed; the nationality they land, §7.1, §8)
SITES: dict[str, tuple[tuple[str, ...], str]] = {
    "0617": (("beach",), "us"),  # Utah
    "0714": (("beach", "mulberry"), "us"),  # Omaha; St Laurent, Mulberry A (§7.1.1)
    "0711": (("beach", "mulberry"), "british"),  # Gold; Arromanches, Mulberry B (§7.1.1)
    "0708": (("beach",), "british"),  # Juno
    "0807": (("beach",), "british"),  # Sword (Ouistreham)
    "0709": (("minor_port",), "british"),  # Courseulles-sur-Mer
    "0713": (("minor_port",), "british"),  # Port-en-Bessin
    "0817": (("minor_port",), "us"),  # Isigny-sur-Mer
    CHERBOURG: (("cherbourg",), "us"),
}
RULES = {"beach": cite.MINOR_PORTS, "minor_port": cite.MINOR_PORTS, "mulberry": cite.MULBERRY, "cherbourg": cite.CHERBOURG_PORT}
GERMAN_VP_SMALL, GERMAN_VP_LARGE = 10, 20  # §11.3 L610-611: capacity 0-1, 2+
OCCUPIED_REDUCES, OCCUPIED_DESTROYS = 2, 4  # option Q38: a full turn, then 2 more


def site_cite(h: str) -> Citation:
    return cite.datum(f"port_sites:{h}", "inferred")


def at_start(state: State) -> Ports:
    """Scenario 2's Cherbourg is open on its reduced side (option `cobra_allied_depots`, inferred):
    it turns full 3 turns into the scenario (option Q39)."""
    d = state.depots.get(CHERBOURG)
    if d is None or d.side != ALLIED:
        return Ports()
    return Ports(reduced={CHERBOURG: state.core.clock.turn + int(state.core.options.get("Q39_cherbourg_full_after", 3))})


def times(data: GameData, kind: str) -> dict:
    return data.chart("construction_times")[kind]


def german_vp(adj: Adjudication, why: tuple[Citation, ...]) -> None:
    """§11.3 L610-611 for an Allied depot destroyed (its capacity a placeholder)."""
    points = GERMAN_VP_SMALL if DEPOT_CAPACITY_PLACEHOLDER <= 1 else GERMAN_VP_LARGE
    adj.emit(LedgerPosted(ledger=VP, owner=GERMAN, kind="credit", amount=points,
                          cite=(*why, cite.ALLIED_DEPOT_DESTROYED_VP, cite.datum("depot_capacity", "placeholder"))))


def sweep(adj: Adjudication, before: State) -> None:
    """After every ruling: Allied depots a German unit has entered are destroyed (§7.1 L329), and
    the sites the Allies took in it begin their construction (option Q40)."""
    state: State = adj.state
    p = ports_of(state)
    if p is None:
        return
    german = {u.hex for u in state.units.values() if u.side == GERMAN and u.hex is not None} | passed(adj, before)
    was = {u.hex for u in before.units.values() if u.side == GERMAN and u.hex is not None}
    for h, d in sorted(state.depots.items()):
        if d.side == ALLIED and h in german:
            if d.kind == "cherbourg":  # excepted: a German occupation, ruled at the Logistics Phase
                if h not in was:
                    adj.cite(cite.DEPOT_ENTERED, errata.cite_of("B7"), cite.CHERBOURG_OCCUPATION)
                continue
            why = (cite.DEPOT_ENTERED,)
            adj.emit(DepotChanged(hex=h, side=None, cite=why))
            german_vp(adj, why)
    for h in sorted(SITES):
        if before.control.get(h) != ALLIED and adj.state.control.get(h) == ALLIED:
            _taken(adj, h)


def passed(adj: Adjudication, before: State) -> set[str]:
    """The hexes German units moved through in this ruling ('entering', L329: a move through the
    hex enters it as much as one ending there)."""
    out: set[str] = set()
    for e in adj.effects:
        u = before.units.get(e.unit) if isinstance(e, UnitMoved) else None
        if u is not None and u.side == GERMAN:
            out.update(e.path[1:] if u.hex is not None and e.path[:1] == (u.hex,) else e.path)
    return out


def _taken(adj: Adjudication, h: str) -> None:
    state: State = adj.state
    data = data_of(adj)
    p = ports_of(state)
    assert p is not None
    if h in p.lost:
        adj.cite(cite.MULBERRY, cite.ruling("depot_rebuilt", False, "inferred"))
        return
    d = state.depots.get(h)
    if d is not None and d.side == GERMAN:  # Cherbourg: the German depot ends with the port (inferred)
        adj.emit(DepotChanged(hex=h, side=None, cite=(cite.GERMAN_DEPOTS, cite.CHERBOURG_PORT, site_cite(h))))
        d = None
    kinds, nat = SITES[h]
    for kind in kinds:
        why = (cite.CONSTRUCTION, RULES[kind], cite.ruling("Q40_construction_start", "on_control"), site_cite(h),
               cite.datum(f"table:construction_times:{kind}", "rulebook"))
        if kind == "beach":
            if d is None:
                adj.emit(PortPlaced(hex=h, kind=kind, nat=nat, cite=why))
        elif h not in p.building and not (d is not None and d.kind == kind):
            turns = int(times(data, kind)["turns"])
            adj.emit(ConstructionBegun(hex=h, kind=kind, turns=turns, due=state.core.clock.turn + turns + 1, cite=why))


def construct(adj: Adjudication) -> None:
    """§1.1.1.2 'The Allied player builds Ports' (§7.1): Cherbourg's occupation, the reduced ports
    turning full, then the construction turn of each site and the depots due placed."""
    state: State = adj.state
    p = ports_of(state)
    if p is None:
        return
    data = data_of(adj)
    turn = state.core.clock.turn
    _occupation(adj)
    now = ports_of(adj.state)
    assert now is not None
    for h, full_at in sorted(now.reduced.items()):
        if full_at is not None and full_at <= turn:
            kind = adj.state.depots[h].kind
            adj.emit(PortFlipped(hex=h, face="full", cite=(RULES.get(kind, cite.CONSTRUCTION),)
                                 + ((cite.ruling("Q39_cherbourg_full_after", state.core.options.get("Q39_cherbourg_full_after", 3)),)
                                    if kind == "cherbourg" else ())))
    ez = zoc.ezoc(adj.state, data, ALLIED)
    for h, b in sorted(p.building.items()):
        nat = SITES[h][1]
        rule: tuple[Citation, ...] = (cite.CONSTRUCTION, RULES[b.kind], site_cite(h))
        held = adj.state.control.get(h) == ALLIED and not any(u.hex == h and u.side == GERMAN for u in adj.state.units.values())
        if b.left == 0 and held:
            t = times(data, b.kind)
            reduced = t["initial"] == "reduced"
            full_at = turn + int(t["full_after"]) if reduced else None
            if b.kind == "cherbourg":
                full_at = turn + int(state.core.options.get("Q39_cherbourg_full_after", 3))
                rule += (cite.ruling("Q39_cherbourg_full_after", full_at - turn),)
            adj.emit(PortPlaced(hex=h, kind=b.kind, nat=nat, reduced=reduced, full_at=full_at,
                                cite=rule + (cite.datum(f"table:construction_times:{b.kind}", "rulebook"),)))
            continue
        in_ezoc = h in ez and b.kind != "beach"
        accrued = held and not in_ezoc and b.left > 0
        adj.emit(ConstructionTurn(hex=h, left=b.left - 1 if accrued else b.left, accrued=accrued,
                                  cite=rule + ((cite.CONSTRUCTION_EZOC,) if in_ezoc else ())
                                  + (() if held else (cite.ruling("Q40_construction_start", "on_control"),))))


def _occupation(adj: Adjudication) -> None:
    """Option Q38: a German unit in the Allied port of Cherbourg at two Logistics Phases running
    halves it (its reduced side); at two more it is eliminated."""
    state: State = adj.state
    p = ports_of(state)
    d = state.depots.get(CHERBOURG)
    if p is None or d is None or d.side != ALLIED:
        return
    held = any(u.side == GERMAN and u.hex == CHERBOURG for u in state.units.values())
    n = p.occupied + 1 if held else 0
    why = (cite.CHERBOURG_OCCUPATION, errata.cite_of("B7"), cite.ruling("Q38_cherbourg_occupation", "halve_then_destroy"))
    if n != p.occupied:
        adj.emit(CherbourgOccupied(phases=n, cite=why))
    if n >= OCCUPIED_DESTROYS:
        adj.emit(DepotChanged(hex=CHERBOURG, side=None, cite=why))
        german_vp(adj, why)
    elif n == OCCUPIED_REDUCES and p.reduced.get(CHERBOURG, 0) is not None:
        adj.emit(PortFlipped(hex=CHERBOURG, face="reduced", cite=why))
