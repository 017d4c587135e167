"""Citations of the sandbox's rules (docs/rules-contract.md, "The sandbox skirmish")."""
from domain.kernel.citation import HouseRule

BOOK = "docs/rules-contract.md"


def rule(section: str, text: str) -> HouseRule:
    return HouseRule(name=f"sandbox {section}", text=text)


SEQUENCE = rule("1", "Each turn: sealed initiative bid, then the first side moves and fights, then the other side.")
DEPLOY = rule("1.1", "Before turn 1 Red secretly chooses which of its two markers is the real unit.")
BID = rule("1.2", "Every seat bids 0 or more command points, sealed; the side with the higher total goes first; a tie is settled by a die (1-3 Blue).")
COMMAND = rule("1.3", "Each seat starts with 3 command points and gains 1 per turn after the first, to at most 3.")
OWN = rule("2", "A seat orders only its own units, in its side's phases.")
MOVE = rule("3.1", "A unit moves once per movement phase along adjacent hexes: clear costs 1, woods 2, up to its movement allowance.")
OCCUPIED = rule("3.2", "A unit may not enter a hex holding another unit or marker.")
BROOK = rule("3.3", "The brook may be crossed only at the bridge.")
CONCEALED = rule("3.4", "A concealed unit is revealed when an enemy unit enters a hex next to it or tries to enter its hex; that move stops there.")
ATTACK = rule("4.1", "Units next to an enemy may attack it once per combat phase; each hex is attacked at most once.")
DUMMY = rule("4.2", "A marker or concealed unit that attacks or is attacked is revealed; an attacked dummy is removed without a roll.")
CRT = rule("4.3", "Roll a die, add attack, subtract defence, -1 in woods, -1 if every attacker is across the brook: 2 or less no effect, 3-4 defender retreats, 5+ defender eliminated.")
RETREAT = rule("4.4", "The defender chooses its retreat hex: an adjacent empty hex not across the brook except by the bridge; with none it is eliminated.")
BRIDGE = rule("5", "At the start of turn 2 Red attests whether the bridge was demolished; Blue confirms or disputes; a referee settles. Crossing waits for the answer.")
VICTORY = rule("6", "2 points per enemy unit eliminated (to the seat whose unit led the attack); 3 to the seat holding Hill 303 at the end, else 3 to Red.")
