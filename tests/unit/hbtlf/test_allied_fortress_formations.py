"""12.42 Allied Fortress Formations (@2, allied_fortress_formations.py): which formations bear a
fortress's name, and nothing computed where no fort of that indicator stands on a hex."""
from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.games.hbtlf import HBTLF_2, allied_fortress_formations as aff
from domain.games.hbtlf.orders import MoveDecl
from infra.packs import load_pack_dir


@pytest.mark.parametrize("unit, name", [
    ("Allied Strategic: Maubeuge (maubg) fortress division", "Maubeuge"),
    ("French Paris Army: Paris territorial (paris t) fortress division", "Paris"),
    ("French Paris Army: 52 reserve (52r) infantry division", None),  # not a fortress formation
    ("Allied Strategic: Antwerp fortress brigade", None),  # Belgian: not in 12.42's list
])
def test_12_42_fortress_formations_by_name(unit, name):
    assert aff.indicator(unit) == name


def test_12_42_no_fort_in_play_nothing_computed():
    pack = load_pack_dir(HBTLF_2.pack_dir)
    state = HBTLF_2.bind(pack).setup(pack, "5", game_id="f", options=HBTLF_2.resolve_options({}))
    calais = [f for f in state.fortresses if f.startswith("Calais ")]
    gone = replace(state, eliminated=state.eliminated + tuple(calais))
    aff.check_moves(gone, (MoveDecl(unit="Allied Strategic: Calais (calais) fortress brigade", to="W:1028"),))  # no refusal
