"""Complaints about hold'em jogadas (issue 16 through the Game seam; issue 17): a disputed
jogada still in play voided from the case by the game's own rule for a fault of the system
(``game_refund`` → ``Game.void_jogada``: hold'em rule 72, A26: every contribution back, blinds
included, no commission), and the evidence pack of an ended one (JSON and PDF) with its replay,
the viewer's steps, its cards drawn and written, the re-adjudication and the player's part."""

from __future__ import annotations

import re

from projections.queries import accounts_total
from tests.complaints.support import printed, spec_of
from tests.complaints.test_evidence_pdf import read
from tests.complaints.test_game_refund import A, B, _case_about
from tests.holdem import played as forced
from tests.holdem.support import caves, money, table_events
from infra.complaints.pdf_scenes import card_words, plain


def test_he_72_a26_a_disputed_jogada_in_play_is_voided_from_the_case(cert):
    table, players = forced.seated(cert)
    before = caves(table)
    jogada_id = forced.start(table)
    table.act(players["1"], "raise", 300)
    table.act(players["2"], "call")
    bia = players["2"]
    case_id = _case_about(cert, bia, jogada_id)
    proposed = cert.complaints.propose(case_id, outcome="upheld", reasons="A mesa parou",
                                       compensation={"kind": "game_refund",
                                                     "jogada_id": jogada_id}, actor=A)
    compensation = proposed["decision"]["compensation"]
    assert compensation["amount_cents"] == 300  # the complainant's contributions (blind, call)
    assert compensation["venue_id"] == table.venue_id
    cert.complaints.approve(case_id, actor=B)
    held = money(table)
    paid = cert.complaints.pay(case_id, idempotency_key="pay", actor=A)
    assert paid["compensation_paid"]["1"]["kind"] == "game_refund"
    assert table.jogada() is None
    # rule 72, A26: every cave back to what it was when the jogada started; nothing moved
    # out of the table (no commission), and the button is drawn again (rule 47)
    assert caves(table) == before and money(table) == held
    (voided,) = [e for e in table_events(table, jogada_id) if type(e).__name__ == "JogadaVoided"]
    assert voided.refunds == {"1": 300, "2": 300, "3": 100}
    assert voided.reason == f"complaint {proposed['reference']}"
    assert voided.rule == "hold'em rules 72, 73; A26"
    cert.projections.wait(cert.writer.last_position)
    assert accounts_total(cert.projections.engine) == 0
    assert cert.complaints.resolve(case_id, actor=A)["outcome"] == "upheld"


def test_903b_6_3_4_2_he_59_65_a_hold_em_pack_holds_the_jogada_and_its_pdf_draws_its_cards(cert):
    """The complaining player lost at the showdown (seat 2, a pair of kings): the pack's
    replay, steps (hole cards face down until the showdown), RNG check and re-adjudication,
    the player's part (rule 65: its own cards, the board, the hands shown, never the folded
    hand); the PDF writes every card shown by its code and in words, and the amounts in
    euros."""
    table, players, jogada_id = forced.played(cert)
    cert.audit.seal()
    bia = players["2"]
    spec = spec_of(cert, str(bia.player_id), [jogada_id])
    pack, data, pdf = printed(cert, spec)
    (j,) = pack["jogadas"]
    assert (j["jogada_id"], j["game"], j["title"]) == (jogada_id, "holdem", "Texas hold'em")
    assert j["replay"]["rng"]["verified"] is True and j["adjudication"]["agrees"] is True
    labels = {i["label"]: (i["cards"], i["hidden"]) for s in j["steps"] for i in s["scene"]
              if i["kind"] == "cards" and s["event"]["name"] == "HandsShown"}
    assert labels["Seat 2"] == (forced.HOLE["2"], 0) and labels["Board"] == (forced.BOARD, 0)
    player = j["player"]
    assert (player["cards"], player["board"]) == (forced.HOLE["2"], forced.BOARD)
    assert set(player["shown"]) == {"1", "2"} and player["put_in_cents"] == 300
    assert pdf.startswith(b"%PDF-")
    _, text = read(pdf)
    flat = re.sub(r"\s+", " ", text)
    for code in forced.HOLE["1"] + forced.HOLE["2"] + forced.BOARD:
        assert plain(card_words(code)) in flat, code
    for expected in (jogada_id, "3,00 €", "Texas hold'em"):
        assert expected in flat, expected
