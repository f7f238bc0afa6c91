"""Typed settings from ``LEDGER_*`` environment variables (and a ``.env`` file), per the contract."""

from __future__ import annotations

import os
from dataclasses import dataclass
from urllib.parse import parse_qs, unquote, urlparse

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict
from sqlalchemy.engine import URL


class Settings(BaseSettings):
    # extra="allow": a game's own settings (``<game>_tick_interval``) are not fields here.
    model_config = SettingsConfigDict(env_prefix="LEDGER_", env_file=".env", extra="allow")

    database_url: str = "sqlite:///ledger.db"
    bootstrap_operator_key: str | None = None
    certification_mode: str = "0"
    log_level: str = "INFO"
    log_json: bool = True
    # Largest number of commands the writer puts in one transaction (group commit).
    writer_max_batch: int = 256
    # Aggregates the writer keeps in memory (LRU).
    writer_cache_size: int = 100_000
    # How often the projection runner polls for events written by other processes (seconds).
    projection_poll_interval: float = 0.5
    # True: a separate process applies the projections (``ledger serve`` sets it).
    projection_worker: bool = False
    # The Unix socket of the writer process (``ledger serve`` sets it); unset: a writer thread.
    writer_socket: str | None = None
    # Scheduling priority the projection worker gives up to the writer and HTTP (os.nice).
    projection_worker_nice: int = 10
    # Tune the garbage collector after start-up (``ledger serve`` sets it; infra/runtime/gc_tuning.py).
    tune_gc: bool = False
    # How often time-based inactivity is checked (seconds); 0 turns the sweeper off.
    inactivity_sweep_interval: float = 5.0
    # More games than the built-in ones (infra/games.py): modules holding a ``GAME``, comma
    # separated ("tests.cointoss.game").
    games: str = ""
    # GET /metrics without an API key (a Prometheus on a private network); else an operator
    # or auditor key is needed (api/routes/metrics.py).
    metrics_public: bool = False
    # How often the HTTP process looks for API keys changed by other processes (the CLI,
    # another server), seconds (api/auth.py KeyWatch); 0 turns the watch off.
    key_watch_interval: float = 0.5
    # Limits against hostile clients, in ``ledger serve``'s HTTP protocol (api/http_limits.py):
    # the largest request body (413 beyond, read no further), the largest request line and
    # headers (431), and the time a request has to arrive whole, from its first byte (408).
    max_body_bytes: int = Field(1024 * 1024, gt=0)
    max_header_bytes: int = Field(64 * 1024, gt=0)
    request_read_timeout: float = Field(20.0, gt=0)
    # The tamper-evident record (infra/audit/): the Ed25519 key that signs the checkpoints (a
    # PEM file; ``ledger audit keygen`` writes one). Unset: on SQLite, a key beside the
    # database file, made on first use; on PostgreSQL, none (no checkpoints until one is set).
    audit_key_file: str | None = None
    # Seconds between checkpoints while the log grows; 0: only on demand (``ledger audit seal``).
    audit_checkpoint_interval: float = Field(10.0, ge=0)
    # False: this installation does not seal (the benchmarks' baseline; not for production).
    audit_seal: bool = True
    # The name the checkpoints carry (an auditor checking several ledgers tells them apart).
    audit_origin: str = "game-ledger"
    # Who runs this installation, as the regulator licensed it: printed on the first page of
    # every complaint evidence pack (infra/complaints/evidence.py records them in the pack's
    # spec when it is made, so a later change does not alter an older pack). Unset: "—".
    operator_name: str | None = None
    operator_licence: str | None = None
    postgres_pool_size: int = 10
    postgres_max_overflow: int = 20

    @field_validator("database_url")
    @classmethod
    def _known_scheme(cls, value: str) -> str:
        parse_database_url(value)
        return value

    @property
    def certification(self) -> bool:
        return self.certification_mode == "1"

    def tick_interval(self, game: str, default: float) -> float:
        """How often a game's clock runs, seconds; 0 = off: ``LEDGER_<GAME>_TICK_INTERVAL``
        (``<GAME>``: the game's name in capitals), or ``Settings(<game>_tick_interval=...)``, or the
        game's own default (domain/kernel/game.py GameClock)."""
        key = f"{game}_tick_interval"
        value = (self.model_extra or {}).get(key)
        if value is None:
            value = os.environ.get(f"LEDGER_{key.upper()}")
        try:
            return default if value is None else float(value)
        except ValueError:
            raise ValueError(f"LEDGER_{key.upper()} must be a number of seconds") from None


def audit_key_path(settings: Settings, target: "DatabaseTarget") -> str | None:
    """The checkpoints' signing key file: configured, or beside an SQLite database."""
    if settings.audit_key_file:
        return settings.audit_key_file
    if target.path is not None:
        return f"{target.path}.audit-key.pem"
    return None


@dataclass(frozen=True)
class DatabaseTarget:
    backend: str  # "sqlite" | "postgresql"
    path: str | None = None
    host: str = "127.0.0.1"
    port: int = 5432
    user: str = "postgres"
    password: str = ""
    dbname: str = "ledger"
    schema: str | None = None

    @property
    def projections_path(self) -> str | None:
        """SQLite: projections live beside the events, in their own file (no writer contention)."""
        if self.path is None:
            return None
        root, dot, ext = self.path.rpartition(".")
        return f"{root}.projections.{ext}" if dot and "/" not in ext else f"{self.path}.projections"

    def sqlalchemy_url(self) -> str:
        if self.backend == "sqlite":
            return f"sqlite:///{self.projections_path}"
        # Built by SQLAlchemy, which escapes what a URL cannot hold as is: a password with
        # '@', ':' or '/' (read unquoted from LEDGER_DATABASE_URL) reaches the server intact.
        return URL.create("postgresql+psycopg", username=self.user,
                          password=self.password or None, host=self.host, port=self.port,
                          database=self.dbname).render_as_string(hide_password=False)

    def eventsourcing_env(self) -> dict[str, str]:
        if self.backend == "sqlite":
            return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(self.path),
                    "SQLITE_LOCK_TIMEOUT": "10"}
        env = {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": self.dbname,
            "POSTGRES_HOST": self.host,
            "POSTGRES_PORT": str(self.port),
            "POSTGRES_USER": self.user,
            "POSTGRES_PASSWORD": self.password,
            "POSTGRES_CONNECT_TIMEOUT": "5",
        }
        if self.schema:
            env["POSTGRES_SCHEMA"] = self.schema
        return env


def parse_database_url(url: str) -> DatabaseTarget:
    """``sqlite:///PATH`` or ``postgresql://USER[:PASSWORD]@HOST:PORT/DBNAME[?schema=NAME]``."""
    if url.startswith("sqlite:///"):
        path = url[len("sqlite:///"):]
        if not path:
            raise ValueError("LEDGER_DATABASE_URL: sqlite:/// needs a file path")
        return DatabaseTarget(backend="sqlite", path=os.path.abspath(path))
    parsed = urlparse(url)
    if parsed.scheme in ("postgresql", "postgres", "postgresql+psycopg"):
        dbname = parsed.path.lstrip("/")
        if not dbname:
            raise ValueError("LEDGER_DATABASE_URL: postgresql URL needs a database name")
        schema = parse_qs(parsed.query).get("schema", [None])[0]
        return DatabaseTarget(
            backend="postgresql",
            host=parsed.hostname or "127.0.0.1",
            port=parsed.port or 5432,
            user=unquote(parsed.username or "postgres"),
            password=unquote(parsed.password or ""),
            dbname=dbname,
            schema=schema,
        )
    raise ValueError(
        "LEDGER_DATABASE_URL must be sqlite:///PATH or postgresql://USER@HOST:PORT/DBNAME"
    )


def database_target() -> DatabaseTarget:
    """The database LEDGER_DATABASE_URL (or .env) names: what alembic run by hand migrates
    (alembic.ini's ``ledger_database``; ``ledger db upgrade`` passes its own)."""
    return parse_database_url(Settings().database_url)
