"""Which tests run where (docs/testing.md), applied at collection by tests/conftest.py.

Backends. ``./run test`` runs the suite on SQLite, then on PostgreSQL. A test runs on both if
it uses a database: if its fixtures include ``backend`` (``database_url``, ``make_settings``,
``ledger``, ``client``, ``server``... all rest on it). A test without one cannot depend on the
backend (pure domain, documents, parsers, a server on no database) and runs once: the
PostgreSQL run reports it skipped, with ``ONCE`` as the reason. Two markers override the rule:
``both_backends`` (a test that reaches a database some other way) and ``one_backend`` (a test
whose database only hosts what it checks, the same on either).

Workers: ``./run test`` runs each backend's suite on pytest-xdist workers, a file at a time
(``--dist loadfile``), so that a module-scoped fixture (a served ledger and its browser pages,
all 2,598,960 five-card hands) is built once.
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
