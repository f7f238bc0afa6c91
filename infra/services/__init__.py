"""Services the API and the CLI call on the composition root: sessions, rule sets, jogada views, adjudication, health, the games' clocks."""
