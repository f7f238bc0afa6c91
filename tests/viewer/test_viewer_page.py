"""``GET /viewer``, the replay viewer's page (api/viewer.py), for what needs no browser: it and
its two assets come from the service itself with a Content-Security-Policy that keeps every
load and fetch on the service, and the key has a password field and no form to be submitted
with. tests/viewer/test_viewer_browser.py drives the page in chromium."""

from __future__ import annotations

import re
from pathlib import Path

from api.viewer import VIEWER_DIR


def test_the_viewer_page_is_served_with_its_csp_and_names_nothing_outside_the_service(client):
    """``GET /viewer`` and its assets (common.* and scenes.*, shared with the complaint desk)
    come from the service itself; the page has a password field for the key and no form that
    could put the key in a URL; its Content-Security-Policy lets it load and fetch only from the
    service (default-src 'self')."""
    page = client.get("/viewer")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    csp = page.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "form-action 'none'" in csp
    assert "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp
    assert page.headers["x-content-type-options"] == "nosniff"
    html = page.text
    assert "<form" not in html.lower()
    assert re.search(r'<input id="key"[^>]*type="password"', html)
    assets = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert assets == [f"/viewer/assets/{name}" for name in (
        "common.css", "scenes.css", "viewer.css", "common.js", "scenes.js", "viewer.js")]
    for url in assets:
        kind = "javascript" if url.endswith(".js") else "text/css"
        asset = client.get(url)
        assert asset.status_code == 200 and kind in asset.headers["content-type"]
        assert asset.headers["content-security-policy"] == csp
    for path in Path(VIEWER_DIR).iterdir():  # no CDN, no font or image from elsewhere
        assert not re.search(r"https?://|//[a-z0-9.-]+\.[a-z]{2,}/", path.read_text()), path
    assert "/viewer" not in client.get("/openapi.json").json()["paths"]
