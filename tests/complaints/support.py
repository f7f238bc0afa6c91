"""Helpers of the complaint tests (issue 16): real commands through the ledger's writer, at the
test's ManualClock, and the projection caught up before reading (the read side); what the
evidence pack tests play: a póquer sem descarte jogada from a forced deck (rule 19) and a bingo
jogada run to its end on the ManualClock, both through the ledger's own commands
(tests/semdescarte/support.py, tests/bingo/support.py), and a pack's spec, built and printed."""

from __future__ import annotations

from datetime import date, datetime, timezone
from typing import Any

from sqlalchemy import Engine

from domain.complaints import commands as cc
from infra.complaints.evidence import build_pack, pack_json_bytes, pack_pdf_bytes, pack_spec
from tests.bingo import support as bingo
from tests.semdescarte import support as sd

STAFF_A = "staff:00000000-0000-4000-8000-00000000000a"
STAFF_B = "staff:00000000-0000-4000-8000-00000000000b"
# Monday 5 January 2026, noon in Lisbon (winter: UTC): the tests' first day.
MONDAY = datetime(2026, 1, 5, 12, tzinfo=timezone.utc)
NAME = "complaint_cases"


def day(d: int, hour: int = 12) -> datetime:
    """An instant in January 2026 (UTC, which is Lisbon's time in winter)."""
    return datetime(2026, 1, d, hour, tzinfo=timezone.utc)


def jan(d: int) -> date:
    return date(2026, 1, d)


def new_player(ledger: Any, name: str = "Ana") -> str:
    player_id, _ = ledger.register_player(display_name=name, actor="system")
    return str(player_id)


def open_case(ledger: Any, player: str, key: str, *, case_type: str = "account",
              channel: str = "operator", actor: str | None = None, **extra: Any) -> str:
    if channel != "operator":
        extra.setdefault("external_reference", f"{channel.upper()}-{key}")
    if case_type == "payment":
        extra.setdefault("transfer_ids", [f"deposit:{key}"])
    return ledger.run(cc.OpenCase(
        player_id=player, case_type=case_type, channel=channel, subject=f"Assunto {key}",
        description="O saldo não bate certo", idempotency_key=key,
        actor=actor or f"player:{player}", **extra))["case_id"]


def acknowledge(ledger: Any, case_id: str) -> None:
    ledger.run(cc.AcknowledgeCase(case_id=case_id, actor=STAFF_A, message="Recebida"))


def decide(ledger: Any, case_id: str, outcome: str = "rejected",
           compensation: dict[str, Any] | None = None) -> None:
    """Propose, approve (the second staff member), pay what it pays, resolve."""
    ledger.run(cc.ProposeDecision(case_id=case_id, outcome=outcome, reasons="Analisado",
                                  compensation=compensation, actor=STAFF_A))
    ledger.run(cc.ApproveDecision(case_id=case_id, actor=STAFF_B))
    if compensation is not None:
        ledger.run(cc.PayCompensation(case_id=case_id, idempotency_key=f"pay-{case_id}",
                                      actor=STAFF_A))
    ledger.run(cc.ResolveCase(case_id=case_id, actor=STAFF_A))


def engine(ledger: Any) -> Engine:
    """The projections' engine, once every projection has applied what was written."""
    assert ledger.projections.wait(ledger.writer.last_position, timeout=30)
    return ledger.projections.engine


FLUSH = ["Kh", "Th", "8h", "5h", "2h"]  # a flush: beats the bank, pays 5 × the bet (rule 27)
BANK_AK = ["Ac", "Kd", "9s", "4c", "7d"]  # ace-king high: the bank qualifies (rule 25)
BURN = "Qs"
GENERATED = datetime(2026, 3, 2, 10, 30, tzinfo=timezone.utc)


def sem_descarte(ledger: Any, table: dict[str, Any] | None = None,
                 player: sd.Seated | None = None, hand: list[str] = FLUSH,
                 bank: list[str] = BANK_AK) -> dict[str, Any]:
    """One jogada at an individual table: ante 2 €, the forced ``hand`` against ``bank``, the
    player continues (second bet 4 €, rule 20)."""
    if table is None:
        table, (player,) = sd.setup_table(ledger, sd.individual_config())
    placed = sd.ante(ledger, table, player, 200)
    sd.deal(ledger, table, player, sd.forced_deck(BURN, [hand], bank))
    sd.decide(ledger, table, placed["jogada_id"], player, "continue")
    return {"jogada_id": placed["jogada_id"], "table": table, "player": player,
            "player_id": str(player.player_id), "session_id": str(player.session_id)}


def bingo_30(ledger: Any, clock: Any, room: dict[str, Any] | None = None,
             players: list[bingo.Player] | None = None) -> dict[str, Any]:
    """A bingo 30 jogada: three players buy one card each (1 € a card), the sale closes, balls
    are drawn when due until the bingo (rules 16, 22)."""
    if room is None:
        room = bingo.new_room(ledger, bingo.config("30", min_players=3))
        players = bingo.players(ledger, room, 3)
    opened = bingo.open_jogada(ledger, room)
    cards = {str(p.player_id): bingo.buy(ledger, room, p, 1)["cards"] for p in players}
    bingo.close_sale(ledger, clock, room)
    bingo.draw_to_end(ledger, clock, room)
    return {"jogada_id": opened["jogada_id"], "room": room, "players": players,
            "player_id": str(players[0].player_id), "session_id": str(players[0].session_id),
            "cards": cards}


def spec_of(ledger: Any, player_id: str, jogadas: list[str] = (),
            transfers: list[str] = (), reference: str = "RC-2026-0042") -> dict[str, Any]:
    return pack_spec(ledger, case_id="5b0c3a52-6a4e-4f0e-9a0e-0c1d2e3f4a5b",
                     case_reference=reference, player_id=player_id, jogada_ids=list(jogadas),
                     transfer_ids=list(transfers), generated_at=GENERATED)


def printed(ledger: Any, spec: dict[str, Any]) -> tuple[dict[str, Any], bytes, bytes]:
    """The pack of ``spec``, its canonical JSON and its PDF."""
    pack = build_pack(ledger, spec)
    return pack, pack_json_bytes(pack), pack_pdf_bytes(pack)
