"""Hand-built records of blackjack jogadas for the replay, re-adjudication and viewer tests
(tests/blackjack/test_replay.py, test_adjudication.py, test_viewer.py): plain objects with the
attributes of the events of BJ-SPEC (domain/games/blackjack/table.py) and of the accounts'
events (domain/ledger/accounts.py), in the order a table records them, with a real RNG
commitment of a forced shoe (the cards the script names on top, in the order they leave the
shoe: hands.deal, hands.DRAW_ORDER). The settlement recorded is worked out with
domain/games/blackjack/hands.py; the tests check it against amounts written out by hand."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timezone
from typing import Any

from domain.games.blackjack import hands as bj
from domain.kernel.jogada_rng import expected_outcome
from domain.kernel.rng import ALGORITHM, commitment
from domain.ledger.accounts import HOUSE_CODE, account_id, wallet_code

TABLE = "6f1c2b9e-3a4d-4e5f-8a7b-1c2d3e4f5a6b"
P1, P2 = "11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"
SEED = bytes(range(32))
AT = datetime(2026, 3, 2, 12, 0, tzinfo=timezone.utc)
CONFIG = {"kind": "multi", "decks": 6, "seats": 7, "min_bet_cents": 100,
          "max_bet_cents": 10_000, "multi_seat": False, "double_any_total": False,
          "true_pairs_only": False, "max_hands": 4, "insurance": True, "special_prize": True,
          "betting_seconds": 15, "decision_seconds": 20, "results_shown": 10}


class Record:
    """The events of one jogada, built in log order."""

    def __init__(self, number: int = 1) -> None:
        self.jogada_id = f"{TABLE}:{number}"
        self.events: list[Any] = []

    def add(self, name: str, actor: str = "system", **data: Any) -> Any:
        e = type(name, (), {})()
        e.__dict__.update(originator_id=TABLE, originator_version=len(self.events) + 1,
                          timestamp=AT, jogada_id=self.jogada_id, actor=actor, at=AT, **data)
        self.events.append(e)
        return e

    def money(self, name: str, code: str, transfer_id: str, cents: int, counterparty: str,
              reason: str, **more: Any) -> None:
        e = type(name, (), {})()
        e.__dict__.update(originator_id=account_id(code), originator_version=1, timestamp=AT,
                          transfer_id=transfer_id, amount_cents=cents,
                          counterparty=counterparty, reason=reason,
                          refs={"jogada_id": self.jogada_id}, actor="system", at=AT, **more)
        self.events.append(e)

    def hold(self, pid: str, tid: str, cents: int, reason: str = "bet") -> None:
        self.money("FundsHeld", wallet_code(pid), tid, cents, HOUSE_CODE, reason)

    def post(self, pid: str, tid: str, cents: int, released: int = 0) -> None:
        self.money("HoldPosted", wallet_code(pid), tid, cents, HOUSE_CODE, "lost",
                   released_cents=released)
        self.money("Credited", HOUSE_CODE, tid, cents, wallet_code(pid), "lost")

    def release(self, pid: str, tid: str, cents: int) -> None:
        self.money("HoldVoided", wallet_code(pid), tid, cents, HOUSE_CODE, "returned")

    def pay(self, pid: str, tid: str, cents: int) -> None:
        self.money("Debited", HOUSE_CODE, tid, cents, wallet_code(pid), "win")
        self.money("Credited", wallet_code(pid), tid, cents, HOUSE_CODE, "win")


def play(seats: dict[str, tuple[str, int, list[str]]], up: str, hole: str,
         script: list[tuple], banca_draws: list[str] = (), *, config: dict | None = None,
         void: str | None = None) -> list[Any]:
    """One jogada: ``seats`` {seat: (player, bet, [first, second])}; ``script``: the offers
    (("insurance", seat, cents), ("no_insurance", seat), ("even_money", seat)) then the play
    (("hit", seat, hand, card), ("stand", seat, hand), ("double", seat, hand, card),
    ("split", seat, hand, c1, c2), ("surrender", seat, hand)); the banca's draws; ``void``: the
    jogada is voided after the script (r27, r28), with this reason."""
    config = dict(CONFIG, **(config or {}))
    rules = bj.Rules(max_hands=config["max_hands"], special_prize=config["special_prize"])
    r = Record()
    order = sorted(seats, key=int)
    r.add("JogadaOpened", number=1, betting_closes_at=None, config=config,
          ruleset_version=1, announcement="façam as vossas apostas")
    for seat in order:
        pid, bet, _ = seats[seat]
        r.add("BetPlaced", f"player:{pid}", seat=seat, player_id=pid,
              session_id=f"session-{seat}", amount_cents=bet)
        r.hold(pid, f"{r.jogada_id}:seat{seat}:hand0", bet)
    r.add("BettingClosed", seats=order, announcement="jogo feito nada mais, cartas em"
          " distribuição", rule="blackjack rule 12")
    top = ([seats[s][2][0] for s in order] + [up] + [seats[s][2][1] for s in order] + [hole])
    # the cards after the deal in the order play takes them: the script's order, then the banca
    after = [c for step in script if step[0] in ("hit", "double", "split") for c in step[3:]]
    forced = top + after + list(banca_draws)
    shoe = expected_outcome("deck", SEED, config["decks"], forced)
    r.add("RngCommitted", kind="deck", size=config["decks"], algorithm=ALGORITHM,
          commitment=commitment(SEED), sealed_seed_hex=SEED.hex(), outcome=shoe, forced=True,
          forced_outcome=forced)
    n = len(order)
    made = {s: {0: bj.HandState(cards=tuple(seats[s][2]), stake_cents=seats[s][1])}
            for s in order}
    settled: dict[tuple[str, int], bj.Outcome] = {}
    ace = up[0] == "A"
    r.add("CardsDealt", hands={s: list(seats[s][2]) for s in order}, up_card=up,
          hole_card=hole, next_index=2 * n + 2, phase="offers" if ace else "play")
    index, insured = 2 * n + 2, {}

    def settle(seat: str, number: int, outcome: bj.Outcome) -> None:
        pid = seats[seat][0]
        settled[(seat, number)] = outcome
        hand = made[seat][number]
        r.add("HandSettled", seat=seat, hand=number, player_id=pid, cards=list(hand.cards),
              total=hand.total.best, **outcome.to_dict())
        tid = f"{r.jogada_id}:seat{seat}:hand{number}"
        base = outcome.stake_cents // 2 if hand.doubled else outcome.stake_cents
        holds = [(tid, base)] + ([(tid + ":double", base)] if hand.doubled else [])
        if outcome.result == bj.SURRENDERED:
            r.post(pid, tid, outcome.lost_cents, released=outcome.returned_cents)
        elif outcome.lost_cents:
            for t, cents in holds:
                r.post(pid, t, cents)
        else:
            for t, cents in holds:
                r.release(pid, t, cents)
        if outcome.won_cents:
            r.pay(pid, tid + ":win", outcome.won_cents)
        if outcome.prize_cents:
            r.pay(pid, tid + ":prize", outcome.prize_cents)

    for step in [s for s in script if s[0] in ("insurance", "no_insurance", "even_money")]:
        kind, seat = step[0], step[1]
        pid = seats[seat][0]
        if kind == "insurance":
            r.add("InsuranceTaken", f"player:{pid}", seat=seat, player_id=pid,
                  amount_cents=step[2])
            r.hold(pid, f"{r.jogada_id}:seat{seat}:insurance", step[2], "insurance")
            insured[seat] = step[2]
        elif kind == "no_insurance":
            r.add("InsuranceDeclined", f"player:{pid}", seat=seat, player_id=pid,
                  reason="player")
        else:
            r.add("EvenMoneyTaken", f"player:{pid}", seat=seat, player_id=pid)
            settle(seat, 0, bj.settle_even_money(made[seat][0]))
    if ace:
        r.add("OffersClosed")
    else:
        for s in order:
            if bj.is_blackjack(made[s][0].cards) and bj.value(up) != 10:
                settle(s, 0, bj.settle_natural_at_once(made[s][0]))
    for step in [s for s in script if s[0] in ("hit", "stand", "double", "split",
                                               "surrender")]:
        kind, seat, number = step[:3]
        pid, hand = seats[seat][0], made[seat][number]
        actor = f"player:{pid}"
        r.add("TurnStarted", seat=seat, hand=number, decision_deadline=None, options=[
            {"decision": o.decision, "cost_cents": o.cost_cents, "available": o.available,
             "reason": o.reason} for o in bj.play_options(
                hand, up_card=up, hands_at_seat=len(made[seat]), rules=rules,
                seat_decided=hand.acted, available_cents=0 if seat == "3" else 10**6)])
        if kind == "hit":
            hand = replace(hand, cards=(*hand.cards, step[3]), acted=True)
            t = hand.total
            r.add("PlayerHit", actor, seat=seat, hand=number, card=step[3], index=index,
                  total=t.best, soft=t.soft, bust=t.bust)
            index += 1
        elif kind == "stand":
            r.add("PlayerStood", actor, seat=seat, hand=number, total=hand.total.best,
                  reason="player")
        elif kind == "double":
            fixed = bj.ace_fixed_by_double(hand.cards, rules)
            r.hold(pid, f"{r.jogada_id}:seat{seat}:hand{number}:double", hand.stake_cents)
            hand = replace(hand, cards=(*hand.cards, step[3]), stake_cents=2 * hand.stake_cents,
                           doubled=True, acted=True, ace_fixed=fixed)
            t = hand.total
            r.add("BetDoubled", actor, seat=seat, hand=number, added_cents=hand.stake_cents // 2,
                  stake_cents=hand.stake_cents, card=step[3], index=index, total=t.best,
                  ace_fixed=fixed, bust=t.bust)
            index += 1
        elif kind == "split":
            new = len(made[seat])
            first, second = hand.cards
            aces = first[0] == "A"
            made[seat][new] = bj.HandState(cards=(second, step[4]), stake_cents=hand.stake_cents,
                                           from_split=True, split_aces=aces, original=False)
            r.hold(pid, f"{r.jogada_id}:seat{seat}:hand{new}", hand.stake_cents)
            hand = replace(hand, cards=(first, step[3]), from_split=True, split_aces=aces,
                           acted=True)
            r.add("HandSplit", actor, seat=seat, hand=number, new_hand=new,
                  stake_cents=hand.stake_cents, cards={str(number): list(hand.cards),
                                                       str(new): [second, step[4]]},
                  drawn=[step[3], step[4]], index=index, split_aces=aces)
            index += 2
        else:
            r.add("HandSurrendered", actor, seat=seat, hand=number)
        made[seat][number] = hand
        if kind == "surrender":
            settle(seat, number, bj.settle_surrender(hand))
        elif hand.total.bust:
            settle(seat, number, bj.settle_bust(hand, rules))
    if void is not None:
        refunds = {}
        for seat in order:
            refunds[seat] = sum(h.stake_cents for h in made[seat].values()) + insured.get(seat, 0)
        r.add("JogadaVoided", reason=void, refunds=refunds, rule="blackjack rule 27, 28")
        for e in [e for e in r.events if type(e).__name__ == "FundsHeld"]:
            r.release(seats[next(s for s in order if f"seat{s}:" in e.transfer_id)][0],
                      e.transfer_id, e.amount_cents)
        r.add("RngRevealed", commitment=commitment(SEED), seed_hex=SEED.hex(), forced=True)
        return r.events
    banca = [up, hole]
    t = bj.banca_total(banca)
    r.add("HoleCardRevealed", hole_card=hole, cards=list(banca), total=t.best,
          blackjack=bj.is_blackjack(banca), rule="blackjack rule 17")
    waiting = [(s, n) for s in order for n in made[s] if (s, n) not in settled]
    if waiting:
        for card in banca_draws:
            banca.append(card)
            t = bj.banca_total(banca)
            r.add("BancaDrew", card=card, index=index, total=t.best, soft=t.soft)
            index += 1
        r.add("BancaStood", cards=list(banca), total=t.best, bust=t.bust,
              blackjack=bj.is_blackjack(banca))
    for seat, number in waiting:
        settle(seat, number, bj.settle_against(made[seat][number], banca, rules))
    insurance = {}
    for seat, cents in insured.items():
        pid = seats[seat][0]
        o = bj.settle_insurance(cents, banca[:2])
        r.add("InsuranceSettled", seat=seat, player_id=pid, result=o.result, stake_cents=cents,
              returned_cents=o.returned_cents, lost_cents=o.lost_cents,
              won_cents=o.won_cents, rule=o.rule)
        tid = f"{r.jogada_id}:seat{seat}:insurance"
        if o.lost_cents:
            r.post(pid, tid, cents)
        else:
            r.release(pid, tid, cents)
            r.pay(pid, tid + ":win", o.won_cents)
        insurance[seat] = {"player_id": pid, **o.to_dict()}
    results = {s: [{"hand": n, "player_id": seats[s][0], **settled[(s, n)].to_dict()}
                   for n in made[s]] for s in order}
    r.add("JogadaSettled", banca={"cards": list(banca), "total": bj.banca_total(banca).best,
                                  "blackjack": bj.is_blackjack(banca),
                                  "bust": bj.banca_total(banca).bust},
          results=results, insurance=insurance)
    r.add("RngRevealed", commitment=commitment(SEED), seed_hex=SEED.hex(), forced=True)
    return r.events


# The jogadas the tests share -------------------------------------------------------------------
def split_double() -> list[Any]:
    """Two players, up 6: seat 1 splits 8-8, doubles the first hand (8-3 + 9: 20) and stands
    on the second (8-T: 18); seat 3 hits 10-6 with a 5 (21). The banca 6-K draws a 2: 18."""
    return play({"1": (P1, 1000, ["8h", "8d"]), "3": (P2, 500, ["Ts", "6d"])}, "6c", "Kh",
                [("split", "1", 0, "3c", "Tc"), ("double", "1", 0, "9s"),
                 ("stand", "1", 1), ("hit", "3", 0, "5c")], ["2h"])


def insured_against_blackjack() -> list[Any]:
    """Up ace: seat 1 (9-7) insures 500 and hits a 5 (21); seat 2 (A-K) takes even money. The
    hole card is a king: the banca's blackjack beats the 21 (r18, A47), insurance pays 2:1."""
    return play({"1": (P1, 1000, ["9h", "7d"]), "2": (P2, 1000, ["As", "Kc"])}, "Ad", "Kd",
                [("insurance", "1", 500), ("even_money", "2"), ("hit", "1", 0, "5c")])
