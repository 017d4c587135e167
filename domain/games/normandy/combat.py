"""§1.1.3 Combat Phase and §6 Combat: HQs are activated one by one, each choosing Pass or Combat
(a supported HQ spending one Offensive marker, §1.1.3; none in turns 0-1, §10); the units it
controls (§5.1) attack adjacent hexes, one attack per unit and one defence per hex a phase (§6.1).

An attack: declared; the inactive side may give defensive support (§5.3, a decision frame); odds
rounded for the defender, read between 1:3 and 6:1 (§6.3); the active player's right shifts (HQ
bonus, the defender's disorganisation), then the inactive player's left shifts (terrain with the
defender's choice of town or village, §2.2; the attacker's disorganisation, its worst stack, §6.5;
defensive support); the die with the elite modifier; the result (losses.py, retreat.py)."""
from __future__ import annotations

from domain.games.normandy import cite, command, losses, retreat, siege, tas
from domain.games.normandy.data import GERMAN, GameData, data_of
from domain.games.normandy.effects import ActivationEnded, AttackDeclared, AttackResolved, DefensiveSupport, HQActed, HQDestroyed, StepNotRuled
from domain.games.normandy.model import (
    Combat, State, air_of, confused, exploitation_of, offmap_of, overrun_of, place_of, reserve_of, rest_of, withheld_of,
)
from domain.games.normandy.orders import ActivateHQ, Attack, EndActivation, Overrun, Support
from domain.games.normandy.units import attack as attack_value, defense as defense_value, is_combat, is_hq, owns, seat_of
from domain.kernel.adjudication import Adjudication
from domain.kernel.assessment import Assessment
from domain.kernel.citation import Citation
from domain.kernel.commands import Order, Reject
from domain.kernel.core import Frame

SUPPORT_RANGE = 2  # §5.3, inclusive (Art 5.3)
DEFENSIVE_SHIFT = 1  # §5.3: a defensive support is limited to one column shift
TERRAIN_CHOICES = ("village", "town", "city", "port", "beach")  # hex features with their own TEC row


def no_marker_needed(state: State) -> bool:
    return state.core.clock.turn <= 1  # §10: turns 0 and 1 (option Q45: no support needed either)


def can_activate(state: State, data: GameData, hq: str) -> bool:
    u = state.units[hq]
    return _placed(data, u) and not u.finished and hq not in state.acted and (u.markers > 0 or no_marker_needed(state))


def _placed(data: GameData, u) -> bool:
    """On the map, or (version 4) in a box of the Strategic Movement Map (§5.1, §6.12)."""
    return u.hex is not None or (u.box is not None and u.box in data.box_links)


def legal(state: State, data: GameData, seat: str) -> list[Order]:
    side = state.core.layout.side_of(seat)
    if state.active_hq is None:
        out: list[Order] = []
        for u in sorted(state.units.values(), key=lambda x: x.id):
            if u.side == side and _placed(data, u) and is_hq(data, u.id) and u.id not in state.acted and owns(state, data, seat, u.id):
                out.append(ActivateHQ(hq=u.id, action="pass"))
                if can_activate(state, data, u.id):
                    out.append(ActivateHQ(hq=u.id, action="combat"))
        return out
    if not owns(state, data, seat, state.active_hq):
        return []
    return [*attacks(state, data), EndActivation()]


def eligible_attackers(state: State, data: GameData) -> list[str]:
    """The activated HQ's units that may still attack: in version 4, not those in Reserve (option
    Q52), and in an Exploitation only the Reserve stacks it activated (§6.8)."""
    hq = state.active_hq
    x = exploitation_of(state)
    waiting = reserve_of(state)
    pool = x.units if x is not None else [uid for uid, h in state.controlled.items() if h == hq and uid not in waiting]
    resting = rest_of(state)  # version 5: units under a Rest marker may not attack (§1.1.1.3)
    return sorted(uid for uid in pool if place_of(state.units[uid]) is not None
                  and uid not in state.attacked and attack_value(data, state.units[uid]) > 0 and uid not in resting)


def attacked_hexes(state: State) -> tuple[str, ...]:
    """The hexes that may not be attacked again: this phase's, or in an Exploitation the hexes its own
    attacks hit (§6.1: breakthrough attacks are not counted)."""
    x = exploitation_of(state)
    return x.defended if x is not None else state.defended


def attacks(state: State, data: GameData) -> list[Attack]:
    """For each enemy hex next to the HQ's units and not yet attacked: an attack by all of them."""
    side = state.units[state.active_hq or ""].side
    ready = eligible_attackers(state, data)
    done = attacked_hexes(state)
    targets: dict[str, list[str]] = {}
    here = confused(state)
    for uid in ready:
        at = place_of(state.units[uid]) or ""
        if at in here:  # §6.11, §6.12 (version 4): the units in a Confusion place fight there, and only there
            if at not in done and at not in assaulted(state):
                targets.setdefault(at, []).append(uid)
            continue
        for n in data.neighbours(state.units[uid].hex or ""):
            if n not in done and n not in here and any(u.hex == n and u.side != side for u in state.units.values()):
                targets.setdefault(n, []).append(uid)
        box = state.units[uid].box
        for f, holder in data.festungs.items():  # version 4: a Festung attacked from its holding box (§6.13)
            if box == holder and f not in state.defended and festung_open(state, data, f, side):
                targets.setdefault(f, []).append(uid)
    out = [Attack(units=tuple(sorted(us)), hex=h) for h, us in sorted(targets.items())]
    return [a for a in out if a.hex not in data.box_links or set(a.units) == set(all_in_box(state, data, side, a.hex))]


def assaulted(state: State) -> tuple[str, ...]:
    om = offmap_of(state)
    return om.assaulted if om is not None else ()


def festung_open(state: State, data: GameData, festung: str, side: str) -> bool:
    """A Festung the Allies may attack: standing or held, its holding box free of German units outside
    it (inferred)."""
    holder = data.festungs[festung]
    return side != GERMAN and (siege.standing(state, festung) or bool(siege.occupants(state, data, festung))) and not any(
        u.box == holder and u.side != side for u in state.units.values())


def all_in_box(state: State, data: GameData, side: str, box: str) -> tuple[str, ...]:
    """§6.12: every unit of the side in the box attacks (no attacking unit may be left out)."""
    return tuple(sorted(u.id for u in state.units.values() if u.box == box and u.side == side and is_combat(data, u.id)
                        and attack_value(data, u) > 0))


def activate(adj: Adjudication, seat: str, order: ActivateHQ) -> None:
    state: State = adj.state
    data: GameData = data_of(adj)
    u = state.units.get(order.hq)
    if u is None or not is_hq(data, order.hq) or not owns(state, data, seat, order.hq) or not _placed(data, u):
        raise Reject("not_your_hq", f"{order.hq} is not an HQ of yours on the map.", cite.COMBAT_PHASE)
    if state.active_hq is not None:
        raise Reject("activation_under_way", f"Finish {state.active_hq}'s activation first.", cite.COMBAT_PHASE)
    if order.hq in state.acted:
        raise Reject("hq_already_acted", f"{order.hq} has already acted this phase.", cite.COMBAT_PHASE)
    if order.action == "pass":
        adj.emit(HQActed(hq=order.hq, action="pass", cite=(cite.COMBAT_PHASE,)))
        return
    if u.finished:
        raise Reject("hq_finished", f"{order.hq} is on its finished side.", cite.HQ)
    if u.markers <= 0 and not no_marker_needed(state):
        raise Reject("hq_not_supported", f"{order.hq} is not supported: Combat needs an Offensive marker stacked with it.",
                     cite.COMBAT_PHASE)
    spent = not no_marker_needed(state)
    controls = command.controllable(state, data, order.hq)
    adj.emit(HQActed(hq=order.hq, action="combat", marker_spent=spent, controls=controls,
                     cite=(cite.COMBAT_PHASE, cite.CONTROL, cite.CONTROL_ERRATA) + (() if spent else (cite.DDAY_TURNS_0_1,))))


def end_activation(adj: Adjudication, seat: str) -> None:
    state: State = adj.state
    if state.active_hq is None or not owns(state, data_of(adj), seat, state.active_hq):
        raise Reject("no_activation", "No HQ of yours is activated.", cite.COMBAT_PHASE)
    adj.emit(ActivationEnded(hq=state.active_hq, cite=(cite.COMBAT_PHASE,)))


def attack(adj: Adjudication, seat: str, order: Attack) -> None:
    state: State = adj.state
    data: GameData = data_of(adj)
    hq = state.active_hq
    if hq is None or not owns(state, data, seat, hq):
        raise Reject("no_activation", "Attacks are made by the units of an activated HQ (§1.1.3).", cite.COMBAT_PHASE)
    side = state.units[hq].side
    defenders = tuple(sorted(u.id for u in state.units.values() if place_of(u) == order.hex and u.side != side))
    here = confused(state)
    festung = order.hex in data.festungs and siege.in_play(state)  # version 4 only
    if festung and not festung_open(state, data, order.hex, side):
        raise Reject("festung_not_open", f"{order.hex} is attacked from its holding box, free of German units outside it, "
                     "while its Festung stands or units hold it.", cite.SIEGE)
    if not defenders and not festung:
        raise Reject("no_enemy", f"No enemy unit in {order.hex}.", cite.COMBAT)
    x = exploitation_of(state)
    if order.hex in attacked_hexes(state):
        raise Reject("hex_already_attacked", f"{order.hex} has been attacked this phase.", cite.COMBAT)
    if order.hex in assaulted(state):
        raise Reject("assaulted_this_phase", f"{order.hex} was put in Confusion by an assault this phase: no other combat "
                     "there in this phase (Art 6.11, Q&A 43-46).", cite.CONFUSION_ERRATA)
    if not order.units or len(set(order.units)) != len(order.units):
        raise Reject("no_attackers", "Name the attacking units, each once.", cite.COMBAT)
    for uid in order.units:
        if x is not None and uid not in x.units:
            raise Reject("not_exploiting", f"{uid} is not in the Reserve stacks {hq} activated for its Exploitation.",
                         cite.EXPLOITATION, unit=uid)
        if state.controlled.get(uid) != hq:
            raise Reject("not_controlled", f"{uid} is not controlled by {hq}.", cite.CONTROL, unit=uid)
        if x is None and uid in reserve_of(state):
            raise Reject("in_reserve", f"{uid} is in Reserve: it waits for an Exploitation (option Q52).", cite.RESERVE, unit=uid)
        if uid in state.attacked:
            raise Reject("already_attacked", f"{uid} has attacked this phase.", cite.COMBAT, unit=uid)
        if uid in rest_of(state):
            raise Reject("at_rest", f"{uid} is under a Rest marker: it may not attack (§1.1.1.3).", cite.REST, unit=uid)
        u = state.units[uid]
        if festung:
            if u.box != data.festungs[order.hex]:
                raise Reject("not_adjacent", f"{uid} is not in the box holding {order.hex}.", cite.SIEGE, unit=uid)
        elif order.hex in here or place_of(u) in here:
            if place_of(u) != order.hex:  # §6.11 (Art 6.11, Q&A 43-46): units enter a confused hex to fight there
                raise Reject("confusion_combat", f"Combat in a Confusion place is fought by the units in it: {uid} is not in "
                             f"{order.hex}.", cite.CONFUSION_ERRATA, unit=uid)
        elif u.hex is None or not data.grid.adjacent(u.hex, order.hex):
            raise Reject("not_adjacent", f"{uid} is not adjacent to {order.hex}.", cite.COMBAT, unit=uid)
        if attack_value(data, u) <= 0:
            raise Reject("no_attack_value", f"{uid} has no attack value (unsupplied units have none, §7.4).", cite.OUT_OF_SUPPLY, unit=uid)
    if order.hex in data.box_links and set(order.units) != set(all_in_box(state, data, side, order.hex)):
        raise Reject("all_units_attack", f"Off map every unit of both sides in the box takes part: "
                     f"{', '.join(all_in_box(state, data, side, order.hex))}.", cite.OFF_MAP_COMBAT)
    combat = Combat(hq=hq, attackers=tuple(sorted(order.units)), hex=order.hex, defenders=defenders,
                    exploitation=x is not None)  # option Q60: no counterattack inside an Exploitation
    why: tuple[Citation, ...] = (cite.COMBAT,)
    if order.hex in here:
        why += (cite.CONFUSION, cite.CONFUSION_ERRATA)
    if order.hex in data.box_links:
        why += (cite.OFF_MAP_COMBAT,)
    if festung:
        why += (cite.SIEGE, cite.FESTUNG)
    adj.emit(AttackDeclared(combat=combat, cite=why))
    if not festung and all(is_hq(data, d) or not is_combat(data, d) for d in defenders):  # §5.4: a lone HQ is destroyed
        for d in defenders:
            if is_hq(data, d):
                adj.emit(HQDestroyed(hq=d, returns=state.core.clock.turn + 1, cite=(cite.HQ_DESTRUCTION, cite.COMBAT)))
        retreat.vacated(adj)
        return
    proceed(adj)


def proceed(adj: Adjudication) -> None:
    """Before defensive support and the odds: the decisions a version adds (version 3: the Allies'
    bombardment and Tactical Air Support, `Ruleset.before_resolution`), each asked once a combat."""
    hook = getattr(adj.ruleset, "before_resolution", None)
    c = adj.state.combat
    # §6.11: no bombing or aerial support in Confusion; off map (inferred) the air rules name hexes only
    no_air = c is not None and (c.hex in confused(adj.state) or c.hex not in data_of(adj).hexes)
    if hook is not None and not no_air and hook(adj):
        return
    support_or_resolve(adj)


def support_or_resolve(adj: Adjudication) -> None:
    """The inactive side is asked for its defensive support when it has an HQ to give it (§5.3)."""
    data = data_of(adj)
    c = adj.state.combat
    assert c is not None
    supporters = defensive_supporters(adj.state, data)
    if supporters:
        owner = seat_of(adj.state, data, c.defenders[0]) if c.defenders else adj.state.core.layout.seats_of(GERMAN)[0]
        adj.open_frame("defensive_support", (owner,), prompt={"hex": c.hex, "options": list(supporters)},
                       cite=(cite.TACTICAL_SUPPORT,))
        return
    resolve(adj)


def defensive_supporters(state: State, data: GameData) -> tuple[str, ...]:
    """Ready HQs of the defenders' nationality within 2 hexes of the defending hex (§5.3, Q16, Q17)."""
    c = state.combat
    assert c is not None
    if overrun_of(state) is not None:  # §4.3: a movement, not a combat (option `overrun_support`)
        return ()
    nat = data.values[c.defenders[0]].nat if c.defenders else GERMAN  # a lone Festung is German
    side = state.units[c.defenders[0]].side if c.defenders else GERMAN
    if c.hex not in data.hexes:  # off map (inferred): the HQ's own box or an adjacent one, as for the attack bonus
        return tuple(sorted(u.id for u in state.units.values() if u.box and u.side == side and is_hq(data, u.id)
                            and not u.finished and u.id not in state.acted and data.values[u.id].nat == nat
                            and (u.box == c.hex or c.hex in data.box_links.get(u.box, ()))))
    return tuple(sorted(u.id for u in state.units.values() if u.hex and u.side == side and is_hq(data, u.id)
                        and not u.finished and u.id not in state.acted and data.values[u.id].nat == nat
                        and data.distance(u.hex, c.hex) <= SUPPORT_RANGE))


def support(adj: Adjudication, seat: str, order: Support, frame: Frame) -> None:
    options = frame.prompt.get("options", [])
    if order.hq is not None and order.hq not in options:
        raise Reject("bad_support", f"Defensive support comes from one of {', '.join(options)} or none.", cite.TACTICAL_SUPPORT)
    adj.close_frame(frame, {seat: order.hq}, cite=(cite.TACTICAL_SUPPORT,))
    adj.emit(DefensiveSupport(hq=order.hq, cite=(cite.TACTICAL_SUPPORT, cite.ruling("Q61_defensive_support_free", True))))
    resolve(adj)


class Odds:
    """An attack read on the CRT as it stands (shared by the ruling and by `assess`)."""

    def __init__(self, state: State, data: GameData, c: Combat):
        units = state.units
        out = withheld_of(state)  # version 5 (§6.5, Q25): withheld units add nothing
        self.attack = sum(attack_value(data, units[a]) for a in c.attackers)
        self.defense = sum(defense_value(data, units[d]) for d in c.defenders if is_combat(data, d) and d not in out)
        if c.hex in data.festungs and siege.standing(state, c.hex):
            self.defense += siege.FESTUNG_DEFENCE_PLACEHOLDER  # §0.1.2: the units' defence adds to the Festung's
        crt = data.crt
        self.computed = crt.column(self.attack, self.defense)
        shifts: dict[str, int] = {}
        hq = units.get(c.hq)  # none in an overrun (§4.3)
        x = exploitation_of(state)
        unsupported = x is not None and not x.support  # §6.8: the free activation's attacks need a marker for the bonus
        on_map = c.hex in data.hexes
        bonus = data.values[c.hq].bonus if hq is not None and not unsupported else 0
        if bonus and on_map and hq is not None and hq.hex is not None and data.distance(hq.hex, c.hex) <= SUPPORT_RANGE:
            shifts["hq_attack_support"] = bonus
        elif bonus and not on_map and hq is not None and hq.box is not None \
                and (hq.box in (c.hex, data.festungs.get(c.hex)) or c.hex in data.box_links.get(hq.box, ())):
            shifts["hq_attack_support"] = bonus  # off map (inferred): the HQ's own box, an adjacent one, or the Festung's holding box
        d_def = max((units[d].d for d in c.defenders if d not in out), default=0)
        if d_def:
            shifts["defender_disorganised"] = d_def
        air = air_of(state)
        affected = air.affected if air is not None and state.combat is not None else {}
        if affected.get(c.hex):  # §6.5: Affected and Disorganised levels add up
            shifts["defender_affected"] = affected[c.hex]
        if tas.shift(state):
            shifts["tas"] = tas.shift(state)
        terrain = [data.hexes[c.hex].terrain] + [f for f in data.hexes[c.hex].features if f in TERRAIN_CHOICES] if on_map else []
        best = max((int(data.tec.get(t, {}).get("defence_shift", 0) or 0) for t in terrain), default=0)
        river = on_map and all("river" in data.side_features(units[a].hex or "", c.hex) for a in c.attackers)
        if river:
            best = max(best, int(data.tec["river"]["defence_shift"]))
        if c.hex in data.festungs and siege.standing(state, c.hex):
            best = max(best, int(data.tec[siege.LINE]["defence_shift"]))  # behind a fortified line (option Q49)
        if best:
            shifts["terrain"] = -best
        stacks: dict[str, int] = {}
        for a in c.attackers:
            stacks[place_of(units[a]) or ""] = max(stacks.get(place_of(units[a]) or "", 0), units[a].d)
        worst = max((d + affected.get(h, 0) for h, d in stacks.items()), default=0)
        if worst:  # §6.5: the attacker's least favourable stack, its D and A levels together
            shifts["attacker_disorganised"] = -worst
        if c.defense_hq:
            shifts["hq_defense_support"] = -DEFENSIVE_SHIFT
        self.shifts = shifts
        self.right = sum(v for v in shifts.values() if v > 0)
        self.left = -sum(v for v in shifts.values() if v < 0)
        self.column = crt.shift(self.computed, self.right - self.left)
        elite = int(state.core.options.get("Q27_elite_drm", ELITE_DRM))
        self.drm = elite if any(data.values[a].elite for a in c.attackers) else 0
        self.terrain_choice = [t for t in terrain if int(data.tec.get(t, {}).get("defence_shift", 0) or 0) == best]

    def results(self, data: GameData) -> tuple[str, ...]:
        return tuple(data.crt.result(self.column, face + self.drm) for face in range(1, 7))


ELITE_DRM = 1  # option Q27's default: the text names an elite modifier without its value (placeholder)


def resolve(adj: Adjudication) -> None:
    state: State = adj.state
    data: GameData = data_of(adj)
    c = state.combat
    assert c is not None
    o = Odds(state, data, c)
    roll = adj.roll(6, "combat").face
    result = data.crt.result(o.column, roll + o.drm)
    col = o.column.replace("-", ":")
    citations: list[Citation] = [cite.RESOLUTION, cite.ODDS, cite.ODDS_LIMITS, cite.RESULTS, cite.datum(f"crt:{roll + o.drm}:{col}", "placeholder")]
    if "terrain" in o.shifts:
        citations += [cite.TERRAIN, cite.TOWN_CHOICE] if len(o.terrain_choice) else [cite.TERRAIN]
    if "hq_attack_support" in o.shifts or "hq_defense_support" in o.shifts:
        citations += [cite.TACTICAL_SUPPORT, cite.SUPPORT_RANGE_ERRATA]
    if "defender_disorganised" in o.shifts or "attacker_disorganised" in o.shifts:
        citations.append(cite.DISORGANISED)
    if "tas" in o.shifts:
        citations += [cite.TAS, cite.ruling("Q19_tas_timing", "before_shifts")]
    if "defender_affected" in o.shifts:
        citations.append(cite.BOMBARDMENT)
    if o.drm:
        citations.append(cite.ruling("Q27_elite_drm", o.drm, "placeholder: no value printed"))
    adj.emit(AttackResolved(attack=o.attack, defense=o.defense, computed_odds=o.computed.replace("-", ":"),
                            right_shifts=o.right, left_shifts=o.left, odds=col, roll=roll, drm=o.drm, result=result,
                            shifts=o.shifts, cite=tuple(citations)))
    apply_result(adj, result)


def parse(result: str) -> dict[str, int]:
    """'A1D1' -> {'A': 1, 'D': 1}; 'D2RX' -> {'D': 2, 'R': 1, 'X': 1}; 'E' -> {'E': 1}."""
    out: dict[str, int] = {}
    i = 0
    while i < len(result):
        k = result[i]
        i += 1
        n = ""
        while i < len(result) and result[i].isdigit():
            n += result[i]
            i += 1
        out[k] = int(n) if n else 1
    return out


def apply_result(adj: Adjudication, result: str) -> None:
    state: State = adj.state
    c = state.combat
    assert c is not None
    parts = parse(result)
    if c.hex in data_of(adj).festungs:
        siege.apply(adj, parts)
        return
    if parts.get("A"):
        losses.lose_steps(adj, c.attackers, parts["A"])
    out = withheld_of(state)  # version 5: withheld units take no loss (§6.5, Q25)
    if parts.get("E"):
        for d in (d for d in (adj.state.combat.defenders if adj.state.combat else ()) if d not in out):
            while place_of(adj.state.units[d]) is not None and is_combat(data_of(adj), d):
                losses.one_step(adj, d)
    elif parts.get("D"):
        losses.lose_steps(adj, tuple(d for d in c.defenders if d not in out), parts["D"])
    if parts.get("X") and c.hex in data_of(adj).box_links:
        adj.cite(cite.OFF_MAP_COMBAT)  # §6.12: no exploitation off map
    elif parts.get("X") and c.counter:
        adj.cite(cite.COUNTERATTACK)  # §6.9: no Exploitation following a counterattack
    elif parts.get("X") and getattr(adj.ruleset, "exploitation_result", None) is not None:
        adj.ruleset.exploitation_result(adj)  # type: ignore[attr-defined]  # version 4: §6.8 ruled
    elif parts.get("X"):
        adj.emit(StepNotRuled(step="exploitation", reason="the HQ's free extra activation with two Reserve stacks (§6.8) is "
                              "not built in this version; the result is read without it", cite=(cite.EXPLOITATION,)))
    if parts.get("R") and c.hex in confused(state):
        # §6.12: no retreat off map; on the map (inferred) the way out of Confusion is the enemy's elimination (§6.11)
        adj.cite(cite.OFF_MAP_COMBAT if c.hex in data_of(adj).box_links else cite.CONFUSION)
        for d in c.defenders:  # §4.1.2: a Partisan is eliminated by a retreat result, for good (its Police side)
            if data_of(adj).values[d].cls == "partisan" and place_of(adj.state.units[d]) == c.hex:
                adj.cite(cite.PARTISANS)
                losses.one_step(adj, d, retreat=True)
        retreat.vacated(adj)
    elif parts.get("R"):
        retreat.begin(adj)
    else:
        retreat.vacated(adj)


def forecast(state: State, data: GameData, order: Order) -> Assessment | None:
    """An attack's assessment; in version 4 an overrun's too (§4.3: the overrunning units only, no HQ)."""
    if isinstance(order, Overrun) and order.units and all(u in state.units for u in order.units):
        hq, side = "", state.units[order.units[0]].side
    elif isinstance(order, Attack) and state.active_hq is not None:
        hq, side = state.active_hq, state.units[state.active_hq].side
    else:
        return None
    defenders = tuple(sorted(u.id for u in state.units.values() if place_of(u) == order.hex and u.side != side))
    if not defenders or (not hq and not any(is_combat(data, d) for d in defenders)):  # a lone HQ overrun: no combat
        return None
    o = Odds(state, data, Combat(hq=hq, attackers=tuple(order.units), hex=order.hex, defenders=defenders))
    return Assessment(attack=o.attack, defense=o.defense, computed_odds=o.computed.replace("-", ":"),
                      odds=o.column.replace("-", ":"), die_modifier=o.drm, results=o.results(data),
                      defender_supply={d: ("unsupplied" if state.units[d].unsupplied else "supplied") for d in defenders})
