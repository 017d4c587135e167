"""The set-ups the text prints, line by line: (line, hex or area, [counter keys], reduced keys).

Counter keys name the unit as printed ("lehr-901" for Lehr/901); tools.normandy_map.oob gives
each its counter. A trailing "(-1)" in the text marks a unit set up reduced (one step lost).
"""
from __future__ import annotations

COBRA_GERMAN = (
    (499, "area:east_of_column_13", ["de-654-spzabt", "de-flak-1", "de-flak-2", "de-flak-3"], []),
    (500, "0905", ["de-lxxxvi-korps"], []),
    (501, "0805", ["de-711-inf"], []),
    (502, "0905", ["de-346-inf"], []),
    (503, "1006", ["de-503-spzabt", "de-16-lw"], []),
    (504, "1007", ["de-21-pz"], ["de-21-pz"]),
    (505, "1107", ["de-i-ss-pzkorps"], []),
    (506, "1008", ["de-1-ss"], []),
    (507, "1108", ["de-101-spzabt", "de-272-inf"], []),
    (508, "1107", ["de-12-ss"], ["de-12-ss"]),
    (509, "1210", ["de-ii-ss-pzkorps"], []),
    (510, "1110", ["de-10-ss-21", "de-ii-10"], []),
    (511, "1109", ["de-10-ss-22", "de-271-inf"], []),
    (512, "1110", ["de-277-inf"], []),
    (513, "1111", ["de-276-inf"], []),
    (514, "1210", ["de-102-spzabt", "de-9-ss"], []),
    (515, "1310", ["de-xlvii-pzkorps"], []),
    (516, "1212", ["de-2-pz-304", "de-ii-3"], ["de-2-pz-304", "de-ii-3"]),
    (517, "1213", ["de-2-pz-2", "de-i-3"], ["de-i-3"]),
    (518, "1314", ["de-ii-fj-korps"], []),
    (519, "1214", ["de-3-fj-9"], []),
    (520, "1215", ["de-3-fj-8", "de-3-fj-5"], []),
    (521, "1216", ["de-266-inf", "de-352-inf-915"], []),
    (522, "1119", ["de-lxxxiv-korps"], []),
    (523, "1217", ["de-275-inf", "de-lehr-ii-130"], ["de-lehr-ii-130"]),
    (524, "1218", ["de-lehr-i-130", "de-lehr-901", "de-lehr-902"], ["de-lehr-i-130", "de-lehr-902"]),
    (525, "1118", ["de-17-ss-15-fj", "de-lehr-14-fj"], []),
    (526, "1019", ["de-17-ss-37", "de-17-ss-38", "de-2-ss-3", "de-i-2"], ["de-17-ss-37", "de-17-ss-38"]),
    (527, "1119", ["de-353-inf"], ["de-353-inf"]),
)
COBRA_US = (
    (531, "0420", ["us-4-inf", "us-70-tk-bn"], []),
    (532, "0820", ["us-viii-corps"], []),
    (533, "1022", ["us-79-inf"], []),
    (534, "0921", ["us-8-inf"], []),
    (535, "0920", ["us-90-inf"], []),
    (536, "0820", ["us-4-arm"], []),
    (537, "0918", ["us-83-inf"], []),
    (538, "1017", ["us-vii-corps"], []),
    (539, "1016", ["us-1-inf", "us-745-tk-bn"], []),
    (540, "0917", ["us-3-arm-cca", "us-3-arm-ccb"], []),
    (540, "0818", ["us-3-arm-ccr"], []),
    (541, "0814", ["us-2-arm-cca", "us-2-arm-ccb"], []),
    (541, "0714", ["us-2-arm-ccr"], []),
    (542, "1018", ["us-9-inf", "us-746-tk-bn"], []),
    (543, "1117", ["us-30-inf", "us-743-tk-bn"], []),
    (544, "1015", ["us-xix-corps"], []),
    (545, "1116", ["us-35-inf"], []),
    (546, "1115", ["us-29-inf"], []),
    (547, "1014", ["us-v-corps"], []),
    (548, "1114", ["us-2-inf", "us-741-tk-bn"], []),
    (549, "1113", ["us-5-inf", "us-899-td-bn"], []),
)
COBRA_BRITISH = (
    (551, "1013", ["br-xxx-corps"], []),
    (552, "0913", ["br-8-arm-bde"], []),
    (553, "1013", ["br-33-arm-bde"], []),
    (554, "1112", ["br-50-inf-69", "br-49-inf", "br-56-inf-bde"], []),
    (555, "1012", ["br-50-inf-231", "br-50-inf-151", "br-59-inf"], []),
    (556, "0910", ["br-xii-corps"], []),
    (557, "0910", ["br-4-arm-bde"], []),
    (558, "0811", ["br-53-inf"], []),
    (559, "1011", ["br-15-inf"], []),
    (560, "0911", ["br-31-arm-bde"], []),
    (561, "1010", ["br-43-inf"], []),
    (562, "0909", ["br-34-arm-bde"], []),
    (563, "0909", ["ca-ii-corps"], []),
    (564, "0909", ["ca-2-arm-bde-6", "ca-2-arm-bde-27"], []),
    (564, "1009", ["ca-2-arm-bde-10"], []),
    (565, "1009", ["ca-2-inf"], []),
    (566, "0908", ["ca-3-inf"], []),
    (567, "0906", ["br-i-corps"], []),
    (568, "0907", ["br-51-inf", "br-27-arm-bde-h"], []),
    (569, "0906", ["br-3-inf", "br-27-arm-bde-s", "br-1-ss-bde"], []),
    (570, "0806", ["br-6-airborne", "br-4-ss-bde", "br-27-arm-bde-e"], []),
    (571, "0807", ["br-viii-corps"], []),
    (572, "0808", ["br-gds-arm-32", "br-11-arm"], []),
    (573, "0708", ["br-gds-arm-15"], []),
    (574, "0807", ["br-7-arm"], []),
)
# "The 3 armoured brigades of the 79th Armoured at the player's discretion" (L575).
COBRA_DISCRETIONARY = (575, ["br-79-arm-1", "br-79-arm-2", "br-79-arm-3"])

CHERBOURG_US = (
    (473, "0619", ["us-82-abn-505"], []),  # printed "619": the only hex number of three digits
    (474, "0620", ["us-82-abn-507", "us-82-abn-508"], []),
    (475, "0718", ["us-101-abn"], []),
    (476, "0619", ["us-4-inf-8", "us-70-tk-bn", "us-746-tk-bn"], []),
    (477, "0518", ["us-4-inf-12", "us-4-inf-22", "us-899-td-bn"], []),
)
CHERBOURG_D1 = ("us-82-abn-507", "us-82-abn-508", "us-101-abn")  # "(D1)": set up disorganised
CHERBOURG_GERMAN = ((471, "0218", ["de-lxxxiv-korps"], []),)
CHERBOURG_REINFORCEMENTS = (
    (482, "german", ["de-77-inf", "de-353-inf", "de-17-ss", "de-265-inf"]),
    (484, "us", ["us-83-inf", "us-9-inf", "us-79-inf"]),
)


def cobra_hexes() -> set[str]:
    return {h for _, h, _, _ in COBRA_GERMAN + COBRA_US + COBRA_BRITISH if not h.startswith("area:")}


def printed_hexes() -> dict[str, int]:
    """Every hex a printed set-up uses, with the first line that puts a unit there."""
    out: dict[str, int] = {}
    for line, h, _, _ in COBRA_GERMAN + COBRA_US + COBRA_BRITISH + CHERBOURG_US + CHERBOURG_GERMAN:
        if not h.startswith("area:"):
            out.setdefault(h, line)
    return out
