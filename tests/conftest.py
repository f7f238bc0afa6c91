"""Fixtures shared by every test. The backend comes from LEDGER_TEST_BACKEND (sqlite by
default, or postgresql): .ci/run runs the whole suite once per backend. Each test gets a fresh
database (a new SQLite file, or a new PostgreSQL schema), a ManualClock, and real stores."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
import pytest

from infra.runtime.clock import ManualClock
from infra.container import Ledger, build_ledger
from infra.games import BUILTIN
from infra.runtime.rng import SeededSeedSource
from infra.runtime.settings import Settings
from tests.adjudication_check import MARKER, assert_ended_jogadas_agree


BACKEND = os.environ.get("LEDGER_TEST_BACKEND", "sqlite")
PG_ADMIN_URL = os.environ.get("LEDGER_TEST_PG", "postgresql://postgres@127.0.0.1:5432")
PG_DBNAME = "ledger_test"


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", f"{MARKER}(reason): the ledger fixtures do not"
                            " re-adjudicate this test's jogadas (tests/adjudication_check.py)")


def _ensure_pg_database() -> None:
    with psycopg.connect(f"{PG_ADMIN_URL}/postgres", autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (PG_DBNAME,)).fetchone():
            conn.execute(f'CREATE DATABASE "{PG_DBNAME}"')


@pytest.fixture(scope="session")
def backend() -> str:
    if BACKEND == "postgresql":
        _ensure_pg_database()
    return BACKEND


@contextmanager
def fresh_database(backend: str, directory: Path) -> Iterator[str]:
    """The URL of a fresh, empty database on ``backend``: a new SQLite file in ``directory``,
    or a new PostgreSQL schema, dropped afterwards."""
    if backend == "sqlite":
        yield f"sqlite:///{directory / 'ledger.db'}"
        return
    schema = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(f"{PG_ADMIN_URL}/{PG_DBNAME}", autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield f"{PG_ADMIN_URL}/{PG_DBNAME}?schema={schema}"
    finally:
        with psycopg.connect(f"{PG_ADMIN_URL}/{PG_DBNAME}", autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


@pytest.fixture
def database_url(backend: str, tmp_path) -> Iterator[str]:
    """A fresh, empty database for one test."""
    with fresh_database(backend, tmp_path) as url:
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
