"""The player's copy of an evidence pack (issue 25): a pack shown to the player leaves out what
its game's rules never showed that player at the table (``Game.player_copy``), the staff copy
keeps everything, and both stay verifiable: an event cut keeps its place, its leaf hash, leaf
index and inclusion proof (RFC 9162, checked with the standalone checker's tree.py against the
signed checkpoint), without its stored bytes, and says why.

- hold'em rules 49, 59, 65: the hole cards are dealt face down, only the hands at the showdown
  are turned up; a folded hand is never shown (nor, then, the seed and the shoe's order that
  would give it again);
- Omaha rules 25, 36, 59: four cards face down; a pot won without a showdown shows no hand;
- póquer sem descarte rules 19a, 19b, 22, 24, 37: at a multi-seat table each hand is dealt
  face down to its player and the table shows a player only its own and the bank's (revealed
  once a seat continued, rule 24); the burned card is never shown (A9)."""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from infra.audit.checker.tree import canonical, inclusion_holds
from infra.complaints.evidence import PLAYER, pack_spec
from infra.complaints.pdf_scenes import card_words, plain
from tests.complaints.support import GENERATED, printed, spec_of
from tests.complaints.test_evidence_pdf import read
from tests.complaints.test_game_refund import A, _case_about
from tests.holdem import played as forced
from tests.holdem.support import forced_deck as holdem_deck
from tests.holdem.test_omaha import BOARD as OMAHA_BOARD
from tests.holdem.test_omaha import HOLES as OMAHA_HOLES
from tests.holdem.test_omaha import _omaha
from tests.semdescarte import client as sd_client
from tests.semdescarte import support as sd
from tests.semdescarte.support import BANK_AK

SD_HANDS = [["Qd", "Jd", "9h", "5s", "2d"], ["Ks", "Kh", "4d", "4h", "9c"],
            ["Ah", "Qs", "Tc", "7d", "5c"]]
SD_BURN = "2c"


def player_copy_of(ledger: Any, player_id: str, jogada_id: str) -> tuple[dict, bytes, bytes]:
    spec = pack_spec(ledger, case_id="5b0c3a52-6a4e-4f0e-9a0e-0c1d2e3f4a5b",
                     case_reference="RC-2026-0043", player_id=player_id,
                     jogada_ids=[jogada_id], transfer_ids=[], generated_at=GENERATED,
                     copy=PLAYER)
    return printed(ledger, spec)


def values(node: Any) -> list[Any]:
    """Every scalar of a JSON value (exact values: a card code inside a hash is not a card)."""
    if isinstance(node, dict):
        return [v for x in node.values() for v in values(x)]
    if isinstance(node, list):
        return [v for x in node for v in values(x)]
    return [node]


def pdf_text(pdf: bytes) -> str:
    return re.sub(r"\s+", " ", read(pdf)[1])


def seed_of(pack: dict[str, Any]) -> str:
    return next(s["data"]["seed_hex"] for s in pack["jogadas"][0]["replay"]["steps"]
                if s["event"] == "RngRevealed")


def assert_absent(pack: dict, data: bytes, pdf: bytes, cards: list[str], seed: str) -> None:
    seen, text = set(values(pack)), pdf_text(pdf)
    for code in cards:
        assert code not in seen, code
        assert plain(card_words(code)) not in text, code
    assert seed not in data.decode() and seed not in text.replace(" ", "")


def assert_present(pack: dict, data: bytes, pdf: bytes, cards: list[str],
                   seed: str | None = None) -> None:
    seen, text = set(values(pack)), pdf_text(pdf)
    for code in cards:
        assert code in seen and plain(card_words(code)) in text, code
    if seed is not None:
        assert seed in data.decode()


def assert_proofs_hold(jogada: dict[str, Any]) -> list[dict[str, Any]]:
    """Every event's inclusion proof verifies against the checkpoint's root; an event with its
    stored bytes hashes to its leaf. The events the copy cut, returned."""
    integrity = jogada["integrity"]
    checkpoint = integrity["checkpoint"]
    root, size = bytes.fromhex(checkpoint["root"]), checkpoint["tree_size"]
    for e in integrity["events"]:
        leaf = bytes.fromhex(e["leaf_hash"])
        assert inclusion_holds(leaf, e["leaf_index"], size,
                               [bytes.fromhex(p) for p in e["proof"]], root), e
        if e["state"] is not None:
            assert hashlib.sha256(b"\x00" + canonical(e)).digest() == leaf
    return [e for e in integrity["events"] if e["state"] is None]


def assert_withheld_in_place(staff: dict, mine: dict, reason: str) -> list[dict[str, Any]]:
    """The cut events keep their place (the same positions, names and leaves as the staff
    copy's), say why, and are listed with the rule."""
    s, m = staff["jogadas"][0], mine["jogadas"][0]
    assert [x["position"] for x in m["replay"]["steps"]] == \
        [x["position"] for x in s["replay"]["steps"]]
    assert [(e["notification_id"], e["leaf_index"], e["leaf_hash"], e["proof"])
            for e in m["integrity"]["events"]] == \
        [(e["notification_id"], e["leaf_index"], e["leaf_hash"], e["proof"])
         for e in s["integrity"]["events"]]
    cut = assert_proofs_hold(m)
    assert assert_proofs_hold(s) == [] and "withheld" not in s
    assert {e["notification_id"] for e in cut} == {w["position"] for w in m["withheld"]}
    assert all(e["withheld"].startswith("withheld: ") for e in cut)
    assert any(reason in w["reason"] for w in m["withheld"])
    steps = {x["position"]: x for x in m["replay"]["steps"]}
    assert all(steps[w["position"]]["withheld"] == w["reason"] for w in m["withheld"])
    return m["withheld"]


def test_he_49_59_65_a_folded_hand_and_the_seed_are_not_in_the_players_copy(cert):
    """Seat 2 lost at the showdown to seat 1; seat 3 folded 7♠ 2♦ (tests/holdem/played.py):
    seat 2's copy has its cards, the board and both hands shown, not seat 3's nor the seed or
    the shoe; the staff copy has everything."""
    table, players, jogada_id = forced.played(cert)
    cert.audit.seal()
    bia = str(players["2"].player_id)
    staff = printed(cert, spec_of(cert, bia, [jogada_id]))
    mine = player_copy_of(cert, bia, jogada_id)
    seed = seed_of(staff[0])
    assert_present(*staff, forced.HOLE["3"] + forced.HOLE["1"], seed)
    assert_absent(*mine, forced.HOLE["3"], seed)
    assert_present(*mine, forced.HOLE["2"] + forced.HOLE["1"] + forced.BOARD)  # rule 59
    assert "Cópia do jogador" in pdf_text(mine[2])
    withheld = assert_withheld_in_place(staff[0], mine[0], "hold'em rules 49, 59, 65")
    assert {w["event"] for w in withheld} == {"HoleCardsDealt", "RngCommitted", "RngRevealed"}
    (dealt,) = [s for s in mine[0]["jogadas"][0]["replay"]["steps"]
                if s["event"] == "HoleCardsDealt"]
    assert dealt["data"]["cards"] == {"1": forced.HOLE["1"], "2": forced.HOLE["2"]}
    assert mine[0]["jogadas"][0]["replay"]["rng"]["verified"] is True  # the operator's check
    last = mine[0]["jogadas"][0]["steps"][-1]["scene"]
    assert {"label": "Seat 3", "cards": [], "hidden": 2} == {
        k: v for k, v in next(i for i in last if i.get("label") == "Seat 3").items()
        if k in ("label", "cards", "hidden")}
    assert "Retido nesta cópia" in read(mine[2])[1]


def test_om_25_36_59_a_pot_won_without_a_showdown_shows_no_other_hand(cert):
    """Omaha: seats 7 and 1 fold, seat 4 takes the pot without showing (rule 36). Seat 1's
    copy has its four cards, neither seat 4's nor seat 7's."""
    table = _omaha(cert)
    table.start(button_seat=7, forced_deck=holdem_deck(OMAHA_HOLES, OMAHA_BOARD))
    jogada_id = table.jogada()["jogada_id"]
    table.act(table.by_seat(7), "fold")
    table.act(table.by_seat(1), "fold")
    cert.audit.seal()
    ana = str(table.by_seat(1).player_id)
    staff = printed(cert, spec_of(cert, ana, [jogada_id]))
    mine = player_copy_of(cert, ana, jogada_id)
    seed = seed_of(staff[0])
    assert_present(*staff, OMAHA_HOLES[1] + OMAHA_HOLES[2], seed)
    assert_absent(*mine, OMAHA_HOLES[1] + OMAHA_HOLES[2], seed)
    assert_present(*mine, OMAHA_HOLES[0])
    assert_withheld_in_place(staff[0], mine[0], "Omaha rules 49, 59, 65")
    assert mine[0]["jogadas"][0]["player"]["cards"] == OMAHA_HOLES[0]


def test_sd_19_22_24_37_a_multi_seat_table_shows_a_player_only_its_hand_and_the_bank(cert, clock):
    """Three seats; seat 2 folds, seats 1 and 3 continue, the bank qualifies: seat 2's copy
    has its own hand and the bank's five cards (revealed, rule 24), not the other seats'
    hands (rules 19b, 37), the burned card (rule 19a, A9), the seed nor the shoe."""
    table, players = sd.setup_table(cert, sd.multi_config(), players=3)
    for player in players:
        placed = sd.ante(cert, table, player, 200)
    clock.advance(21)
    sd.deal(cert, table, None, sd.forced_deck(SD_BURN, SD_HANDS, BANK_AK))
    jogada_id = placed["jogada_id"]
    for player, decision in zip(players, ("continue", "fold", "continue")):
        sd.decide(cert, table, jogada_id, player, decision)
    cert.audit.seal()
    bia = str(players[1].player_id)
    staff = printed(cert, spec_of(cert, bia, [jogada_id]))
    mine = player_copy_of(cert, bia, jogada_id)
    seed = seed_of(staff[0])
    others = SD_HANDS[0] + SD_HANDS[2]
    assert_present(*staff, others + [SD_BURN], seed)
    assert_absent(*mine, others + [SD_BURN], seed)
    assert_present(*mine, SD_HANDS[1] + BANK_AK)
    withheld = assert_withheld_in_place(staff[0], mine[0], "póquer sem descarte rules 19b")
    (dealt,) = [w for w in withheld if w["event"] == "CardsDealt"]
    assert set(dealt["fields"]) == {"hands", "burned"}  # the bank's cards were revealed
    part = mine[0]["jogadas"][0]
    assert part["player"]["cards"] == SD_HANDS[1] and part["player"]["bank_cards"] == BANK_AK
    final = part["replay"]["final"]
    assert final["cards"]["hands"] == {"1": [], "2": SD_HANDS[1], "3": []}
    assert final["cards"]["withheld"] == {"hands": {"1": 5, "3": 5}, "burned": 1}
    assert all(o["player_hand"] is None for s, o in final["outcomes"].items() if s != "2")


def test_issue_25_a_pack_shown_to_the_player_is_its_copy_and_is_rebuilt_the_same(cert):
    """Through the case: a pack shown to the player records the player's copy (``"copy":
    "player"`` in its spec) and is rebuilt byte for byte, JSON and PDF; a pack kept internal
    is the staff copy, with every card."""
    table, players, jogada_id = forced.played(cert)
    cert.audit.seal()
    case_id = _case_about(cert, players["2"], jogada_id)
    internal = cert.complaints.attach_evidence_pack(case_id, actor=A)["evidence_number"]
    shown = cert.complaints.attach_evidence_pack(case_id, actor=A,
                                                 shown_to_player=True)["evidence_number"]
    specs = {e.number: e.spec for e in cert.complaints.case_events(case_id)
             if type(e).__name__ == "EvidenceAttached"}
    assert "copy" not in specs[internal] and specs[shown]["copy"] == "player"
    for number, copy, has_folded in ((internal, None, True), (shown, "player", False)):
        data = cert.complaints.evidence(case_id, number, "json", copy=copy)
        pdf = cert.complaints.evidence(case_id, number, "pdf", copy=copy)
        assert data["matches"] and pdf["matches"]
        pack = json.loads(data["content"])
        assert all((code in values(pack)) is has_folded for code in forced.HOLE["3"])
        assert all((plain(card_words(code)) in pdf_text(pdf["content"])) is has_folded
                   for code in forced.HOLE["3"])


def test_bingo_4_29_another_players_cards_are_not_in_the_players_copy(cert, clock):
    """Bingo rule 4: the screen shows a player its own cards; who won with which card is
    public (rule 29). The copy keeps the player's cards and the winning cards, not the other
    cards sold, nor the seed that derives them all (rule 15)."""
    from tests.complaints.support import bingo_30

    played = bingo_30(cert, clock)
    cert.audit.seal()
    pid = played["player_id"]
    staff = printed(cert, spec_of(cert, pid, [played["jogada_id"]]))
    mine = player_copy_of(cert, pid, played["jogada_id"])
    part = mine[0]["jogadas"][0]
    winning = {tuple(map(tuple, w["card_numbers"])) for s in part["replay"]["steps"]
               if s["event"] == "PrizeWon" for w in s["data"]["winners"]}
    for player, cards in played["cards"].items():
        for card in cards:
            rows = tuple(map(tuple, card["numbers"] if isinstance(card, dict) else card))
            in_copy = json.dumps(card["numbers"] if isinstance(card, dict) else card) in \
                json.dumps(part["replay"]["steps"])
            assert in_copy is (player == pid or rows in winning), (player, rows)
    assert seed_of(staff[0]) not in mine[1].decode()
    assert_withheld_in_place(staff[0], mine[0], "bingo rule 4")
    assert "card(s) of other players: not in this copy" in json.dumps(part["steps"])


def test_sd_19c_24_33_a_void_jogada_keeps_the_banks_face_down_cards_out(cert, clock):
    """Voided (rule 33) before the decisions were all taken: the bank's four face-down cards
    were never revealed (rule 24); the player's copy keeps the open card (rule 19c) and draws
    the four face down; the staff copy has them."""
    table, players = sd.setup_table(cert, sd.multi_config(), players=2)
    for player in players:
        placed = sd.ante(cert, table, player, 200)
    clock.advance(21)
    sd.deal(cert, table, None, sd.forced_deck(SD_BURN, SD_HANDS[:2], BANK_AK))
    sd.decide(cert, table, placed["jogada_id"], players[0], "continue")
    sd_client.void_jogada(cert, table_id=table["table_id"], reason="server fault",
                          actor=sd.OPERATOR)
    cert.audit.seal()
    ana = str(players[0].player_id)
    staff = printed(cert, spec_of(cert, ana, [placed["jogada_id"]]))
    mine = player_copy_of(cert, ana, placed["jogada_id"])
    assert_present(*staff, BANK_AK + SD_HANDS[1] + [SD_BURN], seed_of(staff[0]))
    assert_absent(*mine, BANK_AK[:4] + SD_HANDS[1] + [SD_BURN], seed_of(staff[0]))
    assert_present(*mine, SD_HANDS[0] + BANK_AK[4:])
    withheld = assert_withheld_in_place(staff[0], mine[0], "póquer sem descarte rules 19c, 24")
    (dealt,) = [w for w in withheld if w["event"] == "CardsDealt"]
    assert set(dealt["fields"]) == {"hands", "burned", "bank_cards"}
    bank = next(i for i in mine[0]["jogadas"][0]["steps"][-1]["scene"]
                if i.get("label") == "Bank")
    assert (bank["cards"], bank["hidden"]) == (BANK_AK[4:], 4)
