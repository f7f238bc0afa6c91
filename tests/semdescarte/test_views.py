"""The views of issue 3 §6: the replay of a jogada (903-B 6.3.4(2)), the player's last jogada
(Reg. 803/2015 rule 37) and the live jackpot value (Portaria 461/2001 r3, r4b)."""

from __future__ import annotations

import dataclasses
import json

import pytest

from domain.ledger.accounts import wallet_code
from domain.kernel.actors import player_actor, staff_actor
from domain.kernel.errors import NotFoundError, RuleViolationError
from domain.cards.poker_hands import evaluate
from domain.games.semdescarte.replay import replay
from tests.semdescarte import client as sd
from infra.services import sessions as sessions_service
from infra.container import build_ledger
from infra.runtime.rng import SeededSeedSource
from projections import queries

OP = staff_actor("operator")
JACKPOT = {"stake_cents": 100, "contribution_bp": 7000, "starting_value_cents": 1_000_000}
CONTRIBUTION = 70  # 100 × 70 %


def config(kind="individual", seats=1, betting_seconds=None, jackpot=JACKPOT):
    return {"kind": kind, "seats": seats, "min_ante_cents": 100, "max_ante_cents": 2500,
            "decision_seconds": 10, "extra_seconds": 5, "betting_seconds": betting_seconds,
            "jackpot": jackpot}


def rule19_deck(burned, hands, bank):
    """A forced shoe per rule 19: index 0 burned; each round one card to each player in seat
    order, then one to the bank; the bank's fifth card is its open card."""
    shoe = [burned]
    for k in range(5):
        shoe += [hand[k] for hand in hands] + [bank[k]]
    return shoe


def player(ledger, table, name, seat=None, deposit=100_000):
    pid, _ = ledger.register_player(display_name=name, actor=OP)
    ledger.deposit(pid, deposit, f"dep-{name}", actor=OP)
    sessions_service.start_session(ledger, pid, table["venue_id"], table["game"],
                                   player_actor(pid))
    sd.sit(ledger, table_id=table["table_id"], player_id=pid, seat=seat, actor=player_actor(pid))
    return pid


def ante(ledger, table, pid, key, ante_cents=200, jackpot_bet_cents=100):
    return sd.place_ante(ledger, table_id=table["table_id"], player_id=pid,
                         ante_cents=ante_cents, jackpot_bet_cents=jackpot_bet_cents,
                         idempotency_key=key, actor=player_actor(pid))


def play(ledger, table, pid, key, decision="continue", forced_deck=None):
    """One jogada at an individual table; returns its id."""
    jogada_id = ante(ledger, table, pid, key)["jogada_id"]
    sd.deal(ledger, table_id=table["table_id"], player_id=pid, forced_deck=forced_deck,
            actor=player_actor(pid))
    sd.decide(ledger, table_id=table["table_id"], jogada_id=jogada_id, player_id=pid,
              decision=decision, actor=player_actor(pid))
    return jogada_id


@pytest.fixture
def cert_ledger(make_settings, clock):
    built = build_ledger(make_settings(certification_mode="1"), clock=clock,
                         seeds=SeededSeedSource(803))
    yield built
    built.close()


PLAYER = ["5c", "6d", "7h", "8s", "9c"]  # a straight
BANK = ["Kd", "Kh", "2s", "3c", "Jd"]  # a pair of kings: the bank qualifies (rule 25)
STRAIGHT_DECK = rule19_deck("Ah", [PLAYER], BANK)


def test_sd_37_player_sees_last_jogada_result_and_amounts(cert_ledger):
    table = sd.create_table(cert_ledger, name="mesa", config=config(), actor=OP)
    ana = player(cert_ledger, table, "ana")
    with pytest.raises(NotFoundError) as no_jogada:
        sd.last_jogada(cert_ledger, ana)
    assert no_jogada.value.field == "player_id"

    jogada_id = play(cert_ledger, table, ana, "a1", forced_deck=STRAIGHT_DECK)
    ante(cert_ledger, table, ana, "a2")  # the next jogada is open: it has no result yet

    seen = sd.last_jogada(cert_ledger, ana)
    assert seen["jogada_id"] == jogada_id and seen["status"] == "settled"
    assert seen["cards"] == PLAYER
    assert seen["bank_cards"] == BANK and seen["bank_cards_revealed"]
    assert (seen["ante_cents"], seen["bet_cents"], seen["jackpot_bet_cents"]) == (200, 400, 100)
    assert seen["total_bet_cents"] == 700 and seen["decision"] == "continue"
    assert seen["result"] == "player_won" and seen["multiplier"] == 4  # rule 12: straight 4 to 1
    assert seen["returned_cents"] == 600  # both stakes back (rule 28)
    assert seen["won_cents"] == 200 + 4 * 400  # ante 1 to 1, bet 4 to 1
    assert seen["lost_cents"] == 0 and seen["jackpot_prize_cents"] == 0
    assert seen["net_cents"] == 1800 - 100  # the jackpot side bet is spent
    assert seen["player_hand"] == evaluate(PLAYER).words
    assert seen["bank_hand"] == evaluate(BANK).words
    assert seen["rule"].endswith("rule 37")


def test_sd_37_player_never_sees_other_players_cards(ledger, clock):
    table = sd.create_table(ledger, name="mesa", actor=OP,
                            config=config("multi", seats=7, betting_seconds=30))
    ana = player(ledger, table, "ana", seat=1)
    bea = player(ledger, table, "bea", seat=3)
    jogada_id = ante(ledger, table, ana, "a1")["jogada_id"]
    ante(ledger, table, bea, "b1", ante_cents=300, jackpot_bet_cents=None)
    clock.advance(31)  # rule 14: the betting period is over
    assert sd.tick(ledger, table["table_id"]) == ["dealt"]
    sd.decide(ledger, table_id=table["table_id"], jogada_id=jogada_id, player_id=ana,
              decision="continue", actor=player_actor(ana))
    sd.decide(ledger, table_id=table["table_id"], jogada_id=jogada_id, player_id=bea,
              decision="fold", actor=player_actor(bea))

    hands = sd.replay_jogada(ledger, jogada_id)["final"]["cards"]["hands"]
    burned = sd.replay_jogada(ledger, jogada_id)["final"]["cards"]["burned"]
    for pid, seat, other in ((ana, "1", "3"), (bea, "3", "1")):
        seen = sd.last_jogada(ledger, pid)
        assert seen["jogada_id"] == jogada_id and seen["seat"] == int(seat)
        assert seen["cards"] == hands[seat] and len(seen["bank_cards"]) == 5
        dumped = json.dumps(seen, default=str)
        for card in hands[other] + [burned]:
            assert f'"{card}"' not in dumped
    assert sd.last_jogada(ledger, bea)["result"] == "folded"
    assert sd.last_jogada(ledger, bea)["lost_cents"] == 300
    assert sd.last_jogada(ledger, bea)["ante_cents"] == 300


def test_replay_every_event_with_its_state_and_money(cert_ledger):
    table = sd.create_table(cert_ledger, name="mesa", config=config(), actor=OP)
    ana = player(cert_ledger, table, "ana")
    engine = cert_ledger.projections.engine
    cert_ledger.projections.wait(cert_ledger.writer.last_position)
    before = queries.balance(engine, ana)["balance_cents"]
    jogada_id = play(cert_ledger, table, ana, "a1", forced_deck=STRAIGHT_DECK)

    replayed = sd.replay_jogada(cert_ledger, jogada_id)
    json.dumps(replayed)  # JSON-friendly throughout
    rows = queries.jogada_events(engine, jogada_id)
    steps = replayed["steps"]
    assert [s["position"] for s in steps] == [r["notification_id"] for r in rows]
    assert replayed["jogada_id"] == jogada_id and replayed["table_id"] == table["table_id"]
    names = [s["event"] for s in steps]
    for name in ("JogadaOpened", "AntePlaced", "BettingClosed", "JackpotBetsCollected",
                 "RngCommitted", "CardsDealt", "PlayerContinued", "BankCardsRevealed",
                 "JogadaSettled", "RngRevealed", "FundsHeld", "HoldPosted", "HoldVoided",
                 "Credited", "Debited"):
        assert name in names, name
    for step in steps:
        assert step["actor"] == player_actor(ana) and step["at"].startswith("2026-")
        assert set(step["state"]) >= {"status", "seats", "cards", "outcomes", "money"}

    def state_after(name):
        return steps[names.index(name)]["state"]

    assert state_after("AntePlaced")["seats"]["1"]["ante_cents"] == 200
    assert state_after("AntePlaced")["seats"]["1"]["jackpot_bet_cents"] == 100
    dealt = state_after("CardsDealt")
    assert dealt["status"] == "deciding" and dealt["cards"]["burned"] == "Ah"
    assert dealt["cards"]["hands"] == {"1": PLAYER}
    assert dealt["cards"]["bank_open_card"] == "Jd" and not dealt["cards"]["bank_revealed"]
    assert dealt["cards"]["bank_hidden_cards"] == BANK[:4]  # the auditor sees what was dealt
    assert state_after("PlayerContinued")["seats"]["1"]["bet_cents"] == 400
    assert state_after("BankCardsRevealed")["cards"]["bank_cards"] == BANK
    assert state_after("JogadaSettled")["outcomes"]["1"]["result"] == "player_won"

    for step in steps:  # each money event adds its transfer to the state
        if step["event"] in ("FundsHeld", "HoldPosted", "HoldVoided", "Credited", "Debited"):
            entry = step["state"]["money"][-1]
            assert entry["transfer_id"] == step["data"]["transfer_id"]
            assert entry["amount_cents"] == step["data"]["amount_cents"]
    money = replayed["final"]["money"]
    wallet = wallet_code(ana)
    assert {(m["account"], m["kind"], m["amount_cents"]) for m in money} >= {
        (wallet, "held", 600), (wallet, "held", 100), (wallet, "posted", 100),
        (wallet, "voided", 600), (wallet, "credited", 1800), ("house", "debited", 1800)}
    after = queries.balance(engine, ana)["balance_cents"]
    assert replayed["final"]["net_by_account"][wallet] == after - before == 1700
    assert replayed["final"]["status"] == "settled" and replayed["final"]["ended"]

    with pytest.raises(NotFoundError) as unknown:
        sd.replay_jogada(cert_ledger, f"{table['table_id']}:99")
    assert unknown.value.field == "jogada_id"


def _replace(events, name, **changes):
    return [(pos, dataclasses.replace(e, **changes) if type(e).__name__ == name else e)
            for pos, e in events]


def test_replay_rng_reveal_rederives_the_dealt_cards(cert_ledger):
    table = sd.create_table(cert_ledger, name="mesa", config=config(), actor=OP)
    ana = player(cert_ledger, table, "ana")
    forced_id = play(cert_ledger, table, ana, "a1", forced_deck=STRAIGHT_DECK)
    drawn_id = play(cert_ledger, table, ana, "a2", decision="fold")

    for jogada_id, forced in ((forced_id, True), (drawn_id, False)):
        events = sd.jogada_domain_events(cert_ledger, jogada_id)
        rng = replay(events)["rng"]
        committed = next(e for _, e in events if type(e).__name__ == "RngCommitted")
        assert rng["verified"], rng["check"]
        assert rng["forced"] is forced and rng["commitment"] == committed.commitment
        assert rng["seed_hex"] == committed.sealed_seed_hex

    events = sd.jogada_domain_events(cert_ledger, drawn_id)
    dealt = next(e for _, e in events if type(e).__name__ == "CardsDealt")
    hand = list(dealt.hands["1"])
    swapped = [hand[1], hand[0]] + hand[2:]
    tampered = [
        _replace(events, "CardsDealt", hands={"1": swapped}),
        _replace(events, "CardsDealt", burned=dealt.bank_cards[0]),
        _replace(events, "RngRevealed", seed_hex="00" * 32),
        _replace(events, "BankCardsRevealed", bank_cards=list(reversed(dealt.bank_cards))),
    ]
    committed = next(e for _, e in events if type(e).__name__ == "RngCommitted")
    outcome = list(committed.outcome)
    outcome[1], outcome[2] = outcome[2], outcome[1]
    tampered.append(_replace(events, "RngCommitted", outcome=outcome))
    at = {type(e).__name__: position for position, e in events}
    wrong = ["CardsDealt", "CardsDealt", "RngRevealed", "BankCardsRevealed", "RngCommitted"]
    for bad, name in zip(tampered, wrong):
        rng = replay(bad)["rng"]
        assert not rng["verified"] and rng["check"].startswith("FAILED"), rng["check"]
        assert rng["events"][0] == at[name], (name, rng)  # the event found wrong, named
    assert "seat 1" in replay(tampered[0])["rng"]["check"]


def test_sd_33_replay_of_voided_jogada(ledger):
    table = sd.create_table(ledger, name="mesa", config=config(), actor=OP)
    ana = player(ledger, table, "ana")
    dealt_id = ante(ledger, table, ana, "a1")["jogada_id"]
    sd.deal(ledger, table_id=table["table_id"], player_id=ana, forced_deck=None,
            actor=player_actor(ana))
    sd.void_jogada(ledger, table_id=table["table_id"], reason="server_fault", actor=OP)

    replayed = sd.replay_jogada(ledger, dealt_id)
    final, wallet = replayed["final"], wallet_code(ana)
    assert final["status"] == "voided" and final["void"]["rule"].endswith("rule 33")
    assert final["outcomes"]["1"]["result"] == "voided"
    assert final["outcomes"]["1"]["refunded_cents"] == 200 + 100  # every bet back, in full
    assert "JogadaVoided" in [s["event"] for s in replayed["steps"]]
    kinds = {(m["account"], m["kind"], m["amount_cents"]) for m in final["money"]}
    assert (wallet, "voided", 600) in kinds and (wallet, "credited", 100) in kinds
    assert final["net_by_account"][wallet] == 0
    assert replayed["rng"]["verified"], replayed["rng"]["check"]  # the seed is revealed (A70)

    seen = sd.last_jogada(ledger, ana)
    assert seen["jogada_id"] == dealt_id and seen["result"] == "voided"
    assert seen["returned_cents"] == 300 and seen["net_cents"] == 0
    assert seen["bank_cards"] == [final["cards"]["bank_open_card"]]  # never revealed
    assert seen["bank_hand"] is None and seen["cards"] == final["cards"]["hands"]["1"]

    betting_id = ante(ledger, table, ana, "a2")["jogada_id"]  # voided before the deal
    sd.void_jogada(ledger, table_id=table["table_id"], reason="server_fault", actor=OP)
    replayed = sd.replay_jogada(ledger, betting_id)
    assert replayed["final"]["status"] == "voided" and replayed["final"]["cards"]["hands"] == {}
    assert not replayed["rng"]["verified"] and "before the deal" in replayed["rng"]["check"]
    assert replayed["final"]["net_by_account"][wallet] == 0
    seen = sd.last_jogada(ledger, ana)
    assert seen["jogada_id"] == betting_id and seen["cards"] is None
    assert seen["bank_cards"] == [] and seen["returned_cents"] == 300


def test_jackpot_value_is_a_projection_updated_by_each_side_bet(ledger):
    table = sd.create_table(ledger, name="mesa", config=config(), actor=OP)
    ana = player(ledger, table, "ana")
    start = sd.jackpot_value(ledger, table["table_id"])
    assert start["table_id"] == table["table_id"]
    assert start["jackpot_cents"] == JACKPOT["starting_value_cents"]  # Portaria r10

    jogada_id = ante(ledger, table, ana, "a1")["jogada_id"]
    assert sd.jackpot_value(ledger, table["table_id"])["jackpot_cents"] == 1_000_000  # held
    sd.deal(ledger, table_id=table["table_id"], player_id=ana, forced_deck=None,
            actor=player_actor(ana))
    after_deal = sd.jackpot_value(ledger, table["table_id"])  # r4b: collected before the cards
    assert after_deal["jackpot_cents"] == 1_000_000 + CONTRIBUTION
    assert after_deal["as_of_position"] >= ledger.writer.last_position > start["as_of_position"]
    row = next(a for a in queries.accounts(ledger.projections.engine)
               if a["account_code"] == f"jackpot:{table['table_id']}")
    assert row["balance_cents"] == after_deal["jackpot_cents"]

    sd.decide(ledger, table_id=table["table_id"], jogada_id=jogada_id, player_id=ana,
              decision="fold", actor=player_actor(ana))  # a folded hand wins no prize (A12)
    play(ledger, table, ana, "a2", decision="fold")
    assert sd.jackpot_value(ledger, table["table_id"])["jackpot_cents"] == \
        1_000_000 + 2 * CONTRIBUTION

    plain = sd.create_table(ledger, name="sem jackpot", config=config(jackpot=None), actor=OP)
    # the table exists without the module: refused by the rule (409 no_jackpot); no table: 404
    with pytest.raises(RuleViolationError) as none:
        sd.jackpot_value(ledger, plain["table_id"])
    assert (none.value.field, none.value.rule, none.value.code) == (
        "table_id", "Portaria 461/2001 rule 3", "no_jackpot")
    with pytest.raises(NotFoundError):
        sd.jackpot_value(ledger, "00000000-0000-4000-8000-000000000000")
