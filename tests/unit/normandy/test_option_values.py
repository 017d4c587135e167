"""Every option of `normandy-1944@4` and `@5` (OPTIONS_4, OPTIONS_5): each value other than the default
is either applied by a rule (a check below shows a ruling change, or names the case that shows it) or
refused at genesis with `option_not_built`. No value is accepted and then silently ignored."""
from __future__ import annotations

from functools import cache
from typing import Any, Callable

import msgspec
import pytest
from msgspec.structs import replace

from domain.games.normandy import NORMANDY_4, NORMANDY_5, air, offmap, supply, tas, weather
from domain.games.normandy.effects import StormTested
from domain.games.normandy.options import APPLIED_4, APPLIED_5, OPTIONS_4, OPTIONS_5
from domain.kernel.adjudication import Adjudication
from domain.kernel.core import Clock
from domain.kernel.dice import ScriptedDice
from domain.kernel.conformance import run
from domain.kernel.ruleset import OptionNotBuilt, get
from services.api.errors import _mapped
from services.conformance import load_cases
from tests.unit.normandy.helpers import ROOT, pack


# version -> (its ruleset, its options, the values it applies where some are refused)
VERSIONS = {4: (NORMANDY_4, OPTIONS_4, APPLIED_4), 5: (NORMANDY_5, OPTIONS_5, APPLIED_5)}


@cache
def bound(version: int = 5):
    return VERSIONS[version][0].bind(pack())


def genesis(scenario: str, **options: Any):
    r = bound()
    return r.setup(r.pack, scenario, game_id="t", options=r.resolve_options(options))


def with_options(state, **options: Any):
    return replace(state, core=replace(state.core, options={**state.core.options, **options}))


def _q02(value: str) -> bool:
    s = genesis("2")
    s = with_options(replace(s, offmap=replace(s.offmap, extended=("us-vii-corps",))), Q02_extended_blocks=value)
    return bound()._blocked_hqs(s) != ("us-vii-corps",)


def _q05(value: bool) -> bool:
    s = genesis("2")
    s = replace(s, core=replace(s.core, clock=Clock(turn=8, phase="storm", side="allied", impulse=2)),
                flags={**s.flags, "storm_A": 8}, storm_armed=True)
    adj = Adjudication(bound(), with_options(s, Q05_storm_in_a_forces_b=value), ScriptedDice([1]), command=1)
    weather.storm_test(adj)
    tested = [e for e in adj.effects if isinstance(e, StormTested)]
    return tested[0].roll is not None  # rolled, not forced to rain/overcast


def _q18(value: int) -> bool:
    s = genesis("2")
    s = replace(s, core=replace(s.core, clock=Clock(turn=7, phase="movement", side="allied")))
    return tas.moving_tas(with_options(s, Q18_tas_overrun_from_turn=value), "us") is False


def _q32(value: bool) -> bool:
    return any(air.COUNTERS[c].cup == "HB" for c in genesis("1", Q32_sc1_heavy_bombers=value).air.at)


def _q35(value: str) -> bool:
    return "us-vii-corps" not in genesis("1", Q35_sc1_us_hq=value).units


def _q37(value: bool) -> bool:
    return "box-brest" not in offmap.depots_at_start({"Q37_brest_is_german_depot": value})


def _road_access(value: int) -> bool:
    s = genesis("2")
    return supply.unsupplied(s, bound().data, value) != supply.unsupplied(s, bound().data, 2)


def _air_share(value: str) -> bool:
    s = genesis("1")
    return air.draws(with_options(s, sc1_air_share=value), bound().data, "clear", "MB")[0] != \
        air.draws(s, bound().data, "clear", "MB")[0]


def _cobra_depots(value: tuple[str, ...]) -> bool:
    return set(genesis("2", cobra_allied_depots=value).depots) != set(genesis("2").depots)


def _german_arrival(value: str) -> bool:
    s = genesis("2")
    s = replace(s, core=replace(s.core, clock=Clock(turn=9, phase="movement", side="german")))
    pending = next(u for u in s.units.values() if u.side == "german" and u.box == "pending")
    return bound()._by_box(with_options(s, german_arrival=value), pending)


def _case(path: str, case_id: str, name: str) -> Callable[[Any], bool]:
    """A value shown by a conformance case: the case's outcome changes with the option's value."""
    def shown(value: Any) -> bool:
        case = next(c for _, c in load_cases(ROOT / "domain/games/normandy/conformance" / path) if c.id == case_id)
        default = next(o.default for o in OPTIONS_5 if o.name == name)
        ruleset = get(case.ruleset).bind(pack())
        outcomes = [run(msgspec.structs.replace(case, options={**case.options, name: v}), ruleset).passed for v in (value, default)]
        return outcomes[0] != outcomes[1]
    return shown


# (option, value) -> a check that the value changes a ruling.
APPLIED: dict[str, Callable[[Any], bool]] = {
    "Q02_extended_blocks": _q02,
    "Q05_storm_in_a_forces_b": _q05,
    "Q07_german_admin_roll_is_initiative": _case("administration.toml", "nm-admin-german-replacements-read-on-the-initiative-die",
                                                 "Q07_german_admin_roll_is_initiative"),
    "Q18_tas_overrun_from_turn": _q18,
    "Q24_failed_overrun_returns_to": _case("overrun.toml", "nm-overrun-failure-q24-launch-hex", "Q24_failed_overrun_returns_to"),
    "Q25_defender_may_withhold_d": _case("combat.toml", "nm-combat-withholding-d2-unit-left-out", "Q25_defender_may_withhold_d"),
    "Q27_elite_drm": _case("combat.toml", "nm-combat-elite-attacker-modifier", "Q27_elite_drm"),
    "Q32_sc1_heavy_bombers": _q32,
    "Q35_sc1_us_hq": _q35,
    "Q37_brest_is_german_depot": _q37,
    "hq_road_access": _road_access,
    "sc1_air_share": _air_share,
    "cobra_allied_depots": _cobra_depots,
    "german_arrival": _german_arrival,
}
# An option without a list of choices takes any value: this one stands for the others.
PROBE = {"cobra_allied_depots": ("0617",), "Q08_replacement_types": ("infantry",), "Q33_sc1_length": (1, 2)}


def _other_values():
    for version, (_, options, _) in VERSIONS.items():
        for o in options:
            values = o.choices if o.choices is not None else (PROBE[o.name],)
            for v in values:
                if v != o.default:
                    yield version, o.name, v


@pytest.mark.parametrize(("version", "name", "value"), list(_other_values()))
def test_every_other_value_of_an_option_is_applied_or_refused_at_genesis(version, name, value):
    if name in VERSIONS[version][2]:
        assert version < max(VERSIONS) or name not in APPLIED  # an older version may refuse what a newer one applies
        with pytest.raises(OptionNotBuilt, match=name) as refused:
            bound(version).resolve_options({name: value})
        assert refused.value.code == "option_not_built"
    else:
        assert APPLIED[name](value), (name, value)


@pytest.mark.parametrize("version", list(VERSIONS))
def test_the_defaults_pass_and_every_refusal_names_a_real_option(version):
    _, options, applied = VERSIONS[version]
    assert bound(version).resolve_options({}) == {o.name: o.default for o in options}
    names = {o.name for o in options}
    assert set(applied) <= names and set(APPLIED) <= names
    for name, (values, why) in applied.items():
        assert next(o.default for o in options if o.name == name) in values and why


def test_the_api_answers_a_refused_value_with_its_own_code():
    with pytest.raises(OptionNotBuilt) as refused:
        bound().resolve_options({"Q21_retreat_length": 2})
    error = _mapped(refused.value)
    assert (error.status, error.code) == (422, "option_not_built") and "Q21_retreat_length" in error.message
