"""The checks a roulette wheel runs before a command records anything (903-B 7.9.1; the rules
cited in each): joining and leaving (r4, r5), the betting window (r16, 903-B 6.1.4), a
withdrawal (A60), the launch (r17) and the clock's spin (r16). Read-only: they raise or
answer, never trigger an event. ``RouletteWheel`` (wheel.py) inherits them, with the queries of
the open jogada that its commands and views share."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from domain.games.roulette.config import BETTING_RULE, INDIVIDUAL
from domain.games.roulette.rule_book import a_rule, rf_rule
from domain.kernel.errors import (
    ConflictError,
    ForbiddenError,
    InvalidInputError,
    RuleViolationError,
)

BETTING = "betting"  # a jogada's one phase before the spin (the spin is one transaction)
WITHDRAW_RULE = f"{rf_rule(17)}, {a_rule(60)}"


class WheelChecks:
    """The guards and queries of ``RouletteWheel``: methods that read the wheel's state."""

    @property
    def individual(self) -> bool:
        return self.config_data["kind"] == INDIVIDUAL

    def open_jogada(self, jogada_id: str | None = None) -> dict[str, Any]:
        jogada = self.jogada
        if jogada is None or (jogada_id is not None and jogada["jogada_id"] != jogada_id):
            raise ConflictError(
                f"jogada {jogada_id} is not open at this wheel" if jogada_id else
                "no jogada is open at this wheel", field="jogada_id")
        return jogada

    # Queries of the open jogada --------------------------------------------------------------
    def live_slips(self, player_id: str | None = None) -> list[dict[str, Any]]:
        """The slips not withdrawn (A60), in slip order; one player's, or everyone's."""
        jogada = self.jogada
        if jogada is None:
            return []
        slips = jogada["slips"]  # in slip order: each slip is the next number
        if player_id is None:
            return [s for s in slips.values() if not s["withdrawn"]]
        return [slips[k] for k in jogada["by_player"].get(player_id, ())
                if not slips[k]["withdrawn"]]

    def staked_of(self, player_id: str) -> dict[str, int]:
        """A57: the player's stakes on each position in the open jogada (its live slips)."""
        staked: dict[str, int] = {}
        for slip in self.live_slips(player_id):
            for bet in slip["bets"]:
                for comp in bet["components"]:
                    staked[comp["key"]] = staked.get(comp["key"], 0) + comp["amount_cents"]
        return staked

    def total_of(self, player_id: str) -> int:
        return sum(s["amount_cents"] for s in self.live_slips(player_id))

    def bettors(self) -> list[str]:
        """The players with a live stake in the open jogada, sorted by id."""
        return sorted({s["player_id"] for s in self.live_slips()})

    def session_has_bets(self, session_id: str) -> bool:
        return any(s["session_id"] == session_id for s in self.live_slips())

    # Players ----------------------------------------------------------------------------------
    def check_join(self, player_id: str, stale: list[str]) -> None:
        """r4, r5: an individual wheel holds one player at a time; a player whose session is
        over (``stale``) does not hold it."""
        others = [p for p in self.players if p != player_id and p not in stale]
        if self.individual and others:
            raise ConflictError("an individual wheel holds one player at a time",
                                field="wheel_id", rule=rf_rule(4), code="wheel_taken")

    def check_leave(self, player_id: str) -> None:
        if player_id not in self.players:
            raise ConflictError(f"player {player_id} is not at this wheel", field="player_id")
        if self.live_slips(player_id):
            rule = WITHDRAW_RULE if self.individual else rf_rule(3, 16)
            raise ConflictError(
                "the player has bets in the open jogada: " + (
                    "withdraw them or launch the ball first" if self.individual else
                    "they stay until the spin settles them"), field="player_id", rule=rule,
                code="bets_in_play")

    # Bets -------------------------------------------------------------------------------------
    def check_window(self, at: datetime, field: str = "bets") -> None:
        """r16, 903-B 6.1.4: at a multi-player wheel bets are taken until "jogo feito nada
        mais"; one a moment later is refused."""
        jogada = self.jogada
        if jogada is None:
            return
        closes = jogada["betting_closes_at"]
        if jogada["status"] != BETTING or (closes is not None and at > closes):
            raise RuleViolationError(
                "the bets of this jogada are closed (jogo feito nada mais)" if closes is None
                else f"the betting window of this jogada closed at {closes.isoformat()}",
                field=field, rule=BETTING_RULE, code="betting_closed")

    def check_withdraw(self, player_id: str, slip: Any) -> list[dict[str, Any]]:
        """A60: at an individual wheel, until the launch, the player's slip (or every slip)."""
        if not self.individual:
            raise RuleViolationError(
                "at a multi-player wheel bets stand: the window closes for everyone at once",
                field="slip", rule=f"{rf_rule(16)}, {a_rule(60)}",
                code="withdraw_not_offered")
        mine = self.live_slips(player_id)
        if not mine:
            raise ConflictError("the player has no bets to withdraw in an open jogada",
                                field="player_id", rule=WITHDRAW_RULE, code="no_bets")
        if slip is None:
            return mine
        if isinstance(slip, bool) or not isinstance(slip, int):
            raise InvalidInputError("slip must be a whole number", field="slip",
                                    rule=a_rule(60))
        found = [s for s in mine if s["slip"] == slip]
        if not found:
            raise ConflictError(f"slip {slip} is not one of the player's bets in play",
                                field="slip", rule=WITHDRAW_RULE, code="no_such_slip")
        return found

    # The spin ---------------------------------------------------------------------------------
    def check_launch(self, player_id: str | None) -> dict[str, Any]:
        """r17: at an individual wheel the player who bet launches the ball."""
        if not self.individual:
            raise ForbiddenError("at a multi-player wheel the ball is launched when the"
                                 " betting window closes: the wheel's clock spins",
                                 field="player_id", rule=rf_rule(16))
        jogada = self.open_jogada()
        if player_id is None or not self.live_slips(player_id):
            raise ForbiddenError("only the player with bets launches the ball",
                                 field="player_id", rule=rf_rule(17))
        return jogada

    def check_clock_spin(self, at: datetime) -> dict[str, Any]:
        """r16: the multi-player wheel spins once its window has closed."""
        jogada = self.open_jogada()
        if self.individual:
            raise ForbiddenError("at an individual wheel the player launches the ball",
                                 field="wheel_id", rule=rf_rule(17))
        closes = jogada["betting_closes_at"]
        if at <= closes:
            raise RuleViolationError(f"the betting window runs until {closes.isoformat()}",
                                     field="jogada_id", rule=BETTING_RULE, code="betting_open")
        return jogada
