"""complaint cases and their timelines (projection complaint_cases, issue 16)

Revision ID: 0010_complaints
Revises: 0009_significant_events

New tables only: the projection's tracking row starts at 0, so the runner fills them from the
first event by itself (the events are the record; these tables are only read models).
"""
import sqlalchemy as sa
from alembic import op

revision = "0010_complaints"
down_revision = "0009_significant_events"  # projections.migrate upgrades "heads"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "complaint_cases",
        sa.Column("case_id", sa.String(36), primary_key=True),
        sa.Column("reference", sa.String(32), nullable=False),
        sa.Column("player_id", sa.String(36), nullable=False),
        sa.Column("case_type", sa.String(16), nullable=False),
        sa.Column("channel", sa.String(20), nullable=False),
        sa.Column("external_reference", sa.String(100)),
        sa.Column("subject", sa.String(200), nullable=False),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("assignee", sa.String(200)),
        sa.Column("opened_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("opened_by", sa.String(200), nullable=False),
        sa.Column("acknowledged_at", sa.DateTime(timezone=True)),
        sa.Column("resolved_at", sa.DateTime(timezone=True)),
        sa.Column("closed_at", sa.DateTime(timezone=True)),
        sa.Column("acknowledge_due", sa.Date, nullable=False),
        sa.Column("answer_due", sa.Date, nullable=False),
        sa.Column("paused", sa.Boolean, nullable=False),
        sa.Column("outcome", sa.String(16)),
        sa.Column("compensation_paid_cents", sa.BigInteger, nullable=False),
        sa.Column("decisions", sa.Integer, nullable=False),
        sa.Column("escalated_to", sa.String(8)),
        sa.Column("last_event_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("opened_position", sa.BigInteger, nullable=False),
        sa.Column("position", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_complaint_cases_queue", "complaint_cases", ["state", "answer_due"])
    op.create_index("ix_complaint_cases_player", "complaint_cases", ["player_id", "opened_at"])
    op.create_index("ix_complaint_cases_opened_at", "complaint_cases", ["opened_at"])
    op.create_index("ix_complaint_cases_opened_position", "complaint_cases",
                    ["opened_position"], unique=True)
    op.create_table(
        "complaint_case_events",
        sa.Column("notification_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("case_id", sa.String(36), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("actor", sa.String(200), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("visible_to_player", sa.Boolean, nullable=False),
        sa.Column("detail", sa.Text, nullable=False),
    )
    op.create_index("ix_complaint_case_events_case", "complaint_case_events",
                    ["case_id", "notification_id"])


def downgrade() -> None:
    op.drop_index("ix_complaint_case_events_case", table_name="complaint_case_events")
    op.drop_table("complaint_case_events")
    op.drop_index("ix_complaint_cases_opened_position", table_name="complaint_cases")
    op.drop_index("ix_complaint_cases_opened_at", table_name="complaint_cases")
    op.drop_index("ix_complaint_cases_player", table_name="complaint_cases")
    op.drop_index("ix_complaint_cases_queue", table_name="complaint_cases")
    op.drop_table("complaint_cases")
