"""Normandy 1944: A Bloody Summer (issue 23): `normandy-1944@1` rules turns 1 and later
(Scenarios 1 and 2); the campaign and D-Day need Turn 0, which this version does not build."""
from domain.games.normandy.rules import NORMANDY
from domain.kernel.ruleset import register

register(NORMANDY)

__all__ = ["NORMANDY"]
