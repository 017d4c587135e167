"""Heavy artillery SPs built above the one each unit starts with (11.61C German corps HQs, 12.21
French, 12.66 Belgian, 12.75 British). Each SP is one Specialist REP incorporated; the SPs of
disbanded Fortress Class units reach it as Specialist REPs (11.31, 12.41). Caps:

- German and French: from GT2, no more than one SP per day of the impulse (seven a week);
- Belgian: French Specialist REPs from GT2, one SP a Game-Turn;
- British: British Specialist REPs from GT7; French Specialist REPs at most one SP a Game-Turn
  (12.75 dates only the British REPs).

Which counters are heavy artillery is on the counters, not in the text: the unit named is the
player's, recorded as named."""
from __future__ import annotations

from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject
from domain.kernel.effects import LedgerPosted

from domain.games.hbtlf import cite
from domain.games.hbtlf.effects_armed_forces import HeavyArtilleryBuilt

GERMAN = cite.rule("11.61C Corps Heavy Artillery - Replacement Points", 687, 691)
FRENCH = cite.rule("12.21 French Heavy Artillery", 831, 831)
BELGIAN = cite.rule("12.66 Belgian Heavy Artillery", 1046, 1046)
BRITISH = cite.rule("12.75 British Heavy Artillery", 1088, 1088)

# nation -> REPs it may draw on -> (first Game-Turn, the cap's period, SPs per period or per day)
RULES = {
    "german": {"german": (2, "day", 1, GERMAN)},
    "french": {"french": (2, "day", 1, FRENCH)},
    "belgian": {"french": (2, "game_turn", 1, BELGIAN)},
    "british": {"british": (7, "", 0, BRITISH), "french": (0, "game_turn", 1, BRITISH)},
}
SIDE = {"german": "german", "french": "allied", "belgian": "allied", "british": "allied"}


def _built(state, nation: str, reps: str, period: str) -> int:
    gt, n = state.core.clock.turn, state.core.clock.impulse
    return sum(sp for (na, r, g, i, sp) in state.heavy_built
               if na == nation and r == reps and g == gt and (period == "game_turn" or i == n))


def build(adj: Adjudication, side: str, *, unit: str, nation: str, sp: int, reps: str) -> None:
    s = adj.state
    if nation not in RULES or SIDE[nation] != side:
        raise Reject("bad_nation", f"{side} builds heavy artillery for {', '.join(n for n in RULES if SIDE[n] == side)}, not {nation!r}.",
                     GERMAN if side == "german" else FRENCH)
    reps = reps or ("british" if nation == "british" else "german" if nation == "german" else "french")
    if reps not in RULES[nation]:
        raise Reject("bad_replacement_kind", f"{nation} heavy artillery takes {' or '.join(RULES[nation])} Specialist REPs, not {reps!r}.",
                     RULES[nation][next(iter(RULES[nation]))][3])
    first, period, most, why = RULES[nation][reps]
    gt = s.core.clock.turn
    if sp < 1:
        raise Reject("bad_amount", "Build at least one heavy artillery SP.", why)
    if gt < first:
        raise Reject("too_early", f"{nation} heavy artillery SPs from {reps} Specialist REPs start with Game-Turn {first}.", why, first_gt=first)
    if period:
        cap = most * (s.impulses[s.core.clock.impulse - 1] if period == "day" else 1)
        done = _built(s, nation, reps, period)
        if done + sp > cap:
            per = f"this {s.impulses[s.core.clock.impulse - 1]}-day impulse (one a day)" if period == "day" else "this Game-Turn"
            raise Reject("heavy_artillery_cap", f"{nation} heavy artillery may gain {cap - done} more SP {per}, not {sp}.", why,
                         available=cap - done)
    ledger = "rep_spec_british" if reps == "british" else "rep_spec"
    have = adj.core.ledger(ledger, side).balance
    if sp > have:
        raise Reject("insufficient_replacements", f"{side} has {have} {reps} Specialist REPs accumulated, not {sp} (6.23).", cite.REP_MARKERS,
                     available=have)
    adj.emit(LedgerPosted(ledger=ledger, owner=side, kind="debit", amount=sp, cite=(why, cite.REP_MARKERS)),
             LedgerPosted(ledger=f"{ledger}_used", owner=side, kind="credit", amount=sp, cite=(why, cite.REP_MARKERS)),
             HeavyArtilleryBuilt(unit=unit, nation=nation, reps=reps, sp=sp, gt=gt, impulse=s.core.clock.impulse, cite=(why,)))
