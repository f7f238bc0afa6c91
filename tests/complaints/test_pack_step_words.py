"""Issue 25: a complaint case's evidence pack in Portuguese, "outcomes and actions in words" —
each replay step's description too (903-B 6.3.4(2): every essential element of the jogada
viewable; the pack's reader is a player or the regulator, in Portugal). Each game's viewer
writes its steps' titles and scenes from per-language templates (``SAID`` in its
viewer_words.py / viewer.py); a pack of format /2 carries each step's ``titles`` ({"pt", "en"})
and its Portuguese ``scenes``, and the PDF prints the sentences of its language:

- for a póquer sem descarte, a bingo and a hold'em pack, the Portuguese PDF's text (pypdf)
  holds the Portuguese step sentences and none of the English ones; the English PDF the
  English ones, as the staff's replay viewer shows them (its steps unchanged);
- every sentence a game's viewer writes in English has its Portuguese, with the same fields.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from string import Formatter
from typing import Any

import pytest

from infra.complaints.evidence import PLAYER, build_pack, pack_pdf_bytes, pack_spec
from tests.complaints.support import GENERATED, bingo_30, sem_descarte, spec_of
from tests.complaints.test_pack_pdf_readable import readable, text_of  # noqa: F401  (fixture)
from tests.holdem import played as forced

ROOT = Path(__file__).resolve().parents[2]
# Every game's viewer: the built-in games' and the games defined only under tests/.
VIEWERS = tuple(".".join(p.relative_to(ROOT).with_suffix("").parts)
                for pattern in ("domain/games/*/viewer.py", "tests/*/viewer.py")
                for p in sorted(ROOT.glob(pattern)))
# English the staff's viewer writes in a step that a Portuguese reader must not meet.
ENGLISH = ("bets an ante", "Seat ", "opened", " folds", "continues", "The bank shows",
           "Ball ", "Player ", "card(s)", "Jogada settled", "Cards dealt", "Betting closed",
           "The seed is revealed", "committed", "recorded on the player's session",
           " held on ", " credited on ", " debited on ", "the wallet of", "Money moved",
           "shows", "Showdown: seat", "Blinds posted", "The flop", "face down", "Room",
           "Balls drawn", "Payments", "prizes ", "Burned card", "Bets", "Result", "stack ",
           "in the jogada", "Main pot", "put in", "player_won")


def steps_text(pdf: bytes) -> str:
    """The replay part of the PDF's text: from the replay's heading to the RNG check."""
    text = text_of(pdf)
    start = max(text.find("Repetição passo a passo"), text.find("Step-by-step replay"))
    end = max(text.find("Verificação do RNG"), text.find("RNG check"))
    assert 0 <= start < end, "the replay and the RNG check are printed"
    return re.sub(r" evento #\d+ · [A-Za-z]+ · | event #\d+ · [A-Za-z]+ · ", " · ", text[start:end])


def check_words(pack: dict[str, Any], portuguese: tuple[str, ...],
                english: tuple[str, ...]) -> None:
    """Every step of the pack has a Portuguese title differing from its English one (its
    ``title``, as the staff's viewer shows it); the Portuguese PDF's steps read in Portuguese
    only, the English PDF's in English."""
    for jogada in pack["jogadas"]:
        for step in jogada["steps"]:
            titles = step["titles"]
            assert titles["en"] == step["title"]
            assert titles["pt"] and titles["pt"] != titles["en"], step["title"]
            assert len(step["scenes"]["pt"]) == len(step["scene"])
    pt, en = steps_text(pack_pdf_bytes(pack, "pt")), steps_text(pack_pdf_bytes(pack, "en"))
    for sentence in portuguese:
        assert sentence in pt, sentence
        assert sentence not in en, sentence
    for sentence in english:
        assert sentence in en, sentence
    for phrase in ENGLISH:
        found = re.search(whole(phrase), pt)
        assert found is None, (phrase, pt[max(0, found.start() - 80):found.end() + 80])
    # the RNG check (903-B 6.7.2(4)) says its verdict in the PDF's words, not the replay's
    # English sentence; its fields named in Portuguese
    whole_pt = text_of(pack_pdf_bytes(pack, "pt"))
    assert "confirmado: a semente revelada corresponde ao compromisso" in whole_pt
    assert "Compromisso (SHA-256)" in whole_pt and "Semente revelada (hex)" in whole_pt
    assert not re.search(r"the seed (matches|derives)|Seed hex", whole_pt)


def whole(phrase: str) -> str:
    """``phrase`` as whole words ("Result" is not in "Resultado")."""
    return "".join((r"\b" if phrase[0].isalnum() else "", re.escape(phrase),
                    r"\b" if phrase[-1].isalnum() else ""))


def test_issue_25_sd_16_20_a_sem_descarte_pack_says_each_step_in_portuguese(readable):
    """Póquer sem descarte rules 16, 20, 25: the ante, the decision to continue and the bank
    qualifying, each step in Portuguese as spoken in Portugal, euros as "2,00 €"."""
    played = sem_descarte(readable)
    readable.audit.seal()
    pack = build_pack(readable, spec_of(readable, played["player_id"], [played["jogada_id"]]))
    check_words(pack, ("Ante apostado — Lugar 1 aposta um ante de 2,00 €", "Jogada 1 aberta",
                       "Lugar 1 continua: segunda aposta de 4,00 €",
                       "A banca mostra cartas maiores, ás: qualifica",
                       "Cartas dadas: cinco a cada lugar, cinco à banca",
                       "6,00 € cativado na carteira de Lugar 1 (ante)",
                       "Aposta de 2,00 € registada na sessão do jogador",
                       "Apostas encerradas: não há mais apostas (jogo feito)",
                       "Carta queimada", "ante de 2,00 €; continuou, aposta de 4,00 €",
                       "Lugar 1 o jogador ganhou ×5: devolvido 6,00 €, ganho 22,00 €",
                       "A semente é revelada"),
                ("Ante placed — Seat 1 bets an ante of 2,00 €", "Jogada 1 opened",
                 "Seat 1 continues: second bet 4,00 €", "The bank shows cartas maiores, ás:"
                 " it qualifies", "6,00 € held on the wallet of Seat 1 (ante)",
                 "ante 2,00 €; continued, bet 4,00 €"))


def test_issue_25_bingo_21_a_bingo_pack_says_each_ball_in_portuguese(readable, clock):
    """Bingo rules 10, 21, 26: the purchases, each ball drawn and the prize, in Portuguese;
    the other players by their labels ("Jogador 2"), never by name (issue 24)."""
    played = bingo_30(readable, clock)
    readable.audit.seal()
    pack = build_pack(readable, spec_of(readable, played["player_id"], [played["jogada_id"]]))
    balls = [s for s in pack["jogadas"][0]["steps"] if s["event"]["name"] == "BallDrawn"]
    first = re.fullmatch(r"Ball 1: (\d+)", balls[0]["title"]).group(1)
    check_words(pack, ("Jogada 1 aberta: bingo 30, cartões à venda",
                       "Compra 1: 1 cartão(ões) por 1,00 €", f"Bola 1 extraída: {first}",
                       "debitado na carteira de Jogador 1 (cartões de bingo)",
                       "creditado na conta bingo-pool:", "Jogada liquidada: todos os prémios"
                       " pagos", "Sala variante bingo 30 estado em venda",
                       "Bolas extraídas (1):", "cartões 1,00 €; líquido"),
                ("Jogada 1 opened: bingo 30, cards on sale", f"Ball 1: {first}",
                 "Purchase 1: 1 card(s) for 1,00 €", "Jogada settled: every prize paid",
                 "debited on the wallet of Player 1 (bingo_cards)"))


@pytest.mark.parametrize("copy", ["staff", PLAYER])
def test_issue_25_he_34_a_hold_em_pack_says_each_action_in_portuguese(readable, copy):
    """Hold'em rules 34, 53, 59: the raise, the call, the fold, the board and the showdown in
    Portuguese — in the staff's copy and in the player's (its steps drawn again from the
    replay cut, Game.player_copy, in both languages too)."""
    table, players, jogada_id = forced.played(readable)
    readable.audit.seal()
    pid = str(players["2"].player_id)
    spec = pack_spec(readable, case_id="5b0c3a52-6a4e-4f0e-9a0e-0c1d2e3f4a5b",
                     case_reference="RC-2026-0042", player_id=pid, jogada_ids=[jogada_id],
                     transfer_ids=[], generated_at=GENERATED, copy=copy)
    pack = build_pack(readable, spec)
    check_words(pack, ("Lugar 1 aumenta para 3,00 € (põe 3,00 € em jogo)",
                       "Lugar 2 iguala (põe 2,50 € em jogo)", "Lugar 3 desiste",
                       "Cartas do flop: Ad 9c 4h", "Lugar 2 passa",
                       "Mãos mostradas: o lugar 2 mostra par de reis; o lugar 1 mostra trio de ases",
                       "Jogada liquidada: o lugar 1 ganha 6,65 €",
                       "Blinds postas: lugar 2 0,50 €, lugar 3 1,00 €",
                       "Jogada 1 aberta: 3 jogadores em jogo",
                       "Pote principal 7,00 €, lugares 2, 1; comissão 0,35 €; pago: lugar 1"
                       " 6,65 €"),
                ("Seat 1 raises to 3,00 € (puts in 3,00 €)", "Seat 3 folds",
                 "The flop: Ad 9c 4h", "Showdown: seat 2 shows par de reis",
                 "Jogada settled: seat 1 wins 6,65 €"))


def test_issue_25_a_spec_of_the_first_format_keeps_its_steps_in_english_only(readable):
    """903-B 1.5 "Log": a /1 pack is built as it was — its steps without ``titles`` nor
    ``scenes`` — and its Portuguese PDF prints the English titles it holds."""
    played = sem_descarte(readable)
    readable.audit.seal()
    spec = spec_of(readable, played["player_id"], [played["jogada_id"]])
    old = {k: v for k, v in spec.items() if k not in ("operator", "case_version")}
    old["format"] = "ledger-evidence-pack/1"
    pack = build_pack(readable, old)
    assert all("titles" not in s and "scenes" not in s for s in pack["jogadas"][0]["steps"])
    assert "Seat 1 bets an ante of 2,00 €" in steps_text(pack_pdf_bytes(pack, "pt"))


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(template) if name}


@pytest.mark.parametrize("module", VIEWERS)
def test_issue_25_every_sentence_a_viewer_writes_in_english_has_its_portuguese(module):
    """Each game's viewer: every event it titles in English (and every scene sentence) has
    a Portuguese sentence with the same fields, and a different one (not left in English
    unless it is a name: "Jackpot", "Total")."""
    assert len(VIEWERS) >= 5  # sem descarte, bingo, hold'em/Omaha and the test games
    said = importlib.import_module(module).SAID
    assert set(said["pt"]) == set(said["en"]), set(said["pt"]) ^ set(said["en"])
    events = [k for k in said["en"] if re.fullmatch(r"(?:[A-Z][a-z0-9]+){2,}", k)]
    assert events, "the viewer titles its events from SAID"
    for key, english in said["en"].items():
        assert fields(said["pt"][key]) == fields(english), key
    for key in events:
        assert said["pt"][key] != said["en"][key], key
