"""Every named hex with a place: what the text prints, and what the Cobra set-up implies.

(hex, place label, where: a GeoNames name or an inline (lat, lon, what), kind, line, evidence).
`rulebook`: the text names the place of the hex. `inferred`: the text puts a unit on the hex in
Operation Cobra (18 July 1944, L496) and the unit historically stood at that place on that day.
`check`: a printed identification the fit does not use, reported with its residual only.
"""
from __future__ import annotations

BOOK = "002_c4aea75862ff1a36.txt"

ANCHORS = (
    ("0223", "Cherbourg", "Cherbourg", "rulebook", 343, "German depots are Cherbourg port (hex 0223)"),
    ("0617", "Utah Beach", (49.416, -1.176, "La Madeleine, the centre of Utah Beach"), "rulebook", 491,
     "a German unit moves into 0617 (Utah Beach is destroyed)"),
    ("0714", "St Laurent (Omaha, Mulberry A)", (49.365, -0.874, "Saint-Laurent-sur-Mer"), "rulebook", 332,
     "Mulberry A may be built in St Laurent (0714)"),
    ("0711", "Arromanches (Mulberry B)", "Arromanches-les-Bains", "rulebook", 332,
     "Mulberry B in Arromanches (0711)"),
    ("0808", "Ouistreham", "Ouistreham", "inferred", 419,
     "commandos land between Arromanches and Ouistreham included, hexes 0808 and 0712: 0808 is the Ouistreham end"),
    # The Cobra front of 18 July 1944 (Goodwood's first day), west to east.
    ("1022", "Lessay", "Lessay", "inferred", 533, "US 79th Infantry Division held the Ay at Lessay"),
    ("0918", "Sainteny", "Sainteny", "inferred", 537, "US 83rd Infantry Division stood before Sainteny"),
    ("1018", "Le Dézert", "Le Dézert", "inferred", 542, "US 9th Infantry Division had fought through Le Dézert"),
    ("1117", "Pont-Hébert", "Pont-Hébert", "inferred", 543, "US 30th Infantry Division held the Vire at Pont-Hébert"),
    ("1218", "Marigny", "Marigny", "inferred", 524,
     "Panzer Lehr held the line before Marigny; the text's 'Marigny (0218)' (L471) reads as this hex"),
    ("1115", "Saint-Lô", "Saint-Lô", "inferred", 546, "US 29th Infantry Division entered Saint-Lô on 18 July"),
    ("1113", "Caumont-l'Éventé", "Caumont-l'Éventé", "inferred", 549, "US 5th Infantry Division held Caumont"),
    ("1212", "Villers-Bocage", "Villers-Bocage", "inferred", 516, "2nd Panzer Division held Villers-Bocage"),
    ("1111", "Noyers-Bocage", "Noyers-Bocage", "inferred", 513, "276th Infantry Division held the Noyers front"),
    ("1110", "Évrecy", "Évrecy", "inferred", 512, "277th Infantry Division held Évrecy"),
    ("1010", "Maltot", "Maltot", "inferred", 561, "British 43rd Division held Hill 112 and Maltot"),
    ("1109", "Vieux", "Vieux", "inferred", 511, "271st Infantry Division and 10th SS south of the Odon, at Vieux"),
    ("1108", "Saint-Martin-de-Fontenay", "Saint-Martin-de-Fontenay", "inferred", 507,
     "272nd Infantry Division held the Orne front south of Caen"),
    ("0909", "Caen", "Caen", "inferred", 563, "II Canadian Corps in Caen"),
    ("0908", "Colombelles", "Colombelles", "inferred", 566, "3rd Canadian Division attacked Colombelles (Atlantic)"),
    ("1008", "Bourguébus", "Bourguébus", "inferred", 506, "1st SS Panzer Division on the Bourguébus ridge"),
    ("1007", "Cagny", "Cagny", "inferred", 504, "21st Panzer Division at Cagny"),
    ("1006", "Sannerville", "Sannerville", "inferred", 503, "16th Luftwaffe Field Division at Sannerville"),
    ("0807", "Ranville", "Ranville", "inferred", 574, "VIII Corps assembled Goodwood in the Ranville bridgehead"),
    ("0806", "Bréville-les-Monts", "Bréville-les-Monts", "inferred", 570, "6th Airborne Division on the Bréville ridge"),
    ("0905", "Troarn", "Troarn", "inferred", 502, "346th Infantry Division held Troarn"),
    ("0805", "Cabourg", "Cabourg", "inferred", 501, "711th Infantry Division held the coast at Cabourg"),
)

# Printed identifications the fit leaves out, reported with their residuals.
CHECKS = (
    ("0218", "Marigny (as printed)", "Marigny", 471,
     "LXXXIV corps start at Marigny (0218): 0218 is a Cherbourg-row hex, 60 km from Marigny; read as 1218"),
    ("0712", "Arromanches (commando landing end)", "Arromanches-les-Bains", 419,
     "between Arromanches and Ouistreham included (hexes 0808 and 0712)"),
)

# The front on 18 July 1944 (Cobra's start, L496), west coast to the Channel east of the Orne:
# the line the Cobra set-up must straddle, Allies north and west of it.
FRONT_18_JULY = (
    (49.205, -1.66, "the west coast south of Lessay"), (49.215, -1.53, "the Ay at Lessay"),
    (49.215, -1.42, "north of Périers"), (49.215, -1.31, "south of Sainteny"), (49.19, -1.22, "the Taute at Tribehou"),
    (49.15, -1.16, "Hébécrevon, west of the Vire"), (49.105, -1.09, "south of Saint-Lô"),
    (49.105, -0.97, "Hill 192 and Bérigny"), (49.075, -0.80, "south of Caumont"),
    (49.105, -0.66, "north of Villers-Bocage"), (49.135, -0.56, "Noyers-Bocage"), (49.11, -0.44, "Hill 112 and Maltot"),
    (49.125, -0.38, "the Orne at Saint-André"), (49.145, -0.32, "south of Caen's suburbs"),
    (49.165, -0.25, "north of Cagny"), (49.19, -0.20, "west of Troarn"), (49.24, -0.19, "east of Bréville"),
    (49.28, -0.17, "the coast at Franceville"),
)
