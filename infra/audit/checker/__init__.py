"""Check an offline audit bundle (``ledger audit export``) with no database and no code of the
ledger: Python's standard library and the ``cryptography`` package only, so that a regulator
can copy this one file (a zip application, ``ledger audit export --checker``) and run it:

    python3 bundle_check.pyz BUNDLE.json --trusted-key KEYFILE [--checkpoint HELD.json]

It checks (docs/audit.md "Offline"; RFC 9162 §2.1; 903-B 1.5 "Log" (nothing recorded is
changed) and 7.9.1 (automatic validation), rules-digest-2 §3.1):
1. each checkpoint's Ed25519 signature over its note, with a key the auditor trusts
   (--trusted-key FILE, --public-key HEX); its readable fields against its note, and the
   bundle's origin against the signed one;
2. each event: its leaf recomputed from its canonical bytes, and its inclusion proof against
   the checkpoint it names; its readable ``data`` equals its stored state;
3. each jogada, from its signed events alone: its id carried by each of its events, its events
   of its own stream complete from an opening event to an ending one (and the RNG's commitment
   revealed), its game the one its events' topics are of, and its game's offline rules
   (re-derivation, re-adjudication); a game this checker has no rules for is a problem;
4. each consistency proof between two checkpoints, and one from each checkpoint the auditor
   holds (--checkpoint FILE) to the bundle's newest.
Anything in the bundle that is not signed and disagrees with the signed data is a problem
naming it. Exit status 0 when everything holds with the trusted keys; 1 naming each failure;
2 when a file cannot be read or a key is not an Ed25519 public key; 3 when everything holds
but no trusted key was given: the bundle was checked against its own keys, so nothing is
authenticated (the first line says so).

Written apart from domain/audit/merkle.py and domain/audit/record.py on purpose: an independent
implementation of the same documented bytes and of the RFC's verification algorithms.
"""
