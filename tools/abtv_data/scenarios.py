"""Scenarios: designed, not the published ones (the text holds none, §21 and the digest's §4).

Set-ups are placed on the reconstructed map by rule: each group of units goes to the hexes
nearest a named place or bridge, reached without crossing water, at most 8 stacking points a
hex (§5.0). Dates: turn n is 17 + (n - 1) // 2 September, AM when n is odd.
"""
from __future__ import annotations

from collections import deque

from domain.kernel.grid import hexside_id
from domain.kernel.pack.provenance import Inferred, Placeholder
from domain.kernel.pack.schema import Arrival, ClockSpec, Counter, MapData, Placement, Scenario, SeatSpec, SideSpec
from tools.abtv_map.cite import rulebook
from tools.bp_map import geo
from tools.map_builder.grid import Bounds

DESIGNED = "abtv.scenario.designed"
SETUP = "abtv.scenario.setup"
ARRIVAL = "abtv.scenario.arrival"
SOURCES = {
    DESIGNED: Placeholder(reason="designed, not the published scenario: the text has no scenario, set-up, length or "
                                 "victory condition (§21 refers to a scenario booklet that is not in it)"),
    SETUP: Inferred(evidence="where the unit was on the morning of the scenario's first day, from the standard "
                             "histories, placed in the nearest hexes of the named place (tools/abtv_data/scenarios.py)"),
    ARRIVAL: Inferred(evidence="the lift or day the unit reached the battle, from the standard histories, as the "
                               "game turn of that half-day (turn 1 = 17 September AM)"),
    "abtv.scenario.players": rulebook("players"),
}
SIDES = (SideSpec(id="allied", name="Allied"), SideSpec(id="german", name="German"))
SEATS = (
    SeatSpec(id="allied-ground", side="allied", name="Allied: British ground forces (XXX Corps)"),
    SeatSpec(id="allied-airborne", side="allied", name="Allied: airborne forces (1st British, Polish, 82nd, 101st)"),
    SeatSpec(id="german-wehrmacht", side="german", name="German: Wehrmacht"),
    SeatSpec(id="german-ss", side="german", name="German: Waffen-SS (II SS Panzer Korps and SS units)"),
)
# §1.0: 1 to 4 players; how they split the sides is not in the text (so: a placeholder, as data).
SEAT_LAYOUTS = {
    "1": [["allied-ground", "allied-airborne", "german-wehrmacht", "german-ss"]],
    "2": [["allied-ground", "allied-airborne"], ["german-wehrmacht", "german-ss"]],
    "3": [["allied-ground", "allied-airborne"], ["german-wehrmacht"], ["german-ss"]],
    "4": [["allied-ground"], ["allied-airborne"], ["german-wehrmacht"], ["german-ss"]],
}
SEAT_COMMANDS = {
    "allied-ground": "allied counters without the 'airborne' flag",
    "allied-airborne": "allied counters with the 'airborne' flag",
    "german-wehrmacht": "german counters without the 'ss' flag",
    "german-ss": "german counters with the 'ss' flag",
}


class Placer:
    def __init__(self, m: MapData, counters: dict[str, Counter]):
        self.m, self.counters = m, counters
        g = m.calibration["grid"]
        self.bounds = Bounds(rows=g["rows"], cols=g["cols"])
        self.water = {s for s, h in m.hexsides.items() if {"river", "canal"} & set(h.features)}
        self.load: dict[str, int] = {}
        self.side_at: dict[str, str] = {}

    def anchor(self, where: str) -> str:
        if where in self.m.places:
            return self.m.places[where].hexes[0]
        if f"bridge:{where}" in self.m.lines:  # the north (lower-numbered) end of the bridge
            return self.m.lines[f"bridge:{where}"].hexsides[0].split("/")[0]
        if where in self.m.areas:
            hs = self.m.areas[where].hexes
            return sorted(hs, key=lambda h: sum(geo.centre(h)))[len(hs) // 2]
        if where in self.m.hexes:
            return where
        raise KeyError(where)

    def place(self, where: str, ids: list[str]) -> list[Placement]:
        side = self.counters[ids[0]].side
        out = []
        order = self._around(self.anchor(where))
        for cid in ids:
            sp = self.counters[cid].faces[0].values.get("stacking", 0)
            for h in order:
                if self.side_at.get(h, side) == side and self.load.get(h, 0) + sp <= 8:
                    self.load[h] = self.load.get(h, 0) + sp
                    self.side_at[h] = side
                    out.append(Placement(prov=SETUP, counter=cid, at=h))
                    break
        return out

    def _around(self, start: str) -> list[str]:
        seen, q, out = {start}, deque([start]), []
        while q:
            h = q.popleft()
            out.append(h)
            for n in self.bounds.neighbours(h):
                if n not in seen and hexside_id(h, n) not in self.water:
                    seen.add(n)
                    q.append(n)
        return out


def _arrivals(m: MapData, plan: list[tuple[int, str, list[str]]]) -> list[Arrival]:
    """(turn, DZ area or edge code, counters): a DZ drop arrives at the DZ's central hex."""
    out = []
    for turn, where, ids in plan:
        for cid in ids:
            if where in m.areas and where.startswith("dz_"):
                hs = m.areas[where].hexes
                centre = sorted(hs, key=lambda h: (len(hs) - sum(1 for x in hs if _adj(h, x)), h))[0]
                out.append(Arrival(prov=ARRIVAL, turn=turn, counter=cid, at=centre, options=("drop",)))
            else:
                out.append(Arrival(prov=ARRIVAL, turn=turn, counter=cid, edge=where))
    return out


def _adj(a: str, b: str) -> bool:
    (ax, ay), (bx, by) = geo.centre(a), geo.centre(b)
    return abs((ax - bx) ** 2 + (ay - by) ** 2 - 1.0) < 1e-6


def _scenario(sid, title, start, end, setup, arrivals, victory, notes) -> Scenario:
    return Scenario(prov=DESIGNED, id=sid, title=title, sides=SIDES, seats=SEATS,
                    start=ClockSpec(turn=start, phase="strategic_interphase"), end=ClockSpec(turn=end),
                    setup=tuple(setup), reinforcements=tuple(arrivals),
                    options={"seat_layouts": SEAT_LAYOUTS, "seat_commands": SEAT_COMMANDS,
                             "seat_layouts_prov": "abtv.scenario.players (1 to 4 players); the split is designed",
                             "first_initiative_roll_turn": 5},
                    victory=victory, notes="Designed, not the published scenario. " + notes)


def _ids(counters, prefix: str) -> list[str]:
    return sorted(c for c in counters if c.startswith(prefix))


def scenarios(m: MapData, counters: dict[str, Counter]) -> dict[str, Scenario]:
    return {"campaign": campaign(m, counters), "nijmegen": nijmegen(m, counters), "arnhem": arnhem(m, counters)}


def campaign(m: MapData, c: dict[str, Counter]) -> Scenario:
    p = Placer(m, c)
    setup = [
        *p.place("De Groote Barriere", ["uk-2irish", "uk-3irish", "uk-2hcr", "uk-2gren", "uk-1gren", "uk-55fd",
                                        "uk-153fd", "uk-gdsre"]),
        *p.place("Neerpelt", ["uk-1cold", "uk-5cold", "uk-2welsh", "uk-1welsh"]),
        *p.place("Valkenswaard", ["de-fjr-hoffmann1", "de-ss-heinke", "de-kgrichter"]),
        *p.place("Aalst", ["de-fjr-hoffmann2"]),
        *p.place("Best", ["de-85id-1"]), *p.place("Eindhoven", ["de-85id-2"]),
        *p.place("Arnhem", ["de-ss-kgspindler", "de-ss-aa9", "de-ss-pgr19", "de-ss-art9", "de-flak-arnhem"]),
        *p.place("Velp", ["de-ss-kgharder", "de-ss-pgr20", "de-ss-pi9"]),
        *p.place("Wolfheze", ["de-ss-krafft"]),
        *p.place("Huissen", ["de-ss-pgr21", "de-ss-pz10", "de-ss-aa10", "de-ss-art10", "de-ss-pi10"]),
        *p.place("Nijmegen", ["de-406-1", "de-ss-kgeuling"]),
        *p.place("Groesbeek", ["de-406-2"]), *p.place("Grave", ["de-406-3"]),
        *[x for dz, cid in (("dz_1abn_x", "uk-dz-1abn"), ("dz_82_n", "us-dz-82"), ("dz_101_c", "us-dz-101"))
          for x in p.place(dz, [cid])],
    ]
    a = _arrivals(m, [
        (1, "dz_1abn_x", ["uk-1para", "uk-2para", "uk-3para", "uk-1border", "uk-7kosb", "uk-1alr", "uk-1recce", "uk-1sqnre"]),
        (1, "dz_82_n", _ids(c, "us-505") + _ids(c, "us-508") + ["us-376pfab", "us-307eng"]),
        (1, "dz_82_o", _ids(c, "us-504")),
        (1, "dz_101_a", _ids(c, "us-501")),
        (1, "dz_101_c", _ids(c, "us-502") + _ids(c, "us-506") + ["us-326eng"]),
        (4, "dz_1abn_y", ["uk-10para", "uk-11para", "uk-156para", "uk-2staffs"]),
        (4, "dz_82_n", ["us-319gfab"]),
        (4, "dz_101_c", ["us-377pfab"]),
        (6, "dz_101_c", _ids(c, "us-327") + ["us-321gfab"]),
        (10, "dz_pol_k", ["pl-1bn", "pl-2bn", "pl-3bn"]),
        (14, "dz_82_t", _ids(c, "us-325")),
        (2, "S", ["uk-xxxre1", "uk-64med"]), (4, "S", ["uk-srr", "uk-4/7dg", "uk-13/18h", "uk-12krrc", "uk-xxxre2"]),
        (5, "S", ["uk-4soml", "uk-4wilts", "uk-5wilts", "uk-43recce"]),
        (6, "S", ["uk-7hamps", "uk-4dorset", "uk-5dorset", "uk-43ra1"]),
        (7, "S", ["uk-7soml", "uk-1worcs", "uk-5dcli", "uk-43ra2"]),
        (8, "S", ["uk-5ey", "uk-6gh", "uk-7gh"]), (10, "S", ["uk-6dli", "uk-8dli", "uk-9dli"]),
        (2, "W", ["de-59id-1034", "de-59id-1035", "de-59id-art"]), (2, "N", ["de-ss-lippert", "de-helle", "de-eberwein"]),
        (3, "N", ["de-schiff10", "de-kgallwoerden", "de-stug280"]), (3, "W", ["de-fjr6-1", "de-fjr6-2", "de-fjr6-3"]),
        (4, "E", ["de-kgbecker", "de-ss-brinkmann", "de-ss-pgr22"]), (5, "E", ["de-pzbde107a", "de-pzbde107b", "de-pzjg559"]),
        (6, "W", ["de-245id-1"]), (8, "N", ["de-ss-knaust"]), (8, "E", ["de-180id"]), (10, "N", ["de-spz506"]),
    ])
    victory = {
        "check_at": "end of turn 20",
        "allied": "the Arnhem road bridge intact and both its hexes last held by Allied units, and Highway 69 free of "
                  "German units and ZOC from that bridge to the S edge (the supply test of §16)",
        "german": "anything else",
        "levels": {"allied_decisive": "the above at the end of turn 8 (20 September PM)",
                   "allied_marginal": "Nijmegen road bridge held and Highway 69 intact to it at the end of turn 20"},
    }
    return _scenario("campaign", "Market-Garden, 17-26 September 1944 (campaign)", 1, 20, setup, a, victory,
                     "From 17 September AM: XXX Corps at the Meuse-Escaut bridgehead, the three airborne divisions' "
                     "first lift arriving on turn 1, the rest by lift; German forces by the history, reinforcements by edge.")


def nijmegen(m: MapData, c: dict[str, Counter]) -> Scenario:
    p = Placer(m, c)
    setup = [
        *p.place("Nijmegen", ["uk-2gren", "uk-1gren", "us-505-2"]),
        *p.place("Heumen", ["uk-2irish", "uk-3irish", "us-504-3", "us-307eng", "us-376pfab", "uk-xxxre1"]),
        *p.place("Groesbeek", ["us-505-1", "us-508-1"]),
        *p.place("dz_82_n", ["us-dz-82"]),
        *p.place("Lent", ["de-ss-kgeuling", "de-ss-pi10", "de-ss-art10"]),
        *p.place("nijmegen_road", ["de-406-1", "de-flak-arnhem"]),
        *p.place("Bemmel", ["de-ss-pgr22"]),
        *p.place("Elst", ["de-ss-pz10"]),
    ]
    a = _arrivals(m, [(8, "E", ["de-kgbecker"]), (9, "N", ["de-ss-knaust"])])
    victory = {"check_at": "end of turn 10",
               "allied": "the Nijmegen road bridge intact with both its hexes held by Allied units",
               "german": "anything else"}
    return _scenario("nijmegen", "The Nijmegen bridges, 20-21 September 1944", 7, 10, setup, a, victory,
                     "A short scenario on the Waal: Guards Armoured and the 82nd against KG Euling and the 10th SS.")


def arnhem(m: MapData, c: dict[str, Counter]) -> Scenario:
    p = Placer(m, c)
    setup = [
        *p.place("Oosterbeek", ["uk-1border", "uk-7kosb", "uk-10para", "uk-156para", "uk-1alr", "uk-1recce",
                                "uk-1sqnre", "uk-2staffs"]),
        *p.place("dz_1abn_l", ["uk-dz-1abn"]),
        *p.place("Wolfheze", ["de-ss-krafft", "de-ss-lippert"]),
        *p.place("Arnhem", ["de-ss-kgspindler", "de-ss-kgharder", "de-ss-aa9", "de-ss-art9", "de-ss-pi9"]),
        *p.place("Renkum", ["de-helle", "de-eberwein"]),
    ]
    a = _arrivals(m, [(10, "dz_pol_k", ["pl-1bn", "pl-2bn", "pl-3bn"]), (10, "N", ["de-spz506", "de-stug280"])])
    victory = {"check_at": "end of turn 12",
               "allied": "an Allied unit in Oosterbeek and one in a hex of the Driel ferry's north bank",
               "german": "anything else"}
    return _scenario("arnhem", "The Oosterbeek perimeter, 21-22 September 1944", 9, 12, setup, a, victory,
                     "A short scenario: the 1st Airborne's perimeter, the Polish drop at Driel, the SS closing in.")
