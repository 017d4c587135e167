"""home-before-the-leaves-fall@1 as a Ruleset, in ledger mode: the umpire enforces what the
Exclusive Rules define and records what the players attest for the Standard Rules."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from msgspec.structs import replace

from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Order, Reject
from domain.kernel.core import Clock, Core
from domain.kernel.ruleset import Option, Ruleset
from domain.kernel.seats import Layout, Seat, Side, Viewer

from domain.games.hbtlf import describe as sentences
from domain.games.hbtlf import evolve, legal as legal_orders, rulings, views
from domain.games.hbtlf import bef, charts, cite, claims, kaiser, leader_arrivals, ledgers, paris_orders, plans, scenarios, sequence, victory
from domain.games.hbtlf.effects import HbtlfEffect
from domain.games.hbtlf.model import State, State2
from domain.games.hbtlf.orders import DeclareImpulses, HbtlfOrder, NotYetBuilt
from domain.games.hbtlf.rulings.context import Ruling
from domain.games.hbtlf.views import MODE


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
    # @1 plays its own frozen copy of the pack (pack_v1/: as main had it before issue 19's tables), so its
    # recorded games, which pin the pack by hash, re-verify unchanged; @2 plays pack/.
    pack_dir = str(Path(__file__).resolve().parent / "pack_v1")
    options: tuple[Option, ...] = (
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
        state = self.state_type(core=core, positions=read.positions, sides=read.sides, armies=read.armies, groups=read.groups,
                                fortresses=tuple(read.fortresses), errata_applied=read.applied, missions=missions, army_sides=army_sides)
        if isinstance(state, State2):
            state = replace(state, kaiser_on_map=kaiser.in_play(state) is not None,  # 5.1: a Kaiser set up on the map counts
                            leaders_placed=leader_arrivals.at_setup(state, pack, sc),  # 12.73: the British leaders set up
                            paris_start=tuple(sorted(u for u, a in state.armies.items() if a == paris_orders.ARMY)),  # 12.45A
                            french_setup_sp=plans.setup_markers(read.losses, read.sides, read.armies))  # 12.52B
        return state

    def begin(self, adj: Adjudication) -> None:
        sequence.begin(adj, self.pack, self._sc(adj.state))
        bef.check_reveal(adj)  # 12.71 (@2; nothing in @1): a scenario may set up with the armies in contact

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
        out = legal_orders.legal(self.pack, self._sc(state), state, seat, unit=unit)
        return out if self.version >= 2 else [o for o in out if type(o) not in rulings.V2]

    # --- rulings -----------------------------------------------------------------------------------

    def rule(self, adj: Adjudication, seat: str, order: Order) -> None:
        state, sc = adj.state, self._sc(adj.state)
        phase = state.core.clock.phase
        if isinstance(order, NotYetBuilt):
            raise Reject("not_in_this_ruleset_version", f"Exclusive Rule {order.rule} decisions are not computed by {self.id} yet; "
                         "play them at the table and record the outcome as a claim (declare_moves, report_combat).", cite.NOT_BUILT,
                         rule=order.rule)
        if type(order) in rulings.V2 and self.version < 2:
            raise Reject("not_in_this_ruleset_version", f"A {order.__struct_config__.tag} order is ruled from "
                         f"{self.name}@2 on; this game plays {self.id}, whose rulings stay as recorded.", cite.NOT_BUILT)
        if isinstance(order, DeclareImpulses) and phase == "structure":
            sequence.declare_impulses(adj, self.pack, sc, seat, order.days, order.first)
        elif phase != "impulse":
            raise Reject("wrong_phase", f"A {order.__struct_config__.tag} order is not allowed in the {sequence.PHASES.get(phase, phase)}.",
                         cite.SEQUENCE)
        else:
            ruling = rulings.IMPULSE.get(type(order))
            if ruling is None:
                raise Reject("wrong_phase", f"A {order.__struct_config__.tag} order is not allowed now.", cite.SEQUENCE)
            ruling(Ruling(adj=adj, pack=self.pack, sc=sc, seat=seat, side=state.core.layout.side_of(seat), state=state), order)
        bef.check_reveal(adj)  # 12.71: an arrival or another ruling may place a unit next to the enemy
        adj.cite(cite.LEDGER_MODE)

    def on_attested(self, adj: Adjudication, attestation) -> None:
        sc = self._sc(adj.state)
        claims.settle(adj, self.pack, sc, attestation)
        bef.check_reveal(adj)  # 12.71: a confirmed move may bring a German unit next to a British one
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
        return evolve.evolve(state, e)

    # --- views -------------------------------------------------------------------------------------

    def describe(self, effect: dict[str, Any], view: dict[str, Any]) -> str:
        return sentences.sentence(effect)

    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        return views.view(self.pack, self._sc(state), state, viewer)

    def clock_label(self, clock: Clock) -> str:
        gt = "O" if clock.turn == 0 else str(clock.turn)
        if clock.phase == "impulse":
            return f"GT {gt}, impulse {clock.impulse}" + (f", {clock.side} segment" if clock.side else "")
        return f"GT {gt}, {sequence.PHASES.get(clock.phase, clock.phase)}"

    def epoch(self, clock: Clock) -> int:
        return clock.turn + 1

    def epochs(self, state: State) -> int:
        return 17


class Hbtlf2(Hbtlf):
    """`home-before-the-leaves-fall@2` (issue 19): the rules @1 did not build (docs/hbtlf.md, "Built in @2"),
    some of which change what @1 ruled (the Kaiser's one counter, the two-leaders cap on replacements and
    promotions, the fortress formations' and the Belgian depot's moves, Plan 17's count with the set-up
    markers). It plays pack/ and State2; @1 plays pack_v1/ and State, and replays as recorded."""

    version = 2
    title = "Home Before the Leaves Fall (referee's assistant, ledger mode, @2)"
    pack_dir = str(Path(__file__).resolve().parent / "pack")
    state_type = State2
    options = Hbtlf.options + (
        Option(name="british_belgian_player", default=False, choices=(False, True),
               description="A separate player keeps the British and Belgian armies' own victory points (13.x7 C-D); they play "
                           "from the Allied seat."),
        Option(name="british_belgian_either", default="each", choices=("each", "one"),
               description="13.x7 D 'half (a quarter) as many victory points as either player': as each of the German and the "
                           "French totals, or as one of them (inferred)."),
        Option(name="bef_evacuation", default="once", choices=("once", "per_hex"),
               description="12.74: one BEF naval evacuation a game (the rule's note, 'it could only be done once'), or one per hex."),
    )


HBTLF = Hbtlf()
HBTLF_2 = Hbtlf2()
