"""Fixtures of the roulette tests: a ledger with the game (``ledger``), one in certification
mode (``cert``: forced numbers accepted), and refusals that leave the players' wallets as they
were."""

from __future__ import annotations

import pytest

from tests.refusals import refused as shared_refused
from tests.roulette.support import balances, roulette_ledger


@pytest.fixture
def ledger(make_settings, clock, request):
    """The ledger with roulette on the test's database and clock, certification mode off."""
    with roulette_ledger(make_settings, clock, request=request) as built:
        yield built


@pytest.fixture
def cert(make_settings, clock, request):
    """A ledger in certification mode (forced numbers), on the test's database and clock."""
    with roulette_ledger(make_settings, clock, mode="1", request=request) as built:
        yield built


def refused(ledger, error_cls, *, players=(), **expected):
    """A refusal (tests/refusals.py): a 4xx naming ``code``, ``field``, ``rule``; nothing
    recorded; no wallet changed."""
    return shared_refused(ledger, error_cls, money=lambda: balances(ledger, players), **expected)
