"""The tamper-evident record (issue 15; docs/audit.md): the public keys that sign the
checkpoints (no API key needed: anyone may check a signature), the signed checkpoints, the
consistency proof between two of them (RFC 9162 §2.1.4), and a jogada's events with their
inclusion proofs against a checkpoint (§2.1.3). 903-B 1.5 "Log" (nothing recorded is changed) and 7.9.1 (automatic validation), rules-digest-2 §3.1."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query

from api.deps import LedgerDep, Reviewer
from api.ledger_access import fresh_engine
from api.routes.responses import errors
from api.schemas import JogadaIdPath
from domain.kernel.errors import NotFoundError
from infra.audit.service import Audit
from infra.container import Ledger

router = APIRouter(tags=["audit"])

BIG = 2**63 - 1
Sequence = Annotated[int, Query(ge=1, le=BIG, description="A checkpoint's sequence number")]
After = Annotated[int, Query(ge=0, le=BIG, description="Checkpoints after this sequence number")]
SequencePath = Annotated[int, Path(ge=1, le=BIG, description="A checkpoint's sequence number")]
Limit = Annotated[int, Query(ge=1, le=1000, description="At most 1,000")]


def audit_of(ledger: Ledger) -> Audit:
    if ledger.audit is None:
        raise NotFoundError("this process has no audit record (no projections)", field="audit")
    return ledger.audit


@router.get("/audit/public-keys", responses=errors(404))
def public_keys(ledger: LedgerDep) -> dict[str, Any]:
    """The Ed25519 public keys that signed checkpoints (raw 32 bytes, hex), each with its
    ``key_id`` (the first 8 bytes of its SHA-256), when it was first used, and its C2SP
    signed-note ``verifier_key`` (``<name>+<key_hash>+<base64(0x01 || key)>``, the name being
    the origin); and the key ``rotations``: each statement, a signed note by the old key and
    the new one (docs/audit.md "Keys"). No API key needed."""
    audit = audit_of(ledger)
    return {"algorithm": "ed25519", "keys": audit.public_keys(),
            "rotations": audit.key_rotations()}


@router.get("/audit/checkpoints", responses=errors(401, 403, 422))
def checkpoints(ledger: LedgerDep, caller: Reviewer, after: After = 0,
                limit: Limit = 100) -> dict[str, Any]:
    """The signed checkpoints in order: tree size, Merkle root, hash chain, last notification
    id, time, key and signature, and the signed ``note`` itself."""
    found = audit_of(ledger).checkpoints(after=after, limit=limit)
    return {"checkpoints": found,
            "next_after": found[-1]["sequence"] if len(found) == limit else None}


@router.get("/audit/checkpoints/latest", responses=errors(401, 403, 404))
def latest_checkpoint(ledger: LedgerDep, caller: Reviewer) -> dict[str, Any]:
    """The most recent signed checkpoint."""
    found = audit_of(ledger).checkpoint()
    if found is None:
        raise NotFoundError("no checkpoint has been signed yet", field="checkpoint")
    return found


@router.get("/audit/checkpoints/{sequence}", responses=errors(401, 403, 404, 422))
def read_checkpoint(sequence: SequencePath, ledger: LedgerDep, caller: Reviewer) -> dict[str, Any]:
    """One signed checkpoint."""
    found = audit_of(ledger).checkpoint(sequence)
    if found is None:
        raise NotFoundError(f"no checkpoint {sequence}", field="sequence")
    return found


@router.get("/audit/consistency", responses=errors(401, 403, 404, 409, 422))
def consistency(ledger: LedgerDep, caller: Reviewer, first: Sequence,
                second: Sequence) -> dict[str, Any]:
    """The consistency proof (RFC 9162 §2.1.4) that checkpoint ``first``'s tree is the start
    of checkpoint ``second``'s: the record only grew in between. 409 if ``first`` comes after
    ``second``."""
    return audit_of(ledger).consistency(first, second)


@router.get("/jogadas/{jogada_id}/proof", responses=errors(401, 403, 404, 409, 422, 503))
def jogada_proof(jogada_id: JogadaIdPath, ledger: LedgerDep, caller: Reviewer,
                 checkpoint: Annotated[int | None, Query(ge=1, le=BIG, description=(
                     "Prove against this checkpoint (default: the first that covers the"
                     " jogada)"))] = None) -> dict[str, Any]:
    """Every event of the jogada as stored (the fields its canonical bytes are made of,
    docs/audit.md), each with its leaf and inclusion proof against a signed checkpoint, the
    checkpoint and its public key. 409 ``not_sealed_yet`` until a checkpoint covers it."""
    return audit_of(ledger).jogada_proof(jogada_id, checkpoint, fresh_engine(ledger))
