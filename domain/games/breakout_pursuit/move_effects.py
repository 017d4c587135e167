"""What a move does besides moving (Movement B, Pipeline E-H, Victory D-F, Special Rule G).

A German unit entering or passing through hexes held only by Allied Supply and Pipeline units
destroys them (Pipeline H; Corrections L644, L654) and cuts the pipeline chain behind them
(Pipeline E); it displaces the Naval Supply unit (Correction L656); the hexes passed through change
control for victory (Victory D, F) and an Allied unit may cross the Allied Breakout Line (Victory
E, ruled by victory.occupy); an Allied combat unit entering the release area lifts Special Rule G.
Moves (movement.py, move_events.py), retreats and advances (results.py) call it.
"""
from __future__ import annotations

from domain.games.breakout_pursuit import cite, victory
from domain.games.breakout_pursuit.allowance import LIFTED, frozen, release_area
from domain.games.breakout_pursuit.costs import OVERRUN_TYPES
from domain.games.breakout_pursuit.effects import FlagCause, FlagSet, PipelinesDeactivated
from domain.games.breakout_pursuit.model import ALLIED, GERMAN, Unit
from domain.kernel.search import component


def consequences(adj, u: Unit, path: tuple[str, ...]) -> None:
    if u.side == GERMAN:
        overrun(adj, path)
    victory.occupy(adj, u.side, path, u.id)  # control changes and the Breakout Line (Victory D-F)
    if u.side == ALLIED:
        _lift_special_rule_g(adj, u, path)


def overrun(adj, path: tuple[str, ...]) -> None:
    """A German unit entered or passed through `path`, whose hexes may hold only Allied Supply,
    Pipeline and Naval Supply units (Movement B): Pipeline and Supply units there are destroyed;
    the Naval Supply unit is not, but is displaced (Correction L656). Retreats and advances that
    enter such hexes (digest 2.7) may call it too."""
    state = adj.state
    entered = set(path)
    hit = sorted((u for u in state.units.values() if u.hex in entered and u.side == ALLIED and u.type in OVERRUN_TYPES),
                 key=lambda u: (path.index(u.hex), u.id))
    gone = [u for u in hit if u.type != "naval_supply"]
    for u in gone:
        rule = cite.PIPELINE_DESTROYED if u.type == "pipeline" else cite.SUPPLY_UNITS_ELIMINATED
        eliminate(adj, [u.id], "overrun", (rule, cite.MOVEMENT_B))
    for u in hit:
        if u.type == "naval_supply":  # it stays, unusable, and may move away next Allied Initial Movement Phase
            adj.emit(FlagSet(name="naval_supply_displaced", value={"turn": state.core.clock.turn, "hex": u.hex},
                             cite=(cite.NAVAL_SUPPLY_USE,)))
    if any(u.type == "pipeline" for u in gone):
        _cut_pipelines(adj)


def _cut_pipelines(adj) -> None:
    """Pipeline E, H: active Pipeline units no longer linked to the Pipeline unit on Bayeux by a
    chain of active Pipeline units turn inactive at once."""
    state, data = adj.state, adj.ruleset.data
    active = {u.hex: u.id for u in state.units.values() if u.type == "pipeline" and u.hex is not None and u.active}
    linked = component(data.neighbours, data.bayeux, active.keys()) if data.bayeux in active else set()
    cut = tuple(sorted(uid for h, uid in active.items() if h not in linked))
    if cut:
        adj.emit(PipelinesDeactivated(units=cut, cite=(cite.PIPELINE_E, cite.PIPELINE_H, cite.PIPELINE_DESTROYED)))


def _lift_special_rule_g(adj, u: Unit, path: tuple[str, ...]) -> None:
    state, data = adj.state, adj.ruleset.data
    if not (u.combat_unit and frozen(state)):
        return
    where = next((h for h in path if h in release_area(data)), None)
    if where is not None:
        adj.emit(FlagSet(name=LIFTED, value=state.core.clock.turn, cite=(cite.SPECIAL_RULE_G,)))
        if data.fidelity:
            adj.emit(FlagCause(flag=LIFTED, unit=u.id, hex=where, cite=(cite.SPECIAL_RULE_G,)))


def eliminate(adj, ids: list[str], cause: str, why: tuple) -> None:
    """Units removed by movement's rules, scored by the victory rules."""
    adj.cite(*why)
    victory.eliminate(adj, ids, cause)
