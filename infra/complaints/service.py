"""Complaint cases for the API and the CLI (issue 16): ``ledger.complaints``.

What the case's commands (domain/complaints/commands.py) cannot know is resolved here, from
the read models caught up to the writer's last position, before the command is sent:

- the jogadas, transfers and session a case names exist (404 naming the field) and are the
  player's own (a player: 403; a staff member opening on the player's behalf: 422);
- a correction's accounts and amount are those of the named transfer; a game refund's venue is
  the disputed jogada's, which must still be in play (a jogada already ended was settled or
  voided by its rule, and its record is the answer);
- an assignee is a complaint handler or an operator.

Evidence packs (infra/complaints/evidence.py) are built here and their SHA-256 recorded on the
case with the spec that rebuilds them byte for byte (a pack shown to the player: its copy and
the staff copy of the same moment, both in one event).
"""

from __future__ import annotations

from typing import Any, Protocol
from uuid import UUID

from domain.complaints import commands as cc
from domain.complaints.investigation import pack_copies
from domain.kernel.actors import player_actor
from domain.kernel.errors import (
    ConflictError,
    ForbiddenError,
    InvalidInputError,
    NotFoundError,
)
from domain.kernel.listing import IN_PLAY
from domain.kernel.text import check_text, check_uuid
from infra.complaints import evidence
from infra.ports import Commands, ReadModels, Store
from projections import queries, session_queries
from projections.listing_queries import jogada_rows


class Uses(Store, ReadModels, Commands, Protocol):
    """What this module uses of the application (infra/ports.py)."""


HANDLER_ROLES = ("complaint_handler", "operator")


class Complaints:
    def __init__(self, ledger: "Uses") -> None:
        self.ledger = ledger

    # Reading ------------------------------------------------------------------------------------
    @property
    def engine(self) -> Any:
        if self.ledger.projections is None:
            raise NotFoundError("complaint cases need the read models", field="case_id")
        return self.ledger.projections.engine

    def caught_up(self) -> Any:
        engine = self.engine
        self.ledger.projections.wait(self.ledger.writer.last_position)
        return engine

    def case_events(self, case_id: str) -> list[Any]:
        """The case's own events, from the store (not a read model)."""
        app = self.ledger.app
        stored = app.recorder.select_events(check_uuid(case_id, "case_id"))
        if not stored:
            raise NotFoundError(f"case {case_id} not found", field="case_id")
        return [app.mapper.to_domain_event(s) for s in stored]

    # Intake -------------------------------------------------------------------------------------
    def _owned(self, player_id: str, *, jogada_ids: list[str], transfer_ids: list[str],
               session_id: str | None, by_player: bool) -> None:
        engine = self.caught_up()

        def refuse(field: str, what: str) -> None:
            message = f"{what} is not the player's own"
            if by_player:
                raise ForbiddenError(f"a player complains about its own data only: {message}",
                                     field=field)
            raise InvalidInputError(message, field=field)

        for i, jogada_id in enumerate(jogada_ids):
            field = f"jogada_ids[{i}]"
            rows = jogada_rows(engine, check_text(jogada_id, field, 200))
            if not rows:
                raise NotFoundError(f"jogada {jogada_id} not found", field=field)
            if player_id not in {r["player_id"] for r in rows}:
                refuse(field, f"jogada {jogada_id}")
        wallet = f"wallet:{player_id}"
        for i, transfer_id in enumerate(transfer_ids):
            field = f"transfer_ids[{i}]"
            found = queries.transfer(engine, check_text(transfer_id, field, 200))
            if found is None:
                raise NotFoundError(f"transfer {transfer_id} not found", field=field)
            if wallet not in (found["from_code"], found["to_code"]):
                refuse(field, f"transfer {transfer_id}")
        if session_id is not None:
            found = session_queries.statement(engine, check_uuid(session_id, "session_id"))
            if found is None:
                raise NotFoundError(f"session {session_id} not found", field="session_id")
            if str(found["player_id"]) != player_id:
                refuse("session_id", f"session {session_id}")

    def open(self, *, actor: str, player_id: str, case_type: str, subject: str,
             description: str, idempotency_key: str, channel: str = "operator",
             external_reference: str | None = None, jogada_ids: list[str] | None = None,
             transfer_ids: list[str] | None = None, session_id: str | None = None
             ) -> dict[str, Any]:
        """A player's own case (``actor`` is the player) or one a staff member opens on a
        player's behalf, recording the channel it came through and its reference."""
        player = str(check_uuid(player_id, "player_id"))
        by_player = actor.startswith("player:")
        if by_player and actor != player_actor(player):
            raise ForbiddenError("a player opens cases for itself only", field="player_id")
        if not by_player:
            if queries.balance(self.caught_up(), UUID(player)) is None:
                raise NotFoundError(f"player {player} not found", field="player_id")
        self._owned(player, jogada_ids=list(jogada_ids or []),
                    transfer_ids=list(transfer_ids or []), session_id=session_id,
                    by_player=by_player)
        return self.ledger.run(cc.OpenCase(
            player_id=player, case_type=case_type, channel=channel, subject=subject,
            description=description, idempotency_key=idempotency_key, actor=actor,
            external_reference=external_reference, jogada_ids=list(jogada_ids or []),
            transfer_ids=list(transfer_ids or []), session_id=session_id))

    # The handler's actions ----------------------------------------------------------------------
    def acknowledge(self, case_id: str, *, actor: str, message: str | None = None) -> Any:
        return self.ledger.run(cc.AcknowledgeCase(case_id=case_id, actor=actor, message=message))

    def assign(self, case_id: str, *, assignee_id: str, actor: str) -> Any:
        staff = queries.principal(self.caught_up(), check_uuid(assignee_id, "assignee_id"))
        if staff is None:
            raise NotFoundError(f"staff member {assignee_id} not found", field="assignee_id")
        if staff["role"] not in HANDLER_ROLES:
            raise ConflictError("assignee_id must be a complaint handler or an operator",
                                field="assignee_id")
        return self.ledger.run(cc.AssignCase(case_id=case_id, assignee=f"staff:{assignee_id}",
                                             actor=actor))

    def add_note(self, case_id: str, *, text: str, actor: str,
                 visible_to_player: bool = False) -> Any:
        return self.ledger.run(cc.AddCaseNote(case_id=case_id, text=text, actor=actor,
                                              visible_to_player=visible_to_player))

    def request_information(self, case_id: str, *, question: str, actor: str) -> Any:
        return self.ledger.run(cc.RequestInformation(case_id=case_id, question=question,
                                                     actor=actor))

    def provide_information(self, case_id: str, *, text: str, actor: str) -> Any:
        return self.ledger.run(cc.ProvideInformation(case_id=case_id, text=text, actor=actor))

    def _describe(self, case_id: str) -> dict[str, Any]:
        return self.ledger.run(cc.DescribeCase(case_id=case_id))

    def propose(self, case_id: str, *, outcome: str, reasons: str, actor: str,
                compensation: dict[str, Any] | None = None) -> Any:
        """A correction takes the named transfer's accounts and amount; a game refund the
        disputed jogada's venue and the player's stake in it (the game refunds every bet)."""
        if compensation is not None and isinstance(compensation, dict):
            compensation = self._resolve_compensation(case_id, dict(compensation))
        return self.ledger.run(cc.ProposeDecision(case_id=case_id, outcome=outcome,
                                                  reasons=reasons, actor=actor,
                                                  compensation=compensation))

    def _resolve_compensation(self, case_id: str, compensation: dict[str, Any]) -> dict[str, Any]:
        kind = compensation.get("kind")
        if kind == "correction":
            transfer_id = compensation.get("transfer_id")
            if not isinstance(transfer_id, str):
                raise InvalidInputError("compensation.transfer_id names the transfer to correct",
                                        field="compensation.transfer_id")
            found = queries.transfer(self.caught_up(), transfer_id)
            if found is None:
                raise NotFoundError(f"transfer {transfer_id} not found",
                                    field="compensation.transfer_id")
            compensation.update(from_code=found["from_code"], to_code=found["to_code"])
            compensation.setdefault("amount_cents", found["amount_cents"])
            if compensation["amount_cents"] != found["amount_cents"]:
                raise InvalidInputError(
                    f"a correction moves the whole transfer back: amount_cents is"
                    f" {found['amount_cents']}", field="compensation.amount_cents")
        elif kind == "game_refund":
            case = self._describe(case_id)
            jogada_id = compensation.get("jogada_id")
            if not isinstance(jogada_id, str):
                raise InvalidInputError("compensation.jogada_id names the disputed jogada",
                                        field="compensation.jogada_id")
            rows = [r for r in jogada_rows(self.caught_up(), jogada_id)
                    if r["player_id"] == case["player_id"]]
            if not rows:
                raise InvalidInputError("compensation.jogada_id must be one of the player's"
                                        " jogadas", field="compensation.jogada_id")
            if rows[0]["status"] != IN_PLAY:
                raise ConflictError(
                    f"jogada {jogada_id} is {rows[0]['status']}: it was ended by its game's"
                    " rules, and its record is the answer (a payment can still be proposed)",
                    field="compensation.jogada_id")
            compensation.update(venue_id=rows[0]["venue_id"])
            compensation.setdefault("amount_cents", rows[0]["wagered_cents"])
        return compensation

    def approve(self, case_id: str, *, actor: str) -> Any:
        return self.ledger.run(cc.ApproveDecision(case_id=case_id, actor=actor))

    def decline(self, case_id: str, *, reason: str, actor: str) -> Any:
        return self.ledger.run(cc.DeclineDecision(case_id=case_id, reason=reason, actor=actor))

    def pay(self, case_id: str, *, idempotency_key: str, actor: str) -> Any:
        return self.ledger.run(cc.PayCompensation(case_id=case_id,
                                                  idempotency_key=idempotency_key, actor=actor))

    def send_letter(self, case_id: str, *, letter: str, channel: str, language: str | None,
                    sent_at: Any, idempotency_key: str, actor: str) -> Any:
        """Record one of the case's letters as sent (``LetterSent``; domain/complaints/sending.py)."""
        return self.ledger.run(cc.SendCaseLetter(
            case_id=case_id, letter=letter, channel=channel, language=language,
            sent_at=sent_at, idempotency_key=idempotency_key, actor=actor))

    def resolve(self, case_id: str, *, actor: str) -> Any:
        return self.ledger.run(cc.ResolveCase(case_id=case_id, actor=actor))

    def escalate(self, case_id: str, *, body: str, actor: str, reference: str | None = None,
                 note: str | None = None) -> Any:
        return self.ledger.run(cc.EscalateCase(case_id=case_id, body=body, actor=actor,
                                               reference=reference, note=note))

    def close(self, case_id: str, *, actor: str, note: str | None = None) -> Any:
        return self.ledger.run(cc.CloseCase(case_id=case_id, actor=actor, note=note))

    def reopen(self, case_id: str, *, reason: str, actor: str) -> Any:
        return self.ledger.run(cc.ReopenCase(case_id=case_id, reason=reason, actor=actor))

    # Policy -------------------------------------------------------------------------------------
    def policy(self) -> dict[str, Any]:
        return self.ledger.run(cc.ComplaintPolicyInForce())

    def publish_policy(self, *, actor: str, **settings: Any) -> dict[str, Any]:
        return self.ledger.run(cc.PublishComplaintPolicy(actor=actor, **settings))

    # Evidence -----------------------------------------------------------------------------------
    def attach_evidence_pack(self, case_id: str, *, actor: str,
                             jogada_ids: list[str] | None = None,
                             transfer_ids: list[str] | None = None,
                             shown_to_player: bool = False,
                             description: str = "evidence pack") -> dict[str, Any]:
        """Build the pack of the case's jogadas and transfers (or those named, which must be
        the case's), record its SHA-256 (JSON and PDF) and the spec that rebuilds it. Shown
        to the player, the pack is the player's copy (infra/complaints/evidence.py: what its
        games' rules let the player see), and the staff copy of the same spec (everything)
        is built and recorded beside it, in the same event (issue 25); otherwise the staff
        copy alone."""
        events = self.case_events(case_id)
        described = events[0]  # Opened: the player, reference and links
        jogadas = list(described.jogada_ids if jogada_ids is None else jogada_ids)
        transfers = list(described.transfer_ids if transfer_ids is None else transfer_ids)
        for field, chosen, linked in (("jogada_ids", jogadas, described.jogada_ids),
                                      ("transfer_ids", transfers, described.transfer_ids)):
            stray = [x for x in chosen if x not in linked]
            if stray:
                raise InvalidInputError(f"{field}: {stray[0]} is not linked to the case",
                                        field=field)
        if not jogadas and not transfers:
            raise InvalidInputError("the case names no jogada and no transfer to put in a pack",
                                    field="jogada_ids")
        self.caught_up()
        spec = evidence.pack_spec(self.ledger, case_id=str(described.originator_id),
                                  case_reference=described.reference,
                                  player_id=described.player_id,
                                  jogada_ids=jogadas, transfer_ids=transfers,
                                  generated_at=self.ledger.clock.now(),
                                  copy=evidence.PLAYER if shown_to_player else evidence.STAFF,
                                  operator=self._operator(),
                                  case_version=events[-1].originator_version)
        json_hash, pdf_hash = self._hashes(spec)
        staff_hash, staff_pdf_hash = (self._hashes(evidence.copy_spec(spec, evidence.STAFF))
                                      if shown_to_player else (None, None))
        return self.ledger.run(cc.AttachCaseEvidence(
            case_id=case_id, kind="evidence_pack", description=description, sha256=json_hash,
            pdf_sha256=pdf_hash, spec=spec, shown_to_player=shown_to_player, actor=actor,
            staff_sha256=staff_hash, staff_pdf_sha256=staff_pdf_hash))

    def _hashes(self, spec: dict[str, Any]) -> tuple[str, str]:
        """The SHA-256 of the pack ``spec`` builds: its JSON and its PDF in Portuguese."""
        pack = evidence.build_pack(self.ledger, spec)
        return (evidence.sha256_hex(evidence.pack_json_bytes(pack)),
                evidence.sha256_hex(evidence.pack_pdf_bytes(pack, games=self.ledger.games)))

    def _operator(self) -> dict[str, str | None]:
        settings = self.ledger.settings
        return {"name": settings.operator_name, "licence": settings.operator_licence}

    def evidence(self, case_id: str, number: int, fmt: str = "json", lang: str = "pt",
                 copy: str | None = None) -> dict[str, Any]:
        """A recorded pack rebuilt from its spec: ``{"content": bytes, "media_type", "sha256"
        (recorded), "rebuilt_sha256", "matches", "compared", "file_name", "copy"}``: whether
        the rebuilt bytes are the ones whose hash the case recorded (``compared``: "pdf" or
        "json"). ``copy``: which of the pack's copies (domain/complaints/investigation.py
        ``pack_copies``): the staff's or the player's, each compared with its own recorded
        hash; None: the staff copy if the pack has one, else the one it has (a pack shown
        before the staff copy was recorded beside it); a copy the pack has not: 404
        ``pack_copy_not_recorded``. The case records the hash of the PDF in Portuguese, the
        pack's own rendering (the default); a PDF in another language (``lang``), or of a
        pack of an earlier format (printed now in today's layout), has no hash of its own on
        the case: what is compared is then the JSON pack it is printed from (its SHA-256 is
        on its cover)."""
        event = self.evidence_event(case_id, number)
        copies = pack_copies(event.spec, event.staff_sha256)
        if copy is None:
            copy = evidence.STAFF if evidence.STAFF in copies else next(iter(copies))
        if copy not in copies:
            raise NotFoundError(
                f"evidence pack {number} has no {copy} copy: it has the {' and '.join(copies)}"
                f" cop{'ies' if len(copies) > 1 else 'y'} (a pack shown to the player has both;"
                " one kept internal, the staff's only)", field="copy",
                code="pack_copy_not_recorded")
        spec = evidence.copy_spec(event.spec, copy)
        json_sha, pdf_sha = ((event.sha256, event.pdf_sha256) if copies[copy] == "sha256" else
                             (event.staff_sha256, event.staff_pdf_sha256))
        pack = evidence.build_pack(self.ledger, spec)
        data = evidence.pack_json_bytes(pack)
        name = evidence.pack_file_name(spec["case_reference"], number, copy)
        if fmt != "pdf":
            rebuilt = evidence.sha256_hex(data)
            return {"content": data, "media_type": "application/json", "sha256": json_sha,
                    "rebuilt_sha256": rebuilt, "matches": rebuilt == json_sha,
                    "compared": "json", "file_name": f"{name}.json", "copy": copy}
        content = evidence.pack_pdf_bytes(pack, lang=lang, games=self.ledger.games)
        own = lang == "pt" and spec.get("format") == evidence.FORMAT
        recorded, rebuilt = ((pdf_sha, evidence.sha256_hex(content)) if own else
                             (json_sha, evidence.sha256_hex(data)))
        return {"content": content, "media_type": "application/pdf", "sha256": recorded,
                "rebuilt_sha256": rebuilt, "matches": rebuilt == recorded,
                "compared": "pdf" if own else "json", "copy": copy,
                "file_name": f"{name}{'' if lang == 'pt' else '-' + lang}.pdf"}

    def evidence_event(self, case_id: str, number: int) -> Any:
        """The case's ``EvidenceAttached`` of pack ``number``; NotFoundError naming ``number``
        if the case has no pack of that number (a document has no spec: no pack)."""
        attached = [e for e in self.case_events(case_id)
                    if type(e).__name__ == "EvidenceAttached" and e.number == number]
        if not attached or attached[0].spec is None:
            raise NotFoundError(f"case {case_id} has no evidence pack {number}", field="number")
        return attached[0]
