"""A blackjack jogada through the offline bundle (issue 25, 903-B 1.5 "Log", 7.9.1): a real
jogada of three seats at a multi-player table — insurance against an up ace (r15f), a split
(r21) and a double after it (r15b), a hit to 21 (r15d), the banca drawing to 18 (r17b) —
exported as a bundle that the standalone checker (bundle_check.pyz, blackjack's offline rules
domain/games/blackjack/offline.py shipped as checker_games/blackjack.py), copied alone into an
empty directory and run by ``python -I``, and ``ledger audit check`` both accept with the
operator's key trusted; each edit of the bundle is refused by both, naming what is wrong; a
jogada voided by a fault of the system (r27, r28, A62) checks too."""

from __future__ import annotations

import base64
import json
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from domain.games.blackjack.game import GAME
from infra.audit.bundle import export_bundle
from infra.audit.checker_build import offline_modules
from tests.audit import bundle_support as bundles
from tests.audit.offline_support import rules_alone
from tests.audit.offline_support import run_alone as run_with_registered_rules
from tests.audit.test_offline_tamper import resealed, rewrite
from tests.blackjack import client as bj
from tests.blackjack.support import (
    OPERATOR,
    Seated,
    bet,
    deal,
    decide,
    multi_config,
    setup_table,
    shoe,
)

# seat 1: 8h 8d, insures, splits (3c, Tc), doubles 8h 3c with the 9s (20), stands on 8d Tc;
# seat 2: Ts 6d, declines, hits the 5c (21); seat 3: 9c 7c, declines, stands on 16;
# the banca: Ac up, the hole card 5h (soft 16), draws the 2h: 18 (r17).
HANDS = [["8h", "8d"], ["Ts", "6d"], ["9c", "7c"]]
UP, HOLE = "Ac", "5h"
DRAWS = ["3c", "Tc", "9s", "5c", "2h"]


def _named(bundle: dict[str, Any], name: str) -> list[dict[str, Any]]:
    """The bundle's events of the (only) jogada called ``name``, in order."""
    listed = set(bundle["jogadas"][0]["events"])
    return [e for e in bundle["events"]
            if e["notification_id"] in listed and e["topic"].endswith("." + name)]


def played(ledger: Any, clock: Any) -> str:
    return played_at(ledger, clock)[2]


def played_at(ledger: Any, clock: Any) -> tuple[dict[str, Any], list[Seated], str]:
    """The jogada of HANDS, UP, HOLE and DRAWS at a three-seat multi-player table (bets 10 €,
    5 €, 8 €; insurance 5 €): (the table, the players by seat, its id). Seat 1's doubled 20
    wins, its 18 pushes, its insurance is lost (r25g); seat 2's 21 wins; seat 3's 16 loses."""
    table, (one, two, three) = setup_table(ledger, multi_config(seats=3), players=3)
    placed = bet(ledger, table, one, 1_000)
    bet(ledger, table, two, 500)
    bet(ledger, table, three, 800)
    clock.advance(11)
    deal(ledger, table, None, shoe(HANDS, UP, HOLE, DRAWS))
    jid = placed["jogada_id"]
    decide(ledger, table, jid, one, "insurance", amount_cents=500)
    decide(ledger, table, jid, two, "no_insurance")
    decide(ledger, table, jid, three, "no_insurance")
    decide(ledger, table, jid, one, "split")
    decide(ledger, table, jid, one, "double", hand=0)
    decide(ledger, table, jid, one, "stand", hand=1)
    decide(ledger, table, jid, two, "hit")
    decide(ledger, table, jid, three, "stand")
    return table, [one, two, three], jid


@pytest.fixture
def exported(cert, clock, tmp_path) -> tuple[Path, dict[str, Any], str]:
    jid = played(cert, clock)
    bundle = export_bundle(cert, [jid], now="2026-11-24T00:00:00Z")
    path = tmp_path / "bundle.json"
    path.write_text(json.dumps(bundle))
    return path, bundle, jid



def _edit(name: str, change: Callable[[dict[str, Any]], None], nth: int = 0):
    """An edit of the bundle: the ``nth`` event called ``name`` changed in its stored bytes
    and in its readable data alike (what an editor of the file would do to be believed)."""
    def edit(bundle: dict[str, Any]) -> None:
        event = _named(bundle, name)[nth]
        state = json.loads(base64.b64decode(event["state"]))
        change(state)
        event["state"] = base64.b64encode(
            json.dumps(state, separators=(",", ":")).encode()).decode()
        change(event["data"])
    return edit


def _drop_last(bundle: dict[str, Any]) -> None:
    last = bundle["jogadas"][0]["events"][-1]
    bundle["events"] = [e for e in bundle["events"] if e["notification_id"] != last]
    bundle["jogadas"][0]["events"] = bundle["jogadas"][0]["events"][:-1]


def _set(**fields: Any) -> Callable[[dict[str, Any]], None]:
    return lambda data: data.update(fields)


def _seat_2s_first_card(data: dict[str, Any]) -> None:
    data["hands"]["2"][0] = "Th"  # Ts dealt: a 10 still, the total unchanged


# (the edit, the event it edits, what blackjack's offline rules say of the edited record)
EDITS = {
    "a_card_in_cards_dealt": (_edit("CardsDealt", _seat_2s_first_card), ("CardsDealt", 0),
                              "CardsDealt: hands[2] is ['Th', '6d'], the rules give"
                              " ['Ts', '6d'] (the shoe re-derived from the seed deals indices"
                              " 1 and 5 to that hand (rule 14))"),
    "the_hole_card": (_edit("CardsDealt", _set(hole_card="5d")), ("CardsDealt", 0),
                      "CardsDealt: hole_card is '5d', the rules give '5h' (the shoe"
                      " re-derived from the seed (rule 14: up card index 3, hole card 7))"),
    "a_hand_settled_amount": (_edit("HandSettled", _set(won_cents=2_100)), ("HandSettled", 0),
                              "HandSettled: won_cents is 2100 (21,00 €), the rules give 2000"
                              " (20,00 €) (seat 1's hand 0, 8h 3c 9s, against the banca's"
                              " Ac 5h 2h: rule 25c: 20 to 18)"),
}


def _trusted(tmp_path: Path, bundle: dict[str, Any]) -> list[str]:
    return ["--trusted-key", str(bundles.key_file(tmp_path, bundle))]


def test_903b_1_5_7_9_1_bj_15f_21_15b_17b_a_real_jogada_checks_alone_and_with_ledger(
        exported, tmp_path, capsys):
    """The honest bundle: every event proved against the signed checkpoint, the shoe
    re-derived from the revealed seed (13 cards forced: certification mode) and the jogada
    re-adjudicated by blackjack's offline rules, by the .pyz alone and by ``ledger audit
    check``: exit 0, and no 'no offline rules' anywhere."""
    path, bundle, jid = exported
    (listed,) = bundle["jogadas"]
    assert (listed["jogada_id"], listed["game"]) == (jid, "blackjack")
    played_names = {e["topic"].rpartition(".")[2] for e in bundle["events"]
                    if e["notification_id"] in set(listed["events"])}
    assert {"InsuranceTaken", "InsuranceSettled", "HandSplit", "BetDoubled", "PlayerHit",
            "BancaDrew", "HoleCardRevealed", "JogadaSettled", "RngRevealed"} <= played_names
    (drew,) = [e["data"] for e in _named(bundle, "BancaDrew")]
    assert (drew["card"], drew["total"]) == ("2h", 18)
    with zipfile.ZipFile(bundles.checker_alone(tmp_path)) as archive:
        assert "checker_games/blackjack.py" in archive.namelist()
    for status, said in bundles.run_both(tmp_path, path, capsys, *_trusted(tmp_path, bundle)):
        assert status == 0, said
        assert said.startswith("BUNDLE OK: 1 jogadas complete"), said
        assert "1 jogadas re-derived from their revealed seeds and re-adjudicated" in said, said
        assert f"jogada {jid} (blackjack): certification mode" in said, said
        assert "no offline rules" not in said, said


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_903b_1_5_bj_14_25_an_edited_jogada_is_refused_naming_the_event(
        exported, tmp_path, capsys, edit):
    """A card of the deal, the hole card (A47: recorded at the deal), a hand's payout: edited
    in the file, the event no longer hashes to the leaf the checkpoint signed, and both
    checkers refuse the bundle naming that event; the same edit shown to blackjack's offline
    rules alone (the proofs set aside) is named by event and field with what the rules give."""
    path, bundle, jid = exported
    change, (name, nth), ruled = EDITS[edit]
    target = _named(bundle, name)[nth]["notification_id"]
    lie = bundles.altered(path, bundle, change)
    for status, said in bundles.run_both(tmp_path, lie, capsys, *_trusted(tmp_path, bundle)):
        assert status == 1, said
        assert said.startswith("BUNDLE FAILED"), said
        assert f"event {target}: its leaf hash is not that of its stored fields" in said, said
        assert f"jogada {jid}: events [{target}] are missing or not proved" in said, said
    problems, _, _ = rules_alone(json.loads(lie.read_text()), offline_modules([GAME]))
    assert problems == [f"jogada {jid} (blackjack): event {target} {ruled}"]


def test_903b_1_5_bj_17_the_last_event_removed_is_refused(exported, tmp_path, capsys):
    """The RNG reveal (the jogada's last event) left out with its index entry: nothing left
    to fail a proof, and the jogada is refused as not ended."""
    path, bundle, jid = exported
    last = bundle["jogadas"][0]["events"][-1]
    assert _named(bundle, "RngRevealed")[0]["notification_id"] == last
    lie = bundles.altered(path, bundle, _drop_last)
    for status, said in bundles.run_both(tmp_path, lie, capsys, *_trusted(tmp_path, bundle)):
        assert status == 1, said
        assert f"jogada {jid} has not ended in the bundle: its RNG commitment" in said, said


@pytest.mark.not_adjudicated(reason="the store is tampered with on purpose")
@pytest.mark.parametrize("what", ["a_card_in_cards_dealt", "a_hand_settled_amount"])
def test_903b_6_7_2_4_bj_14_25_a_store_edited_and_resealed_is_refused_by_the_rules(
        cert, make_settings, clock, tmp_path, what):
    """The same edits made in the store, by someone who can write to the database and seal
    again with the operator's own key: every proof holds, and blackjack's rules in the .pyz
    alone refuse the jogada, naming the event and the field (903-B 6.7.2(4))."""
    jid = played(cert, clock)
    honest = export_bundle(cert, [jid], now="2026-11-24T00:00:00Z")
    operator_key = honest["public_keys"][0]["public_key"]
    _, (name, nth), ruled = EDITS[what]
    target = _named(honest, name)[nth]["notification_id"]
    if what == "a_card_in_cards_dealt":
        rewrite(cert, target, r'"Ts"', '"Th"')
    else:
        rewrite(cert, target, r'"won_cents":\s*2000', '"won_cents":2100')
    path = tmp_path / "resealed.json"
    resealed(cert, make_settings, clock, jid, path, None)
    done = run_with_registered_rules(cert, tmp_path, path, "--public-key", operator_key)
    assert done.returncode == 1, done.stdout
    problems = [line for line in done.stdout.splitlines() if line.startswith("  - ")]
    assert problems == [f"  - jogada {jid} (blackjack): event {target} {ruled}"]


def voided(ledger: Any, clock: Any) -> tuple[str, list[Any]]:
    """r20a then r27: seat 1's natural against an up 9 is paid at once (15,00 €), seat 2
    splits 8-8; then a fault of the system voids the jogada: every stake back, the natural's
    payout reversed (r28, A62)."""
    table, players = setup_table(ledger, multi_config(seats=2), players=2)
    placed = bet(ledger, table, players[0], 1_000)
    bet(ledger, table, players[1], 1_000)
    clock.advance(11)
    deal(ledger, table, None, shoe([["As", "Kd"], ["8h", "8d"]], "9c", "7s", ["3c", "Tc"]))
    decide(ledger, table, placed["jogada_id"], players[1], "split")
    bj.void_jogada(ledger, table_id=table["table_id"], reason="server fault", actor=OPERATOR)
    return placed["jogada_id"], players


def test_903b_1_5_bj_27_28_a62_a_voided_jogada_checks_alone(cert, clock, tmp_path, capsys):
    jid, _ = voided(cert, clock)
    bundle = export_bundle(cert, [jid], now="2026-11-24T00:00:00Z")
    (void,) = [e["data"] for e in bundle["events"]
               if e["topic"] == "ledger.BlackjackTable.JogadaVoided"]
    assert (void["refunds"], void["reversed"]) == ({"1": 1_000, "2": 2_000}, {"1": 1_500, "2": 0})
    assert void["rule"] == "blackjack rules 27, 28, A62"
    path = tmp_path / "voided.json"
    path.write_text(json.dumps(bundle))
    for status, said in bundles.run_both(tmp_path, path, capsys, *_trusted(tmp_path, bundle)):
        assert status == 0, said
        assert said.startswith("BUNDLE OK: 1 jogadas complete"), said
        assert "re-adjudicated by their rules" in said, said
