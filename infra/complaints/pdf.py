"""An evidence pack (infra/complaints/evidence.py) as a PDF a person reads: a cover with the case,
the player, when it was made, the log position it reflects, the checkpoints and the SHA-256 of
the JSON pack (the PDF's own hash cannot be inside itself); then each jogada — the player's
part, the final state of the table or room, every step of the replay, the RNG check, the
re-adjudication, the money, the session statement, the integrity proof — and each transfer
with its corrections. Headings in Portuguese with English glosses; amounts in euros.

The bytes are a function of the pack alone (with the pinned fpdf2): the document's creation
date is the pack's ``generated_at``, its file id is derived from its content, and the pack
is read in its canonical JSON form first, so a pack loaded back from its JSON prints the same.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from domain.cards.codes import is_card
from domain.kernel.viewer import euros, words_of
from infra.complaints.canonical import pack_json_bytes, sha256_hex
from infra.complaints.pdf_scenes import GREY, EvidencePDF, shown, when

PLAYER_FIRST = ("cards", "jogada_id", "status", "ended_at", "seat", "result", "decision")


def pack_pdf_bytes(pack: dict[str, Any]) -> bytes:
    """The pack as a PDF, byte for byte the same for the same pack."""
    canonical = pack_json_bytes(pack)
    pack = json.loads(canonical)  # dicts in key order, whatever order they were built in
    spec = pack["spec"]
    pdf = EvidencePDF(f"Processo / case {spec['case_reference']}")
    generated = datetime.fromisoformat(spec["generated_at"])
    pdf.set_creation_date(generated)
    pdf.set_title(f"Pacote de prova / Evidence pack {spec['case_reference']}")
    pdf.set_subject(f"SHA-256 of the JSON pack: {sha256_hex(canonical)}")
    pdf.set_creator("game-ledger infra/complaints")
    _cover(pdf, pack, sha256_hex(canonical))
    _copy_note(pdf, pack)
    for jogada in pack["jogadas"]:
        _jogada(pdf, jogada)
    for transfer in pack["transfers"]:
        _transfer(pdf, transfer)
    return bytes(pdf.output())


def _cover(pdf: EvidencePDF, pack: dict[str, Any], digest: str) -> None:
    spec = pack["spec"]
    pdf.add_page()
    pdf.heading("Pacote de prova de reclamação", 0)
    pdf.line_of("Complaint evidence pack", 11, "I", GREY)
    pdf.ln(4)
    player = pack["player"]
    pdf.facts_of([
        ("Processo / Case reference", spec["case_reference"]),
        ("Id do processo / Case id", spec["case_id"]),
        ("Jogador / Player", f"{player['display_name'] or '—'} ({player['player_id']})"),
        ("Gerado em / Generated at", when(spec["generated_at"])),
        ("Registo até / Log as of", f"evento / event {spec['as_of']}"),
        ("Formato / Format", pack["format"]),
        ("SHA-256 do pacote JSON / of the JSON pack", digest),
    ], size=9)
    pdf.heading("Conteúdo / Contents", 2)
    pdf.table_of([[j["jogada_id"], j["title"], j["venue"]["name"] or j["venue"]["venue_id"],
                   _checkpoint_text(j["integrity"])] for j in pack["jogadas"]],
                 (34, 20, 26, 20),
                 ["Jogada", "Jogo / Game", "Mesa ou sala / Venue",
                  "Checkpoint assinado / Signed checkpoint"])
    pdf.table_of([[t["transfer_id"], t["kind"], euros(t["amount_cents"] or 0),
                   ", ".join(c["transfer_id"] for c in t["corrections"]) or "—"]
                  for t in pack["transfers"]], (34, 20, 20, 26),
                 ["Transferência / Transfer", "Tipo / Kind", "Montante / Amount",
                  "Correções / Corrections"])
    pdf.ln(2)
    pdf.line_of("O SHA-256 acima é o do pacote em JSON canónico (chaves ordenadas, sem espaços,"
                " UTF-8), registado no processo; este PDF é gerado do mesmo pacote. / The"
                " SHA-256 above is that of the pack as canonical JSON (sorted keys, no spaces,"
                " UTF-8), recorded on the case; this PDF is printed from the same pack.",
                7.5, "I", GREY)


def _checkpoint_text(integrity: dict[str, Any]) -> str:
    if integrity["status"] != "sealed":
        return "ainda não selada / not sealed yet"
    checkpoint = integrity["checkpoint"]
    return f"n.º {checkpoint['sequence']} ({checkpoint['tree_size']} eventos / events)"


def _jogada(pdf: EvidencePDF, j: dict[str, Any]) -> None:
    pdf.add_page()
    pdf.heading(f"Jogada {j['jogada_id']}", 1)
    final = j["replay"]["final"]
    pdf.facts_of([("Jogo / Game", f"{j['title']} ({j['regulation']})"),
                  ("Mesa ou sala / Venue", f"{j['venue']['name'] or '—'}"
                                           f" ({j['venue']['venue_id']})"),
                  ("Estado / Status", final.get("status")),
                  ("Terminou / Ended at", when(final.get("ended_at"))),
                  ("Passos / Steps", len(j["steps"]))])
    _player_part(pdf, j["player"])
    if j["steps"]:
        pdf.heading("Estado final da mesa ou sala / Final state", 2)
        pdf.scene(j["steps"][-1]["scene"])
    pdf.heading("Repetição passo a passo / Step-by-step replay", 2)
    pdf.line_of("Cada evento registado, pela ordem do registo, com o que mudou depois dele (os"
                " cartões de números estão no estado final; o estado completo após cada evento"
                " está no pacote JSON). / Every recorded event in log order with what it"
                " changed (number cards are in the final state; the whole state after each"
                " event is in the JSON pack).", 7.5, "I", GREY)
    before: dict[tuple[str, str], Any] = {}
    for step in j["steps"]:
        _step(pdf, step, before)
    _checks(pdf, j["replay"])
    _adjudication(pdf, j["adjudication"])
    pdf.heading("Movimentos de dinheiro da jogada / The jogada's money movements", 2)
    pdf.money("", j["money"])
    _statement(pdf, j["session"])
    _integrity(pdf, j["integrity"])
    _withheld(pdf, j)


def _player_part(pdf: EvidencePDF, part: dict[str, Any]) -> None:
    """The player's part of the jogada (Game.player_jogada): its cards drawn as cards, its
    cards of numbers as grids, numbers drawn as balls, the rest as facts in euros."""
    pdf.heading("A parte do jogador / The player's part", 2)
    drawn = set(part.get("drawn") or [])
    rest = []
    keys = [k for k in PLAYER_FIRST if k in part] + [k for k in part if k not in PLAYER_FIRST]
    for key in keys:
        value = part[key]
        if isinstance(value, list) and value and all(is_card(v) for v in value):
            pdf.playing_cards(words_of(key), value)
        elif isinstance(value, list) and value and all(
                isinstance(v, dict) and "numbers" in v for v in value):
            pdf.line_of(words_of(key), 8.5, "B")
            pdf.number_cards([{"label": f"Cartão / card {v.get('card')}", "rows": v["numbers"]}
                             for v in value], drawn)
        elif isinstance(value, list) and value and all(type(v) is int for v in value):
            pdf.balls(words_of(key), value)
        else:
            rest.append((words_of(key.removesuffix("_cents")), shown(value, key)))
    pdf.facts_of(rest)


def _step(pdf: EvidencePDF, step: dict[str, Any], before: dict[tuple[str, str], Any]) -> None:
    event = step["event"]
    if pdf.will_page_break(14):
        pdf.add_page()
    pdf.line_of(f"{step['number']}. {step['title']}", 8.5, "B")
    pdf.line_of(" · ".join(str(p) for p in (
        f"evento / event #{event['notification_id']}", event.get("name"), when(event.get("at")),
        event.get("actor"), step.get("rule")) if p), 7, "", GREY)
    changed = []
    for item in step["scene"]:
        key = (item["kind"], item.get("label") or item.get("text") or "")
        if item["kind"] == "money" or before.get(key) != item:
            changed.append(item)
        before[key] = item
    pdf.scene(changed, compact=True)
    pdf.ln(1)


def _checks(pdf: EvidencePDF, replay: dict[str, Any]) -> None:
    pdf.heading("Verificação do RNG / RNG check", 2)
    rng = replay.get("rng") or {}
    pdf.facts_of([("Verificado / Verified", rng.get("verified")),
                  ("Verificação / Check", rng.get("check")),
                  *[(words_of(k), v) for k, v in rng.items() if k not in ("verified", "check")]])
    for name, check in replay.items():
        if name.endswith("_check") and isinstance(check, dict):
            pdf.line_of(words_of(name), 8.5, "B")
            pdf.facts_of([(words_of(k), v) for k, v in check.items()])


def _adjudication(pdf: EvidencePDF, a: dict[str, Any]) -> None:
    pdf.heading("Readjudicação / Re-adjudication", 2)
    pdf.facts_of([("Concorda / Agrees", a.get("agrees")), ("Estado / Status", a.get("status")),
                  ("Problemas / Problems", "; ".join(a.get("problems") or []) or "—"),
                  ("Saldos iniciais / Opening balances",
                   shown(a.get("opening_balances") or None, "opening_balances")),
                  ("Regras / Rules", "; ".join(a.get("rules") or []))])
    recorded = a.get("recorded") or {}
    accounts = sorted(set(a.get("recomputed") or {}) | set(recorded.get("settlement") or {})
                      | set(recorded.get("money") or {}))
    pdf.table_of([[code, *(shown((side or {}).get(code, 0), "_cents")
                           for side in (a.get("recomputed"), recorded.get("settlement"),
                                        recorded.get("money")))] for code in accounts],
                 (40, 20, 20, 20),
                 ["Conta / Account", "Recalculado / Recomputed",
                  "Liquidação registada / Recorded settlement", "Dinheiro movido / Money moved"])
    if a.get("differences"):
        pdf.table_of([[d["account"], d["against"], euros(d["recorded_cents"]),
                       euros(d["recomputed_cents"])] for d in a["differences"]],
                     (40, 20, 20, 20), ["Diferença / Difference", "Contra / Against",
                                        "Registado / Recorded", "Recalculado / Recomputed"])


def _statement(pdf: EvidencePDF, session: dict[str, Any]) -> None:
    s = session["statement"]
    pdf.heading("Extrato da sessão de jogo / Game session statement", 2)
    pdf.line_of(f"Tal como estava na versão {session['version']} da sessão, quando o pacote foi"
                f" pedido. / As it stood at the session's version {session['version']}, when"
                " the pack was asked for.", 7.5, "I", GREY)
    pdf.facts_of([("Sessão / Session", s["session_id"]), ("Estado / Status", s["status"]),
                  ("Mesa ou sala / Venue", s["venue_id"]), ("Jogo / Game", s["game"]),
                  ("Início / Started at", when(s["started_at"])),
                  ("Fim / Ended at", when(s["ended_at"])),
                  ("Motivo do fim / End reason", s["end_reason"]),
                  ("Jogadas", s["jogadas"]),
                  ("Apostado / Wagered", euros(s["wagered_cents"])),
                  ("Ganho / Won", euros(s["won_cents"])),
                  ("Devolvido / Refunded", euros(s["refunded_cents"])),
                  ("Saldo / Net", euros(s["net_cents"])),
                  *[(f"Ganho em / won in {words_of(k)}",
                     f"{v['count']} — {euros(v['amount_cents'])}")
                    for k, v in s["won_by_category"].items()],
                  *[(line["label"], f"{line['count']} — {euros(line['amount_cents'])}")
                    for line in s["lines"]]])


def _integrity(pdf: EvidencePDF, proof: dict[str, Any]) -> None:
    pdf.heading("Prova de integridade / Integrity proof", 2)
    if proof["status"] != "sealed":
        pdf.line_of("Os eventos desta jogada ainda não estavam cobertos por um checkpoint"
                    " assinado quando o pacote foi pedido. / The jogada's events were not yet"
                    " covered by a signed checkpoint when the pack was asked for.", 8)
        return
    checkpoint, key = proof["checkpoint"], proof.get("public_key") or {}
    pdf.facts_of([("Verificada / Verified", proof["verified"]),
                  ("Checkpoint", f"n.º {checkpoint['sequence']}, {checkpoint['tree_size']}"
                                 f" eventos / events, até / through"
                                 f" {checkpoint['last_notification_id']}"),
                  ("Raiz de Merkle / Merkle root", checkpoint["root"]),
                  ("Cadeia / Hash chain", checkpoint["chain"]),
                  ("Selado em / Sealed at", when(checkpoint["sealed_at"])),
                  ("Chave / Key", f"{checkpoint['key_id']} ({key.get('algorithm', '—')})"),
                  ("Chave pública / Public key", key.get("public_key")),
                  ("Assinatura / Signature", checkpoint["signature"])], size=7.5)
    pdf.table_of([[e["notification_id"], e["leaf_index"], e["leaf_hash"], len(e["proof"]),
                   shown(e["verified"])] for e in proof["events"]], (12, 10, 54, 10, 14),
                 ["Evento / Event", "Folha / Leaf", "Hash da folha / Leaf hash",
                  "Caminho / Path", "Incluído / Included"], size=7)


def _copy_note(pdf: EvidencePDF, pack: dict[str, Any]) -> None:
    """The player's copy says so on its cover (infra/complaints/evidence.py, issue 25)."""
    if pack["spec"].get("copy") != "player":
        return
    pdf.line_of("Cópia do jogador: sem o que as regras do jogo não lhe mostraram (as cartas de"
                " outros nunca mostradas na mesa, a semente e a ordem do baralho); cada evento"
                " cortado mantém a sua prova de inclusão. / The player's copy: without what the"
                " game's rules kept from the player (others' cards never shown at the table,"
                " the seed and the deck's order); each event cut keeps its inclusion proof.",
                8, "I", GREY)


def _withheld(pdf: EvidencePDF, j: dict[str, Any]) -> None:
    """The events the player's copy cuts, each with why (Game.player_copy)."""
    if not j.get("withheld"):
        return
    pdf.heading("Retido nesta cópia / Withheld from this copy", 2)
    pdf.table_of([[w["position"], w["event"], ", ".join(w["fields"]), w["reason"]]
                  for w in j["withheld"]], (12, 20, 20, 48),
                 ["Evento / Event", "Nome / Name", "Campos / Fields", "Porquê / Why"], size=7)


def _transfer(pdf: EvidencePDF, t: dict[str, Any]) -> None:
    pdf.add_page()
    pdf.heading(f"Transferência / Transfer {t['transfer_id']}", 1)
    _movement(pdf, t)
    pdf.heading("Correções / Corrections", 2)
    if not t["corrections"]:
        pdf.line_of("Nenhuma até ao registo deste pacote. / None up to the log this pack"
                    " reflects.", 8)
    for c in t["corrections"]:
        pdf.line_of(f"{c['transfer_id']} — motivo / reason: {c.get('note') or '—'}", 8.5, "B")
        _movement(pdf, c)


def _movement(pdf: EvidencePDF, t: dict[str, Any]) -> None:
    pdf.facts_of([("Tipo / Kind", t["kind"]), ("De / From", t["from_code"]),
                  ("Para / To", t["to_code"]), ("Montante / Amount", euros(t["amount_cents"] or 0)),
                  ("Em / At", when(t["at"])), ("Por / Actor", t["actor"])])
    pdf.table_of([[m["notification_id"], m["account_code"], m["type"],
                   euros(m["amount_cents"] or 0), m["counterparty"] or "—", m["reason"] or "—",
                   when(m["at"])] for m in t["movements"]], (9, 30, 13, 13, 30, 12, 19),
                 ["Evento / Event", "Conta / Account", "Movimento / Kind", "Montante / Amount",
                  "Contraparte / Counterparty", "Motivo / Reason", "Em / At"])
