"""Fortress disbanding allowances (11.31, 12.41): at the start of each Game-Turn the German player
(from GT9) rolls one die for the Fortress Class SPs he may disband this Game-Turn and a second for
how many of them may come from off-map fortresses; the French player (from GT2) rolls one die.
Each SP disbanded adds one Specialist REP. The allowances are ledgers (`fortress_disband`,
`fortress_disband_offmap`) that expire at the next Game-Turn."""
from __future__ import annotations

from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject
from domain.kernel.effects import LedgerPosted

from domain.games.hbtlf import cite
from domain.games.hbtlf.effects_armed_forces import FortressAllowance

GERMAN = cite.rule("11.31 Disbanding German Fortress Units", 567, 569)
FRENCH = cite.rule("12.41 Disbanding French Fortress Class Units", 897, 897)
FROM_GT = {"german": 9, "allied": 2}
LEDGERS = ("fortress_disband", "fortress_disband_offmap")


def _reset(adj: Adjudication, side: str, name: str, amount: int, why) -> None:
    held = adj.core.ledger(name, side).balance
    if held:
        adj.emit(LedgerPosted(ledger=name, owner=side, kind="expire", amount=held, cite=(why,)))
    adj.emit(LedgerPosted(ledger=name, owner=side, kind="cap", amount=amount, cite=(why,)))
    if amount:
        adj.emit(LedgerPosted(ledger=name, owner=side, kind="credit", amount=amount, cite=(why,)))


def strategic_phase(adj: Adjudication, gt: int) -> None:
    if gt >= FROM_GT["german"]:
        d1, d2 = adj.roll(6, "11.31 German fortress SPs to disband"), adj.roll(6, "11.31 of them from off-map fortresses")
        _reset(adj, "german", "fortress_disband", d1.value, GERMAN)
        _reset(adj, "german", "fortress_disband_offmap", min(d1.value, d2.value), GERMAN)
        adj.emit(FortressAllowance(side="german", sp=d1.value, offmap=min(d1.value, d2.value), rolls=(d1, d2), cite=(GERMAN,)))
    else:
        for name in LEDGERS:
            _reset(adj, "german", name, 0, GERMAN)
    if gt >= FROM_GT["allied"]:
        d = adj.roll(6, "12.41 French fortress SPs to disband")
        _reset(adj, "allied", "fortress_disband", d.value, FRENCH)
        adj.emit(FortressAllowance(side="allied", sp=d.value, offmap=0, rolls=(d,), cite=(FRENCH,)))
    else:
        _reset(adj, "allied", "fortress_disband", 0, FRENCH)


def disband(adj: Adjudication, side: str, sp: int, offmap: int) -> None:
    why = GERMAN if side == "german" else FRENCH
    if sp < 1 or offmap < 0 or offmap > sp:
        raise Reject("bad_amount", "Disband at least one SP; the off-map SPs are part of them.", why)
    if side != "german" and offmap:
        raise Reject("bad_amount", "Only German off-map fortress SPs are counted apart (11.31).", why)
    have = adj.core.ledger("fortress_disband", side).balance
    if sp > have:
        raise Reject("disband_allowance", f"{side} may disband {have} more fortress SP this Game-Turn, not {sp} "
                     "(the die rolled at the start of the Game-Turn).", why, available=have)
    if offmap:
        off = adj.core.ledger("fortress_disband_offmap", side).balance
        if offmap > off:
            raise Reject("disband_allowance", f"Only {off} more SP may come from off-map fortresses this Game-Turn.", why, available=off)
        adj.emit(LedgerPosted(ledger="fortress_disband_offmap", owner=side, kind="debit", amount=offmap, cite=(why,)))
    adj.emit(LedgerPosted(ledger="fortress_disband", owner=side, kind="debit", amount=sp, cite=(why,)),
             LedgerPosted(ledger="rep_spec", owner=side, kind="credit", amount=sp, cite=(why, cite.REPLACEMENTS)))
