"""An evidence pack (infra/complaints/evidence.py) as a PDF a player and a regulator read, in
Portuguese (the default) or English (infra/complaints/pack_words.py): a cover with the operator
and its licence, the case, the player, when it was made, the log position it reflects and the
SHA-256 of the JSON pack (the PDF's own hash cannot be inside itself), the player's complaint
in the player's words and the case's timeline (infra/complaints/pdf_cover.py); then each
jogada — the player's part, the final state of the table or room, every step of the replay,
the RNG check, the re-adjudication stating what it compares, the money, the session
statement, the integrity proof with each event's audit path — and each transfer with its
corrections. Amounts in euros, times in Lisbon's legal time, codes in words (the core's, and
each game's own, ``Game.words``), people by their display names.

The bytes are a function of the pack, the language and this code (its words, the pinned
fpdf2): the document's creation date is the pack's ``generated_at``, its file id is derived
from its content, and the pack is read in its canonical JSON form first, so a pack loaded back
from its JSON prints the same.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from domain.cards.codes import is_card
from domain.kernel.errors import InvalidInputError
from domain.kernel.viewer import euros, words_of
from infra.complaints.canonical import pack_json_bytes, sha256_hex
from infra.complaints.pack_words import LANGUAGES, Words
from infra.complaints.pdf_cover import cover
from infra.complaints.pdf_scenes import GREY, EvidencePDF
from infra.games import builtin_games

PLAYER_FIRST = ("cards", "jogada_id", "status", "ended_at", "seat", "result", "decision")


def pack_pdf_bytes(pack: dict[str, Any], lang: str = "pt", games: Any = None) -> bytes:
    """The pack as a PDF in ``lang`` ("pt" | "en"), byte for byte the same for the same pack.
    ``games``: the registry whose games' words name their codes (domain/kernel/game.py
    ``Games``; None: the built-in games)."""
    if lang not in LANGUAGES:
        raise InvalidInputError(f"lang must be one of {', '.join(LANGUAGES)}", field="lang")
    if games is None:
        games = builtin_games()
    canonical = pack_json_bytes(pack)
    digest = sha256_hex(canonical)
    pack = json.loads(canonical)  # dicts in key order, whatever order they were built in
    spec, w = pack["spec"], Words(lang)
    pdf = EvidencePDF(f"{w('case')} {spec['case_reference']}", w, pack.get("people"))
    pdf.set_creation_date(datetime.fromisoformat(spec["generated_at"]))
    pdf.set_title(f"{w('title')} {spec['case_reference']}")
    pdf.set_subject(f"{w('json_sha')}: {digest}")
    pdf.set_creator("game-ledger infra/complaints")
    pdf.set_lang(lang)
    cover(pdf, pack, digest)
    _copy_note(pdf, pack)
    for jogada in pack["jogadas"]:
        game = games.get(jogada["game"])
        pdf.game_words = dict(getattr(game, "words", None) or {})
        _jogada(pdf, jogada)
    pdf.game_words = {}
    for transfer in pack["transfers"]:
        _transfer(pdf, transfer)
    return bytes(pdf.output())


def _jogada(pdf: EvidencePDF, j: dict[str, Any]) -> None:
    w = pdf.words
    pdf.add_page()
    pdf.heading(f"{w('jogada')} {j['jogada_id']}", 1)
    final = j["replay"]["final"]
    pdf.facts_of([(w("game"), f"{j['title']} ({j['regulation']})"),
                  (w("venue"), f"{j['venue']['name'] or '—'} ({j['venue']['venue_id']})"),
                  (w("status"), pdf.code(final.get("status"))),
                  (w("ended_at"), pdf.when(final.get("ended_at"))),
                  (w("steps"), len(j["steps"]))])
    _player_part(pdf, j["player"])
    if j["steps"]:
        pdf.heading(w("final_state"), 2)
        pdf.scene(_scene(pdf, j["steps"][-1]))
    pdf.heading(w("replay"), 2)
    pdf.line_of(w("replay_note"), 7.5, "I", GREY)
    before: dict[tuple[str, str], Any] = {}
    for step in j["steps"]:
        _step(pdf, step, before)
    _checks(pdf, j["replay"])
    _adjudication(pdf, j["adjudication"])
    pdf.heading(w("money_moves"), 2)
    pdf.money("", j["money"])
    _statement(pdf, j["session"])
    _integrity(pdf, j["integrity"])
    _withheld(pdf, j)


def _key(pdf: EvidencePDF, key: str) -> str:
    """A field of the player's part: the game's word for it, else the key in words."""
    word = pdf.code(key)
    return words_of(key.removesuffix("_cents")) if word == key else word


def _player_part(pdf: EvidencePDF, part: dict[str, Any]) -> None:
    """The player's part of the jogada (Game.player_jogada): its cards drawn as cards, its
    cards of numbers as grids, numbers drawn as balls, the rest as facts, codes in words."""
    pdf.heading(pdf.words("players_part"), 2)
    drawn = set(part.get("drawn") or [])
    rest: list[tuple[str, Any]] = []
    keys = [k for k in PLAYER_FIRST if k in part] + [k for k in part if k not in PLAYER_FIRST]
    for key in keys:
        value = part[key]
        if isinstance(value, list) and value and all(is_card(v) for v in value):
            pdf.playing_cards(_key(pdf, key), value)
        elif isinstance(value, list) and value and all(
                isinstance(v, dict) and "numbers" in v for v in value):
            pdf.line_of(_key(pdf, key), 8.5, "B")
            pdf.number_cards([{"label": pdf.words("card_n", n=v.get("card")),
                               "rows": v["numbers"]} for v in value], drawn)
        elif isinstance(value, list) and value and all(type(v) is int for v in value):
            pdf.balls(_key(pdf, key), value)
        elif isinstance(value, str) and not key.endswith("_at"):  # "won, push": each code
            rest.append((_key(pdf, key), ", ".join(pdf.code(v) for v in value.split(", "))))
        else:
            rest.append((_key(pdf, key), pdf.shown(value, key)))
    pdf.facts_of(rest)


def _step(pdf: EvidencePDF, step: dict[str, Any], before: dict[tuple[str, str], Any]) -> None:
    event = step["event"]
    if pdf.will_page_break(14):
        pdf.add_page()
    name = event.get("name")
    said = pdf.code(name) if name else None
    title = (step.get("titles") or {}).get(pdf.words.lang, step["title"]) or ""
    heading = f"{said} — {title}" if said and said != name and title else (title or said)
    pdf.line_of(f"{step['number']}. {heading}", 8.5, "B")
    pdf.line_of(" · ".join(str(p) for p in (
        f"{pdf.words('event')} #{event['notification_id']}", name, pdf.when(event.get("at")),
        pdf.person(event.get("actor")) if event.get("actor") else None, step.get("rule"))
        if p), 7, "", GREY)
    changed = []
    for item in _scene(pdf, step):
        key = (item["kind"], item.get("label") or item.get("text") or "")
        if item["kind"] == "money" or before.get(key) != item:
            changed.append(item)
        before[key] = item
    pdf.scene(changed, compact=True)
    pdf.ln(1)


def _scene(pdf: EvidencePDF, step: dict[str, Any]) -> list[dict[str, Any]]:
    """The step's scene in the PDF's language (a /2 pack's ``scenes``), else as the viewer
    drew it (English)."""
    return (step.get("scenes") or {}).get(pdf.words.lang, step["scene"])


def _checks(pdf: EvidencePDF, replay: dict[str, Any]) -> None:
    w = pdf.words
    pdf.heading(w("rng"), 2)
    rng = replay.get("rng") or {}
    pdf.facts_of([(w("verified"), rng.get("verified")),
                  (w("check"), _verdict(pdf, rng.get("verified"), rng.get("check"), "rng_passed")),
                  *[(_key(pdf, k), v) for k, v in rng.items() if k not in ("verified", "check")]])
    for name, check in replay.items():
        if name.endswith("_check") and isinstance(check, dict):
            pdf.line_of(_key(pdf, name), 8.5, "B")
            pdf.facts_of([(_key(pdf, k), _verdict(pdf, check.get("verified"), v)
                           if k == "check" else v) for k, v in check.items()])


def _verdict(pdf: EvidencePDF, verified: Any, said: Any, passed: str = "check_passed") -> Any:
    """A check's sentence (the game's replay writes it in English): in another language, the
    verdict in its words, the game's own sentence kept after it when the check did not pass
    (it names what failed)."""
    if pdf.words.lang == "en" or not isinstance(said, str):
        return said
    if verified:
        return pdf.words(passed)
    return f"{pdf.words('check_not_passed')} ({said})"


def _adjudication(pdf: EvidencePDF, a: dict[str, Any]) -> None:
    """The re-adjudication as three amounts per account, each saying what it is: the net the
    rules give from the recorded facts, the net the recorded settlement states (player
    wallets only: for the house or a pool it states nothing, which is not 0,00 €), the net
    the account events moved; whether they agree, and each difference in words."""
    w = pdf.words
    pdf.heading(w("readjudication"), 2)
    pdf.line_of(w("readjudication_note"), 7.5, "I", GREY)
    pdf.facts_of([(w("agrees_all"), a.get("agrees")), (w("status"), pdf.code(a.get("status"))),
                  (w("problems"), "; ".join(a.get("problems") or []) or "—"),
                  (w("opening_balances"), "; ".join(
                      f"{pdf.person(k)}: {euros(v)}"
                      for k, v in (a.get("opening_balances") or {}).items()) or "—"),
                  (w("rules"), "; ".join(a.get("rules") or []))])
    recomputed = a.get("recomputed") or {}
    recorded = a.get("recorded") or {}
    settlement, money = recorded.get("settlement") or {}, recorded.get("money") or {}
    differing = {d["account"] for d in a.get("differences") or []}
    rows = []
    for code in sorted(set(recomputed) | set(settlement) | set(money)):
        wallet = code.startswith("wallet:")
        rows.append([pdf.person(code), euros(recomputed.get(code, 0)),
                     euros(settlement.get(code, 0)) if wallet else w("not_in_settlement"),
                     euros(money.get(code, 0)), w.yes_no(code not in differing)])
    pdf.table_of(rows, (24, 20, 20, 16, 10),
                 [w("account"), w("col_recomputed"), w("col_settlement"), w("col_money"),
                  w("col_agree")])
    for d in a.get("differences") or []:
        pdf.line_of(w("differs", account=pdf.person(d["account"]),
                      against=w(f"against_{d['against']}"),
                      recorded=euros(d["recorded_cents"]),
                      recomputed=euros(d["recomputed_cents"]),
                      delta=euros(d["recorded_cents"] - d["recomputed_cents"])), 8)


def _statement(pdf: EvidencePDF, session: dict[str, Any]) -> None:
    s, w = session["statement"], pdf.words
    pdf.heading(w("statement"), 2)
    pdf.line_of(w("statement_note", v=session["version"]), 7.5, "I", GREY)
    pdf.facts_of([(w("session"), s["session_id"]), (w("status"), pdf.code(s["status"])),
                  (w("venue"), s["venue_id"]), (w("game"), s["game"]),
                  (w("started_at"), pdf.when(s["started_at"])),
                  (w("ended_at"), pdf.when(s["ended_at"])),
                  (w("end_reason"), pdf.code(s["end_reason"])),
                  (w("jogadas"), s["jogadas"]),
                  (w("wagered"), euros(s["wagered_cents"])),
                  (w("won"), euros(s["won_cents"])),
                  (w("refunded"), euros(s["refunded_cents"])),
                  (w("net"), euros(s["net_cents"])),
                  *[(w("won_in_category", what=pdf.code(k)),
                     f"{v['count']} — {euros(v['amount_cents'])}")
                    for k, v in s["won_by_category"].items()],
                  *[(pdf.code(line["label"]), f"{line['count']} — {euros(line['amount_cents'])}")
                    for line in s["lines"]]])


def _integrity(pdf: EvidencePDF, proof: dict[str, Any]) -> None:
    """The checkpoint, and for each event its leaf and audit path (RFC 9162), every hash in
    hex, so the inclusion can be checked from paper."""
    w = pdf.words
    pdf.heading(w("integrity"), 2)
    if proof["status"] != "sealed":
        pdf.line_of(w("integrity_unsealed"), 8)
        return
    checkpoint, key = proof["checkpoint"], proof.get("public_key") or {}
    pdf.line_of(w("integrity_note"), 7.5, "I", GREY)
    pdf.facts_of([(w("verified"), proof["verified"]),
                  (w("checkpoint"), w("checkpoint_line", n=checkpoint["sequence"],
                                      size=checkpoint["tree_size"],
                                      last=checkpoint["last_notification_id"])),
                  (w("tree_size"), checkpoint["tree_size"]),
                  (w("root"), checkpoint["root"]),
                  (w("chain"), checkpoint["chain"]),
                  (w("sealed_at"), pdf.when(checkpoint["sealed_at"])),
                  (w("key"), f"{checkpoint['key_id']} ({key.get('algorithm', '—')})"),
                  (w("public_key"), key.get("public_key")),
                  (w("signature"), checkpoint["signature"])], size=7.5)
    for e in proof["events"]:
        if pdf.will_page_break(14):
            pdf.add_page()
        pdf.line_of(f"{w('Event')} #{e['notification_id']} · {w('leaf')} {e['leaf_index']}"
                    f" · {w('tree_size')} {checkpoint['tree_size']} · {w('included')}:"
                    f" {w.yes_no(e['verified'])}", 7.5, "B")
        pdf.line_of(f"{w('leaf_hash')}:", 7)
        pdf.hashes([e["leaf_hash"]])
        pdf.line_of(f"{w('path', n=len(e['proof']))}:", 7)
        pdf.hashes(e["proof"] or [w("none")])
        pdf.ln(1)


def _copy_note(pdf: EvidencePDF, pack: dict[str, Any]) -> None:
    """The player's copy says so on its cover (infra/complaints/evidence.py, issue 25)."""
    if pack["spec"].get("copy") != "player":
        return
    pdf.line_of(pdf.words("player_copy"), 8, "I", GREY)


def _withheld(pdf: EvidencePDF, j: dict[str, Any]) -> None:
    """The events the player's copy cuts, each with why (Game.player_copy)."""
    if not j.get("withheld"):
        return
    w = pdf.words
    pdf.heading(w("withheld"), 2)
    pdf.table_of([[cut["position"], pdf.code(cut["event"]), ", ".join(cut["fields"]),
                   cut["reason"]] for cut in j["withheld"]], (12, 20, 20, 48),
                 [w("withheld_event"), w("withheld_name"), w("withheld_fields"),
                  w("withheld_why")], size=7)


def _transfer(pdf: EvidencePDF, t: dict[str, Any]) -> None:
    w = pdf.words
    pdf.add_page()
    pdf.heading(f"{w('transfer')} {t['transfer_id']}", 1)
    _movement(pdf, t)
    pdf.heading(w("corrections"), 2)
    if not t["corrections"]:
        pdf.line_of(w("corrections_none"), 8)
    for c in t["corrections"]:
        pdf.line_of(f"{c['transfer_id']} — {w('correction_reason')}: {c.get('note') or '—'}",
                    8.5, "B")
        _movement(pdf, c)


def _movement(pdf: EvidencePDF, t: dict[str, Any]) -> None:
    w = pdf.words
    pdf.facts_of([(w("kind"), pdf.code(t["kind"])), (w("from"), pdf.person(t["from_code"])),
                  (w("to"), pdf.person(t["to_code"])),
                  (w("amount"), euros(t["amount_cents"] or 0)),
                  (w("at"), pdf.when(t["at"])), (w("actor"), pdf.person(t["actor"]))])
    pdf.table_of([[m["notification_id"], pdf.person(m["account_code"]), pdf.code(m["type"]),
                   euros(m["amount_cents"] or 0), pdf.person(m["counterparty"] or "—"),
                   pdf.code(m["reason"]) if m["reason"] else "—", pdf.when(m["at"])]
                  for m in t["movements"]], (9, 30, 13, 13, 30, 12, 19),
                 [w("position"), w("account"), w("movement"), w("amount"), w("counterparty"),
                  w("reason"), w("at")])
