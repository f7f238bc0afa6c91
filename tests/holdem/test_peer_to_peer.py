"""Peer-to-peer safeguards at hold'em and Omaha tables (903-B 6.6.1; hold'em rules 9, 11; A33):
a player never sits twice at a table nor plays against itself; the device or connection id a
player sits and acts from is recorded, and one id used by two players at the same table is
flagged for the operator (``SharedDeviceFlagged``)."""

from __future__ import annotations

from domain.kernel.errors import ConflictError
from tests.holdem.client import new_table
from tests.holdem.conftest import refused
from tests.holdem.support import only, table_events


def test_903b_6_6_1_he_9_a_player_cannot_take_a_second_seat_to_play_against_itself(ledger):
    table = new_table(ledger)
    player = table.start_session(table.new_player())
    table.sit(player, 1, device_id="dev-A")
    with refused(table, ConflictError, code="already_seated",
                 rule="hold'em rule 9; 903-B 6.6.1"):
        table.sit(player, 2, device_id="dev-B")


def test_903b_6_6_1_one_device_used_by_two_players_at_a_table_is_flagged(ledger):
    table = new_table(ledger)
    a = table.start_session(table.new_player())
    b = table.start_session(table.new_player())
    table.sit(a, 1, device_id="dev-A")
    table.sit(b, 2, device_id="dev-A")
    flagged = only(table_events(table), "SharedDeviceFlagged")
    assert flagged.device_id == "dev-A"
    assert flagged.players == sorted([str(a.player_id), str(b.player_id)])
    assert flagged.rule == "903-B 6.6.1"
    seated = [e for e in table_events(table) if type(e).__name__ == "PlayerSeated"]
    assert [e.device_id for e in seated] == ["dev-A", "dev-A"]  # recorded with the seat


def test_903b_6_6_1_he_11_a33_an_action_from_another_players_device_is_flagged(ledger):
    table = new_table(ledger)
    a = table.start_session(table.new_player())
    b = table.start_session(table.new_player())
    table.sit(a, 1, device_id="dev-A")
    table.sit(b, 2, device_id="dev-B")
    table.start()
    player = table.to_act()
    other = "dev-B" if player is a else "dev-A"
    table.act(player, "call", device_id=other)
    events = table_events(table)
    acted = [e for e in events if type(e).__name__ == "ActionApplied"][-1]
    assert acted.device_id == other  # recorded with the action
    flagged = only(events, "SharedDeviceFlagged")
    assert flagged.device_id == other and flagged.jogada_id == acted.jogada_id


def test_903b_6_6_1_different_devices_are_not_flagged(ledger):
    table = new_table(ledger)
    for seat, device in ((1, "dev-A"), (2, "dev-B")):
        player = table.start_session(table.new_player())
        table.sit(player, seat, device_id=device)
    table.start()
    table.act(table.to_act(), "fold", device_id="dev-A" if table.to_act().seat == 1 else "dev-B")
    assert not [e for e in table_events(table) if type(e).__name__ == "SharedDeviceFlagged"]
