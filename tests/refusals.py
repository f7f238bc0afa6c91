"""How the game tests check a refusal (tests/semdescarte, tests/bingo): the command in the
block raises the domain error asked for, which maps to a 4xx and names the code, field and rule
asked for; nothing is recorded (the notification log does not move) and ``money()`` reads the
same after as before."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from api.errors import status_for


def max_id(ledger: Any) -> int:
    return ledger.app.recorder.max_notification_id() or 0


def check_error(error: Any, *, code: str | None = None, field: str | None = None,
                rule: str | None = None) -> Any:
    if code is not None:
        assert error.code == code
    if field is not None:
        assert error.field == field
    if rule is not None:
        assert error.rule == rule
    return error


@contextlib.contextmanager
def refused(ledger: Any, error_cls: type, *, money: Callable[[], Any] = lambda: None,
            code: str | None = None, field: str | None = None,
            rule: str | None = None) -> Iterator[Any]:
    before_id, before = max_id(ledger), money()
    with pytest.raises(error_cls) as info:
        yield info
    assert 400 <= status_for(info.value) < 500
    check_error(info.value, code=code, field=field, rule=rule)
    assert max_id(ledger) == before_id, "a refused command recorded events"
    assert money() == before, "a refused command moved money"
