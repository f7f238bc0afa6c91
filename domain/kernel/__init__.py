"""The game kernel: what every aggregate, command and game shares, and the seam (game.py) every game plugs into."""
