"""Complaint cases beyond the domain (issue 16): the service the API and the CLI call
(``ledger.complaints``, service.py) and the evidence packs (evidence.py, pdf.py)."""
