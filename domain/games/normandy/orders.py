"""The orders of Normandy 1944 (digest §1.3), with stable wire tags. Orders of rules this version
defers are still decodable, so that a player who sends one is told so, with its citation:
`not_built` for a rule of turns >= 1, `not_in_this_ruleset_version` for Turn 0 (D-Day)."""
from __future__ import annotations

from typing import Literal

from domain.kernel.commands import Order


class EndPhase(Order, frozen=True, kw_only=True, tag="end_phase"):
    """This seat is done with the current phase (the phase ends when every seat of its side is)."""


class SetupPlace(Order, frozen=True, kw_only=True, tag="setup_place"):
    """Scenario 2's set-up decisions: a unit placed in its printed area (L499, L575)."""

    unit: str
    at: str


class GiveMarker(Order, frozen=True, kw_only=True, tag="give_marker"):
    """An Offensive marker stacked with an HQ (§1.1.1.2; Scenario 2's two markers, L576)."""

    hq: str


class Move(Order, frozen=True, kw_only=True, tag="move"):
    """One unit's move (§4.1.1): the hexes entered, in order, from its hex; or, for a unit arriving,
    from the entry hex (`path[0]`, paid, option Q11)."""

    unit: str
    path: tuple[str, ...]


class Land(Order, frozen=True, kw_only=True, tag="land"):
    """An Allied unit lands from the Strategic Reserve at a depot of its nationality (§4.2, §7.1);
    it stops there (Q&A 56)."""

    unit: str
    at: str


class SetReserve(Order, frozen=True, kw_only=True, tag="set_reserve"):
    """Put an armoured or Panzergrenadier unit in Reserve for Exploitation (§4.1.1; ruled from
    `normandy-1944@4`, deferred before)."""

    unit: str


class ActivateHQ(Order, frozen=True, kw_only=True, tag="activate_hq"):
    """§1.1.3: an HQ chooses Pass or Combat."""

    hq: str
    action: Literal["pass", "combat"]


class Attack(Order, frozen=True, kw_only=True, tag="attack"):
    """An attack by units under the activated HQ on one adjacent hex (§6.1)."""

    units: tuple[str, ...]
    hex: str


class EndActivation(Order, frozen=True, kw_only=True, tag="end_activation"):
    """The activated HQ's combats are over; it is flipped to its finished side (§1.1.3)."""


class Support(Order, frozen=True, kw_only=True, tag="support"):
    """The inactive side's answer to a defensive-support decision (§5.3): an HQ, or none."""

    frame: int
    hq: str | None = None


class Retreat(Order, frozen=True, kw_only=True, tag="retreat"):
    """The owner's retreat path for one unit (§6.6): the hex it retreats to."""

    frame: int
    to: str


class Advance(Order, frozen=True, kw_only=True, tag="advance"):
    """The attacker advances one attacking stack into the vacated hex, or declines (§6.7)."""

    frame: int
    stack: str | None = None  # the hex of the attacking stack that advances


class Counterattack(Order, frozen=True, kw_only=True, tag="counterattack"):
    """The defender's answer after an advance (§6.9, `normandy-1944@2`): an HQ to counterattack
    with, or none."""

    frame: int
    hq: str | None = None


class CounterattackMove(Order, frozen=True, kw_only=True, tag="counterattack_move"):
    """§6.9 (`normandy-1944@4`): the one-hex move of a unit joining the counterattack, to a hex next
    to the abandoned hex, or none (it stays out)."""

    frame: int
    to: str | None = None


class Withhold(Order, frozen=True, kw_only=True, tag="withhold"):
    """§6.5 with option Q25 (`normandy-1944@5`): the defender's disorganised units it leaves out of
    the combat (none: every unit defends); at least one unit defends the hex."""

    frame: int
    units: tuple[str, ...] = ()


class LiftRest(Order, frozen=True, kw_only=True, tag="lift_rest"):
    """§1.1.1.3 with option Q10 (`normandy-1944@5`): the owner removes a unit's Rest marker in the
    Administration Phase."""

    unit: str


class Rebuild(Order, frozen=True, kw_only=True, tag="rebuild"):
    """§1.1.1.3, §6.10 (`normandy-1944@5`): a unit already in Rest (its marker on the map, or the Rest
    box) regains one step (option Q09); a German one spends a replacement of its kind."""

    unit: str


class EnterFromRest(Order, frozen=True, kw_only=True, tag="enter_from_rest"):
    """§1.1.1.3 (`normandy-1944@5`): a unit fully rebuilt in the Rest box enters as a reinforcement."""

    unit: str


class ReturnToReserve(Order, frozen=True, kw_only=True, tag="return_to_reserve"):
    """§1.1.1.3 with option Q63 (`normandy-1944@5`): an Allied airborne or commando unit sent back to
    the strategic reserve (+1 VP)."""

    unit: str


# --- rules this version defers ------------------------------------------------------------------


class AssignAir(Order, frozen=True, kw_only=True, tag="assign_air"):
    """§1.1.1.1, §9: an air counter drawn this turn to a mission (`normandy-1944@3`: air superiority;
    deferred in @1 and @2)."""

    counter: str
    mission: str


class Bombard(Order, frozen=True, kw_only=True, tag="bombard"):
    """§6.2, §9.3, §9.4: the Allies' answer to a combat's bombardment decision (`normandy-1944@3`;
    deferred in @1 and @2): `kind` air (medium bombers), carpet (heavy bombers, with medium ones),
    naval (the task force's points), or none; the counters or points spent on `hex`."""

    hex: str
    kind: str
    frame: int | None = None
    counters: tuple[str, ...] = ()
    battle_cruisers: int = 0
    destroyers: int = 0


class CommitTAS(Order, frozen=True, kw_only=True, tag="commit_tas"):
    """§9.1 (`normandy-1944@3`): a fighter-bomber from the Available box supports the combat, or none."""

    frame: int
    counter: str | None = None


class Overrun(Order, frozen=True, kw_only=True, tag="overrun"):
    """§4.3 (ruled from `normandy-1944@4`): a stack of armoured units (all in one hex) moves together
    along `path` (empty: it is adjacent already) and overruns the adjacent enemy `hex`."""

    units: tuple[str, ...]
    hex: str
    path: tuple[str, ...] = ()


class Exploit(Order, frozen=True, kw_only=True, tag="exploit"):
    """§6.8 (`normandy-1944@4`): in the HQ's free extra activation, the Reserve stacks it activates
    (the hexes they stand in, at most two; none ends it) and whether it spends an Offensive marker to
    support their attacks."""

    stacks: tuple[str, ...]
    support: bool = False


class SpecialOperation(Order, frozen=True, kw_only=True, tag="special_operation"):
    """§4.4 (`normandy-1944@4`; deferred before): a ranger, commando or elite paratroop unit's one-hex
    operation, `kind` one of assault (into an enemy-held hex, creating Confusion), exit_confusion,
    cross_impassable."""

    unit: str
    kind: str
    hex: str


class OffMapMove(Order, frozen=True, kw_only=True, tag="offmap_move"):
    """§4.1.2 (`normandy-1944@4`; deferred before): units standing together move along the lines of
    the Strategic Movement Map, entering `boxes` in order (at most two; an Allied normal move one);
    or, from an exit hex, into the box joined to it (§1.1.2.1)."""

    units: tuple[str, ...]
    boxes: tuple[str, ...]


class ExtendedMove(Order, frozen=True, kw_only=True, tag="extended_move"):
    """§5.2 (`normandy-1944@4`; deferred before): a supplied Allied HQ spends an Offensive marker so
    that units under its control (the same or an adjacent box, §5.1) move up to two boxes together."""

    hq: str
    units: tuple[str, ...]
    boxes: tuple[str, ...]


class PutToRest(Order, frozen=True, kw_only=True, tag="put_to_rest"):
    """§1.1.1.3."""

    unit: str


class OnFoot(Order, frozen=True, kw_only=True, tag="on_foot"):
    """§2.2: a motorised infantry unit moves on foot this phase (version 5)."""

    unit: str


class AirborneSupply(Order, frozen=True, kw_only=True, tag="airborne_supply"):
    """§7.5."""

    units: tuple[str, ...]


class Drop(Order, frozen=True, kw_only=True, tag="drop"):
    """Turn 0, O.1: a paratroop drop."""

    unit: str
    hex: str


class LandWave(Order, frozen=True, kw_only=True, tag="land_wave"):
    """Turn 0, A.1/B.1: a landing wave on its assigned beach hexes."""

    units: tuple[str, ...]
    hex: str


class Place79th(Order, frozen=True, kw_only=True, tag="place_79th"):
    """Turn 0, A.1: the 79th Armoured across a British beach hexside."""

    unit: str
    hexside: str


NormandyOrder = (EndPhase | SetupPlace | GiveMarker | Move | Land | SetReserve | Exploit | ActivateHQ | Attack | EndActivation
                 | Support | Retreat | Advance | Counterattack | CounterattackMove | Withhold | CommitTAS | AssignAir | Bombard | Overrun
                 | SpecialOperation | OffMapMove | ExtendedMove | PutToRest | AirborneSupply | Drop | LandWave | Place79th
                 | LiftRest | Rebuild | EnterFromRest | ReturnToReserve | OnFoot)
DEFERRED = (SetReserve, AssignAir, Bombard, Overrun, SpecialOperation, OffMapMove, ExtendedMove, PutToRest, AirborneSupply)
BUILT_IN_5 = (Withhold, LiftRest, Rebuild, EnterFromRest, ReturnToReserve, OnFoot)  # new in version 5: refused `not_built` before it
BUILT_IN_5_SUPPLY = (AirborneSupply,)  # §7.5, version 5 (still in DEFERRED for versions 1-4)
ADMINISTRATION = (PutToRest, LiftRest, Rebuild, EnterFromRest, ReturnToReserve)  # §1.1.1.3, version 5
TURN_ZERO = (Drop, LandWave, Place79th)
ANSWERS = (Support, Retreat, Advance, Counterattack, CounterattackMove, CommitTAS, Withhold)
