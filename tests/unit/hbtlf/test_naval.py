"""3.0 Naval Capacity and Movement Rate: the BE a formation counts at sea (3.2, with its own example)."""
from domain.games.hbtlf import naval


def test_3_2_example_a_two_brigade_division_costs_four_be():
    # two infantry brigades (2) + the artillery brigade (1) + the logistics BE (1)
    assert naval.transfer_be(be=3, cavalry_be=0) == 4


def test_3_2_cavalry_be_count_double_at_sea():
    assert naval.transfer_be(be=0, cavalry_be=2) == 5


def test_3_0_off_where_the_scenario_says_so():
    assert naval.in_force({}) and not naval.in_force({"rules_off": ["3.0", "8.0"]})
