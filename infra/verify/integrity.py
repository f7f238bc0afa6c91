"""The ``integrity`` section of ``ledger verify``: the hash chain of the stored events and the
Merkle roots against every signed checkpoint (903-B 1.5 "Log": nothing recorded is ever
changed; docs/audit.md). The check itself is ``infra.audit.verify_integrity.check_integrity``
(``(ledger, progress) -> {"events", "checkpoints", "problems"}``), imported when the section
runs: an installation without it reports the section skipped, not failed."""

from __future__ import annotations

import importlib

from infra.verify.base import Context, Result, problem

MODULE = "infra.audit.verify_integrity"


def check_integrity(ctx: Context) -> Result:
    try:
        module = importlib.import_module(MODULE)
    except ImportError as error:
        if error.name not in (MODULE, MODULE.rpartition(".")[0]):
            raise  # the module is there but broken: the section fails, it is not skipped
        return Result(skipped="not available")
    found = module.check_integrity(ctx.ledger, ctx.progress, head=ctx.head,
                                   trusted_keys=ctx.trusted_keys)
    result = Result(counts={k: v for k, v in found.items() if k != "problems"},
                    events=int(found.get("events", 0)))
    result.problems = [problem(p.get("check", "integrity"), p.get("message", ""),
                               **{k: v for k, v in p.items() if k not in ("check", "message")})
                       for p in found.get("problems", [])]
    result.summary = (f"{found.get('events', 0)} events chained,"
                      f" {found.get('checkpoints', 0)} signed checkpoints checked with"
                      + (" the pinned keys" if found.get("keys_pinned") else
                         " the record's own keys (pin them: --public-key)")
                      + (f" and {found['key_rotations']} key rotation statement(s) from them"
                         if found.get("key_rotations") else ""))
    return result
