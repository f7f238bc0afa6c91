"""The first pages of an evidence pack's PDF (infra/complaints/pdf.py): who made it (the
operator's name and licence, recorded in the pack's spec), the case, the player, when it was
made, the log position it reflects, the SHA-256 of the JSON pack; the player's complaint in
the player's own words and the case's timeline (a pack of format /2); the contents."""

from __future__ import annotations

import re
from typing import Any

from domain.kernel.viewer import euros
from infra.complaints.pack_words import STEP
from infra.complaints.pdf_scenes import GREY, EvidencePDF

DAY = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
PERSON_FIELDS = ("assignee",)
CODE_FIELDS = ("outcome", "body", "kind")


def cover(pdf: EvidencePDF, pack: dict[str, Any], digest: str) -> None:
    spec, w = pack["spec"], pdf.words
    operator = spec.get("operator") or {}
    pdf.add_page()
    pdf.heading(w("title"), 0)
    pdf.ln(2)
    player = pack["player"]
    pdf.facts_of([
        (w("operator"), operator.get("name") or "—"),
        (w("licence"), operator.get("licence") or "—"),
        (w("case"), spec["case_reference"]),
        (w("case_id"), spec["case_id"]),
        (w("player"), f"{player['display_name'] or '—'} ({player['player_id']})"),
        (w("generated_at"), pdf.when(spec["generated_at"])),
        (w("as_of"), w("event_n", n=spec["as_of"])),
        (w("times"), w("times_note")),
        (w("format"), pack["format"]),
        (w("json_sha"), digest),
    ], size=9)
    if pack.get("case"):
        complaint(pdf, pack["case"])
    pdf.heading(w("contents"), 2)
    pdf.table_of([[j["jogada_id"], j["title"], j["venue"]["name"] or j["venue"]["venue_id"],
                   checkpoint_text(pdf, j["integrity"])] for j in pack["jogadas"]],
                 (34, 20, 26, 20), [w("jogada"), w("game"), w("venue"),
                                    w("signed_checkpoint")])
    pdf.table_of([[t["transfer_id"], pdf.code(t["kind"]), euros(t["amount_cents"] or 0),
                   ", ".join(c["transfer_id"] for c in t["corrections"]) or "—"]
                  for t in pack["transfers"]], (34, 20, 20, 26),
                 [w("transfer"), w("kind"), w("amount"), w("corrections")])
    pdf.ln(2)
    pdf.line_of(w("hash_note"), 7.5, "I", GREY)


def checkpoint_text(pdf: EvidencePDF, integrity: dict[str, Any]) -> str:
    if integrity["status"] != "sealed":
        return pdf.words("not_sealed")
    checkpoint = integrity["checkpoint"]
    return pdf.words("checkpoint_n", n=checkpoint["sequence"], size=checkpoint["tree_size"])


def complaint(pdf: EvidencePDF, case: dict[str, Any]) -> None:
    """The complaint as the player wrote it, and the case's steps up to the pack."""
    w = pdf.words
    pdf.heading(w("complaint"), 2)
    pdf.facts_of([(w("subject"), case["subject"]), (w("channel"), pdf.code(case["channel"])),
                  *([(w("external_reference"), case["external_reference"])]
                    if case.get("external_reference") else []),
                  (w("opened_at"), pdf.when(case["opened_at"])),
                  (w("who"), pdf.person(case["opened_by"]))])
    pdf.line_of(w("player_words"), 8.5, "B")
    pdf.quoted(case["complaint"])
    pdf.heading(w("timeline"), 2)
    pdf.line_of(w("timeline_note"), 7.5, "I", GREY)
    pdf.table_of([[pdf.when(step["at"]), pdf.person(step["actor"]), step_text(pdf, step)]
                  for step in case["timeline"]], (24, 22, 54),
                 [w("when"), w("who"), w("what")])


def step_text(pdf: EvidencePDF, step: dict[str, Any]) -> str:
    """A step of the case in words: what happened, then its details ("resultado:
    improcedente")."""
    words = pdf.words
    kind = words.code(STEP + step["kind"])
    if kind == STEP + step["kind"]:
        kind = pdf.code(step["kind"])
    parts = []
    for key, value in step["detail"].items():
        if value is None or value == [] or value == {}:
            continue
        parts.append(f"{words.details.get(key, key)}: {_detail(pdf, key, value)}")
    return kind + ("\n" + "\n".join(parts) if parts else "")


def _detail(pdf: EvidencePDF, key: str, value: Any) -> str:
    if key in PERSON_FIELDS:
        return pdf.person(value)
    if key in CODE_FIELDS:
        return pdf.code(value)
    if isinstance(value, str) and DAY.match(value):
        year, month, day = DAY.match(value).groups()
        return f"{day}/{month}/{year}"
    if isinstance(value, dict):
        return "; ".join(f"{pdf.words.details.get(k, k)}: {_detail(pdf, k, v)}"
                         for k, v in value.items() if v is not None)
    return pdf.shown(value, key)
