"""session_statements.refunded_cents: the stakes of void jogadas given back, apart from wins

Revision ID: 0005_session_refunds
Revises: 0003_sessions

Rows written before this revision counted refunds in won_cents (category "refund"): the upgrade
empties the table and rewinds its tracking row, so the projection rebuilds it from the events by
itself (the events are the record; this table is only a read model).
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
    op.execute("DELETE FROM session_statements")
    op.execute("UPDATE projection_tracking SET position = 0 WHERE name = 'session_statements'")


def downgrade() -> None:
    op.drop_column("session_statements", "refunded_cents")
