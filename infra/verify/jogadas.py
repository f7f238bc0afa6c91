"""The ``adjudication`` and ``rng`` sections of ``ledger verify``: every jogada of the log, read
from the events alone (infra/services/adjudication.py ``jogadas``: two passes, only the jogadas in play
at a point of the log held), checked through its game (domain/kernel/game.py).

- ``adjudication``: every ended jogada re-adjudicated by its game's rules (``Game.adjudicate``,
  domain/kernel/adjudication.py): the settlement recomputed from the recorded facts against the
  recorded settlement and against the money moved (903-B 5.5.1(1), 6.7.2(7)). A difference
  names the jogada, the account, and the three amounts.
- ``rng``: every RNG commitment against its reveal (``RngCommitted`` / ``RngRevealed``,
  domain/kernel/jogada_rng.py: the seed matches the commitment and derives the recorded output,
  903-B 6.7.2(4)), and every ended jogada replayed by its game (``Game.replay``) with the
  checks the replay makes: every card and ball re-derived from the revealed seed, a
  game's prizes found again. A failure names the jogada and the events found wrong.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.kernel.adjudication import ENDINGS, SETTLEMENT
from domain.kernel.errors import DomainError
from domain.kernel.jogada_rng import verify_jogada
from domain.kernel.replay_support import MONEY_KINDS, RNG_SUSPECTS, event_name
from domain.ledger.accounts import account_id
from infra.services.adjudication import Jogada, jogadas
from infra.verify.base import Context, Result, problem

RNG_AUDIT = "903-B 6.7.2(4)"


def _names(jogada: Jogada) -> dict[int, str]:
    return {position: event_name(e) for position, e in jogada.events}


def _which(jogada: Jogada, positions: list[int]) -> str:
    names = _names(jogada)
    return ", ".join(f"#{p} {names.get(p, '?')}" for p in positions)


def _game_name(jogada: Jogada) -> str:
    return "no game" if jogada.game is None else jogada.game.name


def _unknown_game(jogada: Jogada, check: str) -> dict[str, Any]:
    return problem(check, f"jogada {jogada.jogada_id} ended, but its events belong to no game of"
                   " this installation (LEDGER_GAMES): it was not checked",
                   jogada_id=jogada.jogada_id, notification_id=jogada.events[0][0])


# adjudication ------------------------------------------------------------------------------
def _account_events(jogada: Jogada, code: str) -> list[int]:
    """The positions of the jogada's money events on account ``code`` (``account:<stream>``
    for one its game did not name)."""
    stream = UUID(code.partition(":")[2]) if code.startswith("account:") else account_id(code)
    return [p for p, e in jogada.events
            if event_name(e) in MONEY_KINDS and e.originator_id == stream]


def _disagreements(jogada: Jogada, report: dict[str, Any]) -> list[dict[str, Any]]:
    where = f"jogada {jogada.jogada_id} ({report['game']}, {report['status']})"
    ending = next((p for p, e in jogada.events if event_name(e) in ENDINGS), None)
    recorded = report["recorded"]
    out = []
    for d in report["differences"]:
        code = d["account"]
        settled = recorded["settlement"].get(code, 0)
        moved = recorded["money"].get(code, 0)
        positions = [ending] if d["against"] == SETTLEMENT else _account_events(jogada, code)
        what = "recorded settlement" if d["against"] == SETTLEMENT else "money moved"
        out.append(problem(
            "adjudication", f"{where}: {code}: the {what} says {d['recorded_cents']:+d} cents,"
            f" the rules recompute {d['recomputed_cents']:+d} (recorded settlement"
            f" {settled:+d}, money moved {moved:+d}; events {_which(jogada, positions)})",
            jogada_id=jogada.jogada_id, game=report["game"], account=code,
            against=d["against"], recorded_cents=d["recorded_cents"],
            recomputed_cents=d["recomputed_cents"], settlement_cents=settled,
            moved_cents=moved, notification_id=positions[0] if positions else None,
            notification_ids=positions or None))
    out += [problem("adjudication", f"{where}: {text}", jogada_id=jogada.jogada_id,
                    game=report["game"], notification_id=ending)
            for text in report["problems"]]
    return out


def check_adjudication(ctx: Context) -> Result:
    result = Result(counts={"jogadas": 0, "ended": 0, "agree": 0, "open": 0})
    counts = result.counts
    for jogada in jogadas(ctx.ledger, ctx.head, ctx.progress):
        counts["jogadas"] += 1
        if jogada.status is None:
            counts["open"] += 1
            continue
        counts["ended"] += 1
        if jogada.game is None:
            result.problems.append(_unknown_game(jogada, "adjudication"))
            continue
        try:
            report = jogada.game.adjudicate(jogada.events, jogada.opening())
        except Exception as error:  # a game's adjudicator refusing its own record
            result.problems.append(problem(
                "adjudication", f"jogada {jogada.jogada_id} ({jogada.game.name}): the"
                f" adjudicator failed: {type(error).__name__}: {error}",
                jogada_id=jogada.jogada_id))
            continue
        if report["agrees"]:
            counts["agree"] += 1
        else:
            result.problems += _disagreements(jogada, report)
    result.events = ctx.head  # the log, read twice
    result.summary = (f"{counts['ended']} ended jogadas re-adjudicated, {counts['agree']} agree"
                      f" with the record; {counts['open']} still open")
    return result


# rng -----------------------------------------------------------------------------------------
def _commitments(jogada: Jogada, ended: bool, counts: dict[str, int]) -> list[dict[str, Any]]:
    """Each RngCommitted of the jogada against its RngRevealed (domain/kernel/jogada_rng.py)."""
    committed = [(p, e) for p, e in jogada.events if event_name(e) == "RngCommitted"]
    revealed = [(p, e) for p, e in jogada.events if event_name(e) == "RngRevealed"]
    where = f"jogada {jogada.jogada_id} ({_game_name(jogada)})"
    out = []
    counts["commitments"] += len(committed)
    if not committed:
        out += [problem("rng", f"{where}: #{p} RngRevealed reveals a seed no RngCommitted of the"
                        f" jogada committed to ({RNG_AUDIT})", jogada_id=jogada.jogada_id,
                        notification_id=p, event="RngRevealed") for p, _ in revealed]
        return out
    for p, c in committed:
        if not revealed:
            if ended:
                out.append(problem(
                    "rng", f"{where}: #{p} RngCommitted was never revealed, though the jogada"
                    f" ended ({RNG_AUDIT})", jogada_id=jogada.jogada_id, notification_id=p,
                    event="RngCommitted"))
            else:
                counts["not_revealed_yet"] += 1
            continue
        q, r = revealed[0]
        at = {"RngCommitted": p, "RngRevealed": q}
        try:
            if r.commitment != c.commitment:
                raise DomainError("the revealed commitment is not the one committed to",
                                  code="rng_reveal_mismatch")
            verify_jogada(kind=c.kind, size=c.size, commitment=c.commitment,
                          seed_hex=r.seed_hex, outcome=c.outcome,
                          forced_outcome=c.forced_outcome)
        except DomainError as error:
            positions = [at[name] for name in RNG_SUSPECTS.get(error.code, at)]
            out.append(problem(
                "rng", f"{where}: {_which(jogada, positions)}: {error.message} ({RNG_AUDIT})",
                jogada_id=jogada.jogada_id, notification_id=positions[0],
                notification_ids=positions, event=_names(jogada)[positions[0]]))
            continue
        counts["revealed"] += 1
    return out


def _failed(check: dict[str, Any], committed: bool) -> bool:
    """A replay's check failed: ``verified`` False, unless the game says why with no RNG
    commitment in the jogada (nothing was drawn: a jogada voided before the deal)."""
    if check["verified"] is not False:
        return False
    said = check.get("check")
    return committed or said is None or str(said).startswith("FAILED")


def _replay_checks(jogada: Jogada, seen: set[int], counts: dict[str, int]) -> list[dict[str, Any]]:
    """The game's replay of the ended jogada, and each check it makes."""
    where = f"jogada {jogada.jogada_id} ({jogada.game.name})"
    try:
        replayed = jogada.game.replay(jogada.events)
    except Exception as error:
        return [problem("rng", f"{where}: the replay failed: {type(error).__name__}: {error}",
                        jogada_id=jogada.jogada_id)]
    committed = any(event_name(e) == "RngCommitted" for _, e in jogada.events)
    names = _names(jogada)
    out = []
    for key, check in replayed.items():
        if not isinstance(check, dict) or "verified" not in check:
            continue
        if check["verified"]:
            counts["checks"] += 1
        if not _failed(check, committed):
            continue
        positions = [p for p in check.get("events") or [] if p in names]
        if positions and seen.issuperset(positions):
            continue  # the commitment check named these events already
        out.append(problem(
            "rng", f"{where}: the replay's {key}"
            f"{' at ' + _which(jogada, positions) if positions else ''}:"
            f" {check.get('check') or 'not verified'}", jogada_id=jogada.jogada_id,
            notification_id=positions[0] if positions else None,
            notification_ids=positions or None,
            event=names[positions[0]] if positions else None, replay_check=key))
    return out


def check_rng(ctx: Context) -> Result:
    result = Result(counts={"jogadas": 0, "commitments": 0, "revealed": 0,
                            "not_revealed_yet": 0, "replayed": 0, "checks": 0})
    counts = result.counts
    for jogada in jogadas(ctx.ledger, ctx.head, ctx.progress):
        counts["jogadas"] += 1
        ended = jogada.status is not None
        found = _commitments(jogada, ended, counts)
        result.problems += found
        if not ended:
            continue
        if jogada.game is None:
            result.problems.append(_unknown_game(jogada, "rng"))
            continue
        counts["replayed"] += 1
        seen = {p for f in found for p in f.get("notification_ids", [f["notification_id"]])}
        result.problems += _replay_checks(jogada, seen, counts)
    result.events = ctx.head
    result.summary = (f"{counts['revealed']} RNG commitments checked against their reveal"
                      f" ({counts['not_revealed_yet']} of open jogadas not revealed yet);"
                      f" {counts['replayed']} ended jogadas replayed, {counts['checks']}"
                      " replay checks verified (every card and ball re-derived)")
    return result
