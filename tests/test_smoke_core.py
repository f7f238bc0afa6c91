from domain.kernel.actors import staff_actor
from domain.kernel.errors import IdempotencyConflictError, InsufficientFundsError
import pytest

OPERATOR = staff_actor("00000000-0000-0000-0000-000000000001")


def test_deposit_then_withdraw_moves_money_once(ledger):
    player_id, _ = ledger.register_player(display_name="Ana", actor=OPERATOR)
    first = ledger.deposit(player_id, 1_000, "k1", actor=OPERATOR)
    again = ledger.deposit(player_id, 1_000, "k1", actor=OPERATOR)
    assert again == first and first["available_cents"] == 1_000
    with pytest.raises(IdempotencyConflictError):
        ledger.deposit(player_id, 999, "k1", actor=OPERATOR)
    with pytest.raises(InsufficientFundsError):
        ledger.withdraw(player_id, 1_001, "k2", actor=OPERATOR)
    assert ledger.withdraw(player_id, 400, "k3", actor=OPERATOR)["available_cents"] == 600
