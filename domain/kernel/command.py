"""Commands as data: a command is a frozen value (a dataclass of plain values: text, numbers,
booleans, bytes, lists and dicts of them), dispatched by its type to its handler in the writer.

Why values and not functions: the vocabulary of what the ledger can be asked is visible in one
place (``ledger commands`` lists it; each game's ``Game.commands`` and
``domain/core_commands.py`` define it), every command can be logged and later recorded as it
was received, and the writer process's private socket carries data only (infra/writer/wire.py refuses
anything that is not a known command type or a plain value).

A handler is ``handler(uow, command) -> result``. Most of the domain's handlers are written as
``handler(uow, *, field=..., ...)``; ``fields_handler`` adapts them.

Context a command needs but a client must not choose is filled in by the ledger before the
command is sent (``Ledger.prepare``): a ``seed`` (903-B 6.7.4: drawn outside the command, so a
re-run of the command commits to the same one) and ``certification_mode`` (the installation's
setting, 903-B 6.7 certification).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar

C = TypeVar("C", bound=type)
Handler = Callable[[Any, Any], Any]  # (unit of work, command) -> result
Handlers = Mapping[type, Handler]

SEED = "seed"
CERTIFICATION_MODE = "certification_mode"
CONTEXT_FIELDS = (SEED, CERTIFICATION_MODE)


class Command:
    """Base of every command type (see ``command``)."""

    __slots__ = ()
    command_name: ClassVar[str] = "command"  # for logs and metrics: snake_case, e.g. "place_ante"
    read_only: ClassVar[bool] = False  # records nothing (a view); still runs in the writer
    _fields: ClassVar[tuple[str, ...]] = ()
    _context: ClassVar[tuple[str, ...]] = ()  # which of CONTEXT_FIELDS it has

    def values(self) -> dict[str, Any]:
        """The fields as keyword arguments (shallow: cheaper than ``dataclasses.asdict``)."""
        return {name: getattr(self, name) for name in self._fields}

    def __reduce__(self) -> tuple[Any, ...]:
        # A call of the class with the field values: the smallest pickle, and what the
        # writer's restricted unpickler (infra/writer/wire.py) allows for a known command type.
        return (type(self), tuple(getattr(self, name) for name in self._fields))


def command(name: str, *, read_only: bool = False) -> Callable[[C], C]:
    """Class decorator: ``@command("place_ante")`` over a class deriving from ``Command``
    makes it a frozen, slotted dataclass named ``name`` in logs and metrics."""

    def wrap(cls: C) -> C:
        if not issubclass(cls, Command):
            raise TypeError(f"{cls.__name__} must derive from domain.kernel.command.Command")
        made = dataclasses.dataclass(frozen=True, slots=True)(cls)
        made.command_name = name
        made.read_only = read_only
        made._fields = tuple(f.name for f in dataclasses.fields(made))
        made._context = tuple(f for f in CONTEXT_FIELDS if f in made._fields)
        return made

    return wrap


def fields_handler(function: Callable[..., Any]) -> Handler:
    """``function(uow, **fields)`` as a handler of a command with those fields."""

    def handle(uow: Any, cmd: Command) -> Any:
        return function(uow, **cmd.values())

    handle.__name__ = getattr(function, "__name__", "handle")
    handle.__qualname__ = f"fields_handler({handle.__name__})"
    return handle
