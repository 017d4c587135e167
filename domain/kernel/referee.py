"""Referee business every game shares: settling attestations, disputes, and corrections.

A seat may dispute any ruled event at any time (even after the end); a referee upholds or
dismisses it. Where the umpire was wrong, the referee issues a correction: compensating effects
of the game's own types, ruled like any effect and cited to the rule that calls for them.
History is never rewritten: the wrong ruling stays in the log, followed by its correction.
"""
from __future__ import annotations

import hashlib
from typing import Any, get_args, get_type_hints

import msgspec

from domain.kernel import attestations
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Correct, DisputeEvent, Order, Reject, ResolveDispute, Settle, SupplyEntropy
from domain.kernel.core import Dispute
from domain.kernel.effects import CorrectionApplied, DisputeOpened, DisputeResolved, EntropySupplied
from domain.kernel.house import DICE_CITE, REFEREE_CITE
from domain.kernel.log import Codec


VERDICTS: tuple[str, ...] = get_args(get_type_hints(ResolveDispute)["verdict"])


def orders(state: Any) -> list[Order]:
    """The referee's orders that can be listed whole: each open dispute upheld or dismissed (with
    an empty resolution, which the rules accept; say why in it), each disputed yes/no
    attestation settled either way, and each attestation the referee confirms (a hidden one)
    settled on the value asserted. A correction is the referee's own composition: never listed."""
    out: list[Order] = []
    for did, d in sorted(state.core.disputes.items()):
        if d.state == "open":
            out += [ResolveDispute(id=did, verdict=v, resolution="") for v in VERDICTS]  # type: ignore[arg-type]
    for a in state.core.attestations.values():
        if a.state == "disputed" and a.value_type == "bool":
            out += [Settle(id=a.id, value=True), Settle(id=a.id, value=False)]
        elif a.state == "asserted" and attestations.referee_confirms(a):
            # the referee confirms a hidden claim by settling it on its asserted value (or the other
            # yes/no); a counter-proposal or a ruleset's own refusal is composed, not listed
            out += [Settle(id=a.id, value=a.value)] + ([Settle(id=a.id, value=not a.value)] if a.value_type == "bool" else [])
    return out


def open_dispute(adj: Adjudication, seat: str, order: DisputeEvent) -> None:
    if not 1 <= order.event < adj.command:
        raise Reject("unknown_event", f"Event {order.event} is not in this game's log before this dispute.", REFEREE_CITE)
    if not order.reason.strip():
        raise Reject("no_reason", "Say what is wrong with the event: a dispute needs a reason.", REFEREE_CITE)
    did = max(adj.core.disputes, default=0) + 1
    adj.emit(DisputeOpened(dispute=Dispute(id=did, seat=seat, event=order.event, reason=order.reason), cite=(REFEREE_CITE,)))


def supply_entropy(adj: Adjudication, seat: str, order: SupplyEntropy) -> None:
    if adj.core.dice_used:
        raise Reject("dice_in_use", "The first die has been rolled: entropy is taken only before it.", DICE_CITE)
    if seat in adj.core.entropy:
        raise Reject("entropy_given", f"{seat} has already supplied its entropy.", DICE_CITE)
    if not 16 <= len(order.entropy) <= 1024:
        raise Reject("bad_entropy", "Supply between 16 and 1024 characters of your own randomness.", DICE_CITE)
    adj.emit(EntropySupplied(seat=seat, digest=hashlib.sha256(order.entropy.encode()).hexdigest(), cite=(DICE_CITE,)))


def referee_order(adj: Adjudication, order: Order, by: str) -> None:
    match order:
        case Settle():
            attestations.settle(adj, order, by)
        case ResolveDispute(id=did, verdict=verdict, resolution=resolution):
            d = adj.core.disputes.get(did)
            if d is None:
                raise Reject("unknown_dispute", f"There is no dispute {did}.", REFEREE_CITE)
            if d.state != "open":
                raise Reject("dispute_closed", f"Dispute {did} is already {d.state}.", REFEREE_CITE)
            adj.emit(DisputeResolved(id=did, verdict=verdict, resolution=resolution, by=by, cite=(REFEREE_CITE,)))
        case Correct():
            correct(adj, order, by)
        case _:
            raise Reject("not_a_referee_order", "Referees settle attestations, resolve disputes and issue corrections.", REFEREE_CITE)


def correct(adj: Adjudication, order: Correct, by: str) -> None:
    if order.dispute is not None and order.dispute not in adj.core.disputes:
        raise Reject("unknown_dispute", f"There is no dispute {order.dispute}.", REFEREE_CITE)
    if not order.effects:
        raise Reject("empty_correction", "A correction needs at least one compensating effect.", REFEREE_CITE)
    codec = Codec(adj.ruleset)
    try:
        effects = [codec.decode_effect(msgspec.json.encode({**e, "cite": [msgspec.to_builtins(order.citation)]})) for e in order.effects]
    except msgspec.ValidationError as exc:
        raise Reject("bad_correction", f"A compensating effect is not an effect of {adj.ruleset.id}: {exc}", REFEREE_CITE) from None
    adj.emit(CorrectionApplied(reason=order.reason, by=by, dispute=order.dispute, effects=len(effects), cite=(order.citation,)))
    try:
        adj.emit(*effects)
    except Exception as exc:  # an effect that does not fit the state is refused, not applied halfway
        raise Reject("bad_correction", f"The correction does not apply to the game as it stands: {type(exc).__name__}: {exc}",
                     REFEREE_CITE) from None
    adj.cite(order.citation)

