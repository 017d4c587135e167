"""Sides, seats, viewers and visibility.

A scenario declares its sides and seats (1 to 4 players; several seats may share a side, e.g. US
and British players on the Allied side). Genesis pins the layout. Each event has a visibility:
public, referee-only, or a set of seats; referees and organisers see everything, and everything is
public once the game has ended.
"""
from __future__ import annotations

from typing import Literal

import msgspec

PUBLIC = "public"
REFEREE = "referee"


class Side(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str


class Seat(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    side: str
    name: str


class Layout(msgspec.Struct, frozen=True, kw_only=True):
    sides: tuple[Side, ...]
    seats: tuple[Seat, ...]

    def side_of(self, seat: str) -> str:
        for s in self.seats:
            if s.id == seat:
                return s.side
        raise KeyError(seat)

    def seats_of(self, side: str) -> tuple[str, ...]:
        return tuple(s.id for s in self.seats if s.side == side)

    def seat_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.seats)


Role = Literal["seat", "referee", "organiser", "public"]


class Viewer(msgspec.Struct, frozen=True, kw_only=True):
    """Who is looking: a seat, a referee, an organiser, or the public."""

    role: Role
    seat: str | None = None

    @property
    def omniscient(self) -> bool:
        return self.role in ("referee", "organiser")


REFEREE_VIEWER = Viewer(role="referee")
PUBLIC_VIEWER = Viewer(role="public")


def seat_viewer(seat: str) -> Viewer:
    return Viewer(role="seat", seat=seat)


def to_seats(*seats: str) -> str:
    """The visibility string for a set of seats (sorted so equal sets compare equal)."""
    return "seats:" + ",".join(sorted(set(seats)))


def parse_seats(visibility: str) -> frozenset[str]:
    return frozenset(visibility[len("seats:"):].split(",")) if visibility.startswith("seats:") else frozenset()


def can_see(visibility: str, viewer: Viewer, *, game_over: bool = False) -> bool:
    if visibility == PUBLIC or viewer.omniscient or game_over:
        return True
    if visibility == REFEREE:
        return False
    return viewer.seat is not None and viewer.seat in parse_seats(visibility)
