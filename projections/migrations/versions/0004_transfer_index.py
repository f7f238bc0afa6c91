"""account_activity by transfer id (corrections look the original up)

Revision ID: 0004_transfer_index
Revises: 0002_money
"""
from alembic import op

revision = "0004_transfer_index"
down_revision = "0002_money"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_account_activity_transfer_id", "account_activity", ["transfer_id"])


def downgrade() -> None:
    op.drop_index("ix_account_activity_transfer_id", table_name="account_activity")
