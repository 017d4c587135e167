"""River courses as ordered waypoints, upstream to downstream.

A waypoint is a riverside town, "Name" (in the river's country) or "Name/CC", whose position is
read from GeoNames (the entry nearest the previous waypoint, so homonyms resolve along the
course), or an explicit (lat, lon, note) for sources, mouths and confluences away from towns, or
("corner", hex, k, why): a corner of a printed hex, where the rulebook pins the river to one side
of that hex.
`joins` names the river whose hexsides the last waypoint snaps onto, so tributaries meet their
main stream; `to_sea` marks a course that ends in the sea. `named_in_text` cites the lines where
the rulebook itself names the river.

Source of the courses: the towns each river flows through, as in any atlas; every town listed
is on the river's bank (within about 2 km), far below a hex (15 km).
"""
from __future__ import annotations

# The German 24 August set-up puts units on 1930 and 1532 under "(a) within two hexes of Rouen, or
# (b) adjacent to and North of the Seine River, or (c) in Paris" (L1034-1044); neither hex is within
# two of Rouen (1232) or in Paris, so the printed Seine runs along their south sides. At Gaillon the
# real river passes 1.5 km from 1532's centre, a bend of less than half a hex. 1930 is Poissy, on
# the left bank: the printed Seine runs from Paris straight along 1930's south side, leaving out
# the loop north of Paris (Gennevilliers, Argenteuil, Conflans), about a hex deep.
POISSY = "the Seine passes south of 1930 (L1034, L1041), leaving out its loop north of Paris"
# Düsseldorf's centre (the Altstadt) is on the Rhine's right (east) bank, Krefeld and Neuss on the
# left: traced through the city's GeoNames point the river wrapped 1502's east side, putting the
# city on the west bank with no river between it and Krefeld (1402). Its west corners pin it east.
DUSSELDORF = "Düsseldorf (1502) lies on the Rhine's right bank: the river runs along its west side (issue 16)"
# Rouen's centre is on the Seine's right (north) bank, the river running along the city's south
# (the left-bank Saint-Sever quarter faces it): traced through the city's point, and through Elbeuf,
# Oissel and La Bouille on the loops south of it (less than a hex across), the Seine took 1232's west
# side. Pinned instead: up between 1332 and 1333, along Rouen's south-west side, then west past
# 1233 (Canteleu, right bank) towards Duclair.
ROUEN = "Rouen (1232) lies on the Seine's right bank: the river runs along its south side (issue 16)"
GAILLON = "the Seine passes south of 1532 (L1034, L1043), at Gaillon"

RIVERS: dict[str, dict] = {
    "Rhine": {
        "cc": "DE",
        "named_in_text": (207, 209, 548),
        "points": [
            "Marckolsheim/FR", "Rhinau/FR", "Kehl", "Drusenheim/FR", "Lauterbourg/FR", "Germersheim",
            "Speyer", "Mannheim", "Worms", "Oppenheim", "Mainz", "Eltville", "Bingen am Rhein",
            "Bacharach", "Sankt Goar", "Boppard", "Lahnstein", "Koblenz", "Neuwied", "Andernach",
            "Remagen", "Bad Honnef", "Bonn", "Wesseling", "Köln", "Leverkusen", "Monheim am Rhein",
            ("corner", "1502", 2, DUSSELDORF), ("corner", "1502", 1, DUSSELDORF), "Duisburg", "Wesel", "Rees", "Emmerich",
            (51.872, 6.055, "Pannerdensche Kop, where the Waal and the Nederrijn part"),
        ],
    },
    "Nederrijn": {
        "cc": "NL",
        "to_sea": True,
        "points": [
            (51.872, 6.055, "Pannerdensche Kop"), "Arnhem", "Oosterbeek", "Wageningen", "Rhenen",
            "Wijk bij Duurstede", "Culemborg", "Vianen", "Schoonhoven", (51.915, 4.63, "Krimpen aan de Lek"),
            "Rotterdam", "Vlaardingen", "Maassluis", "Hoek van Holland", (51.99, 4.05, "Nieuwe Waterweg mouth"),
        ],
    },
    "Waal": {
        "cc": "NL",
        "joins": "Nederrijn",
        "points": [
            (51.872, 6.055, "Pannerdensche Kop"), "Nijmegen", "Tiel", "Zaltbommel", "Gorinchem",
            "Sliedrecht", "Dordrecht", "Barendrecht", "Spijkenisse", (51.90, 4.25, "Oude Maas meets the Nieuwe Waterweg"),
        ],
    },
    "IJssel": {
        "cc": "NL",
        "to_sea": True,
        "points": [
            (51.955, 5.975, "leaves the Rhine at Westervoort"), "Doesburg", "Zutphen", "Deventer", "Olst",
            "Zwolle", "Kampen", (52.60, 5.78, "mouth in the Zuider Zee"),
        ],
    },
    "Ruhr": {
        "cc": "DE",
        "joins": "Rhine",
        "named_in_text": (209, 550),
        "points": ["Witten", "Hattingen", (51.387, 7.005, "Essen-Werden"), (51.364, 6.946, "Essen-Kettwig"),
                   "Mülheim", (51.452, 6.735, "Duisburg-Ruhrort")],
    },
    "Meuse": {
        "cc": "FR",
        "to_sea": True,
        "points": [
            (48.02, 5.64, "source at Le Châtelet-sur-Meuse"), "Neufchâteau", "Vaucouleurs", "Commercy",
            "Saint-Mihiel", "Verdun", "Stenay", "Sedan", "Charleville-Mézières", "Revin", "Fumay",
            "Givet", "Dinant/BE", "Namur/BE", "Andenne/BE", "Huy/BE", "Liège/BE", "Visé/BE",
            "Maastricht/NL", "Roermond/NL", "Venlo/NL", "Gennep/NL", "Grave/NL", (51.731, 5.139, "Heusden"),
            "Geertruidenberg/NL", "Moerdijk/NL", (51.78, 4.30, "Haringvliet"),
        ],
    },
    "Sambre": {
        "cc": "FR",
        "joins": "Meuse",
        "points": [(50.00, 3.72, "source near Le Nouvion-en-Thiérache"), "Landrecies", "Maubeuge",
                   "Thuin/BE", "Charleroi/BE", "Namur/BE"],
    },
    "Moselle": {
        "cc": "FR",
        "joins": "Rhine",
        "points": [
            "Bussang", "Remiremont", "Épinal", "Charmes", "Toul", "Frouard", "Pont-à-Mousson", "Metz",
            "Thionville", "Schengen/LU", "Remich/LU", "Grevenmacher/LU", "Wasserbillig/LU", "Trier/DE",
            "Bernkastel-Kues/DE", "Traben-Trarbach/DE", "Zell/DE", "Cochem/DE", "Koblenz/DE",
        ],
    },
    "Meurthe": {
        "cc": "FR",
        "joins": "Moselle",
        "points": ["Saint-Dié-des-Vosges", "Raon-l'Étape", "Baccarat", "Lunéville", "Nancy", "Frouard"],
    },
    "Saar": {
        "cc": "FR",
        "joins": "Moselle",
        "points": [(48.52, 7.13, "source at the Donon"), "Sarrebourg", "Sarre-Union", "Sarreguemines",
                   "Saarbrücken/DE", "Völklingen/DE", "Saarlouis/DE", "Merzig/DE", "Saarburg/DE", "Konz/DE"],
    },
    "Scheldt": {
        "cc": "FR",
        "to_sea": True,
        "points": [
            (49.99, 3.27, "source near Gouy"), "Cambrai", "Bouchain", "Valenciennes", "Condé-sur-l'Escaut",
            "Tournai/BE", "Oudenaarde/BE", "Gent/BE", "Wetteren/BE", "Dendermonde/BE", "Temse/BE",
            "Antwerp/BE", (51.33, 4.25, "Doel"), "Terneuzen/NL", "Vlissingen/NL", (51.43, 3.45, "mouth"),
        ],
    },
    "Somme": {
        "cc": "FR",
        "to_sea": True,
        "points": [(49.87, 3.41, "source at Fonsomme"), "Saint-Quentin", "Ham", "Péronne", "Bray-sur-Somme",
                   "Corbie", "Amiens", "Picquigny", "Abbeville", "Saint-Valery-sur-Somme",
                   (50.23, 1.52, "Baie de Somme")],
    },
    "Oise": {
        "cc": "FR",
        "joins": "Seine",
        "points": [(50.00, 4.30, "source near Chimay"), "Hirson", "Guise", "La Fère", "Chauny", "Noyon",
                   "Compiègne", "Pont-Sainte-Maxence", "Creil", "Beaumont-sur-Oise", "Pontoise",
                   "Conflans-Sainte-Honorine"],
    },
    "Aisne": {
        "cc": "FR",
        "joins": "Oise",
        "points": [(48.93, 5.14, "source in the Argonne"), "Sainte-Menehould", "Vouziers", "Rethel",
                   (49.40, 3.90, "Berry-au-Bac"), "Soissons", "Compiègne"],
    },
    "Marne": {
        "cc": "FR",
        "joins": "Seine",
        "points": ["Langres", "Chaumont", "Joinville", "Saint-Dizier", "Vitry-le-François",
                   "Châlons-en-Champagne", "Épernay", "Dormans", "Château-Thierry", "La Ferté-sous-Jouarre",
                   "Meaux", "Lagny-sur-Marne", "Chelles", "Charenton-le-Pont"],
    },
    "Aube": {
        "cc": "FR",
        "joins": "Seine",
        "points": [(47.73, 4.96, "source on the Plateau de Langres"), "Bar-sur-Aube", "Brienne-le-Château",
                   "Arcis-sur-Aube", (48.54, 3.71, "confluence at Marcilly-sur-Seine")],
    },
    "Yonne": {
        "cc": "FR",
        "joins": "Seine",
        "points": ["Clamecy", "Auxerre", "Joigny", "Sens", "Pont-sur-Yonne", "Montereau-Fault-Yonne"],
    },
    "Seine": {
        "cc": "FR",
        "to_sea": True,
        "named_in_text": (908, 916, 1024, 1034, 1046, 1054, 1060),
        "points": [
            (47.487, 4.717, "source at Source-Seine"), "Châtillon-sur-Seine", "Bar-sur-Seine", "Troyes",
            "Romilly-sur-Seine", "Nogent-sur-Seine", "Bray-sur-Seine", "Montereau-Fault-Yonne", "Melun",
            "Corbeil-Essonnes", "Paris", ("corner", "1930", 3, POISSY), ("corner", "1930", 2, POISSY),
            "Meulan-en-Yvelines", "Mantes-la-Jolie",
            "Bonnières-sur-Seine", "Vernon", ("corner", "1532", 2, GAILLON), "Les Andelys", (49.303, 1.155, "Pont-de-l'Arche"),
            ("corner", "1333", 4, ROUEN), ("corner", "1232", 3, ROUEN), ("corner", "1232", 2, ROUEN),
            ("corner", "1333", 1, ROUEN), ("corner", "1233", 2, ROUEN), "Duclair", "Jumièges", "Caudebec-en-Caux", "Quillebeuf-sur-Seine",
            "Tancarville", (49.44, 0.18, "estuary between Honfleur and Le Havre"),
        ],
    },
    "Eure": {
        "cc": "FR",
        "joins": "Seine",
        "named_in_text": (1060,),
        "points": [(48.557, 0.853, "source at La Lande-sur-Eure"), "Pontgouin", "Courville-sur-Eure",
                   "Chartres", "Maintenon", "Nogent-le-Roi", (48.76, 1.41, "passing east of Dreux at Chérisy"),
                   "Anet", "Ivry-la-Bataille", "Pacy-sur-Eure", "Acquigny", "Louviers",
                   (49.297, 1.071, "confluence at Martot")],
    },
    "Loire": {
        "cc": "FR",
        "to_sea": True,
        "named_in_text": (1070,),
        "points": [
            "Digoin", "Bourbon-Lancy", "Decize", "Nevers", "La Charité-sur-Loire", "Cosne-Cours-sur-Loire",
            "Briare", "Gien", "Sully-sur-Loire", "Châteauneuf-sur-Loire", "Orléans", "Meung-sur-Loire",
            "Beaugency", "Blois", "Amboise", "Tours", "Langeais", "Saumur", "Les Ponts-de-Cé",
            "Chalonnes-sur-Loire", "Ancenis", "Nantes", "Le Pellerin", "Paimboeuf", "Saint-Nazaire",
        ],
    },
    "Sarthe": {
        "cc": "FR",
        "joins": "Mayenne",
        "points": [(48.62, 0.54, "source at Soligny-la-Trappe"), "Le Mêle-sur-Sarthe", "Alençon",
                   "Fresnay-sur-Sarthe", "Beaumont-sur-Sarthe", "Le Mans", "Malicorne-sur-Sarthe",
                   "Sablé-sur-Sarthe", (47.68, -0.49, "Châteauneuf-sur-Sarthe"),
                   (47.52, -0.55, "confluence with the Mayenne above Angers")],
    },
    "Mayenne": {
        "cc": "FR",
        "joins": "Loire",
        "points": [(48.53, -0.22, "source near Lignières-Orgères"), "Ambrières-les-Vallées", "Mayenne",
                   "Laval", (47.83, -0.70, "Château-Gontier"), "Angers", (47.42, -0.60, "Bouchemaine, into the Loire")],
    },
    "Orne": {
        "cc": "FR",
        "to_sea": True,
        "points": [(48.60, 0.24, "source at Aunou-sur-Orne"), "Sées", "Argentan", "Écouché",
                   (48.87, -0.41, "Pont-d'Ouilly"), "Clécy", (48.99, -0.48, "Thury-Harcourt"), "Caen",
                   "Ouistreham", (49.30, -0.24, "mouth")],
    },
    "Dives": {
        "cc": "FR",
        "to_sea": True,
        "points": [(48.70, 0.10, "source near Exmes"), "Trun", "Saint-Pierre-sur-Dives", (49.075, -0.07, "Mézidon-Canon"),
                   "Cabourg", (49.30, -0.10, "mouth")],
    },
    "Vire": {
        "cc": "FR",
        "to_sea": True,
        "points": [(48.74, -0.91, "source near Chaulieu"), "Vire", (48.97, -1.06, "Tessy-sur-Vire"),
                   "Saint-Lô", (49.17, -1.13, "Pont-Hébert"), "Isigny-sur-Mer", (49.37, -1.12, "Baie des Veys")],
    },
}
