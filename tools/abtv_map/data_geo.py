"""Hand-entered geography of the Market-Garden corridor, September 1944 (lat, lon in degrees).

Every position here is written from general knowledge of the ground (the towns also through
GeoNames, tools.bp_map.sources); none is surveyed. Courses are polylines through the named
points, upstream to downstream (canals: in the direction the operation met them), extended past
the map edge so each line reaches the border. Accuracy aimed at: about half a mile, i.e. half a
hex at the rulebook's scale.
"""
from __future__ import annotations

# Map frame: from south of the Meuse-Escaut canal at De Groote Barriere (§2.2: "from De Groote")
# to north-east of Arnhem; north up.
FRAME = {"north": 52.045, "south": 51.195, "east": 6.02, "west": 5.22}

# Towns. kind: city (several hexes, defence 4) or village. "gn" = the GeoNames name (country);
# an explicit (lat, lon) is used where the gazetteer point sits on a river bank or is missing.
TOWNS: dict[str, dict] = {
    "De Groote Barriere": {"kind": "village", "at": (51.2290, 5.4180), "rulebook": "degroote"},
    "Lommel": {"kind": "village", "gn": "Lommel/BE"},
    "Neerpelt": {"kind": "village", "gn": "Neerpelt/BE"},
    "Valkenswaard": {"kind": "village", "gn": "Valkenswaard/NL"},
    "Aalst": {"kind": "village", "at": (51.397, 5.478)},
    "Eindhoven": {"kind": "city", "gn": "Eindhoven/NL", "radius_km": 2.2},
    "Best": {"kind": "village", "gn": "Best/NL"},
    "Son": {"kind": "village", "at": (51.5180, 5.4930), "rulebook": "zon"},
    "Sint-Oedenrode": {"kind": "village", "gn": "Sint-Oedenrode/NL"},
    "Schijndel": {"kind": "village", "gn": "Schijndel/NL"},
    "Veghel": {"kind": "village", "gn": "Veghel/NL"},
    "Erp": {"kind": "village", "gn": "Erp/NL"},
    "Uden": {"kind": "village", "gn": "Uden/NL"},
    "Helmond": {"kind": "village", "gn": "Helmond/NL"},
    "Oss": {"kind": "village", "gn": "Oss/NL"},
    "Grave": {"kind": "village", "at": (51.7570, 5.7390)},
    "Overasselt": {"kind": "village", "gn": "Overasselt/NL"},
    "Heumen": {"kind": "village", "at": (51.7650, 5.8300)},
    "Wijchen": {"kind": "village", "gn": "Wijchen/NL"},
    "Groesbeek": {"kind": "village", "gn": "Groesbeek/NL"},
    "Mook": {"kind": "village", "gn": "Mook/NL"},
    "Cuijk": {"kind": "village", "gn": "Cuijk/NL"},
    "Nijmegen": {"kind": "city", "at": (51.8420, 5.8560), "radius_km": 2.0, "bank": "south of the Waal"},
    "Lent": {"kind": "village", "at": (51.8640, 5.8650)},
    "Elst": {"kind": "village", "gn": "Elst/NL"},
    "Bemmel": {"kind": "village", "gn": "Bemmel/NL"},
    "Driel": {"kind": "village", "at": (51.9570, 5.8150)},
    "Heteren": {"kind": "village", "at": (51.9550, 5.7550)},
    "Oosterbeek": {"kind": "village", "at": (51.9880, 5.8420)},
    "Wolfheze": {"kind": "village", "gn": "Wolfheze/NL"},
    "Renkum": {"kind": "village", "at": (51.9800, 5.7330)},
    "Wageningen": {"kind": "village", "at": (51.9700, 5.6670)},
    "Arnhem": {"kind": "city", "at": (51.9870, 5.9100), "radius_km": 2.0, "bank": "north of the Neder Rijn"},
    "Velp": {"kind": "village", "gn": "Velp/NL"},
    "Huissen": {"kind": "village", "gn": "Huissen/NL"},
}

# Rivers and canals: cls river|canal; "major" rivers separate banks (the bank checks use them).
RIVERS: dict[str, dict] = {
    "Neder Rijn": {"cls": "river", "major": True, "points": [
        (51.950, 6.250), (51.958, 6.080), (51.966, 5.990), (51.972, 5.950), (51.9768, 5.9122), (51.9775, 5.8850),
        (51.9770, 5.8550), (51.9730, 5.8180), (51.9680, 5.7850), (51.9660, 5.7400), (51.9600, 5.7000),
        (51.9570, 5.6600), (51.9550, 5.6000), (51.9520, 5.5300), (51.9500, 5.1500), (51.9450, 4.9000)]},
    "Waal": {"cls": "river", "major": True, "points": [
        (51.850, 6.250), (51.860, 6.080), (51.868, 6.000), (51.872, 5.950), (51.862, 5.900), (51.8505, 5.8700),
        (51.8525, 5.8505), (51.8600, 5.8200), (51.8720, 5.7700), (51.8800, 5.7000), (51.8830, 5.6300),
        (51.8850, 5.5600), (51.8700, 5.4500), (51.8500, 5.1500), (51.8300, 4.9000)]},
    "Maas": {"cls": "river", "major": True, "points": [
        (51.500, 6.250), (51.600, 6.060), (51.650, 5.990), (51.700, 5.968), (51.7350, 5.8850), (51.7520, 5.8700),
        (51.7550, 5.8300), (51.7500, 5.8000), (51.7540, 5.7700), (51.7645, 5.7380), (51.7800, 5.6900),
        (51.8000, 5.6500), (51.8180, 5.5700), (51.8100, 5.4800), (51.7800, 5.3800), (51.7400, 5.2500),
        (51.7300, 5.1500), (51.7200, 4.9000)]},
    "Maas-Waal canal": {"cls": "canal", "points": [
        (51.7550, 5.8430), (51.7690, 5.8400), (51.7860, 5.8500), (51.8080, 5.8330), (51.8320, 5.8170),
        (51.8560, 5.8060)]},
    "Meuse-Escaut canal": {"cls": "canal", "rulebook": "meuse_escaut", "points": [
        (51.185, 5.650), (51.1750, 5.5850), (51.2000, 5.5000), (51.2130, 5.4600), (51.2260, 5.4180),
        (51.2400, 5.3600), (51.2560, 5.3050), (51.2450, 5.2500), (51.2200, 5.1500)]},
    "Zuid-Willemsvaart": {"cls": "canal", "rulebook": "meuse_escaut", "points": [
        (51.1750, 5.5850), (51.2150, 5.6500), (51.2520, 5.7000), (51.2900, 5.7500), (51.3700, 5.7200),
        (51.4400, 5.6800), (51.4780, 5.6580), (51.5350, 5.6300), (51.5800, 5.5850), (51.6165, 5.5480),
        (51.6500, 5.4700), (51.6800, 5.3800), (51.7000, 5.3000), (51.7100, 5.1500)]},
    "Wilhelmina canal": {"cls": "canal", "points": [
        (51.5350, 5.6300), (51.5250, 5.5600), (51.5150, 5.5200), (51.5135, 5.4915), (51.5150, 5.4500),
        (51.5160, 5.4100), (51.5120, 5.3500), (51.5100, 5.3000), (51.5500, 5.1500)]},
    "Eindhoven canal": {"cls": "canal", "rulebook": "eindhoven_canal", "points": [
        (51.4480, 5.4950), (51.4550, 5.5400), (51.4650, 5.6000), (51.4780, 5.6580)]},
    "Dommel": {"cls": "river", "points": [
        (51.1800, 5.4400), (51.2300, 5.4450), (51.2900, 5.4600), (51.3500, 5.4450), (51.3950, 5.4700),
        (51.4400, 5.4850), (51.4800, 5.4950), (51.5100, 5.5030), (51.5350, 5.4900), (51.5600, 5.4700),
        (51.5670, 5.4575), (51.5750, 5.4400), (51.5850, 5.4000), (51.5950, 5.3300), (51.6500, 5.3000), (51.6900, 5.2500), (51.7000, 5.1500)]},
    "Aa": {"cls": "river", "points": [
        (51.4000, 5.7800), (51.4700, 5.6700), (51.5300, 5.6400), (51.5700, 5.6200), (51.6000, 5.6050),
        (51.6150, 5.5750), (51.6290, 5.5440), (51.6450, 5.5000), (51.6550, 5.4400), (51.6900, 5.3300), (51.7000, 5.1500)]},
}

# Crossings. river = the water crossed; on_road = the road the bridge carries (None: a rail
# bridge or ferry); main = one of the three main bridges (§7.2: method 2 only, never repaired).
# x = may be blown by method 1 (the "x" of §7.2; which bridges carry it is not in the text).
BRIDGES: dict[str, dict] = {
    "joes_bridge": {"name": "De Groote Barriere (Joe's) bridge", "river": "Meuse-Escaut canal", "at": (51.2265, 5.4180), "road": "Highway 69"},
    "son": {"name": "Son bridge", "river": "Wilhelmina canal", "at": (51.5137, 5.4915), "road": "Highway 69"},
    "best": {"name": "Best bridge", "river": "Wilhelmina canal", "at": (51.5160, 5.4080), "road": "Best road"},
    "sint_oedenrode": {"name": "Sint-Oedenrode bridge", "river": "Dommel", "at": (51.5670, 5.4575), "road": "Highway 69"},
    "veghel_canal": {"name": "Veghel canal bridge", "river": "Zuid-Willemsvaart", "at": (51.6165, 5.5480), "road": "Highway 69"},
    "veghel_aa": {"name": "Veghel Aa bridge", "river": "Aa", "at": (51.6280, 5.5440), "road": "Highway 69"},
    "grave": {"name": "Grave bridge", "river": "Maas", "at": (51.7645, 5.7380), "road": "Highway 69", "main": True},
    "heumen": {"name": "Heumen lock bridge", "river": "Maas-Waal canal", "at": (51.7690, 5.8400), "road": "Heumen road"},
    "honinghutje": {"name": "Honinghutje bridge", "river": "Maas-Waal canal", "at": (51.8320, 5.8170), "road": "Highway 69"},
    "nijmegen_road": {"name": "Nijmegen road bridge", "river": "Waal", "at": (51.8505, 5.8700), "road": "Highway 69", "main": True},
    "nijmegen_rail": {"name": "Nijmegen rail bridge", "river": "Waal", "at": (51.8525, 5.8505), "road": None},
    "arnhem_road": {"name": "Arnhem road bridge", "river": "Neder Rijn", "at": (51.9768, 5.9122), "road": "Highway 69", "main": True},
    "oosterbeek_rail": {"name": "Oosterbeek (Arnhem) rail bridge", "river": "Neder Rijn", "at": (51.9772, 5.8560), "road": None},
    "driel_ferry": {"name": "Driel ferry (Heveadorp)", "river": "Neder Rijn", "at": (51.9730, 5.8180), "road": None, "ferry": True},
}

# Roads as town-to-town courses; Highway 69 passes every one of its bridges in order.
ROADS: dict[str, dict] = {
    "Highway 69": {"main": True, "points": [
        (51.1800, 5.4050), "De Groote Barriere", "joes_bridge", "Valkenswaard", "Aalst", "Eindhoven", "son",
        "Son", "sint_oedenrode", "Sint-Oedenrode", "veghel_canal", "Veghel", "veghel_aa", "Uden",
        (51.7200, 5.6800), "Grave", "grave", (51.7900, 5.7800), "honinghutje", (51.8350, 5.8400), "Nijmegen",
        "nijmegen_road", "Lent", "Elst", "arnhem_road", "Arnhem", (52.0400, 5.9500)]},
    "Best road": {"points": ["Eindhoven", "Best", "best", (51.5600, 5.3900), "Schijndel"]},
    "Heumen road": {"points": [(51.7760, 5.7450), "Overasselt", "heumen", "Heumen", "Mook", "Groesbeek"]},
    "Groesbeek road": {"points": ["Nijmegen", "Groesbeek"]},
    "Oss road": {"points": ["Uden", "Oss"]},
    "Helmond road": {"points": ["Eindhoven", "Helmond"]},
    "Erp road": {"points": ["Veghel", "Erp", "Helmond"]},
    "Wijchen road": {"points": ["Wijchen", "Nijmegen"]},
    "Cuijk road": {"points": ["Uden", "Cuijk"]},
    "Driel road": {"points": ["Driel", "Elst"]},
    "Heteren road": {"points": ["Heteren", "Driel"]},
    "Bemmel road": {"points": ["Lent", "Bemmel", "Huissen"]},
    "Utrechtseweg": {"points": ["Renkum", "Oosterbeek", "Arnhem", "Velp"]},
    "Wolfheze road": {"points": ["Wolfheze", "Oosterbeek"]},
    "Wageningen road": {"points": ["Wageningen", "Renkum"]},
    "Lommel road": {"points": ["Lommel", "De Groote Barriere", "Neerpelt"]},
}

# Woods and heath outlines (lat, lon), approximate: the large blocks a one-mile hex shows.
WOODS: dict[str, list[tuple[float, float]]] = {
    "Oosterbeek and Wolfheze woods": [(52.035, 5.720), (52.035, 5.900), (52.000, 5.900), (51.992, 5.860),
                                      (51.992, 5.780), (51.985, 5.720)],
    "Veluwezoom north of Arnhem": [(52.045, 5.900), (52.045, 6.020), (52.010, 6.020), (52.003, 5.950), (52.005, 5.900)],
    "Reichswald and the Groesbeek woods": [(51.800, 5.900), (51.810, 5.960), (51.790, 6.020), (51.730, 6.020),
                                           (51.740, 5.960), (51.765, 5.905)],
    "Sonsche Bos": [(51.545, 5.440), (51.545, 5.500), (51.525, 5.505), (51.522, 5.440)],
    "Kempen woods at the border": [(51.300, 5.300), (51.300, 5.400), (51.245, 5.440), (51.245, 5.300)],
}
HEATH: dict[str, list[tuple[float, float]]] = {
    "Ginkel heath": [(52.045, 5.700), (52.045, 5.760), (52.025, 5.760), (52.025, 5.700)],
    "Renkum heath": [(52.000, 5.750), (52.000, 5.790), (51.988, 5.790), (51.988, 5.750)],
    "Malpie and Leenderheide": [(51.380, 5.480), (51.380, 5.540), (51.320, 5.540), (51.320, 5.480)],
    "Vlagheide and Eerde heath": [(51.610, 5.490), (51.610, 5.530), (51.590, 5.530), (51.590, 5.490)],
}

# The Groesbeek heights: the wooded ridge south-east of Nijmegen (mixed terrain, feature "heights").
HEIGHTS: dict[str, list[tuple[float, float]]] = {
    "Groesbeek heights": [(51.830, 5.880), (51.810, 5.935), (51.745, 5.945), (51.760, 5.880)],
}

# Drop and landing zones of 17-21 September (the division's DZ marker goes on the first listed).
DROP_ZONES: dict[str, dict] = {
    "dz_1abn_x": {"division": "1abn", "label": "DZ X / LZ S, Z (Renkum heath, Wolfheze)", "at": (51.9950, 5.7850)},
    "dz_1abn_y": {"division": "1abn", "label": "DZ Y (Ginkel heath)", "at": (52.0350, 5.7200)},
    "dz_1abn_l": {"division": "1abn", "label": "LZ L (Johannahoeve)", "at": (52.0000, 5.8300)},
    "dz_pol_k": {"division": "pol", "label": "Polish DZ (Driel)", "at": (51.9550, 5.8100)},
    "dz_82_n": {"division": "82", "label": "DZ N / LZ N (Groesbeek, south)", "at": (51.7550, 5.9400)},
    "dz_82_t": {"division": "82", "label": "DZ T (Groesbeek, north)", "at": (51.7900, 5.9450)},
    "dz_82_o": {"division": "82", "label": "DZ O (Overasselt)", "at": (51.7650, 5.7800)},
    "dz_101_c": {"division": "101", "label": "DZ B, C / LZ W (Son heath)", "at": (51.5300, 5.4750)},
    "dz_101_a": {"division": "101", "label": "DZ A (Vlagheide, Veghel)", "at": (51.6000, 5.5100)},
}
