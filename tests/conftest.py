"""Fixtures shared by every test. The backend comes from LEDGER_TEST_BACKEND (sqlite by
default, or postgresql): ``./run test`` runs the whole suite once per backend. Each test gets a
fresh database (a new SQLite file, or a new PostgreSQL schema: a copy of a migrated template,
tests/database_template.py), a ManualClock, and real stores. The tests that use no database
run once, on the SQLite run (tests/selection.py; docs/testing.md)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
import pytest

from infra.container import Ledger, build_ledger
from infra.games import BUILTIN
from infra.runtime.clock import ManualClock
from infra.runtime.rng import SeededSeedSource
from infra.runtime.settings import Settings
from tests.adjudication_check import MARKER, assert_ended_jogadas_agree
from tests.database_template import PostgresTemplate, SqliteTemplate, postgres_template
from tests.selection import MARKERS, group, order, select

BACKEND = os.environ.get("LEDGER_TEST_BACKEND", "sqlite")
PG_ADMIN_URL = os.environ.get("LEDGER_TEST_PG", "postgresql://postgres@127.0.0.1:5432")
PG_DBNAME = "ledger_test"


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", f"{MARKER}(reason): the ledger fixtures do not"
                            " re-adjudicate this test's jogadas (tests/adjudication_check.py)")
    for name, text in MARKERS.items():
        config.addinivalue_line("markers", f"{name}: {text}")


def pytest_collection_modifyitems(config, items) -> None:
    select(BACKEND, items)
    order(items)
    group(items)


def _ensure_pg_database() -> None:
    with psycopg.connect(f"{PG_ADMIN_URL}/postgres", autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (PG_DBNAME,)).fetchone():
            try:
                conn.execute(f'CREATE DATABASE "{PG_DBNAME}"')
            except (psycopg.errors.DuplicateDatabase, psycopg.errors.UniqueViolation):
                pass  # another test process (a pytest-xdist worker) made it first


@pytest.fixture(scope="session")
def backend() -> str:
    if BACKEND == "postgresql":
        _ensure_pg_database()
    return BACKEND


@pytest.fixture(scope="session")
def database_template(backend: str, tmp_path_factory) -> SqliteTemplate | PostgresTemplate | None:
    """The migrated, empty database the tests' databases are copies of (one per test process:
    each pytest-xdist worker makes its own)."""
    if backend == "sqlite":
        return SqliteTemplate(tmp_path_factory.mktemp("template"))
    return postgres_template(PG_ADMIN_URL, PG_DBNAME)


@contextmanager
def fresh_database(backend: str, directory: Path,
                   template: SqliteTemplate | PostgresTemplate | None = None) -> Iterator[str]:
    """The URL of a fresh database on ``backend``: a new SQLite file in ``directory``, or a new
    PostgreSQL schema, dropped afterwards; empty, or a copy of ``template``."""
    if backend == "sqlite":
        if template is not None:
            template.copy_to(directory / "ledger.db")
        yield f"sqlite:///{directory / 'ledger.db'}"
        return
    schema = f"t_{uuid.uuid4().hex[:12]}"
    if template is not None:
        template.create(schema)
    else:
        with psycopg.connect(f"{PG_ADMIN_URL}/{PG_DBNAME}", autocommit=True) as conn:
            conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield f"{PG_ADMIN_URL}/{PG_DBNAME}?schema={schema}"
    finally:
        with psycopg.connect(f"{PG_ADMIN_URL}/{PG_DBNAME}", autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


@pytest.fixture
def database_url(backend: str, tmp_path, request) -> Iterator[str]:
    """A fresh database for one test: a copy of the migrated template, or, for a test marked
    ``empty_database``, one with nothing in it."""
    empty = request.node.get_closest_marker("empty_database") is not None
    template = None if empty else request.getfixturevalue("database_template")
    with fresh_database(backend, tmp_path, template) as url:
        yield url


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture(scope="session")
def audit_key_file(tmp_path_factory) -> str:
    """One checkpoint signing key for the session (infra/audit/signing.py), on both backends."""
    from infra.audit.signing import generate_key_file

    path = str(tmp_path_factory.mktemp("audit") / "audit-key.pem")
    generate_key_file(path)
    return path


@pytest.fixture
def make_settings(database_url: str, audit_key_file: str):
    def make(**overrides) -> Settings:
        values = {"database_url": database_url, "bootstrap_operator_key": "test-operator-key",
                  "audit_key_file": audit_key_file, "audit_checkpoint_interval": 0.0,
                  "certification_mode": "0", "inactivity_sweep_interval": 0.0,
                  # every game's clock off: tests tick it at their injected clock
                  **{f"{game.name}_tick_interval": 0.0 for game in BUILTIN}}
        values.update(overrides)
        return Settings(**values)
    return make


@pytest.fixture
def ledger(make_settings, clock, request) -> Iterator[Ledger]:
    """The application as the API builds it, on the test's database and clock. Before it
    closes, every jogada it ended must re-adjudicate as agreeing (issue 14)."""
    built = build_ledger(make_settings(), clock=clock, seeds=SeededSeedSource(20151126))
    try:
        yield built
        assert_ended_jogadas_agree(built, request)
    finally:
        built.close()
