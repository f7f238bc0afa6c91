"""Bingo's routes and request bodies."""
