"""Cards shared by the card games: the codes of the API contract and the poker hand evaluator."""
