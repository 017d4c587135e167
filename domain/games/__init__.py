"""The games Umpire plays; importing this package registers their rulesets (and the packs no
ruleset plays yet)."""
from domain.games import air_bridge, breakout_pursuit, hbtlf, normandy, sandbox  # noqa: F401
