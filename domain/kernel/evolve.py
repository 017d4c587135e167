"""The kernel's most basic function: one effect applied to a state.

The kernel folds its own part (the Core) and hands the effect to the game's `evolve`; taking back
an order restores the changes its undo point recorded. Everything that changes a state (a ruling
under way, a replay of the log, a fold by the worker) goes through `apply`.
"""
from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.kernel import patch
from domain.kernel.effects import OrderTakenBack, apply_core


def apply(ruleset: Any, state: Any, effect: Any) -> Any:
    if isinstance(effect, OrderTakenBack):
        restored = patch.apply(state, state.core.undo.changes)
        return replace(restored, core=replace(restored.core, undo=None))
    core = apply_core(state.core, effect)
    if core is not state.core:
        state = replace(state, core=core)
    return ruleset.evolve(state, effect)
