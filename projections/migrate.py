"""Run the Alembic migrations of the projection tables (``ledger db upgrade``; also at start-up)."""

from __future__ import annotations

import functools
import os

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from projections.db import DatabaseTarget, build_engine


def alembic_config() -> Config:
    config = Config()
    config.set_main_option(
        "script_location", os.path.join(os.path.dirname(os.path.abspath(__file__)), "migrations"))
    return config


@functools.lru_cache(maxsize=1)
def _script_heads() -> frozenset[str]:
    """The scripts' heads, read once a process (Alembic loads every script to find them)."""
    return frozenset(ScriptDirectory.from_config(alembic_config()).get_heads())


def upgrade(target: DatabaseTarget, revision: str = "heads") -> None:
    engine = build_engine(target)
    try:
        with engine.begin() as conn:
            if target.backend == "postgresql":  # one migrator at a time
                conn.exec_driver_sql("SELECT pg_advisory_xact_lock(7301505)")
            # Every start upgrades; a database already at the heads has nothing to run, known
            # without Alembic loading and planning every script again (~0.15 s a start).
            if revision == "heads" and frozenset(
                    MigrationContext.configure(conn).get_current_heads()) == _script_heads():
                return
            config = alembic_config()
            config.attributes["connection"] = conn
            command.upgrade(config, revision)
    finally:
        engine.dispose()


def current(target: DatabaseTarget) -> list[str]:
    """The revisions the database is at, sorted (several branches, one per feature, may each
    have a head)."""
    engine = build_engine(target)
    try:
        with engine.connect() as conn:
            return sorted(MigrationContext.configure(conn).get_current_heads())
    finally:
        engine.dispose()


def heads() -> list[str]:
    """The heads of the migration scripts, sorted."""
    return sorted(ScriptDirectory.from_config(alembic_config()).get_heads())
