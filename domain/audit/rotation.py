"""A key rotation statement (issue 25; docs/audit.md "Keys"): the text of a C2SP signed note
(domain/audit/signed_note.py) signed by the key that signed the checkpoints so far (the old
one) and by the key that signs them from now on (the new one, proving it is held):

    ledger-key-rotation/1
    origin: <the ledger's name>
    old-key: <the old key's verifier key string>
    new-key: <the new key's verifier key string>
    from-tree-size: <the new key signs the checkpoints of this many events and more>
    rotated-at: <ISO 8601 UTC time>

Whoever trusts the old key may trust the new one for the trees of ``from-tree-size`` events
and more; the old key signs only smaller ones. The first line keeps it apart from a
checkpoint (whose second line is a number). Pure: text only."""

from __future__ import annotations

from dataclasses import dataclass

from domain.audit.signed_note import (
    VerifierKey,
    check_key_name,
    named_lines,
    parse_verifier_key,
)

HEADER = "ledger-key-rotation/1"
_FIELDS = ("origin", "old-key", "new-key", "from-tree-size", "rotated-at")


@dataclass(frozen=True)
class Rotation:
    origin: str
    old_key: VerifierKey
    new_key: VerifierKey
    from_tree_size: int
    rotated_at: str

    def text(self) -> str:
        check_key_name(self.origin)
        values = (self.origin, self.old_key, self.new_key, self.from_tree_size, self.rotated_at)
        return "\n".join([HEADER, *(f"{k}: {v}" for k, v in zip(_FIELDS, values))]) + "\n"

    @classmethod
    def parse(cls, text: str) -> "Rotation":
        """The rotation a statement's text states; ValueError naming what is wrong."""
        lines = text.split("\n")
        if lines[0] != HEADER or lines[-1] != "" or len(lines) != len(_FIELDS) + 2:
            raise ValueError(f"not a {HEADER} statement")
        values = named_lines(lines[1:-1], _FIELDS, "key rotation")
        size = values["from-tree-size"]
        if not size.isascii() or not size.isdigit():
            raise ValueError(f"key rotation: from-tree-size {size!r} is not a number")
        return cls(origin=values["origin"], old_key=parse_verifier_key(values["old-key"]),
                   new_key=parse_verifier_key(values["new-key"]), from_tree_size=int(size),
                   rotated_at=values["rotated-at"])
