"""Turn 0 (D-Day, §10 L400-455): what it needs that no version builds yet. The scenarios that begin
with it (`dday`, `campaign`) are refused at creation and its orders (`drop`, `land_wave`,
`place_79th`) with `not_in_this_ruleset_version`; both messages name these parts, so a refusal says
exactly what is missing (docs/normandy-coverage.md lists them with their options and errata)."""
from __future__ import annotations

# (part, where in the text): each a procedure of Turn 0 with no rule in any version.
UNBUILT: tuple[tuple[str, str], ...] = (
    ("paratroop drops and drift on the Drop/Infiltration table, with the forced combat on landing", "§10 phase 0, O.1"),
    ("the night phase 0 (no air or naval support; option Q44)", "§10 phase 0"),
    ("the German reactions of phases 0, A and B", "§10 O.2, A.2, B.2"),
    ("the landing waves (first, second, last) on their assigned beach hexes, attacked from the sea", "§10 A.1, B.1"),
    ("DD tanks and their survival roll", "§10 A.1"),
    ("commandos and Rangers landing on their own hexes (0808, 0712)", "§10 O.1, A.1"),
    ("the 79th Armoured across the British beach hexsides", "§10 A.1"),
    ("coastal batteries and their bombardment (option Q55)", "§10 A.1, §6.2"),
    ("Turn 0's air (its AFAT column; carpet bombing of beaches and batteries with no VP)", "§10 A.1"),
    ("half movement ashore in phases A and B", "§10 A.1, B.1"),
    ("D-Day Confusion: a confused beach attacked a second time (option Q46, errata B6)", "§10, Q&A 61-62"),
    ("garrisons eliminated on D-Day turned to Allied depots", "§10 O.1, A.1"),
    ("port and Mulberry construction from a Turn 0 capture (W5; §7.1 construction is not built either)", "§7.1 L326"),
    ("the turn end of Turn 0 (6th Airlanding Brigade, Affected removed, D levels reduced)", "§10 B.3"),
)


def missing() -> str:
    return "; ".join(part for part, _ in UNBUILT)
