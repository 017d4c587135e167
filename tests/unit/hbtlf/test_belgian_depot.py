"""12.61C the Belgian main depot (@2, belgian_depot.py): at Antwerp it leaves once the Belgian Army is released."""
from __future__ import annotations

from msgspec.structs import replace

from domain.games.hbtlf import HBTLF_2, belgian_depot
from domain.kernel.core import Attestation
from infra.packs import load_pack_dir


def test_12_61c_depot_leaves_antwerp_after_the_release():
    pack = load_pack_dir(HBTLF_2.pack_dir)
    state = HBTLF_2.bind(pack).setup(pack, "1", game_id="d", options=HBTLF_2.resolve_options({}))
    at_antwerp = replace(state, positions={**state.positions, belgian_depot.DEPOT: belgian_depot.ANTWERP},
                         moved=state.moved + (belgian_depot.DEPOT,))
    assert not belgian_depot.may_end_at(at_antwerp, belgian_depot.DEPOT, "W:1110")
    assert belgian_depot.may_end_at(replace(at_antwerp, belgian_released=True), belgian_depot.DEPOT, "W:1110")


def test_12_61d_civic_guard_claim_voided_may_be_claimed_again():
    pack = load_pack_dir(HBTLF_2.pack_dir)
    state = HBTLF_2.bind(pack).setup(pack, "7", game_id="c", options=HBTLF_2.resolve_options({}))
    a = Attestation(id="civic_guard-9", predicate="p", value_type="str", asserter="allied", confirmers=("german",), state="settled", value="void")
    voided = replace(state, claims={"civic_guard-9": {"kind": "civic_guard"}}, core=replace(state.core, attestations={a.id: a}))
    assert not belgian_depot.civic_guard_claimed(voided)
    assert belgian_depot.civic_guard_claimed(replace(voided, core=replace(voided.core, attestations={a.id: replace(a, value='{"sp": 3}')})))
