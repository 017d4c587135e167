"""Air Bridge to Victory (Operation Market-Garden, 1944): ruleset `air-bridge-to-victory@1`
(issue 22), playing the content pack in `pack/` (docs/air-bridge-data.md, docs/air-bridge-map.md)."""
from domain.games.air_bridge.rules import AIR_BRIDGE
from domain.kernel.ruleset import register

register(AIR_BRIDGE)

__all__ = ["AIR_BRIDGE"]
