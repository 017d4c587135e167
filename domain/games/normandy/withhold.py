"""§6.5 the defender's withholding (option Q25, `normandy-1944@5`): 'The attacker may decide not to
involve any D or A unit in combat before the die roll' and 'at least one unit must defend a hex when
attacked'; Appendix A's Q25 gives the defender the same choice. After the Allies' bombardment and
air support, before defensive support and the odds, the defender's owner answers a `withhold`
decision naming its disorganised units to leave out (default: none). Withheld units add nothing,
take no step loss, and still retreat with the hex (option Q23).

Not asked (inferred): off map and in a Confusion place (every unit there takes part, §6.11, §6.12),
in an overrun ('a movement, not a combat', §4.3), nor where the stack is Affected only (an Affected
result applies to the entire stack, §6.5, so leaving a unit out changes nothing)."""
from __future__ import annotations

from domain.games.normandy import cite
from domain.games.normandy.data import GameData, data_of
from domain.games.normandy.effects import Withheld
from domain.games.normandy.model import State, State5, overrun_of
from domain.games.normandy.orders import Withhold
from domain.games.normandy.units import is_combat, seat_of
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject
from domain.kernel.core import Frame

RULING = cite.ruling("Q25_defender_may_withhold_d", True)


def candidates(state: State, data: GameData) -> tuple[str, ...]:
    """The defender's disorganised combat units the owner may leave out, when another combat unit
    would still defend; none once asked, or where the option says no (Q25 False)."""
    c = state.combat
    if c is None or not isinstance(state, State5) or state.withheld is not None or overrun_of(state) is not None \
            or not state.core.options.get("Q25_defender_may_withhold_d", True):
        return ()
    return tuple(d for d in fighting(state, data) if state.units[d].d > 0) if len(fighting(state, data)) > 1 else ()


def fighting(state: State, data: GameData) -> tuple[str, ...]:
    """The defending combat units on the attacked hex."""
    c = state.combat
    assert c is not None
    return tuple(d for d in c.defenders if is_combat(data, d) and state.units[d].hex == c.hex)


def offer(adj: Adjudication) -> bool:
    """Open the defender's `withhold` decision; False when it has no choice (then nothing is recorded:
    the choice cannot arise later in the same combat)."""
    state: State = adj.state
    data = data_of(adj)
    options = candidates(state, data)
    if not options or state.combat is None:
        return False
    keep = len(fighting(state, data)) - len(options)  # units that defend whatever is withheld
    adj.open_frame("withhold", (seat_of(state, data, options[0]),),
                   prompt={"hex": state.combat.hex, "options": list(options), "others": keep}, cite=(cite.DISORGANISED, RULING))
    return True


def legal(frame: Frame) -> list[Withhold]:
    """None, each unit alone (`offer` asks only when two units defend), and all of them when another
    unit is left to defend."""
    opts = tuple(frame.prompt["options"])
    out = [Withhold(frame=frame.id, units=())] + [Withhold(frame=frame.id, units=(u,)) for u in opts]
    return out + ([Withhold(frame=frame.id, units=opts)] if len(opts) > 1 and frame.prompt.get("others", 0) > 0 else [])


def answer(adj: Adjudication, seat: str, order: Withhold, frame: Frame) -> None:
    state: State = adj.state
    data = data_of(adj)
    opts = frame.prompt["options"]
    if len(set(order.units)) != len(order.units) or any(u not in opts for u in order.units):
        raise Reject("bad_withhold", f"Only disorganised units of the hex may be withheld, each once: {', '.join(opts)}.",
                     cite.DISORGANISED, options=opts)
    if not [d for d in fighting(state, data) if d not in order.units]:
        raise Reject("one_must_defend", "At least one unit must defend a hex when attacked (§6.5).", cite.DISORGANISED)
    adj.close_frame(frame, {seat: list(order.units)}, cite=(cite.DISORGANISED, RULING))
    adj.emit(Withheld(units=tuple(sorted(order.units)), cite=(cite.DISORGANISED, RULING)))

