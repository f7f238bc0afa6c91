"""Re-adjudication against a record altered in the database itself (issue 14): the stored
state of one event is rewritten by an UPDATE of the events table, on SQLite and on
PostgreSQL, as a tampering with the store would; nothing recorded may be changed (903-B 1.5
"Log"), and re-adjudication must name what no longer agrees."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any
from uuid import UUID

import orjson
import pytest
from psycopg import sql

from domain.ledger.accounts import HOUSE_CODE, account_id, wallet_code
from infra.services.adjudication import adjudicate_all
from infra.container import build_ledger
from infra.runtime.rng import SeededSeedSource
from tests.adjudication_check import assert_ended_jogadas_agree
from tests.semdescarte.support import (BANK_AK, ante, deal, decide, forced_deck,
                                       individual_config, setup_table)

STRAIGHT = ["5c", "6d", "7h", "8s", "9c"]
WON = 200 + 4 * 400  # rule 28 (A2): the ante 1:1, the second bet 4 to 1 for a straight


@pytest.fixture
def cert(make_settings, clock):
    """Certification mode, built here: the ledger fixture's own re-adjudication would fail on
    the record this test alters (that failure is what the test checks, below)."""
    built = build_ledger(make_settings(certification_mode="1"), clock=clock,
                         seeds=SeededSeedSource(151))
    yield built
    built.close()


def alter_stored_event(ledger: Any, stream: UUID, name: str,
                       change: Callable[[dict[str, Any]], None]) -> None:
    """Rewrite, in the events table, the state of the last event ``name`` of ``stream``."""
    recorder = ledger.app.recorder
    stored = [s for s in recorder.select_events(stream) if s.topic.endswith(f".{name}")][-1]
    state = orjson.loads(stored.state)
    change(state)
    with recorder.datastore.transaction(commit=True) as cursor:
        if ledger.settings.database_url.startswith("sqlite"):
            cursor.execute(f"UPDATE {recorder.events_table_name} SET state = ? WHERE"
                           " originator_id = ? AND originator_version = ?",
                           (orjson.dumps(state), stream.hex, stored.originator_version))
        else:
            cursor.execute(sql.SQL("UPDATE {}.{} SET state = %s WHERE originator_id = %s AND"
                                   " originator_version = %s").format(
                sql.Identifier(recorder.datastore.schema),
                sql.Identifier(recorder.events_table_name)),
                (orjson.dumps(state), stream, stored.originator_version))
    version = stored.originator_version
    again = recorder.select_events(stream, gt=version - 1, lte=version)
    assert orjson.loads(again[0].state) == state  # the row itself was rewritten


def won_jogada(ledger: Any) -> tuple[dict[str, Any], Any, str]:
    table, (player,) = setup_table(ledger, individual_config())
    placed = ante(ledger, table, player, 200)
    deal(ledger, table, player, forced_deck("2c", [STRAIGHT], BANK_AK))
    decide(ledger, table, placed["jogada_id"], player, "continue")
    return table, player, placed["jogada_id"]


def report_of(ledger: Any, jogada_id: str) -> dict[str, Any]:
    [report] = [r for r in adjudicate_all(ledger) if r["jogada_id"] == jogada_id]
    return report


def test_903b_1_5_sd_28_a_settlement_altered_in_the_events_table_is_named(cert):
    """The recorded outcome of a won jogada is rewritten to pay 500 cents more than rule 28
    gives: the settlement no longer agrees, on the player's wallet; the money moved still
    does; and the suite-wide check (tests/adjudication_check.py) fails naming the jogada."""
    table, player, jogada_id = won_jogada(cert)
    assert report_of(cert, jogada_id)["agrees"] is True
    cert.audit.seal()  # sealed and signed before the alteration (issue 15)

    def pay_more(state: dict[str, Any]) -> None:
        state["outcomes"]["1"]["won_cents"] += 500

    alter_stored_event(cert, UUID(table["table_id"]), "JogadaSettled", pay_more)
    report = report_of(cert, jogada_id)
    own = wallet_code(player.player_id)
    assert report["agrees"] is False and report["problems"] == []
    assert report["differences"] == [{"account": own, "against": "settlement",
                                      "recorded_cents": WON + 500, "recomputed_cents": WON}]
    assert report["recorded"]["money"] == report["recomputed"] == {own: WON, HOUSE_CODE: -WON}
    # The suite-wide check (tests/adjudication_check.py) fails, first on the sealed record
    # (issue 15: the altered event no longer hashes to its sealed leaf), ...
    with pytest.raises(AssertionError, match="differs from the event that was sealed"):
        assert_ended_jogadas_agree(cert)
    # ... and its re-adjudication names the jogada.
    with pytest.raises(AssertionError, match=jogada_id):
        assert_ended_jogadas_agree(dataclasses.replace(cert, audit=None))


def test_903b_1_5_sd_28_a_movement_altered_in_the_events_table_is_named(cert):
    """The credit of the win on the player's wallet is rewritten 100 cents short: the money
    moved no longer agrees with the rules, on that wallet (the house's debit still does)."""
    _, player, jogada_id = won_jogada(cert)
    own = wallet_code(player.player_id)

    def short(state: dict[str, Any]) -> None:
        assert state["amount_cents"] == WON and state["reason"] == "player_won"
        state["amount_cents"] -= 100

    alter_stored_event(cert, account_id(own), "Credited", short)
    report = report_of(cert, jogada_id)
    assert report["agrees"] is False
    assert report["differences"] == [{"account": own, "against": "money",
                                      "recorded_cents": WON - 100, "recomputed_cents": WON}]
    assert report["recorded"]["settlement"] == {own: WON}
