"""The Strategic and Army Charts as data (13.02-13.03) and the rules that read them: 5.2's track
capacities and 11.56's German attachment restrictions."""
from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.games.hbtlf import HBTLF, attachment, charts
from domain.kernel.commands import Reject
from infra.packs import load_pack_dir


@pytest.fixture(scope="module")
def pack():
    return load_pack_dir(HBTLF.pack_dir)


def state_of(pack, sid: str, **fields):
    s = HBTLF.bind(pack).setup(pack, sid, game_id=f"charts-{sid}", options=HBTLF.resolve_options({}))
    return replace(s, **fields)


@pytest.mark.parametrize("sid", [str(n) for n in range(1, 11)])
def test_13_03_every_scenarios_charts_read(pack, sid):
    read, problems = charts.read(pack, sid)
    assert problems == []
    assert {c.kind for c in read} >= {"strategic", "army"}
    assert all(c.mission in ("Advance", "Hold", "Flexible", "Retire") for c in read if c.kind != "strategic")


def test_13_83_refer_to_scenario_7_and_1(pack):
    """S8 prints no chart of its own: each "Refer to Scenario N" is that scenario's chart."""
    by = {c.name: c for c in charts.read(pack, "8")[0]}
    assert by["First Army"].printed_in == "1" and by["First Army"].mission == "Advance"
    assert by["Sixth Army"].printed_in == "7"
    assert [k.name for k in by["First Army"].corps] == [k.name for k in next(c for c in charts.read(pack, "1")[0] if c.name == "First Army").corps]


def test_13_92_combine_the_strategic_charts(pack):
    """S9's Strategic Charts are S2's, S3's and S4's tracks together."""
    s9 = next(c for c in charts.read(pack, "9")[0] if c.name == "German Strategic")
    parts = [next(c for c in charts.read(pack, n)[0] if c.name == "German Strategic") for n in ("2", "3", "4")]
    assert s9.independent == tuple(t for p in parts for t in p.independent)
    assert len(s9.corps) == sum(len(p.corps) for p in parts) == 3


def test_13_23_a_corps_track_entry_naming_no_corps_continues_the_corps_before_it(pack):
    fifth = next(c for c in charts.read(pack, "2")[0] if c.name == "French Fifth Army")
    third = next(k for k in fifth.corps if k.name.startswith("III Corps"))
    assert third.attached[-1] == "38 infantry division [8]"
    assert fifth.readings == (charts.INFERRED_CONTINUES,)


def test_13_73_corps_printed_apart_by_commas_have_their_own_tracks(pack):
    third = next(c for c in charts.read(pack, "7")[0] if c.name == "Third Army")
    assert [k.name for k in third.corps] == ["XI Corps [8]", "XII Corps [8]", "XIX Corps [8]", "XII Reserve (XII R) Corps [6]"]
    assert charts.INFERRED_SPLIT in third.readings


def test_13_02_formation_identity_ignores_morale_and_the_printed_identifier():
    assert charts.key("23 reserve (23 r) infantry division [6]") == charts.key("23 reserve infantry division")
    assert charts.size("I Territorial (IT) Corps (without any formation attached) [6]") == "corps"
    assert charts.size("110 landwehr (110 lw) infantry regiment [5]") == "other"


def test_5_2_army_detachment_track_holds_seven(pack):
    """S4: the French Army Detachment A has 1 independent formation; six more from the First Army fill it."""
    first = next(c for c in charts.read(pack, "4")[0] if c.name == "French First Army")
    moved = tuple((t, "French Army Detachment A", "") for t in first.independent[:6])
    sc = pack.scenarios["4"]
    state = state_of(pack, "4", attachments=moved)
    assert len(charts.holdings(pack, "4", moved)["French Army Detachment A"].independent) == 7
    with pytest.raises(Reject) as e:
        attachment.check(state, pack, sc, "allied", first.independent[6], "French Army Detachment A", "")
    assert e.value.ruling.code == "chart_full" and e.value.ruling.details["capacity"] == 7
    assert "reconstructed" not in e.value.ruling.details  # 5.2 prints the 7


def test_5_2_corps_tracks_are_an_inferred_datum_and_the_refusal_says_so(pack):
    sc = pack.scenarios["5"]
    state = state_of(pack, "5", plans_abandoned=("schlieffen",))
    with pytest.raises(Reject) as e:
        attachment.check(state, pack, sc, "german", "V Corps [5]", "Army Detachment A", "")
    assert e.value.ruling.code == "chart_full"
    assert e.value.ruling.details["reconstructed"] == ["table:chart_capacity:army_detachment.corps (inferred)"]


def test_5_2_a_set_up_over_its_cap_stays_as_printed(pack):
    """13.22 allows the Allies 3 corps-sized strategic formations and places 4: the game starts, no fifth comes in."""
    sc = pack.scenarios["2"]
    hold = charts.holdings(pack, "2", ())
    assert len(hold["Allied Strategic"].corps) == 4
    (independent, _), (corps, basis) = attachment.capacity(pack, sc, hold["Allied Strategic"].chart)
    assert (independent, corps) == (15, 3) and basis[0].lines == (1328, 1389)


def test_11_56_ten_brigades_on_all_army_detachments(pack):
    """S5's detachments hold 2 brigades (13.53); eight more fill them, across both detachments."""
    sc = pack.scenarios["5"]
    brigades = [f"{n} landwehr ({n} lw) infantry brigade" for n in (37, 38)]
    state = state_of(pack, "5", attachments=tuple((b, "Army Detachment B", "") for b in brigades))
    first = next(c for c in charts.read(pack, "5")[0] if c.name == "First Army")
    lw = [t for t in first.independent if "landwehr" in t]  # 10, 11, 27 lw: brigades 5-7
    state = replace(state, attachments=state.attachments + tuple((t, "Army Detachment B", "") for t in lw))
    second = next(c for c in charts.read(pack, "5")[0] if c.name == "Second Army")
    state = replace(state, attachments=state.attachments + tuple((t, "Army Detachment A", "") for t in second.independent))  # 8-9
    assert attachment.check(state, pack, sc, "german", "47 landwehr (47 lw) infantry brigade", "Army Detachment A", "")  # the 10th
    state = replace(state, attachments=state.attachments + (("47 landwehr (47 lw) infantry brigade", "Army Detachment A", ""),))
    with pytest.raises(Reject) as e:
        attachment.check(state, pack, sc, "german", "49 landwehr (49 lw) infantry brigade", "Army Detachment A", "")
    assert e.value.ruling.code == "detachments_full" and e.value.ruling.details["size"] == "brigade"


@pytest.mark.parametrize("sid", [str(n) for n in range(1, 11)])
def test_13_x3_transcription_is_the_tools_reading_of_the_text(pack, sid):
    """The pack's charts are what tools/hbtlf_charts.py reads off the rulebook, so the transcription can be redone and checked."""
    from tools import hbtlf_charts
    assert hbtlf_charts.extract(sid, hbtlf_charts.seed_lines()) == {
        side: list(pack.scenarios[sid].options["charts"][side]) for side in ("german", "allied")}
