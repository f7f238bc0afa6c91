"""The bingo room (*denominação*, rule 2f): one stream per room, every step of every jogada an
event (rules 16–26).

A jogada on this stream, in order: ``JogadaOpened`` (the sale period, rules 16–17) and
``RngCommitted`` (every ball of the jogada drawn before the first card is sold: 903-B 6.7.5;
the cards come from the same seed, purchase by purchase) → ``CardsBought`` per purchase
(rules 11–13, 15; never cancelled, rule 12) → ``SalesClosed`` (rule 18; the announcement of
rule 19; the jackpot's new value, rule 44), or ``JogadaCancelled`` with every card refunded when
fewer than ``min_players`` bought (rules 6, 20; A22) → ``BallDrawn`` one at a time, at least the
room's interval apart (rules 21–22) → ``PrizeWon`` whenever a ball completes a prize still in
play (rules 24, 29, 30, 36; A17), then a pause → the bingo ends the draw (rule 25):
``JackpotWon`` if within the room's number of balls (rule 42) → ``JogadaSettled`` (every
prize paid, rule 26) → ``RngRevealed``. A system fault ends it with ``JogadaVoided``
(rules 45–47).

Events carry what a replay needs (cards, balls, winners, amounts, deadlines); the money moves
on the account streams in the same transaction (domain/games/bingo/sales.py, prizes.py, faults.py).
Guards run before any event. The prize engine (domain/games/bingo/engine.py) is state rebuilt from
the events; between jogadas the room holds no jogada state, and only then is it snapshotted
(``snapshot_after``).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from domain.games.bingo.cards import (
    Card,
    bingo_rule,
    card_key,
    cards_drbg,
    generate_more,
)
from domain.games.bingo.config import BINGO, FOUR_CORNERS, SESSION, RoomConfig
from domain.games.bingo.engine import DrawEngine
from domain.games.bingo.money import Pool, close_of_sales, split
from domain.kernel import certification
from domain.kernel.errors import ConflictError, InvalidInputError, RuleViolationError
from domain.kernel.jogada_rng import JogadaRng

SALE, DRAWING = "sale", "drawing"


class BingoRoom(JogadaRng):
    @event("RoomOpened", topic="ledger.BingoRoom.RoomOpened")
    def __init__(self, room_id: str, name: str, config: dict[str, Any], warnings: list[str],
                 venue_id: str, pool_code: str, jackpot_code: str | None, actor: str,
                 at: datetime) -> None:
        self.name = name
        self.config_data = dict(config)
        self.venue_id = venue_id
        self.pool_code = pool_code
        self.jackpot_code = jackpot_code
        self.members: dict[str, str] = {}  # player id -> session id (rules 53–55)
        self.jogada: dict[str, Any] | None = None
        self.engine: DrawEngine | None = None
        self.jogadas_started = 0
        self.last_jogada_id: str | None = None

    @staticmethod
    def create_id(room_id: str, **_: Any) -> UUID:  # type: ignore[override]
        return UUID(room_id)

    def snapshot_after(self, domain_event: Any) -> bool:
        """Snapshot only between jogadas (infra/store/eventstore.py): the engine of a jogada with
        100,000 cards is rebuilt from its events, never stored."""
        return self.jogada is None and isinstance(domain_event, _JOGADA_ENDS)

    # Queries ----------------------------------------------------------------------------------
    @property
    def config(self) -> RoomConfig:
        return RoomConfig.from_dict(self.config_data)

    def open_jogada(self, jogada_id: str | None = None) -> dict[str, Any]:
        jogada = self.jogada
        if jogada is None or (jogada_id is not None and jogada["jogada_id"] != jogada_id):
            raise ConflictError(f"jogada {jogada_id} is not open in this room" if jogada_id
                                else "no jogada is open in this room", field="jogada_id")
        return jogada

    def cards_of(self, player_id: str) -> list[int]:
        jogada = self.jogada
        if jogada is None or player_id not in jogada["players"]:
            return []
        return list(jogada["players"][player_id]["cards"])

    def buyers(self) -> list[str]:
        """Players with cards in the open jogada, in the order of their first purchase."""
        return list(self.open_jogada()["players"])

    def due(self, at: datetime) -> bool:
        """Whether the room's clock has something to do (close the sale, draw a ball)."""
        jogada = self.jogada
        if jogada is None:
            return False
        if jogada["status"] == SALE:
            return at >= jogada["sales_close_at"]
        return at >= jogada["next_draw_at"]

    def in_session_window(self, at: datetime) -> bool:
        config = self.config
        if config.mode != SESSION:
            return True
        return config.session_opens_at <= at < config.session_closes_at  # rule 7

    # Members ----------------------------------------------------------------------------------
    def join(self, player_id: str, session_id: str, *, actor: str, at: datetime) -> None:
        if self.members.get(player_id) != session_id:
            self._player_joined(player_id=player_id, session_id=session_id, actor=actor, at=at)

    def drop_members(self, player_ids: list[str], *, reason: str, actor: str,
                     at: datetime) -> None:
        if player_ids:
            self._players_left(player_ids=sorted(player_ids), reason=reason, actor=actor, at=at)

    # The sale ---------------------------------------------------------------------------------
    def start_jogada(self, seed: bytes, *, forced_balls: list[int] | None,
                     certification_mode: bool, ruleset_version: int | None, actor: str,
                     at: datetime) -> str:
        """Opens the sale (rules 16–17) and commits the draw (903-B 6.7.5)."""
        if self.jogada is not None:
            raise ConflictError(f"jogada {self.jogada['jogada_id']} is still running",
                                field="room_id", rule=bingo_rule("2g"))
        if not self.in_session_window(at):
            config = self.config
            raise RuleViolationError(
                f"this room plays from {config.session_opens_at.isoformat()} to"
                f" {config.session_closes_at.isoformat()}", field="room_id", rule=bingo_rule(7),
                code="outside_session_window")
        config = self.config
        number = self.jogadas_started + 1
        jogada_id = f"{self.id}:{number}"
        if forced_balls is not None:  # checked before the first event
            certification.check_forced_balls(forced_balls, certification_mode=certification_mode,
                                             max_ball=config.n_balls)
        self._jogada_opened(jogada_id=jogada_id, number=number,
                            sales_close_at=at + timedelta(seconds=config.sale_seconds),
                            config=dict(self.config_data), ruleset_version=ruleset_version,
                            actor=actor, at=at)
        self.commit_balls(jogada_id, seed, n_balls=config.n_balls, forced_balls=forced_balls,
                          certification_mode=certification_mode, actor=actor, at=at)
        return jogada_id

    def check_purchase(self, player_id: str, count: Any, at: datetime) -> dict[str, Any]:
        jogada = self.open_jogada()
        if jogada["status"] != SALE or at >= jogada["sales_close_at"]:
            raise RuleViolationError("the sale of this jogada is closed", field="count",
                                     rule=bingo_rule(18), code="sale_closed")
        limit = self.config.max_cards
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise InvalidInputError("count must be a whole number of cards ≥ 1", field="count",
                                    rule=bingo_rule(11))
        held = len(self.cards_of(player_id))
        if held + count > limit:
            raise RuleViolationError(f"at most {limit} cards per player per jogada; you hold"
                                     f" {held}", field="count", rule=bingo_rule(13),
                                     code="card_limit")
        return jogada

    def buy_cards(self, player_id: str, session_id: str, count: int, *, actor: str,
                  at: datetime) -> list[Card]:
        """Rules 11–13, 15: the cards come from the jogada's committed seed, none identical to
        another card of the jogada."""
        jogada = self.check_purchase(player_id, count, at)
        config = self.config
        purchase = jogada["purchases"] + 1
        seed = bytes.fromhex(self.check_rng_committed(jogada["jogada_id"])["sealed_seed_hex"])
        cards = generate_more(cards_drbg(seed, purchase), config.variant, count, jogada["taken"],
                              four_corners=config.variant == "90" and FOUR_CORNERS in config.prizes)
        price = config.card_price_cents
        self._cards_bought(jogada_id=jogada["jogada_id"], purchase=purchase, player_id=player_id,
                           session_id=session_id, first_card=self.engine.n_cards,
                           cards=[[list(row) for row in card] for card in cards],
                           price_cents=price, amount_cents=price * count, actor=actor, at=at)
        return cards

    def check_can_close(self, at: datetime) -> dict[str, Any]:
        jogada = self.open_jogada()
        if jogada["status"] != SALE:
            raise ConflictError("the sale of this jogada already closed", field="jogada_id",
                                rule=bingo_rule(18))
        if at < jogada["sales_close_at"]:
            raise RuleViolationError(f"the sale runs until {jogada['sales_close_at'].isoformat()}",
                                     field="jogada_id", rule=bingo_rule(16), code="sale_open")
        return jogada

    def enough_players(self) -> bool:
        return len(self.open_jogada()["players"]) >= self.config.min_players  # rule 6, A22

    def close_sales(self, *, actor: str, at: datetime) -> Pool:
        """Rule 19: the announcement; rule 44: the jackpot deduction (moved by the command)."""
        jogada = self.check_can_close(at)
        config = self.config
        pool = close_of_sales(config, self.engine.n_cards)
        self._sales_closed(jogada_id=jogada["jogada_id"], cards_sold=self.engine.n_cards,
                           players=len(jogada["players"]), pool=pool.as_dict(),
                           first_draw_at=at + timedelta(milliseconds=config.draw_interval_ms),
                           rule=bingo_rule("18, 19, 44"), actor=actor, at=at)
        return pool

    def cancel(self, *, actor: str, at: datetime) -> dict[str, int]:
        """Rules 6, 20 (A22): too few players; every card is refunded at once. Returns the
        refunds by player."""
        jogada = self.check_can_close(at)
        refunds = {p: b["paid_cents"] for p, b in jogada["players"].items()}
        self._jogada_cancelled(jogada_id=jogada["jogada_id"], reason="too_few_players",
                               players=len(refunds), min_players=self.config.min_players,
                               refunds=refunds, rule=bingo_rule("6, 20"), actor=actor, at=at)
        self.reveal_rng(jogada["jogada_id"], actor=actor, at=at)
        return refunds

    # The draw ---------------------------------------------------------------------------------
    def draw_next(self, *, actor: str, at: datetime) -> dict[str, Any]:
        """One ball (rules 21–22); every prize it completes (rules 24, 29, 30, 36; A17).
        Returns what happened; the command settles when the bingo is won (rules 25–26)."""
        jogada = self.open_jogada()
        if jogada["status"] != DRAWING:
            raise ConflictError("the draw starts when the sale closes", field="jogada_id",
                                rule=bingo_rule(18))
        if at < jogada["next_draw_at"]:
            raise RuleViolationError(f"the next ball is due at {jogada['next_draw_at'].isoformat()}",
                                     field="jogada_id", rule=bingo_rule(22), code="draw_not_due")
        config = self.config
        balls = self.rng_outcome(jogada["jogada_id"])
        ordinal = len(self.engine.drawn) + 1
        if ordinal > len(balls):  # cannot happen: the last ball completes every full card
            raise ConflictError("every ball is drawn", field="jogada_id", rule=bingo_rule(25))
        ball = balls[ordinal - 1]
        interval = timedelta(milliseconds=config.draw_interval_ms)
        self._ball_drawn(jogada_id=jogada["jogada_id"], ordinal=ordinal, ball=ball,
                         next_draw_at=at + interval, actor=actor, at=at)
        completed = self._completed
        won = []
        for prize, cards in completed.items():
            owners = jogada["owners"]
            players = list(dict.fromkeys(owners[c] for c in cards))  # A31: purchase order
            shares = split(jogada["pool"]["prizes"][prize], players)
            resume = at + interval + timedelta(milliseconds=config.prize_pause_ms)  # rule 24
            self._prize_won(
                jogada_id=jogada["jogada_id"], prize=prize, ordinal=ordinal, ball=ball,
                winners=[{"card": c, "player_id": owners[c],
                          "card_numbers": [list(r) for r in self.engine.card(c)]} for c in cards],
                shares=shares, draw_resumes_at=resume,
                rule=bingo_rule("24, 29, 30, 36" if prize != BINGO else "24, 25, 29, 30"),
                actor=actor, at=at)
            won.append({"prize": prize, "cards": cards, "shares": shares})
        return {"jogada_id": jogada["jogada_id"], "ordinal": ordinal, "ball": ball, "won": won,
                "bingo": BINGO in completed}

    def jackpot_due(self) -> bool:
        """Rule 42, A19: a bingo on or before the room's preset number of balls (inclusive)."""
        jackpot = self.config.jackpot
        jogada = self.open_jogada()
        return (jackpot is not None and BINGO in jogada["won"]
                and jogada["won"][BINGO]["ordinal"] <= jackpot.max_balls)

    def award_jackpot(self, amount_cents: int, *, actor: str, at: datetime) -> dict[str, int]:
        jogada = self.open_jogada()
        bingo = jogada["won"][BINGO]
        shares = split(amount_cents, list(bingo["shares"]))
        self._jackpot_won(jogada_id=jogada["jogada_id"], ordinal=bingo["ordinal"],
                          max_balls=self.config.jackpot.max_balls, amount_cents=amount_cents,
                          shares=shares, rule=bingo_rule("42, 43"), actor=actor, at=at)
        return shares

    def settle(self, payments: dict[str, dict[str, int]], *, actor: str, at: datetime) -> None:
        """Rule 26: every prize is paid once the bingo is confirmed."""
        jogada = self.open_jogada()
        self._jogada_settled(jogada_id=jogada["jogada_id"], payments=payments,
                             balls_drawn=len(self.engine.drawn), rule=bingo_rule(26),
                             actor=actor, at=at)
        self.reveal_rng(jogada["jogada_id"], actor=actor, at=at)

    def void(self, *, reason: str, prizes_paid: dict[str, dict[str, int]],
             refunds: dict[str, int], actor: str, at: datetime) -> None:
        """Rules 45–47: a system fault voids the jogada."""
        jogada = self.open_jogada()
        self._jogada_voided(jogada_id=jogada["jogada_id"], reason=reason,
                            prizes_paid=prizes_paid, refunds=refunds,
                            rule=bingo_rule("45, 46, 47"), actor=actor, at=at)
        self.reveal_rng(jogada["jogada_id"], actor=actor, at=at)

    def record_connection_lost(self, player_id: str, *, actor: str, at: datetime) -> list[int]:
        """Rules 12, 48, 49: the player's connection dropped; its purchase stands and its cards
        stay in play, any prize paid at the end. Recorded for the complaint record."""
        jogada = self.open_jogada()
        cards = self.cards_of(player_id)
        if not cards:
            raise ConflictError("the player holds no card in the open jogada",
                                field="player_id", rule=bingo_rule(48))
        self._connection_lost(jogada_id=jogada["jogada_id"], player_id=player_id, cards=cards,
                              rule=bingo_rule("12, 48, 49"), actor=actor, at=at)
        return cards

    # Mutators (run on trigger and on replay: no validation, no RNG) ---------------------------
    @event("PlayerConnectionLost", topic="ledger.BingoRoom.PlayerConnectionLost")
    def _connection_lost(self, jogada_id: str, player_id: str, cards: list[int], rule: str,
                         actor: str, at: datetime) -> None:
        pass  # nothing changes: the cards play on (rule 49)

    @event("PlayerJoined", topic="ledger.BingoRoom.PlayerJoined")
    def _player_joined(self, player_id: str, session_id: str, actor: str, at: datetime) -> None:
        self.members[player_id] = session_id

    @event("PlayersLeft", topic="ledger.BingoRoom.PlayersLeft")
    def _players_left(self, player_ids: list[str], reason: str, actor: str, at: datetime) -> None:
        for player_id in player_ids:
            self.members.pop(player_id, None)

    @event("JogadaOpened", topic="ledger.BingoRoom.JogadaOpened")
    def _jogada_opened(self, jogada_id: str, number: int, sales_close_at: datetime,
                       config: dict[str, Any], ruleset_version: int | None, actor: str,
                       at: datetime) -> None:
        config = self.config
        self.jogadas_started = number
        self.jogada = {"jogada_id": jogada_id, "number": number, "status": SALE,
                       "opened_at": at, "sales_close_at": sales_close_at,
                       "ruleset_version": ruleset_version, "purchases": 0, "players": {},
                       "owners": [], "taken": set(), "pool": None, "next_draw_at": None,
                       "won": {}}
        self.engine = DrawEngine(config.variant, tuple(config.prizes), config.line_directions,
                                 config.bingo_pattern)

    @event("CardsBought", topic="ledger.BingoRoom.CardsBought")
    def _cards_bought(self, jogada_id: str, purchase: int, player_id: str, session_id: str,
                      first_card: int, cards: list[list[list[int | None]]], price_cents: int,
                      amount_cents: int, actor: str, at: datetime) -> None:
        jogada = self.jogada
        jogada["purchases"] = purchase
        buyer = jogada["players"].setdefault(player_id, {"session_id": session_id, "cards": [],
                                                         "paid_cents": 0})
        buyer["paid_cents"] += amount_cents
        for card in cards:
            frozen = tuple(tuple(row) for row in card)
            buyer["cards"].append(self.engine.add_card(frozen))
            jogada["owners"].append(player_id)
            jogada["taken"].add(card_key(frozen))

    @event("SalesClosed", topic="ledger.BingoRoom.SalesClosed")
    def _sales_closed(self, jogada_id: str, cards_sold: int, players: int, pool: dict[str, Any],
                      first_draw_at: datetime, rule: str, actor: str, at: datetime) -> None:
        self.jogada.update(status=DRAWING, pool=dict(pool), next_draw_at=first_draw_at)
        self.jogada["taken"] = set()  # rule 15 is settled once the sale closes

    @event("JogadaCancelled", topic="ledger.BingoRoom.JogadaCancelled")
    def _jogada_cancelled(self, jogada_id: str, reason: str, players: int, min_players: int,
                          refunds: dict[str, int], rule: str, actor: str, at: datetime) -> None:
        self._end(jogada_id)

    @event("BallDrawn", topic="ledger.BingoRoom.BallDrawn")
    def _ball_drawn(self, jogada_id: str, ordinal: int, ball: int, next_draw_at: datetime,
                    actor: str, at: datetime) -> None:
        self._completed = self.engine.draw(ball)
        self.jogada["next_draw_at"] = next_draw_at

    @event("PrizeWon", topic="ledger.BingoRoom.PrizeWon")
    def _prize_won(self, jogada_id: str, prize: str, ordinal: int, ball: int,
                   winners: list[dict[str, Any]], shares: dict[str, int],
                   draw_resumes_at: datetime, rule: str, actor: str, at: datetime) -> None:
        self.engine.mark_won(prize)
        self.jogada["won"][prize] = {"ordinal": ordinal, "ball": ball, "shares": dict(shares),
                                     "cards": [w["card"] for w in winners]}
        self.jogada["next_draw_at"] = draw_resumes_at

    @event("JackpotWon", topic="ledger.BingoRoom.JackpotWon")
    def _jackpot_won(self, jogada_id: str, ordinal: int, max_balls: int, amount_cents: int,
                     shares: dict[str, int], rule: str, actor: str, at: datetime) -> None:
        self.jogada["jackpot"] = {"amount_cents": amount_cents, "shares": dict(shares)}

    @event("JogadaSettled", topic="ledger.BingoRoom.JogadaSettled")
    def _jogada_settled(self, jogada_id: str, payments: dict[str, dict[str, int]],
                        balls_drawn: int, rule: str, actor: str, at: datetime) -> None:
        self._end(jogada_id)

    @event("JogadaVoided", topic="ledger.BingoRoom.JogadaVoided")
    def _jogada_voided(self, jogada_id: str, reason: str, prizes_paid: dict[str, dict[str, int]],
                       refunds: dict[str, int], rule: str, actor: str, at: datetime) -> None:
        self._end(jogada_id)

    def _end(self, jogada_id: str) -> None:
        self.last_jogada_id = jogada_id
        self.jogada = None
        self.engine = None
        self.__dict__.pop("_completed", None)


_JOGADA_ENDS = (BingoRoom.JogadaCancelled, BingoRoom.JogadaSettled, BingoRoom.JogadaVoided,
                BingoRoom.RngRevealed)
