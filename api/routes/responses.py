"""OpenAPI descriptions of the error answers routes share (the body is api.schemas.ErrorPublic).

A route lists what depends on its roles and rules (403, 409); api/openapi.py adds to every
route the answers that follow from what it takes (400, 401, 404, 413, 422, 503), keeping a
description given here."""

from __future__ import annotations

from typing import Any

from api.schemas import ErrorPublic


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    text = {
        401: "No API key, or an unknown one (code unauthenticated)",
        403: "The caller's role may not do this, or a player touches another player (forbidden)",
        404: "The player does not exist (not_found)",
        409: "Refused by a rule (insufficient_funds, rule 903-B 5.2.2(3)), idempotency key "
             "reused with another body (idempotency_key_reused), or a concurrent update",
        422: "Malformed input (invalid_input); the message names the field",
        503: "The database cannot be reached, or the read models lag (retry)",
    }
    return {s: {"model": ErrorPublic, "description": text[s]} for s in statuses}
