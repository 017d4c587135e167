"""§6.13 Siege and the Festungs of §0.1.2 (`normandy-1944@4`): each Festung box of the pack (St
Nazaire inside Rennes, as printed; Brest and Lorient inside theirs) holds its Festung; the German
player may reinforce it with units up to 5 stacking value (offmap.py), which are always supplied.
A Festung is besieged while its holding box holds no German unit outside it and the Allied units
there defend at least half of the Festung's defence with its occupants'; each besieged Festung is
+3 VP at each turn end while the conditions hold (option Q43; victory.py). The pack holds no
Festung counter: its defence is a placeholder, cited where a ruling uses it. An attack on a Festung
(its fortified line, option Q49, and +5 VP when destroyed) is not built: refused `not_built`."""
from __future__ import annotations

from domain.games.normandy import cite
from domain.games.normandy.data import ALLIED, GERMAN, GameData
from domain.games.normandy.model import State
from domain.games.normandy.units import defense, is_combat
from domain.kernel.citation import Citation

FESTUNG_DEFENCE_PLACEHOLDER = 4  # a garrison's 2 (placeholder) behind its fortified line; no counter in the pack
SIEGE_VP = 3  # §11.3 L599


def defence(state: State, data: GameData, festung: str) -> int:
    """The Festung's defence with its occupants' added (§0.1.2 L49)."""
    return FESTUNG_DEFENCE_PLACEHOLDER + sum(defense(data, u) for u in state.units.values()
                                             if u.box == festung and u.side == GERMAN and is_combat(data, u.id))


def besieged(state: State, data: GameData) -> list[str]:
    out = []
    for festung, holder in data.festungs.items():
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
