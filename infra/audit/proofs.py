"""Proofs from the sealed record (infra/audit/tables.py): a checkpoint, the inclusion proof of
events against it (RFC 9162 §2.1.3), the consistency proof between two checkpoints (§2.1.4).
Each proof reads only the perfect subtrees it needs, in one query (domain/audit/merkle.py
``nodes_needed``)."""

from __future__ import annotations

import base64
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from sqlalchemy import Connection, select, text, union_all

from domain.audit import merkle
from domain.audit.checkpoint import is_legacy
from domain.kernel.errors import ConflictError, NotFoundError
from infra.audit.tables import audit_checkpoints, audit_keys, audit_leaves, audit_nodes


def checkpoint_body(row: Any) -> dict[str, Any]:
    """A stored checkpoint; ``note`` as stored: a C2SP signed note (``format``
    ``c2sp.org/tlog-checkpoint``), or the ``ledger-checkpoint/1`` text signed before issue 25."""
    return {"format": "ledger-checkpoint/1" if is_legacy(row.note) else "c2sp.org/tlog-checkpoint",
            "sequence": row.sequence, "tree_size": row.tree_size, "root": bytes(row.root).hex(),
            "chain": bytes(row.chain).hex(), "last_notification_id": row.last_notification_id,
            "sealed_at": row.sealed_at, "key_id": row.key_id,
            "signature": base64.b64encode(bytes(row.signature)).decode(), "note": row.note}


def key_body(row: Any) -> dict[str, Any]:
    return {"key_id": row.key_id, "algorithm": row.algorithm,
            "public_key": bytes(row.public_key).hex(), "first_used": row.first_used}


def checkpoints(conn: Connection, *, after: int = 0, limit: int | None = None) -> list[Any]:
    query = (select(audit_checkpoints).where(audit_checkpoints.c.sequence > after)
             .order_by(audit_checkpoints.c.sequence))
    return list(conn.execute(query if limit is None else query.limit(limit)))


def checkpoint(conn: Connection, sequence: int | None = None, *,
               covering: int | None = None) -> Any:
    """Checkpoint ``sequence``; or the latest; or (``covering``) the first whose tree holds
    that many leaves."""
    query = select(audit_checkpoints)
    if sequence is not None:
        query = query.where(audit_checkpoints.c.sequence == sequence)
    elif covering is not None:
        query = (query.where(audit_checkpoints.c.tree_size >= covering)
                 .order_by(audit_checkpoints.c.sequence).limit(1))
    else:
        query = query.order_by(audit_checkpoints.c.sequence.desc()).limit(1)
    return conn.execute(query).first()


def keys(conn: Connection) -> list[Any]:
    return list(conn.execute(select(audit_keys).order_by(audit_keys.c.first_used)))


def _perfect_from(conn: Connection, compute: Callable[[merkle.Perfect], Any]) -> Any:
    """Run ``compute`` with the stored perfect subtrees it needs."""
    return _perfect_for_all(conn, [compute])[0]


def _perfect_for_all(conn: Connection, computes: Sequence[Callable[[merkle.Perfect], Any]]
                     ) -> list[Any]:
    """Run each of ``computes`` with the stored perfect subtrees they need, read for all of
    them at once: one query for the leaves and one for the nodes (the proofs of one jogada's
    events share most of their nodes), with expanding IN lists: statements of a few shapes
    whatever the number of nodes, each compiled once by SQLAlchemy. An OR of one condition
    per node, compiled anew for every event's proof, was most of a proof's time (a sem
    descarte jogada: p50 31 -> 5 ms on SQLite, 82 -> 15 ms on PostgreSQL, 2 million events)."""
    needed = set().union(*(merkle.nodes_needed(compute) for compute in computes))
    found: dict[tuple[int, int], bytes] = {}
    leaves = [i for level, i in needed if level == 0]
    nodes = [(level, i) for level, i in needed if level > 0]
    if leaves:
        for index, leaf in conn.execute(select(audit_leaves.c.leaf_index, audit_leaves.c.leaf_hash)
                                        .where(audit_leaves.c.leaf_index.in_(leaves))):
            found[(0, index)] = bytes(leaf)
    if nodes:
        for level, index, value in _nodes(conn, nodes):
            found[(level, index)] = bytes(value)
    missing = needed - found.keys()
    if missing:
        raise ConflictError(f"the sealed record lacks {len(missing)} of the nodes a proof needs"
                            " (run `ledger verify`)", field="proof")
    return [compute(lambda level, index: found[(level, index)]) for compute in computes]


# PostgreSQL: the pairs as two arrays joined to the nodes (1 ms for the 116 nodes of a room's
# jogada's proofs, where a row-value IN list of them took 16-20 ms: a bitmap OR of 116 scans).
_PG_NODES = text(
    "SELECT n.level, n.node_index, n.hash FROM unnest(CAST(:levels AS smallint[]),"
    " CAST(:indexes AS bigint[])) AS v(level, node_index)"
    " JOIN audit_nodes n ON n.level = v.level AND n.node_index = v.node_index")


def _nodes(conn: Connection, nodes: list[tuple[int, int]]) -> Any:
    """The stored nodes (level, index) ``nodes``, as rows (level, index, hash). SQLite would
    scan the whole table for a row-value IN list: there one SELECT per level with an IN list
    of indexes, joined by UNION ALL."""
    if conn.dialect.name == "postgresql":
        return conn.execute(_PG_NODES, {"levels": [level for level, _ in nodes],
                                        "indexes": [index for _, index in nodes]})
    columns = (audit_nodes.c.level, audit_nodes.c.node_index, audit_nodes.c.hash)
    by_level: dict[int, list[int]] = {}
    for level, index in nodes:
        by_level.setdefault(level, []).append(index)
    return conn.execute(union_all(*(select(*columns).where(
        audit_nodes.c.level == level, audit_nodes.c.node_index.in_(indexes))
        for level, indexes in sorted(by_level.items()))))


def leaves_of(conn: Connection, notification_ids: Iterable[int]) -> dict[int, tuple[int, bytes]]:
    """notification id -> (leaf index, leaf hash) of the sealed ones among them."""
    ids = list(notification_ids)
    rows = conn.execute(select(audit_leaves.c.notification_id, audit_leaves.c.leaf_index,
                               audit_leaves.c.leaf_hash)
                        .where(audit_leaves.c.notification_id.in_(ids))) if ids else []
    return {n: (i, bytes(h)) for n, i, h in rows}


def inclusion(conn: Connection, notification_ids: Sequence[int],
              sequence: int | None = None) -> tuple[Any, list[dict[str, Any]]]:
    """The checkpoint (``sequence``, or the first that covers them all) and, for each event,
    its leaf and audit path. ConflictError ``not_sealed_yet`` when no checkpoint covers them."""
    sealed = leaves_of(conn, notification_ids)
    unsealed = [n for n in notification_ids if n not in sealed]
    if unsealed:
        raise ConflictError(f"events {unsealed[:5]} are not sealed yet; the sealer follows the"
                            " log within seconds", code="not_sealed_yet")
    needed = max(i for i, _ in sealed.values()) + 1
    row = (checkpoint(conn, sequence) if sequence is not None
           else checkpoint(conn, covering=needed))
    if row is None:
        if sequence is not None:
            raise NotFoundError(f"no checkpoint {sequence}", field="checkpoint")
        raise ConflictError("no signed checkpoint covers these events yet; one is signed every"
                            " LEDGER_AUDIT_CHECKPOINT_INTERVAL seconds while the log grows",
                            code="not_sealed_yet")
    if row.tree_size < needed:
        raise ConflictError(f"checkpoint {sequence} ({row.tree_size} events) does not cover"
                              f" leaf {needed - 1}", field="checkpoint")
    proofs = []
    paths = _perfect_for_all(conn, [
        lambda p, i=sealed[n][0]: merkle.inclusion_path(i, row.tree_size, p)
        for n in notification_ids])
    for n, path in zip(notification_ids, paths):
        index, leaf = sealed[n]
        proofs.append({"notification_id": n, "leaf_index": index, "leaf_hash": leaf.hex(),
                       "proof": [h.hex() for h in path],
                       "verified": merkle.verify_inclusion(leaf, index, row.tree_size, path,
                                                           bytes(row.root))})
    return row, proofs


def consistency(conn: Connection, first: int, second: int) -> dict[str, Any]:
    """The consistency proof from checkpoint ``first`` to checkpoint ``second``."""
    if first > second:
        raise ConflictError("checkpoint first must not come after checkpoint second",
                            field="first")
    rows = {}
    for name, sequence in (("first", first), ("second", second)):
        rows[name] = checkpoint(conn, sequence)
        if rows[name] is None:
            raise NotFoundError(f"no checkpoint {sequence}", field=name)
    m, n = rows["first"].tree_size, rows["second"].tree_size
    path = _perfect_from(conn, lambda p: merkle.consistency_path(m, n, p))
    return {"first": checkpoint_body(rows["first"]), "second": checkpoint_body(rows["second"]),
            "proof": [h.hex() for h in path],
            "verified": merkle.verify_consistency(m, n, bytes(rows["first"].root),
                                                  bytes(rows["second"].root), path)}
