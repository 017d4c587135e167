"""§6.13 Siege and the Festungs of §0.1.2 (`normandy-1944@4`): each Festung box of the pack (St
Nazaire inside Rennes, as printed; Brest and Lorient inside theirs) holds its Festung; the German
player may reinforce it with units up to 5 stacking value (offmap.py), which are always supplied.
A Festung is besieged while its holding box holds no German unit outside it and the Allied units
there defend at least half of the Festung's defence with its occupants'; each besieged Festung is
+3 VP at each turn end while the conditions hold (option Q43; victory.py). The pack holds no
Festung counter: its defence is a placeholder, cited where a ruling uses it.

The Allies may attack a Festung instead (combat.py): units controlled by the activated HQ, in the
holding box, which must hold no German unit outside the Festung (inferred: the Festung is reached
through its box); the Festung's defence with its occupants', behind its fortified line (the TEC's
`fortified_line` shift, option Q49); no air off map. Steps lost go to the units inside first (option
Q22's default, the most steps left), then to the Festung's one step: it is destroyed, +5 VP to the
Allies (§11.3). A Festung ignores retreats, like any garrison (§0.1.2), and so, behind its line, do
the units inside (inferred)."""
from __future__ import annotations

from domain.games.normandy import cite, losses
from domain.games.normandy.data import ALLIED, GERMAN, GameData, data_of
from domain.games.normandy.effects import CombatEnded, FestungDestroyed
from domain.games.normandy.model import State, offmap_of
from domain.games.normandy.units import defense, is_combat
from domain.kernel.adjudication import Adjudication
from domain.kernel.citation import Citation
from domain.kernel.effects import LedgerPosted

FESTUNG_DEFENCE_PLACEHOLDER = 4  # a garrison's 2 (placeholder) behind its fortified line; no counter in the pack
SIEGE_VP = 3  # §11.3 L599
DESTROYED_VP = 5  # §11.3 L601
LINE = "fortified_line"  # the TEC row of a Festung's line (option Q49)


def in_play(state: State) -> bool:
    """Festungs are ruled from version 4 (its state holds the off-map layer)."""
    return offmap_of(state) is not None


def standing(state: State, festung: str) -> bool:
    om = offmap_of(state)
    return om is not None and festung in om.festungs


def occupants(state: State, data: GameData, festung: str) -> tuple[str, ...]:
    return tuple(sorted(u.id for u in state.units.values() if u.box == festung and u.side == GERMAN and is_combat(data, u.id)))


def defence(state: State, data: GameData, festung: str) -> int:
    """The Festung's defence with its occupants' added (§0.1.2 L49)."""
    return FESTUNG_DEFENCE_PLACEHOLDER * standing(state, festung) + sum(defense(data, u) for u in state.units.values()
                                             if u.box == festung and u.side == GERMAN and is_combat(data, u.id))


def besieged(state: State, data: GameData) -> list[str]:
    out = []
    for festung, holder in data.festungs.items():
        if not standing(state, festung):
            continue
        there = [u for u in state.units.values() if u.box == holder]
        if any(u.side == GERMAN for u in there):
            continue
        allied = sum(defense(data, u) for u in there if u.side == ALLIED and is_combat(data, u.id))
        if allied and 2 * allied >= defence(state, data, festung):
            out.append(festung)
    return out


def why() -> tuple[Citation, ...]:
    return (cite.SIEGE, cite.VICTORY, cite.ruling("Q43_siege_vp", "per_turn"),
            cite.datum("festung_defence", "placeholder"))


def apply(adj: Adjudication, parts: dict[str, int]) -> None:
    """A result against a Festung: the attackers' steps, the defenders' steps (the units inside first,
    then the Festung), no retreat, no exploitation off map."""
    state: State = adj.state
    data = data_of(adj)
    c = state.combat
    assert c is not None
    if parts.get("A"):
        losses.lose_steps(adj, c.attackers, parts["A"])
    steps = 99 if parts.get("E") else parts.get("D", 0)
    for _ in range(steps):
        inside = occupants(adj.state, data, c.hex)
        if inside:
            losses.lose_steps(adj, inside, 1)
        elif standing(adj.state, c.hex):
            adj.emit(FestungDestroyed(festung=c.hex, cite=(cite.SIEGE, cite.FESTUNG)))
            adj.emit(LedgerPosted(ledger=losses.VP, owner=ALLIED, kind="credit", amount=DESTROYED_VP, cite=(cite.VICTORY,)))
            break
        else:
            break
    if parts.get("R") or parts.get("X"):
        adj.cite(cite.FESTUNG, cite.OFF_MAP_COMBAT)  # a garrison ignores retreats; no exploitation off map
    adj.emit(CombatEnded(cite=(cite.RESULTS,)))
