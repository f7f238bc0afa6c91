"""The dice game's rule catalogue (domain/kernel/rule_titles.py ``RuleBook``): its rules 1–6 (config.py
states them), each with a one-line title. Pure data; ``GAME.rule_book``."""

from __future__ import annotations

from domain.kernel.rule_titles import RuleBook
from domain.kernel.rules import Source

DICE = Source("dice", "dice", "dice (a game defined only under tests/)")

RULES = {
    1: "A table has 1 to 6 seats; a player with an open session sits in a free one",
    2: "A seated player bets the table's stake on one face, once a jogada",
    3: "The first bet opens the betting window; no bet after it closed",
    4: "The clock rolls the die from the seed drawn outside the command",
    5: "A right call is paid 6 times its stake; a wrong one loses it",
    6: "A fault of the system voids the jogada: every stake back",
}

RULE_BOOK = RuleBook(rules={DICE: RULES})
