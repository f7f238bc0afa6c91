"""``GET /docs`` without the internet: Swagger UI's script and style sheet are served by the app
itself, from the ``swagger_ui_bundle`` package, instead of FastAPI's default CDN (a blank page on
a network without one). ReDoc, which only exists on a CDN, is not offered.

The package carries Swagger UI 4.15.5, which renders OpenAPI 3.0 documents only (it refuses
FastAPI's 3.1 with "does not specify a valid version field"). ``/openapi.json`` stays the 3.1
document; the page reads ``/docs/openapi-3.0.json``, the same document with the few 3.1 forms
FastAPI writes restated in 3.0 (``{"type": "null"}`` alternatives as ``nullable``, ``examples``
as ``example``). None of these routes is in the OpenAPI document.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from swagger_ui_bundle import swagger_ui_path

DOCS_URL = "/docs"
DOCS_SPEC_URL = "/docs/openapi-3.0.json"
ASSETS_URL = "/docs/assets"


def as_openapi_30(node: Any) -> Any:
    """A copy of an OpenAPI 3.1 document (or part of one) in the 3.0 forms Swagger UI 4 reads."""
    if isinstance(node, list):
        return [as_openapi_30(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: as_openapi_30(value) for key, value in node.items()}
    if isinstance(out.get("openapi"), str) and out["openapi"].startswith("3.1"):
        out["openapi"] = "3.0.3"
    for key in ("anyOf", "oneOf"):
        options = out.get(key)
        if isinstance(options, list) and {"type": "null"} in options:
            rest = [option for option in options if option != {"type": "null"}]
            out["nullable"] = True
            if len(rest) == 1:
                del out[key]
                out = {**rest[0], **out}
            else:
                out[key] = rest
    if isinstance(out.get("examples"), list):  # a schema's list (3.1); 3.0 has one example
        examples = out.pop("examples")
        if examples:
            out["example"] = examples[0]
    return out


def install_docs(app: FastAPI) -> None:
    """Serve /docs, its assets and its 3.0 document; the app is built with ``docs_url=None``."""
    spec_30: dict[str, Any] = {}

    async def docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=DOCS_SPEC_URL, title=f"{app.title} - Swagger UI",
            swagger_js_url=f"{ASSETS_URL}/swagger-ui-bundle.js",
            swagger_css_url=f"{ASSETS_URL}/swagger-ui.css",
            swagger_favicon_url=f"{ASSETS_URL}/favicon-32x32.png")

    async def docs_spec() -> JSONResponse:
        if not spec_30:
            spec_30.update(as_openapi_30(app.openapi()))
        return JSONResponse(spec_30)

    app.add_api_route(DOCS_URL, docs, methods=["GET"], include_in_schema=False)
    app.add_api_route(DOCS_SPEC_URL, docs_spec, methods=["GET"], include_in_schema=False)
    app.router.routes.append(Mount(ASSETS_URL, StaticFiles(directory=str(swagger_ui_path)),
                                   name="docs-assets"))
