"""The póquer sem descarte table: one stream per table, every step of every jogada an event.

A jogada (rule 2e) on this stream, in order:
``JogadaOpened`` (the betting period: rule 14 on a multi-seat table) → ``AntePlaced`` per seat
(rules 2a, 16–18; the jackpot side bet, Portaria r3–r4) → ``BettingClosed`` ("jogo feito",
rule 14) → ``JackpotBetsCollected`` (Portaria r4b) → ``RngCommitted`` (903-B 6.7.5: the shoe
is drawn before the first card) →
``CardsDealt`` (rule 19) → ``PlayerFolded`` / ``PlayerContinued`` per seat (rules 20–23),
``DecisionTimeExtended`` (rule 31) and timeout folds (rule 32) → ``BankCardsRevealed``
(rules 24–25) → ``JogadaSettled`` (rules 26–29, 12, 13; Portaria r9) → ``RngRevealed``.
A fault of the system instead ends it with ``JogadaVoided`` (rule 33).

Every event carries what a replay needs: the cards, the amounts, the deadlines, the outcome.
The money itself moves on the account streams in the same transaction (domain/games/semdescarte/
betting.py, decisions.py, faults.py): this aggregate only decides and records. Methods here check their guards before
they trigger anything (a refused command records nothing).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from domain.games.semdescarte import dealing
from domain.games.semdescarte.config import (
    INDIVIDUAL,
    TableConfig,
    bet_for_ante,
    hold_for_ante,
    pt_rule,
    sd_rule,
)
from domain.games.semdescarte.table_checks import (  # noqa: F401
    BETTING,
    CONTINUE,
    DECIDING,
    DECISIONS,
    FOLD,
    TableChecks,
)
from domain.kernel import certification
from domain.kernel.errors import (
    ConflictError,
    InvalidInputError,
)
from domain.kernel.jogada_rng import JogadaRng

FOLD_REASONS = ("player", "timeout", "connection_lost")
SESSION_ENDED = "session_ended"  # PlayerLeft's reason when the seat's game session ended


class SemDescarteTable(TableChecks, JogadaRng):
    @event("TableOpened", topic="ledger.SemDescarteTable.TableOpened")
    def __init__(self, table_id: str, name: str, config: dict[str, Any], venue_id: str,
                 jackpot_code: str | None, actor: str, at: datetime) -> None:
        self.name = name
        self.config_data = dict(config)
        self.venue_id = venue_id
        self.jackpot_code = jackpot_code
        self.seats: dict[str, dict[str, str]] = {}  # "1".."7" -> player_id, session_id
        self.jogada: dict[str, Any] | None = None  # the open jogada
        self.jogadas_started = 0
        self.last_jogada_id: str | None = None

    @staticmethod
    def create_id(table_id: str, **_: Any) -> UUID:  # type: ignore[override]
        """The id is drawn by the caller, outside the command, so a re-run makes the same table."""
        return UUID(table_id)

    # Queries ----------------------------------------------------------------------------------
    @property
    def config(self) -> TableConfig:
        return TableConfig.from_dict(self.config_data)

    @property
    def individual(self) -> bool:
        return self.config_data["kind"] == INDIVIDUAL

    def seat_of(self, player_id: str) -> str | None:
        for seat, holder in self.seats.items():
            if holder["player_id"] == player_id:
                return seat
        return None

    def open_jogada(self, jogada_id: str | None = None) -> dict[str, Any]:
        jogada = self.jogada
        if jogada is None or (jogada_id is not None and jogada["jogada_id"] != jogada_id):
            raise ConflictError(
                f"jogada {jogada_id} is not open at this table" if jogada_id else
                "no jogada is open at this table", field="jogada_id")
        return jogada

    def bettors_in_seat_order(self) -> list[str]:
        return sorted(self.open_jogada()["bets"], key=int)

    def undecided(self) -> list[str]:
        jogada = self.open_jogada()
        return [s for s in sorted(jogada["bets"], key=int) if jogada["bets"][s]["decision"] is None]

    # Seats ------------------------------------------------------------------------------------
    def sit(self, seat: int, player_id: str, session_id: str, *, stale: list[str],
            actor: str, at: datetime) -> str:
        """A player takes a seat (rule 6a: 1 to 7 seats; an individual table has one).
        ``stale``: seats still held by game sessions that are over (domain/games/semdescarte/
        seats.py), freed before the player sits."""
        config = self.config
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= config.seats:
            raise InvalidInputError(f"seat must be 1 to {config.seats} at this table",
                                    field="seat", rule=sd_rule("6a"))
        held = {s: h for s, h in self.seats.items() if s not in stale}
        own = next((s for s, h in held.items() if h["player_id"] == player_id), None)
        if own is not None:
            raise ConflictError(f"player {player_id} already sits at seat {own}", field="seat")
        if str(seat) in held:
            raise ConflictError(f"seat {seat} is taken", field="seat", rule=sd_rule("6a"))
        for gone in sorted(stale, key=int):
            self.vacate(gone, reason=SESSION_ENDED, actor=actor, at=at)
        self._seated(seat=str(seat), player_id=player_id, session_id=session_id, actor=actor, at=at)
        return str(seat)

    def leave(self, player_id: str, *, actor: str, at: datetime) -> str:
        seat = self.seat_of(player_id)
        if seat is None:
            raise ConflictError(f"player {player_id} is not seated here", field="player_id")
        if self.has_bet(seat):
            raise ConflictError("a player with a bet in the open jogada stays until it ends",
                                field="player_id", rule=sd_rule("2e"))
        self._left(seat=seat, player_id=player_id, actor=actor, at=at)
        return seat

    def vacate(self, seat: str, *, reason: str, actor: str, at: datetime) -> None:
        """The seat is freed because its player's game session ended (rules 2e, 40: the seat
        belongs to the session). A seat with a bet in the open jogada is freed when the
        jogada ends (the caller checks ``has_bet``)."""
        self._left(seat=seat, player_id=self.seats[seat]["player_id"], reason=reason,
                   actor=actor, at=at)

    def has_bet(self, seat: str) -> bool:
        """Whether the seat has a bet in the open jogada (rule 2e: it stays until it ends)."""
        return self.jogada is not None and seat in self.jogada["bets"]

    # Bets -------------------------------------------------------------------------------------
    def place_ante(self, player_id: str, ante_cents: int, jackpot_bet_cents: int | None, *,
                   ruleset_version: int | None, actor: str, at: datetime,
                   forced_deck: list[str] | None = None) -> tuple[str, str]:
        """Returns (jogada id, seat). Opens the jogada (and its betting period) if none is.
        ``forced_deck``: with the opening ante, checked (forced_deck.check_with_ante)."""
        seat = self.check_ante(player_id, ante_cents, jackpot_bet_cents, at)
        if self.jogada is None:
            number = self.jogadas_started + 1
            seconds = self.config_data.get("betting_seconds")
            self._jogada_opened(
                jogada_id=f"{self.id}:{number}", number=number,
                betting_closes_at=None if seconds is None else at + timedelta(seconds=seconds),
                config=self.config_data, ruleset_version=ruleset_version, actor=actor, at=at)
        holder = self.seats[seat]
        self._ante_placed(
            jogada_id=self.jogada["jogada_id"], seat=seat, player_id=player_id,
            session_id=holder["session_id"], ante_cents=ante_cents,
            held_cents=hold_for_ante(ante_cents), jackpot_bet_cents=jackpot_bet_cents or 0,
            actor=actor, at=at)
        if forced_deck is not None:
            self.record_forced_deck(forced_deck, actor=actor, at=at)
        return self.jogada["jogada_id"], seat

    # Dealing ----------------------------------------------------------------------------------
    def close_betting(self, *, forced_deck: list[str] | None, certification_mode: bool,
                      player_id: str | None, actor: str, at: datetime) -> list[str] | None:
        """"Jogo feito" (rule 14): no more bets. Returns the checked forced deck, if any; every
        guard of the deal runs here, before the first event."""
        jogada = self.check_can_deal(at, player_id=player_id)
        seats = self.bettors_in_seat_order()
        if forced_deck is not None:
            forced_deck = certification.check_forced_deck(
                forced_deck, certification_mode=certification_mode,
                min_cards=dealing.cards_needed(len(seats)))
        self._betting_closed(jogada_id=jogada["jogada_id"], seats=seats, actor=actor, at=at)
        return forced_deck

    def record_forced_deck(self, forced_deck: list[str], *, actor: str, at: datetime) -> None:
        """Certification mode: the deck the deal of the open jogada will use (checked by
        domain/games/semdescarte/forced_deck.py); ``DeckForced`` shows it in the replay."""
        self._deck_forced(jogada_id=self.open_jogada()["jogada_id"],
                              forced_deck=list(forced_deck), actor=actor, at=at)

    def deal_cards(self, seed: bytes, *, forced_deck: list[str] | None, certification_mode: bool,
                   actor: str, at: datetime) -> None:
        """Commits the shoe (903-B 6.7.5), then deals it per rule 19."""
        jogada = self.open_jogada()
        seats = self.bettors_in_seat_order()
        shoe = self.commit_deck(jogada["jogada_id"], seed, forced_deck=forced_deck,
                                certification_mode=certification_mode,
                                min_cards=dealing.cards_needed(len(seats)), actor=actor, at=at)
        dealt = dealing.deal(shoe, len(seats))
        deadline = at + timedelta(seconds=self.config_data["decision_seconds"])
        self._cards_dealt(
            jogada_id=jogada["jogada_id"], burned=dealt.burned,
            hands={seat: list(cards) for seat, cards in zip(seats, dealt.hands)},
            bank_cards=list(dealt.bank), bank_open_card=dealt.bank_open_card,
            decision_deadline=deadline, actor=actor, at=at)

    def collect_jackpot_bets(self, contributions: dict[str, int], house_shares: dict[str, int],
                             *, actor: str, at: datetime) -> None:
        """Portaria 461/2001 r4b: the side bets are collected, and their share credited to the
        jackpot, before any card is dealt."""
        jogada = self.open_jogada()
        self._jackpot_bets_collected(jogada_id=jogada["jogada_id"], contributions=contributions,
                                     house_shares=house_shares, rule=pt_rule("4b"),
                                     actor=actor, at=at)

    # Decisions --------------------------------------------------------------------------------
    def fold(self, seat: str, *, reason: str, actor: str, at: datetime) -> None:
        jogada = self.open_jogada()
        bet = jogada["bets"][seat]
        cited = {"player": sd_rule(22), "timeout": sd_rule(32), "connection_lost": sd_rule("34, 35")}[reason]
        self._folded(jogada_id=jogada["jogada_id"], seat=seat, player_id=bet["player_id"],
                     reason=reason, ante_lost_cents=bet["ante_cents"], rule=cited,
                     actor=actor, at=at)

    def continue_(self, seat: str, *, actor: str, at: datetime) -> int:
        jogada = self.open_jogada()
        bet = jogada["bets"][seat]
        amount = bet_for_ante(bet["ante_cents"])  # rules 2f, 23: exactly twice the ante
        self._continued(jogada_id=jogada["jogada_id"], seat=seat, player_id=bet["player_id"],
                        bet_cents=amount, actor=actor, at=at)
        return amount

    def extend_decision_time(self, *, actor: str, at: datetime) -> None:
        """Rule 31: the player is warned and given extra time (once)."""
        jogada = self.open_jogada()
        # Counted from the warning, not from the first deadline: a late tick still gives the
        # whole extra time.
        start = max(jogada["decision_deadline"], at)
        deadline = start + timedelta(seconds=self.config_data["extra_seconds"])
        self._decision_time_extended(jogada_id=jogada["jogada_id"], seats=self.undecided(),
                                     decision_deadline=deadline, rule=sd_rule(31), actor=actor, at=at)

    def record_connection_lost(self, seat: str, *, actor: str, at: datetime) -> None:
        """Rules 34–36: the player's equipment failed; faults.connection_lost decides what
        follows (a fold before the second bet, nothing after it)."""
        jogada = self.open_jogada()
        bet = jogada["bets"][seat]
        self._connection_lost(jogada_id=jogada["jogada_id"], seat=seat,
                              player_id=bet["player_id"], decision=bet["decision"], actor=actor,
                              at=at)

    # The end of a jogada ----------------------------------------------------------------------
    def reveal_bank(self, *, bank_hand: str, qualifies: bool, actor: str, at: datetime) -> None:
        jogada = self.open_jogada()
        self._bank_revealed(jogada_id=jogada["jogada_id"], bank_cards=list(jogada["bank_cards"]),
                            bank_hand=bank_hand, qualifies=qualifies, rule=sd_rule("24, 25"),
                            actor=actor, at=at)

    def settle(self, *, outcomes: dict[str, dict[str, Any]], jackpot: list[dict[str, Any]],
               actor: str, at: datetime) -> None:
        jogada = self.open_jogada()
        self._settled(jogada_id=jogada["jogada_id"], outcomes=outcomes, jackpot_awards=jackpot,
                      actor=actor, at=at)
        if jogada["jogada_id"] in self.rng_open:
            self.reveal_rng(jogada["jogada_id"], actor=actor, at=at)

    def void(self, *, reason: str, refunds: dict[str, int], actor: str, at: datetime) -> None:
        """Rule 33: a fault of the system voids the jogada; every bet goes back."""
        jogada = self.open_jogada()
        self._voided(jogada_id=jogada["jogada_id"], reason=reason, refunds=refunds,
                     rule=sd_rule(33), actor=actor, at=at)
        if jogada["jogada_id"] in self.rng_open:
            self.reveal_rng(jogada["jogada_id"], actor=actor, at=at)

    # Mutators (run on trigger and on replay) --------------------------------------------------
    @event("PlayerSeated", topic="ledger.SemDescarteTable.PlayerSeated")
    def _seated(self, seat: str, player_id: str, session_id: str, actor: str, at: datetime) -> None:
        self.seats[seat] = {"player_id": player_id, "session_id": session_id}

    @event("PlayerLeft", topic="ledger.SemDescarteTable.PlayerLeft")
    def _left(self, seat: str, player_id: str, actor: str, at: datetime,
              reason: str = "player") -> None:
        # reason: "player" (the player, or an operator for it, left) or SESSION_ENDED
        self.seats.pop(seat, None)

    @event("JogadaOpened", topic="ledger.SemDescarteTable.JogadaOpened")
    def _jogada_opened(self, jogada_id: str, number: int, betting_closes_at: datetime | None,
                       config: dict[str, Any], ruleset_version: int | None, actor: str,
                       at: datetime) -> None:
        self.jogadas_started = number
        self.jogada = {"jogada_id": jogada_id, "number": number, "status": BETTING,
                       "opened_at": at, "betting_closes_at": betting_closes_at, "bets": {},
                       "hands": {}, "bank_cards": [], "bank_open_card": None,
                       "decision_deadline": None, "extended": False, "forced_deck": None}

    @event("AntePlaced", topic="ledger.SemDescarteTable.AntePlaced")
    def _ante_placed(self, jogada_id: str, seat: str, player_id: str, session_id: str,
                     ante_cents: int, held_cents: int, jackpot_bet_cents: int, actor: str,
                     at: datetime) -> None:
        self.jogada["bets"][seat] = {
            "player_id": player_id, "session_id": session_id, "ante_cents": ante_cents,
            "held_cents": held_cents, "jackpot_bet_cents": jackpot_bet_cents,
            "decision": None, "bet_cents": 0, "connection_lost": False}

    @event("DeckForced", topic="ledger.SemDescarteTable.DeckForced")
    def _deck_forced(self, jogada_id: str, forced_deck: list[str], actor: str,
                         at: datetime) -> None:
        self.jogada["forced_deck"] = list(forced_deck)

    @event("BettingClosed", topic="ledger.SemDescarteTable.BettingClosed")
    def _betting_closed(self, jogada_id: str, seats: list[str], actor: str, at: datetime) -> None:
        self.jogada["status"] = "closed"

    @event("JackpotBetsCollected", topic="ledger.SemDescarteTable.JackpotBetsCollected")
    def _jackpot_bets_collected(self, jogada_id: str, contributions: dict[str, int],
                                house_shares: dict[str, int], rule: str, actor: str,
                                at: datetime) -> None:
        self.jogada["jackpot_collected"] = True

    @event("CardsDealt", topic="ledger.SemDescarteTable.CardsDealt")
    def _cards_dealt(self, jogada_id: str, burned: str, hands: dict[str, list[str]],
                     bank_cards: list[str], bank_open_card: str, decision_deadline: datetime,
                     actor: str, at: datetime) -> None:
        self.jogada.update(status=DECIDING, burned=burned, hands=dict(hands),
                           bank_cards=list(bank_cards), bank_open_card=bank_open_card,
                           decision_deadline=decision_deadline)

    @event("PlayerFolded", topic="ledger.SemDescarteTable.PlayerFolded")
    def _folded(self, jogada_id: str, seat: str, player_id: str, reason: str,
                ante_lost_cents: int, rule: str, actor: str, at: datetime) -> None:
        self.jogada["bets"][seat]["decision"] = FOLD

    @event("PlayerContinued", topic="ledger.SemDescarteTable.PlayerContinued")
    def _continued(self, jogada_id: str, seat: str, player_id: str, bet_cents: int, actor: str,
                   at: datetime) -> None:
        self.jogada["bets"][seat].update(decision=CONTINUE, bet_cents=bet_cents)

    @event("DecisionTimeExtended", topic="ledger.SemDescarteTable.DecisionTimeExtended")
    def _decision_time_extended(self, jogada_id: str, seats: list[str],
                                decision_deadline: datetime, rule: str, actor: str,
                                at: datetime) -> None:
        self.jogada.update(decision_deadline=decision_deadline, extended=True)

    @event("PlayerConnectionLost", topic="ledger.SemDescarteTable.PlayerConnectionLost")
    def _connection_lost(self, jogada_id: str, seat: str, player_id: str, decision: str | None,
                         actor: str, at: datetime) -> None:
        self.jogada["bets"][seat]["connection_lost"] = True

    @event("BankCardsRevealed", topic="ledger.SemDescarteTable.BankCardsRevealed")
    def _bank_revealed(self, jogada_id: str, bank_cards: list[str], bank_hand: str,
                       qualifies: bool, rule: str, actor: str, at: datetime) -> None:
        self.jogada["status"] = "revealed"

    @event("JogadaSettled", topic="ledger.SemDescarteTable.JogadaSettled")
    def _settled(self, jogada_id: str, outcomes: dict[str, dict[str, Any]],
                 jackpot_awards: list[dict[str, Any]], actor: str, at: datetime) -> None:
        self.last_jogada_id = jogada_id
        self.jogada = None

    @event("JogadaVoided", topic="ledger.SemDescarteTable.JogadaVoided")
    def _voided(self, jogada_id: str, reason: str, refunds: dict[str, int], rule: str,
                actor: str, at: datetime) -> None:
        self.last_jogada_id = jogada_id
        self.jogada = None
