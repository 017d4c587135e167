"""13.x7 Victory Conditions. Scenario 1's levels are computed from the attested losses and the
Liege forts' eliminations; the point scenarios' ladder needs points the text prints only in part,
so their result is by agreement or referee, said so."""
from __future__ import annotations

from msgspec.structs import replace

from domain.kernel.core import Outcome, SideResult

from domain.games.hbtlf import british_belgian
from domain.games.hbtlf.model import State, State2

LEVELS = ("Draw", "Tactical", "Operational", "Strategic")
LIEGE = ("Liege N", "Liege NE", "Liege NW", "Liege S", "Liege SE", "Liege SW")


def liege_all_eliminated(state: State) -> bool:
    return all(f in state.eliminated for f in LIEGE)


def scenario_1(state: State) -> Outcome:
    g, a = state.losses["german"], state.losses["allied"]
    allied = 0
    if g > a:
        allied = 2 if g >= 2 * a else 1
    if not liege_all_eliminated(state):
        allied = 3
    german = 0
    if state.liege_fell_gt is not None:
        german = 1
        if state.liege_fell_gt == 0:
            german = 3 if a > g else 2
    net = {"german": german - allied, "allied": allied - german}
    winner = next((s for s, n in net.items() if n > 0), None)
    level = "Draw" if winner is None else f"{winner.capitalize()} {LEVELS[net[winner]]} Victory"
    return Outcome(level=level, winner=winner, sides={"german": SideResult(points=german, level=LEVELS[german]),
                                                      "allied": SideResult(points=allied, level=LEVELS[allied])},
                   reason="13.17: each level the opponent obtains lowers yours by one",
                   details={"german_sp_lost": g, "allied_nonfortress_sp_lost": a, "liege_fell_gt": state.liege_fell_gt})


def points(state: State, sc) -> dict[str, float]:
    """Each side's victory points: the strength points it eliminated at the scenario's printed rate
    (from the confirmed combat reports), plus the points confirmed for what the umpire cannot see."""
    v = sc.victory
    out = {"german": state.vp.get("german", 0.0), "allied": state.vp.get("allied", 0.0)}
    if isinstance(v.get("allied"), dict):
        out["allied"] += v["allied"].get("german_sp_eliminated", 0) * (state.losses["german"] - _bb_sp(state))
    if isinstance(v.get("german"), dict):
        out["german"] += v["german"].get("allied_sp_eliminated", 0) * (state.losses["allied"] + state.losses["allied_fortress"])
    return out


def _bb_sp(state: State) -> int:
    """13.x7 C: German SP destroyed by British or Belgian units count for that player, not the French."""
    return state.bb_sp if isinstance(state, State2) and british_belgian.in_play(state.core.options) else 0


def ladder(g: float, a: float) -> tuple[str, str | None]:
    """13.x7 'Victory Determination', as printed: German fewer than Allied, Allied Strategic; fewer
    than twice, Allied Tactical; twice, German Tactical; three times, German Strategic."""
    if g < a:
        return "Allied Strategic Victory", "allied"
    if g < 2 * a:
        return "Allied Tactical Victory", "allied"
    if g < 3 * a:
        return "German Tactical Victory", "german"
    return "German Strategic Victory", "german"


def outcome(state: State, sc) -> Outcome:
    out = _outcome(state, sc)
    if isinstance(state, State2) and state.off_map:  # 7.4: still off the map at the end, eliminated
        out = replace(out, details={**out.details, "eliminated_off_map": sorted(state.off_map)})
    return out


def _outcome(state: State, sc) -> Outcome:
    if sc.victory.get("kind") == "levels":
        return scenario_1(state)
    if sc.victory.get("ladder"):
        vp = points(state, sc)
        level, winner = ladder(vp["german"], vp["allied"])
        reason = "13.x7 Victory Determination: the ratio of German to Allied victory points"
        details: dict = {"vp": vp, "printed_rates_only_for_sp": True}
        if isinstance(state, State2) and british_belgian.in_play(state.core.options):
            said = british_belgian.verdict(state.bb_vp, vp["german"], vp["allied"], state.core.options["british_belgian_either"])
            details["british_belgian"] = {"vp": state.bb_vp, "sp": state.bb_sp, "verdict": said, "ladder_level": level}
            reason = "13.x7 D: German against French points; the separate British and Belgian player's against both"
            if said == "ultimate victor":
                level, winner = "British and Belgian Ultimate Victory", "allied"
        return Outcome(level=level, winner=winner, sides={s: SideResult(points=round(p)) for s, p in vp.items()},
                       reason=reason, details=details)
    return Outcome(level="By agreement or referee", winner=None, sides={"german": SideResult(), "allied": SideResult()},
                   reason="this scenario prints no victory ladder (Scenario 5) or no result at all (Scenario 11)",
                   details={"vp": points(state, sc)})
