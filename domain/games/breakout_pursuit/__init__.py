"""Breakout & Pursuit: The Battle for France, 1944 (SPI, 1972)."""
from domain.games.breakout_pursuit.rules import BREAKOUT_PURSUIT, BREAKOUT_PURSUIT_2
from domain.kernel.ruleset import register

register(BREAKOUT_PURSUIT)
register(BREAKOUT_PURSUIT_2)  # the literal defaults and the cited provenance (issue 16); @1 replays as recorded

__all__ = ["BREAKOUT_PURSUIT", "BREAKOUT_PURSUIT_2"]
