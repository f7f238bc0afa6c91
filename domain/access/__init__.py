"""Who may act: players and staff, their registration and keys, the bootstrap operator key."""
