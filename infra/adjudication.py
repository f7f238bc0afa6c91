"""Re-adjudication of every ended jogada in the store (issue 14), from the notification log
itself: no projection is read, so a projection that is behind or wrong cannot hide anything.

The log is paged like ``ledger verify`` does (infra/verify.py). An event belongs to a jogada
when it names one (projections.money ``jogada_of``: its own ``jogada_id``, or a money event's
``refs``); only those, and the account events, are decoded. Every account's balance is folded
along the way, so that each jogada gets the balance, just before its first event, of the pools
its game says a prize depends on (``context_accounts``: a jackpot paid whole, 903-B 6.4.6(3)).
Each ended jogada is adjudicated by its game's pure adjudicator (domain/adjudication.py for the
report's shape), chosen by the topic of its game stream's events (``GAMES``).
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any
from uuid import UUID

from domain.accounts import Account, account_id
from domain.adjudication import status_of
from domain.bingo import adjudication as bingo
from domain.semdescarte import adjudication as semdescarte
from projections.money import JogadaIndexProjection, jogada_of

if TYPE_CHECKING:
    from infra.container import Ledger

PAGE_SIZE = 1000
# The game of a jogada, by a marker in the topic of its game stream's events (to be replaced
# by a Game registry): each module has ``adjudicate(events, opening_balances)`` and
# ``context_accounts(stream_id)``.
GAMES: dict[str, ModuleType] = {".SemDescarteTable.": semdescarte, ".BingoRoom.": bingo}
ACCOUNT_TOPICS = frozenset(v.TOPIC for v in vars(Account).values()
                           if isinstance(v, type) and "TOPIC" in v.__dict__)
_MARKER = JogadaIndexProjection.state_marker


def game_of(topic: str) -> ModuleType | None:
    return next((game for marker, game in GAMES.items() if marker in topic), None)


def _balance_change(e: Any) -> int:
    name = type(e).__name__
    if name == "Credited":
        return e.amount_cents
    if name in ("Debited", "HoldPosted"):
        return -e.amount_cents
    return 0


class _Jogada:
    __slots__ = ("events", "game", "opening")

    def __init__(self, opening: dict[str, int]) -> None:
        self.events: list[tuple[int, Any]] = []
        self.game: ModuleType | None = None
        self.opening = opening


def collect(ledger: "Ledger", head: int | None = None) -> dict[str, _Jogada]:
    """Every jogada of the log up to ``head`` (default: its end): its events in log order, its
    game, and the opening balances of its game's pools."""
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
                jogada = jogadas.get(jogada_id)
                if jogada is None:
                    jogada = jogadas[jogada_id] = _Jogada(_opening(balances, jogada_id))
                jogada.events.append((notification.id, e))
                if jogada.game is None:
                    jogada.game = game_of(notification.topic)
            if money:
                balances[e.originator_id] = balances.get(e.originator_id, 0) + _balance_change(e)
        position = page[-1].id
    return jogadas


def _opening(balances: dict[UUID, int], jogada_id: str) -> dict[str, int]:
    """The balances, now (before the jogada's first event), of the pools any game names for
    the jogada's stream ("<stream>:<number>")."""
    stream = jogada_id.rsplit(":", 1)[0]
    return {code: balances.get(account_id(code), 0)
            for game in GAMES.values() for code in game.context_accounts(stream)}


def adjudicate_all(ledger: "Ledger") -> list[dict[str, Any]]:
    """The adjudication of every ended jogada of the store, in the order the jogadas began.
    Jogadas still open, and jogadas of no known game, are left out."""
    out = []
    for jogada in collect(ledger).values():
        if jogada.game is None or status_of(jogada.events) is None:
            continue
        out.append(jogada.game.adjudicate(jogada.events, jogada.opening))
    return out
