"""Leaders who arrive without a formation (@2): 12.1's two new French leaders an impulse, the French
reinforcement leaders (12.11) and the British leaders (12.73). Pack table `reinforcement_leaders`.

- 12.11: Hache, Micheler, Vautier, Baret, Grosetti, Dumas, Maud'huy and Maistre are available from
  Game-Turn 2 and "not automatically placed with the formation printed on their counter": the French
  player places each, once, with a formation he names (which formation is his; the umpire records it).
  Maud'huy "initially enters the game as a reinforcement leader" and is promoted only once placed, in
  scenarios that include Game-Turn 2 (later set-ups do not say which leaders are in play).
- 12.1: two new Allied leaders an impulse at most, counting the four kinds 12.1 lists (reinforcement,
  replacement, promoted, replacement promoted: 12.11-12.14, all French). Read as French only: 12.1
  sends the British leaders to 12.73, which gives them their own entry (inferred).
- 12.73: Smith-Dorrien (II) from GT3, with the II Corps, once that corps is in play; Allenby (C) from
  GT3 with the 1 cavalry (1c) division, and with the Cavalry (C) Corps once it has arrived (he joins it
  when it arrives). A scenario that begins after GT3 with the BEF in play sets them up with their
  formations. Which counter stands where is on the charts and the map (attested)."""
from __future__ import annotations

import re
from typing import Any

from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject

from domain.games.hbtlf import cite
from domain.games.hbtlf.effects_armed_forces import LeaderPlaced
from domain.games.hbtlf.model import State, State2
from domain.games.hbtlf.scenarios import names
from domain.games.hbtlf.tables import chart

REINFORCEMENT = cite.rule("12.11 French Reinforcement Leaders", 805, 807)
NEW_LEADERS = cite.rule("12.1 Allied Leaders", 801, 803)
BRITISH = cite.rule("12.73 British Leaders", 1078, 1082)
PER_IMPULSE = 2
_ABBREV = re.compile(r"\([^)]*\)")


def _why(row: dict[str, Any]):
    return REINFORCEMENT if row["nation"] == "french" else BRITISH


def _same(name: str, token: str) -> bool:
    """The printed token, with or without its abbreviation in brackets (S7 prints "1 cavalry division",
    12.73's scenarios "1 cavalry (1c) division")."""
    return names(name, token) or names(_ABBREV.sub("", name), _ABBREV.sub("", token))


def british_in_play(state: State, token: str) -> str | None:
    """A British unit in play that the printed token names (the BEF's, or a 'British: ...' arrival)."""
    for u in sorted(state.positions):
        if (state.sides.get(u) == "allied" and u not in state.withdrawn and u not in state.eliminated
                and (u.startswith("British") or state.armies.get(u, "").startswith("British")) and _same(u, token)):
            return u
    return None


def new_this_impulse(state: State2) -> int:
    c = state.core.clock
    return state.new_leaders[2] if state.new_leaders[:2] == (c.turn, c.impulse) else 0


def check_cap(state: State2) -> None:
    """12.1: at most two new French leaders an impulse (@2)."""
    if new_this_impulse(state) >= PER_IMPULSE:
        raise Reject("two_leaders_an_impulse", "Two new Allied leaders may be placed an impulse; the others wait for the next (12.1).",
                     NEW_LEADERS)


def place(adj: Adjudication, pack, side: str, leader: str, formation: str) -> None:
    s = adj.state
    rows = chart(pack, "reinforcement_leaders")
    row = rows.get(leader)
    if row is None or side != "allied":
        raise Reject("not_a_reinforcement_leader", f"Reinforcement leaders are the Allied {', '.join(rows)} (12.11, 12.73).", REINFORCEMENT)
    why = _why(row)
    if leader in s.leaders_placed:
        raise Reject("leader_in_play", f"{leader} is already with {s.leaders_placed[leader]}.", why)
    if s.core.clock.turn < row["from_gt"]:
        raise Reject("too_early", f"{leader} arrives on Game-Turn {row['from_gt']}.", why, first_gt=row["from_gt"])
    if row["nation"] == "french":
        if not formation.strip():
            raise Reject("no_formation", f"Name the formation {leader} is placed with (12.11).", why)
        check_cap(s)
    else:
        if british_in_play(s, row["needs"]) is None:
            raise Reject("formation_not_in_play", f"{leader} enters play once the British {row['needs']} is in play (12.73).", why)
        joined = row.get("joins") and british_in_play(s, row["joins"])
        expected = row["joins"] if joined else row["with"]
        if not _same(formation, expected):
            raise Reject("wrong_formation", f"{leader} is placed with the {expected} (12.73).", why, expected=expected)
        formation = expected
    adj.emit(LeaderPlaced(leader=leader, formation=formation, nation=row["nation"], cite=(why,) + ((NEW_LEADERS,) if row["nation"] == "french" else ())))


def after_arrival(adj: Adjudication, pack, units: tuple[str, ...]) -> None:
    """12.73B: when the British Cavalry (C) Corps arrives, Allenby (if placed) joins it."""
    for leader, row in chart(pack, "reinforcement_leaders").items():
        joins = row.get("joins")
        if joins and leader in adj.state.leaders_placed and any(_same(u, joins) for u in units):
            adj.emit(LeaderPlaced(leader=leader, formation=joins, nation=row["nation"], cite=(BRITISH,)))


def at_setup(state: State2, pack, sc) -> dict[str, str]:
    """12.73: a scenario that begins after the British leaders' Game-Turn with the BEF in play has them with their formations."""
    out: dict[str, str] = {}
    for leader, row in chart(pack, "reinforcement_leaders").items():
        if row["nation"] == "british" and sc.start.turn > row["from_gt"] and british_in_play(state, row["needs"]):
            out[leader] = row["joins"] if row.get("joins") and british_in_play(state, row["joins"]) else row["with"]
    return out


def must_be_placed(state: State2, pack, sc, leader: str) -> bool:
    """12.13: a reinforcement leader (Maud'huy) is promoted only once in play, where the scenario includes his arrival."""
    row = chart(pack, "reinforcement_leaders").get(leader)
    return row is not None and sc.start.turn <= row["from_gt"] and leader not in state.leaders_placed


def example(state: State2, pack, side: str) -> tuple[str, str] | None:
    """A placement the Allied player may make now (/legal)."""
    if side != "allied":
        return None
    for leader, row in chart(pack, "reinforcement_leaders").items():
        if leader in state.leaders_placed or state.core.clock.turn < row["from_gt"]:
            continue
        if row["nation"] == "french" and new_this_impulse(state) < PER_IMPULSE:
            return leader, f"{row['printed']} Corps"
        if row["nation"] == "british" and british_in_play(state, row["needs"]):
            joined = row.get("joins") and british_in_play(state, row["joins"])
            return leader, row["joins"] if joined else row["with"]
    return None
