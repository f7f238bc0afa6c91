"""Each jogada of a bundle bound to its signed events (docs/audit.md "Offline"): the bundle's
``jogadas`` list is an unsigned index, so nothing in it is believed; every fact the checker
reports of a jogada is read from the proved events, and every field of the index that disagrees
with them is refused, naming it. Standard library only.

- Its id: a jogada id is ``<stream uuid>:<n>``; each event the index lists carries that id in
  its stored state (its own ``jogada_id``, or a money event's ``refs``), and every proved event
  that carries it is listed.
- Its completeness: its events of its own stream (the venue's: originator id = the stream uuid)
  are consecutive originator versions, every version between the first and the last present
  in the bundle (a version between them that is not the jogada's, e.g. a player joining the
  room, is exported as context), from an event that opens a jogada to one that ends it (its
  game's offline module: ``OPENING``, ``ENDING``; the RNG's ``RngRevealed`` may follow the
  ending event, and a ``RngCommitted`` without a later ``RngRevealed`` is a jogada that has not
  ended). Events of other streams (accounts, sessions) are proved one by one; that none is
  left out is what the game's own check (``games.check_jogada``) re-adjudicates.
- Its game: the game whose venue's topics the stream's events carry (each offline module's
  ``MARKERS``), not the index's ``game`` label.
- The export's hints ``stream``, ``first_version``, ``last_version`` are re-checked, never used.
"""

from __future__ import annotations

import uuid
from types import ModuleType
from typing import Any

from . import games as game_rules

RNG_COMMITTED, RNG_REVEALED = "RngCommitted", "RngRevealed"


def jogada_of(state: Any) -> str | None:
    """The jogada a stored state names: its ``jogada_id``, or a money event's refs' (as the
    ledger's jogada index reads it)."""
    if not isinstance(state, dict):
        return None
    named = state.get("jogada_id")
    if named is None and isinstance(state.get("refs"), dict):
        named = state["refs"].get("jogada_id")
    return None if named in (None, "") else str(named)


def game_of(topic: str, games: dict[str, ModuleType]) -> str | None:
    """The game whose venue's events a topic is (each module's ``MARKERS``: the game's
    ``Game.event_marker``, ``.<VenueClass>.``)."""
    return next((game for game, module in games.items() if module.MARKERS[game] in topic), None)


def _stream_of(jogada_id: str) -> str | None:
    stream, sep, number = jogada_id.rpartition(":")
    try:
        return str(uuid.UUID(stream)) if sep and number.isdigit() else None
    except ValueError:
        return None


def _said(event: dict[str, Any]) -> str:
    return f"event {event['notification_id']} ({event['name']})"


def by_jogada(proved: dict[int, dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The proved events by the jogada their stored state names, in log order."""
    found: dict[str, list[dict[str, Any]]] = {}
    for _, event in sorted(proved.items()):
        named = jogada_of(event["data"])
        if named is not None:
            found.setdefault(named, []).append(event)
    return found


def check_jogada(entry: Any, proved: dict[int, dict[str, Any]],
                 streams: dict[str, dict[int, dict[str, Any]]],
                 named: dict[str, list[dict[str, Any]]],
                 games: dict[str, ModuleType], told: dict[str, Any] | None = None) -> list[str]:
    """The problems of one entry of the bundle's ``jogadas``: ``proved`` the events whose
    inclusion was proved (notification id -> event, ``name`` and ``data`` (its stored state
    decoded) added), ``streams`` the same by originator id and version, ``named`` by the
    jogada they name (``by_jogada``). ``told``: ``notes`` (a list) receives what its game's
    rules say that is not a failure, ``readjudicated`` (a count) one more when they ran and
    found nothing."""
    if not isinstance(entry, dict):
        return [f"jogadas: {entry!r} is not a jogada"]
    jid, listed = str(entry.get("jogada_id")), entry.get("events")
    listed = [n for n in listed if isinstance(n, int)] if isinstance(listed, list) else []
    stream = _stream_of(jid)
    if stream is None:
        return [f"jogada {jid}: not a jogada id (<stream uuid>:<number>)"]
    problems = []
    missing = [n for n in listed if n not in proved]
    if missing:
        problems.append(f"jogada {jid}: events {missing} are missing or not proved")
    strangers: dict[str | None, list[int]] = {}
    for n in listed:
        if n in proved and jogada_of(proved[n]["data"]) != jid:
            strangers.setdefault(jogada_of(proved[n]["data"]), []).append(n)
    for stranger, ns in strangers.items():
        said = f"event {ns[0]} is" if len(ns) == 1 else f"events {ns} are"
        whose = "its" if len(ns) == 1 else "their"
        other = "no jogada" if stranger is None else f"jogada {stranger}"
        problems.append(f"jogada {jid}: {said} not the jogada's: {whose} stored state names"
                        f" {other}")
    events = named.get(jid, [])
    listed_set = set(listed)
    unlisted = [e["notification_id"] for e in events if e["notification_id"] not in listed_set]
    if unlisted:
        problems.append(f"jogada {jid}: events {unlisted} of the bundle are the jogada's (their"
                        " stored state names it) but its index leaves them out")
    own = sorted((e for e in events if e["originator_id"] == stream),
                 key=lambda e: e["originator_version"])
    if not own:
        return [*problems, f"jogada {jid}: no event of its stream {stream} (its id's) is in the"
                           " bundle"]
    first, last = own[0]["originator_version"], own[-1]["originator_version"]
    for key, value in (("stream", stream), ("first_version", first), ("last_version", last)):
        if key in entry and entry[key] != value:
            problems.append(f"jogada {jid}: its {key} field says {entry[key]!r}, its signed"
                            f" events {value!r}")
    present = streams.get(stream, {})
    gaps = [v for v in range(first, last + 1) if v not in present]
    if gaps:
        problems.append(f"jogada {jid}: versions {gaps[:10]} of its stream {stream} are missing"
                        f" between {_said(own[0])} and {_said(own[-1])}: events of the jogada"
                        " are left out")
    found = {g for e in own for g in [game_of(e["topic"], games)] if g is not None}
    if not found:
        return [*problems, f"jogada {jid}: no offline rules for game {entry.get('game')!r} in"
                           f" this checker (its events' topics: {own[0]['topic']})"]
    if len(found) > 1:
        return [*problems, f"jogada {jid}: its stream's events are of several games"
                           f" ({', '.join(sorted(found))})"]
    game = found.pop()
    if entry.get("game") != game:
        problems.append(f"jogada {jid}: its game field says {entry.get('game')!r}, its signed"
                        f" events are {game}'s ({own[0]['topic']})")
    problems += _opened_and_ended(jid, stream, own, games[game])
    jogada = {"jogada_id": jid, "game": game, "rng": None,
              "events": [{k: e[k] for k in ("notification_id", "originator_id",
                                            "originator_version", "topic", "name", "data")}
                         for e in events]}
    found = game_rules.check_jogada(jogada, games)
    if told is not None:
        told.setdefault("notes", []).extend(f"jogada {jid} ({game}): {note}"
                                            for note in jogada.get("notes", []))
        told["readjudicated"] = told.get("readjudicated", 0) + int(
            bool(jogada.get("readjudicated")) and not found)
    return problems + found


def _opened_and_ended(jid: str, stream: str, own: list[dict[str, Any]],
                      module: ModuleType) -> list[str]:
    problems = []
    opening, ending = module.OPENING, module.ENDING
    if own[0]["name"] not in opening:
        problems.append(f"jogada {jid}: its first event of stream {stream}, {_said(own[0])},"
                        f" does not open a jogada ({' or '.join(opening) or 'no OPENING'})")
    play = [e for e in own if e["name"] != RNG_REVEALED]
    if not play or play[-1]["name"] not in ending:
        at = play[-1] if play else own[-1]
        problems.append(f"jogada {jid} has not ended in the bundle: its last event of stream"
                        f" {stream} is {_said(at)}, not one that ends a jogada"
                        f" ({' or '.join(ending) or 'no ENDING'})")
    committed = [e for e in own if e["name"] == RNG_COMMITTED]
    if committed and not any(e["name"] == RNG_REVEALED and e["originator_version"]
                             > committed[-1]["originator_version"] for e in own):
        problems.append(f"jogada {jid} has not ended in the bundle: its RNG commitment,"
                        f" {_said(committed[-1])}, is not revealed (no RngRevealed after it)")
    return problems
