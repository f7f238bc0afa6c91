"""The ledger core's command vocabulary: principals and keys, money, corrections, game
sessions, rule sets and the failures the service reports about itself. Each is a frozen value (domain/kernel/command.py); ``HANDLERS`` maps each type
to its handler. The games add theirs through their ``Game.commands`` (domain/kernel/game.py).

Session commands ask the venue's game through the registry the writer gives every unit of work
(``uow.games``): whether the player has a bet in play (rule 2e of each game) and what the game
does when a session at its venue ends (each game's rules on sessions).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from domain.access import bootstrap_key, principals, registration
from domain.audit import log as audit_log
from domain.kernel.command import Command, Handler, command, fields_handler
from domain.kernel.text import check_text
from domain.ledger import corrections, wallets
from domain.rulesets import versions as rulesets
from domain.sessions import commands as session_commands
from domain.sessions.inactivity import InactivityPolicy


# Principals and keys (903-B 7.2) ---------------------------------------------------------------
@command("register_player")
class RegisterPlayer(Command):
    display_name: str
    api_key_sha256: str
    actor: str


@command("register_staff")
class RegisterStaff(Command):
    role: str
    display_name: str
    api_key_sha256: str
    actor: str


@command("create_first_operator")
class CreateFirstOperator(Command):
    api_key_sha256: str
    actor: str
    operator_ids: list[str]


@command("rotate_api_key")
class RotateApiKey(Command):
    principal_id: str
    kind: str
    api_key_sha256: str
    actor: str


@command("revoke_api_key")
class RevokeApiKey(Command):
    principal_id: str
    kind: str
    actor: str
    operator_ids: list[str]


@command("change_staff_role")
class ChangeStaffRole(Command):
    staff_id: str
    role: str
    reason: str
    actor: str
    operator_ids: list[str]


@command("disable_bootstrap_key")
class DisableBootstrapKey(Command):
    actor: str
    operator_ids: list[str]


@command("open_system_accounts")
class OpenSystemAccounts(Command):
    actor: str


# Money (903-B 5.4) -------------------------------------------------------------------------------
@command("deposit")
class Deposit(Command):
    """Cashier → wallet (903-B 5.4.1), idempotent by key."""
    player_id: str
    amount_cents: int
    idempotency_key: str
    payment_method: str
    actor: str


@command("withdrawal")
class Withdraw(Command):
    """Wallet → cashier, never below zero (903-B 5.4.2), idempotent by key."""
    player_id: str
    amount_cents: int
    idempotency_key: str
    payment_method: str
    actor: str


CASH_COMMANDS = {wallets.DEPOSIT: Deposit, wallets.WITHDRAWAL: Withdraw}


@command("correction")
class CorrectTransfer(Command):
    """903-B 1.5: a new, opposite transfer that points at the original."""
    transfer_id: str
    from_code: str
    to_code: str
    amount_cents: int
    note: str
    actor: str


# Game sessions (rules-digest §1.3) ---------------------------------------------------------------
@command("start_session")
class StartSession(Command):
    player_id: str
    venue_id: str
    game: str
    actor: str
    policy: InactivityPolicy | None = None
    player_session_id: str | None = None
    statement: bool = False  # answer the (empty) statement rather than the session id


@command("end_session")
class EndSession(Command):
    session_id: str
    reason: str
    actor: str
    player_id: str | None = None


@command("record_session_bet")
class RecordBet(Command):
    session_id: str
    jogada_id: str
    amount_cents: int
    actor: str


@command("record_session_win")
class RecordWin(Command):
    session_id: str
    jogada_id: str
    amount_cents: int
    category: str
    actor: str


@command("record_statement_line")
class RecordStatementLine(Command):
    session_id: str
    category: str
    label: str
    count: int
    amount_cents: int
    actor: str


@command("record_jogada_without_bet")
class RecordJogadaWithoutBet(Command):
    session_id: str
    jogada_id: str
    actor: str


@command("sweep_inactivity")
class SweepInactivity(Command):
    session_ids: list[str]
    actor: str


# Rule sets (903-B 6.1.5) --------------------------------------------------------------------------
@command("publish_settings")
class PublishSettings(Command):
    venue_id: str
    settings: dict[str, Any]
    actor: str
    effective_from: datetime | None = None
    note: str | None = None


@command("rules_in_force", read_only=True)
class RulesInForce(Command):
    venue_id: str
    when: datetime | None = None


@command("ruleset_versions", read_only=True)
class RulesetVersions(Command):
    venue_id: str


@command("ruleset_in_force", read_only=True)
class RulesetInForce(Command):
    venue_id: str
    when: datetime | None = None


# Failures the service finds in itself (903-B 6.3.3(3), 6.7.3; domain/audit/log.py) -------------
@command("report_integrity_failure")
class ReportIntegrityFailure(Command):
    """A check of the record failed (``ledger verify``, the audit sealer): recorded in the
    audit stream as ``IntegrityFailureReported``. ``actor`` defaults to ``system:<source>``."""
    source: str  # who found it: "verify", "sealer"
    check: str  # which check failed: "chain", "checkpoint", "balances"
    detail: str  # what failed, as the reporter says it
    notification_id: int | None = None  # the event it concerns, if one
    jogada_id: str | None = None  # the jogada it concerns, if one
    checkpoint: int | str | None = None  # the audit checkpoint it concerns, if one
    actor: str | None = None


@command("report_rng_failure")
class ReportRngFailure(Command):
    """The seed source failed its health test (903-B 6.7.3): ``RngFailureReported``."""
    source: str
    check: str
    detail: str
    actor: str | None = None


# Handlers -------------------------------------------------------------------------------------
def _start_session(uow: Any, cmd: StartSession) -> Any:
    policy = uow.games.require_kind(cmd.game)
    check_text(cmd.venue_id, "venue_id")
    # A session is a player's access to one table or room (A61): one that exists, of a
    # registered game, where ``game`` is played (404 venue_id, 409 game; nothing written).
    game = uow.games.require_venue(uow, cmd.venue_id, cmd.game)
    if cmd.policy is not None:
        policy = uow.games.check_policy(cmd.policy)
    else:  # the venue's own thresholds where its rules let the operator set them
        venue_policy = None if game.session_policy is None else \
            game.session_policy(uow, cmd.venue_id, cmd.game)
        policy = uow.games.check_policy(venue_policy) if venue_policy is not None else policy
    opened = session_commands.start_session_statement if cmd.statement \
        else session_commands.start_session
    return opened(uow, player_id=cmd.player_id, venue_id=cmd.venue_id, game=cmd.game,
                  actor=cmd.actor, policy=policy, player_session_id=cmd.player_session_id,
                  on_end=uow.games.session_ended)


def _end_session(uow: Any, cmd: EndSession) -> Any:
    return session_commands.end_session(
        uow, session_id=cmd.session_id, reason=cmd.reason, actor=cmd.actor,
        player_id=cmd.player_id, bet_in_play=uow.games.bet_in_play,
        on_end=uow.games.session_ended)


def _without_bet(uow: Any, cmd: RecordJogadaWithoutBet) -> Any:
    return session_commands.record_jogada_without_bet(
        uow, session_id=cmd.session_id, jogada_id=cmd.jogada_id, actor=cmd.actor,
        on_end=uow.games.session_ended)


def _sweep(uow: Any, cmd: SweepInactivity) -> Any:
    return session_commands.sweep_inactivity(uow, session_ids=cmd.session_ids, actor=cmd.actor,
                                             on_end=uow.games.session_ended)


HANDLERS: dict[type, Handler] = {
    RegisterPlayer: fields_handler(registration.register_player),
    RegisterStaff: fields_handler(registration.register_staff),
    CreateFirstOperator: fields_handler(registration.create_first_operator),
    RotateApiKey: fields_handler(principals.rotate_api_key),
    RevokeApiKey: fields_handler(principals.revoke_api_key),
    ChangeStaffRole: fields_handler(principals.change_staff_role),
    DisableBootstrapKey: fields_handler(bootstrap_key.disable_bootstrap_key),
    OpenSystemAccounts: fields_handler(registration.open_system_accounts),
    Deposit: lambda uow, c: wallets.move_cash(uow, operation=wallets.DEPOSIT, **c.values()),
    Withdraw: lambda uow, c: wallets.move_cash(uow, operation=wallets.WITHDRAWAL, **c.values()),
    CorrectTransfer: fields_handler(corrections.correct_transfer),
    StartSession: _start_session,
    EndSession: _end_session,
    RecordBet: fields_handler(session_commands.record_bet),
    RecordWin: fields_handler(session_commands.record_win),
    RecordStatementLine: fields_handler(session_commands.record_statement_line),
    RecordJogadaWithoutBet: _without_bet,
    SweepInactivity: _sweep,
    PublishSettings: fields_handler(rulesets.publish_settings),
    RulesInForce: fields_handler(rulesets.rules_in_force),
    RulesetVersions: fields_handler(rulesets.list_versions),
    RulesetInForce: fields_handler(rulesets.version_in_force),
    ReportIntegrityFailure: fields_handler(audit_log.report_integrity_failure),
    ReportRngFailure: fields_handler(audit_log.report_rng_failure),
}
