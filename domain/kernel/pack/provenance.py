"""Provenance: every datum of a content pack says whether it is printed, inferred or invented.

`rulebook` carries the citation of the printed value; `inferred` the evidence it was derived
from; `placeholder` why it was invented. Nothing `placeholder` is ever shown as the published game.
"""
from __future__ import annotations

import msgspec

from domain.kernel.citation import Citation


class Printed(msgspec.Struct, frozen=True, kw_only=True, tag_field="kind", tag="rulebook"):
    cite: Citation


class Inferred(msgspec.Struct, frozen=True, kw_only=True, tag_field="kind", tag="inferred"):
    evidence: str


class Placeholder(msgspec.Struct, frozen=True, kw_only=True, tag_field="kind", tag="placeholder"):
    reason: str


Provenance = Printed | Inferred | Placeholder

KINDS = ("rulebook", "inferred", "placeholder")


def kind(p: Provenance) -> str:
    return str(p.__struct_config__.tag)


# Weakest first: a record is only as printed as its least printed field.
_STRENGTH = {"placeholder": 0, "inferred": 1, "rulebook": 2}


def resolve(ref: str | Provenance, sources: dict[str, Provenance]) -> Provenance:
    """A record's provenance, following a key into the pack's shared sources."""
    return sources[ref] if isinstance(ref, str) else ref


def weakest(kinds: list[str]) -> str:
    return min(kinds, key=_STRENGTH.__getitem__)
