"""session_statements.refunded_cents: the stakes of void jogadas given back, apart from wins

Revision ID: 0005_session_refunds
Revises: 0003_sessions

Rows written before this revision counted refunds in won_cents (category "refund"); after
the upgrade, ``ledger projections rebuild`` recomputes them from the events.
"""
import sqlalchemy as sa
from alembic import op

revision = "0005_session_refunds"
down_revision = "0003_sessions"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("session_statements", sa.Column("refunded_cents", sa.BigInteger(),
                                                  nullable=False, server_default="0"))


def downgrade() -> None:
    op.drop_column("session_statements", "refunded_cents")
