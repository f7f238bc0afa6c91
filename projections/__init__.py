"""Read models derived from the events alone; rebuildable from zero (``ledger projections rebuild``)."""
