"""Complaint cases (issue 16): a player's dispute about jogadas, transfers or a session, from
intake to decision, compensation and closing, each case its own event stream.

- ``case.py``: the ``ComplaintCase`` aggregate and its state machine;
- ``policy.py``: case types and deadlines, the holiday calendar, compensation limits;
- ``calendar.py``: working days and the Portuguese national holidays;
- ``commands.py``: the commands, the policy's handlers and the table of every handler;
- ``intake.py``, ``investigation.py``, ``decision.py``, ``compensation.py``, ``closing.py``: the
  case's handlers, one module per stage (money only through the ledger); ``handling.py``: what
  they share;
- ``letters.py``: the final answer to the player, in Portuguese and English.
"""
