"""``./run rules`` (infra/cli/rules_report.py): the rule numbers read from the digests
(infra/cli/rules_digests.py) or the rule catalogues, the citations read from test names and
bodies, and the report of what no test cites. The catalogues themselves, and the report
without ../shared: tests/core/test_rule_books.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from infra.cli import rules_report
from infra.cli.rules_digests import parse_digests
from infra.cli.rules_report import Citation, parse_name, report, scan_tests

DIGEST = """# Rules digest
## 0. Sources
| Tag | Seed file | Instrument | State |
|---|---|---|---|
| `000 SD` | `000.txt` | Reg. 803/2015, póquer sem descarte online, annex rules 1–5 | complete |

## 2. Póquer sem descarte online (Reg. 803/2015) [000 SD]
- The ante buys the cards [r2a]; a fold loses it [r4].

## 3. Technical requirements a game ledger must meet (903-B)
### 3.1 Integrity of records
- [ ] **Never negative** [5.2.2(3)], and no transfers [5.2.2(4), 5.4.3(3)].

## 9. Ambiguities and gaps
**Póquer sem descarte [000 SD]**
- **A1. A tie is not covered.** Push.
- **A2. How payouts are stated.** N to 1.

**Common rules and sources**
- **A43. Does the session end after the warning?** Yes.
"""

TESTS = '''
SD = "póquer sem descarte rule"


def test_sd_2a_4_a1_fold_loses_the_ante():
    pass


def test_a_refusal_names_its_rule():
    """A2: the answer cites the rule."""
    assert f"{SD} 3" and "903-B 5.2.2(3)"


def test_903b_5_4_3_3_no_transfer():
    pass
'''


@pytest.mark.parametrize("name, cited", [
    ("test_sd_22_fold_loses_the_ante", [("sd", 22, "22")]),
    ("test_sd_4_6a_individual_table", [("sd", 4, "4"), ("sd", 6, "6a")]),
    ("test_pt_r9a_r10_royal_flush", [("pt", 9, "r9a"), ("pt", 10, "r10")]),
    ("test_903b_6_1_5_3_a_jogada_runs", [("903b", (6, 1, 5, 3), "6.1.5(3)")]),
    ("test_903b_1_5_a_correction", [("903b", (1, 5), "1.5")]),
    ("test_sd_39_bingo_52_a_players_jogadas", [("sd", 39, "39"), ("bingo", 52, "52")]),
    ("test_bingo_30_a13_tie_split", [("bingo", 30, "30"), ("a", 13, "A13")]),
    ("test_common_a43_the_idle_clock", [("a", 43, "A43")]),
    ("test_bingo_62_in_bingo_90_each_row", [("bingo", 62, "62")]),
    ("test_he_903b_6_3_4_replay", [("903b", (6, 3, 4), "6.3.4")]),  # a tag, not rule 903b
    ("test_he_9_om_9_903b_6_6_1_one_seat", [("he", 9, "9"), ("om", 9, "9"),
                                            ("903b", (6, 6, 1), "6.6.1")]),
    ("test_sd_invalid_table_settings_are_refused", []),
    ("test_405_lists_every_method", []),
])
def test_a_test_name_cites_its_source_and_rules(name, cited):
    assert [(c.tag, c.key, c.token) for c in parse_name(name)] == cited


def test_the_digests_give_each_sources_rules_and_interpretations():
    digest = parse_digests([DIGEST])
    assert digest.rules["sd"] == [1, 2, 3, 4, 5]  # the §0 range, not only the rules cited
    assert digest.rules["903b"] == [(5, 2, 2), (5, 4, 3)]  # the digest's own 3.1 is no section
    assert digest.ambiguities == {1: ("sd", "A tie is not covered."),
                                  2: ("sd", "How payouts are stated."),
                                  43: ("common", "Does the session end after the warning?")}


def test_tests_are_found_by_name_and_by_the_citations_of_their_body(tmp_path: Path):
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_sample.py").write_text(TESTS, encoding="utf-8")
    citations = scan_tests(tmp_path / "tests")
    found = {(c.tag, c.key, c.test.split("::")[1], c.in_body) for c in citations}
    assert found == {
        ("sd", 2, "test_sd_2a_4_a1_fold_loses_the_ante", False),
        ("sd", 4, "test_sd_2a_4_a1_fold_loses_the_ante", False),
        ("a", 1, "test_sd_2a_4_a1_fold_loses_the_ante", False),
        ("sd", 3, "test_a_refusal_names_its_rule", True),
        ("903b", (5, 2, 2), "test_a_refusal_names_its_rule", True),
        ("a", 2, "test_a_refusal_names_its_rule", True),
        ("903b", (5, 4, 3, 3), "test_903b_5_4_3_3_no_transfer", False),
    }


def test_the_report_lists_each_rule_with_its_tests_then_the_uncited_and_totals(tmp_path: Path):
    digest = parse_digests([DIGEST])
    cite = Citation("sd", 2, "2a", "tests/test_a.py::test_sd_2a_fold")
    body = Citation("sd", 4, "4", "tests/test_b.py::test_other", in_body=True)
    point = Citation("903b", (5, 4, 3, 3), "5.4.3(3)", "tests/test_c.py::test_903b_5_4_3_3_x")
    text = report(digest, [cite, body, point], games=("sd", "903b"))
    assert "rule 2: 1\n    2a       tests/test_a.py::test_sd_2a_fold\n" in text
    assert "rule 4: 1\n  ·          tests/test_b.py::test_other\n" in text
    assert "rule 1: —" in text
    assert "not cited (5): rule 1, rule 3, rule 5, A1, A2" in text
    assert "totals: 2 of 5 rules and 0 of 2 interpretations cited, by 2 tests" in text
    assert "5.4.3: 1\n    5.4.3(3) tests/test_c.py" in text  # 5.4.3(3) is in 5.4.3
    assert "not cited (1): 5.2.2\ntotals: 1 of 2 sections cited, by 1 test\n" in text


def test_on_the_catalogues_and_tests_rule_22_is_cited_with_its_title_and_the_command_exits_0(
        capsys):
    assert rules_report.main(["--game", "sd"]) == 0
    out = capsys.readouterr().out
    assert "== póquer sem descarte, Reg. 803/2015 [sd] ==" in out
    rule_22 = out.split("rule 22 (Folding loses the ante): ")[1].split("\nrule 23")[0]
    assert "tests/semdescarte/test_settlement.py::test_sd_22_fold_loses_the_ante" in rule_22
    assert "not cited (" in out and "totals: " in out
