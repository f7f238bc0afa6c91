"""Settlement of one player's hand against the bank, póquer sem descarte online (Reg. 803/2015;
rules-digest §2, A1–A5, A8).

- The player folds or continues (rule 20). A fold loses the ante (rule 22; a player silent
  after the extra time is treated as folding, rule 32). Continuing adds the second bet, exactly
  2 × the ante (rules 2f, 23), always affordable because 3 × ante is held at the ante (A8).
- The bank plays only with ace + king or better (rules 7k, 25): a pair or better qualifies; a
  high-card hand qualifies when it holds both an ace and a king.
- Bank does not qualify: the player wins an amount equal to the ante (rule 26), and the second
  bet, never contested, is returned untouched (A3).
- Bank qualifies, hands compared (rules 10, 11, 27; ranking rules 7, 8; tie-breaks 9, 13 read
  per A5, all five cards in order; identical high cards per A4, "três delas da mesma cor" read
  as suit: the hand with ≥ 3 cards of one suit wins, both or neither is a push):
  - player higher: ante paid 1 to 1 (rule 28b), second bet paid per rule 12 (rule 28a), "N
    vezes" read as N to 1 with the stake returned; one pair and high card pay 1 × the second
    bet (A2);
  - bank higher: both bets lost (rule 29);
  - tie: a push, both bets returned and nothing won (A1; Portaria 461/2001 r6).

Money is integer cents; every amount here is a whole multiple of the ante, so nothing rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from domain.cards.codes import is_card
from domain.cards.poker_hands import HandValue, compare, evaluate, max_suit_count
from domain.games.semdescarte.config import BET_FACTOR, sd_rule
from domain.kernel.errors import InvalidInputError
from domain.ledger.accounts import check_amount

# Rule 12: multipliers on the second bet, "N to 1" (A2).
PAYTABLE: dict[str, int] = {
    "royal_flush": 100,
    "straight_flush": 50,
    "four_of_a_kind": 20,
    "full_house": 7,
    "flush": 5,
    "straight": 4,
    "three_of_a_kind": 3,
    "two_pair": 2,
    "one_pair": 1,
    "high_card": 1,
}

FOLDED = "folded"
BANK_NOT_QUALIFIED = "bank_not_qualified"
PLAYER_WON = "player_won"
BANK_WON = "bank_won"
PUSH = "push"
RESULTS = (FOLDED, BANK_NOT_QUALIFIED, PLAYER_WON, BANK_WON, PUSH)

SUIT_TIE_BREAK = 3  # rule 9: "três delas da mesma cor" (A4: cor = suit)


def bank_qualifies(bank: HandValue) -> bool:
    """Rules 7k, 25: ace and king, or any higher combination (a pair or better)."""
    if not isinstance(bank, HandValue):
        raise InvalidInputError("bank must be a HandValue", field="bank")
    if bank.category != "high_card":
        return True
    ranks = {card[0] for card in bank.cards}
    return "A" in ranks and "K" in ranks


def _check_hand(cards: Any, field: str) -> tuple[str, ...]:
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
        raise InvalidInputError(f"{field} must be a list of 5 card codes", field=field)
    cards = tuple(cards)
    if len(cards) != 5 or not all(is_card(c) for c in cards) or len(set(cards)) != 5:
        raise InvalidInputError(f"{field} must be 5 distinct card codes", field=field,
                                rule=sd_rule(19))
    return cards


def _check_hands(player_cards: Any, bank_cards: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
    player = _check_hand(player_cards, "player_cards")
    bank = _check_hand(bank_cards, "bank_cards")
    if set(player) & set(bank):
        raise InvalidInputError("a card is in both the player's and the bank's hand (one"
                                " 52-card deck)", field="bank_cards", rule=sd_rule("6b"))
    return player, bank


def _compare(player: HandValue, bank: HandValue) -> tuple[int, bool]:
    """(+1 / -1 / 0, whether rule 9's suit tie-break (A4) was applied)."""
    result = compare(player, bank)
    if result != 0 or player.category != "high_card":
        return result, False
    # Identical high cards, card for card (A4): ≥ 3 cards of one suit wins; both or neither: 0.
    player_suited = max_suit_count(player.cards) >= SUIT_TIE_BREAK
    bank_suited = max_suit_count(bank.cards) >= SUIT_TIE_BREAK
    return int(player_suited) - int(bank_suited), True


def compare_with_bank(player_cards: Sequence[str], bank_cards: Sequence[str]) -> int:
    """+1 if the player's hand is higher, -1 if the bank's is, 0 for a push (rules 7–9, 13;
    A4, A5, A1)."""
    player, bank = _check_hands(player_cards, bank_cards)
    return _compare(evaluate(player), evaluate(bank))[0]


@dataclass(frozen=True)
class Outcome:
    result: str  # one of RESULTS
    ante_cents: int
    bet_cents: int  # the second bet; 0 if folded
    returned_cents: int  # stake given back to the player untouched
    lost_cents: int  # stake the house takes
    won_cents: int  # winnings paid by the house on top of the returned stakes ("N to 1", A2)
    multiplier: int | None  # rule 12 multiplier applied to the second bet, if any
    rule: str
    player_hand: str | None  # the Portuguese words
    bank_hand: str | None

    @property
    def staked_cents(self) -> int:
        return self.ante_cents + self.bet_cents

    @property
    def paid_out_cents(self) -> int:
        """What the player receives at the end of the jogada: stakes returned plus winnings."""
        return self.returned_cents + self.won_cents

    def to_dict(self) -> dict[str, Any]:
        return {"result": self.result, "ante_cents": self.ante_cents,
                "bet_cents": self.bet_cents, "returned_cents": self.returned_cents,
                "lost_cents": self.lost_cents, "won_cents": self.won_cents,
                "multiplier": self.multiplier, "rule": self.rule,
                "player_hand": self.player_hand, "bank_hand": self.bank_hand}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Outcome":
        return cls(**{key: d[key] for key in (
            "result", "ante_cents", "bet_cents", "returned_cents", "lost_cents", "won_cents",
            "multiplier", "rule", "player_hand", "bank_hand")})


def settle(*, ante_cents: int, continued: bool, player_cards: Sequence[str],
           bank_cards: Sequence[str]) -> Outcome:
    """The outcome of one seat. ``continued`` is the player's decision (rule 20); a player who
    did not decide in time has folded (rule 32)."""
    ante = check_amount(ante_cents, "ante_cents")
    if not isinstance(continued, bool):
        raise InvalidInputError("continued must be true or false", field="continued",
                                rule=sd_rule(20))
    player_cards, bank_cards = _check_hands(player_cards, bank_cards)
    player = evaluate(player_cards)

    if not continued:  # rule 22: the ante is lost; the bank's hidden cards are not compared
        return Outcome(result=FOLDED, ante_cents=ante, bet_cents=0, returned_cents=0,
                       lost_cents=ante, won_cents=0, multiplier=None, rule=sd_rule(22),
                       player_hand=player.words, bank_hand=None)

    bet = BET_FACTOR * ante  # rules 2f, 23
    bank = evaluate(bank_cards)
    stakes = ante + bet

    if not bank_qualifies(bank):  # rule 26, A3
        return Outcome(result=BANK_NOT_QUALIFIED, ante_cents=ante, bet_cents=bet,
                       returned_cents=stakes, lost_cents=0, won_cents=ante, multiplier=None,
                       rule=sd_rule("26 (A3)"), player_hand=player.words, bank_hand=bank.words)

    result, by_suit = _compare(player, bank)
    if result > 0:  # rule 28: ante 1 to 1, second bet per rule 12 (A2)
        multiplier = PAYTABLE[player.category]
        return Outcome(result=PLAYER_WON, ante_cents=ante, bet_cents=bet, returned_cents=stakes,
                       lost_cents=0, won_cents=ante + multiplier * bet, multiplier=multiplier,
                       rule=sd_rule("28 (A4, A2)" if by_suit else "28 (A2)"),
                       player_hand=player.words, bank_hand=bank.words)
    if result < 0:  # rule 29
        return Outcome(result=BANK_WON, ante_cents=ante, bet_cents=bet, returned_cents=0,
                       lost_cents=stakes, won_cents=0, multiplier=None,
                       rule=sd_rule("29 (A4)" if by_suit else "29"),
                       player_hand=player.words, bank_hand=bank.words)
    return Outcome(result=PUSH, ante_cents=ante, bet_cents=bet, returned_cents=stakes,
                   lost_cents=0, won_cents=0, multiplier=None,
                   rule=sd_rule("9 (A4, A1)" if by_suit else "13 (A1)"),
                   player_hand=player.words, bank_hand=bank.words)
