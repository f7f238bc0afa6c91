"""The events of a hold'em or Omaha table and what each does to its state (the mutators, run
on trigger and on every replay: no validation, no clock, no RNG). ``table_class`` declares
them on one aggregate class per game, with topics naming it (``ledger.HoldemTable.<Event>``,
``ledger.OmahaTable.<Event>``): a record names its game. The guards and the order of the
events are in domain/games/community_poker/table.py.

A player's action is recorded as ``ActionApplied``: the action and what the betting engine
decided (domain/games/community_poker/action_facts.py: the chips put in, the seat's bet and cave
left, all in, the bet to match and the last full raise, whose turn it is or that the round
closed, the seats a raise puts to answer). The engine runs once, in the command; the mutator
applies the recorded facts, so a replayed table depends on the stored facts, not on the
engine's code. (The replay and the re-adjudication still play the betting again from the
actions alone and compare: domain/games/community_poker/record.py.)

``ActionTaken`` is the legacy record of an action, written before ``ActionApplied`` existed:
the action alone, its mutator running the engine again (``act``) on the round before it. It
is never written now; it is kept, with its topic, so that stores written by that code load and
replay exactly as they did (tests/community_poker/test_legacy_action_taken.py). A new event
class rather than an upcast: an upcast sees only the old event's own fields, not the table's
round, so it could not supply the facts, and the mutator would still have to run the engine;
two classes keep each record's meaning fixed (one kind of record, one mutator)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from eventsourcing.domain import event

from domain.games.community_poker import dealing
from domain.games.community_poker.action_facts import apply_action
from domain.games.community_poker.actions import act
from domain.games.community_poker.betting import next_round


def _opened(self, table_id: str, name: str, config: dict[str, Any], venue_id: str,
            account_code: str, rake_code: str, actor: str, at: datetime) -> None:
    super(type(self), self).__init__(table_id=table_id, name=name, config=config,
                                   venue_id=venue_id, account_code=account_code,
                                   rake_code=rake_code, actor=actor, at=at)


_opened.__name__ = "__init__"  # the library takes the creation event from a method so named


def _seated(self, seat: str, player_id: str, session_id: str, buy_in_cents: int,
            fee_cents: int, cave_cents: int, device_id: str | None, rule: str, actor: str,
            at: datetime) -> None:
    self.seats[seat] = {"player_id": player_id, "session_id": session_id,
                        "cave_cents": cave_cents, "leaving": False, "device_id": device_id}


def _rebought(self, seat: str, player_id: str, amount_cents: int, fee_cents: int,
              cave_cents: int, rule: str, actor: str, at: datetime) -> None:
    self.seats[seat]["cave_cents"] = cave_cents


def _leave_requested(self, seat: str, player_id: str, reason: str, rule: str, actor: str,
                     at: datetime) -> None:
    self.seats[seat]["leaving"] = True


def _left(self, seat: str, player_id: str, cave_cents: int, reason: str, rule: str,
          actor: str, at: datetime) -> None:
    self.seats.pop(seat, None)
    if len(self.in_play()) < 2:
        self.play_stopped = True  # rule 47: when play resumes the button is drawn again


def _registered(self, player_id: str, rule: str, actor: str, at: datetime) -> None:
    self.registered.append(player_id)


def _jogada_started(self, jogada_id: str, number: int, players: dict[str, dict[str, Any]],
                    config: dict[str, Any], ruleset_version: int | None, rule: str,
                    actor: str, at: datetime) -> None:
    self.jogadas_started = number
    self.jogada = {"jogada_id": jogada_id, "number": number, "players": dict(players),
                   "started_at": at, "round": None, "hole": {}, "board": [], "dealt": 0,
                   "deadline": None, "extended": False, "shown": None}


def _button(self, jogada_id: str, seat: str) -> None:
    self.button = seat
    self.play_stopped = False


def _button_drawn(self, jogada_id: str, seats: list[str], index: int, seat: str, forced: bool,
                  rule: str, actor: str, at: datetime) -> None:
    _button(self, jogada_id, seat)


def _button_moved(self, jogada_id: str, seat: str, previous: str, rule: str, actor: str,
                  at: datetime) -> None:
    _button(self, jogada_id, seat)


def _blinds_posted(self, jogada_id: str, blinds: dict[str, int], to_act: str | None,
                   deadline: datetime, rule: str, actor: str, at: datetime) -> None:
    jogada = self.jogada
    jogada["round"] = dealing.round_to_dict(self.opening_round())
    jogada["deadline"] = deadline


def _hole_dealt(self, jogada_id: str, order: list[str], cards: dict[str, list[str]], rule: str,
                actor: str, at: datetime) -> None:
    self.jogada["hole"] = {seat: list(c) for seat, c in cards.items()}
    self.jogada["dealt"] = sum(len(c) for c in cards.values())


def _acted(self, jogada_id: str, street: int, seat: str, player_id: str, action: str,
           amount: int | None, added_cents: int, reason: str, device_id: str | None,
           to_act: str | None, deadline: datetime | None, rule: str, actor: str,
           at: datetime) -> None:
    """Legacy (``ActionTaken``, module docstring): the engine run again on the recorded action."""
    jogada = self.jogada
    jogada["round"] = dealing.round_to_dict(act(self.betting(), seat, action, amount))
    jogada.update(deadline=deadline, extended=False)


def _applied(self, jogada_id: str, street: int, seat: str, player_id: str, action: str,
             amount: int | None, added_cents: int, stack_cents: int, bet_cents: int,
             all_in: bool, current_bet_cents: int, last_raise_cents: int, raises: int,
             last_aggressor: str | None, to_act: str | None, answering: dict[str, bool],
             reason: str, device_id: str | None, deadline: datetime | None, rule: str,
             actor: str, at: datetime) -> None:
    jogada = self.jogada
    jogada["round"] = apply_action(jogada["round"], seat, action, {
        "stack_cents": stack_cents, "bet_cents": bet_cents, "all_in": all_in,
        "current_bet_cents": current_bet_cents, "last_raise_cents": last_raise_cents,
        "raises": raises, "last_aggressor": last_aggressor, "to_act": to_act,
        "answering": answering})
    jogada.update(deadline=deadline, extended=False)


def _board_dealt(self, jogada_id: str, street: int, cards: list[str], to_act: str | None,
                 deadline: datetime | None, rule: str, actor: str, at: datetime) -> None:
    jogada = self.jogada
    jogada["round"] = dealing.round_to_dict(next_round(self.betting(), street))
    jogada["board"] = jogada["board"] + list(cards)
    jogada["dealt"] += len(cards)
    jogada.update(deadline=deadline, extended=False)


def _extended(self, jogada_id: str, seat: str, deadline: datetime, rule: str, actor: str,
              at: datetime) -> None:
    self.jogada.update(deadline=deadline, extended=True)


def _shown(self, jogada_id: str, order: list[str], hands: dict[str, dict[str, Any]], rule: str,
           actor: str, at: datetime) -> None:
    self.jogada["shown"] = dict(hands)


def _end(self, jogada_id: str, at: datetime) -> None:
    self.last_jogada_id = jogada_id
    for player in self.jogada["players"].values():  # rule 65: each player's last jogada
        self.last_jogadas[player["player_id"]] = jogada_id
    self.last_ended_at = at
    self.jogada = None


def _settled(self, jogada_id: str, contributions: dict[str, int], folded: list[str],
             returned: dict[str, int], pots: list[dict[str, Any]], rake: list[int],
             payments: list[dict[str, int]], totals: dict[str, int], caves: dict[str, int],
             commission: dict[str, int], flop_seen: bool, showdown: bool, rule: str,
             actor: str, at: datetime) -> None:
    for seat, cave in caves.items():
        if seat in self.seats:
            self.seats[seat]["cave_cents"] = cave
    _end(self, jogada_id, at)


def _voided(self, jogada_id: str, reason: str, refunds: dict[str, int], rule: str, actor: str,
            at: datetime) -> None:
    _end(self, jogada_id, at)  # every cave is back to what it was when the jogada started
    self.play_stopped = True  # rule 47: when play resumes the button is drawn again


def _connection_lost(self, jogada_id: str, seat: str, player_id: str, rule: str, actor: str,
                     at: datetime) -> None:
    """Recorded only (rule 73): the clock acts for the player."""


def _device_shared(self, jogada_id: str | None, device_id: str, players: list[str], rule: str,
                   actor: str, at: datetime) -> None:
    """Recorded only (903-B 6.6.1): a significant event for the operator."""


MUTATORS = {
    "PlayerSeated": _seated, "CaveRebought": _rebought, "LeaveRequested": _leave_requested,
    "PlayerLeft": _left, "PlayerRegistered": _registered, "JogadaOpened": _jogada_started,
    "ButtonDrawn": _button_drawn, "ButtonMoved": _button_moved,
    "BlindsPosted": _blinds_posted, "HoleCardsDealt": _hole_dealt,
    "ActionTaken": _acted,  # legacy: never written now (module docstring)
    "ActionApplied": _applied, "BoardDealt": _board_dealt, "DecisionTimeExtended": _extended,
    "HandsShown": _shown, "JogadaSettled": _settled, "JogadaVoided": _voided,
    "PlayerConnectionLost": _connection_lost, "SharedDeviceFlagged": _device_shared,
}

def table_class(name: str, base: type, module: str) -> type:
    """The aggregate class of one game: ``base``'s body with these events, topics
    ``ledger.<name>.<Event>``."""
    namespace: dict[str, Any] = {"__module__": module, "__qualname__": name,
                                 "__init__": event("TableOpened",
                                                   topic=f"ledger.{name}.TableOpened")(_opened)}
    for event_name, mutator in MUTATORS.items():
        namespace[mutator.__name__] = event(event_name,
                                               topic=f"ledger.{name}.{event_name}")(mutator)
    return type(name, (base,), namespace)
