"""How a rule is cited: the one writer of the ``rule`` an error, an event or an answer carries
(rules-digest §0: in API messages the long form, "<regulation's name> rule 31").

A source is a ``Source``: the digests' tag, lower-cased, without the seed number (the same tag
starts the names of the rule tests: docs/rules.md, ``./run rules``), and the name a citation
gives it. Each game declares its own sources in its package's ``rule_book.py``; the core has
two of its own:

| tag    | source                                          | cited as          |
|--------|-------------------------------------------------|-------------------|
| `903b` | technical requirements, Reg. 903-B/2015 [903-B] | 903-B 5.2.2(3)    |
| `a`    | an interpretation of the digests (§9, §4.2)     | A15               |
| a game's (``Source(tag, name)``)                 | | "<name> rule 19", "<name> rules 41a, 42" |

One number gives "rule N", several give "rules N, M"; a number may be a string with its alínea
("41a") or a note ("26 (A3)"), written as given.
"""

from __future__ import annotations

T903B = "903b"
A = "a"


class Source(str):
    """A game's source of rules: the tag itself (a ``str``: keys of the rule catalogues, the
    start of the rule tests' names), ``name``, how a citation names it, ``title``, how the
    rules report heads it, and ``digests``, its tags in the rules digests (../shared)."""

    name: str
    title: str
    digests: tuple[str, ...]

    def __new__(cls, tag: str, name: str, title: str = "",
                digests: tuple[str, ...] = ()) -> Source:
        source = super().__new__(cls, tag)
        source.name, source.title, source.digests = name, title or name, tuple(digests)
        return source

    def __reduce__(self) -> tuple:
        return (Source, (str(self), self.name, self.title, self.digests))


def cite(source: str, *numbers: int | str) -> str:
    """The citation of ``numbers`` of ``source``: ``cite(Source("x", "game x"), "41a", 42)`` is
    "game x rules 41a, 42", ``cite(T903B, "6.7.5")`` is "903-B 6.7.5", ``cite(A, 15)`` is
    "A15"."""
    if not numbers:
        raise ValueError("a citation names at least one rule")
    if source == T903B:
        return "903-B " + ", ".join(str(n) for n in numbers)
    if source == A:
        return ", ".join(f"A{n}" for n in numbers)
    if not isinstance(source, Source):
        raise ValueError(f"source must be {T903B!r}, {A!r} or a game's Source, not {source!r}")
    word = "rule" if len(numbers) == 1 else "rules"
    return f"{source.name} {word} " + ", ".join(str(n) for n in numbers)


def citing(source: str):
    """A game's citation helper as data: ``bj_rule = citing(BJ)`` in its pure rule book, so
    ``bj_rule("15c")`` is ``cite(BJ, "15c")``."""
    def cites(*numbers: int | str) -> str:
        return cite(source, *numbers)
    return cites
