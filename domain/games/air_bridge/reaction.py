"""§11 Defender Reaction: for each target hex of a declared combat, one attempt (option
`reactions_per_hex`, the sequence of play F.3): the defender names one non-fatigued unit next to
the hex, not itself in a target hex, not one that refused combat, not unsupplied (§16), able to
cross into it, and rolls a d10: at most its effectiveness, it moves into the defending hex (the
stacking limit respected)."""
from __future__ import annotations

from domain.games.air_bridge import stacking, values
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.model import State, Unit
from domain.games.air_bridge.zoc import crossable


def candidates(state: State, data: GameData, hex_id: str) -> list[Unit]:
    here = state.at(hex_id)
    if not here:
        return []
    side = here[0].side
    targets = {c.target for c in state.declared if c.status == "declared"}
    out = []
    for n in data.neighbours(hex_id):
        if n in targets:
            continue
        for u in state.at(n):
            if (u.side == side and not u.fatigued and not u.unsupplied and not u.refused and values.combat_unit(data, u)
                    and values.ma(data, u) > 0 and crossable(state, data, n, hex_id)
                    and stacking.fits(state, data, hex_id, side, (u.id,))):
                out.append(u)
    return sorted(out, key=lambda u: u.id)
