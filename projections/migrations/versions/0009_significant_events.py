"""significant events (projection significant_events)

Revision ID: 0009_significant_events
Revises: 0007_jogadas_listing

New tables only: the projection's tracking row starts at 0, so the runner fills them from the
first event by itself (the events are the record; these tables are only read models).
"""
import sqlalchemy as sa
from alembic import op

revision = "0009_significant_events"
down_revision = "0007_jogadas_listing"  # its own branch: projections.migrate upgrades "heads"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "significant_events",
        sa.Column("entry_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("position", sa.BigInteger, nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("severity", sa.String(8), nullable=False),
        sa.Column("game", sa.String(16)),
        sa.Column("venue_id", sa.String(100)),
        sa.Column("target_id", sa.String(200)),
        sa.Column("jogada_id", sa.String(200)),
        sa.Column("actor", sa.String(200)),
        sa.Column("summary", sa.Text, nullable=False),
        sa.Column("detail", sa.Text, nullable=False),
        sa.Column("events", sa.Text, nullable=False),
        sa.Column("group_key", sa.String(200)),
    )
    op.create_index("ix_significant_events_kind_entry", "significant_events",
                    ["kind", "entry_id"])
    op.create_index("ix_significant_events_venue_entry", "significant_events",
                    ["venue_id", "entry_id"])
    op.create_index("ix_significant_events_jogada", "significant_events", ["jogada_id"])
    op.create_index("ix_significant_events_group", "significant_events", ["group_key"],
                    unique=True)
    op.create_table(
        "significant_events_state",
        sa.Column("key", sa.String(100), primary_key=True),
        sa.Column("value", sa.String(200), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("significant_events_state")
    op.drop_index("ix_significant_events_group", table_name="significant_events")
    op.drop_index("ix_significant_events_jogada", table_name="significant_events")
    op.drop_index("ix_significant_events_venue_entry", table_name="significant_events")
    op.drop_index("ix_significant_events_kind_entry", table_name="significant_events")
    op.drop_table("significant_events")
