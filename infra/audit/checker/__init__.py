"""Check an offline audit bundle (``ledger audit export``) with no database and no code of the
ledger: Python's standard library and the ``cryptography`` package only, so that a regulator
can copy this one file (a zip application, ``ledger audit export --checker``) and run it:

    python3 bundle_check.pyz BUNDLE.json [--public-key HEX ...]

It checks (docs/audit.md; RFC 9162 §2.1; 903-B 1.5 "Log" (nothing recorded is changed) and 7.9.1 (automatic validation), rules-digest-2 §3.1):
1. each checkpoint's Ed25519 signature over its note, with a key the receiver trusts (the keys
   given with --public-key; without them, those in the bundle, which the output says);
2. each event: its leaf recomputed from its canonical bytes, and its inclusion proof against
   the checkpoint it names; its readable ``data`` equals its stored state;
3. each jogada: all its events are in the bundle and proved;
4. each consistency proof between two checkpoints;
5. each jogada whose events are proved: its RNG output re-derived from the revealed seed
   (rederive.py), then its cards or balls dealt again and its settlement recomputed by its
   game's offline rules (games.py; ``checker_games/<package>.py`` in the zip), the first
   difference named (a laboratory's forced outcome is reported, not failed).
Exit status 0 when everything holds, 1 naming each failure, 2 when the file cannot be read
or a --public-key is not an Ed25519 public key (64 hex digits).

Written apart from domain/audit/merkle.py and domain/audit/record.py on purpose: an independent
implementation of the same documented bytes and of the RFC's verification algorithms.
"""
