"""Fixtures of the blackjack tests: a ledger in certification mode (forced shoes accepted),
and refusals that leave the players' wallets as they were."""

from __future__ import annotations

import pytest

from tests.blackjack.support import balances, certification_ledger
from tests.refusals import refused as shared_refused


@pytest.fixture
def cert(make_settings, clock, request):
    """A ledger in certification mode (forced shoes), on the test's database and clock."""
    with certification_ledger(make_settings, clock, request=request) as built:
        yield built


def refused(ledger, error_cls, *, players=(), **expected):
    """A refusal (tests/refusals.py): a 4xx naming ``code``, ``field``, ``rule``; nothing
    recorded; no wallet changed."""
    return shared_refused(ledger, error_cls, money=lambda: balances(ledger, players), **expected)
