"""12.26 French Government Abandonment of Paris: when the HQ of a German army (not an army
detachment) moves within ten hexes of Paris, the French lose 30 Rail Points at once; what they do
not have is deducted at the end of the next Strategic Phase, after that turn's Rail Points. Paris is
W:5321 (3.22); a German HQ on the East map is not within ten of it as far as the umpire can count
(the seam is not in the text), so only West-map positions trigger it."""
from __future__ import annotations

import re

from domain.kernel.adjudication import Adjudication
from domain.kernel.effects import LedgerPosted

from domain.games.hbtlf import cite, hexes
from domain.games.hbtlf.effects_armed_forces import ParisAbandoned, ParisDebtPaid
from domain.games.hbtlf.orders import MoveDecl

CITE = cite.rule("12.26 French Government Abandonment of Paris", 857, 861)
RADIUS = 10
LOSS = 30
_ARMY_HQ = re.compile(r"^(?!Army Detachment)[\w ]*Army: [\w ]*Army headquarters$")


def paris(pack) -> str:
    return pack.extra["places"]["Paris"]["hex"]


def is_army_hq(unit: str) -> bool:
    return _ARMY_HQ.match(unit) is not None


def after_moves(adj: Adjudication, pack, moves: tuple[MoveDecl, ...]) -> None:
    s = adj.state
    if s.paris_abandoned:
        return
    for m in moves:
        if s.sides.get(m.unit) != "german" or not is_army_hq(m.unit):
            continue
        d = hexes.distance(m.to, paris(pack))
        if d is not None and d <= RADIUS:
            have = adj.core.ledger("rail", "allied").balance
            now = min(LOSS, have)
            adj.emit(ParisAbandoned(hq=m.unit, at=m.to, distance=d, deducted=now, owed=LOSS - now, cite=(CITE,)))
            if now:
                adj.emit(LedgerPosted(ledger="rail", owner="allied", kind="debit", amount=now, cite=(CITE,)))
            return


def strategic_phase(adj: Adjudication) -> None:
    owed = adj.state.paris_debt
    if owed:
        paid = min(owed, adj.core.ledger("rail", "allied").balance)
        adj.emit(ParisDebtPaid(amount=paid, cite=(CITE,)))
        if paid:
            adj.emit(LedgerPosted(ledger="rail", owner="allied", kind="debit", amount=paid, cite=(CITE,)))
