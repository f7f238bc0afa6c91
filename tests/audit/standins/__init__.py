"""Stand-ins for the games' offline rules (docs/audit.md "Offline"; infra/audit/checker/games.py)
until each game's own ``domain/games/<package>/offline.py`` lands: the names the completeness
check reads (``GAMES``, ``MARKERS``, ``OPENING``, ``ENDING``) and a ``check`` that re-derives
nothing. tests/audit/bundle_support.py uses one only where its game's own module is missing;
delete this package when all have landed."""
