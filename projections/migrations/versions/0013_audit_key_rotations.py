"""the key rotation statements of the tamper-evident record (issue 25; infra/audit/rotation.py):
each a signed note by the old checkpoint key naming the new one, from which tree size it signs
and when, signed by the new key too

Revision ID: 0013_audit_key_rotations
Revises: 0008_audit

Not a read model: ``ledger projections rebuild`` never touches it (it cannot be recomputed).
"""
import sqlalchemy as sa
from alembic import op

revision = "0013_audit_key_rotations"
down_revision = "0008_audit"  # the audit branch; projections.migrate upgrades "heads"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "audit_key_rotations",
        sa.Column("sequence", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("old_key_id", sa.String(16), nullable=False),
        sa.Column("new_key_id", sa.String(16), nullable=False),
        sa.Column("from_tree_size", sa.BigInteger, nullable=False),
        sa.Column("rotated_at", sa.String(40), nullable=False),
        sa.Column("note", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("audit_key_rotations")
