"""The suite-wide re-adjudication (issue 14): at the end of a test, every jogada its ledger
ended must adjudicate as agreeing (infra/services/adjudication.py ``adjudicate_all``), and (issue 15)
the whole log, sealed and signed, must verify clean (infra/audit/verify_integrity.py). Called by the
ledgers the test fixtures build (tests/conftest.py ``ledger``, the games' certification
ledgers) before they close. Nothing is caught here: a disagreement, or an adjudicator that
raises, fails the test (an error at its teardown).

A test that alters the record on purpose opts out with
``@pytest.mark.not_adjudicated(reason=...)``."""

from __future__ import annotations

from typing import Any

from infra.services import jogada_views
from infra.services.adjudication import adjudicate_all

MARKER = "not_adjudicated"


def assert_ended_jogadas_agree(ledger: Any, request: Any = None) -> list[dict[str, Any]]:
    """Adjudicate every ended jogada of ``ledger``; an AssertionError naming each one that
    disagrees. Returns the reports (none when no jogada ended)."""
    if request is not None and request.node.get_closest_marker(MARKER) is not None:
        return []
    if ledger.audit is not None and ledger.audit.sealer is not None:
        from infra.audit.verify_integrity import check_integrity

        ledger.audit.seal()
        problems = check_integrity(ledger)["problems"]
        assert not problems, f"the sealed record does not verify: {problems}"
    reports = adjudicate_all(ledger)
    wrong = [r for r in reports if not r["agrees"]]
    assert not wrong, "re-adjudication disagrees with the record: " + "; ".join(
        f"{r['jogada_id']} ({r['game']}, {r['status']}): differences {r['differences']},"
        f" problems {r['problems']}" for r in wrong)
    return reports


def one_report(ledger: Any, jogada_id: str, game_adjudicate: Any, events: list[Any],
               opening: dict[str, int] | None = None) -> dict[str, Any]:
    """The jogada adjudicated by its game's pure function from ``events`` (as the jogada index
    gives them; ``opening``: the pools' balances as the test saw them), by the view the API
    serves (``GET /jogadas/{id}/adjudication``: the balances loaded from the accounts'
    streams), and by ``adjudicate_all`` from the log: one and the same report."""
    report = game_adjudicate(events, opening)
    assert jogada_views.adjudicate(ledger, jogada_id) == report
    assert [r for r in adjudicate_all(ledger) if r["jogada_id"] == jogada_id] == [report]
    return report
