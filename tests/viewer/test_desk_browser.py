"""The complaint desk (``GET /viewer/complaints``; issue 16) in a real browser against a real
``ledger serve``: Debian's headless chromium driven through its chromedriver (selenium), on
the test backend's database.

One server for the module. Before it starts, a case is opened through the ledger itself at a
clock thirty days back (an account complaint nobody acknowledged: overdue); then, over HTTP,
Ana plays a póquer sem descarte jogada (forced deck, certification mode), two complaint
handlers are registered and one opens Ana's complaint about that jogada from the complaints
book. Each test opens the page in a fresh browser profile and types a handler's key.

A handler's day, click by click: the queue shows the overdue case first and marked; the
jogada case opens with the jogada's cards drawn by the replay viewer's own drawing; it is
acknowledged, noted (internal and for the player), given an evidence pack (its JSON
and PDF fetched and hashed again in the browser against the recorded SHA-256) and one shown
to the player (both copies, each against its own recorded SHA-256), proposed with a compensation in euros
above the four-eyes amount, refused to its proposer (the API's message, field and rule shown),
approved with the second handler's key, paid once although the first answer is lost and the
button is double-clicked (one idempotency key, kept until an answer arrives), resolved (the
letter, Portuguese and English), closed; the record is checked over HTTP at each step. The
page offers only what the case's state allows (domain/complaints/case.py ``ALLOWED``).
Screenshots under ``test-artifacts/complaints/<backend>/`` (gitignored).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any
from urllib.parse import quote

import pytest

from domain.complaints.case import ALLOWED, STATES
from tests.conftest import fresh_database
from tests.process.conftest import OPERATOR, OPERATOR_KEY, Server, servers
from tests.viewer.browser import NEEDS_BROWSER, ROOT, artifacts, wait_until
from tests.viewer.play import bearer, individual_sem_descarte, ok

pytestmark = NEEDS_BROWSER

# What the desk shows, read in one call.
PROBE = """
const text = (id) => (document.getElementById(id) || {}).textContent || '';
const error = document.getElementById('error');
const caseBox = document.getElementById('case');
return {
  error: error.hidden ? '' : error.textContent, status: text('status'),
  queue: Array.from(document.querySelectorAll('#queue-list tr[data-case-id]'), (tr) => ({
    case_id: tr.dataset.caseId, state: tr.dataset.state, overdue: tr.dataset.overdue === 'true',
    marked: tr.querySelector('.badge.overdue') !== null,
    reference: tr.querySelector('a.case-link').textContent})),
  caseShown: !caseBox.hidden, caseId: caseBox.dataset.caseId || null,
  state: (document.getElementById('case-state') || {dataset: {}}).dataset.state || null,
  actions: Array.from(document.querySelectorAll('#actions .action'), (a) => a.dataset.action),
  formErrors: Object.fromEntries(Array.from(document.querySelectorAll('#actions .form-error'),
    (e) => [e.id.replace('error-', ''), e.hidden ? '' : e.textContent])),
  invalid: Array.from(document.querySelectorAll('#actions [aria-invalid="true"]'),
    (n) => n.dataset.field),
  timeline: Array.from(document.querySelectorAll('#timeline > li'), (li) => ({
    kind: li.dataset.kind, internal: li.classList.contains('internal'),
    badge: (li.querySelector('.badge') || {}).textContent || '',
    actor: (li.querySelector('.actor') || {}).textContent || '',
    actorId: (li.querySelector('.actor .who') || {}).title || '',
    text: (li.querySelector('.detail-text') || {}).textContent || ''})),
  decision: (document.getElementById('decision') || {dataset: {}}).dataset.state || null,
  decisionText: text('decision'),
  lettersSent: Array.from(document.querySelectorAll('#letters-sent .letter-status'), (n) => ({
    letter: n.dataset.letter, available: n.dataset.available === 'true',
    sent: Number(n.dataset.sent), text: n.textContent})),
  letter: document.getElementById('letter').hidden ? null : {
    language: document.getElementById('letter-text').dataset.language || null,
    status: document.getElementById('letter-text').dataset.status || null,
    text: text('letter-text')},
};
"""


@dataclass
class Desk:
    server: Server
    jogada: dict[str, Any]
    jogada_case: str
    old_case: str
    srij_case: str
    handlers: dict[str, dict[str, str]]  # name -> {"staff_id", "api_key"}

    @property
    def url(self) -> str:
        return self.server.url

    def key(self, name: str) -> str:
        return self.handlers[name]["api_key"]

    def actor(self, name: str) -> str:
        return f"staff:{self.handlers[name]['staff_id']}"

    def get(self, path: str) -> Any:
        with self.server.client() as client:
            return ok(client.get(path, headers=OPERATOR))


def open_old_case(url: str) -> str:
    """An account complaint opened through the ledger itself thirty days ago, never
    acknowledged: overdue by now."""
    from domain.complaints import commands as cc
    from infra.runtime.clock import ManualClock
    from infra.container import build_ledger
    from infra.games import BUILTIN
    from infra.runtime.settings import Settings

    settings = Settings(database_url=url, bootstrap_operator_key=OPERATOR_KEY,
                        inactivity_sweep_interval=0.0,
                        **{f"{game.name}_tick_interval": 0.0 for game in BUILTIN})
    ledger = build_ledger(settings, clock=ManualClock(datetime.now(timezone.utc)
                                                      - timedelta(days=30)))
    try:
        player_id, _ = ledger.register_player(display_name="Rui", actor="system")
        return ledger.run(cc.OpenCase(
            player_id=str(player_id), case_type="account", channel="operator",
            subject="Saldo em falta", description="O saldo não bate certo",
            idempotency_key="old-1", actor=f"player:{player_id}"))["case_id"]
    finally:
        ledger.close()


@pytest.fixture(scope="module")
def desk(backend: str, tmp_path_factory) -> Iterator[Desk]:
    directory = tmp_path_factory.mktemp("desk")
    with fresh_database(backend, directory) as url, servers(url, directory) as make:
        old_case = open_old_case(url)
        srv = make(LEDGER_CERTIFICATION_MODE="1")
        with srv.client() as client:
            jogada = individual_sem_descarte(client, OPERATOR)
            handlers = {name: ok(client.post("/staff", headers=OPERATOR, json={
                "role": "complaint_handler", "display_name": name}), 201)
                for name in ("Carla", "Duarte")}
            case = ok(client.post("/complaints", headers=bearer(handlers["Carla"]["api_key"]),
                                  json={"player_id": jogada["player_id"], "case_type": "jogada",
                                        "channel": "complaints_book",
                                        "external_reference": "LR-2026-000123",
                                        "subject": "A mão da banca",
                                        "description": "A banca não devia ter qualificado",
                                        "jogada_ids": [jogada["jogada_id"]],
                                        "idempotency_key": "lr-123"}), 201)
            srij = ok(client.post("/complaints", headers=bearer(handlers["Duarte"]["api_key"]),
                                  json={"player_id": jogada["player_id"], "case_type": "account",
                                        "channel": "srij", "external_reference": "SRIJ-77",
                                        "subject": "Limites de depósito",
                                        "description": "O limite não foi aplicado",
                                        "idempotency_key": "srij-77"}), 201)
        srv.wait_caught_up()
        yield Desk(srv, jogada, case["case_id"], old_case, srij["case_id"], handlers)


def shot(driver, path, element_id: str | None = None) -> None:
    """A screenshot of the window, scrolled to ``element_id`` first."""
    if element_id:
        driver.execute_script("document.getElementById(arguments[0]).scrollIntoView()",
                              element_id)
    driver.save_screenshot(str(path))


def probe(driver) -> dict[str, Any]:
    return driver.execute_script(PROBE)


def wait_for(driver, check, what: str) -> Any:
    return wait_until(driver, check, what, probe)


def open_desk(driver, desk: Desk, key: str) -> dict[str, Any]:
    from selenium.webdriver.common.by import By

    driver.get(f"{desk.url}/viewer/complaints")
    driver.find_element(By.ID, "key").send_keys(key)
    driver.find_element(By.ID, "load-button").click()
    return wait_for(driver, lambda d: (lambda p: p if p["queue"] or p["error"] else None)(
        probe(d)), "the queue or an error")


def open_case(driver, case_id: str) -> dict[str, Any]:
    from selenium.webdriver.common.by import By

    driver.find_element(By.CSS_SELECTOR, f'#queue-list tr[data-case-id="{case_id}"] td:last-child'
                        ).click()  # the row, not its link: the whole row opens the case
    return wait_for(driver, lambda d: (lambda p: p if p["caseShown"] and p["actions"]
                                       and p["caseId"] == case_id else None)(probe(d)),
                    f"case {case_id}")


def type_into(driver, element_id: str, text: str) -> None:
    from selenium.webdriver.common.by import By

    field = driver.find_element(By.ID, element_id)
    field.clear()
    field.send_keys(text)


def choose(driver, element_id: str, value: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element(By.ID, element_id)).select_by_value(value)


def act(driver, action: str, until_state: str | None = None) -> dict[str, Any]:
    """Press the action's button; wait for the case to reach ``until_state`` (or, without one,
    for the action's error)."""
    from selenium.webdriver.common.by import By

    before = len(probe(driver)["timeline"])
    driver.find_element(By.ID, f"do-{action}").click()
    if until_state is None:
        return wait_for(driver, lambda d: (lambda p: p if p["formErrors"].get(action)
                                           else None)(probe(d)), f"the error of {action}")
    return wait_for(driver, lambda d: (lambda p: p if p["state"] == until_state
                                       and len(p["timeline"]) > before
                                       and not d.execute_script(
                                           "return document.querySelector('[data-busy]')")
                                       else None)(probe(d)), f"{action}: {until_state}")


def set_key(driver, key: str) -> None:
    type_into(driver, "key", key)


def expected_offer(state: str, compensation_due: bool = False,
                   letters: bool = False) -> list[str]:
    """What the page offers in ``state``: ALLOWED's actions in the page's order, pay only while
    the approved decision's compensation is unpaid, resolve only once it is paid, recording a
    letter as sent only once the case has a letter (issue 25: ``letters``)."""
    order = ["acknowledge", "assign", "note", "request_information", "provide_information",
             "evidence", "propose", "approve", "decline", "pay", "resolve", "escalate", "close",
             "reopen", "send_letter"]
    offer = [a for a in order if state in ALLOWED[a]]
    if state == "decision_approved":
        offer.remove("resolve" if compensation_due else "pay")
    if not letters:
        offer.remove("send_letter")
    return offer


def recorded_reference(desk: Desk, case_id: str) -> str:
    return desk.get(f"/complaints/{case_id}")["reference"]


def balance(desk: Desk, player_id: str) -> int:
    return desk.get(f"/players/{player_id}/balance")["balance_cents"]


def test_issue_16_a_handler_works_a_jogada_complaint_from_the_queue_to_closing(desk, browser):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    shots = artifacts("complaints")
    carla, duarte = desk.key("Carla"), desk.key("Duarte")
    cid = desk.jogada_case
    player = desk.jogada["player_id"]

    # The queue: the overdue case first and marked, then Ana's.
    shown = open_desk(browser, desk, carla)
    assert shown["error"] == ""
    queue = shown["queue"]
    assert [r["case_id"] for r in queue][0] == desk.old_case and cid in [
        r["case_id"] for r in queue]
    assert queue[0]["overdue"] and queue[0]["marked"]
    assert not any(r["overdue"] or r["marked"] for r in queue[1:])
    assert "1 overdue" in browser.find_element(By.ID, "queue-counts").text
    browser.save_screenshot(str(shots / "01-queue.png"))

    # The case: its header, its timeline, the jogada drawn as the replay viewer draws it.
    shown = open_case(browser, cid)
    assert shown["state"] == "open" and shown["actions"] == expected_offer("open")
    assert "#case=" in browser.current_url and carla not in browser.current_url
    steps = ok(desk.server.client().get(f"/jogadas/{desk.jogada['jogada_id']}/steps",
                                        headers=bearer(carla)))["steps"]
    last = steps[-1]
    wait_for(browser, lambda d: d.execute_script(
        "return (document.querySelector('.jogada') || {dataset: {}}).dataset.status")
        == "loaded", "the jogada")
    drawn = browser.execute_script("""
      return Array.from(document.querySelectorAll('.jogada .scene > .item.cards'), (n) => ({
        label: n.querySelector('h3').textContent,
        cards: Array.from(n.querySelectorAll('.card[data-card]'), (c) => c.dataset.card),
        red: Array.from(n.querySelectorAll('.card.red'), (c) => c.dataset.card),
        hidden: n.querySelectorAll('.card.back').length}));""")
    expected = [{"label": i["label"], "cards": i["cards"], "hidden": i.get("hidden", 0),
                 "red": [c for c in i["cards"] if c[1] in "hd"]}
                for i in last["scene"] if i["kind"] == "cards"]
    assert drawn == expected and drawn
    cards = {d["label"]: d["cards"] for d in drawn}
    assert cards["Seat 1"] == desk.jogada["hands"]["1"] and cards["Bank"] == desk.jogada["bank"]
    position = browser.find_element(By.CSS_SELECTOR, ".jogada .position").text
    assert position == f"Step {len(steps)} of {len(steps)}"
    browser.find_element(By.CSS_SELECTOR, ".jogada .step-first").click()
    assert browser.find_element(By.CSS_SELECTOR, ".jogada .position").text \
        == f"Step 1 of {len(steps)}"
    browser.find_element(By.CSS_SELECTOR, ".jogada .step-last").click()
    header = browser.find_element(By.ID, "case-header").text
    for fact in ("complaints book (LR-2026-000123)", "A mão da banca", "Ana",
                 desk.jogada["jogada_id"], "nobody yet"):
        assert fact in header, fact
    named = browser.find_element(By.CSS_SELECTOR, "#case-header .who.named")  # issue 25
    assert (named.text, named.get_attribute("title")) == ("Ana", player)
    assert player not in header  # the id on hover only
    assert [e["kind"] for e in shown["timeline"]] == ["opened"]
    assert (shown["timeline"][0]["actor"], shown["timeline"][0]["actorId"]) == (
        "Carla", desk.actor("Carla"))
    shot(browser, shots / "02-case-open.png", "case")

    # Acknowledge, then a note for the handlers only and one the player sees.
    type_into(browser, "acknowledge-message", "Recebemos a sua reclamação.")
    shown = act(browser, "acknowledge", "investigating")
    assert shown["actions"] == expected_offer("investigating", letters=True)
    type_into(browser, "note-text", "Ver a gravação da mesa")
    act(browser, "note", "investigating")
    type_into(browser, "note-text", "Estamos a analisar a jogada")
    browser.find_element(By.ID, "note-visible_to_player").click()
    shown = act(browser, "note", "investigating")
    notes = [e for e in shown["timeline"] if e["kind"] == "note_added"]
    assert [(n["text"], n["internal"], n["badge"]) for n in notes] == [
        ("Ver a gravação da mesa", True, "internal"),
        ("Estamos a analisar a jogada", False, "seen by the player")]
    assert all(e["actorId"] == desk.actor("Carla") and e["actor"] == "Carla"
               for e in shown["timeline"][1:])

    # An evidence pack of the jogada: its JSON and PDF fetched and hashed again in the
    # browser, each the bytes whose SHA-256 the case recorded.
    type_into(browser, "evidence-description", "Pacote da jogada")
    shown = act(browser, "evidence", "investigating")
    [attached] = [e for e in shown["timeline"] if e["kind"] == "evidence_attached"]
    assert attached["internal"] and "pack 1: Pacote da jogada" in attached["text"]
    [recorded] = [e["detail"] for e in desk.get(f"/complaints/{cid}")["timeline"]
                  if e["kind"] == "evidence_attached"]
    for fmt, digest in (("json", recorded["sha256"]), ("pdf", recorded["pdf_sha256"])):
        row = f'.pack[data-number="1"] .pack-row[data-format="{fmt}"]'
        assert browser.find_element(By.CSS_SELECTOR, f"{row} code.recorded").text == digest
        browser.find_element(By.CSS_SELECTOR, f"{row} button").click()
        check = wait_for(browser, lambda d: d.execute_script(
            "const c = document.querySelector(arguments[0]);"
            " return c.dataset.matches ? Object.assign({}, c.dataset) : null;",
            f"{row} .check"), f"the {fmt} pack fetched")
        assert check == {"format": fmt, "copy": "staff", "matches": "true",
                         "serviceMatches": "true", "sha256": digest}, check
        assert browser.find_element(By.CSS_SELECTOR, f"{row} a.download").get_attribute(
            "download") == f"{recorded_reference(desk, cid)}-evidence-1-staff.{fmt}"
    shot(browser, shots / "02b-evidence.png", "evidence")

    # A pack shown to the player has both copies (issue 25): each fetched with its ?copy and
    # hashed against that copy's own recorded SHA-256.
    type_into(browser, "evidence-description", "Pacote mostrado à jogadora")
    browser.find_element(By.ID, "evidence-shown_to_player").click()
    act(browser, "evidence", "investigating")
    [_, twin] = [e["detail"] for e in desk.get(f"/complaints/{cid}")["timeline"]
                 if e["kind"] == "evidence_attached"]
    assert twin["copies"] == ["staff", "player"]
    for copy, fmt, digest in (("player", "json", twin["sha256"]),
                              ("player", "pdf", twin["pdf_sha256"]),
                              ("staff", "json", twin["staff_sha256"]),
                              ("staff", "pdf", twin["staff_pdf_sha256"])):
        row = f'.pack[data-number="2"] .pack-row[data-format="{fmt}"][data-copy="{copy}"]'
        assert browser.find_element(By.CSS_SELECTOR, f"{row} code.recorded").text == digest
        browser.find_element(By.CSS_SELECTOR, f"{row} button").click()
        check = wait_for(browser, lambda d: d.execute_script(
            "const c = document.querySelector(arguments[0]);"
            " return c.dataset.matches ? Object.assign({}, c.dataset) : null;",
            f"{row} .check"), f"the {copy} copy's {fmt} fetched")
        assert check == {"format": fmt, "copy": copy, "matches": "true",
                         "serviceMatches": "true", "sha256": digest}, check

    # Propose 150,00 € (above the four-eyes amount, 100,00 €); a malformed amount first.
    type_into(browser, "propose-reasons", "A banca qualificou por erro do croupier")
    choose(browser, "propose-outcome", "upheld")
    choose(browser, "propose-kind", "payment")
    type_into(browser, "propose-amount", "150 euros")
    browser.find_element(By.ID, "do-propose").click()
    shown = probe(browser)
    assert "Amount in euros" in shown["formErrors"]["propose"]
    assert shown["invalid"] == ["compensation.amount_cents"]
    assert shown["state"] == "investigating"  # nothing was sent
    type_into(browser, "propose-amount", "150,00")
    shown = act(browser, "propose", "decision_proposed")
    assert shown["actions"] == expected_offer("decision_proposed", letters=True)
    assert shown["decision"] == "proposed" and "150,00 €" in shown["decisionText"]
    [proposed] = [e for e in shown["timeline"] if e["kind"] == "decision_proposed"]
    assert proposed["internal"]

    # The proposer may not approve it (four eyes): the API's message, field and rule.
    shown = act(browser, "approve")
    error = shown["formErrors"]["approve"]
    assert error.startswith("403") and "second staff member" in error
    assert "field actor" in error and "rule complaint policy four_eyes_above_cents" in error
    assert shown["invalid"] == [] and shown["state"] == "decision_proposed"
    shot(browser, shots / "03-four-eyes-refused.png", "action-approve")

    # Duarte approves with his key, typed on the page.
    set_key(browser, duarte)
    shown = act(browser, "approve", "decision_approved")
    assert shown["actions"] == expected_offer("decision_approved", compensation_due=True,
                                              letters=True)
    assert desk.get(f"/complaints/{cid}")["state"] == "decision_approved"
    [approved] = [e for e in shown["timeline"] if e["kind"] == "decision_approved"]
    assert (approved["actor"], approved["actorId"]) == ("Duarte", desk.actor("Duarte"))

    # Pay: the first answer is lost on the way back; the retry, double-clicked, sends the
    # same key once more, and the compensation is paid once.
    set_key(browser, carla)
    before = balance(desk, player)
    browser.execute_script("""
      const original = window.fetch;
      window.payKeys = [];
      let lost = false;
      window.fetch = async (url, init) => {
        if (!String(url).endsWith('/compensation')) return original(url, init);
        window.payKeys.push(JSON.parse(init.body).idempotency_key);
        const answer = await original(url, init);
        if (!lost) { lost = true; throw new TypeError('the answer was lost'); }
        return answer;
      };""")
    shown = act(browser, "pay")
    assert shown["formErrors"]["pay"].startswith("Network error")
    desk.server.wait_caught_up()
    assert balance(desk, player) == before + 15_000  # paid, though the page does not know
    ActionChains(browser).double_click(browser.find_element(By.ID, "do-pay")).perform()
    shown = wait_for(browser, lambda d: (lambda p: p if "pay" not in p["actions"]
                                         and not p["formErrors"].get("pay") else None)(
        probe(d)), "the payment's answer")
    keys = browser.execute_script("return window.payKeys")
    assert len(keys) == 2 and keys[0] == keys[1] and keys[0].startswith("desk-pay-")
    desk.server.wait_caught_up()
    assert balance(desk, player) == before + 15_000
    record = desk.get(f"/complaints/{cid}")
    paid = [e for e in record["timeline"] if e["kind"] == "compensation_paid"]
    assert len(paid) == 1 and paid[0]["detail"]["amount_cents"] == 15_000
    assert paid[0]["detail"]["kind"] == "payment"
    assert record["compensation_paid_cents"] == 15_000
    assert shown["actions"] == expected_offer("decision_approved", letters=True)
    shot(browser, shots / "04-paid.png", "case")

    # Resolve: the letter, in Portuguese, then in English.
    shown = act(browser, "resolve", "resolved")
    assert shown["actions"] == expected_offer("resolved", letters=True)
    shown = wait_for(browser, lambda d: (lambda p: p if p["letter"] and p["letter"]["status"]
                                         == "loaded" else None)(probe(d)), "the letter")
    reference = record["reference"]
    assert shown["letter"]["language"] == "pt" and reference in shown["letter"]["text"]
    assert "150,00" in shown["letter"]["text"]
    browser.find_element(By.ID, "letter-en").click()
    shown = wait_for(browser, lambda d: (lambda p: p if p["letter"]["language"] == "en"
                                         and p["letter"]["status"] == "loaded" else None)(
        probe(d)), "the English letter")
    assert reference in shown["letter"]["text"]
    assert shown["letter"]["text"] != ""
    shot(browser, shots / "05-resolved-letter.png", "letter")

    # Close: only reopening is offered; the queue no longer holds the case.
    type_into(browser, "close-note", "Resolvida a favor do jogador")
    shown = act(browser, "close", "closed")
    assert shown["actions"] == ["reopen", "send_letter"]  # a letter leaves after closing
    shown = wait_for(browser, lambda d: (lambda p: p if cid not in [r["case_id"] for r in
                                                                    p["queue"]] else None)(
        probe(d)), "the queue without the closed case")
    record = desk.get(f"/complaints/{cid}")
    assert record["state"] == "closed" and record["outcome"] == "upheld"
    assert [e["kind"] for e in record["timeline"]] == [
        "opened", "acknowledged", "note_added", "note_added", "evidence_attached",
        "evidence_attached", "decision_proposed",
        "decision_approved", "compensation_paid", "resolved", "closed"]
    assert [e["kind"] for e in shown["timeline"]] == [e["kind"] for e in record["timeline"]]

    # The state filter finds it among the closed cases.
    choose(browser, "queue-state", "closed")
    shown = wait_for(browser, lambda d: (lambda p: p if [r["case_id"] for r in p["queue"]]
                                         == [cid] else None)(probe(d)), "the closed cases")
    shot(browser, shots / "06-closed.png", "queue")


def test_issue_16_the_desk_offers_only_what_the_state_allows(desk, browser):
    """The page's state machine is the domain's (domain/complaints/case.py ``ALLOWED``), and
    for the overdue case, still open, no decision, payment, resolution, closing or reopening
    is offered; once the case moved on behind the page's back, what the page still offered
    is refused by the service and the page redraws the case; a filter by state and
    ``overdue only`` find it."""
    from selenium.webdriver.common.by import By

    shots = artifacts("complaints", "offer")
    open_desk(browser, desk, desk.key("Duarte"))
    page = browser.execute_script("return {allowed: window.LedgerDesk.ALLOWED,"
                                  " states: window.LedgerDesk.STATES}")
    assert page["states"] == list(STATES)
    assert {a: sorted(s) for a, s in page["allowed"].items()} == {
        a: sorted(s) for a, s in ALLOWED.items()}
    for state in STATES:
        offered = browser.execute_script(
            "return window.LedgerDesk.offered({state: arguments[0], timeline: []})", state)
        assert offered == expected_offer(state), state

    shown = open_case(browser, desk.old_case)
    assert shown["state"] == "open"
    assert shown["actions"] == ["acknowledge", "assign", "note", "evidence", "escalate"]
    for absent in ("propose", "approve", "decline", "pay", "resolve", "close", "reopen",
                   "request_information", "provide_information"):
        assert not browser.find_elements(By.ID, f"do-{absent}"), absent
    header = browser.find_element(By.ID, "case-header")
    assert header.find_element(By.CSS_SELECTOR, ".badge.overdue").text == "overdue"
    browser.save_screenshot(str(shots / "old-case.png"))

    # Acknowledged behind the page's back: the page's Acknowledge is refused (409, the state)
    # with the API's message, and the page draws what the case allows now.
    with desk.server.client() as client:
        ok(client.post(f"/complaints/{desk.old_case}/acknowledge", json={},
                       headers=bearer(desk.key("Carla"))))
    desk.server.wait_caught_up()
    browser.find_element(By.ID, "do-acknowledge").click()
    shown = wait_for(browser, lambda d: (lambda p: p if p["state"] == "investigating"
                                         else None)(probe(d)), "the case as it is now")
    assert shown["error"].startswith("409") and "acknowledge is possible only when it is" \
        " open" in shown["error"] and "(case_state, field case_id)" in shown["error"]
    assert shown["actions"] == expected_offer("investigating", letters=True)
    wait_for(browser, lambda d: [r["state"] for r in probe(d)["queue"]
                                 if r["case_id"] == desk.old_case] == ["investigating"],
             "the queue as it is now")
    shot(browser, shots / "stale-state.png")

    browser.find_element(By.ID, "queue-overdue").click()
    wait_for(browser, lambda d: [r["case_id"] for r in probe(d)["queue"]] == [desk.old_case],
             "the overdue cases only")
    browser.find_element(By.ID, "queue-overdue").click()
    choose(browser, "queue-state", "investigating")
    wait_for(browser, lambda d: (lambda q: desk.old_case in [r["case_id"] for r in q] and all(
        r["state"] == "investigating" for r in q))(probe(d)["queue"]),
        "the cases in state investigating")


def test_issue_16_every_other_action_from_the_page(desk, browser):
    """A case sent by SRIJ: assigned with the staff picker (issue 25: the handlers by name),
    information requested (the clock stands still: paused) and
    answered, a rejection proposed and declined, escalated to an ADR body, closed and
    reopened (a reason required before anything is sent)."""
    from selenium.webdriver.common.by import By

    shots = artifacts("complaints", "actions")
    cid = desk.srij_case
    open_desk(browser, desk, desk.key("Duarte"))
    open_case(browser, cid)
    act(browser, "acknowledge", "investigating")

    choose(browser, "assign-assignee_id", desk.handlers["Carla"]["staff_id"])
    shown = act(browser, "assign", "investigating")
    assert shown["formErrors"]["assign"] == "" and shown["invalid"] == []
    assignee = browser.find_element(By.CSS_SELECTOR, "#case-assignee .who")
    assert (assignee.text, assignee.get_attribute("title")) == ("Carla", desk.actor("Carla"))

    type_into(browser, "request_information-question", "Que limite tinha definido?")
    shown = act(browser, "request_information", "awaiting_player")
    assert shown["actions"] == expected_offer("awaiting_player", letters=True)
    header = browser.find_element(By.ID, "case-header")
    assert "awaiting the player" in header.find_element(By.CSS_SELECTOR, ".badge.paused").text
    shot(browser, shots / "awaiting-player.png", "case")
    type_into(browser, "provide_information-text", "50 € por semana")
    act(browser, "provide_information", "investigating")

    type_into(browser, "propose-reasons", "O limite foi aplicado no dia seguinte")
    choose(browser, "propose-outcome", "rejected")
    act(browser, "propose", "decision_proposed")
    type_into(browser, "decline-reason", "Falta ver o registo do limite")
    shown = act(browser, "decline", "investigating")
    assert shown["decision"] == "none"
    [declined] = [e for e in shown["timeline"] if e["kind"] == "proposal_declined"]
    assert declined["internal"] and "Falta ver o registo do limite" in declined["text"]

    choose(browser, "escalate-body", "adr")
    type_into(browser, "escalate-reference", "CNIACC-2026-9")
    shown = act(browser, "escalate", "escalated")
    assert shown["actions"] == expected_offer("escalated", letters=True)
    act(browser, "close", "closed")
    shown = act(browser, "reopen")
    assert shown["formErrors"]["reopen"] == "Reason: required" and shown["invalid"] == ["reason"]
    type_into(browser, "reopen-reason", "Nova informação do SRIJ")
    shown = act(browser, "reopen", "investigating")
    shot(browser, shots / "reopened.png", "case")
    record = desk.get(f"/complaints/{cid}")
    assert record["state"] == "investigating" and record["assignee"] == desk.actor("Carla")
    assert [e["kind"] for e in record["timeline"]] == [e["kind"] for e in shown["timeline"]] == [
        "opened", "acknowledged", "assigned", "information_requested", "information_received",
        "decision_proposed", "proposal_declined", "escalated", "closed", "reopened"]
    [escalated] = [e for e in record["timeline"] if e["kind"] == "escalated"]
    assert escalated["detail"]["body"] == "adr"
    assert escalated["detail"]["reference"] == "CNIACC-2026-9"


def test_issue_25_names_the_staff_picker_and_letters_recorded_as_sent(desk, browser):
    """Issue 25 on the page: the queue and the case name the player and the staff by their
    display names (the id on hover); "Assign" offers the complaint handlers and operators by
    name (not an auditor) and assigns the one chosen; the acknowledgement, then the final
    answer, are recorded as sent (a malformed time refused on the page before anything is
    sent), each in the timeline (named, the player sees it) and under "Letters sent", and in
    the record over HTTP with its channel, time and actor."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    shots = artifacts("complaints", "issue-25")
    player = desk.jogada["player_id"]
    with desk.server.client() as client:
        ok(client.post("/staff", headers=OPERATOR, json={"role": "auditor",
                                                         "display_name": "Alberto"}), 201)
        cid = ok(client.post("/complaints", headers=bearer(desk.key("Carla")), json={
            "player_id": player, "case_type": "account", "channel": "complaints_book",
            "external_reference": "LR-2026-000999", "subject": "Carta pedida",
            "description": "Quero a resposta por escrito", "idempotency_key": "lr-999"}),
            201)["case_id"]
    desk.server.wait_caught_up()
    open_desk(browser, desk, desk.key("Duarte"))
    row = f'#queue-list tr[data-case-id="{cid}"]'
    named = browser.find_element(By.CSS_SELECTOR, f"{row} td.player .who")
    assert (named.text, named.get_attribute("title")) == ("Ana", player)
    assert browser.find_element(By.CSS_SELECTOR, f"{row} td.assignee").text == "—"
    shown = open_case(browser, cid)
    assert shown["actions"] == expected_offer("open")  # no letter yet: nothing to send
    assert [(x["letter"], x["available"], x["sent"]) for x in shown["lettersSent"]] == [
        ("acknowledgement", False, 0), ("final", False, 0)]

    # The picker: the handlers by name, the auditor not offered.
    picker = Select(browser.find_element(By.ID, "assign-assignee_id"))
    options = {o.get_attribute("value"): o.text for o in picker.options}
    assert options[desk.handlers["Carla"]["staff_id"]] == "Carla (complaint handler)"
    assert options[desk.handlers["Duarte"]["staff_id"]] == "Duarte (complaint handler)"
    assert not [t for t in options.values() if "Alberto" in t]
    act(browser, "acknowledge", "investigating")
    choose(browser, "assign-assignee_id", desk.handlers["Carla"]["staff_id"])
    shown = act(browser, "assign", "investigating")
    [assigned] = [e for e in shown["timeline"] if e["kind"] == "assigned"]
    assert (assigned["text"], assigned["actor"], assigned["actorId"]) == (
        "to Carla", "Duarte", desk.actor("Duarte"))
    assignee = browser.find_element(By.CSS_SELECTOR, "#case-assignee .who")
    assert (assignee.text, assignee.get_attribute("title")) == ("Carla", desk.actor("Carla"))
    wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, f"{row} td.assignee").text
             == "Carla", "the queue naming the assignee")
    assert shown["actions"] == expected_offer("investigating", letters=True)

    # The acknowledgement sent by e-mail: a malformed time is refused on the page first.
    choose(browser, "send_letter-letter", "acknowledgement")
    choose(browser, "send_letter-channel", "email")
    type_into(browser, "send_letter-sent_at", "ontem à tarde")
    before = desk.get(f"/complaints/{cid}")["position"]
    shown = act(browser, "send_letter")
    assert "Sent at" in shown["formErrors"]["send_letter"] and shown["invalid"] == ["sent_at"]
    assert desk.get(f"/complaints/{cid}")["position"] == before  # nothing was sent
    type_into(browser, "send_letter-sent_at", "")
    shown = act(browser, "send_letter", "investigating")
    [sent] = [e for e in shown["timeline"] if e["kind"] == "letter_sent"]
    assert sent["text"].startswith("acknowledgement letter (Portuguese) sent by e-mail on ")
    assert (sent["actor"], sent["internal"]) == ("Duarte", False)
    letters = {x["letter"]: x for x in shown["lettersSent"]}
    assert letters["acknowledgement"]["sent"] == 1 and "by e-mail" in letters[
        "acknowledgement"]["text"] and "Duarte" in letters["acknowledgement"]["text"]
    shot(browser, shots / "acknowledgement-sent.png", "case")

    # Rejected, approved by the same handler (no compensation: no four eyes), resolved,
    # closed; the final answer sent by post at a time typed on the page.
    type_into(browser, "propose-reasons", "A carta segue por correio")
    choose(browser, "propose-outcome", "rejected")
    act(browser, "propose", "decision_proposed")
    act(browser, "approve", "decision_approved")
    act(browser, "resolve", "resolved")
    act(browser, "close", "closed")
    assert probe(browser)["actions"] == ["reopen", "send_letter"]
    time.sleep(1.1)  # the time typed (to the second) is after the resolution, not after now
    sent_at = browser.execute_script(  # the page's local time, as a handler types it
        "const d = new Date(); const p = (n) => String(n).padStart(2, '0');"
        " return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} `"
        " + `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;")
    choose(browser, "send_letter-letter", "final")
    choose(browser, "send_letter-channel", "post")
    type_into(browser, "send_letter-sent_at", sent_at)
    shown = act(browser, "send_letter", "closed")
    assert [e["kind"] for e in shown["timeline"]][-2:] == ["closed", "letter_sent"]
    assert shown["timeline"][-1]["text"].startswith("final answer letter (Portuguese) sent"
                                                    " by post on ")
    shot(browser, shots / "final-sent.png", "letters-sent")

    record = desk.get(f"/complaints/{cid}")
    sendings = [(e["detail"]["letter"], e["detail"]["channel"], e["actor"], e["actor_name"])
                for e in record["timeline"] if e["kind"] == "letter_sent"]
    assert sendings == [("acknowledgement", "email", desk.actor("Duarte"), "Duarte"),
                        ("final", "post", desk.actor("Duarte"), "Duarte")]
    [final] = [x for x in record["letters"] if x["letter"] == "final"]
    typed = datetime.fromisoformat(final["sent"][0]["sent_at"])
    assert timedelta(0) < datetime.now(timezone.utc) - typed < timedelta(minutes=10)
    assert typed.microsecond == 0 and final["sent"][0]["decision"] == 1
    assert record["player_name"] == "Ana" and record["assignee_name"] == "Carla"


def test_the_key_goes_only_into_the_authorization_header(desk, browser):
    """903-B 7.4 (credentials kept secret): every request the desk sends carries the key in
    ``Authorization: Bearer`` and in no URL; nothing is fetched from elsewhere; no form."""
    key = desk.key("Carla")
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
      window.sent = [];
      const original = window.fetch;
      window.fetch = (url, init) => {
        const headers = (init && init.headers) || {};
        window.sent.push({url: String(url), authorization: headers.Authorization || null});
        return original(url, init);
      };"""})
    open_desk(browser, desk, key)
    browser.get(f"{desk.url}/viewer/complaints#case={desk.jogada_case}")
    browser.refresh()  # the key of this tab, and the case the link names
    wait_for(browser, lambda d: probe(d)["caseId"] == desk.jogada_case, "the linked case")
    wait_for(browser, lambda d: d.execute_script(
        "return (document.querySelector('.jogada') || {dataset: {}}).dataset.status")
        == "loaded", "the jogada")
    page = browser.execute_script("""
      return {sent: window.sent, forms: document.forms.length,
              keyType: document.getElementById('key').type,
              resources: performance.getEntriesByType('resource').map((r) => r.name)};""")
    assert page["forms"] == 0 and page["keyType"] == "password"
    paths = [s["url"] for s in page["sent"]]
    assert "/complaints/queue" in paths and f"/complaints/{desk.jogada_case}" in paths
    assert f"/jogadas/{quote(desk.jogada['jogada_id'], safe='')}/steps" in paths
    assert all(s["authorization"] == f"Bearer {key}" for s in page["sent"]), page["sent"]
    assert not [u for u in paths + page["resources"] + [browser.current_url] if key in u]
    assert page["resources"] and all(r.startswith(desk.url + "/") for r in page["resources"])


def test_a_refused_key_is_shown_in_the_error_element(desk, browser):
    shown = open_desk(browser, desk, "lk_not-a-key")
    assert shown["error"].startswith("401") and "the API key is not valid" in shown["error"]
    assert shown["queue"] == []
