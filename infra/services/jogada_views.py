"""The views every game has, built once on the Game seam (domain/kernel/game.py): the recorded events
of one jogada read through the jogada index (903-B 6.3.4(2)) and the game they belong to, its
replay with the state after each event, its re-adjudication, its hand history (where its game
has one), a player's last ended jogadas of a game (each game's rule on it, e.g. a rule 37 or
50), and an account's balance as the balances projection has it. An auditor never needs to
know which game a jogada belongs to."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import islice
from typing import Any, Protocol
from uuid import UUID

from eventsourcing.persistence import StoredEvent
from sqlalchemy import select

from domain.kernel import viewer
from domain.kernel.errors import ConflictError, NotFoundError
from domain.kernel.game import Game, topic_of
from domain.kernel.text import check_text, check_uuid
from infra.ports import Commands, ReadModels, Store
from infra.services.adjudication import opening_balances
from infra.store.notification_reader import notification_reader
from projections import queries
from projections.money import balances, from_db
from projections.tables import projection_tracking


class Uses(Store, ReadModels, Commands, Protocol):
    """What this module uses of the application (infra/ports.py)."""


def views_engine(ledger: "Uses", engine: Any = None) -> Any:
    """The projections' engine, once they caught up with this process's last write. The API
    passes its own (api/ledger_access.py ``fresh_engine``: a read that cannot catch up is a 503)."""
    if engine is not None:
        return engine
    if ledger.projections is None:
        raise NotFoundError("these views read the projections, which this ledger does not run",
                            field="projections")
    ledger.projections.wait(ledger.writer.last_position)
    return ledger.projections.engine


def jogada_index(ledger: "Uses", jogada_id: str, engine: Any = None, *,
                 game: Game | None = None, through: int | None = None) -> tuple[Game, list[int]]:
    """The game and the notification ids of one jogada's events, in order, from the jogada
    index (``through``: only those up to that notification id, the log as it was then).
    NotFoundError unless one of them is a game's own (``game``'s, when given)."""
    check_text(jogada_id, "jogada_id")  # 903-B 7.9.1: 422 naming the field, never a 500
    rows = queries.jogada_events(views_engine(ledger, engine), str(jogada_id))
    if through is not None:
        rows = [row for row in rows if row["notification_id"] <= through]
    owner = next((g for row in rows for g in [ledger.games.for_topic(row["topic"])]
                  if g is not None), None)
    if owner is None or (game is not None and owner is not game):
        what = "" if game is None else f"{game.title} "
        raise NotFoundError(f"no {what}jogada {jogada_id}", field="jogada_id")
    return owner, [row["notification_id"] for row in rows]


def jogada_events(ledger: "Uses", jogada_id: str, engine: Any = None, *,
                  game: Game | None = None, through: int | None = None
                  ) -> tuple[Game, list[tuple[int, Any]]]:
    """The game and the (notification id, domain event) of one jogada, in notification order,
    read from the store in one statement, not one per event. NotFoundError, ``through`` as
    ``jogada_index``."""

    owner, ids = jogada_index(ledger, jogada_id, engine, game=game, through=through)
    reader = notification_reader(ledger.app.recorder)
    stored = {row[0]: row for row in reader.rows(ids)}
    missing = [n for n in ids if n not in stored]
    if missing:
        raise ConflictError(f"events {missing[:5]} of jogada {jogada_id} are not in the store"
                            " (run `ledger verify`)", field="jogada_id")
    to_domain_event = ledger.app.mapper.to_domain_event
    return owner, [(n, to_domain_event(StoredEvent(
        originator_id=reader.originator_id(originator), originator_version=version, topic=topic,
        state=bytes(state)))) for n, originator, version, topic, state in map(stored.get, ids)]


def replay(ledger: "Uses", jogada_id: str, engine: Any = None, *,
           game: Game | None = None) -> dict[str, Any]:
    """Every event of the jogada with the state after it, and the game's checks (the RNG
    re-derived from the revealed seed, the prizes found again): 903-B 6.3.4(2)."""
    owner, events = jogada_events(ledger, jogada_id, engine, game=game)
    return owner.replay(events)


def adjudicate(ledger: "Uses", jogada_id: str, engine: Any = None) -> dict[str, Any]:
    """From the jogada's recorded events alone, the settlement recomputed by its game's rules
    and compared with the money that was moved."""
    owner, events = jogada_events(ledger, jogada_id, engine)
    return _adjudication(ledger, owner, events)


def _adjudication(ledger: "Uses", owner: Game, events: list[tuple[int, Any]]) -> dict[str, Any]:
    return {"game": owner.name} | owner.adjudicate(events, opening_balances(ledger, events))


def steps(ledger: "Uses", jogada_id: str, engine: Any = None) -> dict[str, Any]:
    """What the replay viewer draws (903-B 6.3.4(2); GLI-19 §4.14 game recall): an ended
    jogada of any game step by step in the vocabulary of domain/kernel/viewer.py (through its
    ``Game.viewer_steps``, or each event as text), each marked ``play`` or ``bookkeeping``,
    the players the steps name by label, each with its display name (for staff: the route's
    roles), the money its account events moved, the RNG check and the other checks of its
    replay, and its re-adjudication."""
    engine = views_engine(ledger, engine)
    owner, events = jogada_events(ledger, jogada_id, engine)
    shown = steps_of(ledger, owner, events, require_ended(owner.replay(events)), jogada_id)
    return shown | {"players": named(engine, shown["players"])}


def named(engine: Any, players: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each player (``player_id``) with its ``display_name`` from the principals read model
    (None if it has none): for staff only; what a player may be shown names no other player
    (issue 24)."""
    names = queries.display_names(engine, [p["player_id"] for p in players])
    return [p | {"display_name": names.get(str(p["player_id"]))} for p in players]


def steps_of(ledger: "Uses", owner: Game, events: list[tuple[int, Any]],
             replayed: dict[str, Any], jogada_id: str) -> dict[str, Any]:
    """``steps`` of events already read and replayed (an ended jogada's: ``require_ended``),
    its players by label only, without their names (an evidence pack holds its steps)."""
    shown = viewer.show(owner.viewer_steps, replayed, events,
                        lambda rule: ledger.games.rule_title(rule, owner))
    return {"jogada_id": replayed.get("jogada_id") or jogada_id, "game": owner.name,
            "title": owner.title, "steps": shown["steps"], "players": shown["players"],
            "money": shown["money"],
            "rng": replayed.get("rng"),
            "checks": {k: v for k, v in replayed.items() if k.endswith("_check")},
            "adjudication": _adjudication(ledger, owner, events)}


def hand_history(ledger: "Uses", jogada_id: str, engine: Any = None) -> str:
    """The hand history file of an ended jogada (``hand_history_file``)."""
    return hand_history_file(ledger, jogada_id, engine)[1]


def hand_history_file(ledger: "Uses", jogada_id: str,
                      engine: Any = None) -> tuple[Game, str]:
    """The game of an ended jogada and its hand history file (``Game.hand_history``; for
    community-card poker the PHH standard, TOML), with the name of its venue (read from the
    venue's stream). NotFoundError as ``jogada_index``; ConflictError for a game without hand
    histories and for what the game refuses (a jogada open or voided, a variant the standard
    lacks)."""
    owner, events = jogada_events(ledger, jogada_id, engine)
    if owner.hand_history is None:
        having = " and ".join(g.title for g in ledger.games if g.hand_history is not None)
        raise ConflictError(f"jogada {jogada_id} is of {owner.title}: the PHH standard is for"
                            f" {having or 'no game of this installation'}", field="jogada_id",
                            code="no_hand_history")
    venue_id = next(e.originator_id for _, e in events if owner.event_marker in topic_of(e))
    return owner, owner.hand_history(
        events, getattr(ledger.app.repository.get(venue_id), "name", None))


def last_jogadas(ledger: "Uses", game: Game, player_id: UUID | str, engine: Any = None,
                 count: int = 3) -> list[dict[str, Any]]:
    """The player's last ``count`` ended jogadas of ``game``, newest first, each as the
    player's part of its replay (each game's rule on it)."""
    pid = check_uuid(player_id, "player_id")
    engine = views_engine(ledger, engine)
    found = ended_jogadas(engine, pid, stake=lambda row: row["reason"] == game.stake_reason,
                          ended=game.ended_topics)
    return [game.player_jogada(replay(ledger, jogada_id, engine, game=game), pid)
            for jogada_id in islice(found, count)]


def account_balance(ledger: "Uses", code: str, engine: Any = None) -> dict[str, Any] | None:
    """An account's balance in the balances projection with the position it is current as of
    (one statement: the value and the position are of the same snapshot); None if unknown."""

    position = (select(projection_tracking.c.position)
                .where(projection_tracking.c.name == "balances").scalar_subquery())
    with views_engine(ledger, engine).connect() as conn:
        row = conn.execute(select(balances.c.balance_cents, balances.c.updated_at,
                                  balances.c.last_position, position.label("as_of"))
                           .where(balances.c.account_code == code)).first()
    if row is None:
        return None
    return {"balance_cents": int(row.balance_cents), "as_of_position": int(row.as_of or 0),
            "updated_at": from_db(row.updated_at), "last_change_position": int(row.last_position)}


def ended_jogadas(engine: Any, player_id: UUID, *, stake: Callable[[dict[str, Any]], bool],
                  ended: tuple[str, ...]) -> Iterator[str]:
    """The jogadas a player staked in, newest first, that have ended: found from its stakes
    in the account activity projection (``stake(row)`` picks a game's stake rows, whose refs
    name the jogada), kept if the jogada index holds an event whose topic ends with one of
    ``ended`` (a jogada still open has no result yet). Pages 200 rows at a time."""
    seen: set[str] = set()
    before = None
    while True:
        rows = queries.account_activity(engine, player_id, limit=200, before_id=before)
        for row in rows:
            jogada_id = (row["refs"] or {}).get("jogada_id")
            if not jogada_id or jogada_id in seen or not stake(row):
                continue
            seen.add(jogada_id)
            if any(e["topic"].endswith(ended) for e in queries.jogada_events(engine, jogada_id)):
                yield jogada_id
        if len(rows) < 200:
            return
        before = rows[-1]["notification_id"]


def require_ended(replayed: dict[str, Any]) -> dict[str, Any]:
    """A replay is shown once its jogada has ended: before that it holds what players may not
    see yet (hidden cards, the draw order)."""
    if not replayed["final"].get("ended"):
        raise ConflictError("the jogada is still open; its replay is available when it ends",
                            field="jogada_id", rule="903-B 6.7.5")
    return replayed


def jackpot_balance(ledger: "Uses", code: str, engine: Any, *, venue: Any,
                    missing: Exception) -> dict[str, Any]:
    """A venue's jackpot account as the balances projection has it (the game's rules on its
    jackpot). No such account: the venue's describe command first (404
    if there is no such venue), then ``missing`` (409: the venue has no jackpot)."""
    found = account_balance(ledger, code, engine)
    if found is None:
        ledger.run(venue)
        raise missing
    return found
