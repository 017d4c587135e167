"""Normandy 1944's state: units on the map or in a holding box, the weather, the initiative, the
once-per-phase records, hex control, the depots and the combat under way.

Invariant of versions 1-3: a land hex holds the units of one side only (Confusion, §6.11, where
both sides share a hex, is not ruled, and no rule of these versions creates it). Version 4
(`State4`) rules Confusion: a hex or strategic box may hold both sides only under a Confusion
marker (`OffMap.confusion`), with at most 5 stacking points of each side on a hex. `invariants`
checks whichever applies.
"""
from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel.core import Core

# Holding boxes of a unit off the map (the strategic map's boxes are deferred with the off-map layer).
PENDING = "pending"  # a reinforcement not yet due, or due and not yet entered
RESERVE = "strategic_reserve"  # §1.1.2.1: Allied reinforcements wait here to land
CADRE = "cadre"  # §6.10: destroyed in combat, may be rebuilt after a Rest period
CAPTURED = "captured"  # §6.6: destroyed in a retreat, permanently lost
RETURNING = "returning"  # §5.4: a destroyed HQ, back as a reinforcement next turn
SETUP = "setup"  # a unit its owner sets up at the start (Scenario 2's set-up decisions)
KEPT = 10 ** 6  # the `due` turn of an Allied unit returned to the strategic reserve: it never lands again (§1.1.1.3)
REST = "rest"  # §1.1.1.3 (version 5): off-map units rebuilding, from the Cadre box
BOXES = (PENDING, RESERVE, CADRE, CAPTURED, RETURNING, SETUP, REST)


class Unit(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    side: str
    hex: str | None = None
    box: str | None = None
    lost: int = 0  # steps lost (the face shown)
    d: int = 0  # disorganisation level (§6.5): 0, 1 (D1) or 2 (D2)
    finished: bool = False  # an HQ on its "finished" side (§0.1.1)
    markers: int = 0  # Offensive markers stacked with this HQ (§0.2.1: at most two in a hex)
    unsupplied: bool = False  # §7.4: for the turn, from the Logistics Phase
    due: int = 0  # the turn a pending unit arrives


class Depot(msgspec.Struct, frozen=True, kw_only=True):
    side: str
    nat: str  # the nationality group it lands (§7.1: Utah/Omaha US, Gold/Juno/Sword British)
    kind: str  # beach, port, mulberry, cherbourg, german
    prov: str  # rulebook or inferred


class Combat(msgspec.Struct, frozen=True, kw_only=True):
    """An attack being resolved: declared, waiting for the inactive side's support or a retreat."""

    hq: str
    attackers: tuple[str, ...]
    hex: str
    defenders: tuple[str, ...]
    defense_hq: str | None = None
    asked_support: bool = False
    retreating: tuple[str, ...] = ()  # defenders still to retreat, in order
    exploitation: bool = False  # the result allowed Exploitation, or (@4) it is one (§6.8): then no counterattack (§6.9, Q60)
    counter: bool = False  # a counterattack (§6.9): no Exploitation, no counterattack after it


class State(msgspec.Struct, frozen=True, kw_only=True):
    core: Core
    units: dict[str, Unit]
    weather: str = "clear"
    weather_drm: int = 0
    storm_armed: bool = False  # an unmodified 6 on this turn's weather roll (§1.1.1.1)
    storm: bool = False  # a storm in the phase under way
    skip_storm_test: bool = False  # a storm in B: no test in the next A
    first: str = "allied"  # Player 1, the side with the initiative (§1.1.1.3)
    done: tuple[str, ...] = ()  # seats finished with the current phase
    moved: tuple[str, ...] = ()
    attacked: tuple[str, ...] = ()  # units that attacked this phase (§6.1)
    defended: tuple[str, ...] = ()  # hexes attacked this phase (§6.1)
    acted: tuple[str, ...] = ()  # HQs that chose Pass or Combat this combat phase (§1.1.3)
    active_hq: str | None = None
    controlled: dict[str, str] = {}  # unit -> the HQ controlling it this turn (§5.1)
    control: dict[str, str] = {}  # hex -> the side controlling it
    depots: dict[str, Depot] = {}
    markers_due: dict[str, int] = {}  # side -> Offensive markers still to give to HQs this Logistics Phase
    combat: Combat | None = None
    flags: dict[str, Any] = {}


class Air(msgspec.Struct, frozen=True, kw_only=True):
    """Allied air and naval support (`normandy-1944@3`, §1.1.1.1, §6.2, §9): where each air counter
    is (`air.CUP`, `air.AVAILABLE`, ... or `turn:<n>` for a carpet-bombing HB back on that turn,
    `rubble:<hex>` for one left on a town), the fighter-bombers still owed to air superiority, the
    naval points left this turn, and the air and naval support of the combat under way."""

    at: dict[str, str] = {}
    superiority_due: int = 0
    naval: dict[str, int] = {}  # "WTF:battle_cruisers" -> points left this turn (option Q54)
    tas: str | None = None  # the fighter-bomber supporting the combat under way (§9.1)
    affected: dict[str, int] = {}  # hex -> Affected level for the combat under way (§6.5)
    asked: tuple[str, ...] = ()  # the combat's support decisions already put to the Allies
    bombed: tuple[str, ...] = ()  # "air:<hex>" / "naval:<hex>" bombed this combat phase (§6.2)
    carpet: tuple[str, ...] = ()  # nationalities that carpet bombed this turn (§9.4)


class State3(State, frozen=True, kw_only=True):
    """The state of `normandy-1944@3`: version 2's, with the air system. A separate type, so the
    states (and digests) of games recorded under @1 and @2 are unchanged."""

    air: Air = Air()


class Overrun(msgspec.Struct, frozen=True, kw_only=True):
    """An overrun under way (§4.3, `normandy-1944@4`): the moving stack, the hex it launched from,
    the hex each unit began its move in this phase (option Q24) and the MP each has left once in
    the overrun hex."""

    units: tuple[str, ...]
    hex: str
    launch: str
    began: dict[str, str]
    left: dict[str, int]


class Exploitation(msgspec.Struct, frozen=True, kw_only=True):
    """The free extra activation of §6.8 (`normandy-1944@4`): the HQ, the Reserve stacks it
    activated (the hexes they stood in, at most two) and their units, whether it spent a marker to
    support their attacks, whether their first attack is declared (no move after it)."""

    hq: str
    chosen: bool = False
    stacks: tuple[str, ...] = ()
    units: tuple[str, ...] = ()
    support: bool = False
    attacking: bool = False
    defended: tuple[str, ...] = ()  # hexes its attacks hit: once each (§6.1 does not count breakthrough)


class OffMap(msgspec.Struct, frozen=True, kw_only=True):
    """The off-map layer and Confusion (`normandy-1944@4`, §4.1.2, §5.2, §6.11, §6.12, §7.2): who
    controls each strategic box (absent: German, 'German at start of each game'), the places (hexes
    and boxes) under a Confusion marker, the German depot boxes still standing, the German units an
    interdiction roll held in their box this phase, the divisions each Allied HQ moved normally this
    phase (1 a phase, §4.1.2), and the HQs that made an Extended move this turn (option Q02)."""

    control: dict[str, str] = {}
    confusion: tuple[str, ...] = ()
    depots: tuple[str, ...] = ()
    held: tuple[str, ...] = ()
    normal_moves: dict[str, str] = {}  # Allied HQ -> the division it moved normally this phase
    extended: tuple[str, ...] = ()
    festungs: tuple[str, ...] = ()  # the Festung boxes whose Festung still stands (§0.1.2, §6.13)
    assaulted: tuple[str, ...] = ()  # hexes put in Confusion by an assault this phase A or B: no other combat there (Q&A 43-46)


class State4(State3, frozen=True, kw_only=True):
    """The state of `normandy-1944@4`: version 3's, with Reserve (§4.1.1), overrun (§4.3),
    Exploitation (§6.8), and the off-map layer and Confusion (`offmap`). A separate type, so @1-@3
    states and digests are unchanged."""

    reserve: tuple[str, ...] = ()  # units in Reserve since their side's last movement phase (§4.1.1)
    far: tuple[str, ...] = ()  # units that moved more than one hex this phase: no Reserve for them (§4.1.1)
    left: dict[str, int] = {}  # a successful overrun's stack: MP left to go on moving (§4.3)
    began: dict[str, str] = {}  # ... and the hex each began its move in (option Q24)
    overrun: Overrun | None = None
    retreated: tuple[str, ...] = ()  # the units that retreated in the last combat: they may counterattack (§6.9)
    exploit_owed: str | None = None  # the activated HQ whose combat allowed Exploitation (§6.8, option Q64)
    exploitation: Exploitation | None = None
    offmap: OffMap = OffMap()


class Build(msgspec.Struct, frozen=True, kw_only=True):
    """An Allied depot under construction (§7.1, `normandy-1944@5`): its kind (`ports.SITES`), the
    turn its hex was taken, and the turns still to accrue before it is placed."""

    kind: str
    taken: int
    left: int


class Ports(msgspec.Struct, frozen=True, kw_only=True):
    """The Allied ports of `normandy-1944@5` (§7.1-§7.1.3): the depots under construction, the
    depots on their reduced side (hex -> the turn they turn full; None: they stay reduced), the
    sites whose depot was destroyed (never rebuilt), and the Logistics Phases running in which a
    German unit has stood in an Allied Cherbourg (option Q38)."""

    building: dict[str, Build] = {}
    reduced: dict[str, int | None] = {}
    lost: tuple[str, ...] = ()
    occupied: int = 0


class State5(State4, frozen=True, kw_only=True):
    """The state of `normandy-1944@5`: version 4's, with the Administration Phase's records
    (§1.1.1.3, §6.10). A separate type, so @1-@4 states and digests are unchanged."""

    rest: dict[str, int] = {}  # unit -> the turn it was put under a Rest marker: no move, no attack (§1.1.1.3, Q10)
    replacements: dict[str, int] = {}  # the German unused replacements, by kind (§1.1.1.3, §6.10)
    rebuilt: tuple[str, ...] = ()  # units that regained a step this Administration Phase (option Q09: one each)
    ports: Ports = Ports()  # §7.1: construction, reduced faces, destroyed sites, Cherbourg's occupation
    withheld: tuple[str, ...] | None = None  # the defender's units left out of the combat under way; None: not asked (§6.5, Q25)
    on_foot: tuple[str, ...] = ()  # motorised infantry moving on foot this phase (§2.2, option Q50)
    airborne: tuple[int, int] = (0, 0)  # (turn, stacking points) the Allies last supplied by air (§7.5: 4 SP a turn)


def ports_of(state: State) -> Ports | None:
    return state.ports if isinstance(state, State5) else None


def air_of(state: State) -> Air | None:
    return state.air if isinstance(state, State3) else None


def reserve_of(state: State) -> tuple[str, ...]:
    return state.reserve if isinstance(state, State4) else ()


def overrun_of(state: State) -> Overrun | None:
    return state.overrun if isinstance(state, State4) else None


def exploitation_of(state: State) -> Exploitation | None:
    return state.exploitation if isinstance(state, State4) else None


def offmap_of(state: State) -> OffMap | None:
    return state.offmap if isinstance(state, State4) else None


def rest_of(state: State) -> dict[str, int]:
    """The units under a Rest marker (§1.1.1.3; none before version 5)."""
    return state.rest if isinstance(state, State5) else {}


def withheld_of(state: State) -> tuple[str, ...]:
    """The defender's units left out of the combat under way (§6.5, option Q25; none before version 5)."""
    return (state.withheld or ()) if isinstance(state, State5) else ()


def place_of(u: Unit) -> str | None:
    """Where a unit fights: its hex, or its box of the Strategic Movement Map (version 4: the only
    boxes named 'box-...' that hold units; a Festung's sub-box included)."""
    return u.hex if u.hex is not None else (u.box if u.box is not None and u.box.startswith("box-") else None)


def confused(state: State) -> frozenset[str]:
    """The hexes and boxes under a Confusion marker (none before version 4)."""
    return frozenset(state.offmap.confusion) if isinstance(state, State4) else frozenset()


def invariants(state: State) -> list[str]:
    """What must hold after every ruling: every unit either on a hex or in a box; one side per hex
    and per strategic box, except where a Confusion marker stands (version 4, §6.11, §6.12), and a
    Confusion marker only where both sides are."""
    out = []
    sides: dict[str, set[str]] = {}
    for u in state.units.values():
        if (u.hex is None) == (u.box is None):
            out.append(f"{u.id}: on a hex xor in a box")
        if u.hex:
            sides.setdefault(u.hex, set()).add(u.side)
        elif u.box and u.box.startswith("box-") and not u.box.startswith("box-festung-"):
            sides.setdefault(u.box, set()).add(u.side)  # a Festung is its own box and no unit for Confusion (§0.1.2)
    om = offmap_of(state)
    confused = frozenset(om.confusion if om else ())
    out += [f"{h}: held by both sides without Confusion" for h, s in sides.items() if len(s) > 1 and h not in confused]
    out += [f"{h}: a Confusion marker where one side only is" for h in confused if len(sides.get(h, ())) < 2]
    top = state.core.top()
    if state.combat is None and top is not None and top.kind in ("retreat", "defensive_support", "advance", "bombardment", "tas", "withhold"):
        out.append("a combat decision is open with no combat")
    air = air_of(state)
    if air is not None:
        for c, b in air.at.items():
            if b not in ("cup", "available", "superiority", "finished") and not b.startswith(("turn:", "rubble:")) \
                    and not (isinstance(state, State4) and b.startswith("strategic_interdiction:box-")):
                out.append(f"air counter {c} in no box: {b}")
        if state.combat is None and (air.tas or air.affected or air.asked):
            out.append("air support recorded with no combat")
        if air.superiority_due > sum(1 for b in air.at.values() if b == "available"):
            out.append("more fighter-bombers owed to air superiority than Available")
        if any(v < 0 for v in air.naval.values()):
            out.append("naval points below zero")
    if isinstance(state, State4):
        out += _invariants_4(state)
    if isinstance(state, State5):
        out += [f"{u}: a Rest marker off the map" for u in state.rest if state.units[u].hex is None]
        out += [f"{k}: fewer than no {k} replacements" for k, v in state.replacements.items() if v < 0]
    return out


def _invariants_4(state: State4) -> list[str]:
    """Version 4: Reserve (§4.1.1, Q52), overrun (§4.3) and Exploitation (§6.8) records agree with the state."""
    out = []
    if state.overrun is not None:
        o = state.overrun
        if state.combat is None and state.core.top() is None:
            out.append("an overrun under way with no combat and no decision open")
        if state.combat is not None and not set(state.combat.attackers) <= set(o.units):
            out.append("an overrun's combat has attackers outside the overrunning stack")
        if any(state.units[u].hex not in (o.launch, None) for u in o.units):
            out.append("an overrunning unit left its launch hex before the result")
    if state.reserve and not state.exploitation and any(u in state.attacked for u in state.reserve):
        out.append("a unit in Reserve attacked in the normal combat (Q52)")
    if state.reserve and state.core.clock.phase not in ("movement", "combat"):
        out.append(f"units still in Reserve in the {state.core.clock.phase} phase")
    if any(v < 0 for v in state.left.values()) or any(u in state.moved for u in state.left):
        out.append("an overrun's stack going on with negative MP, or after its move ended")
    if state.exploitation is not None and state.active_hq != state.exploitation.hq:
        out.append("an Exploitation under way for an HQ that is not the activated one")
    if state.exploitation is not None and len(state.exploitation.stacks) > 2:
        out.append("an Exploitation with more than two Reserve stacks")
    if state.exploit_owed is not None and state.active_hq != state.exploit_owed:
        out.append("an Exploitation owed to an HQ that is not the activated one")
    return out
