"""Dealing of póquer sem descarte online (Reg. 803/2015 rule 19; rules-digest §2, A9).

Rule 19, in the order the cards leave the shoe:
a) the first card drawn is burned to the discard corner; it is logged whichever way it faces
   (A9: whether to display it is [CFG]);
b) in seat order, clockwise, one card face down to each player and then one to the bank;
   four more times, until everyone has five cards;
c) the bank's last card is placed face up next to its other four.

Forced-deck formula (digest §2), n players: index 0 is burned; in round k = 0..4 the players
get indices 1+k(n+1) … k(n+1)+n in seat order and the bank gets index (k+1)(n+1); index 5(n+1)
is the bank's face-up card. One 52-card deck is used (rule 6b), so no card appears twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from domain.cards.codes import DECK_SIZE, is_card
from domain.games.semdescarte.config import MAX_SEATS, sd_rule
from domain.kernel.errors import InvalidInputError

CARDS_PER_HAND = 5  # rule 19b
RULE = sd_rule(19)


def _check_players(n_players: Any) -> int:
    if isinstance(n_players, bool) or not isinstance(n_players, int) \
            or not 1 <= n_players <= MAX_SEATS:
        raise InvalidInputError(f"n_players must be a whole number from 1 to {MAX_SEATS}",
                                field="n_players", rule=sd_rule("6a"))
    return n_players


def cards_needed(n_players: int) -> int:
    """Cards drawn for a jogada with ``n_players``: 1 burned + 5 × (players + bank)."""
    return 1 + CARDS_PER_HAND * (_check_players(n_players) + 1)


@dataclass(frozen=True)
class Deal:
    burned: str  # rule 19a (A9: logged)
    hands: tuple[tuple[str, ...], ...]  # per player, in seat order (the order given), deal order
    bank: tuple[str, ...]  # the bank's 5 cards in deal order; bank[4] is face up (rule 19c)

    @property
    def bank_open_card(self) -> str:
        """Rule 19c: the bank's last card is dealt face up."""
        return self.bank[-1]

    @property
    def bank_hidden_cards(self) -> tuple[str, ...]:
        """The bank's four face-down cards, shown only after the decisions (rule 24)."""
        return self.bank[:-1]


def deal(shoe: Sequence[str], n_players: int) -> Deal:
    """Deals from the top of ``shoe`` (index 0 first) to ``n_players`` players in seat order and
    to the bank, per rule 19. Cards beyond ``cards_needed(n_players)`` stay in the shoe."""
    n = _check_players(n_players)
    if isinstance(shoe, (str, bytes)) or not isinstance(shoe, Sequence):
        raise InvalidInputError("shoe must be a list of card codes", field="shoe", rule=RULE)
    needed = cards_needed(n)
    if not needed <= len(shoe) <= DECK_SIZE:
        raise InvalidInputError(
            f"the shoe must hold {needed} to {DECK_SIZE} cards for {n} player(s), not"
            f" {len(shoe)}", field="shoe", rule=RULE)
    for code in shoe:
        if not is_card(code):
            raise InvalidInputError(f"shoe: {code!r} is not a card code", field="shoe")
    if len(set(shoe)) != len(shoe):
        raise InvalidInputError("the shoe holds the same card twice (one 52-card deck)",
                                field="shoe", rule=sd_rule("6b"))

    stride = n + 1  # one card to each player, then one to the bank, per round
    hands = tuple(
        tuple(shoe[1 + k * stride + seat] for k in range(CARDS_PER_HAND)) for seat in range(n))
    bank = tuple(shoe[(k + 1) * stride] for k in range(CARDS_PER_HAND))
    return Deal(burned=shoe[0], hands=hands, bank=bank)
