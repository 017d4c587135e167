"""The four scenarios: the Race to Cherbourg and Operation Cobra as printed, the campaign, and
D-Day (turn 0). Printed placements are `rulebook`, each cited to its line; what the counters
print and the text does not (the campaign set-up, entry turns) is `placeholder` or `inferred`."""
from __future__ import annotations

from domain.kernel.pack.schema import Arrival, ClockSpec, Placement, Scenario, SeatSpec, SideSpec
from tools.normandy_map import data_setups as S
from tools.normandy_map.oob import CAMPAIGN_ARRIVALS, SC1_GERMAN
from tools.normandy_map.sources import Src

SIDES = (SideSpec(id="allied", name="Allied"), SideSpec(id="german", name="German"))
# Two or three players: one German, one or two Allied (a US and a British/Canadian player), L457.
SEATS = (SeatSpec(id="us", side="allied", name="US player"),
         SeatSpec(id="british", side="allied", name="British/Canadian player"),
         SeatSpec(id="german", side="german", name="German player"))
ENTRY_TURN = {"de-77-inf": 1, "de-17-ss": 2, "de-265-inf": 2, "de-353-inf": 4, "us-83-inf": 3, "us-9-inf": 1,
              "us-79-inf": 2}  # history: when each reached the Cotentin front


def _placements(src: Src, lines) -> list[Placement]:
    out = []
    for line, where, keys, _reduced in lines:
        for k in keys:
            at, area = (None, where[5:]) if where.startswith("area:") else (where, None)
            out.append(Placement(prov=src.line(line), counter=k, at=at, area=area))
    return out


def cobra(src: Src) -> Scenario:
    setup = _placements(src, S.COBRA_GERMAN + S.COBRA_US + S.COBRA_BRITISH)
    line, keys = S.COBRA_DISCRETIONARY
    for k in keys:
        setup.append(Placement(prov=src.line(line), counter=k, area="cobra_british_setup"))
    reduced = sorted({k for _, _, _, r in S.COBRA_GERMAN + S.COBRA_US + S.COBRA_BRITISH for k in r})
    arrivals = [Arrival(prov="nm.campaign-arrivals", field_prov={"turn": "nm.campaign-arrivals"}, turn=t, counter=k,
                        edge="edge_south" if not k.startswith(("us", "fr", "ca", "pl")) else None,
                        at=None if not k.startswith(("us", "fr", "ca", "pl")) else "box-allied-strategic-reserve")
                for k, _, _, _, t, _ in CAMPAIGN_ARRIVALS if t >= 7]
    return Scenario(prov=src.line(494, 580), id="2", title="Operation Cobra", sides=SIDES, seats=SEATS,
                    start=ClockSpec(turn=7), end=ClockSpec(turn=12), setup=tuple(setup), reinforcements=tuple(arrivals),
                    options={"weather_at_start": "clear", "vp_at_start": 0, "map": "full", "reduced": reduced,
                             "setup_decisions": [
                                 {"counters": list(keys), "area": "cobra_british_setup", "lines": [575, 575],
                                  "what": "the three brigades of the 79th Armoured at the British player's discretion"},
                                 {"counters": ["mk-offensive", "mk-offensive"], "with": "any Allied HQ",
                                  "lines": [576, 576], "what": "two Offensive markers, each stacked with an HQ"}]},
                    field_prov={"reinforcements": "nm.campaign-arrivals"},
                    victory={"as": "campaign", "tables": ["vp", "victory_levels"]},
                    notes="15 HQs and 98 units on 61 hexes and one area as printed (L497-576); '0218' of L471 is "
                          "Scenario 1's. Reinforcements: every campaign unit due from turn 7 (L578); which they are "
                          "is printed on the counters, so the list is history's")


def cherbourg(src: Src, hex_of) -> Scenario:
    setup = _placements(src, S.CHERBOURG_US + S.CHERBOURG_GERMAN)
    setup.append(Placement(prov=src.line(471), counter="de-garrison-wn-madeleine", at="0617"))
    ph = src.placeholder("sc1-german", "'German set-up for the campaign is used' (L470): the campaign set-up is "
                                       "printed on the counters, not in the text; history's June positions")
    for k, _, _, _, place in SC1_GERMAN:
        setup.append(Placement(prov=ph, counter=k, at=hex_of(place)))
    arrivals = []
    for line, side, keys in S.CHERBOURG_REINFORCEMENTS:
        for k in keys:
            arrivals.append(Arrival(prov=src.line(line), field_prov={"turn": "nm.entry-turn"}, turn=ENTRY_TURN[k],
                                    counter=k, at="0617" if side == "us" else None,
                                    edge="edge_south" if side == "german" else None))
    src.inferred("entry-turn", "the entry turn printed on the counter is not in the text: the turn the division "
                               "reached the Cotentin front in June 1944")
    return Scenario(prov=src.line(463, 493), id="1", title="The Race to Cherbourg", sides=SIDES,
                    seats=(SEATS[0], SEATS[2]), start=ClockSpec(turn=1), end=ClockSpec(turn=4), setup=tuple(setup),
                    reinforcements=tuple(arrivals),
                    options={"map_area": "west_of_column_17", "disorganised": list(S.CHERBOURG_D1),
                             "offensive_markers": "50% rounded up", "replacements": False, "heavy_bombers": False,
                             "navy": {"WTF": {"destroyers": 2, "battle_cruisers": 1}}, "air": "50% of US missions",
                             "depots": {"utah": "us, operational"}},
                    victory={"us": {"strategic": "Cherbourg's two hexes US at the end of turn 2",
                                    "operational": "Cherbourg US at the end of turn 3",
                                    "marginal": "Cherbourg US at the end of turn 4"},
                             "german": {"strategic": "a German unit enters 0617 and Germany holds Cherbourg and "
                                                     "St Vaast-la-Hougue",
                                        "operational": "Cherbourg depot German at the end of turn 4 and two divisions "
                                                       "(one the 17th SS) supplied from the south map edge",
                                        "marginal": "Cherbourg depot German at the end of turn 4"},
                             "lines": [485, 493]},
                    notes="'82e/505: 619' (L473) read as 0619. 'Errata: HB allowed' (L468) contradicts L467; the "
                          "printed rule (no heavy bombers) is kept")


def dday(src: Src, beaches: dict[str, tuple[str, ...]]) -> tuple[list[Placement], list[Arrival], int]:
    """Turn 0: a garrison on every beach hex, the assault divisions landing on their beaches."""
    ph = src.inferred("dday", "the assault divisions of 6 June 1944 on their historical beaches and drop zones; "
                              "the text's turn-0 procedure (§10) lands them, the counters print where")
    gar = src.placeholder("garrisons", "the Atlantic Wall garrisons' hexes are printed on the map: one per beach hex "
                                       "(WN Madeleine on Utah, L471)")
    setup, arrivals = [], []
    n = 0
    for name, hexes in sorted(beaches.items()):
        for h in hexes:
            if h == "0617":
                setup.append(Placement(prov=src.line(471), counter="de-garrison-wn-madeleine", at=h))
                continue
            n += 1
            setup.append(Placement(prov=gar, counter=f"de-garrison-{n}", at=h))
    landings = {"utah": ["us-4-inf-8"], "omaha": ["us-1-inf", "us-29-inf"], "gold": ["br-50-inf-231", "br-50-inf-69"],
                "juno": ["ca-3-inf"], "sword": ["br-3-inf", "br-1-ss-bde", "br-4-ss-bde"]}
    for name, keys in landings.items():
        for k in keys:
            arrivals.append(Arrival(prov=ph, turn=0, counter=k, at=beaches[name][0]))
    for k, at in (("us-82-abn-505", "0619"), ("us-82-abn-507", "0620"), ("us-82-abn-508", "0620"),
                  ("us-101-abn", "0718"), ("br-6-airborne", "0806")):
        arrivals.append(Arrival(prov=ph, turn=0, counter=k, at=at))
    return setup, arrivals, n


def scenarios(src: Src, beaches: dict, hex_of) -> tuple[dict[str, Scenario], int]:
    setup, arrivals, garrisons = dday(src, beaches)
    camp_arr = [Arrival(prov="nm.campaign-arrivals", turn=t, counter=k,
                        at="box-allied-strategic-reserve" if not k.startswith("de-") else None,
                        edge="edge_south" if k.startswith("de-") else None)
                for k, _, _, _, t, _ in CAMPAIGN_ARRIVALS]
    camp = Scenario(prov=src.line(581, 614), id="campaign", title="Campaign Game: 6 June to the end of August 1944",
                    sides=SIDES, seats=SEATS, start=ClockSpec(turn=0, phase="0"), end=ClockSpec(turn=12),
                    setup=tuple(setup), reinforcements=tuple(arrivals + camp_arr),
                    field_prov={"setup": "nm.garrisons", "reinforcements": "nm.dday"},
                    options={"start": "night phase, all air counters Available (L585)", "last_turn_inferred": True},
                    victory={"tables": ["vp", "victory_levels"], "lines": [591, 614]},
                    notes="set-up indications are printed on the counters (L584), not in the text: the pack holds "
                          "turn 0's beaches and assault waves and history's arrivals, labelled; the last turn, 12, is "
                          "Cobra's ('late August', L496)")
    dd = Scenario(prov=src.line(400, 455), id="dday", title="D-Day: Turn 0, 6 June 1944", sides=SIDES, seats=SEATS,
                  start=ClockSpec(turn=0, phase="0"), end=ClockSpec(turn=0, phase="B"), setup=tuple(setup),
                  reinforcements=tuple(arrivals), field_prov={"setup": "nm.garrisons", "reinforcements": "nm.dday"},
                  options={"weather": {"0": "cloudy", "A": "cloudy", "B": "clear"}},
                  victory={"german_automatic": "4 beach hexes (L613)"},
                  notes="the turn-0 procedure of §10 on the reconstructed beaches; landing waves are history's")
    return {"1": cherbourg(src, hex_of), "2": cobra(src), "campaign": camp, "dday": dd}, garrisons
