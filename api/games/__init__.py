"""Each game's HTTP surface, one package or module per game (api/routes/__init__.py finds it by the game's name)."""
