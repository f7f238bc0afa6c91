"""Póquer sem descarte's routes and request bodies."""
