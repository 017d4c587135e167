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
from domain.kernel.pack.listing import UnplayablePack, unplayable_packs
from domain.kernel.pack.schema import Pack
from domain.kernel.pack.summary import summarize
from domain.kernel.ruleset import Ruleset, all_rulesets, get


class UnknownScenario(LookupError):
    pass


class ScenarioNotStartable(UnknownScenario):
    """The scenario is listed (with its reason) but cannot start here (HBTLF's Scenario 11 needs another game)."""

    def __init__(self, ref: str, reason: str):
        super().__init__(ref, reason)
        self.reason = reason


class ScenarioNotPlayable(LookupError):
    """The scenario is in an installed pack that no ruleset plays yet."""

    def __init__(self, ref: str, reason: str):
        super().__init__(ref)
        self.ref, self.reason = ref, reason


class ScenarioInfo(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    game: str
    title: str
    seats: list[dict]
    length: dict
    provenance: dict
    ruleset: str
    mode: str = "enforced"  # "ledger": the umpire enforces the game's own rules and records what the players attest
    startable: bool = True
    not_startable_reason: str = ""
    playable: bool = True
    reason: str = ""  # why a game cannot be created from it, when not playable


class Catalog:
    def __init__(self, *, sandbox: bool = False, overrides: dict[str, str] | None = None):
        self.sandbox = sandbox
        self.overrides = overrides or {}
        self._by_hash: dict[str, Pack] = {}
        self._installed: dict[str, tuple[Pack, str]] = {}

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

    def unplayable_pack(self, entry: UnplayablePack) -> tuple[Pack, str]:
        """A pack no ruleset plays yet, read, validated (owner overrides included) and hashed once."""
        key = f"unplayable:{entry.name}"
        if key not in self._installed:
            from infra.packs import load_pack_dir

            pack = load_pack_dir(Path(entry.pack_dir), self.overrides.get(entry.name))
            h = pack_hash(pack)
            self._by_hash.setdefault(h, pack)
            self._installed[key] = (self._by_hash[h], h)
        return self._installed[key]

    def pack_named(self, game: str) -> tuple[Pack, str] | None:
        """The installed pack of a game, played or not; None if there is none."""
        if game in self.rulesets:
            return self.pack(self.rulesets[game])
        entry = unplayable_packs().get(game)
        return self.unplayable_pack(entry) if entry else None

    def installed_by_hash(self, ruleset: Ruleset, h: str) -> Pack | None:
        """The pack hashing to `h`: already read, the ruleset's own, or that of another installed
        version of its game (a game may pin a pack an older version ships), else None."""
        versions = [ruleset, *(r for r in all_rulesets() if r.name == ruleset.name and r.id != ruleset.id)]
        for r in versions:
            if h in self._by_hash:
                break
            self.pack(r)
        return self._by_hash.get(h)

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
        r = self.rulesets.get(game)
        entry = unplayable_packs().get(game) if r is None else None
        if entry is not None and number in self.unplayable_pack(entry)[0].scenarios:
            raise ScenarioNotPlayable(ref, entry.reason)
        if r is None or number not in self.pack(r)[0].scenarios:
            raise UnknownScenario(ref)
        reason = self.pack(r)[0].scenarios[number].options.get("not_startable") or r.not_startable(number)
        if reason:
            raise ScenarioNotStartable(ref, reason)
        return r, number

    def scenarios(self) -> list[ScenarioInfo]:
        out = []
        for name, r in sorted(self.rulesets.items()):
            pack, _ = self.pack(r)
            out += _listed(name, pack, ruleset=r.id, mode=getattr(r, "mode", "enforced"), refused=r.not_startable)
        for name, entry in unplayable_packs().items():
            pack, _ = self.unplayable_pack(entry)
            out += _listed(name, pack, ruleset="", playable=False, reason=entry.reason)
        return out


def _listed(name: str, pack: Pack, refused=lambda sid: None, **extra) -> list[ScenarioInfo]:
    """Each scenario of the pack; `refused` is the ruleset's own reason a scenario cannot start."""
    summary = msgspec.to_builtins(summarize(pack))
    return [ScenarioInfo(id=f"{name}/{sid}", game=name, title=sc.title,
                         seats=[{"id": s.id, "side": s.side, "name": s.name} for s in sc.seats],
                         length={"start": msgspec.to_builtins(sc.start), "end": msgspec.to_builtins(sc.end),
                                 "turns": sc.end.turn - sc.start.turn + 1},
                         provenance=summary, startable=not (sc.options.get("not_startable") or refused(sid)),
                         not_startable_reason=sc.options.get("not_startable") or refused(sid) or "", **extra)
            for sid, sc in pack.scenarios.items()]
