"""The ``ledger`` command line: every command and subcommand with a line saying what it does
and a help text for each option (``ledger <command> [<subcommand>] --help``). The handlers
live in infra/cli_*.py (``serve``: api/serve.py) and are passed in by name (infra/cli/entry.py)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable
from typing import Any

from domain.kernel.actors import STAFF_ROLES
from domain.kernel.game import Game

EXIT_CODES = ("exit codes: 0 ok, 1 check failed, 2 usage or configuration error (no ledger at"
              " the database), 3 refused: the service is running")
DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 8000  # where `ledger serve` listens by default
PROGRESS = ("Progress on stderr: one line per projection each time its whole percentage grows,"
            " and at 100% (TTY or not)")


class _Formatter(argparse.HelpFormatter):
    """An option's default shown after its help, when it has one worth showing."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        if action.default not in (None, False, argparse.SUPPRESS) and "%(default)" not in text:
            text += " (default: %(default)s)"
        return text


def _group(sub: Any, name: str, what: str) -> Any:
    parser = sub.add_parser(name, help=what, description=f"{what[0].upper()}{what[1:]}.",
                            formatter_class=_Formatter)
    return parser.add_subparsers(dest=name, required=True, metavar="<subcommand>",
                                 help=f"`ledger {name} <subcommand> --help` for its options")


def _command(sub: Any, name: str, what: str, func: Callable[..., int],
             more: str = "") -> argparse.ArgumentParser:
    description = f"{what[0].upper()}{what[1:]}.{' ' + more if more else ''}"
    parser = sub.add_parser(name, help=what, description=description,
                            epilog=EXIT_CODES, formatter_class=_Formatter)
    parser.set_defaults(func=func)
    return parser


def build_parser(handlers: dict[str, Callable[..., int]],
                 games: Iterable[Game] = ()) -> argparse.ArgumentParser:
    """``handlers``: the function of each command, by its words ("db upgrade"); ``games``: the
    registered games (the choices of the options that name one)."""
    h = handlers
    parser = argparse.ArgumentParser(
        prog="ledger", formatter_class=_Formatter, epilog=EXIT_CODES,
        description="Event-sourced game ledger (SRIJ). Configuration from LEDGER_* variables"
                    " (and .env): LEDGER_DATABASE_URL is sqlite:///PATH or"
                    " postgresql://USER@HOST:PORT/DBNAME[?schema=NAME].")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="log at INFO on stderr; a database error shows its traceback")
    sub = parser.add_subparsers(dest="command", required=True, metavar="<command>",
                                help="`ledger <command> --help` for its options")

    _serve_command(sub, h)
    _db_commands(sub, h)
    _projection_commands(sub, h)
    _writer_commands(sub, h)
    _staff_commands(sub, h)
    _player_commands(sub, h)
    _verify_command(sub, h["verify"])
    _health_command(sub, h)
    _complaint_commands(sub, h)
    _audit_commands(sub, h)
    _phh_command(sub, h["phh export"], games)
    _venues_command(sub, h["venues list"])
    return parser


def _serve_command(sub: Any, h: dict[str, Callable[..., int]]) -> None:
    """``ledger serve``: the HTTP service."""
    serve = _command(sub, "serve", "run the HTTP service", h["serve"],
                     "Upgrades the database first, then runs three processes: HTTP (one"
                     " worker), the writer and the projection worker.")
    serve.add_argument("--host", default=DEFAULT_HOST, help="address to listen on")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help="TCP port to listen on")
    serve.add_argument("--single-process", action="store_true",
                       help="writer and projections as threads of the server process")


def _db_commands(sub: Any, h: dict[str, Callable[..., int]]) -> None:
    """``ledger db``: the database schema."""
    db = _group(sub, "db", "the database schema")
    _command(db, "upgrade", "create the event store and the system accounts, migrate the"
             " projection tables", h["db upgrade"],
             "Idempotent; says on stderr when it migrates.")
    _command(db, "current", "show the projections' schema revision", h["db current"],
             "Reads only: a database without a ledger is an error, nothing is created.")


def _projection_commands(sub: Any, h: dict[str, Callable[..., int]]) -> None:
    """``ledger projections``: the read models."""
    proj = _group(sub, "projections", "the read models")
    _command(proj, "status", "show each projection's position, the head of the log and the"
             " lag", h["projections status"], "Reads only.")
    rebuild = _command(proj, "rebuild", "empty the read models and apply the whole log again",
                       h["projections rebuild"],
                       f"Refused (exit 3) while the service runs: stop it first. {PROGRESS}.")
    rebuild.add_argument("--name", action="append", metavar="NAME",
                         help="only this projection (repeatable; default: all)")
    _command(proj, "catch-up", "apply the events recorded since the projections' positions",
             h["projections catch-up"], f"{PROGRESS}.")
    run = _command(proj, "run", "keep applying new events (the worker `ledger serve` starts)",
                   h["projections run"])
    run.add_argument("--parent-pid", type=int, default=None, metavar="PID",
                     help="exit when this process is no longer the parent")


def _writer_commands(sub: Any, h: dict[str, Callable[..., int]]) -> None:
    """``ledger writer``: the writer process."""
    writer = _group(sub, "writer", "the writer process")
    writer_run = _command(writer, "run", "execute commands sent over a Unix socket (the"
                          " process `ledger serve` starts)", h["writer run"])
    writer_run.add_argument("--socket", required=True, metavar="PATH",
                            help="the Unix socket to listen on")
    writer_run.add_argument("--parent-pid", type=int, default=None, metavar="PID",
                            help="exit when this process is no longer the parent")


def _staff_commands(sub: Any, h: dict[str, Callable[..., int]]) -> None:
    """``ledger staff``: staff members and their API keys."""
    staff = _group(sub, "staff", "staff members")
    staff_create = _command(staff, "create", "register a staff member and print their API key"
                            " (once)", h["staff create"])
    staff_create.add_argument("--role", required=True, choices=STAFF_ROLES,
                              help="what they may do")
    staff_create.add_argument("--name", required=True, help="display name")

    staff_rotate = _command(staff, "rotate-key", "give a staff member a new API key and print it"
                            " (once); the old one stops working", h["staff rotate-key"])
    staff_rotate.add_argument("--id", required=True, help="the staff member's id (staff_id)")

    set_role = _command(staff, "set-role", "give a staff member another staff role, for a"
                        " reason (in force at once)", h["staff set-role"])
    set_role.add_argument("--id", required=True, help="the staff member's id (staff_id)")
    set_role.add_argument("--role", required=True, choices=STAFF_ROLES, help="the new role")
    set_role.add_argument("--reason", required=True, help="why (kept on the record)")


def _player_commands(sub: Any, h: dict[str, Callable[..., int]]) -> None:
    """``ledger player``: players and their API keys."""
    player = _group(sub, "player", "players")
    player_create = _command(player, "create", "register a player and print their id and API"
                             " key (once)", h["player create"])
    player_create.add_argument("--name", required=True, help="display name")
    player_rotate = _command(player, "rotate-key", "give a player a new API key and print it"
                             " (once); the old one stops working", h["player rotate-key"])
    player_rotate.add_argument("--id", required=True, help="the player's id (player_id)")


def _health_command(sub: Any, h: dict[str, Callable[..., int]]) -> None:
    """``ledger health``: the service's health, as GET /health gives it."""
    health = _command(sub, "health", "print the database and projections status as JSON, like"
                      " GET /health (exit 1 if degraded)", h["health"], "Reads only.")
    health.add_argument("--timeout", type=float, default=15.0, metavar="SECONDS",
                        help="give up (degraded) after this long")


def _complaint_commands(sub: Any, h: dict[str, Callable[..., int]]) -> None:
    """``ledger complaints``: the queue and the report of complaint cases."""
    complaints = _group(sub, "complaints", "complaint cases (docs/complaints.md)")
    queue = _command(complaints, "queue", "print the open cases, overdue first, then by the"
                     " nearest deadline", h["complaints queue"], "Reads only.")
    queue.add_argument("--limit", type=int, default=100, help="at most this many cases")
    queue.add_argument("--json", action="store_true", help="one JSON array instead of lines")
    report = _command(complaints, "report", "print a period's cases by type, channel and"
                      " outcome, the times to acknowledge and to resolve, and the compensation"
                      " paid", h["complaints report"], "Reads only.")
    report.add_argument("--since", required=True, metavar="TIME",
                        help="cases opened at or after (ISO 8601 with its time zone)")
    report.add_argument("--until", required=True, metavar="TIME",
                        help="cases opened before (ISO 8601 with its time zone)")
    report.add_argument("--csv", action="store_true", help="CSV rows instead of JSON")


def _audit_commands(sub: Any, h: dict[str, Callable[..., int]]) -> None:
    """``ledger audit``: the tamper-evident record."""
    audit = _group(sub, "audit", "the tamper-evident record (docs/audit.md)")
    keygen = _command(audit, "keygen", "write a new Ed25519 key that signs the checkpoints and"
                      " print its public key", h["audit keygen"],
                      "Never overwrites a file. Point LEDGER_AUDIT_KEY_FILE at it.")
    keygen.add_argument("--out", required=True, metavar="FILE", help="the key file to write")
    rotate = _command(audit, "rotate-key", "hand the signing of checkpoints from the key in use"
                      " (LEDGER_AUDIT_KEY_FILE) to a new one", h["audit rotate-key"],
                      "Seals and signs with the old key first, then records a statement signed"
                      " by both keys (GET /audit/public-keys serves it). Then point"
                      " LEDGER_AUDIT_KEY_FILE at the new key and restart.")
    rotate.add_argument("--new", required=True, metavar="FILE",
                        help="the new key (a PEM file of `ledger audit keygen`)")
    _command(audit, "seal", "seal every event recorded so far and sign a checkpoint now",
             h["audit seal"], "Safe beside a running service (one sealer wins each page).")
    export = _command(audit, "export", "write an offline bundle: jogadas' events with their"
                      " proofs, the checkpoint and the public keys", h["audit export"],
                      "Seals and signs first. Check it with `ledger audit check` or the"
                      " standalone bundle_check.pyz.")
    export.add_argument("--jogada", action="append", metavar="ID",
                        help="a jogada to export (repeatable)")
    export.add_argument("--since", metavar="TIME", help="jogadas started at or after (ISO 8601)")
    export.add_argument("--until", metavar="TIME", help="jogadas started before (ISO 8601)")
    export.add_argument("--since-checkpoint", type=int, metavar="N",
                        help="add the consistency proof from checkpoint N (one you hold)")
    export.add_argument("--out", required=True, metavar="FILE", help="the bundle file (JSON)")
    export.add_argument("--checker", action="store_true",
                        help="also write bundle_check.pyz beside the bundle")
    check = _command(audit, "check", "check a bundle with no database (exit 1 naming each"
                     " failure)", h["audit check"],
                     "The same check as the standalone bundle_check.pyz (docs/audit.md"
                     " \"Offline\").")
    check.epilog = ("exit codes: 0 the bundle holds, signed by a trusted key; 1 a check failed"
                    " (each named); 2 usage error (a file unreadable, a key malformed); 3 the"
                    " bundle holds but no trusted key was given: nothing is authenticated")
    check.add_argument("bundle", metavar="BUNDLE", help="the bundle file")
    check.add_argument("--trusted-key", action="append", metavar="FILE",
                       help="a file holding a key you trust (64 hex digits, from GET"
                            " /audit/public-keys, or a C2SP verifier key name+hash+base64);"
                            " repeatable")
    check.add_argument("--public-key", action="append", metavar="HEX",
                       help="a trusted Ed25519 key of the checkpoints given inline (64 hex"
                            " digits); repeatable; with neither option the bundle's own keys"
                            " are used and nothing is authenticated (exit 3)")
    check.add_argument("--checkpoint", action="append", metavar="FILE",
                       help="a checkpoint you hold (JSON, as GET /audit/checkpoints/latest"
                            " gives it): the bundle must carry the consistency proof from it;"
                            " repeatable")


def _phh_command(sub: Any, func: Callable[..., int], games: Iterable[Game]) -> None:
    """``ledger phh export``, for the games with hand histories (``Game.hand_history``)."""
    having = [g for g in games if g.hand_history is not None]
    titles = [g.title for g in having] or ["no game"]
    hands = _group(sub, "phh", f"hand histories of {' and '.join(titles)} (the PHH standard)")
    phh = _command(hands, "export", f"write one <venue>_<number>.phh file per"
                   f" {' or '.join(titles)} jogada that ended in a time range", func,
                   "Reads the ledger only. The file of jogada <venue>:<number> is"
                   " <venue>_<number>.phh (no `:` in a portable file name); its _jogada_id"
                   " field keeps the id. A jogada the standard cannot hold (voided, or a"
                   " table the standard has no variant for) is skipped, named in the summary.")
    phh.add_argument("--from", dest="since", required=True, metavar="TIME",
                     help="jogadas that ended at or after (ISO 8601 with its time zone)")
    phh.add_argument("--to", dest="until", required=True, metavar="TIME",
                     help="jogadas that ended before (ISO 8601 with its time zone)")
    phh.add_argument("--out", required=True, metavar="DIR",
                     help="the directory to write to (created if missing)")
    phh.add_argument("--game", choices=tuple(g.name for g in having),
                     help="only this game's jogadas")


def _venues_command(sub: Any, func: Callable[..., int]) -> None:
    venues = _group(sub, "venues", "the venues (tables, rooms) of the games")
    listed = _command(venues, "list", "list a game's venues (JSON on stdout)", func,
                      "Reads the ledger only: the listing projection, caught up first.")
    listed.add_argument("--game", required=True, metavar="NAME",
                        help="a game of this installation (built in, or named by LEDGER_GAMES)")
    listed.add_argument("--limit", type=int, default=100, help="at most this many venues (≤ 500)")


def _verify_command(sub: Any, func: Callable[..., int]) -> None:
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from infra.verify import NAMES, SECTIONS

    def names(text: str) -> list[str]:
        chosen = [n.strip() for n in text.split(",") if n.strip()]
        unknown = [n for n in chosen if n not in NAMES]
        if unknown or not chosen:
            raise argparse.ArgumentTypeError(
                f"unknown section {', '.join(unknown) or repr(text)} (sections:"
                f" {', '.join(NAMES)})")
        return chosen

    listed = "; ".join(f"{s.name}: {s.what}" for s in SECTIONS)
    verify = _command(
        sub, "verify", "check the whole record from the events (exit 1 if anything is wrong)",
        func, f"Sections, in this order: {listed}. Each problem names the event, jogada,"
        " checkpoint, account or read-model row it is about. Writes nothing to the event store"
        " (unless --report):"
        " the read models are brought up to date, then rebuilt into a scratch database (a"
        " temporary SQLite file, or a temporary schema in the PostgreSQL database) dropped"
        " afterwards. Progress on stderr, a line per section (and per earlier pass of one:"
        " `adjudication (finding the jogadas)`) each time its whole percentage grows, saying"
        " what it counts (events of the log, jogadas, tables); the summary on stdout.")
    which = verify.add_mutually_exclusive_group()
    which.add_argument("--only", action="append", type=names, metavar="SECTIONS",
                       help="only these sections, comma separated (repeatable)")
    which.add_argument("--skip", action="append", type=names, metavar="SECTIONS",
                       help="every section but these, comma separated (repeatable)")
    verify.add_argument("--json", metavar="PATH",
                        help="write the whole report as JSON to PATH (head, times, each"
                             " section's counts, seconds, events per second and problems);"
                             " `-`: to stdout, the summary then on stderr")
    verify.add_argument("--public-key", action="append", metavar="HEX",
                        help="a trusted Ed25519 key of the checkpoints (64 hex digits, from GET"
                             " /audit/public-keys; repeatable); default: the keys the record"
                             " itself lists, which the report says")
    verify.add_argument("--report", action="store_true",
                        help="record each failing section in the ledger as an integrity"
                             " failure (GET /significant-events)")


def commands(parser: argparse.ArgumentParser) -> list[list[str]]:
    """Every command path of ``parser`` (["db"], ["db", "upgrade"], ...), for the help test."""
    found: list[list[str]] = []

    def walk(p: argparse.ArgumentParser, path: list[str]) -> None:
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, child in action.choices.items():
                    found.append(path + [name])
                    walk(child, path + [name])

    walk(parser, [])
    return found
