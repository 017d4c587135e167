"""Issue 22, "every ambiguity of digest §2.21 as a named option with its default": each A-number that
a ruling depends on names an option; the others are data or cross-references (docs/air-bridge-engine.md);
and the one option with a second reading built here, A23's drop_into_enemy_zoc, lists only what it accepts."""
from __future__ import annotations

import re

from domain.games.air_bridge import AIR_BRIDGE_3
from domain.games.air_bridge.options import OPTIONS
from domain.games.air_bridge.zoc import zoc_hexes
from domain.kernel import game
from domain.kernel.commands import Accepted, Begin, SeatOrder
from domain.kernel.conformance import ScriptedDice
from domain.kernel.seats import PUBLIC
from tests.unit.air_bridge.helpers import pack

NOT_RULINGS = {6, 7, 14, 20, 21}  # the polder hexes and the counters' fields (pack data), the Assault Table's rows, broken cross-references, urban = city


def test_2_21_every_ambiguity_a_ruling_depends_on_is_a_named_option_with_a_listed_default():
    named = {int(n) for o in OPTIONS for n in re.findall(r"\bA(\d+)\b", o.description)}
    assert named == set(range(1, 27)) - NOT_RULINGS
    for o in OPTIONS:
        assert o.choices is None or o.default in o.choices, o.name
        assert o.cite is not None and o.description, o.name


def test_a23_forbid_lists_no_drop_into_an_enemy_zoc_and_every_listed_drop_is_accepted():
    r = AIR_BRIDGE_3.bind(pack())
    state = r.setup(r.pack, "campaign", game_id="t", options=r.resolve_options({"drop_into_enemy_zoc": "forbid"}))
    state = game.step(r, state, Begin(), ScriptedDice([], command=1), version=1, visibility=PUBLIC).state
    drops = [o for o in game.legal(r, state, "allied-airborne") if type(o).__struct_config__.tag == "drop"]
    zocs = zoc_hexes(state, r.data, "german")
    assert drops and not [o for o in drops if o.hex in zocs]
    assert "0411" in zocs  # the DZ marker's own hex, next to de-ss-krafft at 0412
    for o in drops[:20]:
        ruling = game.step(r, state, SeatOrder(seat="allied-airborne", order=o), ScriptedDice([5] * 4, command=2), version=2,
                           visibility=PUBLIC).ruling
        assert isinstance(ruling, Accepted), (o, ruling)
