"""A command's bets, checked and booked (807 r3b, r3c, r8, r11–r13, r15; A57, A59): call bets
booked as their components, stakes on one position adding up, the limits, and a bet settled
component by component."""

from __future__ import annotations

import pytest

from domain.games.roulette.bets import book, settle
from domain.games.roulette.config import check_wheel_config
from domain.kernel.errors import InvalidInputError, RuleViolationError


def wheel(**over):
    return check_wheel_config({"kind": "multi", "min_cents": 100, **over})


def test_rf_15_a59_voisins_booked_as_17_plenos_and_only_the_winning_component_wins():
    (bet,) = book([{"call": "voisins_du_zero", "unit_cents": 100}], wheel())
    assert bet["amount_cents"] == 1700 and len(bet["components"]) == 17
    result = settle(bet, 0)
    assert result["returned_cents"] == 3600  # one pleno of 1 € on 0: 36 € back
    assert [c["key"] for c in result["components"] if c["won"]] == ["pleno:0"]
    assert settle(bet, 1)["returned_cents"] == 0  # 1 is an orphelin


def test_a59_classic_breakdown_is_a_table_option_and_pays_by_rule_14():
    (bet,) = book([{"call": "voisins_du_zero", "unit_cents": 100}],
                  wheel(call_bet_breakdown="classic"))
    assert bet["amount_cents"] == 900 and bet["breakdown"] == "classic"
    # 0 wins the rua 0-2-3 of two chips: 2 € at 11 to 1 and the stake: 24 €
    assert settle(bet, 0)["returned_cents"] == 2400
    # 26 wins the quadro 25-26-28-29 of two chips: 2 € at 8 to 1 and the stake: 18 €
    assert settle(bet, 26)["returned_cents"] == 1800


def test_rf_8d_neighbours_and_rf_8e_finales():
    (n,) = book([{"call": "neighbours", "number": 0, "neighbours": 4, "unit_cents": 100}],
                wheel())
    assert [c["key"] for c in n["components"]] == ["pleno:3", "pleno:26", "pleno:0",
                                                   "pleno:32", "pleno:15"]
    (f,) = book([{"call": "finales", "number": 9, "unit_cents": 200}], wheel())
    assert f["amount_cents"] == 600 and settle(f, 29)["returned_cents"] == 7200


def test_rf_8_a_call_bet_the_table_does_not_offer_is_refused():
    with pytest.raises(RuleViolationError) as info:
        book([{"chance": "pleno", "numbers": [1], "amount_cents": 100},
              {"call": "orphelins", "unit_cents": 100}], wheel(call_bets=["voisins_du_zero"]))
    assert (info.value.field, info.value.rule, info.value.code) == (
        "bets[1].call", "roleta francesa rule 8", "call_bet_not_offered")


@pytest.mark.parametrize("raw, field, rule", [
    ({"call": "neighbours", "number": 5, "neighbours": 3, "unit_cents": 100},
     "bets[0].neighbours", "roleta francesa rule 8d, A59"),
    ({"call": "finales", "number": 10, "unit_cents": 100}, "bets[0].number",
     "roleta francesa rule 8e"),
    ({"call": "le_tout", "unit_cents": 100}, "bets[0].call", "roleta francesa rule 8"),
    ({"chance": "pleno", "numbers": [1], "amount_cents": 0}, "bets[0].amount_cents",
     "roleta francesa rule 11"),
    ({"numbers": [1], "amount_cents": 100}, "bets[0].chance", "roleta francesa rules 7, 8"),
])
def test_rf_7_8_11_malformed_bets_refused(raw, field, rule):
    with pytest.raises(InvalidInputError) as info:
        book([raw], wheel())
    assert (info.value.field, info.value.rule) == (field, rule)


def test_rf_3c_11_a_component_below_its_chances_minimum_is_refused():
    with pytest.raises(RuleViolationError) as info:
        book([{"chance": "rua", "numbers": [1, 2, 3], "amount_cents": 150}],
              wheel(minimums={"rua": 200}))
    assert (info.value.field, info.value.code) == ("bets[0]", "bet_below_minimum")


def test_a57_rf_12_stakes_on_one_position_add_up_across_bets_and_commands():
    """A pleno on 17 of 25 € and a neighbours bet holding 17 at 6 €: 31 € on pleno:17,
    over the 30 € maximum; also when the first 25 € came in an earlier command."""
    config = wheel()
    with pytest.raises(RuleViolationError) as info:
        book([{"chance": "pleno", "numbers": [17], "amount_cents": 2500},
              {"call": "neighbours", "number": 17, "neighbours": 2, "unit_cents": 600}], config)
    assert (info.value.field, info.value.rule) == ("bets[1]",
                                                   "roleta francesa rules 3b, 12, A57")
    assert info.value.details["staked_cents"] == 3100
    with pytest.raises(RuleViolationError):
        book([{"chance": "pleno", "numbers": [17], "amount_cents": 600}], config,
             staked={"pleno:17": 2500})
    book([{"chance": "pleno", "numbers": [17], "amount_cents": 500}], config,
         staked={"pleno:17": 2500})


def test_rf_13_the_players_total_cap():
    config = wheel(player_total_max_cents=1000)
    book([{"chance": "par", "amount_cents": 1000}], config)
    with pytest.raises(RuleViolationError) as info:
        book([{"chance": "par", "amount_cents": 100}], config, total_cents=1000)
    assert (info.value.field, info.value.rule) == ("bets", "roleta francesa rule 13")
