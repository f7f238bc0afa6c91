"""A rule's title: each game's rule catalogue (``RuleBook``, in its package's ``rule_book.py``;
the core's, 903-B and the interpretations common to every game, in domain/kernel/rule_book_903b.py)
and ``title_of``, which reads a citation written by domain/kernel/rules.py back into the titles of
the rules it names, for an error body's and a viewer step's ``rule_title``.

A title is one short line in the project's own words (not the regulation's text): what the
rule is about. The numbers are the digests' (docs/rules.md); ``./run rules`` lists each
catalogue's rules with the tests that cite them. Pure data and parsing: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from domain.kernel.rules import T903B, A, Source


def _keyed(table: Mapping) -> Mapping[str, Mapping[str, str]]:
    """A copy with string keys: 19 and "19" are the same rule."""
    return {str(source): {str(k): str(v) for k, v in numbers.items()}
            for source, numbers in table.items()}


@dataclass(frozen=True, eq=False)  # hashed by identity: its tables are dicts
class RuleBook:
    """A game's rule catalogue.

    ``rules``: per source (a game's ``Source``, domain/kernel/rules.py, or the tag ``T903B``),
    each rule number (a 903-B section: "6.3.4") -> its title. ``interpretations``: per
    source the interpretations of the digests filed under it (A-numbers, unique across the
    digests: 1 is A1) -> its title."""

    rules: Mapping[str, Mapping[str, str]]
    interpretations: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    sources: tuple[Source, ...] = field(init=False, repr=False, default=())
    names: Mapping[str, str] = field(init=False, repr=False, default_factory=dict)

    def __post_init__(self) -> None:
        # the name each of its sources is cited by: how a citation is read back
        sources = tuple(s for s in self.rules if isinstance(s, Source))
        object.__setattr__(self, "sources", sources)
        object.__setattr__(self, "names", {s.name: str(s) for s in sources})
        object.__setattr__(self, "rules", _keyed(self.rules))
        object.__setattr__(self, "interpretations", _keyed(self.interpretations))

    def title(self, source: str, number: int | str) -> str | None:
        """The title of rule ``number`` of ``source`` (``A``: of interpretation A<number>)."""
        if source == A:
            return next((t[str(number)] for t in self.interpretations.values()
                         if str(number) in t), None)
        return self.rules.get(source, {}).get(str(number))


EMPTY = RuleBook({})

_ITEM = r"r?\d+[a-z]?(?:\s*[-–]\s*r?\d*[a-z]?)?(?: ?\([^)]*\))?"
_SECTION = r"\d+(?:\.\d+)+(?:\(\d+\))*(?:\s*[-–]\s*\(\d+\))?"
_PATTERNS: dict[tuple[str, ...], re.Pattern[str]] = {}


def _citation(names: tuple[str, ...]) -> re.Pattern[str]:
    """What a citation looks like, for sources cited by ``names`` (longest first)."""
    pattern = _PATTERNS.get(names)
    if pattern is None:
        named = "|".join(re.escape(n) for n in names) or "(?!)"
        pattern = _PATTERNS[names] = re.compile(
            f"(?P<name>{named}) rules? (?P<numbers>{_ITEM}(?:(?:, | and ){_ITEM})*)"
            + rf"|903-B (?P<sections>{_SECTION}(?:, {_SECTION})*)"
            + r"|\bA(?P<a>\d{1,2})\b")
    return pattern
_NUMBER = re.compile(r"r?(\d+)([a-z]?)(?:\s*[-–]\s*r?(\d*)[a-z]?)?")


def _numbers(item: str) -> list[tuple[str, int]]:
    """(as written, rule number) of one item: "41a" is rule 41, "45–47" rules 45 to 47, "2a-d"
    rule 2; a note in brackets ("26 (A3)") is read as a citation of its own."""
    found = _NUMBER.match(item.strip())
    if found is None:
        return []
    first, letter, last = int(found.group(1)), found.group(2), found.group(3)
    if letter or not last or int(last) <= first:
        return [(found.group(0).split("-")[0].split("–")[0].strip(), first)]
    return [(str(n), n) for n in range(first, int(last) + 1)]


def _sections(book: Mapping[str, str], written: str) -> tuple[str, str] | None:
    """The longest section in ``book`` that ``written`` ("6.3.2(4)", "5.4.1(5)–(8)") falls under."""
    numbers = written.split("(")[0].split(".")
    for n in range(len(numbers), 1, -1):
        key = ".".join(numbers[:n])
        if key in book:
            return key, book[key]
    return None


def cited(citation: str | None, books: Iterable[RuleBook]) -> list[tuple[str, str]]:
    """Each rule ``citation`` names, as (label, title), for those a catalogue of ``books`` holds
    (the first that holds it): "<game> rules 43, 44" gives [("rule 43", …), ("rule 44", …)],
    "903-B 6.3.2(4)" [("903-B 6.3.2(4)", the title of 6.3.2)], "A15" [("A15", …)]."""
    if not citation:
        return []
    books = tuple(books)
    out: list[tuple[str, str]] = []

    def add(label: str, source: str, number: str) -> None:
        title = next((t for b in books if (t := b.title(source, number)) is not None), None)
        if title is not None and (label, title) not in out:
            out.append((label, title))

    source_of = {name: tag for book in books for name, tag in book.names.items()}
    for match in _citation(tuple(sorted(source_of, key=len, reverse=True))).finditer(citation):
        if match.group("name"):
            source = source_of[match.group("name")]
            for item in re.split(r", | and ", match.group("numbers")):
                for written, number in _numbers(item):
                    add(f"rule {written}", source, str(number))
                for note in re.findall(r"\bA(\d{1,2})\b", item):
                    add(f"A{note}", A, note)
        elif match.group("sections"):
            for written in re.findall(_SECTION, match.group("sections")):
                for book in books:
                    found = _sections(book.rules.get(T903B, {}), written)
                    if found is not None:
                        if (f"903-B {written}", found[1]) not in out:
                            out.append((f"903-B {written}", found[1]))
                        break
        else:
            add(f"A{match.group('a')}", A, match.group("a"))
    return out


def title_of(citation: str | None, books: Iterable[RuleBook]) -> str | None:
    """The ``rule_title`` of a ``rule``: the title of the one rule it names, or "label: title"
    for each of several, joined by "; "; None when no catalogue knows any of them."""
    found = cited(citation, books)
    if not found:
        return None
    if len(found) == 1:
        return found[0][1]
    return "; ".join(f"{label}: {title}" for label, title in found)
