"""The rule catalogues (each game's ``Game.rule_book``, its package's rule_book.py; the core's
domain/kernel/rule_book_903b.py): they hold every rule the code and the tests cite, exactly the rules
of the digests where ../shared is there, and ``./run rules`` works without ../shared. A title
is read back from a citation by domain/kernel/rule_titles.py."""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from domain.kernel.rule_book_903b import BEYOND_THE_DIGEST, RULE_BOOK as CORE
from domain.kernel.rule_titles import RuleBook, cited, title_of
from domain.kernel.rules import cite
from domain.games.semdescarte.config import pt_rule, sd_rule
from domain.games.semdescarte.rule_book import JACKPOT, RULES as SD_RULES
from infra.games import load_games
from infra.cli.rules_digests import read_digests
from infra.cli.rules_report import (
    ROOT, Catalogue, Citation, from_books, implemented, scan_tests, section)

GAMES = load_games()
BOOKS = [g.rule_book for g in GAMES]
CATALOGUE = from_books((*BOOKS, *GAMES.rule_books()))
SOURCES = (*implemented(BOOKS), "bj", "rf")  # the core applies 805 r35–36, 807 r30–31
DIGESTS = read_digests(ROOT.parent / "shared")

# How the code cites (domain/kernel/rules.py): cite(SD, 22), sd_rule("41a", 42), bingo_rule("45, 46"),
# cite(T903B, "6.3.4(2)"), cite(A, 15); hold'em and Omaha's rule(variant, 26), self.rule(26).
CALL = re.compile(r"\b(cite|sd_rule|bingo_rule|pt_rule|bj_rule|a_rule|rule|self\.rule)\(([^()]*)\)")
CONSTANTS = {"SD": "sd", "HE": "he", "OM": "om", "BINGO": "bingo", "PT": "pt", "BJ": "bj",
             "RF": "rf", "T903B": "903b", "A": "a", "INTERP": "a"}
HELPERS = {"sd_rule": ("sd",), "bingo_rule": ("bingo",), "pt_rule": ("pt",), "bj_rule": ("bj",),
           "a_rule": ("a",)}


def _literals(args: str) -> list[str]:
    """The rule numbers written as literals among a call's arguments."""
    found = []
    for value in re.findall(r"\"([^\"]*)\"|(?<![\w.])(\d+)(?![\w.])", args):
        found += [p for p in re.split(r",\s*", value[0] or value[1]) if p]
    return found


def _keys(tag: str, written: str) -> list:
    if tag == "903b":
        return [section(written.split("(")[0])]
    match = re.match(r"r?(\d+)[a-z]?(?:\s*[-–]\s*(\d+))?", written)
    if match is None:
        return []
    first, last = int(match.group(1)), int(match.group(2) or match.group(1))
    return list(range(first, max(first, last) + 1))


def code_citations() -> list[Citation]:
    """Every rule the code of domain/, infra/, api/ and projections/ cites with a literal
    number, through domain/kernel/rules.py or in a "903-B x.y.z" of its text."""
    out = []
    for folder in ("domain", "infra", "api", "projections"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            text = path.read_text(encoding="utf-8")
            poker = "community_poker" in where
            for name, args in CALL.findall(text):
                first, _, rest = args.partition(",")
                if name == "cite" and first.strip() in CONSTANTS:
                    tags, numbers = (CONSTANTS[first.strip()],), rest
                elif name in HELPERS:
                    tags, numbers = HELPERS[name], args
                elif name in ("rule", "self.rule") and poker:
                    tags, numbers = ("he", "om"), (args if name == "self.rule" else rest)
                else:
                    continue
                for tag in tags:
                    out += [Citation(tag, key, w, where) for w in _literals(numbers)
                            for key in _keys(tag, w)]
            for match in re.finditer(r"903-B (\d+(?:\.\d+)+)", text):
                out.append(Citation("903b", section(match.group(1)), match.group(1), where))
    return out


def uncatalogued(citations: list[Citation], catalogue: Catalogue) -> list[str]:
    """What a citation names that no catalogue holds: "tag key (where)"."""
    missing = []
    for c in citations:
        if c.tag == "a":
            held = c.key in catalogue.ambiguities
        elif c.tag == "903b":
            held = any(c.key[:n] in catalogue.rules["903b"] for n in (2, 3))
        elif c.tag in SOURCES:
            held = c.key in catalogue.rules.get(c.tag, [])
        else:
            continue
        if not held:
            missing.append(f"{c.tag} {c.key} ({c.test})")
    return sorted(set(missing))


def test_every_game_of_the_registry_has_its_catalogue_and_its_titles_are_one_short_line():
    assert [g.name for g in GAMES] == ["semdescarte", "bingo", "holdem", "omaha", "blackjack",
                                         "roulette"]
    for book in (*BOOKS, CORE):
        assert isinstance(book, RuleBook) and book.rules
        for numbers in (*book.rules.values(), *book.interpretations.values()):
            for number, title in numbers.items():
                assert title and "\n" not in title and len(title) <= 90, (number, title)
                assert title[0].isupper() and not title.endswith("."), (number, title)


def test_each_catalogue_covers_every_rule_the_tests_cite():
    citations = scan_tests(ROOT / "tests")
    assert len(citations) > 1000  # the scan found the rule tests
    assert uncatalogued(citations, CATALOGUE) == []


def test_each_catalogue_covers_every_rule_the_code_cites():
    citations = code_citations()
    assert {c.tag for c in citations} >= {"sd", "pt", "bingo", "he", "om", "903b", "a", "bj"}
    assert uncatalogued(citations, CATALOGUE) == []


def test_an_uncatalogued_citation_is_found():
    """The coverage tests can fail: a rule outside every catalogue is reported."""
    made_up = [Citation("sd", 45, "45", "x"), Citation("903b", (8, 1, 1), "8.1.1", "y"),
               Citation("a", 99, "A99", "z"), Citation("sd", 44, "44", "w")]
    assert uncatalogued(made_up, CATALOGUE) == ["903b (8, 1, 1) (y)", "a 99 (z)", "sd 45 (x)"]


@pytest.mark.skipif(DIGESTS is None, reason="no ../shared digests")
@pytest.mark.parametrize("tag", implemented(BOOKS))
def test_each_catalogue_lists_exactly_the_rules_and_interpretations_of_its_digest(tag):
    assert DIGESTS is not None
    held = set(CATALOGUE.rules.get(tag, []))
    if tag == "903b":  # and the sections the ledger applies beyond the digest (its keys, staff)
        held -= {section(s) for s in BEYOND_THE_DIGEST}
    assert held == set(DIGESTS.rules.get(tag, []))
    filed = {n for n, (t, _) in CATALOGUE.ambiguities.items() if t == tag}
    assert filed == {n for n, (t, _) in DIGESTS.ambiguities.items() if t == tag}


@pytest.mark.parametrize("citation, expected", [
    (sd_rule(19), SD_RULES[19]),
    (sd_rule("41a", 42), f"rule 41a: {SD_RULES[41]}; rule 42: {SD_RULES[42]}"),
    (sd_rule("26 (A3)"), f"rule 26: {SD_RULES[26]}; A3: A banca that does not play returns"
                         " the second bet untouched"),
    (pt_rule("4b"), JACKPOT[4]),
    ("903-B 6.3.2(4)", CORE.title("903b", "6.3.2")),
    ("903-B 5.4.1(5)–(8)", CORE.title("903b", "5.4.1")),
    (cite("a", 43), CORE.title("a", 43)),
    ("bingo rules 5-7", "; ".join(f"rule {n}: {GAMES.get('bingo').rule_book.title('bingo', n)}"
                                  for n in (5, 6, 7))),
    ("Omaha rule 26", "A hand uses exactly two hole cards and exactly three board cards"),
    ("hold'em rule 26", "A hand is any five of the player's two cards and the board"),
    ("LEDGER_MAX_BODY_BYTES=1048576", None),
    ("roleta francesa rule 2", "Played live on a virtual wheel, ball and rectangular layout"),
    ("roleta francesa rule 34", None),  # a rule no catalogue holds
    (None, None),
])
def test_a_citation_is_read_back_into_the_titles_of_its_rules(citation, expected):
    assert title_of(citation, GAMES.rule_books()) == expected


def test_a_games_own_catalogue_comes_first():
    own = RuleBook({"sd": {19: "Our own words for the deal"}})
    assert cited(sd_rule(19), (own, *BOOKS)) == [("rule 19", "Our own words for the deal")]
    assert GAMES.rule_title(sd_rule(19), GAMES.get("semdescarte")) == SD_RULES[19]


AUDIT = """
import runpy, sys
root, opened = sys.argv[1], []
def audit(event, args):
    if event in ("open", "os.listdir", "os.scandir") and isinstance(args[0], (str, bytes)):
        opened.append(args[0] if isinstance(args[0], str) else args[0].decode())
sys.addaudithook(audit)
sys.argv = ["rules", "--brief"]
try:
    runpy.run_module("infra.cli.rules_report", run_name="__main__")
except SystemExit as stop:
    code = stop.code
print("OPENED", *sorted(set(opened)), sep="\\n", file=sys.stderr)
sys.exit(code)
"""


def test_the_report_works_in_a_copy_of_the_repository_with_no_shared_folder_beside_it(
        tmp_path: Path):
    """A fresh clone: the repository's code and tests copied where no ../shared exists; the
    report runs, lists every implemented source with its totals, and opens nothing outside
    the copy but Python's own files."""
    copy = tmp_path / "clone"
    for folder in ("api", "domain", "infra", "projections", "tests"):
        shutil.copytree(ROOT / folder, copy / folder,
                        ignore=shutil.ignore_patterns("__pycache__", "*.png", "artifacts"))
    assert not (copy.parent / "shared").exists()
    env = {k: v for k, v in os.environ.items() if not k.startswith("LEDGER_")}
    env["PYTHONPATH"] = str(copy)
    done = subprocess.run([sys.executable, "-c", AUDIT, str(copy)], cwd=copy, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    for tag in implemented(BOOKS):
        assert f"[{tag}] ==\nnot cited (" in done.stdout
    assert done.stdout.count("totals: ") == len(implemented(BOOKS))
    opened = done.stderr.split("OPENED\n", 1)[1].split()
    python = tuple({sys.prefix, sys.base_prefix, sys.exec_prefix, "/usr", "/etc", "/dev",
                    "/proc", "/sys"})
    outside = [p for p in opened  # a relative path is the copy's (cwd), as is sys.path's "."
               if not os.path.join(copy, p).startswith((str(copy), *python))]
    assert outside == []
    assert not any("shared" in Path(p).parts for p in opened)


def test_the_catalogues_are_pure_data():
    """No I/O in a catalogue module: only imports of the domain and assignments."""
    for path in [*ROOT.glob("domain/games/*/rule_book.py"), ROOT / "domain/kernel/rule_book_903b.py"]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            assert isinstance(node, (ast.Expr, ast.ImportFrom, ast.Assign)), (path, node)
            if isinstance(node, ast.ImportFrom):
                assert node.module == "__future__" or node.module.startswith("domain."), path
