"""Stand-in offline rules of bingo (tests/audit/standins/__init__.py)."""

GAMES = ("bingo",)
MARKERS = {"bingo": ".BingoRoom."}
OPENING = ("JogadaOpened",)
ENDING = ("JogadaSettled", "JogadaVoided", "JogadaCancelled")


def check(jogada):
    return []
