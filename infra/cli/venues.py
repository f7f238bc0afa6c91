"""``ledger venues list --game NAME``: the venues (tables, rooms) of any registered game, as the
listing projection has them (projections/listings.py ``game_venues``), read the same way for
every game: a game listed by its ``Game.listing`` needs nothing of its own here."""

from __future__ import annotations

import argparse
import json

from infra.cli.common import open_ledger, out, require_ledger, usage
from infra.runtime.settings import Settings

SHOWN = ("venue_id", "name", "kind", "status", "capacity", "occupied", "jogadas",
         "open_jogada_id")


def cmd_venues_list(settings: Settings, args: argparse.Namespace) -> int:
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from projections import listing_queries as queries

    if not 1 <= args.limit <= queries.MAX_VENUES:
        return usage(f"--limit must be 1 to {queries.MAX_VENUES}")
    require_ledger(settings)
    ledger = open_ledger(settings)
    try:
        game = ledger.games.get(args.game)
        if game is None or game.listing is None:
            listed = [g.name for g in ledger.games if g.listing is not None]
            return usage(f"--game must be one of {', '.join(listed)} (the games of this"
                         " installation that list their venues); not {args.game}")
        ledger.projections.catch_up()
        rows, _ = queries.venues(ledger.projections.engine, game.name, limit=args.limit)
    finally:
        ledger.shutdown()
    out(json.dumps({"game": game.name, "venues": [{k: r.get(k) for k in SHOWN} for r in rows]}))
    return 0
