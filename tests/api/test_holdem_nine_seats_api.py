"""A nine-seat hold'em table over HTTP, end to end (issue 17): nine players sit with the
buy-in (rules 8, 9), a first jogada leaves their caves unequal, a second has three all-ins at
three levels and so three pots (rules 39, 41, 42, 63), each paid to the best hand that paid
into it with the commission capped main pot first (rules 17a, 19, A24); every player leaves
with its cave (rule 10) and ends its session; the statements show what each bet, won and paid
in commission (rule 67), and every cent bought in is in a wallet or the commission account."""

from __future__ import annotations

from tests.api.conftest import OPERATOR, ok
from tests.api.poker_support import FUNDS, PokerApi, forced_deck

SPARE = ["2h", "3h", "4h", "5h", "6h", "8h", "2c", "3c", "4c", "5c", "6c", "8c", "9c", "Tc"]


def _hands(named: dict[int, list[str]], order: list[int]) -> list[list[str]]:
    """The hole cards in dealing order: ``named`` seats' own, two spare cards for the rest."""
    spare = iter(SPARE)
    return [named.get(seat) or [next(spare), next(spare)] for seat in order]


def test_he_39_41_42_63_67_nine_seats_three_all_ins_from_sit_down_to_statements(make_client):
    api = PokerApi(make_client(certification_mode="1"), "holdem")
    table = api.table(seats=9)
    tid = table["table_id"]
    players = {seat: api.seated(table, f"jogador {seat}", seat) for seat in range(1, 10)}
    assert api.accounts()[table["account_code"]] == 90_000  # nine buy-ins (rule 8)

    def act(seat: int, action: str, amount: int | None = None) -> None:
        ok(api.act(tid, players[seat], action, amount))

    # Jogada 1 (button 9: seat 1 small blind, 2 big blind, 3 first): seat 3's aces take 30 €
    # from seat 4; 6 150 in the pot, 5 % capped at 3 €.
    deck = forced_deck("holdem", _hands({3: ["Ah", "Ad"], 4: ["7c", "2d"]}, list(range(1, 10))),
                       ["Ks", "9h", "5d", "3s", "Jd"])
    ok(api.start(tid, forced_deck=deck, button_seat=9), 201)
    act(3, "raise", 3_000)
    act(4, "call")
    for seat in (5, 6, 7, 8, 9, 1, 2):
        act(seat, "fold")
    while (who := api.to_act(tid, list(players.values()))) is not None:
        ok(api.act(tid, who, "check"))
    caves = {s: h["cave_cents"] for s, h in api.describe(tid)["seats"].items()}
    assert caves == {"1": 9_950, "2": 9_900, "3": 12_850, "4": 7_000, "5": 10_000,
                     "6": 10_000, "7": 10_000, "8": 10_000, "9": 10_000}

    # Jogada 2 (button 1: seat 2 small blind, 3 big blind, 4 first): three all-ins at 70 €,
    # 99 € and 99,50 €, seat 3 calls.
    order = [2, 3, 4, 5, 6, 7, 8, 9, 1]
    named = {4: ["As", "Ac"], 2: ["Kh", "Kc"], 1: ["Qh", "Qc"], 3: ["7h", "2s"]}
    ok(api.start(tid, forced_deck=forced_deck("holdem", _hands(named, order),
                                              ["9d", "8c", "4s", "Th", "3d"])), 201)
    jogada_id = api.describe(tid)["jogada"]["jogada_id"]
    act(4, "all_in")
    for seat in (5, 6, 7, 8, 9):
        act(seat, "fold")
    act(1, "all_in")
    act(2, "all_in")  # 99 €: a call all in for less (rule 39)
    act(3, "call")
    assert api.describe(tid)["jogada"] is None  # the board ran out; the pots are paid

    steps = ok(api.client.get(f"/jogadas/{jogada_id}/replay", headers=OPERATOR))
    settled = steps["final"]["settlement"]
    assert [(p["amount"], sorted(p["eligible"])) for p in settled["pots"]] == [
        (28_000, ["1", "2", "3", "4"]), (8_700, ["1", "2", "3"]), (100, ["1", "3"])]
    assert settled["rake"] == [300, 0, 0]  # 5 % of the main pot, capped, main pot first
    assert settled["payments"] == [{"4": 27_700}, {"2": 8_700}, {"1": 100}]
    caves = {s: h["cave_cents"] for s, h in api.describe(tid)["seats"].items()}
    assert caves == {"1": 100, "2": 8_700, "3": 2_900, "4": 27_700, "5": 10_000,
                     "6": 10_000, "7": 10_000, "8": 10_000, "9": 10_000}

    # Everyone leaves with its cave and ends its session; the statements.
    for seat, player in players.items():
        ok(api.leave(tid, player))
        ok(api.client.post(f"/sessions/{player.session_id}/end", headers=player.headers,
                           json={"reason": "player"}))
    statements = {seat: api.statement(p.session_id) for seat, p in players.items()}
    assert {s: (st["wagered_cents"], st["won_cents"]) for s, st in statements.items()} == {
        1: (10_000, 100), 2: (10_000, 8_700), 3: (12_950, 5_850), 4: (10_000, 27_700),
        5: (0, 0), 6: (0, 0), 7: (0, 0), 8: (0, 0), 9: (0, 0)}
    commission = {s: sum(line["amount_cents"] for line in st["lines"]
                         if line["category"] == "commission") for s, st in statements.items()}
    assert commission == {1: 0, 2: 0, 3: 300, 4: 300, 5: 0, 6: 0, 7: 0, 8: 0, 9: 0}
    wallets = sum(api.balance(p.player_id)["available_cents"] for p in players.values())
    accounts = api.accounts()
    assert accounts[table["account_code"]] == 0
    assert wallets + accounts[table["commission_account"]] == 9 * FUNDS
    assert accounts[table["commission_account"]] == 600
