"""Versioned rule sets per venue and what a venue's settings may hold."""
