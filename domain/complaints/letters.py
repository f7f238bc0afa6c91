"""The letters a complaint case sends the player (issue 16), in Portuguese and English.

Pure: text from what the case recorded, no I/O and no clock. ``final_letter`` is the final
answer: the case's reference, the decision (procedente / parcialmente procedente /
improcedente), the reasons as the handler wrote them, the compensation (the amount, "12,50 €",
and how it was paid: credited to the wallet, the transfer corrected, or the jogada voided and
every bet refunded by the game's own rule), and how the player may take it further: the
regulator SRIJ, an alternative dispute resolution body (Lei 144/2015) and the complaints book
(Livro de Reclamações, Decreto-Lei 156/2005). ``acknowledgement_letter`` tells the player the
case was received and when the answer is due.

What a letter reads, from the case (``public`` of domain/complaints/handling.py, or the read
model's row): ``reference``, ``outcome``, ``decision`` (``reasons``, ``compensation``),
``compensation_paid``, and where present ``subject``, ``channel``, ``external_reference``,
``opened_at``, ``answer_due``, ``escalations``; from the timeline (entries with ``kind`` and
``at``, the event's fields beside them or under ``detail``, as projections/complaints.py
records them): when the case was opened and resolved, and whatever the case row lacks of the
above (the approved decision, the payments, the escalations).
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any

from domain.complaints.calendar import lisbon_date
from domain.kernel.errors import ConflictError, InvalidInputError
from domain.kernel.viewer import euros  # 1250 → "12,50 €"

LANGUAGES = ("pt", "en")
SRIJ_SITE = "www.srij.turismodeportugal.pt"
COMPLAINTS_BOOK_SITE = "www.livroreclamacoes.pt"
CONSUMER_PORTAL_SITE = "www.consumidor.gov.pt"  # lists the ADR bodies (Lei 144/2015, art. 18)

OUTCOME_WORDS = {
    "pt": {"upheld": "procedente", "partly_upheld": "parcialmente procedente",
           "rejected": "improcedente"},
    "en": {"upheld": "upheld", "partly_upheld": "partly upheld", "rejected": "rejected"},
}
CHANNEL_WORDS = {
    "pt": {"complaints_book": "do Livro de Reclamações", "srij": "do SRIJ",
           "adr": "de uma entidade de resolução alternativa de litígios"},
    "en": {"complaints_book": "the complaints book (Livro de Reclamações)", "srij": "SRIJ",
           "adr": "an alternative dispute resolution body"},
}
BODY_WORDS = {
    "pt": {"srij": "ao SRIJ", "adr": "a uma entidade de resolução alternativa de litígios"},
    "en": {"srij": "to SRIJ", "adr": "to an alternative dispute resolution body"},
}
MONTHS = {
    "pt": ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto",
           "setembro", "outubro", "novembro", "dezembro"),
    "en": ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"),
}


def _check_language(language: str) -> str:
    if language not in LANGUAGES:
        raise InvalidInputError(f"language must be one of {', '.join(LANGUAGES)}",
                                field="language")
    return language


def _snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", str(name)).lower()


def _kind(entry: dict[str, Any]) -> str:
    for key in ("kind", "type", "event"):
        if entry.get(key):
            return _snake(str(entry[key]).rsplit(".", 1)[-1])
    return ""


def _value(entry: dict[str, Any], name: str) -> Any:
    if name in entry:
        return entry[name]
    for key in ("detail", "data", "state"):
        inner = entry.get(key)
        if isinstance(inner, dict) and name in inner:
            return inner[name]
    return None


def _entries(timeline: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in timeline if isinstance(e, dict) and _kind(e) == kind]


def _day(value: Any) -> date | None:
    if isinstance(value, datetime):
        return lisbon_date(value) if value.tzinfo else value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, str) and value:
        try:
            when = datetime.fromisoformat(value)
        except ValueError:
            return None
        return lisbon_date(when) if when.tzinfo else when.date()
    return None


def written_date(value: Any, language: str) -> str | None:
    """"5 de janeiro de 2026" / "5 January 2026" (the day in Lisbon)."""
    day = _day(value)
    if day is None:
        return None
    month = MONTHS[language][day.month - 1]
    return f"{day.day} de {month} de {day.year}" if language == "pt" else \
        f"{day.day} {month} {day.year}"


def _first(case: dict[str, Any], timeline: list[dict[str, Any]], name: str, kind: str) -> Any:
    if case.get(name) is not None:
        return case[name]
    for entry in _entries(timeline, kind):
        if _value(entry, name) is not None:
            return _value(entry, name)
    return None


def _decision(case: dict[str, Any], timeline: list[dict[str, Any]]) -> dict[str, Any]:
    """The decision the case was resolved with: the case's own, else the last approved on
    the timeline (the read model's approval carries its proposal's outcome, reasons and
    compensation), else the last proposed."""
    decision = case.get("decision")
    if isinstance(decision, dict) and decision.get("reasons") is not None:
        return decision
    for kind in ("decision_approved", "decision_proposed"):
        found = [e for e in _entries(timeline, kind) if _value(e, "reasons") is not None]
        if found:
            return {name: _value(found[-1], name) for name in ("number", "outcome", "reasons",
                                                                "compensation")}
    return {}


def _paid(case: dict[str, Any], timeline: list[dict[str, Any]],
          number: Any) -> dict[str, Any] | None:
    paid = case.get("compensation_paid") or {}
    if number is not None and str(number) in {str(k) for k in paid}:
        return next(v for k, v in paid.items() if str(k) == str(number))
    for entry in reversed(_entries(timeline, "compensation_paid")):
        if number is None or str(_value(entry, "number")) == str(number):
            return {"kind": _value(entry, "kind"), "amount_cents": _value(entry, "amount_cents"),
                    "transfer_ids": _value(entry, "transfer_ids") or [], "at": entry.get("at")}
    return None


def _compensation_text(compensation: dict[str, Any] | None, paid: dict[str, Any] | None,
                       language: str) -> str:
    pt = language == "pt"
    if not compensation:
        return ("Não há lugar a qualquer compensação." if pt else
                "No compensation is due.")
    kind = compensation.get("kind")
    amount = euros(int((paid or compensation).get("amount_cents") or 0))
    transfers = ", ".join((paid or {}).get("transfer_ids") or [])
    ref = (f" (movimento {transfers})" if pt else f" (movement {transfers})") if transfers else ""
    if kind == "payment":
        return (f"Foi creditado na sua carteira de jogador o montante de {amount}, a título de"
                f" compensação{ref}." if pt else
                f"We credited {amount} to your player wallet as compensation{ref}.")
    if kind == "correction":
        original = compensation.get("transfer_id")
        return (f"O movimento {original} foi corrigido: um movimento de sentido contrário, de"
                f" {amount}, repôs os saldos{ref}." if pt else
                f"Transfer {original} was corrected: an opposite transfer of {amount} put the"
                f" balances back{ref}.")
    jogada = compensation.get("jogada_id")
    return (f"A jogada {jogada} foi anulada e todas as apostas nela feitas foram devolvidas,"
            f" segundo as regras do próprio jogo; a sua aposta, {amount}, voltou à sua carteira."
            if pt else
            f"Jogada {jogada} was voided and every bet in it refunded, by the game's own rules;"
            f" your stake, {amount}, went back to your wallet.")


def _escalation_text(language: str) -> str:
    if language == "pt":
        return ("Se não concordar com esta resposta, pode ainda:\n"
                "- apresentar a sua reclamação ao Serviço de Regulação e Inspeção de Jogos"
                f" (SRIJ), que regula e fiscaliza o jogo online em Portugal: {SRIJ_SITE};\n"
                "- recorrer a uma das entidades de resolução alternativa de litígios de"
                " consumo (a lista está no Portal do Consumidor,"
                f" {CONSUMER_PORTAL_SITE});\n"
                "- registar a sua reclamação no Livro de Reclamações Eletrónico:"
                f" {COMPLAINTS_BOOK_SITE}.")
    return ("If you do not agree with this answer, you may still:\n"
            "- complain to the regulator, Serviço de Regulação e Inspeção de Jogos (SRIJ),"
            f" which regulates and inspects online gambling in Portugal: {SRIJ_SITE};\n"
            "- turn to an alternative dispute resolution body (entidades de resolução"
            " alternativa de litígios; the list is on the consumer portal,"
            f" {CONSUMER_PORTAL_SITE});\n"
            "- write in the electronic complaints book (Livro de Reclamações):"
            f" {COMPLAINTS_BOOK_SITE}.")


def _received_line(case: dict[str, Any], timeline: list[dict[str, Any]], language: str) -> str:
    pt = language == "pt"
    reference = case["reference"]
    opened = _first(case, timeline, "opened_at", "opened")
    if opened is None:
        opened_entries = _entries(timeline, "opened")
        opened = opened_entries[0].get("at") if opened_entries else None
    when = written_date(opened, language)
    subject = _first(case, timeline, "subject", "opened")
    line = (f"A sua reclamação com a referência {reference}" if pt else
            f"Your complaint, reference {reference},")
    if when:
        line += f", recebida em {when}," if pt else f" received on {when},"
    if subject:
        line += f" sobre «{subject}»" if pt else f" about \"{subject}\""
    channel = _first(case, timeline, "channel", "opened")
    external = _first(case, timeline, "external_reference", "opened")
    if channel in CHANNEL_WORDS[language]:
        via = CHANNEL_WORDS[language][channel]
        extra = f", referência {external}" if pt and external else \
            f", reference {external}" if external else ""
        line += (f" (apresentada através {via}{extra})" if pt else f" (received through {via}{extra})")
    return line


def _closing(reference: str, language: str) -> list[str]:
    pt = language == "pt"
    return ["", f"Indique sempre a referência {reference}." if pt else
            f"Please always quote the reference {reference}.",
            "", "Com os melhores cumprimentos," if pt else "Yours sincerely,",
            "O serviço de reclamações" if pt else "The complaints service"]


def final_letter(case: dict[str, Any], timeline: list[dict[str, Any]],
                 language: str) -> dict[str, Any]:
    """The final answer to the player: ``{"language", "kind": "final", "reference",
    "outcome", "subject", "body"}``. A case with no outcome yet (not resolved, or reopened)
    has none: 409 ``case_not_resolved``."""
    _check_language(language)
    outcome = case.get("outcome")
    if outcome not in OUTCOME_WORDS[language]:
        raise ConflictError(f"case {case.get('reference')} has no final answer yet: it is"
                            f" {case.get('state')}, and a letter follows its resolution",
                            field="case_id", code="case_not_resolved",
                            details={"state": case.get("state")})
    pt = language == "pt"
    reference = case["reference"]
    decision = _decision(case, timeline)
    compensation = decision.get("compensation")
    paid = _paid(case, timeline, decision.get("number")) if compensation else None
    resolved = _entries(timeline, "resolved")
    resolved_on = written_date(resolved[-1].get("at"), language) if resolved else None
    word = OUTCOME_WORDS[language][outcome]

    lines = ["Exmo.(a) Senhor(a)," if pt else "Dear player,", ""]
    lines.append(_received_line(case, timeline, language)
                 + (" foi analisada e decidida." if pt else " has been examined and decided."))
    lines.append("")
    when = ((f", em {resolved_on}" if pt else f" ({resolved_on})") if resolved_on else "") + "."
    lines.append((f"Decisão: a sua reclamação foi considerada {word.upper()}" if pt else
                  f"Decision: your complaint is {word.upper()}") + when)
    lines += ["", "Fundamentação:" if pt else "Reasons:", str(decision.get("reasons") or "—"),
              "", "Compensação:" if pt else "Compensation:",
              _compensation_text(compensation, paid, language)]
    escalations = case.get("escalations")
    if escalations is None:
        escalations = [{"body": _value(e, "body"), "reference": _value(e, "reference")}
                       for e in _entries(timeline, "escalated")]
    if escalations:
        lines.append("")
        for escalation in escalations:
            body = BODY_WORDS[language].get(escalation.get("body"), escalation.get("body"))
            ref = escalation.get("reference")
            lines.append((f"O processo foi também remetido {body}" if pt else
                          f"The case was also referred {body}")
                         + ((f" (referência {ref})" if pt else f" (reference {ref})")
                            if ref else "") + ".")
    lines += ["", _escalation_text(language), *_closing(reference, language)]
    subject = (f"Reclamação {reference}: resposta final ({word})" if pt else
               f"Complaint {reference}: final answer ({word})")
    return {"language": language, "kind": "final", "reference": reference, "outcome": outcome,
            "subject": subject, "body": "\n".join(lines)}


def acknowledgement_letter(case: dict[str, Any], timeline: list[dict[str, Any]],
                           language: str) -> dict[str, Any]:
    """The player is told the case was received, its reference and when the answer is due
    (in working days; the clock stands still while the case awaits the player's answer)."""
    _check_language(language)
    pt = language == "pt"
    reference = case["reference"]
    due = written_date(case.get("answer_due"), language)
    lines = ["Exmo.(a) Senhor(a)," if pt else "Dear player,", "",
             _received_line(case, timeline, language)
             + (" foi registada e está a ser analisada." if pt else
                " has been registered and is being examined.")]
    if due:
        lines += ["", (f"Responderemos até {due}. Se precisarmos de mais informações, o prazo"
                       " fica suspenso enquanto aguardamos a sua resposta." if pt else
                       f"We will answer by {due}. If we need more information from you, the"
                       " deadline stands still until you answer.")]
    lines += _closing(reference, language)
    subject = (f"Reclamação {reference}: recebida" if pt else
               f"Complaint {reference}: received")
    return {"language": language, "kind": "acknowledgement", "reference": reference,
            "outcome": case.get("outcome"), "subject": subject, "body": "\n".join(lines)}
