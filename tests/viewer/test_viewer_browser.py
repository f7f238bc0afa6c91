"""The replay viewer (``GET /viewer``) in a real browser against a real ``ledger serve``: Debian's
headless chromium driven through its chromedriver (selenium), on the test backend's database.

One server for the module plays a real jogada of each game — póquer sem descarte (a forced deck,
certification mode), bingo 30 (the room's own clock: sale, one ball a second, the bingo) and the
coin toss defined under tests/cointoss/ (``LEDGER_GAMES``) — and each test opens the page in a
fresh browser profile. Stepping through every play step with Next, the page must show no error
and draw exactly the cards, balls and marks of the step (a card missing fails), each player by
its label with its name beside it, with the money, the RNG check and the adjudication verified;
the bookkeeping steps (session lines, debits, credits) are listed apart, collapsed, each with
the play step it follows (issue 24). A screenshot of every step is saved under
``test-artifacts/viewer/<backend>/<game>/`` (gitignored) for a person to look at.

The key typed on the page goes only into the ``Authorization`` header: never into the URL, no
form exists to submit it; a wrong key shows the 401 in the page's error element, a player's key
the 403 (903-B 6.3.4(2); GLI-19 §4.14, game recall)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from domain.audit import merkle
from tests.conftest import fresh_database
from tests.process.conftest import OPERATOR, OPERATOR_KEY, Server, servers
from tests.viewer.browser import NEEDS_BROWSER, ROOT, wait_until
from tests.viewer.play import (bearer, bingo_30_served, cointoss_served, holdem_before_serving,
                               individual_sem_descarte, ok)
from tests.viewer.viewer_checks import (assert_bookkeeping_apart, assert_players_in_summary,
                                        go_to_a_play_step_from_the_bookkeeping, names_of,
                                        play_steps, unnamed)

ARTIFACTS = ROOT / "test-artifacts" / "viewer"

pytestmark = NEEDS_BROWSER

# What the page drew in the step shown, read in one call: each scene item's kind and label,
# the cards face up and face down, a bingo card's numbers and marked cells, the balls.
PROBE = """
const items = Array.from(document.querySelectorAll('#scene > .item')).map((node) => ({
  kind: node.classList.contains('cards') ? 'cards' : node.classList.contains('grid') ? 'grid'
      : node.classList.contains('balls-item') ? 'balls' : node.classList.contains('prizes')
      ? 'prizes' : node.classList.contains('money') ? 'money'
      : node.classList.contains('facts-item') ? 'facts' : 'text',
  label: (node.querySelector('h3') || {}).textContent || null,
  cards: Array.from(node.querySelectorAll('.card[data-card]'), (c) => c.dataset.card),
  red: Array.from(node.querySelectorAll('.card.red'), (c) => c.dataset.card),
  hidden: node.querySelectorAll('.card.back').length,
  rows: Array.from(node.querySelectorAll('table.bingo-card tr'), (tr) =>
    Array.from(tr.querySelectorAll('td'), (td) =>
      td.dataset.number === undefined ? null : Number(td.dataset.number))),
  marked: Array.from(node.querySelectorAll('td.marked'), (td) => Number(td.dataset.number)),
  balls: Array.from(node.querySelectorAll('.ball'), (b) => Number(b.dataset.number)),
  rowsShown: node.querySelectorAll('tbody tr').length,
  facts: Array.from(node.querySelectorAll('dt'), (dt) => [dt.textContent,
                                                          dt.nextElementSibling.textContent]),
}));
const error = document.getElementById('error');
return {position: document.getElementById('position').textContent,
        title: document.getElementById('step-title').textContent,
        meta: document.getElementById('step-meta').textContent,
        ruleTooltip: (document.querySelector('#step-meta .rule') || {}).title || null,
        error: error.hidden ? '' : error.textContent, items: items};
"""


@dataclass
class Served:
    server: Server
    jogadas: dict[str, dict[str, Any]]
    auditor_key: str
    player_key: str

    @property
    def url(self) -> str:
        return self.server.url

    def steps(self, game: str) -> dict[str, Any]:
        with self.server.client() as client:
            return ok(client.get(f"/jogadas/{self.jogadas[game]['jogada_id']}/steps",
                                 headers=bearer(self.auditor_key)))


@pytest.fixture(scope="module")
def served(backend: str, tmp_path_factory) -> Iterator[Served]:
    directory = tmp_path_factory.mktemp("viewer")
    with fresh_database(backend, directory) as url, servers(url, directory) as make:
        holdem = holdem_before_serving(url, OPERATOR_KEY)
        srv = make(LEDGER_CERTIFICATION_MODE="1", LEDGER_GAMES="tests.cointoss.game",
                   PYTHONPATH=str(ROOT), LEDGER_COINTOSS_TICK_INTERVAL="0.1",
                   LEDGER_HOLDEM_TICK_INTERVAL="0", LEDGER_OMAHA_TICK_INTERVAL="0")
        with srv.client() as client:
            jogadas = {"holdem": holdem,
                       "semdescarte": individual_sem_descarte(client, OPERATOR),
                       "bingo": bingo_30_served(client, OPERATOR),
                       "cointoss": cointoss_served(client, OPERATOR)}
            auditor = ok(client.post("/staff", headers=OPERATOR, json={
                "role": "auditor", "display_name": "Auditora"}), 201)
        srv.wait_caught_up()
        player_key = jogadas["semdescarte"]["player_headers"]["Authorization"].split(" ", 1)[1]
        yield Served(srv, jogadas, auditor["api_key"], player_key)


def wait_for(driver, check, what: str) -> Any:
    return wait_until(driver, check, what, lambda d: d.execute_script(PROBE))


def open_viewer(driver, base: str, key: str, jogada_id: str) -> None:
    """Open the page, type the key and the jogada id, press Load; wait for the first step or
    for an error."""
    from selenium.webdriver.common.by import By

    driver.get(f"{base}/viewer")
    driver.find_element(By.ID, "key").send_keys(key)
    driver.find_element(By.ID, "jogada").send_keys(jogada_id)
    driver.find_element(By.ID, "load-button").click()
    wait_for(driver, lambda d: d.execute_script(
        "return !document.getElementById('viewer').hidden"
        " || !document.getElementById('error').hidden"), "the jogada or an error")


def shown_position(driver) -> str:
    return driver.execute_script("return document.getElementById('position').textContent")


def expected_items(step: dict[str, Any]) -> list[tuple]:
    """The step's scene as the page must draw it: per item its kind, label (grids: without the
    won badges), cards face up, cards face down, a grid's rows and marks, the balls."""
    out = []
    for item in step["scene"]:
        kind = item["kind"]
        out.append((kind, item.get("cards", []), item.get("hidden", 0),
                    item.get("rows", []) if kind == "grid" else [],
                    item.get("marked", []), item.get("numbers", [])))
    return out


def drawn_items(probe: dict[str, Any]) -> list[tuple]:
    return [(i["kind"], i["cards"], i["hidden"], i["rows"] if i["kind"] == "grid" else [],
             i["marked"], i["balls"]) for i in probe["items"]]


def step_through(driver, served: Served, game: str, key: str | None = None) -> tuple[dict, list]:
    """Load the game's jogada, then press Next through every play step, saving a screenshot
    of each; every step must show what its JSON holds, and no error; the bookkeeping steps
    are listed apart. Returns the steps JSON and the page's probe of each play step."""
    from selenium.webdriver.common.by import By

    shown = served.steps(game)
    play, names = play_steps(shown), names_of(shown)
    total = len(play)
    directory = ARTIFACTS / os.environ.get("LEDGER_TEST_BACKEND", "sqlite") / game
    shutil.rmtree(directory, ignore_errors=True)
    directory.mkdir(parents=True)
    open_viewer(driver, served.url, key or served.auditor_key, served.jogadas[game]["jogada_id"])
    probes = []
    for index, step in enumerate(play):
        if index:
            driver.find_element(By.ID, "next").click()
        wait_for(driver, lambda d: shown_position(d) == f"Step {index + 1} of {total}",
                 f"step {index + 1} of {game}")
        probe = driver.execute_script(PROBE)
        driver.save_screenshot(str(directory / f"step-{index + 1:03d}.png"))
        assert probe["error"] == "", (index, probe["error"])
        assert probe["title"] == step["title"]
        assert drawn_items(probe) == expected_items(step), (game, index + 1, step["title"])
        for item, drawn in zip(step["scene"], probe["items"]):
            if item["kind"] == "cards":  # hearts and diamonds are red
                assert drawn["red"] == [c for c in item["cards"] if c[1] in "hd"]
            if item["kind"] in ("money", "prizes"):
                assert drawn["rowsShown"] == len(item.get("movements", item.get("items", [])))
            if item["kind"] == "facts":  # a row of a player: its label and its name
                assert [k for k, _ in drawn["facts"]] == [names.get(k, k) for k, _ in item["rows"]]
                assert all(v for _, v in drawn["facts"])
        assert f"#{step['event']['notification_id']} {step['event']['topic']}" in probe["meta"]
        assert step["rule"] is None or step["rule"] in probe["meta"]
        # the rule's title (the rule catalogues'), as the rule's tooltip and on the row under it
        assert probe["ruleTooltip"] == step["rule_title"]
        assert step["rule_title"] is None or step["rule_title"] in probe["meta"]
        probes.append(probe)
    assert driver.find_element(By.ID, "next").get_attribute("disabled") is not None
    assert_bookkeeping_apart(driver, shown)
    assert_checks_shown(driver, shown)
    return shown, probes


def assert_checks_shown(driver, shown: dict[str, Any]) -> None:
    """The money table, the RNG check and the adjudication are drawn and verified; the integrity
    proof is either drawn and re-verified in the browser, or "not available yet" (this branch has
    no GET /jogadas/{id}/proof: 404; before a checkpoint covers the jogada: 409)."""
    checks = driver.execute_script("""
      const proof = document.getElementById('proof');
      return {rng: document.getElementById('rng').dataset.verified,
              agrees: document.getElementById('adjudication').dataset.agrees,
              money: Number(document.getElementById('money').dataset.count),
              moneyRows: document.querySelectorAll('#money tbody tr').length,
              proof: proof.dataset.status, proofText: proof.textContent,
              browser: (document.getElementById('proof-browser') || {dataset: {}}).dataset.verified};
    """)
    if checks["proof"] == "loading":
        wait_for(driver, lambda d: d.execute_script(
            "return document.getElementById('proof').dataset.status") != "loading", "the proof")
        return assert_checks_shown(driver, shown)
    assert (checks["rng"], checks["agrees"]) == ("true", "true"), checks
    assert checks["money"] == checks["moneyRows"] == len(shown["money"]) > 0
    assert checks["proof"] in ("unavailable", "present"), checks
    if checks["proof"] == "unavailable":
        assert checks["proofText"].startswith("Not available yet")
    else:
        wait_for(driver, lambda d: d.execute_script(
            "return document.getElementById('proof-browser').dataset.verified") == "true",
            "the inclusion proofs re-verified in the browser")


def test_903b_6_3_4_2_sd_19_24_a_sem_descarte_jogada_is_drawn_card_by_card(served, browser):
    shown, probes = step_through(browser, served, "semdescarte")
    played = served.jogadas["semdescarte"]
    names = [s["event"]["name"] for s in play_steps(shown)]
    dealt = probes[names.index("CardsDealt")]
    cards = {unnamed(i["label"]): (i["cards"], i["hidden"]) for i in dealt["items"]
             if i["kind"] == "cards"}
    assert cards == {"Burned card": ([played["burned"]], 0), "Seat 1": (played["hands"]["1"], 0),
                     "Bank": ([played["bank"][-1]], 4)}  # rule 19c: one card open
    assert [i["label"] for i in dealt["items"] if i["kind"] == "cards"][1] == "Seat 1 · Ana"
    final = {unnamed(i["label"]): (i["cards"], i["hidden"]) for i in probes[-1]["items"]
             if i["kind"] == "cards"}
    assert final["Bank"] == (played["bank"], 0) and final["Seat 1"] == (played["hands"]["1"], 0)


def test_903b_6_3_4_2_bingo_2h_a_bingo_jogada_marks_on_each_card_the_balls_drawn(served, browser):
    shown, probes = step_through(browser, served, "bingo")
    cards = served.jogadas["bingo"]["cards"]  # as the purchases answered them
    ball_steps = [p for p, s in zip(probes, play_steps(shown)) if s["event"]["name"] == "BallDrawn"]
    assert ball_steps, "no ball drawn"
    for k, probe in enumerate(ball_steps, start=1):
        [balls] = [i["balls"] for i in probe["items"] if i["kind"] == "balls"]
        assert len(balls) == k
        grids = [i for i in probe["items"] if i["kind"] == "grid"]
        assert len(grids) == len(cards)
        for grid in grids:
            number = int(grid["label"].split(" · ")[0].removeprefix("Card "))
            assert grid["rows"] == cards[number]
            on_card = [n for row in cards[number] for n in row if n is not None]
            assert sorted(grid["marked"]) == sorted(set(on_card) & set(balls))
    bingo = [s for s in shown["steps"] if s["event"]["name"] == "PrizeWon"
             and s["title"].startswith("Bingo")]
    assert len(bingo) == 1
    # Issue 24: the cards' owners by label and name, the summary by name, label and net.
    names = names_of(shown)
    assert all(any(g["label"].split(" · ", 1)[1].startswith(n) for n in names.values())
               for g in grids)  # (the h3 holds the won badges too)
    with served.server.client() as client:
        summary = ok(client.get(f"/jogadas/{served.jogadas['bingo']['jogada_id']}",
                                headers=bearer(served.auditor_key)))
    assert_players_in_summary(browser, shown, summary)
    go_to_a_play_step_from_the_bookkeeping(browser, shown)


def test_903b_6_3_4_2_he_49_59_a_hold_em_jogada_shows_the_hole_cards_face_down_until_the_showdown(
        served, browser):
    shown, probes = step_through(browser, served, "holdem")
    played = served.jogadas["holdem"]
    names = [s["event"]["name"] for s in play_steps(shown)]
    showdown = names.index("HandsShown")
    for index in range(names.index("HoleCardsDealt"), showdown):  # rules 49, 59: face down
        seats = [i for i in probes[index]["items"]
                 if i["kind"] == "cards" and i["label"].startswith("Seat ")]
        assert [(i["cards"], i["hidden"]) for i in seats] == [([], 2)] * 3
    drawn = {unnamed(i["label"]): i["cards"] for i in probes[showdown]["items"]
             if i["kind"] == "cards"}
    assert (drawn["Seat 1"], drawn["Seat 2"], drawn["Board"]) == (
        played["hole"]["1"], played["hole"]["2"], played["board"])


def test_903b_6_3_4_2_a_game_defined_under_tests_is_drawn_through_the_game_seam(served, browser):
    shown, probes = step_through(browser, served, "cointoss")
    assert any("The coin is tossed" == s["title"] for s in shown["steps"])


def test_the_key_never_reaches_a_url_and_the_page_fetches_only_from_the_service(served,
                                                                                browser):
    """903-B 7.4 (credentials kept secret): the key is typed, sent as a header, and kept out of
    the address, the history and every request's URL; the arrows of the keyboard step; a link
    to a step (``#jogada=…&step=3``) opens it with the key of this tab."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    key = served.auditor_key
    jogada_id = served.jogadas["semdescarte"]["jogada_id"]
    open_viewer(browser, served.url, key, jogada_id)
    total = len(play_steps(served.steps("semdescarte")))
    assert shown_position(browser) == f"Step 1 of {total}"
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    body.send_keys(Keys.ARROW_RIGHT)
    wait_for(browser, lambda d: shown_position(d) == f"Step 3 of {total}", "step 3")
    body.send_keys(Keys.ARROW_LEFT)
    wait_for(browser, lambda d: shown_position(d) == f"Step 2 of {total}", "step 2")
    url = browser.current_url
    assert key not in url and "step=2" in url and "jogada=" in url
    page = browser.execute_script("""
      return {forms: document.forms.length, history: history.length,
              keyType: document.getElementById('key').type,
              resources: performance.getEntriesByType('resource').map((r) => r.name)};
    """)
    assert page["forms"] == 0 and page["keyType"] == "password"
    assert page["resources"] and all(r.startswith(served.url + "/") for r in page["resources"])
    assert not [r for r in page["resources"] if key in r]

    browser.get(f"{served.url}/viewer#jogada={jogada_id}&step=3")
    browser.refresh()
    wait_for(browser, lambda d: shown_position(d) == f"Step 3 of {total}", "the linked step")
    assert key not in browser.current_url
    browser.find_element(By.ID, "forget-key").click()
    assert browser.execute_script("return sessionStorage.length") == 0


@pytest.mark.parametrize("who, status, message", [
    ("wrong", 401, "the API key is not valid"),
    ("player", 403, "role player may not do this"),
])
def test_a_refused_key_is_shown_in_the_error_element(served, browser, who, status, message):
    key = "lk_not-a-key" if who == "wrong" else served.player_key
    open_viewer(browser, served.url, key, served.jogadas["semdescarte"]["jogada_id"])
    shown = browser.execute_script(
        "const e = document.getElementById('error');"
        " return {hidden: e.hidden, text: e.textContent,"
        " viewer: document.getElementById('viewer').hidden};")
    assert shown["hidden"] is False and shown["viewer"] is True
    assert shown["text"].startswith(str(status)) and message in shown["text"], shown
    assert key not in browser.current_url


def test_rfc_9162_inclusion_proofs_are_verified_again_in_the_browser(served, browser):
    """The page's own check of an integrity proof (RFC 9162 §2.1.3.2, with the browser's
    SHA-256) against the reference tree of domain/audit/merkle.py: every leaf of every tree up to 9
    leaves is proven, and a proof altered or for another leaf is refused. A proof in the shape
    GET /jogadas/{id}/proof answers is drawn with each event re-verified."""
    browser.get(f"{served.url}/viewer")
    cases = []
    for size in range(1, 10):
        leaves = [merkle.leaf_hash(f"event {i}".encode()) for i in range(size)]
        root = merkle.root(leaves).hex()
        for index in range(size):
            path = [p.hex() for p in merkle.inclusion_proof(index, leaves)]
            cases.append([leaves[index].hex(), index, size, path, root, True])
            if path:
                bad = [path[0][:-1] + ("0" if path[0][-1] != "0" else "1"), *path[1:]]
                cases.append([leaves[index].hex(), index, size, bad, root, False])
            if size > 1:
                cases.append([leaves[(index + 1) % size].hex(), index, size, path, root, False])
    results = browser.execute_async_script("""
      const [cases, done] = arguments;
      Promise.all(cases.map(([leaf, index, size, path, root]) =>
        window.LedgerViewer.verifyInclusion(leaf, index, size, path, root)))
        .then(done, (error) => done(String(error)));
    """, cases)
    assert results == [case[5] for case in cases]

    leaves = [merkle.leaf_hash(f"event {i}".encode()) for i in range(6)]
    proof = {"jogada_id": "x:1", "verified": True,
             "checkpoint": {"sequence": 3, "tree_size": 6, "root": merkle.root(leaves).hex(),
                            "chain": "00" * 32, "sealed_at": "2026-01-05T12:00:00+00:00",
                            "key_id": "ab" * 8, "signature": "c2lnbmF0dXJl", "note": "test"},
             "public_key": {"key_id": "ab" * 8, "algorithm": "ed25519",
                            "public_key": "cd" * 32},
             "events": [{"notification_id": 10 + i, "leaf_index": i,
                         "leaf_hash": leaves[i].hex(),
                         "proof": [p.hex() for p in merkle.inclusion_proof(i, leaves)]}
                        for i in (1, 4)]}
    browser.execute_script("document.getElementById('viewer').hidden = false;"
                           " window.LedgerViewer.renderProof(arguments[0]);", proof)
    wait_for(browser, lambda d: d.execute_script(
        "return document.getElementById('proof-browser').dataset.verified") == "true",
        "the proof re-verified")
    cells = browser.execute_script("return Array.from(document.querySelectorAll("
                                   "'#proof [data-notification]'), (c) => c.dataset.verified)")
    assert cells == ["true", "true"]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / "proof-rendered.png"))
