"""The PDF of an evidence pack (issue 16 evidence packs; infra/complaints/pdf.py), opened with
pypdf as a reader would: its text names the case, the jogada, every card by its code and in
words, the bingo numbers, the amounts in euros ("22,00 €") and the SHA-256 of the JSON pack;
its creation date is the pack's ``generated_at``."""

from __future__ import annotations

import io
import re

import pypdf

from infra.complaints.evidence import sha256_hex
from infra.complaints.pdf_scenes import card_words, plain
from tests.complaints.support import (BANK_AK, BURN, FLUSH, GENERATED, bingo_30, printed,
                                      sem_descarte, spec_of)
from tests.semdescarte import support as sd


def read(pdf: bytes) -> tuple[pypdf.PdfReader, str]:
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    return reader, "\n".join(page.extract_text() for page in reader.pages)


def test_903b_6_3_4_2_the_pdf_shows_the_jogada_its_cards_and_its_amounts_in_euros(cert):
    """Issue 16 evidence packs: a sem descarte jogada and a deposit in one pack. The cards are
    drawn as cards and written as "Kh (rei de copas)"; ante 2,00 €, bet 4,00 €, won 22,00 €;
    the deposit 30,00 €; the cover gives the case reference, the player, generated_at, the
    log position and the JSON pack's SHA-256."""
    played = sem_descarte(cert)
    deposit = cert.deposit(played["player"].player_id, 3_000, "pdf-deposit", actor=sd.OPERATOR)
    cert.audit.seal()
    spec = spec_of(cert, played["player_id"], [played["jogada_id"]], [deposit["transfer_id"]])
    _, data, pdf = printed(cert, spec)
    reader, text = read(pdf)
    assert pdf.startswith(b"%PDF-") and reader.metadata.creation_date == GENERATED
    flat = re.sub(r"\s+", " ", text)
    for expected in ("RC-2026-0042", played["jogada_id"], played["player_id"], "jogador 1",
                     "02/03/2026 10:30:00 (UTC+00:00)", f"evento {spec['as_of']}",
                     sha256_hex(data), "Kh (rei de copas)", "Th (10 de copas)",
                     "Ac (ás de paus)", "Qs (dama de espadas)", "2,00 €", "4,00 €",
                     "22,00 €", "30,00 €", deposit["transfer_id"], "Prova de integridade",
                     "Readjudicação", "Extrato da sessão"):
        assert expected in flat, expected
    for code in FLUSH + BANK_AK + [BURN]:
        assert plain(card_words(code)) in flat, code


def test_bingo_50_the_pdf_draws_the_players_bingo_card_with_its_numbers(cert, clock):
    """Issue 16 evidence packs: the complaining player's bingo card, every number on it as
    text (the drawn ones marked), the card price 1,00 € and the prize in euros."""
    played = bingo_30(cert, clock)
    spec = spec_of(cert, played["player_id"], [played["jogada_id"]])
    pack, _, pdf = printed(cert, spec)
    _, text = read(pdf)
    numbers = [n for card in played["cards"][played["player_id"]] for row in card["numbers"]
               for n in row if n is not None]
    words = set(re.findall(r"\d+", text))
    assert {str(n) for n in numbers} <= words
    assert played["jogada_id"] in text and "1,00 €" in text
    prize = pack["jogadas"][0]["player"]["prize_values"]["bingo"]
    assert f"{prize // 100},{prize % 100:02d} €" in text
    # no checkpoint was signed before the spec
    assert "ainda não estavam cobertos por um checkpoint assinado" in re.sub(r"\s+", " ", text)
