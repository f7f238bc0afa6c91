"""Re-adjudication of one jogada of póquer sem descarte (issue 14; the report's shape:
domain/kernel/adjudication.py).

From the recorded facts only — the table's configuration as the jogada opened under it
(``JogadaOpened.config``, 903-B 6.1.5(2)(3)), the antes and side bets (``AntePlaced``), the
cards (``CardsDealt``) and the decisions (``PlayerFolded`` / ``PlayerContinued``) — the
settlement is computed again with the game's own rule functions:

- each seat by ``settlement.settle`` (rules 22, 26 (A3), 28 (A2, A4), 29, 13 (A1)): the ante
  of a fold and the stakes of a loss go to the house, the winnings come from it;
- the jackpot side bets (Portaria r4b, r8): the stake to ``jackpot:<table>``, the house's
  share on to the house; the prizes (r9, A12: hands not folded) by ``jackpot.awards`` on the
  pool as it stood — its balance before the jogada (``opening_balances``, 903-B 6.4.6(3)) plus
  this jogada's contributions — and, after a royal flush, the house's refill back to the
  starting value (r10, A12);
- a void (rule 33): every bet back in full, so every account nets to nothing.

Then the recomputed nets are compared with the recorded outcome (``JogadaSettled``'s outcomes
and jackpot awards with ``JackpotBetsCollected``, or ``JogadaVoided``'s refunds, against the
recorded stakes) and with the money the jogada's account events moved. Pure: no I/O, no clock.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.cards.poker_hands import evaluate
from domain.games.semdescarte import jackpot as jackpot_rules
from domain.games.semdescarte.config import TableConfig, pt_rule, sd_rule
from domain.games.semdescarte.settlement import settle
from domain.kernel.adjudication import JACKPOT_REBUILT, VOIDED, Jogada, adjudicate_with
from domain.kernel.errors import InvalidInputError
from domain.kernel.replay_support import event_name
from domain.ledger.accounts import HOUSE_CODE, wallet_code

GAME = "semdescarte"
CONTINUE = "continue"  # PlayerContinued (domain/games/semdescarte/table.py)
PAYING = (*jackpot_rules.JACKPOT_MULTIPLES, "straight_flush", "royal_flush")  # r9a–e


def jackpot_code(table_id: str) -> str:
    return f"jackpot:{table_id}"  # domain/games/semdescarte/tables.py create_table


def _facts(items: list[tuple[int, Any]]) -> dict[str, Any]:
    """What the table's events of the jogada recorded, by kind (the last of each, and the seats'
    bets and decisions)."""
    facts: dict[str, Any] = {"bets": {}, "decisions": {}}
    for _, e in items:
        name = event_name(e)
        if getattr(e, "jogada_id", None) is None:
            continue
        if name == "AntePlaced":
            facts["bets"][e.seat] = e
        elif name == "PlayerFolded":
            facts["decisions"][e.seat] = "fold"
        elif name == "PlayerContinued":
            facts["decisions"][e.seat] = CONTINUE
            facts.setdefault("second_bets", {})[e.seat] = e.bet_cents
        elif name in ("JogadaOpened", "JackpotBetsCollected", "CardsDealt", "JogadaSettled",
                      "JogadaVoided"):
            facts[name] = e
    return facts


def adjudicate(events: list[Any],
               opening_balances: Mapping[str, int] | None = None) -> dict[str, Any]:
    """The adjudication of one ended jogada (domain/kernel/adjudication.py). ``opening_balances``:
    the balance of ``jackpot:<table>`` before the jogada's first event on it, needed only
    when a side bet wins a prize."""
    return adjudicate_with(events, opening_balances, game=GAME, facts=_facts,
                           recompute=_recompute, recorded=_recorded_settlement,
                           pools=lambda table_id: [jackpot_code(table_id)])


def _recompute(jogada: Jogada) -> None:
    config = TableConfig.from_dict(jogada.facts["JogadaOpened"].config)
    if jogada.status == VOIDED:  # rule 33: what each seat staked comes back, so no net at all
        jogada.book.cite(sd_rule(33))
    else:
        _settle(jogada, config)


def _settle(jogada: Jogada, config: TableConfig) -> None:
    facts, book = jogada.facts, jogada.book
    if "CardsDealt" not in facts:
        raise InvalidInputError("the jogada settled but no card was dealt", field="events",
                                rule=sd_rule(19))
    dealt = facts["CardsDealt"]
    bank_cards = list(dealt.bank_cards)
    for seat in sorted(facts["bets"], key=int):
        bet = facts["bets"][seat]
        decision = facts["decisions"].get(seat)
        if decision is None:  # rule 32: no decision by the end is a fold, recorded as one
            raise InvalidInputError(f"seat {seat} has no recorded decision", field="events",
                                    rule=sd_rule(32))
        outcome = settle(ante_cents=bet.ante_cents, continued=decision == CONTINUE,
                         player_cards=dealt.hands[seat], bank_cards=bank_cards)
        wallet = wallet_code(bet.player_id)
        book.move(wallet, HOUSE_CODE, outcome.lost_cents)
        book.move(HOUSE_CODE, wallet, outcome.won_cents)
        book.cite(outcome.rule)
    _jackpot(jogada, config)


def _jackpot(jogada: Jogada, config: TableConfig) -> None:
    facts, book = jogada.facts, jogada.book
    bettors = [s for s in sorted(facts["bets"], key=int) if facts["bets"][s].jackpot_bet_cents]
    if not bettors:
        return
    if config.jackpot is None:
        raise InvalidInputError("a side bet on a table without jackpot", field="events",
                                rule=pt_rule(3))
    pool_code = jackpot_code(jogada.stream)
    kept = jackpot_rules.house_share(config.jackpot)
    for seat in bettors:  # r4b, r8: collected before the cards; the house's share goes on
        bet = facts["bets"][seat]
        book.move(wallet_code(bet.player_id), pool_code, bet.jackpot_bet_cents)
        book.move(pool_code, HOUSE_CODE, kept)
    book.cite(pt_rule("4b"), pt_rule(8))
    hands = facts["CardsDealt"].hands
    winners = [(seat, evaluate(hands[seat]).category) for seat in bettors
               if facts["decisions"].get(seat) == CONTINUE]  # A12: a folded hand wins nothing
    if not any(category in PAYING for _, category in winners):
        return
    before = jogada.opening(pool_code, pt_rule(9))
    pool = before + book.net.get(pool_code, 0)
    awards = jackpot_rules.awards(pool, config.jackpot.stake_cents, winners)
    for award in awards:
        book.move(pool_code, wallet_code(facts["bets"][award.seat_key].player_id),
                  award.amount_cents)
        book.cite(award.rule)
    book.cite(JACKPOT_REBUILT)
    if any(award.category == "royal_flush" for award in awards):  # r10, A12: the reset
        after = before + book.net.get(pool_code, 0)
        book.move(HOUSE_CODE, pool_code, jackpot_rules.refill(after, config.jackpot))
        book.cite(pt_rule("10 (A12)"))


def _recorded_settlement(jogada: Jogada) -> dict[str, int]:
    """The wallets' nets as the recorded result says them: the outcomes' winnings less losses,
    the side bets collected (``JackpotBetsCollected``) and the jackpot prizes; or, for a void,
    the refunds less the recorded stakes."""
    facts, net = jogada.facts, dict[str, int]()

    def add(player_id: str, cents: int) -> None:
        code = wallet_code(player_id)
        net[code] = net.get(code, 0) + cents

    if jogada.status == VOIDED:
        refunds = facts["JogadaVoided"].refunds if "JogadaVoided" in facts else {}
        for seat, bet in facts["bets"].items():
            staked = (bet.ante_cents + facts.get("second_bets", {}).get(seat, 0)
                      + bet.jackpot_bet_cents)
            add(bet.player_id, refunds.get(seat, 0) - staked)
        return net
    settled = facts.get("JogadaSettled")
    if settled is None:
        return net
    for outcome in settled.outcomes.values():
        add(outcome["player_id"], outcome["won_cents"] - outcome["lost_cents"])
    collected = facts.get("JackpotBetsCollected")
    if collected is not None:
        for seat, cents in collected.contributions.items():
            add(facts["bets"][seat].player_id, -cents - collected.house_shares.get(seat, 0))
    for award in settled.jackpot_awards:
        add(award["player_id"], award["amount_cents"])
    return net


__all__ = ["GAME", "adjudicate"]
