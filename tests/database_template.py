"""A migrated, empty database made once per test session and copied for each test
(tests/conftest.py's ``database_url``), instead of every test's first ledger creating the event
store and running the Alembic migrations again: ~0.3 s a test on SQLite, ~1.4 s on PostgreSQL,
on the 2-core machine (docs/testing.md).

The template is what a ledger's first start leaves before it writes any event: the event
store's objects (``build_event_store``) and the projection tables at the migrations' head
(``projections.migrate.upgrade``), made by that very code. A copy holds no event, no account,
no key. Tests that need a database with nothing at all in it (``ledger db upgrade`` on a fresh
install, a command refusing a database that holds no ledger) are marked ``empty_database``.

- SQLite: the template's two files (events, projections), copied (their connections are
  closed first, so no WAL is left).
- PostgreSQL: the template schema, dumped once with ``pg_dump`` (objects and the rows of
  ``alembic_version``), and the dump replayed into each test's new schema in one transaction,
  the template's name replaced by the test's. Without a ``pg_dump`` that can read the server,
  no template: each test's ledger migrates its schema itself, as before.
"""

from __future__ import annotations

import shutil
import subprocess
import uuid
from pathlib import Path
from urllib.parse import urlparse

import psycopg


def build_template(url: str) -> None:
    """Create the event store's objects and migrate the projection tables at ``url``."""
    from infra.store.eventstore import build_event_store
    from infra.runtime.settings import parse_database_url
    from projections.migrate import upgrade

    target = parse_database_url(url)
    build_event_store(target).close()
    upgrade(target)


def _sqlite_files(path: Path) -> tuple[Path, Path]:
    """The events file and, beside it, the projections file (infra/runtime/settings.py)."""
    from infra.runtime.settings import parse_database_url

    return path, Path(parse_database_url(f"sqlite:///{path}").projections_path)


class SqliteTemplate:
    def __init__(self, directory: Path) -> None:
        self.files = _sqlite_files(directory / "template.db")
        build_template(f"sqlite:///{self.files[0]}")
        leftovers = set(directory.iterdir()) - set(self.files)
        assert not leftovers, f"the SQLite template left {leftovers} beside it (WAL?)"

    def copy_to(self, path: Path) -> None:
        for source, copy in zip(self.files, _sqlite_files(path)):
            shutil.copyfile(source, copy)


class PostgresTemplate:
    """``sql(schema)``: the statements that create ``schema`` as a copy of the template."""

    def __init__(self, admin_url: str, dbname: str) -> None:
        self.admin_url, self.dbname = admin_url, dbname
        self.name = f"ledger_template_{uuid.uuid4().hex}"  # unique: replaced as plain text
        with psycopg.connect(f"{admin_url}/{dbname}", autocommit=True) as conn:
            conn.execute(f'CREATE SCHEMA "{self.name}"')
        try:
            build_template(f"{admin_url}/{dbname}?schema={self.name}")
            self._dump = self._pg_dump()
        finally:
            with psycopg.connect(f"{admin_url}/{dbname}", autocommit=True) as conn:
                conn.execute(f'DROP SCHEMA "{self.name}" CASCADE')

    def _pg_dump(self) -> str:
        parsed = urlparse(self.admin_url)
        out = subprocess.run(
            ["pg_dump", "-h", parsed.hostname or "127.0.0.1", "-p", str(parsed.port or 5432),
             "-U", parsed.username or "postgres", "-n", self.name, "--no-owner",
             "--no-privileges", "--inserts", self.dbname],
            capture_output=True, text=True, check=True, timeout=60).stdout
        # psql's meta-commands (\restrict ...) and comments are not SQL
        lines = [line for line in out.splitlines()
                 if not line.startswith("\\") and not line.startswith("--")]
        dump = "\n".join(lines)
        assert f"CREATE SCHEMA {self.name};" in dump and "alembic_version" in dump, dump[:2000]
        return dump

    def sql(self, schema: str) -> str:
        return self._dump.replace(self.name, schema)

    def create(self, schema: str) -> None:
        with psycopg.connect(f"{self.admin_url}/{self.dbname}") as conn:
            conn.execute(self.sql(schema))
            conn.commit()


def postgres_template(admin_url: str, dbname: str) -> PostgresTemplate | None:
    """The template, or None where ``pg_dump`` is missing or cannot dump this server."""
    try:
        return PostgresTemplate(admin_url, dbname)
    except (FileNotFoundError, subprocess.CalledProcessError, subprocess.TimeoutExpired):
        return None
