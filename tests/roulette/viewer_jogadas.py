"""Jogadas of French roulette recorded as the wheel records them (RF-SPEC's event table), with
the package's own arithmetic (bets.book, bets.settle, a real RNG commitment of a seed that
derives the number wanted), for the offline rules, the bundle and the viewer tests
(tests/roulette/test_offline_rules.py, test_viewer.py). Each event is the checker's dict
(``notification_id``, ``originator_id``, ``name``, ``topic``, ``data``) and the money is moved
on the accounts' streams as domain/ledger/wallets.py moves it (hold, post, return)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from domain.games.roulette import bets, layout
from domain.games.roulette.config import check_wheel_config
from domain.kernel.rng import ALGORITHM, commitment, derive_number
from domain.ledger.accounts import HOUSE_CODE, account_id, wallet_code

WHEEL = "5d0c7a4e-2b1f-4c3d-9e8f-7a6b5c4d3e2f"
JID = f"{WHEEL}:1"
P1, P2, P3 = ("11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222",
              "33333333-3333-4333-8333-333333333333")
AT = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


def seed_for(number: int) -> bytes:
    """The first 32-byte seed 0, 1, 2 … whose number stream gives ``number`` (rng.py)."""
    for i in range(100_000):
        seed = i.to_bytes(32, "big")
        if derive_number(seed) == number:
            return seed
    raise AssertionError(number)


class Jogada:
    """One jogada at one wheel, built event by event in log order."""

    def __init__(self, kind: str = "multi", **config: Any) -> None:
        raw = {"kind": kind, "min_cents": 100, **config}
        self.config = check_wheel_config(raw)
        self.events: list[dict[str, Any]] = []
        self.slips: dict[int, tuple[str, list[dict[str, Any]], int]] = {}
        self.staked: dict[str, dict[str, int]] = {}
        self.clock = AT
        closes = AT + timedelta(seconds=self.config.betting_seconds or 0)
        self.add("JogadaOpened", number=1, config=self.config.to_dict(), ruleset_version=1,
                 betting_closes_at=closes.isoformat() if kind == "multi" else None,
                 announcement="façam as vossas apostas")

    def add(self, name: str, **data: Any) -> dict[str, Any]:
        n = len(self.events) + 1
        self.clock += timedelta(milliseconds=100)
        event = {"notification_id": 100 + n, "originator_id": WHEEL, "originator_version": n,
                 "topic": f"ledger.RouletteWheel.{name}", "name": name,
                 "data": {"jogada_id": JID, "actor": "system", "at": self.clock.isoformat(),
                          **data}}
        self.events.append(event)
        return event

    def money(self, name: str, code: str, cents: int, counterparty: str, transfer: str,
              reason: str, **more: Any) -> None:
        n = len(self.events) + 1
        self.events.append({
            "notification_id": 100 + n, "originator_id": str(account_id(code)),
            "originator_version": n, "topic": f"ledger.Account.{name}", "name": name,
            "data": {"amount_cents": cents, "counterparty": counterparty, "transfer_id": transfer,
                     "reason": reason, "refs": {"jogada_id": JID}, **more}})

    def event(self, name: str, nth: int = 0) -> dict[str, Any]:
        return [e for e in self.events if e["name"] == name][nth]

    def bet(self, player: str, *raw: dict[str, Any]) -> Jogada:
        staked = self.staked.setdefault(player, {})
        booked = bets.book(list(raw), self.config, staked=staked, total_cents=sum(
            t for p, _, t in self.slips.values() if p == player))
        for bet in booked:
            for comp in bet["components"]:
                staked[comp["key"]] = staked.get(comp["key"], 0) + comp["amount_cents"]
        slip = max([0, *self.slips]) + 1
        amount = sum(b["amount_cents"] for b in booked)
        self.slips[slip] = (player, booked, amount)
        self.add("BetsPlaced", slip=slip, player_id=player, session_id=f"s-{player[:1]}",
                 bets=booked, amount_cents=amount, actor=f"player:{player}")
        self.money("FundsHeld", wallet_code(player), amount, HOUSE_CODE,
                   f"{JID}:{player}:slip{slip}", "bet")
        return self

    def withdraw(self, slip: int) -> Jogada:
        player, booked, amount = self.slips.pop(slip)
        for bet in booked:
            for comp in bet["components"]:
                self.staked[player][comp["key"]] -= comp["amount_cents"]
        self.add("BetsWithdrawn", slip=slip, player_id=player, session_id=f"s-{player[:1]}",
                 amount_cents=amount, reason="player", rule="A60")
        self.money("HoldVoided", wallet_code(player), amount, HOUSE_CODE,
                   f"{JID}:{player}:slip{slip}", "withdrawn")
        return self

    def players(self) -> list[str]:
        return sorted({p for p, _, _ in self.slips.values()})

    def spin(self, number: int, forced: bool = False) -> dict[str, Any]:
        """Betting closed, the number committed, landed, every player settled and paid."""
        seed = seed_for((number + 1) % 37 if forced else number)
        if forced:
            self.add("NumberForced", forced_number=number)
        staked = sum(t for _, _, t in self.slips.values())
        self.add("BettingClosed", announcement="jogo feito nada mais",
                 rule="roleta francesa rule 16", players=self.players(), staked_cents=staked)
        self.add("RngCommitted", kind="number", size=1, algorithm=ALGORITHM,
                 commitment=commitment(seed), sealed_seed_hex=seed.hex(), outcome=[number],
                 forced=forced, forced_outcome=[number] if forced else None)
        self.add("BallLanded", number=number, colour=layout.colour(number),
                 rule="roleta francesa rule 18")
        back_all = 0
        for player in self.players():
            mine = sorted(s for s, (p, _, _) in self.slips.items() if p == player)
            slips = [{"slip": s, "bets": [bets.settle(b, number) for b in self.slips[s][1]]}
                     for s in mine]
            paid = sum(b["returned_cents"] for s in slips for b in s["bets"])
            put = sum(self.slips[s][2] for s in mine)
            self.add("BetsSettled", player_id=player, session_id=f"s-{player[:1]}", slips=slips,
                     staked_cents=put, returned_cents=paid, net_cents=paid - put,
                     rule="roleta francesa rules 14, 15, 19–21")
            for s in mine:
                tid, cents = f"{JID}:{player}:slip{s}", self.slips[s][2]
                self.money("HoldPosted", wallet_code(player), cents, HOUSE_CODE, tid, "bet",
                           released_cents=0)
                self.money("Credited", HOUSE_CODE, cents, wallet_code(player), tid, "bet")
            if paid:
                tid = f"{JID}:{player}:return"
                self.money("Debited", HOUSE_CODE, paid, wallet_code(player), tid, "won")
                self.money("Credited", wallet_code(player), paid, HOUSE_CODE, tid, "won")
            back_all += paid
        self.add("JogadaSettled", number=number, colour=layout.colour(number),
                 staked_cents=staked, returned_cents=back_all, players=len(self.players()),
                 recent_results=[{"number": number, "colour": layout.colour(number)},
                                 {"number": 5, "colour": "red"}])
        self.add("RngRevealed", commitment=commitment(seed), seed_hex=seed.hex(),
                 forced=forced)
        return self.jogada()

    def end_without_spin(self, name: str, reason: str) -> dict[str, Any]:
        """A void (r22, r23) or a refund of unlaunched bets (A60): every hold released."""
        refunds: dict[str, int] = {}
        for slip, (player, _, amount) in sorted(self.slips.items()):
            refunds[player] = refunds.get(player, 0) + amount
            self.money("HoldVoided", wallet_code(player), amount, HOUSE_CODE,
                       f"{JID}:{player}:slip{slip}", "refund")
        rule = "roleta francesa rules 22, 23, A62" if name == "JogadaVoided" else \
            "A60; roleta francesa rule 23 by analogy; 903-B 6.3.2(4)"
        self.add(name, reason=reason, refunds=refunds, rule=rule)
        return self.jogada()

    def jogada(self) -> dict[str, Any]:
        return {"jogada_id": JID, "game": "roulette", "events": self.events}


def as_replay(jogada: dict[str, Any]) -> dict[str, Any]:
    """The jogada's events as replay steps (position, event, data), the shape the viewer reads
    (domain/games/roulette/viewer.py)."""
    steps = [{"position": e["notification_id"], "event": e["name"], "data": e["data"]}
             for e in jogada["events"]]
    return {"jogada_id": jogada["jogada_id"], "steps": steps}
