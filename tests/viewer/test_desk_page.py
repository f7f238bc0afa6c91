"""``GET /viewer/complaints``, the complaint desk's page (api/viewer.py; issue 16), for what needs
no browser: it and its assets come from the service itself with the viewer's
Content-Security-Policy, the key has a password field and no form to be submitted with, and
the scripts send the key only in the ``Authorization`` header. tests/viewer/test_desk_browser.py
drives the page in chromium."""

from __future__ import annotations

import re
from pathlib import Path

from api.viewer import DESK_URL, VIEWER_DIR


def test_the_desk_is_served_with_its_csp_and_names_nothing_outside_the_service(client):
    page = client.get(DESK_URL)
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    csp = page.headers["content-security-policy"]
    assert csp == client.get("/viewer").headers["content-security-policy"]
    assert "default-src 'self'" in csp and "form-action 'none'" in csp
    assert "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp
    assert page.headers["x-content-type-options"] == "nosniff"
    assert page.headers["referrer-policy"] == "no-referrer"
    html = page.text
    assert "<form" not in html.lower() and "<script>" not in html and "style=" not in html
    assert re.search(r'<input id="key"[^>]*type="password"', html)
    assets = re.findall(r'<(?:script|link)[^>]*(?:src|href)="([^"]+)"', html)
    assert assets == [f"/viewer/assets/{name}" for name in (
        "common.css", "scenes.css", "complaints.css", "common.js", "scenes.js", "complaints.js")]
    for url in assets:
        asset = client.get(url)
        assert asset.status_code == 200, url
        assert ("javascript" if url.endswith(".js") else "text/css") in asset.headers[
            "content-type"]
        assert asset.headers["content-security-policy"] == csp
    links = re.findall(r'<a [^>]*href="([^"]+)"', html)
    assert links == ["/viewer"]
    assert DESK_URL not in client.get("/openapi.json").json()["paths"]


def test_the_scripts_send_the_key_only_as_authorization_bearer():
    """One function sends every request (common.js ``request``): the key goes into the
    ``Authorization`` header and nowhere else; the pages' own scripts never call fetch, never
    touch the storage or build a URL with the key, and draw the record as text only."""
    scripts = {p.name: p.read_text() for p in Path(VIEWER_DIR).glob("*.js")}
    assert set(scripts) == {"common.js", "scenes.js", "viewer.js", "complaints.js"}
    common = scripts["common.js"]
    assert common.count("fetch(") == 1
    request = common[common.index("async function request("):]
    request = request[:request.index("\n  }\n")]
    assert re.findall(r"\bkey\b", request) == ["key", "key"]  # the parameter, the header
    assert "Authorization: `Bearer ${key}`" in request
    assert 'credentials: "omit"' in request and 'referrerPolicy: "no-referrer"' in request
    for name, text in scripts.items():
        assert "innerHTML" not in text and "insertAdjacentHTML" not in text, name
        assert "document.write" not in text and "eval(" not in text, name
        if name != "common.js":
            assert "fetch(" not in text and "Storage" not in text, name
            assert not re.search(r"(?:\?|&)(?:api_)?key=", text), name
    desk = scripts["complaints.js"]
    # the key read from its field goes to request() as its key, never into a path or a link
    assert [line.strip() for line in re.findall(r"^.*currentKey\(\).*$", desk, re.M)] == [
        "function currentKey() {", "const key = currentKey();",
        "const api = (path, options) => request(path, currentKey(), options);"]
    calls = re.findall(r"\brequest\(([^,]+), ([^,]+),", desk)
    assert len(calls) == 2 and {k for _, k in calls} == {"key", "currentKey()"}
    assert not [path for path, _ in calls if "key" in path.lower()]
