"""Allied Supply Pipeline units E-H (L438-444), Correction L644: reactivation (G) in the Allied
Reinforcement & Replacement Phase, on the synthetic map (logistics_helpers.py). Along row 20 hexes
are adjacent; 2020 and 2022 are not."""
from __future__ import annotations

from domain.games.breakout_pursuit import supply
from domain.games.breakout_pursuit.effects import PipelinesReactivated
from domain.games.breakout_pursuit.model import SUPPLIED, UNSUPPLIED
from domain.games.breakout_pursuit.orders import ReactivatePipelines
from domain.kernel.commands import Accepted
from tests.unit.breakout_pursuit.logistics_helpers import INF, PIPES, accepted, at, data, refused
from tests.unit.breakout_pursuit.supply_helpers import adjudication, bound, effects_of, rule

P0, P1, P2, P3, P4 = PIPES
OFF = {"active": False}


def chain(**extra):
    """An active pipeline at 2020, inactive ones at 2021-2024, in the Allied Reinforcement Phase."""
    units = {P0: "2020", P1: {"hex": "2021", **OFF}, P2: {"hex": "2022", **OFF}, P3: {"hex": "2023", **OFF},
             P4: {"hex": "2024", **OFF}, **extra}
    return at(units, phase="reinforcement")


def test_pipeline_G_three_adjacent_inactive_units_one_next_to_an_active_one_turn_up():
    """Pipeline G (L442): up to three adjacent inactive units, one adjacent to an active one; once per phase."""
    ruling, after = accepted(chain(), ReactivatePipelines(units=(P1, P2, P3)))
    assert effects_of(ruling, PipelinesReactivated)[0].units == tuple(sorted((P1, P2, P3)))
    assert all(after.units[p].active for p in (P1, P2, P3)) and not after.units[P4].active
    refused(after, ReactivatePipelines(units=(P4,)), "already_reactivated")


def test_pipeline_G_the_group_must_touch_an_active_pipeline():
    refused(chain(), ReactivatePipelines(units=(P2, P3, P4)), "no_active_neighbour")


def test_pipeline_G_at_most_three_units():
    refused(chain(), ReactivatePipelines(units=(P1, P2, P3, P4)), "group_size")


def test_pipeline_G_the_units_must_be_adjacent():
    """2021 and 2023 are two hexes apart."""
    refused(chain(), ReactivatePipelines(units=(P1, P3)), "not_adjacent")


def test_pipeline_G_option_mutually_adjacent_refuses_a_line_of_three():
    """Option pipeline_reactivation_group: 2021-2022-2023 is connected, but 2021 and 2023 are not adjacent."""
    state = at({P0: "2020", P1: {"hex": "2021", **OFF}, P2: {"hex": "2022", **OFF}, P3: {"hex": "2023", **OFF}},
               phase="reinforcement", options={"pipeline_reactivation_group": "mutually_adjacent"})
    refused(state, ReactivatePipelines(units=(P1, P2, P3)), "not_adjacent")
    accepted(state, ReactivatePipelines(units=(P1, P2)))


def test_pipeline_E_a_reactivated_pipeline_is_a_source_again():
    """Pipeline E (L438), Supply G (L366): only active Pipeline units are sources. A 12-5 at 2027 is 7
    hexes from the active 2020 (unsupplied), 4 from 2023 once it is turned up (supplied)."""
    state = chain(**{INF: "2027"})
    assert supply.paths(state, data(), "allied")[INF] == (UNSUPPLIED, 7, P0)
    _, after = accepted(state, ReactivatePipelines(units=(P1, P2, P3)))
    assert supply.paths(after, data(), "allied")[INF] == (SUPPLIED, 4, P3)


def test_pipeline_G_the_reinforcement_phase_asks_when_only_a_reactivation_is_possible():
    """The Allied Reinforcement Phase is played out without asking only when nothing can be done in it."""
    from domain.games.breakout_pursuit import reinforcements

    adj = adjudication(chain(), bound())
    assert reinforcements.enter(adj)


def test_legal_lists_reactivations_each_accepted():
    state = chain()
    orders = [o for o in bound().legal(state, "allied") if isinstance(o, ReactivatePipelines)]
    assert ReactivatePipelines(units=(P1,)) in orders
    assert ReactivatePipelines(units=tuple(sorted((P1, P2, P3)))) in orders
    assert all(P4 not in o.units or P3 in o.units for o in orders)
    for o in orders:
        ruling, _ = rule(state, "allied", o)
        assert isinstance(ruling, Accepted), (o, ruling.code)
