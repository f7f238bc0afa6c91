"""The text helpers of an evidence pack's PDF (infra/complaints/pdf_scenes.py): text the core
font can write, values as a reader reads them (amounts in euros, yes/no, Lisbon times), cards
in words."""

from __future__ import annotations

import json
import unicodedata
from typing import Any

from domain.kernel.viewer import euros
from infra.complaints.pack_words import Words, lisbon

ENCODING = "windows-1252"
RANK_WORDS = {"pt": {"A": "ás", "K": "rei", "Q": "dama", "J": "valete", "T": "10"},
              "en": {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "10"}}
SUIT_WORDS = {"pt": {"c": "paus", "d": "ouros", "h": "copas", "s": "espadas"},
              "en": {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}}
OF = {"pt": "de", "en": "of"}
PERSON_KINDS = ("player:", "staff:", "wallet:")
# Keys whose values are maps of amounts in cents (a player's prizes, an adjudication's nets).
MONEY_MAPS = frozenset({"won", "prize_values", "shares", "refunds", "payments", "recomputed",
                        "recorded", "settlement", "money", "opening_balances"})


def plain(value: Any) -> str:
    """Text the core font can write: what Windows-1252 lacks is written without its accents,
    or as "?" (a name in another script stays readable in the JSON pack)."""
    text = value if isinstance(value, str) else str(value)
    try:
        text.encode(ENCODING)
        return text
    except UnicodeEncodeError:
        out = []
        for ch in text:
            try:
                ch.encode(ENCODING)
                out.append(ch)
            except UnicodeEncodeError:
                base = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
                out.append(base or "?")
        return "".join(out)


when = lisbon  # an instant as Lisbon's legal time with its offset


def shown(value: Any, key: str = "", words: Words | None = None) -> str:
    """A value as a reader reads it: cents in euros, yes/no, instants, maps of amounts."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return (words or Words("pt")).yes_no(value)
    if isinstance(value, int) and (key.endswith("_cents") or key in MONEY_MAPS):
        return euros(value)
    if isinstance(value, str) and (key.endswith("_at") or key in ("at", "generated_at")):
        return when(value)
    if isinstance(value, dict):
        money = key in MONEY_MAPS or key.endswith("_cents")
        return "; ".join(f"{k}: {shown(v, key if money else str(k), words)}"
                         for k, v in value.items()) or "—"
    if isinstance(value, list) and all(not isinstance(v, (dict, list)) for v in value):
        return ", ".join(shown(v, key, words) for v in value) or "—"
    if isinstance(value, list) and all(isinstance(v, dict) for v in value):  # rows of facts
        return " | ".join(shown(v, key, words) for v in value) or "—"
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return str(value)


def card_words(code: str, lang: str = "pt") -> str:
    """"As (ás de espadas)": the code as the API and the JSON pack write it, then in words."""
    rank = RANK_WORDS[lang].get(code[0], code[0])
    return f"{code} ({rank} {OF[lang]} {SUIT_WORDS[lang][code[1]]})"


class Reading:
    """The words of a page (mixed into infra/complaints/pdf_scenes.py ``EvidencePDF``): codes
    in this language's words, values as read, instants in Lisbon time, people by name."""

    words: Words
    people: dict[str, str | None]
    game_words: dict[str, dict[str, str]]

    def code(self, value: Any) -> str:
        """A code (or a game's label) in this language's words: the game's, the core's, else
        as it is."""
        return self.words.code(value, self.game_words)

    def when(self, value: Any) -> str:
        return when(value)

    def shown(self, value: Any, key: str = "") -> str:
        return shown(value, key, self.words)

    def _money_kind(self, kind: str) -> str:
        """A movement of money ("voided" is a hold released, not a jogada void)."""
        word = self.code(f"money:{kind}")
        return self.code(kind) if word == f"money:{kind}" else word

    def person(self, value: Any) -> str:
        """``player:<id>``, ``staff:<id>``, ``wallet:<id>``, an id: its display name (a short
        id when there is none); ``house``: the operator; ``system``: the service."""
        if not isinstance(value, str):
            return "—" if value is None else str(value)
        kind = next((k for k in PERSON_KINDS if value.startswith(k)), "")
        ident = value[len(kind):]
        if kind == "wallet:":
            return self.words("wallet_of", who=self.person(ident))
        if ident in self.people:
            return self.people[ident] or f"{kind}{ident[:8]}…"
        if value == "house":
            return self.words("house")
        if value.partition(":")[0] == "system":
            return self.words("system")
        return value
