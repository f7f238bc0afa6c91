"""Evidence packs of a complaint case (issue 16): for each jogada the case names, its replay with
the state after each event, the viewer's steps, the RNG check, the re-adjudication, the money
it moved, the player's part, the player's session statement and the integrity proof; for each
transfer, its movements and its correction, if any.

A pack must be exactly reproducible later (its SHA-256 is recorded on the case: what the
player was shown can be proven), so it is built in two steps:

- ``pack_spec`` resolves, once, what the pack is built from — the log position it reflects
  (``as_of``), each jogada's session and that session's version then, the signed checkpoint
  whose tree covers the jogada — into a small JSON-able dict that rides in the case's event;
- ``build_pack(ledger, spec)`` builds the pack from the record and the spec alone: the same
  spec gives the same pack, byte for byte (``pack_json_bytes``, ``pack_pdf_bytes``), however
  the log has grown since (another jogada, a later correction: only the log up to ``as_of``
  is read; a session still open is loaded at its recorded version; the proof is against the
  recorded checkpoint, which never changes). 903-B 1.5 "Log": nothing recorded changes, so
  neither does a pack.

Two copies (``copy`` in the spec, issue 25): a pack not shown to the player is the staff
copy and keeps everything; a pack shown to the player (``shown_to_player``) is the player's
copy, ``"copy": "player"`` in its spec, so it is rebuilt the same too: each jogada as its
game's information rules let that player see it (``Game.player_copy``: another's cards never
shown at the table, the seed and the deck that would give them, the burned card). An event
cut keeps its place in the replay and its leaf hash, leaf index and inclusion proof in the
integrity proof, without its stored bytes, and says why (``withheld``): the proof still
verifies against the checkpoint. A pack shown to the player records both copies of the same
moment, in one event: the player's copy (its spec) and the staff copy of the same spec without
``copy`` (``copy_spec``), each with its own SHA-256 (domain/complaints/investigation.py
``pack_copies``).

A pack of format ``ledger-evidence-pack/2`` also holds what a person needs to read it alone
(infra/complaints/pack_case.py): the operator's name and licence as configured when the spec
was made (``operator``, in the spec: a later change of configuration leaves an older pack as
it was), the case — the complaint in the player's words and its timeline, read from the case's
stream up to the version the spec recorded (``case_version``) — and the people it names by
their display names; and each replay step in each language its PDF is printed in
(``steps_in_words``): ``titles`` ({"pt", "en"}: the step's description, the English being its
``title``, as the staff's viewer shows it) and ``scenes`` ({"pt": [...]}: the scene in
Portuguese; the English is its ``scene``), written by the game's viewer from the same events.
A spec of format ``ledger-evidence-pack/1`` (made before) still builds its pack as it was, byte
for byte.

The projections it reads (the jogada index, account activity, session statements, the
principals) are rebuilt from the events alone, so they are the record too; the tamper-evident
tables (infra/audit/) give the proof.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol
from uuid import UUID

from domain.kernel.errors import ConflictError, InvalidInputError, NotFoundError
from domain.kernel.game import Game, topic_of
from domain.kernel.replay_support import to_json
from domain.kernel.rules import T903B, cite
from domain.kernel.text import check_text, check_uuid, portable_file_name
from domain.kernel.viewer import show
from domain.ledger.accounts import wallet_code
from domain.ledger.corrections import correction_id
from infra.audit import proofs
from infra.complaints import pack_case
from infra.complaints.canonical import pack_json_bytes, sha256_hex
from infra.complaints.pdf import pack_pdf_bytes
from infra.ports import Audited, ReadModels, Store
from infra.services import jogada_views
from projections import queries
from projections.listing_queries import venues
from projections.queries import transfer_activity
from projections.session_queries import player_sessions_among


class Uses(Store, ReadModels, Audited, Protocol):
    """What this module uses of the application (infra/ports.py)."""


__all__ = ["FORMAT", "STAFF", "PLAYER", "pack_spec", "copy_spec", "build_pack",
           "pack_json_bytes", "pack_pdf_bytes", "sha256_hex", "pack_file_name"]

FORMAT = "ledger-evidence-pack/2"  # what build_pack makes of a spec; a new layout, a new name
FORMAT_1 = "ledger-evidence-pack/1"  # before the operator, the case and the people's names
FORMATS = (FORMAT_1, FORMAT)
STAFF, PLAYER = "staff", "player"  # the copies: everything; what the player may see
COPY_WORDS = {STAFF: "equipa", PLAYER: "jogador"}  # in a downloaded file's name
SESSION_TOPICS = "ledger.GameSession."
DEBIT_SIDES = ("debited", "hold_posted")


# The spec ---------------------------------------------------------------------------------------
def pack_spec(ledger: "Uses", *, case_id: str, case_reference: str, player_id: str,
              jogada_ids: list[str], transfer_ids: list[str],
              generated_at: datetime, copy: str = STAFF,
              operator: dict[str, str | None] | None = None,
              case_version: int | None = None) -> dict[str, Any]:
    """What the pack will be built from, resolved now: a plain JSON-able dict (it rides in the
    case's event); ``copy``: the staff's (everything) or the player's (``"copy": "player"``
    in the spec; a spec without it is the staff's). NotFoundError naming ``jogada_ids`` /
    ``transfer_ids`` for an id the log does not hold (or that is not the player's: a jogada
    without a bet of the player, a transfer that does not touch the player's wallet);
    ConflictError for a jogada not ended yet (the replay in a pack is final, 903-B 6.7.5).
    ``operator``: the operator's ``name`` and ``licence`` now (the settings); ``case_version``:
    the case's stream version now, whose timeline the pack shows (None: no case part, a pack
    made outside a case)."""
    check_text(case_id, "case_id")
    check_text(case_reference, "case_reference")
    pid = str(check_uuid(player_id, "player_id"))
    jogadas = _ids(jogada_ids, "jogada_ids")
    transfers = _ids(transfer_ids, "transfer_ids")
    if not isinstance(generated_at, datetime) or generated_at.tzinfo is None:
        raise InvalidInputError("generated_at must be an aware datetime", field="generated_at")
    if copy not in (STAFF, PLAYER):
        raise InvalidInputError(f"copy must be {STAFF} or {PLAYER}", field="copy")
    as_of = ledger.writer.last_position
    engine = _engine(ledger, as_of)
    for transfer_id in transfers:
        _transfer_rows(engine, transfer_id, pid, as_of)
    return {"format": FORMAT, "case_id": case_id, "case_reference": case_reference,
            "player_id": pid, "jogada_ids": jogadas, "transfer_ids": transfers,
            "generated_at": generated_at.isoformat(), "as_of": as_of,
            "jogadas": [_jogada_spec(ledger, engine, jogada_id, pid, as_of)
                        for jogada_id in jogadas],
            **({"copy": PLAYER} if copy == PLAYER else {}),
            **_readable_spec(operator, case_version)}


def copy_spec(spec: dict[str, Any], copy: str) -> dict[str, Any]:
    """The spec of ``copy`` of the pack ``spec`` made: the same moment, the same jogadas, only
    the copy differs (the staff's: no ``copy`` in it, as a pack never shown has none)."""
    if copy not in (STAFF, PLAYER):
        raise InvalidInputError(f"copy must be {STAFF} or {PLAYER}", field="copy")
    if spec.get("copy", STAFF) == copy:
        return spec  # the copy the spec names, as recorded
    rest = {k: v for k, v in spec.items() if k != "copy"}
    return rest if copy == STAFF else {**rest, "copy": PLAYER}


def _ids(values: Any, field: str) -> list[str]:
    """The ids as given, each once, in their first order."""
    if not isinstance(values, (list, tuple)):
        raise InvalidInputError(f"{field} must be a list of ids", field=field)
    return list(dict.fromkeys(check_text(v, field) for v in values))


def _engine(ledger: "Uses", position: int) -> Any:
    """The projections' engine once they reflect the log up to ``position``."""
    if ledger.projections is None:
        raise NotFoundError("evidence packs read the projections, which this ledger does not"
                            " run", field="projections")
    ledger.projections.wait(position)
    return ledger.projections.engine


def _jogada_spec(ledger: "Uses", engine: Any, jogada_id: str, player_id: str,
                 as_of: int) -> dict[str, Any]:
    owner, events = _jogada_events(ledger, engine, jogada_id, as_of)
    if not owner.replay(events)["final"].get("ended"):
        raise ConflictError(f"jogada {jogada_id} is still open: a pack holds its final replay,"
                            " available when it ends", field="jogada_ids",
                            rule=cite(T903B, "6.7.5"))
    session_id = _player_session(engine, events, player_id, jogada_id)
    return {"jogada_id": jogada_id, "session_id": session_id,
            "session_version": ledger.app.repository.get(UUID(session_id)).version,
            "checkpoint_sequence": _covering_checkpoint(ledger, events[-1][0])}


def _jogada_events(ledger: "Uses", engine: Any, jogada_id: str,
                   as_of: int) -> tuple[Game, list[tuple[int, Any]]]:
    try:
        return jogada_views.jogada_events(ledger, jogada_id, engine, through=as_of)
    except NotFoundError as error:
        raise NotFoundError(error.message, field="jogada_ids") from None


def _player_session(engine: Any, events: list[tuple[int, Any]], player_id: str,
                    jogada_id: str) -> str:
    """The player's game session the jogada's bets were recorded on: of the sessions its
    events name, the player's."""
    named = list(dict.fromkeys(str(e.originator_id) for _, e in events
                               if topic_of(e).startswith(SESSION_TOPICS)))
    found = player_sessions_among(engine, player_id, named)
    if not found:
        raise NotFoundError(f"player {player_id} has no bet in jogada {jogada_id}",
                            field="jogada_ids")
    return found[0]


def _covering_checkpoint(ledger: "Uses", last_event: int) -> int | None:
    """The latest signed checkpoint whose tree holds the jogada's last event; None if the
    event is not sealed yet or no checkpoint was signed since."""
    if ledger.audit is None:
        return None
    with ledger.audit.engine.connect() as conn:
        leaf = proofs.leaves_of(conn, [last_event]).get(last_event)
        latest = proofs.checkpoint(conn)
    if leaf is None or latest is None or latest.tree_size <= leaf[0]:
        return None
    return int(latest.sequence)


# The pack ---------------------------------------------------------------------------------------
def build_pack(ledger: "Uses", spec: dict[str, Any]) -> dict[str, Any]:
    """The evidence pack of ``spec`` (``pack_spec``), from the record alone: the same spec
    and record give an equal dict (JSON values only; ``pack_json_bytes`` hashes it)."""
    if not isinstance(spec, dict) or spec.get("format") not in FORMATS:
        raise InvalidInputError(f"an evidence pack spec of format {' or '.join(FORMATS)} is"
                                " needed", field="spec")
    as_of = spec["as_of"]
    engine = _engine(ledger, as_of)
    pid = spec["player_id"]

    principal = queries.principal(engine, UUID(pid))
    pack = to_json({
        "format": FORMAT, "spec": spec,
        "player": {"player_id": pid,
                   "display_name": None if principal is None else principal["display_name"]},
        "jogadas": [_jogada_part(ledger, engine, spec, item) for item in spec["jogadas"]],
        "transfers": [_transfer(engine, transfer_id, pid, as_of)
                      for transfer_id in spec["transfer_ids"]]})
    return pack if spec["format"] == FORMAT_1 else _readable_parts(ledger, engine, spec, pack)


def _jogada_part(ledger: "Uses", engine: Any, spec: dict[str, Any],
                 item: dict[str, Any]) -> dict[str, Any]:
    """A jogada's part of the pack, its events read from the log once: as the staff see it,
    in the spec's copy, its steps in words (format /2)."""
    owner, events = _jogada_events(ledger, engine, item["jogada_id"], spec["as_of"])
    part = _jogada(ledger, engine, owner, events, item, spec["player_id"], spec["as_of"])
    return _in_words(owner, events, spec, _copy_of(ledger, owner, events, spec, part))


def _jogada(ledger: "Uses", engine: Any, owner: Game, events: list[tuple[int, Any]],
            item: dict[str, Any], player_id: str, as_of: int) -> dict[str, Any]:
    jogada_id = item["jogada_id"]
    replayed = jogada_views.require_ended(owner.replay(events))
    shown = jogada_views.steps_of(ledger, owner, events, replayed, jogada_id)
    session = ledger.app.repository.get(UUID(item["session_id"]),
                                        version=item["session_version"])
    sequence = item["checkpoint_sequence"]
    integrity = ({"status": "not_sealed_yet"} if sequence is None else
                 {"status": "sealed", **ledger.audit.jogada_proof(jogada_id, sequence, engine,
                                                                  through=as_of)})
    venue_id = next(owner.venue_of(e.originator_id) for _, e in events
                    if owner.event_marker in topic_of(e))
    return {"jogada_id": jogada_id, "game": owner.name, "title": owner.title,
            "regulation": owner.regulation,
            "venue": {"venue_id": venue_id, "name": _venue_name(engine, owner, venue_id)},
            "player": owner.player_jogada(replayed, player_id),
            "replay": replayed, "steps": shown["steps"], "money": shown["money"],
            "adjudication": shown["adjudication"],
            "session": {"session_id": item["session_id"], "version": item["session_version"],
                        "statement": session.statement()},
            "integrity": integrity}


# The player's copy (issue 25) ------------------------------------------------------------------
def _copy_of(ledger: "Uses", owner: Game, events: list[tuple[int, Any]],
             spec: dict[str, Any], part: dict[str, Any]) -> dict[str, Any]:
    """A jogada's part of the pack in the spec's copy: the staff's as built; the player's as
    its game lets the player see it (``Game.player_copy``): the replay cut, the viewer's
    steps drawn again from it, each event cut listed with why (``withheld``) and, in the
    integrity proof, kept with its leaf hash, index and proof but not its stored bytes."""
    if spec.get("copy", STAFF) != PLAYER:
        return part
    made = owner.player_copy(part["replay"], spec["player_id"])
    withheld = made["withheld"]
    reasons = {w["position"]: w["reason"] for w in withheld}
    shown = jogada_views.steps_of(ledger, owner, events, made["replay"], part["jogada_id"])
    integrity = part["integrity"]
    if integrity.get("events"):
        integrity = {**integrity, "events": [_proof_of(e, reasons.get(e["notification_id"]))
                                             for e in integrity["events"]]}
    return {**part, "replay": made["replay"], "steps": shown["steps"], "integrity": integrity,
            "withheld": withheld}


def _in_words(owner: Game, events: list[tuple[int, Any]], spec: dict[str, Any],
              part: dict[str, Any]) -> dict[str, Any]:
    """(Format /2) each step of the jogada's part with its title in each language of the PDF
    and its Portuguese scene (``steps_in_words``); a /1 part as it was."""
    if spec["format"] == FORMAT_1:
        return part
    return {**part, "steps": steps_in_words(owner, events, part["replay"], part["steps"])}


def steps_in_words(owner: Game, events: list[tuple[int, Any]], replayed: dict[str, Any],
                   steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The viewer's steps (English, as the staff's viewer shows them) each with ``titles``
    ({"pt", "en"}) and ``scenes`` ({"pt": the scene in Portuguese}), the Portuguese written
    by the game's viewer from the same replay and events (``Game.viewer_steps(replayed,
    lang)``; a game whose viewer speaks only English: its English)."""
    portuguese = show(owner.viewer_steps, replayed, events, lang="pt",
                      words=dict(owner.words or {}))["steps"]
    if len(portuguese) != len(steps):  # the same replay and events give the same steps
        raise ConflictError("the viewer's Portuguese steps differ from its English ones",
                            field="jogada_ids")
    return [{**step, "titles": {"pt": pt["title"], "en": step["title"]},
             "scenes": {"pt": pt["scene"]}} for step, pt in zip(steps, portuguese)]


def _proof_of(event: dict[str, Any], reason: str | None) -> dict[str, Any]:
    """An event of the integrity proof; one the player's copy cuts without its stored bytes
    (``state``, which hold every field), its leaf hash, index and inclusion proof kept."""
    if reason is None:
        return event
    return {**{k: v for k, v in event.items() if k != "state"}, "state": None,
            "withheld": reason}


def _venue_name(engine: Any, owner: Game, venue_id: str) -> str | None:
    """The table's or room's name, given when it was opened (the venues listing)."""
    rows, _ = venues(engine, owner.name, venue_id=venue_id, limit=1)
    return rows[0]["name"] if rows else None


def _transfer_rows(engine: Any, transfer_id: str, player_id: str,
                   as_of: int) -> list[dict[str, Any]]:
    """The transfer's account activity up to ``as_of`` and its correction's; NotFoundError
    unless it is there and touches the player's wallet."""
    rows = transfer_activity(engine, [transfer_id, correction_id(transfer_id)], through=as_of)
    wallet = wallet_code(player_id)
    if not any(r["transfer_id"] == transfer_id and wallet in (r["account_code"],
                                                              r["counterparty"])
               for r in rows):
        raise NotFoundError(f"no transfer {transfer_id} of player {player_id}",
                            field="transfer_ids")
    return rows


def _transfer(engine: Any, transfer_id: str, player_id: str, as_of: int) -> dict[str, Any]:
    rows = _transfer_rows(engine, transfer_id, player_id, as_of)
    own = [r for r in rows if r["transfer_id"] == transfer_id]
    fixes = [r for r in rows if r["transfer_id"] != transfer_id
             and r["refs"].get("corrects") == transfer_id]
    corrections = [{"transfer_id": correction_id(transfer_id), "corrects": transfer_id,
                    "note": fixes[0]["refs"].get("note"), **_summary(fixes),
                    "movements": fixes}] if fixes else []
    return {"transfer_id": transfer_id, **_summary(own), "movements": own,
            "corrections": corrections}


def _summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """What moved: from the debited side (debited, or a posted hold) to its counterparty."""
    debit = next((r for r in rows if r["type"] in DEBIT_SIDES), rows[0])
    moved = debit["type"] in DEBIT_SIDES
    return {"kind": debit["operation"] or debit["reason"] or debit["type"],
            "from_code": debit["account_code"] if moved else None,
            "to_code": debit["counterparty"] if moved else None,
            "amount_cents": debit["amount_cents"], "at": debit["at"], "actor": debit["actor"]}


# What a reader needs besides (format /2) ------------------------------------------------------
def _readable_spec(operator: dict[str, str | None] | None,
                   case_version: int | None) -> dict[str, Any]:
    """The spec's part for a reader: who runs the installation (its name and licence, as
    configured now) and the case's version whose timeline the pack shows."""
    given = operator or {}
    for field in ("name", "licence"):
        if given.get(field) is not None:
            check_text(given[field], f"operator.{field}")
    if case_version is not None and (type(case_version) is not int or case_version < 1):
        raise InvalidInputError("case_version must be a stream version (1 up)",
                                field="case_version")
    return {"operator": {"name": given.get("name"), "licence": given.get("licence")},
            "case_version": case_version}


def _readable_parts(ledger: "Uses", engine: Any, spec: dict[str, Any],
                    pack: dict[str, Any]) -> dict[str, Any]:
    """The case (the complaint in the player's words, its timeline) and the people the pack
    names by display name (infra/complaints/pack_case.py)."""
    if spec.get("case_version") is not None:
        pack["case"] = pack_case.case_part(ledger, spec["case_id"], spec["case_version"])
    pack["people"] = pack_case.people(engine, pack)
    return pack


# Bytes ------------------------------------------------------------------------------------------
def pack_file_name(case_reference: str, number: int, copy: str | None = None) -> str:
    """The name a downloaded pack is saved under, without its extension, one every file
    system takes: ``processo-RC-2026-1A2B3C4D-pacote-1``, with its copy when given:
    ``-jogador`` (the player's), ``-equipa`` (the staff's)."""
    words = "" if copy is None else f"-{COPY_WORDS[copy]}"
    return portable_file_name(f"processo-{case_reference}-pacote-{number}{words}")
