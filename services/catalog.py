"""The rulesets and content packs this service plays, and the scenarios they offer.

Packs are loaded once, by path, and kept by content hash. A game pins its pack's hash; a pack no
longer installed is read back from the event store, where every game's pack is stored by hash.
"""
from __future__ import annotations

from functools import cached_property
from pathlib import Path

import msgspec

import domain.games  # noqa: F401  (registers the rulesets)
from domain.kernel.pack.canonical import canonical_bytes, pack_hash
from domain.kernel.pack.schema import Pack
from domain.kernel.pack.summary import summarize
from domain.kernel.pending import pending_games
from domain.kernel.ruleset import Ruleset, all_rulesets, get


class UnknownScenario(LookupError):
    pass


class ScenarioNotPlayable(UnknownScenario):
    """A listed scenario of a game whose rules are not built (domain.kernel.pending)."""

    def __init__(self, ref: str, reason: str):
        super().__init__(ref)
        self.reason = reason


class ScenarioInfo(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    game: str
    title: str
    seats: list[dict]
    length: dict
    provenance: dict
    ruleset: str
    playable: bool = True
    reason: str | None = None  # why not playable


class Catalog:
    def __init__(self, *, sandbox: bool = False, overrides: dict[str, str] | None = None):
        self.sandbox = sandbox
        self.overrides = overrides or {}
        self._by_hash: dict[str, Pack] = {}
        self._installed: dict[str, tuple[Pack, str]] = {}
        self.pending = pending_games()

    @cached_property
    def rulesets(self) -> dict[str, Ruleset]:
        """The newest version of each game, by name; the sandbox only when enabled."""
        out: dict[str, Ruleset] = {}
        for r in all_rulesets():
            if r.listed or self.sandbox:
                out[r.name] = r  # all_rulesets() is sorted by version: the last one wins
        return out

    def pack(self, ruleset: Ruleset) -> tuple[Pack, str]:
        """The installed pack of a ruleset and its hash, read and validated once per catalog
        (B&P's takes ~0.5 s: every game creation and scenario listing used to pay it)."""
        if ruleset.id not in self._installed:
            pack = self._load(ruleset)
            h = pack_hash(pack)
            self._by_hash.setdefault(h, pack)
            self._installed[ruleset.id] = (self._by_hash[h], h)
        return self._installed[ruleset.id]

    def _load(self, ruleset: Ruleset) -> Pack:
        if ruleset.name == "sandbox":
            from domain.games.sandbox import SANDBOX_PACK

            return SANDBOX_PACK
        from infra.packs import load_pack_dir

        return load_pack_dir(Path(ruleset.pack_dir), self.overrides.get(ruleset.name))

    def pending_pack(self, name: str) -> tuple[Pack, str]:
        """The pack of a game whose rules are not built, and its hash; owner overrides apply alike."""
        key = f"pending:{name}"
        if key not in self._installed:
            from infra.packs import load_pack_dir

            pack = load_pack_dir(Path(self.pending[name].pack_dir), self.overrides.get(name))
            h = pack_hash(pack)
            self._by_hash.setdefault(h, pack)
            self._installed[key] = (self._by_hash[h], h)
        return self._installed[key]

    def pack_by_hash(self, h: str, stored: bytes | None = None) -> Pack:
        if h not in self._by_hash:
            if stored is None:
                raise LookupError(f"pack {h} is neither installed nor stored")
            self._by_hash[h] = msgspec.json.decode(stored, type=Pack)
        return self._by_hash[h]

    @staticmethod
    def canonical(pack: Pack) -> bytes:
        return canonical_bytes(pack)

    def ruleset(self, ruleset_id: str) -> Ruleset:
        return get(ruleset_id)

    def scenario(self, ref: str) -> tuple[Ruleset, str]:
        """`<game>/<scenario number>` -> (ruleset, scenario id)."""
        game, _, number = ref.partition("/")
        if game in self.pending and game not in self.rulesets and number in self.pending_pack(game)[0].scenarios:
            raise ScenarioNotPlayable(ref, self.pending[game].reason)
        r = self.rulesets.get(game)
        if r is None or number not in self.pack(r)[0].scenarios:
            raise UnknownScenario(ref)
        return r, number

    def scenarios(self) -> list[ScenarioInfo]:
        out = []
        for name, r in sorted(self.rulesets.items()):
            pack, _ = self.pack(r)
            summary = msgspec.to_builtins(summarize(pack))
            for sid, sc in pack.scenarios.items():
                out.append(ScenarioInfo(
                    id=f"{name}/{sid}", game=name, title=sc.title, ruleset=r.id,
                    seats=[{"id": s.id, "side": s.side, "name": s.name} for s in sc.seats],
                    length={"start": msgspec.to_builtins(sc.start), "end": msgspec.to_builtins(sc.end),
                            "turns": sc.end.turn - sc.start.turn + 1},
                    provenance=summary))
        for name, g in self.pending.items():
            if name in self.rulesets:
                continue
            pack, _ = self.pending_pack(name)
            summary = msgspec.to_builtins(summarize(pack))
            for sid, sc in pack.scenarios.items():
                out.append(ScenarioInfo(
                    id=f"{name}/{sid}", game=name, title=sc.title, ruleset=pack.meta.ruleset,
                    seats=[{"id": s.id, "side": s.side, "name": s.name} for s in sc.seats],
                    length={"start": msgspec.to_builtins(sc.start), "end": msgspec.to_builtins(sc.end),
                            "turns": sc.end.turn - sc.start.turn + 1},
                    provenance=summary, playable=False, reason=g.reason))
        return out
