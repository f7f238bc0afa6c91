"""Blackjack's routes and request bodies."""
