"""Optional Rules A, Allied Paratroop Rehabilitation (L596; digest O26, PAR-7, C14).

The British 6th Airborne "7-6" may be exchanged for its "10-6" counter in an Allied Initial
Movement Phase once it has spent ten consecutive Game-Turns in the Staging Area (option
paratroop_rehabilitation: the rule's "in other words" reading). The 7-6 starts on the map, enters
the Staging Area in an Allied Initial Movement Phase (from Cherbourg, Paratroop C) and leaves it
in a Reinforcement Phase (to Cherbourg) or an Airdrop Phase (a drop): between the two there is
always an Allied Airdrop Phase, so that phase sees every stay. Each one records, in the flag
`staging_since`, the first whole Game-Turn the 7-6 has spent there.
"""
from __future__ import annotations

from domain.games.breakout_pursuit import cite
from domain.games.breakout_pursuit.effects import FlagSet, ParatroopRehabilitated
from domain.games.breakout_pursuit.model import ALLIED, STAGING, State, Unit
from domain.games.breakout_pursuit.orders import RehabilitateParatroop
from domain.kernel.commands import Reject

FLAG = "staging_since"
TURNS = 10  # "when the 7-6 spends ten consecutive Game-Turns in the Staging Area"
FROM = (7, 6)  # the 6th Airborne "7-6"
REHABILITATION = "rehabilitation"  # the pack's flag on the "10-6" counter


def replacement(data) -> str | None:
    """The pack's "10-6" counter of the 6th Airborne."""
    return next((cid for cid, c in sorted(data.pack.counters.items()) if REHABILITATION in c.flags), None)


def candidates(state: State) -> list[Unit]:
    """The British airborne 7-6 (one per order of battle)."""
    return sorted((u for u in state.units.values() if u.side == ALLIED and u.type == "paratroop" and u.nat == "UK"
                   and (u.strength, u.ma) == FROM and u.size == "XX"), key=lambda u: u.id)


def track_staging(adj) -> None:
    """At each Allied Airdrop Phase: the first whole Game-Turn each 7-6 now in the Staging Area has
    spent there (kept while it stays, forgotten when it leaves)."""
    state = adj.state
    if not state.core.options.get("optional_rule_a"):
        return
    old = state.flags.get(FLAG, {})
    turn = state.core.clock.turn
    new = {u.id: old.get(u.id, turn) for u in candidates(state) if u.box == STAGING}
    if new != old:
        adj.emit(FlagSet(name=FLAG, value=new, cite=(cite.OPTIONAL_A,)))


def eligible(state: State, data) -> list[Unit]:
    clock = state.core.clock
    if not state.core.options.get("optional_rule_a") or clock.side != ALLIED or clock.phase != "initial_movement":
        return []
    new = replacement(data)
    if new is None or new in state.units:
        return []
    since = state.flags.get(FLAG, {})
    return [u for u in candidates(state) if u.box == STAGING and u.id in since and clock.turn - since[u.id] >= TURNS]


def legal(state: State, data, side: str, unit: str | None = None) -> list[RehabilitateParatroop]:
    if side != ALLIED:
        return []
    return [RehabilitateParatroop(unit=u.id) for u in eligible(state, data) if unit is None or u.id == unit]


def enter(adj) -> bool:
    """The Allied Initial Movement Phase also asks when the exchange may be made."""
    return bool(eligible(adj.state, adj.ruleset.data))


def rehabilitate(adj, seat: str, order: RehabilitateParatroop) -> None:
    state, data = adj.state, adj.ruleset.data
    rule = cite.ruling("paratroop_rehabilitation", state.core.options.get("paratroop_rehabilitation", "ten_consecutive_turns"))
    if not state.core.options.get("optional_rule_a"):
        raise Reject("optional_rule_a", "Paratroop rehabilitation is used only with Optional Rules A.", cite.OPTIONAL_A)
    if state.core.layout.side_of(seat) != ALLIED or order.unit not in {u.id for u in candidates(state)}:
        raise Reject("not_the_7_6", f"{order.unit!r} is not the British 6th Airborne 7-6; only it is rehabilitated.",
                     cite.OPTIONAL_A, unit=order.unit)
    if order.unit not in {u.id for u in eligible(state, data)}:
        since = state.flags.get(FLAG, {}).get(order.unit)
        stay = f"it has been there since Game-Turn {since}" if since else "it is not in the Staging Area"
        raise Reject("not_ten_turns", f"{order.unit} becomes a 10-6 after ten consecutive Game-Turns in the Staging Area; "
                     f"{stay}.", cite.OPTIONAL_A, unit=order.unit, ruling=rule.label())
    adj.emit(ParatroopRehabilitated(unit=order.unit, by=replacement(data), cite=(cite.OPTIONAL_A, rule)))
