"""Helpers for the Air Strike and Airdrop tests: positions on the pack's own map (the airdrop range
is measured from its English Channel coastal hexes), built the way conformance cases build them.

Hexes used (pack map): Cherbourg 0242, Bayeux 0840; 1020 clear with six clear or town neighbours
(1021, 0921, 0920, 1019 town, 1120, 1121); 0425 a German Fortress on the coast (neighbours 0424,
0525, 0526 land, the rest sea); 0242 Cherbourg with sea on three sides; 2440 is 14 hexes from the
nearest English Channel coastal hex (1036), 2540 is 15.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from domain.games.breakout_pursuit import BREAKOUT_PURSUIT
from domain.kernel import game
from domain.kernel.commands import Begin, SeatOrder
from domain.kernel.dice import ScriptedDice
from domain.kernel.seats import PUBLIC
from infra.packs import load_pack_dir

# July counters (scenario 1.1)
PARA_82, PARA_101, PARA_UK1 = "us-jul-xx-9-6-82", "us-jul-xx-9-6-101", "uk-jul-xx-10-6-1"
AIRLANDING, SIXTH, SIXTH_10_6 = "uk-jul-xx-10-6-52", "uk-jul-xx-7-6-6", "uk-jul-xx-10-6-6r"
DE_4_5, DE_11_6, DE_8_6, DE_15_6, DE_6_5 = (
    "de-jul-xx-4-5-277", "de-jul-xx-11-6-9ss", "de-jul-xx-8-6-2", "de-jul-xx-15-6-1ss", "de-jul-xx-6-5-331")
US_12_5, US_13_5 = "us-jul-xx-12-5-4", "us-jul-xx-13-5-1"


@lru_cache(maxsize=1)
def ruleset():
    return BREAKOUT_PURSUIT.bind(load_pack_dir(BREAKOUT_PURSUIT.pack_dir))


def data():
    return ruleset().data


def position(spec: dict[str, Any], *, scenario: str = "1.1", options: dict[str, Any] | None = None):
    """The scenario's genesis, begun, with a conformance-case position merged in."""
    bp = ruleset()
    state = bp.setup(bp.pack, scenario, game_id="test", options=bp.resolve_options(options or {}))
    begun, state, _ = game.step(bp, state, Begin(), ScriptedDice([]), version=1, visibility=PUBLIC)
    return bp.position(state, spec)


def at(units: dict[str, Any], *, turn: int, phase: str, side: str = "allied", scenario: str = "1.1",
       options: dict[str, Any] | None = None, **fields: Any):
    """Only `units` in play (counter id -> hex, or -> fields), at a clock position."""
    add = {cid: ({"hex": v} if isinstance(v, str) else v) for cid, v in units.items()}
    spec = {"clear": True, "add": add, "core": {"clock": {"turn": turn, "phase": phase, "side": side}}, **fields}
    return position(spec, scenario=scenario, options=options)


def submit(state, seat: str, order, dice=(), version: int = 2):
    """Rule one order; return (ruling, the state after its effects)."""
    bp = ruleset()
    ruling, state, _ = game.step(bp, state, SeatOrder(seat=seat, order=order), ScriptedDice(list(dice), command=version), version=version, visibility=PUBLIC)
    return ruling, state


def of(ruling, kind: type) -> list:
    return [e for e in getattr(ruling, "effects", ()) if isinstance(e, kind)]


def legal(state, seat: str) -> list:
    return game.legal(ruleset(), state, seat)
