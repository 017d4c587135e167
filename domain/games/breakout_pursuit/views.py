"""What each seat sees. Every unit, supply state and decision is public; the one hidden thing is
which Airdrop Zone marker is real until its reveal (airdrop.view)."""
from __future__ import annotations

from typing import Any

import msgspec

from domain.games.breakout_pursuit import airdrop
from domain.games.breakout_pursuit.model import State
from domain.kernel.seats import Viewer


def view(state: State, data, viewer: Viewer) -> dict[str, Any]:
    on_map: list[dict[str, Any]] = []
    boxes: dict[str, Any] = {}
    for u in sorted(state.units.values(), key=lambda u: u.id):
        d = msgspec.to_builtins(u)
        if u.hex is not None:
            d["supply"] = state.supply.get(u.id)
            on_map.append(d)
        else:
            boxes.setdefault(u.box or "", []).append(d)
    return {
        "units": on_map,
        "boxes": boxes,
        "arrivals": dict(sorted(state.arrivals.items())),
        "supply": dict(sorted(state.supply.items())),
        "moved": list(state.moved),
        "hauled": {u: list(how) for u, how in sorted(state.hauled.items())},
        "traced": list(state.traced),
        "attacked": list(state.attacked),
        "combat": msgspec.to_builtins(state.combat),
        "control": dict(sorted(state.control.items())),
        "fortresses": dict(sorted(state.fortresses.items())),
        "flags": dict(state.flags),
        "airdrop": airdrop.view(state, viewer),
    }
