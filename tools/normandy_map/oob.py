"""Orders of battle: every counter the text names, with its values.

The text gives no unit's attack, defence, movement, stacking value or steps (digest §4.3), so
they are placeholders by unit type (VALUES), except what the text fixes: HQs have SV 0 (L150),
KG 275 has one step (countersheet errata L588), garrisons no movement and no attack and one step
(§0.1.2), Offensive markers movement 12 (§0.2.1), Partisans defence 2 and one step, FFI PARIS
attack 5, defence 5, two steps (§4.1.2). Each counter's identity is `rulebook`, cited to the line
that names it; the campaign-only arrivals the text does not name are `inferred` from history.
"""
from __future__ import annotations

from dataclasses import dataclass, field

# type -> (attack, defence, movement, stacking value, steps): placeholders, chosen so that every
# printed set-up hex is within the limits (5 SP, one SV-0 unit and one HQ, L151) and motorized units
# move more than 6 (L43). Battalions have SV 0 ("HQs, battalions, etc.", L150), except US tank
# battalions: Scenario 1 stacks two of them in 0619 (L476), so they count 1.
VALUES = {
    "inf_div": (4, 5, 6, 3, 3),
    "static_div": (3, 4, 6, 3, 3),
    "pz_div": (8, 6, 10, 3, 3),
    "arm_div": (7, 5, 12, 3, 3),
    "abn_div": (4, 5, 6, 3, 3),
    "combat_command": (4, 3, 12, 2, 2),
    "inf_rgt": (2, 3, 6, 1, 2),
    "abn_rgt": (2, 3, 6, 1, 2),
    "pz_bn": (3, 2, 10, 0, 1),
    "heavy_pz_bn": (4, 3, 8, 0, 1),
    "tank_bn": (2, 1, 12, 1, 1),
    "td_bn": (1, 2, 12, 0, 1),
    "flak": (1, 2, 8, 0, 1),
    "arm_bde": (3, 2, 12, 1, 2),
    "arm_rgt": (2, 1, 12, 1, 1),
    "inf_bde": (2, 3, 6, 1, 2),
    "commando_bde": (2, 3, 6, 1, 2),
    "kampfgruppe": (2, 2, 6, 1, 1),
}
HQ_VALUES = (1, 12)  # combat bonus, movement: placeholders (the text: a bonus of 1 or 2, §5.3)
ARMORED = {"pz_div", "arm_div", "combat_command", "pz_bn", "heavy_pz_bn", "tank_bn", "arm_bde", "arm_rgt"}
SIZE = {"inf_div": "XX", "static_div": "XX", "pz_div": "XX", "arm_div": "XX", "abn_div": "XX", "combat_command": "CC",
        "inf_rgt": "III", "abn_rgt": "III", "pz_bn": "II", "heavy_pz_bn": "II", "tank_bn": "II", "td_bn": "II",
        "flak": "II", "arm_bde": "X", "arm_rgt": "III", "inf_bde": "X", "commando_bde": "X", "kampfgruppe": "KG"}


@dataclass(frozen=True)
class Unit:
    key: str
    label: str
    nationality: str  # german, us, british, canadian, polish, french
    kind: str         # a VALUES key or "hq"
    line: int         # the rulebook line naming it (0: not named, inferred from history)
    flags: tuple[str, ...] = ()
    division: str | None = None
    note: str = ""
    elite: bool = field(default=False)


def _u(key, label, nat, kind, line, *flags, division=None, elite=False, note=""):
    return Unit(key, label, nat, kind, line, tuple(flags), division, note, elite)


UNITS = (
    # German HQs and units of the Cobra set-up (L499-527)
    _u("de-lxxxvi-korps", "LXXXVI Korps", "german", "hq", 500),
    _u("de-i-ss-pzkorps", "I SS Panzer Korps", "german", "hq", 505),
    _u("de-ii-ss-pzkorps", "II SS Panzer Korps", "german", "hq", 509),
    _u("de-xlvii-pzkorps", "XLVII Panzer Korps", "german", "hq", 515),
    _u("de-ii-fj-korps", "II Fallschirm Korps", "german", "hq", 518),
    _u("de-lxxxiv-korps", "LXXXIV Korps", "german", "hq", 522),
    _u("de-654-spzabt", "654 schwere Panzerjäger Abteilung", "german", "heavy_pz_bn", 499),
    _u("de-flak-1", "Flak 1", "german", "flak", 499),
    _u("de-flak-2", "Flak 2", "german", "flak", 499),
    _u("de-flak-3", "Flak 3", "german", "flak", 499),
    _u("de-711-inf", "711 Infanterie Division", "german", "static_div", 501),
    _u("de-346-inf", "346 Infanterie Division", "german", "inf_div", 502),
    _u("de-503-spzabt", "503 schwere Panzer Abteilung", "german", "heavy_pz_bn", 503),
    _u("de-16-lw", "16 Luftwaffen Feld Division", "german", "static_div", 503, "luftwaffe"),
    _u("de-21-pz", "21 Panzer Division", "german", "pz_div", 504),
    _u("de-1-ss", "1 SS Panzer Division LSSAH", "german", "pz_div", 506, "ss", elite=True),
    _u("de-101-spzabt", "101 SS schwere Panzer Abteilung", "german", "heavy_pz_bn", 507, "ss"),
    _u("de-272-inf", "272 Infanterie Division", "german", "inf_div", 507),
    _u("de-12-ss", "12 SS Panzer Division HJ", "german", "pz_div", 508, "ss", elite=True),
    _u("de-10-ss-21", "10 SS Panzer Division / 21", "german", "inf_rgt", 510, "ss", "panzergrenadier", "motorized_infantry", division="10 SS"),
    _u("de-ii-10", "II/10 (SS Panzer Regiment 10)", "german", "pz_bn", 510, "ss", division="10 SS"),
    _u("de-10-ss-22", "10 SS Panzer Division / 22", "german", "inf_rgt", 511, "ss", "panzergrenadier", "motorized_infantry", division="10 SS"),
    _u("de-271-inf", "271 Infanterie Division", "german", "inf_div", 511),
    _u("de-277-inf", "277 Infanterie Division", "german", "inf_div", 512),
    _u("de-276-inf", "276 Infanterie Division", "german", "inf_div", 513),
    _u("de-102-spzabt", "102 SS schwere Panzer Abteilung", "german", "heavy_pz_bn", 514, "ss"),
    _u("de-9-ss", "9 SS Panzer Division", "german", "pz_div", 514, "ss", elite=True),
    _u("de-2-pz-304", "2 Panzer Division / 304", "german", "inf_rgt", 516, "panzergrenadier", "motorized_infantry", division="2 Pz"),
    _u("de-ii-3", "II/3 (Panzer Regiment 3)", "german", "pz_bn", 516, division="2 Pz"),
    _u("de-2-pz-2", "2 Panzer Division / 2", "german", "inf_rgt", 517, "panzergrenadier", "motorized_infantry", division="2 Pz"),
    _u("de-i-3", "I/3 (Panzer Regiment 3)", "german", "pz_bn", 517, division="2 Pz"),
    _u("de-3-fj-9", "3 Fallschirmjäger Division / 9", "german", "inf_rgt", 519, "paratroop", division="3 Fj", elite=True),
    _u("de-3-fj-8", "3 Fallschirmjäger Division / 8", "german", "inf_rgt", 520, "paratroop", division="3 Fj", elite=True),
    _u("de-3-fj-5", "3 Fallschirmjäger Division / 5", "german", "inf_rgt", 520, "paratroop", division="3 Fj", elite=True),
    _u("de-266-inf", "266 Infanterie Division", "german", "static_div", 521),
    _u("de-352-inf-915", "352 Infanterie Division / 915", "german", "inf_rgt", 521, division="352"),
    _u("de-275-inf", "Kampfgruppe 275", "german", "kampfgruppe", 523,
       note="the 275th of the set-up read as KG 275, the one-step counter of the countersheet errata (L588)"),
    _u("de-lehr-ii-130", "Panzer Lehr / II/130", "german", "pz_bn", 523, division="Lehr", elite=True),
    _u("de-lehr-i-130", "Panzer Lehr / I/130", "german", "pz_bn", 524, division="Lehr", elite=True),
    _u("de-lehr-901", "Panzer Lehr / 901", "german", "inf_rgt", 524, "panzergrenadier", "motorized_infantry", division="Lehr", elite=True),
    _u("de-lehr-902", "Panzer Lehr / 902", "german", "inf_rgt", 524, "panzergrenadier", "motorized_infantry", division="Lehr", elite=True),
    _u("de-17-ss-15-fj", "17 SS / 15 Fj (as printed)", "german", "inf_rgt", 525, "paratroop", division="17 SS"),
    _u("de-lehr-14-fj", "Lehr / 14 FJ (as printed)", "german", "inf_rgt", 525, "paratroop", division="Lehr"),
    _u("de-17-ss-37", "17 SS Panzergrenadier Division / 37", "german", "inf_rgt", 526, "ss", "panzergrenadier", "motorized_infantry", division="17 SS"),
    _u("de-17-ss-38", "17 SS Panzergrenadier Division / 38", "german", "inf_rgt", 526, "ss", "panzergrenadier", "motorized_infantry", division="17 SS"),
    _u("de-2-ss-3", "2 SS Panzer Division / 3", "german", "inf_rgt", 526, "ss", "panzergrenadier", "motorized_infantry", division="2 SS", elite=True),
    _u("de-i-2", "I/2 (as printed)", "german", "pz_bn", 526, division="2 SS"),
    _u("de-353-inf", "353 Infanterie Division", "german", "inf_div", 527),
    # Scenario 1's German reinforcements (L482)
    _u("de-77-inf", "77 Infanterie Division", "german", "inf_div", 482),
    _u("de-17-ss", "17 SS Panzergrenadier Division", "german", "pz_div", 482, "ss", "panzergrenadier"),
    _u("de-265-inf", "265 Infanterie Division (Kampfgruppe)", "german", "inf_div", 482),
    # US (L531-549, L473-477)
    _u("us-viii-corps", "VIII Corps", "us", "hq", 532),
    _u("us-vii-corps", "VII Corps", "us", "hq", 538),
    _u("us-xix-corps", "XIX Corps", "us", "hq", 544),
    _u("us-v-corps", "V Corps", "us", "hq", 547),
    _u("us-4-inf", "4th Infantry Division", "us", "inf_div", 531),
    _u("us-70-tk-bn", "70th Tank Battalion", "us", "tank_bn", 531),
    _u("us-79-inf", "79th Infantry Division", "us", "inf_div", 533),
    _u("us-8-inf", "8th Infantry Division", "us", "inf_div", 534),
    _u("us-90-inf", "90th Infantry Division", "us", "inf_div", 535),
    _u("us-4-arm", "4th Armored Division", "us", "arm_div", 536),
    _u("us-83-inf", "83rd Infantry Division", "us", "inf_div", 537),
    _u("us-1-inf", "1st Infantry Division", "us", "inf_div", 539),
    _u("us-745-tk-bn", "745th Tank Battalion", "us", "tank_bn", 539),
    _u("us-3-arm-cca", "3rd Armored Division CCA", "us", "combat_command", 540, division="3 Arm"),
    _u("us-3-arm-ccb", "3rd Armored Division CCB", "us", "combat_command", 540, division="3 Arm"),
    _u("us-3-arm-ccr", "3rd Armored Division CCR", "us", "combat_command", 540, division="3 Arm"),
    _u("us-2-arm-cca", "2nd Armored Division CCA", "us", "combat_command", 541, division="2 Arm"),
    _u("us-2-arm-ccb", "2nd Armored Division CCB", "us", "combat_command", 541, division="2 Arm"),
    _u("us-2-arm-ccr", "2nd Armored Division CCR", "us", "combat_command", 541, division="2 Arm"),
    _u("us-9-inf", "9th Infantry Division", "us", "inf_div", 542),
    _u("us-746-tk-bn", "746th Tank Battalion", "us", "tank_bn", 542),
    _u("us-30-inf", "30th Infantry Division", "us", "inf_div", 543),
    _u("us-743-tk-bn", "743rd Tank Battalion", "us", "tank_bn", 543),
    _u("us-35-inf", "35th Infantry Division", "us", "inf_div", 545),
    _u("us-29-inf", "29th Infantry Division", "us", "inf_div", 546),
    _u("us-2-inf", "2nd Infantry Division", "us", "inf_div", 548),
    _u("us-741-tk-bn", "741st Tank Battalion", "us", "tank_bn", 548),
    _u("us-5-inf", "5th Infantry Division", "us", "inf_div", 549),
    _u("us-899-td-bn", "899th Tank Destroyer Battalion", "us", "td_bn", 549),
    _u("us-82-abn-505", "82nd Airborne Division / 505", "us", "abn_rgt", 473, "paratroop", division="82 Abn", elite=True),
    _u("us-82-abn-507", "82nd Airborne Division / 507", "us", "abn_rgt", 474, "paratroop", division="82 Abn", elite=True),
    _u("us-82-abn-508", "82nd Airborne Division / 508", "us", "abn_rgt", 474, "paratroop", division="82 Abn", elite=True),
    _u("us-101-abn", "101st Airborne Division", "us", "abn_div", 475, "paratroop", elite=True),
    _u("us-4-inf-8", "4th Infantry Division / 8", "us", "inf_rgt", 476, division="4 Inf"),
    _u("us-4-inf-12", "4th Infantry Division / 12", "us", "inf_rgt", 477, division="4 Inf"),
    _u("us-4-inf-22", "4th Infantry Division / 22", "us", "inf_rgt", 477, division="4 Inf"),
    # British and Canadian (L551-575)
    _u("br-xxx-corps", "XXX Corps", "british", "hq", 551),
    _u("br-xii-corps", "XII Corps", "british", "hq", 556),
    _u("ca-ii-corps", "II Canadian Corps", "canadian", "hq", 563),
    _u("br-i-corps", "I Corps", "british", "hq", 567),
    _u("br-viii-corps", "VIII Corps", "british", "hq", 571),
    _u("br-8-arm-bde", "8th Armoured Brigade", "british", "arm_bde", 552),
    _u("br-33-arm-bde", "33rd Armoured Brigade", "british", "arm_bde", 553),
    _u("br-50-inf-69", "50th Infantry Division / 69", "british", "inf_bde", 554, division="50"),
    _u("br-49-inf", "49th Infantry Division", "british", "inf_div", 554, note="printed '49e': read as the division"),
    _u("br-56-inf-bde", "56th Infantry Brigade", "british", "inf_bde", 554),
    _u("br-50-inf-231", "50th Infantry Division / 231", "british", "inf_bde", 555, division="50"),
    _u("br-50-inf-151", "50th Infantry Division / 151", "british", "inf_bde", 555, division="50"),
    _u("br-59-inf", "59th Infantry Division", "british", "inf_div", 555),
    _u("br-4-arm-bde", "4th Armoured Brigade", "british", "arm_bde", 557),
    _u("br-53-inf", "53rd Infantry Division", "british", "inf_div", 558),
    _u("br-15-inf", "15th Infantry Division", "british", "inf_div", 559),
    _u("br-31-arm-bde", "31st Armoured Brigade", "british", "arm_bde", 560),
    _u("br-43-inf", "43rd Infantry Division", "british", "inf_div", 561),
    _u("br-34-arm-bde", "34th Armoured Brigade", "british", "arm_bde", 562),
    _u("ca-2-arm-bde-6", "2nd Canadian Armoured Brigade / 6", "canadian", "arm_rgt", 564, division="2 Can Arm Bde"),
    _u("ca-2-arm-bde-27", "2nd Canadian Armoured Brigade / 27", "canadian", "arm_rgt", 564, division="2 Can Arm Bde"),
    _u("ca-2-arm-bde-10", "2nd Canadian Armoured Brigade / 10", "canadian", "arm_rgt", 564, division="2 Can Arm Bde"),
    _u("ca-2-inf", "2nd Canadian Infantry Division", "canadian", "inf_div", 565),
    _u("ca-3-inf", "3rd Canadian Infantry Division", "canadian", "inf_div", 566),
    _u("br-51-inf", "51st Infantry Division", "british", "inf_div", 568),
    _u("br-27-arm-bde-h", "27th Armoured Brigade / H", "british", "arm_rgt", 568, division="27 Arm Bde"),
    _u("br-3-inf", "3rd Infantry Division", "british", "inf_div", 569),
    _u("br-27-arm-bde-s", "27th Armoured Brigade / S", "british", "arm_rgt", 569, division="27 Arm Bde"),
    _u("br-1-ss-bde", "1st Special Service Brigade (commando)", "british", "commando_bde", 569, "commando", elite=True),
    _u("br-6-airborne", "6th Airborne Division", "british", "abn_div", 570, "paratroop", elite=True),
    _u("br-4-ss-bde", "4th Special Service Brigade (commando)", "british", "commando_bde", 570, "commando", elite=True),
    _u("br-27-arm-bde-e", "27th Armoured Brigade / E", "british", "arm_rgt", 570, division="27 Arm Bde"),
    _u("br-gds-arm-32", "Guards Armoured Division / 32", "british", "inf_bde", 572, division="Gds Arm"),
    _u("br-11-arm", "11th Armoured Division", "british", "arm_div", 572),
    _u("br-gds-arm-15", "Guards Armoured Division / 15 (as printed)", "british", "arm_bde", 573, division="Gds Arm"),
    _u("br-7-arm", "7th Armoured Division", "british", "arm_div", 574),
    _u("br-79-arm-1", "79th Armoured Division: brigade 1 of 3", "british", "arm_bde", 575, "79th_armoured", division="79 Arm"),
    _u("br-79-arm-2", "79th Armoured Division: brigade 2 of 3", "british", "arm_bde", 575, "79th_armoured", division="79 Arm"),
    _u("br-79-arm-3", "79th Armoured Division: brigade 3 of 3", "british", "arm_bde", 575, "79th_armoured", division="79 Arm"),
)

# Counters whose values the text fixes in part (§4.3 of the digest): key -> ({field: value}, line, why).
PRINTED_VALUES = {
    "de-275-inf": ({"steps": 1}, 588, "The back of the German counter KG 275 is blank (it has only one step loss)"),
}
SPECIAL = (  # counters with printed values, not tied to a scenario set-up line
    ("mk-offensive", "Offensive marker", "marker", 55, {"movement": 12}, "movement value of 12, no defence, not counted for stacking"),
    ("de-partisan", "Partisan", "partisan", 178, {"defense": 2, "steps": 1}, "Partisan counters of the Maquis boxes"),
    ("fr-ffi-paris", "FFI PARIS", "ffi", 182, {"strength": 5, "defense": 5, "steps": 2}, "attack and defence 5, one two-step loss"),
    ("de-garrison-wn-madeleine", "Garrison WN Madeleine (Utah Beach)", "garrison", 471,
     {"movement": 0, "strength": 0, "steps": 1}, "the Utah Beach garrison, flipped to its US depot side"),
)

# Campaign arrivals the text does not list (counters print their entry turn): history, inferred.
# (key, label, nationality, kind, turn, flags)
CAMPAIGN_ARRIVALS = (
    ("us-2-arm-div", "2nd Armored Division (as a division, campaign)", "us", "arm_div", 2, ()),
    ("us-3-arm-div", "3rd Armored Division (as a division, campaign)", "us", "arm_div", 3, ()),
    ("us-6-arm", "6th Armored Division", "us", "arm_div", 8, ()),
    ("us-5-arm", "5th Armored Division", "us", "arm_div", 8, ()),
    ("us-28-inf", "28th Infantry Division", "us", "inf_div", 8, ()),
    ("us-80-inf", "80th Infantry Division", "us", "inf_div", 8, ()),
    ("fr-2-db", "2e Division Blindée", "french", "arm_div", 8, ("2db",)),
    ("ca-4-arm", "4th Canadian Armoured Division", "canadian", "arm_div", 8, ()),
    ("pl-1-arm", "1st Polish Armoured Division", "polish", "arm_div", 8, ()),
    ("de-116-pz", "116 Panzer Division", "german", "pz_div", 7, ()),
    ("de-9-pz", "9 Panzer Division", "german", "pz_div", 8, ()),
    ("de-363-inf", "363 Infanterie Division", "german", "inf_div", 8, ()),
    ("de-331-inf", "331 Infanterie Division", "german", "inf_div", 8, ()),
    ("de-84-inf", "84 Infanterie Division", "german", "inf_div", 7, ()),
    ("de-85-inf", "85 Infanterie Division", "german", "inf_div", 8, ()),
    ("de-89-inf", "89 Infanterie Division", "german", "inf_div", 8, ()),
)

# Units of the campaign set-up Scenario 1 uses ("German set-up for the campaign", L470) that the
# text does not name: the Cotentin's defenders of June 1944. (key, label, nationality, kind, place)
SC1_GERMAN = (
    ("de-709-inf", "709 Infanterie Division", "german", "static_div", "Valognes"),
    ("de-91-ll", "91 Luftlande Division", "german", "inf_div", "Saint-Sauveur-le-Vicomte"),
    ("de-243-inf", "243 Infanterie Division", "german", "inf_div", "La Haye-du-Puits"),
    ("de-6-fj", "Fallschirmjäger Regiment 6", "german", "inf_rgt", "Périers"),
)


def side_of(nationality: str) -> str:
    return "german" if nationality == "german" else "allied"
