"""domain/kernel/jogada_rng.py through the real event store: commit before the first card, reveal
at the end, and replay rebuilds the jogada from the record alone (903-B 6.7.2(4), 6.7.5, A70)."""

from __future__ import annotations

import pytest

from domain.kernel import rng
from domain.kernel.actors import system_actor
from domain.kernel.errors import ConflictError, InvalidInputError, RuleViolationError
from domain.kernel.jogada_rng import check_reveal, verify_jogada
from infra.container import build_ledger
from infra.store.eventstore import register_snapshotting
from infra.runtime.rng import SeededSeedSource
from tests.rng.demo_table import DemoTable

ACTOR = system_actor("rng")


def open_table(ledger) -> object:
    def handler(uow):
        table = DemoTable(name="demo", actor=ACTOR, at=uow.at)
        uow.add(table)
        return table.id
    return ledger.writer.execute(handler)


def on_table(ledger, table_id, action):
    return ledger.writer.execute(lambda uow: action(uow.get(table_id, DemoTable), uow.at))


def stored_events(ledger, table_id):
    return list(ledger.app.events.get(table_id))


def test_commit_deal_reveal_and_replay_without_rng(ledger, monkeypatch):
    seed = SeededSeedSource(2026).new_seed()
    table_id = open_table(ledger)
    shoe = on_table(ledger, table_id, lambda t, at: t.commit_deck("j1", seed, actor=ACTOR, at=at))
    assert shoe == rng.derive_deck(seed)
    first = on_table(ledger, table_id, lambda t, at: t.deal("j1", 2, actor=ACTOR, at=at))
    second = on_table(ledger, table_id, lambda t, at: t.deal("j1", 3, actor=ACTOR, at=at))
    assert first + second == shoe[:5]

    # A70: the RNG output is recorded before any card.
    events = stored_events(ledger, table_id)
    assert [type(e).__name__ for e in events] == ["Opened", "RngCommitted", "Dealt", "Dealt"]
    committed = events[1]
    assert committed.outcome == shoe and committed.commitment == rng.commitment(seed)
    assert committed.forced is False and committed.forced_outcome is None
    assert committed.algorithm == rng.ALGORITHM

    # Replay (a fresh load from the store) rebuilds the jogada with no RNG at all.
    def no_rng(*_args, **_kwargs):
        raise AssertionError("replay must not draw")
    with monkeypatch.context() as patched:
        patched.setattr(rng.Drbg, "read", no_rng)
        reloaded = ledger.app.repository.get(table_id)
        assert reloaded.dealt["j1"] == shoe[:5] and reloaded.rng_outcome("j1") == shoe

    seed_hex = on_table(ledger, table_id, lambda t, at: t.reveal_rng("j1", actor=ACTOR, at=at))
    assert seed_hex == seed.hex()
    revealed = stored_events(ledger, table_id)[-1]
    assert type(revealed).__name__ == "RngRevealed" and revealed.seed_hex == seed.hex()
    assert revealed.commitment == committed.commitment
    # The auditor's check over the two stored events.
    verify_jogada(kind=committed.kind, size=committed.size, commitment=committed.commitment,
                  seed_hex=revealed.seed_hex, outcome=committed.outcome,
                  forced_outcome=committed.forced_outcome)
    reloaded = ledger.app.repository.get(table_id)
    assert "j1" not in reloaded.rng_open and reloaded.dealt["j1"] == shoe[:5]
    with pytest.raises(RuleViolationError) as caught:
        reloaded.deal("j1", 1, actor=ACTOR, at=ledger.clock.now())
    assert caught.value.rule == "A70"


def test_nothing_is_dealt_before_the_commitment_and_nothing_is_drawn_twice(ledger):
    seeds = SeededSeedSource(1)
    table_id = open_table(ledger)
    with pytest.raises(RuleViolationError) as caught:
        on_table(ledger, table_id, lambda t, at: t.deal("j1", 1, actor=ACTOR, at=at))
    assert caught.value.code == "rng_not_committed"
    first_seed, second_seed = seeds.new_seed(), seeds.new_seed()
    on_table(ledger, table_id, lambda t, at: t.commit_deck("j1", first_seed, actor=ACTOR, at=at))
    with pytest.raises(ConflictError) as caught:
        on_table(ledger, table_id,
                 lambda t, at: t.commit_deck("j1", second_seed, actor=ACTOR, at=at))
    assert caught.value.rule == "903-B 6.7.5"
    with pytest.raises(InvalidInputError):
        on_table(ledger, table_id, lambda t, at: t.commit_deck("j2", b"short", actor=ACTOR, at=at))
    events = stored_events(ledger, table_id)
    assert [type(e).__name__ for e in events] == ["Opened", "RngCommitted"]
    assert events[1].outcome == rng.derive_deck(first_seed)


def test_a_wrong_seed_or_a_tampered_outcome_fails_the_check():
    seeds = SeededSeedSource(b"reveal")
    seed, other = seeds.new_seed(), seeds.new_seed()
    c = rng.commitment(seed)
    assert check_reveal(c, seed.hex()) == seed
    with pytest.raises(RuleViolationError) as caught:
        check_reveal(c, other)
    assert caught.value.code == "rng_reveal_mismatch" and caught.value.field == "seed_hex"
    with pytest.raises(InvalidInputError):
        check_reveal(c, "not hex")
    shoe = rng.derive_deck(seed)
    tampered = [shoe[1], shoe[0], *shoe[2:]]
    with pytest.raises(RuleViolationError) as caught:
        verify_jogada(kind="deck", size=1, commitment=c, seed_hex=seed.hex(), outcome=tampered,
                      forced_outcome=None)
    assert caught.value.code == "rng_outcome_mismatch"


def test_balls_and_number_commitments(ledger):
    seeds = SeededSeedSource(99)
    table_id = open_table(ledger)
    ball_seed, number_seed = seeds.new_seed(), seeds.new_seed()
    balls = on_table(ledger, table_id, lambda t, at: t.commit_balls(
        "bingo-1", ball_seed, n_balls=90, actor=ACTOR, at=at))
    number = on_table(ledger, table_id,
                      lambda t, at: t.commit_number("roul-1", number_seed, actor=ACTOR, at=at))
    assert balls == rng.derive_balls(ball_seed, 90) and number == rng.derive_number(number_seed)
    reloaded = ledger.app.repository.get(table_id)
    assert reloaded.rng_outcome("bingo-1") == balls and reloaded.rng_outcome("roul-1") == [number]


def test_forced_outcomes_are_refused_outside_certification_mode(ledger):
    table_id = open_table(ledger)
    seed = SeededSeedSource(3).new_seed()
    with pytest.raises(RuleViolationError) as caught:
        on_table(ledger, table_id, lambda t, at: t.commit_deck(
            "j1", seed, forced_deck=["As"], certification_mode=ledger.certification,
            actor=ACTOR, at=at))
    assert caught.value.code == "certification_mode_off"
    with pytest.raises(InvalidInputError):  # too short for the deal, even in certification mode
        on_table(ledger, table_id, lambda t, at: t.commit_deck(
            "j1", seed, forced_deck=["As"], certification_mode=True, min_cards=4,
            actor=ACTOR, at=at))
    assert [type(e).__name__ for e in stored_events(ledger, table_id)] == ["Opened"]


def test_forced_outcomes_in_certification_mode_are_recorded_as_forced(make_settings, clock):
    ledger = build_ledger(make_settings(certification_mode="1"), clock=clock,
                          with_projections=False)
    try:
        seeds = SeededSeedSource(4)
        deck_seed, ball_seed, number_seed = seeds.new_seed(), seeds.new_seed(), seeds.new_seed()
        table_id = open_table(ledger)
        shoe = on_table(ledger, table_id, lambda t, at: t.commit_deck(
            "j1", deck_seed, forced_deck=["As", "Kd", "Qh"],
            certification_mode=ledger.certification, actor=ACTOR, at=at))
        balls = on_table(ledger, table_id, lambda t, at: t.commit_balls(
            "b1", ball_seed, n_balls=75, forced_balls=[75, 1], certification_mode=True,
            actor=ACTOR, at=at))
        number = on_table(ledger, table_id, lambda t, at: t.commit_number(
            "r1", number_seed, forced_number=17, certification_mode=True, actor=ACTOR, at=at))
        assert shoe[:3] == ["As", "Kd", "Qh"] and sorted(shoe) == sorted(rng.derive_deck(deck_seed))
        assert balls[:2] == [75, 1] and sorted(balls) == list(range(1, 76))
        assert number == 17
        dealt = on_table(ledger, table_id, lambda t, at: t.deal("j1", 2, actor=ACTOR, at=at))
        assert dealt == ["As", "Kd"]
        for jogada in ("j1", "b1", "r1"):
            on_table(ledger, table_id, lambda t, at, j=jogada: t.reveal_rng(j, actor=ACTOR, at=at))
        events = stored_events(ledger, table_id)
        committed = [e for e in events if type(e).__name__ == "RngCommitted"]
        revealed = {e.jogada_id: e for e in events if type(e).__name__ == "RngRevealed"}
        assert [e.forced for e in committed] == [True, True, True]
        assert [e.forced_outcome for e in committed] == [["As", "Kd", "Qh"], [75, 1], [17]]
        for e in committed:  # still a commitment to a seed, and the auditor's check holds
            verify_jogada(kind=e.kind, size=e.size, commitment=e.commitment,
                          seed_hex=revealed[e.jogada_id].seed_hex, outcome=e.outcome,
                          forced_outcome=e.forced_outcome)
        assert all(getattr(e, "certification_mode", False) for e in events)
    finally:
        ledger.close()


def test_open_jogadas_survive_a_snapshot(ledger):
    register_snapshotting(DemoTable, 3)
    seeds = SeededSeedSource(5)
    table_id = open_table(ledger)
    seed = seeds.new_seed()
    on_table(ledger, table_id, lambda t, at: t.commit_deck("j1", seed, actor=ACTOR, at=at))
    on_table(ledger, table_id, lambda t, at: t.deal("j1", 1, actor=ACTOR, at=at))
    assert list(ledger.app.snapshots.get(table_id))  # version 3 was snapshotted
    reloaded = ledger.app.repository.get(table_id)
    assert reloaded.rng_outcome("j1") == rng.derive_deck(seed)
    assert reloaded.rng_open["j1"]["commitment"] == rng.commitment(seed)
