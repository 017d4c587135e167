"""infra.packs reads a pack directory (and owner overrides) from disk."""
from __future__ import annotations

import json

import pytest

from domain.kernel.pack.canonical import pack_hash
from domain.kernel.pack.decode import decode_pack
from domain.kernel.pack.errors import PackInvalid
from infra.packs import load_pack_dir, read_dir
from tests.unit.kernel.packfiles import files


def write(root, tree: dict[str, bytes]) -> None:
    for name, data in tree.items():
        p = root / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)


def test_a_pack_on_disk_decodes_like_the_same_files_in_memory(tmp_path):
    write(tmp_path / "pack", files())
    (tmp_path / "pack" / "README.md").write_text("not listed in files, so not read as data")
    (tmp_path / "pack" / ".hidden.json").write_text("{")
    assert set(read_dir(tmp_path / "pack")) == set(files()) | {"README.md"}
    assert pack_hash(load_pack_dir(tmp_path / "pack")) == pack_hash(decode_pack(files()))


def test_overrides_are_applied_from_their_directories_in_order(tmp_path):
    write(tmp_path / "pack", files())
    for name, terrain in (("one", "rough"), ("two", "forest")):
        write(tmp_path / name, {
            "pack.toml": f'files = ["*.json"]\n[override]\nname = "{name}"\nbase = "testgame"\n'.encode(),
            "hexes.json": json.dumps({"map": {"hexes": {"0304": {"terrain": terrain, "prov": "invented"}}}}).encode(),
        })
    pack = load_pack_dir(tmp_path / "pack", [tmp_path / "one", tmp_path / "two"])
    assert pack.meta.overrides == ("one", "two") and pack.map.hexes["0304"].terrain == "forest"
    assert load_pack_dir(tmp_path / "pack", tmp_path / "one").map.hexes["0304"].terrain == "rough"


def test_a_broken_pack_on_disk_raises_with_every_issue(tmp_path):
    tree = files()
    tree["counters.json"] = b'{"counters": {"al-1": {"side": 1}}}'
    write(tmp_path / "pack", tree)
    with pytest.raises(PackInvalid) as e:
        load_pack_dir(tmp_path / "pack")
    assert e.value.issues[0].path.startswith('counters["al-1"]')


def test_a_missing_directory_is_reported(tmp_path):
    with pytest.raises(FileNotFoundError):
        load_pack_dir(tmp_path / "nope")
