"""The named areas and lines of the map, and the fortress and West Wall hexes, with provenance."""
from __future__ import annotations

import numpy as np

from domain.kernel.pack.schema import Area, Line
from tools.bp_map import areas, geo
from tools.bp_map.data_regions import (
    BORDER_1937, BREAKOUT_CC, BREAKOUT_LINE, EURE_WEDGE_CLOSURE, FRONT_25_JULY, GERMANY_CLOSE,
    SEINE_CLOSURE, WEST_WALL_FROM, WEST_WALL_TO,
)
from tools.bp_map.data_rulebook import SETUP_HEXES, cite
from tools.bp_map.hexsides import clip_to_map
from tools.bp_map.places import FORTRESS_EVIDENCE, FORTRESSES
from tools.bp_map.rivers import resolve, to_map

RHINE = ("Rhine", "Nederrijn", "Waal")


class Regions:
    def __init__(self, src, frame, samples, graph, land, sea, coastal, rivers, towns):
        self.src, self.frame, self.samples, self.graph = src, frame, samples, graph
        self.land, self.sea, self.coastal, self.rivers, self.towns = land, sea, coastal, rivers, towns
        self.fortress: dict[str, str] = {}
        self.west_wall: set[str] = set()
        self.west_wall_key = ""
        self.edges: dict[str, set[str]] = {}
        self._edge_keys: dict[str, str] = {}
        self.staging_key = src.printed("box.staging", cite("para", 416, case="C"))

    # --- helpers --------------------------------------------------------------------------------

    def _sides(self, *names: str) -> set[str]:
        return {s for n in names if n in self.rivers for s in self.rivers[n]["hexsides"]}

    def _trace(self, pts) -> list[str]:
        line = clip_to_map(to_map(self.frame, pts))
        return self.graph.sides(self.graph.trace(line))

    def _lat(self, h: str) -> float:
        x, y = geo.centre(h)
        lat, _ = self.frame.to_latlon_many(np.array([x]), np.array([y]))
        return float(lat[0])

    def _hex_of(self, label: str) -> str:
        return self.towns[label].hexes[0]

    # --- everything ---------------------------------------------------------------------------

    def build(self, zz_water: set[str], channel_water: set[str]) -> tuple[dict[str, Area], dict[str, Line]]:
        src, land = self.src, self.land
        out: dict[str, Area] = {}
        lines: dict[str, Line] = {}

        seine_close = self._trace(resolve(SEINE_CLOSURE, "FR"))
        north_seine = areas.flood([self._hex_of("Amiens")], land, self._sides("Seine") | set(seine_close))
        loire_south = areas.flood(["2735"], land, self._sides("Loire"))
        wedge_close = self._trace(resolve(EURE_WEDGE_CLOSURE, "FR"))
        houdan = geo.hex_at(*self.frame.to_map(48.79, 1.60))
        wedge = areas.flood([houdan], land, self._sides("Seine", "Eure") | set(wedge_close))
        # The mainland: what land joins Paris at all. England, Jersey and the islands are on the map
        # but in no region of the Continent (the breach area and the Channel coast once took them in).
        mainland = areas.flood([self._hex_of("Paris")], land, set())
        west_rhine = areas.flood([self._hex_of("Paris")], land, self._sides(*RHINE))
        # East of the Rhine and south of the Ruhr: what joins Wuppertal (1600, on the right bank,
        # south of the Ruhr) without crossing either; the Betuwe, between the Waal and the
        # Nederrijn, is west of the Rhine's branches and not in it.
        breach = areas.flood([self._hex_of("Wuppertal")], land, self._sides(*RHINE, "Ruhr")) & mainland
        seine_ev = ("the Seine's hexsides (see river:Seine), closed from its source (on the map) to the south map "
                    "edge by a straight line along the Plateau de Langres (placeholder: the printed map's closure is unknown)")
        out["north_of_seine"] = Area(prov=src.inferred("area.north_of_seine", "land hexes on the Channel side of " + seine_ev),
                                     hexes=_t(north_seine), description="North of the Seine River (L908, L916, L919, L1024-1054)")
        out["south_of_loire"] = Area(prov=src.inferred("area.south_of_loire", "land hexes on the left bank of the Loire's "
                                     "hexsides (the Loire crosses the map from the south edge to the west edge)"),
                                     hexes=_t(loire_south), description="South of the Loire River (L1070)")
        out["south_of_seine_and_eure"] = Area(
            prov=src.placeholder("area.south_of_seine_and_eure",
                                 "south of the Seine less the angle between the lower Eure and the Seine, that angle "
                                 "closed on the south by a straight line Chartres-Corbeil; the text only requires hex 1535 "
                                 "(L1060) to lie here, and the Eure, rising on the map, bounds no region by itself"),
            hexes=_t(land - north_seine - wedge), description="South of both the Seine and Eure Rivers (L1060)")
        out["east_of_rhine_south_of_ruhr"] = Area(
            prov=src.inferred("area.east_of_rhine_south_of_ruhr",
                              "mainland hexes joined to Wuppertal (1600: right bank, south of the Ruhr) without crossing "
                              "the Rhine's hexsides (Rhine, Nederrijn, Waal) or the Ruhr's"),
            hexes=_t(breach), description="East of the Rhine and south of the Ruhr (Game Length B, L207-212; VP C, L548)")

        front, front_line = self._front()
        out["north_of_front_line_25_july"] = front
        lines["front_line_25_july"] = front_line
        brk, brk_line = self._breakout()
        out["north_of_allied_breakout_line"] = brk
        lines["allied_breakout_line"] = brk_line

        ch = areas.coast_of(self.coastal, channel_water) & mainland
        out["english_channel_coast"] = Area(
            prov=src.inferred("area.english_channel_coast", "mainland coastal hexes with a sea neighbour whose centre lies in "
                              "the English Channel, east limit the Strait of Dover line (Walde lighthouse to Leathercoat Point)"),
            hexes=_t(ch), description="English Channel coastal hexes (airdrop range, Paratroops, L406-408)")
        zz = areas.coast_of(self.coastal, zz_water)
        out["zuider_zee_coast"] = Area(
            prov=src.inferred("area.zuider_zee_coast", "coastal hexes with a sea neighbour whose centre lies in the 1944 "
                              "Zuider Zee (south of the Afsluitdijk)"),
            hexes=_t(zz), description="Coastal hexes of the Zuider Zee (no Naval Supply, L460)")

        german = self._german()
        self.edges = areas.edges(land, german, loire_south)
        edge_ev = {
            "East": "column 00, the side of the map that faces east (the fit puts the Rhine, Essen 1400, along it); "
                    "German units trace supply to it (Supply D, L364)",
            "A": "edge hexes inside Germany's 1937 border (column 00 and the German end of row 39): the German homeland "
                 "side where replacements arrive (L862); 2215 and 2415 are within 15 hexes of it as L1071 requires",
            "B": "row 39 from the Rhine to the Loire (south edge, Burgundy and Alsace): 3926 is a B hex (L914)",
            "C": "row 39 west of the Loire and column 53 south of the Loire: the Biscay and southern France side from "
                 "which the 708th Infantry and 11th Panzer came (L845, L851); the B/C split at the Loire is a judgement",
            "D": "column 53 north of the Loire (Brittany): 0353 is a D hex (L915)",
        }
        for code, hs in sorted(self.edges.items()):
            key = src.inferred(f"edge.{code}", edge_ev[code])
            self._edge_keys[code] = key
            out[f"edge_{code}"] = Area(prov=key, hexes=_t(hs), description=f"map edge {code}")

        self._west_wall(german, breach | (land - west_rhine))
        out["west_wall"] = Area(prov=self.west_wall_key, hexes=_t(self.west_wall), description="German West Wall hexes")
        self._fortresses()
        out["fortresses"] = Area(prov=src.inferred("area.fortresses", "see each fortress hex's features provenance"),
                                 hexes=_t(self.fortress), description="German Fortress hexes")
        return dict(sorted(out.items())), lines

    def edge_prov(self, h: str) -> str:
        if h == "0353":
            return self.src.printed("pin.edge_D", cite("g_jul", 915))
        if h == "3926":
            return self.src.printed("pin.edge_B", cite("g_jul", 914))
        codes = sorted(c for c, hs in self.edges.items() if h in hs)
        return self._edge_keys[codes[-1]]

    # --- lines ------------------------------------------------------------------------------

    def _front(self) -> tuple[Area, Line]:
        allied = SETUP_HEXES["a_jul"][2].split()
        german = "0644 0744 0941 0843 0844 0942 0943 1038 1040 1041 1139".split()
        barrier = set(self._trace([(a, b, n) for a, b, n in FRONT_25_JULY]))
        north = areas.flood([self._hex_of("Cherbourg")], self.land, barrier)
        added = sorted(set(allied) - north)
        removed = sorted(set(german) & north)
        north = (north | set(allied)) - set(german)
        ev = ("the front when Cobra opened on 25 July 1944: " + ", ".join(n for _, _, n in FRONT_25_JULY)
              + "; hexes north of it, then every Allied 25 July set-up hex put north (L886-898) and every German one "
              "south (L935-948)" + (f"; moved north by the set-up: {', '.join(added)}" if added else "")
              + (f"; moved south by the set-up: {', '.join(removed)}" if removed else ""))
        key = self.src.inferred("area.front_25_july", ev)
        line = areas.boundary(north, self.land)
        return (Area(prov=key, hexes=_t(north), description="North of the 25 July Front Line (L886, L935)"),
                Line(prov=key, hexsides=tuple(line), description="the 25 July Front Line, between the area north of it and the rest"))

    def _breakout(self) -> tuple[Area, Line]:
        pts = resolve(BREAKOUT_LINE, BREAKOUT_CC)
        barrier = set(self._trace(pts))
        north = areas.flood([self._hex_of("Cherbourg")], self.land, barrier)
        key = self.src.placeholder("area.breakout_line",
                                   "the Allied Breakout Line is only on the printed map (L559, L1012). Placeholder course "
                                   "where the US breakout left the Normandy lodgement: " + ", ".join(p[2] for p in pts))
        line = areas.boundary(north, self.land)
        return (Area(prov=key, hexes=_t(north), description="North of the Allied Breakout Line (L559, L1012)"),
                Line(prov=key, hexsides=tuple(line), description="the Allied Breakout Line"))

    # --- Germany, West Wall, fortresses ---------------------------------------------------------

    def _german(self) -> set[str]:
        poly = [(a, b) for a, b, _ in BORDER_1937] + [(a, b) for a, b, _ in GERMANY_CLOSE]
        return {h for h, v in self.samples.share_inside(poly).items() if v >= 0.5 and h in self.land}

    def _west_wall(self, german: set[str], east_of_rhine: set[str]) -> None:
        names = [n for _, _, n in BORDER_1937]
        i, j = names.index(WEST_WALL_FROM), names.index(WEST_WALL_TO)
        land_border = [self.frame.to_map(a, b) for a, b, _ in BORDER_1937[i: j + 1]]
        ww = areas.near_line(german, land_border, 1.0)
        # Along the Upper Rhine the line was on the east bank: hexes east of the Rhine's hexsides
        # upstream of Lauterbourg.
        lauter_y = BORDER_1937[j][0]
        for s in self.rivers["Rhine"]["hexsides"]:
            for h in s.split("/"):
                if h in east_of_rhine and self._lat(h) <= lauter_y:
                    ww.add(h)
        self.west_wall = ww
        self.west_wall_key = self.src.inferred(
            "feature.west_wall",
            "German West Wall (Siegfried Line), built 1936-40 along Germany's 1937 western border from Kleve to "
            "the Rhine at Lauterbourg, then along the Rhine's east bank: German hexes within one hex of that "
            "border (" + ", ".join(names[i: j + 1]) + ") and the east-bank hexes of the Rhine above Lauterbourg")

    def _fortresses(self) -> None:
        self.fortress["0847"] = self.src.printed("feature.fortress.st_malo", cite("victory", 569))
        key = self.src.inferred("feature.fortress.channel_ports", FORTRESS_EVIDENCE)
        for label, h in FORTRESSES:
            if self.towns.get(label) is None or h not in self.towns[label].hexes:
                raise ValueError(f"fortress {label} is not on its hex {h}")
            self.fortress[h] = key


def _t(hexes) -> tuple[str, ...]:
    return tuple(sorted(hexes))
