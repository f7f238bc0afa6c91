"""the tamper-evident record: the sealed leaves, the Merkle tree's perfect subtrees, the sealer's
state, the signed checkpoints and the public keys that signed them (issue 15; infra/audit/)

Revision ID: 0008_audit
Revises: 0007_jogadas_listing

Not read models: ``ledger projections rebuild`` never touches these tables. The leaves and nodes
can be recomputed from the events; the signed checkpoints cannot, which is the point.
"""
import sqlalchemy as sa
from alembic import op

revision = "0008_audit"
down_revision = "0007_jogadas_listing"  # a branch of its own; projections.migrate goes to "heads"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "audit_seal",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("tree_size", sa.BigInteger, nullable=False),
        sa.Column("last_notification_id", sa.BigInteger, nullable=False),
        sa.Column("chain", sa.LargeBinary, nullable=False),
        sa.Column("peaks", sa.LargeBinary, nullable=False),
    )
    op.create_table(
        "audit_leaves",
        sa.Column("leaf_index", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("notification_id", sa.BigInteger, nullable=False),
        sa.Column("leaf_hash", sa.LargeBinary, nullable=False),
    )
    op.create_index("ux_audit_leaves_notification", "audit_leaves", ["notification_id"],
                    unique=True)
    op.create_table(
        "audit_nodes",
        sa.Column("level", sa.SmallInteger, nullable=False),
        sa.Column("node_index", sa.BigInteger, nullable=False, autoincrement=False),
        sa.Column("hash", sa.LargeBinary, nullable=False),
        sa.PrimaryKeyConstraint("level", "node_index", name="pk_audit_nodes"),
    )
    op.create_table(
        "audit_checkpoints",
        sa.Column("sequence", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("tree_size", sa.BigInteger, nullable=False),
        sa.Column("root", sa.LargeBinary, nullable=False),
        sa.Column("chain", sa.LargeBinary, nullable=False),
        sa.Column("last_notification_id", sa.BigInteger, nullable=False),
        sa.Column("sealed_at", sa.String(40), nullable=False),
        sa.Column("key_id", sa.String(16), nullable=False),
        sa.Column("signature", sa.LargeBinary, nullable=False),
        sa.Column("note", sa.Text, nullable=False),
    )
    op.create_index("ix_audit_checkpoints_tree_size", "audit_checkpoints", ["tree_size"])
    op.create_table(
        "audit_keys",
        sa.Column("key_id", sa.String(16), primary_key=True),
        sa.Column("algorithm", sa.String(16), nullable=False),
        sa.Column("public_key", sa.LargeBinary, nullable=False),
        sa.Column("first_used", sa.String(40), nullable=False),
    )


def downgrade() -> None:
    for table in ("audit_keys", "audit_checkpoints", "audit_nodes", "audit_leaves",
                  "audit_seal"):
        op.drop_table(table)
