"""Zones of Control G-L on the synthetic map (movement_helpers.py): who exerts ZOC and where it reaches."""
from __future__ import annotations

from domain.games.breakout_pursuit import zoc
from tests.unit.breakout_pursuit.movement_helpers import U, position, ruleset


def controlled(state, side):
    return zoc.controlled(state, ruleset().data, side)


def test_combat_units_control_the_six_hexes_around_them():
    """ZOC G (L216): Mechanized and Non-Mechanized units control the six surrounding hexes."""
    s = position({U.G_MECH: "0303", U.G_INF: "0606"})
    assert controlled(s, "german") == {"0304", "0203", "0202", "0302", "0402", "0403",
                                       "0607", "0507", "0506", "0605", "0706", "0707"}


def test_non_combat_units_and_markers_exert_no_zoc():
    """ZOC G (L216); Non-Combat A (L426): Supply, Pipeline, Naval Supply units, empty Trucks and
    markers exert no ZOC."""
    s = position({U.A_TRUCK: "0303", U.A_SUPPLY: "0305", U.A_PIPE1: "0505", U.A_NAVAL: "0409"})
    assert controlled(s, "allied") == frozenset()
    s = position({U.DELAY: "0303"})
    assert controlled(s, "german") == frozenset()


def test_a_truck_carrying_a_non_mechanized_unit_exerts_zoc():
    """Correction L642: a Truck has a ZOC only while carrying a non-mechanized combat unit."""
    s = position({U.A_TRUCK: {"hex": "0303", "carrying": U.A_INF}, U.A_INF: "0303"})
    assert "0304" in controlled(s, "allied")
    s = position({U.A_TRUCK: {"hex": "0303", "carrying": U.A_SUPPLY}, U.A_SUPPLY: "0303"})
    assert controlled(s, "allied") == frozenset()


def test_zoc_never_crosses_a_sea_hexside():
    """ZOC G (L216): never across a sea hexside (the inlet 0404/0405, the coast of 0409)."""
    s = position({U.G_MECH: "0404", U.A_MECH: "0409"})
    assert "0405" not in controlled(s, "german") and "0305" in controlled(s, "german")
    assert controlled(s, "allied") == {"0309", "0408", "0509"}


def test_german_units_on_an_intact_fortress_exert_no_zoc():
    """Fortress B (L474); ZOC G: none across a fortress hexside. Once destroyed it is a city (D)."""
    s = position({U.G_MECH: "0709"})
    assert controlled(s, "german") == frozenset()
    s = position({U.G_MECH: "0709"}, fortresses={"0709": "destroyed"})
    assert controlled(s, "german") == {"0609", "0608", "0708", "0808", "0809"}


def test_no_zoc_extends_into_an_intact_fortress_hex():
    """Correction L628 (Allied ZOC never into a fortress hex); ZOC G: nor German ZOC, across its hexside."""
    s = position({U.A_MECH: "0608", U.G_MECH: "0809"})
    assert "0709" not in controlled(s, "allied") and "0709" not in controlled(s, "german")
    s = position({U.A_MECH: "0608"}, fortresses={"0709": "destroyed"})
    assert "0709" in controlled(s, "allied")


def test_allied_zoc_extends_into_west_wall_hexes():
    """Correction L630, L658: Allied ZOC does extend into West Wall hexes; German units there exert ZOC."""
    s = position({U.A_MECH: "0506", U.G_MECH: "0607"})
    assert "0507" in controlled(s, "allied")
    assert "0606" in controlled(s, "german")


def test_friendly_units_never_negate_enemy_zoc():
    """ZOC H (L220): a hex next to an enemy unit is controlled even when friendly units hold it;
    ZOC reaches hexes the other side occupies (Retreat J)."""
    s = position({U.G_MECH: "0303", U.A_MECH: "0304", U.A_INF: "0403"})
    assert {"0304", "0403"} <= zoc.enemy_controlled(s, ruleset().data, "allied")
