"""The letters of a complaint case (issue 16; domain/complaints/letters.py): the final answer
in Portuguese and English states the reference, the decision, the reasons as written, the
compensation and how it was paid, and where the player may take the complaint further (SRIJ,
an alternative dispute resolution body, the Livro de Reclamações). Pure functions: plain
dicts in, text out."""

from __future__ import annotations

import pytest

from domain.complaints.letters import acknowledgement_letter, final_letter
from domain.kernel.errors import ConflictError, InvalidInputError

REASONS = "O registo da jogada mostra que a carta do banco foi mal lida pelo sistema."


def case(outcome="upheld", compensation=None, paid=None, **extra):
    decision = None if outcome is None else {
        "number": 1, "outcome": outcome, "reasons": REASONS, "compensation": compensation,
        "proposed_by": "staff:a", "approved_by": "staff:b", "needs_second_approver": False}
    return {"case_id": "c0ffee00-0000-4000-8000-000000000001", "reference": "RC-2026-C0FFEE00",
            "player_id": "p", "case_type": "jogada", "channel": "operator",
            "state": "resolved" if outcome else "investigating", "decision": decision,
            "outcome": outcome, "compensation_paid": paid or {}, "escalations": [],
            "answer_due": "2026-01-26", **extra}


TIMELINE = [
    {"kind": "opened", "at": "2026-01-05T10:00:00+00:00", "subject": "Mão mal paga"},
    {"kind": "acknowledged", "at": "2026-01-06T09:00:00+00:00"},
    {"kind": "resolved", "at": "2026-01-20T16:30:00+00:00", "outcome": "upheld"},
]


def test_final_letter_in_portuguese_names_the_decision_reasons_payment_and_escalation():
    """Issue 16: procedente, the handler's reasons word for word, 12,50 € credited to the
    wallet, and SRIJ, the ADR bodies and the Livro de Reclamações."""
    letter = final_letter(
        case(compensation={"kind": "payment", "amount_cents": 1_250},
             paid={"1": {"kind": "payment", "amount_cents": 1_250,
                         "transfer_ids": ["compensation:c:1"]}}), TIMELINE, "pt")
    assert letter["subject"] == "Reclamação RC-2026-C0FFEE00: resposta final (procedente)"
    body = letter["body"]
    assert "RC-2026-C0FFEE00" in body and "recebida em 5 de janeiro de 2026" in body
    assert "«Mão mal paga»" in body
    assert "considerada PROCEDENTE, em 20 de janeiro de 2026" in body
    assert REASONS in body
    assert "creditado na sua carteira de jogador o montante de 12,50 €" in body
    assert "compensation:c:1" in body
    assert "Serviço de Regulação e Inspeção de Jogos (SRIJ)" in body
    assert "www.srij.turismodeportugal.pt" in body
    assert "resolução alternativa de litígios" in body
    assert "Livro de Reclamações" in body and "www.livroreclamacoes.pt" in body


def test_final_letter_in_english_for_a_partly_upheld_correction():
    letter = final_letter(
        case("partly_upheld", compensation={"kind": "correction", "amount_cents": 123_456,
                                            "transfer_id": "t-42"}), TIMELINE, "en")
    assert letter["subject"] == "Complaint RC-2026-C0FFEE00: final answer (partly upheld)"
    body = letter["body"]
    assert "Your complaint, reference RC-2026-C0FFEE00, received on 5 January 2026" in body
    assert "Decision: your complaint is PARTLY UPHELD (20 January 2026)." in body
    assert "Transfer t-42 was corrected: an opposite transfer of 1 234,56 €" in body
    assert "SRIJ" in body and "www.srij.turismodeportugal.pt" in body
    assert "alternative dispute resolution body" in body
    assert "www.livroreclamacoes.pt" in body


@pytest.mark.parametrize("language,words", [
    ("pt", ["IMPROCEDENTE", "Não há lugar a qualquer compensação."]),
    ("en", ["REJECTED", "No compensation is due."]),
])
def test_a_rejected_complaint_pays_nothing_and_still_says_where_to_go(language, words):
    body = final_letter(case("rejected"), TIMELINE, language)["body"]
    for word in words:
        assert word in body
    assert "www.srij.turismodeportugal.pt" in body and "www.livroreclamacoes.pt" in body


@pytest.mark.parametrize("language,text", [
    ("pt", "A jogada j-7 foi anulada e todas as apostas nela feitas foram devolvidas"),
    ("en", "Jogada j-7 was voided and every bet in it refunded, by the game's own rules"),
])
def test_a_game_refund_says_the_jogada_was_voided_by_the_games_rule(language, text):
    """Issue 16: the game's own void (póquer sem descarte rule 33, bingo rules 45-47)."""
    body = final_letter(case(compensation={"kind": "game_refund", "amount_cents": 300,
                                           "jogada_id": "j-7", "venue_id": "semdescarte:x"}),
                        TIMELINE, language)["body"]
    assert text in body and "3,00 €" in body


def test_the_channel_and_an_escalation_are_named():
    letter = final_letter(case(channel="complaints_book", external_reference="LR-99",
                               escalations=[{"body": "srij", "reference": "SRIJ-1"}]),
                          TIMELINE, "pt")
    assert "apresentada através do Livro de Reclamações, referência LR-99" in letter["body"]
    assert "remetido ao SRIJ (referência SRIJ-1)" in letter["body"]


def test_no_final_letter_before_the_case_is_resolved_and_no_unknown_language():
    with pytest.raises(ConflictError) as refused:
        final_letter(case(None), TIMELINE, "pt")
    assert refused.value.code == "case_not_resolved"
    with pytest.raises(InvalidInputError) as bad:
        final_letter(case(), TIMELINE, "fr")
    assert bad.value.field == "language"


def test_the_decision_may_come_from_the_timeline_alone():
    """A read model row (projections/complaints.py) has no decision: the last approval on the
    timeline carries its proposal's reasons and compensation; a declined proposal is not it."""
    timeline = [*TIMELINE[:2],
                {"kind": "decision_proposed", "at": "2026-01-09T10:00:00+00:00",
                 "detail": {"number": 1, "outcome": "rejected", "reasons": "Recusada.",
                            "compensation": None}},
                {"kind": "proposal_declined", "at": "2026-01-09T11:00:00+00:00",
                 "detail": {"number": 1, "reason": "Não."}},
                {"kind": "decision_proposed", "at": "2026-01-10T10:00:00+00:00",
                 "detail": {"number": 2, "outcome": "upheld", "reasons": "Erro de pagamento.",
                            "compensation": {"kind": "payment", "amount_cents": 500}}},
                {"kind": "decision_approved", "at": "2026-01-10T11:00:00+00:00",
                 "detail": {"number": 2, "outcome": "upheld", "reasons": "Erro de pagamento.",
                            "compensation": {"kind": "payment", "amount_cents": 500}}},
                {"kind": "compensation_paid", "at": "2026-01-11T10:00:00+00:00",
                 "detail": {"number": 2, "kind": "payment", "amount_cents": 500,
                            "transfer_ids": ["compensation:x:2"]}},
                {"kind": "escalated", "at": "2026-01-12T10:00:00+00:00",
                 "detail": {"body": "adr", "reference": "CNIACC-7"}},
                TIMELINE[2]]
    row = {"reference": "RC-2026-00000001", "outcome": "upheld", "state": "closed"}
    body = final_letter(row, timeline, "en")["body"]
    assert "Erro de pagamento." in body and "We credited 5,00 €" in body
    assert "compensation:x:2" in body and "Recusada." not in body
    assert "referred to an alternative dispute resolution body (reference CNIACC-7)" in body


@pytest.mark.parametrize("language,text", [
    ("pt", "Responderemos até 26 de janeiro de 2026"),
    ("en", "We will answer by 26 January 2026"),
])
def test_acknowledgement_letter_gives_the_reference_and_the_deadline(language, text):
    letter = acknowledgement_letter(case(None), TIMELINE, language)
    assert "RC-2026-C0FFEE00" in letter["subject"] and text in letter["body"]
