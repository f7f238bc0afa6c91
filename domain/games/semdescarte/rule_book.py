"""Póquer sem descarte's rule catalogue (domain/kernel/rule_titles.py ``RuleBook``): the annex rules
1–44 of Reg. 803/2015, the jackpot side bet's rules 1–11 of Portaria 461/2001, and the
interpretations of rules-digest §9 filed under them (A1–A12). Each title is one line in the
project's own words. Pure data; ``GAME.rule_book``.
"""

from __future__ import annotations

from domain.kernel.rule_titles import RuleBook
from domain.kernel.rules import Source

SD = Source("sd", "póquer sem descarte", "póquer sem descarte, Reg. 803/2015", ("000 SD",))
PT = Source("pt", "Portaria 461/2001", "jackpot side bet, Portaria 461/2001", ("002 PT",))


RULES = {
    1: "A banked card game: beat the banca with a better five-card hand",
    2: "Definitions (ante, limits, banca, jogada, second bet, game session)",
    3: "Played live in a virtual copy of a real table",
    4: "Tables are individual or multi-player",
    5: "At a multi-player table each bets alone against the house, one shared result",
    6: "The table: up to seven seats with ante and bet boxes, one 52-card deck",
    7: "The ranking of hands, royal flush down to high card",
    8: "The ace is high, or counts as one in A-2-3-4-5",
    9: "High-card hands compared card by card",
    10: "Bets decided by comparing the player's hand with the banca's",
    11: "A higher hand wins the bet, a lower one loses it",
    12: "The paytable of a winning second bet",
    13: "Tie-breaks between hands of the same kind",
    14: "Multi-player tables: one betting window for everyone, clearly signalled",
    15: "Individual tables: the player starts the deal after the ante",
    16: "The ante must lie between the table's minimum and maximum",
    17: "The operator sets the minimum ante in euros",
    18: "The maximum is at most 25 times the minimum",
    19: "The deal: a burned card, five rounds, the banca's last card face up",
    20: "After seeing the cards the player folds or continues",
    21: "The operator sets the time to decide",
    22: "Folding loses the ante",
    23: "Continuing bets twice the ante",
    24: "The banca's hidden cards are then shown",
    25: "The banca plays only with ace-king or better",
    26: "A banca that does not play pays the ante even money",
    27: "A playing banca: the players' hands are shown and compared",
    28: "A winning hand: the ante paid even money, the second bet by the paytable",
    29: "A losing hand loses both bets",
    30: "Every option open to the player is shown during the jogada",
    31: "No decision in time: a warning and extra time",
    32: "Still no decision: treated as a fold",
    33: "A system fault that stops the jogada voids it and returns the bets",
    34: "A fault on the player's side does not void the jogada",
    35: "Player-side fault before the second bet: a fold, the ante lost",
    36: "Player-side fault after the second bet: the bets stand and are settled",
    37: "The last jogada's result and stakes can be viewed",
    38: "Rules, stakes, wins and complaint channels shown before, during and after play",
    39: "End-of-session statement: amounts bet and the profit or loss",
    40: "The player decides when a session starts, how long it lasts, when it ends",
    41: "When the operator may invite an idle player to end the session",
    42: "A player who stays is warned the session will end",
    43: "Demo games may be offered, the same as the real game",
    44: "A demo rewards only free extra play, never money",
}

JACKPOT = {
    1: "The game uses one 52-card deck",
    2: "The table: a box for the ante and one for the second bet",
    3: "An optional third box for the jackpot bet, its share set by the regulator",
    4: "The jackpot stake is collected before any card is dealt",
    5: "At most seven players, one box each",
    6: "The hand ranking and paytable; a tie keeps the bet without a prize",
    7: "Tie-breaks between hands of the same kind",
    8: "The jackpot stake and the house's share set by the regulator",
    9: "The jackpot prizes, paid whether or not the banca plays",
    10: "The jackpot starts at no less than 10 000 times the stake",
    11: "A jackpot winner's cards (the text breaks off here)",
}

INTERPRETATIONS = {
    1: "A tie between player and banca is a push",
    2: "Payouts of 'N times' are N to 1; the lowest lines pay on the second bet",
    3: "A banca that does not play returns the second bet untouched",
    4: "Three cards 'of the same colour' means three of one suit",
    5: "Tie-breaks compare all five cards",
    6: "Rule 36 applies only to faults on the player's side",
    7: "The maximum applies to the ante: at most 25 times the minimum",
    8: "An ante needs a balance of three antes, held until the decision",
    9: "The burned card is logged; showing it is a setting",
    10: "When a system fault voids the jogada and when it is completed",
}
JACKPOT_INTERPRETATIONS = {
    11: "The jackpot is offered online only under approved specific rules",
    12: "The truncated rule 11 and the jackpot's silent points",
}

RULE_BOOK = RuleBook(
    rules={SD: RULES, PT: JACKPOT},
    interpretations={SD: INTERPRETATIONS, PT: JACKPOT_INTERPRETATIONS},
)
