"""``GET /docs`` works without the internet (api/docs.py): the page names only the app's own
URLs, those answer with Swagger UI's script and style sheet, and the document the page reads is
one Swagger UI 4 renders (OpenAPI 3.0) with the same operations as ``/openapi.json``."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from api.docs import as_openapi_30


def test_docs_page_loads_only_local_assets_and_they_are_served(client):
    r = client.get("/docs")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    urls = re.findall(r"""(?:src|href)=["']([^"']+)["']|url: ?["']([^"']+)["']""", r.text)
    urls = [a or b for a, b in urls]
    assert urls, r.text
    external = [u for u in urls if urlsplit(u).scheme or urlsplit(u).netloc or u.startswith("//")]
    assert external == [], external  # no CDN: the page must work offline
    js = [u for u in urls if u.endswith(".js")]
    css = [u for u in urls if u.endswith(".css")]
    assert js and css
    for url in js:
        asset = client.get(url)
        assert asset.status_code == 200 and "javascript" in asset.headers["content-type"]
        assert b"SwaggerUIBundle" in asset.content
    for url in css:
        asset = client.get(url)
        assert asset.status_code == 200 and asset.headers["content-type"].startswith("text/css")
        assert b".swagger-ui" in asset.content
    spec_url = next(u for u in urls if u.endswith(".json"))
    spec = client.get(spec_url).json()
    assert spec["openapi"].startswith("3.0.")  # what Swagger UI 4.15 renders
    full = client.get("/openapi.json").json()
    assert full["openapi"].startswith("3.1")  # /openapi.json itself is unchanged
    assert {(p, m) for p, ops in spec["paths"].items() for m in ops} == \
        {(p, m) for p, ops in full["paths"].items() for m in ops}


def test_docs_routes_are_not_in_the_openapi_document_and_redoc_is_gone(client):
    paths = client.get("/openapi.json").json()["paths"]
    assert not [p for p in paths if p.startswith("/docs") or p.startswith("/redoc")]
    assert client.get("/redoc").status_code == 404  # ReDoc exists only on a CDN


def test_openapi_31_forms_are_restated_in_30():
    schema = {"openapi": "3.1.0", "components": {"schemas": {"S": {"properties": {
        "note": {"anyOf": [{"type": "string", "maxLength": 5}, {"type": "null"}],
                 "title": "Note"},
        "either": {"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}]},
        "name": {"type": "string", "examples": ["Ana"]}}}}}}
    props = as_openapi_30(schema)["components"]["schemas"]["S"]["properties"]
    assert as_openapi_30(schema)["openapi"] == "3.0.3"
    assert props["note"] == {"type": "string", "maxLength": 5, "title": "Note", "nullable": True}
    assert props["either"] == {"anyOf": [{"type": "string"}, {"type": "integer"}],
                               "nullable": True}
    assert props["name"] == {"type": "string", "example": "Ana"}
