"""Hand-written geography of Normandy in 1944 (lat, lon), from general knowledge of the region.

Waypoints are approximate (a few km); at 6.5 km a hex that is within the map's own accuracy.
Towns come from GeoNames (tools.bp_map.sources); these are the lines and outlines it lacks.
"""
from __future__ import annotations

# Rivers as the TEC's river hexsides: main courses, source to mouth (or to the river joined).
RIVERS = {
    "Douve": [(49.56, -1.58), (49.47, -1.55), (49.385, -1.533), (49.35, -1.45), (49.33, -1.37), (49.31, -1.29),
              (49.303, -1.248), (49.33, -1.19)],
    "Merderet": [(49.52, -1.43), (49.45, -1.38), (49.40, -1.35), (49.36, -1.34), (49.34, -1.35)],
    "Taute": [(49.12, -1.33), (49.19, -1.30), (49.25, -1.24), (49.29, -1.24)],
    "Vire": [(48.84, -0.89), (48.97, -1.06), (49.05, -1.08), (49.116, -1.09), (49.167, -1.134), (49.22, -1.10),
             (49.28, -1.10), (49.33, -1.12)],
    "Aure": [(49.13, -0.82), (49.20, -0.72), (49.277, -0.704), (49.28, -0.85), (49.30, -1.00), (49.316, -1.104)],
    "Seulles": [(49.07, -0.71), (49.176, -0.626), (49.25, -0.55), (49.33, -0.456)],
    "Odon": [(49.04, -0.77), (49.08, -0.65), (49.12, -0.50), (49.15, -0.42), (49.175, -0.37)],
    "Orne": [(48.60, 0.17), (48.744, -0.02), (48.76, -0.25), (48.88, -0.40), (48.984, -0.475), (49.06, -0.42),
             (49.12, -0.37), (49.175, -0.36), (49.23, -0.27), (49.28, -0.25)],
    "Dives": [(48.84, 0.03), (49.017, -0.033), (49.10, -0.07), (49.18, -0.13), (49.24, -0.10), (49.285, -0.10)],
    "Touques": [(48.93, 0.20), (49.147, 0.229), (49.289, 0.192), (49.365, 0.08)],
    "Risle": [(48.75, 0.60), (49.00, 0.62), (49.19, 0.72), (49.35, 0.51), (49.43, 0.40)],
    "Seine": [(49.37, 0.95), (49.44, 0.75), (49.48, 0.55), (49.46, 0.40), (49.44, 0.30)],
    "Sée": [(48.70, -1.00), (48.70, -1.20), (48.68, -1.36), (48.67, -1.45)],
    "Sélune": [(48.58, -1.00), (48.58, -1.09), (48.60, -1.30), (48.62, -1.45)],
    "Sienne": [(48.78, -1.05), (48.83, -1.22), (48.90, -1.38), (48.97, -1.53)],
    "Ay": [(49.26, -1.42), (49.217, -1.531), (49.22, -1.60)],
}

# The Cotentin and Bessin marshes (Douve, Merderet, Taute and Aure valleys) and the Dives valley.
MARSH = {
    "Carentan marshes": [(49.37, -1.46), (49.39, -1.33), (49.35, -1.20), (49.30, -1.16), (49.22, -1.22), (49.20, -1.32),
                         (49.26, -1.40)],
    "Dives marshes": [(49.28, -0.15), (49.26, -0.06), (49.15, -0.09), (49.14, -0.16), (49.22, -0.19)],
    "Aure marshes": [(49.32, -1.06), (49.31, -0.95), (49.29, -0.92), (49.29, -1.06)],
}
# Land the Germans flooded behind Utah Beach and along the Merderet before June 1944.
FLOODED = {
    "Utah Beach inundations": [(49.46, -1.26), (49.43, -1.21), (49.36, -1.19), (49.37, -1.25), (49.42, -1.28)],
    "Merderet inundations": [(49.43, -1.38), (49.41, -1.33), (49.36, -1.33), (49.37, -1.37)],
}
# Open country amid the bocage: the Caen-Falaise plain, the Lieuvin and the Roumois.
CLEAR = {
    "Caen-Falaise plain": [(49.31, -0.55), (49.29, -0.20), (49.16, -0.12), (48.86, -0.08), (48.86, -0.30),
                           (49.05, -0.45), (49.13, -0.55)],
    "Argentan plain": [(48.86, -0.08), (48.80, 0.10), (48.68, 0.10), (48.68, -0.12)],
    "Lieuvin and Roumois": [(49.40, 0.45), (49.38, 0.90), (48.70, 0.90), (48.70, 0.45)],
}
FOREST = {
    "Forêt de Cerisy": [(49.21, -0.96), (49.20, -0.84), (49.15, -0.86), (49.16, -0.97)],
    "Forêt de Saint-Sever": [(48.86, -1.08), (48.85, -0.98), (48.80, -0.99), (48.81, -1.08)],
    "Forêt de Grimbosq": [(49.06, -0.48), (49.06, -0.41), (49.02, -0.41), (49.02, -0.48)],
    "Forêt d'Écouves": [(48.58, -0.05), (48.58, 0.12), (48.50, 0.12), (48.50, -0.05)],
    "Forêt de Brotonne": [(49.47, 0.64), (49.47, 0.78), (49.39, 0.78), (49.39, 0.64)],
}

# The five beaches, west to east, by the stretch of coast each covers (lon range, lat range).
BEACHES = {
    "Utah": (-1.23, -1.15, 49.38, 49.50, "US"),
    "Omaha": (-0.92, -0.82, 49.30, 49.42, "US"),
    "Gold": (-0.66, -0.50, 49.28, 49.40, "British"),
    "Juno": (-0.49, -0.38, 49.28, 49.40, "Canadian"),
    "Sword": (-0.37, -0.25, 49.25, 49.38, "British"),
}
# Minor ports the Allies could build a depot in (§7.1.2 gives the time, not the list).
MINOR_PORTS = ("Saint-Vaast-la-Hougue", "Barfleur", "Isigny-sur-Mer", "Port-en-Bessin-Huppain", "Courseulles-sur-Mer",
               "Ouistreham", "Granville", "Honfleur")
CITIES = ("Cherbourg", "Caen", "Le Havre")  # the large towns of 1944 on the map (VP: +3 per city hex)
TOWN_POPULATION = 5000                       # GeoNames places at least this size are towns
VILLAGES = ("Marigny", "Sainte-Mère-Église", "Carentan", "Périers", "Lessay", "La Haye-du-Puits", "Villers-Bocage",
            "Caumont-l'Éventé", "Tilly-sur-Seulles", "Troarn", "Évrecy", "Tessy-sur-Vire", "Torigni-sur-Vire",
            "Saint-Sauveur-le-Vicomte", "Montebourg", "Villedieu-les-Poêles", "Percy", "Thury-Harcourt",
            "Aunay-sur-Odon", "Mortain", "Saint-Hilaire-du-Harcouët", "Pontorson", "Trun", "Dozulé",
            "Saint-Pierre-sur-Dives", "Pont-l'Évêque", "Bréhal", "Pirou", "Saint-Jean-de-Daye", "Balleroy")

# Main roads of 1944 (routes nationales and the chief departmental roads), as town chains.
ROADS = {
    "N13 Cherbourg-Caen-Lisieux": ["Cherbourg", "Valognes", "Montebourg", "Sainte-Mère-Église", "Carentan",
                                   "Isigny-sur-Mer", "Bayeux", "Caen", "Troarn", "Dozulé", "Lisieux"],
    "Cherbourg-Coutances-Avranches": ["Cherbourg", "Bricquebec", "Saint-Sauveur-le-Vicomte", "La Haye-du-Puits",
                                      "Lessay", "Coutances", "Bréhal", "Granville", "Avranches", "Pontorson"],
    "Carentan-Périers-Coutances": ["Carentan", "Périers", "Coutances"],
    "Lessay-Périers-Saint-Lô": ["Lessay", "Périers", "Marigny", "Saint-Lô"],
    "Saint-Lô-Bayeux": ["Saint-Lô", "Balleroy", "Bayeux"],
    "Saint-Lô-Isigny": ["Saint-Lô", "Saint-Jean-de-Daye", "Carentan"],
    "Saint-Lô-Vire": ["Saint-Lô", "Torigni-sur-Vire", "Vire"],
    "Saint-Lô-Villedieu-Avranches": ["Saint-Lô", "Percy", "Villedieu-les-Poêles", "Avranches"],
    "Saint-Lô-Coutances": ["Saint-Lô", "Coutances"],
    "Caen-Villers-Bocage-Vire": ["Caen", "Villers-Bocage", "Aunay-sur-Odon", "Vire", "Mortain"],
    "Caen-Falaise-Argentan": ["Caen", "Falaise", "Argentan"],
    "Bayeux-Caumont-Vire": ["Bayeux", "Caumont-l'Éventé", "Torigni-sur-Vire"],
    "Caen-Ouistreham": ["Caen", "Ouistreham"],
    "Caen-Thury-Harcourt-Flers": ["Caen", "Thury-Harcourt", "Condé-sur-Noireau", "Flers"],
    "Lisieux-Honfleur": ["Lisieux", "Pont-l'Évêque", "Honfleur"],
    "Avranches-Saint-Hilaire": ["Avranches", "Saint-Hilaire-du-Harcouët"],
    "Falaise-Trun-Vimoutiers": ["Falaise", "Trun", "Vimoutiers"],
    "Lisieux-Évreux": ["Lisieux", "Bernay"],
}
RAILWAYS = {
    "Paris-Cherbourg": ["Lisieux", "Caen", "Bayeux", "Carentan", "Valognes", "Cherbourg"],
    "Caen-Saint-Lô-Coutances": ["Caen", "Bayeux", "Saint-Lô", "Coutances"],
    "Caen-Argentan": ["Caen", "Falaise", "Argentan"],
}
