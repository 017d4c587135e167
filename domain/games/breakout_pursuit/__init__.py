"""Breakout & Pursuit: The Battle for France, 1944 (SPI, 1972)."""
from domain.games.breakout_pursuit.rules import BREAKOUT_PURSUIT
from domain.kernel.ruleset import register

register(BREAKOUT_PURSUIT)

__all__ = ["BREAKOUT_PURSUIT"]
