"""Issue 24, what a new user hit in the replay viewer, on ``GET /jogadas/{id}/steps``: players
named by UUID; the bookkeeping (session lines, debits, credits) interleaved with the play; a
bingo player paid a prize below its cards' price shown as a winner. The steps now name players
by a stable label ("Player 1", "Seat 2") with a ``players`` map to their ids and, for staff,
their names; mark each step ``play`` or ``bookkeeping``; and show each bingo player's prizes
beside what its cards cost and its net. The expectations come from the purchases and the
replay's shares, not from the steps under test."""

from __future__ import annotations

from domain.kernel import viewer
from tests.api.bingo_net_support import CARDS, NAMES, PRICE, small_prize_jogada
from tests.api.conftest import OPERATOR, ok
from tests.viewer.test_viewer_steps import assert_one_step_per_event, items, steps_of


def test_issue_24_bingo_players_by_label_bookkeeping_apart_and_each_prize_beside_its_net(
        make_client, clock):
    client = make_client()
    played = small_prize_jogada(client, clock)
    jogada_id, paid, spent = played["jogada_id"], played["paid"], played["spent"]
    ids = {name: pid for name, (pid, _) in played["players"].items()}
    label = {ids[name]: f"Player {n}" for n, name in enumerate(NAMES, start=1)}  # buying order

    shown = steps_of(client, jogada_id)
    assert_one_step_per_event(client, shown, jogada_id)  # every event a step, kinds, no id
    assert shown["players"] == [{"player_id": ids[name], "label": label[ids[name]],
                                 "display_name": name} for name in NAMES]

    # The play and the bookkeeping: each purchase is followed by its debit, its credit and its
    # session line, marked bookkeeping and pointing back at the purchase.
    by_number = {s["number"]: s for s in shown["steps"]}
    purchases = [s for s in shown["steps"] if s["event"]["name"] == "CardsBought"]
    assert len(purchases) == len(NAMES)
    for purchase, name in zip(purchases, NAMES):
        after = [s for s in shown["steps"] if s["after_step"] == purchase["number"]]
        assert [(s["kind"], s["event"]["name"]) for s in after] == [
            ("bookkeeping", "Debited"), ("bookkeeping", "Credited"),
            ("bookkeeping", "BetRecorded")]
        debit, _, session_line = after
        assert debit["title"] == (f"{viewer.euros(CARDS * PRICE)} debited on the wallet of"
                                  f" {label[ids[name]]} (bingo_cards)")
        assert session_line["title"] == (f"Bet of {viewer.euros(CARDS * PRICE)} recorded on the"
                                         " player's session")
        assert by_number[purchase["number"]]["kind"] == "play"

    # The cards by label; each paid player's prizes beside its cards' price and its net.
    final = shown["steps"][-1]
    bought = ok(client.get(f"/jogadas/{jogada_id}/replay", headers=OPERATOR))["final"]
    owners = {c["card"]: pid for pid, mine in bought["players"].items() for c in mine["cards"]}
    for grid in items(final, "grid"):
        card, who = grid["label"].split(" · ")
        assert who == label[owners[int(card.removeprefix("Card "))]]
    [payments] = [i for i in items(final, "facts") if i["label"] == "Payments"]
    rows = dict(payments["rows"])
    assert set(rows) == {label[pid] for pid in paid}
    for pid, cents in paid.items():
        net = cents - spent[pid]
        outcome = "a gain" if net > 0 else "a loss" if net < 0 else "even"
        assert rows[label[pid]].endswith(f"; cards {viewer.euros(spent[pid])};"
                                         f" net {viewer.euros(net)} ({outcome})"), rows
    small = rows[label[played["small"]]]
    assert small.endswith("(a loss)") and "won" not in small
