"""Stand-in offline rules of Texas hold'em and Omaha (tests/audit/standins/__init__.py)."""

GAMES = ("holdem", "omaha")
MARKERS = {"holdem": ".HoldemTable.", "omaha": ".OmahaTable."}
OPENING = ("JogadaOpened",)
ENDING = ("JogadaSettled", "JogadaVoided")


def check(jogada):
    return []
