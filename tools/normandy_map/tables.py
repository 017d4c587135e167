"""The tables: the text's own (construction times, VP schedule, stacking, cups, fixed weather) as
`rulebook`, and the printed game aids it only names (CRT, bombardment, FBAT, AFAT, TEC, weather
and the rest of digest §3.7) as placeholders that satisfy every constraint the text fixes
(tests/unit/normandy/test_tables.py checks each against its line)."""
from __future__ import annotations

from domain.kernel.pack.schema import Chart, ChartRow, Crt, CrtCell, Die
from tools.normandy_map.sources import Src

CRT_COLUMNS = ("1:3", "1:2", "1:1", "3:2", "2:1", "3:1", "4:1", "5:1", "6:1")
CRT_PRINTED_COLUMNS = ("1:3", "1:1", "3:2", "2:1", "6:1")  # named in §6.3, §6.12, §5.3, §6.3
# Results: attacker/defender step losses "A1"/"D1", disorganisation "d" levels, retreat "R",
# exploitation "X", elimination "E" (Q&A 38). Monotone: higher odds or roll never worse for the attacker.
CRT_ROWS = {
    "1": ("A2", "A2", "A1", "A1", "A1D1", "D1", "D1R", "D2R", "D2RX"),
    "2": ("A2", "A1", "A1", "A1D1", "D1", "D1R", "D2R", "D2RX", "D2RX"),
    "3": ("A1", "A1", "A1D1", "D1", "D1R", "D2R", "D2RX", "D2RX", "E"),
    "4": ("A1", "A1D1", "D1", "D1R", "D2R", "D2RX", "D2RX", "E", "E"),
    "5": ("A1D1", "D1", "D1R", "D2R", "D2RX", "D2RX", "E", "E", "E"),
    "6": ("D1", "D1R", "D2R", "D2RX", "D2RX", "E", "E", "E", "E"),
}
PARTS = (("A1", "attacker loses one step"), ("A2", "attacker loses two steps"), ("D1", "defender loses one step"),
         ("D2", "defender loses two steps"), ("R", "defender retreats"), ("X", "exploitation allowed (§6.8)"),
         ("E", "defender eliminated (Q&A 38)"))


def parse(result: str) -> list[str]:
    """'D2RX' -> ['D2', 'R', 'X']."""
    out, rest = [], result
    while rest:
        code = next(c for c, _ in PARTS if rest.startswith(c))
        out.append(code)
        rest = rest[len(code):]
    return out


RESULTS = {r: "; ".join(dict(PARTS)[c] for c in parse(r)) for r in sorted({r for row in CRT_ROWS.values() for r in row})}


def crt(src: Src) -> Crt:
    ph = src.placeholder("crt", "the CRT is a game aid the text does not hold (digest §3.1): a monotone table over the "
                                "nine odds columns, results of the kinds §6.4-§6.8 name")
    cols = src.line(243, 250)
    rows = {k: tuple(CrtCell(result=r, prov=ph) for r in v) for k, v in CRT_ROWS.items()}
    return Crt(prov=cols, method="odds", columns=CRT_COLUMNS, die=Die(sides=6), rows=rows, results=RESULTS,
               notes="columns 1:3, 1:1, 3:2, 2:1, 6:1 are named in the text; 1:2, 3:1, 4:1, 5:1 assumed between them. "
                     "Odds round in favour of the defender (8:3 -> 2:1, §6.3); below 1:3 reads 1:3, above 6:1 reads 6:1.")


def _chart(prov: str, columns: tuple[str, ...], rows: list[tuple[str, dict, str]], notes: str = "") -> Chart:
    return Chart(prov=prov, columns=columns, rows=tuple(ChartRow(prov=p, key=k, values=v) for k, v, p in rows),
                 notes=notes)


def tables(src: Src) -> dict:
    ph = src.placeholder
    out = {"crt": crt(src)}
    out["crt_shifts"] = _chart(src.line(218, 224), ("source", "shift", "direction"), [
        ("hq_attack_support", {"source": "HQ combat bonus", "shift": "bonus (1 or 2)", "direction": "right"}, src.line(218, 224)),
        ("hq_defense_support", {"source": "HQ defensive support", "shift": 1, "direction": "left"}, src.line(221)),
        ("tas", {"source": "Tactical Air Support", "shift": 1, "direction": "right"}, src.line(371, 377)),
        ("enemy_d1_or_a1", {"source": "defender D1 or A1", "shift": 1, "direction": "right"}, src.line(254, 276)),
        ("enemy_d2_or_a2", {"source": "defender D2 or A2", "shift": 2, "direction": "right"}, src.line(254, 276)),
        ("beach_from_sea", {"source": "attack from the sea on a beach", "shift": 1, "direction": "left"}, src.line(414, 419)),
    ], notes="the active player applies right shifts, then the inactive player left shifts (§6.3)")
    bt = ph("bombardment", "the Bombardment Table is a game aid the text does not hold (digest §3.2); results are "
                           "Affected levels (§6.5), more likely with more points")
    out["bombardment"] = _chart(bt, ("points", "1", "2", "3", "4", "5", "6"), [
        (p, {"points": p, **{str(d): r for d, r in zip(range(1, 7), row)}}, bt) for p, row in (
            ("1-2", ("-", "-", "-", "-", "A1", "A1")), ("3-4", ("-", "-", "-", "A1", "A1", "A2")),
            ("5-7", ("-", "-", "A1", "A1", "A2", "A2")), ("8+", ("-", "A1", "A1", "A2", "A2", "A2")))],
        notes="1d6; +1 when medium bombers are at least half the points, -1 against a garrison (§6.2, §0.1.2)")
    out["bombardment_drm"] = _chart(src.line(239), ("modifier",), [
        ("medium_bombers_half", {"modifier": 1}, src.line(383, 388)),
        ("garrison_target", {"modifier": -1}, src.line(40, 47)),
    ])
    fb = ph("fbat", "the FBAT is a game aid the text does not hold (digest §3.3): fighter-bombers tied up in air superiority")
    out["fbat"] = _chart(fb, ("fb_air_superiority",), [(str(d), {"fb_air_superiority": n}, fb)
                                                       for d, n in zip(range(1, 7), (4, 3, 3, 2, 2, 1))])
    af = ph("afat", "the AFAT is a game aid the text does not hold (digest §3.4); draws never exceed the cups")
    out["afat"] = _chart(af, ("HB", "MB", "FB"), [
        ("turn0", {"HB": 6, "MB": 4, "FB": 8}, af), ("clear", {"HB": 3, "MB": 3, "FB": 8}, af),
        ("overcast", {"HB": 2, "MB": 2, "FB": 5}, af), ("rain", {"HB": 0, "MB": 1, "FB": 2}, af),
        ("storm", {"HB": 0, "MB": 0, "FB": 0}, af)], notes="counters drawn from each cup by weather (§1.1.1.1)")
    out["air_cups"] = _chart(src.line(461), ("counters",), [
        ("HB", {"counters": 6}, src.line(461)), ("MB", {"counters": 4}, src.line(461)), ("FB", {"counters": 12}, src.line(461))])
    out["tec"] = tec(src)
    out["weather"] = weather(src)
    storm = ph("storm", "the storm test table is not in the text (L84): a storm on 5-6")
    out["storm_test"] = _chart(storm, ("storm",), [(str(d), {"storm": d >= 5}, storm) for d in range(1, 7)])
    out["mulberry_storm"] = _chart(src.line(333), ("destroyed",), [
        (str(d), {"destroyed": d >= 4}, src.line(333)) for d in range(1, 7)])
    out["construction_times"] = _chart(src.line(326, 337), ("turns", "initial", "full_after"), [
        ("beach", {"turns": 0, "initial": "full", "full_after": 0}, src.line(335)),
        ("mulberry", {"turns": 2, "initial": "reduced", "full_after": 1}, src.line(332)),
        ("minor_port", {"turns": 2, "initial": "full", "full_after": 0}, src.line(335)),
        ("cherbourg", {"turns": 3, "initial": "reduced", "full_after": 3}, src.line(337)),
    ], notes="arrival turn = capture turn + time + 1 (St Laurent taken turn 0B -> turn 3, L326); a port in an EZOC "
             "accrues no turns (L330). mulberry full_after 1: 'full' from the next logistics phase (L332)")
    out["vp"] = vp(src)
    out["victory_levels"] = _chart(src.line(614), ("vp",), [
        ("historical", {"vp": 0}, src.line(614)), ("marginal", {"vp": 25}, src.line(614)),
        ("decisive", {"vp": 50}, src.line(614))])
    out["stacking"] = _chart(src.line(148, 152), ("limit",), [
        ("stacking_points", {"limit": 5}, src.line(149)), ("sv0_units", {"limit": 1}, src.line(149)),
        ("hq", {"limit": 1}, src.line(149)), ("offensive_markers", {"limit": 2}, src.line(55)),
        ("festung_reinforcement_sv", {"limit": 5}, src.line(48)), ("confusion_per_side", {"limit": 5}, src.line(309))],
        notes="checked at the end of the movement phase (L152); no limit in strategic boxes; US and British never stack")
    out["turns"] = turns(src)
    for key, reason, cols in MISSING:
        out[key] = _chart(ph(key, reason), cols, [])
    return out


MISSING = (  # named game aids with no value in the text; rows to come from a licensed game aid
    ("resource_allocation", "Resource Allocation Table (Offensive markers by die and weather), §1.1.1.2: not in the text", ("allied", "german")),
    ("german_replacements", "German Resources table (replacements by Administrative Phase roll), §1.1.1.3: not in the text", ("infantry", "panzergrenadier", "panzer")),
    ("infiltration", "Infiltration table, §4.4: not in the text", ("result",)),
    ("drop", "Drop/Infiltration table and drift diagram, §10: 1-5 success is all the text gives", ("result",)),
    ("dd_survival", "DD Tanks Survival Table, §10: not in the text", ("result",)),
    ("ranger_5th", "5th Ranger die roll ('see map'), §10: not in the text", ("result",)),
    ("box_interdiction", "box interdiction values, §4.1.2: not in the text", ("value",)),
    ("naval_track", "Naval Bombardment track values, §6.2: only Scenario 1's (destroyers 2, battle cruisers 1)", ("points",)),
)


def tec(src: Src) -> Chart:
    ph = src.placeholder("tec", "the TEC is a game aid the text does not hold (digest §3.5); costs and shifts invented, "
                                "consistent with §2.2, §4.1.1, §9.2 and §10")
    rows = [  # (terrain, motorized MP, foot MP, defence column shift left, tactical interdiction x2)
        ("clear", 1, 1, 0, True), ("bocage", 3, 2, 1, False), ("forest", 3, 2, 1, False), ("marsh", None, 3, 1, False),
        ("village", 1, 1, 1, False), ("town", 1, 1, 1, False), ("city", 1, 1, 2, False), ("road", 1, 1, 0, True),
        ("railway", 1, 1, 0, True), ("river", 2, 1, 1, True), ("beach", 1, 1, 1, False), ("port", 1, 1, 1, False),
        ("fortified_line", 1, 1, 2, False), ("sea", None, None, 0, False),
    ]
    out = []
    for t, mot, foot, shift, ti in rows:
        out.append(ChartRow(prov=ph, key=t, values={"motorized": mot, "non_motorized": foot, "defence_shift": shift,
                                                      "tactical_interdiction_double": ti},
                            field_prov={"tactical_interdiction_double": src.line(378, 382)} if t in ("clear", "river", "town", "forest") else {}))
    return Chart(prov=ph, columns=("motorized", "non_motorized", "defence_shift", "tactical_interdiction_double"),
                 rows=tuple(out), notes="None = prohibited (armored units may not enter marsh, a placeholder for the "
                                        "'restrictions' of §0.1.2). Road and railway costs apply only along them and "
                                        "cancel river, bocage and forest costs (§2.2). A unit may always move one hex (§4.1.1). "
                                        "A beach attacked from the sea shifts one column left (§10).")


def weather(src: Src) -> Chart:
    ph = src.placeholder("weather", "the weather table is a game aid the text does not hold (digest §3.6); a "
                                    "modified 5 reads Overcast (the §1.1.1.1 example), an unmodified 6 calls a storm test")
    table = {"-1": "rain", "0": "rain", "1": "overcast", "2": "overcast", "3": "clear", "4": "clear", "5": "overcast", "6": "clear"}
    rows = [(k, {"weather": v, "storm_test": k == "6"}, ph) for k, v in table.items()]
    rows[6] = ("5", {"weather": "overcast", "storm_test": False}, src.line(78, 80))
    return _chart(ph, ("weather", "storm_test"), rows,
                  notes="1d6 from turn 2; -1 per preceding consecutive turn of bad weather, at most -2; a Clear turn resets "
                        "(L78-80). Turn 0: phases 0 and A cloudy, B clear; turn 1 clear (L400-455)")


def vp(src: Src) -> Chart:
    L = src.line
    rows = [
        ("step_loss", {"side": "both", "vp": 1}, L(594)),
        ("elite_step_loss", {"side": "both", "vp": 1, "cumulative": True}, L(595)),
        ("city_hex_controlled", {"side": "both", "vp": 3}, L(596)),
        ("allied_depot_outside_ezoc", {"side": "allied", "vp": "3+x", "x": "depot capacity"}, L(598)),
        ("festung_besieged", {"side": "allied", "vp": 3}, L(599)),
        ("special_troops_not_returned", {"side": "allied", "vp": -1, "per": "unit per turn after turn 5"}, L(600)),
        ("festung_destroyed", {"side": "allied", "vp": 5}, L(601)),
        ("depot_destroyed", {"side": "allied", "vp": 5}, L(602)),
        ("paris_controlled", {"side": "allied", "vp": 10}, L(603)),
        ("paris_liberated_by_2db", {"side": "allied", "vp": 20}, L(181)),
        ("unit_returned_to_reserve", {"side": "allied", "vp": 1}, L(110)),
        ("german_turn", {"side": "german", "vp": 20, "per": "turn"}, L(609)),
        ("allied_depot_destroyed_cap_0_1", {"side": "german", "vp": 10}, L(610)),
        ("allied_depot_destroyed_cap_2plus", {"side": "german", "vp": 20}, L(611)),
        ("city_hex_retaken", {"side": "german", "vp": 3, "per": "hex"}, L(612)),
        ("heavy_bomber_used", {"side": "german", "vp": 2}, L(389, 397)),
    ]
    return _chart(L(591, 614), ("side", "vp", "per", "x", "cumulative"), rows,
                  notes="automatic victory: Allied with Paris, Cherbourg and two of Lorient, Saint-Nazaire, Brest; or fewer "
                        "than 10 German units on the map; or Paris and the Pas de Calais (L604-607). German with 4 beach "
                        "hexes (L613)")


def turns(src: Src) -> Chart:
    ph = src.placeholder("turn-dates", "the turn record is printed on the map; dates between the text's fixed points "
                                       "are spread evenly")
    fixed = {0: ("6 June 1944", src.line(400)), 4: ("3 July 1944", src.line(465)), 7: ("18 July 1944", src.line(496)),
             12: ("late August 1944", src.line(496))}
    guess = {1: "7-12 June", 2: "13-19 June", 3: "20-26 June", 5: "4-10 July", 6: "11-17 July", 8: "19-25 July",
             9: "26 July-1 August", 10: "2-9 August", 11: "10-17 August"}
    rows = []
    for t in range(13):
        date, prov = fixed.get(t, (guess.get(t), ph))
        rows.append((str(t), {"date": date, "phases": ["0", "A", "B"] if t == 0 else ["A", "B"]}, prov))
    return _chart(src.line(465, 496), ("date", "phases"), rows)
