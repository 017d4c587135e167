"""`normandy-1944@3`'s air system, rule by rule (002_c4aea75862ff1a36.txt): the cups and the AFAT
draws (§1.1.1.1 L87, §11 L461), the FBAT's air superiority (§1.1.1.1 L88, §9 L367), Scenario 1's
US-only half share and no heavy bombers (§11.1 L467, L479), the storm (§1.1.1.1 L83), the return
to the cups (§1.1.5 L141) and the carpet bombers' two turns and rubble (§9.4 L396-397). Combat
cases (TAS, bombardment) are conformance cases (conformance/air.toml)."""
from __future__ import annotations

from collections import Counter
from functools import lru_cache

from msgspec.structs import replace

from domain.games.normandy import NORMANDY_2, NORMANDY_3, air
from domain.games.normandy.model import Air, State, State3
from domain.games.normandy.movement import Context
from domain.kernel.adjudication import Adjudication
from domain.kernel.core import Clock
from domain.kernel.dice import ScriptedDice
from tests.unit.normandy.helpers import pack
from tests.unit.normandy.random_games import play


@lru_cache(maxsize=None)
def bound(ruleset):
    return ruleset.bind(pack())


def genesis(scenario: str, ruleset=NORMANDY_3, **options):
    r = bound(ruleset)
    return r, r.setup(r.pack, scenario, game_id="t", options=r.resolve_options(options))


def adjudicate(r, state, dice):
    return Adjudication(r, state, ScriptedDice(dice), command=1)


def test_s11_the_cups_hold_six_heavy_four_medium_and_twelve_fighter_bombers():
    """§11 L461: HB x6, MB x4, FB x12; the 85th Aviation Group is drawn as an FB but flies as an MB (L590)."""
    _, s = genesis("2")
    cups = Counter(air.COUNTERS[c].cup for c, b in s.air.at.items() if b == air.CUP)
    assert cups == {"HB": 6, "MB": 4, "FB": 12}
    assert air.COUNTERS["fb-br-85"].cup == "FB" and air.COUNTERS["fb-br-85"].use == "MB"


def test_s1_1_1_1_afat_draws_by_weather_without_replacement_then_the_fbat_roll():
    """§1.1.1.1 L87-88: clear weather's placeholder AFAT row draws 3 HB, 3 MB and 8 FB, each a die
    over what is left in its cup; the FBAT's 1 ties 4 fighter-bombers up, chosen by the Allies."""
    r, s = genesis("2")
    s = replace(s, core=replace(s.core, clock=Clock(turn=8, phase="air", side="allied")), weather="clear")
    adj = adjudicate(r, s, [1] * 14 + [1])
    assert air.availability(adj) is True
    drawn = adj.state.air.at
    available = [c for c, b in drawn.items() if b == air.AVAILABLE]
    assert Counter(air.COUNTERS[c].cup for c in available) == {"HB": 3, "MB": 3, "FB": 8}
    assert sorted(c for c in available if air.COUNTERS[c].cup == "HB") == ["hb-br-1", "hb-br-2", "hb-br-3"]
    assert adj.state.air.superiority_due == 4
    drawn_effect = next(e for e in adj.effects if type(e).__name__ == "AirDrawn")
    keys = {c.key for c in drawn_effect.cite if hasattr(c, "key")}
    assert {"table:afat:clear:FB", "table:fbat:1"} <= keys and all(
        c.provenance == "placeholder" for c in drawn_effect.cite if hasattr(c, "key") and c.key.startswith("table:"))


def test_s1_1_1_1_fbat_asks_every_fighter_drawn_the_umpire_assigns_them():
    """§1.1.1.1 L88: when the FBAT asks for as many FB as were drawn there is no choice to make."""
    r, s = genesis("2")
    s = replace(s, core=replace(s.core, clock=Clock(turn=8, phase="air", side="allied")), weather="rain")
    adj = adjudicate(r, s, [1, 1, 1, 1])  # rain: 1 MB of 4, 2 FB of 12 (placeholder), then the FBAT's 1 (4 asked)
    assert air.availability(adj) is False
    assert sorted(b for b in adj.state.air.at.values() if b != air.CUP) == [air.AVAILABLE, air.SUPERIORITY, air.SUPERIORITY]


def test_s11_1_scenario_1_flies_half_the_us_missions_without_heavy_bombers():
    """§11.1 L467 (option Q32: no HB) and L479 (50% of the US missions, option sc1_air_share)."""
    r, s = genesis("1")
    assert {air.COUNTERS[c].nat for c in s.air.at} == {"us"} and not any(air.COUNTERS[c].cup == "HB" for c in s.air.at)
    adj = adjudicate(r, s, [1, 1, 1, 1, 6])  # clear: 4 of the 6 FB (8 halved), both MB (3 halved is 2), FBAT 6
    assert air.availability(adj) is True  # the FBAT's 6 asks one of the four: the Allies choose it
    assert Counter(air.COUNTERS[c].cup for c, b in adj.state.air.at.items() if b == air.AVAILABLE) == {"FB": 4, "MB": 2}
    assert adj.state.air.superiority_due == 1
    _, with_hb = genesis("1", Q32_sc1_heavy_bombers=True)
    assert any(air.COUNTERS[c].cup == "HB" for c in with_hb.air.at)


def test_s1_1_1_1_a_storm_cancels_the_air_missions_and_the_naval_support():
    """§1.1.1.1 L83-84: in a storm the Available counters go to Finished, the naval points to zero."""
    r, s = genesis("1")
    s = replace(s, storm=True, air=Air(at={"fb-us-1": air.AVAILABLE, "mb-us-1": air.CUP}, naval={"WTF:destroyers": 2}))
    adj = adjudicate(r, s, [])
    air.storm(adj)
    assert adj.state.air.at == {"fb-us-1": air.FINISHED, "mb-us-1": air.CUP} and adj.state.air.naval == {"WTF:destroyers": 0}


def test_s1_1_5_air_counters_return_to_their_cups_a_carpet_bomber_two_turns_later():
    """§1.1.5 L141 and §9.4 L396-397: at the end of turn 8 an HB used in turn 7 (back on turn 9)
    returns for turn 9's draw; one used in turn 8 waits; one left on a town as rubble never does."""
    r, s = genesis("2")
    at = {"fb-us-1": air.FINISHED, "mb-us-1": air.AVAILABLE, "fb-us-2": air.SUPERIORITY,
          "hb-us-1": "turn:9", "hb-us-2": "turn:10", "hb-us-3": "rubble:1008"}
    s = replace(s, core=replace(s.core, clock=Clock(turn=8, phase="turn_end")), air=Air(at=at))
    adj = adjudicate(r, s, [])
    air.turn_end(adj)
    assert adj.state.air.at == {**dict.fromkeys(("fb-us-1", "mb-us-1", "fb-us-2", "hb-us-1"), air.CUP),
                                "hb-us-2": "turn:10", "hb-us-3": "rubble:1008"}


def test_s9_4_rubble_adds_two_mp_per_heavy_bomber_left_on_a_town():
    """§9.4 L397: +2 MP per HB counter in the hex."""
    r, s = genesis("2")
    u = next(x for x in s.units.values() if x.hex and x.id.startswith("br-") and "inf" in x.id)
    s = replace(s, units={u.id: replace(u, hex="1007")})
    plain = Context(s, r.data, s.units[u.id]).cost("1007", "1008")
    ruined = replace(s, air=Air(at={"hb-us-1": "rubble:1008", "hb-us-2": "rubble:1008"}))
    assert plain is not None and Context(ruined, r.data, ruined.units[u.id]).cost("1007", "1008") == plain + 4


def test_versions_1_and_2_keep_their_state_type_and_log_the_air_step_as_not_ruled():
    """Games recorded under @1/@2 re-verify unchanged: their state has no air part; @2 still logs
    the Air Availability step as not ruled, @3 rules it and no longer logs it."""
    _, s2 = genesis("2", NORMANDY_2)
    assert type(s2) is State and not isinstance(s2, State3)
    logged = lambda session: [e for e in session.log if e.type == "normandy.step_not_ruled" and b"air_availability" in bytes(e.data)]  # noqa: E731
    assert logged(play("1", 5, ruleset=NORMANDY_2)) and not logged(play("1", 5))
