"""Fixtures of the evidence pack tests (issue 16 evidence packs): a ledger in certification mode
(forced decks, so the tests know the cards without asking the service), on the test's backend,
database and ManualClock; its ended jogadas re-adjudicated before it closes."""

from __future__ import annotations

import pytest

from tests.semdescarte.support import certification_ledger


@pytest.fixture
def cert(make_settings, clock, request):
    with certification_ledger(make_settings, clock, request=request) as built:
        yield built
