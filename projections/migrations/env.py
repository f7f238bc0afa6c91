"""Alembic environment: the connection is handed in by projections.migrate, or, when alembic
is run by hand (``alembic upgrade heads``), built for the database that the function named by
alembic.ini's ``ledger_database`` gives (infra.runtime.settings:database_target, from
LEDGER_DATABASE_URL): the projections read no configuration of their own."""

import importlib

from alembic import context

from projections.db import build_engine
from projections.tables import metadata

config = context.config
connection = config.attributes.get("connection")


def run(conn) -> None:
    context.configure(connection=conn, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if connection is not None:
    run(connection)
else:
    module, _, name = config.get_main_option("ledger_database").partition(":")
    engine = build_engine(getattr(importlib.import_module(module), name)())
    with engine.begin() as conn:
        run(conn)
