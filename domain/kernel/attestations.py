"""Attestations: a fact the umpire cannot see (a die rolled at the table, a hidden position) is
asserted by one seat and confirmed or disputed by the others, or settled by a referee."""
from __future__ import annotations

from typing import Any

from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Attest, Confirm, Dispute, Order, Reject, Settle
from domain.kernel.core import Attestation
from domain.kernel.effects import AttestationAsserted, AttestationConfirmed, AttestationDisputed, AttestationSettled
from domain.kernel.house import KERNEL_CITE


def orders(state: Any, seat: str) -> list[Order]:
    """The attestation orders open to `seat`."""
    out: list[Order] = []
    for a in state.core.attestations.values():
        if a.state == "open" and a.asserter == seat and a.value_type == "bool":
            out += [Attest(id=a.id, value=True), Attest(id=a.id, value=False)]
        elif a.state == "asserted" and seat in a.confirmers:
            out.append(Confirm(id=a.id))
    return out


def rule(adj: Adjudication, seat: str, order: Attest | Confirm | Dispute) -> None:
    a = _get(adj, order.id)
    match order:
        case Attest(value=value):
            if seat != a.asserter:
                raise Reject("not_asserter", f"{a.asserter} asserts {a.id!r}, not {seat}.", KERNEL_CITE)
            if a.state != "open":
                raise Reject("already_asserted", f"{a.id!r} has already been asserted.", KERNEL_CITE)
            _check_type(a, value)
            adj.emit(AttestationAsserted(id=a.id, seat=seat, value=value))
        case Confirm():
            _check_confirmer(a, seat)
            adj.emit(AttestationConfirmed(id=a.id, seat=seat), AttestationSettled(id=a.id, value=a.value, by=seat))
            adj.ruleset.on_attested(adj, adj.core.attestations[a.id])
        case Dispute(reason=reason):
            _check_confirmer(a, seat)
            adj.emit(AttestationDisputed(id=a.id, seat=seat, reason=reason))


def settle(adj: Adjudication, order: Settle, by: str) -> None:
    """A referee settles the value in force."""
    a = _get(adj, order.id)
    if a.state in ("settled", "confirmed"):
        raise Reject("already_settled", f"{a.id!r} is already settled.", KERNEL_CITE)
    _check_type(a, order.value)
    adj.emit(AttestationSettled(id=a.id, value=order.value, by=by))
    adj.ruleset.on_attested(adj, adj.core.attestations[a.id])


def _get(adj: Adjudication, aid: str) -> Attestation:
    a = adj.core.attestations.get(aid)
    if a is None:
        raise Reject("unknown_attestation", f"There is no attestation {aid!r}.", KERNEL_CITE)
    return a


def _check_confirmer(a: Attestation, seat: str) -> None:
    if seat not in a.confirmers:
        raise Reject("not_confirmer", f"{seat} may not confirm or dispute {a.id!r}; {', '.join(a.confirmers)} may.", KERNEL_CITE)
    if a.state != "asserted":
        raise Reject("not_asserted", f"{a.id!r} is {a.state}; only an asserted value is confirmed or disputed.", KERNEL_CITE)


_TYPES = {
    "bool": lambda v: isinstance(v, bool),
    "int": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "str": lambda v: isinstance(v, str),
}


def _check_type(a: Attestation, value: Any) -> None:
    if not _TYPES[a.value_type](value):
        raise Reject("bad_value", f"{a.id!r} takes a {a.value_type}, not {value!r}.", KERNEL_CITE)
