"""Money: double-entry accounts, wallets, corrections and idempotency receipts."""
