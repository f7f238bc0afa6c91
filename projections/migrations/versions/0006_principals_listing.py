"""principals: key status and last key change (rotation, revocation), the name folded for a
case-insensitive search, indexes for the listings by role and registration time

Revision ID: 0006_principals_listing
Revises: 0004_transfer_index

The table is a read model: the upgrade recreates it empty and rewinds its tracking row, so the
projection rebuilds it from the events by itself (the events are the record).
"""
import sqlalchemy as sa
from alembic import op

revision = "0006_principals_listing"
down_revision = "0004_transfer_index"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_table("principals")
    op.create_table(
        "principals",
        sa.Column("principal_id", sa.Uuid, primary_key=True),
        sa.Column("role", sa.String(32), nullable=False),
        sa.Column("display_name", sa.String(200), nullable=False),
        sa.Column("display_name_folded", sa.String(800), nullable=False),
        sa.Column("api_key_sha256", sa.String(64), nullable=False),
        sa.Column("registered_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("key_status", sa.String(16), nullable=False),
        sa.Column("key_changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("key_changed_position", sa.BigInteger, nullable=False),
        sa.UniqueConstraint("api_key_sha256", name="uq_principals_api_key_sha256"),
    )
    op.create_index("ix_principals_role_registered", "principals",
                    ["role", "registered_at", "principal_id"])
    op.create_index("ix_principals_key_changed_position", "principals", ["key_changed_position"])
    op.execute("UPDATE projection_tracking SET position = 0 WHERE name = 'principals'")


def downgrade() -> None:
    op.drop_table("principals")
    op.create_table(
        "principals",
        sa.Column("principal_id", sa.Uuid, primary_key=True),
        sa.Column("role", sa.String(32), nullable=False),
        sa.Column("display_name", sa.String(200), nullable=False),
        sa.Column("api_key_sha256", sa.String(64), nullable=False),
        sa.Column("registered_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("api_key_sha256", name="uq_principals_api_key_sha256"),
    )
    op.execute("UPDATE projection_tracking SET position = 0 WHERE name = 'principals'")
