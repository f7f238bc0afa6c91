"""The French roulette wheel: one stream per wheel, every step of every jogada an event
(RF-SPEC.md; Reg. 807/2015).

A jogada on this stream, in order: ``JogadaOpened`` (the first bet; at a multi-player wheel the
announced betting window, "façam as vossas apostas", r16) → [``PlayerJoined``, r5] →
``BetsPlaced`` per command (a slip, r7–r13, A57) → [``BetsWithdrawn``, an individual wheel
before the launch, A60] → [``NumberForced``, certification mode] → ``BettingClosed`` ("jogo
feito nada mais": the window's end, r16, or the player's launch, r17) → ``RngCommitted`` (the
number, 903-B 6.7.5, A70) → ``BallLanded`` (r18) → ``BetsSettled`` per player (r14, r15,
r19–r21) → ``JogadaSettled`` (the recent results, r6e, A56) → ``RngRevealed``; the spin from
``BettingClosed`` on is one command, one transaction. Instead of a spin: ``JogadaVoided`` (a
fault of the system, r22, r23, A62) or ``JogadaCancelled`` (bets never launched at an
individual wheel, A60). ``ConnectionLost`` (r24, r25) never ends a jogada; ``JogadaRecovered``
(903-B 6.3.2) marks, at start-up, a jogada whose window passed while the service was down; the
clock spins it.

The money moves in the same transaction (betting.py, spin.py, faults.py); this aggregate
decides and records. Guards (wheel_checks.py) run before the first event, so a refused command
records nothing.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from domain.games.roulette import bets as booking
from domain.games.roulette import layout
from domain.games.roulette.config import WheelConfig
from domain.games.roulette.rule_book import rf_rule
from domain.games.roulette.wheel_checks import BETTING, WITHDRAW_RULE, WheelChecks
from domain.kernel.jogada_rng import JogadaRng

PLAYER, SESSION_ENDED = "player", "session_ended"  # PlayerLeft's reasons
# JogadaCancelled's reasons (A60): the session ended, day 90, or every bet withdrawn
DAY_90, WITHDRAWN = "day_90", "withdrawn"
OPEN_ANNOUNCEMENT = "façam as vossas apostas"  # r16
CLOSE_ANNOUNCEMENT = "jogo feito nada mais"  # r16
SETTLE_RULE = rf_rule(14, 15, 19, 20, 21)
LAST_KEPT = 1_000  # r26: the players whose last jogada here the wheel remembers


class RouletteWheel(WheelChecks, JogadaRng):
    @event("WheelOpened", topic="ledger.RouletteWheel.WheelOpened")
    def __init__(self, wheel_id: str, name: str, config: dict[str, Any], venue_id: str,
                 actor: str, at: datetime) -> None:
        self.name = name
        self.config_data = dict(config)
        self.venue_id = venue_id
        self.players: dict[str, str] = {}  # player id -> session id (r5)
        self.jogada: dict[str, Any] | None = None
        self.jogadas_started = 0
        self.last_jogada_id: str | None = None
        self.recent_results: list[dict[str, Any]] = []  # r6e, A56, newest first
        self.player_last: dict[str, dict[str, Any]] = {}  # r26: player id -> its last jogada

    @staticmethod
    def create_id(wheel_id: str, **_: Any) -> UUID:  # type: ignore[override]
        return UUID(wheel_id)

    @property
    def config(self) -> WheelConfig:
        return WheelConfig.from_dict(self.config_data)

    # Players (r4, r5) -------------------------------------------------------------------------
    def join(self, player_id: str, session_id: str, *, stale: list[str], actor: str,
             at: datetime) -> bool:
        """r5; ``stale``: players whose session is over, freed first. False if already here
        with this session."""
        self.check_join(player_id, stale)
        for gone in sorted(stale):
            if gone in self.players and not self.live_slips(gone):
                self._left(player_id=gone, session_id=self.players[gone],
                           reason=SESSION_ENDED, actor=actor, at=at)
        held = self.players.get(player_id)
        if held == session_id:
            return False
        if held is not None:  # an earlier session of the player: its place goes with it
            self._left(player_id=player_id, session_id=held, reason=SESSION_ENDED,
                       actor=actor, at=at)
        self._joined(player_id=player_id, session_id=session_id, actor=actor, at=at)
        return True

    def leave(self, player_id: str, *, reason: str = PLAYER, actor: str, at: datetime) -> None:
        if reason == PLAYER:
            self.check_leave(player_id)
        self._left(player_id=player_id, session_id=self.players[player_id], reason=reason,
                   actor=actor, at=at)

    # Bets (r7–r13, r16, A57, A60) -------------------------------------------------------------
    def place_bets(self, player_id: str, session_id: str, booked: list[dict[str, Any]], *,
                   stale: list[str], ruleset_version: int | None, actor: str,
                   at: datetime) -> tuple[str, int]:
        """The slip of one command's bets (checked by the caller: bets.book, the window);
        the first bet opens the jogada. Returns (jogada id, slip)."""
        if self.jogada is None:
            number = self.jogadas_started + 1
            seconds = self.config_data.get("betting_seconds")
            self._jogada_opened(
                jogada_id=f"{self.id}:{number}", number=number,
                betting_closes_at=None if seconds is None else at + timedelta(seconds=seconds),
                config=self.config_data, ruleset_version=ruleset_version,
                announcement=OPEN_ANNOUNCEMENT, actor=actor, at=at)
        self.join(player_id, session_id, stale=stale, actor=actor, at=at)
        jogada = self.jogada
        slip = len(jogada["slips"]) + 1
        self._bets_placed(jogada_id=jogada["jogada_id"], slip=slip, player_id=player_id,
                          session_id=session_id, bets=booked,
                          amount_cents=sum(b["amount_cents"] for b in booked),
                          actor=actor, at=at)
        return jogada["jogada_id"], slip

    def force_number(self, number: int, *, actor: str, at: datetime) -> None:
        self._number_forced(jogada_id=self.open_jogada()["jogada_id"], forced_number=number,
                            actor=actor, at=at)

    def withdraw(self, slips: list[dict[str, Any]], *, reason: str, actor: str,
                 at: datetime) -> None:
        """A60: each slip withdrawn (checked by the caller), its stake given back."""
        jid = self.open_jogada()["jogada_id"]
        for s in slips:
            self._bets_withdrawn(jogada_id=jid, slip=s["slip"], player_id=s["player_id"],
                                 session_id=s["session_id"], amount_cents=s["amount_cents"],
                                 reason=reason, rule=WITHDRAW_RULE, actor=actor, at=at)

    # The spin (r16–r21) -----------------------------------------------------------------------
    def close_betting(self, *, rule: str, actor: str, at: datetime) -> list[str]:
        jogada = self.open_jogada()
        players = self.bettors()
        self._betting_closed(jogada_id=jogada["jogada_id"], announcement=CLOSE_ANNOUNCEMENT,
                             rule=rule, players=players,
                             staked_cents=sum(s["amount_cents"] for s in self.live_slips()),
                             actor=actor, at=at)
        return players

    def land(self, *, actor: str, at: datetime) -> int:
        """r18: the committed number (A70: drawn before this) marked on the layout."""
        jid = self.open_jogada()["jogada_id"]
        number = self.rng_outcome(jid)[0]
        self._ball_landed(jogada_id=jid, number=number, colour=layout.colour(number),
                          rule=rf_rule(18), actor=actor, at=at)
        return number

    def settle_player(self, player_id: str, *, actor: str, at: datetime) -> dict[str, Any]:
        """r14, r15, r19–r21 (A53, A58): every live slip of the player against the number."""
        jogada = self.open_jogada()
        number = jogada["landed"]
        mine = self.live_slips(player_id)
        slips = [{"slip": s["slip"], "session_id": s["session_id"],
                  "bets": [booking.settle(b, number) for b in s["bets"]]} for s in mine]
        staked = sum(s["amount_cents"] for s in mine)
        returned = sum(b["returned_cents"] for s in slips for b in s["bets"])
        facts = {"player_id": player_id, "session_id": mine[0]["session_id"], "slips": slips,
                 "staked_cents": staked, "returned_cents": returned,
                 "net_cents": returned - staked, "rule": SETTLE_RULE}
        self._bets_settled(jogada_id=jogada["jogada_id"], actor=actor, at=at, **facts)
        return facts

    def finish(self, *, actor: str, at: datetime) -> dict[str, Any]:
        """r19: the jogada settled; the recent results (r6e, A56); the seed revealed."""
        jogada = self.open_jogada()
        jid = jogada["jogada_id"]
        number = jogada["landed"]
        shown = self.config_data.get("results_shown") or 10
        recent = ([{"number": number, "colour": layout.colour(number)}]
                  + [dict(r) for r in self.recent_results])[:shown]
        settled = jogada["settled"]
        facts = {"number": number, "colour": layout.colour(number),
                 "staked_cents": sum(p["staked_cents"] for p in settled.values()),
                 "returned_cents": sum(p["returned_cents"] for p in settled.values()),
                 "players": len(settled), "recent_results": recent,
                 # each player's amounts: what its listing row and statement end with
                 "results": {pid: {"staked_cents": p["staked_cents"],
                                   "returned_cents": p["returned_cents"],
                                   "net_cents": p["returned_cents"] - p["staked_cents"]}
                             for pid, p in sorted(settled.items())}}
        self._jogada_settled(jogada_id=jid, actor=actor, at=at, **facts)
        self.reveal_rng(jid, actor=actor, at=at)
        return facts

    # Faults (r22–r25, A60, A62; 903-B 6.3.2) --------------------------------------------------
    def void(self, *, reason: str, refunds: dict[str, int], message: str, rule: str,
             actor: str, at: datetime) -> None:
        jid = self.open_jogada()["jogada_id"]
        self._voided(jogada_id=jid, reason=reason, refunds=refunds, message=message, rule=rule,
                     actor=actor, at=at)
        if jid in self.rng_open:  # never: the spin is one transaction (RF-SPEC)
            self.reveal_rng(jid, actor=actor, at=at)

    def refund(self, *, reason: str, refunds: dict[str, int], rule: str, actor: str,
               at: datetime) -> None:
        self._refunded(jogada_id=self.open_jogada()["jogada_id"], reason=reason,
                       refunds=refunds, rule=rule, actor=actor, at=at)

    def record_connection_lost(self, player_id: str, *, rule: str, actor: str,
                               at: datetime) -> str | None:
        jid = self.jogada["jogada_id"] if self.live_slips(player_id) else None
        self._connection_lost(player_id=player_id, jogada_id=jid, rule=rule, actor=actor,
                              at=at)
        return jid

    def recovered(self, *, what: str, rule: str, actor: str, at: datetime) -> None:
        self._recovered(jogada_id=self.open_jogada()["jogada_id"], what=what, rule=rule,
                        actor=actor, at=at)

    # Mutators (run on trigger and on replay) --------------------------------------------------
    @event("PlayerJoined", topic="ledger.RouletteWheel.PlayerJoined")
    def _joined(self, player_id: str, session_id: str, actor: str, at: datetime) -> None:
        self.players[player_id] = session_id

    @event("PlayerLeft", topic="ledger.RouletteWheel.PlayerLeft")
    def _left(self, player_id: str, session_id: str, reason: str, actor: str,
              at: datetime) -> None:
        self.players.pop(player_id, None)

    @event("JogadaOpened", topic="ledger.RouletteWheel.JogadaOpened")
    def _jogada_opened(self, jogada_id: str, number: int, betting_closes_at: datetime | None,
                       config: dict[str, Any], ruleset_version: int | None, announcement: str,
                       actor: str, at: datetime) -> None:
        self.jogadas_started = number
        self.jogada = {"jogada_id": jogada_id, "number": number, "status": BETTING,
                       "opened_at": at, "betting_closes_at": betting_closes_at, "slips": {},
                       "by_player": {}, "forced_number": None, "landed": None, "settled": {}}

    @event("BetsPlaced", topic="ledger.RouletteWheel.BetsPlaced")
    def _bets_placed(self, jogada_id: str, slip: int, player_id: str, session_id: str,
                     bets: list[dict[str, Any]], amount_cents: int, actor: str,
                     at: datetime) -> None:
        self.jogada["slips"][str(slip)] = {
            "slip": slip, "player_id": player_id, "session_id": session_id, "bets": bets,
            "amount_cents": amount_cents, "withdrawn": False, "placed_at": at}
        # each player's slips, so that a bet at a busy wheel reads its own alone
        self.jogada["by_player"].setdefault(player_id, []).append(str(slip))

    @event("BetsWithdrawn", topic="ledger.RouletteWheel.BetsWithdrawn")
    def _bets_withdrawn(self, jogada_id: str, slip: int, player_id: str, session_id: str,
                        amount_cents: int, reason: str, rule: str, actor: str,
                        at: datetime) -> None:
        self.jogada["slips"][str(slip)]["withdrawn"] = True

    @event("NumberForced", topic="ledger.RouletteWheel.NumberForced")
    def _number_forced(self, jogada_id: str, forced_number: int, actor: str,
                       at: datetime) -> None:
        self.jogada["forced_number"] = forced_number

    @event("BettingClosed", topic="ledger.RouletteWheel.BettingClosed")
    def _betting_closed(self, jogada_id: str, announcement: str, rule: str, players: list[str],
                        staked_cents: int, actor: str, at: datetime) -> None:
        self.jogada["status"] = "closed"

    @event("BallLanded", topic="ledger.RouletteWheel.BallLanded")
    def _ball_landed(self, jogada_id: str, number: int, colour: str, rule: str, actor: str,
                     at: datetime) -> None:
        self.jogada.update(status="landed", landed=number)

    @event("BetsSettled", topic="ledger.RouletteWheel.BetsSettled")
    def _bets_settled(self, jogada_id: str, player_id: str, session_id: str,
                      slips: list[dict[str, Any]], staked_cents: int, returned_cents: int,
                      net_cents: int, rule: str, actor: str, at: datetime) -> None:
        self.jogada["settled"][player_id] = {"staked_cents": staked_cents,
                                             "returned_cents": returned_cents}
        number = self.jogada["landed"]
        self.player_last.pop(player_id, None)  # r26: most recent last
        self.player_last[player_id] = {
            "jogada_id": jogada_id, "wheel_id": str(self.id), "number": number,
            "colour": layout.colour(number), "at": at, "staked_cents": staked_cents,
            "returned_cents": returned_cents, "net_cents": net_cents,
            "bets": [_summary(self.jogada["slips"][str(s["slip"])]["bets"][i], b, s["slip"])
                     for s in slips for i, b in enumerate(s["bets"])]}
        while len(self.player_last) > LAST_KEPT:
            del self.player_last[next(iter(self.player_last))]

    @event("JogadaSettled", topic="ledger.RouletteWheel.JogadaSettled")
    def _jogada_settled(self, jogada_id: str, number: int, colour: str, staked_cents: int,
                        returned_cents: int, players: int, recent_results: list[dict[str, Any]],
                        actor: str, at: datetime,
                        results: dict[str, dict[str, int]] | None = None) -> None:
        self.last_jogada_id = jogada_id
        self.recent_results = [dict(r) for r in recent_results]
        self.jogada = None

    @event("JogadaVoided", topic="ledger.RouletteWheel.JogadaVoided")
    def _voided(self, jogada_id: str, reason: str, refunds: dict[str, int], message: str,
                rule: str, actor: str, at: datetime) -> None:
        self.last_jogada_id = jogada_id
        self.jogada = None

    @event("JogadaCancelled", topic="ledger.RouletteWheel.JogadaCancelled")
    def _refunded(self, jogada_id: str, reason: str, refunds: dict[str, int], rule: str,
                  actor: str, at: datetime) -> None:
        self.last_jogada_id = jogada_id
        self.jogada = None

    @event("ConnectionLost", topic="ledger.RouletteWheel.ConnectionLost")
    def _connection_lost(self, player_id: str, jogada_id: str | None, rule: str, actor: str,
                         at: datetime) -> None:
        pass

    @event("JogadaRecovered", topic="ledger.RouletteWheel.JogadaRecovered")
    def _recovered(self, jogada_id: str, what: str, rule: str, actor: str,
                   at: datetime) -> None:
        self.jogada["recovered"] = True  # once, however often the service restarts


def _summary(booked: dict[str, Any], settled: dict[str, Any], slip: int) -> dict[str, Any]:
    """r26: one bet of the player's last jogada, in short: what it was on, the amount bet and
    what it gave back (the components stay in the record)."""
    on = booked["components"][0]["key"] if booked["kind"] != "call" else \
        booked["call"] + (f":{booked['number']}" if "number" in booked else "")
    return {"slip": slip, "index": settled["index"], "on": on,
            "amount_cents": settled["amount_cents"],
            "returned_cents": settled["returned_cents"]}
