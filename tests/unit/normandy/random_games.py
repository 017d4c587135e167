"""In-process random games of Normandy 1944 (Scenarios 1 and 2) with the state's invariants checked
after every ruling (one side per hex and per strategic box except under a Confusion marker, and a
Confusion marker only where both sides are, version 4; every unit on a hex or in a box; stacking
within the limits, per side, at the end of every movement phase; version 4's Reserve, overrun and
Exploitation records, and the outcome of each `set_reserve` and `overrun`).

A random player picks uniformly among its seat's listed orders; in a movement phase it first picks
a unit with moves (or the end of the phase), then one of that unit's listed moves, so a game of
Cobra (100+ units) is not dominated by listing every unit's every move at each order.

Used by the test suite (a sample) and by `python -m tests.unit.normandy.random_games N`: N games
of each scenario, reporting exceptions, invariant breaks and results."""
from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from collections import Counter
from functools import lru_cache

from domain.games.normandy import NORMANDY_5 as NORMANDY
from domain.games.normandy.model import invariants
from domain.games.normandy.stacking import overstacked
from domain.kernel.commands import Accepted
from domain.kernel.dice import KeyedDice
from domain.kernel.session import Session
from infra.packs import load_pack_dir

SCENARIOS = ("1", "2")
REPORTED = SCENARIOS + ("2+boxes",)


@lru_cache(maxsize=1)
def pack():
    return load_pack_dir(NORMANDY.pack_dir)


class InvariantBroken(AssertionError):
    pass


def dice_for(seed: int):
    return lambda command: KeyedDice(game_id=f"random-{seed}", command=command,
                                     keys=lambda chain, epoch: hashlib.sha256(f"{seed}:{chain}:{epoch}".encode()).digest())


def choose(session: Session, seat: str, rng: random.Random):
    state = session.state
    if state.core.clock.phase == "movement" and state.core.top() is None:
        candidates = [u.id for u in state.units.values() if u.id not in state.moved]
        rng.shuffle(candidates)
        candidates.sort(key=lambda uid: not (state.units[uid].box or "").startswith("box-"))  # the off-map units first
        for uid in candidates[:8]:
            orders = session.legal(seat, uid)
            if orders and rng.random() < 0.8:
                return rng.choice(orders)
        orders = [o for o in session.ruleset.legal(state, seat) if o.__struct_config__.tag in ("end_phase", "land")]
        return rng.choice(orders)
    return rng.choice(session.legal(seat))


OFFMAP_TAGS = ("normandy.offmap_moved", "normandy.interdiction", "normandy.box_control", "normandy.confusion_placed",
               "normandy.confusion_lifted", "normandy.depot_vanished", "normandy.extended_move", "normandy.special_operation")
PORT_TAGS = ("normandy.construction_begun", "normandy.construction_turn", "normandy.port_placed", "normandy.port_flipped",
             "normandy.cherbourg_occupied", "normandy.depot")  # version 5's §7.1


# "2+boxes": Cobra with a few units of each side put on the Strategic Movement Map at the start, so
# that the off-map layer is played (the log of such a game is not a replayable record).
BOXED_START = {"de-116-pz": "box-le-mans", "de-9-pz": "box-paris", "de-363-inf": "box-rennes", "de-partisan": "box-languedoc",
               "us-6-arm": "box-avranches-approach", "us-5-arm": "box-avranches-approach", "fr-2-db": "box-alencon",
               "us-viii-corps": "box-avranches-approach"}


def boxed(session: Session) -> None:
    from msgspec.structs import replace
    from domain.games.normandy.model import Unit
    s = session.state
    units = dict(s.units)
    for uid, box in BOXED_START.items():
        side = session.ruleset.data.pack.counters[uid].side
        units[uid] = Unit(id=uid, side=side, box=box, markers=2 if uid == "us-viii-corps" else 0)
    session.state = replace(s, units=units)


def play(scenario: str, seed: int, *, max_orders: int = 20000, ruleset=NORMANDY, tally: Counter | None = None,
         options: dict | None = None) -> Session:
    """A random game under the newest version (`ruleset` for an older one); `tally` counts the
    off-map, Confusion and port effects (version 4). Scenario "2+boxes" is Cobra with `BOXED_START`."""
    rng = random.Random(seed)
    session = Session(ruleset, pack(), scenario.split("+")[0], dice=dice_for(seed), game_id=f"random-{seed}", options=options)
    if scenario.endswith("+boxes"):
        boxed(session)
    for _ in range(max_orders):
        if session.state.core.finished:
            return session
        seat = rng.choice(session.to_act())
        before = session.state.core.clock
        order = choose(session, seat, rng)
        ruling = session.submit(seat, order)
        if not isinstance(ruling, Accepted):
            raise InvariantBroken(f"listed order refused: {seat} {order}: {ruling}")
        if tally is not None:
            tally.update(t for e in ruling.effects if (t := e.__struct_config__.tag) in OFFMAP_TAGS + PORT_TAGS)
        broken = invariants(session.state) + version_4(session.state, order, ruling) + version_5(session.state, order, ruling)
        if before.phase == "movement" and session.state.core.clock != before and before.side:
            broken += [f"overstacked at the end of movement: {h}" for h in overstacked(session.state, session.ruleset.data, before.side)]
        if broken:
            raise InvariantBroken(f"{scenario} seed {seed}: {broken}")
    raise InvariantBroken(f"{scenario} seed {seed}: no result after {max_orders} orders")


USED: Counter[str] = Counter()  # version 4's orders and outcomes met in the games played


def version_4(state, order, ruling) -> list[str]:
    """Checks of `normandy-1944@4`'s Reserve (§4.1.1), overrun (§4.3) and Exploitation (§6.8) after
    the ruling of one of their orders (the state's own invariants are `model.invariants`)."""
    tag = order.__struct_config__.tag
    out: list[str] = []
    if tag in ("set_reserve", "overrun", "exploit"):
        USED[tag] += 1
    if tag == "set_reserve" and order.unit not in state.reserve:
        out.append(f"{order.unit} accepted into Reserve but not in it")
    if tag == "overrun":
        failed = ruling.partial is not None and ruling.partial.code == "overrun_failed"
        USED["overrun_failed" if failed else ("overrun_succeeded" if state.overrun is None else "overrun_pending")] += 1
        alive = [u for u in order.units if state.units[u].hex is not None]
        if failed and any(u not in state.moved or (state.units[u].d == 0 and state.units[u].hex is not None) for u in alive):
            out.append("a failed overrun's stack may still move or took no D level")
        if not failed and state.overrun is None and any(state.units[u].hex != order.hex for u in alive):
            out.append("a successful overrun's stack is not in the overrun hex")
    if any(type(e).__name__ == "ExploitationBegun" for e in ruling.effects):
        USED["exploitation"] += 1
    return out


def version_5(state, order, ruling) -> list[str]:
    """Checks of `normandy-1944@5`'s withholding (§6.5, Q25), Administration Phase (§1.1.1.3) and airborne supply (§7.5) after
    the ruling of one of their orders."""
    tag = order.__struct_config__.tag
    out: list[str] = []
    if tag in ("put_to_rest", "lift_rest", "rebuild", "enter_from_rest", "return_to_reserve"):
        USED[tag] += 1
        u = state.units[order.unit]
        if tag in ("put_to_rest", "lift_rest") and (tag == "put_to_rest") != (order.unit in state.rest):
            out.append(f"{tag} {order.unit}: its Rest marker is {'absent' if tag == 'put_to_rest' else 'still there'}")
        if tag == "return_to_reserve" and u.box != "strategic_reserve":
            out.append(f"{order.unit} returned to the reserve but is in {u.box or u.hex}")
        if tag == "enter_from_rest" and u.box not in ("strategic_reserve", "pending"):
            out.append(f"{order.unit} entered from Rest but is in {u.box or u.hex}")
    if tag == "on_foot":  # §2.2: on foot for the phase, not yet moved
        USED[tag] += 1
        if order.unit not in state.on_foot or order.unit in state.moved:
            out.append(f"{order.unit} put on foot but not recorded so, or already moved")
    if tag == "airborne_supply":  # §7.5: the markers are gone, within the turn's 4 SP
        USED[tag] += 1
        if any(state.units[u].unsupplied for u in order.units) or not 0 < state.airborne[1] <= 4:
            out.append(f"airborne supply of {order.units}: still unsupplied or {state.airborne[1]} SP spent")
    if tag == "withhold":
        USED["withhold_some" if order.units else "withhold_none"] += 1
        said = [e for e in ruling.effects if type(e).__name__ == "Withheld"]
        if [tuple(e.units) for e in said] != [tuple(sorted(order.units))]:
            out.append(f"a withhold answer {order.units} recorded as {said}")
    return out


def main(argv: list[str]) -> int:
    args = _arguments().parse_args(argv)
    for scenario in args.scenario or REPORTED:
        results: Counter[str] = Counter()
        tally: Counter[str] = Counter()
        errors: list[str] = []
        start, wall = time.process_time(), time.perf_counter()
        for seed in range(args.first, args.first + args.n):
            try:
                s = play(scenario, seed, tally=tally)
                results[s.state.core.result.level if s.state.core.result else "none"] += 1
            except Exception as exc:  # a game that crashes is counted and reported, the run goes on
                errors.append(f"seed {seed}: {type(exc).__name__}: {exc}")
            if args.progress:
                print(f"  seed {seed}: {len(errors)} errors so far, {time.perf_counter() - wall:.0f} s", flush=True)
        print(f"scenario {scenario}: {args.n} games (seeds {args.first}-{args.first + args.n - 1}), {len(errors)} exceptions or "
              f"invariant breaks, {time.process_time() - start:.0f} s CPU, {time.perf_counter() - wall:.0f} s wall; "
              f"results {dict(results)}")
        print(f"  off-map, Confusion and port effects: {dict(sorted(tally.items()))}")
        for e in errors[:10]:
            print("  ", e)
        print(f"  version 4's and 5's orders: {dict(USED)}", flush=True)
        USED.clear()
    return 0


def _arguments() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m tests.unit.normandy.random_games", description=__doc__.split("\n\n")[0])
    p.add_argument("n", type=int, nargs="?", default=10, help="games of each scenario (default 10)")
    p.add_argument("--scenario", action="append", choices=REPORTED,
                   help="play only this scenario (repeatable; default: all of " + ", ".join(REPORTED) + ")")
    p.add_argument("--first", type=int, default=0, help="the first seed (default 0): seeds first .. first+n-1")
    p.add_argument("--progress", action="store_true", help="print a line after each game")
    return p


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
