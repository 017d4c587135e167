"""The pages of the other users: the organiser's list of games (`/organiser`) and the referee's
desk for one game (`/referee/{id}`). Static pages like the player's (services.api.routes.web):
the token stays in the browser, everything they show and do goes through the public API."""
from __future__ import annotations

from fastapi import APIRouter

from services.api.routes.web import _page

router = APIRouter()


@router.get("/organiser", include_in_schema=False)
def organiser():
    return _page("organiser.html")


@router.get("/referee/{game_id}", include_in_schema=False)
def referee(game_id: str):
    return _page("referee.html")
