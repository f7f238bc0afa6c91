"""French roulette's rule catalogue (domain/kernel/rule_titles.py ``RuleBook``): the annex
rules 1–33 of Reg. 807/2015 and the interpretations of rules-digest-2 filed under them (A38–A42 of
the first digest's §9; A56–A60 of §4.2; A61–A70 are the core's, domain/kernel/rule_book_903b.py).
Each title is one line in the project's own words. Pure data; ``GAME.rule_book``.
``rf_rule("30a")`` is how the package cites a rule ("roleta francesa rule 30a").
"""

from __future__ import annotations

from domain.kernel.rule_titles import RuleBook
from domain.kernel.rules import A, Source, citing

RF = Source("rf", "roleta francesa", "roleta francesa, Reg. 807/2015", ("003 RF", "807 RF"))

# How the package cites: rf_rule(14) is "roleta francesa rule 14", a_rule(58) is "A58".
rf_rule = citing(RF)
a_rule = citing(A)

RULES = {
    1: "A banked game: bets against the operator on a number, a set of numbers or a colour",
    2: "Played live on a virtual wheel, ball and rectangular layout",
    3: "Definitions (bet, maximum and minimum per chance, jogada, game session)",
    4: "Wheels are individual or multi-player",
    5: "At a multi-player wheel each bets alone against the house, one shared result",
    6: "The wheel: 37 numbers in the order of the text, red and black, 0 green; the layout",
    7: "The chances: pleno to cavalo de coluna, and the simple chances",
    8: "Call bets: voisins du zéro, tiers du cylindre, orphelins, neighbours, finales",
    9: "Bets are placed on the layout",
    10: "Every combination within a chance may be bet",
    11: "The operator sets each chance's minimum",
    12: "Each chance's maximum is at most its multiple (30 × the numbers covered) × its minimum",
    13: "The operator may drop two-dozen and two-column bets and cap a player's total",
    14: "Winning bets stay the player's and are paid 35, 17, 11, 8, 5, 2, ½ or 1 to 1",
    15: "A call bet's components that hold the winning number win, at rule 14's odds",
    16: "Multi-player wheels: one betting window for everyone, announced and closed",
    17: "Individual wheels: the player launches the ball after betting",
    18: "The winning number is marked on the layout",
    19: "Losing chips are collected, then winners are paid",
    20: "A bet wins if it is or holds the winning number or colour",
    21: "Zero: simple chances lose; only bets holding 0 win",
    22: "A fault that leaves no valid winning number voids the jogada",
    23: "Bets on a void jogada are returned",
    24: "A fault of the network or the player's equipment does not void the jogada",
    25: "Such a jogada stands: a win is paid, a loss collected",
    26: "The player can see the last jogada: its result and amounts bet",
    27: "Rules, bets, wins and losses and how to complain, before, during and after",
    28: "At the end of the session: the amounts bet and the profit or loss",
    29: "The player decides when a session starts and ends",
    30: "The operator may invite an idle player to end the session",
    31: "A player who stays is warned the session will end",
    32: "Demos with the same characteristics as the real game",
    33: "A demo rewards only with free extra play",
}

INTERPRETATIONS = {
    38: "The seed gave no payouts: rule 14 of the full text (807/2015) now does",
    39: "The red numbers: the standard set, the odd positions of the wheel's order",
    40: "Two-dozen and two-column bets on adjacent pairs only",
    41: "Call bets: the neighbours' count and the chips, settled by A59",
    42: "The seed stopped at rule 10: the full text (807/2015) now gives rules 11–33",
    56: "The recent results shown: 10 by default, at least 2",
    57: "One position is one chance; stakes on it add up within a jogada",
    58: "Zero: even chances lose; pleno, cavalos, ruas and quadro with 0 offered and paid",
    59: "Call bets: neighbours 3, 5 or 7 numbers; one pleno per number unless classic chips",
    60: "Individual wheel: bets changed until the launch, refunded if never launched",
}

RULE_BOOK = RuleBook(rules={RF: RULES}, interpretations={RF: INTERPRETATIONS})
