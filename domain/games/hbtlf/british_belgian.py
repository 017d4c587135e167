"""A separate British and Belgian player's victory points and the ultimate-victor test (13.27, 13.57
C-D, 13.77 C-D, 13.87 C-D, 13.97 C-D, 13.107 D), @2 with the option `british_belgian_player`.

- Points: the German strength points destroyed by Belgian or British units go to that player, not
  the French (reported with the combat, `report_combat.british_belgian_sp`, attested), at section A's
  rate for a German SP; and, where section C prints them (S5; S7 and S8 "as Scenario 5"; S9), 5 for
  each hex of Belgium still Allied controlled, 10 for each village or town, 20 for each city
  (`claim_british_belgian_points`, attested: control needs the map). S2 and S10 print the test but
  no points for that player beyond the SP: their Belgian-territory claims are refused as not printed.
- The French player's total is then section A's without those SP; the ladder compares German and
  French points.
- The test: a British and Belgian total at least half as many as "either player" (German, French)
  makes it the ultimate victor whatever the ladder says; at least a quarter, a draw (not lost).
  "As either" is read as each of the two (option `british_belgian_either` = "each"; "one" reads it as
  either one): inferred. A total of zero is never a victory or a draw.
- The player plays from the Allied seat: the layout has two seats, so a third seat is not modelled."""
from __future__ import annotations

from typing import Any

from domain.kernel.commands import Reject

from domain.games.hbtlf import cite

CITE = cite.rule("13.57 C-D Separate British and Belgian Victory Points", 2042, 2044)
ITEMS = ("belgian_hex_still_allied", "belgian_village_or_town", "belgian_city")


def in_play(options: dict[str, Any]) -> bool:
    return bool(options.get("british_belgian_player"))


def rates(pack, sc) -> dict[str, float] | None:
    """Section C's points for Belgian territory, where the scenario prints them (following "as Scenario 5")."""
    bb = sc.victory.get("bb")
    if bb == "as Scenario 5":
        bb = pack.scenarios["5"].victory.get("bb")
    return bb if isinstance(bb, dict) else None


def claim_points(pack, sc, item: str, count: int) -> float:
    table = rates(pack, sc)
    if table is None:
        raise Reject("not_printed", f"Scenario {sc.id} prints no British and Belgian points for Belgian territory.", CITE)
    if item not in table:
        raise Reject("bad_item", f"Claim one of {', '.join(table)}.", CITE)
    if count < 1:
        raise Reject("bad_amount", "Claim at least one.", CITE)
    return float(table[item]) * count


def sp_rate(sc) -> float:
    allied = sc.victory.get("allied")
    return float(allied.get("german_sp_eliminated", 0)) if isinstance(allied, dict) else 0.0


def verdict(bb: float, german: float, french: float, reading: str) -> str:
    """'ultimate victor', 'draw', or 'lost' (13.x7 D)."""
    if bb <= 0:
        return "lost"
    test = all if reading == "each" else any
    if test(bb >= other / 2 for other in (german, french)):
        return "ultimate victor"
    if test(bb >= other / 4 for other in (german, french)):
        return "draw"
    return "lost"
