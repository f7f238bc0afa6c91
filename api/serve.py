"""``ledger serve``, and the ``ledger`` console script (pyproject.toml) that has it.

Serving HTTP needs the API app, and infra/ (where the other commands, the processes of
``ledger serve`` and the option parser live) does not import api/: the console script is
here, at the top layer, and hands infra/cli/entry.py the serve command. Everything else is
infra/cli/entry.py's ``main`` as it is; ``python -m infra.cli.entry`` (how ``ledger serve`` starts its
writer and projection worker) has every command but ``serve``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from infra.cli.entry import main as cli_main
from infra.runtime.settings import Settings


def run_http(settings: Settings, host: str, port: int) -> None:
    """Serve the API until the server stops."""
    # lazy: the app and the server only for the commands that serve
    import uvicorn

    # lazy: the app and the server only for the commands that serve
    from api.http_limits import protocol_class

    # lazy: the app and the server only for the commands that serve
    from api.main import create_app

    app = create_app(settings)
    # workers=1: one HTTP process; access_log off: our middleware logs each request; one socket
    # write per response (api/http_protocol.py), the request size and time limits
    # (api/http_limits.py).
    uvicorn.run(app, host=host, port=port, workers=1, access_log=False, log_config=None,
                server_header=False, http=protocol_class(settings))


def cmd_serve(settings: Settings, args: argparse.Namespace) -> int:
    """Upgrade the database, start the writer and the projection worker (infra/runtime/processes.py),
    serve HTTP here."""
    # lazy: the app and the server only for the commands that serve
    from infra.cli.db import cmd_db_upgrade

    # lazy: the app and the server only for the commands that serve
    from infra.runtime.processes import serve

    return serve(settings, single_process=args.single_process,
                 upgrade=lambda: cmd_db_upgrade(settings, args),
                 http=lambda served: run_http(served, args.host, args.port))


def main(argv: Sequence[str] | None = None) -> int:
    """The ``ledger`` console script: every command of infra/cli/entry.py, ``serve`` included."""
    return cli_main(argv, serve=cmd_serve)


if __name__ == "__main__":
    sys.exit(main())
