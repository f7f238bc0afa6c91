"""Certification mode at a póquer sem descarte table (api-contract: certification mode): a
laboratory forces the deck of a jogada in time for whoever deals it, the table's clock at the
end of a multi-seat betting period included (rule 14).

The deck goes with the ante that opens the jogada ("the command that starts a card-game
jogada accepts forced_deck"), or an operator sets it during the betting period
(POST /semdescarte/tables/{id}/forced-deck). Either way it is recorded (``DeckForced``) and
the deal uses it unless the deal names a deck of its own. Since antes may still come during the
betting period, the deck must serve every seat of the table: 1 + 5 × (seats + 1) cards, dealt
per rule 19 to the seats that bet. Pure guards: nothing is recorded here.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from domain.games.semdescarte import dealing
from domain.games.semdescarte.config import sd_rule
from domain.games.semdescarte.table import BETTING, SemDescarteTable
from domain.kernel import certification
from domain.kernel.errors import ConflictError, RuleViolationError


def _checked(table: SemDescarteTable, forced_deck: Any, certification_mode: bool) -> list[str]:
    return certification.check_forced_deck(
        forced_deck, certification_mode=certification_mode,
        min_cards=dealing.cards_needed(table.config.seats))


def check_with_ante(table: SemDescarteTable, forced_deck: Any, *,
                    certification_mode: bool) -> list[str]:
    """The ante that opens the jogada may carry the deck; a later ante may not (it would
    replace a deck other players bet under): an operator sets it then."""
    deck = _checked(table, forced_deck, certification_mode)
    if table.jogada is not None:
        raise ConflictError("forced_deck goes with the ante that opens the jogada; during its"
                            " betting period an operator sets it with POST"
                            f" /semdescarte/tables/{table.id}/forced-deck", field="forced_deck",
                            rule=certification.CONTRACT_RULE)
    return deck


def check_in_betting_period(table: SemDescarteTable, forced_deck: Any, *,
                            certification_mode: bool, at: datetime) -> list[str]:
    """An operator's deck for the open jogada, during its betting period (rule 14)."""
    deck = _checked(table, forced_deck, certification_mode)
    jogada = table.open_jogada()
    closes = jogada["betting_closes_at"]
    if jogada["status"] != BETTING or (closes is not None and at > closes):
        raise RuleViolationError("a forced deck is set during the betting period, before the"
                                 " deal", field="forced_deck", rule=sd_rule(14),
                                 code="betting_closed")
    return deck
