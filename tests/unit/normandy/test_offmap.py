"""`normandy-1944@4`'s off-map layer and Confusion, rule by rule (002_c4aea75862ff1a36.txt): the
state's invariants with Confusion (§6.11 L309, §6.12 L312), the box graph (§4.1.2 L174), German
supply through the boxes and a depot blocked by Confusion (§7.2 L346, option Q58), option Q02's
'turn' (§5.2 L216), combat in a Confusion hex refused as not built (§6.11 L310). Moves and rolls
are conformance cases (conformance/offmap.toml)."""
from __future__ import annotations

from functools import lru_cache

from msgspec.structs import replace

from domain.games.normandy import NORMANDY_3, NORMANDY_4, air, offmap, supply
from domain.games.normandy.model import OffMap, State4, Unit, invariants
from domain.games.normandy.orders import ActivateHQ, Attack, OffMapMove
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject
from domain.kernel.core import Clock
from domain.kernel.dice import ScriptedDice
from tests.unit.normandy.helpers import pack


@lru_cache(maxsize=None)
def bound(ruleset):
    return ruleset.bind(pack())


def genesis(scenario: str = "2", ruleset=NORMANDY_4, **options):
    r = bound(ruleset)
    return r, r.setup(r.pack, scenario, game_id="t", options=r.resolve_options(options))


def placed(state, clock: Clock, units: dict[str, dict], **offmap_fields) -> State4:
    us = {k: Unit(id=k, side=bound(NORMANDY_4).data.pack.counters[k].side, **v) for k, v in units.items()}
    core = replace(state.core, clock=clock)
    return replace(state, core=core, units=us, offmap=replace(state.offmap, **offmap_fields))


def test_s6_11_invariants_allow_both_sides_only_under_a_confusion_marker():
    """§6.11 L309: a hex held by both sides is one under a Confusion marker; a marker stands only
    where both sides are. §6.12 L312: the same in a strategic box; a Festung is its own box (§0.1.2 L48)."""
    _, s = genesis()
    clock = Clock(turn=8, phase="movement", side="allied")
    both = {"us-4-inf": {"hex": "1306"}, "de-77-inf": {"hex": "1306"}}
    assert invariants(placed(s, clock, both)) == ["1306: held by both sides without Confusion"]
    assert invariants(placed(s, clock, both, confusion=("1306",))) == []
    assert invariants(placed(s, clock, {"us-4-inf": {"hex": "1306"}}, confusion=("1306",))) == [
        "1306: a Confusion marker where one side only is"]
    boxes = {"us-4-inf": {"box": "box-rennes"}, "de-77-inf": {"box": "box-rennes"}}
    assert invariants(placed(s, clock, boxes)) == ["box-rennes: held by both sides without Confusion"]
    festung = {"us-4-inf": {"box": "box-rennes"}, "de-77-inf": {"box": "box-festung-st-nazaire"}}
    assert invariants(placed(s, clock, festung)) == []


def test_s4_1_2_the_strategic_map_is_the_packs_box_graph():
    """§4.1.2 L174: the lines join boxes both ways; the air listing names the same boxes (§9.5)."""
    r, _ = genesis()
    links = r.data.box_links
    assert all(a in links[b] for a, bs in links.items() for b in bs)
    assert tuple(sorted(links)) == air.STRATEGIC_BOXES
    assert set(r.data.festungs) == {"box-festung-brest", "box-festung-lorient", "box-festung-st-nazaire"}
    assert offmap.depots_at_start({"Q37_brest_is_german_depot": True}) == offmap.GERMAN_DEPOT_BOXES
    assert "box-brest" not in offmap.depots_at_start({"Q37_brest_is_german_depot": False})


def test_s7_2_german_depot_boxes_supply_through_the_lines_until_blocked():
    """§7.2 L343-346, §7.3.1 L348 (option Q29: box lines are roads), Q58: a depot in a box in
    Confusion supplies nothing; Allied units in a box cut the lines through it."""
    r, s = genesis()
    d = r.data
    clock = Clock(turn=8, phase="movement", side="allied")
    free = supply.german_box_access(placed(s, clock, {}), d)
    assert set(d.box_hexes["box-avranches-approach"]) <= free and set(d.box_hexes["box-rouen"]) <= free
    # Allied units alone in Rennes: the Avranches approach reaches no depot (Rennes' vanished or not,
    # the line through it is cut); Alencon still reaches Le Mans.
    cut = placed(s, clock, {"us-4-inf": {"box": "box-rennes"}}, depots=("box-le-mans",))
    access = supply.german_box_access(cut, d)
    assert not set(d.box_hexes["box-avranches-approach"]) & access
    assert set(d.box_hexes["box-alencon"]) <= access
    blocked = placed(s, clock, {"us-4-inf": {"box": "box-le-mans"}, "de-77-inf": {"box": "box-le-mans"}},
                     depots=("box-le-mans",), confusion=("box-le-mans",))
    assert not supply.german_box_access(blocked, d)
    # Versions 1-3: every hex joined to a box, as recorded.
    r3, s3 = genesis(ruleset=NORMANDY_3)
    assert supply.german_box_access(s3, r3.data) == r3.data.box_entry_hexes


def test_s5_2_option_q02_turn_blocks_combat_for_the_turn():
    """§5.2 L216: 'may not be used for combat on the same turn' (option Q02, `@4`'s default 'turn', the
    literal reading); with 'phase' the flip alone blocks it until the HQs' reset at the phase end."""
    r, s = genesis()
    assert s.core.options["Q02_extended_blocks"] == "turn"
    state = placed(s, Clock(turn=8, phase="combat", side="allied"),
                   {"us-vii-corps": {"box": "box-rennes", "markers": 1}}, extended=("us-vii-corps",))
    assert not [o for o in r.legal(state, "us") if isinstance(o, ActivateHQ) and o.action == "combat"]
    try:
        r.rule(Adjudication(r, state, ScriptedDice([]), command=1), "us", ActivateHQ(hq="us-vii-corps", action="combat"))
    except Reject as e:
        assert e.ruling.code == "extended_this_turn"
    else:
        raise AssertionError("an HQ that made an Extended move fought in the same turn")


def test_s6_11_combat_in_a_confusion_hex_is_fought_by_the_units_in_it():
    """Art 6.11, Q&A 43-46 (L310): units must enter a confused hex to take part in its combat; units in
    it fight there only. §5.1 L213: an HQ in a Confusion hex controls only the units in it."""
    r, s = genesis()
    state = placed(s, Clock(turn=8, phase="combat", side="allied"),
                   {"us-4-inf": {"hex": "1306"}, "de-77-inf": {"hex": "1306"}, "us-9-inf": {"hex": "1305"},
                    "us-vii-corps": {"hex": "1306", "markers": 1}}, confusion=("1306",))
    from domain.games.normandy import command
    assert command.controllable(state, r.data, "us-vii-corps") == ("us-4-inf",)
    state = replace(state, active_hq="us-vii-corps", controlled={"us-4-inf": "us-vii-corps", "us-9-inf": "us-vii-corps"})
    attacks = [o for o in r.legal(state, "us") if isinstance(o, Attack)]
    assert attacks == [Attack(units=("us-4-inf",), hex="1306")]
    try:
        r.rule(Adjudication(r, state, ScriptedDice([]), command=1), "us", Attack(units=("us-9-inf",), hex="1306"))
    except Reject as e:
        assert e.ruling.code == "confusion_combat"
    else:
        raise AssertionError("an attack into a Confusion hex from outside was ruled")


def test_s4_1_2_listed_offmap_moves_are_one_or_two_boxes_along_the_lines():
    """§4.1.2 L174: a German unit in Rennes may go to each joined box, and on to a second one."""
    r, s = genesis()
    state = placed(s, Clock(turn=8, phase="movement", side="german"), {"de-21-pz": {"box": "box-rennes"}})
    moves = [o for o in r.legal(state, "german") if isinstance(o, OffMapMove)]
    firsts = {o.boxes[0] for o in moves}
    assert firsts == set(r.data.box_links["box-rennes"]) | {"box-festung-st-nazaire"}
    assert all(len(o.boxes) <= 2 and o.boxes[-1] != "box-rennes" for o in moves)
    assert OffMapMove(units=("de-21-pz",), boxes=("box-le-mans", "box-paris")) in moves
    assert OffMap().control.get("box-rennes", "german") == "german"


def test_s6_13_a_festung_is_besieged_while_its_box_is_free_of_germans_and_half_its_defence_stands_by():
    """§6.13 L319-320, §11.3 L599 (option Q43: +3 a turn while besieged). St Nazaire: the placeholder
    Festung defence 4 with the 77th inside (defence 5) makes 9; the Allies need 4.5, so 5."""
    from domain.games.normandy import siege, victory
    r, s = genesis()
    clock = Clock(turn=8, phase="turn_end", side=None)
    inside = {"de-77-inf": {"box": "box-festung-st-nazaire"}}
    assert siege.defence(placed(s, clock, inside), r.data, "box-festung-st-nazaire") == siege.FESTUNG_DEFENCE_PLACEHOLDER + 5
    held = placed(s, clock, {**inside, "us-4-inf": {"box": "box-rennes"}})
    assert siege.besieged(held, r.data) == ["box-festung-st-nazaire"]
    assert (("allied", 3) in [(side, pts) for side, pts, _ in victory.campaign_points(held, r.data)])
    weak = placed(s, clock, {**inside, "us-82-abn-505": {"box": "box-rennes"}})  # defence 3: 6 < 9
    assert "box-festung-st-nazaire" not in siege.besieged(weak, r.data)
    outside = placed(s, clock, {**inside, "us-4-inf": {"box": "box-rennes"}, "de-353-inf": {"box": "box-rennes"}},
                     confusion=("box-rennes",))
    assert "box-festung-st-nazaire" not in siege.besieged(outside, r.data)


def test_s11_3_paris_and_the_pas_de_calais_are_an_allied_automatic_victory():
    """§11.3 L603, L607: +10 a turn while the Allies control Paris; Paris with the Pas de Calais wins."""
    from domain.games.normandy import victory
    r, s = genesis()
    clock = Clock(turn=8, phase="turn_end", side=None)
    paris = placed(s, clock, {"us-4-inf": {"box": "box-paris"}}, control={"box-paris": "allied"})
    paris = replace(paris, units={**s.units, "us-4-inf": paris.units["us-4-inf"]})  # Cobra's Germans on the map
    assert ("allied", victory.PARIS) in [(side, pts) for side, pts, _ in victory.campaign_points(paris, r.data)]
    assert victory.automatic(paris, r.data) != ("allied", "the Allies control Paris and the Pas de Calais")
    both = replace(paris, offmap=replace(paris.offmap, control={"box-paris": "allied", "box-pas-de-calais": "allied"}))
    assert victory.automatic(both, r.data) == ("allied", "the Allies control Paris and the Pas de Calais")
    r3, s3 = genesis(ruleset=NORMANDY_3)
    assert all(pts != victory.PARIS for _, pts, _ in victory.campaign_points(s3, r3.data))


def test_s7_4_off_map_units_trace_supply_along_the_box_lines():
    """§7.3.1 L348 (option Q29: the lines are roads), §7.4 L358 (off-map isolated units may not
    move), §0.1.2 L48 (a Festung and its units are always supplied, even under siege)."""
    r, s = genesis()
    clock = Clock(turn=8, phase="logistics", side=None)
    base = {k: v for k, v in s.units.items() if v.hex is not None}  # Cobra's units on the map, HQs included
    extra = {"de-77-inf": Unit(id="de-77-inf", side="german", box="box-paris"),
             "de-353-inf": Unit(id="de-353-inf", side="german", box="box-festung-st-nazaire"),
             "us-4-inf": Unit(id="us-4-inf", side="allied", box="box-rennes")}
    state = replace(placed(s, clock, {}), units={**base, **extra})
    out = supply.unsupplied(state, r.data, 2)
    assert "de-77-inf" not in out  # Paris is a German depot
    assert "de-353-inf" not in out  # the Festung, with Allies outside it
    # The US division in Rennes traces through the Avranches approach or Le Mans and Alencon to the
    # map's south edge; German units in both boxes cut every line (Brest and Lorient lead nowhere).
    assert "us-4-inf" not in out
    cut = replace(state, units={**state.units, "de-21-pz": Unit(id="de-21-pz", side="german", box="box-avranches-approach"),
                                "de-12-ss": Unit(id="de-12-ss", side="german", box="box-le-mans")})
    assert "us-4-inf" in supply.unsupplied(cut, r.data, 2)


def test_s11_3_paris_cherbourg_and_two_atlantic_harbours_are_an_allied_automatic_victory():
    """§11.3 L605: a harbour is the Allies' once its Festung fell and they control its box (inferred)."""
    from domain.games.normandy import victory
    r, s = genesis()
    clock = Clock(turn=8, phase="turn_end", side=None)
    state = placed(s, clock, {"us-4-inf": {"box": "box-paris"}},
                   control={"box-paris": "allied", "box-brest": "allied", "box-rennes": "allied"},
                   festungs=("box-festung-lorient",))
    state = replace(state, units={**s.units, "us-4-inf": state.units["us-4-inf"]}, control={**s.control, "0223": "allied"})
    assert victory.harbours(state, r.data) == ["box-festung-brest", "box-festung-st-nazaire"]
    assert victory.automatic(state, r.data) == ("allied", "the Allies control Paris, Cherbourg and two Atlantic harbours")
    standing = replace(state, offmap=replace(state.offmap, festungs=("box-festung-brest", "box-festung-lorient")))
    assert victory.automatic(standing, r.data) is None
