"""The eleven scenarios as data: S1-S10 read with no issue under the errata table, the misprints
stay verbatim in the source files, S11 is listed but cannot start."""
from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from domain.games.hbtlf import HBTLF, scenarios
from domain.games.hbtlf.rules import NotStartable
from domain.kernel.dice import ScriptedDice
from domain.kernel.pack.validate import validate_pack
from domain.kernel.session import Session
from infra.packs import load_pack_dir
from services.api.errors import _mapped
from services.catalog import Catalog, ScenarioNotStartable

PACK_DIR = Path(HBTLF.pack_dir)


@pytest.fixture(scope="module")
def pack():
    return load_pack_dir(PACK_DIR)


def test_pack_validates(pack):
    assert validate_pack(pack) == []
    assert sorted(pack.scenarios, key=int) == [str(n) for n in range(1, 12)]


@pytest.mark.parametrize("sid", [str(n) for n in range(1, 11)])
def test_scenario_sets_up_with_no_issue(pack, sid):
    read, issues = scenarios.read(pack, sid)
    assert issues == []
    state = HBTLF.bind(pack).setup(pack, sid, game_id=f"t{sid}", options=HBTLF.resolve_options({}))
    assert state.positions == read.positions


def test_scenario_1_set_up_in_full(pack):
    read, _ = scenarios.read(pack, "1")
    assert len(read.fortresses) == 30  # 27 on the map (Termonde, Antwerp 1-11/S/NE/NW, Namur 6, Liege 6) + Antwerp 12-14
    assert read.positions["Army Detachment A: X Corps"] == "E:1824"
    assert read.positions["First Army: II Corps"] == "within 1 of E:1025"
    assert read.positions["Antwerp 12"] == "off-map adjacent to W:1010 and W:1009"


def test_errata_applied_and_misprints_kept_verbatim(pack):
    read, _ = scenarios.read(pack, "1")
    assert set(read.applied) == {"s1-liege-map-letter", "s1-17-div-loss-sign"}
    assert read.positions["Liege N"] == "E:1729"
    assert read.losses["First Army: 17 infantry division"] == "-4C, -2A"
    source = (PACK_DIR / "scenarios" / "s01.toml").read_text()
    assert '["Liege N", "W:1729"]' in source and '"17 infantry division [-4C, 2A]"' in source
    s2, _ = scenarios.read(pack, "2")
    assert set(s2.applied) == {"s2-conversion-colons", "s2-belgian-3-div-loss"}
    assert '"E2129"' in (PACK_DIR / "scenarios" / "s02.toml").read_text()


def test_an_unread_misprint_is_an_issue(pack):
    sc = pack.scenarios["2"]
    lists = {**sc.options["lists"], "german_rail_conversion": [*sc.options["lists"]["german_rail_conversion"], "W:44703"]}
    bad = msgspec.structs.replace(pack, scenarios={**pack.scenarios, "2": msgspec.structs.replace(sc, options={**sc.options, "lists": lists})})
    _, issues = scenarios.read(bad, "2")
    assert [i.message for i in issues] == ["'W:44703' does not read as a hex and no errata entry reads it"]


def test_list_sizes_as_printed(pack):
    lists = {sid: pack.scenarios[sid].options.get("lists", {}) for sid in pack.scenarios}
    assert len(lists["2"]["german_rail_conversion"]) == 26
    assert len(lists["5"]["german_rail_conversion"]) == 182
    assert len(lists["5"]["allied_rail_destruction"]) == 22
    assert len(lists["5"]["allied_control_line_west"]) == 39
    assert len(lists["10"]["allied_control_line_west"]) == 37
    assert len(lists["7"]["french_mobilization_detachments"]) == 18


def test_scenario_11_listed_not_startable(pack):
    with pytest.raises(NotStartable, match="Cossacks"):
        HBTLF.bind(pack).setup(pack, "11", game_id="t11", options=HBTLF.resolve_options({}))
    catalog = Catalog()
    listed = {s.id: s for s in catalog.scenarios() if s.game == HBTLF.name}
    assert len(listed) == 11 and all(s.mode == "ledger" for s in listed.values())
    s11 = listed["home-before-the-leaves-fall/11"]
    assert not s11.startable and "Cossacks" in s11.not_startable_reason
    assert all(s.startable for k, s in listed.items() if k != s11.id)
    with pytest.raises(ScenarioNotStartable):
        catalog.scenario("home-before-the-leaves-fall/11")


def test_not_startable_is_a_422_with_its_code():
    e = _mapped(ScenarioNotStartable("home-before-the-leaves-fall/11", "needs The Cossacks Are Coming!"))
    assert (e.status, e.code) == (422, "scenario_not_startable") and "Cossacks" in e.message


def test_the_first_ruling_cites_the_errata_the_set_up_was_read_with(pack):
    s = Session(HBTLF, pack, "1", dice=lambda v: ScriptedDice([], command=v))
    labels = [c.label() for c in s.begun.citations]
    assert any("s1-liege-map-letter" in x for x in labels) and any("s1-17-div-loss-sign" in x for x in labels)


@pytest.mark.parametrize("sid,units,forts", [("2", 236, 73), ("3", 139, 31), ("4", 177, 66), ("5", 357, 70), ("6", 181, 67),
                                             ("7", 545, 196), ("8", 545, 196), ("9", 532, 167), ("10", 514, 134)])
def test_13x5_unit_locations_transcribed(pack, sid, units, forts):
    """13.x5 Unit Locations: every scenario S2-S10 places its printed groups (S8-S10 by the paragraphs
    they refer to or combine); the counts pin the transcription (tools/hbtlf_setups.py)."""
    read, issues = scenarios.read(pack, sid)
    assert issues == []
    assert (len(read.positions), len(read.fortresses)) == (units, forts)


def test_13_95_scenario_9_combines_2_3_4(pack):
    """13.95: Scenario 9 refers to Scenario 2 for the German First Army and to Scenario 4 for the
    Sixth; its strategic formations combine Scenarios 2, 3 and 4."""
    s9, _ = scenarios.read(pack, "9")
    s2, _ = scenarios.read(pack, "2")
    s4, _ = scenarios.read(pack, "4")
    first = {u: h for u, h in s2.positions.items() if s2.armies.get(u) == "First Army"}
    assert first and all(s9.positions[u] == h for u, h in first.items())
    sixth = {u for u in s4.positions if s4.armies.get(u) == "Sixth Army"}
    assert sixth and sixth <= set(s9.positions)
    assert "s9-belgian-fortress-reference" in s9.applied  # S2 prints no on-map Belgian fortress list


def test_13_85_scenario_8_is_scenario_7_with_scenario_1(pack):
    """13.85 refers to 13.75, which refers to 13.15 for Army Detachment A, the First and Second Armies
    and the Belgians: S8 places exactly S7's units, S1's among them, with S1's errata."""
    s8, _ = scenarios.read(pack, "8")
    s7, _ = scenarios.read(pack, "7")
    assert s8.positions == s7.positions
    assert s8.positions["Army Detachment A: X Corps"] == "E:1824" and s8.positions["Liege N"] == "E:1729"
    assert s8.positions["Third Army: XI Corps"] == "within 2 of E:2322"


def test_13_05_places_and_repeated_counters(pack):
    """A radius around a named place reads from the pack's places (Paris W:5321); a counter printed
    twice (two supply units) is two counters, a formation printed twice is an issue."""
    s2, _ = scenarios.read(pack, "2")
    assert s2.positions["French Paris Army: 61 reserve (61r) infantry division"] == "within 2 of W:5321"
    assert s2.positions["First Army: First Army supply unit"] == "E:1831"
    assert s2.positions["First Army: First Army supply unit #2"] == "W:1804"
    sc = pack.scenarios["2"]
    locs = sc.options["locations"]
    twice = {**locs, "german": [*locs["german"], {**locs["german"][-1], "units": ["XI Corps [-2A]"]}]}
    bad = msgspec.structs.replace(pack, scenarios={**pack.scenarios, "2": msgspec.structs.replace(sc, options={**sc.options, "locations": twice})})
    _, issues = scenarios.read(bad, "2")
    assert [i.message for i in issues] == ["'Third Army: XI Corps' is placed twice"]
