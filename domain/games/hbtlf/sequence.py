"""The calendar in motion: the Weekly Interphase (Strategic Phase: ledgers, arrivals, Other
Theaters; Decision Phase: initiative), the impulse structure the initiative player declares, and
the impulses, in each of which the first player and then the second declare what they did
(ledger mode: the Standard Rules' own sequence is not in the text)."""
from __future__ import annotations

from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject
from domain.kernel.core import Clock
from domain.kernel.effects import GameEnded, PhaseAdvanced

from domain.games.hbtlf import (
    abandonment, ammunition, belgium, calendar, cite, claims, errata, fortress, initiative, leaders, ledgers, naval, other_theaters, paris, plans, schedule, schlieffen, victory, weather,
)
from domain.games.hbtlf.effects import (
    GameTurnBegun, ImpulseBegun, ImpulsesDeclared, InitiativeDecided, OtherTheatersRolled, Released,
    SegmentEnded, WeatherRolled,
)
from domain.games.hbtlf.effects_armed_forces import AmmunitionAllowance

PHASES = {"strategic": "Weekly Interphase", "structure": "impulse structure", "impulse": "Impulse", "closing": "end of scenario"}


def goto(adj: Adjudication, clock: Clock) -> None:
    adj.emit(PhaseAdvanced(clock=clock, label=adj.ruleset.clock_label(clock), cite=(cite.SEQUENCE,)))


def first_player(sc, options) -> str:
    return sc.options.get("first_player") or options["first_player_unstated"]


def begin(adj: Adjudication, pack, sc) -> None:
    by_id = {e["id"]: e for e in errata.entries(pack)}
    adj.cite(*(errata.citation(by_id[e]) for e in adj.state.errata_applied))  # the set-up's readings, cited on its first ruling
    if sc.start.phase == "strategic":
        strategic_phase(adj, pack, sc, sc.start.turn)
        return
    first = first_player(sc, adj.core.options)
    adj.emit(InitiativeDecided(side=first, automatic=True, cite=(cite.rule("13 Turn Indicators", *sc.options["lines"]),)))
    adj.emit(ImpulsesDeclared(gt=sc.start.turn, days=tuple(sc.options["start_impulses"]), days_before=sc.options["start_days_used"],
                              first=first, cite=(cite.rule("13 Turn Indicators", *sc.options["lines"]),)))
    begin_impulse(adj, pack, sc, 1)


def strategic_phase(adj: Adjudication, pack, sc, gt: int) -> None:
    goto(adj, Clock(turn=gt, phase="strategic"))
    adj.emit(GameTurnBegun(gt=gt, first_day=calendar.first_day(gt).isoformat(), cite=(cite.SEQUENCE,)))
    if gt == belgium.LAST_RETIRE_GT + 1 and sc.start.turn <= belgium.LAST_RETIRE_GT:
        belgium.end_of_gt2(adj, pack)
    leaders.strategic_phase(adj, pack, gt)
    fortress.strategic_phase(adj, gt)
    ledgers.strategic_phase(adj, pack, sc, gt)
    paris.strategic_phase(adj)
    if naval.in_force(sc.options):
        naval.strategic_phase(adj, pack, gt)
    adj.emit(AmmunitionAllowance(gt=gt, points=ammunition.allowance(pack, gt, adj.core.options["french_ammo_cut_gt"]),
                                 cite=(cite.AMMUNITION, cite.ALLIED_AMMUNITION)))
    schedule.run(adj, pack, sc, gt, 0, last=False)
    _other_theaters(adj, pack, sc, gt, 0)
    side = initiative.automatic(pack, gt)
    if side is not None:
        adj.emit(InitiativeDecided(side=side, automatic=True, cite=(cite.INITIATIVE,)))
    else:
        _roll_initiative(adj, pack)
    goto(adj, Clock(turn=gt, phase="structure", side=adj.state.initiative))


def _roll_initiative(adj: Adjudication, pack) -> None:
    s = adj.state
    pp = {side: adj.core.ledger("pp", side).balance for side in ("german", "allied")}
    drm = initiative.drms(pack, advance=initiative.armies_on_advance(s.missions, s.army_sides), hq_moved=s.last_hq_moved,
                          kaiser_on_map=s.kaiser_on_map, pp=pp)
    rolls = []
    for _ in range(initiative.REROLLS):
        g, a = adj.roll(6, "initiative: german"), adj.roll(6, "initiative: allied")
        rolls.append((g, a))
        if g.value + drm["german"] != a.value + drm["allied"]:
            side = "german" if g.value + drm["german"] > a.value + drm["allied"] else "allied"
            adj.emit(InitiativeDecided(side=side, automatic=False, drm=drm, rolls=tuple(rolls), cite=(cite.INITIATIVE,)))
            return
    raise Reject("initiative_undecided", "The initiative dice tied too many times.", cite.INITIATIVE)


def allowed_structures(state, sc) -> list[tuple[int, ...]]:
    gt = state.core.clock.turn
    if sc.end.turn == gt and sc.end.phase.startswith("impulse:"):
        return [tuple(sc.options["end_impulses"])]
    if gt == 0 and sc.start.turn == 0:
        return calendar.structures(calendar.DAYS, at_most=calendar.MAX_IMPULSES, first=2, exactly=3)  # 11.51
    return calendar.structures(calendar.DAYS, at_most=calendar.MAX_IMPULSES)


def declare_impulses(adj: Adjudication, pack, sc, seat: str, days: tuple[int, ...], first: str) -> None:
    gt = adj.core.clock.turn
    allowed = allowed_structures(adj.state, sc)
    if tuple(days) not in allowed:
        why = cite.SCHLIEFFEN_GT0 if gt == 0 else cite.INITIATIVE
        raise Reject("bad_impulse_structure", f"GT {gt} allows these impulse structures (days each): "
                     f"{', '.join('-'.join(map(str, d)) for d in allowed[:8])}{' ...' if len(allowed) > 8 else ''}: "
                     "1-7 days an impulse, at most 3, the week's 7 days (GT O: a 2-day impulse, then two more).", why)
    if first not in adj.core.layout.seat_ids():
        raise Reject("unknown_seat", f"The first player is one of the seats, not {first!r}.", cite.INITIATIVE)
    adj.emit(ImpulsesDeclared(gt=gt, days=tuple(days), days_before=0, first=first, cite=(cite.INITIATIVE, why_cite(gt))))
    begin_impulse(adj, pack, sc, 1)


def why_cite(gt: int):
    return cite.SCHLIEFFEN_GT0 if gt == 0 else cite.INITIATIVE


def begin_impulse(adj: Adjudication, pack, sc, n: int) -> None:
    s = adj.state
    gt = s.core.clock.turn
    span = calendar.impulse_days(gt, s.impulses, n, days_before=s.days_before)
    month = calendar.month(span, s.core.options["straddle_month"])
    adj.emit(ImpulseBegun(gt=gt, impulse=n, dates=(span[0].isoformat(), span[1].isoformat()), month=month, order=s.order,
                          cite=(cite.SEQUENCE,)))
    goto(adj, Clock(turn=gt, phase="impulse", side=s.order[0], impulse=n))
    if adj.state.retire:
        plans.count(adj, s.impulses[n - 1])
    last = n == len(s.impulses)
    if schlieffen.applies(sc):
        released = schlieffen.releases_at(gt, n, last)
        if released:
            adj.emit(Released(formations=released, reason="11.51 release", cite=(schlieffen.CITE,)))
    if weather.in_force(sc.options, gt):
        roller = sc.options.get("weather_roller_first_impulse") if _first_of_scenario(adj.state, sc) else None
        roll = adj.roll(6, f"weather ({roller or adj.state.initiative} rolls)")
        drm = weather.month_drm(pack, month)
        result = weather.result(pack, roll.value + drm)
        adj.emit(WeatherRolled(roll=roll, drm=drm, modified=roll.value + drm, weather=result, effects=weather.effects(pack, result),
                               cite=(cite.WEATHER, cite.WEATHER_DRM)))
    _other_theaters(adj, pack, sc, gt, n)
    schedule.run(adj, pack, sc, gt, n, last=last)
    abandonment.check(adj, pack)  # 12.25: once an impulse while a German army HQ stays near


def _first_of_scenario(state, sc) -> bool:
    return state.core.clock.turn == sc.start.turn and state.core.clock.impulse == 1


def _other_theaters(adj: Adjudication, pack, sc, gt: int, impulse: int) -> None:
    if not other_theaters.in_force(sc.options):
        return
    for table, roller in other_theaters.due(pack, gt, impulse):
        a, b = adj.roll(6, f"Other Theaters {table} ({roller})"), adj.roll(6, f"Other Theaters {table} ({roller})")
        total = a.value + b.value
        adj.emit(OtherTheatersRolled(table=table, rolls=(a, b), total=total, outcome=other_theaters.outcome(pack, table, total),
                                     cite=(cite.OTHER_THEATERS,)))


def withdrawals_due(state, sc, seat: str) -> tuple[str, ...]:
    return schedule.due(state, sc, state.core.layout.side_of(seat))


def end_segment(adj: Adjudication, pack, sc, seat: str) -> None:
    due = withdrawals_due(adj.state, sc, seat)
    if due:
        raise Reject("withdrawal_due", f"First withdraw {', '.join(due)}: they leave play by the end of this impulse.",
                     cite.rule("13 Reinforcement Schedule", *sc.options["schedule"]["lines"]), units=list(due))
    adj.emit(SegmentEnded(seat=seat, cite=(cite.LEDGER_MODE,)))
    s = adj.state
    rest = [x for x in s.order if x not in s.done]
    if rest:
        goto(adj, Clock(turn=s.core.clock.turn, phase="impulse", side=rest[0], impulse=s.core.clock.impulse))
        return
    end_impulse(adj, pack, sc)


def end_impulse(adj: Adjudication, pack, sc) -> None:
    s = adj.state
    gt, n = s.core.clock.turn, s.core.clock.impulse
    last = n == len(s.impulses)
    if (sc.end.phase == "end" and gt == sc.end.turn and last) or (gt == sc.end.turn and sc.end.phase == f"impulse:{n}"):
        goto(adj, Clock(turn=gt, phase="closing", impulse=n))
        close(adj, sc)
    elif not last:
        begin_impulse(adj, pack, sc, n + 1)
    else:
        strategic_phase(adj, pack, sc, gt + 1)


def close(adj: Adjudication, sc) -> None:
    """The scenario is over once no claim is still open: a disputed claim waits for the referee."""
    if adj.state.core.clock.phase == "closing" and not claims.pending(adj.state) and not adj.core.finished:
        adj.emit(GameEnded(result=victory.outcome(adj.state, sc), cite=(cite.rule("13 Victory Conditions", *sc.victory["lines"]),)))
