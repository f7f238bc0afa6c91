"""significant_events rebuilt: staff registrations are significant (``staff_registered``,
issue 25: 903-B 7.4.3(1), 7.7.6(1)) and the summaries show amounts in euros ("15,00 €"), for
the rows written before too

Revision ID: 0014_significant_staff_euros
Revises: 0010_complaints

The projection's rows and state are emptied and its position reset: the projection runner
applies the whole log to it again (from the events alone, as every read model), in pages, at
start-up or by ``ledger projections catch-up``. Nothing of the event store changes.
"""
from alembic import op

revision = "0014_significant_staff_euros"
down_revision = "0010_complaints"  # the significant events' branch: projections.migrate upgrades "heads"
branch_labels = None
depends_on = None


def _reset() -> None:
    op.execute("DELETE FROM significant_events")
    op.execute("DELETE FROM significant_events_state")
    op.execute("DELETE FROM projection_tracking WHERE name = 'significant_events'")


def upgrade() -> None:
    _reset()


def downgrade() -> None:
    _reset()
