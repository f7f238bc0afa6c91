"""A disputed jogada still in play, resolved from the case by the game's own rule (issue 16
compensation ``game_refund``, through ``Game.void_jogada``): bingo rules 45–47, every card
refunded, no fee; the case records it; a jogada already ended cannot be voided from a case."""

from __future__ import annotations

import pytest

from domain.kernel.errors import ConflictError
from projections.queries import accounts_total
from tests.bingo import support as b

A = "staff:00000000-0000-4000-8000-00000000000a"
B = "staff:00000000-0000-4000-8000-00000000000b"


def _case_about(ledger, player, jogada_id, key="k"):
    case = ledger.complaints.open(actor=player.actor, player_id=str(player.player_id),
                                  case_type="jogada", subject="A sala parou",
                                  description="O sorteio não avançou", idempotency_key=key,
                                  jogada_ids=[jogada_id])
    ledger.complaints.acknowledge(case["case_id"], actor=A)
    return case["case_id"]


def test_bingo_45_a_disputed_jogada_in_play_is_voided_from_the_case(ledger, clock):
    room = b.new_room(ledger, b.config("90"))
    ana, rui = b.players(ledger, room, 2)
    jogada_id = b.open_jogada(ledger, room)["jogada_id"]
    b.buy(ledger, room, ana, 3)
    b.buy(ledger, room, rui, 2)
    before = (b.wallet(ledger, ana), b.wallet(ledger, rui))
    case_id = _case_about(ledger, ana, jogada_id)
    proposed = ledger.complaints.propose(case_id, outcome="upheld", reasons="Falha do sistema",
                                         compensation={"kind": "game_refund",
                                                       "jogada_id": jogada_id}, actor=A)
    assert proposed["decision"]["compensation"]["amount_cents"] == 3 * b.PRICE
    assert proposed["decision"]["compensation"]["venue_id"] == room["venue_id"]
    ledger.complaints.approve(case_id, actor=B)
    paid = ledger.complaints.pay(case_id, idempotency_key="pay", actor=A)
    assert paid["compensation_paid"]["1"]["kind"] == "game_refund"
    # rule 47: every card back, the complainant's and the other player's, no fee
    assert (b.wallet(ledger, ana), b.wallet(ledger, rui)) == (before[0] + 3 * b.PRICE,
                                                              before[1] + 2 * b.PRICE)
    assert b.bingo.describe(ledger, room["room_id"])["open_jogada"] is None
    ledger.projections.wait(ledger.writer.last_position)
    assert accounts_total(ledger.projections.engine) == 0
    assert ledger.complaints.resolve(case_id, actor=A)["outcome"] == "upheld"


def test_a_jogada_that_ended_is_not_voided_from_a_case(ledger, clock):
    room = b.new_room(ledger, b.config("90"))
    ana, rui = b.players(ledger, room, 2)
    jogada_id = b.open_jogada(ledger, room)["jogada_id"]
    b.buy(ledger, room, ana, 1)
    b.buy(ledger, room, rui, 1)
    b.close_sale(ledger, clock, room)
    b.draw_to_end(ledger, clock, room)
    case_id = _case_about(ledger, ana, jogada_id)
    with pytest.raises(ConflictError) as refused:
        ledger.complaints.propose(case_id, outcome="upheld", reasons="r", actor=A,
                                  compensation={"kind": "game_refund", "jogada_id": jogada_id})
    assert refused.value.field == "compensation.jogada_id"
    assert ledger.complaints._describe(case_id)["state"] == "investigating"
