"""The words of an evidence pack's PDF (infra/complaints/pdf.py), one table per language:
Portuguese, the default (the player's and the regulator's language), and English. ``LABELS``
are the page's own labels; ``CODES`` the words of the core's codes (a jogada's status, an
account movement, a transfer's kind, a session's end, a case's steps); a game's own codes (an
outcome, a decision, an event's name) come from the game (domain/kernel/game.py ``Game.words``),
looked up first. A code with no word is shown as the code.

Times are shown in Lisbon's legal time with its offset ("27/11/2026 22:30:05 (UTC+00:00)",
in summer "+01:00"), read from the time-zone database (``zoneinfo`` "Europe/Lisbon"): the
pack keeps UTC instants, this is how a page shows them.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

LANGUAGES = ("pt", "en")
LISBON = ZoneInfo("Europe/Lisbon")

LABELS: dict[str, dict[str, str]] = {
    "pt": {
        "title": "Pacote de prova de reclamação", "case": "Processo",
        "case_id": "Id do processo", "operator": "Operador", "licence": "Licença n.º",
        "player": "Jogador", "generated_at": "Gerado em", "as_of": "Registo até",
        "event_n": "evento {n}", "Event": "Evento", "format": "Formato", "json_sha": "SHA-256 do pacote JSON",
        "times": "Horas", "times_note": "hora legal de Lisboa, com o desvio em relação a UTC",
        "complaint": "A reclamação do jogador", "subject": "Assunto", "channel": "Canal",
        "external_reference": "Referência externa", "opened_at": "Aberta em",
        "player_words": "Nas palavras do jogador, tal como registadas no processo:",
        "timeline": "Cronologia do processo",
        "timeline_note": "Os passos do processo até ao pedido deste pacote, visíveis ao"
                         " jogador (as notas internas da equipa não estão aqui).",
        "when": "Quando", "who": "Quem", "what": "O quê",
        "contents": "Conteúdo", "jogada": "Jogada", "game": "Jogo", "venue": "Mesa ou sala",
        "signed_checkpoint": "Checkpoint assinado", "transfer": "Transferência",
        "kind": "Tipo", "amount": "Montante", "corrections": "Correções",
        "hash_note": "O SHA-256 acima é o do pacote em JSON canónico (chaves ordenadas, sem"
                     " espaços, UTF-8), registado no processo; este PDF é impresso desse mesmo"
                     " pacote.",
        "not_sealed": "ainda não selada", "checkpoint_n": "n.º {n} ({size} eventos)",
        "status": "Estado", "ended_at": "Terminou", "steps": "Passos",
        "players_part": "A parte do jogador", "final_state": "Estado final da mesa ou sala",
        "replay": "Repetição passo a passo",
        "replay_note": "Cada evento registado, pela ordem do registo, com o que mudou depois"
                       " dele (os cartões de números estão no estado final; o estado completo"
                       " após cada evento está no pacote JSON). A descrição de cada passo é a"
                       " do jogo.",
        "event": "evento", "card_n": "Cartão {n}", "face_down": "{n} virada(s) para baixo",
        "won_in": "ganhou", "ball_n": "{n}.ª bola", "page": "página",
        "rng": "Verificação do RNG", "verified": "Verificado", "check": "Verificação",
        "readjudication": "Readjudicação",
        "readjudication_note": "A jogada recalculada só a partir do registo: as regras do jogo"
                               " aplicadas às cartas ou bolas e às apostas registadas, sem ler"
                               " os montantes pagos. Valores líquidos por conta na jogada toda"
                               " (+ recebeu, - pagou).",
        "agrees_all": "Concorda com o registo", "problems": "Problemas",
        "opening_balances": "Saldos iniciais usados", "rules": "Regras",
        "account": "Conta",
        "col_recomputed": "Valor recalculado pelas regras a partir das cartas/bolas e apostas"
                          " registadas",
        "col_settlement": "Valor que a liquidação registada diz",
        "col_money": "Dinheiro movido nas contas", "col_agree": "Concordam",
        "not_in_settlement": "não se aplica (a liquidação só dá o resultado das carteiras dos"
                             " jogadores)",
        "differs": "{account}: {against} regista {recorded}, as regras dão {recomputed}"
                   " (diferença de {delta}).",
        "against_settlement": "a liquidação", "against_money": "o dinheiro movido",
        "money_moves": "Movimentos de dinheiro da jogada", "position": "Evento",
        "movement": "Movimento", "reason": "Motivo", "counterparty": "Contraparte",
        "at": "Em", "statement": "Extrato da sessão de jogo",
        "statement_note": "Tal como estava na versão {v} da sessão, quando o pacote foi pedido.",
        "session": "Sessão", "started_at": "Início", "end_reason": "Motivo do fim",
        "jogadas": "Jogadas", "wagered": "Apostado", "won": "Ganho", "refunded": "Devolvido",
        "net": "Saldo", "won_in_category": "Ganho ({what})",
        "integrity": "Prova de integridade",
        "integrity_unsealed": "Os eventos desta jogada ainda não estavam cobertos por um"
                              " checkpoint assinado quando o pacote foi pedido.",
        "integrity_note": "Cada evento é uma folha da árvore de Merkle (RFC 9162) do"
                          " checkpoint: com o hash da folha, o seu índice, o tamanho da árvore"
                          " e os hashes do caminho, pela ordem, recalcula-se a raiz; tem de"
                          " ser a raiz abaixo, assinada pela chave pública indicada.",
        "checkpoint": "Checkpoint",
        "checkpoint_line": "n.º {n}, árvore de {size} eventos, até ao evento {last}",
        "tree_size": "Tamanho da árvore", "root": "Raiz de Merkle", "chain": "Cadeia de hashes",
        "sealed_at": "Selado em", "key": "Chave", "public_key": "Chave pública",
        "signature": "Assinatura", "leaf": "Folha n.º", "leaf_hash": "Hash da folha",
        "path": "Caminho de auditoria ({n} hashes, da folha para a raiz)",
        "included": "Incluído", "none": "nenhum",
        "rng_passed": "confirmado: a semente revelada corresponde ao compromisso registado"
                      " antes do primeiro resultado e dá as cartas ou bolas registadas",
        "check_passed": "confirmado",
        "check_not_passed": "não confirmado",
        "player_copy": "Cópia do jogador: sem o que as regras do jogo não lhe mostraram (as"
                       " cartas de outros nunca mostradas na mesa, a semente e a ordem do"
                       " baralho); cada evento cortado mantém a sua prova de inclusão.",
        "withheld": "Retido nesta cópia", "withheld_event": "Evento",
        "withheld_name": "Nome", "withheld_fields": "Campos", "withheld_why": "Porquê",
        "corrections_none": "Nenhuma até ao registo deste pacote.", "from": "De", "to": "Para",
        "actor": "Por", "correction_reason": "motivo",
        "yes": "sim", "no": "não", "prize": "Prémio", "value": "Valor",
        "won_at": "Ganho em", "winners": "Vencedores", "shares": "Partes", "note": "Nota",
        "house": "Casa (operador)", "wallet_of": "Carteira de {who}", "system": "o sistema",
    },
    "en": {
        "title": "Complaint evidence pack", "case": "Case", "case_id": "Case id",
        "operator": "Operator", "licence": "Licence no.", "player": "Player",
        "generated_at": "Generated at", "as_of": "Log as of", "event_n": "event {n}", "Event": "Event",
        "format": "Format", "json_sha": "SHA-256 of the JSON pack", "times": "Times",
        "times_note": "Lisbon legal time, with its offset from UTC",
        "complaint": "The player's complaint", "subject": "Subject", "channel": "Channel",
        "external_reference": "External reference", "opened_at": "Opened at",
        "player_words": "In the player's words, as recorded on the case:",
        "timeline": "The case's timeline",
        "timeline_note": "The case's steps up to when this pack was asked for, as the player"
                         " sees them (staff's internal notes are not here).",
        "when": "When", "who": "Who", "what": "What",
        "contents": "Contents", "jogada": "Jogada", "game": "Game", "venue": "Table or room",
        "signed_checkpoint": "Signed checkpoint", "transfer": "Transfer", "kind": "Kind",
        "amount": "Amount", "corrections": "Corrections",
        "hash_note": "The SHA-256 above is that of the pack as canonical JSON (sorted keys, no"
                     " spaces, UTF-8), recorded on the case; this PDF is printed from that"
                     " same pack.",
        "not_sealed": "not sealed yet", "checkpoint_n": "no. {n} ({size} events)",
        "status": "Status", "ended_at": "Ended at", "steps": "Steps",
        "players_part": "The player's part", "final_state": "Final state of the table or room",
        "replay": "Step-by-step replay",
        "replay_note": "Every recorded event in log order with what it changed (number cards"
                       " are in the final state; the whole state after each event is in the"
                       " JSON pack). Each step's description is the game's.",
        "event": "event", "card_n": "Card {n}", "face_down": "{n} face down",
        "won_in": "won", "ball_n": "ball {n}", "page": "page",
        "rng": "RNG check", "verified": "Verified", "check": "Check",
        "readjudication": "Re-adjudication",
        "readjudication_note": "The jogada recomputed from the record alone: the game's rules"
                               " applied to the recorded cards or balls and bets, without"
                               " reading the amounts paid. Nets per account over the whole"
                               " jogada (+ received, - paid).",
        "agrees_all": "Agrees with the record", "problems": "Problems",
        "opening_balances": "Opening balances used", "rules": "Rules", "account": "Account",
        "col_recomputed": "Amount recomputed by the rules from the recorded cards/balls and"
                          " bets",
        "col_settlement": "Amount the recorded settlement states",
        "col_money": "Money moved on the accounts", "col_agree": "Agree",
        "not_in_settlement": "not applicable (the settlement states the players' wallets"
                             " only)",
        "differs": "{account}: {against} records {recorded}, the rules give {recomputed}"
                   " (a difference of {delta}).",
        "against_settlement": "the settlement", "against_money": "the money moved",
        "money_moves": "The jogada's money movements", "position": "Event",
        "movement": "Movement", "reason": "Reason", "counterparty": "Counterparty", "at": "At",
        "statement": "Game session statement",
        "statement_note": "As it stood at the session's version {v}, when the pack was asked"
                          " for.",
        "session": "Session", "started_at": "Started at", "end_reason": "End reason",
        "jogadas": "Jogadas", "wagered": "Wagered", "won": "Won", "refunded": "Refunded",
        "net": "Net", "won_in_category": "Won ({what})",
        "integrity": "Integrity proof",
        "integrity_unsealed": "The jogada's events were not yet covered by a signed"
                              " checkpoint when the pack was asked for.",
        "integrity_note": "Each event is a leaf of the checkpoint's Merkle tree (RFC 9162):"
                          " from the leaf hash, its index, the tree size and the path's"
                          " hashes, in order, the root is recomputed; it must be the root"
                          " below, signed by the public key given.",
        "checkpoint": "Checkpoint",
        "checkpoint_line": "no. {n}, a tree of {size} events, through event {last}",
        "tree_size": "Tree size", "root": "Merkle root", "chain": "Hash chain",
        "sealed_at": "Sealed at", "key": "Key", "public_key": "Public key",
        "signature": "Signature", "leaf": "Leaf no.", "leaf_hash": "Leaf hash",
        "path": "Audit path ({n} hashes, from the leaf up to the root)",
        "included": "Included", "none": "none",
        "rng_passed": "confirmed", "check_passed": "confirmed",
        "check_not_passed": "not confirmed",
        "player_copy": "The player's copy: without what the game's rules kept from the player"
                       " (others' cards never shown at the table, the seed and the deck's"
                       " order); each event cut keeps its inclusion proof.",
        "withheld": "Withheld from this copy", "withheld_event": "Event",
        "withheld_name": "Name", "withheld_fields": "Fields", "withheld_why": "Why",
        "corrections_none": "None up to the log this pack reflects.", "from": "From",
        "to": "To", "actor": "By", "correction_reason": "reason",
        "yes": "yes", "no": "no", "prize": "Prize", "value": "Value", "won_at": "Won at",
        "winners": "Winners", "shares": "Shares", "note": "Note",
        "house": "House (the operator)", "wallet_of": "Wallet of {who}", "system": "the system",
    },
}

# The core's codes: statuses, account movements, transfers' kinds and reasons, sessions, cases.
CODES: dict[str, dict[str, str]] = {
    "pt": {
        "settled": "liquidada", "voided": "anulada", "cancelled": "cancelada",
        "commitment": "Compromisso (SHA-256)", "seed_hex": "Semente revelada (hex)",
        "forced": "Imposto em modo de certificação", "algorithm": "Algoritmo",
        "events": "Eventos em causa",
        "in_play": "em jogo", "open": "aberta", "ended": "terminada",
        "held": "cativado", "posted": "lançado", "released": "libertado",
        "credited": "creditado", "debited": "debitado", "funds_held": "cativado",
        "hold_posted": "cativo lançado", "hold_voided": "cativo libertado",
        "attempt_refused": "tentativa recusada", "opened": "conta aberta",
        "money:voided": "libertado",
        "deposit": "depósito", "withdrawal": "levantamento", "correction": "correção",
        "compensation": "compensação", "pay_compensation": "compensação paga",
        "commission": "comissão", "void": "anulação", "refund": "devolução",
        "session_ended": "fim da sessão", "rebuy": "recompra", "sit": "sentar-se",
        "fold": "desistência",
        "player": "pelo jogador", "inactivity": "inatividade",
        "connection_lost": "ligação perdida", "suspension": "suspensão",
        "system": "pelo sistema",
        "FundsHeld": "Dinheiro cativado", "HoldPosted": "Cativo lançado",
        "HoldVoided": "Cativo libertado", "Credited": "Crédito", "Debited": "Débito",
        "BetRecorded": "Aposta registada na sessão", "WinRecorded": "Ganho registado na sessão",
        "RngCommitted": "Compromisso do RNG", "RngRevealed": "Semente do RNG revelada",
        "JogadaOpened": "Jogada aberta", "JogadaSettled": "Jogada liquidada",
        "JogadaVoided": "Jogada anulada", "JogadaCancelled": "Jogada cancelada",
        # the case's steps (projections/complaints.py TIMELINE)
        "acknowledged": "Receção confirmada",
        "assigned": "Atribuído", "note_added": "Nota", "evidence_attached": "Prova anexada",
        "information_requested": "Pedido de informação ao jogador",
        "information_received": "Resposta do jogador",
        "decision_proposed": "Decisão proposta", "proposal_declined": "Proposta recusada",
        "decision_approved": "Decisão aprovada", "compensation_paid": "Compensação paga",
        "resolved": "Resolvido", "escalated": "Encaminhado", "closed": "Encerrado",
        "reopened": "Reaberto",
        "upheld": "procedente", "partly_upheld": "parcialmente procedente",
        "rejected": "improcedente", "operator": "o operador",
        "complaints_book": "Livro de Reclamações", "srij": "SRIJ",
        "adr": "entidade de resolução alternativa de litígios", "payment": "pagamento",
        "game_refund": "devolução das apostas da jogada",
    },
    "en": {
        "in_play": "in play", "funds_held": "held", "hold_posted": "hold posted",
        "hold_voided": "hold released", "attempt_refused": "attempt refused",
        "money:voided": "released",
        "opened": "account opened", "pay_compensation": "compensation paid",
        "session_ended": "session ended", "player": "by the player",
        "connection_lost": "connection lost", "system": "by the system",
        "FundsHeld": "Money held", "HoldPosted": "Hold posted", "HoldVoided": "Hold released",
        "BetRecorded": "Bet recorded on the session",
        "WinRecorded": "Win recorded on the session", "RngCommitted": "RNG committed",
        "RngRevealed": "RNG seed revealed", "JogadaOpened": "Jogada opened",
        "JogadaSettled": "Jogada settled", "JogadaVoided": "Jogada void",
        "JogadaCancelled": "Jogada cancelled",
        "acknowledged": "Receipt acknowledged", "assigned": "Assigned", "note_added": "Note",
        "evidence_attached": "Evidence attached",
        "information_requested": "Information asked of the player",
        "information_received": "The player's answer", "decision_proposed": "Decision proposed",
        "proposal_declined": "Proposal declined", "decision_approved": "Decision approved",
        "compensation_paid": "Compensation paid", "resolved": "Resolved",
        "escalated": "Escalated", "closed": "Closed", "reopened": "Reopened",
        "partly_upheld": "partly upheld", "operator": "the operator",
        "complaints_book": "complaints book (Livro de Reclamações)",
        "adr": "alternative dispute resolution body", "game_refund": "the jogada's bets back",
    },
}
# A case's step "opened" and an account's "opened" share a code: a step is looked up with
# this prefix first.
STEP = "case_step:"
CODES["pt"][STEP + "opened"] = "Processo aberto"
CODES["en"][STEP + "opened"] = "Case opened"


# The fields of a case's step (projections/complaints.py TIMELINE), as a reader names them.
DETAILS: dict[str, dict[str, str]] = {
    "pt": {"subject": "assunto", "external_reference": "referência", "message": "mensagem",
           "acknowledge_due": "prazo para confirmar", "answer_due": "prazo de resposta",
           "assignee": "a", "text": "texto", "number": "n.º", "kind": "tipo",
           "description": "descrição", "sha256": "SHA-256", "question": "pergunta",
           "paused_working_days": "dias úteis em pausa", "outcome": "resultado",
           "reasons": "fundamentos", "compensation": "compensação",
           "needs_second_approver": "precisa de segundo aprovador", "reason": "motivo",
           "amount_cents": "montante", "transfer_ids": "transferências", "body": "entidade",
           "reference": "referência", "note": "nota"},
    "en": {"subject": "subject", "external_reference": "reference", "message": "message",
           "acknowledge_due": "due to acknowledge", "answer_due": "due to answer",
           "assignee": "to", "text": "text", "number": "no.", "kind": "kind",
           "description": "description", "sha256": "SHA-256", "question": "question",
           "paused_working_days": "working days paused", "outcome": "outcome",
           "reasons": "reasons", "compensation": "compensation",
           "needs_second_approver": "needs a second approver", "reason": "reason",
           "amount_cents": "amount", "transfer_ids": "transfers", "body": "body",
           "reference": "reference", "note": "note"},
}


class Words:
    """The words of one language: ``label(key, **values)``, ``code(code, game_words)``."""

    def __init__(self, lang: str) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}")
        self.lang = lang
        self.labels = LABELS[lang]
        self.codes = CODES[lang]
        self.details = DETAILS[lang]

    def __call__(self, key: str, **values: Any) -> str:
        text = self.labels[key]
        return text.format(**values) if values else text

    def code(self, value: Any, game: Mapping[str, Mapping[str, str]] | None = None) -> str:
        """A code in words: the game's word (``Game.words[lang]``), the core's, or the code."""
        if not isinstance(value, str):
            return "—" if value is None else str(value)
        found = ((game or {}).get(self.lang) or {}).get(value)
        return found or self.codes.get(value) or value

    def yes_no(self, value: Any) -> str:
        if value is None:
            return "—"
        return self("yes") if value else self("no")


def lisbon(value: Any) -> str:
    """An ISO 8601 instant as Lisbon's legal time with its offset: "27/11/2026 22:30:05
    (UTC+00:00)"; not an instant: as it is."""
    if not isinstance(value, str):
        return "—" if value is None else str(value)
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return value
    if moment.tzinfo is None:
        return value
    local = moment.astimezone(LISBON)
    offset = local.strftime("%z")
    return f"{local:%d/%m/%Y %H:%M:%S} (UTC{offset[:3]}:{offset[3:]})"
