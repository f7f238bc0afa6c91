"""``ledger phh export``: the jogadas of the games with hand histories (``Game.hand_history``)
that ended in a time range, each as a PHH file (the Poker Hand History standard that pokerkit
reads), one ``<venue>_<number>.phh`` per jogada in a directory (the jogada id, whose ``:`` no
portable file name holds, with ``_``). A jogada the standard cannot hold (voided; a table the
standard has no variant for) is skipped and named in the summary."""

from __future__ import annotations

import argparse
import json
import os

from infra.cli.audit import _time
from infra.cli.common import err, open_ledger, out, require_ledger, usage
from infra.runtime.settings import Settings


def cmd_phh_export(settings: Settings, args: argparse.Namespace) -> int:
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from domain.kernel.errors import ConflictError
    from domain.kernel.text import portable_file_name

    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from infra.services import jogada_views

    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from projections import queries

    since, until = _time(args.since, "from"), _time(args.until, "to")
    if until <= since:
        return usage("--to must be after --from")
    if os.path.exists(args.out) and not os.path.isdir(args.out):
        return usage(f"--out: {args.out} is not a directory")
    require_ledger(settings)
    ledger = open_ledger(settings)
    written, skipped = [], []
    try:
        games = [g for g in ledger.games.all if g.hand_history is not None
                 and (args.game is None or g.name == args.game)]
        if not games:
            return usage(f"--game: {args.game} has no hand histories")
        ledger.projections.catch_up()
        engine = ledger.projections.engine
        found = queries.jogadas_ended(engine, tuple(t for g in games for t in g.ended_topics),
                                      since, until)
        os.makedirs(args.out, exist_ok=True)
        for jogada_id in found:
            try:
                text = jogada_views.hand_history(ledger, jogada_id, engine)
            except ConflictError as refused:  # voided, or no variant in the standard
                skipped.append({"jogada_id": jogada_id, "code": refused.code,
                                "rule": refused.rule, "message": refused.message})
                err(f"skipped {jogada_id}: {refused.code}: {refused.message}")
                continue
            path = os.path.join(args.out, portable_file_name(jogada_id) + ".phh")
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
            written.append(path)
    finally:
        ledger.shutdown()
    out(json.dumps({"out": os.path.abspath(args.out), "written": len(written),
                    "skipped": skipped}))
    return 0
