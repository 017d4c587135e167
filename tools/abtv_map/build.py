"""Assemble the Air Bridge to Victory MapData and the provenance entries it references.

Geometry is tools.bp_map's (pointy-top hexes, Lambert conformal conic, a similarity to map
units, corner-graph rasterising of lines); the grid size and the calibration are this map's:
the rulebook fixes the scale (§2.2, "approximately one mile per hex") and no hex it prints can be
placed on a reconstructed sheet, so the similarity is set, not fitted (north up, 1 hex = 1 mile).
"""
from __future__ import annotations

import heapq
import math

from domain.kernel.grid import hexside_id
from domain.kernel.pack.schema import Area, GridSpec, Hex, Hexside, Line, MapData, Place
from tools.abtv_map import calibration, data_geo as G
from tools.abtv_map.cite import rulebook
from tools.abtv_map.geometry import centroid, mid, nearest_on, region
from tools.bp_map import geo
from tools.bp_map.hexsides import CornerGraph, cut_loops
from tools.bp_map.polygons import inside, polyline_distance
from tools.bp_map.sources import find
from tools.map_builder.grid import Bounds, clip
from tools.map_builder.registry import Sources

KM_PER_MILE = 1.609344
WATER = ("river", "canal")


def frame() -> tuple[geo.Calibration, Bounds]:
    """North up: rows grow southward, columns westward (the SVG renders mirrored, west left)."""
    s = 1.0 / KM_PER_MILE
    f = G.FRAME
    pts = [geo.project(lat, lon) for lat in (f["north"], f["south"]) for lon in (f["east"], f["west"])]
    tx, ty = s * max(x for x, _ in pts), s * max(y for _, y in pts)
    cal = geo.Calibration(a=-s, b=0.0, tx=tx, ty=ty)
    cols = math.ceil(tx - s * min(x for x, _ in pts))
    rows = math.ceil((ty - s * min(y for _, y in pts)) / (geo.S3 / 2)) + 1
    return cal, Bounds(rows=rows, cols=cols)


class Builder:
    def __init__(self) -> None:
        self.src = Sources("abtv.map.")
        self.cal, self.bounds = frame()
        self.hexes = self.bounds.hexes()
        self.hexset = set(self.hexes)
        self.latlon = {h: self.cal.to_latlon(*geo.centre(h)) for h in self.hexes}
        self.sides: dict[str, dict] = {}  # hexside -> {"features": set, "name", "prov", "fprov"}
        self.lines: dict[str, Line] = {}
        self.resid: dict[str, list] = {"towns": [], "bridges": [], "rivers": [], "roads": []}

    # --- helpers ---------------------------------------------------------------------------

    def pt(self, lat: float, lon: float) -> tuple[float, float]:
        return self.cal.to_map(lat, lon)

    def hex_of(self, lat: float, lon: float) -> str:
        h = self.bounds.hex_at(*self.pt(lat, lon))
        if h is None:
            raise ValueError(f"({lat}, {lon}) is off the map")
        return h

    def town_point(self, name: str) -> tuple[float, float]:
        t = G.TOWNS[name]
        if "at" in t:
            return t["at"]
        c = find(*t["gn"].split("/"))
        return (c.lat, c.lon)

    def add_side(self, side: str, feature: str, name: str | None, prov: str) -> None:
        rec = self.sides.setdefault(side, {"features": set(), "name": name, "prov": prov, "fprov": {}})
        rec["features"].add(feature)

    # --- rivers ----------------------------------------------------------------------------

    def rivers(self) -> None:
        self.graph = CornerGraph(self.hexes)
        self.river_sides: dict[str, list[str]] = {}
        for name, spec in G.RIVERS.items():
            line = clip(self.bounds, [self.pt(*p) for p in spec["points"]])
            chain = self.graph.sides(self.graph.trace(line))
            ev = f"the {name}'s course through {len(spec['points'])} hand-entered points (tools/abtv_map/data_geo.py), rasterised onto hexsides"
            if spec.get("rulebook"):
                ev += f"; the rulebook names it ({rulebook(spec['rulebook']).cite.label()})"
            key = self.src.inferred(f"water.{_slug(name)}", ev)
            for s in chain:
                self.add_side(s, spec["cls"], name, key)
            self.river_sides[name] = chain
            self.lines[f"river:{name}"] = Line(prov=key, hexsides=tuple(chain), description=f"the {name} ({spec['cls']})")
            true = [self.pt(*p) for p in spec["points"]]
            d = [polyline_distance(mid(s), true) for s in chain]
            self.resid["rivers"].append({"river": name, "hexsides": len(chain), "max_hex": round(max(d), 3),
                                         "rms_hex": round(math.sqrt(sum(x * x for x in d) / len(d)), 3)})
        self.water = {s for s, r in self.sides.items() if r["features"] & set(WATER)}
        self.major = {s for n, ch in self.river_sides.items() if G.RIVERS[n].get("major") for s in ch}

    def banks(self) -> None:
        """Components of the map cut by the three great rivers, each labelled by its true region
        (how many of the rivers lie south of it): 0 south of the Maas ... 3 north of the Neder Rijn."""
        comp: dict[str, int] = {}
        for h in self.hexes:
            if h in comp:
                continue
            k, stack = len(set(comp.values())), [h]
            comp[h] = k
            while stack:
                a = stack.pop()
                for b in self.bounds.neighbours(a):
                    if b not in comp and hexside_id(a, b) not in self.major:
                        comp[b] = k
                        stack.append(b)
        votes: dict[int, dict[int, int]] = {}
        for h, k in comp.items():
            r = region(*self.latlon[h])
            votes.setdefault(k, {}).setdefault(r, 0)
            votes[k][r] += 1
        label = {k: max(v, key=lambda r: (v[r], -r)) for k, v in votes.items()}
        self.region = {h: label[k] for h, k in comp.items()}

    # --- places ----------------------------------------------------------------------------

    def towns(self) -> None:
        self.town_hexes: dict[str, list[str]] = {}
        self.town_key: dict[str, str] = {}
        taken: set[str] = set()
        for name in sorted(G.TOWNS, key=lambda n: (G.TOWNS[n]["kind"] != "city", n)):
            t = G.TOWNS[name]
            lat, lon = self.town_point(name)
            want = region(lat, lon)
            p = self.pt(lat, lon)
            ok = [h for h in self.hexes if self.region[h] == want and h not in taken]
            if t["kind"] == "city":
                r = t["radius_km"] / KM_PER_MILE
                hs = sorted(h for h in ok if math.dist(geo.centre(h), p) <= r)
            else:
                hs = [min(ok, key=lambda h: (math.dist(geo.centre(h), p), h))]
            taken |= set(hs)
            self.town_hexes[name] = hs
            how = "GeoNames " + t["gn"] if "gn" in t else f"({lat}, {lon}) entered by hand"
            ev = f"{name}: {how}; the hex nearest the point on its true bank" + (
                f", every hex within {t['radius_km']} km of it" if t["kind"] == "city" else "")
            self.town_key[name] = self.src.inferred(f"place.{_slug(name)}", ev)
            c = centroid(hs)
            self.resid["towns"].append({"place": name, "hexes": hs, "residual_hex": round(math.dist(c, p), 3)})

    # --- bridges and roads -----------------------------------------------------------------

    def bridges(self) -> None:
        """A bridge that carries a road sits where the routed road crosses its water nearest the
        real crossing; a rail bridge or ferry on the water's nearest hexside of its own."""
        self.bridge_side: dict[str, str] = {}
        main_key = self.src.printed("bridge.main", rulebook("main_bridges"))
        x_key = self.src.placeholder("bridge.x", "which bridges the map marks 'x' (blowable by method 1, §7.2) "
                                                 "is not in the text: every bridge that is not a main bridge is")
        for bid, b in G.BRIDGES.items():
            p = self.pt(*b["at"])
            chain = set(self.river_sides[b["river"]])
            if b["road"]:
                path = self.road_hexes[b["road"]]
                cands = [hexside_id(x, y) for x, y in zip(path, path[1:])
                         if hexside_id(x, y) in chain and self.sides[hexside_id(x, y)]["name"] == b["river"]]
                how = f"where {b['road']} crosses the {b['river']}, nearest the real crossing"
            else:
                # a hexside this water shares with another (the Aa beside the canal) is the other's
                cands = [s for s in chain if self.sides[s]["name"] == b["river"]]
                how = f"the {b['river']} hexside nearest the real crossing"
            if not cands:
                raise ValueError(f"{b['name']}: {b['road'] or 'no road'} never crosses the {b['river']}")
            s = min(cands, key=lambda s: (math.dist(mid(s), p), s))
            key = self.src.inferred(f"bridge.{bid}", f"{b['name']}: {how} ({b['at'][0]}, {b['at'][1]})")
            rec = self.sides[s]
            rec["features"].add("ferry" if b.get("ferry") else "bridge")
            if b.get("main"):
                rec["features"].add("main_bridge")
                rec["fprov"]["features"] = main_key
            elif not b.get("ferry"):
                rec["features"].add("demolition_x")
                rec["fprov"]["features"] = x_key
            if b["road"] is None and not b.get("ferry"):
                rec["features"].add("rail_bridge")
            rec["prov"] = key
            self.bridge_side[bid] = s
            self.lines[f"bridge:{bid}"] = Line(prov=key, hexsides=(s,), description=f"{b['name']} over the {b['river']}")
            self.resid["bridges"].append({"bridge": bid, "hexside": s, "residual_hex": round(math.dist(mid(s), p), 3)})

    def route_roads(self) -> None:
        self.road_hexes = {name: self._route(name, spec["points"], strict=bool(spec.get("main")))
                           for name, spec in G.ROADS.items()}

    def mark_roads(self) -> None:
        assumed = self.src.inferred("road.assumed_bridge", "a road crosses a small river or a canal here: a "
                                                           "bridge assumed (the road's course needs it; the bridge is not named)")
        for name, spec in G.ROADS.items():
            path = self.road_hexes[name]
            ev = f"{name}: a hex path through " + ", ".join(_label(w) for w in spec["points"] if not isinstance(w, tuple))
            if spec.get("main"):
                ev += "; the main road of §7.1 (Hell's Highway), border to Arnhem"
            key = self.src.inferred(f"road.{_slug(name)}", ev)
            feature = "main_road" if spec.get("main") else "road"
            sides = [hexside_id(a, b) for a, b in zip(path, path[1:])]
            for s in sides:
                if s in self.water and not self.sides[s]["features"] & {"bridge", "ferry"}:
                    self.sides[s]["features"].add("bridge")
                    self.sides[s]["prov"] = assumed
                self.add_side(s, feature, None, key)
            self.lines[f"road:{name}"] = Line(prov=key, hexsides=tuple(sides),
                                              description=f"{name}, {'main' if spec.get('main') else 'secondary'} road")
            true = [self.pt(*self._where(w)) for w in spec["points"]]
            d = [math.dist(geo.centre(h), nearest_on(true, geo.centre(h))) for h in path]
            self.resid["roads"].append({"road": name, "hexes": len(path), "max_hex": round(max(d), 3)})

    def _where(self, w) -> tuple[float, float]:
        if isinstance(w, tuple):
            return w
        if w in G.BRIDGES:
            return G.BRIDGES[w]["at"]
        return self.town_point(w)

    def _route(self, name: str, points: list, strict: bool) -> list[str]:
        """Hex path through the waypoints. Water is crossed within 1.5 hexes of one of the road's
        own bridges; elsewhere (a bridge assumed) over a small river, or a canal unless `strict`;
        a great river never."""
        own = {}
        for w in points:
            if isinstance(w, str) and w in G.BRIDGES:
                own.setdefault(G.BRIDGES[w]["river"], []).append(self.pt(*G.BRIDGES[w]["at"]))
        path: list[str] = []
        for w in points:
            if isinstance(w, str) and w in G.TOWNS:
                hs = self.town_hexes[w]
                p = self.pt(*self.town_point(w))
                t = min(hs, key=lambda h: (math.dist(geo.centre(h), p), h))
            else:
                t = self.hex_of(*self._where(w))
            if not path:
                path = [t]
            elif t != path[-1]:
                path += self._leg(path[-1], t, own, f"{name} to {_label(w)}", strict)[1:]
        return cut_loops(path)

    def _leg(self, a: str, b: str, own: dict, what: str, strict: bool) -> list[str]:
        pa, pb = geo.centre(a), geo.centre(b)
        dist, prev, heap = {a: 0.0}, {}, [(0.0, a)]
        while heap:
            d, v = heapq.heappop(heap)
            if v == b:
                out = [v]
                while out[-1] != a:
                    out.append(prev[out[-1]])
                return out[::-1]
            if d > dist[v]:
                continue
            for w in self.bounds.neighbours(v):
                s = hexside_id(v, w)
                cost = 1.0 + 0.6 * polyline_distance(geo.centre(w), [pa, pb])
                if s in self.water:
                    river = self.sides[s]["name"]
                    at_own = any(math.dist(mid(s), q) <= 1.5 for q in own.get(river, ()))
                    if at_own:
                        cost += 0.5
                    elif s in self.major or (strict and "canal" in self.sides[s]["features"]):
                        continue
                    else:
                        cost += 6.0
                if d + cost < dist.get(w, math.inf):
                    dist[w], prev[w] = d + cost, v
                    heapq.heappush(heap, (d + cost, w))
        raise ValueError(f"{what}: no road path from {a} to {b}")

    # --- regions and hexes -----------------------------------------------------------------

    def build(self) -> tuple[MapData, dict]:
        self.rivers()
        self.banks()
        self.towns()
        self.route_roads()
        self.bridges()
        self.mark_roads()
        src = self.src
        default = src.placeholder("terrain.default", "terrain here is not known at one-mile detail: clear assumed "
                                                     "(the printed map and its Terrain Effects Chart are not in the text)")
        polder = src.inferred("terrain.polder", "between the Waal and the Neder Rijn (the Betuwe): wet polder, the "
                                                "zone of §4.1; the hexes are those the two rasterised rivers enclose")
        kinds: dict[str, tuple[str, str]] = {}
        for group, terr in ((G.WOODS, "forest"), (G.HEATH, "heath"), (G.HEIGHTS, "mixed")):
            for label, poly in group.items():
                key = src.inferred(f"terrain.{_slug(label)}", f"{label}: hexes whose centre lies inside a hand-drawn "
                                                              f"outline of {len(poly)} points (approximate, about 1 km)")
                for h in self.hexes:
                    lat, lon = self.latlon[h]
                    if bool(inside(poly, [lat], [lon])[0]):
                        kinds[h] = (terr, key)
        heights = {h for h, (t, _) in kinds.items() if t == "mixed"}
        town_of = {h: n for n, hs in self.town_hexes.items() for h in hs}
        main = set(self.road_hexes["Highway 69"])
        secondary = {h for n, hs in self.road_hexes.items() if n != "Highway 69" for h in hs}
        edge_key = src.inferred("map.edges", "the hex lies on the map's border (the frame of §2.2)")
        hexes: dict[str, Hex] = {}
        for h in self.hexes:
            fprov: dict[str, str] = {}
            name = town_of.get(h)
            if name:
                terr, prov = G.TOWNS[name]["kind"], self.town_key[name]
                fprov["name"] = prov
            elif h in kinds:
                terr, prov = kinds[h]
            elif self.region[h] == 2:
                terr, prov = "polder", polder
            else:
                terr, prov = "clear", default
            feats = []
            if h in main:
                feats.append("main_road")
            elif h in secondary:
                feats.append("road")
            if h in heights:
                feats.append("heights")
            if feats:
                fprov["features"] = self.lines["road:Highway 69"].prov if h in main else prov
            r, c = geo.row_col(h)
            edges = tuple(e for e, on in (("E", c == 0), ("N", r == 0), ("S", r == self.bounds.rows - 1),
                                          ("W", c == self.bounds.cols - 1)) if on)
            if edges:
                fprov["edges"] = edge_key
            hexes[h] = Hex(prov=prov, terrain=terr, features=tuple(feats), name=name, edges=edges, field_prov=fprov)
        places = {}
        for n, hs in sorted(self.town_hexes.items()):
            rb = G.TOWNS[n].get("rulebook")
            if rb:  # the text names the village; where it stands is the reconstruction's
                places[n] = Place(prov=src.printed(f"place.{rb}", rulebook(rb)), kind=G.TOWNS[n]["kind"],
                                  hexes=tuple(hs), field_prov={"hexes": self.town_key[n]})
            else:
                places[n] = Place(prov=self.town_key[n], kind=G.TOWNS[n]["kind"], hexes=tuple(hs))
        areas = self.areas(hexes, src)
        hexsides = {s: Hexside(prov=r["prov"], features=tuple(sorted(r["features"])), name=r["name"],
                               field_prov=dict(r["fprov"])) for s, r in sorted(self.sides.items())}
        m = MapData(grid=GridSpec(), hexes=hexes, hexsides=hexsides, places=places, areas=areas,
                    lines=dict(sorted(self.lines.items())), calibration=calibration.record(self.cal, self.bounds, self.resid))
        return m, dict(sorted(src.entries.items()))

    def areas(self, hexes: dict[str, Hex], src: Sources) -> dict[str, Area]:
        out: dict[str, Area] = {}
        zone = tuple(sorted(h for h in self.hexes if self.region[h] == 2))
        out["polder_zone"] = Area(prov=src.printed("area.polder", rulebook("polder_zone")), hexes=zone,
                                  field_prov={"hexes": src.inferred("area.polder.hexes", "every hex between the "
                                                                    "rasterised Waal and Neder Rijn (not the printed rows xx11-xx17)")},
                                  description="between the Waal and the Neder Rijn: no mechanised movement after the first bad weather (§4.1)")
        stretch = tuple(h for h in self.road_hexes["Highway 69"] if self.region[h] == 2)
        out["waterlogged_highway"] = Area(prov=src.printed("area.waterlogged", rulebook("waterlogged")), hexes=stretch,
                                          field_prov={"hexes": self.lines["road:Highway 69"].prov},
                                          description="the main road between the rivers, a secondary road after the first bad weather (§7.1)")
        for dz, d in G.DROP_ZONES.items():
            c = self.hex_of(*d["at"])
            hs = tuple(sorted([c, *self.bounds.neighbours(c)]))
            key = src.inferred(f"dz.{dz}", f"{d['label']}: the hex of ({d['at'][0]}, {d['at'][1]}) and its neighbours")
            out[dz] = Area(prov=key, hexes=hs, description=d["label"])
        for e in ("N", "S", "E", "W"):
            out[f"edge_{e}"] = Area(prov=self.src.prefix + "map.edges", hexes=tuple(h for h, x in hexes.items() if e in x.edges),
                                    description=f"the {e} map edge")
        return out


def build() -> tuple[MapData, dict, dict]:
    b = Builder()
    m, sources = b.build()
    return m, sources, {"builder": b}


def _label(w) -> str:
    return G.BRIDGES[w]["name"] if w in G.BRIDGES else w


def _slug(s: str) -> str:
    return "".join(c.lower() if c.isalnum() else "_" for c in s).strip("_")
