"""The off-map layer: the Strategic Movement Map's boxes, their links, and the holding boxes.

(key, name, parent, links, kind, line, note). kind: `rulebook` when the text names the box (its
links are never printed: "boxes joined by straight lines", L174, so links are `inferred`
from the roads of 1944 between the places), `placeholder` for a box whose existence is implied
but whose name is not printed. Links to the map go through the lettered exit hexes, whose hexes
the text does not give (tools.normandy_map.build places them where main roads leave the map).
"""
from __future__ import annotations

# Strategic boxes. Links list other boxes; exit-hex links are added by the builder.
STRATEGIC = (
    ("box-paris", "Paris", None, ("box-orleans", "box-pas-de-calais", "box-rouen", "box-le-mans"), "rulebook", 97,
     "German depot (Festung Paris depot counter, L341); FFI PARIS; +10 VP (L603)"),
    ("box-pas-de-calais", "Pas de Calais", None, ("box-paris", "box-rouen"), "rulebook", 97,
     "German depot with no defence value (L97, L343); Paris and Pas de Calais: Allied automatic victory (L607)"),
    ("box-le-mans", "Le Mans", None, ("box-paris", "box-orleans", "box-rennes", "box-alencon"), "rulebook", 97,
     "German depot with no defence value"),
    ("box-rennes", "Rennes", None, ("box-le-mans", "box-brest", "box-lorient", "box-avranches-approach"), "rulebook", 97,
     "German depot; holds the Festung St Nazaire box (L48)"),
    ("box-festung-st-nazaire", "Festung St Nazaire", "box-rennes", (), "rulebook", 48,
     "each Festung is its own box inside a holding box (St Nazaire inside Rennes)"),
    ("box-brest", "Brest", None, ("box-rennes", "box-lorient"), "rulebook", 343,
     "German depot (L343); an Atlantic harbour (L605)"),
    ("box-festung-brest", "Festung Brest", "box-brest", (), "inferred", 605,
     "an Atlantic harbour the Allies must control (L605): a Festung like St Nazaire, held in the Brest box"),
    ("box-lorient", "Lorient", None, ("box-rennes", "box-brest"), "rulebook", 605, "an Atlantic harbour (L605)"),
    ("box-festung-lorient", "Festung Lorient", "box-lorient", (), "inferred", 605,
     "an Atlantic harbour (L605) held as a Festung, like St Nazaire"),
    ("box-orleans", "Orléans", None, ("box-paris", "box-le-mans", "box-languedoc", "box-south-east"), "rulebook", 182,
     "beyond the Seine: its capture raises FFI PARIS"),
    ("box-languedoc", "Languedoc", None, ("box-orleans",), "rulebook", 178, "a Maquis box with Partisan counters"),
    ("box-south-east", "South East", None, ("box-orleans",), "rulebook", 178, "a Maquis box with Partisan counters"),
    ("box-rouen", "Rouen (beyond the Seine)", None, ("box-paris", "box-pas-de-calais"), "placeholder", 182,
     "the text says boxes lie beyond the Seine but names none on the lower Seine; this box joins the map's "
     "Seine crossings to Paris and the Pas de Calais"),
    ("box-alencon", "Alençon", None, ("box-le-mans",), "placeholder", 174,
     "the map's southern exits need a box before Le Mans; not named in the text"),
    ("box-avranches-approach", "Brittany road (Pontorson)", None, ("box-rennes",), "placeholder", 174,
     "the exits south-west of Avranches lead to Rennes; the box is not named in the text"),
)
# Holding boxes of the game's own bookkeeping (no links: units reach them by rule, not by move).
HOLDING = (
    ("box-allied-strategic-reserve", "Allied Strategic Reserve", 185,
     "Allied reinforcements, excess landings, returned special troops and Offensive markers"),
    ("box-destroyed-units", "Destroyed Units (Unités Détruites)", 302, "eliminated units"),
    ("box-cadre", "Cadre", 302, "the Destroyed Units box's cadre section"),
    ("box-rest", "Rest", 105, "off-map rebuilding"),
    ("box-air-available", "Air Missions: Available (Disponibles)", 370, "TAS, bombing and carpet counters ready"),
    ("box-air-finished", "Air Missions: Finished (Finies)", 370, "air counters used this phase"),
    ("box-air-interdiction", "Air interdiction box", 88, "fighter-bombers tied up by the FBAT roll"),
    ("box-strategic-interdiction", "Strategic Interdiction", 382, "strategic-interdiction counters"),
)
TRACKS = {
    "turn": {"what": "turn track with reinforcement columns", "lines": [115, 115]},
    "vp": {"what": "victory point track; German unused replacement markers", "lines": [592, 592]},
    "naval_bombardment": {"what": "ETF and WTF x battle cruiser and destroyer points", "lines": [239, 239]},
    "weather": {"what": "weather box and weather adjustment box", "lines": [78, 78]},
    "tactical_interdiction": {"what": "Interdiction Tactique map, zones 1-4", "lines": [382, 382]},
}
EXIT_LETTERS = "abcdefghijkl"  # twelve exit hexes (§1.1.2.1)
