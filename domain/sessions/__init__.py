"""Game sessions: a player at one venue from sitting down to the statement, and inactivity."""
