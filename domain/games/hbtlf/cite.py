"""Citations of Home Before the Leaves Fall: the Exclusive Rules by section and line, the Standard
Rules the text names but does not print, and the house rules of ledger mode."""
from domain.kernel.citation import HouseRule, MissingRule, Rulebook

BOOK = "004_1e8fa3d1481894c8.txt"


def rule(section: str, first: int, last: int | None = None, case: str | None = None) -> Rulebook:
    return Rulebook(book=BOOK, section=section, case=case, lines=(first, last or first))


def missing(reference: str, note: str = "") -> MissingRule:
    return MissingRule(book=BOOK, reference=f"Standard Rule {reference}", note=note)


RAIL = rule("2.1 Railroad Capacity", 137, 149)
RAIL_RATE = rule("2.2 Railroad Movement Rate", 151, 157)
INITIATIVE = rule("5.1 Initiative Determination", 245, 251)
REINFORCEMENTS = rule("6.1 Reinforcements", 265, 271)
REPLACEMENTS = rule("6.21 Replacement Rates", 277, 283)
REP_MARKERS = rule("6.23 Replacement Markers", 287, 287)
WEATHER = rule("8.1 Weather Determination", 419, 451)
WEATHER_DRM = rule("8.2 Weather Die Roll Modifiers", 453, 455)
OTHER_THEATERS = rule("9.0 Other Theaters", 459, 493)
AMMUNITION = rule("11.62 Available Ammunition", 697, 707)
ALLIED_AMMUNITION = rule("12.32-12.34 Allied ammunition", 887, 891)
SCHLIEFFEN_GT0 = rule("11.51 Game Turns O and 1", 593, 615)
PLAN17_GT0 = rule("12.51 Opening Game Turn and Game Turn One", 933, 949)
VICTORY = rule("13.07 Victory Conditions Explanation", 1182, 1182)
SCENARIOS = rule("13.0 The Scenarios", 1144, 1192)
UNIT_LOCATIONS = rule("13.05 Unit Location Explanation", 1174, 1178)

SEQUENCE = missing("5.2 and 6.0", "the sequence of play inside an impulse")
MOVEMENT = missing("8.0", "movement, modes, ZOC and stacking")
COMBAT = missing("10.0", "barrage and fire combat, losses and retreats")

LEDGER_MODE = HouseRule(name="hbtlf-ledger-mode", text=(
    "The Standard Rules are not in the text: within an impulse the first player, then the second, declares moves, "
    "combat results and other outcomes of the physical game; the other player confirms or disputes each; a referee "
    "settles a dispute. The umpire computes only what the Exclusive Rules define."))
NOT_BUILT = HouseRule(name="hbtlf-not-built", text=(
    "A part of the Exclusive Rules this ruleset version does not compute yet; it is refused, never guessed."))
