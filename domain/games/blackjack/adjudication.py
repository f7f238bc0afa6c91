"""Re-adjudication of one jogada of blackjack (issue 14; the report's shape:
domain/kernel/adjudication.py).

From the recorded facts only — the table's options as the jogada opened under them
(``JogadaOpened.config``, r16, 903-B 6.1.5(2)(3)), the bets (``BetPlaced``), the cards
(``CardsDealt``, the cards each hit, double and split took, the banca's draws) and the recorded
decisions (insurance, even money, hit, stand, double, split, surrender) — each hand is played
again with the game's own arithmetic (domain/games/blackjack/hands.py) and settled again:

- a bust at once (r25b), a surrender (r15e, A48, A53), even money (r20b), a natural against an
  up card of 2–9 at once (r20a), every other hand against the banca's final cards (r25, r18,
  A47: no peek, a banca blackjack takes doubled and split stakes; r25i, A52: the prize);
- the insurance against the banca's first two cards (r25f, r25g);
- the banca's draws must be those r17 asks for (it draws to 17, stands on soft 17);
- a void (r27, r28): every bet back in full, so every account nets to nothing.

The amounts of the recorded settlement (``HandSettled``, ``InsuranceSettled``, the refunds of
``JogadaVoided``) are never read to recompute: they are compared with the recomputation, and
so is the money the jogada's account events moved. Pure: no I/O, no clock, no RNG.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from domain.games.blackjack import hands as bj
from domain.games.blackjack.rule_book import bj_rule
from domain.kernel.adjudication import VOIDED, Jogada, adjudicate_with
from domain.kernel.errors import InvalidInputError, RuleViolationError
from domain.kernel.replay_support import event_name
from domain.ledger.accounts import HOUSE_CODE, wallet_code

GAME = "blackjack"
PLAY = ("PlayerHit", "PlayerStood", "BetDoubled", "HandSplit", "HandSurrendered")
OFFERS = ("InsuranceTaken", "EvenMoneyTaken")
KEPT = ("JogadaOpened", "CardsDealt", "HoleCardRevealed", "JogadaSettled", "JogadaVoided")


def rules_of(config: Mapping[str, Any]) -> bj.Rules:
    """r16, A50: the options the table played under (the spec's defaults where absent)."""
    return bj.Rules(double_any_total=bool(config.get("double_any_total", False)),
                    true_pairs_only=bool(config.get("true_pairs_only", False)),
                    max_hands=int(config.get("max_hands", 4)),
                    insurance=bool(config.get("insurance", True)),
                    special_prize=bool(config.get("special_prize", True)))


def _facts(items: list[tuple[int, Any]]) -> dict[str, Any]:
    """What the table's events of the jogada recorded: the bets, the decisions in log order,
    the banca's draws, the recorded settlement, and the opening, deal, reveal and end."""
    facts: dict[str, Any] = {"bets": {}, "play": [], "offers": {}, "banca_draws": [],
                             "hands_settled": [], "insurance_settled": []}
    for _, e in items:
        name = event_name(e)
        if getattr(e, "jogada_id", None) is None:
            continue
        if name == "BetPlaced":
            facts["bets"][e.seat] = e
        elif name in PLAY:
            facts["play"].append((name, e))
        elif name in OFFERS:
            facts["offers"][e.seat] = (name, e)
        elif name == "BancaDrew":
            facts["banca_draws"].append(e.card)
        elif name == "HandSettled":
            facts["hands_settled"].append(e)
        elif name == "InsuranceSettled":
            facts["insurance_settled"].append(e)
        elif name in KEPT:
            facts[name] = e
    return facts


def adjudicate(events: list[Any],
               opening_balances: Mapping[str, int] | None = None) -> dict[str, Any]:
    """The adjudication of one ended jogada (domain/kernel/adjudication.py). Blackjack has no
    pool: ``opening_balances`` is not needed."""
    return adjudicate_with(events, opening_balances, game=GAME, facts=_facts,
                           recompute=_recompute, recorded=_recorded_settlement,
                           pools=lambda table_id: [])


def _recompute(jogada: Jogada) -> None:
    if jogada.status == VOIDED:  # r27, r28: every bet back, so no net at all
        jogada.book.cite(bj_rule(27, 28))
        return
    facts = jogada.facts
    if "CardsDealt" not in facts:
        raise InvalidInputError("the jogada settled but no card was dealt", field="events",
                                rule=bj_rule(14))
    rules = rules_of(facts["JogadaOpened"].config or {})
    dealt = facts["CardsDealt"]
    seats = _play(facts, rules, dealt.up_card)
    banca = [dealt.up_card, dealt.hole_card]
    waiting = [(seat, n) for seat, made in seats.items() for n, h in made.items()
               if h["outcome"] is None and not _at_once(h["hand"], dealt.up_card)]
    if waiting:  # r17: the banca draws to 17 or more for the hands still in
        drawn = list(facts["banca_draws"])
        if bj.banca_play(banca, drawn) != drawn or bj.banca_draws(banca + drawn):
            jogada.problems.append(f"the banca's draws {drawn} are not those"
                                   f" {bj_rule(17)} asks for after {banca}")
        banca += drawn
    elif facts["banca_draws"]:
        jogada.problems.append(f"the banca drew with no hand still in ({bj_rule('20c')})")
    book = jogada.book
    for seat, made in seats.items():
        wallet = wallet_code(facts["bets"][seat].player_id)
        for entry in made.values():
            hand = entry["hand"]
            outcome = entry["outcome"] or (
                bj.settle_natural_at_once(hand) if _at_once(hand, dealt.up_card)
                else bj.settle_against(hand, banca, rules))
            book.move(wallet, HOUSE_CODE, outcome.lost_cents)
            book.move(HOUSE_CODE, wallet, outcome.won_cents + outcome.prize_cents)
            book.cite(outcome.rule)
        offer = facts["offers"].get(seat)
        if offer and offer[0] == "InsuranceTaken":
            insured = bj.settle_insurance(offer[1].amount_cents, banca[:2])
            book.move(wallet, HOUSE_CODE, insured.lost_cents)
            book.move(HOUSE_CODE, wallet, insured.won_cents)
            book.cite(insured.rule)


def _at_once(hand: bj.HandState, up_card: str) -> bool:
    """r20a: a natural against an up card of 2–9 is paid at the deal."""
    return (bj.is_blackjack(hand.cards, from_split=hand.from_split)
            and bj.value(up_card) not in (1, 10))


def _play(facts: dict[str, Any], rules: bj.Rules,
          up_card: str) -> dict[str, dict[int, dict[str, Any]]]:
    """Every seat's hands played again from the deal and the recorded decisions, in log order:
    {seat: {hand: {"hand": HandState, "outcome": Outcome | None (settled with the banca)}}}."""
    dealt = facts["CardsDealt"]
    seats: dict[str, dict[int, dict[str, Any]]] = {}
    for seat in sorted(dealt.hands, key=int):
        if seat not in facts["bets"]:
            raise InvalidInputError(f"seat {seat} was dealt with no recorded bet",
                                    field="events", rule=bj_rule(14))
        hand = bj.HandState(cards=tuple(dealt.hands[seat]),
                            stake_cents=facts["bets"][seat].amount_cents)
        seats[seat] = {0: {"hand": hand, "outcome": None}}
        offer = facts["offers"].get(seat)
        if offer and offer[0] == "EvenMoneyTaken":
            if not (bj.is_blackjack(hand.cards) and bj.value(up_card) == 1):
                raise RuleViolationError(f"seat {seat} took even money without a blackjack"
                                         " against an ace", rule=bj_rule("20b"))
            seats[seat][0]["outcome"] = bj.settle_even_money(hand)
    for name, e in facts["play"]:
        made = seats.get(e.seat)
        if made is None or e.hand not in made:
            raise InvalidInputError(f"{name} names seat {e.seat} hand {e.hand}, never dealt",
                                    field="events")
        _decide(made, name, e, rules)
    return seats


def _decide(made: dict[int, dict[str, Any]], name: str, e: Any, rules: bj.Rules) -> None:
    entry = made[e.hand]
    hand: bj.HandState = entry["hand"]
    where = f"seat {e.seat} hand {e.hand}"
    if entry["outcome"] is not None or (name != "PlayerStood" and hand.total.best >= 21):
        raise RuleViolationError(f"{name} on {where}, which was already out or at 21",
                                 rule=bj_rule("15d"))
    if name == "PlayerHit":
        hand = replace(hand, cards=(*hand.cards, e.card), acted=True)
    elif name == "BetDoubled":
        if hand.split_aces or not bj.can_double_on(hand.cards, rules):
            raise RuleViolationError(f"a double on {where} ({list(hand.cards)}) is not allowed",
                                     rule=bj_rule("15b", "16a", 23))
        hand = replace(hand, cards=(*hand.cards, e.card), stake_cents=2 * hand.stake_cents,
                       doubled=True, acted=True,
                       ace_fixed=bj.ace_fixed_by_double(hand.cards, rules))
    elif name == "HandSplit":
        if not bj.same_value(hand.cards, rules) or len(made) >= rules.max_hands:
            raise RuleViolationError(f"a split of {where} ({list(hand.cards)}) is not allowed",
                                     rule=bj_rule(21, "16b", "16c"))
        aces = hand.cards[0][0] == "A"
        first, second = hand.cards
        made[e.new_hand] = {"hand": bj.HandState(
            cards=(second, e.drawn[1]), stake_cents=hand.stake_cents, from_split=True,
            split_aces=aces, original=False), "outcome": None}
        hand = replace(hand, cards=(first, e.drawn[0]), from_split=True, split_aces=aces,
                       acted=True)
    elif name == "HandSurrendered":
        if not (hand.original and not hand.acted and len(hand.cards) == 2
                and len(made) == 1):
            raise RuleViolationError(f"a surrender of {where} is not allowed",
                                     rule=bj_rule("15e"))
        entry["outcome"] = bj.settle_surrender(hand)
    entry["hand"] = hand
    if hand.total.bust:
        entry["outcome"] = bj.settle_bust(hand, rules)


def _recorded_settlement(jogada: Jogada) -> dict[str, int]:
    """The wallets' nets as the recorded result says them: each hand settled (won and prize
    less lost), each insurance settled; or, for a void, the refunds less the recorded stakes."""
    facts, net = jogada.facts, dict[str, int]()

    def add(player_id: str, cents: int) -> None:
        code = wallet_code(player_id)
        net[code] = net.get(code, 0) + cents

    if jogada.status == VOIDED:
        refunds = facts["JogadaVoided"].refunds if "JogadaVoided" in facts else {}
        staked: dict[str, int] = {seat: bet.amount_cents for seat, bet in facts["bets"].items()}
        for name, e in facts["play"]:
            if name == "BetDoubled":
                staked[e.seat] = staked.get(e.seat, 0) + e.added_cents
            elif name == "HandSplit":
                staked[e.seat] = staked.get(e.seat, 0) + e.stake_cents
        for seat, (name, e) in facts["offers"].items():
            if name == "InsuranceTaken":
                staked[seat] = staked.get(seat, 0) + e.amount_cents
        for seat, bet in facts["bets"].items():
            add(bet.player_id, refunds.get(seat, 0) - staked[seat])
        return net
    for e in facts["hands_settled"]:
        add(e.player_id, e.won_cents + e.prize_cents - e.lost_cents)
    for e in facts["insurance_settled"]:
        add(e.player_id, e.won_cents - e.lost_cents)
    return net


__all__ = ["GAME", "adjudicate", "rules_of"]
