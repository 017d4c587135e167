"""The human player's web page: static files from `services/api/web/` (no build step) and the
game's map as SVG. The pages talk only to the public API, with the seat token the player pasted.

`/` is the landing page (paste a seat token, or follow a link ending `#token=...`); `/play/{id}`
is the game page. The token stays in the URL fragment and the browser's storage: fragments never
reach a server, so the token is in no access log.
"""
from __future__ import annotations

import gzip
import mimetypes
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, Response
from starlette.concurrency import run_in_threadpool

from services.api.auth import caller
from services.api.errors import ApiError
from services.api.wire import doc

router = APIRouter()
WEB = Path(__file__).resolve().parent.parent / "web"
# Everything the pages need comes from this server; nothing inline, nothing from elsewhere.
PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; "
                               "frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-cache",
}
MEDIA = {".js": "text/javascript", ".css": "text/css", ".html": "text/html", ".svg": "image/svg+xml"}


def _assets() -> dict[str, Path]:
    """The files served under /web/, fixed at start: a request can name nothing else."""
    return {p.relative_to(WEB).as_posix(): p for p in WEB.rglob("*") if p.is_file()}


ASSETS = _assets()


def _page(name: str) -> FileResponse:
    return FileResponse(WEB / name, media_type="text/html", headers=PAGE_HEADERS)


@router.get("/", include_in_schema=False)
def landing():
    return _page("index.html")


@router.get("/play/{game_id}", include_in_schema=False)
def play(game_id: str):
    return _page("play.html")


@router.get("/tournaments/{tournament_id}", include_in_schema=False)
def tournament(tournament_id: str):
    return _page("tournament.html")


@router.get("/web/{name:path}", include_in_schema=False)
def asset(name: str):
    path = ASSETS.get(name)
    if path is None:
        raise ApiError(404, "not_found", f"no file {name!r} in the web UI")
    media = MEDIA.get(path.suffix) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    return FileResponse(path, media_type=media, headers=PAGE_HEADERS)


@router.get("/v1/games/{game_id}/map.svg", tags=["state"],
            summary="The game's map as SVG: one polygon per hex with `data-hex` (its printed id), inside `g#board`",
            **doc(ok=(200, {"type": "string", "description": "the map"}), media="image/svg+xml",
                  errors=(401, 404, 429, 503)))
async def map_svg(game_id: str, request: Request, _=caller("reads")):
    h, pack = await run_in_threadpool(request.app.state.runtime.queries.pack_of, game_id)
    cache = _maps(request)
    if h not in cache:  # one drawing per pack: the map is the pack's, the pieces are drawn by the page
        if pack.map is None:
            raise ApiError(404, "no_map", f"the pack of game {game_id} has no map")
        cache[h] = await run_in_threadpool(_draw, pack)
    plain, packed = cache[h]
    headers = {"ETag": f'"{h}"', "Cache-Control": "public, max-age=3600", "Vary": "Accept-Encoding"}
    if request.headers.get("if-none-match") == f'"{h}"':
        return Response(status_code=304, headers=headers)
    if "gzip" in request.headers.get("accept-encoding", ""):
        return Response(packed, media_type="image/svg+xml", headers={**headers, "Content-Encoding": "gzip"})
    return Response(plain, media_type="image/svg+xml", headers=headers)


def _maps(request: Request) -> dict[str, tuple[bytes, bytes]]:
    state = request.app.state
    if getattr(state, "maps", None) is None:
        state.maps = {}
    return state.maps


def _draw(pack) -> tuple[bytes, bytes]:
    from services.mapsvg import render_svg

    plain = render_svg(pack.map).encode()  # the page has its own heading
    return plain, gzip.compress(plain, compresslevel=6)
