"""Which tests run where (docs/testing.md), applied at collection by tests/conftest.py.

Backends. ``./run test`` runs the suite on SQLite, then on PostgreSQL. A test runs on both if
it uses a database: if its fixtures include ``backend`` (``database_url``, ``make_settings``,
``ledger``, ``client``, ``server``... all rest on it). A test without one cannot depend on the
backend (pure domain, documents, parsers, a server on no database) and runs once: the
PostgreSQL run reports it skipped, with ``ONCE`` as the reason. Two markers override the rule:
``both_backends`` (a test that reaches a database some other way) and ``one_backend`` (a test
whose database only hosts what it checks, the same on either).

Workers: ``./run test`` runs each backend's suite on pytest-xdist workers, a test at a time
(``--dist loadgroup``), the long tests first (``LONG``, ``order``): what is left for the end is
short tests, so no worker ends alone with a long file (xdist's ``loadfile`` deals the files with
the fewest tests last: the contract, the server processes and the pokerkit comparisons ran
there). The tests of a module with a module-scoped fixture (a served ledger and its browser
pages, all 2,598,960 five-card hands) go to one worker together (``group``), so that the
fixture is built once.
"""

from __future__ import annotations

import pytest

ONCE = "backend-independent (no database): run once, on the SQLite run (tests/selection.py)"

MARKERS = {
    "empty_database": "database_url is a database with nothing in it, not a copy of the"
                      " migrated template (tests/database_template.py)",
    "both_backends": "run on both backends although no database fixture is used"
                     " (tests/selection.py)",
    "one_backend": "run once, on the SQLite run, although a database fixture is used"
                   " (tests/selection.py)",
}


# The long tests (minutes between them), dealt first in this order; the rest keep their order.
# A new game's API contract (tests/api/test_contract*.py) is among them by its name.
LONG = (
    "tests/api/test_contract",
    "tests/process/test_projection_crashes.py",
    "tests/process/",
    "tests/community_poker/test_jogadas_against_pokerkit.py",
    "tests/community_poker/test_pots_against_pokerkit.py",
    "tests/viewer/test_viewer_browser.py",
    "tests/viewer/test_desk_browser.py",
    "tests/cards/test_against_independent_evaluator.py",
    "tests/cards/test_hand_categories_exhaustive.py",
    "tests/community_poker/test_evaluator.py",
    "tests/api/test_first_operator.py",
    "tests/core/test_lazy_imports.py",
    "tests/holdem/test_conservation.py",
    "tests/blackjack/test_money_property.py",
)


def _rank(item: pytest.Item) -> int:
    path = item.nodeid.split("::", 1)[0]
    return next((i for i, prefix in enumerate(LONG) if path.startswith(prefix)), len(LONG))


def order(items: list[pytest.Item]) -> None:
    """The long tests first (``LONG``), the rest as collected (a stable sort)."""
    items.sort(key=_rank)


def group(items: list[pytest.Item]) -> None:
    """One xdist group per module whose tests share a module-scoped fixture."""
    for item in items:
        info = getattr(item, "_fixtureinfo", None)
        defs = info.name2fixturedefs.values() if info is not None else ()
        if any(d[-1].scope in ("module", "package") for d in defs if d):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::", 1)[0]))


def runs_on_both_backends(item: pytest.Item) -> bool:
    if item.get_closest_marker("both_backends"):
        return True
    return "backend" in item.fixturenames and not item.get_closest_marker("one_backend")


def select(backend: str, items: list[pytest.Item]) -> None:
    """Skip the backend-independent tests on a run other than SQLite's."""
    if backend == "sqlite":
        return
    skip = pytest.mark.skip(reason=ONCE)
    for item in items:
        if not runs_on_both_backends(item):
            item.add_marker(skip)
