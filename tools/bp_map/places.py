"""Towns and cities: the places the rulebook names, the places the campaign turns on, and every
large city of the gazetteer; fortresses among them.

A town's hex is the hex its GeoNames position falls in through the frame, unless the rulebook
pins it (printed hexes) or the rulebook's set-up identifies it (inferred, with the evidence).
"""
from __future__ import annotations

from dataclasses import dataclass

from tools.bp_map import geo
from tools.bp_map.data_rulebook import ANCHORS, SCREEN_CITE, SCREEN_PORTS, cite
from tools.bp_map.sources import cities, find
from tools.bp_map.terrain import neighbours

CITY_POPULATION = 200_000  # kind "city" rather than "town" (modern GeoNames figure)
GAZETTEER_MIN = 100_000  # every place this large is a town hex, unless merged into a larger one
MERGE_KM = 15.0  # a place this close to a larger one is its suburb
# Places of 100,000+ today that were villages, polders or open water in 1944.
POST_WAR = {"Almere", "Lelystad", "Zoetermeer", "Nieuwegein", "Haarlemmermeer", "Hoofddorp", "Amstelveen",
            "Capelle aan den IJssel", "Spijkenisse", "Houten", "Marne-la-Vallée", "Marne La Vallée", "Évry", "Cergy",
            "Cergy-Pontoise", "Almere Stad",
            "Saint-Quentin-en-Yvelines", "Villeneuve-d'Ascq", "Ratingen", "Zaanstad", "Westland"}

# Named places: (label, gazetteer name, cc, why it is on the map). The text names the first group.
NAMED_IN_TEXT = (
    ("Cherbourg", "Cherbourg", "FR", (386, 416, 682)),
    ("Bayeux", "Bayeux", "FR", (386, 438)),
    ("Antwerp", "Antwerp", "BE", (565,)),
    ("Reims", "Reims", "FR", (567,)),
)
CAMPAIGN = (
    "Caen", "Saint-Lô", "Avranches", "Rennes", "Amiens", "Brussels/BE", "Metz", "Strasbourg", "Aachen/DE",
    "Köln/DE", "Koblenz/DE", "Orléans", "Tours", "Nantes", "Lille", "Falaise", "Alençon", "Mortain",
    "Vire", "Lisieux", "Évreux", "Laval", "Angers", "Liège/BE", "Namur/BE", "Gent/BE", "Charleroi/BE",
    "Maastricht/NL", "Eindhoven/NL", "Nijmegen/NL", "Arnhem/NL", "Utrecht/NL", "'s-Hertogenbosch/NL",
    "Breda/NL", "The Hague/NL", "Haarlem/NL", "Verdun", "Nancy", "Troyes", "Saarbrücken/DE", "Trier/DE",
    "Luxembourg/LU", "Mainz/DE", "Sedan", "Charleville-Mézières", "Saint-Quentin", "Soissons", "Compiègne",
    "Beauvais", "Châlons-en-Champagne", "Dijon", "Épinal", "Vlissingen/NL", "Coutances", "Granville",
    "Mantes-la-Jolie", "Vernon", "Melun", "Meaux", "Château-Thierry", "Épernay", "Bastogne/BE",
)
FORTRESS_EVIDENCE = (
    "A coastal fortress (Special Rule G, L908; 'attacking the coastal fortresses', Player's Notes L606): "
    "a port the German command ordered held as a Festung in 1944 and that was besieged after the "
    "breakout (Le Havre to 12 Sep, Boulogne to 22 Sep, Calais to 1 Oct 1944, Dunkirk to May 1945); "
    "its hex is on the coastal-screen list (L919) and holds an August garrison 'on any coastal hex' (L1024-1032)."
)
FORTRESSES = (("Le Havre", "0936"), ("Boulogne", "0425"), ("Calais", "0323"), ("Dunkirk", "0420"))


@dataclass
class Town:
    label: str
    hexes: tuple[str, ...]
    kind: str  # "city" | "town" | "fortress"
    basis: str  # "rulebook" | "inferred" | "gazetteer"
    evidence: str
    population: int = 0


def towns(frame: geo.Frame, land: set[str]) -> dict[str, Town]:
    """Every town hex, keyed by label; one town per hex (the better-attested one wins)."""
    out: dict[str, Town] = {}
    taken: dict[str, str] = {}

    def add(t: Town) -> None:
        free = tuple(h for h in t.hexes if h not in taken)
        if not free or t.label in out:
            return
        t.hexes = free
        out[t.label] = t
        for h in free:
            taken[h] = t.label

    for label, name, cc, hexes, (sec, line) in ANCHORS:
        kind = "fortress" if label == "St. Malo" else "city" if find(name, cc).population >= CITY_POPULATION else "town"
        add(Town(label, hexes, kind, "rulebook", cite(sec, line).cite.label(), find(name, cc).population))
    fort = dict(FORTRESSES)
    for name, cc, h in SCREEN_PORTS:
        c = find(name, cc)
        label = _label(c.name)
        add(Town(label, (h,), "fortress" if label in fort else _kind(c.population), "inferred",
                 f"port of the coastal-screen list ({cite(*SCREEN_CITE).cite.label()}); GeoNames {c.geonameid} "
                 "lies within a hex of it", c.population))
    add(Town("Bayeux", ("0840",), "town", "inferred",
             "the Supply Pipeline chain must start on the Bayeux hex (L438) and the August pipelines are "
             "0840-0940-1039-1139-1138 (L1010): 0840 is the chain's end nearest the coast and adjacent "
             "to Bayeux's position through the frame", find("Bayeux", "FR").population))
    add(Town("Amiens", ("1326",), "town", "inferred",
             "1326 is a 'town or city hex North of the Seine' (L917); Amiens lies in the adjacent hex "
             "through the frame and is the only city within two hexes", find("Amiens", "FR").population))
    for label, name, cc, lines in NAMED_IN_TEXT:
        c = find(name, cc)
        add(_placed(frame, land, label, c, "inferred",
                    f"named by the rulebook (L{', L'.join(map(str, lines))}); hex from GeoNames {c.geonameid} through the frame"))
    for entry in CAMPAIGN:
        name, _, cc = entry.partition("/")
        c = find(name, cc or "FR")
        add(_placed(frame, land, _label(c.name), c, "gazetteer",
                    f"a place of the campaign; hex from GeoNames {c.geonameid} through the frame"))
    for c in _large_cities():
        add(_placed(frame, land, _label(c.name), c, "gazetteer",
                    f"GeoNames {c.geonameid}, population {c.population} (modern) >= {GAZETTEER_MIN}"))
    return out


def _placed(frame, land, label, c, basis, evidence) -> Town:
    mx, my = frame.to_map(c.lat, c.lon)
    h = geo.hex_at(mx, my)
    hexes = ()
    if h is not None:
        if h not in land:  # a port whose hex is mostly sea sits on the nearest land hex
            cands = sorted((((geo.centre(n)[0] - mx) ** 2 + (geo.centre(n)[1] - my) ** 2), n)
                           for n in neighbours(h) if n in land)
            h = cands[0][1] if cands else None
        hexes = (h,) if h else ()
    return Town(label, hexes, _kind(c.population), basis, evidence, c.population)


def _kind(pop: int) -> str:
    return "city" if pop >= CITY_POPULATION else "town"


def _label(name: str) -> str:
    return {"Boulogne-sur-Mer": "Boulogne", "Saint-Malo": "St. Malo"}.get(name, name)


def _large_cities():
    """Gazetteer places of GAZETTEER_MIN+, each dropped if within MERGE_KM of a larger one."""
    import math

    big = sorted((c for c in cities() if c.population >= GAZETTEER_MIN and c.name not in POST_WAR),
                 key=lambda c: (-c.population, c.geonameid))
    kept = []
    for c in big:
        if all(111 * math.hypot(c.lat - k.lat, (c.lon - k.lon) * math.cos(math.radians(c.lat))) > MERGE_KM for k in kept):
            kept.append(c)
    return kept
