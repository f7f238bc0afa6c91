"""Key rotation of the checkpoints' signing key (issue 25; docs/audit.md "Keys"): ``ledger audit
rotate-key`` records a statement (domain/audit/rotation.py), a signed note by the old key and
the new one; from then on the old key signs no checkpoint (the sealer refuses it,
infra/audit/sealer.py ``retired``) and the new one signs the trees of ``from_tree_size`` events
and more. A verifier who trusts the old key follows the statements to the new one
(``follow``: ``ledger verify``; the bundle checker has its own, infra/audit/checker/notes.py).
903-B 1.5 "Log" and 7.9.1: the record stays checkable across a change of key."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, Engine, func, insert, select

from domain.audit.rotation import Rotation
from domain.audit.signed_note import VerifierKey, split
from domain.kernel.errors import ConflictError, InvalidInputError
from infra.audit.sealer import read_state, remember_key, retired
from infra.audit.signing import Signer, key_id, open_note, sign_note
from infra.audit.tables import audit_checkpoints, audit_key_rotations

UNBOUNDED = 2**63


def rotation_body(row: Any) -> dict[str, Any]:
    return {"sequence": row.sequence, "old_key_id": row.old_key_id,
            "new_key_id": row.new_key_id, "from_tree_size": row.from_tree_size,
            "rotated_at": row.rotated_at, "note": row.note}


def rotations(conn: Connection) -> list[Any]:
    return list(conn.execute(select(audit_key_rotations)
                             .order_by(audit_key_rotations.c.sequence)))


def record_rotation(engine: Engine, old: Signer, new: Signer, *, origin: str,
                    now: str) -> dict[str, Any]:
    """The statement that ``new`` follows ``old``, signed by both, stored; the new key signs
    the trees larger than the last checkpoint's. In one transaction with the sealer's state
    row locked, so no checkpoint of the old key is signed meanwhile."""
    if old.key_id == new.key_id:
        raise InvalidInputError("the new key is the key in use", field="new")
    with engine.begin() as conn:
        read_state(conn, lock=True)
        if retired(conn, old.key_id):
            raise ConflictError(f"key {old.key_id} was rotated already: LEDGER_AUDIT_KEY_FILE"
                                " must be the key in use", field="key")
        found = rotations(conn)
        if found and found[-1].new_key_id != old.key_id:
            raise ConflictError(f"the key in use is {found[-1].new_key_id} (key rotation"
                                f" {found[-1].sequence}), not {old.key_id}", field="key")
        if retired(conn, new.key_id) or any(r.new_key_id == new.key_id for r in found):
            raise ConflictError(f"key {new.key_id} was used before: make a new one (ledger"
                                " audit keygen)", field="new")
        signed = conn.execute(select(func.max(audit_checkpoints.c.tree_size))).scalar() or 0
        statement = Rotation(origin, old.verifier(origin), new.verifier(origin), signed + 1,
                             now)
        note = sign_note(statement.text(), [(origin, old), (origin, new)])
        remember_key(conn, old, now)
        remember_key(conn, new, now)
        row = {"sequence": len(found) + 1, "old_key_id": old.key_id,
               "new_key_id": new.key_id, "from_tree_size": statement.from_tree_size,
               "rotated_at": now, "note": note}
        conn.execute(insert(audit_key_rotations).values(**row))
    return row


def follow(rows: list[Any], trusted: dict[str, bytes]) -> tuple[
        dict[str, bytes], dict[str, tuple[int, int]], list[str]]:
    """From the ``trusted`` keys (key id -> raw key), through the rotation statements that
    verify: the keys trusted then, the tree sizes each may sign ([from, to)), and what is
    wrong with the statements that do not verify."""
    keys, windows, problems = dict(trusted), {k: (0, UNBOUNDED) for k in trusted}, []
    for row in rows:
        try:
            statement = Rotation.parse(split(row.note)[0])
        except ValueError as error:
            problems.append(f"key rotation {row.sequence}: {error}")
            continue
        old, new = statement.old_key, statement.new_key
        old_id, new_id = key_id(old.public_key), key_id(new.public_key)
        if keys.get(old_id) != old.public_key:
            problems.append(f"key rotation {row.sequence}: its old key {old_id} is not a"
                            " trusted key")
            continue
        failed = _unsigned(row.note, old, new)
        if failed:
            problems.append(f"key rotation {row.sequence}: {failed}")
            continue
        if (row.old_key_id, row.new_key_id, row.from_tree_size) != (
                old_id, new_id, statement.from_tree_size):
            problems.append(f"key rotation {row.sequence}: the stored columns differ from its"
                            " signed statement")
            continue
        start = windows.get(old_id, (0, UNBOUNDED))[0]
        windows[old_id] = (start, statement.from_tree_size)
        windows[new_id] = (statement.from_tree_size, UNBOUNDED)
        keys[new_id] = new.public_key
    return keys, windows, problems


def _unsigned(note: str, old: VerifierKey, new: VerifierKey) -> str | None:
    """What is wrong with the statement's signatures: both keys must have signed it."""
    for which, key in (("old", old), ("new", new)):
        try:
            open_note(note, [key])
        except ValueError as error:
            return f"the {which} key's signature: {error}"
    return None
