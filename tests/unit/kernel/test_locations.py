"""Locations, occupancy per side, control, the map overlay, and the Board over a pack's map."""
from __future__ import annotations

import msgspec
import pytest

from domain.kernel.board import Board
from domain.kernel.locations import (
    Control, InBox, InPool, InTransit, Location, Occupancy, OnHex, OnHexside, OnTrack, ground,
)
from domain.kernel.overlay import MapOverlay
from domain.kernel.pack.decode import decode_pack
from tests.unit.kernel.packfiles import files


@pytest.fixture(scope="module")
def board() -> Board:
    return Board(decode_pack(files()).map)


# --- the union -----------------------------------------------------------------------------------


@pytest.mark.parametrize("loc,tag", [
    (OnHex("0840"), "hex"), (OnHexside("0840/0941"), "hexside"), (InBox("staging"), "box"),
    (OnTrack("turn", 3), "slot"), (InPool("eliminated"), "pool"), (InTransit("truck-1"), "transit"),
])
def test_locations_carry_stable_wire_tags_and_round_trip(loc, tag):
    data = msgspec.json.encode(loc)
    assert msgspec.json.decode(data)["kind"] == tag
    assert msgspec.json.decode(data, type=Location) == loc


# --- occupancy and control -----------------------------------------------------------------------


def test_both_sides_may_share_a_hex():
    occ = Occupancy([("us-1", "allied", OnHex("0203")), ("ge-1", "german", OnHex("0203")),
                     ("ge-2", "german", OnHex("0204"))])
    assert occ.sides(OnHex("0203")) == {"allied", "german"}
    assert occ.contested(OnHex("0203")) and not occ.contested(OnHex("0204"))
    assert occ.enemy_present(OnHex("0204"), "allied") and not occ.enemy_present(OnHex("0204"), "german")
    assert occ.units(OnHex("0203")) == ("ge-1", "us-1")
    assert occ.units(OnHex("0203"), "german") == ("ge-1",)
    assert occ.hexes("german") == {"0203", "0204"}


def test_a_passenger_is_wherever_its_carrier_is():
    occ = Occupancy([("truck-1", "allied", OnHex("0101")), ("inf-1", "allied", InTransit("truck-1"))])
    assert occ.where("inf-1") == OnHex("0101")
    assert occ.units(OnHex("0101"), "allied") == ("inf-1", "truck-1")


def test_units_carrying_each_other_is_an_error():
    where = {"a": InTransit("b"), "b": InTransit("a")}
    with pytest.raises(ValueError):
        ground(InTransit("a"), where.__getitem__)


def test_control_is_kept_apart_from_occupancy():
    # Normandy off-map boxes: control stays with the last side through after it has left.
    occ = Occupancy([("ge-1", "german", InBox("rennes"))])
    control = Control().with_owner("rennes", "allied")
    assert control.controller("rennes") == "allied" and occ.sides(InBox("rennes")) == {"german"}
    assert control.with_owner("rennes", None).controller("rennes") is None
    assert control.held_by("allied") == {"rennes"}


# --- overlay -------------------------------------------------------------------------------------


def test_a_destroyed_bridge_is_gone_from_the_board_with_the_overlay_only(board):
    side = "0202/0203"
    assert board.features(side) == {"river", "bridge"}
    blown = board.with_overlay(MapOverlay().remove(side, "bridge"))
    assert blown.features(side) == {"river"}
    assert board.features(side) == {"river", "bridge"}


def test_rubble_and_a_downgraded_road_merge_with_the_pack_features(board):
    ov = MapOverlay().add("0101", "rubble").add("0102", "main_road").remove("0102", "main_road").add("0102", "secondary_road")
    b = board.with_overlay(ov)
    assert b.features("0101") == {"rubble"}
    assert b.features("0102") == {"secondary_road"}
    assert b.features("0304") == frozenset()


def test_the_latest_change_to_a_feature_wins():
    # The overlay does not know the pack, so a removal is kept even after an add: the pack may
    # have the feature too.
    ov = MapOverlay().remove("0202/0203", "bridge").add("0202/0203", "bridge")
    assert ov.apply("0202/0203", frozenset({"bridge"})) == {"bridge"}
    ov = MapOverlay().add("0101", "fort").remove("0101", "fort")
    assert ov.apply("0101", frozenset({"fort"})) == frozenset()
    assert ov.apply("0101", frozenset()) == frozenset()


def test_overlay_encodes_the_same_bytes_whatever_the_order_of_changes():
    a = MapOverlay().add("0101", "rubble", "fort").add("0203", "flood")
    b = MapOverlay().add("0203", "flood").add("0101", "fort").add("0101", "rubble")
    assert msgspec.json.encode(a, order="sorted") == msgspec.json.encode(b, order="sorted")


def test_cost_functions_see_the_overlay(board):
    # Crossing the river is allowed only over a bridge; blowing it forces the long way round.
    def cost(frm, to, side, b):
        if side is None:
            return None
        f = b.features(side)
        return None if "river" in f and "bridge" not in f else 1

    assert board.shortest_path("0202", "0203", cost, board)[0] == 1
    blown = board.with_overlay(MapOverlay().remove("0202/0203", "bridge"))
    c, path = blown.shortest_path("0202", "0203", cost, blown)
    assert c > 1 and "0202/0203" not in {f"{a}/{b}" for a, b in zip(path, path[1:])}


# --- board: boxes and search ---------------------------------------------------------------------


def test_boxes_nest(board):
    assert board.box_ancestors("inner") == ("holding",)
    assert board.box_contains("holding", "inner") and not board.box_contains("inner", "holding")


def test_search_spans_box_links(board):
    # The staging box links to 0101; a box step costs 0 here, a hex step 1.
    cost = lambda frm, to, side, state: 0 if side is None else 1  # noqa: E731
    r = board.reachable("staging", 1, cost)
    assert r.path("0102") == ("staging", "0101", "0102")
    assert "staging" in board.neighbours("0101")


def test_places_areas_and_terrain(board):
    assert board.place("ville") == {"0203"}
    assert board.area("west-edge") == {"0101", "0201", "0301"}
    assert board.terrain("0203") == "town" and board.on_map("0304") and not board.on_map("0405")
    assert len(board.sides_of("0202")) == 6
