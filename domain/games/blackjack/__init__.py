"""Blackjack/21 online (Reg. 805/2015): the pure rules (hands.py), the table and its jogadas,
behind the ``Game`` seam (game.py)."""
