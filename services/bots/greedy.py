"""A greedy Breakout & Pursuit player: a pure function from a seat's view and its legal orders
to one of those orders, looking no further ahead than the order it makes.

- Set-up: the historical set-up when it is offered, else each unit on the hex nearest the enemy.
- Reinforcements go where they are needed at once: Allied combat units to Cherbourg, the
  Pipeline toward the Allied objectives, Supply units to the pipeline hex nearest the front,
  German arrivals and replacements to the edge hex nearest the Allies, Delay markers in the
  Allies' way.
- Supply Judgement: trace to every Supply unit that helps.
- The Air Strike: on the German units whose loss is likeliest to cost the most points.
- No airdrop cycle: each costs 8 German points (Victory G), which the Allies feel twice.
- The Breakout exit (Victory E): while it is open, the Allied divisions nearest the "D" edge, as
  many as still need to leave, are pulled toward it, and leave by it as soon as a listed move does.
- Initial Movement: plan the turn's attacks first (the enemy hexes worth most per point of
  defence, each with enough units moved next to it for high odds), then move the other units.
- Combat: the attack worth most in expected victory points (battle.py), until none is worth it.
- Other moves score each hex a unit may end on: toward the objectives (Paris, Antwerp, Reims and
  the fortresses for the Allies; for the Germans, the scoring hexes they hold), next to weak enemy
  stacks, in good terrain, within supply range (never isolated if it can help it), out of reach
  of strong enemy stacks. A unit moves only if that improves on staying.
- Decisions after a result: battle.answer.

Orders it does not know (a later version of the rules may list new ones) are left alone when the
phase can be ended, else it takes the first listed.
"""
from __future__ import annotations

from services.bots import battle
from services.bots.position import ALLIED, GERMAN, FAR, Knowledge, Position, blocks, combat

ANSWERS = ("retreat", "exchange_losses", "battlegroups", "advance")
PLACEMENTS = ("place_reinforcement", "place_replacement", "setup_place")
GOAL_ODDS = 7  # an attack is planned with units enough for 7-1 when they can get there
PLAN_MIN = 1.0  # the least expected worth of a planned attack
MOVE_MIN = 0.5  # the least improvement worth a move
# The weights of a hex's score, set by hand against the random bot (services/bots/evaluate.py).
SUPPLY_PENALTY = {ALLIED: {"supplied": 0.0, "unsupplied": 4.0, "isolated": 25.0},
                  GERMAN: {"supplied": 0.0, "unsupplied": 0.0, "isolated": 25.0}}
LAST_TURN_SUPPLY = 0.2
OVER_STACKED = 50.0
DANGER = {ALLIED: 1.0, GERMAN: 3.0}  # per unit of enemy strength next to a hex beyond half its defence
TOWARD_OBJECTIVE, TOWARD_ENEMY = 0.6, 0.4  # Allied: per hex of distance
TERRAIN, HOLD, GARRISON = 2.0, 0.3, 6.0  # German: per multiplier point, per hex from a held objective, an empty one
TOWARD_EXIT = 1.5  # Allied runners for Victory E: per hex nearer the "D" edge
EXITS_NEEDED = 3  # "three or more division sized units" (Victory E, L559)


def choose(view: dict, orders: list[dict], know: Knowledge, side: str) -> dict:
    pos = Position(view, know, side)
    kinds = {o["type"] for o in orders}
    end = next((o for o in orders if o["type"] == "end_phase"), None)
    answers = [o for o in orders if o["type"] in ANSWERS]
    if answers:
        return battle.answer(pos, answers)
    if "accept_historical_setup" in kinds:
        return {"type": "accept_historical_setup"}
    if "judge_supply" in kinds:
        return max((o for o in orders if o["type"] == "judge_supply"), key=lambda o: len(o["use"]))
    if "air_strike" in kinds:
        return battle.air_strike(pos, [o for o in orders if o["type"] == "air_strike"])
    if "place_delay_marker" in kinds:  # listed nearest the Allies first: in their way
        return next(o for o in orders if o["type"] == "place_delay_marker")
    chosen = None
    if kinds & set(PLACEMENTS):
        chosen = place(pos, [o for o in orders if o["type"] in PLACEMENTS])
    elif "attack" in kinds:
        best = battle.best_attack(pos, orders)
        chosen = best[1] if best else None
    elif "move" in kinds:
        chosen = move(pos, [o for o in orders if o["type"] == "move"])
    return chosen or end or orders[0]


# --- reinforcements and replacements -------------------------------------------------------------


def place(pos: Position, orders: list[dict]) -> dict:
    """One placement: the best hex of the first unit (units in id order; every unit is placed)."""
    unit = min(o["unit"] for o in orders)
    return max((o for o in orders if o["unit"] == unit), key=lambda o: _placement(pos, pos.know, o))


def _placement(pos: Position, know: Knowledge, o: dict) -> float:
    at = o["at"]
    if at not in know.land:
        return -FAR  # the Staging Area, or a German arrival held back: only when nothing else is listed
    u = _unit(pos, o["unit"])
    near_foe = pos.foe_field.get(at, FAR)
    if pos.side == GERMAN:
        return -near_foe
    if u is not None and u["type"] == "pipeline":  # extend the chain toward the objectives, out of German reach
        return -pos.objective_field.get(at, FAR) - 5 * (at in pos.zoc[GERMAN])
    return -near_foe - 5 * (at in pos.zoc[GERMAN])


def _unit(pos: Position, uid: str) -> dict | None:
    if uid in pos.units:
        return pos.units[uid]
    for box in pos.game.get("boxes", {}).values():
        for u in box:
            if u["id"] == uid:
                return u
    return None


# --- movement ----------------------------------------------------------------------------------


def move(pos: Position, orders: list[dict]) -> dict | None:
    exits = [o for o in orders if any(e.get("kind") == "exit" for e in o.get("events") or ())]
    if exits and pos.side == ALLIED and pos.breakout_open:  # off the map by a "D" edge hex: Victory E
        return min(exits, key=lambda o: (len(o["path"]), o["unit"]))
    moves: dict[str, dict[str, list[str]]] = {}
    for o in orders:
        if o in exits:
            continue
        moves.setdefault(o["unit"], {})[o["path"][-1]] = o["path"]
    if pos.clock["phase"] == "initial_movement":
        planned = plan_attacks(pos, moves)
        if planned:
            uid, dest = planned
            return {"type": "move", "unit": uid, "path": moves[uid][dest]}
    return best_move(pos, moves)


def targets(pos: Position) -> dict[str, tuple[float, int]]:
    """Enemy hexes that may be attacked, with (worth if destroyed, defence)."""
    out = {}
    hexes = set(pos.occupied[pos.foe])
    if pos.side == ALLIED:
        hexes |= {h for h in pos.fortresses if pos.intact(h)}
    loss = battle.LOSS_WEIGHT[pos.side]
    for h in hexes:
        held = [u for u in battle.defenders(pos, h, pos.foe) if blocks(u)]
        gain = battle.points(pos, held) + pos.know.objectives.get(h, 0) * (1 + loss) * (pos.control.get(h, GERMAN) != pos.side)
        out[h] = (gain, battle.defense(pos, h, pos.foe))
    return out


def plan_attacks(pos: Position, moves: dict[str, dict[str, list[str]]]) -> tuple[str, str] | None:
    """The next move of the turn's attack plan, or None when the plan needs no more moves.

    Targets are taken by worth per point of defence. Each claims the hexes next to it (units in
    one hex attack one hex, Combat B) and the units standing there, then draws movable units into
    those hexes, strongest first, until it has GOAL_ODDS times its defence or nothing more can
    come. The plan stands if the attack is worth PLAN_MIN points at the odds reached; it is made
    again after every move, so units already moved count as standing there."""
    know, side = pos.know, pos.side
    claimed: dict[str, str] = {}
    committed: set[str] = set()
    arriving: dict[str, int] = {}
    first: tuple[float, str, str] | None = None
    ranked = sorted(targets(pos).items(), key=lambda kv: (-kv[1][0] / max(kv[1][1], 1), kv[0]))
    movable = sorted((pos.units[uid] for uid in moves if combat(pos.units[uid]) and battle.attack_strength(pos.units[uid]) > 0),
                     key=lambda u: (-battle.attack_strength(u), u["id"]))
    for t, (gain, d) in ranked:
        if gain <= 0:
            continue
        slots = [n for n in know.land.get(t, ()) if pos.holders(n) != pos.foe and not (side == ALLIED and pos.intact(n))
                 and claimed.get(n, t) == t]
        present = [u for n in slots for u in pos.at.get(n, ()) if u["side"] == side and combat(u)
                   and u["id"] not in committed and u["id"] not in pos.attacked and battle.attack_strength(u) > 0]
        strength = sum(battle.attack_strength(u) for u in present)
        room = {n: battle.STACK - pos.stack(n) - arriving.get(n, 0) for n in slots}
        drawn: list[tuple[dict, str]] = []
        here = {u["id"] for u in present}
        for u in movable:
            if u["id"] in committed or u["id"] in here:
                continue
            if d > 0 and strength >= GOAL_ODDS * d:
                break
            dests = [n for n in slots if n in moves[u["id"]] and room[n] > 0]
            if not dests:
                continue
            dest = max(dests, key=lambda n: (-know.river(n, t), -supply_penalty(pos, n), know.multiplier(n, side, False), n))
            room[dest] -= 1
            drawn.append((u, dest))
            strength += battle.attack_strength(u)
        attackers = present + [dict(u, hex=n) for u, n in drawn]
        if not attackers:
            continue
        worth = battle.worth(pos, attackers, t, battle.column(pos, strength, d))
        if worth < PLAN_MIN:
            continue
        for u in present:
            claimed[u["hex"]] = t
            committed.add(u["id"])
        for u, n in drawn:
            claimed[n] = t
            committed.add(u["id"])
            arriving[n] = arriving.get(n, 0) + 1
            if first is None or battle.attack_strength(u) > first[0]:
                first = (battle.attack_strength(u), u["id"], n)
    return (first[1], first[2]) if first else None


def supply_penalty(pos: Position, hex_id: str) -> float:
    """On the last Game-Turn supply hardly matters any more: what counts is who holds what at the end."""
    return SUPPLY_PENALTY[pos.side][pos.supply_state(pos.side, hex_id)] * (LAST_TURN_SUPPLY if pos.last_turn else 1.0)


def runners(pos: Position) -> tuple[frozenset[str], dict[str, int]]:
    """The Allied divisions that go for the "D" edge (the nearest, as many as must still leave), and
    the distance to it; none when Victory E is closed or for the Germans."""
    if pos.side != ALLIED or not pos.breakout_open:
        return frozenset(), {}
    field = pos.know.field(pos.know.edge_d)
    ready = [u for u in pos.own() if u.get("size") == "XX" and combat(u) and (u.get("supply") or "supplied") == "supplied"
             and u["hex"] in field]
    ready.sort(key=lambda u: (field[u["hex"]], u["id"]))
    return frozenset(u["id"] for u in ready[:max(0, EXITS_NEEDED - pos.exited)]), field


def best_move(pos: Position, moves: dict[str, dict[str, list[str]]]) -> dict | None:
    """The move that most improves on staying put, if any improves by MOVE_MIN."""
    scores = Scores(pos)
    running, to_edge = runners(pos)
    taken = pos.objectives(pos.side)
    gain = 1 + battle.LOSS_WEIGHT[pos.side]
    best: tuple[float, str, str] | None = None
    for uid in sorted(moves):
        u = pos.units[uid]
        if not combat(u) and u["type"] != "truck":
            continue
        # A hex over the stacking limit at the end of the phase loses its excess (Stacking M): move out.
        here = scores[u["hex"]] - OVER_STACKED * (combat(u) and pos.stack(u["hex"]) > battle.STACK)
        for dest, path in moves[uid].items():
            s = scores[dest] - here + gain * sum(taken.get(h, 0) for h in set(path))  # passing through takes control
            if uid in running:
                s += TOWARD_EXIT * (to_edge[u["hex"]] - to_edge.get(dest, to_edge[u["hex"]]))
            if s > MOVE_MIN and (best is None or s > best[0]):
                best = (s, uid, dest)
    return {"type": "move", "unit": best[1], "path": moves[best[1]][best[2]]} if best else None


class Scores:
    """hex -> how good it is to end a move there for the deciding side (made once per decision)."""

    def __init__(self, pos: Position):
        self.pos = pos
        self.memo: dict[str, float] = {}
        foe = pos.foe
        self.targets = {h: min(3.0, battle.points(pos, pos.at[h]) / max(battle.defense(pos, h, foe), 1))
                        for h in pos.occupied[foe]}
        self.threat = {h: sum(battle.attack_strength(v) for v in pos.at[h] if v["side"] == foe and combat(v))
                       for h in pos.occupied[foe]}
        held = frozenset(h for h in pos.know.objectives if pos.control.get(h, GERMAN) == GERMAN)
        self.held = pos.know.field(held) if held else {}
        self.empty = frozenset(h for h in held if pos.holders(h) != GERMAN)

    def __getitem__(self, h: str) -> float:
        if h not in self.memo:
            self.memo[h] = self._score(h)
        return self.memo[h]

    def _score(self, h: str) -> float:
        pos, know, side = self.pos, self.pos.know, self.pos.side
        score = -supply_penalty(pos, h)
        near = pos.foe_field.get(h, FAR)
        adjacent = [n for n in know.land.get(h, ()) if n in self.threat]
        threat = sum(self.threat[n] for n in adjacent)
        own = sum(u["strength"] for u in pos.at.get(h, ()) if u["side"] == side and combat(u)) + 5
        score -= max(0.0, threat / (own * know.multiplier(h, side, pos.intact(h))) - 0.5) * DANGER[side]
        if side == ALLIED:
            score -= TOWARD_OBJECTIVE * pos.objective_field.get(h, FAR) + TOWARD_ENEMY * min(near, 8)
            score += sum(self.targets[n] for n in adjacent)
        else:  # hold the scoring hexes, in good terrain, about three hexes from the Allies
            score += TERRAIN * know.multiplier(h, side, pos.intact(h)) - HOLD * self.held.get(h, FAR)
            score += GARRISON * (h in self.empty) - 0.02 * (min(near, 10) - 3) ** 2
        return score


