"""What the processes run on: settings, clock, RNG seed source, logging, background jobs, the processes of ledger serve."""
