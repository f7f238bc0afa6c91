"""The game session (*sessão de jogo*): one player at one table or room, from the moment the
player takes a seat until the session ends (A61: it lives inside the player's login session;
ending it for inactivity does not log the player out). One stream per session.

What it records: the bets, wins and jogadas of the session, for the end-of-session statement
(each game's rule on it, docs/rules.md; 903-B 6.3.6(2): totals bet and won, start and end,
reason it ended);
the inactivity procedure (rules-digest §1.3, domain/sessions/inactivity.py, A43); and the end reason,
from a fixed list (A61, 903-B 6.3.6(2)). The player decides when the session starts and ends
(each game's rule on sessions): the
operator ends it only through the invitation-then-warning procedure, or for a lost connection,
a suspension or a system reason.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from eventsourcing.domain import event

from domain.kernel.aggregate import LedgerAggregate
from domain.kernel.errors import ConflictError, InvalidInputError, RuleViolationError
from domain.kernel.rules import T903B, cite
from domain.kernel.text import check_text
from domain.ledger.accounts import check_amount
from domain.sessions.inactivity import JOGADAS, InactivityPolicy

PLAYER = "player"
INACTIVITY = "inactivity"
CONNECTION_LOST = "connection_lost"
SUSPENSION = "suspension"
SYSTEM = "system"
END_REASONS = (PLAYER, INACTIVITY, CONNECTION_LOST, SUSPENSION, SYSTEM)  # A61
OPEN, ENDED = "open", "ended"
NO_BET_TIME, NO_BET_JOGADAS = "no_bet_time", "no_bet_jogadas"
# A win of this category is a stake given back (a jogada nula, by the game's rule on voids):
# the statement shows it as refunded_cents, apart from prizes, so that a void jogada
# leaves wagered − refunded = what the player really risked.
REFUND = "refund"
# A "win" of this category takes back a payout the jogada had made before it was voided (A62:
# every payout of a void jogada reversed): it lowers won_cents, and the statement lists it.
REVERSAL = "reversal"


class GameSession(LedgerAggregate):
    refunded_cents = 0  # sessions snapshotted before refunds were apart
    @event("SessionStarted", topic="ledger.GameSession.SessionStarted")
    def __init__(self, player_id: str, venue_id: str, game: str, policy: dict[str, Any],
                 player_session_id: str | None, actor: str, at: datetime) -> None:
        self.player_id = player_id
        self.venue_id = venue_id
        self.game = game
        self.policy_data = dict(policy)
        self.player_session_id = player_session_id
        self.started_at = at
        self.ended_at: datetime | None = None
        self.end_reason: str | None = None
        self.wagered_cents = 0
        self.won_cents = 0
        self.jogadas = 0  # jogadas with at least one bet of the player
        self.jogada_kinds: dict[str, str] = {}  # jogada id -> "bet" | "idle"
        self.won_by_category: dict[str, dict[str, int]] = {}
        self.lines: list[dict[str, Any]] = []
        self.last_bet_at: datetime | None = None
        self.idle_jogadas = 0  # consecutive jogadas without a bet since the later of start/bet
        self.invitation_at: datetime | None = None  # last invitation sent
        self.warning_at: datetime | None = None  # last warning sent
        self.warning_open = False  # a warning awaits a bet
        self.warning_deadline: datetime | None = None  # time basis: end if no bet by then
        self.warned_idle_jogadas = 0  # jogada basis: the idle count when the warning was sent

    # Queries ----------------------------------------------------------------------------------
    @property
    def policy(self) -> InactivityPolicy:
        return InactivityPolicy.from_dict(self.policy_data)

    @property
    def ended(self) -> bool:
        return self.end_reason is not None

    @property
    def idle_since(self) -> datetime:
        """A43: the idle clock starts at the later of the session start and the last bet."""
        return max(self.started_at, self.last_bet_at or self.started_at)

    def inactivity_end_due(self, now: datetime) -> bool:
        """Time basis: the warned minute ran out without a bet (rule 42 and equivalents, A43)."""
        return (self.warning_open and self.warning_deadline is not None
                and now > self.warning_deadline)

    def statement(self) -> dict[str, Any]:
        """The end-of-session statement (also shown while the session is open)."""
        return {
            "session_id": str(self.id),
            "player_id": self.player_id,
            "venue_id": self.venue_id,
            "game": self.game,
            "status": ENDED if self.ended else OPEN,
            "started_at": self.started_at,
            "ended_at": self.ended_at,
            "end_reason": self.end_reason,
            "jogadas": self.jogadas,
            "wagered_cents": self.wagered_cents,
            "won_cents": self.won_cents,
            "refunded_cents": self.refunded_cents,
            "net_cents": self.won_cents + self.refunded_cents - self.wagered_cents,
            "won_by_category": {k: dict(v) for k, v in self.won_by_category.items()},
            "lines": [dict(line) for line in self.lines],
            "invitation_at": self.invitation_at,
            "warning_at": self.warning_at,
            "last_bet_at": self.last_bet_at,
        }

    # Guards -----------------------------------------------------------------------------------
    def check_accepting(self, at: datetime) -> None:
        """Games call this before they trigger anything of their own (a stake hold)."""
        if self.ended:
            raise ConflictError(f"game session {self.id} ended ({self.end_reason})",
                                field="session_id")
        if self.inactivity_end_due(at):
            raise RuleViolationError(
                f"game session {self.id} ended for inactivity at"
                f" {self.warning_deadline.isoformat()}: no {self.policy.activity} after the"
                " warning", field="session_id", rule=self.policy.rule)

    def in_play(self, jogada_id: str) -> bool:
        """A jogada this session has already bet in. Its later bets and wins go on this
        statement even if the session ended meanwhile (an operator's end, a lost connection:
        the games' rules on both and on the statement), so the statement always matches the
        money."""
        return self.jogada_kinds.get(jogada_id) == "bet"

    def takes(self, jogada_id: str, at: datetime) -> bool:
        """Whether a game may record a bet or a win of ``jogada_id`` here (no exception)."""
        return self.in_play(jogada_id) or not (self.ended or self.inactivity_end_due(at))

    def _check_jogada(self, jogada_id: str, kind: str) -> None:
        check_text(jogada_id, "jogada_id")
        recorded = self.jogada_kinds.get(jogada_id)  # several bets in one jogada are fine
        if recorded is not None and (recorded != kind or kind == "idle"):
            raise ConflictError(f"jogada {jogada_id} was already recorded"
                                f" {'with' if recorded == 'bet' else 'without'} a bet",
                                field="jogada_id")

    # Commands ---------------------------------------------------------------------------------
    def record_bet(self, jogada_id: str, amount_cents: int, actor: str, at: datetime) -> None:
        """A bet (what the game counts as one: a posted blind, A34; a card purchase) resets the
        idle period and withdraws a pending warning (A43)."""
        if not self.in_play(jogada_id):
            self.check_accepting(at)
        self._check_jogada(jogada_id, "bet")
        check_amount(amount_cents)
        self._bet_recorded(jogada_id=jogada_id, amount_cents=amount_cents,
                           new_jogada=jogada_id not in self.jogada_kinds, actor=actor, at=at)

    def record_win(self, jogada_id: str, amount_cents: int, category: str, actor: str,
                   at: datetime) -> None:
        """A prize, by category (a game may show the prizes per category). Category ``REFUND``:
        a stake given back by a void jogada; ``REVERSAL``: a payout it takes back (A62)."""
        check_text(jogada_id, "jogada_id")
        if not self.in_play(jogada_id):
            self.check_accepting(at)
        check_amount(amount_cents)
        check_text(category, "category", 64)
        self._win_recorded(jogada_id=jogada_id, amount_cents=amount_cents, category=category,
                           actor=actor, at=at)

    def add_statement_line(self, category: str, label: str, count: int, amount_cents: int,
                           actor: str, at: datetime) -> None:
        """A game's own statement line (e.g. the number and value of the cards bought).
        Lines of one category add up."""
        self.check_accepting(at)
        check_text(category, "category", 64)
        check_text(label, "label", 200)
        for name, value in (("count", count), ("amount_cents", amount_cents)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidInputError(f"{name} must be a whole number ≥ 0", field=name)
        self._line_recorded(category=category, label=label, count=count,
                            amount_cents=amount_cents, actor=actor, at=at)

    def record_jogada_without_bet(self, jogada_id: str, actor: str, at: datetime) -> list[str]:
        """A jogada closed without a bet of this player. Jogada-count policies: more than
        ``invite_after`` in a row → invitation (MAY) and warning (MUST); then ``end_after``
        more → the session ends (the game's rules in ``policy.rule``; A43)."""
        self.check_accepting(at)
        self._check_jogada(jogada_id, "idle")
        idle = self.idle_jogadas + 1
        self._jogada_passed(jogada_id=jogada_id, idle_jogadas=idle, actor=actor, at=at)
        policy = self.policy
        if policy.basis != JOGADAS:
            return []
        if not self.warning_open:
            if idle > policy.invite_after:
                return self._invite_and_warn(policy, NO_BET_JOGADAS, actor, at)
            return []
        if idle - self.warned_idle_jogadas >= policy.end_after:
            self._ended(reason=INACTIVITY, ended_at=at, actor=actor, at=at)
            return ["ended"]
        return []

    def check_inactivity(self, now: datetime, actor: str) -> list[str]:
        """Time policies: more than ``invite_after`` seconds idle → invitation (MAY) and warning
        (MUST); no bet in the ``end_after`` seconds after the warning → the session ends, at the
        moment the warned minute ran out (the game's rules in ``policy.rule``; A43). A late
        check never skips the warning: the player always gets the full minute."""
        if self.ended:
            raise ConflictError(f"game session {self.id} ended ({self.end_reason})",
                                field="session_id")
        policy = self.policy
        if not policy.time_based:
            return []
        if self.inactivity_end_due(now):
            self._ended(reason=INACTIVITY, ended_at=self.warning_deadline, actor=actor, at=now)
            return ["ended"]
        if not self.warning_open and now - self.idle_since > timedelta(seconds=policy.invite_after):
            return self._invite_and_warn(policy, NO_BET_TIME, actor, now)
        return []

    def _invite_and_warn(self, policy: InactivityPolicy, condition: str, actor: str,
                         at: datetime) -> list[str]:
        done = []
        if policy.invite:
            self._invitation_sent(condition=condition, idle_since=self.idle_since,
                                  idle_jogadas=self.idle_jogadas, rule=policy.rule, actor=actor,
                                  at=at)
            done.append("invitation")
        deadline = at + timedelta(seconds=policy.end_after) if policy.time_based else None
        jogadas_left = None if policy.time_based else policy.end_after
        self._warning_sent(condition=condition, deadline=deadline, jogadas_left=jogadas_left,
                           rule=policy.rule, actor=actor, at=at)
        return done + ["warning"]

    def end(self, reason: str, actor: str, at: datetime) -> str:
        """The player leaves, or the operator ends it (lost connection, suspension, system).
        "inactivity" comes only from the procedure; if the warned minute already ran out, the
        session ended for inactivity at that moment, whoever asks (A43). Returns the reason."""
        if reason not in END_REASONS:
            raise InvalidInputError(f"reason must be one of {', '.join(END_REASONS)}",
                                    field="reason", rule=cite(T903B, "6.3.6(2)"))
        if self.ended:
            raise ConflictError(f"game session {self.id} ended ({self.end_reason})",
                                field="session_id")
        if self.inactivity_end_due(at):
            self._ended(reason=INACTIVITY, ended_at=self.warning_deadline, actor=actor, at=at)
            return INACTIVITY
        if reason == INACTIVITY:
            raise RuleViolationError(
                "the operator may end a session for inactivity only after the warning, when the"
                " warned condition occurs", field="reason", rule=self.policy.rule)
        self._ended(reason=reason, ended_at=at, actor=actor, at=at)
        return reason

    # Mutators (run on trigger and on replay: no validation here) ------------------------------
    @event("BetRecorded", topic="ledger.GameSession.BetRecorded")
    def _bet_recorded(self, jogada_id: str, amount_cents: int, new_jogada: bool, actor: str,
                      at: datetime) -> None:
        self.wagered_cents += amount_cents
        if new_jogada:
            self.jogadas += 1
        remember_jogada(self.jogada_kinds, jogada_id, "bet")
        self.last_bet_at = at
        self.idle_jogadas = 0
        self.warning_open = False
        self.warning_deadline = None
        self.warned_idle_jogadas = 0

    @event("WinRecorded", topic="ledger.GameSession.WinRecorded")
    def _win_recorded(self, jogada_id: str, amount_cents: int, category: str, actor: str,
                      at: datetime) -> None:
        if category == REFUND:
            self.refunded_cents += amount_cents
            return
        self.won_cents += -amount_cents if category == REVERSAL else amount_cents
        entry = self.won_by_category.setdefault(category, {"count": 0, "amount_cents": 0})
        entry["count"] += 1
        entry["amount_cents"] += amount_cents

    @event("StatementLineRecorded", topic="ledger.GameSession.StatementLineRecorded")
    def _line_recorded(self, category: str, label: str, count: int, amount_cents: int,
                       actor: str, at: datetime) -> None:
        add_line(self.lines, category, label, count, amount_cents)

    @event("JogadaPassedWithoutBet", topic="ledger.GameSession.JogadaPassedWithoutBet")
    def _jogada_passed(self, jogada_id: str, idle_jogadas: int, actor: str, at: datetime) -> None:
        remember_jogada(self.jogada_kinds, jogada_id, "idle")
        self.idle_jogadas = idle_jogadas

    @event("InactivityInvitationSent", topic="ledger.GameSession.InactivityInvitationSent")
    def _invitation_sent(self, condition: str, idle_since: datetime, idle_jogadas: int,
                         rule: str, actor: str, at: datetime) -> None:
        self.invitation_at = at

    @event("InactivityWarningSent", topic="ledger.GameSession.InactivityWarningSent")
    def _warning_sent(self, condition: str, deadline: datetime | None, jogadas_left: int | None,
                      rule: str, actor: str, at: datetime) -> None:
        self.warning_at = at
        self.warning_open = True
        self.warning_deadline = deadline
        self.warned_idle_jogadas = self.idle_jogadas

    @event("SessionEnded", topic="ledger.GameSession.SessionEnded")
    def _ended(self, reason: str, ended_at: datetime, actor: str, at: datetime) -> None:
        self.end_reason = reason
        self.ended_at = ended_at
        self.warning_open = False


RECENT_JOGADAS = 256


def remember_jogada(kinds: dict[str, str], jogada_id: str, kind: str) -> None:
    """Only the most recent jogadas are kept (a bet or a pass is only ever recorded for a
    jogada in play): a session of 20,000 jogadas loads as fast as one of 100."""
    kinds[jogada_id] = kind
    while len(kinds) > RECENT_JOGADAS:
        del kinds[next(iter(kinds))]


def add_line(lines: list[dict[str, Any]], category: str, label: str, count: int,
             amount_cents: int) -> None:
    """Statement lines add up by category (shared with projections/sessions.py)."""
    for line in lines:
        if line["category"] == category:
            line["label"] = label
            line["count"] += count
            line["amount_cents"] += amount_cents
            return
    lines.append({"category": category, "label": label, "count": count,
                  "amount_cents": amount_cents})
