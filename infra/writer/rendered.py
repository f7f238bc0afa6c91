"""A command whose answer comes back from the writer already encoded as the HTTP body.

Why: the HTTP process is the busiest of ``ledger serve``'s three (api/main.py, infra/runtime/processes.py);
encoding a money command's answer there (unpickling the result dict, then ``json.dumps``) was
about a tenth of its time per request, while the writer process had time to spare. Wrapped with
``rendered_json``, a command returns its result dict as JSON bytes, encoded by the writer: the
HTTP process answers them as they are. A refusal (domain.ledger.receipts.Refusal) or an error comes
back unchanged, so the route still maps it to its 4xx in one place (api/errors.py).

The bytes are exactly what Starlette's ``JSONResponse`` writes for the same dict (compact, UTF-8,
keys in insertion order): ``tests/api/test_rendered_reply.py`` checks it.
"""

from __future__ import annotations

from typing import Any

import orjson

from domain.kernel.command import Command, command


@command("rendered")
class Rendered(Command):
    """``command``, its dict result answered as JSON bytes (the metrics count the inner
    command: its name is the one the writer is given)."""
    command: Command


def run_rendered(uow: Any, cmd: Rendered) -> Any:
    result = uow.run(cmd.command)
    if type(result) is dict:
        return orjson.dumps(result)
    return result


def rendered_json(command: Command) -> Rendered:
    """``command``, answering a dict result as JSON bytes."""
    return Rendered(command)
