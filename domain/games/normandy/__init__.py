"""Normandy 1944: A Bloody Summer (issue 23): `normandy-1944@1` rules turns 1 and later
(Scenarios 1 and 2), `@2` adds the counterattack (§6.9), `@3` the air system and bombardment (§1.1.1.1, §6.2, §9), `@4` Reserve,
overrun and Exploitation (§4.1.1, §4.3, §6.8) and the off-map layer and Confusion (§4.1.2, §5.2, §6.11, §6.12), `@5` the Administration
Phase for turns >= 1 (§1.1.1.3, §6.10) and withholding (§6.5); the campaign and D-Day need Turn 0, which
neither version builds."""
from domain.games.normandy.rules import NORMANDY
from domain.games.normandy.rules_v2 import NORMANDY_2
from domain.games.normandy.rules_v3 import NORMANDY_3
from domain.games.normandy.rules_v4 import NORMANDY_4
from domain.games.normandy.rules_v5 import NORMANDY_5
from domain.kernel.ruleset import register

register(NORMANDY)
register(NORMANDY_2)
register(NORMANDY_3)
register(NORMANDY_4)
register(NORMANDY_5)

__all__ = ["NORMANDY", "NORMANDY_2", "NORMANDY_3", "NORMANDY_4", "NORMANDY_5"]
