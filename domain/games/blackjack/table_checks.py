"""The checks a blackjack table runs before a command records anything (903-B 7.9.1; the rules
cited in each): a seat (r4a, r5, r7), a bet (r9–r12, A49), the deal (r12, r13), a decision
(r15, r16, r20b, r21–r24, A46–A51, A55). Read-only: they raise or answer, never trigger an
event. ``BlackjackTable`` (table.py) inherits them."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from domain.games.blackjack import hands as bj
from domain.games.blackjack.config import check_bet
from domain.games.blackjack.rule_book import a_rule, bj_rule
from domain.kernel.errors import (
    ConflictError,
    ForbiddenError,
    InvalidInputError,
    RuleViolationError,
)

# A jogada's phases: the betting window, the offers against an up ace (A51), the players'
# play, the banca's (r17).
BETTING, OFFERS, PLAY, BANCA = "betting", "offers", "play", "banca"


def _seat_number(seat: Any, seats: int) -> str:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= seats:
        raise InvalidInputError(f"seat must be 1 to {seats} at this table", field="seat",
                                rule=bj_rule("4a"))
    return str(seat)


class TableChecks:
    """The guards of ``BlackjackTable``: methods that read the table's state."""

    def open_jogada(self, jogada_id: str | None = None) -> dict[str, Any]:
        jogada = self.jogada
        if jogada is None or (jogada_id is not None and jogada["jogada_id"] != jogada_id):
            raise ConflictError(
                f"jogada {jogada_id} is not open at this table" if jogada_id else
                "no jogada is open at this table", field="jogada_id")
        return jogada

    # Seats ------------------------------------------------------------------------------------
    def check_sit(self, seat: Any, player_id: str, stale: list[str]) -> str:
        """r4a: a seat of the table; r5: an individual table has one player; r7: several seats
        of one player only where the table allows it."""
        config = self.config
        key = _seat_number(seat, config.seats)
        held = {s: h for s, h in self.seats.items() if s not in stale}
        own = [s for s, h in held.items() if h["player_id"] == player_id]
        others = [s for s, h in held.items() if h["player_id"] != player_id]
        if key in held:
            raise ConflictError(f"seat {key} is taken", field="seat", rule=bj_rule("4a"))
        if self.individual and others:
            raise ConflictError("an individual table has one player", field="seat",
                                rule=bj_rule(5))
        if own and not config.multi_seat:
            raise ConflictError(f"player {player_id} already sits at seat {own[0]}; this"
                                " table allows one seat per player", field="seat",
                                rule=bj_rule(7))
        return key

    def check_leave(self, player_id: str, seat: Any) -> list[str]:
        own = self.seats_of(player_id)
        if not own:
            raise ConflictError(f"player {player_id} is not seated here", field="player_id")
        if seat is not None:
            key = _seat_number(seat, self.config.seats)
            if key not in own:
                raise ForbiddenError(f"seat {key} is not the player's", field="seat",
                                     rule=bj_rule(6))
            own = [key]
        betting = [s for s in own if self.has_bet(s)]
        if betting:
            raise ConflictError("a seat with a bet in the open jogada stays until it ends",
                                field="player_id", rule=bj_rule(2))
        return own

    def player_seat(self, player_id: str, seat: Any) -> str:
        """The seat the player acts for: its own (r6: each plays against the house alone);
        ``seat`` None: its only one."""
        own = self.seats_of(player_id)
        if seat is None:
            if not own:
                raise ForbiddenError("only a seated player may bet at this table",
                                     field="player_id", rule=bj_rule("4a"))
            if len(own) > 1:
                raise InvalidInputError("seat is required: the player holds several seats",
                                        field="seat", rule=bj_rule(7))
            return own[0]
        key = _seat_number(seat, self.config.seats)
        if key not in own:
            raise ForbiddenError(f"seat {key} is not the player's: a player acts only for its"
                                 " own seats", field="seat", rule=bj_rule(6))
        return key

    # Bets -------------------------------------------------------------------------------------
    def check_bet(self, player_id: str, seat: str, amount_cents: Any, at: datetime) -> None:
        """r9–r11 (A49: the seat's initial bet), r12 (within the betting window), one bet per
        seat per jogada; a new jogada only once the last one is complete (903-B 6.3.4(1))."""
        if self.seats.get(seat, {}).get("player_id") != player_id:
            raise ForbiddenError(f"seat {seat} is not the player's", field="seat",
                                 rule=bj_rule(6))
        check_bet(self.config, amount_cents)
        jogada = self.jogada
        if jogada is None:
            return
        if jogada["status"] != BETTING:
            raise RuleViolationError("the bets of this jogada are closed (jogo feito)",
                                     field="amount_cents", rule=bj_rule(12),
                                     code="betting_closed")
        closes = jogada["betting_closes_at"]
        if closes is not None and at > closes:
            raise RuleViolationError("the betting window of this jogada closed at"
                                     f" {closes.isoformat()}", field="amount_cents",
                                     rule=bj_rule(12), code="betting_closed")
        if seat in jogada["bets"]:
            raise ConflictError(f"seat {seat} already bet in this jogada", field="seat",
                                rule=bj_rule(9), code="already_bet")

    def check_can_deal(self, at: datetime, *, player_id: str | None) -> dict[str, Any]:
        """r13: at an individual table the player who bet deals; r12: at a multi-player table
        the deal follows the close of the betting window (the clock, or an operator)."""
        jogada = self.open_jogada()
        if jogada["status"] != BETTING:
            raise ConflictError("the cards of this jogada were already dealt",
                                field="jogada_id", rule=bj_rule(14))
        bettors = {b["player_id"] for b in jogada["bets"].values()}
        if self.individual:
            if player_id is None or player_id not in bettors:
                raise ForbiddenError("only the player who bet deals", field="player_id",
                                     rule=bj_rule(13))
        else:
            if player_id is not None:
                raise ForbiddenError("at a multi-player table the deal follows the betting"
                                     " window: the table's clock deals", field="player_id",
                                     rule=bj_rule(12))
            closes = jogada["betting_closes_at"]
            if at <= closes:
                raise RuleViolationError(f"the betting window runs until {closes.isoformat()}",
                                         field="jogada_id", rule=bj_rule(12),
                                         code="betting_open")
        return jogada

    # Decisions --------------------------------------------------------------------------------
    def check_decision(self, player_id: str, jogada_id: str, seat: Any, hand: Any,
                       decision: Any, amount_cents: Any, at: datetime) -> tuple[str, int]:
        """Whose decision, when, and whether the rules allow it now (nothing recorded).
        Returns (seat, hand). The balance is checked by the caller (A49)."""
        jogada = self.open_jogada(jogada_id)
        if decision not in bj.DECISIONS:
            raise InvalidInputError(f"decision must be one of {', '.join(bj.DECISIONS)}",
                                    field="decision", rule=bj_rule(15))
        key = self.player_seat(player_id, seat)
        if key not in jogada["bets"]:
            raise ConflictError(f"seat {key} has no bet in this jogada", field="seat")
        if isinstance(hand, bool) or not isinstance(hand, int) or \
                not 0 <= hand < len(jogada["hands"].get(key, [])):
            raise InvalidInputError("hand must be one of the seat's hands (0, 1, …)",
                                    field="hand", rule=bj_rule(21))
        deadline = jogada["decision_deadline"]
        if deadline is not None and at > deadline:
            raise RuleViolationError("the decision time is over", field="decision",
                                     rule=a_rule(55), code="decision_time_over")
        if jogada["status"] == OFFERS:
            self._check_offer(jogada, key, hand, decision, amount_cents)
        elif jogada["status"] == PLAY:
            self._check_play(jogada, key, hand, decision)
        else:
            raise ConflictError("no decision is open in this jogada now", field="decision",
                                rule=bj_rule(17))
        return key, hand

    def _check_offer(self, jogada: dict[str, Any], seat: str, hand: int, decision: str,
                     amount_cents: Any) -> None:
        """A51: insurance or even money, at the initial deal, before any other decision."""
        if decision not in bj.OFFER_DECISIONS:
            raise ConflictError("first the offers against the banca's ace (insurance, even"
                                " money)", field="decision", rule=a_rule(51),
                                code="offers_open")
        if jogada["offers"].get(seat, "none") is not None or hand != 0:
            raise ConflictError(f"seat {seat} has no offer open", field="decision",
                                rule=a_rule(51), code="already_decided")
        offered = [o.decision for o in bj.offer_options(
            self.hand_state(seat, 0), up_card=jogada["up_card"], rules=self.rules,
            available_cents=1)]
        if decision not in offered:
            raise RuleViolationError(
                f"{decision} is not offered to this hand (offered: {', '.join(offered)})",
                field="decision", rule=bj.DECISION_RULES[decision],
                code="decision_not_allowed")
        if decision == bj.INSURANCE and amount_cents is not None:
            cap = bj.insurance_cap(jogada["bets"][seat]["amount_cents"])
            if isinstance(amount_cents, bool) or not isinstance(amount_cents, int) or \
                    not 1 <= amount_cents <= cap:
                raise RuleViolationError(
                    f"insurance is 1 to {cap} cents: at most half the initial bet",
                    field="amount_cents", rule=bj_rule("15f") + ", " + a_rule(53),
                    code="insurance_out_of_range", details={"max_cents": cap})
        elif decision != bj.INSURANCE and amount_cents is not None:
            raise InvalidInputError("amount_cents goes only with insurance",
                                    field="amount_cents", rule=bj_rule("15f"))

    def _check_play(self, jogada: dict[str, Any], seat: str, hand: int, decision: str) -> None:
        if decision not in bj.PLAY_DECISIONS:
            raise ConflictError("the offers are over: insurance and even money only at the"
                                " initial deal", field="decision", rule=a_rule(51),
                                code="offers_closed")
        state = self.hand_state(seat, hand)
        if decision == bj.HIT and state.total.best >= 21:
            raise RuleViolationError(f"no card at {state.total.best}: the hand stands",
                                     field="decision", rule=bj_rule("15d"),
                                     code="decision_not_allowed")
        turn = jogada["turn"]
        if turn is None or (turn["seat"], turn["hand"]) != (seat, hand):
            raise ConflictError("not this hand's turn: hands play in seat order",
                                field="hand", rule=bj_rule(14), code="not_your_turn",
                                details={"turn": turn and {"seat": int(turn["seat"]),
                                                           "hand": turn["hand"]}})
        allowed = [o.decision for o in bj.play_options(
            state, up_card=jogada["up_card"], hands_at_seat=len(jogada["hands"][seat]),
            rules=self.rules, seat_decided=self.seat_decided(seat), available_cents=0)]
        if decision not in allowed:
            raise RuleViolationError(
                f"{decision} is not allowed on this hand now: {refusal(decision, state, jogada, self)}",
                field="decision", rule=bj.DECISION_RULES[decision],
                code="decision_not_allowed", details={"allowed": allowed})


def refusal(decision: str, state: bj.HandState, jogada: dict[str, Any], table: Any) -> str:
    """Why hands.play_options leaves ``decision`` out (the words of the refusal)."""
    t = state.total
    if t.best >= 21:
        return "no card at 21 or over (r15d)"
    if state.split_aces and len(state.cards) >= 2:
        return "a split ace takes one card only (r21, A50)"
    if decision == bj.STAND:
        return f"the total is {t.words()}: stand only over 11 (r15c, A46)"
    if decision == bj.DOUBLE:
        if len(state.cards) != 2:
            return "double only on the first two cards (r15b)"
        return f"double only on 9, 10 or 11, not {t.words()} (r15b; r16a is off)"
    if decision == bj.SPLIT:
        if not bj.same_value(state.cards, table.rules):
            return "split only two cards of the same value (r21" + (
                ", r16b: true pairs only)" if table.rules.true_pairs_only else ")")
        return f"at most {table.rules.max_hands} hands per seat (r16c, A50)"
    if decision == bj.SURRENDER:
        if jogada["up_card"][0] == "A":
            return "no surrender against the banca's ace (r15e, A48)"
        return "surrender only as the first decision on the two cards dealt (A48)"
    return "not open now"
