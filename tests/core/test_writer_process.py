"""The writer process protocol (infra/writer/server.py, writer_client.py, wire.py): commands
cross a Unix socket as data (command values, never functions), results and domain errors come
back intact, groups stay groups."""

from __future__ import annotations

import asyncio
import os
import threading
from functools import partial
import pickle

import pytest

from domain.access import registration
from domain.kernel.command import Command, command
from domain.core_commands import RegisterPlayer
from domain.kernel.actors import staff_actor
from domain.kernel.errors import IdempotencyConflictError, InsufficientFundsError
from infra.container import Ledger, unwrap
from infra.writer.wire import RefusedFrameError, WriterUnavailableError
from infra.writer.client import RemoteWriter
from infra.writer.server import serve_writer

OPERATOR = staff_actor("00000000-0000-0000-0000-000000000001")


def start_writer(ledger, path) -> tuple[threading.Event, threading.Thread]:
    stop = threading.Event()
    server = threading.Thread(target=serve_writer, args=(ledger, path, stop), daemon=True)
    server.start()
    return stop, server


def connected_client(path, codec) -> tuple[RemoteWriter, asyncio.AbstractEventLoop]:
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()
    client = RemoteWriter(path, codec)
    asyncio.run_coroutine_threadsafe(client.connect(), loop).result(10)
    return client, loop


@pytest.fixture
def remote(ledger, tmp_path):
    path = os.path.join(tmp_path, "writer.sock")
    stop, server = start_writer(ledger, path)
    client, loop = connected_client(path, ledger.codec)
    yield client, stop, server
    stop.set()
    loop.call_soon_threadsafe(client.stop)
    server.join(5)
    loop.call_soon_threadsafe(loop.stop)


def register(client) -> object:
    return client.execute(RegisterPlayer(display_name="Ana", api_key_sha256="0" * 64,
                                         actor=OPERATOR))


def cash(operation, player_id, amount, key):
    return Ledger.cash_command(operation=operation, player_id=player_id, amount_cents=amount,
                               idempotency_key=key, payment_method="card", actor=OPERATOR)


def test_commands_and_results_cross_the_socket(remote, ledger):
    client, _, _ = remote
    player_id = register(client)
    result = unwrap(client.execute(cash("deposit", player_id, 1_000, "d1")))
    assert result["available_cents"] == 1_000
    assert client.last_position == ledger.writer.last_position > 0
    again = unwrap(client.execute(cash("deposit", player_id, 1_000, "d1")))
    assert again == result  # idempotent across the process boundary too


def test_domain_errors_keep_their_field_and_rule(remote):
    client, _, _ = remote
    player_id = register(client)
    with pytest.raises(InsufficientFundsError) as refused:
        unwrap(client.execute(cash("withdrawal", player_id, 1, "w1")))
    assert refused.value.rule == "903-B 5.2.2(3)" and refused.value.field == "amount_cents"
    client.execute(cash("deposit", player_id, 500, "k"))
    with pytest.raises(IdempotencyConflictError) as reused:
        client.execute(cash("deposit", player_id, 501, "k"))
    assert reused.value.field == "idempotency_key"


def test_concurrent_commands_share_transactions(remote, ledger):
    client, _, _ = remote
    player_id = register(client)
    before = dict(ledger.writer.stats)
    futures = client.submit_many([cash("deposit", player_id, 1, f"k{i}") for i in range(200)])
    assert all(unwrap(f.result(10))["amount_cents"] == 1 for f in futures)
    batches = ledger.writer.stats["batches"] - before["batches"]
    assert batches < 200  # grouped: fewer transactions than commands


def test_a_command_that_cannot_be_sent_fails_alone(remote):
    client, _, _ = remote
    with pytest.raises(WriterUnavailableError):
        client.execute(lambda uow: None)  # a lambda cannot be pickled: refused, not sent
    assert register(client) is not None  # the connection still works


def test_pending_commands_fail_clearly_when_the_writer_goes_away(remote):
    client, stop, server = remote
    stop.set()
    server.join(5)
    with pytest.raises((WriterUnavailableError, OSError)):
        register(client)


def test_an_unpicklable_command_fails_alone_in_its_frame(remote):
    client, _, _ = remote
    loop = client._loop

    async def together():  # one loop turn: the same frame
        good = [client.submit_async(RegisterPlayer(display_name=f"P{i}",
                                                   api_key_sha256=f"{i}" * 64, actor=OPERATOR))
                for i in range(3)]
        bad = client.submit_async(lambda uow: None)
        return await asyncio.gather(*good, bad, return_exceptions=True)

    *good, bad = asyncio.run_coroutine_threadsafe(together(), loop).result(10)
    assert isinstance(bad, WriterUnavailableError)
    assert all(not isinstance(result, BaseException) for result in good)


@command("register_and_answer_a_lock")
class RegisterAndAnswerALock(Command):
    display_name: str
    api_key_sha256: str
    actor: str


def _registers_and_answers_a_lock(uow, cmd):
    registration.register_player(uow, **cmd.values())
    return threading.Lock()  # committed, but the answer cannot cross the socket


def test_a_reply_that_cannot_be_sent_fails_alone_and_its_neighbours_are_answered(remote, ledger):
    client, _, _ = remote
    ledger.writer.handlers[RegisterAndAnswerALock] = _registers_and_answers_a_lock
    ledger.codec.allowed[(RegisterAndAnswerALock.__module__,
                          RegisterAndAnswerALock.__qualname__)] = RegisterAndAnswerALock

    async def together():  # one frame, one group, one commit, one reply frame
        good = [client.submit_async(RegisterPlayer(display_name=f"G{i}",
                                                   api_key_sha256=f"{i}" * 64, actor=OPERATOR))
                for i in range(3)]
        odd = client.submit_async(RegisterAndAnswerALock(display_name="Odd",
                                                         api_key_sha256="9" * 64, actor=OPERATOR))
        return await asyncio.gather(*good, odd, return_exceptions=True)

    *good, odd = asyncio.run_coroutine_threadsafe(together(), client._loop).result(10)
    assert isinstance(odd, WriterUnavailableError) and "unsendable reply" in str(odd)
    assert all(not isinstance(player_id, BaseException) for player_id in good)
    assert client.last_position == ledger.writer.last_position


def test_a_burst_while_the_writer_restarts_opens_one_connection(ledger, tmp_path):
    path = os.path.join(tmp_path, "writer.sock")
    stop, server = start_writer(ledger, path)
    client, loop = connected_client(path, ledger.codec)
    stop.set()
    server.join(5)
    for _ in range(100):  # the client learns that its writer is gone
        if not client._connected():
            break
        threading.Event().wait(0.02)
    stop, server = start_writer(ledger, path)  # the writer is back
    while not os.path.exists(path):
        threading.Event().wait(0.02)
    opened = []
    create = loop.create_unix_connection

    async def counting(*args, **kwargs):  # connections made (an attempt between the new
        connection = await create(*args, **kwargs)  # writer's bind and listen is refused)
        opened.append(connection)
        return connection

    loop.create_unix_connection = counting
    try:
        futures = [client.submit(RegisterPlayer(display_name=f"B{i}",
                                                api_key_sha256=f"{i % 10}" * 64, actor=OPERATOR))
                   for i in range(30)]
        assert all(f.result(10) is not None for f in futures)
        assert len(opened) == 1
    finally:
        stop.set()
        loop.call_soon_threadsafe(client.stop)
        server.join(5)
        loop.call_soon_threadsafe(loop.stop)


def test_the_socket_carries_data_only_a_function_is_refused_as_it_is_read(remote, ledger):
    """A frame naming anything but a known command type or a plain value (a function, a
    functools.partial) is refused by the writer's codec before anything runs."""
    frame = ledger.codec.encode([(1, "x", partial(registration.register_player,
                                                  display_name="Eve", api_key_sha256="e" * 64,
                                                  actor=OPERATOR))])
    with pytest.raises(RefusedFrameError):
        ledger.codec.decode(frame[4:])
    with pytest.raises(RefusedFrameError):
        ledger.codec.decode(pickle.dumps([(1, "x", os.system)]))
    command = RegisterPlayer(display_name="Ana", api_key_sha256="a" * 64, actor=OPERATOR)
    assert ledger.codec.decode(ledger.codec.encode([command])[4:]) == [command]
