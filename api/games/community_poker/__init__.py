"""The routes and bodies shared by Texas hold'em and Omaha (api/games/holdem.py, omaha.py)."""
