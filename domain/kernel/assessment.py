"""What an order would meet if submitted now (`Ruleset.assess`, `GET /legal?assess=true`): the rules'
weighing before any die is rolled, so a bot or a player can choose among the legal orders. Only
what the seat may already see goes in."""
from __future__ import annotations

import msgspec


class Assessment(msgspec.Struct, frozen=True, kw_only=True):
    """An attack read on the combat results table as it would be resolved now."""

    attack: int  # the attacking strength, as the rules total it
    defense: int  # the defending strength
    computed_odds: str  # the column the strengths give
    odds: str  # the column it would be resolved on: lower than `computed_odds` if the attacker declared one
    die_modifier: int
    results: tuple[str, ...]  # the result each face of the die would give, face 1 first
    defender_supply: dict[str, str] = {}  # each defender's supply state, where the game traces supply
