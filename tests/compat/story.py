"""What tests/compat/make_store_before_issue24.py plays into the frozen store, over HTTP only:
players, deposits, withdrawals and a correction; póquer sem descarte at an individual table
(won, folded, voided by a fault, voided by a complaint's game refund) and at a multi-seat table
with the jackpot (two jackpot prizes); bingo 90 with a jackpot (two jogadas, so the room is
snapshotted, and one cancelled for want of buyers, rule 6); Texas hold'em (one to the
showdown, one voided, rule 72) and Omaha; complaint cases paid by a game refund, a correction
and a payment; every session ended with its statement."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from tests.compat.store_reads import OPERATOR, ok

BURN = "2h"
FLUSH = ["Kh", "Th", "8h", "5h", "3h"]
WEAK = ["3c", "4d", "9h", "Jh", "6c"]
BANK_AK = ["Ac", "Kd", "9s", "4c", "7d"]
BANK_PAIR = ["8c", "8d", "Kc", "7h", "4d"]
FOUR_NINES = ["9c", "9d", "9h", "9s", "2c"]  # a jackpot prize (Portaria r9)
FULL_HOUSE = ["Qc", "Qd", "Qh", "5c", "5d"]  # a jackpot prize too
THREES = ["3c", "3d", "Jc", "Tc", "6c"]  # loses to the bank's pair of eights


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


class Story:
    def __init__(self, client, clock) -> None:
        self.client, self.clock = client, clock
        self.keys: dict[str, dict[str, str]] = {}
        self.sessions: dict[str, str] = {}

    def post(self, path: str, body: dict[str, Any] | None = None, headers=OPERATOR,
             status: int = 200) -> Any:
        return ok(self.client.post(path, json=body if body is not None else {},
                                   headers=headers), status)

    def get(self, path: str, headers=OPERATOR) -> Any:
        return ok(self.client.get(path, headers=headers))

    def player(self, name: str, deposit: int) -> str:
        made = self.post("/players", {"display_name": name}, status=201)
        self.keys[made["player_id"]] = bearer(made["api_key"])
        self.post(f"/players/{made['player_id']}/deposits",
                  {"amount_cents": deposit, "idempotency_key": f"dep-{name}"}, status=201)
        return made["player_id"]

    def session(self, player: str, venue: dict[str, Any], game: str) -> str:
        sid = self.post("/sessions", {"venue_id": venue["venue_id"], "game": game},
                        self.keys[player], 201)["session_id"]
        self.sessions[sid] = player
        return sid

    def end_sessions(self) -> None:
        for sid, player in list(self.sessions.items()):
            self.post(f"/sessions/{sid}/end", {"reason": "player"}, self.keys[player])
            del self.sessions[sid]


def sd_deck(hands: list[list[str]], bank: list[str]) -> list[str]:
    """Rule 19 order: the burn card, then five rounds of one card per seat and one to the bank."""
    deck = [BURN]
    for k in range(5):
        deck += [hand[k] for hand in hands] + [bank[k]]
    assert len(set(deck)) == len(deck)
    return deck


def semdescarte_individual(s: Story, ana: str) -> dict[str, Any]:
    """Won (continue with a flush), folded, voided by a fault (rule 33); one left in play
    for the complaint's game refund."""
    table = s.post("/semdescarte/tables", {"name": "Mesa individual", "config": {
        "kind": "individual", "min_ante_cents": 100, "max_ante_cents": 2_500,
        "decision_seconds": 20, "extra_seconds": 10}}, status=201)
    tid, ana_h = table["table_id"], s.keys[ana]
    s.session(ana, table, table["game"])
    s.post(f"/semdescarte/tables/{tid}/seats", {}, ana_h, 201)
    jogadas = []
    for n, (ante, hand, decision) in enumerate([(200, FLUSH, "continue"), (300, WEAK, "fold"),
                                                (100, FLUSH, None), (200, WEAK, None)]):
        j = s.post(f"/semdescarte/tables/{tid}/antes",
                   {"ante_cents": ante, "idempotency_key": f"ante-{n}"}, ana_h, 201)["jogada_id"]
        s.post(f"/semdescarte/tables/{tid}/deal", {"forced_deck": sd_deck([hand], BANK_AK)}, ana_h)
        s.clock.advance(5)
        if decision:
            s.post(f"/semdescarte/tables/{tid}/decisions",
                   {"jogada_id": j, "decision": decision}, ana_h)
        elif n == 2:
            s.post(f"/semdescarte/tables/{tid}/interruptions",
                   {"kind": "system_fault", "reason": "dealer_server_down"})
        jogadas.append(j)
        s.clock.advance(30)
    return {"table": table, "won": jogadas[0], "folded": jogadas[1], "faulted": jogadas[2],
            "in_play": jogadas[3]}


def semdescarte_multi(s: Story, players: list[str]) -> dict[str, Any]:
    """Three players with the jackpot side bet for two (Portaria r3, r8), a forced deck: four
    nines and a full house win jackpot prizes (r9), three threes lose to the bank's pair."""
    table = s.post("/semdescarte/tables", {"name": "Mesa jackpot", "config": {
        "kind": "multi", "seats": 3, "min_ante_cents": 100, "max_ante_cents": 2_500,
        "decision_seconds": 30, "extra_seconds": 10, "betting_seconds": 15,
        "jackpot": {"stake_cents": 100, "contribution_bp": 7_000,
                    "starting_value_cents": 1_000_000}}}, status=201)
    tid = table["table_id"]
    for seat, (player, (ante, jackpot)) in enumerate(zip(players, [(100, 100), (200, 100),
                                                                    (250, None)]), 1):
        s.session(player, table, table["game"])
        s.post(f"/semdescarte/tables/{tid}/seats", {"seat": seat}, s.keys[player], 201)
        body = {"ante_cents": ante, "idempotency_key": f"ante-{seat}",
                **({"jackpot_bet_cents": jackpot} if jackpot else {})}
        jogada = s.post(f"/semdescarte/tables/{tid}/antes", body, s.keys[player], 201)
    s.clock.advance(16)  # rule 14: the betting period is over
    s.post(f"/semdescarte/tables/{tid}/deal",
           {"forced_deck": sd_deck([FOUR_NINES, FULL_HOUSE, THREES], BANK_PAIR)})
    for player in players:
        s.post(f"/semdescarte/tables/{tid}/decisions",
               {"jogada_id": jogada["jogada_id"], "decision": "continue"}, s.keys[player])
    s.clock.advance(30)
    for player in players:
        s.post(f"/semdescarte/tables/{tid}/seats/leave", {}, s.keys[player])
    return {"table": table, "jogada": jogada["jogada_id"]}


def bingo_room(s: Story, players: list[str]) -> dict[str, Any]:
    room = s.post("/bingo/rooms", {"name": "Sala Atlântico", "config": {
        "variant": "90", "card_price_cents": 150, "max_cards": 6, "pool_bp": 8_500,
        "prizes": {"line": 1_500, "two_lines": 2_500, "bingo": 6_000}, "sale_seconds": 30,
        "draw_interval_ms": 1_500, "prize_pause_ms": 4_000, "min_players": 3,
        "jackpot": {"deduction_bp": 300, "base_cents": 5_000, "max_balls": 3}}}, status=201)
    for player in players:
        s.session(player, room, "bingo")
        s.post(f"/bingo/rooms/{room['room_id']}/players", {}, s.keys[player], 201)
    return room


def bingo_jogada(s: Story, room: dict[str, Any], buyers: dict[str, int], tag: str) -> str:
    """The operator opens the sale, each buyer buys its cards, the room's clock (ticked at the
    manual clock) closes the sale and draws to the bingo (or cancels it, rule 6)."""
    rid = room["room_id"]
    jogada = s.post(f"/bingo/rooms/{rid}/jogadas", {}, status=201)["jogada_id"]
    for player, count in buyers.items():
        s.post(f"/bingo/rooms/{rid}/cards", {"count": count, "idempotency_key": f"{tag}-{player}"},
               s.keys[player], 201)
    for _ in range(300):
        state = s.get(f"/bingo/rooms/{rid}")["open_jogada"]
        if state is None:
            return jogada
        due = datetime.fromisoformat(state["next_draw_at"] or state["sales_close_at"])
        wait = (due - s.clock.now()).total_seconds()
        if wait > 0:
            s.clock.advance(wait)
        s.post(f"/bingo/rooms/{rid}/tick")
    raise AssertionError("the bingo jogada did not end")


def poker_table(s: Story, game: str, players: list[str], structure: str) -> dict[str, Any]:
    table = s.post(f"/{game}/tables", {"name": f"Mesa {game}", "config": {
        "seats": 6, "structure": structure, "small_blind_cents": 50, "big_blind_cents": 100,
        "buy_in_cents": 10_000, "commission": {"mode": "pot", "percent_bp": 500,
                                               "cap_cents": 300},
        "decision_seconds": 20}}, status=201)
    for seat, player in enumerate(players, 1):
        s.session(player, table, game)
        s.post(f"/{game}/tables/{table['table_id']}/seats",
               {"seat": seat, "idempotency_key": f"sit-{game}-{seat}"}, s.keys[player], 201)
    return table


def poker_jogada(s: Story, game: str, table: dict[str, Any], players: list[str],
                 hands: dict[int, list[str]], board: list[str]) -> str:
    """Button at seat 1: the cards go to seats 2, 3, 1 (rules 48–50); everyone calls or checks
    to the showdown."""
    tid = table["table_id"]
    hole = len(hands[1])
    deck = [hands[seat][k] for k in range(hole) for seat in (2, 3, 1)] + board
    s.post(f"/{game}/tables/{tid}/jogadas", {"forced_deck": deck, "button_seat": 1}, status=201)
    started = s.get(f"/{game}/tables/{tid}")["jogada"]["jogada_id"]
    while True:
        jogada = s.get(f"/{game}/tables/{tid}")["jogada"]
        if jogada is None or jogada["to_act"] is None:
            return started
        who = players[int(jogada["to_act"]) - 1]
        options = s.get(f"/{game}/tables/{tid}", s.keys[who])["your_options"]
        s.post(f"/{game}/tables/{tid}/actions", {"jogada_id": jogada["jogada_id"],
               "action": "call" if options["call"] else "check"}, s.keys[who])
        s.clock.advance(2)


def poker(s: Story, players: list[str]) -> dict[str, Any]:
    holdem = poker_table(s, "holdem", players, "no_limit")
    he = poker_jogada(s, "holdem", holdem, players,
                      {2: ["As", "Ks"], 3: ["2c", "7d"], 1: ["9h", "9d"]},
                      ["Ah", "Kd", "4c", "8s", "3h"])
    s.clock.advance(10)
    tid = holdem["table_id"]
    s.post(f"/holdem/tables/{tid}/jogadas", {}, status=201)
    voided = s.get(f"/holdem/tables/{tid}")["jogada"]["jogada_id"]
    s.post(f"/holdem/tables/{tid}/interruptions", {"reason": "system_fault"})
    omaha = poker_table(s, "omaha", players, "pot_limit")
    om = poker_jogada(s, "omaha", omaha, players,
                      {2: ["Qh", "Qs", "Qd", "3c"], 3: ["9d", "9s", "5c", "6d"],
                       1: ["Jc", "Tc", "4d", "4s"]}, ["Ah", "Kh", "7h", "2h", "9c"])
    for game, table in (("holdem", holdem), ("omaha", omaha)):
        for player in players:
            s.post(f"/{game}/tables/{table['table_id']}/seats/leave", {}, s.keys[player])
    return {"holdem": holdem, "omaha": omaha, "holdem_jogada": he, "holdem_voided": voided,
            "omaha_jogada": om}


def complaint(s: Story, handler, player: str, opened: dict[str, Any],
              compensation: dict[str, Any], tag: str) -> str:
    """A case from intake to closing, its compensation paid through the ledger (issue 16)."""
    case = s.post("/complaints", {"player_id": player, "channel": "operator",
                                  "idempotency_key": tag, "subject": "Reclamação", **opened},
                  handler, 201)["case_id"]
    s.post(f"/complaints/{case}/acknowledge", {}, handler)
    s.post(f"/complaints/{case}/decision", {"outcome": "upheld", "reasons": "Com razão.",
                                            "compensation": compensation}, handler)
    s.post(f"/complaints/{case}/decision/approve", {}, handler)
    s.post(f"/complaints/{case}/compensation", {"idempotency_key": f"pay-{tag}"}, handler, 201)
    s.post(f"/complaints/{case}/resolve", {}, handler)
    s.post(f"/complaints/{case}/close", {}, handler)
    return case


def first_part(client, clock) -> dict[str, Any]:
    s = Story(client, clock)
    made = s.post("/staff", {"role": "complaint_handler", "display_name": "Inês"}, status=201)
    handler = bearer(made["api_key"])
    s.post("/staff", {"role": "auditor", "display_name": "Auditora"}, status=201)
    ana, bia, rui, eva, ze = (s.player(n, d) for n, d in (("Ana", 100_000), ("Bia", 100_000),
                                                          ("Rui", 100_000), ("Eva", 100_000),
                                                          ("Zé", 20_000)))
    s.post(f"/players/{ana}/withdrawals", {"amount_cents": 5_000, "idempotency_key": "w-ana"},
           s.keys[ana], 201)
    withdrawal = s.post(f"/players/{ze}/withdrawals",
                        {"amount_cents": 5_000, "idempotency_key": "w-ze"}, s.keys[ze], 201)
    refused = s.client.post(f"/players/{ze}/withdrawals", headers=s.keys[ze],
                            json={"amount_cents": 1_000_000, "idempotency_key": "w-ze-2"})
    assert refused.status_code == 409, refused.text  # never below zero (903-B 5.2.2(3))
    typo = s.post(f"/players/{eva}/deposits", {"amount_cents": 10_000,
                                               "idempotency_key": "typo"}, status=201)
    s.post(f"/transfers/{typo['transfer_id']}/corrections",
           {"reason": "operator typed 10000 for 1000"}, status=201)
    individual = semdescarte_individual(s, ana)
    multi = semdescarte_multi(s, [bia, rui, eva])
    room = bingo_room(s, [ana, bia, rui])
    first_bingo = bingo_jogada(s, room, {ana: 2, bia: 1, rui: 3}, "b1")
    poker_played = poker(s, [ana, bia, rui])
    cases = [
        complaint(s, handler, ana, {"case_type": "jogada", "description": "A mesa parou.",
                                    "jogada_ids": [individual["in_play"]]},
                  {"kind": "game_refund", "jogada_id": individual["in_play"]}, "c-ana"),
        complaint(s, handler, ze, {"case_type": "payment", "description": "Não recebi.",
                                   "transfer_ids": [withdrawal["transfer_id"]]},
                  {"kind": "correction", "transfer_id": withdrawal["transfer_id"]}, "c-ze"),
        complaint(s, handler, bia, {"case_type": "jogada", "description": "Atraso.",
                                    "jogada_ids": [multi["jogada"]]},
                  {"kind": "payment", "amount_cents": 500}, "c-bia"),
    ]
    s.end_sessions()
    return {"players": {"ana": ana, "bia": bia, "rui": rui, "eva": eva, "ze": ze},
            "semdescarte_individual": individual, "semdescarte_multi": multi, "room": room,
            "bingo": [first_bingo], **poker_played, "complaints": cases}


def second_part(client, clock, played: dict[str, Any]) -> dict[str, Any]:
    """After a restart and the first checkpoint, out of certification mode (the production
    path: the RNG deals): new keys for three players, a deposit, a jogada at the individual
    table (the table loaded back from its events), two more bingo jogadas in the room (one
    cancelled for want of buyers, rule 6)."""
    s = Story(client, clock)
    p = played["players"]
    ana, bia, rui = p["ana"], p["bia"], p["rui"]
    for pid in (ana, bia, rui):
        listed = s.post(f"/players/{pid}/api-key", {}, status=201)
        s.keys[pid] = bearer(listed["api_key"])
    s.post(f"/players/{rui}/deposits", {"amount_cents": 3_000, "idempotency_key": "dep-rui-2"},
           status=201)
    table = played["semdescarte_individual"]["table"]
    tid = table["table_id"]
    s.session(ana, table, table["game"])
    s.post(f"/semdescarte/tables/{tid}/seats", {}, s.keys[ana], 201)
    again = s.post(f"/semdescarte/tables/{tid}/antes",
                   {"ante_cents": 500, "idempotency_key": "ante-again"}, s.keys[ana], 201)
    s.post(f"/semdescarte/tables/{tid}/deal", {}, s.keys[ana])  # the shoe: no forced deck
    s.post(f"/semdescarte/tables/{tid}/decisions",
           {"jogada_id": again["jogada_id"], "decision": "continue"}, s.keys[ana])
    s.post(f"/semdescarte/tables/{tid}/seats/leave", {}, s.keys[ana])
    room = played["room"]
    for pid in (ana, bia, rui):
        s.session(pid, room, "bingo")
        s.post(f"/bingo/rooms/{room['room_id']}/players", {}, s.keys[pid], 201)
    second = bingo_jogada(s, room, {ana: 1, bia: 2, rui: 2}, "b2")
    cancelled = bingo_jogada(s, room, {ana: 1}, "b3")
    s.end_sessions()
    return {"semdescarte_again": again["jogada_id"], "bingo": [*played["bingo"], second],
            "bingo_cancelled": cancelled}
