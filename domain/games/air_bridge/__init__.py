"""Air Bridge to Victory (Operation Market-Garden, 1944): ruleset `air-bridge-to-victory@1`,
`@2` and `@3` (issue 22), playing the content pack in `pack/` (docs/air-bridge-data.md, docs/air-bridge-map.md)."""
from domain.games.air_bridge.rules import AIR_BRIDGE, AIR_BRIDGE_2, AIR_BRIDGE_3
from domain.kernel.ruleset import register

register(AIR_BRIDGE)
register(AIR_BRIDGE_2)
register(AIR_BRIDGE_3)

__all__ = ["AIR_BRIDGE", "AIR_BRIDGE_2", "AIR_BRIDGE_3"]
