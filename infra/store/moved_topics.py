"""The modules that moved (issue 24): their old names, registered so stored topics still resolve.

Stored events name their class by an explicit topic ("ledger.Account.Credited", domain/kernel/
aggregate.py), but an aggregate's ``Created`` event and its snapshots name the aggregate's class
by module path ("domain.games.semdescarte.table:SemDescarteTable"). Records written before the move
name the old modules; the library resolves an old name registered for the new module
(``eventsourcing.utils.register_topic``: a package registered resolves its submodules too).
903-B 6.3.7: records stay readable for as long as they are kept. Never remove a line.
"""

from __future__ import annotations

from importlib import import_module

from eventsourcing.utils import register_topic

# old module or package -> where it is now
MOVED: dict[str, str] = {
    "domain.kernel.aggregate": "domain.kernel.aggregate",
    "domain.kernel.command": "domain.kernel.command",
    "domain.kernel.errors": "domain.kernel.errors",
    "domain.kernel.actors": "domain.kernel.actors",
    "domain.kernel.text": "domain.kernel.text",
    "domain.kernel.uow": "domain.kernel.uow",
    "domain.kernel.rules": "domain.kernel.rules",
    "domain.kernel.certification": "domain.kernel.certification",
    "domain.kernel.game": "domain.kernel.game",
    "domain.kernel.listing": "domain.kernel.listing",
    "domain.kernel.significant": "domain.kernel.significant",
    "domain.kernel.viewer": "domain.kernel.viewer",
    "domain.kernel.replay_support": "domain.kernel.replay_support",
    "domain.kernel.adjudication": "domain.kernel.adjudication",
    "domain.kernel.rng": "domain.kernel.rng",
    "domain.kernel.jogada_rng": "domain.kernel.jogada_rng",
    "domain.cards.codes": "domain.cards.codes",
    "domain.cards.poker_hands": "domain.cards.poker_hands",
    "domain.ledger.accounts": "domain.ledger.accounts",
    "domain.ledger.wallets": "domain.ledger.wallets",
    "domain.ledger.corrections": "domain.ledger.corrections",
    "domain.ledger.receipts": "domain.ledger.receipts",
    "domain.sessions.session": "domain.sessions.session",
    "domain.sessions.commands": "domain.sessions.commands",
    "domain.sessions.inactivity": "domain.sessions.inactivity",
    "domain.access.principals": "domain.access.principals",
    "domain.access.registration": "domain.access.registration",
    "domain.access.bootstrap_key": "domain.access.bootstrap_key",
    "domain.audit.log": "domain.audit.log",
    "domain.audit.record": "domain.audit.record",
    "domain.audit.checkpoint": "domain.audit.checkpoint",
    "domain.audit.merkle": "domain.audit.merkle",
    "domain.audit.core_significant": "domain.audit.core_significant",
    "domain.rulesets.versions": "domain.rulesets.versions",
    "domain.rulesets.venue_settings": "domain.rulesets.venue_settings",
    "domain.games.semdescarte": "domain.games.semdescarte",
    "domain.games.bingo": "domain.games.bingo",
    "domain.games.community_poker": "domain.games.community_poker",
}


def register_moved_topics() -> None:
    """Idempotent: registering a name again for the same module is a no-op."""
    for old, new in MOVED.items():
        register_topic(old, import_module(new))
