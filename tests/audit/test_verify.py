"""``ledger verify``, the auditor's whole check (infra/verify/, issue 15), on real stores made by
playing real jogadas of póquer sem descarte and bingo, and then altered in the database itself
— the stored state of an event rewritten by an UPDATE of the events table, a read-model row
updated or deleted — as a tampering with the store would: each section must name what no
longer agrees (903-B 1.5 "Log", 5.5.1(1), 6.7.2(4), 7.9.1), and the clean store must verify."""

from __future__ import annotations

import importlib
import json
from typing import Any
from uuid import UUID

import pytest
from sqlalchemy import delete, update

from domain.ledger.accounts import CASHIER_CODE, account_id, wallet_code
from infra.cli.entry import main
from infra.verify import NAMES, verify
from projections.listings import player_jogadas
from projections.money import balances, jogada_events
from tests.api.test_cli import env, run  # noqa: F401 (the fixture env)
from tests.bingo import support as bingo
from tests.core.test_adjudication_altered_record import STRAIGHT, WON, alter_stored_event
from tests.semdescarte.support import (BANK_AK, ante, certification_ledger, deal, decide,
                                       forced_deck, individual_config, setup_table)

ALTERED = "the record is altered on purpose: verify must name it"


@pytest.fixture
def store(make_settings, clock, request):
    """Certification mode (forced decks) on the test's database and clock; its ended jogadas
    re-adjudicated at the end unless the test opts out."""
    with certification_ledger(make_settings, clock, request=request) as built:
        yield built


def play(ledger: Any, clock: Any) -> dict[str, Any]:
    """At one table a jogada with the seeded shoe (the player folds), then a won jogada
    (forced deck); a bingo jogada of three players (seeded balls and cards): their ids and
    streams. A stream's last event of a kind is the won jogada's, or the bingo's."""
    table, (player,) = setup_table(ledger, individual_config())
    placed = ante(ledger, table, player, 300)
    deal(ledger, table, player)
    decide(ledger, table, placed["jogada_id"], player, "fold")
    won = ante(ledger, table, player, 200)["jogada_id"]
    deal(ledger, table, player, forced_deck("2c", [STRAIGHT], BANK_AK))
    decide(ledger, table, won, player, "continue")
    room = bingo.new_room(ledger, bingo.config("90"))
    buyers = bingo.players(ledger, room, 3)
    bingo_jogada = bingo.open_jogada(ledger, room)["jogada_id"]
    for buyer, count in zip(buyers, (2, 1, 3)):
        bingo.buy(ledger, room, buyer, count)
    bingo.close_sale(ledger, clock, room)
    bingo.draw_to_end(ledger, clock, room)
    assert ledger.projections.wait(ledger.writer.last_position)
    return {"table": UUID(table["table_id"]), "player": player.player_id, "won": won,
            "folded": placed["jogada_id"], "room": UUID(room["room_id"]),
            "bingo": bingo_jogada}


def section(report: dict[str, Any], name: str) -> dict[str, Any]:
    return report["sections"][name]


def position_of(ledger: Any, stream: UUID, name: str, jogada_id: str | None = None) -> int:
    """The notification id of the last event ``name`` of ``stream`` (of ``jogada_id``)."""
    found = None
    for n in ledger.app.recorder.select_notifications(start=1, limit=10_000):
        if n.originator_id == stream and n.topic.endswith(f".{name}"):
            if jogada_id is None or jogada_id.encode() in n.state:
                found = n.id
    assert found is not None, name
    return found


def integrity_available() -> bool:
    try:
        return importlib.util.find_spec("infra.audit.verify_integrity") is not None
    except ModuleNotFoundError:
        return False


def test_903b_7_9_1_a_clean_store_verifies_with_every_section(store, clock):
    ids = play(store, clock)
    report = verify(store)
    assert report["ok"] is True and report["problems"] == 0, report
    assert list(report["sections"]) == list(NAMES)
    assert report["head"] == store.app.recorder.max_notification_id()
    integrity = section(report, "integrity")
    if integrity_available():
        assert integrity["status"] == "ok"
    else:  # part 1 of issue 15 not merged yet: skipped, not failed
        assert integrity["status"] == "skipped" and integrity["skipped"] == "not available"
    for name in NAMES[1:]:
        assert section(report, name)["status"] == "ok", section(report, name)
    accounts = section(report, "accounts")["counts"]
    assert accounts["total_cents"] == 0 and accounts["transfers"] > 10
    adjudication = section(report, "adjudication")["counts"]
    assert adjudication["ended"] == adjudication["agree"] == 3
    rng = section(report, "rng")["counts"]
    assert rng["commitments"] == rng["revealed"] == 3 and rng["replayed"] == 3
    assert rng["checks"] == 4  # two shoes, the bingo's balls and cards, its prizes
    read_models = section(report, "read_models")["counts"]
    runner = store.projections
    assert read_models["projections"] == len(runner.projections)
    assert read_models["tables"] == sum(len(p.tables) for p in runner.projections)
    assert read_models["rows"] > 50 and read_models["rebuilt_events"] > 0
    assert ids["won"] != ids["folded"]


@pytest.mark.not_adjudicated(reason=ALTERED)
def test_903b_1_5_sd_28_an_altered_settlement_is_named_by_the_adjudication(store, clock):
    """The recorded outcome of a won jogada is rewritten to pay 500 cents more than rule 28
    gives: the adjudication names the jogada, the wallet, the three amounts and the
    settlement's event; the other sections still agree (the money moved was not altered)."""
    ids = play(store, clock)

    def pay_more(state: dict[str, Any]) -> None:
        state["outcomes"]["1"]["won_cents"] += 500

    alter_stored_event(store, ids["table"], "JogadaSettled", pay_more)
    report = verify(store, ["adjudication", "rng", "read_models"])
    assert report["ok"] is False and section(report, "rng")["ok"]
    [found] = section(report, "adjudication")["problems"]
    own = wallet_code(ids["player"])
    assert found["check"] == "adjudication" and found["jogada_id"] == ids["won"]
    assert (found["account"], found["against"]) == (own, "settlement")
    assert (found["recorded_cents"], found["recomputed_cents"]) == (WON + 500, WON)
    assert found["moved_cents"] == WON
    assert found["notification_id"] == position_of(store, ids["table"], "JogadaSettled",
                                                   ids["won"])
    assert ids["won"] in found["message"] and own in found["message"]
    # The altered event's own projections were made before the UPDATE: the rebuilt listing
    # carries the altered win, the live one the real one.
    listing = [p for p in section(report, "read_models")["problems"]
               if p["table"] == "player_jogadas"]
    assert {p["column"] for p in listing} >= {"won_cents"}


@pytest.mark.not_adjudicated(reason=ALTERED)
def test_903b_6_7_2_4_an_altered_reveal_is_named_by_the_rng_section(store, clock):
    ids = play(store, clock)

    def other_seed(state: dict[str, Any]) -> None:
        state["seed_hex"] = "00" * 32

    alter_stored_event(store, ids["table"], "RngRevealed", other_seed)  # the won jogada's
    report = verify(store, ["rng"])
    problems = section(report, "rng")["problems"]
    assert report["ok"] is False and problems
    revealed = position_of(store, ids["table"], "RngRevealed", ids["won"])
    assert {p["jogada_id"] for p in problems} == {ids["won"]}
    assert problems[0]["notification_id"] == revealed and problems[0]["event"] == "RngRevealed"
    assert f"#{revealed} RngRevealed" in problems[0]["message"]


@pytest.mark.not_adjudicated(reason=ALTERED)
def test_903b_6_7_2_4_sd_19_a_dealt_card_altered_is_named_by_the_rng_section(store, clock):
    """The burned card of the won jogada is rewritten (a card no hand holds, so the money is
    unchanged): the shoe the seed derives no longer deals what is recorded."""
    ids = play(store, clock)

    def burn_another(state: dict[str, Any]) -> None:
        state["burned"] = "2d"

    alter_stored_event(store, ids["table"], "CardsDealt", burn_another)
    report = verify(store, ["adjudication", "rng"])
    assert section(report, "adjudication")["ok"]
    [found] = section(report, "rng")["problems"]
    dealt = position_of(store, ids["table"], "CardsDealt", ids["won"])
    assert found["jogada_id"] == ids["won"] and found["replay_check"] == "rng"
    assert (found["notification_id"], found["event"]) == (dealt, "CardsDealt")
    assert "the burned card" in found["message"]


@pytest.mark.not_adjudicated(reason=ALTERED)
def test_903b_6_7_2_4_bingo_15_a_card_altered_is_named_by_the_rng_section(store, clock):
    """Two numbers of a row of the first card bought swap places (the same numbers: no prize
    changes): the seed no longer derives that purchase's cards."""
    ids = play(store, clock)

    def swap(state: dict[str, Any]) -> None:
        row = state["cards"][0][0]
        filled = [i for i, n in enumerate(row) if n is not None]
        row[filled[0]], row[filled[1]] = row[filled[1]], row[filled[0]]

    bought = position_of(store, ids["room"], "CardsBought")
    alter_stored_event(store, ids["room"], "CardsBought", swap)  # the last purchase
    [found] = section(verify(store, ["rng"]), "rng")["problems"]
    assert found["jogada_id"] == ids["bingo"]
    assert (found["notification_id"], found["event"]) == (bought, "CardsBought")
    assert "the cards of purchase 3" in found["message"]


def test_903b_7_9_1_altered_read_model_rows_are_named_by_table_key_and_column(store, clock):
    ids = play(store, clock)
    own = wallet_code(ids["player"])
    with store.projections.engine.begin() as conn:
        conn.execute(update(balances).where(balances.c.account_code == own)
                     .values(balance_cents=balances.c.balance_cents + 1))
        conn.execute(update(player_jogadas).where(player_jogadas.c.jogada_id == ids["folded"])
                     .values(won_cents=999))
        conn.execute(delete(jogada_events).where(
            jogada_events.c.jogada_id == ids["bingo"],
            jogada_events.c.topic == "ledger.BingoRoom.JogadaOpened"))
    report = verify(store, ["read_models"])
    problems = section(report, "read_models")["problems"]
    by_table: dict[str, list[dict[str, Any]]] = {}
    for p in problems:
        by_table.setdefault(p["table"], []).append(p)
    [wallet] = by_table["balances"]
    assert wallet["key"] == {"account_code": own} and wallet["column"] == "balance_cents"
    assert wallet["live"] == wallet["rebuilt"] + 1
    [listed] = by_table["player_jogadas"]
    assert listed["key"] == {"jogada_id": ids["folded"], "player_id": str(ids["player"])}
    assert (listed["column"], listed["live"], listed["rebuilt"]) == ("won_cents", 999, 0)
    assert f"player_jogadas [jogada_id={ids['folded']}" in listed["message"]
    [missing] = by_table["jogada_events"]
    assert missing["key"]["jogada_id"] == ids["bingo"] and "live" not in missing
    assert missing["rebuilt"]["topic"] == "ledger.BingoRoom.JogadaOpened"
    assert "missing from the read model" in missing["message"]
    assert set(by_table) == {"balances", "player_jogadas", "jogada_events"}
    # today's check of the balances projection names the account too
    assert any(p["account"] == own for p in section(verify(store, ["accounts"]),
                                                     "accounts")["problems"])


@pytest.mark.not_adjudicated(reason=ALTERED)
def test_903b_5_5_1_an_altered_account_event_is_named_by_the_accounts(store, clock):
    """The cashier's debit of the last deposit is rewritten 1 cent smaller: that transfer no
    longer balances (both its events named), the balances no longer sum to 0, and the
    balances projection no longer agrees with the events on the cashier."""
    play(store, clock)
    cashier = account_id(CASHIER_CODE)
    debit = position_of(store, cashier, "Debited")

    def one_less(state: dict[str, Any]) -> None:
        assert state["reason"] == "deposit"
        state["amount_cents"] -= 1

    alter_stored_event(store, cashier, "Debited", one_less)
    report = verify(store, ["accounts"])
    problems = section(report, "accounts")["problems"]
    assert report["ok"] is False
    assert sorted(p["check"] for p in problems) == ["double_entry", "double_entry",
                                                    "projection"]
    [transfer] = [p for p in problems if "transfer_id" in p]
    assert transfer["notification_id"] == debit and len(transfer["notification_ids"]) == 2
    assert "+1 cents in all" in transfer["message"] and f"#{debit} Debited" in transfer["message"]
    assert any("sum to 1 cents" in p["message"] for p in problems)
    [projection] = [p for p in problems if p["check"] == "projection"]
    assert projection["account"] == CASHIER_CODE


# The command line ----------------------------------------------------------------------------
def test_verify_writes_its_json_report_and_exits_0_on_a_clean_store(store, clock, env, capsys,
                                                                   tmp_path):
    play(store, clock)
    path = tmp_path / "report.json"
    code, out, err = run(capsys, "verify", "--json", str(path))
    assert code == 0 and out.startswith("VERIFY OK"), out + err
    report = json.loads(path.read_text())
    assert set(report) == {"ok", "head", "started_at", "finished_at", "seconds", "problems",
                           "sections"}
    assert report["ok"] is True and report["head"] == store.app.recorder.max_notification_id()
    assert list(report["sections"]) == list(NAMES)
    for name, part in report["sections"].items():
        assert {"name", "status", "ok", "summary", "counts", "events", "seconds",
                "events_per_second", "problems"} <= set(part), name
        assert part["name"] == name and isinstance(part["seconds"], float)
        if part["status"] == "ok":
            assert part["events"] > 0 and part["events_per_second"] > 0, part
        assert f"  {name}: " in out
    for name in ("accounts", "adjudication", "rng", "read_models"):  # progress on stderr
        assert f"verify {name}: " in err and any(
            line.startswith(f"verify {name}: ") and line.endswith("(100%)")
            for line in err.splitlines()), err
    code, out, err = run(capsys, "verify", "--only", "accounts,adjudication", "--json", "-")
    assert code == 0 and list(json.loads(out)["sections"]) == ["accounts", "adjudication"]
    assert err.splitlines()[-3].startswith("VERIFY OK")  # the summary, on stderr
    code, out, _ = run(capsys, "verify", "--skip", "read_models", "--skip", "rng")
    assert code == 0 and "  read_models:" not in out and "  rng:" not in out
    assert "  adjudication: OK: " in out


def _last_progress(err: str, name: str) -> tuple[int, int, str]:
    """(done, total, unit) of the last ``verify NAME: done/total unit (pct%)`` line."""
    lines = [line for line in err.splitlines() if line.startswith(f"verify {name}: ")]
    assert lines, err
    counted, _, rest = lines[-1].removeprefix(f"verify {name}: ").partition(" ")
    done, total = counted.split("/")
    return int(done), int(total), rest.rpartition(" (")[0]


def test_verify_progress_counts_the_jogadas_not_a_doubled_log(store, clock, env, capsys):
    """Issue 24: the adjudication's progress was printed against twice the head of the log
    (``349/698``: its two passes summed). Each pass is now its own line: the log's events while
    the jogadas are found, then the jogadas checked, whose total is the number of jogadas."""
    play(store, clock)
    head = store.app.recorder.max_notification_id()
    code, out, err = run(capsys, "verify", "--json", "-")
    assert code == 0, err
    report = json.loads(out)
    for name in ("adjudication", "rng"):
        jogadas = section(report, name)["counts"]["jogadas"]
        assert jogadas == 3
        assert _last_progress(err, name) == (jogadas, jogadas, "jogadas"), err
        assert _last_progress(err, f"{name} (finding the jogadas)") == (head, head, "events")
    assert _last_progress(err, "accounts") == (head, head, "events")
    tables = section(report, "read_models")["counts"]["tables"]
    assert _last_progress(err, "read_models") == (tables, tables, "tables")
    assert _last_progress(err, "read_models (rebuilding)") == (head, head, "events")
    totals = [int(line.split(": ")[1].split("/")[1].split(" ")[0])
              for line in err.splitlines() if line.startswith("verify ")]
    assert max(totals) == head, err  # no line counts against more than the log holds


@pytest.mark.not_adjudicated(reason=ALTERED)
def test_verify_exits_1_naming_each_problem_on_its_line(store, clock, env, capsys):
    ids = play(store, clock)

    def pay_more(state: dict[str, Any]) -> None:
        state["outcomes"]["1"]["won_cents"] += 500

    alter_stored_event(store, ids["table"], "JogadaSettled", pay_more)
    code, out, _ = run(capsys, "verify", "--only", "accounts,adjudication")
    lines = out.splitlines()
    assert code == 1 and lines[0].startswith("VERIFY FAILED: 1 problem(s)")
    assert lines[0].endswith("(adjudication)")
    assert any(line.startswith("    - jogada ") and ids["won"] in line for line in lines)
    assert "  accounts: OK: " in out and "  adjudication: FAILED: " in out


def test_verify_usage_errors_exit_2(env, capsys):
    for argv in (("verify", "--only", "nope"), ("verify", "--skip", "accounts,nope"),
                 ("verify", "--only", "rng", "--skip", "accounts"), ("verify", "--only", ",")):
        with pytest.raises(SystemExit) as exit_:
            main(list(argv))
        assert exit_.value.code == 2, argv
        assert "usage: ledger verify" in capsys.readouterr().err
