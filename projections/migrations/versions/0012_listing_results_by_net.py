"""jogadas_listing rebuilt: a result that depends on the player's net (issue 24: a prize
worth less than the cards is ``prize_net_loss``, not ``won``) is decided once the jogada's
outcomes are all added, for rows written before too

Revision ID: 0012_listing_results_by_net
Revises: 0011_listing_rows_per_event

The projection's rows are emptied and its position reset: the projection runner applies the
whole log to it again (from the events alone, as every read model), in pages, at start-up or
by ``ledger projections catch-up``. Nothing of the event store changes.
"""
from alembic import op

revision = "0012_listing_results_by_net"
down_revision = "0011_listing_rows_per_event"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("DELETE FROM player_jogadas")
    op.execute("DELETE FROM game_venues")
    op.execute("DELETE FROM projection_tracking WHERE name = 'jogadas_listing'")


def downgrade() -> None:
    op.execute("DELETE FROM player_jogadas")
    op.execute("DELETE FROM game_venues")
    op.execute("DELETE FROM projection_tracking WHERE name = 'jogadas_listing'")
