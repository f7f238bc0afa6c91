"""The coin toss's rule catalogue (domain/kernel/rule_titles.py ``RuleBook``): its rules, as
game.py's docstring states them, each with a one-line title. Pure data; ``GAME.rule_book``."""

from __future__ import annotations

from domain.kernel.rule_titles import RuleBook
from domain.kernel.rules import Source

COIN = Source("coin", "coin toss", "coin toss (a game defined only under tests/)")

RULES = {
    1: "A player with an open session bets the stake on heads or tails, once a jogada",
    2: "The first bet opens the jogada; the clock or an operator tosses after it",
    3: "A right call is paid 1:1; a wrong one loses the stake to the house",
}

RULE_BOOK = RuleBook(rules={COIN: RULES})
