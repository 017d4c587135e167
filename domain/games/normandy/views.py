"""What a viewer sees: everything on the map and in the boxes is public (no hidden information is
ruled: version 5's German replacement markers stand on the victory point track; version 3's air counters are public once
drawn, and what is left in a cup is public too, since its contents are fixed, §11; version 4's
off-map layer is public: box control, Confusion markers, the German depots, the interdiction holds)."""
from __future__ import annotations

from typing import Any

import msgspec

from domain.games.normandy.data import GameData
from domain.games.normandy.model import State, State4, State5, air_of, offmap_of, ports_of
from domain.kernel.seats import Viewer


def view(state: State, data: GameData, viewer: Viewer) -> dict[str, Any]:
    units = []
    for u in sorted(state.units.values(), key=lambda x: x.id):
        d = msgspec.to_builtins(u)
        v = data.values[u.id]
        d.update(nat=v.nat, cls=v.cls, label=v.label)
        units.append(d)
    out = {"units": units, "weather": state.weather, "weather_drm": state.weather_drm, "storm": state.storm,
            "first": state.first, "active_hq": state.active_hq, "moved": list(state.moved), "attacked": list(state.attacked),
            "defended": list(state.defended), "acted": list(state.acted), "done": list(state.done),
            "depots": msgspec.to_builtins(state.depots), "markers_due": dict(state.markers_due),
            "combat": msgspec.to_builtins(state.combat) if state.combat else None,
            "vp": {s: state.core.ledger("vp", s).balance for s in ("allied", "german")}}
    air = air_of(state)
    if air is not None:
        out["air"] = msgspec.to_builtins(air)
    om = offmap_of(state)
    if om is not None:  # version 4: box control, Confusion, the German depots standing (all public)
        out["offmap"] = msgspec.to_builtins(om)
    if isinstance(state, State4):  # version 4: the Reserve markers, an overrun's stack going on, an Exploitation
        out.update(reserve=list(state.reserve), left=dict(state.left),
                   overrun=msgspec.to_builtins(state.overrun) if state.overrun else None,
                   exploitation=msgspec.to_builtins(state.exploitation) if state.exploitation else None,
                   exploit_owed=state.exploit_owed)
    if isinstance(state, State5):  # version 5: the Rest markers, the unused German replacements, the units withheld, the SP supplied by air
        out.update(rest=dict(state.rest), replacements=dict(state.replacements), withheld=list(state.withheld or ()),
                   airborne=list(state.airborne))
    p = ports_of(state)
    if p is not None:  # version 5: the Allied ports under construction, on their reduced side, destroyed (the turn track is public)
        out["ports"] = msgspec.to_builtins(p)
    return out
