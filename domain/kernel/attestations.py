"""Attestations: a fact the umpire cannot see (a die rolled at the table, a hidden position) is
asserted by one seat and confirmed or disputed by the others, or settled by a referee.

A hidden attestation (`Attestation.vis`) is one the other side may not read, so it cannot confirm
it either: the referee does (`confirmers` ("referee",)), by settling it. Every event that carries
its content has its visibility; the other seats see stubs, and in the state only that it exists
and where it stands (`viewed`), until the game ends or the rules reveal it (`reveal`)."""
from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Attest, Confirm, Dispute, Order, Reject, Settle
from domain.kernel.core import Attestation
from domain.kernel.citation import Citation
from domain.kernel.effects import (
    AttestationAsserted, AttestationConfirmed, AttestationDisputed, AttestationOpened, AttestationRevealed, AttestationSettled,
)
from domain.kernel.house import KERNEL_CITE
from domain.kernel.seats import PUBLIC, REFEREE, Viewer, can_see

# What anyone may know of a hidden attestation they cannot read: that it exists, who asserted it,
# who confirms it and where it stands; never its predicate, value, blocks or dispute.
PUBLIC_FIELDS = ("id", "value_type", "asserter", "confirmers", "state")


def open_attestation(adj: Adjudication, a: Attestation, *, cite: tuple[Citation, ...] = ()) -> None:
    """Open `a`, its event seen by whoever may read it (everyone, unless it is hidden)."""
    adj.emit(AttestationOpened(attestation=a, cite=cite, vis=a.visibility))


def reveal(adj: Adjudication, ids: tuple[str, ...], *, cite: tuple[Citation, ...] = ()) -> None:
    """Make hidden attestations public, their content in the public event that does it."""
    shown = tuple(replace(a, vis=PUBLIC) for aid in ids if (a := adj.core.attestations.get(aid)) is not None and a.hidden)
    if shown:
        adj.emit(AttestationRevealed(attestations=shown, cite=cite))


def viewed(a: Attestation, viewer: Viewer, *, game_over: bool) -> dict[str, Any]:
    """`a` as `viewer` may see it: whole, or (hidden from it) only what anyone may know."""
    d = msgspec.to_builtins(a)
    if not a.hidden or can_see(a.visibility, viewer, game_over=game_over):
        return d
    return {**{k: d[k] for k in PUBLIC_FIELDS}, "hidden": True}


def referee_confirms(a: Attestation) -> bool:
    return REFEREE in a.confirmers


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
            adj.emit(AttestationAsserted(id=a.id, seat=seat, value=value, vis=a.visibility))
        case Confirm():
            _check_confirmer(a, seat)
            adj.emit(AttestationConfirmed(id=a.id, seat=seat), AttestationSettled(id=a.id, value=a.value, by=seat, vis=a.visibility))
            adj.ruleset.on_attested(adj, adj.core.attestations[a.id])
        case Dispute(reason=reason):
            _check_confirmer(a, seat)
            adj.emit(AttestationDisputed(id=a.id, seat=seat, reason=reason, vis=a.visibility))


def settle(adj: Adjudication, order: Settle, by: str) -> None:
    """A referee settles the value in force."""
    a = _get(adj, order.id)
    if a.state in ("settled", "confirmed"):
        raise Reject("already_settled", f"{a.id!r} is already settled.", KERNEL_CITE)
    _check_type(a, order.value)
    adj.emit(AttestationSettled(id=a.id, value=order.value, by=by, vis=a.visibility))
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
