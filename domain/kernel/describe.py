"""Sentences a person can read for the log's events: the events every game shares are said here,
a game's own effects by its ruleset (`Ruleset.describe`), in the game's own words.

An event is what the events API gives (`{"type", "data", ...}`, `data` holding the effect's fields);
`view` is what the caller may see of the game now (GET state's `view`). Nothing here reads more
than the event the caller was already shown, so a sentence never tells what the event hides.
`names` is the pack's: unit names, place names and the combat results' key, for sentences and pages.
"""
from __future__ import annotations

import json

from typing import Any, Callable, Mapping

from domain.kernel.pack.schema import Crt, Pack

SKIP = frozenset({"type", "cite", "vis", "citations", "details", "partial"})


def names(pack: Pack | None) -> dict[str, dict[str, str]]:
    """The pack's names: `units` (counter id -> its printed label, else its id), `places` (hex ->
    the place name printed on it) and `terms` (each combat result's abbreviation -> its meaning)."""
    if pack is None:
        return {"units": {}, "places": {}, "terms": {}}
    places = {h: x.name for h, x in (pack.map.hexes.items() if pack.map else ()) if x.name}
    terms: dict[str, str] = {}
    for table in pack.tables.values():
        if isinstance(table, Crt):
            terms.update(table.results)
    return {"units": {k: c.label or k for k, c in pack.counters.items()}, "places": places, "terms": terms}


def value(v: Any) -> str:
    if isinstance(v, str) and v[:1] in "{[":  # a settled claim's value arrives as its JSON text
        try:
            return value(json.loads(v))
        except ValueError:
            return v
    if isinstance(v, (list, tuple)):
        return ", ".join(value(x) for x in v) if v else "none"
    if isinstance(v, Mapping):
        return ", ".join(f"{k} {value(x)}" for k, x in v.items()) if v else "none"
    if isinstance(v, bool):
        return "yes" if v else "no"
    return str(v)


def generic(effect: Mapping[str, Any]) -> str:
    """A sentence from any effect's fields: its type in words, then each field that says something."""
    kind = str(effect.get("type", "effect")).split(".", 1)[-1].replace("_", " ")
    parts = [f"{k.replace('_', ' ')}: {value(v)}" for k, v in effect.items()
             if k not in SKIP and v not in (None, "", [], {}, ())]
    return kind[:1].upper() + kind[1:] + (f" ({'; '.join(parts)})" if parts else "")


def order_text(order: Mapping[str, Any], unit: Callable[[str], str], place: Callable[[str], str]) -> str:
    """An order in words, its units and hexes by name."""
    o = dict(order)
    kind = str(o.pop("type", "order")).replace("_", " ")
    o.pop("frame", None)
    parts = []
    for k, v in o.items():
        if v is None:
            continue
        if k in ("unit", "truck", "parent"):
            v = unit(v)
        elif k in ("units", "attackers") and isinstance(v, (list, tuple)):
            v = " + ".join(unit(u) for u in v)
        elif k == "path" and isinstance(v, (list, tuple)):
            v = " → ".join(place(h) for h in v)
        elif k in ("at", "to", "hex", "target", "real") and isinstance(v, str):
            v = place(v)
        parts.append(f"{k.replace('_', ' ')} {value(v)}")
    return kind + (": " + "; ".join(parts) if parts else "")


def kernel_sentence(event: Mapping[str, Any], seat_name: Callable[[str], str],
                    order: Callable[[Mapping[str, Any]], str]) -> str | None:
    """The sentence of an event every game shares, or None when it is the game's own."""
    d: Mapping[str, Any] = event.get("data") or {}
    t = event.get("type")
    if t == "game.created":
        return f"Game created: {d.get('ruleset')}, scenario {d.get('scenario')}"
    if t == "game.begun":
        return "The game begins"
    if t == "order.submitted":
        o = d.get("order")
        return f"{seat_name(d.get('seat', '?'))} orders {order(o) if isinstance(o, Mapping) else o}"
    if t == "system.command":
        c = d.get("command") or {}
        if c.get("type") == "end":
            return f"The {c.get('by', 'organiser')} ends the game: {c.get('reason', '')}".rstrip(": ")
        if c.get("type") == "referee":
            return f"Referee {c.get('by', '')} orders {order(c.get('order') or {})}".replace("  ", " ")
        return f"The umpire's own command: {str(c.get('type', '?')).replace('_', ' ')}"
    if t == "ruling":
        verdict = d.get("verdict", "?")
        why = f": {d['message']}" if d.get("message") else ""
        code = f" [{d['code']}]" if d.get("code") else ""
        return f"Ruling on #{d.get('adjudicates')}: {verdict}{why}{code}"
    if t == "adjudication.failed":
        return f"The umpire could not rule on #{d.get('adjudicates')}: {d.get('error', '')}"
    if t == "phase.advanced":
        return f"Now: {d.get('label') or value(d.get('clock'))}"
    if t == "frame.opened":
        f = d.get("frame") or {}
        seats = ", ".join(seat_name(s) for s in f.get("seats", []))
        return f"Decision {f.get('id', '')} opened: {str(f.get('kind', '')).replace('_', ' ')} for {seats}"
    if t == "frame.answered":
        return f"{seat_name(d.get('seat', '?'))} answered decision {d.get('frame')}"
    if t == "frame.sealed":
        return f"{seat_name(d.get('seat', '?'))}'s sealed answer to decision {d.get('frame')}: {value(d.get('answer'))}"
    if t == "frame.closed":
        answers = d.get("answers") or {}
        said = "; ".join(f"{seat_name(s)} {order(a) if isinstance(a, Mapping) else value(a)}" for s, a in answers.items())
        return f"Decision {d.get('frame')} closed" + (f": {said}" if said else "")
    if t == "ledger.posted":
        verb = {"credit": "gains", "debit": "spends", "cap": "is capped at", "expire": "loses"}.get(str(d.get("kind")), d.get("kind"))
        return f"{seat_name(d.get('owner', '?'))} {verb} {d.get('amount')} {str(d.get('ledger', '')).replace('_', ' ')} point(s)"
    if t == "attest.opened":
        a = d.get("attestation") or {}
        return f"Attestation asked: {str(a.get('id', '')).replace('_', ' ')} (by {seat_name(a.get('seat', '?'))})"
    if t == "attest.asserted":
        return f"{seat_name(d.get('seat', '?'))} attests {str(d.get('id')).replace('_', ' ')}: {value(d.get('value'))}"
    if t == "attest.confirmed":
        return f"{seat_name(d.get('seat', '?'))} confirms {str(d.get('id')).replace('_', ' ')}"
    if t == "attest.disputed":
        return f"{seat_name(d.get('seat', '?'))} disputes {str(d.get('id')).replace('_', ' ')}: {d.get('reason', '')}"
    if t == "attest.settled":
        return f"{str(d.get('id')).replace('_', ' ').capitalize()} settled: {value(d.get('value'))} (by {d.get('by')})"
    if t == "attest.revealed":
        shown = ", ".join(str(a.get("id", "")).replace("_", " ") for a in d.get("attestations") or ())
        return f"Hidden attestations revealed: {shown}"
    if t == "dispute.opened":
        x = d.get("dispute") or {}
        return f"{seat_name(x.get('seat', '?'))} disputes event #{x.get('event')} (dispute {x.get('id')}): {x.get('reason', '')}"
    if t == "dispute.resolved":
        return f"Dispute {d.get('id')} {d.get('verdict')} by {d.get('by')}: {d.get('resolution', '')}"
    if t == "correction.applied":
        return f"Referee {d.get('by')} corrects the game ({d.get('effects', 0)} effect(s)): {d.get('reason', '')}"
    if t == "dice.entropy":
        return f"{seat_name(d.get('seat', '?'))} adds entropy to the dice (digest {str(d.get('digest', ''))[:12]}…)"
    if t == "dice.first_used":
        return "The first die is rolled: no more entropy is taken"
    if t == "key.revealed":
        return f"Dice key of epoch {d.get('epoch')} ({d.get('chain')} chain) revealed: every roll up to it can be checked"
    if t == "undo.recorded":
        p = d.get("point") or {}
        return f"{seat_name(p.get('seat', '?'))} may take back order #{p.get('command')}"
    if t == "undo.taken_back":
        return f"{seat_name(d.get('seat', '?'))} takes back order #{d.get('command')}"
    if t == "deadline.missed":
        what = "forfeit policy" if d.get("policy") == "forfeit" else "its phase ends with the rules' default answer"
        return f"No moves received from {seat_name(d.get('seat', '?'))} by the deadline {d.get('deadline', '?')} ({what})"
    if t == "clock.started":
        return f"{seat_name(d.get('seat', '?'))}'s clock starts: the umpire waits for it to act"
    if t == "clock.stopped":
        return f"{seat_name(d.get('seat', '?'))}'s clock stops: its turn is over"
    if t == "clock.extended":
        who = seat_name(d["seat"]) if d.get("seat") else "whoever is to act"
        return f"{d.get('by', 'The organiser')} gives {who} {value(d.get('seconds'))} more seconds"
    if t == "game.ended":
        r = d.get("result") or {}
        winner = f", {seat_name(r['winner'])} wins" if r.get("winner") else ""
        return f"The game has ended: {r.get('level', '?')}{winner}" + (f" ({r['reason']})" if r.get("reason") else "")
    return None


def sentence(ruleset: Any, event: Mapping[str, Any], view: Mapping[str, Any], seats: Mapping[str, str],
             known: Mapping[str, Mapping[str, str]]) -> str:
    """The sentence of one event as the caller was shown it. `ruleset`: the game's (its `describe`);
    `seats`: seat and side ids -> names; `known`: `ruleset.names()`, read once for many events."""
    if event.get("hidden"):
        return f"A hidden {str(event.get('type', 'event')).replace('.', ' ').replace('_', ' ')} (only its digest is public)"
    unit = lambda u: known["units"].get(u, u) if isinstance(u, str) else value(u)  # noqa: E731
    place = lambda h: f"{h} {known['places'][h]}" if h in known["places"] else h  # noqa: E731
    said = kernel_sentence(event, lambda s: seats.get(s, s), lambda o: order_text(o, unit, place))
    if said is not None:
        return said
    data = dict(event.get("data") or {})
    data.setdefault("type", event.get("type"))
    return ruleset.describe(data, dict(view))
