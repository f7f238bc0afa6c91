"""A checkpoint of the tamper-evident record (issue 15, issue 25; docs/audit.md
"Checkpoints"): the tree size and the Merkle root after the first ``tree_size`` events of the
log, with the hash chain's link, the last notification id and when it was sealed. Its
``text()`` is a C2SP tlog-checkpoint body (https://c2sp.org/tlog-checkpoint), signed as a C2SP
signed note (domain/audit/signed_note.py), so an off-the-shelf verifier checks it:

    <origin>
    <tree size, decimal>
    <base64 of the RFC 6962 root>
    sequence: <1, 2, ...>
    chain: <base64 of the hash chain after the last of them>
    last-notification-id: <the notification id of the last of them>
    sealed-at: <ISO 8601 UTC time>

The last four are extension lines: the spec allows them (non-empty, opaque to a log monitor)
and the Ed25519 signature covers the whole text, so they stay signed.

Checkpoints signed before issue 25 are ``ledger-checkpoint/1`` notes (``legacy_text``); they
stay stored as they are and ``parse`` reads both. Pure: text only, no key and no storage."""

from __future__ import annotations

import base64
from dataclasses import dataclass

from domain.audit import signed_note

HEADER = "ledger-checkpoint/1"
_FIELDS = ("origin", "sequence", "tree-size", "root", "chain", "last-notification-id",
           "sealed-at")
EXTENSIONS = ("sequence", "chain", "last-notification-id", "sealed-at")


def _b64_hash(value: str, what: str) -> bytes:
    try:
        raw = base64.b64decode(value, validate=True)
    except ValueError:  # binascii.Error is one
        raw = b""
    if len(raw) != 32 or base64.b64encode(raw).decode() != value:
        raise ValueError(f"checkpoint: the {what} is not the base64 of 32 bytes")
    return raw


def _decimal(value: str, what: str) -> int:
    if not value.isascii() or not value.isdigit() or str(int(value)) != value:
        raise ValueError(f"checkpoint: the {what} {value!r} is not a decimal number without"
                         " leading zeroes")
    return int(value)


@dataclass(frozen=True)
class Checkpoint:
    origin: str
    sequence: int
    tree_size: int
    root: bytes
    chain: bytes
    last_notification_id: int
    sealed_at: str

    def text(self) -> str:
        """The C2SP tlog-checkpoint body that is signed."""
        signed_note.check_key_name(self.origin)  # the origin is the key name too
        b64 = base64.b64encode
        values = (self.sequence, b64(self.chain).decode(), self.last_notification_id,
                  self.sealed_at)
        return "".join([f"{self.origin}\n{self.tree_size}\n{b64(self.root).decode()}\n",
                        *(f"{k}: {v}\n" for k, v in zip(EXTENSIONS, values))])

    def legacy_text(self) -> str:
        """The ``ledger-checkpoint/1`` note of the checkpoints signed before issue 25."""
        values = (self.origin, self.sequence, self.tree_size, self.root.hex(), self.chain.hex(),
                  self.last_notification_id, self.sealed_at)
        return "\n".join([HEADER, *(f"{k}: {v}" for k, v in zip(_FIELDS, values))]) + "\n"

    @classmethod
    def parse(cls, note: str) -> "Checkpoint":
        """The checkpoint a note states: a ``ledger-checkpoint/1`` note, a checkpoint body, or
        a whole signed note (its signatures are not checked here); ValueError naming what is
        wrong with it."""
        if note.split("\n", 1)[0] == HEADER:
            return cls._parse_legacy(note)
        if "\n\n" in note:
            note = signed_note.split(note)[0]
        return cls.parse_text(note)

    @classmethod
    def parse_text(cls, text: str) -> "Checkpoint":
        lines = text.split("\n")
        if lines[-1] != "" or len(lines) != 3 + len(EXTENSIONS) + 1:
            raise ValueError("checkpoint: expected origin, tree size, root and the"
                             f" {len(EXTENSIONS)} extension lines {', '.join(EXTENSIONS)}")
        values = signed_note.named_lines(lines[3:-1], EXTENSIONS, "checkpoint")
        return cls(origin=signed_note.check_key_name(lines[0]),
                   tree_size=_decimal(lines[1], "tree size"), root=_b64_hash(lines[2], "root"),
                   sequence=_decimal(values["sequence"], "sequence"),
                   chain=_b64_hash(values["chain"], "chain"),
                   last_notification_id=_decimal(values["last-notification-id"],
                                                 "last notification id"),
                   sealed_at=values["sealed-at"])

    @classmethod
    def _parse_legacy(cls, note: str) -> "Checkpoint":
        lines = note.split("\n")
        if lines[-1] != "" or lines[0] != HEADER or len(lines) != len(_FIELDS) + 2:
            raise ValueError(f"not a {HEADER} note")
        values = signed_note.named_lines(lines[1:-1], _FIELDS, "checkpoint note")
        try:
            return cls(origin=values["origin"], sequence=int(values["sequence"]),
                       tree_size=int(values["tree-size"]), root=bytes.fromhex(values["root"]),
                       chain=bytes.fromhex(values["chain"]),
                       last_notification_id=int(values["last-notification-id"]),
                       sealed_at=values["sealed-at"])
        except ValueError as error:
            raise ValueError(f"checkpoint note: {error}") from None


def is_legacy(note: str) -> bool:
    """Whether a stored note is a ``ledger-checkpoint/1`` note (signed before issue 25)."""
    return note.split("\n", 1)[0] == HEADER
