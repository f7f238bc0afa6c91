"""French roulette's routes and request bodies."""
