"""Victory Conditions A-H (L500-588; Correction L624) and Game Length (L199-212).

Points go to the `vp` ledger of each side (owner = side id) as they are scored, each posting with
its citation: destroyed units (A, B: the schedule by "strength-movement", doubled when the unit
was completely surrounded by enemy-occupied hexes and/or sea hexsides; every unit scores,
Correction L624), the Breakout exit (E) at its deadline, and at the end the control of Paris,
Antwerp, Reims and each fortress hex (F) and of the West Wall (D), and the airdrop penalty (G).
The result is the ratio Allied / German points, compared exactly against the levels (H).

Contracts with other sections: movement, retreats, advances and airdrops call `occupy` with the
hexes a side's units entered or passed through, and `eliminate` for every unit removed; combat
calls `replaced_by_battlegroup` after forming one. The Breakout Line is crossed (flag
`breakout_line_crossed` = the Game-Turn, shared with movement) when an Allied hex of `occupy` lies
outside the map area `north_of_allied_breakout_line`; units moved off a "D" edge hex have box
`exited`. The airdrop cycle (issue 9) credits 1 to the ledger `airdrop_cycles` of the Allied side
per cycle started; `finish` turns it into German points. The Rhine breach (Game Length B, Victory
C) is found by rhine.py (`rhine_breached`), recorded as the flag `rhine_breached` with its hexes.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Iterable, NamedTuple

from domain.games.breakout_pursuit import cite, provenance, rhine, supply
from domain.games.breakout_pursuit.data import DUSSELDORF, ESSEN, NORTH_OF_BREAKOUT_LINE, MissingData
from domain.games.breakout_pursuit.effects import ControlChanged, FlagCause, FlagSet, PointsAwarded, UnitEliminated
from domain.games.breakout_pursuit.model import ALLIED, EXITED, GERMAN, SIDES, SUPPLIED, State, Unit, enemy
from domain.kernel.core import Outcome, SeatResult, SideResult
from domain.kernel.effects import GameEnded, LedgerPosted
from domain.kernel.grid import hexside_id

VP = "vp"
AIRDROP_CYCLES = "airdrop_cycles"
CROSSED = "breakout_line_crossed"  # flag: the Game-Turn an Allied unit first went south of the Breakout Line
BREAKOUT_EXITS_NEEDED = 3  # "three or more division sized units" (E)
BREAKOUT_TURNS = 3  # "at the end of their third Player-Turn after" (E)
NON_COMBAT_KEYS = {"truck": "Truck", "supply": "Supply unit", "pipeline": "Supply Pipeline"}


class Score(NamedTuple):
    side: str
    points: int
    what: str
    cite: tuple
    hexes: tuple[str, ...] = ()  # the hexes whose control scored it


# --- destroyed units (A, B) --------------------------------------------------------------------


def schedule_key(u: Unit, table: dict[str, int]) -> str:
    """The unit's line of the schedule: "12-6", "4-5 (mech.)", "2-6 (BG)", "Truck"."""
    if u.type in NON_COMBAT_KEYS:
        return NON_COMBAT_KEYS[u.type]
    base = f"{u.strength}-{u.ma}"
    kind = "BG" if u.size == "BG" else "mech." if u.cls == "mechanized" else "non-mech."
    for key in (f"{base} ({kind})", base):
        if key in table:
            return key
    raise MissingData(f"the victory point schedule has no line for {u.id} ({base})")


def unit_points(data, u: Unit) -> int:
    table = data.vp_for_german_units if u.side == GERMAN else data.vp_for_allied_units
    return table[schedule_key(u, table)]


def points_cites(data, u: Unit) -> tuple:
    """The victory point schedule line of a unit: printed (L515-526, L532-543) or reconstructed."""
    german = u.side == GERMAN
    table = data.vp_for_german_units if german else data.vp_for_allied_units
    return provenance.datum(data, f"table:{'vp_german_units' if german else 'vp_allied_units'}:{schedule_key(u, table)}")


def surrounded(state: State, data, u: Unit) -> bool:
    """Every side of the unit's hex is a sea hexside, faces an all-sea hex, or faces a hex occupied
    by enemy units (option surrounded_by); a map edge or an off-map hex does not surround."""
    if u.hex is None:
        return False
    rule = state.core.options.get("surrounded_by", "blocking_units")
    occupied = {v.hex for v in state.units.values() if v.side == enemy(u.side) and v.hex is not None
                and (v.combat_unit or v.type == "truck" or (rule == "any_unit" and v.cls != "marker"))}
    around = data.grid.neighbours_at(u.hex)
    if None in around:
        return False
    for n in around:
        sea = data.side_has(hexside_id(u.hex, n), "sea") or (n in data.map.hexes and not data.enterable(n))
        if not (sea or n in occupied):
            return False
    return True


def eliminate(adj, unit_ids: Iterable[str], cause: str) -> None:
    """Remove units and credit their points to the other side. Passengers go with their Truck; the
    Naval Supply unit is never destroyed (Correction L656) and is left to its owner's rules."""
    state, data = adj.state, adj.ruleset.data
    ids: list[str] = []
    for uid in unit_ids:
        u = state.units[uid]
        if u.carrying and u.carrying not in ids:
            ids.append(u.carrying)
        if uid not in ids and u.type != "naval_supply":
            ids.append(uid)
    ringed = {uid: surrounded(state, data, state.units[uid]) for uid in ids}  # before anything is removed
    for uid in ids:
        u = adj.state.units[uid]
        scorer = enemy(u.side)
        rule = cite.VICTORY_A if scorer == ALLIED else cite.VICTORY_B
        cites = (rule, cite.VP_ALL_UNITS, cite.ruling("surrounded_by", state.core.options.get("surrounded_by", "blocking_units")))
        if data.fidelity:  # the schedule line the points were read from (or its reconstruction), the counter if invented
            cites = (rule, *points_cites(data, u), *cites[1:], *provenance.counters(data, [uid]))
        points = unit_points(data, u) * (2 if ringed[uid] else 1)
        adj.emit(UnitEliminated(unit=uid, hex=u.hex, cause=cause, surrounded=ringed[uid], points=points, cite=cites))
        if points:
            adj.emit(LedgerPosted(ledger=VP, owner=scorer, kind="credit", amount=points, cite=cites))


def replaced_by_battlegroup(adj, parent: str) -> None:
    """A unit eliminated (and scored) was replaced by a battlegroup (Battlegroups L-P): with option
    vp_for_parent_replaced_by_bg False it does not count as destroyed, and its points are taken back."""
    state, data = adj.state, adj.ruleset.data
    if state.core.options.get("vp_for_parent_replaced_by_bg", True):
        return
    u = state.units[parent]
    points = unit_points(data, u) * (2 if u.surrounded else 1)
    if points:
        adj.emit(LedgerPosted(ledger=VP, owner=enemy(u.side), kind="debit", amount=points,
                              cite=(cite.BATTLEGROUP_P, cite.ruling("vp_for_parent_replaced_by_bg", False))))


# --- control of hexes (D, F) and the Breakout Line (E) -----------------------------------------


def occupy(adj, side: str, hexes: Iterable[str], by: str = "") -> None:
    """`side`'s units (`by`: the one that moved) entered or passed through `hexes`: scoring hexes
    change hands (D, F); an Allied unit south of the Allied Breakout Line starts the Breakout exit
    clock (E)."""
    state, data = adj.state, adj.ruleset.data
    hexes = list(hexes)
    changed = {h: side for h in dict.fromkeys(hexes) if h in state.control and state.control[h] != side}
    if changed:
        adj.emit(ControlChanged(hexes=changed, cite=(cite.VICTORY_F, cite.VICTORY_D)))
    if side == ALLIED and _breakout_open(state, data) and CROSSED not in state.flags:
        south = next((h for h in hexes if _south(data, h)), None)
        if south is not None:
            adj.emit(FlagSet(name=CROSSED, value=state.core.clock.turn, cite=(cite.VICTORY_E,)))
            if data.fidelity and by:
                adj.emit(FlagCause(flag=CROSSED, unit=by, hex=south, cite=(cite.VICTORY_E,)))


def _breakout_open(state: State, data) -> bool:
    """Victory E applies (not in the Pursuit scenarios) and has not been scored yet."""
    return bool(data.pack.scenarios[state.core.scenario].victory.get("breakout_exit")) and "breakout_scored" not in state.flags


def _south(data, hex_id: str | None) -> bool:
    """South of the Allied Breakout Line: a land hex outside the map's area north of it."""
    return hex_id is not None and data.enterable(hex_id) and hex_id not in data.area(NORTH_OF_BREAKOUT_LINE)


def _breakout_score(state: State, data) -> Score:
    exits = sum(1 for u in state.units.values() if u.side == ALLIED and u.box == EXITED and u.division)
    side = ALLIED if exits >= BREAKOUT_EXITS_NEEDED else GERMAN
    points = int(data.vp_special["breakout_exit"]["points"])
    return Score(side, points, f"breakout exit: {exits} division(s) off the D edge", (cite.VICTORY_E,))


# --- end of a Player-Turn, end of the game -----------------------------------------------------


def rhine_breached(state: State, data) -> rhine.Breach | None:
    """Game Length B / Victory C: the breach found now (rhine.py), or None."""
    return rhine.breach(state, data)


def end_of_player_turn(adj, side: str) -> None:
    """After each Player-Turn: the Rhine breach ends the game after an Allied one (Game Length B);
    the Breakout exit deadline falls at the end of the third Allied Player-Turn after the crossing."""
    if side != ALLIED:
        return
    state, data = adj.state, adj.ruleset.data
    found = rhine_breached(state, data)
    if found:
        points = int(data.vp_special["rhine_breach"]["points"])
        adj.emit(FlagSet(name="rhine_breached", value=found.record(), cite=rhine.citations(state)),
                 LedgerPosted(ledger=VP, owner=ALLIED, kind="credit", amount=points, cite=(cite.VICTORY_C, cite.GAME_LENGTH_B)))
        finish(adj, "the Rhine was breached", cite.GAME_LENGTH_B)
        return
    if not _breakout_open(state, data):
        return
    crossed = state.flags.get(CROSSED)
    if crossed is None:  # a unit that started or was placed south of the line without `occupy`
        there = sorted(u.id for u in state.units.values() if u.side == ALLIED and u.combat_unit and _south(data, u.hex))
        if there:
            adj.emit(FlagSet(name=CROSSED, value=state.core.clock.turn, cite=(cite.VICTORY_E,)))
            if data.fidelity:
                adj.emit(FlagCause(flag=CROSSED, unit=there[0], hex=str(state.units[there[0]].hex), cite=(cite.VICTORY_E,)))
        return
    if state.core.clock.turn >= crossed + BREAKOUT_TURNS:
        score = _breakout_score(state, data)
        adj.emit(LedgerPosted(ledger=VP, owner=score.side, kind="credit", amount=score.points,
                              cite=score.cite + (cite.ruling("breakout_exit_deadline", "allied_turn_k_plus_3"),)),
                 FlagSet(name="breakout_scored", value=score.side, cite=score.cite))


def final_points(state: State, data) -> list[Score]:
    """Points scored when the game ends: hex control (D, F), a Breakout exit not yet decided (E),
    the airdrop penalty (G)."""
    opts, control = state.core.options, state.control
    special = data.vp_special
    out: list[Score] = []
    held = tuple(sorted(h for h in data.west_wall if control.get(h) == ALLIED))
    if held:
        out.append(Score(ALLIED, int(special["west_wall"]["points"]), "West Wall", (cite.VICTORY_D,), held))
    all_three = opts.get("paris_requires_all_three", True)
    for key, hexes in data.vp_places.items():
        row = special[key]
        holders = [control.get(h, GERMAN) for h in hexes]
        need, cites = len(hexes), (cite.VICTORY_F,)
        if len(hexes) > 1:
            need = need if all_three else need // 2 + 1
            cites += (cite.ruling("paris_requires_all_three", all_three),)
        for side in SIDES:
            if holders.count(side) >= need:
                out.append(Score(side, int(row["points"]), str(row["what"]), cites,
                                 tuple(h for h, who in zip(hexes, holders) if who == side)))
    keep = opts.get("fortress_points_after_destruction", "scores") == "scores"
    for h in sorted(data.fortress_hexes):
        if keep or state.fortresses.get(h) != "destroyed":
            cites = (cite.VICTORY_F, cite.ruling("fortress_points_after_destruction", opts.get("fortress_points_after_destruction", "scores")))
            out.append(Score(control.get(h, GERMAN), int(special["fortress"]["points"]), f"fortress {h}", cites, (h,)))
    if _breakout_open(state, data):
        if CROSSED in state.flags:
            out.append(_breakout_score(state, data))
        elif opts.get("breakout_never_crossed", "german_scores") == "german_scores":
            out.append(Score(GERMAN, int(special["breakout_exit"]["points"]), "the Allied Breakout Line was never crossed",
                             (cite.VICTORY_E, cite.ruling("breakout_never_crossed", "german_scores"))))
    cycles = state.core.ledger(AIRDROP_CYCLES, ALLIED).balance
    if cycles:
        out.append(Score(GERMAN, cycles * int(special["airdrop_cycle"]["points"]), f"{cycles} airdrop cycle(s)", (cite.VICTORY_G,)))
    return out


def finish(adj, reason: str, rule=cite.GAME_LENGTH_A) -> None:
    """The game ends (after the last Game-Turn, Game Length A, unless `rule` says otherwise): final
    points posted, then the result."""
    data = adj.ruleset.data
    for s in final_points(adj.state, data):
        if data.fidelity:  # @2: what the posting below is for, by hex
            adj.emit(PointsAwarded(side=s.side, points=s.points, what=s.what, hexes=s.hexes, cite=s.cite))
        adj.emit(LedgerPosted(ledger=VP, owner=s.side, kind="credit", amount=s.points, cite=s.cite))
    adj.emit(FlagSet(name="final_points_posted", value=True, cite=(cite.GAME_LENGTH, rule)))
    adj.emit(GameEnded(result=outcome(adj.state, data, reason), cite=(cite.GAME_LENGTH, rule, cite.VICTORY_H)))


def totals(state: State, data) -> dict[str, int]:
    """Each side's points: the ledger, plus the final points when they are not posted yet (a game
    ended early by an organiser is scored as if it ended now)."""
    out = {side: state.core.ledger(VP, side).balance for side in SIDES}
    if not state.flags.get("final_points_posted"):
        for s in final_points(state, data):
            out[s.side] += s.points
    return out


def level(data, allied: int, german: int, zero_german: str = "allied_decisive") -> dict:
    """The victory level of the ratio allied/german, compared exactly (H): the chart lists the levels
    from the worst for the Allies up, each with its upper bound ("less than" = below, "exactly" and
    the next level's "more than" = at most); the ratio takes the first level whose bound admits it,
    the last level having none."""
    rows = data.victory_levels
    if german == 0:
        return next(r for r in rows if r["key"] == zero_german)
    ratio = Fraction(allied, german)
    for r in rows:
        if "below" in r and not ratio < Fraction(str(r["below"])):
            continue
        if "at_most" in r and not ratio <= Fraction(str(r["at_most"])):
            continue
        return r
    raise MissingData(f"no victory level covers the ratio {ratio}")


def outcome(state: State, data, reason: str) -> Outcome:
    points = totals(state, data)
    zero = state.core.options.get("ratio_zero_german", "allied_decisive")
    row = level(data, points[ALLIED], points[GERMAN], zero)
    winner = ALLIED if row["key"].startswith(ALLIED) else GERMAN if row["key"].startswith(GERMAN) else None
    name = str(row["result"])
    seats = {s.id: SeatResult(side=s.side, points=points[s.side]) for s in state.core.layout.seats}
    ratio = f"{Fraction(points[ALLIED], points[GERMAN])}" if points[GERMAN] else "infinite"
    details = {"ratio": ratio, "level_key": row["key"],
               "christmas_1944": row["key"] == "allied_decisive" and _epilogue(state, data)}
    return Outcome(level=name, winner=winner, sides={side: SideResult(points=points[side], level=name) for side in SIDES},
                   seats=seats, reason=reason, details=details)


def _epilogue(state: State, data) -> bool:
    """Supplied Allied units on Essen and on Düsseldorf with a Decisive Victory: "World War II will be
    over before Christmas, 1944" (L588) -- flavour, recorded in the result's details."""
    traces = supply.paths(state, data, ALLIED)
    held = {u.hex for u in state.units.values() if traces.get(u.id, (None,))[0] == SUPPLIED}
    return all(held & set(data.place(name)) for name in (ESSEN, DUSSELDORF))
