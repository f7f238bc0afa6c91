"""Fixtures of the hold'em and Omaha tests: a ledger in certification mode (forced decks and
the button's seat accepted), and refusals that leave every account of the table as it was."""

from __future__ import annotations

import pytest

from tests.refusals import refused as shared_refused
from tests.holdem.support import money
from tests.semdescarte.support import certification_ledger


@pytest.fixture
def cert(make_settings, clock, request):
    with certification_ledger(make_settings, clock, seed=806, request=request) as built:
        yield built


def refused(table, error_cls, **expected):
    """A 4xx naming code, field and rule; nothing recorded; no account of the table moved."""
    return shared_refused(table.ledger, error_cls, money=lambda: money(table), **expected)
