"""Re-adjudication of one hold'em or Omaha jogada (domain/kernel/adjudication.py): from the recorded
facts alone (the configuration in force, the players' caves, the button, every action, the
hole cards and the board) the betting is played again by the engine, the hands valued and the
pots paid by the rules (record.py, showdown.py ``settle_state``), and compared with what was
recorded and moved: each action's recorded facts (``ActionApplied``: what the engine decided
when it was taken) with the engine's again, the settlement, the money.

The money a jogada moves on the ledger is its commission, mode (a): from the table's account
to its commission account, per pot layer (rules 17a, 18, 19; A24). The chips between players
stay in the table's account; what the rules give each seat is compared with the recorded
settlement (contributions, uncalled bets returned, payments, caves after): any difference is
a problem of the report. A void (rule 72, A26) gives back every contribution: no money, and
every cave as it was.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.games.community_poker.config import rule
from domain.games.community_poker.record import Fold
from domain.kernel.adjudication import VOIDED, Jogada, adjudicate_with
from domain.kernel.errors import InvalidInputError
from domain.kernel.replay_support import event_name
from domain.kernel.rules import A, cite


def _facts(items: list[tuple[int, Any]]) -> dict[str, Any]:
    fold = Fold()
    facts: dict[str, Any] = {"fold": fold}
    for _, e in items:
        name = event_name(e)
        if not type(e).__qualname__.startswith(("HoldemTable.", "OmahaTable.")):
            continue  # the money and the sessions' events: read by adjudicate_with
        fold.apply(e)
        if name == "JogadaOpened":
            facts[name] = e
            facts["table"] = str(e.originator_id)
    return facts


def _codes(table_id: str, variant: str) -> tuple[str, str]:
    return f"table:{variant}:{table_id}", f"rake:{variant}:{table_id}"


def _recompute(jogada: Jogada) -> None:
    fold: Fold = jogada.facts["fold"]
    variant = fold.variant
    jogada.problems.extend(fold.disagreements)  # what an action recorded, the engine denies
    if jogada.status == VOIDED:
        jogada.book.cite(rule(variant, 72), cite(A, 26))
        refunds = {s: c for s, c in fold.contributions().items() if c}
        if dict(fold.voided["refunds"]) != refunds:
            jogada.problems.append(f"the void gave back {fold.voided['refunds']}, the rules "
                                   f"give {refunds} ({cite(A, 26)})")
        return
    if fold.round is None or not fold.round.over:
        raise InvalidInputError("the jogada settled before its betting was over",
                                field="events", rule=rule(variant, 40))
    settled = fold.settlement()
    table, rake = _codes(jogada.stream, variant)
    for cut in settled.rake:
        jogada.book.move(table, rake, cut)
    jogada.book.cite(rule(variant, "17a", 18, 19), cite(A, 24), rule(variant, 33, 62, 63),
                     cite(A, 31))
    recorded = fold.settled or {}
    again = {"contributions": dict(settled.contributions), "returned": dict(settled.returned),
             "payments": [dict(p) for p in settled.payments], "rake": list(settled.rake),
             "totals": dict(settled.totals)}
    for name, value in again.items():
        if _plain(recorded.get(name)) != _plain(value):
            jogada.problems.append(f"the recorded {name} {recorded.get(name)} differ from"
                                   f" the rules' {value}")
    caves = {s: p["cave_cents"] - settled.contributions.get(s, 0) + settled.totals.get(s, 0)
             for s, p in fold.players.items()}
    if _plain(recorded.get("caves")) != _plain(caves):
        jogada.problems.append(f"the recorded caves {recorded.get('caves')} differ from the"
                               f" rules' {caves}")


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items() if v}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def adjudicate(events: list[Any],
               opening_balances: Mapping[str, int] | None = None) -> dict[str, Any]:
    """The adjudication of one ended jogada (domain/kernel/adjudication.py's shape)."""
    variant = "holdem"
    for item in events:
        e = item[1] if isinstance(item, tuple) else item
        if event_name(e) == "JogadaOpened" and hasattr(e, "config"):
            variant = e.config.get("variant", variant)
    return adjudicate_with(events, opening_balances, game=variant, facts=_facts,
                           recompute=_recompute, recorded=lambda jogada: {},
                           pools=lambda stream: list(_codes(stream, variant)))
