"""Money answers are encoded by the writer (infra/writer/rendered.py): the bytes must be exactly what
Starlette's JSONResponse writes for the same answer, and a refusal must still be a 4xx."""

from __future__ import annotations

from starlette.responses import JSONResponse

from domain.kernel.errors import InsufficientFundsError
from domain.ledger.receipts import Refusal
from domain.core_commands import OpenSystemAccounts
from infra.writer.rendered import rendered_json, run_rendered


class _Answers:
    """A unit of work whose inner command answers ``result``."""

    def __init__(self, result):
        self.result = result

    def run(self, command):
        return self.result


def rendered(result):
    return run_rendered(_Answers(result), rendered_json(OpenSystemAccounts(actor="system:x")))


def test_rendered_bytes_equal_starlettes_json_response():
    result = {"transfer_id": "6f1c", "player_id": "a-b", "operation": "deposit",
              "amount_cents": 10**11, "payment_method": "mbway", "available_cents": 0,
              "held_cents": -3, "note": "cartões comprados \u2028 \"quoted\" \\ tab\t",
              "nested": {"z": [1, None, True, False], "a": {}}}
    assert rendered(result) == JSONResponse(result).body


def test_a_refusal_comes_back_unrendered():
    refusal = Refusal(InsufficientFundsError("not enough", field="amount_cents"))
    assert rendered(refusal) is refusal


def test_deposit_answer_is_json_with_its_content_type_and_same_bytes_on_replay(api):
    player_id, _ = api.player()
    first = api.deposit(player_id, 250, "k-bytes")
    assert first.status_code == 201, first.text
    assert first.headers["content-type"] == "application/json"
    assert first.content == JSONResponse(first.json()).body
    assert first.json()["available_cents"] == 250
    again = api.deposit(player_id, 250, "k-bytes")
    assert again.status_code == 201 and again.content == first.content


def test_withdrawal_refusal_is_still_a_409_naming_the_rule(api):
    player_id, _ = api.player()
    r = api.withdraw(player_id, 1, "k-refused")
    assert r.status_code == 409, r.text
    assert r.json()["error"]["code"] == "insufficient_funds"
    assert r.json()["error"]["rule"] == "903-B 5.2.2(3)"
