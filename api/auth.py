"""Who is calling: ``Authorization: Bearer <api key>`` resolved to a principal with a role.

- The bootstrap key (``LEDGER_BOOTSTRAP_OPERATOR_KEY``) is an operator whose actor id is
  ``BOOTSTRAP_OPERATOR_ID``; it is compared in constant time.
- Any other key is hashed (SHA-256) and looked up in the principals projection. Keys do not
  change until rotated, so answers are kept in an in-memory LRU keyed by the hash, for
  ``ttl_seconds`` (a rotated key stops working within that time). The hit path is a dict lookup:
  it never blocks the event loop. On a miss the lookup runs in the threadpool and first waits for
  the projections to catch up with this process's writes, so a player registered a moment ago
  can use its key at once. Unknown keys are not cached.

The API key never reaches a log line: only its hash is used, and it is never logged either.
"""

from __future__ import annotations

import hmac
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from uuid import UUID

from starlette.concurrency import run_in_threadpool

from api.errors import AuthenticationError
from api.reads import wait_for_projections
from domain.actors import player_actor, staff_actor
from domain.errors import ForbiddenError, InvalidInputError
from infra.container import BOOTSTRAP_OPERATOR_ID, Ledger, hash_api_key


@dataclass(frozen=True)
class Caller:
    """An authenticated principal."""

    id: UUID
    role: str
    display_name: str

    @property
    def actor(self) -> str:
        """903-B 5.2.2(7): the actor string every event this caller causes will carry."""
        return player_actor(self.id) if self.role == "player" else staff_actor(self.id)

    def require_role(self, *roles: str) -> "Caller":
        if self.role not in roles:
            raise ForbiddenError(f"role {self.role} may not do this; it needs {' or '.join(roles)}",
                                 field="Authorization")
        return self

    def require_player_access(self, player_id: UUID) -> "Caller":
        """A player sees and moves only its own account."""
        if self.role == "player" and self.id != player_id:
            raise ForbiddenError("a player may only access its own account", field="player_id")
        return self

    def player_acted_for(self, player_id: UUID | None) -> UUID:
        """The player a command is for: a player acts for itself (``player_id`` may only name
        it); an operator acts on behalf of the player it names."""
        if self.role == "player":
            if player_id is not None:
                self.require_player_access(player_id)
            return self.id
        if player_id is None:
            raise InvalidInputError("an operator acts on behalf of a player: player_id is "
                                    "required", field="player_id")
        return player_id


class PrincipalCache:
    """A small thread-safe LRU of ``sha256 hex -> Caller`` with a time to live."""

    def __init__(self, max_size: int = 10_000, ttl_seconds: float = 300.0) -> None:
        self.max_size = max_size
        self.ttl_seconds = ttl_seconds
        self._items: OrderedDict[str, tuple[float, Caller]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key_hash: str) -> Caller | None:
        with self._lock:
            item = self._items.get(key_hash)
            if item is None:
                return None
            if item[0] < time.monotonic():
                del self._items[key_hash]
                return None
            self._items.move_to_end(key_hash)
            return item[1]

    def put(self, key_hash: str, caller: Caller) -> None:
        with self._lock:
            self._items[key_hash] = (time.monotonic() + self.ttl_seconds, caller)
            self._items.move_to_end(key_hash)
            while len(self._items) > self.max_size:
                self._items.popitem(last=False)


def _lookup(ledger: Ledger, key_hash: str) -> Caller | None:
    from projections import queries

    wait_for_projections(ledger)
    row = queries.principal_by_key_hash(ledger.projections.engine, key_hash)
    if row is None:
        return None
    return Caller(id=UUID(str(row["principal_id"])), role=row["role"],
                  display_name=row["display_name"])


_BOOTSTRAP_CALLER = Caller(id=BOOTSTRAP_OPERATOR_ID, role="operator",
                           display_name="bootstrap operator")


async def authenticate(ledger: Ledger, cache: PrincipalCache, api_key: str | None) -> Caller:
    if not api_key:
        raise AuthenticationError("an API key is required: Authorization: Bearer <api key>",
                                  field="Authorization")
    bootstrap = ledger.settings.bootstrap_operator_key
    if bootstrap and hmac.compare_digest(api_key.encode(), bootstrap.encode()):
        return _BOOTSTRAP_CALLER
    key_hash = hash_api_key(api_key)
    caller = cache.get(key_hash)
    if caller is None:
        caller = await run_in_threadpool(_lookup, ledger, key_hash)
        if caller is None:
            raise AuthenticationError("the API key is not valid", field="Authorization")
        cache.put(key_hash, caller)
    return caller
