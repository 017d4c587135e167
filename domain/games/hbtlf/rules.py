"""home-before-the-leaves-fall@1 as a Ruleset, in ledger mode: the umpire enforces what the
Exclusive Rules define and records what the players attest for the Standard Rules."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
from msgspec.structs import replace

from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Order, Reject
from domain.kernel.core import Clock, Core
from domain.kernel.ruleset import Option, Ruleset
from domain.kernel.seats import Layout, Seat, Side, Viewer

from domain.games.hbtlf import describe as sentences
from domain.games.hbtlf import ammunition, attachment, belgium, charts, cite, claims, doctrine, errata, fortress, fortress_formations, motorized, paris_army, territorials, zeppelins, heavy, leaders, naval, offmap, plans, hexes, ledgers, scenarios, schedule, schlieffen, sequence, victory
from domain.games.hbtlf.effects import (
    AmmunitionAllowance, Arrived, ClaimOpened, CombatRecorded, GameTurnBegun, HbtlfEffect, ImpulseBegun, ImpulsesDeclared,
    InitiativeDecided, MissionSet, OtherTheatersRolled, ParisAbandoned, ParisDebtPaid, PlanAbandoned, Released, RetireCounted,
    NavalBarrageRolled, RetireEnded, SegmentEnded, HeavyArtilleryBuilt,
    BelgianEvacuated, BelgianFormationsDetached, FormationAttached, ControlRecorded, FortressesAbandoned, ZeppelinFlight, ZeppelinRemoved, MotorizedBreakdown, AmmunitionExpended, AmmunitionReplaced, TerritorialConverted, LeaderPromoted, LeaderReplaced, BelgianReleased, BelgianReleaseRolled, BelgianTemporaryUsed,
    SupremeHqMoved, UnitsMoved, VictoryPointsRecorded, WeatherRolled, WithdrawnFromPlay,
)
from domain.games.hbtlf.model import State
from domain.games.hbtlf.orders import (
    AbandonPlan, AttachFormation, BuildHeavyArtillery, ClaimControl, ConvertTerritorial, DeclareActivity, ExpendAmmunition, MotorizedWithdrawal, ReplaceAmmunition, RaidZeppelin, ZeppelinOperation, OffMapRail, PromoteLeader, ReplaceLeader, ClaimBelgianRelease, EvacuateBelgianArmy, RollBelgianRelease,
    ClaimEarlyRelease, ClaimPrisoners, ClaimVictoryPoints, DeclareImpulses, DeclareMission, DeclareMoves, DisbandFortress,
    BarrageTarget, EndSegment, HbtlfOrder, MoveDecl, NavalBarrage, NavalMove, NotYetBuilt, RollNavalBarrage, ReportCombat, UseRail, UseReplacements, Withdraw,
)

MODE = "ledger"
KAISER = "Kaiser Wilhelm II"  # +1 to the Allies' initiative while on map (5.1)
MODE_TEXT = "the umpire enforces the Exclusive Rules and records what the players attest for the Standard Rules"


class NotStartable(ValueError):
    pass


class Hbtlf(Ruleset):
    name = "home-before-the-leaves-fall"
    version = 1
    title = "Home Before the Leaves Fall (referee's assistant, ledger mode)"
    mode = MODE
    order_type = HbtlfOrder
    effect_type = HbtlfEffect
    state_type = State
    pack_dir = str(Path(__file__).resolve().parent / "pack")
    options = (
        Option(name="first_player_unstated", default="german", choices=("german", "allied"),
               description="First player where the scenario does not say (Scenarios 3, 6 and 10)."),
        Option(name="straddle_month", default="first_day", choices=("first_day", "last_day"),
               description="The month of an impulse spanning two months (weather 8.2): that of its first or its last day."),
        Option(name="french_ammo_cut_gt", default=10, choices=(10, 11),
               description="12.34: the French and Belgian cut to one Ammunition Point from Game-Turn 10 (heading) or 11 (text); errata ammo-french-gt10."),
        Option(name="s4_allied_rp", default=68, choices=(68, 96), description="Scenario 4's Allied Rail Points (both printed; errata s4-allied-rail-points)."),
    )

    # --- genesis -------------------------------------------------------------------------------

    def setup(self, pack, scenario: str, *, game_id: str, options: dict[str, Any]) -> State:
        sc = pack.scenarios[scenario]
        why = scenarios.startable(sc)
        if why:
            raise NotStartable(f"Scenario {scenario} cannot start: {why}.")
        read, issues = scenarios.read(pack, scenario)
        if issues:
            raise ValueError(f"scenario {scenario} data does not read: {issues[0].path}: {issues[0].message}")
        layout = Layout(sides=tuple(Side(id=s.id, name=s.name) for s in sc.sides),
                        seats=tuple(Seat(id=s.id, side=s.side, name=s.name) for s in sc.seats))
        missions, army_sides = {}, {}
        for c in charts.read(pack, scenario)[0]:
            if c.mission and not c.reinforcement:
                missions[c.name], army_sides[c.name] = c.mission, c.side
        core = Core(game_id=game_id, ruleset=self.id, scenario=scenario, layout=layout, options=options,
                    clock=Clock(turn=sc.start.turn, phase="setup"), ledgers=ledgers.initial(sc, options))
        return State(core=core, positions=read.positions, sides=read.sides, armies=read.armies, groups=read.groups,
                     fortresses=tuple(read.fortresses), errata_applied=read.applied, missions=missions, army_sides=army_sides)

    def begin(self, adj: Adjudication) -> None:
        sequence.begin(adj, self.pack, self._sc(adj.state))

    def _sc(self, state: State):
        assert self.pack is not None, "a ruleset plays bound to its pack (Ruleset.bind)"
        return self.pack.scenarios[state.core.scenario]

    # --- who acts, what is legal -----------------------------------------------------------------

    def phasing(self, state: State) -> tuple[str, ...]:
        c = state.core.clock
        if c.phase in ("structure", "impulse") and c.side:
            return (c.side,)
        return ()

    def legal(self, state: State, seat: str, *, unit: str | None = None) -> list[Order]:
        sc = self._sc(state)
        phase = state.core.clock.phase
        if phase == "structure":
            return [DeclareImpulses(days=d, first=f) for d in sequence.allowed_structures(state, sc) for f in state.core.layout.seat_ids()]
        if phase != "impulse":
            return []
        side = state.core.layout.side_of(seat)
        due = sequence.withdrawals_due(state, sc, seat)
        out: list[Order] = [Withdraw(units=due)] if due else [EndSegment()]
        may = schedule.open_withdrawals(state, sc, side)
        if may and not due:
            out.append(Withdraw(units=may[:1]))
        for u in self._movable(state, sc, side):
            if unit is None or unit == u:
                out += [DeclareMoves(moves=(MoveDecl(unit=u, to=h),)) for h in self._steps(state, sc, u)]
        if unit is None:
            out += self._other_orders(state, side)
        return out

    def _movable(self, state: State, sc, side: str) -> list[str]:
        return [u for u, s in state.sides.items() if s == side and u not in state.eliminated and u not in state.withdrawn
                and u not in state.fortresses and claims.blocking(state, u) is None and schlieffen.hold(state, sc, u) is None]

    def _steps(self, state: State, sc, u: str) -> list[str]:
        """Hexes a declared move may name that the umpire can check: next to the unit's hex, or the
        centre of the radius it was set up in; the real path is the players' (Standard Rules)."""
        where = state.positions[u]
        if where.startswith("within "):
            where = where.rsplit(" ", 1)[1]
            options = [where]
        elif hexes.is_hex(where):
            options = hexes.neighbours(where)
        else:
            return []
        area = sc.options.get("area")
        return [h for h in options if (not area or hexes.in_area(h, area["parts"])) and belgium.may_end_at(state, self.pack, u, h)
                and fortress_formations.may_end_at(state, self.pack, sc, u, h) and paris_army.may_end_at(state, self.pack, u, h)]

    def _other_orders(self, state: State, side: str) -> list[Order]:
        out: list[Order] = []
        pending = {u for a in claims.pending(state) for u in a.blocks}
        for f in victory.LIEGE:
            if side == "german" and f in state.positions and f not in state.eliminated and f not in pending:
                out.append(ReportCombat(german_sp=1, allied_fortress_sp=1, eliminated=(f,)))
        out.append(ReportCombat(german_sp=1, allied_sp=1))
        units = [u for u, s in state.sides.items() if s == side and u not in state.fortresses and u not in state.eliminated]
        for kind in ledgers.KINDS:
            if state.core.ledger(f"rep_{kind}", side).balance >= 1 and units:
                out.append(UseReplacements(kind=kind, amount=1, unit=units[0]))
        own_forts = [f for f in state.fortresses if state.sides.get(f) == side and f not in state.eliminated]
        if state.core.ledger("fortress_disband", side).balance >= 1 and (own_forts or not state.fortresses):
            out.append(DisbandFortress(fortress=own_forts[0] if own_forts else "a fortress", sp=1))
        if state.core.ledger("rail", side).balance >= ledgers.rail_cost(self.pack, 1, 0, 1) and units:
            out.append(UseRail(formation=units[0], be=1, mp=1))
        sc = self._sc(state)
        for army, mission in sorted(state.missions.items()):
            if state.army_sides.get(army) == side and army not in pending:
                out += [DeclareMission(army=army, mission=m) for m in claims.MISSIONS
                        if m != mission and plans.mission_allowed(state, sc, army, m) is None]
        if side == "allied" and belgium.applies(state) and state.core.clock.turn >= belgium.FROM_GT:
            if not (state.belgian_temporary and state.belgian_temporary[0] == state.core.clock.turn):
                out.append(RollBelgianRelease())
        if side == "allied" and state.belgian_released and not state.belgian_evacuated and belgium.units(state):
            out.append(EvacuateBelgianArmy())
        if side == "allied" and naval.in_force(sc.options):
            here = (state.core.clock.turn, state.core.clock.impulse)
            if state.naval_barrage_rolled != here:
                out.append(RollNavalBarrage())
            elif state.core.ledger("naval_barrage", "allied").balance >= 10:
                out.append(NavalBarrage(targets=(BarrageTarget(hex="W:1109", value=10),)))
            for nation in naval.NATIONS:
                if state.core.ledger(f"naval_landing_{nation}", "allied").balance >= 1:
                    out.append(NavalMove(nation=nation, kind="landing", formation="a marine or naval infantry formation", be=1,
                                         embark="W:4533", disembark="W:1109"))
        out += self._attachments(state, sc, side)
        out += [AbandonPlan(plan=p) for p in ("schlieffen", "plan17") if plans.may_abandon(state, sc, side, p) is None]
        out.append(ClaimPrisoners(points=1))
        if self._sc(state).victory.get("kind") == "points":
            out.append(ClaimVictoryPoints(points=1.0, reason="a village controlled"))
        if side == "german" and state.core.clock.turn <= 1 and "First Army" not in state.released and "early_release" not in pending:
            out.append(ClaimEarlyRelease(condition="an enemy unit moved adjacent to a German unit in Germany"))
        return out

    def _attachments(self, state: State, sc, side: str) -> list[Order]:
        """One Command Counter move the Exclusive Rules allow, if any: an independent formation to another chart of its side."""
        hold = charts.holdings(self.pack, sc.id, attachment.confirmed_and_pending(state))
        mine = [h for h in hold.values() if h.chart.side == side and not h.chart.reinforcement]
        for h in mine:
            for token in h.independent.values():
                for to in mine:
                    if to is not h:
                        try:
                            attachment.check(state, self.pack, sc, side, token, to.chart.name, "")
                        except Reject:
                            continue
                        return [AttachFormation(formation=token, chart=to.chart.name)]
        return []

    # --- rulings -----------------------------------------------------------------------------------

    def rule(self, adj: Adjudication, seat: str, order: Order) -> None:
        state, sc = adj.state, self._sc(adj.state)
        phase = state.core.clock.phase
        side = state.core.layout.side_of(seat)
        match order:
            case NotYetBuilt(rule=rule):
                raise Reject("not_in_this_ruleset_version", f"Exclusive Rule {rule} decisions are not computed by {self.id} yet; "
                             "play them at the table and record the outcome as a claim (declare_moves, report_combat).", cite.NOT_BUILT,
                             rule=rule)
            case DeclareImpulses(days=days, first=first) if phase == "structure":
                sequence.declare_impulses(adj, self.pack, sc, seat, days, first)
            case _ if phase != "impulse":
                raise Reject("wrong_phase", f"A {order.__struct_config__.tag} order is not allowed in the {sequence.PHASES.get(phase, phase)}.",
                             cite.SEQUENCE)
            case DeclareMoves(moves=moves):
                claims.check_moves(state, sc, side, moves)
                belgium.check_moves(state, self.pack, moves)
                fortress_formations.check_moves(state, self.pack, sc, moves)
                paris_army.check_moves(state, self.pack, moves)
                for m in moves:
                    self._may_move(state, sc, m.unit)
                claims.open_claim(adj, seat, "moves", {"moves": msgspec.to_builtins(moves)}, blocks=tuple(m.unit for m in moves),
                                  predicate=f"{seat} moved {len(moves)} unit(s) as declared")
            case ReportCombat(german_sp=g, allied_sp=a, french_sp=fr, allied_fortress_sp=f, eliminated=elim):
                if min(g, a, f, fr) < 0 or fr > a:
                    raise Reject("bad_losses", "Losses are counts of strength points, never negative; the French SP are part of the Allied SP.",
                                 cite.COMBAT)
                for u in elim:
                    if u not in state.positions or u in state.eliminated:
                        raise Reject("unknown_unit", f"No unit {u!r} in play to eliminate.", cite.UNIT_LOCATIONS, unit=u)
                    waiting = claims.blocking(state, u)
                    if waiting is not None:
                        raise Reject("pending_attestation", f"{u!r} waits for attestation {waiting.id!r}.", cite.LEDGER_MODE, unit=u)
                claims.open_claim(adj, seat, "combat", {"german_sp": g, "allied_sp": a, "french_sp": fr, "allied_fortress_sp": f,
                                                       "eliminated": list(elim)},
                                  blocks=tuple(elim), predicate=f"combat: German lost {g} SP, Allied {a} SP (+{f} fortress SP)")
            case DeclareMission(army=army, mission=mission):
                if state.army_sides.get(army) != side:
                    raise Reject("unknown_army", f"{side} has no army chart {army!r}.", cite.UNIT_LOCATIONS)
                if mission not in claims.MISSIONS:
                    raise Reject("bad_mission", f"Mission Orders are {', '.join(claims.MISSIONS)}.", claims.KIND_CITES["mission"])
                refusal = plans.mission_allowed(state, sc, army, mission)
                if refusal is not None:
                    raise Reject(refusal[0], refusal[1], refusal[2])
                claims.open_claim(adj, seat, "mission", {"army": army, "mission": mission}, blocks=(army,),
                                  predicate=f"{army} received the Mission Order {mission}")
            case AttachFormation(formation=f, chart=to, corps=under):
                checked = attachment.check(state, self.pack, sc, side, f, to, under)
                claims.open_claim(adj, seat, attachment.KIND, {"formation": f, "chart": to, "corps": under}, blocks=(),
                                  predicate=f"{f} placed on the {to} Chart" + (f" attached to {under}" if under else ""))
                adj.cite(*checked)
            case ClaimEarlyRelease(condition=condition):
                if side != "german" or state.core.clock.turn > 1:
                    raise Reject("not_applicable", "Only the German player claims an early release, in GT O and GT1 (11.51).", cite.SCHLIEFFEN_GT0)
                claims.open_claim(adj, seat, "early_release", {"condition": condition}, blocks=("early_release",),
                                  predicate=f"Schlieffen early release: {condition}")
            case ClaimVictoryPoints(points=pts, reason=reason):
                if not pts > 0 or not reason.strip():
                    raise Reject("bad_points", "Claim more than zero points and say what for (the scenario's victory conditions).", cite.VICTORY)
                claims.open_claim(adj, seat, "vp", {"points": pts, "reason": reason}, blocks=(),
                                  predicate=f"{side} scores {pts:g} VP: {reason}")
            case AbandonPlan(plan=plan):
                plans.abandon(adj, sc, side, plan)
            case ClaimPrisoners(points=pts):
                if pts < 1:
                    raise Reject("bad_points", "Claim at least one Prisoner Point.", claims.KIND_CITES["pp"])
                claims.open_claim(adj, seat, "pp", {"points": pts}, blocks=(), predicate=f"{side} gained {pts} Prisoner Points")
            case UseReplacements(kind=kind, amount=amount, unit=u):
                if state.sides.get(u) != side:
                    raise Reject("unknown_unit", f"{side} has no unit {u!r}.", cite.UNIT_LOCATIONS, unit=u)
                ledgers.use_replacements(adj, side, kind, amount, fortress=u in state.fortresses, nation=_nation(state, u))
            case UseRail(be=be, cavalry_be=cav, mp=mp):
                ledgers.use_rail(adj, self.pack, side, be, cav, mp)
            case DisbandFortress(fortress=name, sp=sp, offmap=off):
                if state.fortresses and (name not in state.fortresses or state.sides.get(name) != side):
                    raise Reject("unknown_unit", f"{side} has no Fortress Class unit {name!r}.", cite.UNIT_LOCATIONS, unit=name)
                fortress.disband(adj, side, sp, off)
            case NavalMove(nation=nation, kind=kind, formation=formation, be=be, cavalry_be=cav, embark=embark, disembark=disembark):
                self._naval_side(side, sc)
                naval.move(adj, self.pack, nation=nation, kind=kind, formation=formation, be=be, cavalry_be=cav, embark=embark,
                           disembark=disembark)
            case BuildHeavyArtillery(unit=u, nation=nation, sp=sp, reps=reps):
                if state.sides.get(u) != side or u in state.eliminated or u in state.fortresses:
                    raise Reject("unknown_unit", f"{side} has no heavy artillery unit {u!r} in play.", cite.UNIT_LOCATIONS, unit=u)
                heavy.build(adj, side, unit=u, nation=nation, sp=sp, reps=reps)
            case OffMapRail(unit=u, to=to, be=be, cavalry_be=cav):
                nation = self._unit_nation(state, side, u)
                claims.check_moves(state, sc, side, (MoveDecl(unit=u, to=to),))
                self._may_move(state, sc, u)
                frm = state.positions[u]
                rp = offmap.move(adj, self.pack, side, nation=nation, frm=frm, to=to, be=be, cavalry_be=cav,
                                 plan17_in_force=plans.in_force(state, sc, "plan17"))
                claims.open_claim(adj, seat, "offmap_rail", {"moves": [{"unit": u, "to": to}], "from": frm}, blocks=(u,),
                                  predicate=f"{u} by off-map rail from {frm} to {to} ({rp} RP)", keep={"rp": rp})
            case ReplaceLeader(leader=leader, formation=formation, by=by):
                leaders.replace(adj, self.pack, side, leader=leader, formation=formation, by=by)
            case PromoteLeader(leader=leader):
                leaders.promote(adj, self.pack, side, leader)
            case ClaimControl(hex=h, place=place):
                if not hexes.is_hex(h):
                    raise Reject("bad_hex", f"{h!r} is not a hex id: W or E, a colon and four digits.", cite.UNIT_LOCATIONS)
                claims.open_claim(adj, seat, "control", {"hex": h, "place": place}, blocks=(),
                                  predicate=f"{side} controls {h}" + (f" ({place})" if place else ""))
            case DeclareActivity(activity=activity, unit=u, balloon=balloon, exception=exception):
                if state.sides.get(u) != side or u in state.eliminated or u in state.withdrawn:
                    raise Reject("unknown_unit", f"{side} has no unit {u!r} in play.", cite.UNIT_LOCATIONS, unit=u)
                used = doctrine.check(state, self.pack, nation=self._unit_nation(state, side, u), activity=activity, balloon=balloon,
                                      exception=exception)
                claims.open_claim(adj, seat, "activity", {"activity": activity, "unit": u, "balloon": balloon, "exception": used}, blocks=(),
                                  predicate=f"{u}: {activity.replace('_', ' ')}" + (f" ({used})" if used else ""))
            case ZeppelinOperation(zeppelin=z, target=target, terror=terror, passes_over=over):
                if side != "german":
                    raise Reject("not_a_zeppelin", "Zeppelins are the German player's (11.82C).", zeppelins.CITE)
                zeppelins.flight(adj, zeppelin=z, target=target, terror=terror, passes_over=over)
            case RaidZeppelin(zeppelin=z):
                if side != "allied":
                    raise Reject("not_applicable", "The GT9 raid on a Zeppelin is the Allied player's (11.82C).", zeppelins.CITE)
                zeppelins.raid(adj, z)
            case MotorizedWithdrawal(unit=u, sp=sp):
                if state.sides.get(u) != side or u in state.eliminated or u in state.withdrawn:
                    raise Reject("unknown_unit", f"{side} has no unit {u!r} in play.", cite.UNIT_LOCATIONS, unit=u)
                if sp < 0:
                    raise Reject("bad_amount", "The SPs left are zero or more.", motorized.CITE)
                if motorized.withdrawal(adj, u):
                    claims.open_claim(adj, seat, "rep_credit", {"unit": u, "sp": sp}, blocks=(),
                                      predicate=f"{u} broke down with {sp} SP left: {sp} Infantry REPs",
                                      keep={"ledger": ledgers.rep_ledger("inf", _nation(state, u))})
            case ExpendAmmunition(formation=f, points=pts, map=m):
                if state.sides.get(f) != side or f in state.eliminated or f in state.withdrawn:
                    raise Reject("unknown_unit", f"{side} has no formation {f!r} in play.", cite.UNIT_LOCATIONS, unit=f)
                if m not in ("W", "E") or pts < 1:
                    raise Reject("bad_amount", "Expend at least one Ammunition Point, on map W or E.", cite.AMMUNITION)
                if ammunition.quiet_zone_closed(state, side, m):
                    raise Reject("quiet_zone", "From GT8 the East map is a quiet zone: no German formation expends ammunition there until an "
                                 "Allied formation has (11.62B, 12.33).", cite.rule("11.62B Game Turn Eight - East Map Quiet Zone", 701, 701))
                nation = self._unit_nation(state, side, f)
                have = ammunition.holding(self.pack, state, f, nation, state.core.options["french_ammo_cut_gt"])
                if pts > have:
                    raise Reject("out_of_ammo", f"{f} holds {have} Ammunition Point(s) this Game-Turn, not {pts}.", cite.AMMUNITION,
                                 available=have)
                opens = side == "allied" and m == "E" and state.core.clock.turn >= ammunition.QUIET_ZONE_GT and not state.east_quiet_broken
                adj.emit(AmmunitionExpended(formation=f, points=pts, map=m, left=have - pts, opens_east=opens,
                                            cite=(cite.AMMUNITION, cite.ALLIED_AMMUNITION)))
            case ReplaceAmmunition(formation=f):
                if state.sides.get(f) != side:
                    raise Reject("unknown_unit", f"{side} has no formation {f!r} in play.", cite.UNIT_LOCATIONS, unit=f)
                nation = self._unit_nation(state, side, f)
                adj.emit(AmmunitionReplaced(formation=f, points=ammunition.points(
                    self.pack, nation, state.core.clock.turn, exempt_formation=nation == "german" and ammunition.exempt(f),
                    french_cut_gt=state.core.options["french_ammo_cut_gt"]), cite=(cite.AMMUNITION, cite.ALLIED_AMMUNITION)))
            case ConvertTerritorial(unit=u, infantry_sp=inf, artillery_sp=art):
                territorials.check(state, u)
                if inf < 0 or art < 0 or inf + art < 1:
                    raise Reject("bad_amount", "Give the division's personnel and cadre SPs and its artillery SPs (6.24).", territorials.CITE)
                adj.emit(TerritorialConverted(unit=u, cite=(territorials.CITE,)))
                claims.open_claim(adj, seat, "rep_credit", {"unit": u, "credits": {"rep_inf": inf, "rep_da": art}}, blocks=(),
                                  predicate=f"{u} taken as replacements: {inf} Infantry and {art} Direct Artillery REPs", keep={"ledger": "rep_inf"})
            case RollBelgianRelease():
                self._belgian_side(side)
                belgium.roll(adj)
            case ClaimBelgianRelease(condition=condition):
                self._belgian_side(side)
                belgium.claimable(state, condition)
                claims.open_claim(adj, seat, "belgian_release", {"condition": condition}, blocks=("belgian_release",),
                                  predicate=f"Belgian Army release: {belgium.CONDITIONS[condition]}")
            case EvacuateBelgianArmy():
                self._belgian_side(side)
                belgium.evacuate(adj, self.pack)
            case RollNavalBarrage():
                self._naval_side(side, sc)
                naval.roll(adj)
            case NavalBarrage(targets=targets, use=use):
                self._naval_side(side, sc)
                naval.barrage(adj, tuple((t.hex, t.value) for t in targets), use)
            case Withdraw(units=units):
                due = sequence.withdrawals_due(state, sc, seat) + schedule.open_withdrawals(state, sc, side)
                if not units or any(u not in due for u in units):
                    raise Reject("not_due", f"Only {', '.join(due) or 'nothing'} is due to withdraw now.", cite.REINFORCEMENTS)
                adj.emit(WithdrawnFromPlay(units=tuple(units), cite=(cite.rule("13 Reinforcement Schedule", *sc.options["schedule"]["lines"]),)))
            case EndSegment():
                sequence.end_segment(adj, self.pack, sc, seat)
            case _:
                raise Reject("wrong_phase", f"A {order.__struct_config__.tag} order is not allowed now.", cite.SEQUENCE)
        adj.cite(cite.LEDGER_MODE)

    def _unit_nation(self, state: State, side: str, unit: str) -> str:
        """German, or for the Allies British (the BEF), Belgian (the Belgian Army) or French."""
        if side == "german":
            return "german"
        return _nation(state, unit) or ("belgian" if state.armies.get(unit) == "Belgian Army" else "french")

    def _belgian_side(self, side: str) -> None:
        if side != "allied":
            raise Reject("not_applicable", "12.61-12.62 are the Belgian (Allied) player's.", belgium.RELEASE)

    def _naval_side(self, side: str, sc) -> None:
        if not naval.in_force(sc.options):
            raise Reject("rule_not_in_scenario", f"Scenario {sc.id} plays without Exclusive Rule 3.0.", cite.SCENARIOS)
        if side != "allied":
            raise Reject("no_naval_capacity", "Only the Allied player has a Naval Capacity and a naval barrage (3.1, 3.3).", naval.CAPACITY)

    def _may_move(self, state: State, sc, unit: str) -> None:
        a = claims.blocking(state, unit)
        if a is not None:
            raise Reject("pending_attestation", f"{unit!r} waits for attestation {a.id!r} ({a.state}); other units may move.",
                         cite.LEDGER_MODE, unit=unit, attestation=a.id)
        if unit in state.fortresses:
            raise Reject("fortress_immobile", f"{unit!r} is a Fortress Class unit placed on its fort.", cite.UNIT_LOCATIONS, unit=unit)
        held = schlieffen.hold(state, sc, unit)
        if held is not None:
            raise Reject("not_released", held[0], held[1], unit=unit)

    def on_attested(self, adj: Adjudication, attestation) -> None:
        sc = self._sc(adj.state)
        claims.settle(adj, self.pack, sc, attestation)
        sequence.close(adj, sc)

    def default_answer(self, state: State, seat: str) -> Order | None:
        legal = self.legal(state, seat)
        return legal[0] if legal else None

    def end_outcome(self, state: State, reason: str):
        """Ended early: no result, with what the victory conditions would have counted so far."""
        early = super().end_outcome(state, reason)
        return replace(early, details={"would_be": victory.outcome(state, self._sc(state)).level})

    # --- evolve ------------------------------------------------------------------------------------

    def evolve(self, state: State, e: Any) -> State:
        match e:
            case GameTurnBegun():
                return replace(state, last_hq_moved=state.hq_moved, hq_moved=(), impulses=(), days_before=0, weather="", heavy_built=())
            case HeavyArtilleryBuilt(nation=nation, reps=reps, gt=gt, impulse=n, sp=sp):
                return replace(state, heavy_built=state.heavy_built + ((nation, reps, gt, n, sp),))
            case InitiativeDecided(side=side):
                return replace(state, initiative=side)
            case ImpulsesDeclared(days=days, days_before=before, first=first):
                others = tuple(s for s in state.core.layout.seat_ids() if s != first)
                return replace(state, impulses=days, days_before=before, order=(first,) + others)
            case ImpulseBegun(month=month):
                return replace(state, done=(), month=month, weather="")
            case WeatherRolled(weather=w):
                return replace(state, weather=w)
            case OtherTheatersRolled(table=t, outcome=o):
                return replace(state, other_theaters={**state.other_theaters, t: o})
            case SegmentEnded(seat=seat):
                return replace(state, done=state.done + (seat,))
            case UnitsMoved(moves=moves):
                return replace(state, positions={**state.positions, **{m.unit: m.to for m in moves}},
                               moved=state.moved + tuple(m.unit for m in moves if m.unit not in state.moved))
            case CombatRecorded(gt=gt, german_sp=g, allied_sp=a, french_sp=fr, allied_fortress_sp=f, eliminated=elim):
                losses = {"german": state.losses["german"] + g, "allied": state.losses["allied"] + a,
                          "allied_fortress": state.losses["allied_fortress"] + f, "french": state.losses.get("french", 0) + fr}
                s = replace(state, losses=losses, eliminated=state.eliminated + tuple(u for u in elim if u not in state.eliminated))
                if s.liege_fell_gt is None and victory.liege_all_eliminated(s) and not victory.liege_all_eliminated(state):
                    s = replace(s, liege_fell_gt=gt)
                return s
            case MissionSet(army=army, mission=m):
                return replace(state, missions={**state.missions, army: m})
            case FormationAttached(formation=f, chart=to, corps=under):
                return replace(state, attachments=state.attachments + ((f, to, under),))
            case Released(formations=f):
                return replace(state, released=state.released + tuple(x for x in f if x not in state.released))
            case Arrived(side=side, units=units, at=at):
                return replace(state, positions={**state.positions, **{u: at for u in units}}, sides={**state.sides, **{u: side for u in units}},
                               arrived_gt={**state.arrived_gt, **{u: state.core.clock.turn for u in units}},
                               moved=tuple(u for u in state.moved if u not in units),
                               withdrawn=tuple(u for u in state.withdrawn if u not in units),
                               kaiser_on_map=state.kaiser_on_map or KAISER in units)
            case WithdrawnFromPlay(units=units):
                return replace(state, withdrawn=state.withdrawn + units, kaiser_on_map=state.kaiser_on_map and KAISER not in units)
            case ClaimOpened(id=aid, claim=claim):
                return replace(state, claims={**state.claims, aid: claim})
            case ParisAbandoned(owed=owed):
                return replace(state, paris_abandoned=True, paris_debt=owed)
            case ParisDebtPaid(amount=paid):
                return replace(state, paris_debt=state.paris_debt - paid)
            case AmmunitionAllowance(points=p):
                return replace(state, ammunition=p)
            case PlanAbandoned(plan=plan, timed=timed):
                return replace(state, plans_abandoned=state.plans_abandoned + (plan,), retire={**state.retire, **timed})
            case RetireCounted(army=army, impulses_left=n, days_left=d):
                return replace(state, retire={**state.retire, army: (n, d)})
            case RetireEnded(army=army):
                return replace(state, retire={k: v for k, v in state.retire.items() if k != army})
            case VictoryPointsRecorded(side=side, points=pts):
                return replace(state, vp={**state.vp, side: state.vp.get(side, 0.0) + pts})
            case NavalBarrageRolled(gt=gt, impulse=n):
                return replace(state, naval_barrage_rolled=(gt, n))
            case BelgianFormationsDetached(beyond=beyond):
                return replace(state, belgian_detached=beyond)
            case BelgianReleased():
                return replace(state, belgian_released=True)
            case BelgianReleaseRolled(gt=gt, formations=n):
                return replace(state, belgian_temporary=(gt, n, 0, ()))
            case BelgianTemporaryUsed(gt=gt, impulse=n, units=us):
                was = state.belgian_temporary or (gt, 0, 0, ())
                return replace(state, belgian_temporary=(was[0], was[1], n, was[3] + tuple(u for u in us if u not in was[3])))
            case BelgianEvacuated(units=us, box=box):
                return replace(state, belgian_evacuated=True, positions={**state.positions, **{u: box for u in us}})
            case LeaderReplaced(out=out, by=by):
                return replace(state, leaders_out=state.leaders_out + (out,), leaders_in=state.leaders_in + (by,))
            case LeaderPromoted(leader=leader, to=to):
                return replace(state, promotions={**state.promotions, leader: to})
            case ControlRecorded(hex=h, side=side, place=place):
                return replace(state, control={**state.control, h: (side, place)})
            case FortressesAbandoned(city=city, units=us, gt=gt, impulse=n):
                return replace(state, withdrawn=state.withdrawn + us, abandonment_rolled={**state.abandonment_rolled, city: (gt, n)},
                               cities_abandoned=state.cities_abandoned + ((city,) if us else ()))
            case ZeppelinFlight(zeppelin=z, terror=terror, shot_down=down, gt=gt):
                return replace(state, eliminated=state.eliminated + ((z,) if down else ()),
                               terror_bombed_gt=gt if terror else state.terror_bombed_gt)
            case ZeppelinRemoved(zeppelin=z):
                return replace(state, withdrawn=state.withdrawn + (z,), zeppelin_raided=True)
            case TerritorialConverted(unit=u):
                return replace(state, withdrawn=state.withdrawn + (u,))
            case MotorizedBreakdown(unit=u, broke_down=True):
                return replace(state, withdrawn=state.withdrawn + (u,))
            case AmmunitionExpended(formation=f, points=pts, opens_east=opens):
                return replace(state, ammo_spent={**state.ammo_spent, f: state.ammo_spent.get(f, 0) + pts},
                               east_quiet_broken=state.east_quiet_broken or opens)
            case AmmunitionReplaced(formation=f):
                return replace(state, ammo_spent={k: v for k, v in state.ammo_spent.items() if k != f})
            case SupremeHqMoved(side=side):
                return replace(state, hq_moved=state.hq_moved + (side,))
        return state

    # --- views -------------------------------------------------------------------------------------

    def describe(self, effect: dict[str, Any], view: dict[str, Any]) -> str:
        return sentences.sentence(effect)

    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        return {
            "mode": MODE, "mode_text": MODE_TEXT, "pack_overrides": list(self.pack.meta.overrides) if self.pack else [],
            "errata_version": errata.version(self.pack), "errata_applied": list(state.errata_applied),
            "initiative": state.initiative, "impulses": list(state.impulses), "days_before": state.days_before,
            "player_order": list(state.order), "weather": state.weather, "month": state.month,
            "positions": dict(sorted(state.positions.items())), "eliminated": list(state.eliminated), "withdrawn": list(state.withdrawn),
            "losses": dict(state.losses), "liege_fell_gt": state.liege_fell_gt, "missions": dict(state.missions),
            "released": list(state.released), "other_theaters": dict(state.other_theaters), "ammunition": dict(state.ammunition),
            "plans_abandoned": list(state.plans_abandoned), "retire": {k: list(v) for k, v in state.retire.items()},
            "paris_abandoned": state.paris_abandoned, "paris_debt": state.paris_debt,
            "claims": {k: v for k, v in state.claims.items()}, "victory_points": victory.points(state, self._sc(state)),
            "leaders": {"replaced": list(state.leaders_out), "came_in": list(state.leaders_in), "promotions": dict(state.promotions)},
            "control": {h: list(v) for h, v in sorted(state.control.items())},
            "belgian": {"released": state.belgian_released, "detached": list(state.belgian_detached), "evacuated": state.belgian_evacuated,
                        **({"temporary": list(state.belgian_temporary or ())} if self._sees(state, viewer, "allied") else {})},
        }

    def _sees(self, state: State, viewer: Viewer, side: str) -> bool:
        return viewer.omniscient or (viewer.seat is not None and state.core.layout.side_of(viewer.seat) == side)

    def clock_label(self, clock: Clock) -> str:
        gt = "O" if clock.turn == 0 else str(clock.turn)
        if clock.phase == "impulse":
            return f"GT {gt}, impulse {clock.impulse}" + (f", {clock.side} segment" if clock.side else "")
        return f"GT {gt}, {sequence.PHASES.get(clock.phase, clock.phase)}"

    def epoch(self, clock: Clock) -> int:
        return clock.turn + 1

    def epochs(self, state: State) -> int:
        return 17


def _nation(state: State, unit: str) -> str:
    """British units take British REPs (6.21); the BEF's units are British."""
    return "british" if unit.startswith("British") or state.armies.get(unit) == "British Expeditionary Force Army" else ""


HBTLF = Hbtlf()
