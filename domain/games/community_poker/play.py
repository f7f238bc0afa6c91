"""A hold'em or Omaha jogada, from the deal to the payment, each a command ``handler(uow,
**args)`` run by the writer in one transaction (the table's events, the money on the account
streams, the players' sessions).

- ``start_jogada`` (rules 7, 46–51): the table's clock, or an operator, starts the next jogada
  when at least 2 players are in play; the shoe is committed first (903-B 6.7.5). In
  certification mode a forced deck (top first, dealt exactly by rules 49, 50, 53, 55, 57, no
  burns) and the button's seat may be given.
- ``act`` (rules 28, 34–42; A27): a player's decision; the table runs on to the next street,
  the showdown or the end (rule 36) by itself.
- The clock (rules 43–45: the decision time, the extra time, the timeout; the next jogada
  after the table's pause): clock.py. Faults and start-up recovery (rules 72, 73; A10, A26):
  faults.py.

At the end (``finish``): the commission of mode (a) moves from the table's account to the
commission account (rules 17a, 18, 19; A24), each player's session records what it put in
(blinds included, A34), what came back (uncalled bets as a refund) and what it won, and the
commission it paid (rule 67); seats whose player asked to leave, or whose session is over,
leave with their caves (rule 10); a session with no bet in the jogada counts it (rule 70b).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.community_poker import dealing, seating, showdown
from domain.games.community_poker.config import rule
from domain.games.community_poker.table import PLAYER, PokerTable
from domain.games.community_poker.views import player_view
from domain.kernel import certification
from domain.kernel.errors import InvalidInputError
from domain.kernel.text import check_text, check_uuid
from domain.kernel.uow import UnitOfWork
from domain.ledger import wallets
from domain.rulesets.versions import RuleSet, ruleset_id
from domain.sessions.session import REFUND, GameSession


def _jogada_id(table: PokerTable) -> str:
    return f"{table.id}:{table.jogadas_started + 1}"


def start_jogada(uow: UnitOfWork, *, variant: str, table_id: UUID | str, seed: bytes,
                 actor: str, forced_deck: list[str] | None = None,
                 button_seat: int | None = None,
                 certification_mode: bool = False) -> dict[str, Any]:
    table = seating.get_table(uow, variant, table_id)
    stale = seating.stale_seats(uow, table)
    if button_seat is not None:
        certification.check_mode("button_seat", certification_mode)
    seats = table.check_can_start(uow.at, leaving=stale)
    if button_seat is not None and str(button_seat) not in seats:
        raise InvalidInputError(f"button_seat must be one of the seats in play: "
                                f"{', '.join(seats)}", field="button_seat",
                                rule=rule(variant, 46))
    if forced_deck is not None:
        certification.check_forced_deck(forced_deck, certification_mode=certification_mode,
                                        min_cards=dealing.cards_needed(len(seats), variant))
    # Guards done.
    seating.cash_out_stale(uow, table, stale, actor)
    ruleset = uow.find(ruleset_id(table.venue_id), RuleSet)
    version = ruleset.version_at(uow.at)[0] if ruleset is not None and ruleset.versions else None
    table.start(_jogada_id(table), seed, seats=seats, forced_deck=forced_deck,
                button_seat=button_seat, certification_mode=certification_mode,
                ruleset_version=version, actor=actor, at=uow.at)
    for seat in seats:  # A34: a posted blind is a bet
        posted = table.betting().seat_state(seat).put_in
        if posted:
            _session(uow, table, seat).record_bet(table.jogada["jogada_id"], posted,
                                                  actor=actor, at=uow.at)
    return player_view(table, None)


def _session(uow: UnitOfWork, table: PokerTable, seat: str) -> GameSession:
    return uow.get(UUID(table.jogada["players"][seat]["session_id"]), GameSession,
                   what="session", field="session_id")


def act(uow: UnitOfWork, *, variant: str, table_id: UUID | str, jogada_id: str,
        player_id: UUID | str, action: str, actor: str, amount: int | None = None,
        device_id: str | None = None) -> dict[str, Any]:
    """A player's decision (rules 34–40): refused with the field and the rule, nothing
    recorded, when it is not its turn or not allowed; then the jogada runs on."""
    table = seating.get_table(uow, variant, table_id)
    pid = str(check_uuid(player_id, "player_id"))
    check_text(jogada_id, "jogada_id")
    if device_id is not None:
        check_text(device_id, "device_id", 200)
    seat = table.check_act(jogada_id, pid, action)
    session = _session(uow, table, seat)
    if not session.in_play(jogada_id):
        session.check_accepting(uow.at)
    added = table.act(seat, action, amount, reason=PLAYER, device_id=device_id, actor=actor,
                      at=uow.at)
    after_action(uow, table, seat, added, actor)
    if device_id is not None and table.seats[seat].get("device_id") != device_id:
        seating.check_devices(table, device_id, pid, actor, uow.at)
    return player_view(table, pid)


def after_action(uow: UnitOfWork, table: PokerTable, seat: str, added: int,
                  actor: str) -> None:
    if added > 0:  # A34: every chip a player puts in is a bet on its statement
        _session(uow, table, seat).record_bet(table.jogada["jogada_id"], added, actor=actor,
                                              at=uow.at)
    if table.ended():
        finish(uow, table, actor)


def finish(uow: UnitOfWork, table: PokerTable, actor: str) -> dict[str, Any]:
    """The showdown and the payment (rules 33, 36, 59–63), the commission (rules 17–19, A24),
    the statements (rule 67), leaving seats (rule 10) and idle sessions (rule 70b)."""
    jogada = table.open_jogada()
    jogada_id = jogada["jogada_id"]
    players = dict(jogada["players"])
    order, hands, fields = showdown.conclude(table)
    if hands:
        table.show_hands(hands, order, actor=actor, at=uow.at)
    table.settle(fields, actor=actor, at=uow.at)
    for i, cut in enumerate(fields["rake"]):
        if cut:
            wallets.transfer_between(
                uow, from_code=table.account_code, to_code=table.rake_code,
                transfer_id=f"{jogada_id}:commission:{i}", amount_cents=cut,
                reason="commission", refs={"jogada_id": jogada_id, "table_id": str(table.id),
                                           "pot": str(i), "rule": table.rule("17a", 19)},
                actor=actor)
    for seat, p in players.items():
        session = uow.find(UUID(p["session_id"]), GameSession)
        if session is None:
            continue
        returned = fields["returned"].get(seat, 0)
        won = fields["totals"].get(seat, 0) - returned
        if fields["contributions"].get(seat, 0) == 0 and session.takes(jogada_id, uow.at):
            session.record_jogada_without_bet(jogada_id, actor=actor, at=uow.at)
        if returned and session.takes(jogada_id, uow.at):
            session.record_win(jogada_id, returned, REFUND, actor=actor, at=uow.at)
        if won and session.takes(jogada_id, uow.at):
            session.record_win(jogada_id, won, "pot", actor=actor, at=uow.at)
        paid = fields["commission"].get(seat, 0)
        if paid and not session.ended:
            session.add_statement_line("commission", "Comissão sobre o pote (regra 17a)", 1,
                                       paid, actor=actor, at=uow.at)
    _sat_out(uow, table, jogada_id, players, actor)
    after_jogada(uow, table, actor)
    return fields


def _sat_out(uow: UnitOfWork, table: PokerTable, jogada_id: str,
             players: dict[str, Any], actor: str) -> None:
    """Rule 70a: a seat whose cave is below the table minimum and not rebought is not dealt
    in; each jogada it sits out counts as one without a bet (rule 70b), so the common
    procedure invites, warns and ends its session (rule 71), which cashes the cave out."""
    for seat, holder in list(table.seats.items()):
        if seat in players:
            continue
        session = uow.find(UUID(holder["session_id"]), GameSession)
        if session is not None and not session.ended and not session.inactivity_end_due(uow.at):
            session.record_jogada_without_bet(jogada_id, actor=actor, at=uow.at)


def after_jogada(uow: UnitOfWork, table: PokerTable, actor: str) -> None:
    for seat in [s for s, h in table.seats.items() if h["leaving"]]:
        seating.leave_seat(uow, table, seat, "player", actor)
    seating.cash_out_stale(uow, table, seating.stale_seats(uow, table), actor)
