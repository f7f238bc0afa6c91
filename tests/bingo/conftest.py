"""Fixtures of the bingo jogada tests: a ledger in certification mode (forced balls accepted)
whose seed source the test can read ahead (tests/bingo/plans.py)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest

from api.errors import status_for
from infra.container import build_ledger
from tests.bingo.plans import ScriptedSeeds
from tests.bingo.support import wallet


@pytest.fixture
def seeds() -> ScriptedSeeds:
    return ScriptedSeeds(4252015)


@pytest.fixture
def cert(make_settings, clock, seeds):
    """LEDGER_CERTIFICATION_MODE=1 on the test's database and clock."""
    built = build_ledger(make_settings(certification_mode="1"), clock=clock, seeds=seeds)
    yield built
    built.close()


def max_id(ledger) -> int:
    return ledger.app.recorder.max_notification_id() or 0


@contextlib.contextmanager
def refused(ledger, error_cls, *, players=(), code=None, field=None, rule=None) -> Iterator:
    """The command in the block is refused with ``error_cls`` (a 4xx), naming ``code``,
    ``field`` and ``rule``: nothing is recorded (the notification log does not move) and no
    wallet changes."""
    before_id = max_id(ledger)
    before = [wallet(ledger, p) for p in players]
    with pytest.raises(error_cls) as info:
        yield info
    assert 400 <= status_for(info.value) < 500
    if code is not None:
        assert info.value.code == code
    if field is not None:
        assert info.value.field == field
    if rule is not None:
        assert info.value.rule == rule
    assert max_id(ledger) == before_id, "a refused command recorded events"
    assert [wallet(ledger, p) for p in players] == before, "a refused command moved money"
