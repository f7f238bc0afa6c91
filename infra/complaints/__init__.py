"""Complaint cases beyond the domain (issue 16): the service the API and the CLI call
(``ledger.complaints``, service.py) and the evidence packs a complaint handler reads and the
case records the hash of (evidence.py, the JSON; pdf.py, the PDF)."""
