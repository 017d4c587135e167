"""The orders of Breakout & Pursuit (digest §1.3), with stable wire tags."""
from __future__ import annotations

from domain.kernel.commands import Order


class EndPhase(Order, frozen=True, kw_only=True, tag="end_phase"):
    """End the phasing player's current phase (O28)."""


class PlaceReinforcement(Order, frozen=True, kw_only=True, tag="place_reinforcement"):
    """Place an arriving unit (O01, O02, O22): Allied on Cherbourg or back in the Staging Area;
    German on an edge hex of its code, or "delay" to hold it for a later turn."""

    unit: str
    at: str


class PlaceReplacement(Order, frozen=True, kw_only=True, tag="place_replacement"):
    """Return an eliminated German unit on an "A" edge hex within the turn's points (O23)."""

    unit: str
    at: str


class JudgeSupply(Order, frozen=True, kw_only=True, tag="judge_supply"):
    """Allied Supply Judgement (O09): which Supply units may be traced to (each one used is expended)."""

    use: tuple[str, ...] = ()


class Move(Order, frozen=True, kw_only=True, tag="move"):
    """Move one unit along a path of adjacent hexes (O13); a finished move is final."""

    unit: str
    path: tuple[str, ...]


class MoveToStaging(Order, frozen=True, kw_only=True, tag="move_to_staging"):
    """A unit that starts the Allied Initial Movement Phase on Cherbourg goes to the Staging Area (O14)."""

    unit: str


class Attack(Order, frozen=True, kw_only=True, tag="attack"):
    """Attack one hex with adjacent units (O16); `odds` voluntarily lowers the column (Combat H)."""

    attackers: tuple[str, ...]
    hex: str
    odds: str | None = None


class Retreat(Order, frozen=True, kw_only=True, tag="retreat"):
    """Answer to a retreat decision (O17): the hex each retreating unit moves to."""

    frame: int
    moves: dict[str, str]


class ExchangeLosses(Order, frozen=True, kw_only=True, tag="exchange_losses"):
    """Answer to an exchange (O18): the attacking units removed, face value at least the loss."""

    frame: int
    units: tuple[str, ...]


class Battlegroups(Order, frozen=True, kw_only=True, tag="battlegroups"):
    """Answer to a battlegroup decision (O19): which eliminated units are replaced by battlegroups."""

    frame: int
    units: tuple[str, ...] = ()


class Advance(Order, frozen=True, kw_only=True, tag="advance"):
    """Answer to an advance decision (O20): up to three attackers move into the vacated hex."""

    frame: int
    units: tuple[str, ...] = ()


class AirStrike(Order, frozen=True, kw_only=True, tag="air_strike"):
    """The Allied Air Strike of Game-Turn 1 (O15): strength 20 against `units`, German units all in `hex`."""

    hex: str
    units: tuple[str, ...]


class StartAirdropCycle(Order, frozen=True, kw_only=True, tag="start_airdrop_cycle"):
    """Place the Real Airdrop Zone marker on `real` and the five Dummy markers on `dummies` (O06)."""

    real: str
    dummies: tuple[str, ...]


class AirdropUnit(Order, frozen=True, kw_only=True, tag="airdrop"):
    """Drop a Paratroop unit from the Staging Area on the real marker's hex or next to it (O07)."""

    unit: str
    hex: str


class Airland(Order, frozen=True, kw_only=True, tag="airland"):
    """Land the Airlanding unit on the real marker's hex or next to it (O08, Optional Rules B)."""

    unit: str
    hex: str


class RehabilitateParatroop(Order, frozen=True, kw_only=True, tag="rehabilitate_paratroop"):
    """Exchange the 6th Airborne 7-6 in the Staging Area for its 10-6 counter (O26, Optional Rules A)."""

    unit: str


class SetupPlace(Order, frozen=True, kw_only=True, tag="setup_place"):
    """Set up one unit (O27): on a hex of its free set-up area (or where its sheet allows), or "staging"."""

    unit: str
    at: str


class AcceptHistoricalSetup(Order, frozen=True, kw_only=True, tag="accept_historical_setup"):
    """Set up every unit still to place on its printed historical hex (O27); the umpire places a unit
    whose historical hex is not open to it, or that has none, on the first open hex of its area."""


class PlaceDelayMarker(Order, frozen=True, kw_only=True, tag="place_delay_marker"):
    """Place a German Delay marker that has arrived (O24, Delay F)."""

    unit: str
    at: str


BPOrder = (
    EndPhase | PlaceReinforcement | PlaceReplacement | JudgeSupply | Move | MoveToStaging | Attack | Retreat
    | ExchangeLosses | Battlegroups | Advance
    | AirStrike | StartAirdropCycle | AirdropUnit | Airland | RehabilitateParatroop
    | SetupPlace | AcceptHistoricalSetup | PlaceDelayMarker
)
