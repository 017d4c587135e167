"""Round robin by the circle method: every entrant meets every other once (twice, once per side,
when `double`), sides balanced across rounds. Deterministic: the same entrants in the same order
give the same rounds, so a re-run of a pairing on the same tournament stream gives the same round.
"""
from __future__ import annotations

from typing import NamedTuple

BYE = None  # the partner of an entrant who sits a round out (odd number of entrants)


class Pairing(NamedTuple):
    first: str  # plays the scenario's first side
    second: str  # plays its second side


def round_robin(entrants: list[str], *, double: bool = False) -> list[list[Pairing]]:
    """The rounds of a round robin; an entrant paired with nobody in a round has the bye."""
    if len(entrants) < 2:
        raise ValueError("a round robin needs at least two entrants")
    if len(set(entrants)) != len(entrants):
        raise ValueError("entrants must be distinct")
    ring: list[str | None] = list(entrants) + ([BYE] if len(entrants) % 2 else [])
    n = len(ring)
    rounds: list[list[Pairing]] = []
    firsts = {e: 0 for e in entrants}  # games each has played on the first side so far
    for r in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if a is None or b is None:
                continue
            # Balance: the first side goes to whoever has had it less; a tie alternates by board and round.
            if firsts[a] != firsts[b]:
                pair = Pairing(a, b) if firsts[a] < firsts[b] else Pairing(b, a)
            else:
                pair = Pairing(a, b) if (i + r) % 2 == 0 else Pairing(b, a)
            firsts[pair.first] += 1
            pairs.append(pair)
        rounds.append(pairs)
        ring = [ring[0], ring[-1], *ring[1:-1]]  # rotate all but the first
    if double:
        rounds += [[Pairing(p.second, p.first) for p in rnd] for rnd in rounds]
    return rounds
