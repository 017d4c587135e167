"""The disputed-turn report: for each command in a range, who sent it and when, the state it was
judged on, the ruling (odds, strengths, modifiers, dice with their derivation, reason codes,
citations) and the state diff it caused — all as the caller may see them (a seat gets its
fog-filtered version; referees and organisers see everything).

Replays read the log, never the projection, so a faulty projection cannot falsify an audit.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterator

import msgspec

from domain.kernel import game
from domain.kernel.log import COMMAND_TYPES, fold
from domain.kernel.seats import Viewer, can_see
from services.games import Games
from services.queries import event_view


def diff(before: Any, after: Any, path: str = "") -> list[dict[str, Any]]:
    """Changes between two JSON values, as {path, before, after}; lists of records with an "id"
    are compared record by record."""
    if isinstance(before, dict) and isinstance(after, dict):
        out = []
        for k in sorted(set(before) | set(after), key=str):
            out += diff(before.get(k), after.get(k), f"{path}.{k}" if path else str(k))
        return out
    if isinstance(before, list) and isinstance(after, list) and _keyed(before) and _keyed(after):
        return diff({x["id"]: x for x in before}, {x["id"]: x for x in after}, path)
    return [] if before == after else [{"path": path, "before": before, "after": after}]


def _keyed(items: list) -> bool:
    return all(isinstance(x, dict) and "id" in x for x in items)


def audit(games: Games, game_id: str, viewer: Viewer, *, start: int = 1, end: int | None = None) -> dict[str, Any]:
    ctx = games.context(game_id)
    events = games.store.read(game_id)
    over = games.store.projection(game_id).status == "finished"
    end = end or (events[-1].version if events else 0)
    state = ctx.initial()
    out: list[dict[str, Any]] = []
    i = 0
    while i < len(events):
        e = events[i]
        if e.type == "ruling" and e.adjudicates is not None and start <= e.adjudicates <= end:
            n = msgspec.json.decode(e.data).get("effects", 0)
            ruled = events[i + 1:i + 1 + n]
            after = fold(ctx.ruleset, ctx.codec, state, ((x.type, x.data) for x in ruled))
            command = events[e.adjudicates - 1]
            before_view = game.view(ctx.ruleset, state, viewer)
            after_view = game.view(ctx.ruleset, after, viewer)
            ruling_view = event_view(e, viewer, game_over=over)
            effect_views = [event_view(x, viewer, game_over=over) for x in ruled]
            out.append({
                "command": event_view(command, viewer, game_over=over),
                "sent_by": msgspec.json.decode(command.metadata)["actor"] if can_see(command.visibility, viewer, game_over=over) else None,
                "judged_on": {"version": e.version - 1, "clock": before_view["clock"], "label": before_view["label"],
                              "to_act": before_view["to_act"]},
                "ruling": ruling_view,
                "effects": effect_views,
                "reconstructed": reconstructed([ruling_view, *effect_views]),
                "dice": [_roll(x) for x in ruled if can_see(x.visibility, viewer, game_over=over) and b'"roll":{' in x.data],
                "diff": diff(msgspec.json.decode(msgspec.json.encode(before_view)), msgspec.json.decode(msgspec.json.encode(after_view))),
            })
            state = after
            i += 1 + n
            continue
        if e.type in ctx.codec.effect_tags:
            state = fold(ctx.ruleset, ctx.codec, state, [(e.type, e.data)])
        i += 1
    total: Counter[str] = Counter()
    for c in out:
        counts: dict[str, int] = c["reconstructed"]
        total.update(counts)
    return {"game_id": game_id, "from": start, "to": end, "ruleset": ctx.genesis.ruleset, "commands": out,
            "reconstructed": {k: total[k] for k in PROVENANCES}, "command_types": sorted(COMMAND_TYPES)}


PROVENANCES = ("placeholder", "inferred")  # a `pack` citation's provenance: what the rulebook does not print


def reconstructed(views: list[dict[str, Any]]) -> dict[str, int]:
    """How many data the rulebook does not print a ruling used, by provenance: the distinct `pack`
    citations of the ruling and its effects, as far as the viewer may see them."""
    used = {c["key"]: c["provenance"] for v in views for c in _pack_citations(v.get("data"))}
    counts = Counter(used.values())
    return {k: counts[k] for k in PROVENANCES}


def _pack_citations(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        if value.get("kind") == "pack" and "key" in value:
            yield value
        for v in value.values():
            yield from _pack_citations(v)
    elif isinstance(value, list):
        for v in value:
            yield from _pack_citations(v)


def _roll(e) -> dict[str, Any]:
    """The dice an effect recorded, with what a verifier needs to re-derive them."""
    data = msgspec.json.decode(e.data)
    roll = data.get("roll")
    return {"effect": e.type, "version": e.version, **(roll or {}),
            "derivation": "HMAC-SHA256(K_epoch, umpire-dice-1 | game | mix | chain | command | draw | attempt); see docs/dice.md"}
