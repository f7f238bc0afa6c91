"""The event store's orjson transcoder (infra/store/transcoder.py) writes the library's own format:
every value encodes to the very bytes ``JSONTranscoder`` writes and decodes to what it decodes,
and records in a real store written by either one load the same with the other (903-B 6.3.7:
the record stays readable)."""

from __future__ import annotations

import math
from datetime import datetime, timedelta, timezone
from decimal import Decimal
from enum import Enum
from uuid import UUID, uuid4

import pytest
from eventsourcing.application import Application
from eventsourcing.persistence import JSONTranscoder, TranscodingNotRegisteredError
from eventsourcing.utils import get_topic

from domain.ledger.accounts import CASHIER_CODE, Account, transfer, wallet_code
from domain.ledger.receipts import CommandReceipt
from infra.store.eventstore import LedgerApplication, build_event_store
from infra.store.serialization import certification_env
from infra.runtime.settings import parse_database_url
from infra.store.transcoder import OrjsonTranscoder

AT = datetime(2026, 11, 21, 20, 50, 12, 626846, tzinfo=timezone.utc)


class Colour(str, Enum):
    RED = "red"


def transcoders() -> tuple[JSONTranscoder, OrjsonTranscoder]:
    library, ours = JSONTranscoder(), OrjsonTranscoder()
    for transcoder in (library, ours):
        Application.register_transcodings(None, transcoder)  # type: ignore[arg-type]
    return library, ours


VALUES = [
    {"uuid": uuid4(), "nested": {"ids": [uuid4(), (uuid4(), "x")]}},
    {"utc": AT, "no_microseconds": AT.replace(microsecond=0), "naive": AT.replace(tzinfo=None),
     "year_one": datetime(1, 1, 1, tzinfo=timezone.utc),
     "lisbon_summer": AT.astimezone(timezone(timedelta(hours=1))),
     "odd_offset": AT.replace(tzinfo=timezone(timedelta(hours=5, minutes=30, seconds=7)))},
    {"decimal": Decimal("12.3400"), "negative": Decimal("-0.001")},
    {"int64": 2**63 - 1, "uint64": 2**64 - 1, "huge": 2**80, "tiny": -(2**63) - 1,
     "nineteen_digits": -9_300_000_000_000_000_000},
    {"float": 0.1, "exp": 1.5e-7, "big": 1e300, "nan": math.nan, "inf": -math.inf},
    {"text": "Olá, jogada nº 7 \u2028 \x00", "empty": "", "none": None, "bools": [True, False]},
    {1: "int key", None: "none key"},
    {"enum": Colour.RED, "tuple": (1, 2, [3, (4,)]), "empty": {}, "list": []},
    {"_type_": "looks_tagged", "_data_": "but three keys", "x": 1},
    {"deep": [[[[{"at": AT, "id": UUID(int=0)}]]]]},
    ["top", "level", "list", AT],
]


def same(a: object, b: object) -> bool:
    """Equality that takes NaN as equal to itself."""
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a):
        return math.isnan(b)
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


@pytest.mark.parametrize("value", VALUES, ids=range(len(VALUES)))
def test_encodes_the_library_bytes_and_decodes_as_the_library(value):
    library, ours = transcoders()
    data = library.encode(value)
    assert ours.encode(value) == data
    assert same(ours.decode(data), library.decode(data))


def test_every_registered_type_round_trips():
    _, ours = transcoders()
    value = {"uuid": uuid4(), "at": AT, "naive": AT.replace(tzinfo=None),
             "offset": AT.astimezone(timezone(timedelta(hours=-3))), "decimal": Decimal("1.10")}
    decoded = ours.decode(ours.encode(value))
    assert decoded == value
    assert {k: type(v) for k, v in decoded.items()} == {k: type(v) for k, v in value.items()}
    assert decoded["offset"].utcoffset() == timedelta(hours=-3)


def test_an_unregistered_type_is_refused_as_the_library_does():
    library, ours = transcoders()
    for transcoder in (library, ours):
        with pytest.raises(TranscodingNotRegisteredError):
            transcoder.encode({"set": {1, 2}})
    with pytest.raises(TranscodingNotRegisteredError):
        ours.decode(b'{"x":{"_type_":"nobody_registered_this","_data_":"1"}}')


def library_store(database_url: str) -> LedgerApplication:
    """The ledger's event store, but writing and reading with the library's JSONTranscoder."""
    target = parse_database_url(database_url)
    env = target.eventsourcing_env()
    env.update(certification_env(False, LedgerApplication.name))
    env["TRANSCODER_TOPIC"] = env["LEDGER_TRANSCODER_TOPIC"] = get_topic(JSONTranscoder)
    return LedgerApplication(env=env)


def money_records(app: LedgerApplication) -> list[UUID]:
    """A deposit as the ledger records it, a hold (nested state) and a snapshot."""
    wallet = Account.open(code=wallet_code(uuid4()), kind="wallet", owner="p", actor="system", at=AT)
    cashier = Account.open(code=CASHIER_CODE, kind="cashier", owner=None, actor="system", at=AT)
    transfer(cashier, wallet, transfer_id="t1", amount_cents=500, reason="deposit",
             refs={"payment_method": "mbway", "idempotency_key": "ç-1"}, actor="staff:x", at=AT)
    wallet._funds_held(transfer_id="h1", amount_cents=200, counterparty="house", reason="bet",
                       refs={"jogada_id": "j1"}, actor="staff:x", at=AT)
    receipt = CommandReceipt(scope="wallet:p", key="ç-1", fingerprint="f" * 64,
                             operation="deposit", actor="staff:x", at=AT,
                             outcome={"result": {"amount_cents": 500, "at": AT.isoformat()}})
    app.save(wallet, cashier, receipt)
    app.take_snapshot(wallet.id)
    return [wallet.id, cashier.id, receipt.id]


@pytest.mark.parametrize("writer", ["library", "ours"])
def test_records_in_a_store_load_the_same_with_either_transcoder(database_url, writer):
    library = library_store(database_url)
    ours = build_event_store(parse_database_url(database_url))
    try:
        assert type(ours.mapper.transcoder) is OrjsonTranscoder
        assert type(library.mapper.transcoder) is JSONTranscoder
        ids = money_records(library if writer == "library" else ours)
        for aggregate_id in ids:
            assert vars(ours.repository.get(aggregate_id)) == vars(
                library.repository.get(aggregate_id))
        notifications = library.recorder.select_notifications(start=1, limit=100)
        assert len(notifications) >= 6
        for stored in notifications:
            event = library.mapper.to_domain_event(stored)
            assert vars(ours.mapper.to_domain_event(stored)) == vars(event)
            assert ours.mapper.to_stored_event(event).state == stored.state  # same bytes
        snapshot = ours.snapshots.get(ids[0], desc=True, limit=1)
        assert next(iter(snapshot)).state["holds"] == {"h1": {
            "amount_cents": 200, "counterparty": "house", "reason": "bet",
            "refs": {"jogada_id": "j1"}}}
    finally:
        library.close()
        ours.close()
