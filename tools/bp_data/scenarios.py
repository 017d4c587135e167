"""The 21 scenarios: the Scenario Description Chart joined to the set-ups and arrivals."""
from __future__ import annotations

from domain.kernel.pack.provenance import Inferred
from domain.kernel.pack.schema import Arrival, ClockSpec, Placement, Scenario, SeatSpec, SideSpec
from tools.bp_data import seed
from tools.bp_data.oob import Oob
from tools.bp_data.scenario_chart import ChartScenario, read_chart

CHART = "Scenario Description Chart"
SIDES = (SideSpec(id="allied", name="Allied"), SideSpec(id="german", name="German"))
SEATS = (SeatSpec(id="allied", side="allied", name="Allied player"),
         SeatSpec(id="german", side="german", name="German player"))


def build_scenarios(oob: Oob) -> dict[str, Scenario]:
    return {s.id: _scenario(s, oob) for s in read_chart()}


def _setup(s: ChartScenario, oob: Oob) -> tuple[Placement, ...]:
    out: list[Placement] = []
    for side, mode in (("german", s.german_setup), ("allied", s.allied_setup)):
        for item in oob.setups[f"{side}_{s.oob}"]:
            out.append(item.historical if mode == "historical" else item.free)
    # "f" is printed for 1.8 and 1.9 (L950), "r" for 1.9 and 3.9 (L952); the Campaign scenarios
    # copy the Breakout descriptions (L804), so 3.8 and 3.9 carry theirs. "f" moves units only.
    for mod in s.modifications:
        if mod in ("r", "e"):  # extra units, placed by area only (L952, L1074)
            out += [item.historical for item in oob.setups[f"mod_{mod}"]]
    return tuple(out)


def _reinforcements(s: ChartScenario, oob: Oob, setup: tuple[Placement, ...]) -> tuple[Arrival, ...]:
    first, last = s.turns
    placed = {p.counter for p in setup}
    out = []
    for sa in oob.arrivals:
        a = sa.arrival
        if not first <= a.turn <= last:
            continue
        if sa.side == "german" and s.reinforcement_code not in a.options:
            continue  # "the code letter above each unit must match" (German Reinforcements, L688)
        if a.counter in placed:
            continue  # e.g. the 3rd Panzergrenadier under modification "r" (CORR L664)
        out.append(a)
    return tuple(sorted(out, key=lambda a: (a.turn, a.counter)))


def _scenario(s: ChartScenario, oob: Oob) -> Scenario:
    setup = _setup(s, oob)
    pursuit = s.series == "pursuit"
    options = {
        "series": s.series,
        "order_of_battle": {"jul": "25 July 1944", "aug": "24 August 1944"}[s.oob],
        "german_setup": s.german_setup,
        "allied_setup": s.allied_setup,
        "setup_modifications": list(s.modifications),
        "reinforcement_code": s.reinforcement_code,
        "balance": s.balance,
        "allied_arrival_place": "cherbourg",
        "air_strike_turn": None if pursuit else 1,
        "replacement_pool": [i.counter for i in oob.setups["replacements"]] if pursuit else [],
    }
    victory = {
        "points_tables": ["vp_german_units", "vp_allied_units", "vp_special"],
        "levels_table": "victory_levels",
        "breakout_exit": not pursuit,
        "allied_control_at_start": ["0847"] if pursuit else [],
    }
    if s.derived_from:
        prov = Inferred(evidence=f"L{s.lines['title']}: 'Scenarios 3.1 through 3.9 have exactly the same description as "
                                 f"the corresponding Breakout Scenarios' ({s.derived_from}), 16 Game-Turns (L{s.lines['series']}); "
                                 f"balance note L{s.lines['balance']}")
        title = f"Campaign: {s.title}"
        notes = f"{s.balance} in the Breakout; 'that edge will usually be slightly magnified in the Campaign situation' (L{s.lines['balance']})."
    else:
        prov = seed.printed(CHART, s.lines["series"], max(s.lines.values()))
        title = s.title
        notes = s.balance
    if pursuit:
        notes += " Replacement pool: the 24 August sheet's 'Units Available as Replacements' start eliminated (inferred, digest REI-3)."
    return Scenario(id=s.id, title=title, sides=SIDES, seats=SEATS, start=ClockSpec(turn=s.turns[0]),
                    end=ClockSpec(turn=s.turns[1]), setup=setup, reinforcements=_reinforcements(s, oob, setup),
                    options=options, special_rules=s.special_rules, victory=victory, notes=notes, prov=prov)
