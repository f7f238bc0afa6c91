"""projection tracking

Revision ID: 0001_tracking
Revises:
"""
import sqlalchemy as sa
from alembic import op

revision = "0001_tracking"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "projection_tracking",
        sa.Column("name", sa.String(100), primary_key=True),
        sa.Column("position", sa.BigInteger, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("projection_tracking")
