"""LEDGER_DATABASE_URL as the contract reads it (api-contract: configuration)."""

from __future__ import annotations

from sqlalchemy.engine import make_url

from infra.runtime.settings import parse_database_url


def test_a_password_with_url_characters_reaches_the_projections_engine_intact():
    # Percent-encoded in LEDGER_DATABASE_URL, as a URL must carry it.
    target = parse_database_url("postgresql://ledger:p%40ss%3Aw%2Frd@db.example:6543/ledger_prod")
    assert target.password == "p@ss:w/rd"
    url = make_url(target.sqlalchemy_url())
    assert (url.username, url.password, url.host, url.port, url.database) == (
        "ledger", "p@ss:w/rd", "db.example", 6543, "ledger_prod")
    assert target.eventsourcing_env()["POSTGRES_PASSWORD"] == "p@ss:w/rd"


def test_no_password_leaves_none_in_the_projections_url():
    url = make_url(parse_database_url("postgresql://postgres@127.0.0.1:5432/test").sqlalchemy_url())
    assert url.password is None and url.username == "postgres"


def test_sqlite_projections_live_beside_the_event_file():
    target = parse_database_url("sqlite:///data/ledger.db")
    assert target.sqlalchemy_url().endswith("data/ledger.projections.db")
