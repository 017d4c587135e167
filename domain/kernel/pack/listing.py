"""Packs installed before any ruleset plays them.

A game's pack is normally reached through its ruleset (`Ruleset.pack_dir`). A pack whose rules
are not built yet registers here instead, with the reason, so it can be reported, validated and
its scenarios listed as not playable, without a ruleset that would pretend to play it.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class UnplayablePack:
    name: str      # the pack's meta.name, also the game name in scenario ids
    pack_dir: str
    reason: str    # why no game can be created from it yet, shown with its scenarios


_PACKS: dict[str, UnplayablePack] = {}


def register_pack(pack: UnplayablePack) -> UnplayablePack:
    if pack.name in _PACKS and _PACKS[pack.name] != pack:
        raise ValueError(f"pack {pack.name!r} registered twice")
    _PACKS[pack.name] = pack
    return pack


def unplayable_packs() -> dict[str, UnplayablePack]:
    return dict(sorted(_PACKS.items()))
