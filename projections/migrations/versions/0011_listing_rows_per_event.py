"""player_jogadas: one event may make the rows of several players (a community-card jogada
deals every player in with one JogadaOpened, issue 17): unique by (position, player_id)

Revision ID: 0011_listing_rows_per_event
Revises: 0007_jogadas_listing

A row's ``position`` stays the notification id of the event that made it; the listing's pages
keep the rows of one position together (projections/listing_queries.py), so the cursor is
still a position in the log.
"""
from alembic import op

revision = "0011_listing_rows_per_event"
down_revision = "0007_jogadas_listing"  # its own branch: projections.migrate upgrades "heads"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_index("ix_player_jogadas_position", table_name="player_jogadas")
    op.create_index("ix_player_jogadas_position", "player_jogadas", ["position", "player_id"],
                    unique=True)


def downgrade() -> None:
    op.drop_index("ix_player_jogadas_position", table_name="player_jogadas")
    op.create_index("ix_player_jogadas_position", "player_jogadas", ["position"], unique=True)
