from domain.ledger.accounts import account_id
from tests.holdem.client import new_table


def test_he_smoke_three_players_check_down(ledger):
    table = new_table(ledger)
    players = [table.seat_new(seat) for seat in (1, 4, 7)]
    table.start()
    while table.jogada() is not None:
        p = table.to_act()
        view = table.describe(p)
        opts = view["your_options"]
        table.act(p, "call" if opts["call"] else "check")
    print(table.describe(staff=True))
