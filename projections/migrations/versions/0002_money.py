"""money and identity projections: balances, account_activity, principals, jogada_events

Revision ID: 0002_money
Revises: 0001_tracking
"""
import sqlalchemy as sa
from alembic import op

revision = "0002_money"
down_revision = "0001_tracking"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "balances",
        sa.Column("account_code", sa.String(200), primary_key=True),
        sa.Column("account_id", sa.Uuid, nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("owner", sa.String(200)),
        sa.Column("balance_cents", sa.BigInteger, nullable=False),
        sa.Column("held_cents", sa.BigInteger, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_position", sa.BigInteger, nullable=False),
        sa.UniqueConstraint("account_id", name="uq_balances_account_id"),
    )
    # 903-B 5.2.2(9), 5.4.1(5)(8), 5.4.2(7)(9): account activity and the cash movement log.
    op.create_table(
        "account_activity",
        sa.Column("notification_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("account_code", sa.String(200), nullable=False),
        sa.Column("owner", sa.String(200)),
        sa.Column("type", sa.String(32), nullable=False),
        sa.Column("transfer_id", sa.String(200)),
        sa.Column("amount_cents", sa.BigInteger),
        sa.Column("counterparty", sa.String(200)),
        sa.Column("reason", sa.Text),
        sa.Column("refs", sa.Text),
        sa.Column("actor", sa.String(200), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("operation", sa.String(32)),
        sa.Column("code", sa.String(64)),
        sa.Column("message", sa.Text),
    )
    op.create_index("ix_account_activity_owner_at", "account_activity", ["owner", "at"])
    op.create_index("ix_account_activity_operation_at", "account_activity", ["operation", "at"])
    op.create_table(
        "principals",
        sa.Column("principal_id", sa.Uuid, primary_key=True),
        sa.Column("role", sa.String(32), nullable=False),
        sa.Column("display_name", sa.String(200), nullable=False),
        sa.Column("api_key_sha256", sa.String(64), nullable=False),
        sa.Column("registered_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("api_key_sha256", name="uq_principals_api_key_sha256"),
    )
    op.create_table(
        "jogada_events",
        sa.Column("jogada_id", sa.String(200), nullable=False),
        sa.Column("notification_id", sa.BigInteger, nullable=False),
        sa.Column("originator_id", sa.Uuid, nullable=False),
        sa.Column("originator_version", sa.BigInteger, nullable=False),
        sa.Column("topic", sa.String(300), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("jogada_id", "notification_id", name="pk_jogada_events"),
    )


def downgrade() -> None:
    op.drop_table("jogada_events")
    op.drop_table("principals")
    op.drop_index("ix_account_activity_operation_at", table_name="account_activity")
    op.drop_index("ix_account_activity_owner_at", table_name="account_activity")
    op.drop_table("account_activity")
    op.drop_table("balances")
