"""Assemble the Breakout & Pursuit MapData and the provenance entries it references."""
from __future__ import annotations

import msgspec

from domain.kernel.grid import hexside_id
from domain.kernel.pack.schema import Box, GridSpec, Hex, Hexside, Line, MapData, Place
from tools.bp_map import places, terrain
from tools.bp_map.calibrate import calibrate
from tools.bp_map.data_regions import ENGLISH_CHANNEL, ROUGH, ZUIDER_ZEE
from tools.bp_map.data_rivers import RIVERS
from tools.bp_map.data_rulebook import ANCHORS, PINS, cite
from tools.bp_map.hexsides import CornerGraph
from tools.bp_map.landsea import classify, samples_centres_in
from tools.bp_map.regions import Regions
from tools.map_builder.registry import Sources
from tools.bp_map.rivers import rasterise_rivers, resolve
from tools.bp_map.setup_areas import setup_areas
from tools.bp_map.sources import LandMask

SAMPLING = (
    "Land/sea: 61 points on a triangular lattice filling each hex, placed in lat/lon through the "
    "calibration and rubber sheet (see calibration), tested against the 1 km GLOBE land mask "
    "(global-land-mask 1.0.0) with the Flevoland polders returned to Zuider Zee water as in 1944. "
    "A hex is land when at least half its points are land; a water-majority hex is sea only when "
    "joined through other such hexes to open water at the map border or in the Zuider Zee (others "
    "are land: lakes and wide rivers are not sea); a land hex with a sea neighbour is coastal."
)
LEGEND = {
    "terrain": "the Terrain Effects Chart row of the hex: sea (not playable), clear, coastal (a coastal hex "
               "otherwise clear), rough, town ('Town or City hex'). A town keeps 'coastal' in its features.",
    "features": "coastal: the hex has a sea hexside (every coastal hex, whatever its terrain); fortress: a "
                "German Fortress hex (a city when destroyed, Fortresses D); west_wall: a German West Wall hex.",
    "edges": "map-edge codes: East (German supply, Supply D), A, B, C, D (arrival edges).",
    "hexsides": "river and sea hexsides; lines named 'river:<name>' give each river's chain in order.",
}


def build() -> tuple[MapData, dict, dict]:
    src = Sources("bp.map.")
    frame, calib = calibrate()
    samples = terrain.sample(frame)
    ls = classify(samples, terrain.land_share(samples, LandMask()))
    land, sea = ls.land, ls.sea
    coastal = ls.coastal()

    mask_key = src.inferred("terrain.mask", SAMPLING)
    hex_prov: dict[str, str] = {h: mask_key for h in ls.share}
    for h, (sheet, a, b) in ls.forced_land.items():
        hex_prov[h] = src.printed(f"pin.{sheet}.L{a}-{b}", cite(sheet, a, b))
    for n, h in ls.forced_sea.items():
        hex_prov[n] = src.inferred(f"terrain.forced_sea.{n}", f"made sea so that {h} is coastal, as the text requires "
                                                              f"({_pin_label(h)}); it is the wettest neighbour of {h}")
    rough: dict[str, str] = {}
    for name, spec in ROUGH.items():
        pts = resolve(spec["points"], spec["cc"])
        key = src.inferred(f"terrain.rough.{_slug(name)}", f"{name}: hex at least half inside the outline through "
                           + ", ".join(p[2] for p in pts) + " (positions from GeoNames)")
        for h, v in samples.share_inside([(a, b) for a, b, _ in pts]).items():
            if v >= 0.5 and h in land and h not in rough:
                rough[h] = key
    towns = places.towns(frame, land)
    town_of = {h: t for t in towns.values() for h in t.hexes}
    place_key = {}
    for label, t in sorted(towns.items()):
        if t.basis == "rulebook":
            sec_line = next(a[4] for a in ANCHORS if a[0] == label)
            place_key[label] = src.printed(f"place.{_slug(label)}", cite(*sec_line))
        else:
            place_key[label] = src.inferred(f"place.{_slug(label)}", t.evidence)
    for h, implied, (sheet, a, *rest) in PINS:
        if implied == "town" and h not in town_of:
            raise ValueError(f"{h} must be a town hex ({sheet} L{a}) but no town lies there")

    # Rivers and the sea on hexsides.
    graph = CornerGraph(sorted(ls.share))
    rivers = rasterise_rivers(frame, graph, sea)
    hexsides: dict[str, Hexside] = {}
    lines: dict[str, Line] = {}
    for name, r in rivers.items():
        spec = RIVERS[name]
        named = spec.get("named_in_text")
        ev = (f"{name}: course through " + ", ".join(w[2] for w in r["waypoints"])
              + "; rasterised onto hexsides along the course")
        if named:
            ev += f"; the rulebook names the river (L{', L'.join(map(str, named))})"
        key = src.inferred(f"river.{_slug(name)}", ev)
        for s in r["hexsides"]:
            if s not in hexsides:
                hexsides[s] = Hexside(prov=key, features=("river",), name=name)
        lines[f"river:{name}"] = Line(prov=key, hexsides=tuple(r["hexsides"]), description=f"the {name}, upstream to downstream")
    zz_water = samples_centres_in(samples, [(a, b) for a, b, _ in ZUIDER_ZEE]) & sea
    channel_water = samples_centres_in(samples, [(a, b) for a, b, _ in ENGLISH_CHANNEL]) & sea
    sea_key = src.inferred("hexside.sea", "a hexside between a land hex and a sea hex; " + SAMPLING)
    for h in sorted(coastal):
        for n in terrain.neighbours(h):
            if n in sea:
                body = "Zuider Zee" if n in zz_water else "English Channel" if n in channel_water else "North Sea"
                hexsides[hexside_id(h, n)] = Hexside(prov=sea_key, features=("sea",), name=body)

    reg = Regions(src, frame, samples, graph, land, sea, coastal, rivers, towns)
    area_map, line_map = reg.build(zz_water, channel_water)
    lines.update(line_map)

    pinned: dict[str, dict[str, str]] = {}
    for h, implied, (sheet, a, *rest) in PINS:
        if implied in ("town", "coastal") and h not in ls.forced_land:
            pinned.setdefault(implied, {})[h] = src.printed(f"pin.{sheet}.L{a}-{rest[0] if rest else a}",
                                                            cite(sheet, a, rest[0] if rest else None))
    hexes: dict[str, Hex] = {}
    for h in sorted(ls.share):
        t = town_of.get(h)
        if h in sea:
            kind = "sea"
        elif t is not None:
            kind = "town"
        elif h in rough:
            kind = "rough"
        else:
            kind = "coastal" if h in coastal else "clear"
        prov = hex_prov[h]
        if t is not None and prov == mask_key:
            prov = place_key[t.label]
        elif kind == "rough" and prov == mask_key:
            prov = rough[h]
        feats, fprov = [], {}
        if h in pinned.get("town", {}):  # the text says this is a town hex; the name is inferred
            prov = pinned["town"][h]
        if h in coastal:
            feats.append("coastal")
            if h in pinned.get("coastal", {}):
                fprov["features"] = pinned["coastal"][h]
        if h in reg.fortress:
            feats.append("fortress")
            fprov["features"] = reg.fortress[h]
        if h in reg.west_wall:
            feats.append("west_wall")
            fprov["features"] = reg.west_wall_key
        codes = tuple(sorted(c for c, hs in reg.edges.items() if h in hs))
        if codes:
            fprov["edges"] = reg.edge_prov(h)
        if t is not None:
            fprov["name"] = place_key[t.label]
        hexes[h] = Hex(prov=prov, terrain=kind, features=tuple(feats), name=t.label if t else None,
                       edges=codes, field_prov=fprov)

    place_recs = {label: Place(prov=place_key[label], kind=t.kind, hexes=tuple(sorted(t.hexes)))
                  for label, t in sorted(towns.items()) if t.hexes}
    boxes = {"staging": Box(prov=reg.staging_key, name="Paratroop & Reinforcement Staging Area",
                                 links=(towns["Cherbourg"].hexes[0],))}
    calib["terrain_sampling"] = SAMPLING
    calib["legend"] = LEGEND
    calib["forced"] = {
        "land": {h: f"{s} L{a}-{b}" for h, (s, a, b) in sorted(ls.forced_land.items())},
        "sea": dict(sorted(ls.forced_sea.items())),
        "lakes_made_land": sorted(ls.lakes),
    }
    m = MapData(grid=GridSpec(), hexes=hexes, hexsides=dict(sorted(hexsides.items())),
                places=place_recs, areas=area_map, lines=dict(sorted(lines.items())), boxes=boxes,
                calibration=calib)
    # The set-up areas are read off the finished map (its regions, lines, towns and coast).
    m = msgspec.structs.replace(m, areas=dict(sorted({**area_map, **setup_areas(src, m)}.items())))
    return m, dict(sorted(src.entries.items())), {"rivers": rivers, "regions": reg}


def _pin_label(h: str) -> str:
    for hh, implied, (sheet, a, *rest) in PINS:
        if hh == h:
            return cite(sheet, a, rest[0] if rest else None).cite.label()
    return h


def _slug(s: str) -> str:
    return "".join(c.lower() if c.isalnum() else "_" for c in s).strip("_")
