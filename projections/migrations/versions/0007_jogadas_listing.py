"""the game venues and every player's jogadas (projection jogadas_listing)

Revision ID: 0007_jogadas_listing
Revises: 0004_transfer_index

New tables only: the projection's tracking row starts at 0, so the runner fills them from the
first event by itself (the events are the record; these tables are only read models).
"""
import sqlalchemy as sa
from alembic import op

revision = "0007_jogadas_listing"
down_revision = "0004_transfer_index"  # a head of today; projections.migrate upgrades to "heads"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_venues",
        sa.Column("venue_id", sa.String(100), primary_key=True),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("target_id", sa.String(36), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("name_key", sa.String(200), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("config", sa.Text, nullable=False),
        sa.Column("capacity", sa.Integer),
        sa.Column("occupants", sa.Text, nullable=False),
        sa.Column("occupied", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("open_jogada_id", sa.String(200)),
        sa.Column("open_jogada_at", sa.DateTime(timezone=True)),
        sa.Column("jogadas", sa.Integer, nullable=False),
        sa.Column("opened_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("position", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_game_venues_game_position", "game_venues", ["game", "position"])
    op.create_table(
        "player_jogadas",
        sa.Column("jogada_id", sa.String(200), nullable=False),
        sa.Column("player_id", sa.String(36), nullable=False),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("venue_id", sa.String(100), nullable=False),
        sa.Column("target_id", sa.String(36), nullable=False),
        sa.Column("venue_name", sa.String(200), nullable=False),
        sa.Column("seat", sa.String(4)),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True)),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("result", sa.String(32)),
        sa.Column("wagered_cents", sa.BigInteger, nullable=False),
        sa.Column("won_cents", sa.BigInteger, nullable=False),
        sa.Column("refunded_cents", sa.BigInteger, nullable=False),
        sa.Column("net_cents", sa.BigInteger, nullable=False),
        sa.Column("prizes", sa.Text, nullable=False),
        sa.Column("detail", sa.Text, nullable=False),
        sa.Column("position", sa.BigInteger, nullable=False),
        sa.PrimaryKeyConstraint("jogada_id", "player_id", name="pk_player_jogadas"),
    )
    op.create_index("ix_player_jogadas_player_position", "player_jogadas",
                    ["player_id", "position"])
    op.create_index("ix_player_jogadas_position", "player_jogadas", ["position"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_player_jogadas_position", table_name="player_jogadas")
    op.drop_index("ix_player_jogadas_player_position", table_name="player_jogadas")
    op.drop_table("player_jogadas")
    op.drop_index("ix_game_venues_game_position", table_name="game_venues")
    op.drop_table("game_venues")
