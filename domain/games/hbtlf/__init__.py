"""Home Before the Leaves Fall (Clash of Arms) as a referee's assistant in ledger mode."""
from domain.games.hbtlf.rules import HBTLF, HBTLF_2
from domain.kernel.ruleset import register

register(HBTLF)
register(HBTLF_2)  # issue 19's rules; @1 replays as recorded

__all__ = ["HBTLF", "HBTLF_2"]
