"""Pure rules and aggregates of the game ledger: no I/O, no clock, no framework imports."""
