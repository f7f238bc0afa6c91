"""HTTP layer: thin FastAPI routes over the Ledger facade (infra/container.py)."""
