"""SIGKILL of the whole ``ledger serve`` process group (server, projection worker, any other
child) between commands and in the middle of a burst of concurrent commands: after a restart on
the same database every acknowledged movement is there exactly once, a command that was in flight
is either wholly there or wholly absent (its retry under the same key settles it without moving
money twice), the accounts sum to zero, and ``ledger verify`` agrees."""

from __future__ import annotations

import random
import threading
from collections import Counter

from tests.process.conftest import Api, is_alive
from tests.process.support import (Book, Command, assert_no_surprises, check_books, in_parallel,
                                   verify_ok, without_request_id)

PLAYERS = 8
BURST_THREADS = 16
BURST_ACKS_BEFORE_KILL = 60


def test_sigkill_between_commands_loses_nothing(server):
    srv = server()
    rng = random.Random(20240521)
    book = Book()
    with srv.client() as client:
        api = Api(client)
        players = [api.player(f"P{n}") for n in range(PLAYERS)]

        # 1. one after the other: deposits, a withdrawal that fits, one that does not
        for n, player_id in enumerate(players):
            funded = 0
            for d in range(3):
                amount = rng.randint(1_000, 50_000)
                assert book.send(api, Command("deposit", player_id, amount,
                                              f"s-d{d}-{n}")).status == "acked"
                funded += amount
            fits = rng.randint(1, funded)
            assert book.send(api, Command("withdrawal", player_id, fits,
                                          f"s-w-{n}")).status == "acked"
            too_much = funded - fits + rng.randint(1, 10_000)
            assert book.send(api, Command("withdrawal", player_id, too_much,
                                          f"s-x-{n}")).status == "refused"

    # 2. concurrently: deposits and withdrawals on the same players from several threads; some
    #    withdrawals lose the race for the money and are refused
    plan = []
    for i in range(240):
        player_id = players[i % PLAYERS]
        if i % 3 == 2:
            plan.append(Command("withdrawal", player_id, rng.randint(1_000, 40_000), f"c-w{i}"))
        else:
            plan.append(Command("deposit", player_id, rng.randint(1, 20_000), f"c-d{i}"))
    # and the very same deposit (same key, same body) several times at once: it counts once
    twins = [Command("deposit", players[0], 777, "twin") for _ in range(6)]

    in_parallel(srv, lambda api, cmd: book.send(api, cmd), plan + twins)
    assert_no_surprises(book)
    assert all(c.status == "acked" for c in twins)
    assert len({c.transfer_id for c in twins}) == 1 and len({str(c.body) for c in twins}) == 1
    extra_twins = {id(c) for c in twins[1:]}
    book.commands = [c for c in book.commands if id(c) not in extra_twins]  # one, not six
    assert book.with_status("refused"), "some withdrawals should have been refused"

    # 3. power cut between commands, restart on the same database
    children = srv.children()
    assert children, "ledger serve runs its writer and projection worker as children"
    srv.kill()
    assert not [pid for pid in children if is_alive(pid)]
    srv.start()
    with srv.client() as client:
        api = Api(client)
        check_books(api, book, players)
        # repeating an acknowledged command answers the very first result and moves nothing
        # (a refusal is kept too: the same key answers the same refusal)
        def repeat(api: Api, cmd: Command) -> None:
            r = api.move(cmd.operation, cmd.player_id, cmd.amount, cmd.key)
            if cmd.status == "acked":
                assert (r.status_code, r.json()) == (201, cmd.body), r.text
            else:
                assert r.status_code == 409, r.text
                assert without_request_id(r.json()) == without_request_id(cmd.body)

        in_parallel(srv, repeat, book.with_status("acked", "refused"))
        check_books(api, book, players)

        # 4. fund everyone well, so that no withdrawal of the burst can be refused
        for n, player_id in enumerate(players):
            assert book.send(api, Command("deposit", player_id, 10_000_000,
                                          f"fund-{n}")).status == "acked"

    # 5. power cut in the middle of a burst of concurrent commands
    book.ack_target = book.acks + BURST_ACKS_BEFORE_KILL

    def burst(thread: int) -> None:
        local_rng = random.Random(thread)
        player_id = players[thread % PLAYERS]
        with srv.client() as client:
            api = Api(client)
            for n in range(300):  # far more than get sent before the kill
                operation = "deposit" if local_rng.random() < 0.6 else "withdrawal"
                cmd = Command(operation, player_id, local_rng.randint(1, 5_000),
                              f"b-{thread}-{n}")
                if book.send(api, cmd).status != "acked":
                    return

    threads = [threading.Thread(target=burst, args=(t,)) for t in range(BURST_THREADS)]
    for t in threads:
        t.start()
    reached = book.enough_acks.wait(60)
    srv.kill()
    for t in threads:
        t.join(60)
    assert reached, "the burst never got going"
    assert_no_surprises(book, unknown_allowed=True)
    assert not [c for c in book.with_status("refused") if c.key.startswith("b-")]
    in_flight = book.with_status("unknown")
    assert in_flight, "some commands should have been in flight at the kill"

    srv.start()
    with srv.client() as client:
        api = Api(client)
        # before any retry: the acknowledged movements, and each in-flight one wholly or not
        before = {p: api.balance(p)["available_cents"] for p in players}
        on_record = Counter(m["transfer_id"] for m in api.cash_movements() if not m["refused"])
        assert all(count == 1 for count in on_record.values())
        # retry each in-flight command with the same key and body: 201, the first result if it
        # had committed
        for cmd in in_flight:
            r = api.move(cmd.operation, cmd.player_id, cmd.amount, cmd.key)
            assert r.status_code == 201, r.text
            cmd.body, cmd.transfer_id = r.json(), r.json()["transfer_id"]
            assert (cmd.body["amount_cents"], cmd.body["operation"]) == (cmd.amount,
                                                                         cmd.operation)
        committed = [c for c in in_flight if c.transfer_id in on_record]
        assert before == book.expected(players, also=committed)
        assert set(on_record) == ({c.transfer_id for c in book.with_status("acked")}
                                  | {c.transfer_id for c in committed})
        # a second retry moves nothing more
        for cmd in in_flight[:5]:
            r = api.move(cmd.operation, cmd.player_id, cmd.amount, cmd.key)
            assert (r.status_code, r.json()) == (201, cmd.body)
        check_books(api, book, players, also=in_flight)
    verify_ok(srv)
