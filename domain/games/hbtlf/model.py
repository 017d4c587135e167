"""The state of home-before-the-leaves-fall@1 (ledger mode)."""
from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel.core import Core


def version(state: "State") -> int:
    """The ruleset version the game plays (its Core names it: `home-before-the-leaves-fall@2`): @2's
    rulings apply only to games created under @2, so @1's recorded games replay as recorded."""
    return int(state.core.ruleset.rsplit("@", 1)[1])


class State(msgspec.Struct, frozen=True, kw_only=True):
    core: Core
    impulses: tuple[int, ...] = ()  # lengths in days of this Game-Turn's impulses still to be played in it
    days_before: int = 0  # days of this Game-Turn used before those impulses (a scenario starting mid-turn)
    order: tuple[str, ...] = ()  # this impulse's player order: first player, second player
    done: tuple[str, ...] = ()  # seats that ended their segment of this impulse
    initiative: str = ""
    weather: str = ""
    month: str = ""
    positions: dict[str, str] = {}  # unit token -> where it stands, as set up or as confirmed
    sides: dict[str, str] = {}
    armies: dict[str, str] = {}
    groups: dict[str, str] = {}  # unit token -> the first formation of its set-up group (a corps and its divisions)
    fortresses: tuple[str, ...] = ()
    errata_applied: tuple[str, ...] = ()  # the errata entries the set-up was read with
    eliminated: tuple[str, ...] = ()
    withdrawn: tuple[str, ...] = ()
    losses: dict[str, int] = msgspec.field(default_factory=lambda: {"german": 0, "allied": 0, "allied_fortress": 0, "french": 0})
    liege_fell_gt: int | None = None
    missions: dict[str, str] = {}  # army -> Mission Order
    attachments: tuple[tuple[str, str, str], ...] = ()  # confirmed chart moves, in order: (formation, chart, corps or "") (13.03)
    army_sides: dict[str, str] = {}
    released: tuple[str, ...] = ()  # German formations released from the Schlieffen Plan's holds
    hq_moved: tuple[str, ...] = ()  # sides whose supreme HQ moved this Game-Turn
    last_hq_moved: tuple[str, ...] = ()  # ... during the Game-Turn just ended (5.1)
    kaiser_on_map: bool = False
    claims: dict[str, dict[str, Any]] = {}  # attestation id -> what was declared (kind, units, Game-Turn)
    other_theaters: dict[str, str] = {}
    paris_abandoned: bool = False  # 12.26
    paris_debt: int = 0  # Rail Points still owed at the next Strategic Phase (12.26)
    plans_abandoned: tuple[str, ...] = ()
    retire: dict[str, tuple[int, int]] = {}  # army -> (Retire impulses left, days left) after its plan was abandoned
    vp: dict[str, float] = {}  # victory points claimed and confirmed, by side
    naval_barrage_rolled: tuple[int, int] | None = None  # (GT, impulse) of the last naval barrage roll (3.3)
    ammunition: dict[str, int] = {}
    arrived_gt: dict[str, int] = {}  # reinforcement -> the Game-Turn it arrived (6.24)
    moved: tuple[str, ...] = ()  # units with a confirmed move since they arrived or were set up
    ammo_spent: dict[str, int] = {}  # formation -> Ammunition Points expended since it last replaced them
    east_quiet_broken: bool = False  # 11.62B/12.33: an Allied formation expended ammunition on the East map from GT8
    belgian_released: bool = False  # 12.61B, for good
    belgian_detached: tuple[str, ...] = ()  # 12.61A: formations moved to the Allied Strategic Chart at the end of GT2
    belgian_temporary: tuple[int, int, int, tuple[str, ...]] | None = None  # 12.61B1: (GT, formations allowed, impulse used, units used)
    belgian_evacuated: bool = False  # 12.62, once a game
    leaders_out: tuple[str, ...] = ()  # leaders replaced (11.12, 12.12, 12.14)
    leaders_in: tuple[str, ...] = ()  # replacement leaders that came in
    promotions: dict[str, str] = {}  # leader -> the formation he was promoted to (12.13, 12.15)
    control: dict[str, tuple[str, str]] = {}
    terror_bombed_gt: int | None = None  # 11.82C: the Game-Turn of the last Terror Bombing
    zeppelin_raided: bool = False  # 11.82C: the GT9 raid made
    cities_abandoned: tuple[str, ...] = ()  # 12.25: cities whose forts were disbanded
    abandonment_rolled: dict[str, tuple[int, int]] = {}  # city -> (GT, impulse) of its last 12.25 die  # hex -> (side, place) as last confirmed
    heavy_built: tuple[tuple[str, str, int, int, int], ...] = ()  # (nation, REPs' nation, GT, impulse, SP) built this Game-Turn  # Ammunition Points a formation may hold this Game-Turn, by nation


class State2(State, frozen=True, kw_only=True):
    """@2's state: @1's fields (unchanged, so @1's recorded genesis hashes as recorded) and those of the
    rules @2 builds. Only @2's rulings read them."""

    zeppelin_bases: dict[str, str] = {}  # 11.82C: Zeppelin -> the base it is at
    leaders_placed: dict[str, str] = {}  # reinforcement leader -> the formation he is with (12.11, 12.73)
    new_leaders: tuple[int, int, int] = (-1, 0, 0)  # (GT, impulse, new French leaders placed in it) (12.1)
    bb_vp: float = 0.0  # 13.x7 C: a separate British and Belgian player's points
    bb_sp: int = 0  # ... of which German SP destroyed by British or Belgian units (not the French player's)
    paris_start: tuple[str, ...] = ()  # 12.45A: the Army of Paris's formations at set-up (read as "in Paris")
    paris_substituted: dict[str, str] = {}  # 12.45A: formation taken from Paris -> its confirmed substitute
    taxied: dict[str, int] = {}  # 12.45B: the infantry unit the taxis carry -> its SPs (attested)
    gallieni_subordinates: tuple[str, ...] = ()  # 12.45C: armies whose HQ is subordinate to Gallieni
    french_setup_sp: int = 0  # 12.52B: SP markers on French units at set-up, part of Plan 17's loss count
    isolated: dict[str, tuple[str, str]] = {}  # 12.27: French army -> (isolated corps HQ, nation) keeping it on Retire
    flooded: tuple[str, ...] = ()  # 12.63: rivers flooded by confirmed claims
    waterworks_destroyed: bool = False  # 12.69
    impulse_serial: int = 0  # impulses begun in the game so far (7.4 counts them across Game-Turns)
    off_map: dict[str, tuple[str, int]] = {}  # 7.4: unit -> (edge it left by, impulse_serial of its exit)
    bef: str = "secret"  # 12.71: "secret" until a German unit is adjacent to a British unit, then "revealed" (bef.py)
