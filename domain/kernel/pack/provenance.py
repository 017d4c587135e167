"""Provenance: every datum of a content pack says whether it is printed, inferred or invented.

`rulebook` carries the citation of the printed value; `inferred` the evidence it was derived
from; `placeholder` why it was invented; `owner` says who supplied it from their copy of the
physical game (an override: the maps and counters a text lacks), which the umpire cannot check
against the text. Nothing `placeholder` is ever shown as the published game.
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


class Owner(msgspec.Struct, frozen=True, kw_only=True, tag_field="kind", tag="owner"):
    owner: str  # who supplied it
    evidence: str  # what it was read from (their copy of the map, the counter sheet)


Provenance = Printed | Inferred | Placeholder | Owner

KINDS = ("rulebook", "inferred", "placeholder", "owner")


def kind(p: Provenance) -> str:
    return str(p.__struct_config__.tag)


# Weakest first: a record is only as printed as its least printed field. An owner's datum is read off
# the printed components, but by a player, so it ranks below the rulebook and above an inference.
_STRENGTH = {"placeholder": 0, "inferred": 1, "owner": 2, "rulebook": 3}


def resolve(ref: str | Provenance, sources: dict[str, Provenance]) -> Provenance:
    """A record's provenance, following a key into the pack's shared sources."""
    return sources[ref] if isinstance(ref, str) else ref


def weakest(kinds: list[str]) -> str:
    return min(kinds, key=_STRENGTH.__getitem__)
