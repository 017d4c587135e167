"""The content hash depends on the data only: not on file layout, file order or key order."""
from __future__ import annotations

import json

from domain.kernel.pack.canonical import canonical_bytes, pack_hash
from domain.kernel.pack.decode import decode_pack
from tests.unit.kernel.packfiles import PACK_TOML, docs, files

BASE = pack_hash(decode_pack(files()))


def reversed_dicts(obj):
    if isinstance(obj, dict):
        return {k: reversed_dicts(obj[k]) for k in reversed(list(obj))}
    if isinstance(obj, list):
        return [reversed_dicts(x) for x in obj]
    return obj


def test_hash_is_sha256_hex_of_the_canonical_encoding():
    import hashlib

    pack = decode_pack(files())
    assert BASE == hashlib.sha256(canonical_bytes(pack)).hexdigest() and len(BASE) == 64


def test_key_order_inside_files_does_not_change_the_hash():
    d = {name: reversed_dicts(doc) for name, doc in docs().items()}
    assert pack_hash(decode_pack(files(d))) == BASE


def test_splitting_files_and_reordering_the_file_list_does_not_change_the_hash():
    d = docs()
    hexes = d["map/hexes.json"]["map"]["hexes"]
    keys = sorted(hexes)
    d["map/hexes.json"]["map"]["hexes"] = {k: hexes[k] for k in keys[:5]}
    d["map/more-hexes.json"] = {"map": {"hexes": {k: hexes[k] for k in keys[5:]}}}
    counters = d.pop("counters.json")
    d["scenarios/counters.json"] = counters  # picked up by the scenarios/*.json pattern
    manifest = PACK_TOML.replace(
        b'files = ["sources.toml", "map/*.toml", "map/*.json", "counters.json", "tables.json", "scenarios/*.json"]',
        b'files = ["scenarios/*.json", "tables.json", "map/*.json", "map/*.toml", "sources.toml"]')
    assert manifest != PACK_TOML
    assert pack_hash(decode_pack(files(d, {"pack.toml": manifest}))) == BASE


def test_toml_and_json_spellings_of_the_same_data_hash_alike():
    d = docs()
    del d["counters.json"]
    toml = b'''
[counters.al-1]
side = "allied"
type = "armor"
cls = "mech"
strength = 6
movement = 8
prov = "book-oob"

[counters.al-2]
side = "allied"
type = "infantry"
cls = "nonmech"
strength = 4
movement = 5
prov = "book-oob"
field_prov = { movement = "invented" }

[counters.ge-1]
side = "german"
type = "infantry"
cls = "nonmech"
strength = 3
movement = 5
prov = "invented"
'''
    manifest = PACK_TOML.replace(b'"counters.json"', b'"counters.toml"')
    assert pack_hash(decode_pack(files(d, {"pack.toml": manifest, "counters.toml": toml}))) == BASE


def test_writing_a_default_value_out_does_not_change_the_hash():
    d = docs()
    d["map/hexes.json"]["map"]["hexes"]["0304"]["features"] = []
    assert pack_hash(decode_pack(files(d))) == BASE


def test_a_changed_datum_changes_the_hash():
    for change in (
        lambda d: d["counters.json"]["counters"]["al-1"].update(strength=7),
        lambda d: d["map/hexes.json"]["map"]["hexes"]["0304"].update(terrain="rough"),
        lambda d: d["tables.json"]["tables"]["crt"]["rows"]["2"][0].update(prov="book-crt"),
        lambda d: d["scenarios/s1.json"]["scenarios"]["s1"]["setup"].reverse(),
    ):
        d = docs()
        change(d)
        assert pack_hash(decode_pack(files(d))) != BASE


def test_the_hash_is_the_same_from_run_to_run():
    # Python salts str hashes per process; the canonical encoding must not depend on set order.
    again = json.loads(json.dumps(docs()))
    assert pack_hash(decode_pack(files(again))) == BASE
