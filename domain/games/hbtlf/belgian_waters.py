"""Belgian flooding (12.63) and the Antwerp waterworks (12.69), @2.

- 12.63: only in an impulse whose weather is rain (light or heavy, 8.11-8.12), a Belgian unit may spend
  3 MPs to flood a river flowing into the sea in Belgium; its hexsides are then major river hexsides
  for nine hexsides from the coast. The MPs and the river are the map's (`claim_flooding`, attested);
  the umpire refuses it in any other weather and keeps the flooded rivers for the players (the view).
- 12.69: the waterworks at W:1408 are destroyed when a German unit is confirmed in that hex, or by a
  German barrage (`claim_waterworks_barrage`, the BCRT result attested) that needs a German artillery
  unit confirmed adjacent to W:1408 (that it is heavy Artillery Class is the counter's, attested).
  Once destroyed, the Belgian permanent entrenchments printed on the map are worthless (the view's
  `waterworks_destroyed`)."""
from __future__ import annotations

from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject

from domain.games.hbtlf import cite, hexes
from domain.games.hbtlf.effects_armed_forces import WaterworksDestroyed
from domain.games.hbtlf.model import State2
from domain.games.hbtlf.orders import MoveDecl

FLOODING = cite.rule("12.63 Belgian Flooding", 1038, 1038)
WATERWORKS = cite.rule("12.69 Belgian Waterworks", 1058, 1060)
WATERWORKS_HEX = "W:1408"
RAIN = ("light_rain", "heavy_rain")


def _belgian(state: State2, unit: str) -> bool:
    return state.sides.get(unit) == "allied" and (state.armies.get(unit) == "Belgian Army" or unit.split(": ", 1)[-1].startswith("Belgian"))


def check_flooding(state: State2, unit: str, river: str) -> None:
    if state.weather not in RAIN:
        raise Reject("not_raining", f"Flooding is done in a rain weather impulse; this impulse's weather is {state.weather or 'none rolled'} (12.63).",
                     FLOODING)
    if not _belgian(state, unit) or unit in state.eliminated or unit in state.withdrawn:
        raise Reject("not_belgian", f"{unit!r} is not a Belgian unit in play.", FLOODING, unit=unit)
    if not river.strip():
        raise Reject("no_river", "Name the river flowing into the sea in Belgium.", FLOODING)
    if river in state.flooded:
        raise Reject("already_flooded", f"The {river} is already flooded.", FLOODING)


def check_barrage(state: State2, artillery: str) -> None:
    if state.waterworks_destroyed:
        raise Reject("already_destroyed", "The Antwerp waterworks are already destroyed (12.69).", WATERWORKS)
    here = state.positions.get(artillery, "")
    if state.sides.get(artillery) != "german" or "artillery" not in artillery.lower() or artillery in state.eliminated \
            or artillery in state.withdrawn:
        raise Reject("not_artillery", f"{artillery!r} is not a German artillery unit in play.", WATERWORKS, unit=artillery)
    if not hexes.is_hex(here) or hexes.distance(here, WATERWORKS_HEX) != 1:
        raise Reject("not_adjacent", f"{artillery} at {here} is not adjacent to the waterworks ({WATERWORKS_HEX}) (12.69).", WATERWORKS)


def after_moves(adj: Adjudication, moves: tuple[MoveDecl, ...]) -> None:
    """12.69: a German unit confirmed in W:1408 destroys the waterworks."""
    s = adj.state
    if not isinstance(s, State2) or s.waterworks_destroyed:
        return
    for m in moves:
        if m.to == WATERWORKS_HEX and s.sides.get(m.unit) == "german":
            adj.emit(WaterworksDestroyed(how=f"occupied by {m.unit}", cite=(WATERWORKS,)))
            return
