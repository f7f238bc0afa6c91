"""The codec of the writer process's private socket: data only.

Frames are ``4-byte big-endian length + pickle(list of messages)`` both ways (pickle of plain
values is the fastest codec the standard library has, in C both ways). What a frame may hold
is restricted when it is read: plain values (None, booleans, numbers, text, bytes, lists,
tuples, dicts, sets), UUIDs, dates and times, the command types the writer knows (a call of
the class with its field values: domain/kernel/command.py ``Command.__reduce__``), the inactivity
policy a session command may carry, and, in replies, the domain's errors and a recorded
refusal. Anything else — a function, a ``functools.partial``, any other class — is refused as
the frame is read, so nothing sent over the socket can run code of the sender's choosing.

A request is ``(request_id, name, command)``; a reply ``(request_id, ok, result_or_error,
last_position)``.
"""

from __future__ import annotations

import io
import pickle
import struct
from collections.abc import Iterable
from typing import Any

from domain.kernel.errors import DomainError

HEADER = struct.Struct(">I")


class WriterUnavailableError(RuntimeError):
    """Raised when the writer process cannot be reached or failed on a command."""


class RefusedFrameError(pickle.UnpicklingError):
    """A frame held something other than data (infra/writer/wire.py)."""


# (module, name) of what a frame may hold besides plain values.
_VALUES = {("uuid", "UUID"), ("uuid", "SafeUUID"), ("datetime", "datetime"), ("datetime", "date"),
           ("datetime", "timedelta"), ("datetime", "timezone"), ("builtins", "set"),
           ("builtins", "frozenset"), ("builtins", "bytearray"), ("domain.sessions.inactivity", "InactivityPolicy"),
           ("domain.kernel.errors", "_rebuild"),  # a DomainError's own reduce: cls(...) checked too
           ("domain.ledger.receipts", "Refusal"), ("infra.writer.wire", "WriterUnavailableError"),
           ("builtins", "RuntimeError")}


def allowed_classes(command_types: Iterable[type]) -> dict[tuple[str, str], type]:
    """What frames may name: the writer's command types and the domain's errors, by where
    they are defined."""
    allowed: dict[tuple[str, str], Any] = {}
    for cls in command_types:
        allowed[(cls.__module__, cls.__qualname__)] = cls
    errors, seen = [DomainError], set()
    while errors:
        error = errors.pop()
        if error not in seen:
            seen.add(error)
            allowed[(error.__module__, error.__qualname__)] = error
            errors.extend(error.__subclasses__())
    return allowed


class _Unpickler(pickle.Unpickler):
    def __init__(self, data: bytes | memoryview, allowed: dict[tuple[str, str], type]) -> None:
        super().__init__(io.BytesIO(data))
        self._allowed = allowed

    def find_class(self, module: str, name: str) -> Any:
        cls = self._allowed.get((module, name))
        if cls is not None:
            return cls
        if (module, name) in _VALUES:
            return super().find_class(module, name)
        raise RefusedFrameError(f"the writer's socket carries data only: {module}.{name} refused")


class Codec:
    """Encodes and decodes frames; ``allowed`` from ``allowed_classes``."""

    def __init__(self, allowed: dict[tuple[str, str], type]) -> None:
        self.allowed = allowed

    @staticmethod
    def encode(messages: list[Any]) -> bytes:
        payload = pickle.dumps(messages, protocol=pickle.HIGHEST_PROTOCOL)
        return HEADER.pack(len(payload)) + payload

    def decode(self, payload: bytes | memoryview) -> Any:
        return _Unpickler(payload, self.allowed).load()

    def encode_apart(self, messages: list[Any]) -> tuple[bytes, list[tuple[Any, Exception]]]:
        """``messages`` in one frame; if one of them does not encode, the others each in a
        frame of its own, and the ones that do not with their error: one bad message must not
        take its neighbours with it (a reply's neighbours are committed commands)."""
        try:
            return self.encode(messages), []
        except Exception:
            payload, refused = b"", []
            for message in messages:
                try:
                    payload += self.encode([message])
                except Exception as error:
                    refused.append((message, error))
            return payload, refused


def portable(error: BaseException) -> BaseException:
    """Domain errors travel as they are; anything else as a WriterUnavailableError."""
    if isinstance(error, DomainError):
        return error
    return WriterUnavailableError(f"{type(error).__name__}: {error}")
