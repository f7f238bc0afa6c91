"""A complaint's compensation through the ledger only (issue 16), over HTTP: a jogada left in
play voided by its game's own rule (póquer sem descarte rule 33: every bet refunded), and the
correction of a named transfer (903-B 1.5: a new, opposite transfer pointing at it). The case
records what was paid; the accounts sum to zero (903-B 5.5.1(1))."""

from __future__ import annotations

from tests.api.complaints_support import (FUNDS, Cases, balances, error_of, played_semdescarte)
from tests.api.conftest import OPERATOR, ok
from tests.api.semdescarte_support import statement, table_state


def test_issue_16_sd_33_a_jogada_left_in_play_is_voided_and_every_bet_refunded(api, client):
    """Issue 16 with póquer sem descarte rule 33: Ana bet a 200 ante (A8: 600 held) and was
    dealt, and the jogada hangs waiting for her decision. She disputes it; the handler
    resolves it by ``compensation: {kind: game_refund, jogada_id}``: the game's own void
    refunds every bet (the hold released, nothing lost), the table has no open jogada any
    more, and the case records the payment."""
    cases = Cases(client)
    sd = played_semdescarte(api, client, settle=False)
    ana, ana_h, jogada_id = sd["player_id"], sd["headers"], sd["jogada_id"]
    assert api.balance(ana) == {"available_cents": FUNDS - 600, "held_cents": 600,
                                "balance_cents": FUNDS}
    ines, ines_h = api.staff("complaint_handler", "Inês")
    case_id = ok(cases.open(ana_h, "pendente", case_type="jogada", subject="Jogada parada",
                            jogada_ids=[jogada_id]), 201)["case_id"]
    ok(cases.act(case_id, "acknowledge", ines_h))
    proposed = ok(cases.act(case_id, "decision", ines_h, {
        "outcome": "upheld", "reasons": "A mesa parou: a jogada é anulada (regra 33).",
        "compensation": {"kind": "game_refund", "jogada_id": jogada_id}}))
    compensation = proposed["decision"]["compensation"]
    assert (compensation["kind"], compensation["jogada_id"]) == ("game_refund", jogada_id)
    assert compensation["venue_id"] == sd["table"]["venue_id"]
    assert compensation["amount_cents"] == 200  # the stake the listing counts (the ante)
    assert proposed["decision"]["needs_second_approver"] is False  # 2,00 € ≤ 100,00 €
    ok(cases.act(case_id, "decision/approve", ines_h))
    paid = ok(cases.act(case_id, "compensation", ines_h, {"idempotency_key": "anular"}), 201)
    assert paid["compensation_paid"]["1"] == {"kind": "game_refund", "amount_cents": 200,
                                              "transfer_ids": [f"void:{jogada_id}"]}

    # Rule 33: every bet back, no fee; the jogada is void; the table is free.
    assert api.balance(ana) == {"available_cents": FUNDS, "held_cents": 0,
                                "balance_cents": FUNDS}
    [row] = ok(client.get(f"/players/{ana}/jogadas", headers=ana_h))["data"]
    assert (row["jogada_id"], row["status"], row["refunded_cents"], row["net_cents"]) == \
        (jogada_id, "void", 200, 0)
    assert table_state(client, sd["table"]["table_id"])["open_jogada"] is None
    assert statement(client, sd["session_id"], ana_h)["refunded_cents"] == 200
    balances(client)  # the accounts sum to zero

    # A second refund of the same (now void) jogada is refused: its record is the answer.
    ok(cases.act(case_id, "resolve", ines_h))
    assert "A jogada" in ok(cases.letter(case_id, "pt", ana_h))["body"]
    letter = ok(cases.letter(case_id, "en", ana_h))["body"]
    assert f"Jogada {jogada_id} was voided and every bet in it refunded" in letter
    ok(cases.act(case_id, "close", ines_h))
    ok(cases.act(case_id, "reopen", ines_h, {"reason": "de novo"}))
    error = error_of(cases.act(case_id, "decision", ines_h, {
        "outcome": "upheld", "reasons": "outra vez",
        "compensation": {"kind": "game_refund", "jogada_id": jogada_id}}), 409)
    assert error["field"] == "compensation.jogada_id"


def test_issue_16_a_settled_jogada_is_not_voided_from_a_case(api, client):
    """Issue 16: a jogada its game already settled (rule 22: Ana folded) keeps its record;
    a game refund is refused (409 naming compensation.jogada_id), a payment is the remedy."""
    cases = Cases(client)
    sd = played_semdescarte(api, client)
    case_id = ok(cases.open(sd["headers"], "k", case_type="jogada",
                            jogada_ids=[sd["jogada_id"]]), 201)["case_id"]
    ok(cases.act(case_id, "acknowledge", OPERATOR))
    error = error_of(cases.act(case_id, "decision", OPERATOR, {
        "outcome": "upheld", "reasons": "r",
        "compensation": {"kind": "game_refund", "jogada_id": sd["jogada_id"]}}), 409)
    assert error["field"] == "compensation.jogada_id"
    assert cases.case(case_id)["decisions"] == 0


def test_issue_16_903b_1_5_a_correction_of_the_named_transfer(api, client):
    """Issue 16 with 903-B 1.5: Ana says a 50,00 € withdrawal never reached her bank. The
    handler opens the case for her (the operator's own channel), and the partly upheld
    decision corrects that withdrawal: a new transfer of the whole amount back to the wallet,
    pointing at the original, which stays on record."""
    cases = Cases(client)
    ana, ana_h = api.player("Ana")
    ok(api.deposit(ana, 20_000, "d1"), 201)
    withdrawal = ok(api.withdraw(ana, 5_000, "w1", headers=ana_h), 201)
    ines, ines_h = api.staff("complaint_handler", "Inês")
    opened = ok(cases.open(ines_h, "tel-1", player_id=ana, case_type="payment",
                           subject="Levantamento não recebido",
                           transfer_ids=[withdrawal["transfer_id"]]), 201)
    case_id = opened["case_id"]
    ok(cases.act(case_id, "acknowledge", ines_h))
    proposed = ok(cases.act(case_id, "decision", ines_h, {
        "outcome": "partly_upheld", "reasons": "O banco devolveu a transferência.",
        "compensation": {"kind": "correction", "transfer_id": withdrawal["transfer_id"]}}))
    assert proposed["decision"]["compensation"]["amount_cents"] == 5_000
    ok(cases.act(case_id, "decision/approve", ines_h))
    money = balances(client)
    paid = ok(cases.act(case_id, "compensation", ines_h, {"idempotency_key": "corr"}), 201)
    correction_id = f"correction:{withdrawal['transfer_id']}"
    assert paid["compensation_paid"]["1"]["transfer_ids"] == [correction_id]
    after = balances(client)
    assert after[f"wallet:{ana}"] - money[f"wallet:{ana}"] == 5_000
    assert after["cashier"] - money["cashier"] == -5_000
    moves = ok(client.get("/cash-movements", params={"kind": "correction"},
                          headers=OPERATOR))["data"]
    assert [(m["transfer_id"], m["corrects"], m["corrects_kind"]) for m in moves] == \
        [(correction_id, withdrawal["transfer_id"], "withdrawal")]
    assert ok(api.withdraw(ana, 1, "w2", headers=ana_h), 201)  # the wallet is whole again
    ok(cases.act(case_id, "resolve", ines_h))
    letter = ok(cases.letter(case_id, "en", ana_h))["body"]
    assert f"Transfer {withdrawal['transfer_id']} was corrected" in letter and "50,00 €" in letter
    # A correction moves the whole transfer back: another amount is refused.
    other = ok(cases.open(ines_h, "tel-2", player_id=ana, case_type="payment", subject="Outra",
                          transfer_ids=[withdrawal["transfer_id"]]), 201)["case_id"]
    ok(cases.act(other, "acknowledge", ines_h))
    error = error_of(cases.act(other, "decision", ines_h, {
        "outcome": "upheld", "reasons": "r",
        "compensation": {"kind": "correction", "transfer_id": withdrawal["transfer_id"],
                         "amount_cents": 4_000}}), 422)
    assert error["field"] == "compensation.amount_cents"
