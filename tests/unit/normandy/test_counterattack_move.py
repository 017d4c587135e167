"""§6.9's one-hex move of the counterattackers (`normandy-1944@4`, 002_c4aea75862ff1a36.txt L297:
"those that previously retreated and any units adjacent to the vacated hex or to the retreated units.
These units may only move one hex"). The worked case is a conformance case
(conformance/exploitation.toml, nm-counterattack-one-hex-move-of-a-unit-next-to-the-retreated)."""
from __future__ import annotations

from domain.games.normandy import NORMANDY_3, NORMANDY_4, counterattack
from tests.unit.normandy.test_exploitation import COMBAT
from tests.unit.normandy.test_reserve import position

UNITS = {"us-4-inf": {"hex": "1306"}, "de-265-inf": {"hex": "1206", "lost": 2}, "de-272-inf": {"hex": "1106"},
         "de-266-inf": {"hex": "1004"}, "de-lxxxiv-korps": {"hex": "1105", "markers": 1}}


def test_counterattack_6_9_units_next_to_the_retreated_may_close_in_one_hex():
    r, s = position(NORMANDY_4, COMBAT, UNITS, retreated=["de-265-inf"])
    assert counterattack.movers(s, r.data, "de-lxxxiv-korps", "1306") == ("de-272-inf",)  # 1004 is next to no retreated unit
    assert counterattack.closing_in(s, r.data, "de-272-inf", "1306") == ["1207"]  # 1206 is full (3 + 3 SP)
    assert counterattack.candidates(s, r.data, "1306", "german") == {"de-lxxxiv-korps": ("de-265-inf",)}


def test_counterattack_6_9_no_one_hex_move_before_version_4():
    r, s = position(NORMANDY_3, COMBAT, UNITS)
    assert counterattack.movers(s, r.data, "de-lxxxiv-korps", "1306") == ()
