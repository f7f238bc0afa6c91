"""Issue 24, item 6: a store written before the module moves stays readable after them.

tests/compat/store_before_issue24/ is a SQLite store written by the code of commit 842e228
(tests/compat/README.md): its events name their aggregates' classes by module path
(``originator_topic``) and its bingo room snapshots name theirs (``topic``), while the event
classes have stable topics (``ledger.Account.Credited``). Here the code as it is now opens that
store on each backend (the files copied on SQLite; on PostgreSQL its events, snapshots and
audit seal copied row by row into a fresh schema) and must find: the record verifying clean
against the checkpoints signed then (903-B 1.5 "Log", 7.9.1), the read models rebuilt from
those events answering exactly what expected.json recorded (every ended jogada's replay and
adjudication, every ended session's statement, every balance, the jackpots), and the old
aggregates taking new commands.

Everything goes through ``ledger`` (``api.serve:main``) and the HTTP API (``api.main``): no
domain or infra module is imported by its path, since those are what issue 24 moves."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import psycopg
import pytest
from fastapi.testclient import TestClient
from psycopg import sql

from api.main import create_app
from tests.compat.store_reads import (OPERATOR, collect, environment, ledger_cli, ledger_env,
                                      ok, verify_outcome)
from tests.conftest import fresh_database

FIXTURE = Path(__file__).parent / "store_before_issue24"
EXPECTED = json.loads((FIXTURE / "expected.json").read_text(encoding="utf-8"))
STORY = EXPECTED["made"]["story"]
PUBLIC_KEY = EXPECTED["made"]["public_key"]
# The system of record: the library's tables (SQLite names them stored_*, PostgreSQL after the
# application, "ledger") and the audit seal's (projections/migrations 0008_audit), which a
# rebuild of the read models never touches.
SQLITE_TABLES = {"events": "stored_events", "snapshots": "stored_snapshots"}
PG_TABLES = {"events": "ledger_events", "snapshots": "ledger_snapshots"}
AUDIT_TABLES = ("audit_keys", "audit_checkpoints", "audit_seal", "audit_leaves", "audit_nodes")


def cli(*argv: str) -> str:
    code, out, err = ledger_cli(*argv)
    assert code == 0, f"ledger {' '.join(argv)}: exit {code}\n{out}\n{err}"
    return out


def pg_connect(url: str) -> tuple[psycopg.Connection, str]:
    base, _, schema = url.partition("?schema=")
    conn = psycopg.connect(base, autocommit=False)
    conn.execute(sql.SQL("SET search_path TO {}").format(sql.Identifier(schema)))
    return conn, schema


def copy_into_postgres(url: str) -> None:
    """The fixture's system of record into a fresh schema: ``ledger db upgrade`` creates the
    tables (and opens the system accounts, events the fixture holds already), every table is
    emptied, then the fixture's events (each at its notification id, the rowid SQLite gave it),
    snapshots and audit seal are inserted as they are; the read models are rebuilt after."""
    cli("db", "upgrade")
    conn, schema = pg_connect(url)
    source = sqlite3.connect(FIXTURE / "ledger.db")
    projections = sqlite3.connect(FIXTURE / "ledger.projections.db")
    try:
        tables = [r[0] for r in conn.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = %s AND tablename <>"
            " 'alembic_version'", (schema,))]
        conn.execute(sql.SQL("TRUNCATE {}").format(sql.SQL(", ").join(map(sql.Identifier,
                                                                          tables))))
        events = source.execute(f"SELECT rowid, originator_id, originator_version, topic, state"
                                f" FROM {SQLITE_TABLES['events']} ORDER BY rowid").fetchall()
        with conn.cursor() as cur:
            cur.executemany(sql.SQL(
                "INSERT INTO {} (notification_id, originator_id, originator_version, topic,"
                " state) VALUES (%s, %s, %s, %s, %s)").format(
                    sql.Identifier(PG_TABLES["events"])), events)
            cur.executemany(sql.SQL(
                "INSERT INTO {} (originator_id, originator_version, topic, state)"
                " VALUES (%s, %s, %s, %s)").format(sql.Identifier(PG_TABLES["snapshots"])),
                source.execute(f"SELECT originator_id, originator_version, topic, state"
                               f" FROM {SQLITE_TABLES['snapshots']}").fetchall())
            cur.execute("SELECT setval(pg_get_serial_sequence(%s, 'notification_id'), %s)",
                        (f'"{schema}".{PG_TABLES["events"]}', events[-1][0]))
            for table in AUDIT_TABLES:
                copy_rows(projections, cur, table)
        conn.commit()
    finally:
        conn.close()
        source.close()
        projections.close()


def copy_rows(source: sqlite3.Connection, cur: psycopg.Cursor, table: str) -> None:
    cursor = source.execute(f"SELECT * FROM {table}")
    columns = [d[0] for d in cursor.description]
    cur.executemany(sql.SQL("INSERT INTO {} ({}) VALUES ({})").format(
        sql.Identifier(table), sql.SQL(", ").join(map(sql.Identifier, columns)),
        sql.SQL(", ").join(sql.Placeholder() * len(columns))), cursor.fetchall())


@pytest.fixture
def store(backend, tmp_path):
    """The fixture's store on the backend under test, LEDGER_* set to it: on SQLite both
    files copied and upgraded by ``ledger db upgrade`` as an installation would be, the read
    models still the ones the old code wrote; on PostgreSQL the system of record copied and
    the read models rebuilt from its events."""
    place = tmp_path / "db"
    place.mkdir()
    key = tmp_path / "audit-key.pem"
    shutil.copy(FIXTURE / "audit-key.pem", key)
    with fresh_database(backend, place) as url:
        with environment(ledger_env(url, str(key))):
            if backend == "sqlite":
                for name in ("ledger.db", "ledger.projections.db"):
                    shutil.copy(FIXTURE / name, place / name)
                cli("db", "upgrade")
            else:
                copy_into_postgres(url)
                cli("projections", "rebuild")
            yield url


def differences(found: Any, expected: Any, where: str = "") -> list[str]:
    """Where two JSON documents differ, as paths (the first few suffice to see why)."""
    if isinstance(expected, dict) and isinstance(found, dict):
        found_only = [f"{where}/{k}: only in found" for k in sorted(set(found) - set(expected))]
        return found_only + [d for k in sorted(expected) for d in (
            differences(found[k], expected[k], f"{where}/{k}") if k in found
            else [f"{where}/{k}: only in expected"])]
    if isinstance(expected, list) and isinstance(found, list) and len(found) == len(expected):
        return [d for i, (f, e) in enumerate(zip(found, expected))
                for d in differences(f, e, f"{where}/{i}")]
    return [] if found == expected else [f"{where}: {found!r:.200} != {expected!r:.200}"]


def test_903b_7_9_1_store_written_before_the_move_verifies_clean(store, tmp_path):
    """903-B 1.5 "Log", 7.9.1: ``ledger verify`` with the key that signed the fixture's
    checkpoints finds every event where it was sealed, every account, every jogada's
    settlement and RNG draw, and (on SQLite, against the read models the old code wrote) the
    read models rebuilt by the new code, all as the old code found them: clean."""
    found = verify_outcome(PUBLIC_KEY, tmp_path)
    expected = EXPECTED["verify"]
    assert found["exit_code"] == 0 and found["ok"], found
    assert found["sections"] == expected["sections"]
    head = expected["summary"][0].split(",")[0]  # "VERIFY OK: up to position N": nothing new
    assert found["summary"][0].split(",")[0] == head, (found["summary"], head)


def test_903b_6_3_7_read_models_rebuilt_from_the_old_events_answer_as_before(store):
    """903-B 6.3.7 (replay of a game played), 6.3.6(2) (the session statement), 5.2.2 (the
    balances): the read models rebuilt from the fixture's events give every ended jogada's
    replay and adjudication, every statement, every balance, every account and the jackpots
    exactly as the code that wrote them did."""
    cli("projections", "rebuild")
    with TestClient(create_app()) as client:
        found = collect(client)
    assert len(found["replays"]) == 12 and len(found["statements"]) == 17
    for part in ("jogadas_listing", "replays", "adjudications", "statements", "balances",
                 "accounts", "jackpots"):
        expected = EXPECTED[part]
        if part == "jogadas_listing":
            expected = results_by_net(expected)
        diff = differences(found[part], expected, part)
        assert not diff, "\n".join(diff[:20])


def results_by_net(rows: Any) -> Any:
    """The listing as the old code wrote it, with the changes made on purpose since: a prize
    worth less than (or as much as) what the player paid is no longer ``won`` but
    ``prize_net_loss`` (``prize_net_even``) (issue 24); each venue names a ``wheel_id`` too,
    None (issue 27: the venue id keys are one per game's venue noun); every other field as
    it was."""
    def fixed(row: Any) -> Any:
        if not isinstance(row, dict) or row.get("result") != "won" or row.get("net_cents", 1) > 0:
            return row
        return row | {"result": "prize_net_loss" if row["net_cents"] < 0 else "prize_net_even"}

    def with_wheels(row: Any) -> Any:  # issue 27: a venue's id key per game's venue noun
        if isinstance(row, dict) and isinstance(row.get("venue"), dict):
            return row | {"venue": {**row["venue"], "wheel_id": None}}
        return row
    if isinstance(rows, list):
        return [with_wheels(fixed(r)) for r in rows]
    if isinstance(rows, dict):
        return {k: results_by_net(v) if isinstance(v, (list, dict)) and not (
            isinstance(v, dict) and "result" in v) else with_wheels(fixed(v))
            for k, v in rows.items()}
    return rows


def test_issue_24_old_aggregates_load_from_events_and_snapshots_and_take_commands(store,
                                                                                  tmp_path):
    """The aggregates the old code stored, loaded by the new code from their events (a wallet,
    a póquer sem descarte table, the hold'em and Omaha tables, a complaint case) and from a
    snapshot (the bingo room: three snapshots naming its class by module path), take new
    commands; the record, sealed again, still verifies."""
    players, table = STORY["players"], STORY["semdescarte_individual"]["table"]
    ana, room = players["ana"], STORY["room"]
    before = EXPECTED["balances"][ana]["available_cents"]
    with TestClient(create_app()) as client:
        ok(client.post(f"/players/{ana}/deposits", headers=OPERATOR,
                       json={"amount_cents": 1_000, "idempotency_key": "after-the-move"}), 201)
        ana_h = {"Authorization": f"Bearer {new_key(client, ana)}"}
        ok(client.post("/sessions", headers=ana_h,
                       json={"venue_id": table["venue_id"], "game": table["game"]}), 201)
        tid = table["table_id"]
        ok(client.post(f"/semdescarte/tables/{tid}/seats", json={}, headers=ana_h), 201)
        placed = ok(client.post(f"/semdescarte/tables/{tid}/antes", headers=ana_h,
                                json={"ante_cents": 100, "idempotency_key": "a"}), 201)
        assert placed["jogada_id"] == f"{tid}:6"  # the table's sixth jogada: five before
        ok(client.post(f"/semdescarte/tables/{tid}/deal", json={}, headers=ana_h))
        ok(client.post(f"/semdescarte/tables/{tid}/decisions", headers=ana_h,
                       json={"jogada_id": placed["jogada_id"], "decision": "fold"}))
        assert ok(client.get(f"/players/{ana}/balance", headers=OPERATOR))[
            "available_cents"] == before + 1_000 - 100  # rule 22: the ante lost
        rid = room["room_id"]
        opened = ok(client.post(f"/bingo/rooms/{rid}/jogadas", json={}, headers=OPERATOR), 201)
        assert opened["jogada_id"] == f"{rid}:4"  # after the three in the snapshots
        ok(client.post(f"/bingo/rooms/{rid}/interruptions", headers=OPERATOR,
                       json={"kind": "system_fault"}))
        replay = ok(client.get(f"/jogadas/{placed['jogada_id']}/replay", headers=OPERATOR))
        assert replay["rng"]["verified"], replay["rng"]
        for game in ("holdem", "omaha"):  # the table loads; no jogada is open (rule 72)
            r = client.post(f"/{game}/tables/{STORY[game]['table_id']}/interruptions",
                            json={}, headers=OPERATOR)
            assert r.status_code == 409 and r.json()["error"]["field"] == "jogada_id", r.text
        case = STORY["complaints"][0]  # a closed case, loaded and reopened
        ok(client.post(f"/complaints/{case}/reopen", json={"reason": "depois da mudança"},
                       headers=OPERATOR))
    cli("audit", "seal")
    found = verify_outcome(PUBLIC_KEY, tmp_path)
    assert found["ok"], found


def new_key(client, player_id: str) -> str:
    return ok(client.post(f"/players/{player_id}/api-key", json={}, headers=OPERATOR),
              201)["api_key"]
