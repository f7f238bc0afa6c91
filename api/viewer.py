"""The web front: static pages of the app's own, in api/static/viewer/.

- ``GET /viewer``: the jogada replay viewer (index.html, viewer.js, viewer.css) that draws a
  jogada step by step from ``GET /jogadas/{id}/steps`` (903-B 6.3.4(2); GLI-19 §4.14 game
  recall), with its summary, money, RNG check, adjudication and integrity proof.
- ``GET /viewer/complaints``: the complaint desk (complaints.html, complaints.js,
  complaints.css; issue 16): the handlers' queue, a case with its timeline, its linked
  jogadas drawn as the viewer draws them, its evidence packs and letter, and the actions its
  state allows, through the ``/complaints`` routes.

Both share common.js/common.css (the DOM helpers, the requests, the page) and
scenes.js/scenes.css (the drawing of a step's scene). A page needs no key to load; the key is
typed on the page and sent by its script as ``Authorization: Bearer`` on each request, never
in a URL. Their Content-Security-Policy lets them load and fetch only from this service
(``default-src 'self'``): no inline script or style, no form submission, no framing. None of
these routes is in the OpenAPI document.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from starlette.responses import Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

VIEWER_URL = "/viewer"
DESK_URL = "/viewer/complaints"
ASSETS_URL = "/viewer/assets"
VIEWER_DIR = Path(__file__).resolve().parent / "static" / "viewer"
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self';"
       " connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none';"
       " frame-ancestors 'none'")
HEADERS = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff",
           "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY",
           "Cache-Control": "no-cache"}


class _Assets(StaticFiles):
    """The page's script and style sheet, with the page's headers."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        response.headers.update(HEADERS)
        return response


def _page(name: str) -> Callable[[], Awaitable[HTMLResponse]]:
    page = (VIEWER_DIR / name).read_bytes()

    async def serve() -> HTMLResponse:
        return HTMLResponse(page, headers=HEADERS)

    serve.__name__ = name.replace(".", "_")
    return serve


def install_viewer(app: FastAPI) -> None:
    app.add_api_route(VIEWER_URL, _page("index.html"), methods=["GET"], include_in_schema=False)
    app.add_api_route(DESK_URL, _page("complaints.html"), methods=["GET"],
                      include_in_schema=False)
    app.router.routes.append(Mount(ASSETS_URL, _Assets(directory=str(VIEWER_DIR)),
                                   name="viewer-assets"))
