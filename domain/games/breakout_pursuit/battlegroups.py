"""Battlegroups (L-P, L301-316; Correction L634).

A unit eliminated in a combat-action (Ae, De, Ex, or Ar/Dr with no retreat route, L) may be
replaced, at its owner's option (Correction L634), by the battlegroup the pack's table gives for
its nationality and value (M; the Allied 17-8 -> 3-8 by L634), placed at once in the parent's hex
(N). The table rows are `min`-`max` strength at a movement allowance; the battlegroup counter is
the pack's template of that value.
"""
from __future__ import annotations

from domain.games.breakout_pursuit import cite
from domain.games.breakout_pursuit.effects import BattlegroupFormed
from domain.games.breakout_pursuit.model import State, Unit
from domain.games.breakout_pursuit.stacking import STACK_LIMIT, stack_count



def row_for(data, u: Unit) -> dict | None:
    for row in data.battlegroups:
        side = "german" if row["key"].startswith("german") else "allied"
        if u.side == side and u.ma == row["movement"] and row["min"] <= u.strength <= row["max"]:
            return row
    return None


def template(data, side: str, value: str):
    """(counter id, counter) of the pack's battlegroup template of that value ("2-6")."""
    strength, ma = (int(x) for x in value.split("-"))
    for cid, c in sorted(data.pack.counters.items()):
        if "template" in c.flags and c.side == side and c.strength == strength and c.movement == ma:
            return cid, c
    return None, None


def eligible(state: State, data, candidates: tuple[str, ...], origins: dict[str, str], side: str) -> dict[str, str]:
    """Eliminated units of `side` that may become battlegroups, with the battlegroup's value; only
    where the parent's hex has room for it (Stacking M)."""
    out = {}
    for uid in candidates:
        u = state.units[uid]
        if u.side != side or u.hex is not None or uid not in origins:
            continue
        row = row_for(data, u)
        if row is not None and stack_count(state, origins[uid]) < STACK_LIMIT:
            out[uid] = row["battlegroup"]
    return out


def form(adj, parent: str, hex_id: str, value: str) -> str:
    state, data = adj.state, adj.ruleset.data
    p = state.units[parent]
    cid, counter = template(data, p.side, value)
    strength, ma = (int(x) for x in value.split("-"))
    n = 1 + sum(1 for u in state.units.values() if u.parent == parent)
    uid = f"{parent}-bg{n}"
    adj.emit(BattlegroupFormed(parent=parent, unit=uid, hex=hex_id, strength=strength, ma=ma,
                               unit_type=counter.type if counter else p.type, counter=cid or "",
                               cite=(cite.BATTLEGROUP_L, cite.BATTLEGROUP_M, cite.BATTLEGROUP_N, cite.BATTLEGROUP_OPTION,
                                     cite.ruling("bg_counter_limit", state.core.options.get("bg_counter_limit", 0)))))
    return uid
