"""The order of battle: which units fought (inferred from the history of the battle) and their
counter values (placeholders by unit type, except the few the rulebook's examples print).

A unit is a counter with two faces (§2.3): full and reduced. Face values: strength = attack,
defense, movement = MP, and `values` effectiveness, stacking, bombardment, range (§2.4).
Classes for armour effects (§19, the §3.0 legend) are the counter's `cls`, "a/b" when the owner
chooses one of two.
"""
from __future__ import annotations

from domain.kernel.pack.provenance import Inferred, Placeholder
from domain.kernel.pack.schema import Counter, Face
from tools.abtv_map.cite import rulebook

OOB = "abtv.oob.history"
VALUES = "abtv.oob.values"
SOURCES = {
    OOB: Inferred(evidence="the unit fought in Market-Garden, 17-26 September 1944 (standard histories of the battle); "
                           "its type, size and formation as they are generally given"),
    VALUES: Placeholder(reason="counter values are not in the text: a template by unit type (tools/abtv_data/oob.py), "
                               "reduced face about half the full one"),
}

# type: (cls, cm, attack, defence, mp, effectiveness, stacking, bombardment, range)
TEMPLATES = {
    "para": ("inf", False, 4, 4, 4, 6, 2, None, None),
    "glider": ("inf", False, 4, 4, 4, 6, 2, None, None),
    "airborne_artillery": ("inf", False, 0, 1, 4, 5, 1, 6, 2),
    "airborne_recce": ("armor/inf", True, 2, 2, 8, 6, 1, None, None),
    "airborne_engineer": ("inf", False, 2, 3, 4, 6, 1, None, None),
    "infantry": ("inf", False, 3, 3, 4, 5, 2, None, None),
    "armor": ("armor", True, 6, 4, 8, 5, 2, None, None),
    "armored_recce": ("armor/inf", True, 3, 3, 10, 5, 1, None, None),
    "motor_infantry": ("inf", True, 3, 3, 8, 5, 2, None, None),
    "field_artillery": ("inf", True, 0, 1, 6, 4, 1, 4, 6),
    "sp_artillery": ("inf", True, 0, 1, 6, 4, 1, 8, 4),
    "medium_artillery": ("inf", True, 0, 1, 5, 4, 1, 6, 8),
    "bridge_engineer": ("inf", True, 1, 2, 6, 4, 1, None, None),
    "engineer": ("inf", False, 2, 2, 4, 5, 1, None, None),
    "ss_panzergrenadier": ("inf", True, 4, 4, 6, 7, 2, None, None),
    "ss_panzer": ("armor", True, 6, 4, 6, 7, 2, None, None),
    "ss_recce": ("armor/inf", True, 4, 3, 10, 7, 2, None, None),
    "ss_artillery": ("inf", True, 0, 1, 5, 5, 1, 6, 6),
    "ss_engineer": ("inf", True, 3, 3, 6, 7, 1, None, None),
    "ss_training": ("inf", False, 3, 3, 4, 6, 1, None, None),
    "heavy_tank": ("armor", True, 8, 6, 5, 7, 2, None, None),
    "assault_gun": ("armor/at", True, 5, 4, 6, 6, 1, None, None),
    "panzerjaeger": ("armor/at", True, 4, 3, 6, 5, 1, None, None),
    "fallschirmjaeger": ("inf", False, 4, 4, 4, 6, 2, None, None),
    "german_infantry": ("inf", False, 3, 3, 4, 4, 2, None, None),
    "german_ersatz": ("inf", False, 2, 2, 3, 3, 1, None, None),
    "german_artillery": ("inf", False, 0, 1, 3, 3, 1, 4, 5),
    "flak": ("at", True, 2, 2, 5, 4, 1, None, None),
    "dz_marker": ("marker", False, 0, 1, 0, 0, 0, None, None),
}
# Fields whose value a worked example prints for a unit of that type (the unit itself is not named).
PRINTED = {
    "airborne_artillery": {"bombardment": "support", "range": "support", "defense": "support", "movement": "support"},
    "field_artillery": {"bombardment": "bombard_ex"},
    "sp_artillery": {"bombardment": "sp_art", "movement": "sp_art"},
}

# formation: (side, nationality, [(id, designation, type, size, extra flags)])
FORMATIONS: dict[str, tuple[str, str, list]] = {}


def _f(key, side, nat, units):
    FORMATIONS[key] = (side, nat, units)


def _bns(prefix, regiment, numbers, typ, fmt="{n}/{r}"):
    return [(f"{prefix}-{regiment}-{n}", fmt.format(n=n, r=regiment), typ, "battalion", ()) for n in numbers]


_f("1abn", "allied", "british", [
    *[(f"uk-{n}para", f"{n} Para Bn", "para", "battalion", ()) for n in (1, 2, 3, 10, 11, 156)],
    ("uk-1border", "1 Border", "glider", "battalion", ()), ("uk-7kosb", "7 KOSB", "glider", "battalion", ()),
    ("uk-2staffs", "2 South Staffords", "glider", "battalion", ()),
    ("uk-1alr", "1 Airlanding Light Regt RA", "airborne_artillery", "regiment", ()),
    ("uk-1recce", "1 Airborne Recce Sqn", "airborne_recce", "company", ()),
    ("uk-1sqnre", "1 Para Sqn RE", "airborne_engineer", "company", ("engineer",)),
    ("uk-dz-1abn", "1st Airborne DZ", "dz_marker", None, ("dz",)),
])
_f("pol", "allied", "polish", [(f"pl-{n}bn", f"{n} Bn, 1 Polish Para Bde", "para", "battalion", ()) for n in (1, 2, 3)])
_f("82", "allied", "us", [
    *_bns("us", "504", (1, 2, 3), "para"), *_bns("us", "505", (1, 2, 3), "para"), *_bns("us", "508", (1, 2, 3), "para"),
    *_bns("us", "325", (1, 2, 3), "glider"),
    ("us-376pfab", "376 PFAB", "airborne_artillery", "battalion", ()),
    ("us-319gfab", "319/320 GFAB", "airborne_artillery", "battalion", ()),
    ("us-307eng", "307 Abn Engr Bn", "airborne_engineer", "battalion", ("engineer",)),
    ("us-dz-82", "82nd Airborne DZ", "dz_marker", None, ("dz",)),
])
_f("101", "allied", "us", [
    *_bns("us", "501", (1, 2, 3), "para"), *_bns("us", "502", (1, 2, 3), "para"), *_bns("us", "506", (1, 2, 3), "para"),
    *_bns("us", "327", (1, 2, 3), "glider"),
    ("us-377pfab", "377 PFAB", "airborne_artillery", "battalion", ()),
    ("us-321gfab", "321/907 GFAB", "airborne_artillery", "battalion", ()),
    ("us-326eng", "326 Abn Engr Bn", "airborne_engineer", "battalion", ("engineer",)),
    ("us-dz-101", "101st Airborne DZ", "dz_marker", None, ("dz",)),
])
_f("gds", "allied", "british", [
    ("uk-2gren", "2 (Armd) Grenadier Gds", "armor", "battalion", ()), ("uk-1cold", "1 (Armd) Coldstream Gds", "armor", "battalion", ()),
    ("uk-2irish", "2 (Armd) Irish Gds", "armor", "battalion", ()), ("uk-2welsh", "2 (Armd Recce) Welsh Gds", "armor", "battalion", ()),
    ("uk-1gren", "1 (Motor) Grenadier Gds", "motor_infantry", "battalion", ()), ("uk-5cold", "5 Coldstream Gds", "motor_infantry", "battalion", ()),
    ("uk-3irish", "3 Irish Gds", "motor_infantry", "battalion", ()), ("uk-1welsh", "1 Welsh Gds", "motor_infantry", "battalion", ()),
    ("uk-2hcr", "2 Household Cavalry", "armored_recce", "regiment", ()),
    ("uk-55fd", "55 Field Regt RA", "field_artillery", "regiment", ()),
    ("uk-153fd", "153 (Leicestershire Yeomanry) Field Regt, SP", "sp_artillery", "regiment", ("sp_artillery",)),
    ("uk-gdsre", "Guards Armd Div RE", "bridge_engineer", "battalion", ("engineer", "bridge")),
])
_f("43", "allied", "british", [
    *[(f"uk-{k}", n, "infantry", "battalion", ()) for k, n in (
        ("4soml", "4 Somerset LI"), ("4wilts", "4 Wiltshire"), ("5wilts", "5 Wiltshire"), ("7hamps", "7 Hampshire"),
        ("4dorset", "4 Dorset"), ("5dorset", "5 Dorset"), ("7soml", "7 Somerset LI"), ("1worcs", "1 Worcestershire"),
        ("5dcli", "5 DCLI"))],
    ("uk-43recce", "43 Recce Regt", "armored_recce", "regiment", ()),
    ("uk-43ra1", "94 Field Regt RA", "field_artillery", "regiment", ()), ("uk-43ra2", "112 Field Regt RA", "field_artillery", "regiment", ()),
])
_f("50", "allied", "british", [
    (f"uk-{k}", n, "infantry", "battalion", ()) for k, n in (
        ("5ey", "5 East Yorkshire"), ("6gh", "6 Green Howards"), ("7gh", "7 Green Howards"),
        ("6dli", "6 DLI"), ("8dli", "8 DLI"), ("9dli", "9 DLI"))
])
_f("xxx", "allied", "british", [
    ("uk-srr", "Sherwood Rangers Yeomanry", "armor", "regiment", ()), ("uk-4/7dg", "4/7 Dragoon Gds", "armor", "regiment", ()),
    ("uk-13/18h", "13/18 Hussars", "armor", "regiment", ()), ("uk-12krrc", "12 KRRC", "motor_infantry", "battalion", ()),
    ("uk-64med", "64 Medium Regt RA", "medium_artillery", "regiment", ()),
    ("uk-xxxre1", "XXX Corps bridging RE (1)", "bridge_engineer", "battalion", ("engineer", "bridge")),
    ("uk-xxxre2", "XXX Corps bridging RE (2)", "bridge_engineer", "battalion", ("engineer", "bridge")),
])
_f("9ss", "german", "german", [
    ("de-ss-kgspindler", "KG Spindler (SS Pz Art Rgt 9 as infantry)", "ss_panzergrenadier", "regiment", ("ss",)),
    ("de-ss-kgharder", "KG Harder", "ss_panzergrenadier", "battalion", ("ss",)),
    ("de-ss-aa9", "SS Pz Aufkl Abt 9 (Graebner)", "ss_recce", "battalion", ("ss",)),
    ("de-ss-pgr19", "SS PzGr Rgt 19", "ss_panzergrenadier", "battalion", ("ss",)),
    ("de-ss-pgr20", "SS PzGr Rgt 20", "ss_panzergrenadier", "battalion", ("ss",)),
    ("de-ss-art9", "SS Pz Art Rgt 9 (batteries)", "ss_artillery", "battalion", ("ss",)),
    ("de-ss-pi9", "SS Pz Pi Bn 9", "ss_engineer", "battalion", ("ss", "engineer")),
    ("de-ss-krafft", "SS PzGr Ausb u Ers Bn 16 (Krafft)", "ss_training", "battalion", ("ss",)),
])
_f("10ss", "german", "german", [
    ("de-ss-kgeuling", "KG Euling (II/SS PzGr Rgt 21)", "ss_panzergrenadier", "battalion", ("ss",)),
    ("de-ss-pgr21", "SS PzGr Rgt 21", "ss_panzergrenadier", "battalion", ("ss",)),
    ("de-ss-pgr22", "SS PzGr Rgt 22", "ss_panzergrenadier", "battalion", ("ss",)),
    ("de-ss-pz10", "SS Pz Rgt 10", "ss_panzer", "battalion", ("ss",)),
    ("de-ss-aa10", "SS Pz Aufkl Abt 10", "ss_recce", "battalion", ("ss",)),
    ("de-ss-art10", "SS Pz Art Rgt 10", "ss_artillery", "battalion", ("ss",)),
    ("de-ss-pi10", "SS Pz Pi Bn 10", "ss_engineer", "battalion", ("ss", "engineer")),
    ("de-ss-knaust", "KG Knaust", "ss_panzer", "battalion", ("ss",)),
    ("de-ss-brinkmann", "KG Brinkmann", "ss_panzergrenadier", "battalion", ("ss",)),
])
_f("corps", "german", "german", [
    ("de-spz506", "s.Pz.Abt 506 (Tiger)", "heavy_tank", "battalion", ()),
    ("de-stug280", "StuG Bde 280", "assault_gun", "battalion", ()),
    ("de-pzbde107a", "Pz Bde 107 (Panther Abt)", "armor", "battalion", ()),
    ("de-pzbde107b", "Pz Bde 107 (PzGr Bn)", "motor_infantry", "battalion", ()),
    ("de-pzjg559", "Pz Jg Abt 559", "panzerjaeger", "battalion", ()),
    ("de-flak-arnhem", "Flak Abt (Arnhem)", "flak", "battalion", ()),
])
_f("tettau", "german", "german", [
    ("de-ss-lippert", "SS Unterfuehrerschule Arnheim (Lippert)", "ss_training", "battalion", ("ss",)),
    ("de-helle", "SS Wach Bn 3 (Helle)", "german_ersatz", "battalion", ("ss",)),
    ("de-eberwein", "Bn Eberwein", "german_ersatz", "battalion", ()),
    ("de-schiff10", "Schiffsstammabteilung 10", "german_ersatz", "battalion", ()),
    ("de-kgallwoerden", "KG von Allwoerden", "german_ersatz", "battalion", ()),
])
_f("walther", "german", "german", [
    ("de-fjr-hoffmann1", "FJ Rgt von Hoffmann (I)", "fallschirmjaeger", "battalion", ()),
    ("de-fjr-hoffmann2", "FJ Rgt von Hoffmann (II)", "fallschirmjaeger", "battalion", ()),
    ("de-ss-heinke", "SS Bn Heinke", "ss_training", "battalion", ("ss",)),
    ("de-kgrichter", "KG Richter", "german_infantry", "battalion", ()),
])
_f("chill", "german", "german", [
    ("de-fjr6-1", "I/FJ Rgt 6 (von der Heydte)", "fallschirmjaeger", "battalion", ()),
    ("de-fjr6-2", "II/FJ Rgt 6", "fallschirmjaeger", "battalion", ()),
    ("de-fjr6-3", "III/FJ Rgt 6", "fallschirmjaeger", "battalion", ()),
    ("de-85id-1", "KG Chill (85 ID) I", "german_infantry", "battalion", ()),
    ("de-85id-2", "KG Chill (85 ID) II", "german_infantry", "battalion", ()),
])
_f("first_line", "german", "german", [
    ("de-59id-1034", "Gren Rgt 1034 (59 ID)", "german_infantry", "regiment", ()),
    ("de-59id-1035", "Gren Rgt 1035 (59 ID)", "german_infantry", "regiment", ()),
    ("de-59id-art", "Art Rgt 159 (59 ID)", "german_artillery", "regiment", ()),
    ("de-245id-1", "Gren Rgt 935 (245 ID)", "german_infantry", "regiment", ()),
    ("de-406-1", "406 Div z.b.V. Ersatz Bn (1)", "german_ersatz", "battalion", ()),
    ("de-406-2", "406 Div z.b.V. Ersatz Bn (2)", "german_ersatz", "battalion", ()),
    ("de-406-3", "406 Div z.b.V. Ersatz Bn (3)", "german_ersatz", "battalion", ()),
    ("de-kgbecker", "KG Becker (II FJ Korps)", "fallschirmjaeger", "regiment", ()),
    ("de-180id", "Gren Rgt (180 ID)", "german_infantry", "regiment", ()),
])
DIVISION_FLAG = {"1abn": "div:1abn", "pol": "div:pol", "82": "div:82", "101": "div:101"}


def _face(typ: str, full: bool) -> Face:
    cls, cm, att, dfn, mp, eff, stack, bomb, rng = TEMPLATES[typ]
    if not full:
        att, dfn, eff = att // 2, max(1, dfn // 2), max(1, eff - 1)
        bomb = bomb // 2 if bomb is not None else None
    values = {"effectiveness": eff, "stacking": stack}
    if bomb is not None:
        values |= {"bombardment": bomb, "range": rng}
    return Face(strength=att, defense=dfn, movement=mp, values=values)


def counters() -> tuple[dict[str, Counter], dict]:
    out: dict[str, Counter] = {}
    printed_src: dict = {}
    for key, (side, nat, units) in FORMATIONS.items():
        for cid, designation, typ, size, flags in units:
            cls, cm, *_ = TEMPLATES[typ]
            fl = [*flags, *(["cm"] if cm else []), f"formation:{key}"]
            if key in DIVISION_FLAG:
                fl += ["airborne", DIVISION_FLAG[key]]
            faces = (_face(typ, True),) if typ == "dz_marker" else (_face(typ, True), _face(typ, False))
            fprov = {"faces": VALUES}
            if typ in PRINTED:  # a worked example's values, given to units of that type: still not the counter's
                k = f"abtv.oob.values.{typ}"
                ex = PRINTED[typ]
                printed_src[k] = Placeholder(reason=f"{', '.join(ex)} of the full face taken from the "
                                                    f"{rulebook(next(iter(ex.values()))).cite.label()} example's "
                                                    f"{typ.replace('_', ' ')} (the example names no unit); the rest a template")
                fprov = {"faces": k}
            if typ == "dz_marker":
                k = "abtv.oob.dz"
                printed_src[k] = rulebook("dz")
                fprov = {"faces": k}
            out[cid] = Counter(prov=OOB if typ != "dz_marker" else "abtv.oob.dz", field_prov=fprov, side=side, type=typ,
                               cls=cls, size=size, nationality=nat, designation=designation,
                               strength=faces[0].strength, movement=faces[0].movement, faces=faces,
                               flags=tuple(sorted(set(fl))), label=designation)
    return out, printed_src
