"""Blackjack's arithmetic (Reg. 805/2015; rules-digest-2 §1, A46–A53, A55): card values,
totals, the banca's play, the deal order, and what a hand may do. Pure functions on card codes
(domain/cards/codes.py: ``As``, ``Td``, ``7c``); no state, no money movement.

- Values (r8): K, Q, J and T count 10, number cards their face value, an ace 1 or 11.
- A player's total is the *best* total, the highest one ≤ 21 (A46): A+5 is 16 and may stand.
  An ace doubled on as 1 (A+8 or A+9 doubled on 9 or 10, r8a-ii) stays 1: ``ace_fixed``; the
  card the double draws is a new card (an ace drawn then may count 11: A+8 doubled + A is 20).
- The banca (r8a-i, r17): an ace counts 11 whenever that makes 17–21, so it stands on soft 17
  and draws on 16 or less.
- A blackjack (r18, r19) is an ace and a ten-value card as the first two cards of a hand that
  was not split.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from domain.games.blackjack.rule_book import a_rule, bj_rule

TEN_RANKS = "TJQK"
BANCA_STANDS = 17  # r17a
MUST_HIT_UP_TO = 11  # r15a: hit is mandatory at 11 or less (to stay in); stand only over 11 (r15c)
DOUBLE_TOTALS = (9, 10, 11)  # r15b, r23
PRIZE_MULTIPLE = 3  # r25i: three times the bet


def value(card: str) -> int:
    """r8: an ace counts 1 here (``Total`` decides when it counts 11)."""
    rank = card[0]
    if rank == "A":
        return 1
    if rank in TEN_RANKS:
        return 10
    return int(rank)


@dataclass(frozen=True)
class Total:
    hard: int  # every ace as 1
    best: int  # the highest total ≤ 21 (an ace as 11 where it fits), else ``hard``
    soft: bool  # an ace counts 11 in ``best``

    @property
    def bust(self) -> bool:
        return self.hard > 21

    def words(self) -> str:
        return f"soft {self.best}" if self.soft else str(self.best)


def total(cards: Sequence[str], *, ace_fixed: bool = False) -> Total:
    """A46: the best total; ``ace_fixed`` (r8a-ii): an ace among the first two cards counts 1
    (the hand doubled counting it as 1); an ace drawn later is a new card and may count 11."""
    hard = sum(value(c) for c in cards)
    free = cards[2:] if ace_fixed else cards
    if any(c[0] == "A" for c in free) and hard + 10 <= 21:
        return Total(hard=hard, best=hard + 10, soft=True)
    return Total(hard=hard, best=hard, soft=False)


def is_blackjack(cards: Sequence[str], *, from_split: bool = False) -> bool:
    """r18, r19: an ace and a ten-value card as the first two cards, not after a split."""
    return (not from_split and len(cards) == 2
            and {value(cards[0]), value(cards[1])} == {1, 10})


def banca_total(cards: Sequence[str]) -> Total:
    """r8a-i: the ace counts 11 whenever that makes 17–21 (so the banca's best total)."""
    return total(cards)


def banca_draws(cards: Sequence[str]) -> bool:
    """r17: the banca draws while its total (r8a-i) is 16 or less; it stands on soft 17."""
    return banca_total(cards).best < BANCA_STANDS


def banca_play(hole_and_up: Sequence[str], shoe: Sequence[str]) -> list[str]:
    """The cards the banca draws from ``shoe`` (in order) after its up card and hole card
    (r17): until its total is 17 or more."""
    cards, drawn = list(hole_and_up), []
    for card in shoe:
        if not banca_draws(cards):
            break
        cards.append(card)
        drawn.append(card)
    return drawn


# The deal (r14) --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Deal:
    hands: tuple[tuple[str, str], ...]  # per seat hand, in seat order: (first, second)
    up_card: str  # the banca's first card, face up (r14a)
    hole_card: str  # the banca's second card, face down (r14b), drawn now (903-B 6.7.5, A47)
    used: int  # cards taken from the top of the shoe: 2n + 2


def deal(shoe: Sequence[str], n_hands: int) -> Deal:
    """r14, in the order the cards leave the shoe (top, index 0, first), n hands in seat
    order: indices 0…n−1 the players' first cards, n the banca's up card, n+1…2n the players'
    second cards, 2n+1 the hole card. Later cards are drawn in play order (``draw_order``)."""
    n = n_hands
    hands = tuple((shoe[i], shoe[n + 1 + i]) for i in range(n))
    return Deal(hands=hands, up_card=shoe[n], hole_card=shoe[2 * n + 1], used=2 * n + 2)


DRAW_ORDER = (
    "After the deal (r14) the cards leave the shoe in the order play asks for them: seat by "
    "seat in seat order, each seat's hands in the order they were made; a hit or a double takes "
    "the next card; a split gives the next card to the hand that keeps the first card and the "
    "one after to the new hand, at once; then the banca draws (r17).")


# Decisions (r15, r16, r20–r24; A46–A51) -------------------------------------------------------
HIT, STAND, DOUBLE, SPLIT, SURRENDER = "hit", "stand", "double", "split", "surrender"
INSURANCE, NO_INSURANCE = "insurance", "no_insurance"
EVEN_MONEY, NO_EVEN_MONEY = "even_money", "no_even_money"
PLAY_DECISIONS = (HIT, STAND, DOUBLE, SPLIT, SURRENDER)
OFFER_DECISIONS = (INSURANCE, NO_INSURANCE, EVEN_MONEY, NO_EVEN_MONEY)
DECISIONS = PLAY_DECISIONS + OFFER_DECISIONS

DECISION_RULES = {
    HIT: bj_rule("15a", "15d"), STAND: bj_rule("15c"), DOUBLE: bj_rule("15b", "16a", 23),
    SPLIT: bj_rule(21, 22, "16b", "16c"), SURRENDER: bj_rule("15e") + ", " + a_rule(48),
    INSURANCE: bj_rule("15f", "16d") + ", " + a_rule(51), NO_INSURANCE: a_rule(51),
    EVEN_MONEY: bj_rule("20b") + ", " + a_rule(51), NO_EVEN_MONEY: a_rule(51),
}


@dataclass(frozen=True)
class Rules:
    """The table's options (r16; A50): what the operator switched."""
    double_any_total: bool = False  # r16a
    true_pairs_only: bool = False  # r16b
    max_hands: int = 4  # r16c, A50: hands per seat after splits
    insurance: bool = True  # r16d
    special_prize: bool = True  # r16e


@dataclass(frozen=True)
class HandState:
    """One hand at a seat, as play sees it."""
    cards: tuple[str, ...]
    stake_cents: int  # its bet now (doubled included)
    from_split: bool = False  # made by a split, or the first hand of a seat that split
    split_aces: bool = False  # a hand of split aces: one card only (r21), no double (A50)
    doubled: bool = False
    ace_fixed: bool = False  # r8a-ii
    acted: bool = False  # the hand took a play decision (hit, double, split)
    original: bool = True  # the seat's first hand, as dealt (not from a split)

    @property
    def total(self) -> Total:
        return total(self.cards, ace_fixed=self.ace_fixed)


def can_double_on(cards: Sequence[str], rules: Rules) -> bool:
    """r15b, r23: a two-card total of 9, 10 or 11 (either count of an ace, A46); any total
    with r16a."""
    if len(cards) != 2:
        return False
    if rules.double_any_total:
        return True
    t = total(cards)
    return t.hard in DOUBLE_TOTALS or t.best in DOUBLE_TOTALS


def ace_fixed_by_double(cards: Sequence[str], rules: Rules) -> bool:
    """r8a-ii, A46: doubling on a hard 9–11 that holds an ace (A+8, A+9) counts it as 1 for
    the rest of the jogada. With r16a the double needs no count, and the ace stays free."""
    t = total(cards)
    return (not rules.double_any_total and any(c[0] == "A" for c in cards)
            and t.hard in DOUBLE_TOTALS)


def same_value(cards: Sequence[str], rules: Rules) -> bool:
    """r21 (same value, K+T qualify), r16b (true pairs only: the same rank)."""
    if len(cards) != 2:
        return False
    if rules.true_pairs_only:
        return cards[0][0] == cards[1][0]
    return value(cards[0]) == value(cards[1])


@dataclass(frozen=True)
class Option:
    decision: str
    cost_cents: int  # what it takes from the wallet (0: nothing)
    available: bool = True
    reason: str | None = None  # why it is unavailable (r24, A49)
    rule: str | None = None


def play_options(hand: HandState, *, up_card: str, hands_at_seat: int, rules: Rules,
                 seat_decided: bool, available_cents: int) -> list[Option]:
    """r15, r21–r24, A46–A50: the play decisions open to ``hand`` now, each with its cost;
    one the balance cannot cover is listed unavailable with the reason (r24, A49).
    ``seat_decided``: the seat took a decision already (surrender is the first one only)."""
    t = hand.total
    if t.best >= 21 or hand.doubled:
        return []  # r15d: no card at 21 or over; r15b: a doubled hand took its one card
    if hand.split_aces:
        # r21: a split ace takes one card only, so no hit and no double; r22, A50: an ace dealt
        # to it may be split again while the seat is under ``max_hands``, else it stands
        if len(hand.cards) != 2 or not same_value(hand.cards, rules) \
                or hands_at_seat >= rules.max_hands:
            return []
        return [Option(STAND, 0, rule=DECISION_RULES[STAND]),
                _costed(SPLIT, hand.stake_cents, available_cents)]
    out = [Option(HIT, 0, rule=DECISION_RULES[HIT])]
    if t.best > MUST_HIT_UP_TO:
        out.append(Option(STAND, 0, rule=DECISION_RULES[STAND]))
    if len(hand.cards) == 2 and can_double_on(hand.cards, rules):
        out.append(_costed(DOUBLE, hand.stake_cents, available_cents))
    if same_value(hand.cards, rules) and hands_at_seat < rules.max_hands:
        out.append(_costed(SPLIT, hand.stake_cents, available_cents))
    if (hand.original and not hand.acted and not seat_decided and len(hand.cards) == 2
            and up_card[0] != "A"):
        out.append(Option(SURRENDER, 0, rule=DECISION_RULES[SURRENDER]))
    return out


def _costed(decision: str, cost: int, available_cents: int) -> Option:
    if cost > available_cents:
        return Option(decision, cost, available=False, rule=DECISION_RULES[decision],
                      reason=f"the balance ({available_cents} cents) does not cover"
                             f" {cost} cents (903-B 5.2.2(3))")
    return Option(decision, cost, rule=DECISION_RULES[decision])


def insurance_cap(initial_bet_cents: int) -> int:
    """r15f, A53: at most half the initial bet, rounded down."""
    return initial_bet_cents // 2


def offer_options(hand: HandState, *, up_card: str, rules: Rules,
                  available_cents: int) -> list[Option]:
    """A51, r15f, r20b: at the initial deal, against an up ace: insurance (1 cent up to half
    the bet) for a hand without blackjack, even money for a blackjack; each with its refusal."""
    if up_card[0] != "A":
        return []
    if is_blackjack(hand.cards):
        return [Option(EVEN_MONEY, 0, rule=DECISION_RULES[EVEN_MONEY]),
                Option(NO_EVEN_MONEY, 0, rule=DECISION_RULES[NO_EVEN_MONEY])]
    if not rules.insurance or insurance_cap(hand.stake_cents) < 1:
        return []
    cap = insurance_cap(hand.stake_cents)
    insure = Option(INSURANCE, cap, rule=DECISION_RULES[INSURANCE])
    if available_cents < 1:
        insure = Option(INSURANCE, cap, available=False, rule=DECISION_RULES[INSURANCE],
                        reason="the balance is empty (903-B 5.2.2(3))")
    return [insure, Option(NO_INSURANCE, 0, rule=DECISION_RULES[NO_INSURANCE])]


def default_play(hand: HandState) -> str:
    """A55: when the decision time runs out at a multi-player table (or an individual hand
    reaches 90 days): hit while the best total is 11 or less (r15a), then stand; never
    double, split, surrender, insurance or even money."""
    return HIT if hand.total.best <= MUST_HIT_UP_TO else STAND


# Settlement (r20, r25, A47, A52, A53) -----------------------------------------------------------
BLACKJACK, WON, PUSH, LOST, BUST, SURRENDERED = (
    "blackjack", "won", "push", "lost", "bust", "surrendered")
EVEN_MONEY_PAID = "even_money"
RESULTS = (BLACKJACK, WON, PUSH, LOST, BUST, SURRENDERED, EVEN_MONEY_PAID)


@dataclass(frozen=True)
class Outcome:
    """One hand's settlement, in cents: ``returned`` of the stake goes back to the wallet,
    ``lost`` goes to the house, ``won`` (the house pays it) and ``prize`` (r25i) on top.
    ``returned + lost == stake``."""
    result: str
    stake_cents: int
    returned_cents: int
    lost_cents: int
    won_cents: int
    prize_cents: int
    rule: str

    @property
    def paid_out_cents(self) -> int:
        """What the wallet receives: the stake returned, the win, the prize."""
        return self.returned_cents + self.won_cents + self.prize_cents

    def to_dict(self) -> dict[str, int | str]:
        return {"result": self.result, "stake_cents": self.stake_cents,
                "returned_cents": self.returned_cents, "lost_cents": self.lost_cents,
                "won_cents": self.won_cents, "prize_cents": self.prize_cents,
                "rule": self.rule}


def half_up(cents: int) -> int:
    """A53: a half cent is rounded in the player's favour."""
    return (cents + 1) // 2


def special_prize(hand: HandState, rules: Rules) -> int:
    """r25i, A52: 6-7-8 of one suit or three 7s as the first three cards of an unsplit hand:
    3 × the hand's stake (doubled included), whatever the comparison."""
    if not rules.special_prize or hand.from_split or len(hand.cards) < 3:
        return 0
    first = hand.cards[:3]
    ranks = sorted(c[0] for c in first)
    if ranks == ["7", "7", "7"] or (ranks == ["6", "7", "8"] and len({c[1] for c in first}) == 1):
        return PRIZE_MULTIPLE * hand.stake_cents
    return 0


def settle_bust(hand: HandState, rules: Rules) -> Outcome:
    """r25b: over 21 loses at once (the prize never: such a hand is 21)."""
    return Outcome(BUST, hand.stake_cents, 0, hand.stake_cents, 0, 0, bj_rule("25b"))


def settle_surrender(hand: HandState) -> Outcome:
    """r15e, A48, A53: half the bet lost; the larger half of an odd stake returned."""
    back = half_up(hand.stake_cents)
    return Outcome(SURRENDERED, hand.stake_cents, back, hand.stake_cents - back, 0, 0,
                   bj_rule("15e") + ", " + a_rule(53))


def settle_natural_at_once(hand: HandState) -> Outcome:
    """r20a, r25a: a blackjack against an up card of 2–9 is paid 3:2 at once (A53: up)."""
    return Outcome(BLACKJACK, hand.stake_cents, hand.stake_cents, 0,
                   half_up(3 * hand.stake_cents), 0, bj_rule("20a", "25a") + ", " + a_rule(53))


def settle_even_money(hand: HandState) -> Outcome:
    """r20b, A51: a win equal to the bet, at once; the hand is closed."""
    return Outcome(EVEN_MONEY_PAID, hand.stake_cents, hand.stake_cents, 0, hand.stake_cents, 0,
                   bj_rule("20b"))


def settle_against(hand: HandState, banca: Sequence[str], rules: Rules) -> Outcome:
    """r25a, r25c–e, r25h, r25i, r18, r19, A47, A52, A53: a hand still in against the banca's
    final cards."""
    if hand.total.bust:  # r25b: over 21 loses, even against a banca that busts later
        return settle_bust(hand, rules)
    stake = hand.stake_cents
    prize = special_prize(hand, rules)
    player_bj = is_blackjack(hand.cards, from_split=hand.from_split)
    banca_bj = is_blackjack(banca)
    if player_bj and banca_bj:
        return Outcome(PUSH, stake, stake, 0, 0, prize, bj_rule("25a", "25h"))
    if player_bj:
        return Outcome(BLACKJACK, stake, stake, 0, half_up(3 * stake), prize,
                       bj_rule("25a") + ", " + a_rule(53))
    if banca_bj:  # r18, A47: every other hand loses in full, doubled and split stakes too
        return Outcome(LOST, stake, 0, stake, 0, prize, bj_rule(18, "25e") + ", " + a_rule(47))
    mine, theirs = hand.total.best, banca_total(banca)
    if theirs.bust:
        return Outcome(WON, stake, stake, 0, stake, prize, bj_rule("25d"))
    if mine > theirs.best:
        return Outcome(WON, stake, stake, 0, stake, prize, bj_rule("25c"))
    if mine == theirs.best:
        return Outcome(PUSH, stake, stake, 0, 0, prize, bj_rule("25h"))
    return Outcome(LOST, stake, 0, stake, 0, prize, bj_rule("25e"))


def settle_insurance(stake_cents: int, banca: Sequence[str]) -> Outcome:
    """r25f, r25g: insurance pays 2:1 when the banca has blackjack, and is lost otherwise."""
    if is_blackjack(banca):
        return Outcome(WON, stake_cents, stake_cents, 0, 2 * stake_cents, 0, bj_rule("25f"))
    return Outcome(LOST, stake_cents, 0, stake_cents, 0, 0, bj_rule("25g"))


def largest_win_multiple(rules: Rules) -> float:
    """903-B 6.1.6(9), A50: the most one unit of initial bet can win in a jogada (the stakes
    returned not counted). An unsplit hand with the special prize (r25i): 1:1 plus 3 × the
    stake, or with r16a doubled first (6-7 or 7-7 doubled) 2 + 6; without the prize a hand
    doubled on 9–11 and won: 2. Split: ``max_hands`` hands each doubled and won, 2 each (no
    prize after a split, A52). A natural pays 1.5. Insurance adds nothing: it wins only when
    the banca has blackjack, when every other hand loses."""
    if rules.special_prize:
        unsplit = 2 + 2 * PRIZE_MULTIPLE if rules.double_any_total else 1 + PRIZE_MULTIPLE
    else:
        unsplit = 2
    return float(max(unsplit, 2 * rules.max_hands, 1.5))
