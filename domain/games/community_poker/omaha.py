"""Omaha online: the community-card engine with Omaha's rule set (four hole cards, exactly
two of them and three of the board: Omaha rules 25, 26; all four shown, rule 59)."""

from domain.games.community_poker.config import OMAHA
from domain.games.community_poker.game import make_game

GAME = make_game(OMAHA, "domain.games.community_poker")
