"""Hold'em and Omaha: money conservation over random jogadas played through the ledger
(903-B 5.5.1(1); rules 8, 10, 17, 19, 33, 62; A24, A26, A31). After every command: the
wallets + the table's account + the commission account equal what the players deposited, and
the table's account holds exactly the caves, and during a jogada the caves dealt in are the
stacks plus the chips in play; every ended jogada
re-adjudicates as agreeing (the ledger fixture checks it at teardown)."""

from __future__ import annotations

import random

import pytest

from domain.ledger.accounts import wallet_code
from tests.holdem.client import DEPOSIT_CENTS, new_table
from tests.holdem.support import balance, money


def _choose(rng: random.Random, view: dict) -> tuple[str, int | None]:
    options = view["your_options"]
    roll = rng.random()
    if options["raise"] or options["bet"]:
        span = options["raise"] or options["bet"]
        if roll < 0.15:
            return ("raise" if options["raise"] else "bet"), rng.randint(span["min"], span["max"])
    if options["all_in"] and roll < 0.22:
        return "all_in", None
    if roll < 0.35:
        return "fold", None
    return ("check" if options["check"] else "call"), None


def _in_play(view: dict) -> int:
    jogada = view["jogada"]
    if jogada is None:
        return 0
    return jogada["pot_cents"] + sum(s["bet_cents"] for s in jogada["seats"].values())


@pytest.mark.parametrize("game,structure", [("holdem", "no_limit"), ("omaha", "pot_limit"),
                                            ("holdem", "limit")])
def test_903b_5_5_1_money_is_conserved_over_random_jogadas(ledger, game, structure):
    rng = random.Random(f"{game}-{structure}")
    table = new_table(ledger, game, structure=structure, small_blind_cents=25,
                      big_blind_cents=50, buy_in_cents=2_000, rebuy_cents=1_000,
                      commission={"mode": "pot", "percent_bp": 300, "cap_cents": 40})
    seats = rng.sample(range(1, 10), 6)
    for seat in seats:
        table.seat_new(seat)
    deposited = DEPOSIT_CENTS * len(seats)
    for _ in range(12):
        for player in table.players:  # rules 12, 15: rebuy a lost or short cave
            cave = table.describe()["seats"].get(str(player.seat), {}).get("cave_cents")
            if cave is not None and cave < 50:
                table.rebuy(player)
        table.start()
        while table.jogada() is not None:
            player = table.to_act()
            action, amount = _choose(rng, table.describe(player))
            table.act(player, action, amount)
            view = table.describe()
            assert sum(money(table).values()) == deposited
            held = balance(ledger, table.described["account_code"])
            assert held == sum(s["cave_cents"] for s in view["seats"].values())
            if view["jogada"] is not None:  # caves at the start = stacks + chips in play
                stacks = sum(s["stack_cents"] for s in view["jogada"]["seats"].values())
                dealt_in = sum(view["seats"][s]["cave_cents"] for s in view["jogada"]["seats"])
                assert stacks + _in_play(view) == dealt_in
        view = table.describe()
        assert balance(ledger, table.described["account_code"]) == sum(
            s["cave_cents"] for s in view["seats"].values())
    total = sum(balance(ledger, wallet_code(p.player_id)) for p in table.players)
    assert total + balance(ledger, table.described["account_code"]) + balance(
        ledger, table.described["commission_account"]) == deposited
    assert balance(ledger, table.described["commission_account"]) > 0
