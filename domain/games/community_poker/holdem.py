"""Texas hold'em online (Reg. 806/2015): the community-card engine with hold'em's rule set
(two hole cards, the best five of seven, the board may play: rule 26, A30)."""

from domain.games.community_poker.config import HOLDEM
from domain.games.community_poker.game import make_game

GAME = make_game(HOLDEM, "domain.games.community_poker")
