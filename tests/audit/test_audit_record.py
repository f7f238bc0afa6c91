"""The canonical bytes of a stored event (domain/audit/record.py, docs/audit.md): fixed by
the format (an independent verifier must reproduce them), changed by any change of any field,
and chained so that removing or swapping events changes every later link."""

from __future__ import annotations

import hashlib
from uuid import UUID

from domain.audit import record
from domain.audit import merkle

STREAM = UUID("12345678-1234-5678-1234-567812345678")


def test_audit_event_bytes_follow_the_documented_layout():
    data = record.event_bytes(7, STREAM, 3, "ledger.Account.Credited", b'{"a":1}')
    assert data == (b"ledger-event/1\x00" + (7).to_bytes(8, "big") + STREAM.bytes
                    + (3).to_bytes(8, "big") + (23).to_bytes(2, "big")
                    + b"ledger.Account.Credited" + (7).to_bytes(4, "big") + b'{"a":1}')


def test_audit_any_changed_field_changes_the_leaf():
    base = dict(notification_id=7, originator_id=STREAM, originator_version=3,
                topic="ledger.Account.Credited", state=b'{"a":1}')
    leaf = merkle.leaf_hash(record.event_bytes(**base))
    changes = [dict(notification_id=8), dict(originator_version=4),
               dict(originator_id=UUID(int=STREAM.int ^ 1)), dict(topic="ledger.Account.Debited"),
               dict(state=b'{"a":2}'),
               # the boundary between topic and state moves: length prefixes keep them apart
               dict(topic="ledger.Account.Credited{", state=b'"a":1}')]
    for change in changes:
        assert merkle.leaf_hash(record.event_bytes(**(base | change))) != leaf, change


def test_audit_the_chain_changes_at_a_removed_or_swapped_event():
    leaves = [merkle.leaf_hash(record.event_bytes(i, STREAM, i, "t", b"%d" % i))
              for i in range(1, 6)]

    def links(sequence):
        out, link = [], record.CHAIN_START
        for leaf in sequence:
            link = record.chain(link, leaf)
            out.append(link)
        return out

    whole = links(leaves)
    assert whole[0] == hashlib.sha256(bytes(32) + leaves[0]).digest()
    assert links(leaves[:2] + leaves[3:])[-1] != whole[-1]  # one removed
    assert links([leaves[1], leaves[0], *leaves[2:]])[-1] != whole[-1]  # two swapped
    assert links(leaves[:3]) == whole[:3]  # what came before is unchanged


def test_audit_the_fast_leaf_is_the_leaf_of_the_documented_bytes():
    """``leaf_hasher`` (the sealer's and the verifier's loops) hashes exactly the documented
    canonical bytes: every field, a topic seen again (its bytes are kept), a state given as
    text (a hand edit in SQLite) or as a memoryview."""
    leaf_of = record.leaf_hasher()
    cases = [(7, STREAM, 3, "ledger.Account.Credited", b'{"a":1}'),
             (8, STREAM, 4, "ledger.Account.Credited", b'{"a":2}'),
             (2**40, UUID(int=1), 2**33, "t\u00e9pico", b""),
             (9, STREAM, 1, "ledger.Account.Debited", '{"é":1}'),
             (10, STREAM, 2, "ledger.Account.Debited", memoryview(b'{"b":3}'))]
    for n, originator, version, topic, state in cases:
        expected = merkle.leaf_hash(record.event_bytes(n, originator, version, topic,
                                                       bytes(state) if isinstance(
                                                           state, memoryview) else state))
        assert leaf_of(n, originator.bytes, version, topic, state) == expected
