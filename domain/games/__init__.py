"""The games Umpire plays; importing this package registers their rulesets."""
from domain.games import sandbox  # noqa: F401
