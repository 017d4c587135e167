"""§6.10 Losses: a step loss flips a counter; a unit with no step left is eliminated to the Cadre box
(destroyed after a retreat: captured for good, §6.6). §11.3: each step inflicted is +1 VP, +1 more
for an elite unit. §5.4: an HQ whose hex loses its last unit is destroyed and returns next turn."""
from __future__ import annotations

from domain.games.normandy import cite
from domain.games.normandy.data import GameData, data_of
from domain.games.normandy.effects import Disorganised, HQDestroyed, StepLost
from domain.games.normandy.model import CADRE, CAPTURED, State, place_of
from domain.games.normandy.units import enemy, is_combat, is_hq
from domain.kernel.adjudication import Adjudication
from domain.kernel.citation import Citation
from domain.kernel.effects import LedgerPosted

VP = "vp"


def lose_steps(adj: Adjudication, units: tuple[str, ...], steps: int, *, retreat: bool = False) -> None:
    """`steps` losses spread over `units` by the owner's default (option Q22): the unit with most
    steps left takes each one."""
    data: GameData = data_of(adj)
    for _ in range(steps):
        state: State = adj.state
        alive = [u for u in (state.units[x] for x in units) if place_of(u) is not None and is_combat(data, u.id)]
        if not alive:
            return
        u = max(alive, key=lambda x: (data.values[x.id].steps - x.lost, x.id))
        one_step(adj, u.id, retreat=retreat)


def one_step(adj: Adjudication, uid: str, *, retreat: bool = False) -> None:
    data: GameData = data_of(adj)
    state: State = adj.state
    u = state.units[uid]
    v = data.values[uid]
    gone = u.lost + 1 >= v.steps
    citations = (cite.LOSSES, cite.ruling("Q22_losses_allocated_by", "owner_default_largest")) + ((cite.RETREAT,) if retreat else ())
    adj.emit(StepLost(unit=uid, eliminated=gone, to=(CAPTURED if retreat else CADRE) if gone else None, cite=citations))
    points = 1 + (1 if v.elite else 0)
    adj.emit(LedgerPosted(ledger=VP, owner=enemy(u.side), kind="credit", amount=points, cite=(cite.VICTORY,)))
    if gone and place_of(u) is not None:
        hq_alone(adj, place_of(u) or "", u.side)


def disorganise(adj: Adjudication, uid: str, why: tuple[Citation, ...]) -> None:
    """§6.5: one more level of disorganisation; a D2 unit takes a step loss instead."""
    u = adj.state.units[uid]
    if place_of(u) is None:
        return
    if u.d >= 2:
        adj.cite(*why)
        one_step(adj, uid)
    else:
        adj.emit(Disorganised(unit=uid, level=u.d + 1, cite=why))


def hq_alone(adj: Adjudication, h: str, side: str) -> None:
    """§5.4: HQs left in a hex (or box) whose units of their side were all destroyed in combat share
    their fate (in a Confusion hex the enemy's units do not shelter them, §6.11)."""
    data: GameData = data_of(adj)
    state: State = adj.state
    here = [u for u in state.units.values() if place_of(u) == h and u.side == side]
    if here and all(is_hq(data, u.id) for u in here):
        for u in here:
            adj.emit(HQDestroyed(hq=u.id, returns=state.core.clock.turn + 1, cite=(cite.HQ_DESTRUCTION,)))
