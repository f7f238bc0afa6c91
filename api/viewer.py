"""``GET /viewer``: the jogada replay viewer, a static page of the app's own (api/static/viewer/:
index.html, viewer.js, viewer.css) that draws a jogada step by step from
``GET /jogadas/{id}/steps`` (903-B 6.3.4(2); GLI-19 §4.14 game recall), with its summary,
money, RNG check, adjudication and integrity proof.

The page needs no key to load; the key is typed on the page and sent by its script as
``Authorization: Bearer`` on each request, never in a URL. Its Content-Security-Policy lets it
load and fetch only from this service (``default-src 'self'``): no inline script or style, no
form submission, no framing. None of these routes is in the OpenAPI document.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from starlette.responses import Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

VIEWER_URL = "/viewer"
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


def install_viewer(app: FastAPI) -> None:
    page = (VIEWER_DIR / "index.html").read_bytes()

    async def viewer() -> HTMLResponse:
        return HTMLResponse(page, headers=HEADERS)

    app.add_api_route(VIEWER_URL, viewer, methods=["GET"], include_in_schema=False)
    app.router.routes.append(Mount(ASSETS_URL, _Assets(directory=str(VIEWER_DIR)),
                                   name="viewer-assets"))
