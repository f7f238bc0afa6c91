"""SQLAlchemy Core metadata shared by every projection. Alembic (projections/migrations) creates
the tables; each projection module adds its own tables to ``metadata``."""

from __future__ import annotations

from sqlalchemy import BigInteger, Column, MetaData, String, Table

metadata = MetaData()

# Exactly-once tracking: the last notification id applied, per projection, written in the
# same transaction as the projection's own rows.
projection_tracking = Table(
    "projection_tracking",
    metadata,
    Column("name", String(100), primary_key=True),
    Column("position", BigInteger, nullable=False),
)
