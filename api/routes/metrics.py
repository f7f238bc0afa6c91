"""``GET /metrics``: the Prometheus exposition (api/metrics.py, infra/writer/metrics.py).

Who may scrape: by default an operator or an auditor key (``Authorization: Bearer <key>``,
which Prometheus sends with ``authorization: {credentials: ...}`` in its scrape config).
``LEDGER_METRICS_PUBLIC=1`` opens it to anyone who reaches the port, for a Prometheus that
scrapes without credentials on a private network. The metrics carry counts and timings only:
no player, amount or key.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response
from prometheus_client import CONTENT_TYPE_PLAIN_0_0_4

from api.deps import get_caller
from api.metrics import exposition
from api.routes.responses import errors

router = APIRouter(tags=["health"])


@router.get("/metrics", response_class=Response, responses={
    200: {"content": {"text/plain": {}},
          "description": "Prometheus text exposition format 0.0.4"},
    **errors(401, 403)})
async def read_metrics(request: Request) -> Response:
    """Prometheus metrics: HTTP requests by route template and status with latency histograms,
    commands by type and outcome, the writer's group sizes and commit times, each projection's
    lag, the open jogadas per game. An operator or auditor key, unless
    ``LEDGER_METRICS_PUBLIC=1``."""
    ledger = request.app.state.ledger
    if not ledger.settings.metrics_public:
        (await get_caller(request)).require_role("operator", "auditor")
    body = await exposition(ledger, request.app.state.http_metrics)
    return Response(body, media_type=CONTENT_TYPE_PLAIN_0_0_4)
