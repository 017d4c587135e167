"""Where `normandy-1944@4`'s two halves meet: overrun (§4.3, 002_c4aea75862ff1a36.txt L187-195) and
the counterattack's one-hex move (§6.9) against Confusion (§6.11, L308-310), and an overrun's stack
going on (§4.3) against the off-map transfer (§1.1.2.1). Where the text does not say how two rules
meet, the order is refused `not_built` (docs/normandy-rules.md, "Where Version 4's two halves meet")."""
from __future__ import annotations

from domain.games.normandy import NORMANDY_4, counterattack
from domain.games.normandy.orders import OffMapMove, Overrun
from domain.kernel.commands import Rejected
from tests.unit.normandy.test_reserve import MOVEMENT, position, rule


def test_overrun_4_3_into_a_confusion_hex_is_refused_not_built_and_not_listed():
    """§4.3 and §6.11 do not say how an overrun meets a Confusion hex (both sides there): refused."""
    r, s = position(NORMANDY_4, MOVEMENT, {"us-4-arm": {"hex": "1206"}, "us-4-inf": {"hex": "1306"}, "de-272-inf": {"hex": "1306"}},
                    offmap={"confusion": ["1306"]})
    assert not [o for o in r.legal(s, "us") if isinstance(o, Overrun)]
    ruled = rule(r, s, "us", Overrun(units=("us-4-arm",), hex="1306"))
    assert isinstance(ruled.ruling, Rejected) and ruled.ruling.code == "not_built"


def test_overrun_6_11_a_stack_in_a_confusion_hex_does_not_overrun_out_of_it():
    """§6.11 L309: 'the only way to exit the hex is by elimination of the enemy units'."""
    r, s = position(NORMANDY_4, MOVEMENT, {"us-4-arm": {"hex": "1206"}, "de-116-pz": {"hex": "1206"}, "de-272-inf": {"hex": "1306"}},
                    offmap={"confusion": ["1206"]})
    ruled = rule(r, s, "us", Overrun(units=("us-4-arm",), hex="1306"))
    assert isinstance(ruled.ruling, Rejected) and ruled.ruling.code == "in_confusion"


def test_overrun_4_3_going_on_stack_does_not_leave_the_map_by_a_transfer():
    """§4.3 'the moving stack may continue moving'; §1.1.2.1's transfer from an exit hex is not a
    move with a cost: their meeting is not ruled, so the going-on stack's transfer is refused."""
    r, s = position(NORMANDY_4, MOVEMENT, {"us-4-arm": {"hex": "2207"}, "de-272-inf": {"hex": "1609"}})
    transfer = OffMapMove(units=("us-4-arm",), boxes=("box-alencon",))
    assert transfer in r.legal(s, "us")  # an ordinary unit on the exit hex may transfer
    r, s = position(NORMANDY_4, MOVEMENT, {"us-4-arm": {"hex": "2207"}, "de-272-inf": {"hex": "1609"}}, left={"us-4-arm": 4})
    assert transfer not in r.legal(s, "us")
    ruled = rule(r, s, "us", transfer)
    assert isinstance(ruled.ruling, Rejected) and ruled.ruling.code == "not_built"


def test_counterattack_6_9_units_in_a_confusion_hex_neither_join_nor_close_in():
    """§6.9 with §6.11: a unit in a Confusion hex fights there only (Art 6.11, Q&A 43-46) and does not
    move out, so it is no counterattacker of the next hex."""
    add = {"de-xlvii-pzkorps": {"hex": "1407", "markers": 1}, "de-116-pz": {"hex": "1307"}, "us-4-inf": {"hex": "1306"}}
    r, s = position(NORMANDY_4, {"turn": 8, "phase": "combat", "side": "allied", "impulse": 1}, add)
    assert "de-116-pz" in counterattack.candidates(s, r.data, "1306", "german").get("de-xlvii-pzkorps", ())
    add["us-2-arm-cca"] = {"hex": "1307"}
    r, s = position(NORMANDY_4, {"turn": 8, "phase": "combat", "side": "allied", "impulse": 1}, add, offmap={"confusion": ["1307"]})
    assert "de-116-pz" not in counterattack.candidates(s, r.data, "1306", "german").get("de-xlvii-pzkorps", ())
