"""The writer's metrics (infra/writer/metrics.py) as the writer counts them: every command once, by
its outcome, even when its group fails and is re-run command by command; one group-size
observation per group, one commit-time observation per transaction that saved events."""

from __future__ import annotations

from domain.ledger import wallets
from domain.kernel.actors import staff_actor
from domain.kernel.errors import ConcurrencyError, RuleViolationError
from infra.writer.group_commit import QueuedCommand

OPERATOR = staff_actor("00000000-0000-0000-0000-000000000001")


def _broken(uow):
    raise RuntimeError("a handler bug")


def _conflicted(uow):
    raise ConcurrencyError("changed concurrently", field="x")


def _ruled_out(uow):
    raise RuleViolationError("not allowed", field="x", rule="903-B 5.2.2(3)")


def test_each_command_counted_once_by_outcome_when_its_group_is_rerun(ledger):
    player_id, _ = ledger.register_player(display_name="Ana", actor=OPERATOR)
    registry = ledger.writer.metrics.registry

    def sample(name: str, **labels: str) -> float:
        return registry.get_sample_value(name, labels) or 0.0

    groups, grouped = sample("ledger_writer_group_size_count"), sample("ledger_writer_group_size_sum")
    commits = sample("ledger_writer_commit_seconds_count")

    def cash(operation: str, amount: int, key: str) -> QueuedCommand:
        return QueuedCommand(ledger.cash_command(operation=operation, player_id=player_id,
                                           amount_cents=amount, idempotency_key=key,
                                           payment_method="card", actor=OPERATOR), operation)

    batch = [cash(wallets.DEPOSIT, 1_000, "d1"), QueuedCommand(_broken, "broken"),
             cash(wallets.WITHDRAWAL, 5_000, "w1"), QueuedCommand(_conflicted, "conflicted"),
             QueuedCommand(_ruled_out, "ruled_out")]
    ledger.writer.run_here(batch)  # one group; the bug makes the writer re-run each alone

    assert batch[0].future.result()["amount_cents"] == 1_000
    assert sample("ledger_commands_total", command="deposit", outcome="ok") == 1
    assert sample("ledger_commands_total", command="broken", outcome="error") == 1
    # a recorded refusal (903-B 5.4.1(8)) is a refusal, though the command returned it
    assert sample("ledger_commands_total", command="withdrawal", outcome="refused") == 1
    assert sample("ledger_commands_total", command="conflicted", outcome="error") == 1
    assert sample("ledger_commands_total", command="ruled_out", outcome="refused") == 1
    for name, wrong in (("deposit", "error"), ("broken", "ok"), ("withdrawal", "ok"),
                        ("conflicted", "refused"), ("ruled_out", "error")):
        assert sample("ledger_commands_total", command=name, outcome=wrong) == 0
    assert sample("ledger_writer_group_size_count") - groups == 1
    assert sample("ledger_writer_group_size_sum") - grouped == len(batch)
    # committed alone: the deposit and the refused withdrawal's AttemptRefused; nothing else
    assert sample("ledger_writer_commit_seconds_count") - commits == 2
