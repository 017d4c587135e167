"""5.1 Initiative Determination: automatic for the Germans in GT O-2, then one die each with the
modifiers of 5.1, the higher wins, ties rolled again."""
from __future__ import annotations

from domain.games.hbtlf.tables import chart

REROLLS = 50  # ties are rolled again; a bound only so a broken die source cannot loop for ever


def automatic(pack, gt: int) -> str | None:
    a = chart(pack, "initiative")["automatic"]
    return a["side"] if gt <= a["through_gt"] else None


def drms(pack, *, advance: dict[str, int], hq_moved: tuple[str, ...], kaiser_on_map: bool, pp: dict[str, int]) -> dict[str, int]:
    """Each side's modifier and why: more armies on Advance +1, the opponent's supreme HQ moved last
    Game-Turn +1, the Kaiser on map +1 to the Allies, more Prisoner Points +1."""
    t = chart(pack, "initiative")
    out = {"german": 0, "allied": 0}
    other = {"german": "allied", "allied": "german"}
    if advance["german"] != advance["allied"]:
        out[max(advance, key=lambda s: advance[s])] += t["drm_more_armies_on_advance"]["drm"]
    for side in hq_moved:
        out[other[side]] += t["drm_opponent_supreme_hq_moved"]["drm"]
    if kaiser_on_map:
        out["allied"] += t["drm_allied_kaiser_on_map"]["drm"]
    if pp["german"] != pp["allied"]:
        out[max(pp, key=lambda s: pp[s])] += t["drm_more_prisoner_points"]["drm"]
    return out


def armies_on_advance(missions: dict[str, str], army_sides: dict[str, str]) -> dict[str, int]:
    """Armies, not army detachments (5.1), whose Mission Order is Advance, by side."""
    out = {"german": 0, "allied": 0}
    for army, mission in missions.items():
        if mission == "Advance" and "Detachment" not in army and army in army_sides:
            out[army_sides[army]] += 1
    return out
