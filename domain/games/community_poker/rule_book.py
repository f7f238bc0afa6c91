"""The rule catalogues of hold'em (Reg. 806/2015) and Omaha (``RuleBook``, domain/kernel/rule_titles.py):
their rules 1–75, numbered alike (rules-digest §7: Omaha differs in rules 1, 2, 25, 26, 49,
50 and 59), and the interpretations of rules-digest §9 filed under them (A24–A34). Each title
is one line in the project's own words. Pure data; ``GAME.rule_book`` of holdem.py and omaha.py.
"""

from __future__ import annotations

from domain.kernel.rule_titles import RuleBook
from domain.kernel.rules import Source

HE = Source("he", "hold'em", "hold'em, Reg. 806/2015", ("003 HE",))
OM = Source("om", "Omaha", "Omaha", ("004 OM",))

HOLDEM = {
    1: "Players play each other: the best five of two hole cards and five on the board",
    2: "Definitions (button, blinds, cave, pot, all-in, modes, session)",
    3: "Played live in a virtual copy of a real table",
    4: "The table: 2 to 10 seats, one 52-card deck, a button, chips in euros",
    5: "How many seats a table has",
    6: "Tables run continuously or in announced sessions",
    7: "No table opens or runs with fewer than two players",
    8: "A player sits down with the table's initial cave",
    9: "One seat per player",
    10: "A player may leave at any time with the whole cave",
    11: "What a seated player may not do: remove chips, collude, use bots",
    12: "A player who lost the cave may buy in again",
    13: "Caves, rebuys and bets are shown in euros",
    14: "The operator sets the initial cave, the rebuys and the minimum bet",
    15: "A cave below the minimum bet must be topped up to play on",
    16: "Playing is subject to a commission",
    17: "The commission: a 1–5 % pot rake or a 5–20 % buy-in fee",
    18: "No rake when the jogada ends before voluntary betting on the flop",
    19: "A split pot is raked on each payment",
    20: "Some bets are forced, others voluntary",
    21: "The small and big blinds are forced",
    22: "The big blind equals the minimum bet; the operator sets the small blind",
    23: "Every bet but the small blind is at least the minimum",
    24: "The maximum bet: limit, pot limit or no limit",
    25: "Each player is dealt two hole cards face down",
    26: "A hand is any five of the player's two cards and the board",
    27: "The best hand wins the pot",
    28: "A pot may not be split by agreement or given up",
    29: "The ranking of hands, royal flush down to high card",
    30: "Cards rank ace down to two whatever the suit",
    31: "The ace is high, or counts as one in A-2-3-4-5",
    32: "Tie-breaks between hands of the same kind",
    33: "Hands still tied split the pot equally",
    34: "On a turn a player folds, checks, calls or raises",
    35: "Folding gives up the bets made and any claim on the pot",
    36: "The last player left takes the pot without showing",
    37: "Players may raise freely within the limits",
    38: "The operator may cap the raises per betting round",
    39: "A player who cannot match a bet may go all in",
    40: "Each round ends with equal stakes from all but the all-in players",
    41: "An all-in creates a side pot",
    42: "One side pot per distinct all-in amount",
    43: "The operator sets the time to decide",
    44: "The operator may allow extra time",
    45: "Out of time: check if possible, otherwise fold",
    46: "The button's seat is drawn when the table opens or play resumes",
    47: "A marker shows the button's seat",
    48: "The two seats left of the button post the blinds before the deal",
    49: "The first card to each player, starting with the small blind",
    50: "The second card dealt the same way",
    51: "The first betting round starts left of the big blind",
    52: "To stay in the first round a player puts in at least the big blind",
    53: "After the first round the flop is dealt",
    54: "The second round starts left of the button",
    55: "The turn card is dealt",
    56: "The third round starts left of the button",
    57: "The river card is dealt",
    58: "The fourth round starts left of the button",
    59: "The showdown: who shows first, every hand turned up",
    60: "The hands shown are evaluated",
    61: "The winning hand is marked clearly",
    62: "A tied pot is split down to the smallest divisible amount",
    63: "With all-ins each pot layer goes to the best hand that paid into it",
    64: "After payment the button moves one seat and a new jogada starts",
    65: "The last jogada the player took part in can be viewed",
    66: "Rules, stakes, wins and complaint channels always available",
    67: "End-of-session statement: amounts bet and the profit or loss",
    68: "The operator's rules may allow a rest that keeps the seat",
    69: "The player decides when a session starts, how long it lasts, when it ends",
    70: "When the operator may invite a player to end the session",
    71: "A player who stays is warned the session will end",
    72: "A system fault that stops the jogada voids it and returns the bets",
    73: "A fault on the player's side does not void the jogada",
    74: "Demo games may be offered, the same as the real game",
    75: "A demo rewards only free extra play, never money",
}

OMAHA = HOLDEM | {
    1: "Players play each other: exactly two of four hole cards and three of the board",
    2: "Definitions (button, blinds, cave, pot, all-in, modes)",
    25: "Each player is dealt four hole cards face down",
    26: "A hand uses exactly two hole cards and exactly three board cards",
    49: "Hole cards dealt one at a time from the small blind, four passes",
    50: "Each further pass dealt the same way",
    59: "The showdown: who shows first, all four hole cards turned up",
}

INTERPRETATIONS = {
    24: "Rake: none before the flop, each pot layer raked and rounded down",
    25: "The one-hour 'Sessão' is only a time unit of session tables",
    26: "A system fault returns each player's own contributions, blinds included",
    27: "Minimum raise, short all-ins and the limits",
    28: "A fixed buy-in; the fee deducted from it and shown",
    29: "Heads-up blinds and order as written; every live hand is shown",
    30: "Hold'em: best five of seven, the board may play",
    31: "Leftover cents of a split go one at a time from the button",
    32: "Omaha: four hole cards dealt face down",
    33: "Bots and listed programs banned, other aids only if allowed",
    34: "A posted blind counts as a bet for inactivity, a fold does not",
}

HOLDEM_BOOK = RuleBook(rules={HE: HOLDEM}, interpretations={HE: INTERPRETATIONS})
OMAHA_BOOK = RuleBook(rules={OM: OMAHA}, interpretations={OM: INTERPRETATIONS})
