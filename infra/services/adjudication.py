"""Re-adjudication (issue 14) read from the store: the opening balances a jogada's prizes
depend on, and every ended jogada of the notification log adjudicated by its game.

Opening balances (903-B 6.4.6(3): a jackpot's value is rebuilt from its contributions and
payouts): a prize paid "whole" pays what its pool holds, which no event of the jogada says. So
for every account the jogada's money events touch, other than a wallet, the house and the
cashier (its pools: ``jackpot:<table>``, a game's own ``<game>-pool:<room>``...),
the balance just before the jogada's first event on it is folded from the record and given to
the game's adjudicator (domain/kernel/adjudication.py). The same rule in both readers:

- ``opening_balances(ledger, events)``: one jogada (the jogada index's events, as the API's
  ``GET /jogadas/{id}/adjudication`` has them): the account loaded at the version before that
  event (its snapshots make it cheap);
- ``adjudicate_all(ledger)``: the whole log (``jogadas``, which ``ledger verify`` reads too:
  infra/verify/), no projection read, so a projection that is behind or wrong hides nothing.
  An event belongs to a jogada when it names one (projections.money ``jogada_of``); only those
  and the account events are decoded, every account's balance folded along the way. Each
  ended jogada is adjudicated by the game whose venue's events it holds (``ledger.games``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Protocol
from uuid import UUID

from domain.kernel.adjudication import account_codes, status_of
from domain.kernel.replay_support import MONEY_KINDS
from domain.ledger.accounts import CASHIER_CODE, HOUSE_CODE, WALLET, Account
from infra.ports import Store
from infra.store.event_decoding import EventDecoder, TopicPlan
from infra.store.notification_reader import notification_reader
from projections.money import JogadaIndexProjection, jogada_of


class Uses(Store, Protocol):
    """What this module uses of the application (infra/ports.py)."""


PAGE_SIZE = 1000
ACCOUNT_TOPICS = frozenset(v.TOPIC for v in vars(Account).values()
                           if isinstance(v, type) and "TOPIC" in v.__dict__)
_MARKER = JogadaIndexProjection.state_marker
_NOT_POOLS = (HOUSE_CODE, CASHIER_CODE)


def balance_change(e: Any) -> int:
    """What an account event does to its account's balance (a hold, or its void, nothing)."""
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


def opening_balances(ledger: "Uses", events: list[tuple[int, Any]]) -> dict[str, int]:
    """The balance of each pool the jogada touches just before its first event on it."""
    repository = ledger.app.repository
    return {code: (repository.get(stream, version=version - 1).balance_cents
                   if version > 1 else 0)
            for code, (stream, version) in _first_on_pools(events).items()}


class Jogada:
    """One jogada read from the log: its events in log order, its game, and each touched
    account's balance before its first event on it."""

    __slots__ = ("jogada_id", "events", "game", "before")

    def __init__(self, jogada_id: str) -> None:
        self.jogada_id = jogada_id
        self.events: list[tuple[int, Any]] = []
        self.game: Any = None
        self.before: dict[UUID, int] = {}  # account stream -> balance before the first event

    @property
    def status(self) -> str | None:
        """How it ended (domain/kernel/adjudication.py ``status_of``), None while open."""
        return status_of(self.events)

    def opening(self) -> dict[str, int]:
        """The opening balances of the pools it touches, for its game's ``adjudicate``."""
        return {code: self.before[stream]
                for code, (stream, _) in _first_on_pools(self.events).items()}


Progress = Callable[[int, int], None]  # (done, total)


class LogPages:
    """The log up to ``head`` (a ``ledger verify`` section's, too) in pages, each event of a jogada or of an account decoded once
    per pass (infra/store/notification_reader.py, infra/store/event_decoding.py: the projection worker's
    fast reads), with the jogada it names (projections.money ``jogada_of``)."""

    def __init__(self, ledger: "Uses", head: int) -> None:
        self.ledger, self.head = ledger, head
        self.reader = notification_reader(ledger.app.recorder)
        self.decoder = EventDecoder(ledger.app.mapper, self.reader.originator_id)
        self.plans: dict[str, TopicPlan] = {}

    def events(self, progress: Progress | None, done: int, total: int, *,
               jogadas: bool = True) -> Iterator[tuple[int, str, bool, Any, str | None]]:
        """(notification id, topic, is an account event, event, jogada id) of every account
        event and (``jogadas``) every event naming a jogada, in log order;
        ``progress(done + position, total)`` after each page."""
        position = 0
        while position < self.head:
            page = self.reader.page(position, PAGE_SIZE, self.head)
            if not page:
                break
            for row in page:
                topic = row[3]
                money = topic in ACCOUNT_TOPICS
                if not money and (not jogadas or row[4].find(_MARKER) < 0):
                    continue
                plan = self.plans.get(topic)
                if plan is None:
                    plan = self.plans[topic] = self.decoder.plan(topic, ())
                e = self.decoder(row, plan)
                yield row[0], topic, money, e, jogada_of(e)
            position = page[-1][0]
            if progress:
                progress(done + position, total)
        if progress:
            progress(done + self.head, total)


def jogadas(ledger: "Uses", head: int | None = None,
            progress: Callable[..., None] | None = None) -> Iterator[Jogada]:
    """Every jogada of the log up to ``head`` (default: its end), each yielded once the event
    that is its last up to ``head`` is read, so that only the jogadas in play at a point of
    the log are held (millions of events, a few open jogadas): a first pass finds where each
    jogada's events end, the second gathers them and folds every account's balance. No
    projection read: a projection behind or wrong hides nothing. ``progress(done, total,
    unit, stage)``: the first pass in ``events`` of the log (stage ``finding the jogadas``),
    the second in ``jogadas`` yielded of those the first found (stage None), each counted once
    its reader is done with it: never both passes against one doubled total (issue 24)."""
    if head is None:
        head = ledger.app.recorder.max_notification_id() or 0
    log = LogPages(ledger, head)
    last: dict[str, int] = {}
    finding = None if progress is None else (
        lambda done, total: progress(done, total, "events", "finding the jogadas"))
    for position, _, _, _, jogada_id in log.events(finding, 0, head):
        if jogada_id is not None:
            last[jogada_id] = position
    found, done = len(last), 0
    if progress is not None and not found:
        progress(0, 0, "jogadas", None)
    balances: dict[UUID, int] = {}
    gathering: dict[str, Jogada] = {}
    for position, topic, money, e, jogada_id in log.events(None, 0, head):
        jogada = None
        if jogada_id is not None:
            jogada = gathering.get(jogada_id)
            if jogada is None:
                jogada = gathering[jogada_id] = Jogada(jogada_id)
            jogada.events.append((position, e))
            if jogada.game is None:
                jogada.game = ledger.games.for_topic(topic)
            if money:
                jogada.before.setdefault(e.originator_id, balances.get(e.originator_id, 0))
        if money:
            balances[e.originator_id] = balances.get(e.originator_id, 0) + balance_change(e)
        if jogada is not None and last.get(jogada_id) == position:
            del last[jogada_id]
            yield gathering.pop(jogada_id)
            done += 1
            if progress is not None:
                progress(done, found, "jogadas", None)
    yield from gathering.values()  # none, unless the second pass read what the first did not


def adjudicate_all(ledger: "Uses") -> list[dict[str, Any]]:
    """The adjudication (domain/kernel/adjudication.py) of every ended jogada of the store, in the
    order the jogadas began. Jogadas still open, and jogadas of no game of this installation,
    are left out."""
    out = []
    for jogada in jogadas(ledger):
        if jogada.game is None or jogada.status is None:
            continue
        out.append((jogada.events[0][0], jogada.game.adjudicate(jogada.events, jogada.opening())))
    return [report for _, report in sorted(out, key=lambda item: item[0])]
