"""Exactly once: no page is applied twice, a failed page leaves nothing, a late runner catches up."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import Connection
from sqlalchemy.exc import IntegrityError

from projections import queries
from projections.money import BalancesProjection, JogadaIndexProjection
from projections.principals import PrincipalsProjection
from infra.projecting.runner import ProjectionRunner
from tests.projections.support import (MONEY_PROJECTIONS, OPERATOR,
                                       assert_balances_match_aggregates, mixed_activity, settle,
                                       snapshot)

FACTORIES = (BalancesProjection, PrincipalsProjection, JogadaIndexProjection)


class StaleRunner(ProjectionRunner):
    """A second runner (another process) that read the tracking positions before the first
    runner moved them on: it will try to apply pages that are already applied."""

    def __init__(self, *args: Any, stale: dict[str, int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._stale: dict[str, int] | None = stale

    def positions(self) -> dict[str, int]:
        if self._stale is not None:
            stale, self._stale = self._stale, None
            return {p.name: stale[p.name] for p in self.projections}
        return super().positions()


class FailsOnce:
    """Wraps a projection: the first page it gets is half applied, then it raises."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name, self.tables, self.event_types = inner.name, inner.tables, inner.event_types
        self.failed = False

    def apply(self, conn: Connection, events: list[tuple[int, Any]]) -> None:
        half = max(1, len(events) // 2)
        self.inner.apply(conn, events[:half])
        if not self.failed:
            self.failed = True
            raise RuntimeError("projection failed mid-page")
        self.inner.apply(conn, events[half:])


def test_a_second_runner_at_an_old_position_applies_nothing_twice(ledger):
    mixed_activity(ledger, tag="a")
    settle(ledger)
    ledger.projections.stop()
    old = ledger.projections.positions()
    mixed_activity(ledger, tag="b")  # new players, money, jogadas
    ledger.projections.catch_up()
    applied = snapshot(ledger)
    engine = ledger.projections.engine

    # A runner that reads the true positions has nothing to do.
    assert ProjectionRunner(ledger.app, engine, [f() for f in FACTORIES]).catch_up() == 0
    assert snapshot(ledger) == applied
    # A runner that believes the old positions: the page it re-applies is refused, whether by
    # the rows' own keys (IntegrityError) or by the tracking compare-and-set (rolled back).
    for factory in FACTORIES:
        projection = factory()
        stale = StaleRunner(ledger.app, engine, [projection], stale=old)
        try:
            stale.catch_up()
        except IntegrityError:
            pass
        assert snapshot(ledger) == applied, projection.name
        assert stale.catch_up() == 0  # now it reads the true position
    assert_balances_match_aggregates(ledger)


def test_a_failure_mid_page_keeps_nothing_and_the_page_is_applied_once_later(ledger):
    mixed_activity(ledger, tag="a")
    settle(ledger)
    ledger.projections.stop()
    mixed_activity(ledger, tag="b")
    wrapped = [FailsOnce(f()) for f in FACTORIES]
    runner = ProjectionRunner(ledger.app, ledger.projections.engine, wrapped)
    for victim in wrapped:  # projections run in order: each fails on its first page in turn
        before = snapshot(ledger, (victim.name,))
        with pytest.raises(RuntimeError, match="mid-page"):
            runner.catch_up()
        assert victim.failed
        # neither the half page nor the position was kept
        assert snapshot(ledger, (victim.name,)) == before

    assert runner.catch_up() > 0
    assert_balances_match_aggregates(ledger)
    after = snapshot(ledger)
    assert after["_positions"] == dict.fromkeys(MONEY_PROJECTIONS, ledger.writer.last_position)
    ledger.projections.rebuild(names=MONEY_PROJECTIONS)
    assert snapshot(ledger) == after  # the same rows as applying every event exactly once


def test_a_projection_that_falls_behind_catches_up(ledger):
    (player,) = mixed_activity(ledger, players=1, tag="a")
    settle(ledger)
    engine = ledger.projections.engine
    seen = queries.balance(engine, player)
    ledger.projections.stop()  # the runner is down (deploy, crash) while money keeps moving

    ledger.deposit(player, 4_000, "late-d", actor=OPERATOR)
    newcomers = mixed_activity(ledger, players=2, tag="b")
    assert queries.balance(engine, player) == seen
    assert queries.balance(engine, newcomers[0]) is None
    behind = ledger.projections.positions()
    assert all(p < ledger.writer.last_position for p in behind.values())

    ledger.projections.start()
    settle(ledger)
    assert queries.balance(engine, player)["balance_cents"] == seen["balance_cents"] + 4_000
    assert queries.balance(engine, newcomers[0]) is not None
    assert_balances_match_aggregates(ledger)
    assert ledger.projections.last_error is None
