"""What every game's replay (903-B 6.3.4(2): a jogada step by step from the record) shares:
JSON-ready values, the jogada an event belongs to, and the money events of the jogada folded
into a list of movements and a net change per account. Pure: no I/O, no clock."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from domain.kernel.errors import DomainError, InvalidInputError, RuleViolationError
from domain.kernel.jogada_rng import check_reveal, verify_jogada
from domain.kernel.rules import T903B, cite

MONEY_KINDS = {"FundsHeld": "held", "HoldPosted": "posted", "HoldVoided": "voided",
               "Credited": "credited", "Debited": "debited"}
_BALANCE_SIGN = {"posted": -1, "debited": -1, "credited": 1}  # held / voided: no balance change
META = ("originator_id", "originator_version", "timestamp")


def to_json(value: Any) -> Any:
    """Datetimes as ISO 8601, UUIDs as strings, tuples as lists, recursively, in new dicts and
    lists: also the copy of a JSON-ready value (a replay's state after each step)."""
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, UUID):
        return str(value)
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    return value


def event_name(e: Any) -> str:
    return type(e).__name__


def jogada_of(e: Any) -> str | None:
    jogada_id = getattr(e, "jogada_id", None)
    if jogada_id is None and isinstance(getattr(e, "refs", None), dict):
        jogada_id = e.refs.get("jogada_id")
    return None if jogada_id in (None, "") else str(jogada_id)


def numbered(events: list[Any]) -> list[tuple[int, Any]]:
    if not isinstance(events, (list, tuple)) or not events:
        raise InvalidInputError("a replay needs the events of one jogada", field="events")
    return [item if isinstance(item, tuple) else (index, item)
            for index, item in enumerate(events, start=1)]


def apply_money(state: dict[str, Any], name: str, e: Any, position: int,
                codes: dict[str, str]) -> None:
    kind = MONEY_KINDS[name]
    account = codes.get(str(e.originator_id), str(e.originator_id))
    entry = {"position": position, "account": account, "kind": kind,
             "amount_cents": e.amount_cents, "transfer_id": e.transfer_id,
             "counterparty": e.counterparty, "reason": e.reason}
    if kind == "posted":
        entry["released_cents"] = e.released_cents
    state["money"].append(entry)
    net = state["net_by_account"]
    net[account] = net.get(account, 0) + _BALANCE_SIGN.get(kind, 0) * e.amount_cents


# A replay check that fails names the recorded events it found wrong, first the likeliest:
# their positions (notification ids), in ``events`` (``ledger verify`` names them,
# infra/verify/). An error raised by the check gives them in ``details["events"]``; the RNG
# commitment's own refusals (domain/kernel/jogada_rng.py) name the events by their code.
RNG_SUSPECTS = {"rng_outcome_mismatch": ("RngCommitted",),
                "rng_reveal_mismatch": ("RngRevealed", "RngCommitted")}


def failed_check(out: dict[str, Any], error: DomainError,
                 at: dict[str, int]) -> dict[str, Any]:
    """``out`` as a failed check: why, and the events found wrong (``at``: the position of
    the jogada's events by name, for the RNG commitment's refusals)."""
    positions = error.details.get("events") or [at[name] for name in
                                                 RNG_SUSPECTS.get(error.code, ()) if name in at]
    return {**out, "verified": False, "check": f"FAILED: {error.message}",
            "events": list(positions)}


def one_jogada(items: list[tuple[int, Any]]) -> tuple[str, str]:
    """(jogada id, id of the game's stream) of events that must all belong to one jogada; the
    stream is the one that opened it (else the jogada id's prefix, "<stream>:<number>")."""
    jogada_ids = {j for j in (jogada_of(e) for _, e in items) if j is not None}
    if len(jogada_ids) != 1:
        raise InvalidInputError("the events must belong to exactly one jogada (found "
                                f"{sorted(jogada_ids)})", field="events")
    jogada_id = jogada_ids.pop()
    stream = next((str(e.originator_id) for _, e in items if event_name(e) == "JogadaOpened"),
                  jogada_id.rsplit(":", 1)[0])
    return jogada_id, stream


def rng_opening(out: dict[str, Any], committed: Any, revealed: Any, at: dict[str, Any],
                not_drawn: str) -> bytes | None:
    """The start of a card game's RNG check (903-B 6.7.2(4)), filling ``out`` (commitment,
    forced, seed): None when there is nothing to check yet (``out["check"]`` says why:
    ``not_drawn``, or the seed not revealed), otherwise the seed, once it matches the
    commitment and derives the recorded output; raises DomainError (naming the events found
    wrong) if it does not."""
    if committed is None:
        out["check"] = not_drawn
        return None
    out.update(commitment=committed.commitment, forced=bool(committed.forced))
    if revealed is None:
        out["check"] = "the seed is not revealed yet: the jogada is still open"
        return None
    out["seed_hex"] = revealed.seed_hex
    if revealed.commitment != committed.commitment:
        raise RuleViolationError("the revealed commitment is not the one committed to",
                                 rule=cite(T903B, "6.7.2(4)"),
                                 details={"events": [at["RngRevealed"]]})
    verify_jogada(kind=committed.kind, size=committed.size, commitment=committed.commitment,
                  seed_hex=revealed.seed_hex, outcome=committed.outcome,
                  forced_outcome=committed.forced_outcome)
    return check_reveal(committed.commitment, revealed.seed_hex)


def step(position: int, name: str, e: Any, data: dict[str, Any], state: Any) -> dict[str, Any]:
    """One step of a replay: the event (its position, name, time, actor, stream, version and
    data) and the state after it (``state``: JSON-ready, copied here)."""
    at = getattr(e, "at", None) or getattr(e, "timestamp", None)
    return {"position": position, "event": name, "at": to_json(at),
            "actor": getattr(e, "actor", None),
            "stream": to_json(getattr(e, "originator_id", None)),
            "version": getattr(e, "originator_version", None),
            "data": to_json(data), "state": to_json(state)}
