"""Home Before the Leaves Fall (Clash of Arms) as a referee's assistant in ledger mode."""
from domain.games.hbtlf.rules import HBTLF
from domain.kernel.ruleset import register

register(HBTLF)

__all__ = ["HBTLF"]
