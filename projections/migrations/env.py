"""Alembic environment: the connection is handed in by projections.migrate, or built from
LEDGER_DATABASE_URL when alembic is run by hand (``alembic upgrade head``)."""

from alembic import context

from projections.db import build_engine
from projections.tables import metadata
from infra.settings import Settings, parse_database_url

config = context.config
connection = config.attributes.get("connection")


def run(conn) -> None:
    context.configure(connection=conn, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if connection is not None:
    run(connection)
else:
    engine = build_engine(parse_database_url(Settings().database_url))
    with engine.begin() as conn:
        run(conn)
