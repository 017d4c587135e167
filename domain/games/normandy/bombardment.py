"""§6.2 Bombardment, §9.3 medium bombers, §9.4 carpet bombing (`normandy-1944@3`).

Before an attack is resolved, the Allies may bombard - when they attack, the defending hex; when
they defend, an attacking stack (§9.3) - with the air counters Available of the nationality in the
combat (§8), and, in Scenario 1, the Western Task Force's points (L478: US only, within 3 hexes of
its coast for battle cruisers, 2 for destroyers). One aerial and one naval bombardment a hex per
combat phase; their points never add up. The die on the Bombardment Table by the points spent: +1
when medium bombers give at least half the points (§9.3), -1 against a garrison (§0.1.2); the
result Affects the whole stack for the combat under way (§6.5); an A2 stack Affected again takes a
level of disorganisation instead, a D2 unit a step.

Carpet bombing (§9.4): heavy bombers with any medium bombers, once a turn per nationality; +2 VP
to the German per heavy bomber; the heavy bombers are back two turns later, or stay on a town as
rubble (+2 MP there, air.RUBBLE_MP). Splitting one carpet bombing over two hexes is not built
(`bombard` names one hex). No bombardment in a storm (§6.2). The Bombardment Table and the
counters' values are placeholders (the pack's `bombardment` chart, air.COUNTERS), cited as such.
A bombardment outside a combat (Art 9.3, Q&A 52: any hex next to a friendly unit) is not offered:
its Affected result would end with the combat it is not part of."""
from __future__ import annotations

from domain.games.normandy import air, cite, losses
from domain.games.normandy.data import ALLIED, GERMAN, GameData, data_of
from domain.games.normandy.effects import AirAsked, Bombarded
from domain.games.normandy.model import Combat, State, air_of
from domain.games.normandy.orders import Bombard
from domain.games.normandy.units import is_combat
from domain.kernel.adjudication import Adjudication
from domain.kernel.citation import Citation
from domain.kernel.commands import Order, Reject
from domain.kernel.core import Frame
from domain.kernel.effects import LedgerPosted

TASK_FORCES = {"us": "WTF", "british": "ETF"}  # §6.2: WTF supports US units only, ETF British/Canadian
RANGES = {"battle_cruisers": 3, "destroyers": 2}
CARPET_VP = 2  # §9.4: each HB used gives +2 VP to the German
TOWNS = ("town", "city", "village")
HB_RETURN = 2  # §9.4: available two turns later


def allied_in(state: State, data: GameData, c: Combat) -> tuple[bool, str] | None:
    """Whether the Allies attack, and the nationality of their units in the combat (§8)."""
    ours = c.attackers if state.units[c.attackers[0]].side == ALLIED else c.defenders
    units = [u for u in ours if state.units[u].side == ALLIED]
    if not units:
        return None
    return state.units[c.attackers[0]].side == ALLIED, data.values[units[0]].nat


def targets(state: State, c: Combat, attacking: bool) -> list[str]:
    return [c.hex] if attacking else sorted({h for h in (state.units[a].hex for a in c.attackers) if h is not None})


def naval_in_range(state: State, data: GameData, nat: str, h: str) -> dict[str, int]:
    a = air_of(state)
    tf = TASK_FORCES[nat]
    coast = data.areas.get(f"coast_{tf.lower()}", ())
    if a is None or not coast:
        return {}
    near = min(data.distance(h, x) for x in coast)
    return {k: n for k, n in sorted(a.naval.items()) if k.startswith(f"{tf}:") and n > 0 and near <= RANGES[k.split(":")[1]]}


def choices(state: State, data: GameData) -> list[Bombard]:
    """Every bombardment the Allies may make before the combat under way, in full strength."""
    a = air_of(state)
    c = state.combat
    if a is None or c is None or state.storm or "bombard" in a.asked:
        return []
    who = allied_in(state, data, c)
    if who is None:
        return []
    attacking, nat = who
    out: list[Bombard] = []
    mb = air.where(a, air.AVAILABLE, nat=nat, use="MB")
    hb = air.where(a, air.AVAILABLE, nat=nat, use="HB")
    for h in targets(state, c, attacking):
        if f"air:{h}" not in a.bombed:
            if mb:
                out.append(Bombard(hex=h, kind="air", counters=tuple(mb)))
            if hb and nat not in a.carpet:
                out.append(Bombard(hex=h, kind="carpet", counters=tuple(hb + mb)))
        naval = naval_in_range(state, data, nat, h)
        if naval and f"naval:{h}" not in a.bombed:
            tf = TASK_FORCES[nat]
            out.append(Bombard(hex=h, kind="naval", battle_cruisers=naval.get(f"{tf}:battle_cruisers", 0),
                               destroyers=naval.get(f"{tf}:destroyers", 0)))
    return out


def offer(adj: Adjudication) -> bool:
    state: State = adj.state
    data = data_of(adj)
    options = choices(state, data)
    if not options:
        return False
    c = state.combat
    assert c is not None
    who = allied_in(state, data, c)
    assert who is not None
    adj.open_frame("bombardment", (air.owner_of_nat(state, who[1]),), optional=True,
                   prompt={"hex": c.hex, "targets": sorted({o.hex for o in options}), "kinds": sorted({o.kind for o in options})},
                   cite=(cite.BOMBARDMENT, cite.AIR_BOMBARDMENT))
    return True


def legal(state: State, data: GameData, frame: Frame) -> list[Order]:
    c = state.combat
    decline = Bombard(frame=frame.id, hex=c.hex if c else "", kind="none")
    return [decline, *(Bombard(frame=frame.id, hex=o.hex, kind=o.kind, counters=o.counters, battle_cruisers=o.battle_cruisers,
                               destroyers=o.destroyers) for o in choices(state, data))]


def answer(adj: Adjudication, seat: str, order: Bombard, frame: Frame) -> None:
    state: State = adj.state
    data = data_of(adj)
    if order.kind == "none":
        adj.close_frame(frame, {seat: None}, cite=(cite.BOMBARDMENT,))
        adj.emit(AirAsked(step="bombard", cite=(cite.BOMBARDMENT,)))
        return
    allowed = next((o for o in choices(state, data) if o.hex == order.hex and o.kind == order.kind), None)
    if allowed is None:
        raise Reject("bad_bombardment", "Bombard one of the listed targets with a listed kind (one aerial and one naval "
                     "bombardment a hex per combat phase, none in a storm), or none.", cite.BOMBARDMENT)
    a = air_of(state)
    assert a is not None
    if order.kind == "naval":
        spent = {k: n for k, n in ((f"{TASK_FORCES[order_nat(state, data)]}:battle_cruisers", order.battle_cruisers),
                                    (f"{TASK_FORCES[order_nat(state, data)]}:destroyers", order.destroyers)) if n}
        if not spent or any(n < 0 or n > naval_in_range(state, data, order_nat(state, data), order.hex).get(k, 0)
                            for k, n in spent.items()):
            raise Reject("bad_naval_points", "Spend points the task force has left, in range of the hex.", cite.BOMBARDMENT,
                         available=naval_in_range(state, data, order_nat(state, data), order.hex))
        adj.close_frame(frame, {seat: order.kind}, cite=(cite.BOMBARDMENT,))
        resolve(adj, order.hex, "naval", {}, spent)
        return
    wanted = set(order.counters)
    if not wanted or not wanted <= set(allowed.counters) or len(wanted) != len(order.counters):
        raise Reject("bad_bombers", f"Bombard with Available bombers of the nationality in the combat: "
                     f"{', '.join(allowed.counters)}.", cite.AIR_BOMBARDMENT, counters=list(allowed.counters))
    if order.kind == "carpet" and not any(air.COUNTERS[x].use == "HB" for x in wanted):
        raise Reject("no_heavy_bomber", "A carpet bombing uses heavy bombers (§9.4).", cite.CARPET_BOMBING)
    if order.kind == "air" and any(air.COUNTERS[x].use == "HB" for x in wanted):
        raise Reject("heavy_bomber_is_carpet", "Heavy bombers bomb as a carpet bombing (§9.4).", cite.CARPET_BOMBING)
    adj.close_frame(frame, {seat: order.kind}, cite=(cite.BOMBARDMENT,))
    resolve(adj, order.hex, order.kind, {x: destination(state, data, x, order.hex, order.kind) for x in sorted(wanted)}, {})


def order_nat(state: State, data: GameData) -> str:
    c = state.combat
    assert c is not None
    who = allied_in(state, data, c)
    assert who is not None
    return who[1]


def destination(state: State, data: GameData, cid: str, h: str, kind: str) -> str:
    if kind == "carpet" and air.COUNTERS[cid].use == "HB":
        hx = data.hexes[h]
        if hx.terrain in TOWNS or any(f in TOWNS for f in hx.features):
            return f"rubble:{h}"
        return f"turn:{state.core.clock.turn + HB_RETURN}"
    return air.FINISHED


def row_of(data: GameData, points: int) -> str:
    for key in data.chart("bombardment"):
        lo, _, hi = key.partition("-")
        if key.endswith("+") and points >= int(key[:-1]) or hi and int(lo) <= points <= int(hi):
            return key
    raise ValueError(points)


def resolve(adj: Adjudication, h: str, kind: str, counters: dict[str, str], naval: dict[str, int]) -> None:
    state: State = adj.state
    data = data_of(adj)
    a = air_of(state)
    assert a is not None
    why: list[Citation] = [cite.BOMBARDMENT, cite.DISORGANISED]
    if kind == "naval":
        points = sum(naval.values())
        mb_share = False
        why += [cite.SCENARIO_1, cite.ruling("Q54_naval_track_per", "turn")]
    else:
        points = sum(air.COUNTERS[x].points for x in counters)
        mb_share = 2 * sum(air.COUNTERS[x].points for x in counters if air.COUNTERS[x].use == "MB") >= points
        why += [cite.AIR_BOMBARDMENT, cite.errata("Q&A 52", 387)]
        why += [air.datum(x) for x in counters]
        if kind == "carpet":
            why.append(cite.CARPET_BOMBING)
    drm = (1 if mb_share else 0) - (1 if any(data.values[u.id].cls == "garrison" for u in state.units.values() if u.hex == h) else 0)
    if drm:
        why.append(cite.datum("table:bombardment_drm", "rulebook"))
    roll = adj.roll(6, f"{kind} bombardment of {h}").face
    key = row_of(data, points)
    result = str(data.chart("bombardment")[key][str(max(1, min(6, roll + drm)))])
    why.append(cite.datum(f"table:bombardment:{key}:{max(1, min(6, roll + drm))}", "placeholder"))
    hit = int(result[1:]) if result.startswith("A") else 0
    before = a.affected.get(h, 0)
    level = min(2, before + hit)
    nat = order_nat(state, data)
    adj.emit(Bombarded(hex=h, kind=kind, counters=counters, naval=naval, points=points, roll=roll, drm=drm, result=result,
                       level=level, nat=nat, cite=tuple(why)))
    for _ in range(before + hit - level):  # §6.5: an A2 stack Affected again is disorganised instead
        for u in sorted(x.id for x in adj.state.units.values() if x.hex == h and is_combat(data, x.id)):
            losses.disorganise(adj, u, (cite.DISORGANISED,))
    heavy = sum(1 for x in counters if air.COUNTERS[x].use == "HB")
    if heavy:
        adj.emit(LedgerPosted(ledger=losses.VP, owner=GERMAN, kind="credit", amount=CARPET_VP * heavy, cite=(cite.CARPET_BOMBING,)))
