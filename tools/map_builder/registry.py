"""The provenance entries a builder references, collected while building, under one key prefix
(bp_map's "bp.map.", abtv_map's "abtv.map."), so every pack's map sources stay in their own namespace."""
from __future__ import annotations

from domain.kernel.pack.provenance import Inferred, Placeholder, Printed, Provenance


class Sources:
    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.entries: dict[str, Provenance] = {}

    def add(self, key: str, prov: Provenance) -> str:
        key = self.prefix + key
        old = self.entries.get(key)
        if old is not None and old != prov:
            raise ValueError(f"two different provenance entries under {key}")
        self.entries[key] = prov
        return key

    def inferred(self, key: str, evidence: str) -> str:
        return self.add(key, Inferred(evidence=evidence))

    def placeholder(self, key: str, reason: str) -> str:
        return self.add(key, Placeholder(reason=reason))

    def printed(self, key: str, prov: Printed) -> str:
        return self.add(key, prov)
