"""Póquer sem descarte online (Reg. 803/2015) over HTTP, end to end: tables, seats, antes,
the deal, decisions, settlement, the jackpot side bet (Portaria 461/2001), interruptions, the
session statement and the ledger-wide accounts audit (rules-digest §2, §3, A1–A12).

Every expected amount is computed here by hand from the paytable (rule 12, "N to 1" per A2),
the ante rules (26, 28, 29, A1, A3) and the jackpot prizes (Portaria r9, A12), never taken from
the service's own answer. Forced decks (certification mode) follow rule 19: index 0 burned;
in round k = 0..4 the players get 1+k(n+1) … k(n+1)+n in seat order and the bank (k+1)(n+1);
the bank's last card is face up.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.conftest import OPERATOR, Api, bearer, ok

SD = "póquer sem descarte rule"
FUNDS = 100_000
BURN = "2h"


# Helpers ----------------------------------------------------------------------------------------
def multi_config(seats: int = 7, *, jackpot: bool = True, **extra: Any) -> dict[str, Any]:
    config: dict[str, Any] = {"kind": "multi", "seats": seats, "min_ante_cents": 100,
                              "max_ante_cents": 2_500, "decision_seconds": 30,
                              "extra_seconds": 10, "betting_seconds": 15}
    if jackpot:  # Portaria r8 (stake), r3 (70 % to the pool), r10 (start ≥ 10 000 × stake)
        config["jackpot"] = {"stake_cents": 100, "contribution_bp": 7_000,
                             "starting_value_cents": 1_000_000}
    config.update(extra)
    return config


def individual_config(**extra: Any) -> dict[str, Any]:
    config: dict[str, Any] = {"kind": "individual", "min_ante_cents": 100,
                              "max_ante_cents": 2_500, "decision_seconds": 20, "extra_seconds": 10}
    config.update(extra)
    return config


def create_table(client, config: dict[str, Any], name: str = "Mesa 1") -> dict[str, Any]:
    r = client.post("/semdescarte/tables", json={"name": name, "config": config},
                    headers=OPERATOR)
    assert r.status_code == 201, r.text
    return r.json()


def seated(api: Api, table: dict[str, Any], name: str, *, seat: int | None = None,
           funds: int = FUNDS) -> tuple[str, dict[str, str], str]:
    """A player with ``funds`` on the wallet, a game session at the table's venue and a seat."""
    player_id, headers = api.player(name)
    if funds:
        assert api.deposit(player_id, funds, f"dep-{player_id}").status_code == 201
    r = api.client.post("/sessions", json={"venue_id": table["venue_id"], "game": table["game"]},
                        headers=headers)
    assert r.status_code == 201, r.text
    session_id = r.json()["session_id"]
    body = {} if seat is None else {"seat": seat}
    r = api.client.post(f"/semdescarte/tables/{table['table_id']}/seats", json=body,
                        headers=headers)
    assert r.status_code == 201, r.text
    assert r.json()["session_id"] == session_id
    return player_id, headers, session_id


def ante(client, table_id: str, headers, ante_cents: Any, key: str, jackpot: Any = None,
         **extra: Any):
    body: dict[str, Any] = {"ante_cents": ante_cents, "idempotency_key": key, **extra}
    if jackpot is not None:
        body["jackpot_bet_cents"] = jackpot
    return client.post(f"/semdescarte/tables/{table_id}/antes", json=body, headers=headers)


def deal(client, table_id: str, headers, forced_deck: list[str] | None = None):
    body = {} if forced_deck is None else {"forced_deck": forced_deck}
    return client.post(f"/semdescarte/tables/{table_id}/deal", json=body, headers=headers)


def decide(client, table_id: str, headers, jogada_id: str, decision: str):
    return client.post(f"/semdescarte/tables/{table_id}/decisions",
                       json={"jogada_id": jogada_id, "decision": decision}, headers=headers)


def view(client, table_id: str, headers) -> dict[str, Any]:
    return ok(client.get(f"/semdescarte/tables/{table_id}/view", headers=headers))


def table_state(client, table_id: str) -> dict[str, Any]:
    return ok(client.get(f"/semdescarte/tables/{table_id}", headers=OPERATOR))


def statement(client, session_id: str, headers=OPERATOR) -> dict[str, Any]:
    return ok(client.get(f"/sessions/{session_id}/statement", headers=headers))


def audit(client) -> dict[str, Any]:
    return ok(client.get("/audit/accounts", headers=OPERATOR))


def account_balance(report: dict[str, Any], code: str) -> int:
    [row] = [a for a in report["data"] if a["account_code"] == code]
    return row["balance_cents"]


def forced_deck(hands: list[list[str]], bank: list[str], burn: str = BURN,
                rest: list[str] | None = None) -> list[str]:
    """Rule 19 order: the burn card, then five rounds of one card per seat and one to the bank."""
    deck = [burn]
    for k in range(5):
        deck.extend(hand[k] for hand in hands)
        deck.append(bank[k])
    deck.extend(rest or [])
    n = len(hands)
    for seat, hand in enumerate(hands):  # the digest's index formula, checked on our own deck
        assert [deck[1 + k * (n + 1) + seat] for k in range(5)] == hand
    assert [deck[(k + 1) * (n + 1)] for k in range(5)] == bank
    assert len(set(deck)) == len(deck), "one 52-card deck (rule 6b)"
    return deck


def strings_in(value: Any) -> list[str]:
    """Every string (keys included) anywhere in a JSON document."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in [str(k), *strings_in(v)]]
    if isinstance(value, list):
        return [s for v in value for s in strings_in(v)]
    return []


def cards_in(value: Any, universe: set[str]) -> set[str]:
    return {s for s in strings_in(value) if s in universe}


def error_of(r, status: int) -> dict[str, Any]:
    assert r.status_code == status, r.text
    return r.json()["error"]


# 1. Seven players at a multi-seat table with the jackpot, from the bet to the statement --------
BANK = ["8c", "8d", "Kc", "7h", "4d"]  # one pair: qualifies (rules 7k, 25); 4d face up (19c)
SEVEN = [
    # (ante, jackpot bet, hand, decision, result, paytable N (rule 12), jackpot prize (r9))
    (100, 100, ["9c", "9d", "9h", "9s", "2c"], "continue", "player_won", 20, 500 * 100),
    (200, 100, ["Qc", "Qd", "Qh", "5c", "5d"], "continue", "player_won", 7, 100 * 100),
    (300, None, ["As", "Js", "6s", "3s", "2s"], "continue", "player_won", 5, 0),
    (150, 100, ["Ah", "Jh", "Th", "6h", "3h"], "fold", "folded", None, 0),  # A12: no jackpot
    (500, 100, ["8h", "8s", "Kd", "7d", "4h"], "continue", "push", None, 0),  # A1
    (250, None, ["3c", "3d", "Jc", "Tc", "6c"], "continue", "bank_won", None, 0),  # rule 29
    (1_000, None, ["Ad", "Ks", "Qs", "Jd", "Td"], "continue", "player_won", 4, 0),  # straight
]


def expected_delta(ante_cents: int, jackpot: int | None, result: str, n: int | None,
                   prize: int) -> int:
    """The wallet's change over the jogada, from the rules (not from the service)."""
    jb = jackpot or 0
    bet = 2 * ante_cents  # rules 2f, 23
    if result == "folded":
        return -ante_cents - jb  # rule 22
    if result == "bank_won":
        return -ante_cents - bet - jb  # rule 29
    if result == "push":
        return -jb  # A1: both bets back, nothing won
    if result == "bank_not_qualified":
        return ante_cents - jb  # rule 26, A3
    return ante_cents + n * bet + prize - jb  # rule 28: ante 1 to 1, bet N to 1 (A2); r9


def test_seven_players_multi_seat_jogada_from_bet_to_statement(api, make_client, clock):
    """Rules 5, 6a, 14, 19, 19c, 20–29, 12 (N to 1, A2), A1 (push), 39 (statement); Portaria
    r3, r4b, r8–r10 and A12 (a folded hand wins no jackpot prize): seven players bet against the
    bank, each sees only its own cards and the bank's open card, and every wallet, every session
    statement and the ledger-wide accounts agree with amounts computed by hand."""
    client = make_client(certification_mode="1")
    api = Api(client)
    table = create_table(client, multi_config())
    tid = table["table_id"]
    assert table["game"] == "sem_descarte_multi"
    before = audit(client)
    assert account_balance(before, table["jackpot_account"]) == 1_000_000  # Portaria r10
    players = []
    for seat, (ante_cents, jackpot, *_rest) in enumerate(SEVEN, start=1):
        pid, headers, sid = seated(api, table, f"Jogador {seat}", seat=seat)
        r = ante(client, tid, headers, ante_cents, f"ante-{seat}", jackpot)
        assert r.status_code == 201, r.text
        body = r.json()
        assert (body["seat"], body["ante_cents"], body["held_cents"]) == (
            seat, ante_cents, 3 * ante_cents)  # A8: 3 × ante held
        held = 3 * ante_cents + (jackpot or 0)
        assert api.balance(pid) == {"available_cents": FUNDS - held, "held_cents": held,
                                    "balance_cents": FUNDS}
        players.append((pid, headers, sid))
    jogada_id = body["jogada_id"]

    # Rule 14: the betting period runs until betting_closes_at; no deal before it ends.
    clock.advance(15)
    assert error_of(deal(client, tid, OPERATOR), 409)["rule"] == f"{SD} 14"
    clock.advance(1)
    hands = [row[2] for row in SEVEN]
    deck = forced_deck(hands, BANK)
    r = deal(client, tid, OPERATOR, deck)
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "deciding" and r.json()["bank_open_card"] == "4d"
    assert "cards" not in r.json()  # the operator sees no hole cards

    # Rule 19c: each player sees its own 5 cards and the bank's open card, nothing else.
    universe = {c for hand in hands for c in hand} | set(BANK) | {BURN}
    for seat, (pid, headers, _sid) in enumerate(players, start=1):
        seen = view(client, tid, headers)
        assert seen["jogada_id"] == jogada_id and seen["seat"] == seat
        assert seen["cards"] == hands[seat - 1]
        assert seen["bank_open_card"] == "4d"
        assert seen["options"] == ["fold", "continue"]  # rule 30
        assert seen["bet_if_continue_cents"] == 2 * SEVEN[seat - 1][0]  # rule 23
        assert cards_in(seen, universe) == set(hands[seat - 1]) | {"4d"}
        # The jackpot stakes were collected before any card (Portaria r4b): only 3 × ante held.
        assert api.balance(pid)["held_cents"] == 3 * SEVEN[seat - 1][0]
    for staff in (OPERATOR, api.staff("auditor")[1]):
        assert cards_in(view(client, tid, staff), universe) == {"4d"}
    assert cards_in(table_state(client, tid), universe) == set()

    # Rules 20–23: every player decides; the last decision settles the jogada (rules 24–29).
    for seat, (pid, headers, _sid) in enumerate(players, start=1):
        decision = SEVEN[seat - 1][3]
        r = decide(client, tid, headers, jogada_id, decision)
        assert r.status_code == 200, r.text
        assert r.json()["settled"] is (seat == 7)
        if seat < 7:
            assert cards_in(r.json(), universe) == set(hands[seat - 1]) | {"4d"}
    assert table_state(client, tid)["open_jogada"] is None

    total_delta = 0
    for seat, (pid, headers, sid) in enumerate(players, start=1):
        ante_cents, jackpot, _hand, decision, result, n, prize = SEVEN[seat - 1]
        delta = expected_delta(ante_cents, jackpot, result, n, prize)
        total_delta += delta
        assert api.balance(pid, headers) == {"available_cents": FUNDS + delta, "held_cents": 0,
                                             "balance_cents": FUNDS + delta}, f"seat {seat}"
        st = statement(client, sid, headers)  # rule 39
        wagered = ante_cents + (jackpot or 0) + (2 * ante_cents if decision == "continue" else 0)
        assert st["wagered_cents"] == wagered, f"seat {seat}"
        assert st["net_cents"] == delta == st["won_cents"] - st["wagered_cents"], f"seat {seat}"
    # By hand: 4100 + 50000 − 100 | 3000 + 10000 − 100 | 3300 | −250 | −100 | −750 | 9000
    assert [expected_delta(*row[:2], *row[4:]) for row in SEVEN] == [
        54_000, 12_900, 3_300, -250, -100, -750, 9_000]

    # Money is conserved: the accounts sum to 0; the jackpot pool moved by the 70 % share of
    # four stakes (r3) less the two prizes (r9); the house paid the rest.
    after = audit(client)
    assert after["total_cents"] == 0 and after["balanced"] is True
    pool = account_balance(after, table["jackpot_account"])
    assert pool == 1_000_000 + 4 * 70 - 50_000 - 10_000
    assert account_balance(after, "house") - account_balance(before, "house") == (
        -total_delta - (pool - 1_000_000))


def test_pt_r9_a12_jackpot_prizes_in_order_and_paid_when_the_bank_does_not_qualify(
        api, make_client, clock):
    """Portaria r9 with A12: jackpot prizes are paid whether or not the bank qualifies; the
    fixed multiples first (flush 50 × stake), then 10 % of the pool for a straight flush, then
    the royal flush takes what is left; the house funds the pool back to its starting value
    (r10). The bank (K-Q high) does not qualify: each main game pays the ante 1 to 1 and returns
    the second bet (rule 26, A3), even to the royal flush."""
    client = make_client(certification_mode="1")
    api = Api(client)
    table = create_table(client, multi_config(seats=3))
    tid = table["table_id"]
    before = audit(client)
    rows = [(100, ["As", "Ks", "Qs", "Js", "Ts"]), (200, ["9h", "8h", "7h", "6h", "5h"]),
            (300, ["Ad", "9d", "7d", "4d", "2d"])]
    people = []
    for seat, (ante_cents, _hand) in enumerate(rows, start=1):
        pid, headers, sid = seated(api, table, f"J{seat}", seat=seat)
        r = ante(client, tid, headers, ante_cents, f"a{seat}", 100)
        assert r.status_code == 201, r.text
        people.append((pid, headers, sid))
    jogada_id = r.json()["jogada_id"]
    clock.advance(16)
    deck = forced_deck([hand for _, hand in rows], ["Kc", "Qc", "8c", "3h", "2c"], burn="3d")
    assert deal(client, tid, OPERATOR, deck).status_code == 200
    for pid, headers, _ in people:
        assert decide(client, tid, headers, jogada_id, "continue").status_code == 200
    pool = 1_000_000 + 3 * 70  # r3: 70 % of each 100-cent stake
    flush = 50 * 100  # r9e
    straight_flush = (pool - flush) // 10  # r9b, after the fixed prizes (A12)
    royal = pool - flush - straight_flush  # r9a: what is left
    assert (flush, straight_flush, royal) == (5_000, 99_521, 895_689)
    prizes = [royal, straight_flush, flush]
    deltas = []
    for (ante_cents, _), (pid, headers, sid), prize in zip(rows, people, prizes):
        delta = ante_cents + prize - 100  # rule 26 / A3 + the jackpot prize − the side bet
        deltas.append(delta)
        assert api.balance(pid) == {"available_cents": FUNDS + delta, "held_cents": 0,
                                    "balance_cents": FUNDS + delta}
        st = statement(client, sid, headers)
        assert (st["wagered_cents"], st["net_cents"]) == (3 * ante_cents + 100, delta)
    after = audit(client)
    assert after["total_cents"] == 0
    assert account_balance(after, table["jackpot_account"]) == 1_000_000  # refilled (r10, A12)
    assert account_balance(after, "house") - account_balance(before, "house") == -sum(deltas)


# 2. Individual table ------------------------------------------------------------------------------
def test_sd_15_individual_table_the_player_starts_the_deal_and_decides(api, make_client, clock):
    """Rules 15 (the player starts the deal once the ante is placed), 19 (n = 1: the player
    gets 1, 3, 5, 7, 9, the bank 2, 4, 6, 8, 10, index 10 face up), 20, 23, 28, 12 (a flush
    pays 5 to 1 on the second bet), 39; another player cannot deal or decide in it."""
    client = make_client(certification_mode="1")
    api = Api(client)
    table = create_table(client, individual_config())
    tid = table["table_id"]
    assert table["game"] == "sem_descarte_individual"
    pid, ana, sid = seated(api, table, "Ana")  # seat 1 by default
    other_id, other, _ = seated(api, create_table(client, individual_config()), "Rui")

    # No ante yet: nothing to deal (rule 15).
    assert error_of(deal(client, tid, ana), 409)["field"] == "jogada_id"
    r = ante(client, tid, ana, 200, "a1")
    assert r.status_code == 201, r.text
    jogada_id = r.json()["jogada_id"]
    assert r.json()["betting_closes_at"] is None  # no betting window at an individual table
    assert view(client, tid, ana)["status"] == "betting" and "cards" not in view(client, tid, ana)
    # The decision comes after the cards (rule 20).
    assert error_of(decide(client, tid, ana, jogada_id, "continue"), 409)["rule"] == f"{SD} 20"

    hand, bank = ["Kh", "Th", "8h", "5h", "2h"], ["Ac", "Kd", "9s", "4c", "7d"]  # bank: A+K
    deck = forced_deck([hand], bank, burn="Qs")
    assert deck[1::2][:5] == hand and deck[2::2][:5] == bank  # the n = 1 indices
    # Another player, not seated here, cannot start this player's deal (rule 15).
    error = error_of(deal(client, tid, other, deck), 403)
    assert (error["code"], error["rule"]) == ("forbidden", f"{SD} 15")
    assert view(client, tid, ana)["status"] == "betting"
    r = deal(client, tid, ana, deck)
    assert r.status_code == 200, r.text
    assert (r.json()["cards"], r.json()["bank_open_card"]) == (hand, "7d")
    assert error_of(deal(client, tid, ana, deck), 409)["rule"] == f"{SD} 19"  # dealt once
    # Another player cannot decide in it (rule 20) and sees no card of it.
    assert error_of(decide(client, tid, other, jogada_id, "fold"), 403)["rule"] == f"{SD} 20"
    assert cards_in(view(client, tid, other), set(hand) | set(bank)) == {"7d"}

    r = decide(client, tid, ana, jogada_id, "continue")
    assert r.status_code == 200, r.text
    assert r.json()["settled"] is True
    assert error_of(decide(client, tid, ana, jogada_id, "fold"), 409)["field"] == "jogada_id"
    win = 200 + 5 * 400  # rule 28b: ante 1 to 1; rule 12: flush 5 to 1 on the 400 bet (A2)
    assert api.balance(pid) == {"available_cents": FUNDS + win, "held_cents": 0,
                                "balance_cents": FUNDS + win}
    st = statement(client, sid, ana)
    assert (st["wagered_cents"], st["won_cents"], st["net_cents"]) == (600, 600 + win, win)
    assert api.balance(other_id)["available_cents"] == FUNDS
    assert audit(client)["total_cents"] == 0


def two_seated(make_client):
    """Certification mode, a two-seat table without jackpot, Ana at seat 1 and Bia at seat 2:
    (client, api, table id, Ana's (id, headers, session), Bia's)."""
    client = make_client(certification_mode="1")
    api = Api(client)
    table = create_table(client, multi_config(seats=2, jackpot=False))
    return (client, api, table["table_id"], seated(api, table, "Ana", seat=1),
            seated(api, table, "Bia", seat=2))


def certified_individual(make_client):
    """A client in certification mode (forced decks) and Ana seated at an individual table:
    (client, api, table id, player id, Ana's headers, session id)."""
    client = make_client(certification_mode="1")
    api = Api(client)
    table = create_table(client, individual_config())
    pid, ana, sid = seated(api, table, "Ana")
    return client, api, table["table_id"], pid, ana, sid


def test_sd_26_a3_bank_that_does_not_qualify_pays_the_ante_and_returns_the_bet(api, make_client):
    """Rule 26 with A3: the bank holds neither ace + king nor a pair; the player's ante is paid
    1 to 1 and its second bet comes back untouched, whatever its hand."""
    client, api, tid, pid, ana, sid = certified_individual(make_client)
    jogada_id = ante(client, tid, ana, 300, "a1").json()["jogada_id"]
    hand, bank = ["3c", "5d", "7h", "9s", "Jc"], ["Ah", "Qd", "Js", "5s", "2c"]  # A-Q high
    assert deal(client, tid, ana, forced_deck([hand], bank)).status_code == 200
    assert decide(client, tid, ana, jogada_id, "continue").json()["settled"] is True
    assert api.balance(pid) == {"available_cents": FUNDS + 300, "held_cents": 0,
                                "balance_cents": FUNDS + 300}
    assert statement(client, sid, ana)["net_cents"] == 300


def test_sd_15_an_operator_cannot_start_the_deal_of_an_individual_table(api, make_client):
    """Rule 15: at an individual table the player who bet starts the deal, when it wants to."""
    client = make_client()
    api = Api(client)
    table = create_table(client, individual_config())
    pid, ana, _ = seated(api, table, "Ana")
    assert ante(client, table["table_id"], ana, 100, "a1").status_code == 201
    error = error_of(deal(client, table["table_id"], OPERATOR), 403)
    assert error["rule"] == f"{SD} 15"
    assert view(client, table["table_id"], ana)["status"] == "betting"


def test_sd_31_the_extra_time_runs_from_the_warning(api, client, clock):
    """Rule 31: the player is warned and then given the extra time; rule 32 only after it."""
    table = create_table(client, individual_config())
    tid = table["table_id"]
    pid, ana, _ = seated(api, table, "Ana")
    jogada_id = ante(client, tid, ana, 100, "a1").json()["jogada_id"]
    assert deal(client, tid, ana).status_code == 200
    clock.advance(35)  # the table's clock was late
    r = client.post(f"/semdescarte/tables/{tid}/tick", headers=OPERATOR)
    assert r.json()["done"] == ["decision_time_extended"]
    assert view(client, tid, ana)["options"] == ["fold", "continue"]
    clock.advance(5)  # within the 10 s of extra time after the warning
    r = decide(client, tid, ana, jogada_id, "continue")
    assert r.status_code == 200, r.text


FLUSH_HAND = ["Kh", "Th", "8h", "5h", "2h"]
BANK_AK = ["Ac", "Kd", "9s", "4c", "7d"]


def test_sd_2e_39_a_player_cannot_end_its_session_with_a_bet_in_play(api, make_client):
    """Rules 2e and 39: a jogada runs from the bets to the payment, and the statement covers
    every jogada the player bet in; so the player ends its session between jogadas (409,
    nothing recorded) and the statement it then gets matches the money to the cent."""
    client, api, tid, pid, ana, sid = certified_individual(make_client)
    jogada_id = ante(client, tid, ana, 100, "a1").json()["jogada_id"]
    early = client.post(f"/sessions/{sid}/end", json={"reason": "player"}, headers=ana)
    assert error_of(early, 409)["rule"] == "póquer sem descarte rule 2e"  # betting, before the cards
    assert deal(client, tid, ana, forced_deck([FLUSH_HAND], BANK_AK, burn="Qs")).status_code == 200
    ended = client.post(f"/sessions/{sid}/end", json={"reason": "player"}, headers=ana)
    err = error_of(ended, 409)
    assert (err["field"], err["rule"]) == ("session_id", "póquer sem descarte rule 2e")
    assert jogada_id in err["message"]
    assert statement(client, sid, ana)["status"] == "open"
    assert decide(client, tid, ana, jogada_id, "continue").status_code == 200
    ended = client.post(f"/sessions/{sid}/end", json={"reason": "player"}, headers=ana)
    assert ended.status_code == 200, ended.text
    change = api.balance(pid)["available_cents"] - FUNDS
    assert change > 0  # a flush against a qualified bank
    final = ended.json()
    assert (final["status"], final["jogadas"], final["wagered_cents"]) == ("ended", 1, 300)
    assert final["net_cents"] == change


@pytest.mark.parametrize("venue_id", ["semdescarte:nope", "semdescarte:",
                                      "semdescarte:00000000-0000-0000-0000-000000000000"])
def test_sd_2e_39_a_session_at_a_venue_that_names_no_table_ends_normally(api, client, venue_id):
    """Rule 2e's check looks for the table the session's venue names; a venue id that names no
    table (sessions may be started at any venue id) has no jogada in play: the end is a 200 with
    the statement, not a 500."""
    _, ana = api.player("Ana")
    r = client.post("/sessions", json={"venue_id": venue_id, "game": "sem_descarte_individual"},
                    headers=ana)
    assert r.status_code == 201, r.text
    ended = client.post(f"/sessions/{r.json()['session_id']}/end", json={"reason": "player"},
                        headers=ana)
    assert ended.status_code == 200, ended.text
    assert (ended.json()["status"], ended.json()["end_reason"]) == ("ended", "player")


def test_sd_35_39_a_session_ended_by_the_operator_mid_jogada_still_gets_its_settlement(
        api, make_client):
    """Rules 35–36 and 39: an operator may end the session while the jogada is in play (a
    lost connection); the jogada goes on, and its second bet and its settlement still go on
    that session's statement, which then matches the money."""
    client, api, tid, pid, ana, sid = certified_individual(make_client)
    jogada_id = ante(client, tid, ana, 100, "a1").json()["jogada_id"]
    assert deal(client, tid, ana, forced_deck([FLUSH_HAND], BANK_AK, burn="Qs")).status_code == 200
    ended = client.post(f"/sessions/{sid}/end", json={"reason": "connection_lost"},
                        headers=OPERATOR)
    assert ended.status_code == 200, ended.text
    assert ended.json()["net_cents"] == -100  # only the ante so far
    assert decide(client, tid, ana, jogada_id, "continue").status_code == 200
    final = statement(client, sid, ana)
    change = api.balance(pid)["available_cents"] - FUNDS
    assert change > 0
    assert (final["status"], final["end_reason"]) == ("ended", "connection_lost")
    assert (final["wagered_cents"], final["net_cents"]) == (300, change)


def test_sd_31_32_no_decision_in_time_extra_time_then_fold(api, client, clock):
    """Rules 21, 31, 32: after the decision time the player is warned and given the extra time;
    still silent, it has folded and lost the ante, and the rest of the hold comes back."""
    table = create_table(client, individual_config())
    tid = table["table_id"]
    pid, ana, sid = seated(api, table, "Ana")
    jogada_id = ante(client, tid, ana, 100, "a1").json()["jogada_id"]
    assert deal(client, tid, ana).status_code == 200
    tick = lambda: client.post(f"/semdescarte/tables/{tid}/tick", headers=OPERATOR).json()["done"]
    clock.advance(20)
    assert tick() == []  # the decision time (20 s) is not over
    clock.advance(1)
    assert tick() == ["decision_time_extended"]
    clock.advance(10)  # the extra time runs from the warning (21 s) + extra_seconds: 31 s
    assert tick() == []
    assert view(client, tid, ana)["options"] == ["fold", "continue"]
    clock.advance(1)
    assert tick() == ["folded_on_timeout", "settled"]
    assert error_of(decide(client, tid, ana, jogada_id, "continue"), 409)["field"] == "jogada_id"
    assert api.balance(pid) == {"available_cents": FUNDS - 100, "held_cents": 0,
                                "balance_cents": FUNDS - 100}
    assert statement(client, sid, ana)["net_cents"] == -100


# 3. Bad input: a clear 4xx naming the field, nothing recorded, no money moved ------------------
@pytest.fixture
def multi(api, client):
    """A multi-seat table with a jackpot and one seated, funded player."""
    table = create_table(client, multi_config(seats=3))
    pid, headers, sid = seated(api, table, "Ana", seat=1)
    return table, pid, headers, sid


def assert_untouched(api: Api, client, table: dict[str, Any], pid: str, funds: int = FUNDS,
                     open_jogada: bool = False) -> None:
    assert api.balance(pid) == {"available_cents": funds, "held_cents": 0,
                                "balance_cents": funds}
    assert (table_state(client, table["table_id"])["open_jogada"] is not None) is open_jogada


@pytest.mark.parametrize("amount", [99, 2_501, 0, -100])
def test_sd_16_ante_outside_the_table_limits_is_refused_and_moves_nothing(api, client, multi,
                                                                          amount):
    """Rules 16–18: an ante below the minimum or above the maximum (25 × minimum) is refused."""
    table, pid, headers, sid = multi
    r = ante(client, table["table_id"], headers, amount, "a1")
    assert 400 <= r.status_code < 500, r.text
    error = r.json()["error"]
    assert error["field"] == "ante_cents"
    if amount > 0:
        assert r.status_code == 409 and error["code"] == "ante_out_of_range"
        assert error["rule"] == f"{SD} 16"
        assert error["details"] == {"min_ante_cents": 100, "max_ante_cents": 2_500}
    else:
        assert r.status_code == 422 and error["code"] == "invalid_input"
    assert_untouched(api, client, table, pid)
    assert statement(client, sid)["wagered_cents"] == 0
    assert ante(client, table["table_id"], headers, 2_500, "a1").status_code == 201  # key free


@pytest.mark.parametrize("case", ["below_min", "above_max", "zero", "insufficient_funds"])
def test_ante_refusals_name_the_request_field_ante_cents(api, client, multi, case):
    table, pid, headers, _ = multi
    if case == "insufficient_funds":
        assert api.withdraw(pid, FUNDS - 299, "w1").status_code == 201
    amount = {"below_min": 99, "above_max": 2_501, "zero": 0, "insufficient_funds": 100}[case]
    r = ante(client, table["table_id"], headers, amount, "a1")
    assert 400 <= r.status_code < 500, r.text
    assert r.json()["error"]["field"] == "ante_cents"


@pytest.mark.parametrize("min_ante, max_ante, status, field, rule", [
    # well-formed limits refused together by the rule: 409 (each is within its declared range)
    (100, 2_501, 409, "max_ante_cents", f"{SD} 18"),
    (100, 99, 409, "max_ante_cents", f"{SD} 16"),
    # a minimum outside its declared range: 422
    (0, 10, 422, "min_ante_cents", f"{SD} 17"),
])
def test_sd_18_table_whose_maximum_exceeds_25_times_the_minimum_is_refused(
        client, min_ante, max_ante, status, field, rule):
    """Rule 18 (A7): max ante ≤ 25 × min ante; rule 16: max ≥ min; rule 17: a minimum is set."""
    r = client.post("/semdescarte/tables", json={"name": "X", "config": multi_config(
        min_ante_cents=min_ante, max_ante_cents=max_ante)}, headers=OPERATOR)
    error = error_of(r, status)
    assert (error["field"], error["rule"]) == (field, rule)
    assert field in error["message"]
    r = client.post("/semdescarte/tables", json={"name": "X", "config": multi_config(
        max_ante_cents=2_500)}, headers=OPERATOR)
    assert r.status_code == 201  # exactly 25 × 100 is fine


@pytest.mark.parametrize("config, field, rule", [
    (multi_config(seats=8), "seats", f"{SD} 6a"),
    # the API adds no default: a multi-seat table without seats was created with one seat
    ({k: v for k, v in multi_config().items() if k != "seats"}, "seats", f"{SD} 6a"),
    (multi_config(betting_seconds=None), "betting_seconds", f"{SD} 14"),
    (individual_config(betting_seconds=10), "betting_seconds", f"{SD} 15"),
    (individual_config(seats=2), "seats", f"{SD} 4"),
    # a deadline beyond any date used to fail the ante or the deal with a 500
    (multi_config(betting_seconds=10**12), "betting_seconds", f"903-B 6.1.4; {SD} 14"),
    (individual_config(decision_seconds=10**12), "decision_seconds", f"903-B 6.1.4; {SD} 21"),
])
def test_other_table_configurations_refused_with_field_and_rule(client, config, field, rule):
    r = client.post("/semdescarte/tables", json={"name": "X", "config": config}, headers=OPERATOR)
    error = error_of(r, 422)
    assert (error["field"], error["rule"]) == (field, rule)


def test_pt_r10_a_jackpot_starting_below_10000_stakes_is_409(client):
    """Portaria 461/2001 r10: stake and starting value are each well formed (their declared
    ranges), their combination is refused by the rule: 409 naming the field and the rule."""
    config = {**multi_config(), "jackpot": {"stake_cents": 100, "contribution_bp": 7_000,
                                            "starting_value_cents": 999_999}}
    r = client.post("/semdescarte/tables", json={"name": "X", "config": config}, headers=OPERATOR)
    error = error_of(r, 409)
    assert (error["field"], error["rule"]) == ("jackpot.starting_value_cents",
                                               "Portaria 461/2001 rule 10")


def test_sd_38_a_player_sees_the_table_rules_and_bet_values_before_betting(api, client):
    """Rule 38 (rules-digest §1.4): the rules and bet values are available to the player at
    all times: any player reads the table's configuration, limits, timers and jackpot."""
    config = multi_config(seats=3)
    table = create_table(client, config)
    _, stranger = api.player("Rui")  # not seated, no session
    shown = ok(client.get(f"/semdescarte/tables/{table['table_id']}", headers=stranger))
    assert shown["config"] == config
    assert (shown["game"], shown["open_jogada"]) == ("sem_descarte_multi", None)


def test_sd_14_ante_after_the_betting_period_is_409_betting_closed(api, client, clock):
    """Rule 14: the betting period is the same for all; bets after it closes are refused, also
    before the table's clock has dealt; the clock deals at the end of the period."""
    table = create_table(client, multi_config(seats=3))
    tid = table["table_id"]
    _, ana, _ = seated(api, table, "Ana", seat=1)
    bia_id, bia, bia_sid = seated(api, table, "Bia", seat=2)
    first = ante(client, tid, ana, 100, "a1")
    assert first.status_code == 201
    tick = lambda: client.post(f"/semdescarte/tables/{tid}/tick", headers=OPERATOR).json()["done"]
    clock.advance(15)
    assert tick() == []  # the period runs until betting_closes_at, inclusive
    clock.advance(1)
    error = error_of(ante(client, tid, bia, 100, "b1"), 409)
    assert (error["code"], error["rule"]) == ("betting_closed", f"{SD} 14")
    assert_untouched(api, client, table, bia_id, open_jogada=True)
    assert tick() == ["dealt"]  # "jogo feito": the clock deals
    error = error_of(ante(client, tid, bia, 100, "b2"), 409)
    assert (error["code"], error["rule"]) == ("betting_closed", f"{SD} 14")
    assert_untouched(api, client, table, bia_id, open_jogada=True)
    assert statement(client, bia_sid)["wagered_cents"] == 0
    assert "cards" not in view(client, tid, bia)  # no ante, no cards
    assert len(view(client, tid, ana)["cards"]) == 5


def test_sd_20_23_a_second_bet_out_of_turn_is_409_and_moves_nothing(api, client):
    """Rules 20–23: the decision (and with "continue" the second bet) comes after the deal and
    once per jogada. Before the cards, or a second time, it is refused (409 naming jogada_id
    or decision), nothing is recorded and only the ante's hold stays on the wallet."""
    table = create_table(client, individual_config())
    tid = table["table_id"]
    pid, ana, sid = seated(api, table, "Ana")
    jogada_id = ante(client, tid, ana, 100, "a1").json()["jogada_id"]
    held = {"available_cents": FUNDS - 300, "held_cents": 300, "balance_cents": FUNDS}
    early = error_of(decide(client, tid, ana, jogada_id, "continue"), 409)
    assert early["field"] in ("jogada_id", "decision")
    assert api.balance(pid) == held
    assert statement(client, sid, ana)["wagered_cents"] == 100  # the ante only
    assert deal(client, tid, ana).status_code == 200
    # Ana's first decision settles her individual table; a second one finds no jogada to decide.
    assert decide(client, tid, ana, jogada_id, "fold").status_code == 200
    after = api.balance(pid)
    again = error_of(decide(client, tid, ana, jogada_id, "continue"), 409)
    assert again["field"] in ("jogada_id", "decision")
    assert api.balance(pid) == after == {"available_cents": FUNDS - 100, "held_cents": 0,
                                         "balance_cents": FUNDS - 100}
    assert statement(client, sid, ana)["wagered_cents"] == 100


def test_sd_2a_a_second_ante_in_the_same_jogada_is_409(api, client, multi):
    table, pid, headers, _ = multi
    assert ante(client, table["table_id"], headers, 100, "a1", 100).status_code == 201
    error = error_of(ante(client, table["table_id"], headers, 100, "a2"), 409)
    assert (error["code"], error["rule"]) == ("already_bet", f"{SD} 2a")
    assert api.balance(pid) == {"available_cents": FUNDS - 400, "held_cents": 400,
                                "balance_cents": FUNDS}


def test_sd_a8_ante_the_wallet_cannot_cover_three_times_is_409_insufficient_funds(
        api, client, multi):
    """A8: an ante is accepted only if the wallet covers 3 × ante (+ the jackpot bet)."""
    table, pid, headers, sid = multi
    assert api.withdraw(pid, FUNDS - 399, "w1").status_code == 201  # 399 left
    error = error_of(ante(client, table["table_id"], headers, 100, "a1", 100), 409)
    assert error["code"] == "insufficient_funds"
    assert error["details"] == {"available_cents": 399, "needed_cents": 400}
    assert_untouched(api, client, table, pid, funds=399)
    assert statement(client, sid)["wagered_cents"] == 0
    r = ante(client, table["table_id"], headers, 133, "a2")  # 3 × 133 = 399: covered
    assert r.status_code == 201, r.text
    assert api.balance(pid) == {"available_cents": 0, "held_cents": 399, "balance_cents": 399}


def test_jackpot_bet_other_than_the_stake_or_at_a_table_without_jackpot_is_409(api, client, multi):
    """Portaria r8 (the side bet is the fixed stake), r3 (the box exists only with a jackpot)."""
    table, pid, headers, _ = multi
    error = error_of(ante(client, table["table_id"], headers, 100, "a1", 50), 409)
    assert (error["field"], error["rule"]) == ("jackpot_bet_cents", "Portaria 461/2001 rule 8")
    plain = create_table(client, multi_config(seats=2, jackpot=False))
    other_id, other, _ = seated(api, plain, "Rui", seat=1)
    error = error_of(ante(client, plain["table_id"], other, 100, "a1", 100), 409)
    assert (error["code"], error["rule"]) == ("no_jackpot", "Portaria 461/2001 rule 3")
    assert_untouched(api, client, table, pid)
    assert_untouched(api, client, plain, other_id)


def test_sd_20_decision_by_a_player_not_seated_or_without_ante_is_403(api, make_client, clock):
    client = make_client(certification_mode="1")
    api = Api(client)
    table = create_table(client, multi_config(seats=3))
    tid = table["table_id"]
    ana_id, ana, _ = seated(api, table, "Ana", seat=1)
    bia_id, bia, _ = seated(api, table, "Bia", seat=2)  # seated, no ante
    out_id, outsider = api.player("Rui")
    jogada_id = ante(client, tid, ana, 100, "a1").json()["jogada_id"]
    clock.advance(16)
    assert client.post(f"/semdescarte/tables/{tid}/tick", headers=OPERATOR).status_code == 200
    for headers in (bia, outsider):
        error = error_of(decide(client, tid, headers, jogada_id, "fold"), 403)
        assert (error["field"], error["rule"]) == ("player_id", f"{SD} 20")
    error = error_of(decide(client, tid, OPERATOR, jogada_id, "fold"), 403)  # players only
    assert error["code"] == "forbidden"
    assert view(client, tid, ana)["decision"] is None
    assert api.balance(ana_id)["held_cents"] == 300
    assert api.balance(bia_id)["available_cents"] == FUNDS
    # A player who is not seated cannot bet either.
    error = error_of(ante(client, tid, outsider, 100, "x"), 403)
    assert error["field"] == "player_id"


def test_sd_14_a_player_cannot_deal_a_multi_seat_table(api, client, clock):
    table = create_table(client, multi_config(seats=2))
    tid = table["table_id"]
    _, ana, _ = seated(api, table, "Ana", seat=1)
    _, stranger = api.player("Rui")
    assert ante(client, tid, ana, 100, "a1").status_code == 201
    clock.advance(16)
    assert error_of(deal(client, tid, stranger), 403)["code"] == "forbidden"
    assert view(client, tid, ana)["status"] == "betting"


@pytest.mark.parametrize("body, status, field", [
    ({"decision": "raise"}, 422, "decision"),
    ({"decision": "continue", "extra": 1}, 422, "extra"),
    ({"decision": "continue", "jogada_id": "other:1"}, 409, "jogada_id"),
    ({"decision": "continue", "jogada_id": "a\x00b"}, 422, "jogada_id"),  # 903-B 7.9.1
])
def test_malformed_decisions(api, client, clock, body, status, field):
    table = create_table(client, individual_config())
    tid = table["table_id"]
    pid, ana, _ = seated(api, table, "Ana")
    jogada_id = ante(client, tid, ana, 100, "a1").json()["jogada_id"]
    assert deal(client, tid, ana).status_code == 200
    r = client.post(f"/semdescarte/tables/{tid}/decisions",
                    json={"jogada_id": jogada_id, **body}, headers=ana)
    assert error_of(r, status)["field"] == field
    assert view(client, tid, ana)["decision"] is None
    assert api.balance(pid)["held_cents"] == 300


def test_sd_19_forced_deck_with_a_duplicate_or_too_short_is_422_and_deals_nothing(api, make_client):
    """Rule 6b (one 52-card deck) and rule 19 (the deal needs 1 + 5 × (n + 1) cards)."""
    client = make_client(certification_mode="1")
    api = Api(client)
    table = create_table(client, individual_config())
    tid = table["table_id"]
    pid, ana, _ = seated(api, table, "Ana")
    ante(client, tid, ana, 100, "a1")
    good = forced_deck([["Kh", "Th", "8h", "5h", "3h"]], ["Ac", "Kd", "9s", "4c", "7d"])
    for deck, detail in ((good[:-1] + ["Kh"], {"duplicates": ["Kh"]}),
                         (good[:10], {"min_cards": 11}),
                         (good[:10] + ["Xx"], None)):
        r = deal(client, tid, ana, deck)
        error = error_of(r, 422)
        assert error["code"] == "invalid_input" and error["field"].startswith("forced_deck")
        if detail:
            assert error["details"] == detail
        assert view(client, tid, ana)["status"] == "betting"
    assert api.balance(pid) == {"available_cents": FUNDS - 300, "held_cents": 300,
                                "balance_cents": FUNDS}
    r = deal(client, tid, ana, good)
    assert r.status_code == 200 and r.json()["cards"] == ["Kh", "Th", "8h", "5h", "3h"]


def test_forced_deck_outside_certification_mode_is_refused(api, client):
    """api-contract, certification mode: outside it ``forced_deck`` is refused with a 4xx and
    the jogada can still be dealt normally."""
    table = create_table(client, individual_config())
    tid = table["table_id"]
    _, ana, _ = seated(api, table, "Ana")
    ante(client, tid, ana, 100, "a1")
    deck = forced_deck([["Kh", "Th", "8h", "5h", "3h"]], ["Ac", "Kd", "9s", "4c", "7d"])
    r = deal(client, tid, ana, deck)
    assert 400 <= r.status_code < 500, r.text
    error = r.json()["error"]
    assert (error["code"], error["field"]) == ("certification_mode_off", "forced_deck")
    assert view(client, tid, ana)["status"] == "betting"
    r = deal(client, tid, ana)
    assert r.status_code == 200 and len(r.json()["cards"]) == 5


@pytest.mark.parametrize("body, field", [
    ({"ante_cents": 100, "idempotency_key": "k", "tip_cents": 5}, "tip_cents"),
    ({"ante_cents": 100.0, "idempotency_key": "k"}, "ante_cents"),
    ({"ante_cents": "100", "idempotency_key": "k"}, "ante_cents"),
    ({"ante_cents": True, "idempotency_key": "k"}, "ante_cents"),
    ({"ante_cents": 100}, "idempotency_key"),
    ({"ante_cents": 100, "idempotency_key": "k", "jackpot_bet_cents": 1.5}, "jackpot_bet_cents"),
])
def test_malformed_ante_bodies_are_422_naming_the_field(api, client, multi, body, field):
    table, pid, headers, _ = multi
    r = client.post(f"/semdescarte/tables/{table['table_id']}/antes", json=body, headers=headers)
    error = error_of(r, 422)
    assert (error["code"], error["field"]) == ("invalid_input", field)
    assert field in error["message"]
    assert_untouched(api, client, table, pid)


@pytest.mark.parametrize("config_extra, field", [
    ({"colour": "green"}, "config.colour"),
    ({"min_ante_cents": 100.0}, "config.min_ante_cents"),
    ({"seats": "7"}, "config.seats"),
])
def test_malformed_table_bodies_are_422_naming_the_field(client, config_extra, field):
    r = client.post("/semdescarte/tables", json={"name": "X", "config": multi_config(
        **config_extra)}, headers=OPERATOR)
    assert error_of(r, 422)["field"] == field


def test_unknown_table_is_404_and_a_malformed_id_is_422(api, client):
    _, player = api.player()
    unknown = "00000000-0000-4000-8000-000000000000"
    for r in (client.get(f"/semdescarte/tables/{unknown}", headers=OPERATOR),
              client.get(f"/semdescarte/tables/{unknown}/view", headers=player),
              ante(client, unknown, player, 100, "k"),
              client.post(f"/semdescarte/tables/{unknown}/seats", json={}, headers=player),
              deal(client, unknown, player),
              decide(client, unknown, player, "j", "fold"),
              client.post(f"/semdescarte/tables/{unknown}/tick", headers=OPERATOR),
              client.post(f"/semdescarte/tables/{unknown}/interruptions",
                          json={"kind": "system_fault"}, headers=OPERATOR)):
        error = error_of(r, 404)
        assert (error["code"], error["field"]) == ("not_found", "table_id")
    assert error_of(client.get("/semdescarte/tables/nope", headers=OPERATOR), 422)[
        "field"] == "table_id"


def test_roles_players_cannot_run_the_table_and_no_key_is_401(api, client, multi):
    table, pid, headers, _ = multi
    tid = table["table_id"]
    body = {"name": "X", "config": multi_config()}
    assert error_of(client.post("/semdescarte/tables", json=body, headers=headers), 403)[
        "code"] == "forbidden"
    assert error_of(client.post("/semdescarte/tables", json=body), 401)["code"] == "unauthenticated"
    assert error_of(client.post("/semdescarte/tables", json=body, headers=bearer("nope")), 401)
    _, auditor = api.staff("auditor")
    assert error_of(client.post("/semdescarte/tables", json=body, headers=auditor), 403)
    assert error_of(ante(client, tid, auditor, 100, "k"), 403)["code"] == "forbidden"
    assert error_of(ante(client, tid, OPERATOR, 100, "k"), 403)["code"] == "forbidden"
    assert error_of(client.post(f"/semdescarte/tables/{tid}/tick", headers=headers), 403)
    assert error_of(client.post(f"/semdescarte/tables/{tid}/interruptions",
                                json={"kind": "system_fault"}, headers=headers), 403)
    assert error_of(client.get(f"/semdescarte/tables/{tid}/view"), 401)
    assert error_of(ante(client, tid, {}, 100, "k"), 401)
    # A player cannot seat another player.
    other_id, _ = api.player("Rui")
    r = client.post(f"/semdescarte/tables/{tid}/seats", json={"seat": 2, "player_id": other_id},
                    headers=headers)
    assert error_of(r, 403)["code"] == "forbidden"
    assert_untouched(api, client, table, pid)
    assert len(audit(client)["data"]) and audit(client)["total_cents"] == 0


def test_sd_40_a_seat_needs_an_open_session_at_the_table(api, client):
    """Rule 40 / sessions: a player sits only with an open game session at the table's venue."""
    table = create_table(client, multi_config(seats=2))
    _, player = api.player()
    error = error_of(client.post(f"/semdescarte/tables/{table['table_id']}/seats",
                                 json={"seat": 1}, headers=player), 409)
    assert (error["field"], error["rule"]) == ("session_id", f"{SD} 40")
    r = client.post("/sessions", json={"venue_id": table["venue_id"], "game": table["game"]},
                    headers=player)
    assert r.status_code == 201
    error = error_of(client.post(f"/semdescarte/tables/{table['table_id']}/seats",
                                 json={"seat": 3}, headers=player), 422)
    assert (error["field"], error["rule"]) == ("seat", f"{SD} 6a")
    assert table_state(client, table["table_id"])["seats"] == {}


# 4. Idempotency of the ante --------------------------------------------------------------------
def test_ante_same_key_and_body_answers_the_same_and_moves_money_once(api, client, multi):
    """903-B 6.1.1(4): a repeated ante is not executed twice; another body under the key is 409."""
    table, pid, headers, sid = multi
    tid = table["table_id"]
    first = ante(client, tid, headers, 200, "same", 100)
    again = ante(client, tid, headers, 200, "same", 100)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json()
    held = 3 * 200 + 100
    assert api.balance(pid) == {"available_cents": FUNDS - held, "held_cents": held,
                                "balance_cents": FUNDS}
    assert statement(client, sid)["wagered_cents"] == 300
    for body in ((300, 100), (200, None)):
        error = error_of(ante(client, tid, headers, body[0], "same", body[1]), 409)
        assert (error["code"], error["field"]) == ("idempotency_key_reused", "idempotency_key")
    other = create_table(client, multi_config(seats=2))
    error = error_of(ante(client, other["table_id"], headers, 200, "same", 100), 409)
    assert error["code"] == "idempotency_key_reused"
    assert api.balance(pid) == {"available_cents": FUNDS - held, "held_cents": held,
                                "balance_cents": FUNDS}
    assert [j["jogada_id"] for j in [table_state(client, tid)["open_jogada"]]] == [
        first.json()["jogada_id"]]
    assert table_state(client, tid)["open_jogada"]["seats"] == ["1"]


# 5. Interruptions --------------------------------------------------------------------------------
def test_sd_33_system_fault_after_the_deal_refunds_every_bet(api, make_client, clock):
    """Rule 33 (A6, A10): a fault of the system voids the jogada; every bet, the jackpot side
    bet included, goes back in full, whether the player continued, folded or had not decided."""
    client = make_client(certification_mode="1")
    api = Api(client)
    table = create_table(client, multi_config(seats=3))
    tid = table["table_id"]
    pool = account_balance(audit(client), table["jackpot_account"])
    house = account_balance(audit(client), "house")
    people = [seated(api, table, name, seat=seat)
              for seat, name in ((1, "Ana"), (2, "Bia"), (3, "Rui"))]
    for seat, (pid, headers, _) in enumerate(people, start=1):
        assert ante(client, tid, headers, 100 * seat, f"a{seat}", 100).status_code == 201
    jogada_id = table_state(client, tid)["open_jogada"]["jogada_id"]
    clock.advance(16)
    assert deal(client, tid, OPERATOR).status_code == 200
    assert decide(client, tid, people[0][1], jogada_id, "continue").status_code == 200
    assert decide(client, tid, people[1][1], jogada_id, "fold").status_code == 200
    # Rui has not decided; the jackpot stakes were collected at the deal.
    assert account_balance(audit(client), table["jackpot_account"]) == pool + 3 * 70
    r = client.post(f"/semdescarte/tables/{tid}/interruptions",
                    json={"kind": "system_fault", "reason": "dealer_server_down"},
                    headers=OPERATOR)
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["voided"], body["rule"]) == (True, f"{SD} 33")
    assert body["refunds_cents"] == {"1": 100 + 200 + 100, "2": 200 + 100, "3": 300 + 100}
    for pid, headers, sid in people:
        assert api.balance(pid) == {"available_cents": FUNDS, "held_cents": 0,
                                    "balance_cents": FUNDS}
        assert statement(client, sid, headers)["net_cents"] == 0
    after = audit(client)
    assert after["total_cents"] == 0
    assert account_balance(after, table["jackpot_account"]) == pool
    assert account_balance(after, "house") == house
    assert table_state(client, tid)["open_jogada"] is None
    assert view(client, tid, people[0][1])["status"] == "ended"
    # Nothing left to void.
    r = client.post(f"/semdescarte/tables/{tid}/interruptions", json={"kind": "system_fault"},
                    headers=OPERATOR)
    assert error_of(r, 409)["field"] == "jogada_id"


def test_sd_33_system_fault_before_the_deal_refunds_the_held_bets(api, client):
    table = create_table(client, multi_config(seats=2))
    tid = table["table_id"]
    pid, headers, sid = seated(api, table, "Ana", seat=1)
    assert ante(client, tid, headers, 500, "a1", 100).status_code == 201
    r = client.post(f"/semdescarte/tables/{tid}/interruptions", json={"kind": "system_fault"},
                    headers=OPERATOR)
    assert r.status_code == 200 and r.json()["refunds_cents"] == {"1": 600}
    assert_untouched(api, client, table, pid)
    assert statement(client, sid)["net_cents"] == 0
    assert audit(client)["total_cents"] == 0


def test_sd_34_35_player_equipment_fault_before_the_decision_is_a_fold(api, make_client, clock):
    """Rules 34, 35: a fault of the player's equipment after the ante and before the decision
    counts as a fold (the ante is lost); rule 36 (A6): after the second bet the bets stand and
    the jogada settles normally."""
    client, api, tid, (ana_id, ana, ana_sid), (bia_id, bia, bia_sid) = two_seated(make_client)
    jogada_id = ante(client, tid, ana, 200, "a1").json()["jogada_id"]
    assert ante(client, tid, bia, 100, "b1").status_code == 201
    clock.advance(16)
    ana_hand, bia_hand = ["Kh", "Kd", "9c", "6s", "2d"], ["Qh", "Qd", "Jc", "5s", "3d"]
    bank = ["Ac", "Ks", "8h", "7c", "4s"]  # A-K high: qualifies; both pairs beat it
    assert deal(client, tid, OPERATOR, forced_deck([ana_hand, bia_hand], bank)).status_code == 200
    assert decide(client, tid, bia, jogada_id, "continue").status_code == 200

    interrupt = lambda player_id: client.post(
        f"/semdescarte/tables/{tid}/interruptions",
        json={"kind": "player_equipment", "player_id": player_id}, headers=OPERATOR)
    error = error_of(client.post(f"/semdescarte/tables/{tid}/interruptions",
                                 json={"kind": "player_equipment"}, headers=OPERATOR), 422)
    assert (error["field"], error["rule"]) == ("player_id", f"{SD} 34")
    r = interrupt(bia_id)  # Bia already continued: her bets stand (rule 36)
    assert r.status_code == 200, r.text
    assert (r.json()["effect"], r.json()["settled"]) == ("stands", False)
    r = interrupt(ana_id)  # Ana had not decided: a fold (rules 34, 35), the jogada settles
    assert r.status_code == 200, r.text
    assert (r.json()["effect"], r.json()["rule"], r.json()["settled"]) == (
        "folded", f"{SD} 34, 35", True)
    assert error_of(decide(client, tid, ana, jogada_id, "continue"), 409)["field"] == "jogada_id"
    # Ana loses the ante only, although her kings would have won; Bia wins per rules 28, 12.
    assert api.balance(ana_id) == {"available_cents": FUNDS - 200, "held_cents": 0,
                                   "balance_cents": FUNDS - 200}
    bia_win = 100 + 1 * 200  # ante 1 to 1, one pair 1 to 1 on the 200 bet (A2)
    assert api.balance(bia_id) == {"available_cents": FUNDS + bia_win, "held_cents": 0,
                                   "balance_cents": FUNDS + bia_win}
    assert statement(client, ana_sid)["net_cents"] == -200
    assert statement(client, bia_sid)["net_cents"] == bia_win
    assert audit(client)["total_cents"] == 0
