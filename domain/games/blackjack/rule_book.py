"""Blackjack's rule catalogue (domain/kernel/rule_titles.py ``RuleBook``): the annex rules 1–38
of Reg. 805/2015 and the interpretations of rules-digest-2 filed under them (A35–A37 of §9 of
the first digest, A46–A55 of §4.2; A61–A70 are the core's, domain/kernel/rule_book_903b.py;
A56 is filed under roulette). Each title is one line in the project's own words. Pure data;
``GAME.rule_book``. ``bj_rule("15b")`` is how the package cites a rule ("blackjack rule 15b").
"""

from __future__ import annotations

from domain.kernel.rule_titles import RuleBook
from domain.kernel.rules import A, Source, citing

BJ = Source("bj", "blackjack", "blackjack, Reg. 805/2015", ("003 BJ", "805 BJ"))


# How the package cites: bj_rule("15c") is "blackjack rule 15c", a_rule(47) is "A47".
bj_rule = citing(BJ)
a_rule = citing(A)


RULES = {
    1: "A banked card game: blackjack, 21, or the total closest to 21 without going over",
    2: "Definitions (bet, limits, banca, split, jogada, game session)",
    3: "Played live in a virtual copy of a real table",
    4: "The table: 1 to 7 seats and an insurance area, 4, 6 or 8 decks, the banca's results",
    5: "Tables are individual or multi-player",
    6: "At a multi-player table each bets alone against the house, one shared result",
    7: "Play on more than one seat only where the specific rules allow it",
    8: "Card values: faces 10, ace 1 or 11 (the banca's soft 17 stands; a doubled ace fixed)",
    9: "Each bet lies between the table's minimum and maximum",
    10: "The operator sets the minimum and maximum bet",
    11: "The maximum is at most 100 times the minimum",
    12: "Multi-player tables: one betting window for everyone, announced and closed",
    13: "Individual tables: the player starts the deal after betting",
    14: "The deal: a card up to each player and the banca, a second to each, the hole card down",
    15: "The decisions: hit, double on 9–11, stand over 11, surrender, insurance",
    16: "The operator may set: double on any total, true pairs, a split cap, no insurance or prize",
    17: "The banca reveals its hole card and draws to at least 17",
    18: "A blackjack beats any 21",
    19: "No blackjack with extra cards or after a split",
    20: "Exceptions: a natural paid at once, even money against an ace, all out ends the jogada",
    21: "Splitting two cards of the same value; split aces take one card each",
    22: "Resplitting a further card of the same value",
    23: "Doubling after a split on 9, 10 or 11",
    24: "Every open decision is shown and can be chosen",
    25: "Settlement: 3:2, bust, closer to 21, banca bust, insurance 2:1, push, special prize",
    26: "Winning bets stay with the player",
    27: "A fault that leaves the outcome undeterminable voids the jogada",
    28: "Bets on a void jogada are returned",
    29: "A fault of the network or the player's equipment does not void the jogada",
    30: "Such a jogada stands: a win is paid, a loss collected",
    31: "The player can see the last jogada: its result and amounts",
    32: "Rules, limits, wins and losses and how to complain, before, during and after",
    33: "At the end of the session: the amounts bet and the profit or loss",
    34: "The player decides when a session starts and ends",
    35: "The operator may invite an idle player to end the session",
    36: "A player who stays is warned the session will end",
    37: "Demos with the same characteristics as the real game",
    38: "A demo rewards only with free extra play",
}

INTERPRETATIONS = {
    35: "The seed's blackjack was partial; the full text (805/2015) now settles it",
    36: "Insurance paid \"no dobro\": 2 to 1",
    37: "The 6-7-8 special prize is paid on top of the result against the banca",
    46: "Soft hands: the best total; an ace doubled on as 1 stays 1",
    47: "No peek: a banca blackjack takes doubles and splits; the hole card drawn at the deal",
    48: "Surrender: only as the first decision on the two-card hand, never against an ace",
    49: "Limits on each seat's initial bet; an option the balance cannot cover shown unavailable",
    50: "Splits capped per seat (4 hands by default); split aces one card each, no double",
    51: "Insurance for hands without blackjack, even money for a blackjack, at the deal only",
    52: "Special prize: first three cards of an unsplit hand, 3 × its stake, on top of the result",
    53: "Half cents rounded for the player; the insurance cap is half the bet, rounded down",
    54: "A freshly shuffled shoe per jogada",
    55: "The disconnected player: the hand waits (individual) or the default play (multi-player)",
}

RULE_BOOK = RuleBook(rules={BJ: RULES}, interpretations={BJ: INTERPRETATIONS})
