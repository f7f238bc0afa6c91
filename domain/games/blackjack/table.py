"""The blackjack table: one stream per table, every step of every jogada an event
(BJ-SPEC.md; Reg. 805/2015).

A jogada on this stream, in order: ``JogadaOpened`` (the first bet; at a multi-player table the
announced betting window, r12) → ``BetPlaced`` per seat (r9–r11, A49) → [``ShoeForced``,
certification mode] → ``BettingClosed`` ("jogo feito", r12; the player deals at an individual
table, r13) → ``RngCommitted`` (a fresh shoe of ``decks`` decks, A54, 903-B 6.7.5, A70) →
``CardsDealt`` (r14, the hole card drawn and recorded now, A47) → naturals against 2–9 paid at
once (``HandSettled``, r20a) → the offers against an up ace (``InsuranceTaken`` /
``InsuranceDeclined`` / ``EvenMoneyTaken`` / ``EvenMoneyDeclined``, then ``OffersClosed``; A51)
→ each hand's turn in seat order (``TurnStarted`` with the options shown, r24) and its
decisions (``PlayerHit``, ``PlayerStood``, ``BetDoubled``, ``HandSplit``, ``HandSurrendered``;
``DecisionTimedOut`` for the default play, A55), a hand's ``HandSettled`` as soon as its result
is known (bust r25b, surrender r15e) → ``HoleCardRevealed``, ``BancaDrew``…, ``BancaStood``
(r17; no draw when every hand is out, r20c) → ``HandSettled`` for the rest,
``InsuranceSettled`` (r25f, r25g) → ``JogadaSettled`` → ``RngRevealed``. A fault of the system
ends it with ``JogadaVoided`` instead (r27, r28).

The money moves in the same transaction (betting.py, decisions.py, play.py, faults.py): this
aggregate decides and records; the end of the jogada is table_settlement.py's. Guards
(table_checks.py) run before the first event, so a refused command records nothing.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from domain.games.blackjack import hands as bj
from domain.games.blackjack.config import INDIVIDUAL, TableConfig
from domain.games.blackjack.rule_book import bj_rule
from domain.games.blackjack.table_checks import BETTING, OFFERS, PLAY, TableChecks
from domain.games.blackjack.table_settlement import TableSettlement

SESSION_ENDED = "session_ended"  # PlayerLeft's reason when the seat's game session ended
OPEN_ANNOUNCEMENT = "façam as vossas apostas"  # r12
CLOSE_ANNOUNCEMENT = "jogo feito nada mais, cartas em distribuição"  # r12


class BlackjackTable(TableChecks, TableSettlement):
    @event("TableOpened", topic="ledger.BlackjackTable.TableOpened")
    def __init__(self, table_id: str, name: str, config: dict[str, Any], venue_id: str,
                 actor: str, at: datetime) -> None:
        self.name = name
        self.config_data = dict(config)
        self.venue_id = venue_id
        self.seats: dict[str, dict[str, str]] = {}  # "1".."7" -> player_id, session_id
        self.jogada: dict[str, Any] | None = None
        self.jogadas_started = 0
        self.last_jogada_id: str | None = None
        self.recent_results: list[dict[str, Any]] = []  # r4c, A56

    @staticmethod
    def create_id(table_id: str, **_: Any) -> UUID:  # type: ignore[override]
        return UUID(table_id)

    # Queries ----------------------------------------------------------------------------------
    @property
    def config(self) -> TableConfig:
        return TableConfig.from_dict(self.config_data)

    @property
    def rules(self) -> bj.Rules:
        return self.config.rules

    @property
    def individual(self) -> bool:
        return self.config_data["kind"] == INDIVIDUAL

    def seats_of(self, player_id: str) -> list[str]:
        return sorted((s for s, h in self.seats.items() if h["player_id"] == player_id), key=int)

    def has_bet(self, seat: str) -> bool:
        return self.jogada is not None and seat in self.jogada["bets"]

    def next_card(self) -> tuple[str, int]:
        """The next card of the committed shoe and its index (hands.DRAW_ORDER)."""
        jogada = self.open_jogada()
        index = jogada["next_index"]
        return self.rng_outcome(jogada["jogada_id"])[index], index

    # Seats ------------------------------------------------------------------------------------
    def sit(self, seat: int, player_id: str, session_id: str, *, stale: list[str],
            actor: str, at: datetime) -> str:
        """r4a, r5, r7 (guards in table_checks.py). ``stale``: seats of ended sessions, freed
        first."""
        self.check_sit(seat, player_id, stale)
        for gone in sorted(stale, key=int):
            self.vacate(gone, reason=SESSION_ENDED, actor=actor, at=at)
        self._seated(seat=str(seat), player_id=player_id, session_id=session_id, actor=actor,
                     at=at)
        return str(seat)

    def leave(self, player_id: str, seat: int | None, *, actor: str, at: datetime) -> list[str]:
        seats = self.check_leave(player_id, seat)
        for s in seats:
            self._left(seat=s, player_id=player_id, actor=actor, at=at)
        return seats

    def vacate(self, seat: str, *, reason: str, actor: str, at: datetime) -> None:
        self._left(seat=seat, player_id=self.seats[seat]["player_id"], reason=reason,
                   actor=actor, at=at)

    # Bets and the deal ------------------------------------------------------------------------
    def place_bet(self, player_id: str, seat: str, amount_cents: int, *,
                  ruleset_version: int | None, actor: str, at: datetime) -> str:
        """r9–r12: returns the jogada id; the first bet opens the jogada (and, at a
        multi-player table, its betting window)."""
        self.check_bet(player_id, seat, amount_cents, at)
        if self.jogada is None:
            number = self.jogadas_started + 1
            seconds = self.config_data.get("betting_seconds")
            self._jogada_opened(
                jogada_id=f"{self.id}:{number}", number=number,
                betting_closes_at=None if seconds is None else at + timedelta(seconds=seconds),
                config=self.config_data, ruleset_version=ruleset_version,
                announcement=OPEN_ANNOUNCEMENT, actor=actor, at=at)
        holder = self.seats[seat]
        self._bet_placed(jogada_id=self.jogada["jogada_id"], seat=seat, player_id=player_id,
                         session_id=holder["session_id"], amount_cents=amount_cents,
                         actor=actor, at=at)
        return self.jogada["jogada_id"]

    def record_forced_shoe(self, forced_shoe: list[str], *, actor: str, at: datetime) -> None:
        self._shoe_forced(jogada_id=self.open_jogada()["jogada_id"],
                          forced_shoe=list(forced_shoe), actor=actor, at=at)

    def close_betting(self, *, player_id: str | None, actor: str, at: datetime) -> list[str]:
        """r12 ("jogo feito") or r13 (the player deals); guards first."""
        jogada = self.check_can_deal(at, player_id=player_id)
        seats = sorted(jogada["bets"], key=int)
        self._betting_closed(jogada_id=jogada["jogada_id"], seats=seats,
                             announcement=CLOSE_ANNOUNCEMENT,
                             rule=bj_rule(13) if self.individual else bj_rule(12),
                             actor=actor, at=at)
        return seats

    def deal_cards(self, seed: bytes, *, forced_shoe: list[str] | None,
                   certification_mode: bool, actor: str, at: datetime) -> None:
        """A54, 903-B 6.7.5: a fresh shoe committed before the first card; r14: dealt."""
        jogada = self.open_jogada()
        seats = jogada["order"]
        shoe = self.commit_deck(jogada["jogada_id"], seed, decks=self.config_data["decks"],
                                forced_deck=forced_shoe, certification_mode=certification_mode,
                                min_cards=2 * len(seats) + 2, actor=actor, at=at)
        dealt = bj.deal(shoe, len(seats))
        hands = {seat: list(cards) for seat, cards in zip(seats, dealt.hands)}
        offered = [s for s in seats if bj.offer_options(
            bj.HandState(cards=tuple(hands[s]), stake_cents=jogada["bets"][s]["amount_cents"]),
            up_card=dealt.up_card, rules=self.rules, available_cents=0)]
        phase = OFFERS if offered else PLAY
        deadline = None
        if phase == OFFERS and not self.individual:
            deadline = at + timedelta(seconds=self.config_data["decision_seconds"])
        self._cards_dealt(jogada_id=jogada["jogada_id"], hands=hands, up_card=dealt.up_card,
                          hole_card=dealt.hole_card, next_index=dealt.used, phase=phase,
                          offers=offered, decision_deadline=deadline, actor=actor, at=at)

    # Offers (A51) -----------------------------------------------------------------------------
    def take_insurance(self, seat: str, amount_cents: int, *, actor: str, at: datetime) -> None:
        self._insurance_taken(jogada_id=self.jogada["jogada_id"], seat=seat,
                              player_id=self.jogada["bets"][seat]["player_id"],
                              amount_cents=amount_cents, actor=actor, at=at)

    def decline_offer(self, seat: str, *, reason: str, actor: str, at: datetime) -> None:
        jogada = self.open_jogada()
        pid = jogada["bets"][seat]["player_id"]
        if bj.is_blackjack(jogada["hands"][seat][0]["cards"]):
            self._even_money_declined(jogada_id=jogada["jogada_id"], seat=seat, player_id=pid,
                                      reason=reason, actor=actor, at=at)
        else:
            self._insurance_declined(jogada_id=jogada["jogada_id"], seat=seat, player_id=pid,
                                     reason=reason, actor=actor, at=at)

    def take_even_money(self, seat: str, *, actor: str, at: datetime) -> None:
        self._even_money_taken(jogada_id=self.jogada["jogada_id"], seat=seat,
                               player_id=self.jogada["bets"][seat]["player_id"], actor=actor,
                               at=at)

    def close_offers(self, *, actor: str, at: datetime) -> None:
        self._offers_closed(jogada_id=self.open_jogada()["jogada_id"], actor=actor, at=at)

    # Play (r15, r21–r24, A46–A50) -------------------------------------------------------------
    def start_turn(self, seat: str, hand: int, options: list[dict[str, Any]], *, actor: str,
                   at: datetime) -> None:
        deadline = None if self.individual else \
            at + timedelta(seconds=self.config_data["decision_seconds"])
        self._turn_started(jogada_id=self.jogada["jogada_id"], seat=seat, hand=hand,
                           options=options, decision_deadline=deadline, actor=actor, at=at)

    def hit(self, seat: str, hand: int, *, actor: str, at: datetime) -> bj.Total:
        card, index = self.next_card()
        h = self.jogada["hands"][seat][hand]
        t = bj.total([*h["cards"], card], ace_fixed=h["ace_fixed"])
        self._player_hit(jogada_id=self.jogada["jogada_id"], seat=seat, hand=hand, card=card,
                         index=index, total=t.best, soft=t.soft, bust=t.bust, actor=actor, at=at)
        return t

    def stand(self, seat: str, hand: int, *, reason: str, actor: str, at: datetime) -> None:
        self._player_stood(jogada_id=self.jogada["jogada_id"], seat=seat, hand=hand,
                           total=self.hand_state(seat, hand).total.best, reason=reason,
                           actor=actor, at=at)

    def double(self, seat: str, hand: int, *, actor: str, at: datetime) -> int:
        """r15b, r16a, r23, r8a-ii: the stake doubled, one card, the hand done. Returns the
        stake added."""
        card, index = self.next_card()
        state = self.hand_state(seat, hand)
        fixed = state.ace_fixed or bj.ace_fixed_by_double(state.cards, self.rules)
        t = bj.total([*state.cards, card], ace_fixed=fixed)
        self._bet_doubled(jogada_id=self.jogada["jogada_id"], seat=seat, hand=hand,
                          player_id=self.jogada["bets"][seat]["player_id"], added_cents=state.stake_cents, stake_cents=2 * state.stake_cents,
                          card=card, index=index, total=t.best, ace_fixed=fixed, bust=t.bust,
                          actor=actor, at=at)
        return state.stake_cents

    def split(self, seat: str, hand: int, *, actor: str, at: datetime) -> int:
        """r21, r22, r16b, r16c: two hands; the next card to the hand that keeps the first
        card, the one after to the new hand (hands.DRAW_ORDER). Returns the new hand."""
        jogada = self.open_jogada()
        h = jogada["hands"][seat][hand]
        first, second = h["cards"]
        shoe = self.rng_outcome(jogada["jogada_id"])
        index = jogada["next_index"]
        drawn = [shoe[index], shoe[index + 1]]
        new = len(jogada["hands"][seat])
        self._hand_split(jogada_id=jogada["jogada_id"], seat=seat, hand=hand, new_hand=new,
                         player_id=jogada["bets"][seat]["player_id"], stake_cents=h["stake_cents"],
                         cards={str(hand): [first, drawn[0]], str(new): [second, drawn[1]]},
                         drawn=drawn, index=index, split_aces=first[0] == "A",
                         actor=actor, at=at)
        return new

    def surrender(self, seat: str, hand: int, *, actor: str, at: datetime) -> None:
        self._hand_surrendered(jogada_id=self.jogada["jogada_id"], seat=seat, hand=hand,
                               actor=actor, at=at)

    def timed_out(self, seat: str, hand: int, played: str, rule: str, *, actor: str,
                  at: datetime) -> None:
        self._decision_timed_out(jogada_id=self.open_jogada()["jogada_id"], seat=seat,
                                 hand=hand, played=played, rule=rule, actor=actor, at=at)

    def record_connection_lost(self, seat: str, *, actor: str, at: datetime) -> None:
        jogada = self.open_jogada()
        self._connection_lost(jogada_id=jogada["jogada_id"], seat=seat,
                              player_id=jogada["bets"][seat]["player_id"], actor=actor, at=at)

    # Mutators (run on trigger and on replay) --------------------------------------------------
    @event("PlayerSeated", topic="ledger.BlackjackTable.PlayerSeated")
    def _seated(self, seat: str, player_id: str, session_id: str, actor: str,
                at: datetime) -> None:
        self.seats[seat] = {"player_id": player_id, "session_id": session_id}

    @event("PlayerLeft", topic="ledger.BlackjackTable.PlayerLeft")
    def _left(self, seat: str, player_id: str, actor: str, at: datetime,
              reason: str = "player") -> None:
        self.seats.pop(seat, None)

    @event("JogadaOpened", topic="ledger.BlackjackTable.JogadaOpened")
    def _jogada_opened(self, jogada_id: str, number: int, betting_closes_at: datetime | None,
                       config: dict[str, Any], ruleset_version: int | None, announcement: str,
                       actor: str, at: datetime) -> None:
        self.jogadas_started = number
        self.jogada = {"jogada_id": jogada_id, "number": number, "status": BETTING,
                       "opened_at": at, "betting_closes_at": betting_closes_at, "bets": {},
                       "order": [], "hands": {}, "up_card": None, "hole_card": None,
                       "next_index": 0, "offers": {}, "decision_deadline": None,
                       "insurance": {}, "turn": None, "banca": [], "revealed": False,
                       "results": {}, "insurance_results": {}, "forced_shoe": None,
                       "dealt_at": None}

    @event("BetPlaced", topic="ledger.BlackjackTable.BetPlaced")
    def _bet_placed(self, jogada_id: str, seat: str, player_id: str, session_id: str,
                    amount_cents: int, actor: str, at: datetime) -> None:
        self.jogada["bets"][seat] = {"player_id": player_id, "session_id": session_id,
                                     "amount_cents": amount_cents, "connection_lost": False}

    @event("ShoeForced", topic="ledger.BlackjackTable.ShoeForced")
    def _shoe_forced(self, jogada_id: str, forced_shoe: list[str], actor: str,
                     at: datetime) -> None:
        self.jogada["forced_shoe"] = list(forced_shoe)

    @event("BettingClosed", topic="ledger.BlackjackTable.BettingClosed")
    def _betting_closed(self, jogada_id: str, seats: list[str], announcement: str, rule: str,
                        actor: str, at: datetime) -> None:
        self.jogada.update(status="closed", order=list(seats))

    @event("CardsDealt", topic="ledger.BlackjackTable.CardsDealt")
    def _cards_dealt(self, jogada_id: str, hands: dict[str, list[str]], up_card: str,
                     hole_card: str, next_index: int, phase: str, actor: str, at: datetime,
                     offers: list[str] | None = None,
                     decision_deadline: datetime | None = None) -> None:
        j = self.jogada
        j.update(status=phase, up_card=up_card, hole_card=hole_card, next_index=next_index,
                 banca=[up_card], dealt_at=at, decision_deadline=decision_deadline,
                 offers={s: None for s in (offers or [])})
        j["hands"] = {seat: [_new_hand(cards, j["bets"][seat]["amount_cents"])]
                      for seat, cards in hands.items()}
        j["results"] = {seat: {} for seat in hands}

    @event("InsuranceTaken", topic="ledger.BlackjackTable.InsuranceTaken")
    def _insurance_taken(self, jogada_id: str, seat: str, player_id: str, amount_cents: int,
                         actor: str, at: datetime) -> None:
        self.jogada["offers"][seat] = bj.INSURANCE
        self.jogada["insurance"][seat] = amount_cents

    @event("InsuranceDeclined", topic="ledger.BlackjackTable.InsuranceDeclined")
    def _insurance_declined(self, jogada_id: str, seat: str, player_id: str, reason: str,
                            actor: str, at: datetime) -> None:
        self.jogada["offers"][seat] = bj.NO_INSURANCE

    @event("EvenMoneyTaken", topic="ledger.BlackjackTable.EvenMoneyTaken")
    def _even_money_taken(self, jogada_id: str, seat: str, player_id: str, actor: str,
                          at: datetime) -> None:
        self.jogada["offers"][seat] = bj.EVEN_MONEY

    @event("EvenMoneyDeclined", topic="ledger.BlackjackTable.EvenMoneyDeclined")
    def _even_money_declined(self, jogada_id: str, seat: str, player_id: str, reason: str,
                             actor: str, at: datetime) -> None:
        self.jogada["offers"][seat] = bj.NO_EVEN_MONEY

    @event("OffersClosed", topic="ledger.BlackjackTable.OffersClosed")
    def _offers_closed(self, jogada_id: str, actor: str, at: datetime) -> None:
        self.jogada.update(status=PLAY, decision_deadline=None)

    @event("TurnStarted", topic="ledger.BlackjackTable.TurnStarted")
    def _turn_started(self, jogada_id: str, seat: str, hand: int, options: list[dict[str, Any]],
                      decision_deadline: datetime | None, actor: str, at: datetime) -> None:
        self.jogada["turn"] = {"seat": seat, "hand": hand, "options": list(options),
                               "started_at": at}
        self.jogada["decision_deadline"] = decision_deadline

    @event("PlayerHit", topic="ledger.BlackjackTable.PlayerHit")
    def _player_hit(self, jogada_id: str, seat: str, hand: int, card: str, index: int,
                    total: int, soft: bool, bust: bool, actor: str, at: datetime) -> None:
        h = self.jogada["hands"][seat][hand]
        h["cards"].append(card)
        h["acted"] = True
        h["done"] = h["done"] or bust
        self.jogada["next_index"] = index + 1
        self._end_turn(seat, hand)  # the hand's next decision gets a TurnStarted of its own

    @event("PlayerStood", topic="ledger.BlackjackTable.PlayerStood")
    def _player_stood(self, jogada_id: str, seat: str, hand: int, total: int, reason: str,
                      actor: str, at: datetime) -> None:
        self.jogada["hands"][seat][hand]["done"] = True
        self._end_turn(seat, hand)

    @event("BetDoubled", topic="ledger.BlackjackTable.BetDoubled")
    def _bet_doubled(self, jogada_id: str, seat: str, hand: int, added_cents: int,
                     stake_cents: int, card: str, index: int, total: int, ace_fixed: bool,
                     bust: bool, actor: str, at: datetime, player_id: str = "") -> None:
        h = self.jogada["hands"][seat][hand]
        h["cards"].append(card)
        h.update(stake_cents=stake_cents, doubled=True, ace_fixed=ace_fixed, acted=True,
                 done=True)
        self.jogada["next_index"] = index + 1
        self._end_turn(seat, hand)

    @event("HandSplit", topic="ledger.BlackjackTable.HandSplit")
    def _hand_split(self, jogada_id: str, seat: str, hand: int, new_hand: int,
                    stake_cents: int, cards: dict[str, list[str]], drawn: list[str],
                    index: int, split_aces: bool, actor: str, at: datetime,
                    player_id: str = "") -> None:
        hands = self.jogada["hands"][seat]
        hands[hand].update(cards=list(cards[str(hand)]), from_split=True,
                           split_aces=split_aces, acted=True)
        new = _new_hand(cards[str(new_hand)], stake_cents)
        new.update(from_split=True, split_aces=split_aces, original=False)
        hands.append(new)
        self.jogada["next_index"] = index + 2
        self._end_turn(seat, hand)

    @event("HandSurrendered", topic="ledger.BlackjackTable.HandSurrendered")
    def _hand_surrendered(self, jogada_id: str, seat: str, hand: int, actor: str,
                          at: datetime) -> None:
        self.jogada["hands"][seat][hand].update(done=True, acted=True)
        self._end_turn(seat, hand)

    @event("DecisionTimedOut", topic="ledger.BlackjackTable.DecisionTimedOut")
    def _decision_timed_out(self, jogada_id: str, seat: str, hand: int, played: str, rule: str,
                            actor: str, at: datetime) -> None:
        pass

    @event("PlayerConnectionLost", topic="ledger.BlackjackTable.PlayerConnectionLost")
    def _connection_lost(self, jogada_id: str, seat: str, player_id: str, actor: str,
                         at: datetime) -> None:
        self.jogada["bets"][seat]["connection_lost"] = True

def _new_hand(cards: list[str], stake_cents: int) -> dict[str, Any]:
    return {"cards": list(cards), "stake_cents": stake_cents, "from_split": False,
            "split_aces": False, "doubled": False, "ace_fixed": False, "acted": False,
            "original": True, "done": False, "settled": False}
