"""game-session statements (projection session_statements)

Revision ID: 0003_sessions
Revises: 0001_tracking
"""
import sqlalchemy as sa
from alembic import op

revision = "0003_sessions"
down_revision = "0001_tracking"  # a branch of its own; projections.migrate upgrades to "heads"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "session_statements",
        sa.Column("session_id", sa.String(36), primary_key=True),
        sa.Column("player_id", sa.String(100), nullable=False),
        sa.Column("venue_id", sa.String(100), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True)),
        sa.Column("end_reason", sa.String(32)),
        sa.Column("jogadas", sa.Integer, nullable=False),
        sa.Column("wagered_cents", sa.BigInteger, nullable=False),
        sa.Column("won_cents", sa.BigInteger, nullable=False),
        sa.Column("net_cents", sa.BigInteger, nullable=False),
        sa.Column("won_by_category", sa.Text, nullable=False),
        sa.Column("lines", sa.Text, nullable=False),
        sa.Column("invitation_at", sa.DateTime(timezone=True)),
        sa.Column("warning_at", sa.DateTime(timezone=True)),
        sa.Column("last_bet_at", sa.DateTime(timezone=True)),
    )
    op.create_index("ix_session_statements_player", "session_statements",
                    ["player_id", "started_at"])
    op.create_index("ix_session_statements_status", "session_statements", ["status"])


def downgrade() -> None:
    op.drop_index("ix_session_statements_status", "session_statements")
    op.drop_index("ix_session_statements_player", "session_statements")
    op.drop_table("session_statements")
