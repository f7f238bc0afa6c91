"""Póquer sem descarte online (Reg. 803/2015) and its optional jackpot side bet (Portaria
461/2001): the pure rules (table configuration, dealing, settlement, jackpot prizes)."""
