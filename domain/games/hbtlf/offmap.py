"""7.5 Off-Map Rail Movement: the MP between map-edge hexes (7.51 German, 7.52 French), cumulative
along the edge, paid in Rail Points as any rail move (2.2: BE + 2 x cavalry BE + 1 logistics, x MP).
Only German units leave the map in Germany and French units in France (7.5); British and Belgian
units never use it. While Plan 17 is in force no unit moves by rail between the two maps (12.52G),
and the French network crosses from W:7003 to E:7031. Where the unit comes back on is a move the
other player confirms (declare_moves): the Standard Rules' rail procedure (8.24D) is not in the text."""
from __future__ import annotations

from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject

from domain.games.hbtlf import cite, ledgers
from domain.games.hbtlf.tables import chart

GERMAN = cite.rule("7.51 German Off-Map Rail Movement", 323, 361)
FRENCH = cite.rule("7.52 French Off-Map Rail Movement", 363, 411)
OFFMAP = cite.rule("7.5 Off-Map Rail Movement", 319, 321)
PLAN17_RAIL = cite.rule("12.52G French Rail Movement Restrictions", 990, 990)
NETWORK = {"german": "german", "allied": "french"}
AMBIGUOUS = ("E:7018",)  # errata offmap-rail-7-52-7018


def chain(pack, network: str) -> list[tuple[str, int]]:
    """The edge as one line: (hex, MP to the next hex), in printed order, the ambiguous spur left out."""
    segs = [r for r in chart(pack, "offmap_rail").values() if r["network"] == network
            and r["a"] not in AMBIGUOUS and r["b"] not in AMBIGUOUS]
    out: list[tuple[str, int]] = []
    for r in segs:
        if out and out[-1][0] != r["a"]:
            raise ValueError(f"off-map rail table {network}: {r['a']} does not follow {out[-1][0]}")
        if out:
            out[-1] = (out[-1][0], int(r["mp"]))
        else:
            out.append((r["a"], int(r["mp"])))
        out.append((r["b"], 0))
    return out


def cost(pack, network: str, a: str, b: str) -> int:
    line = chain(pack, network)
    where = {h: i for i, (h, _) in enumerate(line)}
    why = GERMAN if network == "german" else FRENCH
    for h in (a, b):
        if h in AMBIGUOUS:
            raise Reject("ambiguous_table", f"{h}'s off-map rail cost is printed twice (4 and 6) out of sequence: settle it at the table "
                         "(errata offmap-rail-7-52-7018).", why)
        if h not in where:
            raise Reject("not_offmap_rail_hex", f"{h} is not one of the {network} off-map rail points ({', '.join(x for x, _ in line[:4])} ...).",
                         why, hex=h)
    i, j = sorted((where[a], where[b]))
    return sum(mp for _, mp in line[i:j])


def crosses_maps(a: str, b: str) -> bool:
    return a[0] != b[0]


def move(adj: Adjudication, pack, side: str, *, nation: str, frm: str, to: str, be: int, cavalry_be: int, plan17_in_force: bool) -> int:
    network = NETWORK[side]
    why = GERMAN if network == "german" else FRENCH
    if nation != network:
        raise Reject("no_offmap_rail", f"Only German and French units use off-map rail movement; {nation or 'these'} units do not (7.5).", OFFMAP)
    if frm == to:
        raise Reject("bad_rail_move", "An off-map rail move goes from one map-edge point to another.", why)
    mp = cost(pack, network, frm, to)
    if network == "french" and plan17_in_force and crosses_maps(frm, to):
        raise Reject("plan17_rail", "While Plan 17 is in effect no unit moves by rail between the East and West maps (12.52G).", PLAN17_RAIL)
    rp = ledgers.use_rail(adj, pack, side, be, cavalry_be, mp, why=why)
    return rp
