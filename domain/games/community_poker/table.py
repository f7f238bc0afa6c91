"""A hold'em or Omaha table: one stream per table, every step of every jogada an event.

A jogada on this stream, in order: ``JogadaOpened`` (the players in play and their caves,
rule 7) → ``RngCommitted`` (903-B 6.7.5: the shoe before the first card) → ``ButtonDrawn``
(rules 46, 47) or ``ButtonMoved`` (rule 64) → ``BlindsPosted`` (rules 20–22, 48) →
``HoleCardsDealt`` (rules 49, 50) → ``ActionApplied`` per decision (rules 34–40, 45),
``DecisionTimeExtended`` (rule 44) and ``BoardDealt`` per street (rules 53–58) →
``HandsShown`` (rules 59–61) → ``JogadaSettled`` (rules 33, 36, 41, 42, 62, 63; commission
rules 17–19, A24) → ``RngRevealed``. A fault of the system ends it with ``JogadaVoided``
(rule 72, A26). Between jogadas: ``PlayerRegistered`` (A25), ``PlayerSeated`` (rules 8, 9),
``CaveRebought`` (rules 12, 15), ``LeaveRequested`` and ``PlayerLeft`` (rule 10).

The caves are money in the table's account (domain/games/community_poker/play.py moves it); the
table records each seat's cave so that the account always holds their sum plus the pot in
play. Every event carries what a replay needs. A decision runs the pure betting engine
(betting.py, actions.py) once, in ``act``; its ``ActionApplied`` records what the engine
decided and the mutator applies those facts (table_events.py; stores written before hold the
legacy ``ActionTaken``, whose mutator runs the engine). The betting round is kept as a plain
dict (snapshots hold JSON); ``betting()`` builds the engine's frozen round from it once per
change. Guards run before anything is triggered.

Two aggregate classes share this body, ``HoldemTable`` and ``OmahaTable`` (``table_class``):
their events' topics name the game (``ledger.HoldemTable.ActionApplied``), which is how the
ledger tells the two games' jogadas apart (domain/kernel/game.py ``Game.event_marker``).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from domain.games.community_poker import dealing
from domain.games.community_poker.action_facts import action_facts
from domain.games.community_poker.actions import act, options
from domain.games.community_poker.betting import RIVER, next_round, open_round
from domain.games.community_poker.config import SESSION, betting_rules, own_rules, rule
from domain.kernel.certification import CONTRACT_RULE
from domain.kernel.errors import (
    ConflictError,
    DomainError,
    ForbiddenError,
    InvalidInputError,
    RuleViolationError,
)
from domain.kernel.jogada_rng import JogadaRng
from domain.kernel.rules import T903B, cite
from domain.kernel.rules import A as INTERP

PLAYER, TIMEOUT = "player", "timeout"
SESSION_ENDED = "session_ended"


class PokerTable(JogadaRng):
    """The body of both tables; the events are declared by ``table_class``."""

    # The engine's round built from ``jogada["round"]``, with the dict it was built from: a
    # slot, outside the state a snapshot or an equality reads (``vars``). The mutators put a
    # new dict there on every change, never change one in place.
    __slots__ = ("_built",)

    def __init__(self, table_id: str, name: str, config: dict[str, Any], venue_id: str,
                 account_code: str, rake_code: str, actor: str, at: datetime) -> None:
        self.name = name
        self.config_data = dict(config)
        self.venue_id = venue_id
        self.account_code = account_code  # the caves: money held by the ledger (rule 8)
        self.rake_code = rake_code  # the operator's commission (rules 16, 17)
        self.seats: dict[str, dict[str, Any]] = {}  # "1".."10" -> player, session, cave
        self.registered: list[str] = []  # session mode (A25)
        self.jogada: dict[str, Any] | None = None
        self.jogadas_started = 0
        self.last_jogada_id: str | None = None
        self.last_jogadas: dict[str, str] = {}  # player -> its last ended jogada here (rule 65)
        self.last_ended_at: datetime | None = None
        self.button: str | None = None
        self.play_stopped = True  # rule 47: the button is drawn again when play resumes

    @staticmethod
    def create_id(table_id: str, **_: Any) -> UUID:  # type: ignore[override]
        return UUID(table_id)

    # Queries ----------------------------------------------------------------------------------
    @property
    def variant(self) -> str:
        return self.config_data["variant"]

    def rule(self, *numbers: int | str) -> str:
        return rule(self.variant, *numbers)

    def seat_of(self, player_id: str) -> str | None:
        return next((s for s, h in self.seats.items() if h["player_id"] == player_id), None)

    def in_jogada(self, seat: str) -> bool:
        return self.jogada is not None and seat in self.jogada["players"]

    def in_play(self) -> list[str]:
        """The seats dealt into the next jogada: a cave of at least the table minimum (rule
        15) and not leaving; in seat order."""
        big = self.config_data["big_blind_cents"]
        return sorted((s for s, h in self.seats.items()
                       if h["cave_cents"] >= big and not h["leaving"]), key=int)

    def open_jogada(self, jogada_id: str | None = None) -> dict[str, Any]:
        jogada = self.jogada
        if jogada is None or (jogada_id is not None and jogada["jogada_id"] != jogada_id):
            raise ConflictError(f"jogada {jogada_id} is not open at this table" if jogada_id
                                else "no jogada is open at this table", field="jogada_id")
        return jogada

    def betting(self) -> Any:
        """The betting round of the open jogada (domain/games/community_poker/betting.py), built
        once per change of the round."""
        data = self.open_jogada()["round"]
        built = getattr(self, "_built", None)
        if built is not None and built[0] is data:
            return built[1]
        state = dealing.round_from_dict(data, betting_rules(self.config_data))
        self._built = (data, state)
        return state

    def opening_round(self) -> Any:
        """The first betting round of the open jogada, once its button is known: the blinds
        posted (rules 20–22, 48) and the first to act (rule 51)."""
        jogada = self.open_jogada()
        seats = [(s, jogada["players"][s]["cave_cents"]) for s in sorted(jogada["players"],
                                                                           key=int)]
        return open_round(betting_rules(self.config_data), seats, self.button)

    def in_session_hours(self, at: datetime) -> bool:
        """Rule 6, A25: a session-mode table plays between its start and end times."""
        c = self.config_data
        if c["mode"] != SESSION:
            return True
        return (datetime.fromisoformat(c["session_starts_at"]) <= at
                < datetime.fromisoformat(c["session_ends_at"]))

    # Seats (rules 8–12, 15; A25; 903-B 6.6.1) -----------------------------------------------
    def check_sit(self, seat: Any, player_id: str, *, stale: list[str]) -> str:
        if isinstance(seat, bool) or not isinstance(seat, int) or \
                not 1 <= seat <= self.config_data["seats"]:
            raise InvalidInputError(f"seat must be 1 to {self.config_data['seats']} at this"
                                    " table", field="seat", rule=self.rule("4a"))
        if self.config_data["mode"] == SESSION and player_id not in self.registered:
            raise RuleViolationError("a session-mode table seats only players registered in"
                                     " advance", field="player_id",
                                     rule=f"{self.rule(6)}; {cite(INTERP, 25)}",
                                     code="not_registered")
        held = {s: h for s, h in self.seats.items() if s not in stale}
        own = next((s for s, h in held.items() if h["player_id"] == player_id), None)
        if own is not None:  # rule 9; 903-B 6.6.1: never twice at a table, nor against itself
            raise ConflictError(f"player {player_id} already sits at seat {own}: one seat per"
                                " player", field="player_id",
                                rule=f"{self.rule(9)}; {cite(T903B, '6.6.1')}",
                                code="already_seated")
        if str(seat) in held:
            raise ConflictError(f"seat {seat} is taken", field="seat", rule=self.rule(9))
        return str(seat)

    def sit(self, seat: str, player_id: str, session_id: str, *, buy_in_cents: int,
            fee_cents: int, device_id: str | None, actor: str, at: datetime,
            forced: bool = False) -> None:
        """``forced``: a starting cave a laboratory set (certification mode), which the rule
        recorded says."""
        cited = f"{self.rule(8, 9)}; {cite(INTERP, 28)}"
        self._seated(seat=seat, player_id=player_id, session_id=session_id,
                     buy_in_cents=buy_in_cents, fee_cents=fee_cents,
                     cave_cents=buy_in_cents - fee_cents, device_id=device_id,
                     rule=f"{cited}; {CONTRACT_RULE}" if forced else cited, actor=actor, at=at)

    def check_rebuy(self, player_id: str) -> str:
        seat = self.seat_of(player_id)
        if seat is None:
            raise ConflictError(f"player {player_id} is not seated here", field="player_id")
        if self.in_jogada(seat):  # rule 11: no rebuy during a jogada
            raise RuleViolationError("no rebuy during a jogada: rebuy when it ends",
                                     field="player_id", rule=self.rule(11),
                                     code="jogada_in_play")
        if self.seats[seat]["cave_cents"] >= self.config_data["big_blind_cents"]:
            raise RuleViolationError(  # rules 12, 15: a rebuy is for a lost or short cave
                "a rebuy is for a cave lost or below the table minimum", field="player_id",
                rule=self.rule(12, 15), code="cave_not_short")
        return seat

    def rebuy(self, seat: str, *, amount_cents: int, fee_cents: int, actor: str,
              at: datetime) -> None:
        holder = self.seats[seat]
        self._rebought(seat=seat, player_id=holder["player_id"], amount_cents=amount_cents,
                       fee_cents=fee_cents,
                       cave_cents=holder["cave_cents"] + amount_cents - fee_cents,
                       rule=self.rule(12, 15), actor=actor, at=at)

    def leave(self, seat: str, *, reason: str, actor: str, at: datetime) -> int | None:
        """Rule 10: with the whole cave; a seat in the jogada leaves when it ends (returns
        None then). Returns the cave to pay back."""
        holder = self.seats[seat]
        if self.in_jogada(seat):
            if not holder["leaving"]:
                self._leave_requested(seat=seat, player_id=holder["player_id"], reason=reason,
                                      rule=self.rule(10), actor=actor, at=at)
            return None
        cave = holder["cave_cents"]
        self._left(seat=seat, player_id=holder["player_id"], cave_cents=cave, reason=reason,
                   rule=self.rule(10), actor=actor, at=at)
        return cave

    def register(self, player_id: str, *, actor: str, at: datetime) -> None:
        if self.config_data["mode"] != SESSION:
            raise ConflictError("only a session-mode table takes registrations",
                                field="table_id", rule=f"{self.rule(6)}; {cite(INTERP, 25)}")
        if player_id in self.registered:
            raise ConflictError(f"player {player_id} is already registered", field="player_id",
                                code="already_registered")
        self._registered(player_id=player_id, rule=f"{self.rule(6)}; {cite(INTERP, 25)}",
                         actor=actor, at=at)

    # Starting a jogada (rules 7, 46–50) ----------------------------------------------------
    def check_can_start(self, at: datetime, leaving: list[str] = ()) -> list[str]:
        """The seats dealt into the next jogada (``leaving``: seats whose session is over,
        cashed out first); refused (nothing recorded) if it cannot start."""
        if self.jogada is not None:
            raise ConflictError("a jogada is in play at this table", field="table_id",
                                code="jogada_in_play")
        if not self.in_session_hours(at):
            raise RuleViolationError("this session-mode table is outside its hours",
                                     field="table_id", rule=self.rule(6), code="outside_hours")
        seats = [s for s in self.in_play() if s not in leaving]
        if len(seats) < 2:  # rule 7
            raise RuleViolationError("a jogada needs at least 2 players in play",
                                     field="table_id", rule=self.rule(7),
                                     code="not_enough_players")
        return seats

    def start(self, jogada_id: str, seed: bytes, *, seats: list[str],
              forced_deck: list[str] | None, button_seat: int | None,
              certification_mode: bool, ruleset_version: int | None, actor: str,
              at: datetime) -> None:
        """Guards by ``check_can_start`` and the caller (forced deck and button: certification
        mode only). Records the jogada up to the first player's turn."""
        players = {s: {"player_id": self.seats[s]["player_id"],
                       "session_id": self.seats[s]["session_id"],
                       "cave_cents": self.seats[s]["cave_cents"]} for s in seats}
        self._jogada_started(jogada_id=jogada_id, number=self.jogadas_started + 1,
                             players=players, config=self.config_data,
                             ruleset_version=ruleset_version, rule=self.rule(7),
                             actor=actor, at=at)
        shoe = self.commit_deck(jogada_id, seed, forced_deck=forced_deck,
                                certification_mode=certification_mode,
                                min_cards=dealing.cards_needed(len(seats), self.variant),
                                actor=actor, at=at)
        if button_seat is not None:  # certification mode (checked by the caller)
            self._button_drawn(jogada_id=jogada_id, seats=seats, index=seats.index(
                str(button_seat)), seat=str(button_seat), forced=True,
                rule=self.rule(46, 47), actor=actor, at=at)
        elif self.play_stopped or self.button is None:
            index = dealing.draw_button(seed, len(seats))
            self._button_drawn(jogada_id=jogada_id, seats=seats, index=index,
                               seat=seats[index], forced=False, rule=self.rule(46, 47),
                               actor=actor, at=at)
        else:
            seat = dealing.next_button(self.button, seats, self.config_data["seats"])
            self._button_moved(jogada_id=jogada_id, seat=seat, previous=self.button,
                               rule=self.rule("4c", 64), actor=actor, at=at)
        state = self.opening_round()
        blinds = {s.seat: s.put_in for s in state.seats if s.put_in}
        self._blinds_posted(jogada_id=jogada_id, blinds=blinds, to_act=state.acting,
                            deadline=self._deadline(at), rule=self.rule(20, 21, 22, 48),
                            actor=actor, at=at)
        order = dealing.deal_order(state)
        self._hole_dealt(jogada_id=jogada_id, order=order,
                         cards=dealing.deal_hole_cards(shoe, order, self.variant),
                         rule=self.rule(49, 50), actor=actor, at=at)

    def _deadline(self, at: datetime) -> datetime:
        return at + timedelta(seconds=self.config_data["decision_seconds"])  # rule 43

    # Acting (rules 28, 34–45) ---------------------------------------------------------------
    def check_act(self, jogada_id: str, player_id: str, action: str) -> str:
        jogada = self.open_jogada(jogada_id)
        if action in ("chop", "waive"):  # rule 28: no split by agreement, no giving up a pot
            raise RuleViolationError(f"{action}: a pot may not be split by agreement nor given"
                                     " up", field="action", rule=self.rule(28),
                                     code="not_allowed")
        seat = self.seat_of(player_id)
        if seat is None or seat not in jogada["players"]:
            raise ForbiddenError("only a player dealt into this jogada acts in it",
                                 field="player_id", rule=self.rule(34))
        return seat

    def act(self, seat: str, action: str, amount: int | None, *, reason: str,
            device_id: str | None, actor: str, at: datetime) -> int:
        """Refuses (nothing recorded) what the engine refuses; then runs the jogada on until
        a player must decide or it ends. Returns the chips the seat put in."""
        jogada = self.open_jogada()
        state = self.betting()
        try:
            after = act(state, seat, action, amount)  # raises before any event
        except DomainError as refused:  # the engine cites hold'em; Omaha's rule, same number
            refused.rule = own_rules(self.variant, refused.rule)
            raise
        facts = action_facts(state, after, seat)  # what the engine decided: the event's facts
        cited = self.rule(45) if reason == TIMEOUT else self.rule(34)
        self._applied(jogada_id=jogada["jogada_id"], street=state.street, seat=seat,
                      player_id=jogada["players"][seat]["player_id"], action=action,
                      amount=amount, **facts, reason=reason, device_id=device_id,
                      deadline=None if after.over else self._deadline(at), rule=cited,
                      actor=actor, at=at)
        self._run_on(actor=actor, at=at)
        return facts["added_cents"]

    def _run_on(self, *, actor: str, at: datetime) -> None:
        """After a round ends: the next street, the showdown, or (one player left) the end."""
        jogada = self.open_jogada()
        state = self.betting()
        while state.over:
            if len(state.in_hand) < 2 or state.street == RIVER:
                return  # the caller settles (rule 36, or the showdown after the river)
            street = state.street + 1
            cards = dealing.board_cards(self.rng_outcome(jogada["jogada_id"]), jogada["dealt"],
                                        street)
            opened = next_round(state, street)
            self._board_dealt(jogada_id=jogada["jogada_id"], street=street, cards=cards,
                              to_act=opened.acting,
                              deadline=None if opened.over else self._deadline(at),
                              rule=self.rule(dealing.STREET_RULE[street],
                                             dealing.STREET_RULE[street] + 1),
                              actor=actor, at=at)
            state = self.betting()

    def ended(self) -> bool:
        """The open jogada is decided: one player left (rule 36) or the river betting over."""
        state = self.betting()
        return state.over and (len(state.in_hand) < 2 or state.street == RIVER)

    def extend_time(self, *, actor: str, at: datetime) -> None:
        """Rule 44: the extra time, once per decision."""
        jogada = self.open_jogada()
        self._extended(jogada_id=jogada["jogada_id"], seat=self.betting().acting,
                       deadline=max(jogada["deadline"], at)
                       + timedelta(seconds=self.config_data["extra_seconds"]),
                       rule=self.rule(44), actor=actor, at=at)

    def options_of(self, seat: str) -> dict[str, Any]:
        return options(self.betting(), seat)

    # The end of a jogada (rules 33, 36, 59–64, 72; A24, A26, A31) ---------------------------
    def show_hands(self, hands: dict[str, dict[str, Any]], order: list[str], *, actor: str,
                   at: datetime) -> None:
        self._shown(jogada_id=self.open_jogada()["jogada_id"], order=order, hands=hands,
                    rule=self.rule(59, 60, 61), actor=actor, at=at)

    def settle(self, settlement: dict[str, Any], *, actor: str, at: datetime) -> None:
        jogada = self.open_jogada()
        self._settled(jogada_id=jogada["jogada_id"], **settlement,
                      rule=self.rule(33, 36, 41, 42, 62, 63), actor=actor, at=at)
        self.reveal_rng(jogada["jogada_id"], actor=actor, at=at)

    def void(self, *, reason: str, refunds: dict[str, int], actor: str, at: datetime) -> None:
        jogada = self.open_jogada()
        self._voided(jogada_id=jogada["jogada_id"], reason=reason, refunds=refunds,
                     rule=f"{self.rule(72, 73)}; {cite(INTERP, 26)}", actor=actor, at=at)
        if jogada["jogada_id"] in self.rng_open:
            self.reveal_rng(jogada["jogada_id"], actor=actor, at=at)

    def record_connection_lost(self, seat: str, *, actor: str, at: datetime) -> None:
        """Rule 73: the player's own connection loss is not a void; the clock acts for it."""
        jogada = self.open_jogada()
        self._connection_lost(jogada_id=jogada["jogada_id"], seat=seat,
                              player_id=jogada["players"][seat]["player_id"],
                              rule=self.rule(73), actor=actor, at=at)

    def flag_shared_device(self, device_id: str, players: list[str], *, actor: str,
                           at: datetime) -> None:
        """903-B 6.6.1: one device or connection used by two players at this table."""
        self._device_shared(jogada_id=None if self.jogada is None else
                            self.jogada["jogada_id"], device_id=device_id, players=players,
                            rule=cite(T903B, "6.6.1"), actor=actor, at=at)


from domain.games.community_poker import table_events  # noqa: E402  (the mutators, below)

HoldemTable = table_events.table_class("HoldemTable", PokerTable, __name__)
OmahaTable = table_events.table_class("OmahaTable", PokerTable, __name__)
TABLES = {"holdem": HoldemTable, "omaha": OmahaTable}
