"""§7.1 Allied Logistics in `normandy-1944@5` (ports.py; 002_c4aea75862ff1a36.txt L323-338): what the
conformance cases (conformance/ports.toml) do not show: the earlier versions keep logging the step,
a site the Allies hold at the start starts no construction, a depot due in a hex the Allies do not
hold waits, and the view shows the ports."""
from __future__ import annotations

from domain.games.normandy import NORMANDY_4, NORMANDY_5, ports
from domain.games.normandy.model import Build, Ports
from domain.games.normandy.orders import EndPhase, Move
from domain.kernel.seats import Viewer
from tests.unit.normandy.test_reserve import MOVEMENT, position, rule

AIR = {"turn": 11, "phase": "air", "side": "allied"}


def tags(ruled) -> list[str]:
    return [e.__struct_config__.tag for e in ruled.ruling.effects]


def logistics(r, s):
    """End the Air Availability Phase: the Logistics Phase runs (two Resource Allocation dice, then
    the two initiative dice of the Administration Phase)."""
    s = rule(r, s, "us", EndPhase()).state
    return rule(r, s, "british", EndPhase(), dice=(3, 3, 4, 2))


def test_ports_7_1_version_4_still_logs_the_step_not_ruled_and_version_5_does_not():
    for ruleset, logged in ((NORMANDY_4, True), (NORMANDY_5, False)):
        r, s = position(ruleset, AIR, {})
        ruled = logistics(r, s)
        assert any(getattr(e, "step", None) == "ports" for e in ruled.ruling.effects) is logged


def test_ports_q40_sites_held_at_the_start_start_no_construction():
    """Cobra's Allies hold Port-en-Bessin, Courseulles and Isigny at the start with no depot there:
    the scenario's set-up stands; construction begins with a capture in play."""
    r, s = position(NORMANDY_5, MOVEMENT, {"us-4-inf-8": {"hex": "0715"}})
    assert {s.control.get(h) for h in ("0713", "0709", "0817")} == {"allied"}
    ruled = rule(r, s, "us", Move(unit="us-4-inf-8", path=("0714", "0713")))
    assert "normandy.construction_begun" not in tags(ruled) and ruled.state.ports.building == {}


def test_ports_7_1_a_depot_due_in_a_hex_the_germans_hold_waits():
    r, s = position(NORMANDY_5, AIR, {"de-709-inf": {"hex": "0713"}}, control={"0713": "german"},
                    ports={"building": {"0713": {"kind": "minor_port", "taken": 8, "left": 0}}})
    ruled = logistics(r, s)
    assert "normandy.port_placed" not in tags(ruled)
    assert ruled.state.ports.building["0713"] == Build(kind="minor_port", taken=8, left=0)


def test_ports_the_view_shows_the_ports_turn_track():
    r, s = position(NORMANDY_5, AIR, {}, ports={"building": {"0713": {"kind": "minor_port", "taken": 8, "left": 1}}})
    seen = r.view(s, Viewer(role="public"))
    assert seen["ports"]["building"] == {"0713": {"kind": "minor_port", "taken": 8, "left": 1}}
    assert isinstance(ports.at_start(s), Ports)
