"""Who is calling: ``Authorization: Bearer <api key>`` resolved to a principal with a role.

- The bootstrap key (``LEDGER_BOOTSTRAP_OPERATOR_KEY``) is an operator whose actor id is
  ``BOOTSTRAP_OPERATOR_ID``; it is compared in constant time.
  Once disabled (``POST /bootstrap-key/disable``, domain/access/bootstrap_key.py) it is refused.
- Any other key is hashed (SHA-256) and looked up in the principals projection (active keys
  only: a revoked key is not found). Answers are kept in an in-memory LRU keyed by the hash,
  for ``ttl_seconds``; a rotation or revocation of the key, or a change of the principal's role,
  drops the principal's entries at once when it came through this process, and within the
  projection's lag plus ``KeyWatch.interval`` when it came from another process (KeyWatch), so
  the next request is authorised by the new key and role. The hit path is a dict lookup: it
  never blocks the event loop. On a miss the lookup runs in the threadpool and first waits for
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

import structlog
from starlette.concurrency import run_in_threadpool

from api.errors import AuthenticationError
from api.ledger_access import wait_for_projections
from domain.kernel.actors import player_actor, staff_actor
from domain.kernel.errors import ForbiddenError, InvalidInputError
from domain.kernel.rules import T903B, cite
from infra.container import BOOTSTRAP_OPERATOR_ID, Ledger, hash_api_key
from projections import queries
from projections.principals import key_changes_since, last_key_change

log = structlog.get_logger("ledger.api")


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

    def player_or_none(self) -> str | None:
        """The caller's id if it is a player (what a game's view shows it), else None."""
        return str(self.id) if self.role == "player" else None

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
    """A small thread-safe LRU of ``sha256 hex -> Caller`` with a time to live, that forgets a
    principal's entries as soon as its key changes (``invalidate``), and knows whether the
    bootstrap key was disabled."""

    def __init__(self, max_size: int = 10_000, ttl_seconds: float = 300.0) -> None:
        self.max_size = max_size
        self.ttl_seconds = ttl_seconds
        self._items: OrderedDict[str, tuple[float, Caller]] = OrderedDict()
        self._digests: dict[UUID, set[str]] = {}  # principal id -> its cached digests
        self._lock = threading.Lock()
        # Bumped by every invalidation: a lookup that began before one does not cache its
        # answer (it may have read the key as it was before the change).
        self.epoch = 0
        # Set once the bootstrap key is disabled (never cleared: disabling is for good).
        self.bootstrap_disabled = False

    def get(self, key_hash: str) -> Caller | None:
        with self._lock:
            item = self._items.get(key_hash)
            if item is None:
                return None
            if item[0] < time.monotonic():
                self._drop(key_hash)
                return None
            self._items.move_to_end(key_hash)
            return item[1]

    def put(self, key_hash: str, caller: Caller, epoch: int | None = None) -> None:
        with self._lock:
            if epoch is not None and epoch != self.epoch:
                return
            self._items[key_hash] = (time.monotonic() + self.ttl_seconds, caller)
            self._items.move_to_end(key_hash)
            self._digests.setdefault(caller.id, set()).add(key_hash)
            while len(self._items) > self.max_size:
                self._drop(next(iter(self._items)))

    def _drop(self, key_hash: str) -> None:
        _, caller = self._items.pop(key_hash)
        digests = self._digests.get(caller.id)
        if digests is not None:
            digests.discard(key_hash)
            if not digests:
                del self._digests[caller.id]

    def invalidate(self, principal_ids) -> None:
        """Forget every cached key of these principals (their key was rotated or revoked, or
        their role changed)."""
        with self._lock:
            self.epoch += 1
            for principal_id in principal_ids:
                for key_hash in self._digests.pop(principal_id, ()):
                    self._items.pop(key_hash, None)


class KeyWatch:
    """Keeps a PrincipalCache true to the record, whichever process changed a key.

    A key or role changed through this process's API is dropped from the cache by the route
    itself, at once. A change made elsewhere (``ledger staff rotate-key`` or ``set-role`` from a
    console, another server on the same database) is seen here: every ``interval`` seconds one
    indexed query asks the principals projection for keys or roles changed after the last
    position seen (``key_changed_position``) and those principals are dropped. Such a change therefore takes
    effect within the projection's lag plus ``interval`` (under a second), without a database
    read on any request's path. The bootstrap key's state is re-read from the event store the
    same way until it is disabled."""

    def __init__(self, ledger: Ledger, cache: PrincipalCache, interval: float = 0.5) -> None:
        self.ledger = ledger
        self.cache = cache
        self.interval = interval
        self.position = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Read the starting point (before any request is served), then watch."""
        self.position = last_key_change(self.ledger.projections.engine)
        self._check_bootstrap()
        if self.interval > 0:
            self._thread = threading.Thread(target=self._run, name="ledger-key-watch",
                                            daemon=True)
            self._thread.start()

    def _check_bootstrap(self) -> None:
        if (not self.cache.bootstrap_disabled and self.ledger.settings.bootstrap_operator_key
                and self.ledger.bootstrap_key_disabled()):
            self.cache.bootstrap_disabled = True

    def poll(self) -> None:
        changed, position = key_changes_since(self.ledger.projections.engine, self.position)
        if changed:
            self.cache.invalidate(changed)
        self.position = position
        self._check_bootstrap()

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                self.poll()
            except Exception:  # the database is away: keep trying; /health reports it
                log.warning("key_watch_poll_failed", exc_info=True)

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None


def _lookup(ledger: Ledger, key_hash: str) -> Caller | None:
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
        if cache.bootstrap_disabled:
            raise AuthenticationError("the bootstrap operator key was disabled: use a registered "
                                      "operator's key", field="Authorization",
                                      rule=cite(T903B, "7.4.5(1)"))
        return _BOOTSTRAP_CALLER
    key_hash = hash_api_key(api_key)
    caller = cache.get(key_hash)
    if caller is None:
        epoch = cache.epoch
        caller = await run_in_threadpool(_lookup, ledger, key_hash)
        if caller is None:
            raise AuthenticationError("the API key is not valid", field="Authorization")
        cache.put(key_hash, caller, epoch)
    return caller
