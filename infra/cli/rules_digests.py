"""The rule numbers the digests list (../shared/rules-digest.md, rules-digest-2.md), to check the
rule catalogues against them (tests/core/test_rule_books.py, only where ../shared is there).
``./run rules`` reads the catalogues (domain/kernel/rule_titles.py), never the digests.

    parse_digests([text, ...]) -> Catalogue: each source's rule numbers (a game's from its §0
    range "rules 1–N", the Portaria's from "rule N" in its section, 903-B's sections from
    rules-digest-2 §3 and every "903-B x.y.z"), and each interpretation A1… with its source.
"""

from __future__ import annotations

import re
from pathlib import Path

from infra.cli.rules_report import Catalogue, section, sources

DIGESTS = ("rules-digest.md", "rules-digest-2.md")

def digest_tags() -> dict[str, tuple[str, ...]]:
    """A source's tag -> its tags in the digests (each game's ``Source.digests``)."""
    return {**{tag: s.digests for tag, s in sources().items()}, "903b": ("903-B",),
            "common": ()}


def _tag_of(text: str) -> str | None:
    for tag, tags in digest_tags().items():
        if any(f"[{t}]" in text or f"`{t}`" in text or f"({t})" in text for t in tags):
            return tag
    return "common" if "common" in text.lower() else None


def read_digests(folder: Path) -> Catalogue | None:
    """The digests in ``folder`` parsed; None when they are not there."""
    paths = [folder / name for name in DIGESTS]
    if not all(p.is_file() for p in paths):
        return None
    return parse_digests([p.read_text(encoding="utf-8") for p in paths])


def parse_digests(texts: list[str]) -> Catalogue:
    """The rule numbers of each source and the interpretations A1…, with their source."""
    digest = Catalogue()
    ranges: dict[str, int] = {}
    sections: set[tuple[int, ...]] = set()
    for text in texts:
        for line in text.splitlines():  # §0: "| `000 SD` | … | … annex rules 1–44 | …"
            tag = _tag_of(line) if line.startswith("| `") else None
            found = re.search(r"rules 1[–-](\d+)", line)
            if tag and found:
                ranges[tag] = max(ranges.get(tag, 0), int(found.group(1)))
        for match in re.finditer(r"^## \d+\. [^\n]*$", text, re.M):  # a game's own section
            tag = _tag_of(match.group(0))
            end = text.find("\n## ", match.end())
            body = text[match.end():end if end > 0 else len(text)]
            if tag == "903b":
                for line in body.splitlines():
                    if not line.startswith("#"):
                        sections.update(section(s) for s in re.findall(
                            r"(?<![\d.\w])(\d{1,2}\.\d{1,2}(?:\.\d{1,2})?)(?![\d.]?\d)", line))
            elif tag and tag != "common" and tag not in ranges:  # PT: "… through rule 11"
                numbers = [int(n) for n in re.findall(r"\br(?:ule )?(\d+)", body, re.I)]
                ranges[tag] = max(numbers, default=0)
        sections.update(section(s) for s in re.findall(r"903-B (\d+(?:\.\d+)+)", text))
        group = None
        for line in text.splitlines():
            if re.fullmatch(r"\*\*[^*]+\*\*", line.strip()):
                group = _tag_of(line)
            # "- **A25. *Sessão* (r2s, 1 hour)** is…": the title may hold italics
            entry = re.match(r"- \*\*A(\d+)\. (.+?)\*\*(?!\*)", line)
            if entry and group:
                digest.ambiguities[int(entry.group(1))] = (group, entry.group(2).strip())
    digest.rules = {tag: list(range(1, n + 1)) for tag, n in ranges.items() if n}
    digest.rules["903b"] = sorted(sections)
    return digest
