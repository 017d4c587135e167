"""12.71 Secret Location: `bef.SECRET_KINDS` lists by hand the claim kinds hidden from the German
seat while the BEF is secret. This walks every `claims.open_claim` call in the rulings and checks
that each kind which can name a British unit (in what the claim blocks, the units `bef.hides`
looks at) together with a place (a key of its payload) is in the list: integration found two
kinds missing from it before. A new payload key must be sorted into PLACES or NOT_PLACES here,
so a new kind of claim cannot slip by unexamined."""
from __future__ import annotations

import ast
import importlib
from pathlib import Path

import msgspec
import pytest

from domain.games.hbtlf import HBTLF_2, bef, belgian_waters, claims
from domain.kernel.commands import Reject
from infra.packs import load_pack_dir

PACKAGE = Path(claims.__file__).parent
# payload keys that say where a unit is ("moves" holds MoveDecls: a unit and the hex it moves to)
PLACES = {"to", "from", "hex", "edge", "where", "moves", "river"}
NOT_PLACES = {"unit", "sp", "credits", "leaving", "substitute", "army", "port", "german_sp", "allied_sp", "french_sp",
              "allied_fortress_sp", "eliminated", "british_belgian_sp", "item", "count", "points", "reason", "place",
              "activity", "balloon", "exception", "mission", "bulow", "formation", "chart", "corps", "condition", "hq",
              "nation", "artillery"}
# kinds that name a unit and a place but can never name a British unit, with the check that refuses one
NEVER_BRITISH = {"flooding": "belgian_waters.check_flooding: only a Belgian unit floods a river (12.63)"}


def _kind(node: ast.expr) -> str:
    if isinstance(node, ast.Constant):
        return str(node.value)
    assert isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name), ast.unparse(node)
    return str(getattr(importlib.import_module(f"domain.games.hbtlf.{node.value.id}"), node.attr))


def _keys(payload: ast.expr, function: ast.FunctionDef) -> set[str]:
    """The payload's keys: a dict literal's, or those a local variable is built with in the function."""
    if isinstance(payload, ast.Dict):
        return {k.value for k in payload.keys if isinstance(k, ast.Constant)}
    assert isinstance(payload, ast.Name), ast.unparse(payload)
    keys: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Dict):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == payload.id for t in targets):
                keys |= _keys(node.value, function)
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) and isinstance(node.value, ast.Name) \
                and node.value.id == payload.id and isinstance(node.slice, ast.Constant):
            keys.add(node.slice.value)
    return keys


def _names_units(blocks: ast.expr | None) -> bool:
    """Whether what a claim blocks names units (not nothing, nor a constant flag like "early_release")."""
    return blocks is not None and not (isinstance(blocks, ast.Tuple) and all(isinstance(e, ast.Constant) for e in blocks.elts))


def claim_sites() -> dict[str, tuple[set[str], bool]]:
    """Every claim kind opened in the rulings: its payload keys and whether its blocks name units."""
    out: dict[str, tuple[set[str], bool]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for function in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
            for call in (n for n in ast.walk(function) if isinstance(n, ast.Call)):
                if not (isinstance(call.func, ast.Attribute) and call.func.attr == "open_claim"):
                    continue
                kind = _kind(call.args[2])
                blocks = next((k.value for k in call.keywords if k.arg == "blocks"), None)
                keys, units = out.get(kind, (set(), False))
                out[kind] = (keys | _keys(call.args[3], function), units or _names_units(blocks))
    return out


def test_the_walk_finds_every_claim_kind():
    assert set(claim_sites()) == set(claims.KIND_CITES)


def test_every_payload_key_is_sorted_into_places_or_not():
    unsorted = {k: kind for kind, (keys, _) in claim_sites().items() for k in keys if k not in PLACES | NOT_PLACES}
    assert not unsorted, f"sort these claim payload keys into PLACES or NOT_PLACES: {unsorted}"


def test_12_71_every_claim_kind_that_can_say_where_a_british_unit_is_is_secret():
    says_where = {kind for kind, (keys, units) in claim_sites().items() if units and keys & PLACES}
    assert says_where - set(NEVER_BRITISH) <= set(bef.SECRET_KINDS), \
        f"12.71 leaks: add to bef.SECRET_KINDS {sorted(says_where - set(NEVER_BRITISH) - set(bef.SECRET_KINDS))}"
    assert set(bef.SECRET_KINDS) <= set(claims.KIND_CITES)


@pytest.mark.parametrize("kind", sorted(NEVER_BRITISH))
def test_a_kind_left_out_refuses_a_british_unit(kind):
    assert kind == "flooding"  # one check a kind: add its own when NEVER_BRITISH grows
    pack = load_pack_dir(HBTLF_2.pack_dir)
    state = HBTLF_2.bind(pack).setup(pack, "2", game_id="g", options=HBTLF_2.resolve_options(None))
    british = next(u for u in state.positions if bef.is_british(state, u))
    raining = msgspec.structs.replace(state, weather=belgian_waters.RAIN[0])
    with pytest.raises(Reject) as refused:
        belgian_waters.check_flooding(raining, british, "Yser")
    assert refused.value.ruling.code == "not_belgian"
