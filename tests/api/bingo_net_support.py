"""A bingo jogada in which a player is paid a prize worth less than its cards cost (issue 24: a
player labelled "won" with a net of −1,04 €), played over HTTP with the room's clock ticked at
the test's ManualClock.

Bingo 30, three players, two cards each at 1 €: the pool is 80 % of 6 € (4,80 €), the column
20 % of it (0,96 €), the bingo 80 % (3,84 €; rules 19, 31). A player paid the column alone is
paid 0,96 € for cards that cost 2,00 €: net −1,04 €. The cards come from the jogada's seed, so
who wins what is only known once it is played: jogadas are played until one has a player paid
a prize and still at a net loss (one jogada in three or so has the column and the bingo on the
cards of one player). What each player was paid is read from the replay (the prizes' shares),
never from the listing under test."""

from __future__ import annotations

from typing import Any

from tests.api.conftest import OPERATOR, ok
from tests.api.test_bingo_api import drive_to_end
from tests.viewer.play import BINGO_30, player

PRICE, CARDS = BINGO_30["card_price_cents"], 2
NAMES = ("Ana", "Bia", "Rui")


def expected_result(paid_cents: int, spent_cents: int) -> str:
    """The listing's result of a settled bingo jogada, from the prizes and the cards' price."""
    if not paid_cents:
        return "lost"
    net = paid_cents - spent_cents
    return "won" if net > 0 else "prize_net_loss" if net < 0 else "prize_net_even"


def paid_by_player(replayed: dict[str, Any]) -> dict[str, int]:
    """What each player was paid: the shares of every prize and of the jackpot."""
    final, paid = replayed["final"], {}
    for won in [*final["won"].values(), final["jackpot"] or {"shares": {}}]:
        for player_id, cents in won["shares"].items():
            paid[player_id] = paid.get(player_id, 0) + cents
    return paid


def small_prize_jogada(client, clock, attempts: int = 12) -> dict[str, Any]:
    """Plays bingo 30 jogadas until a player is paid a prize and still nets a loss. Returns
    the jogada id, the players (name → id and headers), what each was paid and spent, and the
    id of a player paid less than its cards cost."""
    room = ok(client.post("/bingo/rooms", headers=OPERATOR, json={
        "name": "Sala", "config": {**BINGO_30, "sale_seconds": 30, "draw_interval_ms": 1_000,
                                   "prize_pause_ms": 0}}), 201)
    rid = room["room_id"]
    players = {name: player(client, OPERATOR, name, room["venue_id"], "bingo")
               for name in NAMES}
    for _, headers in players.values():
        ok(client.post(f"/bingo/rooms/{rid}/players", json={}, headers=headers), 201)
    for attempt in range(1, attempts + 1):
        jogada_id = ok(client.post(f"/bingo/rooms/{rid}/jogadas", json={}, headers=OPERATOR),
                       201)["jogada_id"]
        for name, (_, headers) in players.items():
            ok(client.post(f"/bingo/rooms/{rid}/cards", headers=headers, json={
                "count": CARDS, "idempotency_key": f"cards-{attempt}-{name}"}), 201)
        drive_to_end(client, clock, rid)
        replayed = ok(client.get(f"/jogadas/{jogada_id}/replay", headers=OPERATOR))
        assert replayed["final"]["status"] == "settled"
        paid = paid_by_player(replayed)
        spent = {pid: CARDS * PRICE for pid, _ in players.values()}
        small = [pid for pid, cents in paid.items() if 0 < cents < spent[pid]]
        if small:
            return {"jogada_id": jogada_id, "room_id": rid, "players": players,
                    "paid": paid, "spent": spent, "small": small[0]}
    raise AssertionError(f"no prize below the cards' price in {attempts} jogadas")
