"""Re-adjudication (issue 14): from a jogada's recorded events alone, recompute its settlement
and compare it with the money that was moved. What every game's adjudicator shares: the money
the jogada's account events moved, a book of the transfers the rules call for, and the report.

Each game has its pure adjudicator (``Game.adjudicate``, the ``adjudication`` module of its
package): ``adjudicate(events, opening_balances) -> dict``. ``events``: the jogada's
recorded events, ``(notification id, domain event)`` in log order, as the jogada index holds
them (infra/jogada_views.jogada_events; infra/services/adjudication.py reads the log directly): the game
stream's events carrying ``jogada_id`` and the account events whose ``refs`` name the jogada.
The rules in force come from the record itself (``JogadaOpened.config``, 903-B 6.1.5(2)(3)).
``opening_balances``: account code → balance in cents of each pool the jogada touches (every
account but the wallets, the house and the cashier) just before the jogada's first event on it:
a jackpot paid "whole" pays what its pool holds, which is no fact of the jogada (903-B
6.4.6(3): rebuilt from the contributions and payouts; infra/services/adjudication.py folds them from the
record). Nothing else is read.

The adjudicator recomputes from the game facts only (cards dealt, balls drawn, bets,
decisions, the configuration) with the games' own rule functions, never from the amounts of
the recorded settlement; a void or a cancellation recomputes to what its rules give back.

The report, one shape for every game::

    {"jogada_id": "<stream>:<n>", "game": "<Game.name>",
     "status": "settled" | "voided" | "cancelled",
     "agrees": bool,            # no difference and no problem
     "recomputed": {code: cents},   # net per account, by the rules, from the facts
     "recorded": {"settlement": {code: cents},  # net per player wallet as the recorded
                                                # settlement / void / cancellation says it
                  "money": {code: cents}},      # net per account the account events moved
     "differences": [{"account": code, "against": "settlement" | "money",
                      "recorded_cents": int, "recomputed_cents": int}],
     "problems": [str],         # what could not be recomputed, a hold left open, ...
     "opening_balances": {code: cents},  # the ones used
     "rules": [citation, ...]}

Accounts are codes: ``wallet:<player>``, ``house``, ``jackpot:<table>``, a game's own pools
(``<game>-pool:<room>``...). Nets leave out zeros. A hold counts as what it finally moved (posted:
the amount posted; voided: nothing); a hold still open when the jogada ended is a problem. The
settlement comparison covers the player wallets (the per-player outcome the game records); the
money comparison covers every account. Pure: no I/O, no clock.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from domain.kernel.errors import DomainError, InvalidInputError
from domain.kernel.replay_support import MONEY_KINDS, event_name, numbered, one_jogada
from domain.ledger.accounts import CASHIER_CODE, HOUSE_CODE, account_id, wallet_code

SETTLED, VOIDED, CANCELLED = "settled", "voided", "cancelled"
ENDINGS = {"JogadaSettled": SETTLED, "JogadaVoided": VOIDED, "JogadaCancelled": CANCELLED}
SETTLEMENT, MONEY = "settlement", "money"
RECONCILIATION = "903-B 5.5.1(1)"  # every financial transaction can be reconciled
RULES_DECIDE = "903-B 6.7.2(7)"  # only RNG values and the rules decide outcomes
JACKPOT_REBUILT = "903-B 6.4.6(3)"  # jackpot values and prizes rebuilt from the contributions


def status_of(events: Iterable[tuple[int, Any]]) -> str | None:
    """How the jogada ended (``settled``, ``voided``, ``cancelled``), or None while it is open."""
    for _, e in events:
        status = ENDINGS.get(event_name(e))
        if status is not None and getattr(e, "jogada_id", None) is not None:
            return status
    return None


def jogada_and_stream(events: list[Any]) -> tuple[list[tuple[int, Any]], str, str]:
    """(numbered events, jogada id, the game stream's id) of one jogada's events."""
    items = numbered(events)
    jogada_id, stream = one_jogada(items)
    return items, jogada_id, stream


def account_codes(events: Iterable[tuple[int, Any]], known: Iterable[str]) -> dict[str, str]:
    """Account stream id → code: the ``known`` codes, every counterparty and the wallet of every
    player the events name, matched by their derived ids (domain/ledger/accounts.py ``account_id``)."""
    codes = {HOUSE_CODE, CASHIER_CODE, *known}
    for _, e in events:
        if getattr(e, "counterparty", None):
            codes.add(e.counterparty)
        if getattr(e, "player_id", None):
            codes.add(wallet_code(e.player_id))
    return {str(account_id(code)): code for code in codes}


def money_moved(events: Iterable[tuple[int, Any]],
                codes: Mapping[str, str]) -> tuple[dict[str, int], dict[str, int]]:
    """(net balance change per account code, cents still held per account code) that the
    jogada's account events made. ``FundsHeld`` moves no balance; ``HoldPosted`` debits what
    it posted (its ``Credited`` on the counterparty is in the events too); ``HoldVoided``
    releases. An account the codes do not know is named ``account:<stream id>``."""
    net: dict[str, int] = {}
    held: dict[str, int] = {}
    for _, e in events:
        name = event_name(e)
        if name not in MONEY_KINDS:
            continue
        stream = str(e.originator_id)
        code = codes.get(stream, f"account:{stream}")
        amount = e.amount_cents
        if name == "Credited":
            net[code] = net.get(code, 0) + amount
        elif name == "Debited":
            net[code] = net.get(code, 0) - amount
        elif name == "FundsHeld":
            held[code] = held.get(code, 0) + amount
        elif name == "HoldPosted":
            net[code] = net.get(code, 0) - amount
            held[code] = held.get(code, 0) - amount - e.released_cents
        else:  # HoldVoided
            held[code] = held.get(code, 0) - amount
    return _nonzero(net), _nonzero(held)


class Book:
    """The transfers the rules call for, as net cents per account (double entry: every move
    takes from one account what it gives the other), and the rules cited on the way."""

    def __init__(self) -> None:
        self.net: dict[str, int] = {}
        self.rules: list[str] = []

    def move(self, source: str, destination: str, cents: int) -> None:
        if cents < 0:
            raise InvalidInputError("a transfer moves a positive amount", field="cents")
        self.net[source] = self.net.get(source, 0) - cents
        self.net[destination] = self.net.get(destination, 0) + cents

    def cite(self, *rules: str) -> None:
        for rule in rules:
            if rule and rule not in self.rules:
                self.rules.append(rule)

    def nets(self) -> dict[str, int]:
        return _nonzero(self.net)


def _nonzero(values: Mapping[str, int]) -> dict[str, int]:
    return {code: cents for code, cents in sorted(values.items()) if cents}


def differences(recorded: Mapping[str, int], recomputed: Mapping[str, int], against: str,
                accounts: Iterable[str] | None = None) -> list[dict[str, Any]]:
    """The accounts on which the two nets differ (a missing account counts as 0); only the
    ``accounts`` given, if any."""
    names = set(recorded) | set(recomputed) if accounts is None else set(accounts)
    out = []
    for code in sorted(names):
        had, want = recorded.get(code, 0), recomputed.get(code, 0)
        if had != want:
            out.append({"account": code, "against": against, "recorded_cents": had,
                        "recomputed_cents": want})
    return out


class Jogada:
    """One jogada as a game's recomputation sees it: its recorded ``facts`` (what the game's
    ``facts(events)`` picked out), how it ended, its venue's stream id; the recomputation
    writes the transfers the rules call for in ``book`` and what it could not do in
    ``problems``, and takes the pools' balances through ``opening``."""

    def __init__(self, jogada_id: str, stream: str, status: str, facts: dict[str, Any],
                 opening_balances: Mapping[str, int] | None) -> None:
        self.jogada_id, self.stream, self.status, self.facts = jogada_id, stream, status, facts
        self.book = Book()
        self.problems: list[str] = []
        self.used: dict[str, int] = {}  # the opening balances the recomputation took
        self._opening_balances = opening_balances

    def opening(self, code: str, rule: str) -> int:
        """The balance of ``code`` before the jogada's first event on it; refused when the
        caller did not give it (a pool paid whole is no fact of the jogada: ``rule``)."""
        given = self._opening_balances
        if given is None or code not in given:
            raise InvalidInputError(f"the balance of {code} before the jogada is needed to"
                                    f" recompute its prize ({rule})", field="opening_balances",
                                    rule=JACKPOT_REBUILT)
        value = given[code]
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidInputError(f"opening balance of {code} must be integer cents",
                                    field="opening_balances")
        self.used[code] = value
        return value


def adjudicate_with(events: list[Any], opening_balances: Mapping[str, int] | None, *,
                    game: str, facts: Callable[[list[tuple[int, Any]]], dict[str, Any]],
                    recompute: Callable[[Jogada], None],
                    recorded: Callable[[Jogada], dict[str, int]],
                    pools: Callable[[str], list[str]]) -> dict[str, Any]:
    """What every game's ``adjudicate`` does with its own parts: ``facts`` picks the recorded
    facts out of the events; ``recompute`` books the transfers the rules call for (a
    DomainError it raises, e.g. a rule function refusing a recorded card, is a problem of the
    report); ``recorded`` gives the player wallets' nets as the recorded result says them;
    ``pools(stream)`` names the venue's own accounts. Refused for a jogada still open."""
    items, jogada_id, stream = jogada_and_stream(events)
    status = status_of(items)
    if status is None:
        raise InvalidInputError(f"jogada {jogada_id} has not ended: nothing to adjudicate yet",
                                field="events")
    jogada = Jogada(jogada_id, stream, status, facts(items), opening_balances)
    try:
        if "JogadaOpened" not in jogada.facts:
            raise InvalidInputError("the jogada's opening (its configuration) is not in the"
                                    " record", field="events")
        recompute(jogada)
    except DomainError as error:
        jogada.problems.append(f"cannot recompute: {error.message}")
    moved, held = money_moved(items, account_codes(items, pools(stream)))
    return _report(jogada, game, recorded(jogada), moved, held)


def _report(jogada: Jogada, game: str, settlement: Mapping[str, int],
            money: Mapping[str, int], held: Mapping[str, int]) -> dict[str, Any]:
    """The adjudication of one jogada (the shape in this module's docstring). ``settlement``:
    the player wallets' nets as the game's recorded result says them; ``money``: what the
    account events moved; ``held``: cents still held at the end."""
    book = jogada.book
    recomputed = book.nets()
    wallets = {c for c in (*settlement, *recomputed) if c.startswith("wallet:")}
    found = differences(_nonzero(settlement), recomputed, SETTLEMENT, wallets)
    found += differences(money, recomputed, MONEY)
    problems = jogada.problems + [f"{cents} cents still held on {code} after the jogada ended"
                                  for code, cents in held.items()]
    book.cite(RULES_DECIDE, RECONCILIATION)
    return {"jogada_id": jogada.jogada_id, "game": game, "status": jogada.status,
            "agrees": not found and not problems, "recomputed": recomputed,
            "recorded": {SETTLEMENT: _nonzero(settlement), MONEY: dict(money)},
            "differences": found, "problems": problems,
            "opening_balances": dict(sorted(jogada.used.items())), "rules": book.rules}
