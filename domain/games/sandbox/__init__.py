"""The sandbox skirmish: a test game for the rules contract (off unless UMPIRE_SANDBOX=1)."""
from domain.games.sandbox.rules import SANDBOX, SANDBOX_PACK
from domain.kernel.ruleset import register

register(SANDBOX)

__all__ = ["SANDBOX", "SANDBOX_PACK"]
