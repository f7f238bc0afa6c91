"""The writer process dies under a running server: money commands answer 503
``writer_unavailable`` (nothing half-written), the server restarts the writer, and retrying with
the same idempotency keys moves each amount exactly once."""

from __future__ import annotations

import os
import signal
import time

from tests.process.conftest import Api, cmdline, descendants


def writer_pids(srv) -> list[int]:
    return [pid for pid in descendants(srv.pid) if "writer run" in cmdline(pid)]


def test_writer_process_killed_commands_fail_clearly_then_recover(server):
    srv = server()
    with srv.client() as client:
        api = Api(client)
        player_id = api.player()
        assert api.move("deposit", player_id, 100, "before").status_code == 201
        [writer] = writer_pids(srv)
        os.kill(writer, signal.SIGKILL)

        refused: list[str] = []
        deadline = time.monotonic() + 60
        attempt = 0
        while True:  # until the supervisor has a new writer up
            attempt += 1
            key = f"during-{attempt}"
            answer = api.move("deposit", player_id, 100, key)
            if answer.status_code == 201:
                break
            assert answer.status_code == 503, answer.text
            assert answer.json()["error"]["code"] == "writer_unavailable"
            refused.append(key)
            assert time.monotonic() < deadline, srv.log_tail()
            time.sleep(0.2)
        assert refused, "the writer came back before any command noticed it was gone"
        assert writer_pids(srv) and writer_pids(srv) != [writer]

        for key in refused:  # the client's duty after a 503: repeat with the same key
            assert api.move("deposit", player_id, 100, key).status_code == 201
        for key in refused:  # and again: no double movement
            assert api.move("deposit", player_id, 100, key).status_code == 201
        srv.wait_caught_up()
        expected = 100 * (2 + len(refused))  # "before", the first 201, every refused key once
        assert api.balance(player_id)["available_cents"] == expected
        assert api.audit()["total_cents"] == 0
    verify = srv.cli("verify")
    assert verify.returncode == 0, verify.stdout + verify.stderr
