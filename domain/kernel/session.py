"""A game held in memory: the log as a list, the state as its fold.

Conformance cases, in-process random games, bots' look-ahead and tests play through a Session;
the worker does the same with the event store. Both rule through `game.step`.
"""
from __future__ import annotations

from typing import Any, Callable

import msgspec

from domain.kernel import game
from domain.kernel.commands import Begin, Command, DeadlineReached, EndRequested, RefereeOrder, Ruling, SeatOrder
from domain.kernel.dice import Dice
from domain.kernel.log import Codec, DiceSpec, Entry, GameCreated, OrderSubmitted, RefereeCommand, SystemCommand, encode
from domain.kernel.pack.schema import Pack
from domain.kernel.ruleset import Ruleset
from domain.kernel.seats import PUBLIC, REFEREE, to_seats
from domain.kernel.timecontrol import TimeControl


class Session:
    def __init__(self, ruleset: Ruleset, pack: Pack, scenario: str, *, dice: Callable[[int], Dice], options: dict[str, Any] | None = None,
                 game_id: str = "session", pack_hash: str = "", dice_spec: DiceSpec | None = None,
                 time_control: TimeControl | None = None):
        ruleset = ruleset.bind(pack)
        self.ruleset = ruleset
        self.codec = Codec(ruleset)
        self.dice = dice
        opts = ruleset.resolve_options(options)
        state = ruleset.setup(pack, scenario, game_id=game_id, options=opts)
        genesis = GameCreated(game_id=game_id, ruleset=ruleset.id, pack_hash=pack_hash, scenario=scenario, options=opts,
                              layout=state.core.layout, dice=dice_spec or DiceSpec(mode="scripted"),
                              time_control=msgspec.UNSET if time_control is None else time_control)
        self.state = game.timed(state, genesis)
        self.log: list[Entry] = []
        self.begun = self._rule(Entry(type="game.created", data=encode(genesis), visibility=PUBLIC), Begin())

    @property
    def version(self) -> int:
        return len(self.log)

    def submit(self, seat: str, order: Any) -> Ruling:
        data = encode(OrderSubmitted(seat=seat, order=msgspec.Raw(encode(order))))
        return self._rule(Entry(type="order.submitted", data=data, visibility=to_seats(seat)), SeatOrder(seat=seat, order=order))

    def command(self, command: DeadlineReached | EndRequested) -> Ruling:
        return self._rule(Entry(type="system.command", data=encode(SystemCommand(command=command)), visibility=PUBLIC), command)

    def referee(self, order: Any, by: str = "referee") -> Ruling:
        data = encode(RefereeCommand(by=by, order=msgspec.Raw(encode(order))))
        return self._rule(Entry(type="referee.command", data=data, visibility=REFEREE), RefereeOrder(order=order, by=by))

    def _rule(self, entry: Entry, command: Command) -> Ruling:
        self.log.append(entry)
        version = self.version
        ruled = game.step(self.ruleset, self.state, command, self.dice(version), version=version, visibility=entry.visibility)
        self.state = ruled.state
        self.log += ruled.entries
        return ruled.ruling

    def legal(self, seat: str, unit: str | None = None) -> list[Any]:
        return game.legal(self.ruleset, self.state, seat, unit=unit)

    def to_act(self) -> tuple[str, ...]:
        return game.to_act(self.ruleset, self.state)
