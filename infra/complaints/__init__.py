"""Complaint cases' evidence (issue 16): the packs a complaint handler reads and the case records
the hash of (infra/complaints/evidence.py, the JSON; infra/complaints/pdf.py, the PDF)."""
