"""Bingo online (Reg. 425-A/2015): the pure rules, starting with the cards of each variant."""
