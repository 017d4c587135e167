"""Swiss pairing (issue 20, item 3), after lichess's and FIDE's Dutch system in spirit: entrants
meet others of their score group, never the same opponent twice, nor a pair the organiser forbade;
sides balance; at most one bye per entrant, to the lowest-scored entrant who has had none.

The pairing is a maximum-weight matching over the allowed pairs (weights below), solved by a
`Matcher` the caller gives (the service passes networkx's blossom algorithm: the domain stays pure
Python). Deterministic: the same entrants, history and matcher give the same round.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Callable

from domain.tournament.pairing import Pairing

Edge = tuple[str, str, int]
Matcher = Callable[[list[Edge]], set[tuple[str, str]]]  # a maximum-cardinality, maximum-weight matching

BASE = 10**9  # every allowed pair is worth more than any penalty, so the matching pairs as many as it can
SCORE = 10**4  # per (hundredth of a point of score difference) squared: pair within score groups first
SIDES = 10  # both want the same side


class NoPairing(ValueError):
    """No round satisfies the constraints (every remaining pair has met, or is forbidden)."""


@dataclass
class History:
    scores: dict[str, float]
    opponents: dict[str, set[str]] = field(default_factory=dict)
    firsts: dict[str, int] = field(default_factory=dict)  # games on the scenario's first side
    seconds: dict[str, int] = field(default_factory=dict)
    byes: set[str] = field(default_factory=set)


def _balance(h: History, e: str) -> int:
    return h.firsts.get(e, 0) - h.seconds.get(e, 0)


def edges(entrants: list[str], h: History, forbidden: set[frozenset[str]]) -> list[Edge]:
    out = []
    for a, b in combinations(entrants, 2):
        if b in h.opponents.get(a, set()) or frozenset((a, b)) in forbidden:
            continue
        diff = round(abs(h.scores.get(a, 0) - h.scores.get(b, 0)) * 100)
        clash = (_balance(h, a) > 0 and _balance(h, b) > 0) or (_balance(h, a) < 0 and _balance(h, b) < 0)
        out.append((a, b, BASE - SCORE * diff * diff - (SIDES if clash else 0)))
    return out


def pair(entrants: list[str], h: History, match: Matcher, *, round_number: int,
         forbidden: set[frozenset[str]] | None = None) -> tuple[list[Pairing], str | None]:
    """The round's pairings (board order: highest score first) and who has the bye."""
    forbidden = forbidden or set()
    rank = sorted(entrants, key=lambda e: (-h.scores.get(e, 0), entrants.index(e)))
    byes: list[str | None] = [None]
    if len(entrants) % 2:
        byes = [e for e in reversed(rank) if e not in h.byes]
        if not byes:
            raise NoPairing("every entrant has had a bye; an odd field cannot be paired again")
    for bye in byes:
        field_ = [e for e in entrants if e != bye]
        matched = match(edges(field_, h, forbidden))
        if 2 * len(matched) == len(field_):
            return [_sides(a, b, h, rank, round_number) for a, b in
                    sorted(matched, key=lambda p: min(rank.index(p[0]), rank.index(p[1])))], bye
    raise NoPairing("no pairing avoids rematches and forbidden pairs for every entrant")


def _sides(a: str, b: str, h: History, rank: list[str], round_number: int) -> Pairing:
    """The first side to whoever has had it less; even, the higher-ranked takes it in odd rounds."""
    if _balance(h, a) != _balance(h, b):
        return Pairing(a, b) if _balance(h, a) < _balance(h, b) else Pairing(b, a)
    high, low = (a, b) if rank.index(a) < rank.index(b) else (b, a)
    return Pairing(high, low) if round_number % 2 else Pairing(low, high)
