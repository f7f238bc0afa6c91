"""The modules that moved (issue 24): their old names, registered so stored topics still resolve.

Stored events name their class by an explicit topic ("ledger.Account.Credited", domain/kernel/
aggregate.py), but an aggregate's ``Created`` event and its snapshots name the aggregate's class
by module path ("domain.games.semdescarte.table:SemDescarteTable"). Records written before the move
name the old modules; the library resolves an old name registered for the new module
(``eventsourcing.utils.register_topic``: a package registered resolves its submodules too; a
class that left a module that is still there is registered by its old topic, ``module:Class``).
903-B 6.3.7: records stay readable for as long as they are kept. Never remove a line.
"""

from __future__ import annotations

import pkgutil
from importlib import import_module

from eventsourcing.utils import register_topic

import domain

# old module or package -> where it is now
MOVED: dict[str, str] = {
    "domain.base": "domain.kernel.aggregate",
    "domain.command": "domain.kernel.command",
    "domain.errors": "domain.kernel.errors",
    "domain.actors": "domain.kernel.actors",
    "domain.text": "domain.kernel.text",
    "domain.uow": "domain.kernel.uow",
    "domain.rules": "domain.kernel.rules",
    "domain.certification": "domain.kernel.certification",
    "domain.game": "domain.kernel.game",
    "domain.listing": "domain.kernel.listing",
    "domain.significant": "domain.kernel.significant",
    "domain.viewer": "domain.kernel.viewer",
    "domain.replay_support": "domain.kernel.replay_support",
    "domain.adjudication": "domain.kernel.adjudication",
    "domain.rng": "domain.kernel.rng",
    "domain.jogada_rng": "domain.kernel.jogada_rng",
    "domain.cards_codes": "domain.cards.codes",
    "domain.poker_hands": "domain.cards.poker_hands",
    "domain.accounts": "domain.ledger.accounts",
    "domain.wallets": "domain.ledger.wallets",
    "domain.corrections": "domain.ledger.corrections",
    "domain.receipts": "domain.ledger.receipts",
    "domain.sessions": "domain.sessions.session",
    "domain.session_commands": "domain.sessions.commands",
    "domain.inactivity": "domain.sessions.inactivity",
    "domain.principals": "domain.access.principals",
    "domain.registration": "domain.access.registration",
    "domain.bootstrap_key": "domain.access.bootstrap_key",
    "domain.audit_log": "domain.audit.log",
    "domain.audit_record": "domain.audit.record",
    "domain.checkpoint": "domain.audit.checkpoint",
    "domain.merkle": "domain.audit.merkle",
    "domain.significant_core": "domain.audit.core_significant",
    "domain.rulesets": "domain.rulesets.versions",
    "domain.venue_settings": "domain.rulesets.venue_settings",
    "domain.semdescarte": "domain.games.semdescarte",
    "domain.bingo": "domain.games.bingo",
    "domain.community_poker": "domain.games.community_poker",
    # Issue 24 item 3 (every game one shape): a class that left a module that stays, named
    # module:Class both ways; each name it was stored under has its line.
    "domain.bingo.room:BingoRoomRegistry": "domain.games.bingo.registry:BingoRoomRegistry",
    "domain.games.bingo.room:BingoRoomRegistry": "domain.games.bingo.registry:BingoRoomRegistry",
}


def register_moved_topics() -> None:
    """Idempotent: registering a name again for the same object is a no-op.

    Every module of domain/ is registered under its own name first: an old name that is now a
    package's name ("domain.sessions", the package of domain/sessions/session.py) would
    otherwise be taken, by the library's prefix search, for the start of a new topic
    ("domain.sessions.session:GameSession" -> "domain.sessions.session.session"). Such an old
    name keeps the package; the classes its old module held are registered one by one
    ("domain.sessions:GameSession")."""
    packages = {module.name for module in pkgutil.walk_packages(domain.__path__, "domain.")
                if module.ispkg}
    for module in pkgutil.walk_packages(domain.__path__, "domain."):
        register_topic(module.name, import_module(module.name))
    for old, new in MOVED.items():
        module_name, _, name = new.partition(":")
        module = import_module(module_name)
        if name:  # a class that moved out of a module that is still there
            register_topic(old, getattr(module, name))
            continue
        if old not in packages:
            register_topic(old, module)
            continue
        for value in list(vars(module).values()):
            if isinstance(value, type) and value.__module__ == module_name:
                register_topic(f"{old}:{value.__qualname__}", value)
