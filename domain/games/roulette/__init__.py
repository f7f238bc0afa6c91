"""French roulette online (Reg. 807/2015) as one package behind the ``Game`` seam: game.py."""
