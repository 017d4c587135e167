"""Query parameters a route does not take are refused (422 `unknown_parameter`), not ignored: a
bot's `?afer=10` would otherwise read from the start of the log and never know."""
from __future__ import annotations

from fastapi import Depends, Request
from fastapi.routing import APIRoute

from services.api.errors import ApiError

_taken: dict[int, frozenset[str]] = {}


def _names(route: APIRoute) -> frozenset[str]:
    if id(route) not in _taken:
        _taken[id(route)] = frozenset(_query(route.dependant))
    return _taken[id(route)]


def _query(dependant) -> set[str]:
    names = {p.alias for p in dependant.query_params}
    for dep in dependant.dependencies:
        names |= _query(dep)
    return names


async def _check(request: Request) -> None:
    route = request.scope.get("route")
    if not isinstance(route, APIRoute) or not route.path.startswith("/v1/"):
        return  # the pages read their own query (`/play/{id}?at=N`) in the browser
    unknown = sorted(set(request.query_params) - _names(route))
    if unknown:
        taken = sorted(_names(route))
        raise ApiError(422, "unknown_parameter", f"{route.path} takes no query parameter {', '.join(unknown)}"
                       + (f"; it takes {', '.join(taken)}" if taken else "; it takes none"),
                       unknown=unknown, allowed=taken)


def known_query():
    return Depends(_check)
