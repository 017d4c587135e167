"""Outlines and lines written down by hand, each with its source.

Vertices are towns ("Name" or "Name/CC", positions from GeoNames, the nearest entry to the
previous vertex) or explicit (lat, lon, note).
"""
from __future__ import annotations

# --- rough terrain ---------------------------------------------------------------------------
# The low mountain ranges of the campaign area. Each outline runs through the towns that ring the
# range, the standard extent of each massif in physical geography (e.g. the Ardennes: bounded by
# the Famenne depression and the Sambre-Meuse furrow to the north-west, the Hautes Fagnes to the
# north-east, the Gutland and the Semois to the south). A hex is rough when at least half of it
# lies inside an outline.
ROUGH: dict[str, dict] = {
    "Ardennes": {"cc": "BE", "points": [
        "Charleville-Mézières/FR", "Rocroi/FR", "Couvin", "Givet/FR", "Rochefort", "Marche-en-Famenne",
        "Durbuy", "Aywaille", "Spa", (50.425, 6.03, "Malmedy"), "Saint-Vith", "Clervaux/LU", "Vianden/LU",
        "Ettelbruck/LU", "Martelange", "Neufchâteau", "Florenville", "Bouillon", "Sedan/FR"]},
    "Eifel": {"cc": "DE", "points": [
        "Stolberg", "Düren", "Euskirchen", "Rheinbach", "Bad Neuenahr-Ahrweiler", "Andernach", "Mayen",
        "Cochem", "Wittlich", "Trier", "Echternach/LU", "Vianden/LU", "Saint-Vith/BE", (50.425, 6.03, "Malmedy"),
        "Eupen/BE"]},
    "Hunsrück": {"cc": "DE", "points": [
        "Konz", "Trier", "Bernkastel-Kues", "Zell", "Cochem", "Koblenz", "Boppard", "Bingen am Rhein",
        "Bad Kreuznach", "Kirn", "Idar-Oberstein", "Birkenfeld", "Hermeskeil", "Saarburg"]},
    "Vosges": {"cc": "FR", "points": [
        "Saverne", "Molsheim", "Obernai", "Sélestat", "Colmar", "Guebwiller", "Thann", "Giromagny",
        "Remiremont", "Rambervillers", "Baccarat", "Cirey-sur-Vezouze", "Sarrebourg", "Phalsbourg"]},
    "Northern Vosges and Palatinate Forest": {"cc": "DE", "points": [
        "Saverne/FR", "Phalsbourg/FR", "Bitche/FR", "Pirmasens", "Landstuhl", "Kaiserslautern",
        "Bad Dürkheim", "Neustadt an der Weinstraße", "Bad Bergzabern", "Wissembourg/FR",
        "Niederbronn-les-Bains/FR", "Bouxwiller/FR"]},
    "Morvan": {"cc": "FR", "points": [
        "Avallon", "Quarré-les-Tombes", "Saulieu", "Arnay-le-Duc", "Autun", "Luzy", "Moulins-Engilbert",
        "Corbigny", "Lormes", "Vézelay"]},
    "Jura": {"cc": "FR", "points": [
        "Besançon", "Baume-les-Dames", (47.39, 6.77, "Pont-de-Roide"), "Maîche", "Morteau", "Pontarlier",
        "Saint-Claude", "Lons-le-Saunier", "Salins-les-Bains"]},
    "Argonne": {"cc": "FR", "points": [
        (49.34, 4.87, "Grandpré"), (49.225, 5.03, "Varennes-en-Argonne"), (49.11, 5.07, "Clermont-en-Argonne"),
        (48.98, 5.05, "Triaucourt-en-Argonne"), (49.09, 4.89, "Sainte-Menehould"), (49.20, 4.86, "Vienne-le-Château")]},
    "Black Forest": {"cc": "DE", "points": [
        "Ettlingen", "Pforzheim", "Calw", "Freudenstadt", "Oberkirch", "Achern", "Bühl", "Baden-Baden",
        "Gaggenau"]},
    "Odenwald": {"cc": "DE", "points": [
        "Seeheim-Jugenheim", "Dieburg", "Miltenberg", "Mosbach", "Neckargemünd", "Heidelberg", "Weinheim",
        "Bensheim"]},
    "Taunus": {"cc": "DE", "points": [
        "Wiesbaden", "Eltville", "Rüdesheim am Rhein", (50.04, 7.80, "Lorch am Rhein"), "Lahnstein", "Bad Ems", "Nassau",
        "Limburg an der Lahn", "Weilburg", "Usingen", "Bad Homburg vor der Höhe", "Königstein im Taunus",
        "Hofheim am Taunus"]},
    "Westerwald": {"cc": "DE", "points": [
        "Neuwied", "Bendorf", "Montabaur", "Limburg an der Lahn", "Weilburg", "Herborn", "Dillenburg",
        "Siegen", "Betzdorf", "Altenkirchen", "Linz am Rhein"]},
}

# --- water bodies ----------------------------------------------------------------------------
# The Zuider Zee as it was in 1944 (the Afsluitdijk closed it in 1932; the Noordoostpolder was
# drained in 1942, Flevoland not yet). Outline along its shores.
ZUIDER_ZEE = [
    (53.10, 5.02, "Den Oever, west end of the Afsluitdijk"), (53.08, 5.36, "east end of the Afsluitdijk"),
    (52.86, 5.45, "Lemmer"), (52.70, 5.58, "Urk, Noordoostpolder dike"), (52.58, 5.88, "Kampen"),
    (52.44, 5.85, "Elburg"), (52.34, 5.60, "Harderwijk"), (52.28, 5.40, "Nijkerk"),
    (52.32, 5.04, "Muiden"), (52.38, 4.92, "Amsterdam IJ"), (52.50, 5.07, "Edam"),
    (52.64, 5.07, "Hoorn"), (52.77, 5.11, "Medemblik"), (52.93, 5.00, "Wieringen"),
]
# The English Channel within the map: east of the Strait of Dover line (Walde lighthouse near
# Calais to Leathercoat Point, the IHO limit) is the North Sea.
ENGLISH_CHANNEL = [
    (48.3, -6.0, "west of the map"), (50.5, -6.0, "west of the map"), (51.17, 1.37, "Leathercoat Point"),
    (50.99, 1.92, "Walde lighthouse"), (50.0, 1.6, "French coast"), (49.3, 0.2, "Seine bay"),
    (48.3, -1.6, "Bay of Mont-Saint-Michel"),
]

# --- borders -----------------------------------------------------------------------------------
# Germany's western border of 1937 (Eupen-Malmedy Belgian, the Saar German), north to south;
# the West Wall was built along it, from Kleve to the Rhine at Lauterbourg, then along the
# Rhine's east bank to Basel. Points at border towns and crossings.
BORDER_1937 = [
    (53.30, 7.20, "Dollart"), (52.88, 7.08, "Ter Apel"), (52.65, 7.05, "Coevorden"), (52.42, 7.02, "Nordhorn"),
    (52.30, 7.05, "Bad Bentheim"), (52.21, 6.98, "Gronau"), (52.14, 6.86, "Ahaus"), (52.05, 6.80, "Vreden"),
    (51.94, 6.80, "Oeding"), (51.86, 6.49, "Suderwick"), (51.84, 6.40, "Anholt"), (51.87, 6.20, "Elten"),
    (51.84, 6.06, "the Rhine at Millingen"),
    (51.80, 5.95, "Wyler, north end of the West Wall"), (51.70, 6.02, "Hommersum"), (51.63, 6.07, "Kessel"),
    (51.50, 6.16, "Walbeck"), (51.40, 6.21, "Straelen"), (51.32, 6.17, "Kaldenkirchen"),
    (51.22, 6.13, "Brüggen"), (51.13, 6.05, "Wassenberg"), (51.05, 5.88, "Selfkant"), (51.00, 5.93, "Gangelt"),
    (50.95, 6.03, "Geilenkirchen"), (50.87, 6.08, "Herzogenrath"), (50.754, 6.02, "Vaalserberg"),
    (50.72, 6.10, "Lichtenbusch"), (50.64, 6.18, "Roetgen"), (50.52, 6.23, "Kalterherberg"),
    (50.40, 6.30, "Losheim"), (50.30, 6.33, "Bleialf"), (50.22, 6.21, "Steinebrück"), (50.138, 6.137, "Ouren"),
    (50.05, 6.13, "Dasburg"), (49.93, 6.21, "Vianden"), (49.87, 6.29, "Wallendorf"), (49.81, 6.42, "Echternach"),
    (49.715, 6.50, "Wasserbillig"), (49.68, 6.44, "Grevenmacher"), (49.545, 6.37, "Remich"),
    (49.47, 6.37, "Schengen"), (49.41, 6.53, "Waldwisse"), (49.25, 6.70, "Überherrn"),
    (49.20, 6.84, "Großrosseln"), (49.19, 6.98, "Goldene Bremm"), (49.12, 7.07, "Sarreguemines"),
    (49.13, 7.19, "Bliesbrück"), (49.19, 7.37, "Hornbach"), (49.11, 7.56, "Eppenbrunn"),
    (49.06, 7.78, "Nothweiler"), (49.04, 7.95, "Schweigen"), (48.98, 8.14, "Scheibenhard"),
    (48.97, 8.23, "Lauterbourg, on the Rhine"),
    (48.57, 7.80, "Kehl"), (48.20, 7.58, "Rhinau"), (47.59, 7.59, "Basel"),
]
GERMANY_CLOSE = [(47.0, 7.6, "Switzerland"), (47.0, 12.0, "east"), (54.0, 12.0, "east"), (54.0, 7.2, "North Sea")]
WEST_WALL_FROM = "Wyler, north end of the West Wall"
WEST_WALL_TO = "Lauterbourg, on the Rhine"

# --- lines ------------------------------------------------------------------------------------
# The front when Cobra opened on 25 July 1944 (US First Army and British Second Army situation
# maps): from the west coast at the Ay estuary, north of Lessay and Périers, along the north side
# of the Périers–Saint-Lô road, south of Saint-Lô, Caumont, Hill 112, the Bourguébus ridge,
# Troarn, to the coast at the mouth of the Dives. Extended offshore so it closes on the sea.
FRONT_25_JULY = [
    (49.24, -1.75, "offshore, west"), (49.235, -1.60, "Ay estuary"), (49.235, -1.53, "north of Lessay"),
    (49.21, -1.41, "north of Périers"), (49.155, -1.25, "La Chapelle-en-Juger"), (49.10, -1.09, "south of Saint-Lô"),
    (49.09, -0.98, "Bérigny"), (49.08, -0.80, "Caumont-l'Éventé"), (49.10, -0.66, "north of Villers-Bocage"),
    (49.12, -0.53, "Hill 112"), (49.13, -0.40, "Maltot"), (49.12, -0.33, "Verrières"),
    (49.14, -0.25, "Bourguébus"), (49.17, -0.17, "west of Troarn"), (49.25, -0.12, "Bréville"),
    (49.29, -0.11, "mouth of the Dives"), (49.33, -0.11, "offshore, east"),
]
# The Allied Breakout Line is printed on the map only (VP E, L559; Naval Supply set-up, L1012).
# Placeholder course: where the American breakout left the Normandy lodgement (over the Sélune at
# Pontaubault, 31 July 1944), then along the southern edge of the lodgement to the sea at the Dives.
BREAKOUT_LINE = [
    (48.64, -1.55, "offshore, Bay of Mont-Saint-Michel"), (48.62, -1.41, "Pontaubault, mouth of the Sélune"),
    "Ducey", "Saint-Hilaire-du-Harcouët", "Mortain", "Domfront", "Briouze", "Argentan", "Trun",
    "Saint-Pierre-sur-Dives", (49.075, -0.07, "Mézidon-Canon"), "Cabourg", (49.33, -0.10, "offshore, east"),
]
BREAKOUT_CC = "FR"

# --- closures of open river lines --------------------------------------------------------------
# A river whose source is on the map does not cut the map in two; "north of the Seine" needs the
# line closed from the source to the map edge. Placeholder: the shortest way, due south-east
# along the Plateau de Langres to the south map edge.
SEINE_CLOSURE = [(47.487, 4.717, "source of the Seine"), (46.90, 5.00, "south map edge")]
# "South of both the Seine and Eure" (L1060) places hex 1535 west of the lower Eure. Placeholder:
# north of the Eure is the angle between the lower Eure and the Seine, closed on the south by a
# straight line from Chartres to the Seine at Corbeil.
EURE_WEDGE_CLOSURE = [(48.447, 1.489, "Chartres"), (48.611, 2.482, "Corbeil-Essonnes")]
