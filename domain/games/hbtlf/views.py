"""What each viewer of home-before-the-leaves-fall may see."""
from __future__ import annotations

from typing import Any

from domain.kernel.seats import Viewer

from domain.games.hbtlf import belgian_morale, bef, errata, paris_orders, victory
from domain.games.hbtlf.model import State, State2

MODE = "ledger"
MODE_TEXT = "the umpire enforces the Exclusive Rules and records what the players attest for the Standard Rules"


def view(pack: Any, sc: Any, state: State, viewer: Viewer) -> dict[str, Any]:
    """What a viewer sees: everything but the Belgian temporary release, which is the Allied player's (12.61B1),
    and, while the BEF is secret (12.71, @2), the British positions and hidden claims (bef.py)."""
    out = {
        "mode": MODE, "mode_text": MODE_TEXT, "pack_overrides": list(pack.meta.overrides) if pack else [],
        "errata_version": errata.version(pack), "errata_applied": list(state.errata_applied),
        "initiative": state.initiative, "impulses": list(state.impulses), "days_before": state.days_before,
        "player_order": list(state.order), "weather": state.weather, "month": state.month,
        "positions": bef.positions(state, viewer), "eliminated": list(state.eliminated), "withdrawn": list(state.withdrawn),
        "losses": dict(state.losses), "liege_fell_gt": state.liege_fell_gt, "missions": dict(state.missions),
        "released": list(state.released), "other_theaters": dict(state.other_theaters), "ammunition": dict(state.ammunition),
        "plans_abandoned": list(state.plans_abandoned), "retire": {k: list(v) for k, v in state.retire.items()},
        "paris_abandoned": state.paris_abandoned, "paris_debt": state.paris_debt,
        "claims": bef.claims(state, viewer), "victory_points": victory.points(state, sc),
        "leaders": {"replaced": list(state.leaders_out), "came_in": list(state.leaders_in), "promotions": dict(state.promotions)},
        "control": {h: list(v) for h, v in sorted(state.control.items())},
        "belgian": {"released": state.belgian_released, "detached": list(state.belgian_detached), "evacuated": state.belgian_evacuated,
                    **({"temporary": list(state.belgian_temporary or ())} if _sees(state, viewer, "allied") else {})},
    }
    if isinstance(state, State2):  # @2's rules
        out.update(_v2(state, viewer))
        out["belgian_morale_checks"] = {"units": belgian_morale.checks_due(state, pack), "modifier": belgian_morale.MODIFIER}  # 12.61A
    return out

def _sees(state: State, viewer: Viewer, side: str) -> bool:
    return viewer.omniscient or (viewer.seat is not None and state.core.layout.side_of(viewer.seat) == side)


def _v2(state: State2, viewer: Viewer) -> dict[str, Any]:
    return {"zeppelin_bases": dict(sorted(state.zeppelin_bases.items())), "leaders_placed": dict(state.leaders_placed),
            "british_belgian": {"vp": state.bb_vp, "sp": state.bb_sp}, "paris_entrenchments": paris_orders.entrenchments(state),
            "flooded": list(state.flooded), "waterworks_destroyed": state.waterworks_destroyed,
            "off_map": bef.off_map(state, viewer), "bef": state.bef}
