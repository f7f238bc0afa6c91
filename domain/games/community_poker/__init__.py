"""Community-card poker (issue 17): one engine for Texas hold'em (Reg. 806/2015) and Omaha,
two rule sets.

The games differ only where the digest's §7 says so (four hole cards, exactly 2 of them plus
exactly 3 of the board, all four shown at showdown); everything else (blinds, betting rounds,
all-ins and side pots, commission, showdown, payment, interruptions) is this package's, once.

- ``betting``: one betting round (blinds, actions, limits, who acts next).
- ``pots``: the money of one jogada, pure: uncalled bets returned, the main and side pots,
  the commission per pot layer, the award with split pots to the cent.
"""
