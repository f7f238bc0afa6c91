"""The checks a sem descarte table runs before a command records anything (903-B 7.9.1; the
rules cited in each): the ante (rules 13-16; Portaria rules 8, 9), whether the cards can be
dealt (rules 17-19), a player's decision (rules 20-23). Read-only: they raise or answer, never
trigger an event. ``SemDescarteTable`` (table.py) inherits them."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from domain.games.semdescarte.config import (
    check_ante,
    check_jackpot_bet,
    sd_rule,
)
from domain.kernel.errors import (
    ConflictError,
    ForbiddenError,
    InvalidInputError,
    RuleViolationError,
)

# A jogada's phases, and a player's decisions (rules 20-23)
BETTING, DECIDING = "betting", "deciding"
FOLD, CONTINUE = "fold", "continue"
DECISIONS = (FOLD, CONTINUE)


class TableChecks:
    """The guards of ``SemDescarteTable``: methods that read the table's state."""

    def check_ante(self, player_id: str, ante_cents: int, jackpot_bet_cents: int | None,
                   at: datetime) -> str:
        """Guards of an ante; returns the seat. Nothing is recorded."""
        config = self.config
        seat = self.seat_of(player_id)
        if seat is None:
            raise ForbiddenError("only a seated player may bet at this table", field="player_id",
                                 rule=sd_rule("6a"))
        check_ante(config, ante_cents)
        if jackpot_bet_cents is not None:
            check_jackpot_bet(config, jackpot_bet_cents)
        jogada = self.jogada
        if jogada is not None:
            if jogada["status"] != BETTING:
                raise RuleViolationError("the betting period of this jogada is over",
                                         field="ante_cents", rule=sd_rule(14),
                                         code="betting_closed")
            closes = jogada["betting_closes_at"]
            if closes is not None and at > closes:
                raise RuleViolationError("the betting period of this jogada is over "
                                         f"(closed at {closes.isoformat()})", field="ante_cents",
                                         rule=sd_rule(14), code="betting_closed")
            if seat in jogada["bets"]:
                raise ConflictError("this seat already placed its ante in this jogada",
                                    field="ante_cents", rule=sd_rule("2a"), code="already_bet")
        return seat

    def check_can_deal(self, at: datetime, *, player_id: str | None) -> dict[str, Any]:
        """Rule 15: on an individual table the player who placed the ante starts the deal.
        Rule 14: on a multi-seat table the deal follows the end of the betting period."""
        jogada = self.open_jogada()
        if jogada["status"] != BETTING:
            raise ConflictError("the cards of this jogada were already dealt", field="jogada_id",
                                rule=sd_rule(19))
        if self.individual:
            if player_id is None or self.seat_of(player_id) not in jogada["bets"]:
                raise ForbiddenError("only the player who placed the ante starts the deal",
                                     field="player_id", rule=sd_rule(15))
        else:
            if player_id is not None:
                raise ForbiddenError("at a multi-seat table the deal follows the betting period:"
                                     " the table's clock or an operator deals", field="player_id",
                                     rule=sd_rule(14))
            closes = jogada["betting_closes_at"]
            if at <= closes:
                raise RuleViolationError(
                    f"the betting period runs until {closes.isoformat()}", field="jogada_id",
                    rule=sd_rule(14), code="betting_open")
        return jogada

    def check_decision(self, player_id: str, jogada_id: str, decision: str,
                       at: datetime) -> str:
        jogada = self.open_jogada(jogada_id)
        if decision not in DECISIONS:
            raise InvalidInputError("decision must be 'fold' or 'continue'", field="decision",
                                    rule=sd_rule(20))
        seat = self.seat_of(player_id)
        if seat is None or seat not in jogada["bets"]:
            raise ForbiddenError("only a player with an ante in this jogada decides in it",
                                 field="player_id", rule=sd_rule(20))
        if jogada["status"] != DECIDING:
            raise ConflictError("the cards are not dealt yet", field="decision", rule=sd_rule(20))
        if jogada["bets"][seat]["decision"] is not None:
            raise ConflictError(f"seat {seat} already decided ({jogada['bets'][seat]['decision']})",
                                field="decision", rule=sd_rule(20), code="already_decided")
        if at > jogada["decision_deadline"]:
            raise RuleViolationError("the decision time is over", field="decision",
                                     rule=sd_rule(32), code="decision_time_over")
        return seat
