"""A 405 names every method of its path (RFC 9110 15.5.6: "the origin server MUST generate an
Allow header field ... containing a list of the target resource's currently supported
methods"). FastAPI makes one route per method, and Starlette answered from the first route
whose path matched: /venues/{id}/rulesets has GET and POST, and its 405 said only POST."""

from __future__ import annotations

import re
from collections import defaultdict

from tests.api.conftest import OPERATOR


def test_405_allow_lists_every_method_of_the_path_on_every_route(client):
    methods_of: dict[str, set[str]] = defaultdict(set)
    for route in client.app.routes:
        if getattr(route, "methods", None) and getattr(route, "path_format", None):
            methods_of[route.path_format] |= route.methods
    assert {"GET", "POST"} <= methods_of["/venues/{venue_id}/rulesets"]
    for path, methods in methods_of.items():
        url = re.sub(r"\{[^}]+\}", "00000000-0000-0000-0000-000000000001", path)
        r = client.request("OPTIONS", url, headers=OPERATOR)  # no route answers OPTIONS
        assert r.status_code == 405, (path, r.status_code)
        assert r.headers["allow"] == ", ".join(sorted(methods)), (path, r.headers["allow"])
        assert r.json()["error"]["code"] == "method_not_allowed"
