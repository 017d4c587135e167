"""Allied Reinforcements (L680-684), German Reinforcements (L686-692), German Replacements (L858-862,
Correction L666), no Allied replacements (Correction L626), on the synthetic map (supply_helpers.py):
Cherbourg 0241, Bayeux 0840, edge A = column 00 rows 05-25, edge B = row 39 columns 10-30."""
from __future__ import annotations

import pytest

from domain.games.breakout_pursuit import reinforcements
from domain.games.breakout_pursuit.effects import UnitPlaced
from domain.games.breakout_pursuit.model import ELIMINATED, PENDING, STAGING
from domain.games.breakout_pursuit.orders import EndPhase, PlaceReinforcement, PlaceReplacement
from domain.kernel.commands import Accepted, Rejected
from domain.kernel.effects import LedgerPosted
from tests.unit.breakout_pursuit.supply_helpers import adjudication, bound, effects_of, position, rule

INF = "us-tr-xx-12-5-28"  # Allied arrival, Game-Turn 2
ARMOR = "ca-tr-xx-16-8-4"  # Allied arrival, Game-Turn 3
PARA = "us-jul-xx-9-6-82"
AIRLANDING = "uk-jul-xx-10-6-52"  # "Optional Rules Only": enters only by airdropping
SUPPLY_UNIT, PIPELINE = "al-supply-t02", "al-pipeline-t02"
OLD_PIPE = "al-aug-pipeline-0840"
PANZER = "de-jul-xx-12-6-9"  # German arrival, Game-Turn 3, edge B
GER = "de-jul-xx-2-4-344"
LEHR = "de-jul-bg-2-6-lehr"  # a battlegroup, mechanized 2-6
PZ5 = "de-jul-xx-5-6-21"  # mechanized 5-6


def allied_phase(turn: int = 2, **units):
    due = {u: turn for u, f in units.items() if f.get("box") == PENDING}
    return position(turn=turn, phase="reinforcement", side="allied", units=units, arrivals=due)


def german_phase(turn: int = 3, ledgers: dict | None = None, **units):
    due = {u: turn for u, f in units.items() if f.get("box") == PENDING}
    core = {"ledgers": {f"{k}:german": {"balance": v} for k, v in (ledgers or {}).items()}}
    return position(turn=turn, phase="reinforcement", side="german", units=units, arrivals=due, core=core)


def placed(ruling) -> dict[str, str]:
    return {e.unit: e.at for e in effects_of(ruling, UnitPlaced)}


# --- Allied ------------------------------------------------------------------------------------


def test_allied_combat_reinforcements_arrive_on_cherbourg_at_no_movement_cost():
    """Allied Reinforcements (L682-684): on the Cherbourg hex, at no cost to the Movement Allowance."""
    ruling, after = rule(allied_phase(**{INF: {"box": PENDING}}), "allied", PlaceReinforcement(unit=INF, at="0241"))
    assert isinstance(ruling, Accepted)
    assert after.units[INF].hex == "0241" and after.units[INF].placed == 2  # the turn; only German units pay (L690)


def test_allied_combat_reinforcements_may_not_arrive_elsewhere():
    """Allied Reinforcements (L682): "All Allied reinforcing Combat units arrive on the Cherbourg hex"."""
    ruling, _ = rule(allied_phase(**{INF: {"box": PENDING}}), "allied", PlaceReinforcement(unit=INF, at="0840"))
    assert isinstance(ruling, Rejected) and ruling.code == "arrival_hex" and "0241" in ruling.message


def test_allied_reinforcements_cannot_arrive_on_a_german_held_cherbourg():
    """Movement B (L244) with L682: with a German unit on Cherbourg, arrivals wait in the Staging Area."""
    state = allied_phase(**{INF: {"box": PENDING}, GER: {"hex": "0241"}})
    ruling, _ = rule(state, "allied", PlaceReinforcement(unit=INF, at="0241"))
    assert isinstance(ruling, Rejected)
    assert reinforcements.legal(state, bound().data, "allied") == [PlaceReinforcement(unit=INF, at=STAGING)]


def test_allied_arrivals_may_be_delayed_in_the_staging_area_and_placed_later():
    """Allied Reinforcements (L684): an arrival put in the Staging Area may come in on a later turn."""
    ruling, after = rule(allied_phase(**{INF: {"box": PENDING}}), "allied", PlaceReinforcement(unit=INF, at=STAGING))
    assert isinstance(ruling, Accepted) and after.units[INF].box == STAGING
    later = allied_phase(turn=5, **{INF: {"box": STAGING}})
    ruling, after = rule(later, "allied", PlaceReinforcement(unit=INF, at="0241"))
    assert isinstance(ruling, Accepted) and after.units[INF].hex == "0241"


def test_allied_arrivals_not_placed_wait_in_the_staging_area():
    """Allied Reinforcements (L684): what is not placed goes to the Staging Area when the phase ends."""
    adj = adjudication(allied_phase(**{INF: {"box": PENDING}, SUPPLY_UNIT: {"box": PENDING}}))
    reinforcements.leave(adj)
    assert adj.state.units[INF].box == STAGING and adj.state.units[SUPPLY_UNIT].box == STAGING


def test_allied_units_are_not_placed_before_their_turn():
    """Time Record & Reinforcement Chart (L808-836): the 16-8 (Ca) arrives on Game-Turn 3, not 2."""
    state = position(turn=2, phase="reinforcement", units={ARMOR: {"box": PENDING}}, arrivals={ARMOR: 3})
    ruling, _ = rule(state, "allied", PlaceReinforcement(unit=ARMOR, at="0241"))
    assert isinstance(ruling, Rejected) and ruling.code == "not_arriving"


def test_paratroops_in_the_staging_area_may_enter_at_cherbourg():
    """Correction L640, Paratroop C (L416): Staging Area paratroops may enter at Cherbourg instead of dropping."""
    ruling, after = rule(allied_phase(**{PARA: {"box": STAGING}}), "allied", PlaceReinforcement(unit=PARA, at="0241"))
    assert isinstance(ruling, Accepted) and after.units[PARA].hex == "0241"


def test_the_airlanding_division_enters_only_by_airdropping():
    """Optional Rules B (L598): the 52nd "may only enter the game by airdropping"."""
    state = allied_phase(**{AIRLANDING: {"box": STAGING}})
    ruling, _ = rule(state, "allied", PlaceReinforcement(unit=AIRLANDING, at="0241"))
    assert isinstance(ruling, Rejected) and ruling.code == "airdrop_only"
    assert reinforcements.legal(state, bound().data, "allied") == []


def test_supply_units_are_placed_on_bayeux_cherbourg_or_an_active_pipeline_or_withheld():
    """Allied Supply Units J (L448), Allied Reinforcements (L682)."""
    state = allied_phase(**{SUPPLY_UNIT: {"box": PENDING}, OLD_PIPE: {"hex": "1030"}, "al-aug-pipeline-0940": {"hex": "1031", "active": False}})
    got = {o.at for o in reinforcements.legal(state, bound().data, "allied")}
    assert got == {"0840", "0241", "1030", STAGING}
    ruling, _ = rule(state, "allied", PlaceReinforcement(unit=SUPPLY_UNIT, at="1031"))
    assert isinstance(ruling, Rejected) and ruling.code == "supply_unit_hex"


def test_a_pipeline_is_placed_on_bayeux_or_next_to_an_active_pipeline_never_on_a_german_unit():
    """Pipeline F (L440), Correction L644 (German ZOC does not matter; it may not be withheld)."""
    state = allied_phase(**{PIPELINE: {"box": PENDING}, OLD_PIPE: {"hex": "0840"}, GER: {"hex": "0841"}})
    got = {o.at for o in reinforcements.legal(state, bound().data, "allied")}
    assert got == {"0839", "0740", "0741", "0940", "0941"}  # around Bayeux, not 0841 (German), not Bayeux (taken)
    ruling, _ = rule(state, "allied", PlaceReinforcement(unit=PIPELINE, at=STAGING))
    assert isinstance(ruling, Rejected) and ruling.code == "pipeline_hex"


def test_a_pipeline_not_placed_is_placed_by_the_umpire():
    """Correction L644: Pipeline units "may not be withheld": at the end of the phase the umpire
    places it on Bayeux (house rule, cited)."""
    adj = adjudication(allied_phase(**{PIPELINE: {"box": PENDING}}))
    reinforcements.leave(adj)
    e = effects_of(adj, UnitPlaced)[0]
    assert e.unit == PIPELINE and e.at == "0840"
    assert any(c.label().startswith("house rule pipeline") for c in e.cite)


def test_allied_phase_needs_no_decision_when_nothing_arrives():
    """Sequence of Play (L175-197): a phase with nothing to place is played out at once."""
    assert reinforcements.enter(adjudication(allied_phase())) is False
    assert reinforcements.enter(adjudication(allied_phase(**{INF: {"box": PENDING}}))) is True


# --- German reinforcements ---------------------------------------------------------------------


def test_german_reinforcements_arrive_on_an_edge_hex_of_their_code_and_pay_one_mp():
    """German Reinforcements (L688-690): the 12-6 (9) arrives on an edge "B" hex; placing it costs 1 MP
    in the next Initial Movement Phase (Unit.placed = the turn)."""
    ruling, after = rule(german_phase(**{PANZER: {"box": PENDING}}), "german", PlaceReinforcement(unit=PANZER, at="3926"))
    assert isinstance(ruling, Accepted)
    assert after.units[PANZER].hex == "3926" and after.units[PANZER].placed == 3


@pytest.mark.parametrize("at", ["3935", "1500", "2020"])
def test_german_reinforcements_may_not_arrive_off_their_edge(at):
    """German Reinforcements (L690): only "map edge hex with a code matching"."""
    ruling, _ = rule(german_phase(**{PANZER: {"box": PENDING}}), "german", PlaceReinforcement(unit=PANZER, at=at))
    assert isinstance(ruling, Rejected) and ruling.code == "not_edge_hex" and '"B"' in ruling.message


def test_german_reinforcements_not_placed_stay_due_for_a_later_turn():
    """German Reinforcements (L690): "or that Phase of any subsequent Game-Turn"."""
    adj = adjudication(german_phase(**{PANZER: {"box": PENDING}}))
    reinforcements.leave(adj)
    assert adj.state.units[PANZER].box == PENDING
    later = position(turn=5, phase="reinforcement", side="german", units={PANZER: {"box": PENDING}}, arrivals={PANZER: 3})
    assert isinstance(rule(later, "german", PlaceReinforcement(unit=PANZER, at="3910"))[0], Accepted)


def test_german_reinforcements_may_be_delayed_explicitly():
    """German Reinforcements (L690), O22: "delay" keeps the unit due."""
    ruling, after = rule(german_phase(**{PANZER: {"box": PENDING}}), "german", PlaceReinforcement(unit=PANZER, at="delay"))
    assert isinstance(ruling, Accepted) and after.units[PANZER].box == PENDING


# --- German replacements -----------------------------------------------------------------------


def test_replacement_points_are_posted_on_turns_with_points_and_forfeited_when_unused():
    """German Replacements (L860-862), Correction L666: Game-Turn 6 gives 3 mechanized and 3
    non-mechanized points; what is not used is lost at the end of the phase."""
    adj = adjudication(german_phase(turn=6, **{GER: {"box": ELIMINATED}}))
    assert reinforcements.enter(adj) is True
    credits = {(e.ledger, e.kind, e.amount) for e in adj.effects if isinstance(e, LedgerPosted)}
    assert credits == {("rp_mech", "credit", 3), ("rp_nonmech", "credit", 3)}
    reinforcements.leave(adj)
    assert adj.state.core.ledger("rp_mech", "german").balance == 0 == adj.state.core.ledger("rp_nonmech", "german").balance


def test_no_replacement_points_before_game_turn_six():
    """German Replacements (L860): "On Game-Turns 6 through 16"."""
    adj = adjudication(german_phase(turn=5, **{GER: {"box": ELIMINATED}}))
    assert reinforcements.enter(adj) is False and not adj.effects


def test_a_replacement_returns_an_eliminated_unit_on_an_a_edge_hex_within_the_points():
    """German Replacements (L860-862): the 2-4 costs 2 non-mechanized points and arrives on edge A."""
    state = german_phase(turn=6, ledgers={"rp_mech": 3, "rp_nonmech": 3}, **{GER: {"box": ELIMINATED}})
    ruling, after = rule(state, "german", PlaceReplacement(unit=GER, at="1000"))
    assert isinstance(ruling, Accepted)
    assert after.units[GER].hex == "1000" and after.units[GER].placed == 6
    assert after.core.ledger("rp_nonmech", "german").balance == 1


def test_eliminated_battlegroups_may_return_as_mechanized_replacements():
    """Correction L666: "previously eliminated units including eliminated Battlegroups"."""
    state = german_phase(turn=6, ledgers={"rp_mech": 3}, **{LEHR: {"box": ELIMINATED}})
    assert isinstance(rule(state, "german", PlaceReplacement(unit=LEHR, at="1000"))[0], Accepted)


@pytest.mark.parametrize("unit,fields,at,code", [
    (PZ5, {"box": ELIMINATED}, "1000", "replacement_points"),
    (GER, {"box": ELIMINATED, "surrounded": True}, "1000", "eliminated_surrounded"),
    (GER, {"hex": "2020"}, "1000", "not_eliminated"),
    (GER, {"box": ELIMINATED}, "3926", "not_edge_hex"),
])
def test_replacement_rejections(unit, fields, at, code):
    """German Replacements (L860-862), Correction L666: within the points, never a unit eliminated
    while surrounded, only eliminated units, only on edge A."""
    state = german_phase(turn=6, ledgers={"rp_mech": 3, "rp_nonmech": 3}, **{unit: fields})
    ruling, _ = rule(state, "german", PlaceReplacement(unit=unit, at=at))
    assert isinstance(ruling, Rejected) and ruling.code == code and ruling.citation is not None


def test_there_are_no_allied_replacements():
    """Correction L626: "There are no Allied Replacements"."""
    ruling, _ = rule(allied_phase(turn=6, **{INF: {"box": ELIMINATED}}), "allied", PlaceReplacement(unit=INF, at="0241"))
    assert isinstance(ruling, Rejected) and ruling.code == "no_allied_replacements"


def test_replacement_points_do_not_accumulate():
    """German Replacements (L862): after one 2-4 (2 of 3 points) a second 2-4 no longer fits."""
    other = "de-jul-xx-2-4-47"
    state = german_phase(turn=6, ledgers={"rp_nonmech": 3}, **{GER: {"box": ELIMINATED}, other: {"box": ELIMINATED}})
    _, after = rule(state, "german", PlaceReplacement(unit=GER, at="1000"))
    assert not [o for o in reinforcements.legal(after, bound().data, "german") if o.unit == other]


def test_every_listed_reinforcement_order_is_accepted():
    """legal() lists only orders accepted if submitted next (contract)."""
    allied = allied_phase(**{INF: {"box": PENDING}, SUPPLY_UNIT: {"box": PENDING}, PIPELINE: {"box": PENDING},
                             PARA: {"box": STAGING}})
    german = german_phase(turn=6, ledgers={"rp_mech": 3, "rp_nonmech": 3},
                          **{PANZER: {"box": PENDING}, GER: {"box": ELIMINATED}, LEHR: {"box": ELIMINATED}})
    for state, seat in ((allied, "allied"), (german, "german")):
        orders = bound().legal(state, seat)
        assert len(orders) > 3 and EndPhase() in orders
        for order in orders:
            ruling, _ = rule(state, seat, order)
            assert isinstance(ruling, Accepted), (order, ruling)
