"""§4.1.2 Off Map Movement with §5.2 Extended Movement, §1.1.2.1's transfers between the map and
the coloured boxes, §6.12's exit from a box in Confusion, §9.5's strategic interdiction and §7.2's
German depots that vanish (`normandy-1944@4`).

Units move along the lines of the Strategic Movement Map (the pack's box graph), at most two boxes;
they stop on entering a box holding enemy units (Confusion is placed, §1.1.2.2) or one the enemy
controls (armoured units ignore control); the last side through a box controls it (German at the
start). Each German unit leaving a box rolls a die that must be lower than the box's interdiction
value, +1 per bomb of the Allied strategic-interdiction counters on the box (§9.5), +2 with a
Partisan there (option Q48); a failed roll holds it in the box for the phase. The Allies move
normally one box, one division a phase per HQ of its nationality in the same or an adjacent box
(§4.1.2, §5.1); more is an Extended move (§5.2): a supplied, ready HQ with a marker spends it, is
flipped, and its units (5 divisions and 3 independents at most, §5.1) move up to two boxes together.
Leaving a box in Confusion: only towards a friendly-controlled box, one roll for the pile, adjusted
by one per column of its attack against the enemy's defence away from 1:1 (§6.12; the Allies roll
the same with no air modifier, options Q41 and Q57).

What the text does not print is a placeholder, cited where a ruling uses it: the boxes'
interdiction values (the pack's `box_interdiction` chart has no rows) and the bombs of the HB and FB
counters (W4 gives an MB one)."""
from __future__ import annotations

from domain.games.normandy import cite, errata
from domain.games.normandy.air import COUNTERS
from domain.games.normandy.data import ALLIED, GERMAN, GameData, data_of
from domain.games.normandy.effects import (
    BoxControl, ConfusionPlaced, DepotVanished, ExtendedMoveMade, FlagSet, InterdictionRolled, OffMapMoved, PartisansRose,
)
from domain.games.normandy.losses import VP
from domain.games.normandy.model import OffMap, State, Unit, air_of, confused, offmap_of
from domain.games.normandy.orders import ExtendedMove, OffMapMove
from domain.games.normandy.units import attack, defense, is_hq, owns
from domain.kernel.adjudication import Adjudication
from domain.kernel.citation import Citation
from domain.kernel.commands import Order, Reject
from domain.kernel.effects import LedgerPosted

MAX_BOXES = 2  # §4.1.2: 'may not exceed 2 boxes'
INTERDICTION_PLACEHOLDER = 5  # every box; the text prints none (W4 implies more than 3)
BOMBS = {"HB": 2, "MB": 1, "FB": 1}  # §9.5 counter key 'one bomb = +1': MB 1 from W4 (L316), HB and FB placeholders
PARTISAN_MODIFIER = 2  # §4.1.2 L178
FESTUNG_SV = 5  # §0.1.2 L48
GERMAN_DEPOT_BOXES = ("box-brest", "box-le-mans", "box-paris", "box-pas-de-calais", "box-rennes")  # §7.2 (Brest: Q37)
NO_DEFENCE_DEPOTS = ("box-le-mans", "box-pas-de-calais", "box-rennes")  # §7.2 L345
STRATEGIC_INTERDICTION = "strategic_interdiction"
EXTENDED_CONTROL = (5, 3)  # §5.1: 5 divisions, 3 independent units
DEPOT_DESTROYED_VP = 5  # §11.3 L602
LIBERATION_VP = 20  # §4.1.2 L181 (option Q47: besides the +10 a turn for holding Paris)
PARIS, LIBERATOR, FFI = "box-paris", "fr-2-db", "fr-ffi-paris"
BEYOND_THE_SEINE = ("box-orleans", "box-paris", "box-pas-de-calais")  # §4.1.2 L182


def depots_at_start(options: dict) -> tuple[str, ...]:
    return tuple(b for b in GERMAN_DEPOT_BOXES if b != "box-brest" or options.get("Q37_brest_is_german_depot", True))


# --- reading the strategic map --------------------------------------------------------------------


def exits(data: GameData, box: str, side: str) -> tuple[str, ...]:
    """The boxes one move away: the lines (§4.1.2), and for the German a Festung inside the box or
    the holding box around it (§0.1.2: each Festung is a separate box)."""
    out = list(data.box_links.get(box, ()))
    if side == GERMAN:
        out += [f for f, parent in data.festungs.items() if parent == box]
        if box in data.festungs:
            out.append(data.festungs[box])
    return tuple(out)


def on_strategic_map(data: GameData, u: Unit) -> bool:
    return u.box is not None and (u.box in data.box_links or u.box in data.festungs)


def in_box(state: State, box: str, side: str | None = None) -> list[Unit]:
    return sorted((u for u in state.units.values() if u.box == box and (side is None or u.side == side)), key=lambda u: u.id)


def controller(om: OffMap, box: str) -> str:
    return om.control.get(box, GERMAN)  # 'German at start of each game' (§4.1.2)


def value(box: str) -> tuple[int, Citation]:
    return INTERDICTION_PLACEHOLDER, cite.datum(f"table:box_interdiction:{box}", "placeholder")


def air_bombs(state: State, box: str) -> int:
    """§9.5: the bombs of the strategic-interdiction counters on the box."""
    air = air_of(state)
    return sum(BOMBS[COUNTERS[c].use] for c, b in (air.at.items() if air else ()) if b == f"{STRATEGIC_INTERDICTION}:{box}")


def partisan(state: State, data: GameData, box: str) -> bool:
    return any(data.values[u.id].cls == "partisan" for u in in_box(state, box, ALLIED))


def odds_modifier(state: State, data: GameData, movers: list[Unit], box: str) -> tuple[int, str]:
    """§6.12: +1 a column below 1:1, -1 a column above, for the pile's attack against the enemy's
    defence in the box; the column."""
    side = movers[0].side
    att = sum(attack(data, u) for u in movers)
    dfn = sum(defense(data, u) for u in state.units.values() if u.box == box and u.side != side)
    col = data.crt.column(att, dfn)
    ordered = sorted(data.crt.columns, key=data.crt.value)
    return ordered.index("1-1") - ordered.index(col), col.replace("-", ":")


# --- Allied normal moves and Extended moves ------------------------------------------------------------


def division_of(data: GameData, uid: str) -> str:
    """Option Q14: the counters sharing a division id are one division; an independent unit counts alone."""
    return data.values[uid].division or uid


def near(data: GameData, a: str | None, b: str | None) -> bool:
    """§5.1 off map: the same or an adjacent box."""
    return a is not None and b is not None and (a == b or b in data.box_links.get(a, ()))


def normal_hq(state: State, data: GameData, u: Unit) -> str | None:
    """The Allied HQ whose one division of this phase the unit's normal move is (§4.1.2): one of its
    nationality in the same or an adjacent box, not yet used this phase or used for the same division."""
    om = offmap_of(state)
    assert om is not None
    div = division_of(data, u.id)
    nat = data.values[u.id].nat
    hqs = sorted(h.id for h in state.units.values() if h.side == ALLIED and is_hq(data, h.id) and data.values[h.id].nat == nat
                 and near(data, h.box, u.box))
    for h in hqs:
        if om.normal_moves.get(h) == div:
            return h
    return next((h for h in hqs if h not in om.normal_moves), None)


def controlled_by(state: State, data: GameData, hq: str, units: tuple[str, ...]) -> bool:
    """§5.1: its nationality, the same or an adjacent box, at most 5 divisions and 3 independents."""
    h = state.units[hq]
    divisions: set[str] = set()
    independents: set[str] = set()
    for uid in units:
        if uid == hq:
            continue
        u = state.units[uid]
        v = data.values[uid]
        if u.side != ALLIED or v.nat != data.values[hq].nat or not near(data, h.box, u.box):
            return False
        if "79th_armoured" in v.flags:
            continue  # §5.1: the 79th Armoured may always be controlled and does not count
        (divisions if v.division else independents).add(division_of(data, uid))
    return len(divisions) <= EXTENDED_CONTROL[0] and len(independents) <= EXTENDED_CONTROL[1]


# --- checking a path ---------------------------------------------------------------------------------


def check(state: State, data: GameData, units: tuple[str, ...], boxes: tuple[str, ...], *, extended: bool = False) -> list[Unit]:
    """The movers, or a Reject: the same start, the lines, the stops, the limits."""
    om = offmap_of(state)
    assert om is not None
    if not units or not boxes:
        raise Reject("empty_move", "Name the units and the boxes they enter.", cite.OFF_MAP)
    movers = [state.units[u] for u in units if u in state.units]
    if len(movers) != len(set(units)):
        raise Reject("unknown_unit", "Every unit named must be in play.", cite.OFF_MAP)
    side = movers[0].side
    start = movers[0].box or movers[0].hex
    if any((u.box or u.hex) != start or u.side != side for u in movers):
        raise Reject("not_together", "The units of one off-map move stand together.", cite.OFF_MAP)
    for u in movers:
        if u.id in state.moved:
            raise Reject("already_moved", f"{u.id} has moved this phase.", cite.MOVEMENT_PHASE)
        if data.values[u.id].cls in ("garrison", "partisan", "ffi", "marker") or max(data.values[u.id].movement) <= 0:
            raise Reject("cannot_move", f"{u.id} does not move.", cite.OFF_MAP)
        if u.unsupplied and u.box is not None:
            raise Reject("unsupplied", f"{u.id} is out of supply: off-map isolated units may not move (§7.4).", cite.OUT_OF_SUPPLY)
        if u.id in om.held:
            raise Reject("interdicted", f"{u.id} failed its interdiction roll: it may not leave its box this phase.", cite.OFF_MAP)
    if movers[0].hex is not None:  # §1.1.2.1: from an exit hex to the box joined to it
        if len(boxes) != 1 or boxes[0] not in data.hex_boxes.get(start or "", ()):
            raise Reject("not_an_exit_hex", f"{start} is not an exit hex joined to {boxes[0]}.", cite.ARRIVAL,
                         boxes=list(data.hex_boxes.get(start or "", ())))
    elif movers[0].box is None or not on_strategic_map(data, movers[0]):
        raise Reject("not_on_the_strategic_map", "The units are neither on an exit hex nor in a box of the Strategic "
                     "Movement Map.", cite.OFF_MAP)
    if len(boxes) > MAX_BOXES:
        raise Reject("too_far", f"Off-map movement may not exceed {MAX_BOXES} boxes.", cite.OFF_MAP)
    if side == ALLIED and movers[0].hex is None and not extended:
        if len(boxes) > 1:
            raise Reject("extended_needed", "A normal Allied move is one box: more is an Extended move (§5.2).", cite.OFF_MAP)
        if len({division_of(data, u.id) for u in movers}) > 1:
            raise Reject("extended_needed", "A normal Allied move is one division: more is an Extended move (§5.2).", cite.OFF_MAP)
        if normal_hq(state, data, movers[0]) is None:
            raise Reject("no_hq_for_normal_move", "A normal Allied move is one division a phase per HQ of its nationality in "
                         "the same or an adjacent box, and none is left.", cite.OFF_MAP)
    here = start or ""
    confused_start = here in om.confusion
    armoured = all(data.values[u.id].armored for u in movers)
    for i, nxt in enumerate(boxes):
        if movers[0].hex is None or i > 0:
            if nxt not in exits(data, here, side):
                raise Reject("no_line", f"No line joins {here} to {nxt}.", cite.OFF_MAP, at=nxt)
        if i == 0 and confused_start and controller(om, nxt) != side:
            raise Reject("confusion_exit", f"From a box in Confusion units leave only towards a box their side controls; "
                         f"{nxt} is not one.", cite.OFF_MAP_COMBAT, at=nxt)
        if i < len(boxes) - 1:
            if in_box(state, nxt, _other(side)) or nxt in data.festungs:
                raise Reject("must_stop", f"Movement ends on entering {nxt} (enemy units there).", cite.OFF_MAP, at=nxt)
            if controller(om, nxt) != side and not armoured:
                raise Reject("must_stop", f"Movement ends on entering {nxt}, which the enemy controls (armoured units "
                             "ignore control).", cite.OFF_MAP, at=nxt)
        here = nxt
    dest = boxes[-1]
    if dest in data.festungs:
        inside = sum(data.values[u.id].sv for u in in_box(state, dest, GERMAN))
        if inside + sum(data.values[u.id].sv for u in movers) > FESTUNG_SV:
            raise Reject("festung_full", f"A Festung holds units up to {FESTUNG_SV} stacking value.", cite.FESTUNG)
    if side == ALLIED:
        groups = {data.values[u.id].nat for u in movers} | {data.values[u.id].nat for u in in_box(state, dest, ALLIED)
                                                             if data.values[u.id].cls not in ("partisan", "ffi")}
        if len(groups) > 1:
            raise Reject("overstacked", "American and British units may not stack together in a box.", cite.STACKING)
    return movers


def _other(side: str) -> str:
    return GERMAN if side == ALLIED else ALLIED


# --- the rulings ----------------------------------------------------------------------------------------


def move(adj: Adjudication, seat: str, order: OffMapMove) -> None:
    state: State = adj.state
    data = data_of(adj)
    for uid in order.units:
        if uid not in state.units or not owns(state, data, seat, uid):
            raise Reject("not_your_unit", f"{uid} is not a unit of yours.", cite.OFF_MAP)
    movers = check(state, data, order.units, order.boxes)
    transfer = movers[0].hex is not None
    hq = division = None
    why: tuple[Citation, ...] = (cite.ARRIVAL,) if transfer else (cite.OFF_MAP, cite.MOVEMENT_PHASE)
    if movers[0].side == ALLIED and not transfer:
        hq = normal_hq(state, data, movers[0])
        division = division_of(data, movers[0].id)
        why += (cite.ruling("Q14_division_counts_once", True),)
    _go(adj, movers, order.boxes, transfer=transfer, hq=hq, division=division, why=why)


def extended(adj: Adjudication, seat: str, order: ExtendedMove) -> None:
    """§5.2: the HQ spends its marker and is flipped; its units move together up to two boxes."""
    state: State = adj.state
    data = data_of(adj)
    h = state.units.get(order.hq)
    if h is None or h.side != ALLIED or not is_hq(data, h.id) or not owns(state, data, seat, h.id):
        raise Reject("not_your_hq", f"{order.hq} is not an Allied HQ of yours.", cite.EXTENDED_MOVEMENT)
    if h.box is None or h.box not in data.box_links:
        raise Reject("not_off_map", "An Extended move is made off map, by an HQ in a box of the Strategic Movement Map.",
                     cite.EXTENDED_MOVEMENT)
    if h.unsupplied or h.finished or h.markers < 1:
        raise Reject("hq_not_ready", f"{h.id} must be supplied, ready and stacked with an Offensive marker.", cite.EXTENDED_MOVEMENT)
    if any(uid not in state.units or not owns(state, data, seat, uid) for uid in order.units):
        raise Reject("not_your_unit", "Every unit named must be yours.", cite.EXTENDED_MOVEMENT)
    if not controlled_by(state, data, h.id, order.units):
        raise Reject("not_controlled", f"The units must be under {h.id}'s control: its nationality, the same or an adjacent "
                     "box, 5 divisions and 3 independent units at most.", cite.CONTROL)
    movers = check(state, data, order.units, order.boxes, extended=True)
    adj.emit(ExtendedMoveMade(hq=h.id, cite=(cite.EXTENDED_MOVEMENT, cite.HQ_FLIP,
                                            cite.ruling("Q02_extended_blocks", state.core.options.get("Q02_extended_blocks", "turn")))))
    _go(adj, movers, order.boxes, transfer=False, hq=None, division=None, why=(cite.EXTENDED_MOVEMENT, cite.OFF_MAP))


def _go(adj: Adjudication, movers: list[Unit], boxes: tuple[str, ...], *, transfer: bool, hq: str | None,
        division: str | None, why: tuple[Citation, ...]) -> None:
    state: State = adj.state
    om = offmap_of(state)
    assert om is not None
    side = movers[0].side
    start = movers[0].box or movers[0].hex or ""
    reached: dict[str, int] = {u.id: 0 for u in movers}  # how many boxes of the path each unit entered
    if not transfer:
        going = list(movers)
        here = start
        for i, nxt in enumerate(boxes):
            if not going:
                break
            if i == 0 and here in om.confusion:
                going = _exit_roll(adj, going, here)
            elif side == GERMAN:
                going = [u for u in going if interdiction(adj, u, here)]
            for u in going:
                reached[u.id] = i + 1
            here = nxt
    else:
        reached = {u.id: 1 for u in movers}
    entered: set[str] = set()
    for u in movers:
        n = reached[u.id]
        if n:
            adj.emit(OffMapMoved(unit=u.id, path=(start,) + boxes[:n], transfer=transfer, hq=hq, division=division, cite=why))
            entered.update(boxes[:n])
    _arrived(adj, side, [b for b in boxes if b in entered], {u.id for u in movers if reached[u.id] == len(boxes)})


def interdiction(adj: Adjudication, u: Unit, box: str) -> bool:
    """§4.1.2: a German unit leaving a box rolls lower than the box's interdiction value."""
    state: State = adj.state
    data = data_of(adj)
    v, datum = value(box)
    mods = {}
    bombs = air_bombs(state, box)
    if bombs:
        mods["strategic_interdiction"] = bombs
    if partisan(state, data, box):
        mods["partisan"] = PARTISAN_MODIFIER
    roll = adj.roll(6, f"interdiction {u.id} leaving {box}").face
    passed = roll + sum(mods.values()) < v
    why: tuple[Citation, ...] = (cite.OFF_MAP, datum)
    if "strategic_interdiction" in mods:
        why += (cite.STRATEGIC_INTERDICTION, cite.datum("air:strategic_interdiction_bombs", "placeholder"))
    if "partisan" in mods:
        why += (cite.PARTISANS, cite.ruling("Q48_partisan_action", "plus_two_only"))
    adj.emit(InterdictionRolled(units=(u.id,), box=box, roll=roll, modifiers=mods, value=v, passed=passed, cite=why))
    return passed


def _exit_roll(adj: Adjudication, movers: list[Unit], box: str) -> list[Unit]:
    """§6.12: one roll for the pile leaving a box in Confusion (W4)."""
    state: State = adj.state
    data = data_of(adj)
    side = movers[0].side
    v, datum = value(box)
    mods: dict[str, int] = {}
    why: tuple[Citation, ...] = (cite.OFF_MAP_COMBAT, cite.STRATEGIC_INTERDICTION, datum,
                                 cite.ruling("Q41_box_interdiction", "pack"), cite.ruling("Q57_confusion_exit_roll", "as_Q41"))
    if side == GERMAN and partisan(state, data, box):
        mods["partisan"] = PARTISAN_MODIFIER  # §6.12: no odds adjustment with a Partisan there
        why += (errata.cite_of("B5"),)
    else:
        shift, col = odds_modifier(state, data, movers, box)
        if shift:
            mods[f"odds {col}"] = shift
    if side == GERMAN and air_bombs(state, box):
        mods["strategic_interdiction"] = air_bombs(state, box)
    roll = adj.roll(6, f"confusion exit from {box}").face
    passed = roll + sum(mods.values()) < v
    adj.emit(InterdictionRolled(units=tuple(u.id for u in movers), box=box, roll=roll, modifiers=mods, value=v, passed=passed, cite=why))
    return movers if passed else []


def _arrived(adj: Adjudication, side: str, entered: list[str], arrived: set[str]) -> None:
    """Control by passage, Confusion where the enemy stands, depots that vanish, Paris."""
    state: State = adj.state
    data = data_of(adj)
    om = offmap_of(state)
    assert om is not None
    enemy = _other(side)
    taken = tuple(b for b in entered if b not in data.festungs and not in_box(state, b, enemy) and controller(om, b) != side)
    if taken:
        adj.emit(BoxControl(boxes=taken, side=side, cite=(cite.OFF_MAP,)))
    for b in entered:
        if in_box(state, b, enemy) and in_box(state, b, side) and b not in om.confusion and b not in data.festungs:
            adj.emit(ConfusionPlaced(place=b, cite=(cite.MOVEMENT_PHASE, cite.OFF_MAP_COMBAT)))
        if side == ALLIED and b in om.depots and b in NO_DEFENCE_DEPOTS and not in_box(state, b, GERMAN):
            adj.emit(DepotVanished(box=b, cite=(cite.VANISHING_DEPOTS,)))
            adj.emit(LedgerPosted(ledger=VP, owner=ALLIED, kind="credit", amount=DEPOT_DESTROYED_VP,
                                  cite=(cite.VICTORY, cite.ruling("Q30_vp_timing", "state_at_turn_end"))))
    if side != ALLIED:
        return
    if PARIS in entered and LIBERATOR in arrived and not in_box(state, PARIS, GERMAN) and not state.flags.get("paris_liberated"):
        adj.emit(FlagSet(name="paris_liberated", cite=(cite.PARIS,)))
        adj.emit(LedgerPosted(ledger=VP, owner=ALLIED, kind="credit", amount=LIBERATION_VP,
                              cite=(cite.PARIS, cite.ruling("Q47_paris_vp_cumulative", True))))
    if FFI in data.values and FFI not in state.units and any(b in BEYOND_THE_SEINE for b in entered):
        adj.emit(PartisansRose(unit=FFI, box=PARIS, cite=(cite.PARIS, cite.ruling("Q59_ffi_steps", 2))))
        if in_box(adj.state, PARIS, GERMAN) and PARIS not in confused(adj.state):
            adj.emit(ConfusionPlaced(place=PARIS, cite=(cite.PARIS, cite.OFF_MAP_COMBAT)))


# --- listing --------------------------------------------------------------------------------------------


def legal(state: State, data: GameData, seat: str, unit: str | None = None) -> list[Order]:
    """One-unit moves (the engine accepts units moving together; a listing of every group would be
    too long): each exit hex's box, each box path of one or two boxes a unit may take."""
    om = offmap_of(state)
    if om is None:
        return []
    out: list[Order] = []
    for u in sorted(state.units.values(), key=lambda x: x.id):
        if (unit is not None and u.id != unit) or u.id in state.moved or not owns(state, data, seat, u.id):
            continue
        if u.hex is not None:
            out += [OffMapMove(units=(u.id,), boxes=(b,)) for b in data.hex_boxes.get(u.hex, ())
                    if _ok(state, data, (u.id,), (b,))]
        elif on_strategic_map(data, u):
            assert u.box is not None
            for b in exits(data, u.box, u.side):
                if _ok(state, data, (u.id,), (b,)):
                    out.append(OffMapMove(units=(u.id,), boxes=(b,)))
                for c in exits(data, b, u.side):
                    if c != u.box and _ok(state, data, (u.id,), (b, c)):
                        out.append(OffMapMove(units=(u.id,), boxes=(b, c)))
    return out


def extended_legal(state: State, data: GameData, seat: str) -> list[Order]:
    """Each ready HQ's Extended move of itself with the units in its box, one box or two."""
    out: list[Order] = []
    for h in sorted(state.units.values(), key=lambda x: x.id):
        if (h.side != ALLIED or not is_hq(data, h.id) or h.box not in data.box_links or h.unsupplied or h.finished
                or h.markers < 1 or h.id in state.moved or not owns(state, data, seat, h.id)):
            continue
        assert h.box is not None
        units = tuple(u.id for u in in_box(state, h.box, ALLIED) if u.id not in state.moved and data.values[u.id].nat == data.values[h.id].nat
                      and data.values[u.id].cls in ("combat", "hq"))
        if not controlled_by(state, data, h.id, units):
            continue
        for b in exits(data, h.box, ALLIED):
            for path in [(b,), *((b, c) for c in exits(data, b, ALLIED) if c != h.box)]:
                if _ok(state, data, units, path, extended=True):
                    out.append(ExtendedMove(hq=h.id, units=units, boxes=path))
    return out


def _ok(state: State, data: GameData, units: tuple[str, ...], boxes: tuple[str, ...], extended: bool = False) -> bool:
    try:
        check(state, data, units, boxes, extended=extended)
    except Reject:
        return False
    return True
