"""Hold'em jogadas in the players' listing (GET /players/{id}/jogadas, GET /jogadas, GET
/jogadas/{id}; domain/games/community_poker/listing.py), played through the ledger
(tests/holdem/played.py: the forced jogada; the game's routes are another branch's). Every
player dealt in has a row (rule 7) from the jogada's one ``JogadaOpened``: its stake is its
contributions, blinds included (rules 20-22, 48; A34); the end gives each its outcome (won,
lost, folded), what came back, and the commission it paid (rules 17a, 19; A24); a void gives
every contribution back (rule 72, A26). The rows one event made stay on one page."""

from __future__ import annotations

from tests.api.conftest import OPERATOR, ok
from tests.holdem import played as forced


def rows_by_seat(page: dict) -> dict[int, dict]:
    return {row["seat"]: row for row in page["data"]}


def test_he_7_17a_19_a24_a34_every_player_dealt_in_is_listed_with_its_contributions(
        make_client):
    client = make_client(certification_mode="1")
    table, players, jogada_id = forced.played(client.app.state.ledger)
    rows = rows_by_seat(ok(client.get("/jogadas", headers=OPERATOR, params={"game": "holdem"})))
    assert set(rows) == {1, 2, 3}
    pot, cut = forced.POT_CENTS, forced.COMMISSION_CENTS
    winner, loser, folder = rows[1], rows[2], rows[3]
    assert (winner["status"], winner["result"], winner["wagered_cents"], winner["won_cents"],
            winner["net_cents"]) == ("settled", "won", 300, pot - cut, pot - cut - 300)
    assert winner["detail"]["commission_cents"] == cut
    assert (loser["result"], loser["wagered_cents"], loser["won_cents"], loser["net_cents"]) == (
        "lost", 300, 0, -300)  # the small blind (0,50 €) and the call (2,50 €)
    assert (folder["result"], folder["wagered_cents"], folder["net_cents"]) == (
        "folded", 100, -100)  # the big blind
    assert folder["detail"]["folded"] is True and folder["detail"]["folded_on"] == "preflop"
    assert {r["venue"]["venue_id"] for r in rows.values()} == {table.venue_id}
    assert all(r["jogada_id"] == jogada_id and r["replay_url"] == f"/jogadas/{jogada_id}/replay"
               for r in rows.values())
    mine = ok(client.get(f"/players/{players['2'].player_id}/jogadas", headers=OPERATOR))
    assert [(r["jogada_id"], r["seat"], r["wagered_cents"]) for r in mine["data"]] == [
        (jogada_id, 2, 300)]
    jogada = ok(client.get(f"/jogadas/{jogada_id}", headers=OPERATOR))
    assert jogada["status"] == "settled"


def test_he_72_a26_a_void_jogada_lists_every_contribution_back_and_in_play_rows_first(
        make_client):
    """Voided after the raise (rule 72, A26): every contribution back; before that, the rows
    are in play with the blinds and the raise staked so far."""
    client = make_client(certification_mode="1")
    table, players = forced.seated(client.app.state.ledger)
    jogada_id = forced.start(table)
    table.act(players["1"], "raise", 300)
    in_play = rows_by_seat(ok(client.get("/jogadas", headers=OPERATOR)))
    assert {s: (r["status"], r["wagered_cents"]) for s, r in in_play.items()} == {
        1: ("in_play", 300), 2: ("in_play", 50), 3: ("in_play", 100)}
    venue = ok(client.get(f"/jogadas/{jogada_id}", headers=OPERATOR))
    assert venue["status"] == "in_play"
    table.void()
    rows = rows_by_seat(ok(client.get("/jogadas", headers=OPERATOR)))
    assert {s: (r["status"], r["result"], r["refunded_cents"], r["net_cents"])
            for s, r in rows.items()} == {1: ("void", "void", 300, 0), 2: ("void", "void", 50, 0),
                                          3: ("void", "void", 100, 0)}


def test_the_rows_one_event_made_stay_on_one_page(make_client):
    """Three rows at one position (the jogada's ``JogadaOpened``) and a page of 2: the page
    holds all three, and the cursor, a position, leaves none behind."""
    client = make_client(certification_mode="1")
    forced.played(client.app.state.ledger)
    table, _ = forced.seated(client.app.state.ledger)
    forced.start(table)
    everything = ok(client.get("/jogadas", headers=OPERATOR))["data"]
    assert len(everything) == 6
    first = ok(client.get("/jogadas", headers=OPERATOR, params={"limit": 2}))
    assert first["count"] == 3 and len({r["cursor"] for r in first["data"]}) == 1
    second = ok(client.get("/jogadas", headers=OPERATOR,
                           params={"limit": 2, "cursor": first["next_cursor"]}))
    assert second["count"] == 3 and second["next_cursor"] is None
    assert first["data"] + second["data"] == everything


def test_issue_24_limit_is_a_maximum_a_page_ends_before_an_event_that_does_not_fit(
        make_client):
    """Two jogadas of three players each (two events of three rows) and pages of 4: the first
    page is the newest event's three rows, not 3 + 3 = 6 items; the second the other three.
    GET /jogadas counts items (one per player and jogada), at most ``limit`` of them."""
    client = make_client(certification_mode="1")
    forced.played(client.app.state.ledger)
    table, _ = forced.seated(client.app.state.ledger)
    newest = forced.start(table)
    everything = ok(client.get("/jogadas", headers=OPERATOR))["data"]
    assert len(everything) == 6
    first = ok(client.get("/jogadas", headers=OPERATOR, params={"limit": 4}))
    assert first["count"] == 3 and {r["jogada_id"] for r in first["data"]} == {newest}
    second = ok(client.get("/jogadas", headers=OPERATOR,
                           params={"limit": 4, "cursor": first["next_cursor"]}))
    assert second["count"] == 3 and second["next_cursor"] is None
    assert first["data"] + second["data"] == everything
    exact = ok(client.get("/jogadas", headers=OPERATOR, params={"limit": 3}))
    assert exact["data"] == everything[:3] and exact["next_cursor"] is not None
