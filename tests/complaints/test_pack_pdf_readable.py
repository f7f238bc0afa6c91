"""Issue 25 part 5: a complaint case's evidence pack a player and a regulator read alone. The
PDF of a pack of a póquer sem descarte, a bingo and a hold'em jogada, each attached to a real
case, rendered to images (pypdfium2: every page draws) and read as text (pypdf):

- in Portuguese by default: the labels, outcomes and actions in words ("o jogador ganhou",
  "continuou"), times in Lisbon's legal time with the offset ("(UTC+00:00)" in winter,
  "(UTC+01:00)" in summer), the player's complaint in its own words, the case's timeline with
  people by display name, the operator's name and licence (recorded in the spec, so a later
  configuration leaves the pack as it was), each event's audit path hash by hash with its leaf
  index, the checkpoint's tree size and root (RFC 9162: checkable from paper), and the
  re-adjudication saying what each amount is;
- in English with ``lang=en``; any other ``lang`` a 422 naming the field;
- downloaded with ``Content-Disposition: attachment;
  filename="processo-<ref>-pacote-<n>-<copy>.pdf"`` (``jogador``, ``equipa``).

903-B 1.5 "Log": the Portuguese PDF rebuilt later hashes to what the case recorded."""

from __future__ import annotations

import io
import json
import re
from datetime import datetime, timezone
from typing import Any
from uuid import UUID

import pypdf
import pypdfium2
import pytest

from domain.kernel.errors import InvalidInputError
from infra.complaints.evidence import build_pack, pack_pdf_bytes
from projections.queries import principal
from tests.api.complaints_support import Cases, played_semdescarte
from tests.api.conftest import (
    OPERATOR,
    Api,
    make_client,  # noqa: F401  (the HTTP test's fixture)
    ok,
)
from tests.complaints.support import bingo_30, sem_descarte, spec_of
from tests.holdem import played as forced
from tests.semdescarte.support import certification_ledger

OPERATOR_NAME = "Casino Exemplo Online, S.A."
LICENCE = "SRIJ-042/2026"
SUMMER = datetime(2026, 7, 15, 21, 30, tzinfo=timezone.utc)  # 22:30 in Lisbon (UTC+1)
COMPLAINT = "Ganhei com cor e a mesa pagou-me mal. Peço que revejam a jogada."


@pytest.fixture
def readable(make_settings, clock, request):
    """A ledger in certification mode whose settings name the operator and its licence."""
    def settings(**overrides: Any):
        return make_settings(operator_name=OPERATOR_NAME, operator_licence=LICENCE,
                             **overrides)
    with certification_ledger(settings, clock, request=request) as built:
        yield built


def text_of(pdf: bytes) -> str:
    """The PDF's text as a reader copies it, white space made single spaces."""
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in reader.pages))


def rendered(pdf: bytes) -> int:
    """Every page drawn to an image (pypdfium2, PDFium): A4 upright, with ink on it. The
    number of pages."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        for page in document:
            image = page.render(scale=0.5).to_pil().convert("L")
            width, height = image.size
            assert 1.35 < height / width < 1.5  # A4
            darkest, _ = image.getextrema()
            assert darkest < 100  # text was drawn
        return len(document)
    finally:
        document.close()


def attach(ledger: Any, player: Any, player_id: str, jogada_id: str,
           handler: str) -> dict[str, Any]:
    case = ledger.complaints.open(actor=player.actor, player_id=player_id, case_type="jogada",
                                  subject="Jogada mal paga", description=COMPLAINT,
                                  idempotency_key=f"c-{jogada_id}", jogada_ids=[jogada_id])
    ledger.complaints.acknowledge(case["case_id"], actor=handler, message="Recebemos")
    ledger.complaints.attach_evidence_pack(case["case_id"], actor=handler,
                                           shown_to_player=True)
    return case


def staff(ledger: Any, name: str) -> str:
    staff_id, _ = ledger.register_staff(role="complaint_handler", display_name=name,
                                        actor="system")
    return f"staff:{staff_id}"


def the_paths(pack: dict[str, Any]) -> list[str]:
    """What the integrity proof of the pack's jogada says in hex: the checkpoint's root, each
    event's leaf hash and every hash of its audit path."""
    proof = pack["jogadas"][0]["integrity"]
    assert proof["status"] == "sealed" and proof["verified"] is True
    hashes = [proof["checkpoint"]["root"]]
    for event in proof["events"]:
        hashes += [event["leaf_hash"], *event["proof"]]
    return hashes


def check_pack(ledger: Any, case: dict[str, Any], player_name: str, offset: str,
               portuguese: tuple[str, ...], english: tuple[str, ...]) -> str:
    cid = case["case_id"]
    pt = ledger.complaints.evidence(cid, 1, "pdf", copy="player")
    assert (pt["matches"], pt["compared"]) == (True, "pdf")
    assert pt["file_name"] == f"processo-{case['reference']}-pacote-1-jogador.pdf"
    data = ledger.complaints.evidence(cid, 1, "json", copy="player")
    pack = json.loads(data["content"])
    assert pack["spec"]["operator"] == {"name": OPERATOR_NAME, "licence": LICENCE}
    assert pack["case"]["complaint"] == COMPLAINT
    assert rendered(pt["content"]) >= 3
    text = text_of(pt["content"])
    for expected in ("Pacote de prova de reclamação", "Operador", OPERATOR_NAME, "Licença n.º",
                     LICENCE, "A reclamação do jogador", COMPLAINT, "Cronologia do processo",
                     "Processo aberto", "Receção confirmada", "Ana Handler", player_name,
                     "Readjudicação", "Valor recalculado pelas regras a partir das cartas/bolas"
                     " e apostas registadas", "Valor que a liquidação registada diz",
                     "Dinheiro movido nas contas", "Concordam", "Prova de integridade",
                     "Caminho de auditoria", "Tamanho da árvore", f"(UTC{offset})",
                     *portuguese):
        assert expected in text, expected
    assert re.search(rf"\d\d/\d\d/\d{{4}} \d\d:\d\d:\d\d \(UTC{re.escape(offset)}\)", text)
    for value in the_paths(pack):
        assert value in text, value
    tree = pack["jogadas"][0]["integrity"]["checkpoint"]["tree_size"]
    first = pack["jogadas"][0]["integrity"]["events"][0]
    assert f"Folha n.º {first['leaf_index']} · Tamanho da árvore {tree}" in text
    assert not re.search(r"\d\d:\d\d:\d\d UTC", text) and "Recorded settlement" not in text

    en = ledger.complaints.evidence(cid, 1, "pdf", "en", copy="player")
    assert (en["matches"], en["compared"], en["sha256"]) == (True, "json", data["sha256"])
    assert en["file_name"] == f"processo-{case['reference']}-pacote-1-jogador-en.pdf"
    assert rendered(en["content"]) >= 3
    english_text = text_of(en["content"])
    for expected in ("Complaint evidence pack", "Operator", OPERATOR_NAME, LICENCE,
                     "The player's complaint", COMPLAINT, "The case's timeline", "Case opened",
                     "Amount recomputed by the rules from the recorded cards/balls and bets",
                     "Integrity proof", "Audit path", f"(UTC{offset})", *english):
        assert expected in english_text, expected
    return text


def test_issue_25_a_sem_descarte_pack_reads_in_portuguese_and_english(readable):
    """Póquer sem descarte rules 20, 27, 28: the player continued and won with a flush; the
    PDF says so in words, with the cards in words, in Lisbon's winter time."""
    handler = staff(readable, "Ana Handler")
    played = sem_descarte(readable)
    readable.audit.seal()
    case = attach(readable, played["player"], played["player_id"], played["jogada_id"],
                  handler)
    text = check_pack(readable, case, "jogador 1", "+00:00",
                      ("o jogador ganhou", "continuou", "Carteira de jogador 1",
                       "Casa (operador)", "Kh (rei de copas)", "Cartas da banca"),
                      ("the player won", "continued", "Kh (king of hearts)"))
    # the house's row: the settlement states the players' wallets only, not 0,00 €
    assert "não se aplica (a liquidação só dá o resultado das carteiras dos jogadores)" in text


def test_issue_25_bingo_50_a_bingo_pack_in_summer_time(readable, clock):
    """Bingo rule 50, played in July: the times are Lisbon's summer time, UTC+01:00; the
    other players of the room stay unnamed (issue 24), the pool's row says the settlement
    states nothing for it."""
    clock.set(SUMMER)
    handler = staff(readable, "Ana Handler")
    played = bingo_30(readable, clock)
    readable.audit.seal()
    player = played["players"][0]
    case = attach(readable, player, played["player_id"], played["jogada_id"], handler)
    text = check_pack(readable, case, "jogador 1", "+01:00",
                      ("Cartões do jogador", "Bolas extraídas", "não se aplica"),
                      ("Balls drawn",))
    assert "jogador 2" not in text and "jogador 3" not in text
    assert "15/07/2026 22:30:00 (UTC+01:00)" in text


def test_issue_25_he_65_a_hold_em_pack_names_the_actions_in_words(readable):
    """Hold'em rule 65: the player (seat 2, kings) called and lost at the showdown; the PDF
    gives the hole cards and the board in words and the people by name."""
    handler = staff(readable, "Ana Handler")
    table, players, jogada_id = forced.played(readable)
    readable.audit.seal()
    bia = players["2"]
    case = attach(readable, bia, str(bia.player_id), jogada_id, handler)
    engine = readable.complaints.caught_up()
    name = principal(engine, UUID(str(bia.player_id)))["display_name"]
    check_pack(readable, case, name, "+00:00",
               ("Cartas comunitárias", "Kd (rei de ouros)", "Ad (ás de ouros)", "Posto em jogo"),
               ("The board", "Kd (king of diamonds)"))


def test_issue_25_a_pack_keeps_the_operator_it_was_made_with(make_settings, clock, request):
    """903-B 1.5 "Log": the operator's name and licence are recorded in the spec when the
    pack is made; a ledger configured later with other ones rebuilds the same bytes."""
    def first(**overrides: Any):
        return make_settings(operator_name=OPERATOR_NAME, operator_licence=LICENCE,
                             **overrides)

    with certification_ledger(first, clock, request=request) as ledger:
        played = sem_descarte(ledger)
        ledger.audit.seal()
        case = attach(ledger, played["player"], played["player_id"], played["jogada_id"],
                      staff(ledger, "Ana Handler"))
        before = ledger.complaints.evidence(case["case_id"], 1, "pdf")["content"]

    def later(**overrides: Any):
        return make_settings(operator_name="Outro Operador", operator_licence="SRIJ-999",
                             **overrides)

    with certification_ledger(later, clock, request=request) as ledger:
        again = ledger.complaints.evidence(case["case_id"], 1, "pdf")
        assert again["matches"] and again["content"] == before
        assert "Outro Operador" not in text_of(again["content"])


def test_issue_25_the_pack_downloads_name_their_file_and_lang_is_checked(make_client, clock):
    """Over HTTP: the PDF and the JSON come as attachments with a portable file name; the
    PDF in English with ``lang=en``; ``lang=fr`` is a 422 naming ``lang``."""
    client = make_client(operator_name=OPERATOR_NAME, operator_licence=LICENCE)
    api, cases = Api(client), Cases(client)
    played = played_semdescarte(api, client)
    _, handler = api.staff("complaint_handler", "Inês")
    opened = ok(client.post("/complaints", headers=played["headers"], json={
        "case_type": "jogada", "subject": "Jogada", "description": COMPLAINT,
        "jogada_ids": [played["jogada_id"]], "idempotency_key": "k1"}), 201)
    case_id, reference = opened["case_id"], opened["reference"]
    ok(cases.act(case_id, "evidence", handler, {"shown_to_player": True}), 201)
    base = f"/complaints/{case_id}/evidence/1"
    name = f"processo-{reference}-pacote-1-jogador"  # the player reads its copy (issue 25)
    pdf = client.get(f"{base}.pdf", headers=played["headers"])
    assert pdf.status_code == 200, pdf.text
    assert pdf.headers["Content-Disposition"] == f'attachment; filename="{name}.pdf"'
    assert pdf.headers["X-Evidence-Matches"] == "true"
    assert pdf.headers["X-Evidence-Compared"] == "pdf"
    text = text_of(pdf.content)
    assert OPERATOR_NAME in text and LICENCE in text and COMPLAINT in text
    assert "desistiu" in text  # the player folds (rule 22)
    english = client.get(f"{base}.pdf", params={"lang": "en"}, headers=OPERATOR)
    assert english.status_code == 200
    staff = f"processo-{reference}-pacote-1-equipa"  # staff read the staff copy by default
    assert english.headers["Content-Disposition"] == f'attachment; filename="{staff}-en.pdf"'
    assert english.headers["X-Evidence-Compared"] == "json"
    assert english.headers["X-Evidence-Matches"] == "true"
    assert "Complaint evidence pack" in text_of(english.content)
    data = client.get(base, headers=OPERATOR)
    assert data.headers["Content-Disposition"] == f'attachment; filename="{staff}.json"'
    refused = client.get(f"{base}.pdf", params={"lang": "fr"}, headers=OPERATOR)
    assert refused.status_code == 422
    assert "lang" in refused.text


def test_903b_1_5_a_spec_of_the_first_format_builds_its_pack_as_before(readable):
    """903-B 1.5 "Log": a spec recorded before this change (format ``ledger-evidence-pack/1``:
    no operator, no case version) builds the pack it built then — no case, no people, steps
    in English only — while the same spec in format /2 adds them (and each step's titles and
    Portuguese scene) and nothing else; both print in either language."""
    played = sem_descarte(readable)
    readable.audit.seal()
    new = spec_of(readable, played["player_id"], [played["jogada_id"]])
    assert new["format"] == "ledger-evidence-pack/2" and new["case_version"] is None
    old = {k: v for k, v in new.items() if k not in ("operator", "case_version")}
    old["format"] = "ledger-evidence-pack/1"
    before, now = build_pack(readable, old), build_pack(readable, new)
    assert set(now) - set(before) == {"people"} and "case" not in now
    # /2 steps add their titles in each language and their Portuguese scene, nothing else
    assert all(set(s) - set(b) == {"titles", "scenes"}
               for b, s in zip(before["jogadas"][0]["steps"], now["jogadas"][0]["steps"]))
    now_as_1 = {**now, "jogadas": [{**j, "steps": [
        {k: v for k, v in s.items() if k not in ("titles", "scenes")} for s in j["steps"]]}
        for j in now["jogadas"]]}
    assert {k: v for k, v in now_as_1.items() if k not in ("people", "spec", "format")} == \
        {k: v for k, v in before.items() if k not in ("spec", "format")}
    assert now["people"] == {played["player_id"]: "jogador 1"}
    for lang in ("pt", "en"):
        assert rendered(pack_pdf_bytes(before, lang)) >= 3
    with pytest.raises(InvalidInputError) as refused:
        pack_pdf_bytes(now, "fr")
    assert refused.value.field == "lang"
