"""The scenarios' Reinforcement Schedules (6.1, 13.x6): arrivals at the hex, edge or place printed,
in the Strategic Phase unless an impulse is printed ("during the last impulse", "on the second
impulse"); a scenario that starts inside a Game-Turn receives that Game-Turn's Strategic Phase
arrivals at its first impulse. Withdrawals are due by the end of the impulse printed; a withdrawal
the text ties to a condition ("once the alpine division is brought into play") is open from its
Game-Turn on and made by the player, the umpire does not force it. Replacement Points the schedule
grants (the British ones, which arrive only this way, 6.21) are credited to their ledger."""
from __future__ import annotations

from domain.kernel.adjudication import Adjudication
from domain.kernel.effects import LedgerPosted

from domain.games.hbtlf import cite, kaiser, leader_arrivals, ledgers
from domain.games.hbtlf.model import version
from domain.games.hbtlf.scenarios import names
from domain.games.hbtlf.effects import Arrived, ArrivalSkipped, WithdrawnFromPlay


def events(sc) -> tuple[dict, ...]:
    return tuple(sc.options.get("schedule", {}).get("events", ()))


def why(ev: dict):
    return (cite.REINFORCEMENTS, cite.rule("13 Reinforcement Schedule", *ev["lines"]))


def fires(ev: dict, state, sc, gt: int, impulse: int, *, last: bool) -> bool:
    """Whether a scheduled event happens now (Strategic Phase = impulse 0)."""
    when = (ev["gt"], ev["impulse"])
    gate = ev.get("other_theaters")
    if gate and state.other_theaters.get(gate["table"]) == gate["delayed"]:
        when = (gate["gt"], gate["impulse"])  # 9.0: the roll moved the arrival
    if when[0] != gt:
        return False
    if when[1] == impulse or (when[1] == "last" and last and impulse > 0):
        return True
    # a scenario starting inside this Game-Turn: its Strategic Phase has passed, the arrivals come now
    return when[1] == 0 and impulse == 1 and gt == sc.start.turn and sc.start.phase == "impulse"


def run(adj: Adjudication, pack, sc, gt: int, impulse: int, *, last: bool) -> None:
    for ev in events(sc):
        if ev.get("condition") or not fires(ev, adj.state, sc, gt, impulse, last=last):
            continue
        match ev["kind"]:
            case "arrive":
                at = ev.get("at") or ev["place"]
                units = tuple(ev["units"])
                if version(adj.state) >= 2 and any(kaiser.is_kaiser(u) for u in units):
                    there = kaiser.in_play(adj.state)
                    if there is not None:
                        adj.emit(ArrivalSkipped(units=units, reason=f"{there} is already on the map", cite=why(ev) + (kaiser.CITE,)))
                        continue
                    at = kaiser.arrival_hex(adj.state, at)
                adj.emit(Arrived(side=ev["side"], units=units, at=at, cite=why(ev)))
                if version(adj.state) >= 2:
                    leader_arrivals.after_arrival(adj, pack, units)
            case "remove":
                gone = tuple(u for t in ev["units"] for u in matching(adj.state, ev["side"], t))
                if gone:
                    adj.emit(WithdrawnFromPlay(units=gone, cite=why(ev)))
            case "replacements":
                for kind, amount in sorted(ev["rep"].items()):
                    adj.emit(LedgerPosted(ledger=ledgers.rep_ledger(kind, ev.get("nation", "")), owner=ev["side"], kind="credit", amount=amount,
                                          cite=why(ev)))


def matching(state, side: str, token: str) -> tuple[str, ...]:
    """The units in play a printed withdrawal token names: the unit itself, the unit under its army
    or chart ("Allied Strategic: IV Reserve (IV R) Corps"), or the formation it heads (its set-up group)."""
    out = []
    for name, s in state.sides.items():
        if s != side or name in state.withdrawn or name in state.eliminated:
            continue
        if names(name, token) or names(state.groups.get(name, ""), token) or (
                version(state) >= 2 and kaiser.is_kaiser(token) and kaiser.is_kaiser(name)):
            out.append(name)
    return tuple(sorted(out))


def due(state, sc, side: str) -> tuple[str, ...]:
    """Units whose withdrawal is due by the end of this impulse."""
    gt, n = state.core.clock.turn, state.core.clock.impulse
    last = n == len(state.impulses)
    out: tuple[str, ...] = ()
    for ev in events(sc):
        if ev["kind"] == "withdraw" and ev["side"] == side and not ev.get("condition") and ev["gt"] == gt \
                and (ev["impulse"] == n or (ev["impulse"] == "last" and last)):
            out += tuple(u for t in ev["units"] for u in matching(state, side, t) if u not in out)
    return out


def open_withdrawals(state, sc, side: str) -> tuple[str, ...]:
    """Units a conditional withdrawal names, from its Game-Turn on: the player withdraws them when the
    condition is met at the table."""
    gt = state.core.clock.turn
    out: tuple[str, ...] = ()
    for ev in events(sc):
        if ev["kind"] == "withdraw" and ev["side"] == side and ev.get("condition") and ev["gt"] <= gt:
            out += tuple(u for t in ev["units"] for u in matching(state, side, t) if u not in out)
    return out
