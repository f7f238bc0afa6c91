"""Re-adjudication of one jogada of French roulette (issue 14; the report's shape:
domain/kernel/adjudication.py).

From the recorded facts only — the wheel's configuration as the jogada opened under it
(``JogadaOpened.config``, 903-B 6.1.5(2)(3)), the bets as booked (``BetsPlaced``: each bet's
components, r7–r13, r15, A57, A59), the slips withdrawn before the launch (``BetsWithdrawn``,
A60) and the winning number ``BallLanded`` marked (r18) — every standing bet is settled again
with the game's own functions (bets.settle, chances.returned_cents: r14, r15, r19–r21, A53,
A58):

- each stake goes to the house, each winning component's stake and win come back (r14, r19);
- on 0 the simple chances and every position without 0 lose (r21);
- a call bet's components must be those r15 and A59 give for its call, breakdown and unit;
- a void (r22, r23, A62) or a refund of bets never launched (A60): every standing stake back,
  so every account nets to nothing.

The amounts of the recorded settlement (``BetsSettled``, the refunds of ``JogadaVoided`` and
``JogadaCancelled``) are never read to recompute: they are compared with the recomputation, and
so is the money the jogada's account events moved. A refunded jogada reports the status
"cancelled" (its bets were never played). Pure: no I/O, no clock, no RNG.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.games.roulette import bets as rf_bets
from domain.games.roulette import call_bets
from domain.games.roulette.chances import CAVALO_DE_COLUNA, CAVALO_DE_DUZIA
from domain.games.roulette.rule_book import a_rule, rf_rule
from domain.kernel.adjudication import (
    CANCELLED,
    VOIDED,
    Jogada,
    adjudicate_with,
)
from domain.kernel.errors import DomainError, InvalidInputError
from domain.kernel.replay_support import event_name
from domain.ledger.accounts import HOUSE_CODE, wallet_code

GAME = "roulette"
KEPT = ("JogadaOpened", "BallLanded", "JogadaSettled", "JogadaVoided", "JogadaCancelled")
SETTLE_RULE = rf_rule(14, 19, 20)
VOID_RULE = f"{rf_rule(22, 23)}, {a_rule(62)}"
REFUND_RULE = f"{a_rule(60)}; {rf_rule(23)} by analogy"
_HALF = (CAVALO_DE_DUZIA, CAVALO_DE_COLUNA)  # r14: ½ to 1, an odd stake's half cent (A53)


def _facts(items: list[tuple[int, Any]]) -> dict[str, Any]:
    """What the wheel's events of the jogada recorded: the slips placed (by player and slip),
    the slips withdrawn, the settlements recorded, the opening, the number and the end."""
    facts: dict[str, Any] = {"placed": {}, "withdrawn": set(), "settled": []}
    for _, e in items:
        name = event_name(e)
        if getattr(e, "jogada_id", None) is None:
            continue
        if name == "BetsPlaced":
            facts["placed"][(e.player_id, e.slip)] = e
        elif name == "BetsWithdrawn":
            facts["withdrawn"].add((e.player_id, e.slip))
        elif name == "BetsSettled":
            facts["settled"].append(e)
        elif name in KEPT:
            facts[name] = e
    return facts


def standing(facts: dict[str, Any]) -> dict[str, list[Any]]:
    """Each player's slips not withdrawn (A60), in slip order."""
    out: dict[str, list[Any]] = {}
    for (player_id, slip), e in sorted(facts["placed"].items(), key=lambda kv: kv[0][1]):
        if (player_id, slip) not in facts["withdrawn"]:
            out.setdefault(player_id, []).append(e)
    return out


def adjudicate(events: list[Any],
               opening_balances: Mapping[str, int] | None = None) -> dict[str, Any]:
    """The adjudication of one ended jogada (domain/kernel/adjudication.py). Roulette has no
    pool (A69): ``opening_balances`` is not needed."""
    return adjudicate_with(events, opening_balances, game=GAME, facts=_facts,
                           recompute=_recompute, recorded=_recorded_settlement,
                           pools=lambda wheel_id: [])


def _recompute(jogada: Jogada) -> None:
    book, facts = jogada.book, jogada.facts
    if jogada.status == VOIDED:  # r22, r23, A62: every standing stake back, no net at all
        book.cite(VOID_RULE)
        return
    if jogada.status == CANCELLED:  # A60: bets never launched, every standing stake back
        book.cite(REFUND_RULE)
        return
    landed = facts.get("BallLanded")
    if landed is None:
        raise InvalidInputError("the jogada settled but no winning number was marked",
                                field="events", rule=rf_rule(18))
    number = landed.number
    config = facts["JogadaOpened"].config or {}
    book.cite(SETTLE_RULE)
    if number == 0:
        book.cite(rf_rule(21), a_rule(58))
    for player_id, slips in standing(facts).items():
        wallet = wallet_code(player_id)
        for placed in slips:
            where = f"slip {placed.slip} of {player_id}"
            if sum(b["amount_cents"] for b in placed.bets) != placed.amount_cents:
                jogada.problems.append(f"{where}: its bets do not add up to its"
                                       f" {placed.amount_cents} cents")
            for bet in placed.bets:
                _check_booked(jogada, bet, config, f"{where}, bet {bet['index']}")
                back = rf_bets.settle(bet, number)
                book.move(wallet, HOUSE_CODE, bet["amount_cents"])
                book.move(HOUSE_CODE, wallet, back["returned_cents"])
                if bet["kind"] == "call":
                    book.cite(rf_rule(15))
                if any(c["chance"] in _HALF and c["amount_cents"] % 2 and w["won"]
                       for c, w in zip(bet["components"], back["components"])):
                    book.cite(a_rule(53))


def _check_booked(jogada: Jogada, bet: dict[str, Any], config: Mapping[str, Any],
                  where: str) -> None:
    """A bet's components add up to its amount; a call bet's are those of its call, breakdown
    and unit (r15, A59), offered by the wheel (r8) in the breakdown it set."""
    if sum(c["amount_cents"] for c in bet["components"]) != bet["amount_cents"]:
        jogada.problems.append(f"{where}: its components do not add up to its"
                               f" {bet['amount_cents']} cents")
    if bet["kind"] != "call":
        return
    breakdown = config.get("call_bet_breakdown", call_bets.PLENOS)
    if bet["call"] not in config.get("call_bets", ()) or bet.get("breakdown") != breakdown:
        jogada.problems.append(f"{where}: {bet['call']} ({bet.get('breakdown')}) is not a"
                               f" call bet this wheel offered ({rf_rule(8)}, {a_rule(59)})")
    try:
        expected = [(c.position.key, c.chips * bet["unit_cents"]) for c in call_bets.components(
            bet["call"], number=bet.get("number"), neighbours=bet.get("neighbours"),
            breakdown=bet.get("breakdown", breakdown))]
    except DomainError as error:
        jogada.problems.append(f"{where}: {error.message}")
        return
    if expected != [(c["key"], c["amount_cents"]) for c in bet["components"]]:
        jogada.problems.append(f"{where}: its components are not those of {bet['call']}"
                               f" ({rf_rule(15)}, {a_rule(59)})")


def _recorded_settlement(jogada: Jogada) -> dict[str, int]:
    """The wallets' nets as the recorded result says them: each player's settlement (what came
    back less what was staked); or, for a void or a refund, the refunds less the stakes."""
    facts, net = jogada.facts, dict[str, int]()
    end = facts.get("JogadaVoided") or facts.get("JogadaCancelled")
    if jogada.status in (VOIDED, CANCELLED) and end is not None:
        for player_id, slips in standing(facts).items():
            net[wallet_code(player_id)] = ((end.refunds or {}).get(player_id, 0)
                                           - sum(e.amount_cents for e in slips))
        return net
    for e in facts["settled"]:
        code = wallet_code(e.player_id)
        net[code] = net.get(code, 0) + e.returned_cents - e.staked_cents
    return net


__all__ = ["GAME", "adjudicate", "standing"]
