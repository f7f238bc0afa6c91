"""The sealer under ``ledger serve`` (issue 15): it runs in the projection worker, follows the
log while commands are served, signs checkpoints on its interval, and after a SIGKILL of the
whole service in the middle of a load it goes on from where its last committed page ended:
every event sealed once, the record verifies clean (903-B 1.5 "Log", rules-digest-2 §3.1)."""

from __future__ import annotations

import threading
import time

from infra.audit.verify_integrity import check_integrity
from infra.container import build_ledger
from infra.runtime.settings import Settings
from tests.process.conftest import OPERATOR, Api


def _sealed(client, head: int, timeout: float = 30.0) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        latest = client.get("/audit/checkpoints/latest", headers=OPERATOR)
        if latest.status_code == 200 and latest.json()["last_notification_id"] >= head:
            return latest.json()
        time.sleep(0.1)
    raise AssertionError(f"no checkpoint reached {head}")


def test_903b_1_5_the_worker_seals_and_signs_while_serving_and_after_a_sigkill(
        server, audit_key_file, database_url):
    env = {"LEDGER_AUDIT_KEY_FILE": audit_key_file, "LEDGER_AUDIT_CHECKPOINT_INTERVAL": "0.2"}
    srv = server(**env)
    with srv.client() as client:
        api = Api(client)
        player = api.player()
        for i in range(20):
            assert api.move("deposit", player, 100, f"d{i}").status_code == 201
        first = _sealed(client, srv.health()["event_position"])
        assert first["tree_size"] >= 20

        stop = threading.Event()

        def load() -> None:
            n = 0
            while not stop.is_set():
                n += 1
                try:
                    api.move("deposit", player, 1, f"load-{n}")
                except Exception:
                    return  # the server was killed under us
        worker = threading.Thread(target=load)
        worker.start()
        time.sleep(1.5)
        srv.kill()  # the whole service, sealer included, mid-load
        stop.set()
        worker.join(timeout=30)
    srv.start()
    with srv.client() as client:
        health = srv.wait_caught_up()
        latest = _sealed(client, health["event_position"])
        assert latest["sequence"] > first["sequence"]
        consistency = client.get(f"/audit/consistency?first={first['sequence']}&second="
                                 f"{latest['sequence']}", headers=OPERATOR).json()
        assert consistency["verified"] is True
    srv.kill()
    ledger = build_ledger(Settings(database_url=database_url, audit_key_file=audit_key_file),
                          start=False)
    try:
        report = check_integrity(ledger)
    finally:
        ledger.close()
    assert report["problems"] == [] and report["unsealed"] == 0
    assert report["head"] == health["event_position"] and report["events"] > 20
