"""How a route reaches the ledger: a command sent to the writer and awaited (``run``), and the
read models read once they include this process's last commit (``fresh_engine``).

Read endpoints are plain ``def`` (FastAPI runs them in its threadpool): the wait and the query
block. ``fresh_engine`` waits until every projection includes this process's last commit, so a
balance read right after a deposit shows the deposit; if the projections cannot catch up within
``READ_WAIT_SECONDS`` the read is refused with 503 ``projection_lag`` rather than answered stale.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine

from api.errors import UnavailableError
from domain.kernel.command import Command
from infra.container import Ledger

READ_WAIT_SECONDS = 5.0


def wait_for_projections(ledger: Ledger, timeout: float | None = None) -> None:
    timeout = READ_WAIT_SECONDS if timeout is None else timeout
    if not ledger.projections.wait(ledger.writer.last_position, timeout):
        raise UnavailableError("the read models are catching up; try again shortly",
                               code="projection_lag")


def fresh_engine(ledger: Ledger) -> Engine:
    wait_for_projections(ledger)
    return ledger.projections.engine


async def run(ledger: Ledger, command: Command) -> Any:
    """A command from an ``async`` route: sent to the writer and awaited without holding a
    threadpool thread (the writer's answer is the route's)."""
    return await ledger.run_async(command)


