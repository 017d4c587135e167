"""3.0 Naval Capacity, Movement Rate, Naval Barrage (the Allies' alone).

- 3.1: the French and the British each land 1 BE of marine or naval infantry a Game-Turn (ledgers
  `naval_landing_french`, `naval_landing_british`, a capacity per Game-Turn: what is left expires);
  from Game-Turn 7 the French also move up to 4 BE of one formation between ports once a
  Game-Turn (`naval_transfer`: one use).
- 3.2: a transfer's BE count cavalry double and add one logistics BE per formation, as rail does
  (the 3.2 example: a two-brigade division costs 4); marines count their Combat Class BE only.
- 3.22: Paris embarks, never disembarks.
- 3.3: at the start of each Allied Command Phase the Allies roll two dice x 10, the impulse's
  naval barrage value (`naval_barrage`, gone with the impulse). Where the Command Phase falls in an
  impulse is Standard Rules 5.2/6.0, not in the text, so the Allied player asks for the roll
  (`roll_naval_barrage`) once an impulse in his segment; without it the impulse has no barrage.
- 3.31: every combat period in which the Allies declare a naval barrage the German rolls two dice;
  a 12 gives the Germans 5 victory points. One `naval_barrage` order is one combat period's
  declaration (it may split the value over several hexes).

Where the units go stays the players' (declare_moves): the coast, the sea lanes and the ports
other than the three 3.22 names are on the map, not in the text."""
from __future__ import annotations

from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject
from domain.kernel.effects import LedgerPosted

from domain.games.hbtlf import cite, hexes
from domain.games.hbtlf.effects import NavalBarrageDeclared, NavalBarrageRolled, NavalMoved, VictoryPointsRecorded
from domain.games.hbtlf.tables import chart

CAPACITY = cite.rule("3.1 Naval Capacity", 163, 165)
RATE = cite.rule("3.2 Naval Movement Rate", 167, 173)
PORTS = cite.rule("3.22 Ports", 179, 179)
BARRAGE = cite.rule("3.3 Naval Barrage", 181, 189)
SUBMARINES = cite.rule("3.31 German Submarines", 191, 191)
NATIONS = ("french", "british")
TRANSFER_FROM_GT = 7  # 3.1
EMBARK_ONLY = ("Paris",)  # 3.22
SUBMARINE_HIT, SUBMARINE_VP = 12, 5.0  # 3.31


def in_force(options) -> bool:
    return "3.0" not in options.get("rules_off", ())


def _reset(adj: Adjudication, name: str, amount: int, why) -> None:
    held = adj.core.ledger(name, "allied").balance
    if held:
        adj.emit(LedgerPosted(ledger=name, owner="allied", kind="expire", amount=held, cite=(why,)))
    adj.emit(LedgerPosted(ledger=name, owner="allied", kind="cap", amount=amount, cite=(why,)))
    if amount:
        adj.emit(LedgerPosted(ledger=name, owner="allied", kind="credit", amount=amount, cite=(why,)))


def strategic_phase(adj: Adjudication, pack, gt: int) -> None:
    cap = chart(pack, "naval_capacity")
    for nation in NATIONS:
        _reset(adj, f"naval_landing_{nation}", int(cap[nation]["be"]), CAPACITY)
    _reset(adj, "naval_transfer", 1 if gt >= TRANSFER_FROM_GT and cap["french"]["extra_be_from_gt7"] else 0, CAPACITY)


def roll(adj: Adjudication) -> None:
    """3.3: the Allied Command Phase's roll, two dice x 10, for this impulse's naval barrage."""
    s = adj.state
    here = (s.core.clock.turn, s.core.clock.impulse)
    if s.naval_barrage_rolled == here:
        raise Reject("already_rolled", "The naval barrage is rolled once an impulse, in the Allied Command Phase (3.3).", BARRAGE)
    a, b = adj.roll(6, "3.3 naval barrage (Allied)"), adj.roll(6, "3.3 naval barrage (Allied)")
    value = (a.value + b.value) * 10
    adj.emit(NavalBarrageRolled(gt=here[0], impulse=here[1], rolls=(a, b), value=value, cite=(BARRAGE,)))
    _reset(adj, "naval_barrage", value, BARRAGE)


def transfer_be(be: int, cavalry_be: int) -> int:
    """BE a formation moving by Naval Mode counts: cavalry double, one logistics BE (3.2, as 2.2)."""
    return be + 2 * cavalry_be + 1


def _ports(pack, embark: str, disembark: str) -> None:
    places = pack.extra["places"]
    for h in (embark, disembark):
        if not hexes.is_hex(h):
            raise Reject("bad_hex", f"{h!r} is not a hex id (W:RRCC or E:RRCC).", cite.UNIT_LOCATIONS)
    for name in EMBARK_ONLY:
        if places[name]["hex"] == disembark:
            raise Reject("embark_only_port", f"{name} ({disembark}) may embark units by Naval Mode but never disembark them (3.22).", PORTS)


def move(adj: Adjudication, pack, *, nation: str, kind: str, formation: str, be: int, cavalry_be: int, embark: str, disembark: str) -> None:
    gt = adj.core.clock.turn
    if nation not in NATIONS:
        raise Reject("no_naval_capacity", f"Only the French and the British have a Naval Capacity (3.1), not {nation!r}.", CAPACITY)
    if be < 0 or cavalry_be < 0 or be + cavalry_be < 1:
        raise Reject("bad_naval_move", "A naval move carries at least one BE.", RATE)
    _ports(pack, embark, disembark)
    if kind == "landing":
        if cavalry_be:
            raise Reject("bad_naval_move", "A landing carries marine or naval infantry, counted by their Combat Class BE only (3.1, 3.2).", RATE)
        ledger, cost = f"naval_landing_{nation}", be
        have = adj.core.ledger(ledger, "allied").balance
        if cost > have:
            raise Reject("naval_capacity", f"The {nation} may land {have} more BE of marine or naval infantry this Game-Turn, not {cost}.",
                         CAPACITY, available=have)
        adj.emit(LedgerPosted(ledger=ledger, owner="allied", kind="debit", amount=cost, cite=(CAPACITY, RATE)))
    elif kind == "transfer":
        cost = transfer_be(be, cavalry_be)
        if nation != "french" or gt < TRANSFER_FROM_GT:
            raise Reject("naval_capacity", "Only the French move other units between ports, from Game-Turn 7 (3.1).", CAPACITY)
        limit = int(chart(pack, "naval_capacity")["french"]["extra_be_from_gt7"])
        if adj.core.ledger("naval_transfer", "allied").balance < 1:
            raise Reject("naval_capacity", "The French port-to-port move is once per Game-Turn and was made (3.1).", CAPACITY)
        if cost > limit:
            raise Reject("naval_capacity", f"The move counts {cost} BE (BE + 2 x cavalry BE + 1 logistics, 3.2); at most {limit} (3.1).",
                         CAPACITY, cost=cost, available=limit)
        adj.emit(LedgerPosted(ledger="naval_transfer", owner="allied", kind="debit", amount=1, cite=(CAPACITY, RATE)))
    else:
        raise Reject("bad_naval_move", f"A naval move is a landing or a transfer, not {kind!r}.", CAPACITY)
    adj.emit(NavalMoved(nation=nation, kind=kind, formation=formation, be=cost, embark=embark, disembark=disembark,
                        cite=(CAPACITY, RATE, PORTS)))


def barrage(adj: Adjudication, targets: tuple[tuple[str, int], ...], use: str) -> None:
    if use not in ("barrage", "fire"):
        raise Reject("bad_naval_barrage", "The Allies declare the naval barrage for Barrage or for Fire combat (3.3).", BARRAGE)
    if not targets or any(v < 1 or not hexes.is_hex(h) for h, v in targets):
        raise Reject("bad_naval_barrage", "Name each target hex (W:RRCC) and a value of at least one.", BARRAGE)
    total = sum(v for _, v in targets)
    s = adj.state
    rolled = s.naval_barrage_rolled == (s.core.clock.turn, s.core.clock.impulse)
    have = adj.core.ledger("naval_barrage", "allied").balance if rolled else 0
    if not rolled:
        raise Reject("naval_barrage_not_rolled", "Roll this impulse's naval barrage first (roll_naval_barrage, 3.3).", BARRAGE)
    if total > have:
        raise Reject("naval_barrage_value", f"{have} naval barrage value is left this impulse, not {total} (3.3: two dice x 10).",
                     BARRAGE, available=have)
    adj.emit(LedgerPosted(ledger="naval_barrage", owner="allied", kind="debit", amount=total, cite=(BARRAGE,)))
    a, b = adj.roll(6, "3.31 German submarines"), adj.roll(6, "3.31 German submarines")
    hit = a.value + b.value == SUBMARINE_HIT
    adj.emit(NavalBarrageDeclared(targets=targets, use=use, submarine_rolls=(a, b), sunk=hit, cite=(BARRAGE, SUBMARINES)))
    if hit:
        adj.emit(VictoryPointsRecorded(side="german", points=SUBMARINE_VP, reason="3.31 German submarines: Allied vessels sunk",
                                       attestation="", cite=(SUBMARINES,)))
