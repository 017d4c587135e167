"""§1.1.1.1 Air Availability and §9 Allied Airpower (`normandy-1944@3`): the three cups (HB 6, MB
4, FB 12, §11), the AFAT draws by the turn's weather without replacement (the kernel's dice, one
roll a draw), the mandatory FBAT roll tying fighter-bombers up in air superiority (the Allied
player chooses which), the Available and Finished boxes, a storm cancelling the missions
(§1.1.1.1), and the counters' return to their cups at the turn end (§1.1.5) - a carpet-bombing HB
two turns later, or never from a town it left in rubble (§9.4).

What the text does not print, each cited as a placeholder by the rulings that use it: the AFAT and
FBAT values (the pack's `afat` and `fbat` charts), and the counters themselves - which of each cup
are US (8th/9th Air Force) and which British (Bomber Command, 2nd TAC), and their bombardment
values (`COUNTERS`). The 85th Aviation Group is drawn as an FB but used as an MB (countersheet
errata, L590). Scenario 1 flies US missions only, at 50% (L479): only the US counters are in its
cups and each AFAT draw is halved, rounded up as the same scenario rounds its markers (option
`sc1_air_share`); it uses no heavy bombers (option Q32).

Tactical interdiction (§9.2) needs the interdiction zones of the printed map, which the pack does
not hold; strategic interdiction (§9.5) needs the off-map layer: both missions are refused
`not_built`."""
from __future__ import annotations

from typing import NamedTuple

from domain.games.normandy import cite
from domain.games.normandy.data import ALLIED, GameData, data_of, pack_of
from domain.games.normandy.effects import AirAssigned, AirDrawn, AirReturned, NavalPoints
from domain.games.normandy.model import Air, State, State3, air_of, offmap_of
from domain.games.normandy.orders import AssignAir
from domain.kernel.adjudication import Adjudication
from domain.kernel.citation import Citation
from domain.kernel.commands import Order, Reject

CUP, AVAILABLE, SUPERIORITY, FINISHED = "cup", "available", "superiority", "finished"
BOXES = (CUP, AVAILABLE, SUPERIORITY, FINISHED)
TYPES = ("HB", "MB", "FB")
SUPERIORITY_MISSION = "air_superiority"
NOT_BUILT_MISSIONS = {
    "tactical_interdiction": ("the Interdiction Tactique zones (§9.2) are drawn on the printed map and not in the pack",
                              cite.TACTICAL_INTERDICTION),
    "strategic_interdiction": ("strategic interdiction delays German moves on the strategic map (§9.5, §4.1.2), whose "
                               "off-map layer is not built", cite.STRATEGIC_INTERDICTION),
}


class Counter(NamedTuple):
    cup: str  # the cup it is drawn from (HB, MB, FB)
    nat: str  # us or british: air units support land troops of their own nationality (§8)
    use: str  # how it flies: HB, MB or FB
    points: int  # bombardment value (HB, MB); 0 for a fighter-bomber
    prov: str  # placeholder, or rulebook for what the text fixes


def _cup(kind: str, nat: str, n: int, points: int, first: int = 1) -> dict[str, Counter]:
    return {f"{kind.lower()}-{nat[:2]}-{i}": Counter(kind, nat, kind, points, "placeholder") for i in range(first, first + n)}


# The text prints the cups' sizes (L461) and no counter: the US/British split and the bombardment
# values are placeholders (digest §2.9: "no per-counter values in the text").
HB_POINTS, MB_POINTS, MOSQUITO_POINTS = 4, 2, 1
COUNTERS: dict[str, Counter] = {
    **_cup("HB", "us", 3, HB_POINTS), **_cup("HB", "british", 3, HB_POINTS),
    **_cup("MB", "us", 2, MB_POINTS), **_cup("MB", "british", 2, MB_POINTS),
    **_cup("FB", "us", 6, 0), **_cup("FB", "british", 5, 0),
    "fb-br-85": Counter("FB", "british", "MB", MOSQUITO_POINTS, "rulebook"),  # L590: drawn as FB, used as MB
}


def datum(cid: str) -> Citation:
    return cite.datum(f"air:{cid}", COUNTERS[cid].prov)


def in_play(scenario: str, options: dict) -> dict[str, str]:
    """Genesis: every counter of the scenario in its cup (the campaign's night start is Turn 0's)."""
    hb = bool(options.get("Q32_sc1_heavy_bombers", False)) or scenario != "1"
    return {c: CUP for c, v in sorted(COUNTERS.items())
            if (scenario != "1" or v.nat == "us") and (v.cup != "HB" or hb)}


def naval_points(adj: Adjudication) -> dict[str, int]:
    """Option Q54: the Naval Bombardment track's points are the turn's; only Scenario 1 prints any (L478)."""
    navy = pack_of(adj).scenarios[adj.state.core.scenario].options.get("navy") or {}
    return {f"{tf}:{kind}": int(n) for tf, kinds in sorted(navy.items()) for kind, n in sorted(kinds.items())}


def is_fighter(cid: str) -> bool:
    return COUNTERS[cid].use == "FB"


def owner_of_nat(state: State, nat: str) -> str:
    """The Allied seat of a nationality (Cobra's US and British seats), or the side's only seat."""
    seats = state.core.layout.seats_of(ALLIED)
    return nat if nat in seats else seats[0]


def owner(state: State, cid: str) -> str:
    return owner_of_nat(state, COUNTERS[cid].nat)


def where(air: Air, box: str, *, nat: str | None = None, use: str | None = None) -> list[str]:
    return sorted(c for c, b in air.at.items() if b == box and (nat is None or COUNTERS[c].nat == nat)
                  and (use is None or COUNTERS[c].use == use))


def draws(state: State, data: GameData, weather: str, cup: str) -> tuple[int, tuple[Citation, ...]]:
    n = int(data.chart("afat")[weather][cup])
    why: tuple[Citation, ...] = (cite.datum(f"table:afat:{weather}:{cup}", "placeholder"),)
    if state.core.scenario == "1":
        n = -(-n // 2) if state.core.options.get("sc1_air_share", "half_rounded_up") == "half_rounded_up" else n // 2
        why += (cite.SCENARIO_1, cite.ruling("sc1_air_share", state.core.options.get("sc1_air_share", "half_rounded_up"),
                                            "inferred: 50% of the US missions, rounded up as the markers"))
    return n, why


def availability(adj: Adjudication) -> bool:
    """The Air Availability Phase: the naval track for the turn, the AFAT draws, the FBAT roll;
    True when the Allies must choose the fighter-bombers for air superiority."""
    state = adj.state
    assert isinstance(state, State3)
    data = data_of(adj)
    navy = naval_points(adj)
    if navy or state.air.naval:
        adj.emit(NavalPoints(points=navy, cite=(cite.BOMBARDMENT, cite.SCENARIO_1, cite.ruling("Q54_naval_track_per", "turn"))))
    drawn: list[str] = []
    why: list[Citation] = [cite.AIR_AVAILABILITY, cite.AIRPOWER, cite.SCENARIOS, cite.ruling("Q03_air_assignment", "once_per_turn")]
    for kind in TYPES:
        cup = where(state.air, CUP)
        cup = [c for c in cup if COUNTERS[c].cup == kind]
        n, w = draws(state, data, state.weather, kind)
        why += [x for x in w if x not in why]
        if n >= len(cup):
            drawn += cup
            continue
        for _ in range(n):
            r = adj.roll(len(cup), f"AFAT draw from the {kind} cup")
            drawn.append(cup.pop(r.face - 1))
    why += [datum(c) for c in sorted(drawn)]
    fighters = [c for c in drawn if is_fighter(c)]
    roll, due = None, 0
    if fighters:
        roll = adj.roll(6, "FBAT").face
        due = min(len(fighters), int(data.chart("fbat")[str(roll)]["fb_air_superiority"]))
        why.append(cite.datum(f"table:fbat:{roll}", "placeholder"))
    adj.emit(AirDrawn(weather=state.weather, drawn=tuple(sorted(drawn)), fbat_roll=roll, superiority=due, cite=tuple(why)))
    if due and due == len(fighters):  # no choice: every fighter-bomber drawn flies air superiority
        for c in sorted(fighters):
            adj.emit(AirAssigned(counter=c, mission=SUPERIORITY_MISSION, cite=(cite.AIR_AVAILABILITY,)))
    if offmap_of(adj.state) is not None and where(adj.state.air, AVAILABLE):
        return True  # version 4: the Allies may send counters to strategic interdiction (§9.5)
    return adj.state.air.superiority_due > 0


def legal(state: State, seat: str) -> list[Order]:
    air = air_of(state)
    if air is None:
        return []
    if air.superiority_due:
        return [AssignAir(counter=c, mission=SUPERIORITY_MISSION) for c in where(air, AVAILABLE, use="FB") if owner(state, c) == seat]
    if offmap_of(state) is None:
        return []
    out: list[Order] = []
    boxes = sorted({b for b in STRATEGIC_BOXES})
    for c in where(air, AVAILABLE):
        if owner(state, c) != seat:
            continue
        for b in boxes:
            there = [x for x, at in air.at.items() if at == f"{STRATEGIC}:{b}"]
            if all(COUNTERS[x].cup == COUNTERS[c].cup for x in there) and len(there) < STRATEGIC_LIMITS[COUNTERS[c].cup]:
                out.append(AssignAir(counter=c, mission=f"{STRATEGIC}:{b}"))
    return out


def can_end(state: State, seat: str) -> bool:
    """A seat is done once air superiority is manned, or when it has no fighter-bomber left to send."""
    return not any(isinstance(o, AssignAir) and o.mission == SUPERIORITY_MISSION for o in legal(state, seat))


def assign(adj: Adjudication, seat: str, order: AssignAir) -> None:
    state = adj.state
    air = air_of(state)
    assert air is not None
    if order.mission.startswith(STRATEGIC + ":") and offmap_of(state) is not None:
        return strategic(adj, seat, order)
    if order.mission in NOT_BUILT_MISSIONS:
        why, rule = NOT_BUILT_MISSIONS[order.mission]
        raise Reject("not_built", f"The {order.mission} mission is not built in {adj.ruleset.id}: {why}.", rule)
    if order.mission != SUPERIORITY_MISSION:
        raise Reject("bad_mission", "Drawn counters are Available for TAS and bombing (§1.1.1.1); the mission to assign "
                     f"is {SUPERIORITY_MISSION}.", cite.AIR_AVAILABILITY, missions=[SUPERIORITY_MISSION, *NOT_BUILT_MISSIONS])
    if air.at.get(order.counter) != AVAILABLE or not is_fighter(order.counter) or owner(state, order.counter) != seat:
        raise Reject("not_available", f"{order.counter} is not one of your Available fighter-bombers.", cite.AIR_AVAILABILITY)
    if not air.superiority_due:
        raise Reject("superiority_manned", "Air superiority has the fighter-bombers the FBAT asked for.", cite.AIR_AVAILABILITY)
    adj.emit(AirAssigned(counter=order.counter, mission=SUPERIORITY_MISSION, cite=(cite.AIR_AVAILABILITY, cite.AIRPOWER, datum(order.counter))))


STRATEGIC = "strategic_interdiction"
STRATEGIC_LIMITS = {"HB": 1, "MB": 2, "FB": 2}
# The boxes German units leave (the Strategic Movement Map's, pack `map.boxes` with lines); the
# data is bound at ruling time, the listing reads the names here (checked against the pack by a test).
STRATEGIC_BOXES = ("box-alencon", "box-avranches-approach", "box-brest", "box-languedoc", "box-le-mans", "box-lorient",
                   "box-orleans", "box-paris", "box-pas-de-calais", "box-rennes", "box-rouen", "box-south-east")  # §9.5: one HB, or one or two MB, or one or two FB (a box, option Q42)


def strategic(adj: Adjudication, seat: str, order: AssignAir) -> None:
    """§9.5 (version 4): an Available counter to a box of the Strategic Movement Map, where its bombs
    add to the German interdiction rolls (offmap.py); one kind a box, within §9.5's numbers."""
    state = adj.state
    air = air_of(state)
    assert air is not None
    box = order.mission.split(":", 1)[1]
    if box not in data_of(adj).box_links:
        raise Reject("not_a_box", f"{box} is not a box of the Strategic Movement Map.", cite.STRATEGIC_INTERDICTION)
    if air.at.get(order.counter) != AVAILABLE or owner(state, order.counter) != seat:
        raise Reject("not_available", f"{order.counter} is not one of your Available air counters.", cite.AIR_AVAILABILITY)
    if air.superiority_due:
        raise Reject("superiority_first", "Air superiority takes its fighter-bombers first (§1.1.1.1).", cite.AIR_AVAILABILITY)
    kind = COUNTERS[order.counter].cup
    there = [c for c, b in air.at.items() if b == order.mission]
    if any(COUNTERS[c].cup != kind for c in there) or len(there) >= STRATEGIC_LIMITS[kind]:
        raise Reject("box_full", f"A box takes one HB, or one or two MB, or one or two FB (§9.5); {box} has {', '.join(there)}.",
                     cite.STRATEGIC_INTERDICTION)
    adj.emit(AirAssigned(counter=order.counter, mission=order.mission, cite=(cite.STRATEGIC_INTERDICTION, cite.AIRPOWER,
                                                                          cite.ruling("Q42_strategic_interdiction_per", "box"), datum(order.counter))))


def storm(adj: Adjudication) -> None:
    """§1.1.1.1: a storm cancels the air missions (Available to Finished) and the naval support."""
    state = adj.state
    air = air_of(state)
    if air is None or not state.storm:
        return
    ready = where(air, AVAILABLE)
    if ready:
        adj.emit(AirReturned(counters=tuple(ready), to=FINISHED, cite=(cite.STORM,)))
    if any(air.naval.values()):
        adj.emit(NavalPoints(points=dict.fromkeys(air.naval, 0), cite=(cite.STORM,)))


def turn_end(adj: Adjudication) -> None:
    """§1.1.5: the air counters go back to their cups; a carpet-bombing HB waits for its turn (§9.4)."""
    air = air_of(adj.state)
    if air is None:
        return
    turn = adj.state.core.clock.turn
    back = sorted(c for c, b in air.at.items() if b in (AVAILABLE, SUPERIORITY, FINISHED) or b.startswith(STRATEGIC + ":")
                  or (b.startswith("turn:") and int(b[5:]) <= turn + 1))
    if back:
        adj.emit(AirReturned(counters=tuple(back), to=CUP, cite=(cite.TURN_END,) + (
            (cite.CARPET_BOMBING,) if any(air.at[c].startswith("turn:") for c in back) else ())))


def rubble(state: State) -> dict[str, int]:
    """§9.4: +2 MP a hex per heavy bomber left on a town."""
    air = air_of(state)
    out: dict[str, int] = {}
    for b in (air.at.values() if air else ()):
        if b.startswith("rubble:"):
            out[b[7:]] = out.get(b[7:], 0) + RUBBLE_MP
    return out


RUBBLE_MP = 2
