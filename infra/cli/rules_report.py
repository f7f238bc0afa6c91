"""``./run rules``: every rule of each game the ledger implements, read from the rule catalogues
(each game's ``Game.rule_book``, its package's rule_book.py, through the registry
``infra.games.load_games()``; the core's domain/kernel/rule_book_903b.py), each with its title and
the tests that cite it; then the rules no test cites, and totals. It reads nothing outside the
repository (the digests in ../shared are only what the catalogues were checked against:
infra/cli/rules_digests.py, tests/core/test_rule_books.py).

A test cites a rule by its name (docs/rules.md): ``test_`` then, for each source, its tag and
the rule numbers, then words: ``test_<tag>_22_…`` (rule 22 of the source tagged <tag>, a game's
``Source``, domain/kernel/rules.py), ``test_903b_6_1_5_3_…`` (903-B 6.1.5(3)),
``test_<tag>_30_a13_…`` (rule 30, interpretation A13), ``test_<tag>_39_<tag2>_52_…`` (two
sources). It also cites what its body spells out in full: "<source name> rule 31",
``<tag>_rule(14)``, "903-B 7.9.1", and the A-numbers of its docstring; those are marked ``·``.

    python -m infra.cli.rules_report [--tests DIR] [--game TAG] [--brief]
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from domain.kernel.rule_titles import RuleBook
from domain.kernel.rules import Source  # noqa: TC001

ROOT = Path(__file__).resolve().parents[2]

CORE = {"903b": "technical requirements, Reg. 903-B/2015",
        "common": "interpretations common to every game"}


@cache
def sources() -> dict[str, Source]:
    """Every game's sources of rules, by tag, from the registry's rule catalogues (each game's
    and those of the regulation's games without a package)."""
    from infra.games import (
        load_games,  # the registry, read once: not at import of this module
    )

    return {str(s): s for book in load_games().rule_books() for s in book.sources}


def titles() -> dict[str, str]:
    """tag -> how the report heads it: the games' sources, then the core's."""
    return {**{tag: s.title for tag, s in sources().items()}, **CORE}


RULE_TOKEN = re.compile(r"r?(\d+)([a-z]?)")
A_TOKEN = re.compile(r"a(\d+)")


@dataclass
class Catalogue:
    rules: dict[str, list] = field(default_factory=dict)  # tag -> rule keys (ints, 903-B tuples)
    ambiguities: dict[int, tuple[str, str]] = field(default_factory=dict)  # n -> (tag, title)
    titles: dict[tuple[str, object], str] = field(default_factory=dict)  # (tag, key) -> title


@dataclass(frozen=True)
class Citation:
    tag: str  # a source's tag (titles()), or "a" for an interpretation
    key: int | tuple[int, ...]  # the rule number, a 903-B section, or the A-number
    token: str  # as written: "41a", "r9e", "6.1.5.3"
    test: str  # path::name
    in_body: bool = False


def section(key: str) -> tuple[int, ...]:
    return tuple(int(n) for n in key.split("."))


def from_books(books: Iterable[RuleBook]) -> Catalogue:
    """The rule numbers and titles of each source, and each interpretation with the source it is
    filed under (the first catalogue that files it, in the registry's order)."""
    catalogue = Catalogue()
    for book in books:
        for tag, numbers in book.rules.items():
            keys = [section(k) if tag == "903b" else int(k) for k in numbers]
            catalogue.rules[tag] = sorted(set(catalogue.rules.get(tag, [])) | set(keys))
            catalogue.titles.update({(tag, k): t for k, t in zip(keys, numbers.values())})
        for tag, numbers in book.interpretations.items():
            for n, title in numbers.items():
                catalogue.ambiguities.setdefault(int(n), (tag, title))
    return catalogue


def implemented(books: Iterable[RuleBook]) -> tuple[str, ...]:
    """The sources of the games' catalogues, in the registry's order, then 903-B and the
    interpretations common to every game."""
    tags: list[str] = []
    for book in books:
        tags += [t for t in dict.fromkeys((*book.rules, *book.interpretations)) if t not in tags]
    return (*tags, *(t for t in ("903b", "common") if t not in tags))


def parse_name(name: str, test: str = "") -> list[Citation]:
    """The citations a test's name carries: source tags, each followed by its rule numbers."""
    tokens = name.removeprefix("test_").split("_")
    found: list[Citation] = []
    i = 0
    known = titles()
    while i < len(tokens) and tokens[i] in known:
        tag, j, cited = tokens[i], i + 1, []
        while j < len(tokens):
            token = tokens[j]
            if token in known:  # "test_<tag>_903b_6_3_4": 903-B, not rule "903b" of <tag>
                break
            if A_TOKEN.fullmatch(token):
                cited.append(Citation("a", int(token[1:]), token.upper(), test))
                j += 1
            elif tag == "903b" and token.isdigit():
                k = j
                while k < len(tokens) and tokens[k].isdigit():
                    k += 1
                section = tuple(int(t) for t in tokens[j:k])  # 6_1_5_3: 6.1.5(3)
                written = ".".join(tokens[j:min(k, j + 3)])
                written += "".join(f"({t})" for t in tokens[j + 3:k])
                cited.append(Citation(tag, section, written, test))
                j = k
            elif tag not in ("903b", "common") and RULE_TOKEN.fullmatch(token):
                cited.append(Citation(tag, int(RULE_TOKEN.fullmatch(token).group(1)), token, test))
                j += 1
            else:
                break
        if not cited and j < len(tokens) and tokens[j] in known:
            i = j  # "test_<tag>_903b_6_3_4_…": a game's 903-B test
            continue
        if not cited:
            break  # the tag was a word ("test_sd_invalid_…")
        found += cited
        i = j
    return found


def _long() -> dict[str, str]:
    """The citations spelled out in full, per tag: "<name> rule(s) N" and ``<tag>_rule(N)``
    (a tag followed by a space marks the second kind)."""
    long = {tag: rf"(?<![\w/-]){re.escape(s.name)},? (?:rules? |r(?=\d))"
            for tag, s in sources().items()}
    long.update({f"{tag} ": rf"\b{re.escape(tag)}_rule\(\"?" for tag in sources()})
    return long


_NUMBERS = r"(r?\d+[a-z]?(?:(?:, |–| and )r?\d+[a-z]?)*)"


def constants(text: str) -> dict[str, str]:
    """The module's constants spelling a source's citation out (``X = "<name> rule"``, used as
    ``f"{X} 14"``): tag -> the pattern of their use."""
    found = {}
    for tag, source in sources().items():
        for match in re.finditer(rf'^(\w+) = "{re.escape(source.name)} rule"$', text, re.M):
            found[f"{tag}  "] = rf"\{{{match.group(1)}\}} "
    return found


def body_citations(source: str, docstring: str, constant: dict[str, str] | bool,
                   test: str) -> list[Citation]:
    """Citations a test spells out in full in its body; A-numbers only from its docstring.
    ``constant``: the module's citation constants (``constants``)."""
    found = []
    patterns = _long()
    if isinstance(constant, dict):
        patterns.update(constant)
    for tag, pattern in patterns.items():
        for match in re.finditer(pattern + _NUMBERS, source):
            for part in re.split(r", | and ", match.group(1)):
                ends = [RULE_TOKEN.fullmatch(p) for p in part.split("–")]
                first, last = int(ends[0].group(1)), int(ends[-1].group(1))
                if ends[0].group(2):  # "35a–36" names the alínea: no range
                    last = first
                for n in range(first, last + 1):
                    found.append(Citation(tag.strip(), n, part, test, True))
    for match in re.finditer(r"903-B (\d+(?:\.\d+)+)", source):
        found.append(Citation("903b", section(match.group(1)), match.group(1), test, True))
    for match in re.finditer(r"\bA(\d{1,2})\b", docstring):
        found.append(Citation("a", int(match.group(1)), f"A{match.group(1)}", test, True))
    return found


def scan_tests(tests_dir: Path) -> list[Citation]:
    citations = []
    for path in sorted(tests_dir.rglob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        sd_constant = constants(text)
        where = path.relative_to(tests_dir.parent).as_posix()
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                    and node.name.startswith("test_"):
                test = f"{where}::{node.name}"
                named = parse_name(node.name, test)
                body = body_citations(ast.get_source_segment(text, node) or "",
                                      ast.get_docstring(node) or "", sd_constant, test)
                seen = {(c.tag, c.key) for c in named}
                for c in body:
                    if (c.tag, c.key) not in seen:
                        seen.add((c.tag, c.key))
                        citations.append(c)
                citations += named
    return citations


def _match_section(key: tuple[int, ...], known: list[tuple[int, ...]]) -> tuple[int, ...]:
    """The longest section of the catalogue that ``key`` (6.1.5.3 = 6.1.5(3)) falls under."""
    for n in range(len(key), 1, -1):
        if key[:n] in known:
            return key[:n]
    return key[:3]  # a section has at most three numbers; a fourth is its point


def _label(tag: str, key) -> str:
    if tag == "a":
        return f"A{key}"
    return ".".join(map(str, key)) if isinstance(key, tuple) else f"rule {key}"


def cited_keys(catalogue: Catalogue, citations: list[Citation]) -> dict[tuple[str, object],
                                                                         list[Citation]]:
    """The citations by what they cite: (tag, rule number or 903-B section), ("a", n)."""
    by_rule: dict[tuple[str, object], list[Citation]] = defaultdict(list)
    for c in citations:
        key = _match_section(c.key, catalogue.rules.get("903b", [])) if c.tag == "903b" else c.key
        by_rule[(c.tag, key)].append(c)
    return by_rule


def report(catalogue: Catalogue, citations: list[Citation], games=None, brief=False,
           others: bool | None = None) -> str:
    """Each rule of ``games`` with its title and its tests, then what no test cites and the
    totals; ``others`` (by default, with every implemented source): the rules of other
    games that tests cite."""
    heads = titles()
    implemented_here = tuple(catalogue.rules) + ("common",)
    games = implemented_here if games is None else games
    by_rule = cited_keys(catalogue, citations)
    out = ["Rules and the tests that cite them (by name: test_<source>_<rule>_…; · in the body)"]
    for tag in games:
        rules = [(tag, k) for k in catalogue.rules.get(tag, [])]
        extra = sorted({k for (t, k) in by_rule if t == tag and (t, k) not in rules},
                       key=lambda k: k if isinstance(k, tuple) else (k,))
        ambiguities = [("a", n) for n, (t, _) in sorted(catalogue.ambiguities.items())
                       if t == tag]
        if not rules and not ambiguities and not extra:
            continue
        out.append(f"\n== {heads.get(tag, tag)} [{tag}] ==")
        uncited = []
        for item in rules + [(tag, k) for k in extra] + ambiguities:
            cited = by_rule.get(item, [])
            name = _label(*item)
            if item[0] == "a":
                name += f" ({catalogue.ambiguities[item[1]][1]})"
            elif item not in rules:
                name += " (not in the catalogue)"
            elif item in catalogue.titles:
                name += f" ({catalogue.titles[item]})"
            if not cited:
                uncited.append(_label(*item))
            if brief:
                continue
            out.append(f"{name}: {len(cited) or '—'}")
            for c in sorted(cited, key=lambda c: (c.in_body, c.test)):
                token = c.token if c.token != str(c.key) else ""
                out.append(f"  {'·' if c.in_body else ' '} {token:8} {c.test}")
        tests = {c.test for item in rules + ambiguities for c in by_rule.get(item, [])}
        out.append(f"not cited ({len(uncited)}): {', '.join(uncited) or 'none'}")
        cited_rules = sum(1 for item in rules if by_rule.get(item))
        cited_a = sum(1 for item in ambiguities if by_rule.get(item))
        what = "sections" if tag == "903b" else "rules"
        counts = [f"{cited_rules} of {len(rules)} {what}"] if rules else []
        counts += [f"{cited_a} of {len(ambiguities)} interpretations"] if ambiguities else []
        out.append(f"totals: {' and '.join(counts)} cited, by {len(tests)} test"
                   + "s" * (len(tests) != 1))
    lines = []
    for tag in [t for t in heads if t not in games]:
        cited = sorted({k for (t, k) in by_rule if t == tag})
        if cited:
            lines.append(f"  {heads[tag]}: " + ", ".join(
                f"{_label(tag, k)} ({len(by_rule[(tag, k)])})" for k in cited))
    if lines and (others if others is not None else set(implemented_here) <= set(games)):
        out.append("\n== also cited, games not implemented here ==")
        out += lines
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from domain.kernel.rule_book_903b import RULE_BOOK

    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from infra.games import load_games

    parser = argparse.ArgumentParser(prog="rules", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tests", type=Path, default=ROOT / "tests")
    parser.add_argument("--game", choices=tuple(titles()), help="one source only")
    parser.add_argument("--brief", action="store_true", help="only what no test cites, and totals")
    args = parser.parse_args(argv)
    games = load_games()
    books = [g.rule_book for g in games]
    catalogue = from_books((*books, RULE_BOOK))
    shown = (args.game,) if args.game else implemented(books)
    sys.stdout.write(report(catalogue, scan_tests(args.tests), shown, args.brief,
                            others=args.game is None))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
