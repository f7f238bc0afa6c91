"""Hand-built records of roulette jogadas for the replay, re-adjudication and player-part tests
(tests/roulette/test_replay.py, test_adjudication.py): plain objects with the attributes of the
events of RF-SPEC's event table (domain/games/roulette/wheel.py) and of the accounts' events
(domain/ledger/accounts.py), in the order a wheel records them, with a real RNG commitment of
the seed (its own number, or a forced one). The bets are booked with bets.book and the
settlement recorded is worked out with bets.settle; the tests check it against amounts written
out by hand."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from domain.games.roulette import bets as rf_bets
from domain.games.roulette.config import check_wheel_config
from domain.games.roulette.layout import colour
from domain.kernel.jogada_rng import expected_outcome
from domain.kernel.rng import ALGORITHM, commitment
from tests.blackjack import recorded

WHEEL = "8a1c2b9e-3a4d-4e5f-8a7b-1c2d3e4f5a6c"
P1, P2 = "11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"
SEED = bytes(range(32))
AT = datetime(2026, 3, 2, 12, 0, tzinfo=timezone.utc)
CONFIG = {"kind": "multi", "min_cents": 100, "betting_seconds": 15}
SETTLE_RULE = "roleta francesa rules 14, 15, 19, 20, 21"


def seed_number() -> int:
    """The number SEED derives (the wheel's own draw, nothing forced)."""
    return expected_outcome("number", SEED, 1, None)[0]


class Record(recorded.Record):
    """The events of one jogada, built in log order (blackjack's record's money events; the
    wheel's stream)."""

    def __init__(self, number: int = 1) -> None:
        super().__init__(number)
        self.jogada_id = f"{WHEEL}:{number}"

    def add(self, name: str, actor: str = "system", **data: Any) -> Any:
        e = super().add(name, actor, **data)
        e.originator_id = WHEEL
        return e


def spin(slips: list[tuple[str, list[dict[str, Any]]]], *, forced: int | None = None,
         config: dict[str, Any] | None = None, withdraw: tuple[int, ...] = (),
         void: str | None = None, refund: str | None = None,
         lost: tuple[str, ...] = ()) -> list[Any]:
    """One jogada: ``slips`` [(player, raw bets)…], each a BetsPlaced in that order (the slip
    numbers count per player); ``withdraw``: the 1-based indices into ``slips`` withdrawn before
    the close (A60); ``forced``: the number forced (certification mode), else the seed's own;
    ``void`` / ``refund``: the jogada ends so (r22, r23 / A60) before the close; ``lost``:
    players whose connection is lost during the betting (r24)."""
    wheel = check_wheel_config(dict(CONFIG, **(config or {})))
    r = Record()
    r.add("JogadaOpened", number=1, betting_closes_at=AT if wheel.kind == "multi" else None,
          config=wheel.to_dict(), ruleset_version=1, announcement="façam as vossas apostas")
    placed: list[tuple[str, int, Any]] = []  # (player, slip, booked)
    counts: dict[str, int] = {}
    staked: dict[str, dict[str, int]] = {}
    for pid, raw in slips:
        counts[pid] = counts.get(pid, 0) + 1
        mine = staked.setdefault(pid, {})
        booked = rf_bets.book(raw, wheel, staked=mine, total_cents=sum(mine.values()))
        for bet in booked:
            for comp in bet["components"]:
                mine[comp["key"]] = mine.get(comp["key"], 0) + comp["amount_cents"]
        amount = sum(b["amount_cents"] for b in booked)
        r.add("BetsPlaced", f"player:{pid}", slip=counts[pid], player_id=pid,
              session_id=f"session-{pid[:1]}", bets=booked, amount_cents=amount)
        r.hold(pid, f"{r.jogada_id}:{pid}:slip{counts[pid]}", amount)
        placed.append((pid, counts[pid], booked))
    for index in withdraw:
        pid, slip, booked = placed[index - 1]
        amount = sum(b["amount_cents"] for b in booked)
        r.add("BetsWithdrawn", f"player:{pid}", slip=slip, player_id=pid,
              session_id=f"session-{pid[:1]}", amount_cents=amount, reason="player",
              rule="A60")
        r.release(pid, f"{r.jogada_id}:{pid}:slip{slip}", amount)
    standing = [p for i, p in enumerate(placed, start=1) if i not in withdraw]
    for pid in lost:
        r.add("ConnectionLost", player_id=pid, rule="roleta francesa rules 24, 25")
    if void is not None or refund is not None:
        refunds: dict[str, int] = {}
        for pid, _, booked in standing:
            refunds[pid] = refunds.get(pid, 0) + sum(b["amount_cents"] for b in booked)
        if void is not None:
            r.add("JogadaVoided", reason=void, refunds=refunds, rule="roleta francesa rules"
                  " 22, 23, A62", message="ocorreu um erro; todos os pagamentos e apostas são"
                  " anulados")
        else:
            r.add("JogadaCancelled", reason=refund, refunds=refunds,
                  rule="A60; r23 by analogy; 903-B 6.3.2(4)")
        for pid, slip, booked in standing:
            r.release(pid, f"{r.jogada_id}:{pid}:slip{slip}",
                      sum(b["amount_cents"] for b in booked))
        return r.events
    if forced is not None:
        r.add("NumberForced", "operator:lab", forced_number=forced)
    players = sorted({pid for pid, _, _ in standing})
    total = sum(b["amount_cents"] for _, _, booked in standing for b in booked)
    r.add("BettingClosed", announcement="jogo feito nada mais", players=players,
          staked_cents=total, rule="roleta francesa rule 16")
    outcome = expected_outcome("number", SEED, 1, None if forced is None else [forced])
    r.add("RngCommitted", kind="number", size=1, algorithm=ALGORITHM,
          commitment=commitment(SEED), sealed_seed_hex=SEED.hex(), outcome=outcome,
          forced=forced is not None, forced_outcome=None if forced is None else [forced])
    number = outcome[0]
    r.add("BallLanded", number=number, colour=colour(number), rule="roleta francesa rule 18")
    returned_all = 0
    for pid in players:
        mine = [(slip, booked) for p, slip, booked in standing if p == pid]
        settled = [{"slip": slip, "bets": [rf_bets.settle(b, number) for b in booked]}
                   for slip, booked in mine]
        stake = sum(b["amount_cents"] for _, booked in mine for b in booked)
        back = sum(b["returned_cents"] for s in settled for b in s["bets"])
        returned_all += back
        r.add("BetsSettled", player_id=pid, session_id=f"session-{pid[:1]}", slips=settled,
              staked_cents=stake, returned_cents=back, net_cents=back - stake,
              rule=SETTLE_RULE)
        for slip, booked in mine:
            r.post(pid, f"{r.jogada_id}:{pid}:slip{slip}", sum(b["amount_cents"]
                                                                for b in booked))
        if back:
            r.pay(pid, f"{r.jogada_id}:{pid}:return", back)
    r.add("JogadaSettled", number=number, colour=colour(number), staked_cents=total,
          returned_cents=returned_all, players=len(players),
          recent_results=[{"number": number, "colour": colour(number)}])
    r.add("RngRevealed", commitment=commitment(SEED), seed_hex=SEED.hex(),
          forced=forced is not None)
    return r.events


# The jogadas the tests share -------------------------------------------------------------------
def on_zero() -> list[Any]:
    """The digest's zero (r21, A58), forced: P1 has 10,00 € on red, 10,00 € on the quadro
    0-1-2-3 and 10,00 € on the first dozen; P2 10,00 € on pleno 0 and a voisins du zéro of
    1,00 € a number (17,00 €)."""
    return spin([(P1, [{"chance": "encarnado", "amount_cents": 1000},
                       {"chance": "quadro", "numbers": [0, 1, 2, 3], "amount_cents": 1000},
                       {"chance": "duzia", "numbers": [1], "amount_cents": 1000}]),
                 (P2, [{"chance": "pleno", "numbers": [0], "amount_cents": 1000},
                       {"call": "voisins_du_zero", "unit_cents": 100}])], forced=0)


def on_seventeen() -> list[Any]:
    """Forced 17 (black, second dozen, odd, low): P1 10,00 € on pleno 17 (r14a, back 360,00 €)
    and a cavalo de dúzia 1-2 of 10,00 € (½ to 1: back 15,00 €); P2 bets 3,00 € on even, then
    a second slip of 5,00 € on black."""
    return spin([(P1, [{"chance": "pleno", "numbers": [17], "amount_cents": 1000},
                       {"chance": "cavalo_de_duzia", "numbers": [1, 2], "amount_cents": 1000}]),
                 (P2, [{"chance": "par", "amount_cents": 300}]),
                 (P2, [{"chance": "preto", "amount_cents": 500}])], forced=17)


# Real jogadas, through the ledger's commands (tests/roulette/support.py) ----------------------
def played_multi(ledger: Any, clock: Any) -> tuple[dict[str, Any], list[Any], str]:
    """A multi-player wheel, the number forced to 17 (certification mode): Ana 10,00 € on pleno
    17 and a voisins du zéro of 1,00 € a number (17 plenos, r15, A59; 17 not among them); Bia
    3,00 € on even, then a second slip of 5,00 € on black. The window passes, the clock spins (r16).
    Ana: +350,00 € − 17,00 € = +333,00 €; Bia: −3,00 € + 5,00 € = +2,00 €."""
    from tests.roulette import support as rs

    wheel, players = rs.setup_wheel(ledger, rs.multi_config(), players=2)
    ana, bia = players
    placed = rs.bet(ledger, wheel, ana, rs.pleno(17),
                    {"call": "voisins_du_zero", "unit_cents": 100}, forced_number=17)
    rs.bet(ledger, wheel, bia, rs.chance("par", cents=300))
    rs.bet(ledger, wheel, bia, rs.chance("preto", cents=500))
    clock.advance(11)
    rs.tick(ledger, wheel)
    return wheel, players, placed["jogada_id"]
