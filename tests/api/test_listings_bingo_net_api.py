"""Issue 24: a bingo player paid a prize worth less than its cards cost was listed as ``won`` with
a net of −1,04 €. A settled bingo jogada's result now says what the player's money did
(domain/games/bingo/listing.py): ``won`` only when the prizes are worth more than the cards, else
``prize_net_even``, ``prize_net_loss`` or ``lost`` (no prize); the same in the player's jogada
listing, in everyone's (staff), and in the jogada's summary the replay viewer shows."""

from __future__ import annotations

from tests.api.bingo_net_support import expected_result, small_prize_jogada
from tests.api.conftest import OPERATOR, ok


def test_issue_24_bingo_a_prize_below_the_cards_price_is_a_net_loss_not_won(make_client,
                                                                            clock):
    client = make_client()
    played = small_prize_jogada(client, clock)
    jogada_id, paid, spent = played["jogada_id"], played["paid"], played["spent"]
    summary = {p["player_id"]: p for p in ok(client.get(f"/jogadas/{jogada_id}",
                                                        headers=OPERATOR))["players"]}
    everyone = {i["player_id"]: i for i in ok(client.get(
        "/jogadas", headers=OPERATOR, params={"game": "bingo", "limit": 500}))["data"]
        if i["jogada_id"] == jogada_id}
    for name, (player_id, headers) in played["players"].items():
        [mine] = [i for i in ok(client.get(f"/players/{player_id}/jogadas", headers=headers,
                                           params={"game": "bingo", "limit": 500}))["data"]
                  if i["jogada_id"] == jogada_id]
        won, net = paid.get(player_id, 0), paid.get(player_id, 0) - spent[player_id]
        expected = expected_result(won, spent[player_id])
        for row in (mine, everyone[player_id], summary[player_id]):
            assert (row["result"], row["won_cents"], row["net_cents"]) == (expected, won, net), \
                (name, row)
        assert sum(mine["prizes"].values()) == won
        assert summary[player_id]["display_name"] == name  # the summary is for staff
    small = played["small"]
    assert summary[small]["result"] == "prize_net_loss"
    assert 0 < summary[small]["won_cents"] < summary[small]["wagered_cents"]
    assert summary[small]["net_cents"] < 0
