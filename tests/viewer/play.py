"""Real jogadas of each game for the viewer's tests, played over HTTP with any client that has
``get`` and ``post`` (fastapi's TestClient in process, httpx against ``ledger serve``): the
cards are forced (certification mode) so that the tests know, independently of the service,
what every step must show."""

from __future__ import annotations

from typing import Any

from tests.api.semdescarte_support import BANK_AK, FLUSH_HAND, forced_deck
from tests.waiting import until

BIA_HAND = ["3d", "3s", "6c", "Jd", "Qh"]
JACKPOT = {"stake_cents": 100, "contribution_bp": 7_000, "starting_value_cents": 1_000_000}
BINGO_30 = {"variant": "30", "card_price_cents": 100, "max_cards": 4, "pool_bp": 8_000,
            "prizes": {"column": 2_000, "bingo": 8_000}, "min_players": 3}


def ok(r, status: int = 200) -> Any:
    assert r.status_code == status, f"{r.request.method} {r.request.url}: {r.status_code} {r.text}"
    return r.json()


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def player(client, operator: dict[str, str], name: str, venue_id: str, game: str,
           funds: int = 10_000) -> tuple[str, dict[str, str]]:
    """A player with ``funds`` in the wallet and a game session open at ``venue_id``."""
    registered = ok(client.post("/players", json={"display_name": name}, headers=operator), 201)
    pid, headers = registered["player_id"], bearer(registered["api_key"])
    ok(client.post(f"/players/{pid}/deposits", headers=operator,
                   json={"amount_cents": funds, "idempotency_key": f"dep-{pid}"}), 201)
    ok(client.post("/sessions", json={"venue_id": venue_id, "game": game}, headers=headers), 201)
    return pid, headers


def individual_sem_descarte(client, operator: dict[str, str]) -> dict[str, Any]:
    """Ana at an individual table with the jackpot side bet: ante 2 €, side bet 1 €, a forced
    flush against a bank of ace-king high, she continues. Certification mode."""
    table = ok(client.post("/semdescarte/tables", headers=operator, json={
        "name": "Mesa viewer", "config": {"kind": "individual", "min_ante_cents": 100,
                                          "max_ante_cents": 2_500, "decision_seconds": 60,
                                          "extra_seconds": 30, "jackpot": JACKPOT}}), 201)
    tid = table["table_id"]
    pid, ana = player(client, operator, "Ana", table["venue_id"], table["game"])
    ok(client.post(f"/semdescarte/tables/{tid}/seats", json={}, headers=ana), 201)
    jogada_id = ok(client.post(f"/semdescarte/tables/{tid}/antes", headers=ana, json={
        "ante_cents": 200, "jackpot_bet_cents": 100, "idempotency_key": "a1"}), 201)["jogada_id"]
    deck = forced_deck([FLUSH_HAND], BANK_AK, burn="Qs")
    ok(client.post(f"/semdescarte/tables/{tid}/deal", json={"forced_deck": deck}, headers=ana))
    ok(client.post(f"/semdescarte/tables/{tid}/decisions", headers=ana,
                   json={"jogada_id": jogada_id, "decision": "continue"}))
    return {"jogada_id": jogada_id, "hands": {"1": FLUSH_HAND}, "bank": BANK_AK,
            "burned": "Qs", "player_headers": ana, "player_id": pid}


def bingo_30_served(client, operator: dict[str, str], timeout: float = 120.0) -> dict[str, Any]:
    """A bingo 30 jogada run by the room's own clock (``ledger serve``): three players join, the
    clock opens a sale of 2 s, each buys one card, then it draws a ball a second until the bingo
    (rules 6, 16, 22, 25). Returns the jogada id and each card bought."""
    room = ok(client.post("/bingo/rooms", headers=operator, json={
        "name": "Sala viewer", "config": {**BINGO_30, "sale_seconds": 2,
                                          "draw_interval_ms": 1_000, "prize_pause_ms": 0}}), 201)
    rid = room["room_id"]
    buyers = [player(client, operator, name, room["venue_id"], "bingo")
              for name in ("Ana", "Bia", "Rui")]
    for _, headers in buyers:
        ok(client.post(f"/bingo/rooms/{rid}/players", json={}, headers=headers), 201)
    def on_sale() -> dict[str, Any] | None:
        room_now = ok(client.get(f"/bingo/rooms/{rid}", headers=operator))
        return room_now if room_now["status"] == "sale" else None

    jogada_id = until(on_sale, timeout, 0.2)["open_jogada"]["jogada_id"]
    cards: dict[int, list[list[int | None]]] = {}
    for pid, headers in buyers:
        bought = ok(client.post(f"/bingo/rooms/{rid}/cards", headers=headers,
                                json={"count": 1, "idempotency_key": f"cards-{pid}"}), 201)
        cards.update({c["card"]: c["numbers"] for c in bought["cards"]})
    until(lambda: ok(client.get(f"/jogadas/{jogada_id}", headers=operator))["status"]
          == "settled", timeout, 0.2)
    return {"jogada_id": jogada_id, "cards": cards}


def cointoss_served(client, operator: dict[str, str], timeout: float = 60.0) -> dict[str, Any]:
    """A coin toss (the game defined under tests/cointoss/, served with LEDGER_GAMES): one bet,
    the table's clock tosses a second later."""
    table = ok(client.post("/cointoss/tables", headers=operator, json={
        "name": "Moeda", "config": {"stake_cents": 100, "toss_after": 1}}), 201)
    _, headers = player(client, operator, "Ana", table["venue_id"], "cointoss")
    bet = ok(client.post(f"/cointoss/tables/{table['table_id']}/bets", headers=headers, json={
        "side": "heads", "stake_cents": 100, "idempotency_key": "b1"}), 201)
    until(lambda: ok(client.get(f"/jogadas/{bet['jogada_id']}", headers=operator))["status"]
          == "settled", timeout, 0.2)
    return {"jogada_id": bet["jogada_id"]}



def holdem_before_serving(database_url: str, operator_key: str) -> dict[str, Any]:
    """The forced hold'em jogada of tests/holdem/played.py, played in process on the database
    a ``ledger serve`` will then serve (certification mode, every game's clock off): this
    branch has no hold'em routes to play it over HTTP. Returns its id and cards."""
    from infra.container import build_ledger
    from infra.games import BUILTIN
    from infra.runtime.settings import Settings
    from tests.holdem import played as forced

    ledger = build_ledger(Settings(
        database_url=database_url, bootstrap_operator_key=operator_key, certification_mode="1",
        audit_checkpoint_interval=0.0, inactivity_sweep_interval=0.0,
        **{f"{game.name}_tick_interval": 0.0 for game in BUILTIN}))
    try:
        _, _, jogada_id = forced.played(ledger)
    finally:
        ledger.close()
    return {"jogada_id": jogada_id, "hole": forced.HOLE, "board": forced.BOARD}
