"""Stand-in offline rules of póquer sem descarte (tests/audit/standins/__init__.py)."""

GAMES = ("semdescarte",)
MARKERS = {"semdescarte": ".SemDescarteTable."}
OPENING = ("JogadaOpened",)
ENDING = ("JogadaSettled", "JogadaVoided")


def check(jogada):
    return []
