"""`normandy-1944@3`: version 2 (rules_v2.py) with the air system and bombardment (§1.1.1.1, §6.2, §9)."""
from __future__ import annotations

from typing import Any

from domain.games.normandy import air, bombardment, cite, tas
from domain.games.normandy.model import Air, State, State3
from domain.games.normandy.options import OPTIONS_3
from domain.games.normandy.orders import AssignAir, Bombard
from domain.games.normandy.phase_tables import PHASE_TABLE_3
from domain.games.normandy.rules import NOT_STARTABLE
from domain.games.normandy.rules_v2 import Normandy2
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Order, Reject


class Normandy3(Normandy2):
    """`normandy-1944@3`: the air system of Scenarios 1 and 2 (§1.1.1.1, §9): the AFAT draws from
    the cups and the FBAT's air superiority in an Air Availability Phase, Tactical Air Support and
    bombardment (air, carpet, Scenario 1's naval) in each combat, as decision frames of the Allies.
    Versions 1 and 2 stay runnable for the games recorded under them."""

    version = 3
    title = "Normandy 1944: A Bloody Summer (turns 1 and later, with counterattacks and air power)"
    state_type = State3
    options = OPTIONS_3
    phase_table = PHASE_TABLE_3
    deferred = tuple(o for o in Normandy2.deferred if o not in (AssignAir, Bombard))

    def not_startable(self, scenario: str) -> str | None:
        reason = NOT_STARTABLE.get(scenario)
        return reason.replace("@1", "@3") if reason else None

    def setup(self, pack, scenario: str, *, game_id: str, options: dict[str, Any]) -> State:
        s = super().setup(pack, scenario, game_id=game_id, options=options)
        return State3(**{f: getattr(s, f) for f in s.__struct_fields__}, air=Air(at=air.in_play(scenario, options)))

    def before_resolution(self, adj: Adjudication) -> bool:
        """§6.2 then §9.1: the Allies' bombardment, then their Tactical Air Support, before the odds."""
        return bombardment.offer(adj) or tas.offer(adj)

    def rule(self, adj: Adjudication, seat: str, order: Order) -> None:
        if isinstance(order, Bombard) and order.frame is None:
            raise Reject("no_bombardment_asked", "A bombardment is made before an attack's resolution, as the answer to its "
                         "bombardment decision (§6.2).", cite.BOMBARDMENT)
        super().rule(adj, seat, order)


NORMANDY_3 = Normandy3()
