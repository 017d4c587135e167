"""12.7 The British Expeditionary Force Army (from home-before-the-leaves-fall@2): 12.71 Secret
Location, the BEF's positions secret until a German unit is adjacent to a British unit, and 12.74
British Army Naval Evacuation.

While the BEF is secret a British move is a hidden claim: only the Allied seat (and the referee)
reads it, and the referee, not the German seat, confirms it (the kernel's hidden attestations,
docs/rules-contract.md). The German seat's view shows the British units' positions as `secret`.
After every ruling that may have moved a unit, the umpire looks for a German unit in a hex next to
a British unit's hex (`hexes.neighbours`); the first time it finds one, one public
`hbtlf.bef_revealed` places every British unit on the map for good ("instantly places all British
units on the map"). Positions that are not hexes (a box, "within 1 of" a hex) are never adjacent:
the text gives no geometry for them. Arrivals keep the place the schedule prints (public data).
The Dummy units 12.71 lets the British place are the Standard Rules' (8.12) and not modelled.

12.74: the British player moves BEF units from an on-map coastal hex to Great Britain, every BEF
unit in the hex at once; they are out of play for the scenario, not eliminated. Coastal hexes and
ports are terrain, not in the text, so the evacuation is a claim (`bef_evacuation`) the other seat
confirms (the referee while the BEF is secret); the umpire names the units from the positions it
keeps, and from a hex that is not a port lists the non-infantry ones as reduced to cadre (a unit
is infantry when its printed token says so, an inferred reading: the counters are not in the text).
"It could only be done once" (the 12.74 note) is the option `bef_evacuation` = "once" (default):
one evacuation a game; "per_hex" reads the rule's "once per game" unit by unit, one hex at a time."""
from __future__ import annotations

from typing import Any

from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject
from domain.kernel.core import Attestation
from domain.kernel.seats import PUBLIC, Viewer, can_see, to_seats

from domain.games.hbtlf import cite, hexes
from domain.games.hbtlf.effects_armed_forces import BefRevealed
from domain.games.hbtlf.model import State, State2

SECRET_LOCATION = cite.rule("12.71 Secret Location", 1066, 1070)
BEF_ARMY = "British Expeditionary Force Army"
SECRET, REVEALED = "secret", "revealed"
SHOWN_AS = "secret"  # what the German seat's view shows for a British position while the BEF is secret
NAVAL_EVACUATION = cite.rule("12.74 British Army Naval Evacuation", 1084, 1086)
EVACUATION_KIND = "bef_evacuation"
# the claims that say where a unit is: moves, off-map rail (7.5), the evacuation (12.74), and @2's
# off-map non-rail movement and internment (7.4, 7.1: its exit edge, re-entry hex, neutral country)
SECRET_KINDS = ("moves", "offmap_rail", EVACUATION_KIND, "map_exit", "map_reentry", "internment")


def is_british(state: State, unit: str) -> bool:
    """British units take British REPs (6.21); the BEF's units are British."""
    return unit.startswith("British") or state.armies.get(unit) == BEF_ARMY


def secret(state: State) -> bool:
    """True while 12.71 keeps the BEF secret (never in @1, whose state has no `bef`)."""
    return isinstance(state, State2) and state.bef == SECRET


def hides(state: State, kind: str, units: tuple[str, ...]) -> bool:
    """Whether a claim of `kind` naming `units` is hidden from the German seat."""
    return secret(state) and kind in SECRET_KINDS and any(is_british(state, u) for u in units)


def allied_vis(state: State) -> str:
    return to_seats(*state.core.layout.seats_of("allied"))


def vis(state: State, units: tuple[str, ...]) -> str:
    """The visibility of an effect that says where `units` are."""
    return allied_vis(state) if secret(state) and any(is_british(state, u) for u in units) else PUBLIC


def check_apart(state: State, units: tuple[str, ...]) -> None:
    """While the BEF is secret its moves are declared apart from other units' (the claim is hidden
    whole, so a French unit's move in it would be hidden too): the umpire's procedure, not the text's."""
    if secret(state) and len({is_british(state, u) for u in units}) > 1:
        raise Reject("bef_moves_apart", "While the BEF is secret (12.71), declare British moves apart from other units' moves.",
                     SECRET_LOCATION)


def sees(state: State, viewer: Viewer) -> bool:
    """Whether `viewer` sees the British positions now."""
    if not secret(state) or viewer.omniscient or state.core.finished:
        return True
    return viewer.seat is not None and state.core.layout.side_of(viewer.seat) == "allied"


def positions(state: State, viewer: Viewer) -> dict[str, str]:
    shown = not sees(state, viewer)
    return {u: SHOWN_AS if shown and is_british(state, u) else p for u, p in sorted(state.positions.items())}


def off_map(state: State2, viewer: Viewer) -> dict[str, list[Any]]:
    """7.4's units off the map (unit -> [edge, impulse]) as `viewer` may read them: while the BEF is
    secret a British unit's exit edge is where it was, so the German seat is not told."""
    shown = sees(state, viewer)
    return {u: list(v) for u, v in sorted(state.off_map.items()) if shown or not is_british(state, u)}


def claims(state: State, viewer: Viewer) -> dict[str, dict[str, Any]]:
    """The claims as `viewer` may read them: a hidden one only says who made it and when."""
    out: dict[str, dict[str, Any]] = {}
    for aid, claim in state.claims.items():
        a = state.core.attestations.get(aid)
        if a is not None and a.hidden and not can_see(a.visibility, viewer, game_over=state.core.finished):
            out[aid] = {"seat": claim["seat"], "gt": claim["gt"], "impulse": claim["impulse"], "hidden": True}
        else:
            out[aid] = claim
    return out


def contact(state: State) -> tuple[str, str] | None:
    """A German unit and a British unit in adjacent hexes, if any (both in play, both in hexes)."""
    out = set(state.eliminated) | set(state.withdrawn)
    british: dict[str, str] = {}
    for u, p in state.positions.items():
        if u not in out and hexes.is_hex(p) and is_british(state, u) and state.sides.get(u) == "allied":
            british.setdefault(p, u)
    if not british:
        return None
    for u, p in sorted(state.positions.items()):
        if u in out or state.sides.get(u) != "german" or not hexes.is_hex(p):
            continue
        for n in hexes.neighbours(p):
            if n in british:
                return u, british[n]
    return None


def check_reveal(adj: Adjudication) -> None:
    """Reveal the BEF for good if a German unit is now adjacent to a British unit."""
    state = adj.state
    if not secret(state) or state.core.finished:
        return
    found = contact(state)
    if found is None:
        return
    german, british = found
    where = {u: p for u, p in sorted(state.positions.items()) if is_british(state, u) and state.sides.get(u) == "allied"
             and u not in state.eliminated and u not in state.withdrawn}
    adj.emit(BefRevealed(positions=where, german=german, british=british, cite=(SECRET_LOCATION,)))


def in_hex(state: State, hex_id: str) -> tuple[str, ...]:
    """The BEF units in play in `hex_id`, as the umpire keeps their positions."""
    out = set(state.eliminated) | set(state.withdrawn)
    return tuple(u for u, p in sorted(state.positions.items())
                 if p == hex_id and u not in out and is_british(state, u) and state.sides.get(u) == "allied")


def cadre(units: tuple[str, ...], port: bool) -> tuple[str, ...]:
    return () if port else tuple(u for u in units if "infantry" not in u.split(":", 1)[-1].lower())


def _evacuations(state: State) -> list[Attestation]:
    """Evacuation claims pending, or confirmed and not voided."""
    out = []
    for aid, claim in state.claims.items():
        a = state.core.attestations.get(aid)
        if claim.get("kind") == EVACUATION_KIND and a is not None and a.value != "void":
            out.append(a)
    return out


def check_evacuation(state: State, hex_id: str) -> tuple[str, ...]:
    """The units an evacuation from `hex_id` takes, or the refusal."""
    if not hexes.is_hex(hex_id):
        raise Reject("bad_hex", f"{hex_id!r} is not a hex id: W or E, a colon and four digits.", NAVAL_EVACUATION)
    if state.core.options.get("bef_evacuation", "once") == "once" and _evacuations(state):
        raise Reject("once_per_game", "The BEF's naval evacuation is done once a game (12.74 and its note).", NAVAL_EVACUATION)
    units = in_hex(state, hex_id)
    if not units:
        raise Reject("no_bef_units", f"No BEF unit in play is in {hex_id}.", NAVAL_EVACUATION)
    return units


def evacuation_hexes(state: State) -> list[str]:
    """Hexes holding BEF units in play, for /legal."""
    out = set(state.eliminated) | set(state.withdrawn)
    return sorted({p for u, p in state.positions.items()
                   if hexes.is_hex(p) and u not in out and is_british(state, u) and state.sides.get(u) == "allied"})
