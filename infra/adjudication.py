"""Re-adjudication (issue 14) read from the store: the opening balances a jogada's prizes
depend on, and every ended jogada of the notification log adjudicated by its game.

Opening balances (903-B 6.4.6(3): a jackpot's value is rebuilt from its contributions and
payouts): a prize paid "whole" pays what its pool holds, which no event of the jogada says. So
for every account the jogada's money events touch, other than a wallet, the house and the
cashier (its pools: ``jackpot:<table>``, ``bingo-pool:<room>``, ``bingo-jackpot:<room>``...),
the balance just before the jogada's first event on it is folded from the record and given to
the game's adjudicator (domain/adjudication.py). The same rule in both readers:

- ``opening_balances(ledger, events)``: one jogada (the jogada index's events, as the API's
  ``GET /jogadas/{id}/adjudication`` has them): the account loaded at the version before that
  event (its snapshots make it cheap);
- ``adjudicate_all(ledger)``: the whole log, paged like ``ledger verify`` (infra/verify.py),
  no projection read, so a projection that is behind or wrong hides nothing. An event belongs
  to a jogada when it names one (projections.money ``jogada_of``); only those and the account
  events are decoded, every account's balance folded along the way. Each ended jogada is
  adjudicated by the game whose venue's events it holds (``ledger.games``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from uuid import UUID

from domain.accounts import CASHIER_CODE, HOUSE_CODE, WALLET, Account
from domain.adjudication import account_codes, status_of
from domain.replay_support import MONEY_KINDS
from projections.money import JogadaIndexProjection, jogada_of

if TYPE_CHECKING:
    from infra.container import Ledger

PAGE_SIZE = 1000
ACCOUNT_TOPICS = frozenset(v.TOPIC for v in vars(Account).values()
                           if isinstance(v, type) and "TOPIC" in v.__dict__)
_MARKER = JogadaIndexProjection.state_marker
_NOT_POOLS = (HOUSE_CODE, CASHIER_CODE)


def _balance_change(e: Any) -> int:
    name = type(e).__name__
    if name == "Credited":
        return e.amount_cents
    if name in ("Debited", "HoldPosted"):
        return -e.amount_cents
    return 0


def _first_on_pools(events: list[tuple[int, Any]]) -> dict[str, tuple[UUID, int]]:
    """Pool account code -> (its stream, the version of the jogada's first event on it)."""
    codes = account_codes(events, ())
    first: dict[str, tuple[UUID, int]] = {}
    for _, e in events:
        if type(e).__name__ not in MONEY_KINDS:
            continue
        code = codes.get(str(e.originator_id))
        if code is None or code in _NOT_POOLS or code.startswith(f"{WALLET}:"):
            continue
        first.setdefault(code, (e.originator_id, e.originator_version))
    return first


def opening_balances(ledger: "Ledger", events: list[tuple[int, Any]]) -> dict[str, int]:
    """The balance of each pool the jogada touches just before its first event on it."""
    repository = ledger.app.repository
    return {code: (repository.get(stream, version=version - 1).balance_cents
                   if version > 1 else 0)
            for code, (stream, version) in _first_on_pools(events).items()}


class _Jogada:
    __slots__ = ("events", "game", "before")

    def __init__(self) -> None:
        self.events: list[tuple[int, Any]] = []
        self.game: Any = None
        self.before: dict[UUID, int] = {}  # account stream -> balance before the first event


def collect(ledger: "Ledger", head: int | None = None) -> dict[str, _Jogada]:
    """Every jogada of the log up to ``head`` (default: its end), in the order they began:
    its events in log order, its game, and each touched account's balance before it."""
    app = ledger.app
    if head is None:
        head = app.recorder.max_notification_id() or 0
    balances: dict[UUID, int] = {}
    jogadas: dict[str, _Jogada] = {}
    position = 0
    while position < head:
        page = app.recorder.select_notifications(start=position, limit=PAGE_SIZE, stop=head,
                                                 inclusive_of_start=False)
        if not page:
            break
        for notification in page:
            money = notification.topic in ACCOUNT_TOPICS
            if not money and _MARKER not in notification.state:
                continue
            e = app.mapper.to_domain_event(notification)
            jogada_id = jogada_of(e)
            if jogada_id is not None:
                jogada = jogadas.setdefault(jogada_id, _Jogada())
                jogada.events.append((notification.id, e))
                if jogada.game is None:
                    jogada.game = ledger.games.for_topic(notification.topic)
                if money:
                    jogada.before.setdefault(e.originator_id, balances.get(e.originator_id, 0))
            if money:
                balances[e.originator_id] = balances.get(e.originator_id, 0) + _balance_change(e)
        position = page[-1].id
    return jogadas


def adjudicate_all(ledger: "Ledger") -> list[dict[str, Any]]:
    """The adjudication (domain/adjudication.py) of every ended jogada of the store, in the
    order the jogadas began. Jogadas still open, and jogadas of no game of this installation,
    are left out."""
    out = []
    for jogada in collect(ledger).values():
        if jogada.game is None or status_of(jogada.events) is None:
            continue
        opening = {code: jogada.before[stream]
                   for code, (stream, _) in _first_on_pools(jogada.events).items()}
        out.append(jogada.game.adjudicate(jogada.events, opening))
    return out
