"""The poker hand evaluator shared by every card game: póquer sem descarte, hold'em, Omaha.

A hand is five cards (``domain.cards.codes``: ``As``, ``Td``, ``7c``). Its value is a ``key``,
a tuple of ints compared lexicographically: higher is better, equal is a tie.

- Categories, highest first [póquer sem descarte rule 7; hold'em and Omaha rule 29]:
  sequência real de cor, sequência de cor, póquer, fullen, cor, sequência, trio, dois pares,
  um par, cartas maiores. ``CATEGORIES`` lists them lowest first: the index is the strength.
- The ace is high in A-K-Q-J-T and counts as 1 in A-2-3-4-5, straight or straight flush
  [rule 8; hold'em/Omaha rule 31]: 5-4-3-2-A is the lowest straight, top card 5. There is no
  wrap-around: Q-K-A-2-3 is not a straight.
- Tie-breaks [rule 9, rule 13; hold'em/Omaha rule 32] read per A5: all five cards count, in
  order. key = (category, ...): straight (flush) the top card; four of a kind the four, then
  the kicker; full house the three, then the pair; flush and high card all five high to low;
  three of a kind the three, then the two kickers; two pairs the higher pair, the lower pair,
  the kicker; one pair the pair, then the three kickers high to low.
- Rule 9's last tie-break ("três delas da mesma cor", A4) belongs to póquer sem descarte only
  and is applied by that game; ``max_suit_count`` gives it what it needs.
- ``best_of``: hold'em, the best 5 of the 5 to 7 cards, and the board may play (A30).
- ``best_omaha``: exactly 2 of the 4 hole cards and exactly 3 of the board [Omaha rule 26].
- Speed (issue 17): ``best_of`` does not evaluate the 21 fives of seven cards. It sums per-card
  weights into rank and suit counts, looks the rank counts' best key up in a table filled as
  hands are met, and looks for a flush only when a suit holds five cards; then it picks the five
  cards. Its value and cards are those of the best of ``evaluate`` over every five (tests and
  ``bench/evaluator.py``). ``best_omaha`` sums the weights of each two plus three the same way.

Words (``HandValue.words``, Portuguese). A single card is named by its face: ``2`` … ``9``,
``10``, ``valete``, ``dama``, ``rei``, ``ás`` ("sequência até ao 5", "cor, até à dama",
"cartas maiores, ás"). A group of cards uses the plural noun: ``dois``, ``três``, ``quatros``,
``cincos``, ``seis``, ``setes``, ``oitos``, ``noves``, ``dez``, ``valetes``, ``damas``,
``reis``, ``ases`` ("par de ases", "fullen, reis e três", "dois pares, damas e oitos").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from domain.cards.codes import CARDS, RANKS, SUITS, is_card
from domain.games.community_poker.rule_book import HE, OM
from domain.games.semdescarte.rule_book import SD
from domain.kernel.errors import InvalidInputError
from domain.kernel.rules import cite

CATEGORIES: tuple[str, ...] = (
    "high_card", "one_pair", "two_pair", "three_of_a_kind", "straight",
    "flush", "full_house", "four_of_a_kind", "straight_flush", "royal_flush",
)
(HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT,
 FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH, ROYAL_FLUSH) = range(10)

_RANK_VALUE = {rank: value for value, rank in enumerate(RANKS, start=2)}  # '2' -> 2 … 'A' -> 14
_CARD_RANK = {code: _RANK_VALUE[code[0]] for code in CARDS}
_CARD_SUIT = {code: SUITS.index(code[1]) for code in CARDS}
_CARD_SET = frozenset(CARDS)
ACE = 14

# Portuguese names, index = rank value (0 and 1 unused; the wheel's ace is named as an ace).
FACE_NAMES = ("", "", "2", "3", "4", "5", "6", "7", "8", "9", "10",
              "valete", "dama", "rei", "ás")
PLURAL_NAMES = ("", "", "dois", "três", "quatros", "cincos", "seis", "setes", "oitos", "noves",
                "dez", "valetes", "damas", "reis", "ases")

RULE_HAND = cite(SD, 7)
RULE_HOLDEM = cite(HE, 26)
RULE_OMAHA_HOLE = cite(OM, 25)
RULE_OMAHA = cite(OM, 26)


def rank_value(code: str) -> int:
    """The value of a rank character or of a card code: ``'2'`` -> 2 … ``'A'``/``'As'`` -> 14."""
    if isinstance(code, str) and len(code) == 1 and code in _RANK_VALUE:
        return _RANK_VALUE[code]
    if is_card(code):
        return _CARD_RANK[code]
    raise InvalidInputError(f"code: {code!r} is neither a rank in {RANKS} nor a card code",
                            field="code")


def _until(rank: int) -> str:
    """'ao 9', 'ao rei', 'à dama': the article agrees with the card's name."""
    return f"à {FACE_NAMES[rank]}" if rank == 12 else f"ao {FACE_NAMES[rank]}"


@dataclass(frozen=True, order=True, slots=True)
class HandValue:
    """A five-card hand's value. Compared (``<``, ``==``, …) and hashed by ``key`` only."""

    key: tuple[int, ...]
    cards: tuple[str, ...] = field(compare=False)

    @property
    def category(self) -> str:
        return CATEGORIES[self.key[0]]

    @property
    def words(self) -> str:
        """The hand explained in Portuguese (names in the module docstring)."""
        cat, first = self.key[0], self.key[1]
        second = self.key[2] if len(self.key) > 2 else 0
        return {
            ROYAL_FLUSH: "sequência real de cor",
            STRAIGHT_FLUSH: f"sequência de cor até {_until(first)}",
            FOUR_OF_A_KIND: f"póquer de {PLURAL_NAMES[first]}",
            FULL_HOUSE: f"fullen, {PLURAL_NAMES[first]} e {PLURAL_NAMES[second]}",
            FLUSH: f"cor, até {_until(first)}",
            STRAIGHT: f"sequência até {_until(first)}",
            THREE_OF_A_KIND: f"trio de {PLURAL_NAMES[first]}",
            TWO_PAIR: f"dois pares, {PLURAL_NAMES[first]} e {PLURAL_NAMES[second]}",
            ONE_PAIR: f"par de {PLURAL_NAMES[first]}",
            HIGH_CARD: f"cartas maiores, {FACE_NAMES[first]}",
        }[cat]


def _evaluate_ints(ranks: Sequence[int], suits: Sequence[Any]) -> tuple[int, ...]:
    """The key of five pre-validated cards given as rank values (2..14) and suits (any
    comparable tokens). The fast path: no validation, no HandValue (the exhaustive test, best_of
    and best_omaha call it directly)."""
    a, b, c, d, e = sorted(ranks, reverse=True)
    if a != b and b != c and c != d and d != e:  # five different ranks
        flush = suits[0] == suits[1] == suits[2] == suits[3] == suits[4]
        if a - e == 4:
            top = a
        elif a == ACE and b == 5:  # 5-4-3-2-A: the ace counts as 1 (rule 8)
            top = 5
        else:
            return (FLUSH, a, b, c, d, e) if flush else (HIGH_CARD, a, b, c, d, e)
        if flush:
            return (ROYAL_FLUSH, top) if top == ACE else (STRAIGHT_FLUSH, top)
        return (STRAIGHT, top)
    # At least two cards share a rank (a flush is impossible with one deck).
    if a == d:
        return (FOUR_OF_A_KIND, a, e)
    if b == e:
        return (FOUR_OF_A_KIND, b, a)
    if a == c:
        return (FULL_HOUSE, a, d) if d == e else (THREE_OF_A_KIND, a, d, e)
    if c == e:
        return (FULL_HOUSE, c, a) if a == b else (THREE_OF_A_KIND, c, a, b)
    if b == d:
        return (THREE_OF_A_KIND, b, a, e)
    if a == b:
        if c == d:
            return (TWO_PAIR, a, c, e)
        if d == e:
            return (TWO_PAIR, a, d, c)
        return (ONE_PAIR, a, c, d, e)
    if b == c:
        return (TWO_PAIR, b, d, a) if d == e else (ONE_PAIR, b, a, d, e)
    if c == d:
        return (ONE_PAIR, c, a, b, e)
    return (ONE_PAIR, d, a, b, c)


def _groups(key: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The ranks of a hand worth ``key`` and how many cards of each, in explanation order: the
    largest group first (trips before the pair), higher ranks first, the wheel's ace last."""
    cat = key[0]
    if cat in (ROYAL_FLUSH, STRAIGHT_FLUSH, STRAIGHT):
        top = key[1]
        return tuple((rank, 1) for rank in (top, top - 1, top - 2, top - 3,
                                            ACE if top == 5 else top - 4))
    counts = {FOUR_OF_A_KIND: (4, 1), FULL_HOUSE: (3, 2), THREE_OF_A_KIND: (3, 1, 1),
              TWO_PAIR: (2, 2, 1), ONE_PAIR: (2, 1, 1, 1)}.get(cat, (1, 1, 1, 1, 1))
    return tuple(zip(key[1:], counts))


_GROUPS: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}  # by key: at most 7,462


def _hand_value(cards: Sequence[str], key: tuple[int, ...], suit: str = "") -> HandValue:
    """The value ``key`` with five of the valid cards worth it (of ``suit`` only, if given: a
    flush's), in explanation order (``_groups``; one rank's cards by suit, s h d c). Of each
    rank, the first cards in the given order: the five ``combinations`` meets first."""
    groups = _GROUPS.get(key)
    if groups is None:
        groups = _GROUPS[key] = _groups(key)
    if suit:
        cards = [code for code in cards if code[1] == suit]
    ranks = [_CARD_RANK[code] for code in cards]
    five: list[str] = []
    for rank, count in groups:
        if count == 1:
            five.append(cards[ranks.index(rank)])
        else:
            five += sorted([code for code, r in zip(cards, ranks) if r == rank][:count],
                           reverse=True)  # one rank's cards by suit: 's' > 'h' > 'd' > 'c'
    return HandValue(key, tuple(five))


def _check_cards(cards: Any, name: str, low: int, high: int, rule: str) -> list[str]:
    """``low``..``high`` distinct valid card codes, as a list; else InvalidInputError."""
    if type(cards) in (list, tuple) and low <= len(cards) <= high:  # the usual case, quickly
        try:
            if _CARD_SET.issuperset(cards) and len(set(cards)) == len(cards):
                return list(cards)
        except TypeError:  # an unhashable item: the checks below name it
            pass
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
        raise InvalidInputError(f"{name} must be a list of card codes", field=name)
    cards = list(cards)
    for code in cards:
        if not is_card(code):
            raise InvalidInputError(
                f"{name}: {code!r} is not a card code (rank in {RANKS}, then suit in c d h s,"
                " e.g. 'As', 'Td', '7c')", field=name)
    if not low <= len(cards) <= high:
        wanted = str(low) if low == high else f"{low} to {high}"
        raise InvalidInputError(f"{name} must hold {wanted} cards, not {len(cards)}",
                                field=name, rule=rule)
    if len(set(cards)) != len(cards):
        raise InvalidInputError(f"{name} holds the same card twice (one 52-card deck)",
                                field=name)
    return cards


def evaluate(cards: Sequence[str]) -> HandValue:
    """The value of exactly five distinct cards (rules 7, 8, 13, A5)."""
    cards = _check_cards(cards, "cards", 5, 5, RULE_HAND)
    key = _evaluate_ints([_CARD_RANK[c] for c in cards], [c[1] for c in cards])
    return _hand_value(cards, key)


# The fast path of best_of and best_omaha. Each card has a weight: 1 in its rank's 3-bit field
# (bits 0-38, 2 up to A) and 1 in its suit's 4-bit field (bits 40-55). The sum of a hand's
# weights holds how many cards it has of each rank and of each suit (at most 4 of a rank, 7 of a
# suit: no field overflows), so that one addition per card replaces sorting and grouping.
_SUIT_SHIFT = 40
_RANK_FIELDS = (1 << _SUIT_SHIFT) - 1
# Adding 3 to each 4-bit suit field sets its bit 3 where the suit holds 5 cards or more.
_PLUS_THREE, _BIT_THREE = 0x3333, 0x8888
_CARD_WEIGHT = {code: (1 << 3 * (_CARD_RANK[code] - 2)) | (1 << _SUIT_SHIFT + 4 * _CARD_SUIT[code])
                for code in CARDS}
def _straight_top(mask: int) -> int:
    """The top card of the highest straight in a bit mask of ranks (bit r for rank r, bit 1 for
    the ace too: rule 8's 5-4-3-2-A), else 0."""
    runs = mask & mask >> 1 & mask >> 2 & mask >> 3 & mask >> 4
    return runs.bit_length() + 3 if runs else 0


def _ranks_key(fields: int) -> tuple[int, ...]:
    """The best key, flushes aside, of the 5 to 7 cards whose rank counts are ``fields``: the
    same key as the best of ``_evaluate_ints`` over every five of them."""
    groups: list[list[int]] = [[], [], [], [], []]  # ranks held once, twice, 3, 4 times, high first
    mask = 0
    for rank in range(ACE, 1, -1):
        count = fields >> 3 * (rank - 2) & 7
        if count:
            groups[count].append(rank)
            mask |= 1 << rank
    _, singles, pairs, trips, quads = groups
    if quads:
        return (FOUR_OF_A_KIND, quads[0], max(trips + pairs + singles + quads[1:]))
    if trips and (len(trips) > 1 or pairs):
        return (FULL_HOUSE, trips[0], max(trips[1:] + pairs))
    top = _straight_top(mask | (mask >> ACE - 1 & 2))
    if top:
        return (STRAIGHT, top)
    if trips:
        return (THREE_OF_A_KIND, trips[0], *singles[:2])
    if len(pairs) > 1:
        return (TWO_PAIR, pairs[0], pairs[1], max(pairs[2:] + singles))
    if pairs:
        return (ONE_PAIR, pairs[0], *singles[:3])
    return (HIGH_CARD, *singles[:5])


class _RanksKeys(dict):
    """The best key without a flush of each multiset of ranks met so far, by its rank fields
    (``_ranks_key`` on a miss): at most the 73,775 multisets of 5 to 7 ranks, filled as hands are
    met."""

    def __missing__(self, fields: int) -> tuple[int, ...]:
        key = self[fields] = _ranks_key(fields)
        return key


_RANKS_KEY = _RanksKeys()


def _flush_key(cards: Sequence[str], suit_fields: int) -> tuple[tuple[int, ...], str]:
    """The best flush or straight flush of cards of which one suit holds 5 or more, and that
    suit."""
    suit = SUITS[((suit_fields + _PLUS_THREE) & _BIT_THREE).bit_length() // 4 - 1]
    ranks = sorted((_CARD_RANK[c] for c in cards if c[1] == suit), reverse=True)
    mask = 0
    for rank in ranks:
        mask |= 1 << rank
    top = _straight_top(mask | (mask >> ACE - 1 & 2))
    if top == ACE:
        return (ROYAL_FLUSH, ACE), suit
    if top:
        return (STRAIGHT_FLUSH, top), suit
    return (FLUSH, *ranks[:5]), suit


def _best_key(cards: Sequence[str], weights: int) -> tuple[tuple[int, ...], str]:
    """The best key among every five of 5 to 7 valid distinct cards whose weights sum to
    ``weights`` (rules 7, 8, 13, A5), and the suit of its flush ('' if it is none)."""
    key = _RANKS_KEY[weights & _RANK_FIELDS]
    suit_fields = weights >> _SUIT_SHIFT
    if (suit_fields + _PLUS_THREE) & _BIT_THREE:
        flush, suit = _flush_key(cards, suit_fields)
        if flush > key:
            return flush, suit
    return key, ""


def best_of(cards: Sequence[str]) -> HandValue:
    """The best five of 5 to 7 distinct cards; in hold'em the board may play (A30). The same
    value and cards as the best of ``evaluate`` over every five, the first met in
    ``combinations`` order on a tie, without evaluating each five."""
    cards = _check_cards(cards, "cards", 5, 7, RULE_HOLDEM)
    weights = 0
    for code in cards:
        weights += _CARD_WEIGHT[code]
    key, suit = _best_key(cards, weights)
    return _hand_value(cards, key, suit)


def best_omaha(hole: Sequence[str], board: Sequence[str]) -> HandValue:
    """The best hand of exactly 2 of the 4 hole cards and exactly 3 of the 3 to 5 board cards
    (Omaha rules 25, 26): each of the up to 60 fives, its weights summed from the two's and the
    three's; on a tie the first met, two by two of the hole, then three by three of the board."""
    hole = _check_cards(hole, "hole", 4, 4, RULE_OMAHA_HOLE)
    board = _check_cards(board, "board", 3, 5, RULE_OMAHA)
    if set(hole) & set(board):
        raise InvalidInputError("a card is both in the hole and on the board (one 52-card deck)",
                                field="board")
    weight = _CARD_WEIGHT
    threes = [(three, weight[a] + weight[b] + weight[c])
              for three in combinations(board, 3) for a, b, c in (three,)]
    best_key: tuple[int, ...] = ()
    best_cards: tuple[str, ...] = ()
    for two in combinations(hole, 2):
        two_weight = weight[two[0]] + weight[two[1]]
        for three, three_weight in threes:
            weights = two_weight + three_weight  # _best_key, inlined: 60 fives a hand
            key = _RANKS_KEY[weights & _RANK_FIELDS]
            if ((weights >> _SUIT_SHIFT) + _PLUS_THREE) & _BIT_THREE:
                key = max(key, _flush_key(two + three, weights >> _SUIT_SHIFT)[0])
            if key > best_key:
                best_key, best_cards = key, two + three
    return _hand_value(best_cards, best_key)


def compare(a: HandValue, b: HandValue) -> int:
    """1 if ``a`` beats ``b``, 0 on a tie, -1 if ``b`` wins (by key: rules 7, 9, 13, A5)."""
    for name, value in (("a", a), ("b", b)):
        if not isinstance(value, HandValue):
            raise InvalidInputError(f"{name} must be a HandValue", field=name)
    return (a.key > b.key) - (a.key < b.key)


def max_suit_count(cards: Sequence[str]) -> int:
    """How many of the cards share the most common suit: the póquer sem descarte game applies
    rule 9's "três delas da mesma cor" (A4) as ``max_suit_count(hand) >= 3``."""
    cards = _check_cards(cards, "cards", 0, len(CARDS), RULE_HAND)
    return max((sum(1 for c in cards if c[1] == suit) for suit in SUITS), default=0)
