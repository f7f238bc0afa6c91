"""Fixtures of the bingo jogada tests: a ledger in certification mode (forced balls accepted)
whose seed source the test can read ahead (tests/bingo/plans.py)."""

from __future__ import annotations

import pytest

from infra.container import build_ledger
from tests.adjudication_check import assert_ended_jogadas_agree
from tests.bingo.plans import ScriptedSeeds
from tests.bingo.support import wallet
from tests.refusals import refused as shared_refused


@pytest.fixture
def seeds() -> ScriptedSeeds:
    return ScriptedSeeds(4252015)


@pytest.fixture
def cert(make_settings, clock, seeds, request):
    """LEDGER_CERTIFICATION_MODE=1 on the test's database and clock; its ended jogadas
    re-adjudicated before it closes (tests/adjudication_check.py)."""
    built = build_ledger(make_settings(certification_mode="1"), clock=clock, seeds=seeds)
    try:
        yield built
        assert_ended_jogadas_agree(built, request)
    finally:
        built.close()


def refused(ledger, error_cls, *, players=(), **expected):
    """A refusal (tests/refusals.py): a 4xx naming ``code``, ``field``, ``rule``; nothing
    recorded; no wallet changed."""
    return shared_refused(ledger, error_cls, money=lambda: [wallet(ledger, p) for p in players],
                          **expected)
