"""The games Umpire plays; importing this package registers their rulesets."""
from domain.games import breakout_pursuit, normandy, sandbox  # noqa: F401
