"""The sandbox skirmish: a test game for the rules contract (off unless UMPIRE_SANDBOX=1)."""
from domain.games.sandbox.rules import SANDBOX, SANDBOX_PACK, SANDBOX_V2
from domain.kernel.ruleset import register

register(SANDBOX)
register(SANDBOX_V2)

__all__ = ["SANDBOX", "SANDBOX_PACK", "SANDBOX_V2"]
