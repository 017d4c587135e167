"""The house rules every Umpire game shares, cited by the kernel's own rulings."""
from __future__ import annotations

from domain.kernel.citation import HouseRule

KERNEL_CITE = HouseRule(name="umpire-kernel", text="Rules every Umpire game shares: turn order, attestations, deadlines.")
DEADLINE_CITE = HouseRule(name="umpire-tournament-deadline", text=(
    "No moves received: a seat that misses its tournament deadline has its phase ended with the answer the rules "
    "impose on it (its default answer); under the tournament's forfeit policy, the miss that reaches the "
    "tournament's limit forfeits the game to the other side."))
CLOCK_CITE = HouseRule(name="umpire-clock", text=(
    "In a game with a time control, a seat's clock runs while the umpire waits for it to act: it starts with the "
    "ruling that makes the seat one to act and stops with the ruling that ends its turn; a bank is charged the time "
    "between and credited the increment once per turn."))
UNDO_CITE = HouseRule(name="umpire-undo", text=(
    "A seat may take back its own last order while nothing else has been ruled since, if that order rolled no die, "
    "revealed nothing, opened no decision and ended no phase, and the game allows it."))
DICE_CITE = HouseRule(name="umpire-dice", text="Dice are drawn from committed keys, mixed with the seats' entropy (docs/dice.md).")
REFEREE_CITE = HouseRule(name="umpire-referee", text="Disputes are resolved by a referee; corrections are compensating effects.")
