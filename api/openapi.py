"""The error answers of the OpenAPI document, declared once for every route (api/main.py calls
``declare_error_answers`` on the generated document).

What a route can answer follows from what it takes, so it is derived here rather than listed
route by route (a route added later gets it too):

| status | declared on | why (api/errors.py) |
|---|---|---|
| 400 | routes with a JSON body | the body is not JSON at all (unparseable, not UTF-8) |
| 401 | routes with a security requirement | no, malformed or unknown API key |
| 404 | routes with a path parameter | what the path names does not exist |
| 413 | routes with a JSON body | the body is larger than the service accepts |
| 422 | routes with a body or a parameter | a value breaks its declared type, range or pattern |
| 503 | routes with a security requirement | database or writer unreachable, read models lag |

403 and 409 depend on the route's roles and rules and stay with the route
(api/routes/responses.py). A route's own description of a status is kept. Every answer
carries ``X-Request-ID`` (api/middleware.py); a 401 ``WWW-Authenticate`` and a 503 error
``Retry-After`` (api/errors.py).
"""

from __future__ import annotations

import copy
from typing import Any

from api.schemas import ErrorPublic

ERROR_SCHEMA_REF = "#/components/schemas/ErrorPublic"
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")

DESCRIPTIONS = {
    "400": "The body is not JSON (unparseable, or not UTF-8): http_400",
    "401": "No API key, or an unknown one (unauthenticated)",
    "404": "What the path names does not exist (not_found)",
    "413": "The body is larger than the service accepts (payload_too_large)",
    "422": "Malformed input (invalid_input): a value breaks its declared type, range or "
           "pattern; the message names the field and, where one applies, the rule",
    "503": "The database or the writer cannot be reached, or the read models lag: retry "
           "(database_unavailable, writer_unavailable, projection_lag)",
}

_REQUEST_ID = {"description": "The request's id, also in every error body and log line",
               "schema": {"type": "string"}, "required": True}
_HEADERS_BY_STATUS = {
    "401": {"WWW-Authenticate": {"description": "Bearer", "schema": {"type": "string"},
                                 "required": True}},
    "503": {"Retry-After": {"description": "Seconds to wait before retrying",
                            "schema": {"type": "string"}, "required": True}},
}


def _error_answer(status: str) -> dict[str, Any]:
    return {"description": DESCRIPTIONS[status],
            "content": {"application/json": {"schema": {"$ref": ERROR_SCHEMA_REF}}}}


def _statuses(operation: dict[str, Any], path: str) -> list[str]:
    parameters = operation.get("parameters", [])
    has_body = "requestBody" in operation
    statuses = []
    if has_body:
        statuses += ["400", "413"]
    if operation.get("security"):
        statuses += ["401", "503"]
    if any(p.get("in") == "path" for p in parameters) or "{" in path:
        statuses.append("404")
    if has_body or parameters:
        statuses.append("422")
    return statuses


def _declare_error_schema(schema: dict[str, Any]) -> None:
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    if "ErrorPublic" not in components:
        error = ErrorPublic.model_json_schema(ref_template="#/components/schemas/{model}")
        components.update(error.pop("$defs", {}))
        components["ErrorPublic"] = error


def declare_error_answers(schema: dict[str, Any]) -> None:
    """Adds the answers every route can give (the table above) to ``schema``, in place."""
    _declare_error_schema(schema)
    for path, item in schema.get("paths", {}).items():
        for method, operation in item.items():
            if method not in METHODS:
                continue
            responses = operation.setdefault("responses", {})
            for status in _statuses(operation, path):
                responses.setdefault(status, _error_answer(status))
            for status, answer in responses.items():
                headers = answer.setdefault("headers", {})
                headers.setdefault("X-Request-ID", copy.deepcopy(_REQUEST_ID))
                if operation.get("security"):  # /health's own 503 has no Retry-After
                    for name, header in _HEADERS_BY_STATUS.get(status, {}).items():
                        headers.setdefault(name, copy.deepcopy(header))


def declare_bodies_acting_for_a_player(schema: dict[str, Any]) -> None:
    """A body that names the player acted for (``ActingForPlayer``: seats, room entry) may be
    left out by a player acting for itself, but an operator must send it with ``player_id``. The
    document declares what works for every caller (as for ``player_id`` itself): the body
    required, not ``null``. Changes ``schema`` in place."""
    components = schema.get("components", {}).get("schemas", {})
    for item in schema.get("paths", {}).values():
        for method, operation in item.items():
            body = operation.get("requestBody") if method in METHODS else None
            content = (body or {}).get("content", {}).get("application/json", {})
            choices = content.get("schema", {}).get("anyOf", [])
            refs = [c["$ref"] for c in choices if "$ref" in c]
            if len(refs) != 1 or len(choices) != 2 or {"type": "null"} not in choices:
                continue
            model = components.get(refs[0].rsplit("/", 1)[-1], {})
            if "player_id" in model.get("required", []):
                content["schema"] = {"$ref": refs[0]}
                body["required"] = True
                body["description"] = ("A player acting for itself may send no body at all; an "
                                       "operator sends it with player_id.")
