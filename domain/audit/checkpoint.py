"""A checkpoint of the tamper-evident record (issue 15; docs/audit.md): the tree size, the Merkle
root and the hash chain's link after the first ``tree_size`` events of the log, and when it was
sealed. Its ``note`` is the exact text that is signed (Ed25519); an independent verifier parses
the note, checks the signature over its UTF-8 bytes, and compares the numbers with the events.

    ledger-checkpoint/1
    origin: <the ledger's name>
    sequence: <1, 2, ...>
    tree-size: <number of events>
    root: <64 hex digits: RFC 6962 MTH of the events' leaves>
    chain: <64 hex digits: the hash chain after the last of them>
    last-notification-id: <the notification id of the last of them>
    sealed-at: <ISO 8601 UTC time>

Pure: text only, no key and no storage."""

from __future__ import annotations

from dataclasses import dataclass

HEADER = "ledger-checkpoint/1"
_FIELDS = ("origin", "sequence", "tree-size", "root", "chain", "last-notification-id",
           "sealed-at")


@dataclass(frozen=True)
class Checkpoint:
    origin: str
    sequence: int
    tree_size: int
    root: bytes
    chain: bytes
    last_notification_id: int
    sealed_at: str

    def note(self) -> str:
        values = (self.origin, self.sequence, self.tree_size, self.root.hex(), self.chain.hex(),
                  self.last_notification_id, self.sealed_at)
        return "\n".join([HEADER, *(f"{k}: {v}" for k, v in zip(_FIELDS, values))]) + "\n"

    @classmethod
    def parse(cls, note: str) -> "Checkpoint":
        """The checkpoint a note states; ValueError naming what is wrong with it."""
        lines = note.split("\n")
        if lines[-1] != "" or lines[0] != HEADER or len(lines) != len(_FIELDS) + 2:
            raise ValueError(f"not a {HEADER} note")
        values: dict[str, str] = {}
        for line, key in zip(lines[1:-1], _FIELDS):
            name, sep, value = line.partition(": ")
            if name != key or not sep:
                raise ValueError(f"checkpoint note: expected '{key}: ...', got {line!r}")
            values[key] = value
        try:
            return cls(origin=values["origin"], sequence=int(values["sequence"]),
                       tree_size=int(values["tree-size"]), root=bytes.fromhex(values["root"]),
                       chain=bytes.fromhex(values["chain"]),
                       last_notification_id=int(values["last-notification-id"]),
                       sealed_at=values["sealed-at"])
        except ValueError as error:
            raise ValueError(f"checkpoint note: {error}") from None
