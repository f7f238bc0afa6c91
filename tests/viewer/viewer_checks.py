"""What the replay viewer's browser tests (test_viewer_browser.py) check of issue 24 on the page:
the stepper walks through the play only, the bookkeeping (session lines, debits, credits) is
listed apart, collapsed, each entry leading back to the play step it follows; players are drawn
by their label with their name beside it, and the jogada's summary names each player with its
label, its id and a result that says what its money did (a bingo prize worth less than the
cards is no win)."""

from __future__ import annotations

from typing import Any

from tests.api.bingo_net_support import expected_result


def play_steps(shown: dict[str, Any]) -> list[dict[str, Any]]:
    return [s for s in shown["steps"] if s["kind"] == "play"]


def names_of(shown: dict[str, Any]) -> dict[str, str]:
    """Each label of the steps as the page draws it: with the player's name beside it."""
    return {p["label"]: f"{p['label']} · {p['display_name']}" for p in shown["players"]
            if p["display_name"]}


def unnamed(label: str) -> str:
    return label.split(" · ")[0]


def assert_bookkeeping_apart(driver, shown: dict[str, Any]) -> None:
    """Issue 24: every bookkeeping step, and only those, is listed in the collapsed
    Bookkeeping section, in log order, each with the play step it follows."""
    listed = driver.execute_script("""
      const box = document.getElementById('bookkeeping');
      return {open: box.open, count: Number(box.dataset.count),
              rows: Array.from(box.querySelectorAll('tbody tr'), (tr) => ({
                notification: Number(tr.dataset.notification),
                after: (tr.querySelector('button.go-step') || {}).textContent || null}))};
    """)
    play = {s["number"]: i for i, s in enumerate(play_steps(shown))}
    books = [s for s in shown["steps"] if s["kind"] == "bookkeeping"]
    assert listed["open"] is False and listed["count"] == len(books) > 0
    assert listed["rows"] == [{"notification": s["event"]["notification_id"],
                               "after": None if s["after_step"] is None
                               else f"step {play[s['after_step']] + 1}"} for s in books]


def assert_players_in_summary(driver, shown: dict[str, Any], summary: dict[str, Any]) -> None:
    """Each player of the jogada (GET /jogadas/{id}) in the summary's table: its name, its
    label in the steps, its id, its result in words; a bingo result by the player's net."""
    from domain.kernel.viewer import euros

    drawn = driver.execute_script(
        "return Array.from(document.querySelectorAll('#summary table.players tbody tr'),"
        " (tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent));")
    labels = {p["player_id"]: p["label"] for p in shown["players"]}
    assert drawn == [[p["display_name"], labels.get(p["player_id"], "—"), p["player_id"],
                      "—" if p["seat"] is None else str(p["seat"]),
                      p["result"].replace("_", " "), euros(p["wagered_cents"]),
                      euros(p["won_cents"]), euros(p["refunded_cents"]), euros(p["net_cents"])]
                     for p in summary["players"]]
    if summary["game"] == "bingo":
        for p in summary["players"]:
            assert p["result"] == expected_result(p["won_cents"], p["wagered_cents"]), p


def go_to_a_play_step_from_the_bookkeeping(driver, shown: dict[str, Any]) -> None:
    """Open the Bookkeeping section, press the play step the last entry follows: the stepper
    shows that step."""
    from selenium.webdriver.common.by import By

    driver.find_element(By.ID, "bookkeeping-summary").click()
    button = driver.find_elements(By.CSS_SELECTOR, "#bookkeeping button.go-step")[-1]
    wanted = button.text.removeprefix("step ")
    button.click()
    assert driver.execute_script("return document.getElementById('position').textContent") \
        == f"Step {wanted} of {len(play_steps(shown))}"
