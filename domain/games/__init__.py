"""The games, one package each, every one plugged into domain/kernel/game.py through its GAME."""
