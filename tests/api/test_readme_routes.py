"""The README's route table and the application's routes stay in step.

Every route of the OpenAPI document is a row of the table under "## HTTP API" in README.md,
and every route the table names exists in the app (routes kept out of the OpenAPI, such as
``/docs``, may be listed too). A row's first cell names its routes as code spans, each
``METHOD /path`` with the path exactly as the app declares it (``{id}`` parameters included).
"""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.routing import APIRoute
from starlette.routing import Route

from api.main import create_app

README = Path(__file__).resolve().parents[2] / "README.md"
_SPAN = re.compile(r"`([A-Z]+) (/[^`\s]*)`")


def readme_routes(text: str) -> set[tuple[str, str]]:
    section = text.split("\n## HTTP API", 1)[1].split("\n## ", 1)[0]
    routes: set[tuple[str, str]] = set()
    for line in section.splitlines():
        if line.startswith("|") and not line.startswith("|---"):
            first_cell = line.split("|")[1]
            routes |= {(m, p) for m, p in _SPAN.findall(first_cell)}
    return routes


def app_routes(make_settings) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    app = create_app(make_settings())
    documented, other = set(), set()
    for route in app.routes:
        if not isinstance(route, Route):
            continue
        methods = (route.methods or set()) - {"HEAD", "OPTIONS"}
        target = documented if isinstance(route, APIRoute) and route.include_in_schema else other
        target |= {(m, route.path) for m in methods}
    return documented, other


def test_every_documented_route_is_in_the_readme_table(make_settings):
    documented, _ = app_routes(make_settings)
    missing = documented - readme_routes(README.read_text(encoding="utf-8"))
    assert not missing, f"routes missing from README's route table: {sorted(missing)}"


def test_every_route_of_the_readme_table_exists(make_settings):
    documented, other = app_routes(make_settings)
    unknown = readme_routes(README.read_text(encoding="utf-8")) - documented - other
    assert not unknown, f"README's route table names routes the app does not have: {sorted(unknown)}"


def test_the_table_parser_reads_code_spans_of_the_first_cell_only():
    text = ("# x\n## HTTP API\n| route | who |\n|---|---|\n"
            "| `GET /a/{id}`, `POST /a` | `GET /not-a-route` |\n## Next\n| `GET /b` |\n")
    assert readme_routes(text) == {("GET", "/a/{id}"), ("POST", "/a")}


def test_issue_24_docs_api_names_every_game_of_the_jogadas_filter():
    """docs/api.md's `game` filter of a player's jogadas names every built-in game (it named
    semdescarte and bingo only), and says what `limit` counts on GET /jogadas."""
    from infra.games import load_games

    text = (README.parent / "docs" / "api.md").read_text(encoding="utf-8")
    row = next(line for line in text.splitlines()
               if line.startswith("| `GET /players/{player_id}/jogadas`"))
    missing = [name for name in load_games().names() if f"`{name}`" not in row]
    assert not missing, f"docs/api.md's game filter misses {missing}"
    staff = next(line for line in text.splitlines() if line.startswith("| `GET /jogadas` |"))
    assert "counts items, not jogadas" in staff
